"""The drag-and-drop controller against a fake host: pick up, snap, rotate, drop, glide back."""

from __future__ import annotations

import pygame

from catgames.core.rules import Reason
from catgames.ui.drag import DragController, DragHostBase, nearest_target

HOME = (50.0, 50.0)


class Host(DragHostBase):
    """One piece ``"p"`` resting at HOME; targets are (x // 100, rotation) for x in 100..499;
    the target with column 3 is occupied."""

    def __init__(self):
        self.applied, self.rejected, self.picked, self.drawn = [], [], [], []

    def piece_at(self, pos):
        return "p" if abs(pos[0] - HOME[0]) < 20 and abs(pos[1] - HOME[1]) < 20 else None

    def home_of(self, piece):
        return HOME

    def rotations(self, piece):
        return 4

    def legal_targets(self, piece, rotation):
        return [(c, rotation) for c in (1, 2, 4)]

    def snap(self, piece, rotation, pos):
        return (int(pos[0] // 100), rotation) if 100 <= pos[0] < 500 else None

    def check(self, piece, target):
        return Reason.of("occupied", col=target[0]) if target[0] == 3 else None

    def drop(self, piece, target):
        reason = self.check(piece, target)
        if reason is None:
            self.applied.append((piece, target))
        return reason

    def target_point(self, target):
        return (target[0] * 100 + 50, 300)

    def on_pick(self, piece):
        self.picked.append(piece)

    def on_reject(self, piece, reason):
        self.rejected.append(reason)

    def draw_piece(self, canvas, piece, rotation, center):
        self.drawn.append(("piece", rotation, center))

    def draw_ghost(self, canvas, piece, target, legal):
        self.drawn.append(("ghost", target, legal))

    def draw_hints(self, canvas, piece, targets):
        self.drawn.append(("hints", len(targets)))


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def setup():
    host = Host()
    return host, DragController(host)


def test_pick_up_highlights_legal_targets():
    host, drag = setup()
    assert drag.handle(down(HOME))
    assert drag.piece == "p" and drag.dragging and host.picked == ["p"]
    assert drag.legal == [(1, 0), (2, 0), (4, 0)]
    assert drag.is_lifted("p")


def test_press_elsewhere_is_not_used():
    host, drag = setup()
    assert not drag.handle(down((400, 400)))
    assert not drag.holding


def test_snap_follows_pointer_and_knows_legality():
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(move((250, 300)))
    assert drag.target == (2, 0) and drag.target_legal
    drag.handle(move((350, 300)))
    assert drag.target == (3, 0) and not drag.target_legal
    assert drag.target_reason.code == "occupied"
    drag.handle(move((700, 300)))
    assert drag.target is None


def test_rotate_with_key_right_click_and_wheel():
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(move((250, 300)))
    drag.handle(key(pygame.K_r))
    assert drag.rotation == 1 and drag.target == (2, 1) and drag.legal[0] == (1, 1)
    drag.handle(down((250, 300), button=3))
    assert drag.rotation == 2
    drag.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert drag.rotation == 1
    drag.handle(key(pygame.K_r, pygame.KMOD_SHIFT))
    drag.handle(key(pygame.K_r, pygame.KMOD_SHIFT))
    assert drag.rotation == 3


def test_legal_drop_applies_and_settles():
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(move((150, 300)))
    drag.handle(up((150, 300)))
    assert host.applied == [("p", (1, 0))] and not drag.holding
    assert len(drag.anims) == 1 and drag.anims[0].piece is None
    for _ in range(30):
        drag.update(1 / 60)
    assert drag.anims == []


def test_illegal_drop_glides_back_with_reason():
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(move((350, 300)))
    drag.handle(up((350, 300)))
    assert host.applied == [] and not drag.holding
    assert drag.reason.code == "occupied" and host.rejected == [drag.reason]
    glide = drag.anims[0]
    assert glide.piece == "p" and glide.start == (350, 300) and glide.end == HOME
    assert drag.is_lifted("p")  # still in the air while gliding
    for _ in range(30):
        drag.update(1 / 60)
    assert not drag.is_lifted("p")


def test_drop_off_board_glides_back_without_reason():
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(move((700, 300)))
    drag.handle(up((700, 300)))
    assert host.applied == [] and host.rejected == [] and drag.anims[0].end == HOME


def test_click_to_select_then_click_to_place():
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(up((HOME[0] + 2, HOME[1] + 1)))  # a click, not a drag
    assert drag.selected == "p" and not drag.is_lifted("p")
    drag.handle(move((450, 300)))
    assert drag.target == (4, 0) and drag.target_legal
    drag.handle(key(pygame.K_r))
    assert drag.handle(down((450, 300)))
    assert host.applied == [] and drag.holding  # it goes where the press is let go
    drag.handle(up((451, 301)))
    assert host.applied == [("p", (4, 1))] and not drag.holding


def test_a_selected_piece_goes_where_a_drag_begun_off_any_piece_ends():
    """Cathood's statue taken up by 7, then dragged from empty table onto the ticked tree."""
    host, drag = setup()
    drag.pick("p")
    drag.handle(down((50, 400)))  # nothing here, and no target under the press
    drag.handle(move((450, 300)))
    assert drag.handle(up((450, 300)))
    assert host.applied == [("p", (4, 0))] and not drag.holding


def test_a_selected_piece_goes_where_a_drag_begun_on_a_target_ends():
    """If It Fits: every square of the table is a target, so a drag starts on one."""
    host, drag = setup()
    drag.pick("p")
    drag.handle(down((150, 300)))
    drag.handle(move((450, 300)))
    drag.handle(up((450, 300)))
    assert host.applied == [("p", (4, 0))] and not drag.holding


def test_a_drag_ending_on_a_refused_target_says_why():
    host, drag = setup()
    drag.pick("p")
    drag.handle(down((50, 400)))
    drag.handle(move((350, 300)))
    drag.handle(up((350, 300)))
    assert host.applied == [] and [r.code for r in host.rejected] == ["occupied"]


def test_a_click_off_any_piece_places_nothing():
    host, drag = setup()
    drag.pick("p")
    drag.handle(down((50, 400)))
    drag.handle(up((51, 401)))
    assert host.applied == [] and drag.selected == "p"


def test_clicking_selected_piece_again_puts_it_down():
    host, drag = setup()
    for _ in range(2):
        drag.handle(down(HOME))
        drag.handle(up(HOME))
    assert not drag.holding and host.applied == []


def test_escape_cancels_and_keyboard_place():
    host, drag = setup()
    drag.pick("p")
    assert drag.selected == "p"
    assert drag.handle(key(pygame.K_ESCAPE))
    assert not drag.holding
    drag.pick("p")
    assert not drag.place((3, 0)) and drag.reason.code == "occupied"
    drag.pick("p")
    assert drag.place((2, 0)) and host.applied == [("p", (2, 0))]


def test_draw_order_hints_ghost_piece(app):
    host, drag = setup()
    drag.handle(down(HOME))
    drag.handle(move((350, 300)))
    drag.draw(app.canvas)
    assert [d[0] for d in host.drawn] == ["hints", "ghost", "piece"]
    assert host.drawn[1] == ("ghost", (3, 0), False)


def test_disabled_controller_ignores_input():
    host, drag = setup()
    drag.enabled = False
    assert not drag.handle(down(HOME))


def test_nearest_target():
    points = {"a": (0, 0), "b": (10, 0)}
    assert nearest_target(points, (7, 0), points.get, 5) == "b"
    assert nearest_target(points, (50, 0), points.get, 5) is None

"""Hover references: resting the pointer on a component of a table (or holding a press on it)
shows its name and rules text beside it after the delay, never while a piece is dragged, never
over the component; and the Woof / Cat Days card gallery lists every card with its count."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest
import yaml

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.table.layout import slot_rect as bed_slot
from catgames.games.boxes.table import panels as boxes_panels
from catgames.games.cathood.table import layout as cathood_layout
from catgames.games.days.table import view as days_view
from catgames.games.days.components import days_data
from catgames.games.days.table.gallery import GalleryScene
from catgames.games.days.table.words import rule_line
from catgames.games.kotatsu.table import layout as kotatsu_layout
from catgames.ui import i18n
from catgames.ui.reference import LONG_PRESS, REFERENCE_LAYER
from catgames.ui.registry import scene_class
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.widgets import TOOLTIP_DELAY
from tests.helpers import new_app
from tests.ui.gallery_walk import flat, walk
from tests.ui.helpers import IdleWorker

DT = 1 / 64
WAIT = int(max(TOOLTIP_DELAY, LONG_PRESS) / DT) + 2   #: frames past either delay
DAYS_DATA = Path(__file__).resolve().parents[2] / "data" / "days.yaml"
Point = tuple[float, float]


def motion(pos: Point, buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=buttons)


def table_of(game_id: str, options: dict | None = None, moves: int = 6, seed: int = 3) -> tuple[Any, Any]:
    """A table where a human (seat 0) plays a computer that never answers, after ``moves``
    seeded random moves (stopping on the human's turn)."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(game_id, 2, ["human", "ai:easy"], options or {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.state.legal_moves()))
    while match.state.to_move != 0 and not match.state.is_over():
        match.play(rng.choice(match.state.legal_moves()))
    scene = app.push(scene_class(game_id)(app, match))
    app.run_frames(1)
    return app, scene


def reference_marks(app: Any) -> list[Any]:
    """The lines of the frame drawn now that belong to the hover reference."""
    app.canvas.marks = []
    app.invalidate()
    app.step([], DT)
    marks, app.canvas.marks = app.canvas.marks, None
    return [m for m in marks if m.layer >= REFERENCE_LAYER]


def hover(app: Any, pos: Point) -> list[Any]:
    """Rest the pointer on ``pos`` past the delay; the reference's lines."""
    app.step([motion(pos)], DT)
    for _ in range(WAIT):
        app.step([], DT)
    return reference_marks(app)


def text_of(marks: list[Any]) -> str:
    return re.sub(r"\s+", " ", " ".join(m.text for m in marks))


# -- where each kind of component is, per game ---------------------------------------------------
def _bed_tile_on_bed(scene: Any) -> Point:
    seat, digit, mask = scene.bed.tiles[0]
    return scene.geo.centre(*scene.bed.data.grid.cells(mask)[0])


def _bed_free_cell(scene: Any, mask: int) -> Point:
    bed = scene.bed
    free = bed.data.grid.cells(mask & ~bed.occupied)
    return scene.geo.centre(*free[0])


def _bed_plain_cell(scene: Any) -> Point:
    bed = scene.bed
    side = bed.data.sides[bed.side]
    marked = side.pillow_mask | bed.occupied
    for mask in side.toys.values():
        marked |= mask
    cells = [(r, c) for r in range(bed.data.grid.rows) for c in range(bed.data.grid.cols)
             if not bed.data.grid.bit(r, c) & marked]
    return scene.geo.centre(*cells[len(cells) // 2])


def _days_spot(scene: Any, filled: bool) -> Point:
    view = scene.facts.view
    spot = next((s, d) for s in range(2) for d in range(7) if bool(view.weeks[s][d]) == filled)
    return scene.layout.card_rect(*spot).center


def _kotatsu_edge_card(scene: Any) -> Point:
    view = scene.seen.view
    k, seat = next((k, s) for k in range(len(view.edges)) for s in range(2) if view.edges[k][s])
    return kotatsu_layout.card_slots(k, scene.seen.side(seat))[0].center


def _boxes_table_card(scene: Any) -> Point:
    state = scene.seen
    slot = next(s for s in state.layout.cards if not any(
        s in (upper, upper + state.geo.cols) for upper in state.layout.cats))
    return scene.camera.slot_rect(*state.geo.xy(slot)).center


def _boxes_cat(scene: Any) -> Point:
    state = scene.seen
    upper = next(iter(state.layout.cats))
    return scene.camera.seam_point(*state.geo.xy(upper))


def _cathood_frontage(kind: Callable[[Any, int], bool]) -> Callable[[Any], Point]:
    """A point near the side of a tile whose frontage ``kind`` accepts."""
    def find(scene: Any) -> Point:
        view, grid = scene.seen.view, scene.seen.grid
        for p in range(grid.rows * grid.cols):
            for d in range(4):
                if kind(view, view.frontage(p, d)):
                    r = grid.tile_rect(p)
                    dx, dy = ((0, -0.35), (0.35, 0), (0, 0.35), (-0.35, 0))[d]
                    return (r.centerx + dx * r.w, r.centery + dy * r.h)
        raise AssertionError("no such frontage on the table")
    return find


def _is_shop(view: Any, front: int) -> bool:
    from catgames.games.cathood.components import SHOP
    return front >= SHOP and len(view.data.shop_colours[front - SHOP]) == 1


def _is_coffee(view: Any, front: int) -> bool:
    from catgames.games.cathood.components import COFFEE
    return front == COFFEE


def _cathood_board(scene: Any, part: str) -> Point:
    from catgames.games.cathood.table.board import board_rows
    return board_rows(scene.app.canvas).parts()[part].center


def _kotatsu_strip(scene: Any) -> Any:
    from catgames.games.kotatsu.table.panels import info_parts
    return info_parts(scene.app.canvas, scene.seen.data.colours)


MOVES = {"boxes": 16}  #: random moves before the table is looked at (default 6): cats are out by then

#: (game, options, what is hovered, where it is, what the reference says: its title, then words
#: of its rules text)
CASES: list[tuple[str, dict, str, Callable[[Any], Point], str, str]] = [
    ("bed", {"side": "B"}, "tile in a tray", lambda s: bed_slot(0, s.bed.in_hand(0)[0]).center,
     "Cat's", "to every section it borders"),
    ("bed", {"side": "B"}, "tile on the bed", _bed_tile_on_bed, "'s", "once per section"),
    ("bed", {"side": "B"}, "pillow", lambda s: _bed_free_cell(s, s.bed.data.sides["B"].pillow_mask),
     "Pillow", "No tile may cover a pillow"),
    ("bed", {"side": "B"}, "toy", lambda s: _bed_free_cell(s, s.bed.data.sides["B"].toys["yarn"]),
     "A section of", "Yarn: The winner of the section it lies in collects it"),
    ("bed", {}, "section", _bed_plain_cell, "A section of", "the higher total wins one point per cell"),
    ("kotatsu", {}, "hand card", lambda s: kotatsu_layout.hand_rect(0).center, "Cat card:",
     "Play it to your edge of a kotatsu"),
    ("kotatsu", {}, "card on an edge", _kotatsu_edge_card, "Cat card:", "only colours make the hand"),
    ("kotatsu", {}, "cat on its cushion", lambda s: kotatsu_layout.pair_centre(0, 0),
     "on its cushion", "the best hand looks at both cushions"),
    ("kotatsu", {}, "kotatsu", lambda s: kotatsu_layout.futon(1).midtop, "Kotatsu 2",
     "Five of a Kind, Four of a Kind"),
    ("kotatsu", {}, "deck", lambda s: kotatsu_layout.DECK.center, "Deck", "draws back up to 3 cards"),
    ("kotatsu", {}, "discard pile", lambda s: kotatsu_layout.DISCARD.center, "Discard",
     "resolved kotatsu"),
    ("days", {}, "card on a day", lambda s: _days_spot(s, True), "", "while it is the visible card"),
    ("days", {}, "empty day", lambda s: _days_spot(s, False), "", "No animal here yet"),
    ("days", {}, "deck", lambda s: s.side.deck.center, "Deck", "Draw the top card instead"),
    ("days", {}, "discard pile", lambda s: s.side.discard.center, "Discard", "Events go here"),
    ("boxes", {}, "hand card", lambda s: boxes_panels.hand_rect(0).center, "", ""),
    ("boxes", {}, "box on the table", _boxes_table_card, "box", "This card:"),
    ("boxes", {}, "cat on the table", _boxes_cat, "'s cat", "closed box"),
    ("boxes", {}, "cats to place", lambda s: boxes_panels.CATS_RECT.center, "Cats:", "sleeping cat"),
    ("boxes", {}, "draw pile", lambda s: boxes_panels.DECK_RECT.center, "Draw pile", "end phase"),
    ("cathood", {}, "action space", lambda s: cathood_layout.action_rect(0).center, "Linear",
     "1 or 2 spaces along its street"),
    ("cathood", {}, "market card", lambda s: cathood_layout.card_rect(1, 0).center, "",
     "to put a house on a building lot"),
    ("cathood", {}, "park deck", lambda s: cathood_layout.PARK_DECK.center, "Park cards",
     "top park card"),
    ("cathood", {}, "shop", _cathood_frontage(_is_shop), "", "passes or stops on a space touching it"),
    ("cathood", {}, "coffee", _cathood_frontage(_is_coffee), "Coffee", "trade up to 2 cubes"),
    ("cathood", {}, "cat", lambda s: s.seen.cat_points()[1], "'s cat", "rock-paper-scissors fight"),
    ("cathood", {}, "disc", lambda s: cathood_layout.disc_point(0), "Action disc",
     "an action you have not used this turn"),
    ("cathood", {}, "board's cubes", lambda s: _cathood_board(s, "cubes"), "Cubes",
     "Cubes left at the end score 0–3 → 0, 4–7 → 2, 8–11 → 4, 12 → 7"),
    ("cathood", {}, "board's houses", lambda s: _cathood_board(s, "houses"), "Houses left: 6",
     "Park after 1 house, Repeat after 4 houses"),
    ("cathood", {}, "board's statues", lambda s: _cathood_board(s, "statues"), "Statues left: 3",
     "no houses and no statues left"),
    ("cathood", {}, "reserved card", lambda s: cathood_layout.RESERVED.center, "Reserved",
     "costs 3 points"),
    ("kotatsu", {}, "cats in the bag", lambda s: _kotatsu_strip(s).bag.center, "cats in the bag",
     "each cat drawn takes the top cushion of its colour"),
    ("kotatsu", {}, "cushions left", lambda s: _kotatsu_strip(s).cushions.center, "cushions left",
     "Whenever a stack runs out, a lucky cat goes from the supply into the bag"),
    ("kotatsu", {}, "lucky-cat counter", lambda s: _kotatsu_strip(s).lucky.center, "Lucky cats: 0 of 3",
     "When the last of the 3 comes out, the game ends at once"),
]


@pytest.mark.parametrize("game_id, options, what, where, title, words", CASES,
                         ids=[f"{c[0]}: {c[2]}" for c in CASES])
def test_hovering_a_component_shows_its_name_and_rules_beside_it(catgames_home, game_id, options, what,
                                                                 where, title, words):
    app, scene = table_of(game_id, options, MOVES.get(game_id, 6))
    pos = where(scene)
    ref = scene.component_at(pos)
    assert ref is not None, f"nothing known under the {what}"
    marks = hover(app, pos)
    shown = text_of(marks)
    assert ref.title and ref.title in shown and title in ref.title
    assert words in shown and ref.body.split()[0] in shown
    assert all(not m.rect.colliderect(ref.rect) for m in marks)   # it stays in sight
    assert all(app.canvas.bounds.contains(m.rect) for m in marks)


def test_the_delay_runs_as_an_animation_then_the_table_rests(catgames_home):
    app, scene = table_of("kotatsu")
    app.step([motion(kotatsu_layout.DECK.center)], DT)
    assert scene.animating() and reference_marks(app) == []       # not yet: the delay runs
    for _ in range(WAIT):
        app.step([], DT)
    assert not scene.animating() and reference_marks(app)          # shown, and calm again
    app.step([motion((5.0, 795.0))], DT)                           # off every component
    assert not scene.animating() and reference_marks(app) == []


def test_a_change_under_the_resting_pointer_waits_its_own_delay(catgames_home):
    app, scene = table_of("kotatsu")
    left = len(scene.seen.view.deck)
    assert f"Deck {left} " in text_of(hover(app, kotatsu_layout.DECK.center))
    scene._play(scene.local.match.state.legal_moves()[0])                      # the mover draws back up
    left_now = len(scene.seen.view.deck)
    assert left_now < left
    assert reference_marks(app) == [] and scene.animating()        # a new wait for the new count
    for _ in range(WAIT):
        app.step([], DT)
    assert f"Deck {left_now} " in text_of(reference_marks(app))


def test_no_reference_while_a_piece_is_dragged(catgames_home):
    app, scene = table_of("bed")
    start = bed_slot(0, scene.bed.in_hand(0)[0]).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    app.step([motion((start[0] + 30, start[1] + 5), (1, 0, 0))], DT)
    app.step([motion(bed_slot(0, scene.bed.in_hand(0)[-1]).center, (1, 0, 0))], DT)
    for _ in range(WAIT):
        app.step([], DT)
    assert scene.drag.dragging and reference_marks(app) == []
    assert not scene.animating()                                   # nothing waits to show


def test_a_long_press_shows_the_reference_too(catgames_home):
    app, scene = table_of("cathood")
    pos = cathood_layout.action_rect(1).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    assert reference_marks(app) == []
    for _ in range(int(LONG_PRESS / DT) + 2):
        app.step([], DT)
    assert "Diagonal" in text_of(reference_marks(app))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    assert reference_marks(app) == []                              # lifting the finger hides it


def test_a_menu_over_the_table_hides_the_reference(catgames_home):
    app, scene = table_of("days")
    assert hover(app, scene.side.deck.center)
    app.push(PauseScene(app, scene))
    app.run_frames(1)
    assert reference_marks(app) == []


def test_a_waiting_lucky_cat_explains_itself(catgames_home):
    app, scene = table_of("kotatsu")
    state = scene.local.match.state.clone()
    state.lucky_drawn = 1                                          # one drawn, waiting in a gap
    scene.local.match.state = state
    scene.change += 1
    shown = text_of(hover(app, kotatsu_layout.gap_point(0)))
    assert "Lucky cat" in shown and "ends the game at once" in shown


def test_a_days_card_on_the_table_shows_its_own_rules_and_its_stack(catgames_home):
    from tests.games.days.helpers import position
    app, scene = table_of("days", {"decks": "woof"})
    scene.local.match.state = position({"P1": "Mon[Lab,GSh]", "P2": ""}, {"P1": "Staf", "P2": "Lab"})
    scene.on_match_changed()
    scene.change += 1
    shown = text_of(hover(app, scene.layout.card_rect(0, 0).center))
    assert "German Shepherd" in shown and "on top of a dog" in shown
    assert "2 cards in this stack" in shown


# -- the card gallery ----------------------------------------------------------------------------
def _copies_in_data() -> dict[str, dict[str, int]]:
    """Every card's copies per deck, read straight from data/days.yaml."""
    out: dict[str, dict[str, int]] = {}
    for card in yaml.safe_load(DAYS_DATA.read_text(encoding="utf-8"))["cards"]:
        out.setdefault(card["deck"], {})[card["id"]] = card["copies"]
    return out


@pytest.mark.parametrize("deck", ["woof", "cat"])
def test_the_gallery_lists_every_card_with_its_count(catgames_home, deck):
    app = new_app(seed=1)
    scene = app.push(GalleryScene(app, deck))
    app.run_frames(1)
    assert scene.max_scroll > 0                                    # more cards than one screen
    texts = walk(app, scene)[0]
    cards = _copies_in_data()[deck]
    data = days_data()
    for card_id, copies in cards.items():
        name = i18n.t(f"days.card.{card_id}.name")
        assert flat(name) in texts and flat(f"×{copies} in a deck") in texts, card_id
        card = data.cards[data.by_id[card_id]]
        assert flat(re.sub(r"\s+", " ", rule_line(card)).split(" · ")[0]) in texts
    assert len(scene.entries(app.canvas)[0]) == len(cards)


def test_the_gallery_scrolls_and_switches_deck(catgames_home):
    app = new_app(seed=1)
    scene = app.push(GalleryScene(app, "woof"))
    app.run_frames(1)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")], DT)
    assert scene.scroll > 0
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")], DT)
    assert 0 < scene.scroll < scene.max_scroll
    cat = next(w for w in scene.widgets.widgets if hasattr(w, "segments"))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cat.segments()[1].center, button=1)], DT)
    assert scene.deck == "cat" and scene.scroll == 0
    assert all(e.entry.subject.deck == "cat" for e in scene.entries(app.canvas)[0])


@pytest.mark.parametrize("mode, deck", [("woof", "woof"), ("cat", "cat"), ("combined", "woof")])
def test_the_pause_menu_of_a_days_table_opens_the_gallery_at_its_deck(catgames_home, mode, deck):
    app, scene = table_of("days", {"decks": mode}, moves=0)
    pause = app.push(PauseScene(app, scene))
    app.run_frames(1)
    entry = next(w for w in pause.widgets.widgets if getattr(w, "text", "") == "Card gallery")
    entry.activate()
    assert isinstance(app.stack.top, GalleryScene) and app.stack.top.deck == deck


def test_the_rules_screen_offers_the_gallery_of_a_days_game(catgames_home):
    from catgames.ui.scenes.rules import RulesScene
    app = new_app(seed=1)
    rules = app.push(RulesScene(app, "days"))
    app.run_frames(1)
    entries = [w for w in rules.widgets.widgets if getattr(w, "text", "") == "Card gallery"]
    assert len(entries) == 1
    entries[0].activate()
    assert isinstance(app.stack.top, GalleryScene) and app.stack.top.deck == "woof"


# -- Days card faces -----------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "zh-TW", "fr", "ru", "uk"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_every_portrait_face_prints_its_rule_line_legibly(catgames_home, language, scale):
    """At the narrowest portrait a table draws (the Dachshund's line was left out before): the
    whole rule line, or where that needs type smaller than legible, its first parts and "…"
    (issue 26: 7 px lines), or a first part too long for the face cut short ("Swap Sundayst…":
    the hover panel has it all); nothing on the face smaller than ``CARD_LEAST`` (11 px)."""
    from catgames.games.days.table.layout import MIN_PORTRAIT_W
    from catgames.games.days.table.view import CARD_LEAST
    from catgames.games.days.table.words import SEPARATOR
    app = new_app(Settings(ui_scale=scale, language=language), seed=1)
    canvas = app.canvas
    canvas.marks = []
    for card in days_data().cards:
        start = len(canvas.marks)
        days_view.draw_card(canvas, pygame.FRect(10, 10, MIN_PORTRAIT_W, MIN_PORTRAIT_W / 0.72), card, "uk")
        printed = re.sub(r"\s+", "", "".join(m.text for m in canvas.marks[start:]))
        rule = re.sub(r"\s+", "", rule_line(card))
        first = re.sub(r"\s+", "", rule_line(card).split(SEPARATOR)[0])
        before = printed.removesuffix("…")
        cut = printed.endswith("…") and any(before.endswith(first[:k]) for k in range(4, len(first)))
        assert rule in printed or (first in printed and printed.endswith("…")) or cut, card.id
        assert min(m.px for m in canvas.marks[start:]) >= CARD_LEAST, card.id
    canvas.marks = None


def test_the_hand_keys_cover_no_text_of_the_cards(catgames_home):
    app, scene = table_of("days", {"decks": "woof"}, moves=0)
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)  # the hand's cached layer is drawn anew
    app.invalidate()
    app.step([], DT)
    marks, app.canvas.marks = app.canvas.marks, None
    hand = scene.layout.hand.inflate(8, 40)
    keys = [str(i + 1) for i in range(len(scene.hand()))]
    caps = [m for m in marks if m.text in keys and hand.contains(m.rect)
            and any(m.rect.colliderect(r.move(0, -r.h / 2)) and m.rect.bottom < r.y + 12
                    for r in scene.hand_rects())]
    others = [m for m in marks if m not in caps and hand.colliderect(m.rect)]
    assert len(caps) == len(keys)
    assert all(not cap.rect.colliderect(o.rect) for cap in caps for o in others)


def test_the_side_of_a_cathood_tile_a_tip_explains_is_outlined(catgames_home, monkeypatch):
    from catgames.games.cathood.table.view import edge_band
    app, scene = table_of("cathood")
    pos = _cathood_frontage(_is_coffee)(scene)
    ref = scene.component_at(pos)
    tile = scene.seen.grid.tile_rect(scene.seen.grid.tile_at(pos))
    side = min(range(4), key=lambda d: math.dist(edge_band(tile, d).center, pos))
    assert ref is not None and ref.mark == edge_band(tile, side)
    outlined: list[pygame.FRect] = []
    draw_rect = app.canvas.rect
    monkeypatch.setattr(app.canvas, "rect", lambda color, rect, *a, **k: (
        outlined.append(pygame.FRect(rect)), draw_rect(color, rect, *a, **k))[1])
    app.step([motion(pos)], DT)
    reference_marks(app)
    assert ref.mark.inflate(4, 4) not in outlined                 # not before the tip shows
    assert "Coffee" in text_of(hover(app, pos))
    assert ref.mark.inflate(4, 4) in outlined                     # with it: that side, outlined


def _box_spot(scene: Any, closed: bool) -> tuple[Any, Point]:
    """A led box with toys (closed or open) and a point on one of its cards, clear of cats, in the view."""
    for scored in scene.score_now.boxes:
        if scored.box.closed != closed or not scored.scorers or not scored.box.toys:
            continue
        for slot in scored.box.slots:
            pos = scene.camera.slot_rect(*scene.seen.geo.xy(slot)).center
            ref = scene.component_at(pos)
            if ref is not None and "box" in ref.title and scene.app.canvas.bounds.collidepoint(pos):
                return scored, pos
    raise AssertionError("no such box in sight")


@pytest.mark.parametrize("closed, pays", [(True, "At the end it pays {points} to {seat}."),
                                          (False, "Closed now, it would pay {points} to {seat}; "
                                                  "still open at the end, 0 pts.")])
def test_a_box_tells_who_leads_it_and_what_it_pays(catgames_home, closed, pays):
    app, scene = table_of("boxes", moves=30, seed=4)               # a closed and an open box, led
    scored, pos = _box_spot(scene, closed)
    leader = scene.seat_names[scored.leaders[0]]
    shown = text_of(hover(app, pos))
    n = scored.box.counts[scored.leaders[0]]
    assert ("Closed box: " if closed else "Open box: ") in shown
    assert f"{leader} leads it with {n} cat" in shown
    points = i18n.plural("boxes.count.points", scored.box.toys)
    assert re.sub(r"\s+", " ", pays.format(points=points, seat=leader)) in shown


def test_a_box_without_toys_says_it_pays_nothing(catgames_home):
    app, scene = table_of("boxes", moves=16)
    scored = next(b for b in scene.score_now.boxes if not b.box.toys)
    pos = next(c for c in (scene.camera.slot_rect(*scene.seen.geo.xy(s)).center for s in scored.box.slots)
               if scene.component_at(c).title.startswith(("Open box", "Closed box")))
    assert "No toys in it: it pays nothing" in text_of(hover(app, pos))


def test_a_dropped_pieces_tip_waits_for_the_pointer_to_move(catgames_home):
    """After a drop the pointer rests on the piece just laid: its tip does not come up over the
    board until the pointer moves on (then it does, after the delay)."""
    app, scene = table_of("days", {"decks": "woof"}, moves=0)
    start = scene.hand_rects()[0].move(12, 30).topleft
    held = len(scene.hand())
    for d in range(7):  # the first of its own days that takes the first hand card
        end = scene.layout.slot(0, d).center
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
        app.step([motion((start[0], start[1] - 60), (1, 0, 0))], DT)
        app.step([motion(end, (1, 0, 0))], DT)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)
        if len(scene.hand()) < held:
            break
    assert len(scene.hand()) < held and scene.layout.slot(0, d).collidepoint(end)
    for _ in range(WAIT):
        app.step([], DT)
    assert reference_marks(app) == []
    assert hover(app, (end[0] + 1, end[1]))  # moved: the card's tip comes
    app.stack.pop_until(lambda s: False)

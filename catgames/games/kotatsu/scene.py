"""The Kotatsu Cats table: drag one or two cards onto your edge, the resolution of a complete
kotatsu with the winner's private peek and pick, the public counts, and the end-of-game breakdown.

Legality always comes from the rules (``check`` / ``play_human``).  Everything drawn comes from
one seat's observation (``panels.Seen``): the human at the device, or in hotseat the seat the
device was last handed to, or nobody's (public things only) when every seat is a computer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.session import Turn
from catgames.games.kotatsu import layout as L
from catgames.games.kotatsu.hands import NEVER, hand_value
from catgames.games.kotatsu.moves import KEEP, PASS, Discard, Pass, Pick, Play, play
from catgames.games.kotatsu.panels import (
    Resolution, Seen, category_name, cushion_text, draw_collection, draw_edge_label,
    draw_ground, draw_hand, draw_info, draw_resolution, draw_seat_row, draw_tables,
)
from catgames.games.kotatsu.rules import DISCARDING, PICKING, PLAYING, KotatsuState
from catgames.games.kotatsu.scoring import score_seat
from catgames.games.kotatsu.view import draw_card, draw_pair, signed
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.callouts import draw_note
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT, BaseGameScene
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

DISCARD_TARGET = "discard"
READ_DELAYS = 4.0     #: an AI picker waits this many AI delays, so the resolution can be read
SLIDE_TIME = 0.7      #: the taken pairs slide to their new owners
RECAP_TIME = 4.0      #: how long "P2 took the orange cat…" stays on the resolved kotatsu
TABLES = pygame.FRect(BOARD_RECT.x, L.ZONE_TOP, BOARD_RECT.w, L.ZONE_H)
HAND_AREA = pygame.FRect(BOARD_RECT.x, L.HAND_TOP, BOARD_RECT.w, BOARD_RECT.bottom - L.HAND_TOP)
NOTE = pygame.FRect(BOARD_RECT.x + 40, L.ZONE_TOP + L.ZONE_H - 34, BOARD_RECT.w - 80, 30)
OFF_TABLE: Point = (-1.0, -1.0)  #: a pointer position that hovers over nothing

Piece = tuple[int, ...]   #: indices into the sorted hand: one card, or two taken together


@dataclass
class _Slide:
    """A pair on its way from a kotatsu to the seat that took it (face down)."""

    cat: int
    back: int
    start: Point
    end: Point
    t: float = 0.0


class KotatsuScene(BaseGameScene):
    """The table of Kotatsu Cats; see ``BaseGameScene`` for the shared parts."""

    game_over_panel = pygame.FRect(110, 70, 1060, 716)  #: room for the per-player breakdown

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self._last_res: Resolution | None = None
        self.hold = 0.0                      #: AI moves wait while this runs down
        self.recap: tuple[int, str, float] | None = None
        self.slides: list[_Slide] = []
        self.pointer: Point = (0.0, 0.0)
        self.pinned: int | None = None       #: seat whose collection popup was clicked open
        self.cursor: int | None = None       #: kotatsu chosen with the arrow keys

    # -- who sees what -----------------------------------------------------------------------
    @property
    def kstate(self) -> KotatsuState:
        return self.state  # type: ignore[return-value]

    def make_seen(self, view: KotatsuState, private: int | None) -> Seen:
        bottom = self.viewer_seat() if private is None else private
        seen = Seen(view, tuple(self.match.seat_names), private, bottom)
        if view.phase == PICKING:  # kept for the recap once the pair is taken
            self._last_res = Resolution.of(view)
        return seen

    def my_turn(self) -> bool:
        """The private seat is to move (so its hand is on the table and it may act)."""
        return self.human_can_act() and self.seen.private == self.state.to_move

    def resolution(self) -> Resolution | None:
        """The kotatsu being resolved now, as everyone may see it."""
        return self._last_res if self.seen.view.phase == PICKING else None

    def peek_faces(self, res: Resolution) -> list[int] | None:
        """Both cushion faces, for the picker's eyes only (its observation holds them)."""
        seen = self.seen
        if seen.private != res.picker:
            return None
        return [cu for _, cu in seen.view.pairs[res.kotatsu]]

    def on_match_changed(self) -> None:
        self._last_res = None
        self.hold, self.recap, self.slides = 0.0, None, []
        self.pinned = self.cursor = None

    # -- buttons -----------------------------------------------------------------------------
    def extra_widgets(self) -> list[Widget]:
        state = self.kstate
        if state.is_over() or not self.match.is_human(state.to_move):
            return []
        at = pygame.FRect(L.PROMPT.x, L.PROMPT.bottom - 44, 210, 44)
        if state.phase == PLAYING and state.legal_moves() == [PASS]:
            return [Button(at, i18n.t("kotatsu.pass"), lambda: self.play_human(PASS), primary=True,
                           size=18, tooltip=i18n.t("kotatsu.pass_tip"))]
        if state.phase == DISCARDING:
            return [Button(at, i18n.t("kotatsu.keep"), lambda: self.play_human(KEEP), primary=True,
                           size=18)]
        if state.phase == PICKING:
            return [Button(L.take_button(i), i18n.t("kotatsu.take", n=i + 1),
                           lambda i=i: self.play_human(Pick(i)), primary=True, size=17)
                    for i in range(len(state.pairs[state.pending]))]
        return []

    # -- DragHost: pieces are one card or two cards of the hand ------------------------------
    def _hand_index_at(self, pos: Point) -> int | None:
        for i in range(len(self.seen.hand())):
            if L.hand_rect(i).collidepoint(pos):
                return i
        return None

    def piece_at(self, pos: Point) -> Hashable | None:
        """A card; with one card already selected, a second card makes the pair (both go)."""
        phase = self.seen.view.phase
        if not self.my_turn() or phase not in (PLAYING, DISCARDING):
            return None
        i = self._hand_index_at(pos)
        if i is None:
            return None
        held = self.drag.selected
        if isinstance(held, tuple) and i in held:
            return held
        if isinstance(held, tuple) and len(held) == 1 and phase == PLAYING:
            return tuple(sorted(held + (i,)))
        return (i,)

    def home_of(self, piece: Hashable) -> Point:
        return L.hand_rect(piece[0]).center  # type: ignore[index]

    def _move(self, piece: Hashable, target: Hashable) -> Play | Discard:
        hand = self.seen.hand()
        labels = tuple(sorted(self.kstate.data.card_label[hand[i]] for i in piece))  # type: ignore[union-attr]
        if target == DISCARD_TARGET:
            return Discard(labels[0])
        return play(int(target), labels)  # type: ignore[arg-type]

    def legal_targets(self, piece: Hashable, rotation: int) -> Sequence[Hashable]:
        if self.seen.view.phase == DISCARDING:
            return [DISCARD_TARGET] if len(piece) == 1 else []  # type: ignore[arg-type]
        return [k for k in range(len(self.seen.view.edges)) if self.check(piece, k) is None]

    def snap(self, piece: Hashable, rotation: int, pos: Point) -> Hashable | None:
        if self.seen.view.phase == DISCARDING:
            return DISCARD_TARGET if L.DISCARD.inflate(40, 40).collidepoint(pos) else None
        for k in range(len(self.seen.view.edges)):
            if L.zone(k).collidepoint(pos):
                return k
        return None

    def check(self, piece: Hashable, target: Hashable) -> Reason | None:
        return self.state.check(self._move(piece, target))

    def apply(self, piece: Hashable, target: Hashable) -> None:
        self.play_human(self._move(piece, target))

    def target_point(self, target: Hashable) -> Point:
        if target == DISCARD_TARGET:
            return L.DISCARD.center
        return L.edge_area(int(target), "bottom").center  # type: ignore[arg-type]

    def draw_piece(self, canvas: Canvas, piece: Hashable, rotation: int, center: Point) -> None:
        if self.drag.dragging and self.drag.target is not None:
            return  # over a kotatsu the cards are previewed on the edge itself
        hand = self.seen.hand()
        for j, i in enumerate(piece):  # type: ignore[union-attr]
            if i < len(hand):
                rect = pygame.FRect(0, 0, 60, 84).move_to(center=(center[0] + j * 26 - 13 * (len(piece) - 1),  # type: ignore[arg-type]
                                                                  center[1] + j * 6))
                draw_card(canvas, rect, self.kstate.data, hand[i])

    def draw_hints(self, canvas: Canvas, piece: Hashable, targets: Sequence[Hashable]) -> None:
        pal = palette()
        for target in targets:
            area = L.DISCARD if target == DISCARD_TARGET else L.edge_area(int(target), "bottom")  # type: ignore[arg-type]
            canvas.rect(pal.ok, area.inflate(12, 12), width=4, radius=12)
        if not targets and self.seen.view.phase == PLAYING:
            draw_note(canvas, NOTE, i18n.t("kotatsu.needs_pair" if len(piece) == 1 else "kotatsu.needs_one"))  # type: ignore[arg-type]

    def draw_ghost(self, canvas: Canvas, piece: Hashable, target: Hashable, legal: bool) -> None:
        pal = palette()
        color = pal.ok if legal else pal.bad
        if target == DISCARD_TARGET:
            area = L.DISCARD
        else:
            k = int(target)  # type: ignore[arg-type]
            area = L.edge_area(k, "bottom")
            self._draw_edge_preview(canvas, piece, k, legal)  # type: ignore[arg-type]
        canvas.rect(color, area.inflate(12, 12), width=4, radius=12)
        mark = (area.right + 4, area.y - 4)
        canvas.circle(color, mark, 13)
        canvas.text("✓" if legal else "✗", mark, 18, (255, 255, 255), "center", bold=True, fixed=True)
        if not legal and self.drag.target_reason is not None:
            draw_note(canvas, NOTE, i18n.reason_text(self.drag.target_reason, "kotatsu"), error=True)

    def _draw_edge_preview(self, canvas: Canvas, piece: Piece, k: int, legal: bool) -> None:
        """The held cards on the free places of the edge and, if legal, the hand they would make."""
        seen = self.seen
        seat = seen.private
        assert seat is not None
        hand = seen.hand()
        on_edge = list(seen.view.edges[k][seat])
        slots = L.card_slots(k, "bottom")
        added = [hand[i] for i in piece if i < len(hand)]
        for j, card in enumerate(added):
            if len(on_edge) + j < len(slots):
                draw_card(canvas, slots[len(on_edge) + j], seen.data, card, alpha=190)
        if legal:
            data = seen.data
            cats = [data.cat_colour[cat] for cat, _ in seen.view.pairs[k]]
            value = hand_value(data, cats, on_edge + added, NEVER,
                               bool(seen.view.options["one_pair_category"]))
            draw_edge_label(canvas, seen, k, seat, value, prefix="→ ")

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if super().handle(event):
            return True
        intent = I.first(event, I.SELECT)
        if intent is not None:
            seat = self._seat_row_at(intent.pos)
            if seat is not None:
                self.pinned = None if self.pinned == seat else seat
                return True
            self.pinned = None
        return False

    def pause(self) -> None:
        """Another screen covers the table: forget the pointer, so no collection popup comes
        back on return before the mouse moves again."""
        super().pause()
        self.pointer, self.pinned = OFF_TABLE, None

    def _seat_row_at(self, pos: Point) -> int | None:
        for seat in range(self.match.players):
            if L.seat_row(seat, self.match.players).collidepoint(pos):
                return seat
        return None

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Cards 1-3 to select (two for a pair), ← → to choose a kotatsu, Enter to play; in a
        peek, click a pair or press 1 / 2."""
        phase = self.seen.view.phase
        for intent in I.intents_of(event):
            if phase == PICKING and self.my_turn():
                slot = self._pick_slot(intent)
                if slot is not None:
                    self.play_human(Pick(slot))
                    return True
            elif self.my_turn() and self._card_key(intent, phase):
                return True
        return super().handle_game_input(event)

    def _pick_slot(self, intent: I.Intent) -> int | None:
        res = self.resolution()
        if res is None:
            return None
        if intent.kind == I.DIGIT and intent.value <= len(res.pairs):
            return intent.value - 1
        if intent.kind == I.SELECT:
            for slot, box in enumerate(L.peek_boxes()[:len(res.pairs)]):
                if box.collidepoint(intent.pos):
                    return slot
        return None

    def _card_key(self, intent: I.Intent, phase: int) -> bool:
        if intent.kind == I.DIGIT and intent.value <= len(self.seen.hand()):
            self._toggle(intent.value - 1, pairs=phase == PLAYING)
            return True
        if intent.kind in (I.LEFT, I.RIGHT) and self.drag.holding and phase == PLAYING:
            step = 1 if intent.kind == I.RIGHT else -1
            start = self.cursor if self.cursor is not None else (0 if step > 0 else 2) - step
            self.cursor = (start + step) % len(self.seen.view.edges)
            self.drag.point(self.target_point(self.cursor))
            return True
        if intent.kind == I.CONFIRM and self.drag.holding:
            if phase == DISCARDING:
                self.drag.place(DISCARD_TARGET)
            elif self.cursor is not None:
                self.drag.place(self.cursor)
            return True
        return False

    def _toggle(self, i: int, pairs: bool) -> None:
        """Keyboard selection: a digit adds its card (up to two) or takes it back out."""
        held = self.drag.selected if isinstance(self.drag.selected, tuple) else ()
        if i in held:
            rest = tuple(x for x in held if x != i)
            if rest:
                self.drag.pick(rest)
            else:
                self.drag.cancel()
        elif len(held) == 1 and pairs:
            self.drag.pick(tuple(sorted(held + (i,))))
        else:
            self.drag.pick((i,))
        if self.cursor is not None and self.drag.holding:
            self.drag.point(self.target_point(self.cursor))

    # -- events, the resolution sequence and the AI's pace ----------------------------------------
    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        self.cursor = None  # a move ends every selection, the arrow keys' kotatsu too
        taken: dict[str, tuple[int, int]] = {}
        lucky = 0
        for event in events:
            if event.kind == "resolve":
                if not self.match.is_human(event.seat):
                    self.hold = READ_DELAYS * self.app.ai_delay()
            elif event.kind in ("pick", "receive"):
                taken[event.kind] = (event.seat, event.get("cat"))
            elif event.kind == "lucky_cat":
                lucky = event.get("number")
        if "pick" in taken and self._last_res is not None:
            self._start_recap(self._last_res, taken, lucky)

    def _start_recap(self, res: Resolution, taken: dict[str, tuple[int, int]], lucky: int) -> None:
        data = self.kstate.data
        names = self.match.seat_names
        colour = {cat: data.colour_names[data.cat_colour[cat]] for cat, _ in res.pairs}
        for seat, cat in taken.values():
            slot = next(i for i, (c, _) in enumerate(res.pairs) if c == cat)
            row = L.seat_row(seat, self.match.players)
            self.slides.append(_Slide(cat, res.pairs[slot][1], L.pair_centre(res.kotatsu, slot),
                                      (row.x + 120, row.y + 40)))
        picker, cat = taken["pick"]
        text = i18n.t("kotatsu.recap_pick", seat=names[picker], colour=colour[cat])
        if "receive" in taken:
            runner, cat = taken["receive"]
            text += " " + i18n.t("kotatsu.recap_receive", seat=names[runner], colour=colour[cat])
        if lucky:
            text += " " + i18n.t("kotatsu.recap_lucky", number=lucky, total=data.lucky_total)
        self.recap = (res.kotatsu, text, RECAP_TIME)
        if self.app.ai_delay() > 0:
            self.hold = max(self.hold, SLIDE_TIME)

    def ai_may_move(self) -> bool:
        """Let the resolution be read and the pairs slide before the next computer move."""
        return self.hold <= 0

    def update(self, dt: float) -> None:
        self.hold = max(0.0, self.hold - dt)
        for slide in self.slides:
            slide.t += dt
        self.slides = [s for s in self.slides if s.t < SLIDE_TIME]
        if self.recap is not None:
            k, text, left = self.recap
            self.recap = (k, text, left - dt) if left > dt else None
        super().update(dt)

    # -- drawing -----------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        seen = self.seen
        pal = palette()
        key = (self.version, seen.private, pal.name)
        canvas.cached("kotatsu-info", key, L.INFO, lambda c: draw_info(c, seen))
        canvas.cached("kotatsu-ground", (seen.bottom, seen.players, pal.name), TABLES,
                      lambda c: draw_ground(c, seen))
        canvas.cached("kotatsu-tables", key, TABLES, lambda c: draw_tables(c, seen))
        lifted = self._lifted()
        selected = self.drag.selected if isinstance(self.drag.selected, tuple) else ()
        dim = not self.my_turn() or seen.view.phase not in (PLAYING, DISCARDING)
        canvas.cached("kotatsu-hand", key + (lifted, selected, dim), HAND_AREA,
                      lambda c: self._draw_hand_area(c, seen, set(lifted), set(selected), dim))
        if self.cursor is not None and self.drag.holding and self.my_turn():
            canvas.rect(pal.focus, L.zone(self.cursor).inflate(-4, -4), width=3, radius=6)
        res = self.resolution()
        if res is not None:
            hover = next((i for i, b in enumerate(L.peek_boxes()) if b.collidepoint(self.pointer)), None)
            faces = self.peek_faces(res)
            canvas.cached("kotatsu-resolution", key + (hover if faces else None,), L.RESOLUTION,
                          lambda c: draw_resolution(c, seen, res, faces, hover if faces else None))
        elif self.recap is not None:
            self._draw_recap(canvas, *self.recap[:2])
        self.drag.draw(canvas)

    def _lifted(self) -> tuple[int, ...]:
        """Hand cards in the air (dragged or gliding home): not drawn in the hand."""
        out: set[int] = set()
        if self.drag.dragging and isinstance(self.drag.piece, tuple):
            out.update(self.drag.piece)
        for anim in self.drag.anims:
            if isinstance(anim.piece, tuple):
                out.update(anim.piece)
        return tuple(sorted(out))

    def _draw_hand_area(self, canvas: Canvas, seen: Seen, lifted: set[int], selected: set[int],
                        dim: bool) -> None:
        draw_hand(canvas, seen, lifted, selected, dim)
        text = self._prompt()
        if text:
            pal = palette()
            canvas.paragraph(text, (L.PROMPT.x, L.PROMPT.y, L.PROMPT.w, L.PROMPT.h - 52), 16,
                             pal.text_dim)

    def _prompt(self) -> str:
        """The standing explanation beside the hand: the counting rule, or whose turn it is."""
        state = self.kstate
        if state.is_over():
            return ""
        mover = self.match.seat_names[state.to_move]
        if not self.match.is_human(state.to_move) or self.seen.private != state.to_move:
            return i18n.t("kotatsu.prompt_wait", seat=mover)
        if state.phase == DISCARDING:
            return i18n.t("kotatsu.prompt_discard")
        if state.phase == PICKING:
            return i18n.t("kotatsu.prompt_pick")
        if state.legal_moves() == [PASS]:
            return i18n.t("kotatsu.prompt_pass")
        return i18n.t("kotatsu.prompt_play")

    def _draw_recap(self, canvas: Canvas, k: int, text: str) -> None:
        pal = palette()
        zone = L.zone(k)
        box = pygame.FRect(zone.x + 6, zone.y + 4, zone.w - 12, 52)
        canvas.rect(pal.panel, box, radius=8)
        canvas.rect(pal.focus, box, width=2, radius=8)
        canvas.paragraph(text, box.inflate(-12, -8), 14, pal.text)

    def draw_overlay(self, canvas: Canvas) -> None:
        """A seat's collection popup, the pairs sliding to their owners, and the shade under the
        game-over panel (which leaves the table's rim bare)."""
        seen = self.seen
        shown = self.pinned if self.pinned is not None else self._seat_row_at(self.pointer)
        if shown is not None and self.app.stack.top is self:  # never behind a menu or hand-off
            draw_collection(canvas, seen, shown, bool(seen.view.options["picker_memory_aid"]),
                            self._score_line(shown))
        if isinstance(self.app.stack.top, GameOverScene):
            canvas.rect(palette().shade, canvas.bounds)
        data = self.kstate.data
        for slide in self.slides:
            k = min(1.0, slide.t / SLIDE_TIME)
            k = 1 - (1 - k) ** 3
            pos = (slide.start[0] + (slide.end[0] - slide.start[0]) * k,
                   slide.start[1] + (slide.end[1] - slide.start[1]) * k)
            draw_pair(canvas, pos, L.PAIR_SIZE, data, slide.cat, slide.back)

    def status_hint(self) -> str:
        """What the player can do now, including how to take two cards at once."""
        phase = self.seen.view.phase
        if phase == PICKING:
            return i18n.t("kotatsu.hint_pick")
        if phase == DISCARDING:
            return i18n.t("kotatsu.hint_discard")
        held = self.drag.selected
        if isinstance(held, tuple):
            return i18n.t("kotatsu.hint_one" if len(held) == 1 else "kotatsu.hint_two")
        return i18n.t("kotatsu.hint_play")

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        pal = palette()
        seen = self.seen
        to_move = self.state.to_move
        canvas.text(i18n.t("game.players"), rect.topleft, 20, pal.text, bold=True)
        kinds = [i18n.t("kotatsu.look_hint") if s == seen.private
                 else i18n.t(f"seat_kind.{self.match.seat_kind(s)}") for s in range(seen.players)]
        key = (self.version, seen.private, pal.name)
        canvas.cached("kotatsu-seats", key, SIDE_RECT, lambda c: [
            draw_seat_row(c, seen, s, kinds[s], s == to_move) for s in range(seen.players)])

    def _score_line(self, seat: int) -> str | None:
        """The viewer's own score as it stands (it sees all its own faces)."""
        seen = self.seen
        if seat != seen.private:
            return None
        pairs = [(cat, cu) for cat, cu, _ in seen.view.collected[seat]]
        score = score_seat(seen.data, pairs, seen.view.options)
        return i18n.t("kotatsu.score_now", points=score.total,
                      mode=i18n.t(f"kotatsu.mode_short.{seen.view.options['scoring_mode']}"))

    # -- the log -----------------------------------------------------------------------------
    def log_lines(self, turn: Turn) -> list[str]:
        """Moves and events in words: cards by colour and stars, cats by colour."""
        data = self.kstate.data
        names = self.match.seat_names
        who = names[turn.seat] if turn.seat >= 0 else ""
        move = self.match.game.parse_move(self.state, turn.move)
        if isinstance(move, Play):
            lines = [i18n.t("kotatsu.log_play", seat=who, cards=_cards_text(data, move.cards),
                            kotatsu=move.kotatsu + 1)]
        elif isinstance(move, Pass):
            lines = [i18n.t("kotatsu.log_pass", seat=who)]
        elif isinstance(move, Discard):
            lines = [i18n.t("kotatsu.log_discard", seat=who, card=_cards_text(data, (move.card,)))
                     if move.card else i18n.t("kotatsu.log_keep", seat=who)]
        else:
            lines = []
        for event in turn.events:
            line = self._event_line(event)
            if line:
                lines.append(("  " if lines else "") + line)
        return lines

    def _event_line(self, event: Event) -> str:
        data = self.kstate.data
        names = self.match.seat_names
        seat = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
        kind = event.kind
        if kind in ("pick", "receive", "refill"):
            colour = data.colour_names[data.cat_colour[event.get("cat")]]
            return i18n.t(f"event.kotatsu.{kind}", seat=seat, colour=colour, kotatsu=event.get("kotatsu", 0) + 1)
        if kind == "resolve":
            order = event.get("order")
            cats = event.get("categories")
            places = ", ".join(f"{names[s]} {category_name(data, cats[s])}" for s in order)
            return i18n.t("event.kotatsu.resolve", kotatsu=event.get("kotatsu") + 1, places=places,
                          seat=seat, step=i18n.t(f"kotatsu.step.{event.get('decided_by')}"))
        key = f"event.kotatsu.{kind}"
        if kind == "lucky_to_bag":
            return i18n.plural(key, event.get("count"))
        if kind == "game_over":
            return i18n.t(key, why=i18n.t(f"kotatsu.end.{event.get('why')}"))
        if not i18n.has(key):
            return ""
        return i18n.t(key, seat=seat, total=data.lucky_total, **dict(event.data))

    # -- the end -----------------------------------------------------------------------------
    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        """Per seat: cats, printed values, coins (count × V), food, collection bonus, total."""
        heads = [i18n.t("over.player")] + [i18n.t(f"kotatsu.col.{c}") for c in
                                           ("cats", "printed", "coins", "food", "bonus")]
        heads.append(i18n.t("over.total"))
        rows = []
        for seat, name in enumerate(self.match.seat_names):
            s = outcome.detail["seats"][name]
            rows.append([name, str(s["cats"]), signed(s["printed"]), signed(s["coin_points"]),
                         signed(s["food_points"]),
                         signed(s["collection_bonus"]), str(outcome.scores[seat])])
        return heads, rows

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """The scoring reading, then each seat's revealed cushions, V and food discards."""
        pal = palette()
        state = self.kstate
        data = state.data
        detail = outcome.detail
        y = rect.y
        y += canvas.paragraph(i18n.t(f"kotatsu.mode.{detail['scoring_mode']}"),
                              (rect.x, y, rect.w, 44), 16, pal.text_dim) + 6
        tie = bool(detail.get("tie_break"))
        names = self.match.seat_names
        for seat, name in enumerate(names):
            s = detail["seats"][name]
            faces = ", ".join(cushion_text(data, cu) for _, cu, _ in state.collected[seat]) or "—"
            parts = [i18n.t("kotatsu.detail_cushions", faces=faces),
                     i18n.plural("kotatsu.detail_coins", s["coins"], v=s["coin_value"])]
            if s["food_discards"]:
                parts.append(i18n.t("kotatsu.detail_food", values=", ".join(signed(v) for v in s["food_discards"])))
            if s["sets"]:
                parts.append(i18n.plural("kotatsu.detail_sets", s["sets"]))
            room = (rect.bottom - y - (24 if tie else 0)) / (len(names) - seat)
            self.draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y + 1, 20, 20))
            y += canvas.paragraph(f"{name}: " + " · ".join(parts), (rect.x + 30, y, rect.w - 30, room),
                                  16, pal.text) + 4
        if tie:
            canvas.text(i18n.t("kotatsu.tie_break"), (rect.x, y + 11), 16, pal.focus, "midleft",
                        max_width=rect.w)


def _cards_text(data, labels: Sequence[str | None]) -> str:
    """``orange 3★ and black 1★`` from card labels such as ``O3``."""
    words = []
    for label in labels:
        if label:
            colour = data.colour_names[data.colour_ids.index(label[0])]
            words.append(f"{colour} {label[1:]}★")
    return i18n.t("kotatsu.and").join(words)


SCENE = KotatsuScene

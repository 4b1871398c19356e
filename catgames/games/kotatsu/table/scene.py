"""The Kotatsu Cats table: drag one or two cards onto your edge, the resolution of a complete
kotatsu with the winner's private peek and pick, the public counts, and the end-of-game breakdown.

What a drop means is ``gestures`` (pure); legality always comes from the rules, through the
base's ``check`` / ``drop`` / ``play_human``.  Everything drawn comes from one seat's
observation (``panels.Seen``): the human at the device, or in hotseat the seat the device was
last handed to, or nobody's (public things only) when every seat is a computer.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

import pygame

from catgames.core.rules import NOBODY, Event, Outcome, Seat
from catgames.core.runner import PLAYED, Change
from catgames.core.redaction import veiled_kind
from catgames.core.session import Turn
from catgames.games.kotatsu.table import ending, gallery, motion, reference
from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.gestures import DISCARD_PILE, Cards, Edge, Target
from catgames.games.kotatsu.table.log_text import turn_lines
from catgames.games.kotatsu.table.pieces import KotatsuPieces
from catgames.games.kotatsu.moves import KEEP, PASS, Pick, parse_move
from catgames.games.kotatsu.table.panels import (
    Resolution, Seen, draw_collection, draw_ground, draw_hand, draw_info, draw_recap,
    draw_seat_row, draw_tables, hand_prompt,
)
from catgames.games.kotatsu.table.resolution import draw_resolution, recap_text
from catgames.games.kotatsu.table.stage import Walk, resolution_walk, taken_walk
from catgames.games.kotatsu.rules import DISCARDING, PICKING, PLAYING, KotatsuState
from catgames.ui.reference import Reference
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT, BaseGameScene
from catgames.ui.motion import Tween
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

READ_DELAYS = 4.0     #: an AI picker waits this many AI delays, so the resolution can be read
RECAP_TIME = 4.0      #: how long "P2 took the orange cat…" stays on the resolved kotatsu
TABLES = pygame.FRect(BOARD_RECT.x, L.ZONE_TOP, BOARD_RECT.w, L.ZONE_H)
HAND_AREA = pygame.FRect(BOARD_RECT.x, L.HAND_TOP, BOARD_RECT.w, BOARD_RECT.bottom - L.HAND_TOP)
OFF_TABLE: Point = (-1.0, -1.0)  #: a pointer position that hovers over nothing


class KotatsuScene(BaseGameScene[Cards, Target]):
    """The table of Kotatsu Cats; see ``BaseGameScene`` for the shared parts."""

    game_over_panel = pygame.FRect(40, 12, 1200, 776)  #: room for the per-player breakdown
    pieces_class = KotatsuPieces
    references = classmethod(gallery.references)

    def __init__(self, app, *source: Any, **given: Any) -> None:
        super().__init__(app, *source, **given)  # a match, or a feed: passed on unread
        self.hold = 0.0                      #: AI moves wait while this runs down
        self.recap: tuple[int, str, float] | None = None
        self.pointer: Point = (0.0, 0.0)
        self.pinned: int | None = None       #: seat whose collection popup was clicked open
        self.cursor: int | None = None       #: kotatsu chosen with the arrow keys
        self.walk: Walk | None = None        #: the resolution staged on the board (``feed_changed``)

    # -- who sees what -----------------------------------------------------------------------
    def make_seen(self, view: KotatsuState, private: Seat | None) -> Seen:
        bottom = self.viewer_seat() if private is None else private
        return Seen(view, tuple(self.seat_names), private, bottom)

    def my_turn(self) -> bool:
        """The private seat is to move (so its hand is on the table and it may act)."""
        return self.human_can_act() and self.seen.private == self.seen.view.to_move

    def resolution(self) -> Resolution | None:
        """The kotatsu being resolved now, as everyone may see it."""
        return self.seen.resolution

    def peek_faces(self, res: Resolution) -> list[int] | None:
        """Both cushion faces, for the picker's eyes only (its observation holds them): the seat
        whose view the table shows now (in a hot seat, once the device is handed to it)."""
        seen = self.seen
        if seen.private != res.picker:
            return None
        return [cu for _, cu in seen.view.pairs[res.kotatsu]]

    def only_pass(self) -> bool:
        """Nothing fits: the rules leave the mover only the pass."""
        return self.seen.view.phase == PLAYING and self.legal_moves_now() == {PASS}

    def on_match_changed(self) -> None:
        self.hold, self.recap, self.walk = 0.0, None, None
        self.pinned = self.cursor = None

    # -- buttons -----------------------------------------------------------------------------
    def extra_widgets(self) -> list[Widget]:
        view: KotatsuState = self.seen.view
        if view.phase == PICKING and self.stage.playing:
            return []  # the pairs are taken once the resolution has been shown on the board
        if view.phase == PICKING and self.plays_here(view.to_move) and not view.is_over():
            return [Button(L.take_button(i), i18n.t("kotatsu.take", n=i + 1),
                           partial(self.play_human, Pick(i)), primary=True, size=17, move=Pick(i))
                    for i in range(len(view.pairs[view.pending]))]
        button = self._prompt_button()
        return [button] if button is not None else []

    def _prompt_button(self) -> Button | None:
        """Pass (nothing fits) or Keep my cards, under the prompt beside the hand."""
        view: KotatsuState = self.seen.view
        if view.is_over() or not self.plays_here(view.to_move):
            return None
        at = pygame.FRect(L.PROMPT.x, L.PROMPT.bottom - L.PROMPT_BUTTON_H, L.PROMPT.w, L.PROMPT_BUTTON_H)
        if self.only_pass():
            return Button(at, i18n.t("kotatsu.pass"), lambda: self.play_human(PASS), primary=True,
                          size=18, tooltip=i18n.t("kotatsu.pass_tip"), move=PASS)
        if view.phase == DISCARDING:
            return Button(at, i18n.t("kotatsu.keep"), lambda: self.play_human(KEEP), primary=True,
                          size=18, move=KEEP)
        return None

    # -- pieces: ``pieces.KotatsuPieces``, one card of the hand or two ----------------------
    def tutorial_parts(self) -> dict[str, pygame.FRect]:
        """What a tutorial step may point at here: the hand, each kotatsu, the two pairs to pick."""
        hand = [L.hand_rect(i) for i in range(max(1, len(self.seen.hand())))]
        parts = {"hand": hand[0].unionall(hand[1:]), "pairs": L.peek_boxes()[0].union(L.peek_boxes()[1])}
        return parts | {f"kotatsu_{k + 1}": L.zone(k) for k in range(3)}

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if super().handle(event):
            return True
        intent = I.first(event, I.SELECT)
        if intent is not None and intent.pos is not None:
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
        players = self.seen.players
        for seat in range(players):
            if L.seat_row(seat, players).collidepoint(pos):
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
        if intent.kind == I.SELECT and intent.pos is not None:
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
            self.drag.point(self.target_point(Edge(self.cursor)))
            return True
        if intent.kind == I.CONFIRM and self.drag.holding:
            if phase == DISCARDING:
                self.drag.place(DISCARD_PILE)
            elif self.cursor is not None:
                self.drag.place(Edge(self.cursor))
            return True
        return False

    def _toggle(self, i: int, pairs: bool) -> None:
        """Keyboard selection: a digit adds its card (up to two) or takes it back out."""
        held = self.drag.selected
        if held is not None and i in held.at:
            rest = held.without(i)
            if rest is not None:
                self.drag.pick(rest)
            else:
                self.drag.cancel()
        elif held is not None and len(held.at) == 1 and pairs:
            self.drag.pick(held.adding(i))
        else:
            self.drag.pick(Cards((i,)))
        if self.cursor is not None and self.drag.holding:
            self.drag.point(self.target_point(Edge(self.cursor)))

    # -- events, the resolution sequence and the AI's pace ----------------------------------------
    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        self.cursor = None  # a move ends every selection, the arrow keys' kotatsu too
        taken: dict[str, tuple[int, int]] = {}
        lucky = 0
        for event in events:
            who = NOBODY if event.seat is None else event.seat
            if event.kind == "resolve":
                if not self.plays_here(who):
                    self.hold = READ_DELAYS * self.app.ai_delay()
            elif event.kind in ("pick", "receive"):
                taken[event.kind] = (who, event.get("cat"))
            elif event.kind == "lucky_cat":
                lucky = event.get("number")
        before = self.seen_before_change()  # the pick's resolution, as the table showed it
        res = self.resolution()
        self.walk = None if res is None else resolution_walk(self.seen, res, partial(self.peek_faces, res))
        if "pick" in taken and before is not None and before.resolution is not None:
            res = before.resolution
            self.recap = (res.kotatsu, recap_text(self.seen, res, taken, lucky), RECAP_TIME)
            takers = [taken[kind] for kind in ("pick", "receive") if kind in taken]
            self.walk = taken_walk(before, res, takers, self.recap[1])

    def feed_changed(self, change: Change) -> None:
        """A kotatsu resolved, or its pairs taken: staged on the board (the pairs taken by the
        last move of the game are staged before the end screen, ``staged_end``)."""
        if change.kind != PLAYED or self.walk is None or self.seen.view.is_over():
            return
        self.stage.play(self.walk.steps, self._build_buttons, self.app.settings.reduce_motion or self.read_only)
        self.walk = None
        self._build_buttons()  # no "Take pair" while the resolution is shown

    def staged_end(self) -> list[Tween]:
        walk, self.walk = self.walk, None
        return walk.steps if walk is not None else []

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        return motion.move_tweens(self.seen, self.seen_before_change(), self.move_origin, seat, events)

    def component_at(self, pos: Point) -> Reference | None:
        return reference.component_at(self.seen, self.app.canvas, pos)

    def ai_may_move(self) -> bool:
        """Let the resolution be read before the next computer move."""
        return self.hold <= 0

    def animating(self) -> bool:
        return super().animating() or self.recap is not None

    def update(self, dt: float) -> None:
        if not self.stage.playing:  # the time to read the panel begins once the board has shown it
            self.hold = max(0.0, self.hold - dt)
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
        arriving = frozenset(key for key in self.motion.hidden() if key[0] != "hand")
        canvas.cached("kotatsu-tables", key + (arriving,), TABLES,
                      lambda c: draw_tables(c, seen, arriving))
        lifted = self._lifted()
        selected = self.drag.selected.at if self.drag.selected is not None else ()
        dim = not self.my_turn() or seen.view.phase not in (PLAYING, DISCARDING)
        canvas.cached("kotatsu-hand", key + (lifted, selected, dim, self.resolving), HAND_AREA,
                      lambda c: self._draw_hand_area(c, seen, set(lifted), set(selected), dim))
        if self.cursor is not None and self.drag.holding and self.my_turn():
            canvas.rect(pal.focus, L.zone(self.cursor).inflate(-4, -4), width=3, radius=6)
        res = None if self.stage.playing else self.resolution()  # while staged, the stage shows it
        if res is not None:
            hover = next((i for i, b in enumerate(L.peek_boxes()) if b.collidepoint(self.pointer)), None)
            faces = self.peek_faces(res)
            canvas.cached("kotatsu-resolution", key + (hover if faces else None,), L.RESOLUTION,
                          lambda c: draw_resolution(c, seen, res, faces, hover if faces else None))
        elif self.recap is not None and not self.stage.playing:
            draw_recap(canvas, *self.recap[:2])
        self.drag.draw(canvas)

    def _lifted(self) -> tuple[int, ...]:
        """Hand cards in the air (dragged or gliding home): not drawn in the hand."""
        out: set[int] = set()
        if self.drag.dragging and self.drag.piece is not None:
            out.update(self.drag.piece.at)
        for anim in self.drag.anims:
            if anim.piece is not None:
                out.update(anim.piece.at)
        out.update(key[1] for key in self.motion.hidden() if key[0] == "hand")  # arriving
        return tuple(sorted(out))

    def _draw_hand_area(self, canvas: Canvas, seen: Seen, lifted: set[int], selected: set[int],
                        dim: bool) -> None:
        draw_hand(canvas, seen, lifted, selected, dim)
        text = self._prompt()
        if text:
            pal = palette()
            below = L.PROMPT_BUTTON_H + 8 if self._prompt_button() is not None else 0
            canvas.paragraph(text, (L.PROMPT.x, L.PROMPT.y, L.PROMPT.w, L.PROMPT.h - below), 16,
                          pal.text_dim)

    def _prompt(self) -> str:
        """The standing explanation beside the hand: the counting rule, or whose turn it is
        (nothing while a resolution is walked through: the winner picks once it has been shown)."""
        view = self.seen.view
        if self.resolving:
            return ""
        return hand_prompt(self.seen, self.plays_here(view.to_move), self.only_pass())

    def draw_overlay(self, canvas: Canvas) -> None:
        """A seat's collection popup and the shade under the
        game-over panel (which leaves the table's rim bare)."""
        seen = self.seen
        shown = self.pinned if self.pinned is not None else self._seat_row_at(self.pointer)
        if shown is not None and self.app.stack.top is self:  # never behind a menu or hand-off
            draw_collection(canvas, seen, shown, bool(seen.view.options["picker_memory_aid"]))
        if isinstance(self.app.stack.top, GameOverScene):
            canvas.rect(palette().shade, canvas.bounds)

    def turn_key(self) -> str:
        """While a kotatsu is resolved the one to act is its winner, picking a pair."""
        return "kotatsu.turn_pick" if self.seen.view.phase == PICKING else super().turn_key()

    @property
    def resolving(self) -> bool:
        """A kotatsu's resolution is walked through on the board: who won it is for its ranking
        step to say, not the header, the status line or the seats' rows before it."""
        return self.stage.playing and self.seen.view.phase == PICKING

    def turn_seat(self) -> int:
        return -1 if self.resolving else super().turn_seat()

    def status_hint(self) -> str:
        """What the player can do now, including how to take two cards at once."""
        phase = self.seen.view.phase
        if self.resolving:  # the strip over the kotatsu says what is shown and how to skip it
            return ""
        if phase == PICKING:
            return i18n.t("kotatsu.hint_pick")
        if phase == DISCARDING:
            return i18n.t("kotatsu.hint_discard")
        held = self.drag.selected
        if held is not None:
            return i18n.t("kotatsu.hint_one" if len(held.at) == 1 else "kotatsu.hint_two")
        return i18n.t("kotatsu.hint_play")

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        pal = palette()
        seen = self.seen
        canvas.text(i18n.t("game.players"), rect.topleft, 20, pal.text, bold=True)
        kinds = [i18n.t("kotatsu.look_hint") if s == seen.private and seen.view.collected[s]  # (something to look at)
                 else i18n.t(f"seat_kind.{self.seat_kind(s)}") for s in range(seen.players)]
        mover = -1 if self.resolving else seen.view.to_move
        key = (self.version, seen.private, pal.name, mover)
        canvas.cached("kotatsu-seats", key, SIDE_RECT, lambda c: self._draw_seat_rows(c, seen, kinds, mover))

    def _draw_seat_rows(self, canvas: Canvas, seen: Seen, kinds: list[str], mover: int) -> None:
        for seat in range(seen.players):
            draw_seat_row(canvas, seen, seat, kinds[seat], seat == mover)

    # -- the log and the end -------------------------------------------------------------------
    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """The kotatsu a hovered turn played at, resolved or refilled; none while the
        pick-a-pair dialog covers them (a frame would cross its text)."""
        if self.resolution() is not None:
            return
        for k in sorted({e.get("kotatsu") for e in turn.events if e.get("kotatsu") is not None}):
            canvas.rect(palette().focus, L.zone(k).inflate(6, 6), width=3, radius=10)

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """Moves and events in words: cards by colour and stars, cats by colour (a move this
        seat may not read: the shared words of a hidden choice)."""
        if veiled_kind(turn.move) is not None:
            return super().log_lines(turn, before)
        return turn_lines(self.seen.data, self.seat_names, turn.seat, parse_move(turn.move), turn.events)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        return ending.score_table(self.rule_names, self.seat_names, outcome)

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        ending.draw_detail(canvas, rect, self.seen.view, self.rule_names, self.seat_names, outcome)


SCENE = KotatsuScene

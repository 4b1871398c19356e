"""The Woof Days / Cat Days table: one week row per player, the hand fanned below, the deck and
discard pile beside.  Cards are dragged (or clicked, then placed) onto days; the follow-up
choices of multi-step cards are clicks on lit days (or on a card of a stack), with a prompt and
a Cancel until the last choice.  Legality always comes from the rules (``gestures``); hands are
drawn from the private seat's observation only (``facts``), the pictures by ``board``.
"""

from __future__ import annotations

from typing import Any

from collections.abc import Hashable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.session import Turn
from catgames.games.days import gestures
from catgames.games.days.table import board, drops, gallery, motion, popups, reference, words
from catgames.games.days.table.inspector import Inspector
from catgames.games.days.table.stage import WeekTally
from catgames.games.days.table.pieces import DaysPieces
from catgames.games.days.table.board import Look
from catgames.games.days.components import (
    CANCEL,
    DRAW,
    PASS,
    Card,
    Choose,
    Move,
    Play,
    spot_text,
    touched_days,
)
from catgames.games.days.facts import Facts, facts_of
from catgames.games.days.gestures import DISCARD, DayTarget, HandCard, Target
from catgames.games.days.table.layout import BUTTON_SIZE, CANCEL_SIZE, Layout, Side, measure, side_layout
from catgames.games.days.rules import DaysState
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.end_turn import waiting_words
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT, BaseGameScene
from catgames.ui.table.view import Shown
from catgames.ui.motion import Tween
from catgames.ui.names import update_names
from catgames.ui.reference import Reference
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

FLASH_TIME = 1.4       #: the days a move changed stay outlined this long
DETAIL_LEAST = 13.0    #: the end screen's note under the table is left out rather than printed smaller
DayKey = tuple[int, int]
CURSOR_STEPS = {I.LEFT: (-1, 0), I.RIGHT: (1, 0), I.UP: (0, -1), I.DOWN: (0, 1)}  #: days, rows


class DaysScene(BaseGameScene[HandCard, Target]):
    """The table of Woof Days / Cat Days; see ``BaseGameScene`` for the shared parts."""

    references = classmethod(gallery.references)
    pieces_class = DaysPieces

    def __init__(self, app, *source: Any, **given: Any) -> None:
        super().__init__(app, *source, **given)  # a match, or a feed: passed on unread
        self.pointer: Point = (0.0, 0.0)
        self.inspector = Inspector(self.play_human)
        self.cursor: DayKey | None = None
        self.flash: tuple[list[DayKey], float] | None = None
        self._layout: tuple[tuple[int, int, float, str], Layout] | None = None
        self._side: tuple[tuple[str, float], Side] | None = None
        self.walk: WeekTally | None = None  #: the final weeks counted on the board (``staged_end``)
        self.draw_button, self.pass_button = self._pile_buttons()

    # -- facts ------------------------------------------------------------------------------
    @property
    def edition(self) -> str:
        """The cards' edition, a set-up option: their names and pictures."""
        return str(self.options.get("edition", "uk"))

    days = Shown(DaysState)  #: the position as the table may show it (``observed``)
    facts = Shown(Facts, "seen")  #: the facts the table draws (``make_seen``'s)

    def make_seen(self, view: DaysState, private: int | None) -> Facts:
        """The facts of ``view`` alone: a human acts here only with their own hand in sight."""
        acting = private == view.to_move and not view.is_over() and self.plays_here(view.to_move)
        return facts_of(view, self.viewer_seat(), private, acting)

    @property
    def seen_key(self) -> tuple[int, int, int | None]:
        """Differs whenever ``facts`` may: the key of the cached pictures drawn from them."""
        return (*self.version, self.private_seat())

    @property
    def layout(self) -> Layout:
        key = (self.days.players, self.facts.viewer, self.app.settings.ui_scale, i18n.current_language())
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, Layout(BOARD_RECT, *key[:2], measure(key[2]), i18n.t("days.cancel")))
        return self._layout[1]

    @property
    def side(self) -> Side:
        """The piles and buttons of the side panel, for the language and text size."""
        key = (i18n.current_language(), self.app.settings.ui_scale)
        if self._side is None or self._side[0] != key:
            labels = [i18n.t("days.deck", count=88), i18n.t("days.discard", count=88)]
            buttons = [i18n.t("days.draw"), i18n.t("days.pass_button")]
            self._side = (key, side_layout(measure(key[1]), self.days.players, labels, buttons))
        return self._side[1]

    @property
    def look(self) -> Look:
        tally = self.walk.tally() if self.walk is not None and self.stage.playing else None
        return Look(self.layout, self.side, self.facts, self.edition, self.seat_names,
                    update_names(self.public, self.rule_names, levels=False), tally)

    def card(self, index: int) -> Card:
        return self.days.data.cards[index]

    def hand(self) -> list[int]:
        """The viewer's hand as the viewer sees it (never another seat's cards)."""
        return self.facts.view.hands[self.facts.viewer]

    def shows_hand(self) -> bool:
        return self.facts.shows_hand

    def hovered_hand_card(self) -> int | None:
        if not self.shows_hand() or self.drag.holding:
            return None
        rects = self.layout.hand_rects(len(self.hand()))
        return next((i for i in range(len(rects) - 1, -1, -1) if rects[i].collidepoint(self.pointer)), None)

    def hand_rects(self) -> list[pygame.FRect]:
        return self.layout.hand_rects(len(self.hand()), self.hovered_hand_card())

    def on_match_changed(self) -> None:
        self.inspector.shown = None
        self.flash = None
        self.walk = None

    # -- widgets ----------------------------------------------------------------------------
    def _pile_buttons(self) -> tuple[Button, Button]:
        side = self.side
        return (Button(side.draw, i18n.t("days.draw"), lambda: self.play_human(DRAW),
                       tooltip=i18n.t("days.draw_tip"), size=BUTTON_SIZE, move=DRAW),
                Button(side.pass_, i18n.t("days.pass_button"), lambda: self.play_human(PASS),
                       tooltip=i18n.t("days.pass_tip"), size=BUTTON_SIZE, move=PASS))

    def extra_widgets(self) -> list[Widget]:
        self.draw_button, self.pass_button = self._pile_buttons()
        widgets: list[Widget] = [self.draw_button, self.pass_button]
        if self.days.pending is not None and self.plays_here(self.days.to_move):
            widgets.append(Button(self.layout.cancel, i18n.t("days.cancel"), lambda: self.play_human(CANCEL),
                                  tooltip=i18n.t("days.cancel_tip"), size=CANCEL_SIZE, move=CANCEL))
        return widgets

    def show_reason(self, reason: Reason) -> None:
        self.status, self.status_error = self.reason_words(reason), True
        self.app.sound.play("illegal")

    def reason_words(self, reason: Reason) -> str:
        return words.reason_words(reason, self.edition, self.seat_names, self.days.to_move)

    # -- gestures (the rules side is ``gestures``) --------------------------------------------
    def drop(self, piece: HandCard, target: Target) -> Reason | None:
        """A drop on a day where several cards of its stack may be chosen opens the chooser;
        any other drop is played (and checked) by the base."""
        if isinstance(target, DayTarget):
            plays = gestures.day_plays(self.days, piece, target)
            if len(plays) > 1:
                self.inspector.choose(target.seat, target.day, plays)
                return None
        return super().drop(piece, target)

    def draw_hint_ghost(self, canvas: Canvas, piece: HandCard, target: Target) -> None:
        """The day's ghost with the card on it: which card of the hand goes there."""
        self.draw_ghost(canvas, piece, target, True)
        self.draw_piece(canvas, piece, 0, self.target_point(target))

    def draw_hint_move(self, canvas: Canvas, move: Move) -> None:
        """A choice of the card mid-play, or one card of a stack: its day lit."""
        if isinstance(move, (Play, Choose)):
            board.light_day(canvas, drops.target_rect(self.look, DayTarget(move.seat, move.day)))

    # -- the pieces: ``pieces.DaysPieces``; what else the drag asks of the table ------------
    def tutorial_parts(self) -> dict[str, pygame.FRect]:
        """What a tutorial step may point at here: the deck with its Draw button, the hand."""
        return {"deck": self.side.deck.union(self.side.draw), "hand": self.layout.hand}

    def held_look(self, piece: HandCard, rotation: int, target: Target | None) -> Hashable:
        return target == DISCARD  # over the pile nothing is drawn (the ghost is the preview)

    def on_pick(self, piece: HandCard) -> None:
        super().on_pick(piece)
        self.inspector.shown = None

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.inspector.shown is not None and self.inspector.handle(event, self.look, self._measure()):
            return True
        if not self.human_can_act() and self.app.stack.top is self:
            at = _clicked(event)
            if at is not None and self.inspector.open_at(self.look, at):
                return True
        return super().handle(event)

    def _measure(self) -> Canvas:
        return measure(self.app.settings.ui_scale)

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.cursor = None  # the keyboard's day frame is gone once the mouse plays on
        for intent in I.intents_of(event):
            if self._keyboard(intent):
                return True
        if self.drag.holding:
            return self.drag.handle(event)
        at = _clicked(event)
        if at is not None:
            spot = self.layout.day_at(at)
            if self.days.pending is not None and spot is not None:
                self._choose_at(spot)
                return True
            if self.side.deck.collidepoint(at) and self.facts.can_draw:
                self.play_human(DRAW)
                return True
            if self.piece_at(at) is None and self.inspector.open_at(self.look, at):
                return True
        return self.drag.handle(event)

    def _choose_at(self, spot: DayKey) -> None:
        """The next choice of the card mid-play, on a day (refused with the reason if not lit)."""
        moves = [Choose(*o) for o in self.facts.options if o[:2] == spot]
        if moves:
            self.inspector.choose(*spot, moves)
        else:
            self.show_reason(self.days.check(Choose(*spot)) or Reason.of("not_a_move", move=str(spot)))

    def _keyboard(self, intent: I.Intent) -> bool:
        """1–9 take a hand card, arrows move a day cursor, Enter plays there, Esc cancels a card."""
        kind = intent.kind
        if kind == I.DIGIT and intent.value <= len(self.hand()) and self.shows_hand() \
                and self.days.pending is None:
            self.cursor = self.cursor or (self.facts.viewer, 0)
            piece = HandCard(intent.value - 1, self.hand()[intent.value - 1])
            self.drag.pick(piece, self.layout.slot(*self.cursor).center)
            return True
        if kind in CURSOR_STEPS:
            self._move_cursor(kind)
            return True
        if kind == I.CONFIRM and self.cursor is not None:
            if self.drag.holding:
                self.drag.point(self.layout.slot(*self.cursor).center)
                self.drag.place()
            elif self.days.pending is not None:
                self._choose_at(self.cursor)
            return True
        if kind == I.BACK and not self.drag.holding and self.days.pending is not None:
            self.play_human(CANCEL)
            return True
        return False

    def _move_cursor(self, kind: str) -> None:
        self.cursor = self.layout.beside(self.cursor or (self.facts.viewer, 0), *CURSOR_STEPS[kind])
        if self.drag.holding:
            self.drag.point(self.layout.slot(*self.cursor).center)

    # -- time -------------------------------------------------------------------------------
    def animating(self) -> bool:
        """Also while days flash."""
        return super().animating() or self.flash is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash is not None:
            days, left = self.flash
            self.flash = (days, left - dt) if left > dt else None
        acting = self.human_can_act()
        self.draw_button.enabled = acting and self.facts.can_draw
        self.pass_button.enabled = acting and self.facts.can_pass

    def status_hint(self) -> str:
        return i18n.t("days.hint")

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        self.inspector.shown = None
        self.cursor = None  # the card it pointed for is placed
        changed = touched_days(events)
        if changed:
            self.flash = (changed, FLASH_TIME)

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        return motion.move_tweens(self.look, self.seen_before_change(), seat, events, self.move_origin)

    def staged_end(self) -> list[Tween]:
        """The weeks tallied day by day on the board, in the end screen's order."""
        self.walk = WeekTally(self.look)
        return self.walk.steps

    def component_at(self, pos: Point) -> Reference | None:
        if self.inspector.shown is not None:  # a popup over the table says it all
            return None
        return reference.component_at(self.look, pos)

    # -- drawing ----------------------------------------------------------------------------
    def draw_overlay(self, canvas: Canvas) -> None:
        """What floats over everything, side panel included: the card in hand, popups."""
        self.drag.draw(canvas)
        shown = self.inspector.shown
        if shown is not None:
            self.inspector.draw(canvas, self.look, self._spot_words(shown.seat, shown.day))
        elif not self.drag.holding:
            hovered = self.hovered_hand_card()
            if hovered is not None:
                popups.draw_card_panel(canvas, BOARD_RECT, self.hand_rects()[hovered],
                                       self.card(self.hand()[hovered]), self.edition)

    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        pal = palette()
        look = self.look
        leaving = motion.leaving(self.motion)
        counting = look.tally is not None  # the final scoring counts: the labels apart, as it moves on
        key = (self.seen_key, pal.name, self.edition, canvas.text_scale, leaving, counting)
        canvas.cached("days-weeks", key, rect, lambda c: board.draw_weeks(c, look, leaving, not counting))
        if counting:  # drawn again only when the count moves on
            labels = [self.layout.label_rect(seat) for seat in self.layout.order]
            canvas.cached("days-labels", key + (look.tally,), labels[0].unionall(labels[1:]),
                          lambda c: board.draw_week_labels(c, look))
        acting = self.human_can_act()
        flashed = self.flash[0] if self.flash is not None and not self.stage.playing else []  # the stage lights days
        board.draw_marks(canvas, look, acting, flashed,
                         self.cursor if acting else None)
        board.draw_banner(canvas, look, self.prompt(), acting)
        lifted = tuple(i for i, card in enumerate(self.hand()) if self.drag.is_lifted(HandCard(i, card)))
        selected = self.drag.selected
        chosen = selected.index if selected is not None else None
        hand_key = (self.seen_key, pal.name, self.edition, self.hovered_hand_card(), lifted, chosen)
        canvas.cached("days-hand", hand_key, self.layout.hand.inflate(8, 40),
                      lambda c: board.draw_hand(c, look, self.hand_rects(), lifted, chosen))

    def prompt(self) -> str:
        """The sentence for the banner."""
        state = self.days
        if self.public.awaiting:  # the next seat is not playing yet: it waits for End turn
            return waiting_words(self.seat_names, self.public.turn_shown, self.observed.to_move)[1]
        if not self.human_to_move():  # a human paused on their turn is not "playing" elsewhere
            return i18n.t("days.prompt.waiting", seat=self.seat_names[max(state.to_move, 0)])
        if state.refill:
            extra = len(state.hands[state.to_move]) - state.data.rules.hand_limit
            return i18n.plural("days.prompt.refill", extra, limit=state.data.rules.hand_limit)
        in_play = self._card_in_play()
        if in_play is not None:
            text = words.prompt_for(self.card(in_play[0]), in_play[1], self.edition)
            shown = self.inspector.shown
            if shown is not None and shown.picks:
                spot = self._spot_words(shown.seat, shown.day)
                text = i18n.t("days.step.in_stack", prompt=text, spot=spot)
            return text
        if self.drag.piece is not None:
            return i18n.t("days.prompt.picking", card=words.card_name(self.card(self.drag.piece.card), self.edition))
        if self.facts.can_play:
            return i18n.t("days.prompt.turn")
        return i18n.t("days.prompt.turn_no_play") if self.facts.can_draw else i18n.t("days.prompt.pass")

    def _card_in_play(self) -> tuple[int, int] | None:
        """The card whose choice is asked for and how many choices it has had: the card mid-play,
        or the one whose drop opened a stack chooser."""
        pending = self.days.pending
        if pending is not None:
            return pending[0], len(pending[1])
        shown = self.inspector.shown
        first = next(iter(shown.picks.values()), None) if shown is not None else None
        return (self.days.data.by_id[first.card], 0) if isinstance(first, Play) else None

    def _spot_words(self, seat: int, day: int) -> str:
        """"your Friday" for the player at the device (whose hand is shown), whoever moves;
        else "P2's Friday"."""
        you = self.private_seat()
        return words.spot_words(spot_text(seat, day), self.seat_names, you)

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        acting = self.human_can_act()
        kinds = [i18n.t(f"seat_kind.{self.seat_kind(seat)}") for seat in range(self.days.players)]
        key = (self.seen_key, palette().name, self.edition, acting)
        canvas.cached("days-side", key, SIDE_RECT, lambda c: board.draw_side(c, self.look, rect, kinds, acting))

    # -- log and game over ------------------------------------------------------------------
    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """The days a hovered turn played on, moved from or swapped."""
        for seat, day in touched_days(turn.events):
            canvas.rect(palette().focus, self.layout.card_rect(seat, day).inflate(6, 6), width=3, radius=8)

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        return words.turn_lines(before, turn, self.edition, self.seat_names)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        return words.score_table(outcome, self.days.names, self.seat_names)

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        labels = [self.seat_label(seat) for seat in range(self.days.players)]
        text = words.tie_text(outcome, self.days.names, labels)
        if canvas.paragraph_size(text, rect, 17) >= DETAIL_LEAST:  # else left out: the table says the scores
            canvas.paragraph(text, rect, 17, palette().text_dim)


def _clicked(event: pygame.event.Event) -> Point | None:
    """Where ``event`` selects (a click, a tap), if it does."""
    select = I.first(event, I.SELECT)
    return None if select is None else select.pos


SCENE = DaysScene

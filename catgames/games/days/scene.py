"""The Woof Days / Cat Days table: one week row per player, the hand fanned below, the deck and
discard pile beside.  Cards are dragged (or clicked, then placed) onto days; the follow-up
choices of multi-step cards are clicks on lit days (or on a card of a stack), with a prompt and
a Cancel until the last choice.  Legality always comes from the rules; hands are drawn from the
viewer's observation only.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.session import Turn
from catgames.games.days import popups, view, words
from catgames.games.days.components import (
    CANCEL,
    DAYS,
    DRAW,
    PASS,
    UNKNOWN,
    Choose,
    Discard,
    Move,
    Play,
    spot_text,
)
from catgames.games.days.effects import Spot
from catgames.games.days.layout import PILE, Layout
from catgames.games.days.rules import DaysState
from catgames.games.days.scoring import Standing, day_points, visible
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT, BaseGameScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

HOVER_DELAY = 0.35     #: before a hovered day shows its whole stack
FLASH_TIME = 1.4       #: the days a move changed stay outlined this long
DISCARD_TARGET = ("discard",)
SIDE = SIDE_RECT.inflate(-28, -24)
PILES_Y = SIDE.y + 148
DECK_RECT = pygame.FRect(SIDE.x, PILES_Y, *PILE)
DISCARD_RECT = pygame.FRect(SIDE.x + PILE[0] + 16, PILES_Y, *PILE)
BUTTON_X = DISCARD_RECT.right + 20
DayKey = tuple[int, int]


@dataclass(frozen=True)
class Facts:
    """What the table shows and allows after one move (recomputed once per move)."""

    view: DaysState                  #: the private seat's observation (all hands hidden if none)
    viewer: int                      #: whose week is drawn at the bottom
    private: int | None              #: whose hand may be shown face up
    plays: dict[str, list[Play]]     #: the human mover's legal plays by card id
    can_draw: bool
    can_pass: bool
    options: list[Spot]              #: the next choice of a card mid-play
    standing: Standing


@dataclass
class Inspect:
    """A popup over the table: one day's whole stack, or the discard pile.  ``picks`` makes the
    stack a chooser: stack position -> the move that clicking that card plays."""

    kind: str
    seat: int = -1
    day: int = -1
    picks: dict[int, Move] = field(default_factory=dict)
    pinned: bool = True


class DaysScene(BaseGameScene):
    """The table of Woof Days / Cat Days; see ``BaseGameScene`` for the shared parts."""

    def __init__(self, app, match) -> None:
        self.edition = str(match.options.get("edition", "uk"))  # before the base builds the log
        super().__init__(app, match)
        self.pointer: Point = (0.0, 0.0)
        self.hover_time = 0.0
        self.inspect: Inspect | None = None
        self.cursor: DayKey | None = None
        self.flash: tuple[list[DayKey], float] | None = None
        self._layout: tuple[tuple[int, int], Layout] | None = None
        self.draw_button = Button((BUTTON_X, PILES_Y, SIDE.right - BUTTON_X, 40), i18n.t("days.draw"),
                                  self.draw_card, tooltip=i18n.t("days.draw_tip"), size=20)
        self.pass_button = Button((BUTTON_X, PILES_Y + 48, SIDE.right - BUTTON_X, 40),
                                  i18n.t("days.pass_button"), lambda: self.play_human(PASS),
                                  tooltip=i18n.t("days.pass_tip"), size=20)

    # -- facts ------------------------------------------------------------------------------
    @property
    def days(self) -> DaysState:
        return self.state  # type: ignore[return-value]

    @property
    def facts(self) -> Facts:
        return self.seen

    def make_seen(self, view: DaysState, private: int | None) -> Facts:
        state = self.days
        plays: dict[str, list[Play]] = {}
        acting = not state.is_over() and self.match.is_human(state.to_move)
        if acting and state.pending is None and not state.refill:
            for move in state.plays():
                plays.setdefault(move.card, []).append(move)
        return Facts(
            view=view, viewer=self.viewer_seat(), private=private, plays=plays,
            can_draw=acting and state.check(DRAW) is None,
            can_pass=acting and state.check(PASS) is None,
            options=state.pending_options() if acting else [], standing=state.standing())

    @property
    def layout(self) -> Layout:
        key = (self.match.players, self.facts.viewer)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, Layout(BOARD_RECT, *key))
        return self._layout[1]

    def card(self, index: int):
        return self.days.data.cards[index]

    def hand(self) -> list[int]:
        """The viewer's hand as the viewer sees it (never another seat's cards)."""
        return self.facts.view.hands[self.facts.viewer]

    def shows_hand(self) -> bool:
        """Faces only when the bottom seat's hand is the private one: never an AI's, never a
        human's while the device may be in someone else's hands."""
        return self.facts.private is not None and self.facts.private == self.facts.viewer

    def hovered_hand_card(self) -> int | None:
        if not self.shows_hand() or self.drag.holding:
            return None
        rects = self.layout.hand_rects(len(self.hand()))
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(self.pointer):
                return i
        return None

    def hand_rects(self) -> list[pygame.FRect]:
        return self.layout.hand_rects(len(self.hand()), self.hovered_hand_card())

    def on_match_changed(self) -> None:
        self.inspect = None
        self.flash = None

    # -- widgets ----------------------------------------------------------------------------
    def extra_widgets(self) -> list[Widget]:
        widgets: list[Widget] = [self.draw_button, self.pass_button]
        if self.days.pending is not None and self.match.is_human(self.days.to_move):
            banner = self.layout.banner
            widgets.append(Button((banner.right - 156, banner.y + 4, 150, banner.h - 8), i18n.t("days.cancel"),
                                  lambda: self.play_human(CANCEL), tooltip=i18n.t("days.cancel_tip"), size=17))
        return widgets

    def draw_card(self) -> None:
        self.play_human(DRAW)

    def show_reason(self, reason: Reason) -> None:
        self.status = words.reason_words(reason, self.edition, self.match.seat_names, self.days.to_move)
        self.status_error = True
        self.app.sound.play("illegal")

    # -- DragHost ---------------------------------------------------------------------------
    def piece_at(self, pos: Point) -> Hashable | None:
        if self.days.pending is not None or not self.shows_hand():
            return None
        hand, rects = self.hand(), self.hand_rects()
        for i in range(len(hand) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return ("hand", i, hand[i])
        return None

    def _card_of(self, piece: Hashable) -> int:
        """A piece is ``("hand", index, card)``: the card is kept so a glide home still shows it
        after the hand has changed."""
        return piece[2]  # type: ignore[index]

    def home_of(self, piece: Hashable) -> Point:
        rects = self.hand_rects()
        i = piece[1]  # type: ignore[index]
        return rects[i].center if i < len(rects) else self.layout.hand.center

    def legal_targets(self, piece: Hashable, rotation: int) -> Sequence[Hashable]:
        if self.days.refill:
            return [DISCARD_TARGET]
        card_id = self.card(self._card_of(piece)).id
        return sorted({("day", m.seat, m.day) for m in self.facts.plays.get(card_id, [])})

    def snap(self, piece: Hashable, rotation: int, pos: Point) -> Hashable | None:
        if self.days.refill:
            return DISCARD_TARGET if DISCARD_RECT.inflate(40, 40).collidepoint(pos) else None
        spot = self.layout.day_at(pos)
        return None if spot is None else ("day", *spot)

    def check(self, piece: Hashable, target: Hashable) -> Reason | None:
        card_id = self.card(self._card_of(piece)).id
        if target == DISCARD_TARGET:
            return self.days.check(Discard(card_id))
        if target in self.drag.legal:
            return None
        _, seat, day = target  # type: ignore[misc]
        return self.days.check(Play(card_id, seat, day))

    def apply(self, piece: Hashable, target: Hashable) -> None:
        card_id = self.card(self._card_of(piece)).id
        if target == DISCARD_TARGET:
            self.play_human(Discard(card_id))
            return
        _, seat, day = target  # type: ignore[misc]
        moves = [m for m in self.facts.plays.get(card_id, []) if (m.seat, m.day) == (seat, day)]
        self._choose_on_day(seat, day, moves)

    def _choose_on_day(self, seat: int, day: int, moves: Sequence[Move]) -> None:
        """One move for that day: play it; several (cards of one stack): let the player pick."""
        if len(moves) == 1:
            self.play_human(moves[0])
        elif moves:
            picks = {m.pos: m for m in moves}  # type: ignore[union-attr]
            self.inspect = Inspect("day", seat, day, picks)

    def target_point(self, target: Hashable) -> Point:
        if target == DISCARD_TARGET:
            return DISCARD_RECT.center
        _, seat, day = target  # type: ignore[misc]
        return self.layout.card_rect(seat, day).center

    def draw_piece(self, canvas: Canvas, piece: Hashable, rotation: int, center: Point) -> None:
        if self.drag.dragging and self.drag.target == DISCARD_TARGET:
            return  # over the small pile the ghost is the preview; the card would hide it
        w, h = self.layout.hand_rects(1)[0].size
        rect = pygame.FRect(0, 0, w * 0.85, h * 0.85).move_to(center=center)
        view.draw_card(canvas, rect, self.card(self._card_of(piece)), self.edition)

    def draw_hints(self, canvas: Canvas, piece: Hashable, targets: Sequence[Hashable]) -> None:
        pal = palette()
        for target in targets:
            if target == DISCARD_TARGET:
                canvas.rect(pal.ok, DISCARD_RECT.inflate(10, 10), width=4, radius=10)
            else:
                self._light_day(canvas, target[1], target[2])  # type: ignore[index]

    def _light_day(self, canvas: Canvas, seat: int, day: int) -> None:
        """A legal target: tinted, outlined and ticked (never colour alone)."""
        pal = palette()
        slot = self.layout.slot(seat, day).inflate(-4, -2)
        canvas.rect((*pal.ok, 60), slot, radius=8)
        canvas.rect(pal.ok, slot, width=3, radius=8)
        canvas.circle(pal.ok, (slot.right - 11, slot.y + 11), 9)
        canvas.text("✓", (slot.right - 11, slot.y + 11), 14, (255, 255, 255), "center", bold=True, fixed=True)

    def draw_ghost(self, canvas: Canvas, piece: Hashable, target: Hashable, legal: bool) -> None:
        pal = palette()
        color = pal.ok if legal else pal.bad
        rect = DISCARD_RECT.inflate(10, 10) if target == DISCARD_TARGET else \
            self.layout.slot(target[1], target[2]).inflate(-2, 0)  # type: ignore[index]
        canvas.rect(color, rect, width=5, radius=10)
        centre = (rect.centerx, rect.bottom - 16)
        canvas.circle(color, centre, 13)
        canvas.text("✓" if legal else "✗", centre, 20, (255, 255, 255), "center", bold=True, fixed=True)
        if not legal and self.drag.target_reason is not None:
            self._note(canvas, words.reason_words(self.drag.target_reason, self.edition,
                                                  self.match.seat_names, self.days.to_move), error=True)

    def on_pick(self, piece: Hashable) -> None:
        super().on_pick(piece)
        self.inspect = None

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if self.layout.day_at(event.pos) != self.layout.day_at(self.pointer):
                self.hover_time = 0.0
            self.pointer = event.pos
        if self.inspect is not None and self.inspect.pinned and self._handle_popup(event):
            return True
        if not self.human_can_act() and self.app.stack.top is self:
            select = I.first(event, I.SELECT)
            if select is not None and self._inspect_at(select.pos):
                return True
        return super().handle(event)

    def _handle_popup(self, event: pygame.event.Event) -> bool:
        """A pinned popup: a click on a pickable card plays it; any other click or Esc closes."""
        assert self.inspect is not None
        intent = I.first(event, I.SELECT, I.BACK)
        if intent is None:
            return False
        if intent.kind == I.SELECT and self.inspect.picks:
            for pos, rect in self._popup_cards():
                if rect.collidepoint(intent.pos) and pos in self.inspect.picks:
                    move = self.inspect.picks[pos]
                    self.inspect = None
                    self.play_human(move)
                    return True
        self.inspect = None
        return True

    def _inspect_at(self, pos: Point) -> bool:
        """Clicks that only look: the discard pile, or a day's whole stack."""
        if DISCARD_RECT.collidepoint(pos):
            self.inspect = Inspect("discard")
            return True
        spot = self.layout.day_at(pos)
        if spot is not None and self.facts.view.weeks[spot[0]][spot[1]]:
            self.inspect = Inspect("day", *spot)
            return True
        return False

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        for intent in I.intents_of(event):
            if self._keyboard(intent):
                return True
        if self.drag.holding:
            return self.drag.handle(event)
        select = I.first(event, I.SELECT)
        if select is not None:
            spot = self.layout.day_at(select.pos)
            if self.days.pending is not None and spot is not None:
                self._choose_at(spot)
                return True
            if DECK_RECT.collidepoint(select.pos) and self.facts.can_draw:
                self.draw_card()
                return True
            if self.piece_at(select.pos) is None and self._inspect_at(select.pos):
                return True
        return self.drag.handle(event)

    def _choose_at(self, spot: DayKey) -> None:
        """The next choice of the card mid-play, on a day (refused with the reason if not lit)."""
        moves = [Choose(*o) for o in self.facts.options if o[:2] == spot]
        if moves:
            self._choose_on_day(*spot, moves)
        else:
            self.show_reason(self.days.check(Choose(*spot)) or Reason.of("not_a_move", move=str(spot)))

    def _keyboard(self, intent: I.Intent) -> bool:
        """1–9 take a hand card, arrows move a day cursor, Enter plays there, Esc cancels a card."""
        kind = intent.kind
        if kind == I.DIGIT and intent.value <= len(self.hand()) and self.shows_hand() \
                and self.days.pending is None:
            self.cursor = self.cursor or (self.facts.viewer, 0)
            piece = ("hand", intent.value - 1, self.hand()[intent.value - 1])
            self.drag.pick(piece, self.layout.slot(*self.cursor).center)
            return True
        if kind in (I.UP, I.DOWN, I.LEFT, I.RIGHT):
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
        order = self.layout.order
        seat, day = self.cursor or (self.facts.viewer, 0)
        row = order.index(seat)
        if kind in (I.LEFT, I.RIGHT):
            day = (day + (1 if kind == I.RIGHT else -1)) % DAYS
        else:
            row = (row + (1 if kind == I.DOWN else -1)) % len(order)
        self.cursor = (order[row], day)
        if self.drag.holding:
            self.drag.point(self.layout.slot(*self.cursor).center)

    # -- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.hover_time += dt
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
        self.inspect = None
        changed: list[DayKey] = []
        for event in events:
            data = dict(event.data)
            for key in ("to", "source", "at"):
                changed += self._days_of(data.get(key))
            for key in ("days", "spots"):
                for text in data.get(key) or ():
                    changed += self._days_of(text)
        if changed:
            self.flash = (changed, FLASH_TIME)

    def _days_of(self, text: object) -> list[DayKey]:
        if not isinstance(text, str) or " " not in text:
            return []
        seat, day = text.split(":")[0].split(" ")
        data = self.days.data
        return [(data.seats.index(seat), data.day_index(day))] if seat in data.seats else []

    # -- drawing: the table -----------------------------------------------------------------
    def draw_overlay(self, canvas: Canvas) -> None:
        """What floats over everything, side panel included: the card in hand, popups."""
        self.drag.draw(canvas)
        if self.inspect is not None:
            self._draw_popup(canvas, self.inspect)
        elif not self.drag.holding:
            hovered = self.hovered_hand_card()
            if hovered is not None:
                popups.draw_card_panel(canvas, BOARD_RECT, self.hand_rects()[hovered],
                                       self.card(self.hand()[hovered]), self.edition)
            else:
                spot = self.layout.day_at(self.pointer)
                choosing = self.days.pending is not None  # the lit targets stay in sight
                if spot is not None and not choosing and self.hover_time >= HOVER_DELAY \
                        and self.facts.view.weeks[spot[0]][spot[1]]:
                    self._draw_popup(canvas, Inspect("day", *spot, pinned=False))

    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        pal = palette()
        facts = self.facts
        key = (id(facts), pal.name, self.edition, canvas.text_scale)
        canvas.cached("days-weeks", key, rect, self._draw_weeks)
        for seat, day in self._chosen_days():
            slot = self.layout.slot(seat, day).inflate(-4, -2)
            canvas.rect(pal.focus, slot, width=4, radius=8)
        if self.human_can_act():
            for seat, day in sorted({o[:2] for o in facts.options}):
                self._light_day(canvas, seat, day)
        if self.flash is not None:
            for seat, day in self.flash[0]:
                canvas.rect(pal.focus, self.layout.slot(seat, day).inflate(-2, 0), width=3, radius=8)
        if self.cursor is not None and self.human_can_act():
            canvas.rect(pal.text, self.layout.slot(*self.cursor).inflate(2, 2), width=2, radius=9)
        self._draw_banner(canvas)
        lifted = tuple(i for i, card in enumerate(self.hand()) if self.drag.is_lifted(("hand", i, card)))
        hand_key = (id(facts), pal.name, self.edition, self.hovered_hand_card(), lifted, self.drag.selected,
                    self.shows_hand())
        canvas.cached("days-hand", hand_key, self.layout.hand.inflate(8, 16), self._draw_hand)

    def _chosen_days(self) -> list[DayKey]:
        pending = self.days.pending
        return [spot[:2] for spot in pending[1]] if pending is not None else []

    def _draw_weeks(self, canvas: Canvas) -> None:
        pal = palette()
        lay = self.layout
        for day in range(DAYS):
            x = lay.x0 + (day + 0.5) * lay.slot_w
            canvas.text(words.day_name(day, short=True), (x, lay.day_head_y + 9), 16, pal.text_dim, "center",
                        bold=True)
        for seat in lay.order:
            self._draw_week(canvas, seat)

    def _draw_week(self, canvas: Canvas, seat: int) -> None:
        pal = palette()
        lay = self.layout
        row = lay.rows[seat]
        view_state = self.facts.view
        back = row.rect.inflate(4, 0)
        canvas.rect(pal.panel if row.own else (*pal.panel, 150), back, radius=10)
        if seat == self.days.to_move:
            canvas.rect(pal.focus, back, width=3, radius=10)
        self._draw_week_label(canvas, seat)
        pending = self.days.pending
        for day in range(DAYS):
            stack = view_state.weeks[seat][day]
            tree = bool(view_state.trees[seat] >> day & 1)
            rect = lay.card_rect(seat, day)
            if pending is not None and pending[1][0][:2] == (seat, day) and self.card(pending[0]).placement:
                self._draw_day(canvas, rect, stack + (pending[0],), tree, row.compact, ghost=True)
            else:
                self._draw_day(canvas, rect, stack, tree, row.compact)

    def _draw_week_label(self, canvas: Canvas, seat: int) -> None:
        pal = palette()
        box = self.layout.label_rect(seat).inflate(-12, -10)
        compact = self.layout.rows[seat].compact
        self.draw_seat_swatch(canvas, seat, pygame.FRect(box.x, box.y, 22, 22))
        name = self.match.seat_names[seat]
        if seat == self.facts.viewer and self.shows_hand():
            name += f" ({i18n.t('days.you')})"
        canvas.text(name, (box.x + 28, box.y + 11), 17, pal.text, "midleft", bold=True, max_width=box.w - 28)
        view_state = self.facts.view
        score = self.facts.standing.scores[seat]
        y = box.y + 28
        r = canvas.text(str(score), (box.x, y), 30 if not compact else 24, pal.text, bold=True, fixed=True)
        canvas.text(i18n.t("days.week_score", points="").strip(), (r.right + 4, r.bottom - 6), 14, pal.text_dim,
                    "bottomleft", max_width=box.right - r.right - 4)
        empty = sum(1 for stack in view_state.weeks[seat] if not stack)
        fill = i18n.t("days.full") if empty == 0 else i18n.t("days.empty_days", count=empty)
        canvas.text(fill, (box.x, r.bottom + 2), 14, pal.text_dim, max_width=box.w)

    def _draw_day(self, canvas: Canvas, rect: pygame.FRect, stack: tuple[int, ...], tree: bool, compact: bool,
                  ghost: bool = False) -> None:
        """One day: empty outline, or the visible card (three cats on a Cat Tree) with the
        covered cards peeking out above and counted below."""
        pal = palette()
        data = self.days.data
        if tree:
            view.draw_tree_backdrop(canvas, rect)
        if not stack:
            if tree:
                view.draw_count_badge(canvas, rect.center, i18n.t("days.tree"), pal.panel, pal.text)
            else:
                view.draw_empty_day(canvas, rect, pal.panel_edge, i18n.t("days.empty"))
            return
        shown = visible(data, stack, tree)
        under = len(stack) - len(shown)
        deck = words.version_key(self.card(stack[-1]))
        view.draw_under(canvas, rect, under, deck)
        if tree:
            strip = (rect.h - 4) / len(shown)
            for k, card in enumerate(reversed(shown)):
                strip_rect = pygame.FRect(rect.x, rect.y + k * strip, rect.w, strip - 3)
                view.draw_card(canvas, strip_rect, self.card(card), self.edition, dim=ghost and k == 0)
            total = day_points(data, stack, tree)
            view.draw_count_badge(canvas, (rect.right - 18, rect.bottom + 8), f"Σ {total}", pal.focus,
                                  pal.text_on_accent)
        else:
            view.draw_card(canvas, rect, self.card(stack[-1]), self.edition, dim=ghost)
        if ghost:
            canvas.rect(pal.focus, rect.inflate(6, 6), width=3, radius=10)
        if under:
            x = rect.x + 18 if tree else rect.centerx
            view.draw_count_badge(canvas, (x, rect.bottom + 8), i18n.t("days.covered", count=under), pal.panel,
                                  pal.text)

    def _draw_hand(self, canvas: Canvas) -> None:
        hand = self.hand()
        rects = self.hand_rects()
        for i, (card, rect) in enumerate(zip(hand, rects)):
            if self.drag.is_lifted(("hand", i, card)):
                continue
            if card == UNKNOWN or not self.shows_hand():
                view.draw_card_back(canvas, rect)
                continue
            view.draw_card(canvas, rect, self.card(card), self.edition)
            if self.drag.selected == ("hand", i, card):
                canvas.rect(palette().focus, rect.inflate(8, 8), width=4, radius=12)
            if i < 9:
                canvas.text(str(i + 1), (rect.x + 4, rect.bottom - 3), 12, view.INK_SOFT, "bottomleft",
                            fixed=True)
        if not self.shows_hand():
            pal = palette()
            text = i18n.t("days.hidden_hand", seat=self.match.seat_names[self.facts.viewer])
            view.draw_count_badge(canvas, self.layout.hand.center, text, pal.panel, pal.text)

    def _draw_banner(self, canvas: Canvas) -> None:
        """The prompt: what to do now, and for a card mid-play, the card and its next choice."""
        if self.days.is_over():
            return
        pal = palette()
        banner = self.layout.banner
        pending = self.days.pending
        acting = self.human_can_act()
        canvas.rect(pal.panel, banner, radius=10)
        if acting and (pending is not None or self.days.refill):
            canvas.rect(pal.focus, banner, width=3, radius=10)
        x = banner.x + 14
        if pending is not None:
            strip = pygame.FRect(x, banner.y + 5, 120, banner.h - 10)
            view.draw_card(canvas, strip, self.card(pending[0]), self.edition)
            x = strip.right + 12
        right = banner.right - (164 if pending is not None and acting else 14)
        canvas.text(self.prompt(), (x, banner.centery), 18, pal.text, "midleft", bold=acting,
                    max_width=right - x)

    def prompt(self) -> str:
        """The sentence for the banner."""
        state = self.days
        if not self.human_can_act():
            return i18n.t("days.prompt.waiting", seat=self.match.seat_names[max(state.to_move, 0)])
        if state.refill:
            extra = len(state.hands[state.to_move]) - state.data.rules.hand_limit
            return i18n.t("days.prompt.refill", count=extra, limit=state.data.rules.hand_limit)
        picks = self.inspect.picks if self.inspect is not None else {}
        if state.pending is not None or picks:
            if state.pending is not None:
                card, chosen = state.pending[0], len(state.pending[1])
            else:
                card, chosen = state.data.by_id[next(iter(picks.values())).card], 0  # type: ignore[union-attr]
            text = words.prompt_for(self.card(card), chosen, self.edition)
            if picks:
                assert self.inspect is not None
                text = i18n.t("days.step.in_stack", prompt=text, spot=self._spot_words(self.inspect.seat,
                                                                                          self.inspect.day))
            return text
        if self.drag.holding:
            return i18n.t("days.prompt.picking", card=self.card(self._card_of(self.drag.piece)).name(self.edition))
        if self.facts.plays:
            return i18n.t("days.prompt.turn")
        return i18n.t("days.prompt.turn_no_play") if self.facts.can_draw else i18n.t("days.prompt.pass")

    def _spot_words(self, seat: int, day: int) -> str:
        """"your Friday" for the player to act, else "P2's Friday"."""
        you = self.days.to_move if self.human_can_act() else None
        return words.spot_words(spot_text(seat, day), self.match.seat_names, you)

    def _note(self, canvas: Canvas, text: str, error: bool = False) -> None:
        """A line over the banner (why the ghost is red)."""
        pal = palette()
        rect = self.layout.banner
        canvas.rect(pal.panel, rect, radius=10)
        canvas.rect(pal.bad if error else pal.focus, rect, width=3, radius=10)
        canvas.text(("✗ " if error else "") + text, rect.center, 18, pal.text, "center", max_width=rect.w - 24)

    # -- drawing: side panel, piles, popups -------------------------------------------------
    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        key = (id(self.facts), palette().name, self.edition, self.human_can_act())
        canvas.cached("days-side", key, SIDE_RECT, lambda c: self._draw_side(c, rect))

    def _draw_side(self, canvas: Canvas, rect: pygame.FRect) -> None:
        """The seats with their hand sizes, the deck (click to draw) and the discard pile."""
        pal = palette()
        n = self.match.players
        step = min(36.0, (PILES_Y - rect.y - 8) / n)
        for seat in range(n):
            y = rect.y + seat * step
            self.draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y, 24, 24))
            canvas.text(self.match.seat_names[seat], (rect.x + 34, y + 12), 18, pal.text, "midleft",
                        max_width=90)
            kind = i18n.t(f"seat_kind.{self.match.seat_kind(seat)}")
            canvas.text(kind, (rect.x + 130, y + 12), 16, pal.text_dim, "midleft", max_width=rect.w - 210)
            cards = hand_count(len(self.facts.view.hands[seat]))
            canvas.text(cards, (rect.right, y + 12), 16, pal.text_dim, "midright", max_width=76)
            if seat == self.days.to_move:
                canvas.text("▶", (rect.x - 4, y + 12), 14, pal.focus, "midright")
        view_state = self.facts.view
        view.draw_card_back(canvas, DECK_RECT, str(len(view_state.deck)) if view_state.deck else "")
        if self.facts.can_draw and self.human_can_act():
            canvas.rect(pal.accent, DECK_RECT.inflate(6, 6), width=3, radius=9)
        if view_state.discard:
            view.draw_card(canvas, DISCARD_RECT, self.card(view_state.discard[-1]), self.edition)
        else:
            view.draw_empty_day(canvas, DISCARD_RECT, pal.panel_edge, "")
        for pile, text in ((DECK_RECT, i18n.t("days.deck", count=len(view_state.deck))),
                           (DISCARD_RECT, i18n.t("days.discard", count=len(view_state.discard)))):
            canvas.text(text, (pile.centerx, pile.bottom + 6), 15, pal.text_dim, "midtop", max_width=pile.w + 14)

    def _popup_cards(self) -> list[tuple[int, pygame.FRect]]:
        """The cards of the pinned stack popup as (stack position, rect), for clicks."""
        if self.inspect is None or self.inspect.kind != "day":
            return []
        return list(enumerate(self._stack_popup(self.inspect)[1]))

    def _stack_popup(self, ins: Inspect) -> tuple[pygame.FRect, list[pygame.FRect]]:
        count = len(self.facts.view.weeks[ins.seat][ins.day])
        return popups.stack_layout(BOARD_RECT, self.layout.slot(ins.seat, ins.day), count)

    def _draw_popup(self, canvas: Canvas, ins: Inspect) -> None:
        if ins.kind == "discard":
            pile = [self.card(c) for c in self.facts.view.discard]
            popups.draw_discard(canvas, BOARD_RECT, pile, self.edition)
            return
        panel, rects = self._stack_popup(ins)
        stack = self.facts.view.weeks[ins.seat][ins.day]
        tree = bool(self.facts.view.trees[ins.seat] >> ins.day & 1)
        title = i18n.t("days.stack_title", spot=self._spot_words(ins.seat, ins.day))
        if tree:
            title += f" · {i18n.t('days.tree')}"
        popups.draw_stack(canvas, panel, rects, [self.card(c) for c in stack],
                          len(visible(self.days.data, stack, tree)), title, self.edition, list(ins.picks),
                          ins.pinned)

    # -- log and game over ------------------------------------------------------------------
    def log_lines(self, turn: Turn) -> list[str]:
        """Each event in words; an animal's ``play`` is said by where it is put.  A card mid-play
        leaves no line until its last choice commits it (then its whole play is told), and a
        cancelled one none at all: a hotseat rival must not read a plan that was taken back."""
        events = self._committed_events(turn)
        placed = any(e.kind == "place" for e in events)
        lines = []
        for event in events:
            if event.kind == "play" and placed:
                continue
            line = words.event_line(event, self.edition, self.match.seat_names)
            if line:
                lines.append(line)
        return lines

    def _committed_events(self, turn: Turn) -> list[Event]:
        """The events a turn adds to the log: none while its card is still pending or when it
        takes the card back; for the choice that completes a card, the events of the whole play."""
        if any(e.kind in ("choose", "cancel") for e in turn.events):
            return []
        if not turn.move.startswith("choose"):
            return list(turn.events)
        history = self.match.history
        i = next((i for i in range(len(history) - 1, -1, -1) if history[i] is turn), 0)
        earlier: list[Event] = []
        for before in reversed(history[:i]):  # back to the play that started this card
            earlier[:0] = [e for e in before.events if e.kind != "choose"]
            if before.move.startswith("play"):
                break
        return earlier + list(turn.events)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        """Each day's visible points, the tie-break count when it was used, the total."""
        detail = outcome.detail
        names = self.days.names
        tie = bool(detail.get("tie_break"))
        heads = [i18n.t("over.player")] + [words.day_name(d, short=True) for d in range(DAYS)]
        heads += [i18n.t("days.cards_in_week")] if tie else []
        heads.append(i18n.t("over.total"))
        rows = []
        for seat, name in enumerate(names):
            week = detail["weeks"][name]
            cells = [self.match.seat_names[seat] + (" ✓" if week["filled"] else "")]
            for day in week["days"].values():
                cells.append(str(day["points"]) if day["cards"] else "–")
            cells += [str(week["animals"])] if tie else []
            rows.append(cells + [str(outcome.scores[seat])])
        return heads, rows

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """The tie-break, when it decided; else how scoring works."""
        pal = palette()
        detail = outcome.detail
        if detail.get("tie_break"):
            if outcome.winner is None:
                text = i18n.t("days.tie_draw")
            else:
                animals = detail["weeks"][self.days.names[outcome.winner]]["animals"]
                text = i18n.t("days.tie_break", seat=self.seat_label(outcome.winner), count=animals)
        else:
            text = i18n.t("days.no_tie")
        canvas.paragraph(text, rect, 17, pal.text_dim)


def hand_count(count: int) -> str:
    return i18n.t("days.hand_count_one") if count == 1 else i18n.t("days.hand_count", count=count)


SCENE = DaysScene

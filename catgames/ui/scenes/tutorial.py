"""A tutorial at the game's real table: the callout that teaches, the script that answers.

``tutorial_table`` makes, for any game's table class (``ui.registry``), a subclass that plays a
``catgames.core.tutorial.Tutorial``: its match starts on the tutorial's position; each step's
sentence is shown in a callout beside what it points at (the step move's piece and place, or a
part of the table); a move other than the step's is refused with the step's hint (a dropped
piece glides home, as after any refusal); the other seats answer with the script, through a
``ScriptedWorker`` in place of the AI worker, which therefore never thinks; nothing is saved,
undone or recorded.  Esc opens the pause menu, whose last entry leaves the tutorial.

The title offers a game's tutorial once, when the player first starts that game
(``scenes.first_game``); the pause menu and the new-game screen offer it at any time
(``start_tutorial``, through the app's ``screens``).
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

import pygame

from catgames.core.catalogue import UnknownGame
from catgames.core.data import DataError
from catgames.core.rules import Reason, State
from catgames.core.session import Match
from catgames.core.tutorial import MOVE, Script, Tutorial, load_tutorial
from catgames.ui import i18n, registry
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import HEADER, LOG_RECT, STATUS_RECT, BaseGameScene
from catgames.ui.scenes.base import to_title
from catgames.ui.scenes.first_game import remember
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, WidgetGroup, least_covering

log = logging.getLogger(__name__)

OFF_SCRIPT = Reason.of("tutorial_step")  #: a move the step does not ask for
WIDTH, PAD, GAP = 368.0, 18.0, 10.0  #: as wide as the column of the side panel and log
TEXT_SIZE, COUNT_SIZE, BUTTON_SIZE = 19, 15, 18
AREA = pygame.FRect(8, HEADER.bottom + 8, 1264, STATUS_RECT.top - 6 - HEADER.bottom - 8)  #: where it may go: never over the status line, which says why a move is refused
RING = 34.0  #: radius of the ring around a piece or place the step points at
#: the callout's text is its own layer: it lies over the table like an overlay and is checked
#: against itself, not against the table text it covers
CALLOUT_LAYER = -1


class ScriptedWorker:
    """The AI worker of a tutorial: it answers a request with the script's next reply, read
    from the replying seat's own view (the observation the request carries, as a real worker's
    does), never from the whole position."""

    def __init__(self, table: "TutorialTable") -> None:
        self.table = table
        self.asked: State | None = None  #: the view a reply is asked for

    def request(self, game_id: str, state_dict: Any, seat: int, difficulty: str, seed: int,
                **options: Any) -> None:
        self.asked = self.table.tutorial.game.state_from_dict(state_dict)

    def poll(self) -> str | None:
        view, self.asked = self.asked, None
        return None if view is None else self.table.script.reply_text(view)

    def cancel(self) -> None:
        self.asked = None

    def close(self) -> None:
        self.asked = None


class TutorialTable(BaseGameScene[Any, Any]):
    """Put before a game's table class (``tutorial_table``): that table, playing a tutorial."""

    def __init__(self, app, tutorial: Tutorial) -> None:
        super().__init__(app, tutorial.new_match())
        self.tutorial = tutorial
        self.script = Script(tutorial)
        self.worker = ScriptedWorker(self)
        self.callout_buttons = WidgetGroup()
        self._spots: tuple[tuple[int, int, int], tuple[Any, int, Any] | None] | None = None

    # -- the script ---------------------------------------------------------------------------
    def hints_offered(self) -> bool:
        """No hints in a tutorial: its steps say what to play (and a hint could point off the
        script, whose replies are the only ones the scripted opponent knows)."""
        return False

    def ask_hint(self) -> None:
        self.status, self.status_error = i18n.t("tutorial.no_hint"), False

    def human_can_act(self) -> bool:
        """As at any table (so it reads as the player's turn), except while the script replies;
        what the step does not ask for is refused when it is played."""
        return super().human_can_act() and not self.script.replying

    def _play_human(self, move: Any) -> Reason | None:
        if self.human_can_act() and not self.script.allows(self.observed, move):
            return OFF_SCRIPT
        reason = super()._play_human(move)
        if reason is None:
            self.script.moved(again=self.observed.to_move == self.tutorial.player)
            self._step_changed()
        return reason

    def show_reason(self, reason: Reason) -> None:
        if reason != OFF_SCRIPT:
            super().show_reason(reason)
            return
        hint = "tutorial.read_first" if self.script.reading else self.script.step.hint
        self.status, self.status_error = i18n.t(hint), True
        self.app.sound.play("illegal")

    def _drive_ai(self, dt: float) -> None:
        if self.script.replying:  # the script's answer only: no AI thinks in a tutorial
            super()._drive_ai(dt)

    def _ai_moved(self) -> None:
        self.script.replied(again=self.observed.to_move != self.tutorial.player)
        self._step_changed()

    def next_step(self) -> None:
        self.script.next()
        self._step_changed()

    def _step_changed(self) -> None:
        self._spots = None
        self._build_buttons()
        self.app.invalidate()

    # -- what a tutorial does not do ----------------------------------------------------------
    def _autosave(self, match: Match) -> None:
        """A tutorial is not a game to continue: nothing is saved."""

    def restart(self) -> None:
        """The pause menu's Restart starts the tutorial again."""
        self.script = Script(self.tutorial)
        self.replace_match(self.tutorial.new_match())
        self._step_changed()

    def leave(self) -> None:
        to_title(self.app)

    def play_real_game(self) -> None:
        game_id = self.game_id
        to_title(self.app)
        self.app.screens.new_game(game_id)

    # -- input and frame ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.stack.top is self and self.callout_buttons.handle(event):
            return True
        if self.script.reading and not self.script.at_end and I.first(event, I.CONFIRM):
            self.next_step()
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.callout_buttons.update(dt)

    def animating(self) -> bool:
        return super().animating() or self.callout_buttons.animating()

    def _build_buttons(self) -> None:
        super()._build_buttons()
        self.callout_buttons = WidgetGroup(self._callout_buttons(self.callout_rect(self.app.canvas)))

    def _callout_buttons(self, rect: pygame.FRect) -> list[Button]:
        """The answers at the callout's foot, one under the other (a long label keeps its size)."""
        answers = self._answers()
        h = self._button_h(self.app.canvas)
        y = rect.bottom - PAD - len(answers) * (h + GAP) + GAP
        return [Button((rect.x + PAD, y + i * (h + GAP), rect.w - 2 * PAD, h), i18n.t(key), action,
                       primary=i == 0, size=BUTTON_SIZE)
                for i, (key, action) in enumerate(answers)]

    def _answers(self) -> list[tuple[str, Callable[[], None]]]:
        """The callout's buttons (label key, action): Next on a step to read, at the end the
        ways out; none while a move is due."""
        if not self.script.reading:
            return []
        if self.script.at_end:
            return [("tutorial.play_real", self.play_real_game), ("tutorial.to_title", self.leave)]
        return [("tutorial.next", self.next_step)]

    def _button_h(self, canvas: Canvas) -> float:
        """As tall as the longest label of the answers needs."""
        lines = max((len(canvas.wrap(i18n.t(key), WIDTH - 2 * PAD - 20, BUTTON_SIZE, True))
                     for key, _ in self._answers()), default=1)
        return max(44.0, lines * canvas.line_height(BUTTON_SIZE, True) + 10)

    # -- where the step points ----------------------------------------------------------------
    def highlight(self) -> tuple[list[Point], list[pygame.FRect]]:
        """What the step points at: the spots of its move (where the piece is, where it goes),
        or parts of the table (a name the table does not know points at nothing)."""
        show = self.script.step.show
        if show == (MOVE,):
            return (self.move_spots() if self.script.awaiting_move else []), []
        parts = self.parts()
        return [], [parts[name] for name in show if name in parts]

    def parts(self) -> dict[str, pygame.FRect]:
        """The parts of the table a step may point at by name: the shared table's, and those
        the game's table names in an optional ``tutorial_parts()``."""
        parts = {"board": self.board_rect, "side": self.side_rect, "log": LOG_RECT,
                 "status": self.status_rect,
                 "menu": pygame.FRect(HEADER.right - 420, HEADER.y + 6, 416, HEADER.h - 12)}
        own = getattr(self, "tutorial_parts", None)
        return parts | (own() if own is not None else {})

    def move_spots(self) -> list[Point]:
        """Where the step's move starts and ends on the table (empty when the move is not a
        drop — a button, a key: the sentence then says how)."""
        drop = self.step_drop()
        return [] if drop is None else [self.home_of(drop[0]), self.target_point(drop[2])]

    def step_drop(self) -> tuple[Any, int, Any] | None:
        """A piece whose drop makes the step's move, how often it is turned, and the target it
        is dropped on; only a piece the player can take up where it lies (Kotatsu's two cards
        together exist only once one is chosen: the sentence then says what to click)."""
        key = (self.script.index, *self.version)
        if self._spots is None or self._spots[0] != key:
            move = self.script.expected(self.observed)
            drop = None if move is None else self.drop_for(move)
            if drop is not None and self.piece_at(self.home_of(drop[0])) != drop[0]:
                drop = None
            self._spots = (key, drop)
        return self._spots[1]

    # -- the callout --------------------------------------------------------------------------
    def callout_text(self) -> str:
        return i18n.t(self.script.step.say)

    def callout_rect(self, canvas: Canvas) -> pygame.FRect:
        """Beside what the step points at (below, above, right, left: the first that fits
        without covering it); over the log when it points at nothing."""
        inner = WIDTH - 2 * PAD
        height = (PAD + canvas.line_height(COUNT_SIZE) + 6
                  + len(canvas.wrap(self.callout_text(), inner, TEXT_SIZE)) * canvas.line_height(TEXT_SIZE)
                  + PAD)
        height += len(self._answers()) * (GAP + self._button_h(canvas))
        spots, parts = self.highlight()
        anchor = (_union(parts) if parts
                  else _bounds(spots).inflate(2 * RING + 12, 2 * RING + 12) if spots else None)
        if anchor is None:
            return _inside(pygame.FRect(LOG_RECT.right - WIDTH, self._column_y(canvas, LOG_RECT.bottom, height),
                                        WIDTH, height))
        return _beside(anchor, WIDTH, height, self._column_y(canvas, anchor.centery - height / 2, height))

    def _column_y(self, canvas: Canvas, y: float, height: float) -> float:
        """The top of a callout ``height`` tall in the log's column, as near ``y`` as the log
        allows: under the log's heading where it fits there, else over the heading whole (a
        heading cut through its middle looked broken: the play-test, Chinese at 150 %)."""
        under, bottom = self.log_panel.heading_bottom(canvas), min(LOG_RECT.bottom, AREA.bottom)
        if bottom - height >= under:
            return min(max(y, under), bottom - height)
        return max(min(LOG_RECT.top, bottom - height), AREA.top)

    def draw_overlay(self, canvas: Canvas) -> None:
        """The step's rings under what the table floats over its board (a held card, a card's
        panel, a kotatsu's result), so they never hide it; the callout over everything."""
        pal = palette()
        spots, parts = self.highlight()
        for part in parts:
            canvas.rect(pal.focus, part.inflate(6, 6), width=4, radius=14)
        drop = self.step_drop() if spots else None
        if drop is not None and not self.drag.holding:  # the move itself, shown where it goes
            self.draw_ghost(canvas, drop[0], drop[2], True)
        if len(spots) == 2:
            canvas.line(pal.focus, spots[0], spots[1], 3)
        for spot in spots:
            canvas.circle(pal.focus, spot, RING, width=4)
        super().draw_overlay(canvas)
        layer, canvas.layer = canvas.layer, CALLOUT_LAYER
        try:
            self._draw_callout(canvas)
        finally:
            canvas.layer = layer

    def _draw_callout(self, canvas: Canvas) -> None:
        pal = palette()
        rect = self.callout_rect(canvas)
        canvas.rect(pal.panel, rect, radius=14)
        canvas.rect(pal.focus, rect, width=3, radius=14)
        x, y = rect.x + PAD, rect.y + PAD
        count = i18n.t("tutorial.step", n=i18n.number(self.script.index + 1),
                       total=i18n.number(len(self.tutorial.steps)))
        canvas.text(count, (x, y), COUNT_SIZE, pal.text_dim, max_width=rect.w - 2 * PAD)
        y += canvas.line_height(COUNT_SIZE) + 6
        canvas.paragraph(self.callout_text(), (x, y, rect.w - 2 * PAD, rect.bottom - y), TEXT_SIZE,
                         pal.text)
        self.callout_buttons.draw(canvas)


def _bounds(points: Sequence[Point]) -> pygame.FRect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.FRect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _union(rects: Sequence[pygame.FRect]) -> pygame.FRect:
    return rects[0].unionall(rects[1:])


def _inside(rect: pygame.FRect) -> pygame.FRect:
    return rect.clamp(AREA)


def _beside(anchor: pygame.FRect, w: float, h: float, column_y: float) -> pygame.FRect:
    """A ``w`` × ``h`` rect inside ``AREA`` that leaves ``anchor`` uncovered: in the column of the
    side panel and log at ``column_y`` (the board stays in view, and the players' rows above the
    log stay whole), else below, above, right or left of it; failing all, the one covering least
    of it."""
    cx, cy = anchor.centerx - w / 2, anchor.centery - h / 2
    candidates = [pygame.FRect(LOG_RECT.right - w, column_y, w, h),
                  pygame.FRect(cx, anchor.bottom + GAP, w, h), pygame.FRect(cx, anchor.top - GAP - h, w, h),
                  pygame.FRect(anchor.right + GAP, cy, w, h), pygame.FRect(anchor.left - GAP - w, cy, w, h)]
    return least_covering(candidates, anchor, AREA)


_made: dict[type[BaseGameScene], type[TutorialTable]] = {}


def tutorial_table(table: type[BaseGameScene]) -> type[TutorialTable]:
    """``table`` (a game's table class) playing a tutorial: one class per table class."""
    if table not in _made:
        _made[table] = type(f"Tutorial{table.__name__}", (TutorialTable, table), {})
    return _made[table]


def start_tutorial(app, game_id: str) -> bool:
    """Open ``game_id``'s tutorial at its table; a file that is not right is told, not fatal."""
    try:
        tutorial = load_tutorial(game_id)
        table = registry.scene_class(game_id)
    except (DataError, UnknownGame, ImportError) as exc:
        log.error("tutorial of %s: %s", game_id, exc)
        app.toasts.show(i18n.t("tutorial.broken", error=exc), error=True)
        return False
    remember(app, game_id)
    app.push(tutorial_table(table)(app, tutorial))
    return True

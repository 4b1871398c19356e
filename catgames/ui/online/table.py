"""The game's own table over a ``RemoteRunner``, with what only an online table shows.

``online_table`` makes the game's table class with ``OnlineTable`` in front of it: the table
drives the remote runner (``make_runner``) and shows its changes as a local table would; over
the board it shows whose turn it is for the players here ("your turn"), each other seat's
presence when it is not simply there (reconnecting, the AI standing in, an invite still open:
in the header, or where it has no room above the game log, and as the seat's kind in the
list of players), this computer's own line when it dropped, the emotes the table sends, and a rematch once the
game is over (the header's Rematch, the game-over panel's, or Restart in the menu).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from catgames.core.catalogue import load_table
from catgames.core.rules import NOBODY, Seat
from catgames.core.runner import REPLACED, Change
from catgames.core.seats import REMOTE
from catgames.net.attendance import OPEN, RECONNECTING, STAND_IN
from catgames.net.links import TableLink
from catgames.net.protocol import EMOTES
from catgames.net.remote import CAUGHT_UP, EMOTE, GONE, LINE, PRESENCE, REFUSED, REMATCH, RemoteRunner
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.online.over import OnlineGameOver
from catgames.ui.scene import Scene, SceneHost
from catgames.ui.table.header import turn_left
from catgames.ui.table.layout import BOARD_RECT, LOG_RECT
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Panel, Widget

YOUR_TURN_S = 2.5  #: how long "your turn" shows once a seat here is to move
EMOTE_S = 4.5  #: how long an emote's words show
SHOWN_PRESENCE = (RECONNECTING, STAND_IN, OPEN)  #: a seat's presence worth a line on the board
SIZE = 18
EMOTE_SIZE, EMOTE_STEP = 16, 50  #: the emote list's words and the room for each
PRESENCE_SIZE, PRESENCE_W = 16, 330.0  #: the presence words in the header: their size, widest
NOTE_PAD, NOTE_GAP = 10.0, 8.0  #: the presence note over the log: its margin, the gap under it
TURN_ROOM = 220.0  #: the header keeps this much right of the title for the turn's swatch and words


def online_table(app: SceneHost, runner: RemoteRunner, on_link: Callable[[TableLink], None]) -> Scene:
    """The game's own table (``load_table``) over ``runner``, ``OnlineTable`` in front."""
    game_table = load_table(runner.link.game_id)
    kind = type(f"Online{game_table.__name__}", (OnlineTable, game_table), {})
    table: Scene = kind(app, runner)
    runner.on_link = on_link
    return table


class OnlineTable(BaseGameScene[Any, Any]):
    """Put in front of a game's table class by ``online_table`` (its ``super()`` is the game's)."""

    def __init__(self, app: SceneHost, remote: RemoteRunner) -> None:
        self.remote = remote
        self.your_turn = 0.0  #: seconds "your turn" still shows
        self.said: tuple[str, float] | None = None  #: an emote's words and how long they still show
        self.emote_menu = False
        self.presence_chip: tuple[str, pygame.FRect] | None = None  #: the presence words, where
        #: the presence words where the header has no room for them: a note over the game log
        self.presence_note: tuple[str, pygame.FRect] | None = None
        self._to_move: Seat = NOBODY
        super().__init__(app, feed=remote)  # the set-up's options are the server's: none here
        remote.before_position = lambda: self.animation.keep()  # as a machine's move is kept
        remote.advisor = self.brain.advisor()  # hints found here, from the seat's own update

    # -- the runner's changes ---------------------------------------------------------------
    def feed_changed(self, change: Change) -> None:
        """What only an online table shows, once the shared table has shown the change (the
        runner's own kinds are shown as at any table; the game's own come first: a staged moment)."""
        super().feed_changed(change)
        app = self.app
        if change.kind == CAUGHT_UP:
            self._match_changed()
        elif change.kind == REFUSED:
            self.status, self.status_error = _refusal_text(change.detail), True
            app.sound.play("illegal")
        elif change.kind == EMOTE:
            words = i18n.t(f"net.emote.{change.detail}")
            self.said = (i18n.t("online_table.said", seat=self.seat_names[change.seat], emote=words), EMOTE_S)
            app.sound.play("meow")
        elif change.kind == REMATCH:
            app.toasts.show(i18n.t("online_table.rematch_asked"))
            self._build_buttons()
        elif change.kind == LINE and change.detail.startswith(GONE):
            app.toasts.show(i18n.t("online_table.line_gone"), error=True)
        elif change.kind == REPLACED:  # the rematch's table: its seats and names anew
            self._name_seats()
        if change.kind in (PRESENCE, LINE, REPLACED):
            self._build_buttons()
        app.invalidate()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.your_turn = max(0.0, self.your_turn - dt)
        if self.said is not None:
            self.said = (self.said[0], self.said[1] - dt) if self.said[1] > dt else None
            if self.said is None:
                self.app.invalidate()
        public = self.public
        to_move = public.to_move if public.outcome is None else NOBODY
        if to_move != self._to_move:
            self._to_move = to_move
            mine = self.remote.is_local(to_move) and len(public.seats) > 1
            self.your_turn = YOUR_TURN_S if mine else 0.0  # said while it is so, at most a moment
            if mine:
                self.app.sound.play("turn")

    def keep_up(self, dt: float) -> None:
        """A panel over the table (its result): the lines are read on, the changes shown."""
        self._drive_ai(dt)

    def animating(self) -> bool:
        return super().animating() or self.your_turn > 0 or self.said is not None

    # -- commands -----------------------------------------------------------------------------
    def restart(self) -> None:
        """Online, a game is not dealt again: once it is over, a rematch; before, it is said."""
        if not self._rematch():
            self.app.toasts.show(i18n.t("online_table.no_restart"))

    def _rematch(self) -> bool:
        if self.public.outcome is None:
            return False
        if not self.remote.rematch():
            self.app.toasts.show(i18n.t("online_table.line_down"), error=True)
        else:
            self.status, self.status_error = i18n.t("online_table.rematch_waiting"), False
        return True

    def show_game_over(self) -> None:
        outcome = self.public.outcome
        if outcome is not None:
            self.app.sound.play("score")
            self.app.push(OnlineGameOver(self.app, self, outcome))

    def _toggle_emotes(self) -> None:
        self.emote_menu = not self.emote_menu
        self._build_buttons()

    def open_pause(self) -> None:
        """The menu (Esc): an emote list left open closes first."""
        if self.emote_menu:
            self._toggle_emotes()
        super().open_pause()

    def _emote(self, emote: str) -> None:
        self.emote_menu = False
        if not self.remote.emote(emote):
            self.app.toasts.show(i18n.t("online_table.line_down"), error=True)
        self._build_buttons()

    def _build_buttons(self) -> None:
        """The header's own buttons, then Emote (and its list, opened) and Rematch left of them."""
        super()._build_buttons()
        right = self.header_left - 12
        if self.public.outcome is not None:
            right = self._header_button(right, i18n.t("online_table.rematch"), self._rematch,
                                        i18n.t("online_table.rematch_tip"), primary=self.remote.rematch_offered)
        text = i18n.t("online_table.emote")
        x = self._header_button(right, text, self._toggle_emotes, i18n.t("online_table.emote_tip")) + 12
        self._place_presence()
        if self.emote_menu:  # a list on a panel of its own, under the Emote button
            self.buttons.add(Panel((x - 212, 58, 384, len(EMOTES) * EMOTE_STEP + 16)))
            for i, emote in enumerate(EMOTES):
                self.buttons.add(Button((x - 200, 66 + i * EMOTE_STEP, 360, EMOTE_STEP - 6),
                                        i18n.t(f"net.emote.{emote}"), self._emote_sender(emote), size=EMOTE_SIZE))

    def _emote_sender(self, emote: str) -> Callable[[], None]:
        return lambda: self._emote(emote)

    def _header_button(self, right: float, text: str, act: Callable[[], Any], tip: str,
                       primary: bool = False) -> float:
        """A header button ending at ``right``; where the turn's words must now end."""
        w = min(220.0, max(110.0, self.app.canvas.text_size(text, SIZE, bold=True)[0] + 28))
        widget: Widget = Button((right - w, 12, w, 40), text, act, primary=primary, tooltip=tip, size=SIZE)
        self.buttons.add(widget)
        self.header_left = right - w
        return right - w - 12

    # -- drawing ------------------------------------------------------------------------------
    def draw_overlay(self, canvas: Canvas) -> None:
        super().draw_overlay(canvas)
        pal = palette()
        top = BOARD_RECT.y + 10
        lines = self.remote.lines
        if any(state != "here" for state in lines.values()):
            key = "online_table.line_gone" if GONE in lines.values() else "online_table.reconnecting"
            top = _banner(canvas, i18n.t(key), top, pal.bad, pal.text_on_accent)
        if self.your_turn > 0:
            private = self.private_seat()
            words = (i18n.t("online_table.your_turn") if len(self.remote.link.tokens) == 1 or private is None
                     else i18n.t("online_table.your_turn_named", seat=self.seat_names[private]))
            top = _banner(canvas, words, top, pal.accent, pal.text_on_accent)
        if self.said is not None:
            top = _banner(canvas, self.said[0], top, pal.panel, pal.text)
        self._draw_presence(canvas)

    def _draw_presence(self, canvas: Canvas) -> None:
        """In the header, left of its buttons, or over the game log: each other seat away, stood
        in for or still free."""
        pal = palette()
        if self.presence_chip is not None:
            text, rect = self.presence_chip
            canvas.rect(pal.panel, rect, radius=10)
            canvas.rect(pal.bad, rect, width=2, radius=10)
            canvas.text(text, (rect.x + 12, rect.centery), PRESENCE_SIZE, pal.text, "midleft")
        if self.presence_note is not None:
            text, rect = self.presence_note
            canvas.rect(pal.panel, rect, radius=12)
            canvas.rect(pal.bad, rect, width=2, radius=12)
            canvas.paragraph(text, rect.inflate(-2 * NOTE_PAD, -2 * NOTE_PAD), PRESENCE_SIZE, pal.text)

    def shown_presence(self, seat: Seat) -> str | None:
        """``seat``'s presence, when it is worth saying: another player's seat away, stood in
        for or still free.  None once another player asked for a rematch: they left this
        finished table for the new one, which is no line dropping."""
        presence = self.remote.presence
        if seat >= len(presence) or self.remote.is_local(seat) or self.remote.rematch_offered:
            return None
        return presence[seat] if presence[seat] in SHOWN_PRESENCE else None

    def seat_kind(self, seat: int) -> str:
        """Another player's seat as its presence says (``remote_stand_in``…: "away (AI for
        now)"), so the list of players agrees with the header."""
        kind = super().seat_kind(seat)
        presence = self.shown_presence(seat)
        return f"{REMOTE}_{presence}" if kind == REMOTE and presence is not None else kind

    def _place_presence(self) -> None:
        """Where the presence words go: in the header where they fit whole (the turn's words end
        before them), else in a note over the game log, which gives it the room (the board
        is never covered)."""
        words = [i18n.t(f"online_table.presence.{presence}", seat=self.seat_label(seat))
                 for seat in range(len(self.remote.presence)) if (presence := self.shown_presence(seat))]
        self.presence_chip = self.presence_note = None
        self.log_panel.rect = LOG_RECT
        if not words:
            return
        text = " · ".join(words)
        canvas = self.app.canvas
        room = self.header_left - 12 - (turn_left(canvas, self.remote.link.game_id) + TURN_ROOM)
        w = canvas.text_size(text, PRESENCE_SIZE)[0] + 24
        if w > min(PRESENCE_W, room):  # large text, long words, several seats: over the log
            text = "\n".join(words)  # a seat a line
            lines = canvas.wrap(text, LOG_RECT.w - 2 * NOTE_PAD, PRESENCE_SIZE)
            h = min(LOG_RECT.h / 2, len(lines) * canvas.line_height(PRESENCE_SIZE) + 2 * NOTE_PAD)
            self.presence_note = (text, pygame.FRect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w, h))
            self.log_panel.rect = pygame.FRect(LOG_RECT.x, LOG_RECT.y + h + NOTE_GAP, LOG_RECT.w,
                                               LOG_RECT.h - h - NOTE_GAP)
            return
        rect = pygame.FRect(self.header_left - 12 - w, 14, w, 36)
        self.presence_chip, self.header_left = (text, rect), rect.x


def _banner(canvas: Canvas, text: str, top: float, fill: Any, ink: Any) -> float:
    """One centred line in a rounded band at ``top`` over the board; where the next may go."""
    w = min(BOARD_RECT.w - 40, canvas.text_size(text, 22, bold=True)[0] + 48)
    rect = pygame.FRect(0, top, w, 44)
    rect.centerx = BOARD_RECT.centerx
    canvas.rect(fill, rect, radius=12)
    canvas.rect(palette().panel_edge, rect, width=2, radius=12)
    canvas.text(text, rect.center, 22, ink, "center", bold=True, max_width=rect.w - 32)
    return rect.bottom + 8


def _refusal_text(code: str) -> str:
    key = f"online_table.refused.{code}"
    return i18n.t(key if i18n.has(key) else "online_table.refused.other")

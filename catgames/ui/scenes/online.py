"""Play online: host a table, join one, the server to use, and the tables kept here.

Each kept table (``net.kept``) is listed with its game, the seats played from this computer and
how it stands, asked from its server in a thread (``lobby.table_status``): whose turn, over,
or a plain sentence when the server cannot be reached.  A table hosted on this computer waits
for this computer's server, which is started for it, and follows it to the address it listens
at today (``kept.follow_own_server``: the host's address of the day may not be tomorrow's).
A friend's table whose server is silent at its kept address, or is another server now, is
looked for on the local network by its server's id (``net.lookup``) and kept at the address it
is heard at.  Opening a table hands its link to the remote table (``screens.online_table``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from catgames.core.catalogue import load_game
from catgames.net import kept
from catgames.net.hosting import FAILED, READY, STARTING
from catgames.net.kept import KeptTable
from catgames.net.lobby import LobbyError, Pending, TableStatus, table_status
from catgames.net.lookup import LOOK_S, ServerLookup
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.online.address import address_entry
from catgames.ui.online.turns import ASKING_AT_ONCE
from catgames.ui.scenes.base import RowsScene, heading
from catgames.ui.scenes.confirm import ConfirmScene
from catgames.ui.scenes.online_common import error_text, kept_notice, only_here, seat_words, shown_address
from catgames.ui.scroll_rows import RowScroller
from catgames.ui.text_entry import TextEntry
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Panel, Widget

LEFT_X, LEFT_W, TOP = 90, 380, 190
LIST_X, LIST_W, LIST_BOTTOM = 500, 690, 660
BUTTON_W, PAD = 130, 14
TITLE_SIZE, LINE_SIZE = 20, 17
SILENT = ("unreachable", "no_answer", "closed")  #: a server not answering: said shortly in the list
LOST = (*SILENT, "other_server")  #: its server is not (or no longer) at the kept address
LOOK_EVERY_S = 0.5  #: how often what the lookup heard is looked at
Key = tuple[str, str]  #: a kept table: its server's address and its id there


def key_of(table: KeptTable) -> Key:
    return table.link.url, table.link.table


class KeptRow(Widget):
    """One kept table: its game, the seats played here, how it stands (drawn by the scene)."""

    def __init__(self, scene: "OnlineScene", table: KeptTable) -> None:
        super().__init__((LIST_X + 20, 0, LIST_W - 40, 80))
        self.scene, self.table = scene, table

    def lines(self) -> tuple[str, str, str]:
        link = self.table.link
        status = self.scene.statuses.get(key_of(self.table))
        if isinstance(status, TableStatus):  # the seats named as the table names them
            names = seat_words(link.game_id, len(status.seats), status.seats, status.names)
        else:
            names = seat_words(link.game_id, max(load_game(link.game_id).min_players, max(link.tokens) + 1))
        ours = i18n.joined(names[seat] for seat in sorted(link.tokens) if seat < len(names))
        return (i18n.game_title(link.game_id), i18n.t("online.list.your_seats", seats=ours),
                self.scene.status_text(self.table, names))

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r = self.rect
        canvas.rect(pal.table, r, radius=10)
        title, seats, status = self.lines()
        room = r.w - 2 * (BUTTON_W + 8) - 2 * PAD
        y = r.y + 6
        canvas.text(title, (r.x + PAD, y), TITLE_SIZE, pal.text, bold=True, max_width=room)
        y += canvas.line_height(TITLE_SIZE, True)
        canvas.text(seats, (r.x + PAD, y), LINE_SIZE, pal.text_dim, max_width=room)
        y += canvas.line_height(LINE_SIZE)
        canvas.paragraph(status, (r.x + PAD, y, room, r.bottom - y - 4), LINE_SIZE, pal.text, bold=True)


class OnlineScene(RowsScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows = RowScroller()
        self.tables: list[KeptTable] = []
        self.statuses: dict[Key, TableStatus | LobbyError] = {}
        self.asking: dict[Key, Pending[TableStatus]] = {}
        self.address: TextEntry | None = None
        self.lookup = ServerLookup()
        self.looked_for: dict[str, float] = {}  #: each server id looked for: since when (``clock``)
        self.clock = 0.0
        self._look_in = 0.0

    def enter(self) -> None:
        self.load()
        super().enter()

    def resume(self) -> None:
        self.load()
        super().resume()

    def pause(self) -> None:
        self.lookup.close()  # listened for again if its table is found silent once more

    def exit(self) -> None:
        self.lookup.close()

    def load(self) -> None:
        """Read the kept tables (their standing is asked again); start this computer's
        server for the ones it hosts."""
        found = kept.load_kept()
        if found.problem is not None:
            self.app.toasts.show(kept_notice(found.problem), error=True)
        self.tables = found.tables
        self.statuses, self.asking = {}, {}  # asked anew: an answer on its way may be out of date
        if any(t.hosted for t in self.tables):
            self.app.hosting.start()

    def build(self) -> None:
        self.widgets.add(Button((LEFT_X, TOP, LEFT_W, 64), i18n.t("online.host"), self.app_host, primary=True))
        self.widgets.add(Button((LEFT_X, TOP + 84, LEFT_W, 64), i18n.t("online.join"), self.app_join))
        self.widgets.add(Panel((LEFT_X, TOP + 176, LEFT_W, LIST_BOTTOM - TOP - 176), i18n.t("online.server.title")))
        self.address = address_entry(self.app, (LEFT_X + 20, TOP + 226, LEFT_W - 40, 44))
        self.widgets.add(self.address)
        self.widgets.add(Panel((LIST_X, TOP - 20, LIST_W, LIST_BOTTOM - TOP + 20), i18n.t("online.list.title")))
        canvas = self.app.canvas
        row_h = max(84.0, canvas.line_height(TITLE_SIZE, True) + canvas.line_height(LINE_SIZE)
                    + 2 * canvas.line_height(LINE_SIZE, True) + 22)  # the standing may take two lines
        button_h = min(row_h - 22, canvas.line_height(18, True) + 24)
        rows = [KeptRow(self, table) for table in self.tables]
        self.rows.lay_out(rows, (LIST_X, TOP + 30), LIST_W, LIST_BOTTOM - TOP - 60, row_h)
        for row in rows:
            self.widgets.add(row)
            right = row.rect.right - 8
            for i, (label, action) in enumerate((("online.list.forget", self.ask_forget),
                                                 ("online.list.open", self.open))):
                button = Button((right - (i + 1) * BUTTON_W - i * 8, row.rect.y + (row.rect.h - button_h) / 2,
                                 BUTTON_W, button_h),
                                i18n.t(label), partial(action, row.table), primary=i == 1, size=18)
                self.widgets.add(button)
                self.rows.follow(row, button)
        self.rows.place()
        self.widgets.add(Button((LEFT_X, 690, 220, 58), i18n.t("common.back"), self.back))

    # -- the server ---------------------------------------------------------------------------
    def server_text(self) -> str:
        """What the server panel says: whose server a new table goes to, and how ours is."""
        hosting = self.app.hosting
        if self.app.settings.server_address.strip():
            return i18n.t("online.server.elsewhere")
        if hosting.state == READY:
            here = "online.server.ready_here" if only_here(hosting.url) else "online.server.ready"
            return i18n.t(here, address=shown_address(hosting.url))
        if hosting.state == STARTING:
            return i18n.t("online.server.starting")
        if hosting.state == FAILED:
            return i18n.t("online.server.failed")
        return i18n.t("online.server.idle")

    # -- the kept tables ----------------------------------------------------------------------
    def status_text(self, table: KeptTable, names: list[str]) -> str:
        status = self.statuses.get(key_of(table))
        if status is None:
            return i18n.t("online.list.asking")
        if isinstance(status, LobbyError):
            since = self.looked_for.get(table.link.server_id)
            if status.code in LOST and since is not None and self.lookup.listening:
                return i18n.t("online.list.looking" if self.clock - since < LOOK_S else "online.list.not_heard")
            return i18n.t("online.list.unreachable") if status.code in SILENT else error_text(status)
        if status.over:
            return i18n.t("online.list.over")
        if "open" in status.presence:
            return i18n.t("online.list.waiting_friend")
        if status.waits_on(table.link.tokens) and status.to_move is not None:
            return i18n.t("online.list.your_turn", seat=names[status.to_move])
        if status.to_move is not None and status.to_move < len(names):
            return i18n.t("online.list.their_turn", seat=names[status.to_move])
        return i18n.t("online.list.asking")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.rows.follow_focus(self.widgets.focused)
        changed = self._follow_own_server()
        changed = self._collect_answers() or changed
        changed = self._ask_next() or changed
        changed = self._follow_lost_servers(dt) or changed
        if changed:
            self.app.invalidate()

    def animating(self) -> bool:
        looking = any(self.clock - since < LOOK_S for since in self.looked_for.values())
        return super().animating() or self.app.hosting.state == STARTING or (looking and self.lookup.listening)

    def _follow_own_server(self) -> bool:
        """Once this computer's server listens, the tables it hosts are kept at its address."""
        hosting = self.app.hosting
        if hosting.state != READY or all(t.link.url == hosting.url for t in self.tables if t.hosted):
            return False
        try:
            kept.follow_own_server(hosting.url)
        except OSError as exc:
            self.app.toasts.show(i18n.t("online.kept.not_written", error=exc), error=True)
            self.tables = [replace(t, link=replace(t.link, url=hosting.url)) if t.hosted else t for t in self.tables]
        else:
            self.load()
        self.rebuild()
        return True

    def _collect_answers(self) -> bool:
        done = [k for k, pending in self.asking.items() if pending.done]
        for k in done:
            pending = self.asking.pop(k)
            answer = pending.result if pending.error is None else pending.error
            if answer is not None:
                self.statuses[k] = answer
                self._heard_from(k, answer)
        return bool(done)

    def _heard_from(self, key: Key, answer: TableStatus | LobbyError) -> None:
        """A table's server told its id (kept, for a list written before ids), or was not found
        at the kept address (then looked for on the local network by that id)."""
        table = next((t for t in self.tables if key_of(t) == key), None)
        if table is None or table.hosted:  # this computer's own server: followed above
            return
        server = table.link.server_id
        if isinstance(answer, TableStatus) and answer.server_id and not server:
            try:
                kept.note_server_id(table.link.url, answer.server_id)
            except OSError as exc:
                self.app.toasts.show(i18n.t("online.kept.not_written", error=exc), error=True)
            self.tables = [replace(t, link=replace(t.link, server_id=answer.server_id))
                           if t.link.url == table.link.url and not t.link.server_id else t for t in self.tables]
        elif isinstance(answer, LobbyError) and answer.code in LOST and self.lookup.look_for(server):
            self.looked_for.setdefault(server, self.clock)

    def _follow_lost_servers(self, dt: float) -> bool:
        """The tables of a server heard at another address are kept there and asked again."""
        self._look_in -= dt
        if not self.lookup.listening or self._look_in > 0:
            return False
        self._look_in = LOOK_EVERY_S
        try:
            moved = self.lookup.follow(self.tables)
        except OSError as exc:
            self.app.toasts.show(i18n.t("online.kept.not_written", error=exc), error=True)
            return False
        for host in moved:
            self.looked_for.pop(host.server_id, None)
            self.app.toasts.show(i18n.t("online.list.found", name=host.name, address=shown_address(host.url)))
        if moved:
            self.load()
            self.rebuild()
        return bool(moved)

    def _ask_next(self) -> bool:
        """Ask about the tables not asked yet, a few at a time; a table of this computer's
        server waits until that server listens."""
        started = False
        for table in self.tables:
            k = key_of(table)
            if len(self.asking) >= ASKING_AT_ONCE:
                break
            if k in self.statuses or k in self.asking:
                continue
            if table.hosted and self.app.hosting.state == STARTING:
                continue
            if table.hosted and self.app.hosting.state == FAILED:
                self.statuses[k] = LobbyError("own_server", self.app.hosting.problem)
                started = True
                continue
            self.asking[k] = Pending(partial(table_status, table.link))
            started = True
        return started

    def open(self, table: KeptTable) -> None:
        if table.hosted and self.app.hosting.state == STARTING:  # its address is not known yet
            self.app.toasts.show(i18n.t("online.server.starting"))
            return
        self.statuses.pop(key_of(table), None)  # asked again on the way back
        self.app.screens.online_table(table.link)

    def ask_forget(self, table: KeptTable) -> None:
        self.app.push(ConfirmScene(self.app, i18n.t("online.forget.title"),
                                   i18n.t("online.forget.text", game=i18n.game_title(table.link.game_id)),
                                   [(i18n.t("online.forget.yes"), partial(self.forget, table)),
                                    (i18n.t("online.forget.no"), lambda: None)]))

    def forget(self, table: KeptTable) -> None:
        try:
            kept.forget(*key_of(table))
        except OSError as exc:
            self.app.toasts.show(i18n.t("online.kept.not_written", error=exc), error=True)
        self.load()
        self.rebuild()

    # -- the ways on --------------------------------------------------------------------------
    def app_host(self) -> None:
        self.app.screens.online_host()

    def app_join(self) -> None:
        self.app.screens.online_join()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.address is not None and self.address.editing and self.address.take(event):
            return True
        return self.rows.handle(event) or super().handle(event)

    def draw_content(self, canvas: Canvas) -> None:
        title = heading(canvas, i18n.t("online.title"), 30, 44)
        canvas.paragraph(i18n.t("online.intro"), (90, title.bottom + 4, 1100, TOP - title.bottom - 30), 20,
                         palette().text_dim, align="center")

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        pal = palette()  # over the panels
        canvas.paragraph(self.server_text(), (LEFT_X + 20, TOP + 284, LEFT_W - 40, LIST_BOTTOM - TOP - 300),
                         LINE_SIZE, pal.text)
        if not self.tables:
            canvas.paragraph(i18n.t("online.list.none"), (LIST_X + 20, TOP + 40, LIST_W - 40, 120), 20,
                             pal.text_dim)

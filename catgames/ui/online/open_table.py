"""``open_online_table(app, link)``: the game's own table over a remote runner.

The runner's lines are opened at once; a short screen says so until every seat of the link has
been shown its position (then the table replaces it), or says why the table cannot be reached
(a token the server no longer knows, a server that does not answer: given up on after
``Backoff.first_contact_s``, some ten seconds), with the way back and a Retry that opens the
lines again.  A server that does not answer is looked for on the local network by its id
(``net.lookup``): heard at another address, the table is kept there and opened there.  A
rematch moves the seats to a new table: the app keeps that one instead (``net.kept``).
"""

from __future__ import annotations

import logging
from dataclasses import replace

from catgames.net import kept
from catgames.net.links import TableLink
from catgames.net.lookup import LOOK_S, ServerLookup
from catgames.net.remote import Connect, RemoteRunner
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.online.table import online_table
from catgames.ui.scene import SceneHost
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.table.spinner import draw_spinner
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

log = logging.getLogger(__name__)

GONE_WORDS = ("unreachable", "bad_token", "old_client", "new_client", "bad_url")  #: said in words; others: generic
LOOK_EVERY_S = 0.5  #: how often what the lookup heard is looked at


def open_online_table(app: SceneHost, link: TableLink) -> None:
    """Open ``link``'s table (see the module docstring)."""
    app.push(ConnectingScene(app, link))


def keep_rematch(old: TableLink, new: TableLink) -> None:
    """The app keeps the rematch's table in place of the old one (hosted as that one was)."""
    try:
        hosted = any(t.hosted for t in kept.load_kept().tables if (t.link.url, t.link.table) == (old.url, old.table))
        kept.keep(kept.KeptTable(new, hosted))
        kept.forget(old.url, old.table)
    except OSError:
        log.exception("the rematch's table could not be kept")


class ConnectingScene(MenuScene):
    """Taking the link's seats; the table replaces this once they are shown their positions."""

    def __init__(self, app: SceneHost, link: TableLink, connect: Connect | None = None) -> None:
        super().__init__(app)
        self.link = link
        self.connect = connect
        self.runner = self._open()
        self.time = 0.0
        self.failed = False
        self.lookup = ServerLookup()
        self._look_in = 0.0
        self.failed_at = 0.0  #: when the server was found silent (then looked for)

    def _open(self) -> RemoteRunner:
        return RemoteRunner(self.link, connect=self.connect, pace=self.app.ai_delay(), on_link=self._kept)

    def _kept(self, new: TableLink) -> None:
        old, self.link = self.link, new
        keep_rematch(old, new)

    def build(self) -> None:
        if not self.failed:
            self.widgets.add(Button((540, 560, 200, 56), i18n.t("online_table.back"), self.back))
            return
        self.widgets.add(Button((400, 560, 220, 56), i18n.t("online_table.back"), self.back))
        self.widgets.focus(self.widgets.add(Button((660, 560, 220, 56), i18n.t("online_table.retry"), self.retry,
                                                   primary=True)))

    def retry(self) -> None:
        """Open the lines again (the failed ones are closed): the screen waits anew."""
        if self.runner is not None:
            self.runner.close()
        self.runner, self.failed, self.time = self._open(), False, 0.0
        self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        if self.failed:
            self._look(dt)
            return
        self.runner.step(dt)  # the lines' own news (connecting, here) are this screen's to drop
        if self.runner.failure is not None:
            self.failed = True
            if self.runner.failure == "unreachable" and self.lookup.look_for(self.link.server_id):
                self.failed_at = self.time
            self.rebuild()
            self.app.invalidate()
        elif self.runner.ready:
            table = online_table(self.app, self.runner, self._kept)
            self.runner = None  # type: ignore[assignment]  # the table holds it now
            self.app.stack.replace(table)

    def _look(self, dt: float) -> None:
        """Once its server is heard at another address, the table is kept and opened there."""
        self._look_in -= dt
        if not self.lookup.listening or self._look_in > 0:
            return
        self._look_in = LOOK_EVERY_S
        try:
            self.lookup.follow(kept.load_kept().tables)
        except OSError:  # opened there all the same: the list looks for it again next time
            log.exception("the table's new address could not be kept")
        heard = self.lookup.heard().get(self.link.server_id)
        if heard is not None and heard.url != self.link.url:
            self.lookup.close()
            self.link = replace(self.link, url=heard.url)
            self.retry()

    def animating(self) -> bool:
        return not self.failed or self.looking or super().animating()

    def back(self) -> None:
        if self.runner is not None:
            self.runner.close()
        super().back()

    def exit(self) -> None:
        self.lookup.close()
        if self.runner is not None and self.failed:
            self.runner.close()

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        title = heading(canvas, i18n.game_title(self.link.game_id), 220)
        if not self.failed:
            text = canvas.text(i18n.t("online_table.connecting"), (640, title.bottom + 60), 24, pal.text_dim,
                               "center", max_width=900)
            draw_spinner(canvas, (text.right + 28, text.centery), self.time)
            return
        used = canvas.paragraph(self.failure_text(), (190, title.bottom + 40, 900, 160), 24, pal.text, align="center")
        if self.looking:  # listened for: the wait goes on
            draw_spinner(canvas, (640, title.bottom + 40 + used + 30), self.time)

    @property
    def looking(self) -> bool:
        """The table's server is looked for on the local network, and said so."""
        return (self.runner is not None and self.runner.failure == "unreachable" and self.lookup.listening
                and self.time - self.failed_at < LOOK_S)

    def failure_text(self) -> str:
        """Why the table cannot be reached, in words."""
        if self.looking:
            return i18n.t("online.list.looking")
        reason = self.runner.failure if self.runner is not None else ""
        return i18n.t(f"online_table.gone.{reason}" if reason in GONE_WORDS else "online_table.gone.other")

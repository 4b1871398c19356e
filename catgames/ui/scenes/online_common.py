"""What the online screens share: the sentence for each way a server call can go wrong, the
server a call goes to (the address setting, else this computer's own server, started first),
and a call waiting in its thread while the screen goes on drawing.
"""

from __future__ import annotations

import ipaddress
from typing import Any, Callable, Generic, Sequence, TypeVar
from urllib.parse import urlsplit

from catgames.core import safe_yaml
from catgames.core.catalogue import load_game
from catgames.core.session import HUMAN
from catgames.core.storage import FileProblem
from catgames.net import kept
from catgames.net.hosting import FAILED, READY, STOPPED
from catgames.net.kept import KeptTable
from catgames.net.lobby import LobbyError, Pending, server_url
from catgames.ui import i18n
from catgames.ui.names import chosen_or_default, default_names
from catgames.ui.scenes.base import MenuScene

T = TypeVar("T")
OWN_PROBLEMS = ("not_json", "some_tables")  #: reasons of the kept file's own (``online.file_problem``)


def error_text(error: LobbyError) -> str:
    """The player's sentence for a call that failed."""
    return i18n.t(f"online.error.{error.code}")


def kept_notice(problem: FileProblem) -> str:
    """The sentence for a kept-tables file that could not be used (whole or in part)."""
    key = f"online.file_problem.{problem.code}" if problem.code in OWN_PROBLEMS else f"file_problem.{problem.code}"
    reason = i18n.t(key, limit=safe_yaml.MAX_BYTES // (1024 * 1024))
    outcome = "moved_aside" if problem.moved else "kept"
    if problem.code == "some_tables":
        outcome = "copied_aside" if problem.moved else "some_kept"
    return i18n.t(f"online.kept.{outcome}", reason=reason, path=problem.path)


def told_failure(app: Any, call: "ServerCall[Any]") -> bool:
    """Whether ``call`` failed; if so its sentence is shown."""
    if call.error is None and call.result is not None:
        return False
    app.toasts.show(error_text(call.error or LobbyError("refused")), error=True)
    return True


def keep_table(app: Any, table: KeptTable) -> None:
    """Keep ``table`` in the user data folder; what went wrong with the file is told."""
    try:
        found = kept.keep(table)
    except OSError as exc:
        app.toasts.show(i18n.t("online.kept.not_written", error=exc), error=True)
        return
    if found.problem is not None:
        app.toasts.show(kept_notice(found.problem), error=True)


def seat_words(game_id: str, players: int, kinds: Sequence[str] = (), chosen: Sequence[str] = ()) -> list[str]:
    """Each seat of a ``players``-seat table of ``game_id`` named as its table names it
    (``names.update_names``): a chosen name, else the game's word for the seat, "Player 2", or
    an AI's cat with its level; seats of kinds not known (yet) read as people's."""
    defaults = default_names(game_id, load_game(game_id).seat_names(players), list(kinds) or [HUMAN] * players)
    return chosen_or_default(chosen, defaults)


def only_here(url: str) -> bool:
    """The address reaches only this computer (a loopback server)."""
    try:
        return ipaddress.ip_address(urlsplit(url).hostname or "").is_loopback
    except ValueError:
        return urlsplit(url).hostname == "localhost"


def shown_address(url: str) -> str:
    """An address as a friend types it: ``ws://`` left out (the Join screen puts it back)."""
    return url.removeprefix("ws://")


class ServerCall(Generic[T]):
    """``call(url)`` on the server the player chose: ``address`` if given, else the address
    setting, else this computer's own server, which is started first and waited for.  Poll
    ``finished()`` each frame; then read ``result`` or ``error``."""

    def __init__(self, app: Any, call: Callable[[str], T], address: str = "") -> None:
        self.app, self.call = app, call
        self.result: T | None = None
        self.error: LobbyError | None = None
        self.url: str | None = None
        self.own = False  #: the call goes to this computer's own server
        self._pending: Pending[T] | None = None
        address = address.strip() or app.settings.server_address.strip()
        try:
            self.url = server_url(address) if address else None
        except LobbyError as exc:
            self.error = exc
            return
        if self.url is None:
            self.own = True
            app.hosting.start()

    def finished(self) -> bool:
        if self.error is not None:
            return True
        if self._pending is None:
            if self.url is None:
                state = self.app.hosting.state
                if state in (FAILED, STOPPED):
                    self.error = LobbyError("own_server", self.app.hosting.problem)
                    return True
                if state != READY:
                    return False
                self.url = self.app.hosting.url
            url = self.url
            self._pending = Pending(lambda: self.call(url))
        if not self._pending.done:
            return False
        self.result, self.error = self._pending.result, self._pending.error
        return True

    def wait(self, timeout_s: float = 60.0) -> None:
        """Block until finished (tests): the server's start, then the call."""
        if self.own:
            self.app.hosting.wait(timeout_s)
        self.finished()
        if self._pending is not None:
            self._pending.join(timeout_s)


class CallingScene(MenuScene, Generic[T]):
    """A screen that waits for one server call at a time (``self.call``) while it goes on
    drawing; a failed call is told in its sentence, a successful one goes to ``succeeded``."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.call: ServerCall[T] | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.call is None or not self.call.finished():
            return
        call, self.call = self.call, None
        if told_failure(self.app, call) or call.result is None:
            self.rebuild()
        else:
            self.succeeded(call)

    def animating(self) -> bool:
        return super().animating() or self.call is not None

    def succeeded(self, call: ServerCall[T]) -> None:
        raise NotImplementedError

"""What the online screens share: the sentence for each way a server call can go wrong, the
server a call goes to (the address setting, else this computer's own server, started first),
and a call waiting in its thread while the screen goes on drawing.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from catgames.core import safe_yaml
from catgames.core.catalogue import load_game
from catgames.core.storage import FileProblem
from catgames.net.hosting import FAILED, READY, STOPPED
from catgames.net.lobby import LobbyError, Pending, server_url
from catgames.ui import i18n

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


def seat_words(game_id: str, players: int) -> list[str]:
    """Each seat of a ``players``-seat table of ``game_id`` as players read it."""
    return [i18n.seat_name(game_id, name) for name in load_game(game_id).seat_names(players)]


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

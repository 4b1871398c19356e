"""A kept table's server found again on the local network, by its id, once its kept address
fails: a friend's server moved (a new lease, another port) while its tables stayed.

The app kept the address of the day the table was joined, and the server's own id
(``net.identity``), which the server announces with its address (``net.discovery``).  A screen
that finds a kept table's server silent asks a ``ServerLookup`` for that id; the lookup listens
on the local network (only through the interface ``net.hosting.lan_interface`` names, as the
Join screen does) and, polled each frame, ``follow`` keeps every table of a server heard at a
new address at that address (``kept.follow_server``), so the next try goes there.
"""

from __future__ import annotations

from typing import Callable, Sequence

from catgames.net import kept
from catgames.net.discovery import DiscoveryError, Host, LanBrowser
from catgames.net.hosting import lan_interface
from catgames.net.kept import KeptTable
from catgames.net.protocol import PROTOCOL

NO_NETWORK, CANNOT_LISTEN = "no_network", "cannot_listen"  #: why a lookup cannot be made
LOOK_S = 15.0  #: how long a screen says a server is looked for (it listens on after, saying less)


class ServerLookup:
    """Listens for the servers of the ids ``look_for`` was given, from the first one asked
    until ``close``; nothing is listened to before (the tables' own addresses may all work)."""

    def __init__(self, interface: Callable[[], str | None] = lan_interface,
                 browser: Callable[[Sequence[str]], LanBrowser] = LanBrowser) -> None:
        self._interface = interface
        self._make_browser = browser
        self._browser: LanBrowser | None = None
        self.wanted: set[str] = set()
        self.problem = ""  #: ``NO_NETWORK`` or ``CANNOT_LISTEN`` once a lookup could not start

    @property
    def listening(self) -> bool:
        return self._browser is not None

    def look_for(self, server_id: str) -> bool:
        """Listen for ``server_id`` too; ``False``: the local network cannot be listened to
        (``problem`` says why)."""
        if not server_id or self.problem:
            return False
        self.wanted.add(server_id)
        if self._browser is None:
            interface = self._interface()
            if interface is None:
                self.problem = NO_NETWORK
                return False
            try:
                browser = self._make_browser([interface])
                browser.start()
            except (DiscoveryError, OSError):
                self.problem = CANNOT_LISTEN
                return False
            self._browser = browser
        return True

    def heard(self) -> dict[str, Host]:
        """The servers wanted that are heard now, by id (another protocol's are not: their
        tables could not be played there)."""
        if self._browser is None:
            return {}
        return {host.server_id: host for host in self._browser.hosts()
                if host.server_id in self.wanted and host.protocol == PROTOCOL}

    def follow(self, tables: Sequence[KeptTable]) -> list[Host]:
        """The servers of ``tables`` heard at an address other than the one kept; each one's
        tables are kept at the new address (``OSError`` if the list cannot be written)."""
        heard = self.heard()
        moved = list({host.server_id: host for t in tables
                      if (host := heard.get(t.link.server_id)) is not None and host.url != t.link.url}.values())
        for host in moved:
            kept.follow_server(host.server_id, host.url)
        return moved

    def close(self) -> None:
        browser, self._browser = self._browser, None
        if browser is not None:
            browser.close()

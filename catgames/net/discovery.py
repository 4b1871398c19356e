"""Tables hosted on the local network: a server announces itself with multicast DNS (zeroconf,
service ``_catgames._tcp.local.``) and the Join screen lists the servers it hears.

Nothing here ever picks a network interface itself: every announcer and browser is given the
addresses of the interfaces to use, each checked to be one of this computer's, and zeroconf is
told exactly those (never its "all interfaces" default).  The work happens in zeroconf's own
threads, so a pygame screen can poll ``LanBrowser.hosts()`` every frame without waiting.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import secrets
import socket
import threading
import time
from concurrent.futures import Future
from dataclasses import asdict, dataclass
from types import TracebackType
from typing import Any, Mapping, Self, Sequence

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from catgames.net.identity import is_server_id
from catgames.net.protocol import PROTOCOL

log = logging.getLogger(__name__)

SERVICE = "_catgames._tcp.local."
NAME_BYTES = 48  #: the longest name a server is listed under, in UTF-8 (see ``Announcer``)
RESOLVE_MS = 3000  #: longest wait for a heard server's port and address
REGISTER_S = 10.0  #: longest wait, at close, for the name probing of a start still under way
POLL_S = 0.05  #: how often ``browse`` looks at what was heard
SCHEMES = ("ws", "wss")


class DiscoveryError(ValueError):
    """Discovery asked for on an interface it must not or cannot use: one sentence."""


@dataclass(frozen=True, order=True)
class Host:
    """A server heard on the local network: what the Join screen lists and connects to."""

    name: str
    address: str
    port: int
    protocol: int  #: the server's protocol version (another one: the app says which to update)
    scheme: str = "ws"
    server_id: str = ""  #: the server's own id (``net.identity``): ``""`` if it announced none

    @property
    def url(self) -> str:
        return f"{self.scheme}://{self.address}:{self.port}"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "url": self.url}


def interface_addresses(addresses: Sequence[str]) -> tuple[str, ...]:
    """``addresses`` checked: at least one, each an IPv4 address of an interface of this
    computer (binding a socket to it proves that and sends nothing); never 0.0.0.0, with which
    the system would choose the interface."""
    if not addresses:
        raise DiscoveryError("name the interface address to use: discovery never picks one itself")
    for address in addresses:  # all, before any socket
        _one_interface(address)
    for address in addresses:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.bind((address, 0))
            except OSError:
                raise DiscoveryError(f"{address} is not an address of this computer") from None
    return tuple(dict.fromkeys(addresses))


def _one_interface(address: str) -> None:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        raise DiscoveryError(f"{address!r} is not an IPv4 address (discovery works on IPv4)") from None
    if ip.is_unspecified or ip.is_multicast or ip.is_reserved:
        raise DiscoveryError(f"{address} is not one interface's address: name the one to use")


def check_reachable(listen_host: str, addresses: Sequence[str]) -> None:
    """Refuse to announce a server where it does not listen: the hosts hearing it could not join."""
    if listen_host in ("", "0.0.0.0", "::") or all(address == listen_host for address in addresses):
        return
    raise DiscoveryError(f"the server listens on {listen_host} only, so nobody reached through "
                         f"{', '.join(addresses)} could join: listen there too (--host 0.0.0.0)")


def listed_name(text: str) -> str:
    """``text`` as a name to be listed under: printable, one line, at most ``NAME_BYTES``."""
    words = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    cut = words.encode()[:NAME_BYTES].decode(errors="ignore").strip()
    return cut or "catgames"


def host_from(name: str, addresses: Sequence[str], port: int | None,
              properties: Mapping[bytes, bytes | None]) -> Host | None:
    """The ``Host`` a heard announcement tells, or ``None`` if it is not a catgames server's
    (a port, an IPv4 address, a protocol number and a known scheme are needed).  Its name is
    the one in the TXT record, else the service's own; an id not of an id's form is left out."""
    protocol = properties.get(b"protocol") or b""
    shown = (properties.get(b"name") or name.removesuffix("." + SERVICE).encode()).decode(errors="replace")
    scheme = (properties.get(b"scheme") or b"ws").decode(errors="replace")
    said_id = (properties.get(b"id") or b"").decode(errors="replace")
    if not (addresses and port and 0 < port < 65536 and protocol.isdigit() and scheme in SCHEMES):
        return None
    return Host(listed_name(shown), addresses[0], port, int(protocol), scheme, said_id if is_server_id(said_id) else "")


def _zeroconf(addresses: Sequence[str]) -> Zeroconf:
    """A zeroconf on exactly these interfaces, in its own thread (even when called from an
    asyncio loop, as the server's start is)."""
    return Zeroconf(interfaces=list(addresses), ip_version=IPVersion.V4Only, use_asyncio=False)


class _Started:
    """Started on entering a ``with`` block and closed on leaving it, whatever happens."""

    def start(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class Announcer(_Started):
    """Announces this computer's server on the given interfaces from ``start`` to ``close``.

    The name players see travels in the TXT record; the service's own name (a DNS label) adds
    a random tag to it, so that two servers given one name are both listed: making sure a name
    is unique on the network by probing is a race that a busy machine loses, and then one
    server's announcement replaces the other's.  Its ``server_id``, if any, lets an app that
    kept one of its tables find it again at a new address."""

    def __init__(self, addresses: Sequence[str], name: str, port: int, scheme: str = "ws",
                 server_id: str | None = None) -> None:
        if scheme not in SCHEMES or not 0 < port < 65536:
            raise DiscoveryError(f"cannot announce {scheme}://…:{port}")
        self.addresses = interface_addresses(addresses)
        shown = listed_name(name)
        label = f"{shown.replace('.', ' ')} {secrets.token_hex(4)}"  # dots would split the label
        said = {"protocol": str(PROTOCOL), "scheme": scheme, "name": shown}
        self.info = ServiceInfo(SERVICE, f"{label}.{SERVICE}", port=port,
                                properties=said if server_id is None else {**said, "id": server_id},
                                server=f"catgames-{secrets.token_hex(6)}.local.",
                                parsed_addresses=list(self.addresses))
        self._zeroconf: Zeroconf | None = None
        self._registered: Future[Any] | None = None

    def start(self) -> None:
        """Start announcing; returns at once (making sure the name is unique takes about 2 s)."""
        zeroconf = self._zeroconf = _zeroconf(self.addresses)
        assert zeroconf.loop is not None
        self._registered = asyncio.run_coroutine_threadsafe(
            zeroconf.async_register_service(self.info, allow_name_change=True), zeroconf.loop)
        self._registered.add_done_callback(self._told)

    def _told(self, registered: Future[Any]) -> None:
        if not registered.cancelled() and registered.exception() is not None:
            log.warning("cannot announce %s on %s: %s", self.info.name, ", ".join(self.addresses),
                        registered.exception())

    def close(self) -> None:
        """Say goodbye (the browsers drop this server at once) and stop; safe to call twice."""
        zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is None:
            return
        if self._registered is not None:
            try:
                self._registered.result(timeout=REGISTER_S)
            except Exception:  # a failed start was told by _told, a slow one stops: the goodbye matters now
                self._registered.cancel()
        zeroconf.close()  # unregisters every service: the goodbye packets


class LanBrowser(_Started):
    """Listens for announced servers on the given interfaces.  ``hosts()`` never blocks: the
    hearing and resolving happen in zeroconf's threads."""

    def __init__(self, addresses: Sequence[str]) -> None:
        self.addresses = interface_addresses(addresses)
        self._heard: dict[str, Host] = {}
        self._lock = threading.Lock()
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None

    def start(self) -> None:
        self._zeroconf = _zeroconf(self.addresses)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        """Run in the browser's thread, one change at a time (so resolving may wait there)."""
        host = None
        if state_change is not ServiceStateChange.Removed:
            info = zeroconf.get_service_info(service_type, name, timeout=RESOLVE_MS)
            if info is not None:
                host = host_from(info.name, info.parsed_addresses(IPVersion.V4Only), info.port, info.properties)
        with self._lock:
            if host is None:
                self._heard.pop(name, None)
            else:
                self._heard[name] = host

    def hosts(self) -> list[Host]:
        """The servers heard and not gone, by name."""
        with self._lock:
            return sorted(self._heard.values())

    def close(self) -> None:
        """Stop listening (waits for a resolving under way: ``RESOLVE_MS`` at most)."""
        browser, self._browser = self._browser, None
        if browser is not None:
            browser.cancel()
        zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is not None:
            zeroconf.close()


def browse(addresses: Sequence[str], seconds: float, enough: int | None = None) -> list[Host]:
    """The servers heard on these interfaces within ``seconds``, or as soon as ``enough`` are."""
    deadline = time.monotonic() + seconds
    with LanBrowser(addresses) as browser:
        while True:
            hosts = browser.hosts()
            if (enough is not None and len(hosts) >= enough) or time.monotonic() >= deadline:
                return hosts
            time.sleep(min(POLL_S, max(0.0, deadline - time.monotonic())))

"""How much one connection or one address may ask of the server, so nobody can flood it.

A token bucket per connection (a burst, then a steady rate) and a count of tables created per
address over a sliding hour.  Time is passed in, so the limits are tested without waiting.
Behind a reverse proxy every line comes from the proxy: ``client_address`` reads the address
the proxy says it forwarded for (``X-Forwarded-For``), only from a proxy trusted by name, since
anyone else could write that header to escape the limit.
"""

from __future__ import annotations

import ipaddress
from collections import defaultdict, deque
from typing import TYPE_CHECKING, Collection, Sequence

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection


class TokenBucket:
    """``burst`` messages at once, then ``rate`` per second."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._at = now

    def take(self, now: float) -> bool:
        """One message may pass now (and is counted)."""
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


class CreationLimit:
    """At most ``per_hour`` tables created from one address in any hour."""

    WINDOW_S = 3600.0
    MAX_ADDRESSES = 10_000  #: addresses remembered; the oldest are forgotten past this

    def __init__(self, per_hour: int) -> None:
        self.per_hour = per_hour
        self._times: defaultdict[str, deque[float]] = defaultdict(deque)

    def allow(self, address: str, now: float) -> bool:
        """A table may be created from ``address`` now (and is counted)."""
        times = self._times[address]
        while times and times[0] <= now - self.WINDOW_S:
            times.popleft()
        if len(times) >= self.per_hour:
            return False
        times.append(now)
        if len(self._times) > self.MAX_ADDRESSES:
            del self._times[next(iter(self._times))]
        return True


def client_address(peer: str, forwarded_for: Sequence[str], trusted: Collection[str]) -> str:
    """Whom a limit counts for a line from ``peer``: the peer itself, unless it is a trusted
    proxy; then the last address in its ``X-Forwarded-For`` headers that is no trusted proxy
    (the proxies append what each one saw; what the client wrote itself stands before that).
    A header that is not a list of addresses counts as none: the peer is counted."""
    if peer not in trusted:
        return peer
    hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
    try:
        addresses = [str(ipaddress.ip_address(hop)) for hop in hops]
    except ValueError:
        return peer
    return next((a for a in reversed(addresses) if a not in trusted), peer)


def line_address(ws: "ServerConnection", trusted: Collection[str]) -> str:
    """``client_address`` of a websocket line.  A line another process passed on (``relay``)
    has no request of its own: its address was read by the process it reached."""
    peer = str(ws.remote_address[0]) if ws.remote_address else "?"
    request = getattr(ws, "request", None)
    return client_address(peer, request.headers.get_all("X-Forwarded-For") if request is not None else [], trusted)

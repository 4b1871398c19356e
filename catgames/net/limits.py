"""How much one connection or one address may ask of the server, so nobody can flood it.

A token bucket per connection (a burst, then a steady rate) and a count of tables created per
address over a sliding hour.  Time is passed in, so the limits are tested without waiting.
"""

from __future__ import annotations

from collections import defaultdict, deque


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

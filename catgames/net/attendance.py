"""Who is at each seat of a table, and when the AI stand-in must play a human's seat.

A seat whose last line dropped is shown ``reconnecting``; once the table's grace period has
passed without its player, and while another player is there waiting, the stand-in plays it
(``stand_in``) until the player is back.  With
a move clock, a seat to move that has not moved in time is played by the stand-in until its
turn passes.  Time is passed in, so the rules are tested without waiting.
"""

from __future__ import annotations

from catgames.core.rules import Seat

HERE = "here"  #: a line of the seat's player is open
RECONNECTING = "reconnecting"  #: its line dropped; the grace period runs
STAND_IN = "stand_in"  #: the server's AI plays the seat for its player
OPEN = "open"  #: nobody has taken the seat yet (its invite waits)
AI = "ai"  #: a seat of the server's AI

CLOCKS = {"off": None, "2m": 120.0, "1d": 86_400.0}  #: the move clocks a table may have


class Attendance:
    """The presence of every seat; ``humans[i]``: seat ``i`` is a remote human's,
    ``claimed[i]``: its player has taken it (a seat still open is waited for, never stood in)."""

    def __init__(self, humans: list[bool], claimed: list[bool], grace_s: float, clock_s: float | None,
                 now: float) -> None:
        self.humans = humans
        self.grace_s = grace_s
        self.clock_s = clock_s
        self.lines = [0] * len(humans)
        #: when each claimed seat was last left without a line (a server start counts)
        self.dropped: dict[Seat, float] = {i: now for i, h in enumerate(humans) if h and claimed[i]}
        self.timed_out: Seat | None = None  #: the seat the clock handed to the stand-in this turn
        self.turn: tuple[Seat, float] = (-1, now)  #: the seat to move and since when

    def joined(self, seat: Seat) -> None:
        if 0 <= seat < len(self.lines):
            self.lines[seat] += 1
            self.dropped.pop(seat, None)

    def left(self, seat: Seat, now: float) -> None:
        if 0 <= seat < len(self.lines):
            self.lines[seat] = max(0, self.lines[seat] - 1)
            if self.lines[seat] == 0:
                self.dropped[seat] = now

    def moved(self, to_move: Seat, now: float) -> None:
        """The position changed: the clock starts again for a new seat to move; the turn the
        clock gave the stand-in is over once another seat is to move."""
        if to_move != self.turn[0]:
            self.turn = (to_move, now)
            if self.timed_out != to_move:
                self.timed_out = None

    def tick(self, now: float) -> None:
        """The clock runs out for a human seat to move that has not moved in time."""
        seat, since = self.turn
        if (self.clock_s is not None and 0 <= seat < len(self.humans) and self.humans[seat]
                and now >= since + self.clock_s):
            self.timed_out = seat

    def stand_ins(self, now: float) -> set[Seat]:
        """The seats the stand-in plays now.  A dropped seat only while another player is at
        the table to wait for it: a table everyone has left waits for them (it may be played
        over days), rather than be played out by stand-ins."""
        self.tick(now)
        waiting = any(self.lines)
        away = {s for s, since in self.dropped.items() if waiting and now >= since + self.grace_s}
        return away | ({self.timed_out} if self.timed_out is not None else set())

    def next_deadline(self, now: float) -> float | None:
        """When ``stand_ins`` may next change by itself (a grace period or the clock running
        out), if it may: a deadline passed is already acted on, and a table nobody waits at
        has no grace periods running."""
        times = [since + self.grace_s for since in self.dropped.values()] if any(self.lines) else []
        seat, since = self.turn
        if self.clock_s is not None and self.timed_out is None and 0 <= seat < len(self.humans) \
                and self.humans[seat]:
            times.append(since + self.clock_s)
        later = [t for t in times if t > now]
        return min(later) if later else None

    def presence(self, stand_ins: set[Seat]) -> list[str]:
        """Each seat as the others are shown it."""
        def one(seat: Seat) -> str:
            if not self.humans[seat]:
                return AI
            if seat in stand_ins:
                return STAND_IN
            if self.lines[seat]:
                return HERE
            return RECONNECTING if seat in self.dropped else OPEN
        return [one(s) for s in range(len(self.humans))]

"""A seat kept at an online table: where the server is, which table, and the seat's token.

The app keeps one ``TableLink`` per online table it plays (in the user data folder), so that a
table can be left and found again days later; the table's screen opens a remote runner over
it.  One link may hold several seats: humans sharing this computer (hot-seat inside an online
table), each seat with its own token and its own connection.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableLink:
    """One online table as this computer plays it."""

    url: str                 #: the server, ``ws://host:port`` or ``wss://…``
    table: str               #: the table's id on that server (what ``sit`` names)
    game_id: str
    tokens: dict[int, str] = field(default_factory=dict)  #: seat -> its 128-bit token (hex)
    code: str = ""           #: the invite code, while seats are left to claim
    watch_code: str = ""     #: the spectators' code
    server_id: str = ""      #: the server's own id (``net.identity``), to find it at a new address

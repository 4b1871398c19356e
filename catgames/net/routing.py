"""Lines routed by their table (``serve --routed``): a client that knows its table names it in
the URL it connects to (``?table=<id>``), and the reverse proxy in front of many processes
sends every line naming a table to the same process (nginx: ``hash $arg_table consistent``).
That process takes the table over from its owner (``relay``), so a table's frames no longer
cross Redis between processes.  A line naming no table (a first ``create`` or ``join``) goes
to any process, as before.  Such a line names an empty table (``?table=``): it says that its
client will come back naming its table once told it, which a client older than routing would
not (``relay`` closes only a line that says so).

The servers never compute where a key is routed: they follow the lines that arrive.  The
ranking here is the bench's and the tests' front's (``front.py``), a consistent hash as the
proxy's is: a process that stops moves only the tables routed to it.
"""

from __future__ import annotations

import hashlib
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

PARAM = "table"  #: the URL's query parameter that names the line's table


def keyed(url: str, table: str | None) -> str:
    """``url`` naming ``table`` (any table it named before replaced), or the empty table."""
    parts = urlsplit(url)
    query = [(name, value) for name, value in parse_qsl(parts.query) if name != PARAM]
    return urlunsplit(parts._replace(path=parts.path or "/", query=urlencode([*query, (PARAM, table or "")])))


def key_of(target: str) -> str | None:
    """The table a request's target (``/path?query``) names ("": the empty one); ``None``: its
    client does not route by table."""
    for name, value in parse_qsl(urlsplit(target).query, keep_blank_values=True):
        if name == PARAM:
            return value
    return None


def order(key: str | None, backends: int, turn: int) -> list[int]:
    """The backends in the order a line tries them: naming a table, as that table ranks them;
    naming none, round robin from the ``turn``-th."""
    return ranked(key, backends) if key else [(turn + i) % backends for i in range(backends)]


def ranked(key: str, backends: int) -> list[int]:
    """The backends in the order a line naming ``key`` tries them (highest random weight: each
    key's first choice moves only when that backend is gone)."""
    def weight(backend: int) -> bytes:
        return hashlib.blake2b(f"{backend}\0{key}".encode(), digest_size=8).digest()
    return sorted(range(backends), key=weight, reverse=True)

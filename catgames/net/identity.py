"""A server's own id: drawn once for its data folder and kept there (``server_id``), said in its
``welcome`` and announced on the local network with its address.

An address is only where a server is today: a home network's next lease, another port, and the
address a friend's app kept for a table leads nowhere while the server, its tables and their
tokens are the same.  The id is what stays, so the friend's app can look the table's server up
on the local network by it (``net.lookup``).  It is no secret (anyone who hears the
announcement knows it), only a name that does not change with the address.
"""

from __future__ import annotations

import logging
import secrets
from pathlib import Path

from catgames.core import storage
from catgames.net.protocol import TOKEN

log = logging.getLogger(__name__)

ID_NAME = "server_id"  #: beside the server's tables, in its ``--data`` folder
ID_READ = 100  #: bytes of the file read at most (an id and its newline are 33)


def is_server_id(text: object) -> bool:
    """``text`` has the form of a server id: 128 bits, lower-case hex (as a seat token)."""
    return isinstance(text, str) and TOKEN.fullmatch(text) is not None


def server_id(data: Path) -> str:
    """The id of the server whose tables live in ``data``, drawn and written there the first
    time (``OSError`` when the folder does not allow it: the server could not store tables
    either).  A file that is not an id is moved aside, never overwritten."""
    path = data / ID_NAME
    try:
        with path.open("rb") as file:
            text = file.read(ID_READ).decode("ascii", errors="replace").strip()
    except FileNotFoundError:
        text = None
    if text is not None and is_server_id(text):
        return text
    if text is not None:
        log.warning("%s holds no server id: moved aside to %s", path, storage.move_aside(path))
    data.mkdir(parents=True, exist_ok=True)
    new = secrets.token_hex(16)
    storage.atomic_write_text(path, new + "\n")
    return new

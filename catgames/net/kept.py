"""The online tables this computer keeps (``TableLink``s) in the user data folder, as JSON.

A seat token is the only key to a seat: lose it and the seat is lost.  So the file is written
atomically (``storage.atomic_write_text``), and one that cannot be read is moved aside as
``online_tables.json.bad`` (never overwritten) with a ``FileProblem`` for the player; an entry
that cannot be used is left out while the file, all of it, is copied aside first, so the other
tables, and every other file of the folder, go on as they were.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from catgames.core import safe_yaml, storage
from catgames.core.catalogue import available_ids
from catgames.core.storage import FileProblem
from catgames.net.identity import is_server_id
from catgames.net.links import TableLink
from catgames.net.protocol import MAX_SEATS, TOKEN

KEPT_NAME = "online_tables.json"
FORMAT = "catgames-online-tables"
VERSION = 1
URL_SCHEMES = ("ws://", "wss://")


@dataclass(frozen=True)
class KeptTable:
    """One kept table: its link, and whether its server is the one this app runs (then the app
    starts that server again when it opens, so the table's friends can come back)."""

    link: TableLink
    hosted: bool = False

    def to_json(self) -> dict[str, Any]:
        link = self.link
        return {"url": link.url, "table": link.table, "game": link.game_id,
                "tokens": {str(seat): token for seat, token in sorted(link.tokens.items())},
                "code": link.code, "watch_code": link.watch_code, "server_id": link.server_id,
                "hosted": self.hosted}


@dataclass(frozen=True)
class KeptList:
    """What reading the file gave: the tables that could be used, and the problem to tell."""

    tables: list[KeptTable]
    problem: FileProblem | None = None


def kept_path() -> Path:
    return storage.data_dir() / KEPT_NAME


def _text(entry: dict[str, Any], key: str, required: bool = True) -> str:
    value = entry.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value) or len(value) > 300:
        raise ValueError(f"{key}: {safe_yaml.brief(value)} is not a text")
    return value


def table_from_json(entry: Any) -> KeptTable:
    """One entry of the file, checked (``ValueError`` saying what is wrong)."""
    if not isinstance(entry, dict):
        raise ValueError(f"{safe_yaml.brief(entry)} is not a table")
    url = _text(entry, "url")
    if not url.startswith(URL_SCHEMES):
        raise ValueError(f"url: {safe_yaml.brief(url)} is not a ws:// or wss:// address")
    game = _text(entry, "game")
    if game not in available_ids():
        raise ValueError(f"game: no game {safe_yaml.brief(game)}")
    tokens = entry.get("tokens")
    if not isinstance(tokens, dict) or not 0 < len(tokens) <= MAX_SEATS:
        raise ValueError("tokens: no seat")
    seats: dict[int, str] = {}
    for seat, token in tokens.items():
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < MAX_SEATS
                and isinstance(token, str) and TOKEN.fullmatch(token)):
            raise ValueError(f"tokens: {safe_yaml.brief(seat)} holds no seat token")
        seats[int(seat)] = token
    hosted = entry.get("hosted", False)
    if not isinstance(hosted, bool):
        raise ValueError("hosted: not true or false")
    server = _text(entry, "server_id", False)  # none in a list written before ids
    if server and not is_server_id(server):
        raise ValueError(f"server_id: {safe_yaml.brief(server)} is not a server's id")
    link = TableLink(url, _text(entry, "table"), game, seats, _text(entry, "code", False),
                     _text(entry, "watch_code", False), server)
    return KeptTable(link, hosted)


def _tables_of(data: Any) -> tuple[list[KeptTable], list[str]]:
    """The usable entries of a read document, and why each other one is not."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise safe_yaml.UnusableFile("damaged", "it is not a list of catgames online tables")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise safe_yaml.UnusableFile("newer", "it was written by a newer catgames")
    entries = data.get("tables")
    if not isinstance(entries, list):
        raise safe_yaml.UnusableFile("damaged", "it holds no list of tables")
    tables, wrong = [], []
    for entry in entries:
        try:
            tables.append(table_from_json(entry))
        except ValueError as exc:
            wrong.append(str(exc))
    return tables, wrong


def load_kept() -> KeptList:
    """The kept tables; never raises.  An unreadable file is moved aside (left in place where
    the folder does not allow it) and an entry that cannot be used is left out, the file being
    copied aside first: either way with the problem to tell the player."""
    path = kept_path()
    try:
        tables, wrong = _tables_of(json.loads(safe_yaml.read_text(path)))
    except safe_yaml.MissingFile:
        return KeptList([])
    except safe_yaml.UnusableFile as exc:
        return KeptList([], storage.set_aside(path, exc.code, exc.detail))
    except (ValueError, RecursionError) as exc:  # not JSON (json's own errors are ValueErrors)
        return KeptList([], storage.set_aside(path, "not_json", str(exc)[:300]))
    if not wrong:
        return KeptList(tables)
    return KeptList(tables, _copied_aside(path, "; ".join(wrong)[:300]))


def _copied_aside(path: Path, detail: str) -> FileProblem:
    """A copy of the whole file beside it (``.bad``): the entries left out are not lost."""
    names = [path.name + ".bad"] + [f"{path.name}.bad.{n}" for n in range(1, storage.MAX_SET_ASIDE)]
    for target in (path.with_name(name) for name in names):
        if not target.exists():
            try:
                shutil.copyfile(path, target)
            except OSError:
                break
            return FileProblem("some_tables", detail, target, moved=True)
    return FileProblem("some_tables", detail, path, moved=False)


def save_kept(tables: list[KeptTable]) -> None:
    """Write the list (``OSError`` when the folder does not allow it)."""
    doc = {"format": FORMAT, "version": VERSION, "tables": [t.to_json() for t in tables]}
    storage.atomic_write_text(kept_path(), json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


def keep(table: KeptTable) -> KeptList:
    """Add ``table`` (or, for a table already kept, add its seats to the ones kept) and write
    the list; returns what was read before, for its problem to be told."""
    before = load_kept()
    tables = list(before.tables)
    for i, old in enumerate(tables):
        if (old.link.url, old.link.table) == (table.link.url, table.link.table):
            new = table.link
            link = replace(new, tokens={**old.link.tokens, **new.tokens}, code=new.code or old.link.code,
                           watch_code=new.watch_code or old.link.watch_code,
                           server_id=new.server_id or old.link.server_id)
            tables[i] = KeptTable(link, old.hosted or table.hosted)
            break
    else:
        tables.append(table)
    save_kept(tables)
    return before


def _rewrite(change: Callable[[KeptTable], KeptTable]) -> bool:
    """Each kept table ``change``d, written if any was (``True``)."""
    tables = load_kept().tables
    changed = [change(t) for t in tables]
    if changed == tables:
        return False
    save_kept(changed)
    return True


def follow_own_server(url: str) -> bool:
    """Every table hosted by this app's own server now at ``url`` (``True`` if any moved).

    Those tables live in this computer's data folder whatever the address: only the address
    changes from one day to the next (a new lease on the local network, another network, another
    port), so their links follow the server rather than keep the address of the day they were
    made.  Written in the file, so every key of a table (forget, rematch) stays one."""
    return _rewrite(lambda t: replace(t, link=replace(t.link, url=url)) if t.hosted and t.link.url != url else t)


def note_server_id(url: str, server_id: str) -> bool:
    """The tables kept at ``url`` with no server id yet (kept before servers had ids) take the
    one the server there said (``True`` if any did)."""
    return _rewrite(lambda t: replace(t, link=replace(t.link, server_id=server_id))
                    if t.link.url == url and not t.link.server_id else t)


def follow_server(server_id: str, url: str) -> bool:
    """Every table of the server ``server_id``, which was heard at ``url``, kept at that
    address from now on (``True`` if any moved): a friend's server found again on the local
    network after its address changed (``net.lookup``)."""
    return _rewrite(lambda t: replace(t, link=replace(t.link, url=url))
                    if t.link.server_id == server_id and t.link.url != url else t)


def forget(url: str, table_id: str) -> None:
    """Drop one table from the list (its seats cannot be played from here any more)."""
    tables = [t for t in load_kept().tables if (t.link.url, t.link.table) != (url, table_id)]
    save_kept(tables)

"""The store a server's ``--store`` names: the SQLite file in its data folder (none named), or
a PostgreSQL database.  PostgreSQL's driver is imported only when one is named: the app and a
one-process server do without it."""

from __future__ import annotations

from pathlib import Path

from catgames.net.store import Storage, Store


def open_store(address: str | None, folder: Path) -> Storage:
    """``postgresql://…``: that database; otherwise (``None``) the SQLite file in ``folder``."""
    if address is None:
        return Store(folder)
    if address.startswith(("postgresql://", "postgres://")):
        from catgames.net.store_pg import PgStore
        return PgStore(address)
    raise ValueError(f"unknown store {address!r}: give a postgresql:// address (or none for SQLite)")

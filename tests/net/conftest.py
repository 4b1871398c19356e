"""What the network tests share: the raw lines a test opens, closed after it."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from catgames.net.services import postgres
from tests.net.raw import Raw
from tests.net.stores import KINDS, Place, Stores


@pytest.fixture
def lines() -> Iterator[list[Raw]]:
    """Raw connections a test opens, closed after it."""
    opened: list[Raw] = []
    yield opened
    for raw in opened:
        raw.close()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """A PostgreSQL server of this test process, started once (``initdb`` and ``pg_ctl`` in a
    temporary folder, a Unix socket) and stopped at the end."""
    with postgres(fsync=False) as address:
        yield address


@pytest.fixture(scope="module", params=KINDS)
def stores(request: pytest.FixtureRequest) -> Stores:
    """Each online test module runs against both stores."""
    return Stores(request.param, request.getfixturevalue("pg_cluster") if request.param == "postgresql" else None)


@pytest.fixture
def place(stores: Stores, tmp_path: Path) -> Place:
    """An empty store of the module's kind for one test's server."""
    return stores.new(tmp_path)

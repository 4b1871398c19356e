"""What the network tests share: the raw lines a test opens, closed after it."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.net.raw import Raw


@pytest.fixture
def lines() -> Iterator[list[Raw]]:
    """Raw connections a test opens, closed after it."""
    opened: list[Raw] = []
    yield opened
    for raw in opened:
        raw.close()

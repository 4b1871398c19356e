"""``Shown``: one typed reading of what a table may show, for every game's table."""

from __future__ import annotations

import pytest

from catgames.ui.table.view import Shown


class Table:
    observed: object = 3
    seen: object = "facts"
    number = Shown(int)
    facts = Shown(str, "seen")


def test_a_table_reads_what_it_shows_as_its_own_type() -> None:
    table = Table()
    assert table.number == 3 and table.facts == "facts"
    table.observed = 4  # read anew each time: no copy kept
    assert table.number == 4


def test_anything_else_is_said_at_once() -> None:
    table = Table()
    table.observed = "three"
    with pytest.raises(TypeError, match="Table.observed is a str, not a int"):
        table.number

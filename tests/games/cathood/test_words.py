"""Cathood's sentences say the rules' ids in words."""

from __future__ import annotations

from catgames.core.rules import Reason
from catgames.games.cathood.components import cathood_data
from catgames.games.cathood.table.words import reason_text


def test_a_street_is_said_by_the_ways_it_runs():
    for allowed, words in (("E/W", "east or west"), ("N/S", "north or south")):
        reason = Reason.of("wrong_street", direction="N", allowed=allowed)
        assert reason_text(cathood_data(), reason) == f"On this street your cat walks {words} only."

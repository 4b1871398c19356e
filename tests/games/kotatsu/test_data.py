"""data/kotatsu.yaml loads with the spec's numbers, and mistakes name their key path."""

from __future__ import annotations

from pathlib import Path

import pytest

from catgames.core.data import DataError
from catgames.games.kotatsu.components import load_kotatsu_data
from catgames.ui.rules_summary import load_rules, rules_path
from tests.helpers import mutated_data


def test_shipped_data_has_the_spec_numbers():
    data = load_kotatsu_data()
    assert data.cards == 72 and data.cats == 30 and data.blank == 30
    assert sorted(data.card_stars[:12]) == [1] * 4 + [2] * 4 + [3] * 4
    assert [data.cushion_label(i) for i in range(5)] == ["W+3", "W+2 coin", "W+1 food", "W-1", "W-2"]
    assert sum(data.cushion_value[:5]) == 3
    assert (data.lucky_total, data.lucky_at_start, data.bonus_value) == (3, 1, 6)
    assert (data.kotatsu_count, data.max_cards, data.hand_size) == (3, 3, 3)
    assert data.option_defaults["scoring_mode"] == "text_bonus"


def write(tmp_path: Path, mutate) -> Path:
    return mutated_data(tmp_path, "kotatsu.yaml", mutate)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["kotatsu"].__setitem__("pairs_on_each", 3), "kotatsu.pairs_on_each: the 1st player"),
    (lambda d: d["colours"][1].__setitem__("id", "W"), "colours.1.id: colour 'W' is listed twice"),
    (lambda d: d["colours"][0].__setitem__("id", "wh"), "colours.0.id: 'wh' must be one capital"),
    (lambda d: d["cards"]["copies_per_colour"].__setitem__("x", 1), "star value 'x'"),
    (lambda d: d["cushions"]["each_colour"][1].__setitem__("value", -2),
     "cushions.each_colour.1.value: a cushion with a symbol may not be negative"),
    (lambda d: d["cushions"]["each_colour"][0].__setitem__("symbol", "fish"),
     "cushions.each_colour.0.symbol: 'fish' is not one of gold_coin, cat_food"),
    (lambda d: d["wooden_cats"].__setitem__("symbols_per_colour", ["gold_coin"] * 6),
     "wooden_cats.symbols_per_colour: 6 symbols for 5 cats"),
    (lambda d: d["lucky_cats"].__setitem__("in_bag_at_start", 4),
     "lucky_cats.in_bag_at_start: 4 is out of range 0..3"),
    (lambda d: d["hand_categories"].remove("one_pair"), "hand_categories: has 6 items, expected 7"),
    (lambda d: d["hand_categories"].reverse(), "hand_categories.0: expected 'five_of_a_kind' here"),
    (lambda d: d["rulings"].__setitem__("start_player", "oldest"), "rulings.start_player: 'oldest'"),
    (lambda d: d["options"].__setitem__("scoring_mode", "both"), "options.scoring_mode: 'both'"),
    (lambda d: d["options"].__setitem__("turbo", True), "options: unknown option 'turbo'"),
    (lambda d: d.__setitem__("tatami_colours", ["red"]), "tatami_colours: unknown key"),
])
def test_bad_data_is_reported_with_its_key_path(tmp_path, mutate, message):
    path = write(tmp_path, mutate)
    with pytest.raises(DataError) as err:
        load_kotatsu_data(path)
    assert message in str(err.value)
    assert str(err.value).startswith(str(path))


def test_rules_summary_loads():
    summary = load_rules(rules_path("kotatsu"))
    assert summary.title == "Kotatsu Cats" and len(summary.sections) >= 5

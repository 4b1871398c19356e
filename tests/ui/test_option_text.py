"""Every game option reads its label, help and choice names from data/strings, with the data
values they state filled in from the game's YAML (no sentence restates a number in code)."""

from __future__ import annotations

import re

import pytest

from catgames.games import available_ids, load_game
from catgames.games.boxes.components import boxes_data
from catgames.games.kotatsu.components import kotatsu_data
from catgames.ui import i18n
from catgames.ui.scenes.new_game import option_label


@pytest.mark.parametrize("game_id", available_ids())
def test_every_option_has_a_label_and_help_with_every_placeholder_filled(game_id):
    game = load_game(game_id)
    for option in game.options():
        for key in (f"option.{game_id}.{option.key}", f"option.{game_id}.{option.key}.help"):
            assert i18n.has(key), key
            text = i18n.t(key, **option.facts)
            assert text and "{" not in text, (key, text)
        for choice in option.choices:
            label = option_label(game_id, option, choice)
            assert label and "{" not in label, (option.key, choice, label)


def test_kotatsu_set_bonus_help_states_the_yaml_value():
    option = next(o for o in load_game("kotatsu").options() if o.key == "collection_bonus_mode")
    text = i18n.t("option.kotatsu.collection_bonus_mode.help", **option.facts)
    assert f"{kotatsu_data().bonus_value} points" in text


def test_if_it_fits_table_sizes_come_from_the_presets():
    game = load_game("boxes")
    option = next(o for o in game.options() if o.key == "table")
    small = boxes_data().presets["small"]
    assert option_label("boxes", option, "small") == f"Small · {small.cols}\u00a0×\u00a0{small.rows}"


@pytest.mark.parametrize("language", i18n.available_languages())
def test_a_table_size_is_never_broken_across_two_lines(language):
    """"✓ Standard · 13 ×" over "11" was seen on the host screen at mid window sizes: a size's
    numbers are joined by no-break spaces, so a label wraps after its name if at all."""
    option = next(o for o in load_game("boxes").options() if o.key == "table")
    try:
        i18n.set_language(language)
        labels = [option_label("boxes", option, choice) for choice in option.choices]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert [label for label in labels if re.search(r"\d ×|× \d", label)] == []
    assert all("×" in label for label in labels)


@pytest.mark.parametrize("game_id", available_ids())
def test_titles_and_blurbs_come_from_strings(game_id):
    assert i18n.game_title(game_id) == i18n.t(f"game.{game_id}.title") != f"game.{game_id}.title"
    assert i18n.has(f"game.{game_id}.blurb")

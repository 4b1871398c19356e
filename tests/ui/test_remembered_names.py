"""A table's seat names (``names.RememberedNames``): worked out once per update and language,
and worked out again when either changes."""

from __future__ import annotations

from dataclasses import replace

from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui.names import RememberedNames, update_names
from catgames.ui.registry import scene_class
from tests.helpers import new_app


def test_the_names_follow_a_new_update_and_a_change_of_language(catgames_home):
    app = new_app()
    match = Match.new("kotatsu", 2, ["human", "ai:hard"], {}, seed=3)
    table = app.push(scene_class("kotatsu")(app, match))
    names, keys = RememberedNames(), table.rule_names
    first = table.public
    try:
        assert names.of(first, keys) == update_names(first, keys) == ["Player 1", "Mochi (hard)"]
        i18n.set_language("fr")
        assert names.of(first, keys) == update_names(first, keys) != ["Player 1", "Mochi (hard)"]
        renamed = replace(first, names=("Wilhelmina", ""))
        assert names.of(renamed, keys)[0] == "Wilhelmina"
        mine = names.of(renamed, keys)
        mine.append("changed by its caller")
        assert names.of(renamed, keys) == update_names(renamed, keys)  # a copy each time
    finally:
        i18n.set_language("en")

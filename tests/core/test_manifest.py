"""One manifest per game (data/games.yaml): the catalogue, the games' titles and seat ranges,
and the modules of their rules, heuristics and tables all come from it."""

from __future__ import annotations

import pytest
import yaml

from catgames.ai.hooks import Heuristics, heuristics_for
from catgames.core import catalogue
from catgames.core.data import DataError, Node, data_path, load_yaml
from catgames.core.manifest import Manifest, UnknownGame, parse_manifests
from catgames.games import available_ids, load_game


def shipped_text() -> dict:
    return yaml.safe_load(data_path("games.yaml").read_text(encoding="utf-8"))


def test_the_catalogue_lists_the_manifests_in_file_order():
    assert available_ids() == list(shipped_text())
    assert available_ids() == ["bed", "kotatsu", "days", "boxes", "cathood"]


@pytest.mark.parametrize("game_id", ["bed", "kotatsu", "days", "boxes", "cathood"])
def test_each_game_reads_its_title_and_seats_from_its_manifest(game_id):
    stated = shipped_text()[game_id]
    game = load_game(game_id)
    assert (game.title, game.min_players, game.max_players) == (stated["title"], *stated["players"])
    assert game.manifest is catalogue.manifest(game_id)
    assert type(heuristics_for(game_id)) is not Heuristics  # every game brings its own
    assert catalogue.load_table(game_id).__module__ == stated["table"]


def test_a_game_not_in_the_catalogue_is_refused_by_name():
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games: bed, kotatsu"):
        load_game("chess")
    assert type(heuristics_for("chess")) is Heuristics  # the AI still plays an unlisted toy


@pytest.mark.parametrize("change, message", [
    (lambda d: d["bed"].pop("rules"), "games.yaml: bed: missing key 'rules'"),
    (lambda d: d["boxes"].__setitem__("players", [5, 2]), "boxes.players: range [5, 2] is empty"),
    (lambda d: d["days"].__setitem__("players", [0, 4]), "days.players: a game needs at least 1"),
    (lambda d: d["kotatsu"].__setitem__("seats", 4), "kotatsu.seats: unknown key"),
])
def test_a_bad_manifest_is_refused_with_its_key_path(tmp_path, change, message):
    doc = shipped_text()
    change(doc)
    path = tmp_path / "games.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_manifests(load_yaml(path))


def test_a_manifest_naming_a_module_without_its_entry_point_says_so():
    bogus = Manifest("bogus", "Bogus", (2, 2), "catgames.core.data", None, "catgames.core.data")
    catalogue.add(bogus)
    try:
        with pytest.raises(ImportError, match="catgames.core.data defines no GAME"):
            load_game("bogus")
        assert catalogue.load_heuristics("bogus") is None
    finally:
        catalogue.remove("bogus")
    assert "bogus" not in available_ids()


def test_parse_manifests_reads_an_in_memory_document():
    doc = {"toy": {"title": "Toy", "players": [2, 3], "rules": "a", "table": "b"}}
    (toy,) = parse_manifests(Node(doc, "games.yaml", ()))
    assert toy == Manifest("toy", "Toy", (2, 3), "a", None, "b")

"""The YAML loader names the file, the key path and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from catgames.core.data import DataError, data_path, load_yaml
from catgames.games.bed.components import load_bed_data
from tests.core.data_readers import GAMES, read_all, refusal, refusal_of_text
from tests.helpers import mutated_data


def write_bed(tmp_path: Path, mutate) -> Path:
    return mutated_data(tmp_path, "bed.yaml", mutate)


def test_shipped_bed_data_loads():
    data = load_bed_data()
    assert data.grid.rows == 17 and data.grid.cols == 13
    assert set(data.sides) == {"A", "B"}


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["tiles"]["patterns"].__setitem__(6, ["###", "#..", "###", "#.##", "###"]),
     "tiles.patterns.6: row 3 has 4 cells, expected 3"),
    (lambda d: d["board"].__setitem__("rows", "seventeen"),
     "board.rows: expected a whole number, got str 'seventeen'"),
    (lambda d: d.pop("initial_area"), "(top level): missing key 'initial_area'"),
    (lambda d: d["sides"]["B"]["toy_icons"].__setitem__("ball", [[0, 0]]),
     "sides.B.toy_icons.ball: unknown toy kind 'ball'"),
    (lambda d: d["sides"]["B"]["toy_icons"]["bone"].__setitem__(0, [40, 0]),
     "sides.B.toy_icons.bone.0: cell [40, 0] is outside the bed"),
    (lambda d: d["tiles"]["patterns"].pop(9), "tiles.patterns: missing the pattern of digit 9"),
    (lambda d: d["tiles"].__setitem__("reflection", True), "tiles.reflection: mirrored tiles"),
])
def test_bad_bed_data_is_reported_with_its_key_path(tmp_path, mutate, message):
    path = write_bed(tmp_path, mutate)
    with pytest.raises(DataError) as err:
        load_bed_data(path)
    assert message in str(err.value)
    assert str(err.value).startswith(str(path))


def test_invalid_yaml_names_line(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("a: [1, 2\nb: 3\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"broken.yaml: not valid YAML at line \d+"):
        load_yaml(path)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="cannot read file"):
        load_yaml(tmp_path / "nope.yaml")


def test_a_file_read_again_gives_a_fresh_copy_and_sees_an_edit(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("cards: [1, 2]\n", encoding="utf-8")
    load_yaml(path).value["cards"].append(3)  # a reader that changes what it was given
    assert load_yaml(path).value == {"cards": [1, 2]}
    path.write_text("cards: [4]\n", encoding="utf-8")
    assert load_yaml(path).value == {"cards": [4]}


def test_project_files_are_shown_relative():
    with pytest.raises(DataError) as err:
        load_yaml(data_path("bed.yaml"))["nope"]
    assert str(err.value).startswith("data/bed.yaml: (top level): missing key 'nope'")


# -- nonsense is refused: one test per class of error, each across several files -----------------
# Each case is (game, mutation, key path, what was expected).  ``refusal`` runs every reader of
# the file (components, AI presets, AI weights), so keys read by any of them are not flagged.

def assert_refused(tmp_path: Path, game: str, mutate, where: str, expected: str) -> None:
    message = refusal(tmp_path, game, mutate)
    assert message is not None, f"data/{game}.yaml accepted the mutation"
    assert message.startswith(f"data/{game}.yaml: {where}: "), message
    assert expected in message, message
    assert message.count(f"data/{game}.yaml") == 1 and "\n" not in message, message


@pytest.mark.parametrize("game, mutate, where, expected", [
    ("bed", lambda d: d.__setitem__("first_player", "cat"), "first_player",
     "unknown key (nothing reads it); expected one of ai, board, initial_area, players, scoring"),
    ("bed", lambda d: d.__setitem__("game", "bed"), "game", "unknown key"),
    ("days", lambda d: d["cards"][0].__setitem__("name", "Labrador"), "cards.0.name",
     "expected one of copies, deck, effect, id, kind, placement, points"),  # names: strings
    ("cathood", lambda d: d["tiles"][0].__setitem__("rot", 1), "tiles.0.rot",
     "expected one of edges, id, min_players, park"),
    ("boxes", lambda d: d["ai"].__setitem__("expert", {"algorithm": "ismcts"}), "ai.expert",
     "expected one of easy, hard, heuristics, normal"),
    ("kotatsu", lambda d: d["ai"]["heuristics"].__setitem__("pair_flor", 0.7), "ai.heuristics.pair_flor",
     "expected one of pair_floor, random_share"),
    ("bed", lambda d: d["ai"]["easy"].__setitem__("rollout_depth", 4), "ai.easy.rollout_depth",
     "greedy does not use this setting; expected one of algorithm, budget_s"),
])
def test_unknown_keys_are_refused(tmp_path, game, mutate, where, expected):
    assert_refused(tmp_path, game, mutate, where, expected)


@pytest.mark.parametrize("game, mutate, where, expected", [
    ("bed", lambda d: d["tiles"]["patterns"][6].append("###"), "tiles.patterns.6", "has 6 items, expected 5"),
    ("bed", lambda d: d["tiles"]["patterns"].__setitem__(7, ["###", "..#", "..#", "..#", "..."]),
     "tiles.patterns.7", "expected the pattern to fill its 5x3 box"),
    ("bed", lambda d: d["tiles"]["patterns"].__setitem__(1, ["####"] * 5), "tiles.patterns.1",
     "is 4 cells wide, expected 1 to 3"),
    ("cathood", lambda d: d["tiles"][0]["edges"].append("dog"), "tiles.0.edges", "has 5 items, expected 4"),
    ("days", lambda d: d["cards"][0].__setitem__("points", "four"), "cards.0.points",
     "expected a whole number, got str 'four'"),
    ("boxes", lambda d: d["start_cards"].__setitem__("pattern", 1234), "start_cards.pattern",
     "expected text, got int 1234"),
    ("days", lambda d: d["cards"][0]["placement"].__setitem__("days", ["all", "mon"]),
     "cards.0.placement.days.0", "expected [all] alone or a list of days"),
])
def test_wrong_shapes_and_sizes_are_refused(tmp_path, game, mutate, where, expected):
    assert_refused(tmp_path, game, mutate, where, expected)


@pytest.mark.parametrize("game, mutate, where, expected", [
    ("boxes", lambda d: d["rotations"].append(180), "rotations.2", "180 repeats item 1; expected each item once"),
    ("days", lambda d: d["modes"]["cat"].__setitem__("decks", ["cat", "cat"]), "modes.cat.decks.1",
     "'cat' repeats item 0; expected each item once"),
    ("kotatsu", lambda d: d["cushions"]["each_colour"].append({"value": 3}), "cushions.each_colour.5",
     "repeats item 0; expected each item once"),
    ("cathood", lambda d: d["tiles"][1].__setitem__("id", "T01"), "tiles.1.id",
     "tile 'T01' is listed twice (first at tiles.0.id); expected each tile once"),
    ("bed", lambda d: d["sides"]["B"]["toy_icons"]["yarn"].append([0, 0]), "sides.B.toy_icons.yarn.8",
     "already holds another toy; expected one toy a cell"),
    ("boxes", lambda d: d["box_cards"].append(dict(d["box_cards"][0])), "box_cards.9.id",
     "class 'OPEN' is listed twice (first at box_cards.0.id); expected each class once"),
    ("kotatsu", lambda d: d["hand_categories"].__setitem__(6, "two_pair"), "hand_categories.6",
     "'two_pair' repeats item 4; expected each item once"),
])
def test_repeated_entries_are_refused(tmp_path, game, mutate, where, expected):
    assert_refused(tmp_path, game, mutate, where, expected)


@pytest.mark.parametrize("game, old, new, extra_lines", [
    ("kotatsu", "  - {value: 3}\n", "  - {value: 3, value: 4}\n", 0),
    ("bed", "  rows: 17\n", "  rows: 17\n  rows: 18\n", 1),
])
def test_a_key_given_twice_in_one_mapping_is_refused(tmp_path, game, old, new, extra_lines):
    text = data_path(f"{game}.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    line = text[:text.index(old)].count("\n") + 1 + extra_lines  #: where the second key sits
    message = refusal_of_text(tmp_path, game, text.replace(old, new))
    assert message is not None and message.startswith(f"data/{game}.yaml: not valid YAML at line {line}, ")
    assert "is given twice in one mapping; expected each key once" in message


def test_aliases_are_refused(tmp_path):
    text = data_path("bed.yaml").read_text(encoding="utf-8")
    text = text.replace("board: ", "board: &board", 1).replace("\nscoring:", "\ncopy: *board\nscoring:", 1)
    message = refusal_of_text(tmp_path, "bed", text)
    assert message is not None and message.startswith("data/bed.yaml: not valid YAML at line ")
    assert "alias *board refused; write the value out" in message


@pytest.mark.parametrize("game, mutate, where, expected", [
    ("kotatsu", lambda d: d["cards"]["copies_per_colour"].pop(3), "cards.copies_per_colour",
     "makes 48 cards in 6 colours, expected 72 (cards.total)"),
    ("kotatsu", lambda d: (d["cards"]["copies_per_colour"].pop(2),
                           d["cards"]["copies_per_colour"].__setitem__(3, 8)),
     "cards.copies_per_colour", "star levels [1, 3] leave a gap; expected every level from 1 to 3"),
    ("kotatsu", lambda d: d["collection_bonus"].__setitem__("tiles_in_box", 3),
     "collection_bonus.tiles_in_box", "expected at least 4"),
    ("cathood", lambda d: d["player_counts"].pop(3), "player_counts", "missing player count 3"),
    ("bed", lambda d: d["tiles"]["patterns"].pop(9), "tiles.patterns", "missing the pattern of digit 9"),
    ("days", lambda d: d["cards"][0].pop("points"), "cards.0", "an animal needs points"),
    ("days", lambda d: d["cards"][14].__setitem__("points", 2), "cards.14",
     "event cards score no points; expected no points key"),
    ("days", lambda d: d["cards"][30]["placement"].pop("cat_tree_ok"), "cards.30.placement",
     "a cat says whether it may go onto a Cat Tree (cat_tree_ok)"),
])
def test_missing_required_entries_are_refused(tmp_path, game, mutate, where, expected):
    assert_refused(tmp_path, game, mutate, where, expected)


@pytest.mark.parametrize("game, mutate, where, expected", [
    ("kotatsu", lambda d: d["colours"][0].__setitem__("pattern", "plaid"), "colours.0.pattern",
     "'plaid' is not one of plain, stripes, spots, tabby, patches"),
    ("kotatsu", lambda d: d.__setitem__("tatami_colours", ["red", "yellow", "purple", "teal"]),
     "tatami_colours", "unknown key"),
    ("cathood", lambda d: d["toy_cards"][0]["cost"].__setitem__("red", 1), "toy_cards.0.cost.red",
     "unknown colour 'red'; expected one of pink, blue, yellow, purple, orange, green"),
    ("days", lambda d: d["cards"][0].__setitem__("deck", "dog"), "cards.0.deck", "'dog' is not one of woof, cat"),
    ("boxes", lambda d: d["ai"]["hard"].__setitem__("algorithm", "genius"), "ai.hard.algorithm",
     "'genius' is not one of random, greedy, alphabeta, mcts, ismcts"),
    ("days", lambda d: d["cards"][0]["placement"].__setitem__("cat_tree_ok", True),
     "cards.0.placement.cat_tree_ok", "expected no cat_tree_ok on a dog"),
])
def test_unknown_names_and_values_are_refused(tmp_path, game, mutate, where, expected):
    assert_refused(tmp_path, game, mutate, where, expected)


@pytest.mark.parametrize("game", GAMES)
def test_every_reader_accepts_the_shipped_files(game):
    read_all(game)

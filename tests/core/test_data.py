"""The YAML loader names the file, the key path and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from catgames.core.data import DataError, data_path, load_yaml
from catgames.games.bed.components import load_bed_data
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


def test_project_files_are_shown_relative():
    with pytest.raises(DataError) as err:
        load_yaml(data_path("bed.yaml"))["nope"]
    assert str(err.value).startswith("data/bed.yaml: (top level): missing key 'nope'")

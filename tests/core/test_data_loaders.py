"""Data files read with libyaml's parser (before the first frame: the strings of a language are
20 files) mean exactly what the pure-Python strict reader made of them, and are refused alike."""

from __future__ import annotations

import pytest

from catgames.core import data
from catgames.core.data import DataError, _parse
from catgames.paths import DATA_DIR

SHIPPED = sorted(DATA_DIR.rglob("*.yaml"))


def _pure_python(monkeypatch) -> None:
    monkeypatch.setattr(data, "_FastStrictLoader", None)


def test_libyaml_reads_the_data_files():
    assert data._FastStrictLoader is not None  # the wheels on every platform we ship carry it


def test_every_shipped_file_reads_the_same_with_either_parser(monkeypatch):
    fast = {path: _parse(path.read_text(encoding="utf-8"), str(path)) for path in SHIPPED}
    _pure_python(monkeypatch)
    assert len(fast) > 100
    for path, document in fast.items():
        assert _parse(path.read_text(encoding="utf-8"), str(path)) == document, path


@pytest.mark.parametrize("text, refusal", [
    ("a: &x [1]\nb: *x\n", "not valid YAML at line 2, column 4: alias *x refused; write the value out"),
    ("a: 1\nb: 2\na: 3\n", "not valid YAML at line 3, column 1: key 'a' is given twice in one mapping"),
    ("notes: 'a * b'\nc: {d: 1, d: 2}\n", "not valid YAML at line 2, column 11: key 'd' is given twice"),
])
@pytest.mark.parametrize("parser", ["libyaml", "pure Python"])
def test_aliases_and_repeated_keys_are_refused_by_either_parser(monkeypatch, text, refusal, parser):
    if parser == "pure Python":
        _pure_python(monkeypatch)
    with pytest.raises(DataError) as refused:
        _parse(text, "x.yaml")
    assert str(refused.value).startswith(f"x.yaml: {refusal}")

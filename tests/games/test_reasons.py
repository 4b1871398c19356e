"""Every reason a game can give for refusing a move, and every way it can end, has a sentence
that its arguments fill.

The codes are read from the game's source: each ``Reason.of("code", name=...)`` call, and each
``return "code", {"name": ...}`` (how days' card effects name a reason for ``Reason.of(code,
**args)``).  The sentence is ``reason.<game>.<code>``, else ``reason.<code>``, as
``i18n.reason_text`` looks it up.  An ending is an ``Outcome.of(scores, winner, "code", detail,
name=...)`` call (the code may be chosen by ``a if c else b``); its sentence is
``outcome.<game>.<code>``, as ``i18n.outcome_text`` looks it up.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from catgames.games import available_ids
from catgames.ui import i18n

GAMES = Path(__file__).resolve().parents[2] / "catgames" / "games"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
KNOWN = {  #: codes each scan must find, so a scan that finds nothing cannot pass
    "bed": {"overlap", "pillow", "opening_digit"},
    "kotatsu": {"wrong_count", "edge_full", "must_pick"},
    "days": {"wrong_day", "own_week_only", "must_act", "cat_tree_full"},
    "boxes": {"off_table", "not_touching", "box_taken", "wall_seam"},
    "cathood": {"locked", "cat_between", "cannot_afford", "half_turn"},
}

DERIVED = {  #: arguments from which a game's words add placeholders (days: ``words._words_for``)
    "days": {"card": {"animal", "animals", "day", "where", "list"}},
}


@dataclass(frozen=True)
class Given:
    """One place in the source that gives a reason."""

    code: str
    args: frozenset[str] | None  #: the argument names, ``None`` where the source cannot tell
    where: str


def _is_reason_of(node: ast.Call) -> bool:
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "of"
            and isinstance(f.value, ast.Name) and f.value.id == "Reason")


def _text(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _given(node: ast.AST, where: str) -> Given | None:
    """The reason ``node`` gives, if it is a ``Reason.of`` call or a ``return "code", {...}``."""
    if isinstance(node, ast.Call) and _is_reason_of(node) and node.args:
        code = _text(node.args[0])
        if code is None:
            return None
        names = {k.arg for k in node.keywords if k.arg is not None}
        spread = len(names) < len(node.keywords)  # a ``**args``: the names are not in the source
        return Given(code, None if spread else frozenset(names), where)
    if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
        parts = node.value.elts
        if len(parts) == 2 and _text(parts[0]) and isinstance(parts[1], ast.Dict):
            keys = {_text(k) for k in parts[1].keys}
            args = None if None in keys else frozenset(k for k in keys if k is not None)
            return Given(_text(parts[0]) or "", args, where)
    return None


def _is_outcome_of(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "of" and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "Outcome" and len(node.args) >= 3)


def _codes(node: ast.AST) -> list[str]:
    """The code an ``Outcome.of`` names: a text, or either text of ``a if c else b``."""
    if isinstance(node, ast.IfExp):
        return _codes(node.body) + _codes(node.orelse)
    text = _text(node)
    return [] if text is None else [text]


def _ended(node: ast.AST, where: str) -> list[Given]:
    """The endings ``node`` gives, if it is an ``Outcome.of`` call."""
    if not _is_outcome_of(node):
        return []
    assert isinstance(node, ast.Call)
    names = {k.arg for k in node.keywords if k.arg is not None}
    args = None if len(names) < len(node.keywords) else frozenset(names)
    return [Given(code, args, where) for code in _codes(node.args[2])]


def _scan(game_id: str, found_in) -> list[Given]:
    """What ``found_in(node, where)`` finds in the modules of ``catgames/games/<game_id>/``."""
    found = []
    for path in sorted((GAMES / game_id).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found += found_in(node, f"{path.name}:{getattr(node, 'lineno', 0)}")
    return found


def reasons_given(game_id: str) -> list[Given]:
    """Every reason the modules of ``catgames/games/<game_id>/`` can give."""
    return _scan(game_id, lambda node, where: [g for g in [_given(node, where)] if g is not None])


def endings_given(game_id: str) -> list[Given]:
    """Every ``Outcome.why`` code the modules of ``catgames/games/<game_id>/`` can give."""
    return _scan(game_id, _ended)


def sentence_key(game_id: str, code: str) -> str | None:
    for key in (f"reason.{game_id}.{code}", f"reason.{code}"):
        if i18n.has(key):
            return key
    return None


def ending_key(game_id: str, code: str) -> str | None:
    key = f"outcome.{game_id}.{code}"
    return key if i18n.has(key) else None


def problems(game_id: str, given: Given, ending: bool = False) -> list[str]:
    """What is wrong with the sentence of one reason (or ending) given (nothing, we hope)."""
    key = ending_key(game_id, given.code) if ending else sentence_key(game_id, given.code)
    if key is None:
        return [f"{given.where}: no sentence for {'ending' if ending else 'reason'} {given.code!r}"]
    if given.args is None:
        return []
    names = set(given.args)
    for name in given.args:
        names |= DERIVED.get(game_id, {}).get(name, set())
    text = i18n.t(key, **{name: "x" for name in names})  # unfilled: ``t`` gives the template
    missing = sorted(set(PLACEHOLDER.findall(text)) - names)
    return [f"{given.where}: {key} wants {missing}, given {sorted(given.args)}"] if missing else []


@pytest.mark.parametrize("game_id", available_ids())
def test_every_reason_the_rules_give_has_a_sentence_its_arguments_fill(game_id):
    given = reasons_given(game_id)
    assert KNOWN[game_id] <= {g.code for g in given}
    assert [p for g in given for p in problems(game_id, g)] == []


ENDINGS = {  #: ending codes each scan must find
    "bed": {"win", "draw"},
    "kotatsu": {"win", "win_on_cats", "shared"},
    "days": {"win", "win_on_cards", "draw"},
    "boxes": {"win", "win_on_boxes", "shared", "nobody_scored"},
    "cathood": {"win", "win_on_tie_break", "shared"},
}


@pytest.mark.parametrize("game_id", available_ids())
def test_every_way_a_game_ends_has_a_sentence_its_arguments_fill(game_id):
    given = endings_given(game_id)
    assert {g.code for g in given} == ENDINGS[game_id]
    assert [p for g in given for p in problems(game_id, g, ending=True)] == []


def test_the_ending_scan_reads_both_codes_of_a_choice():
    source = 'Outcome.of(s, w, "a" if x else "b", d, seat=0)\nOutcome.of(s, w, "c", d, **more)\n'
    found = [g for n in ast.walk(ast.parse(source)) for g in _ended(n, "")]
    assert found == [Given("a", frozenset({"seat"}), ""), Given("b", frozenset({"seat"}), ""),
                     Given("c", None, "")]
    assert problems("bed", Given("lost", frozenset(), "here"), ending=True) == [
        "here: no sentence for ending 'lost'"]
    assert problems("bed", Given("win", frozenset({"seat"}), "here"), ending=True) == [
        "here: outcome.bed.win wants ['scores'], given ['seat']"]


def test_the_scan_reads_codes_and_arguments():
    source = 'def f():\n    Reason.of("a", card=1)\n    Reason.of("b", **kw)\n    return "c", {"at": 1}\n'
    found = {g.code: g.args for g in (_given(n, "") for n in ast.walk(ast.parse(source))) if g}
    assert found == {"a": frozenset({"card"}), "b": None, "c": frozenset({"at"})}


def test_a_missing_sentence_or_argument_is_found():
    assert problems("bed", Given("no_such_reason", frozenset(), "here")) == [
        "here: no sentence for reason 'no_such_reason'"]
    assert problems("days", Given("wrong_day", frozenset(), "here")) == [
        "here: reason.days.wrong_day wants ['card', 'where'], given []"]
    assert problems("days", Given("wrong_day", None, "here")) == []

"""Difficulty presets: the default ladder, overrides from data, and readable data errors."""

from __future__ import annotations

import pytest

from catgames.ai import presets
from catgames.ai.alphabeta import AlphaBetaPlayer
from catgames.ai.greedy import GreedyPlayer
from catgames.ai.ismcts import ISMCTSPlayer
from catgames.ai.player import RandomPlayer
from catgames.core.data import DataError

from .toygames import Bounty, TicTacToe


@pytest.fixture(autouse=True)
def fresh_ladders():
    presets.ladder.cache_clear()
    yield
    presets.ladder.cache_clear()


def test_default_ladder_follows_the_kind_of_game():
    ttt, bounty = TicTacToe(), Bounty()
    assert presets.preset_for(ttt, "easy").algorithm == "greedy"
    assert presets.preset_for(bounty, "easy").samples == presets.FAMILY["greedy"]["samples"]
    assert presets.preset_for(ttt, "hard").algorithm == "alphabeta"
    assert presets.preset_for(bounty, "hard").algorithm == "ismcts"
    assert isinstance(presets.make_player(ttt.id, "random", ttt), RandomPlayer)
    assert isinstance(presets.make_player(ttt.id, "hard", ttt), AlphaBetaPlayer)
    assert isinstance(presets.make_player(bounty.id, "normal", bounty), ISMCTSPlayer)
    hard, normal = presets.preset_for(ttt, "hard"), presets.preset_for(ttt, "normal")
    assert normal.budget_s < hard.budget_s <= hard.cap_s


def test_data_overrides_merge_over_family_defaults(monkeypatch):
    monkeypatch.setattr(presets, "read_ai_mapping", lambda game_id: {
        "normal": {"algorithm": "greedy"},
        "hard": {"budget_s": 0.5, "width": 25}})
    ttt = TicTacToe()
    normal = presets.preset_for(ttt, "normal")
    greedy = presets.FAMILY["greedy"]
    assert (normal.algorithm, normal.budget_s, normal.cap_s) == (
        "greedy", greedy["budget_s"], greedy["cap_s"])
    assert normal.samples == 1  # perfect information: one determinization is the state itself
    hard = presets.preset_for(ttt, "hard")
    assert (hard.algorithm, hard.budget_s, hard.cap_s, hard.width) == ("alphabeta", 0.5, 1.8, 25)
    assert isinstance(presets.make_player(ttt.id, "normal", ttt), GreedyPlayer)


def test_alphabeta_is_refused_for_hidden_information(monkeypatch):
    monkeypatch.setattr(presets, "read_ai_mapping",
                        lambda game_id: {"hard": {"algorithm": "alphabeta"}})
    with pytest.raises(ValueError, match="perfect information"):
        presets.preset_for(Bounty(), "hard")


def write_data(tmp_path, monkeypatch, text: str) -> None:
    (tmp_path / "toy_ttt.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(presets, "data_path", lambda name: tmp_path / name)


def test_reads_the_ai_mapping_of_a_data_file(tmp_path, monkeypatch):
    write_data(tmp_path, monkeypatch, "ai:\n  heuristics: {weight: 1}\n"
                                      "  easy: {algorithm: greedy, temperature: 2.0, top_k: 10}\n"
                                      "  hard: {width: null, iterations: 50}\n")
    assert presets.read_ai_mapping("toy_ttt") == {
        "easy": {"algorithm": "greedy", "temperature": 2.0, "top_k": 10},
        "hard": {"width": None, "iterations": 50}}


@pytest.mark.parametrize("entry, message", [
    ("hard: {widht: 3}", "ai.hard.widht: unknown setting"),
    ("easy: {algorithm: minimax}", "ai.easy.algorithm: 'minimax' is not one of"),
    ("normal: {budget_s: -1}", "ai.normal.budget_s: -1.0 is out of range"),
])
def test_bad_settings_name_the_key(tmp_path, monkeypatch, entry, message):
    write_data(tmp_path, monkeypatch, f"ai:\n  {entry}\n")
    with pytest.raises(DataError, match=message):
        presets.read_ai_mapping("toy_ttt")


def test_no_data_file_means_no_overrides():
    assert presets.read_ai_mapping("toy_ttt") == {}


def test_every_shipped_game_has_a_valid_ladder():
    from catgames.games import available_ids, load_game
    for game_id in available_ids():
        assert set(presets.ladder(load_game(game_id))) == set(presets.DIFFICULTIES)


def test_unknown_names_are_refused():
    ttt = TicTacToe()
    with pytest.raises(ValueError, match="difficulty"):
        presets.preset_for(ttt, "brutal")
    with pytest.raises(ValueError, match="ai:hard"):
        presets.player_from_spec(ttt, "ai:brutal")

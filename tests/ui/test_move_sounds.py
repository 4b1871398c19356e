"""Every move of every game has its own sound, chosen from data/sounds.yaml by its events."""

from __future__ import annotations

import random

import pytest

from catgames.core.rules import Event
from catgames.games import available_ids, load_game
from catgames.ui.move_sounds import FALLBACK, move_effect, sound_table
from catgames.ui.sound import EFFECTS


def test_the_table_names_real_games_and_effects():
    table = sound_table()
    assert set(table) == set(available_ids())
    assert all(effect in EFFECTS for pairs in table.values() for _, effect in pairs)


def test_the_most_telling_event_chooses_the_sound():
    closing = [Event.of("card", 0, x=1, y=1), Event.of("box_closed", 0)]
    assert move_effect("boxes", closing) == "box"
    assert move_effect("boxes", closing[:1]) == "card"
    assert move_effect("boxes", [Event.of("no_such_event")]) == FALLBACK
    assert move_effect("no_such_game", closing) == FALLBACK


def test_a_broken_sound_file_plays_the_fallback_and_says_where(tmp_path, caplog):
    path = tmp_path / "sounds.yaml"
    path.write_text("bed:\n  place: tyle\n", encoding="utf-8")
    assert sound_table(path) == {}
    assert "place" in caplog.text and "tyle" in caplog.text


@pytest.mark.parametrize("game_id", available_ids())
def test_no_move_of_a_random_game_falls_through(game_id):
    """Random games at every seat count: each move's events name a sound of the game's own."""
    game = load_game(game_id)
    heard: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_state(players, seed=seed)
        for _ in range(600):
            if state.outcome() is not None:
                break
            move = rng.choice(sorted(state.legal_moves(), key=str))
            events = state.apply(move)
            kinds = {event.kind for event in events}
            assert any(kind in kinds for kind, _ in sound_table()[game_id]), (move, kinds)
            heard.add(move_effect(game_id, events))
    assert len(heard) >= 2, heard  # a game sounds like more than one thing

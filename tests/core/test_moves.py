"""Every game's moves derive from ``core.moves.Move``: a kind, a text, and the text read back."""

from __future__ import annotations

import random
import re

import pytest

from catgames.core.catalogue import available_ids, load_game
from catgames.core.moves import Move, clean_text, match_move


def test_clean_text_makes_each_run_of_space_one() -> None:
    assert clean_text("  take \t pair\n 2 ") == "take pair 2"


def test_match_move_builds_from_the_first_whole_match() -> None:
    patterns = ((re.compile(r"a(\d)"), lambda d: ("a", int(d))), (re.compile(r"a\d|b"), lambda: "second"))
    assert match_move("a7", patterns) == ("a", 7)
    assert match_move("b", patterns) == "second"
    assert match_move("a77", patterns) is None   # a prefix is no match


def test_a_move_without_a_text_says_so() -> None:
    class Mute(Move):
        kind = "mute"

    with pytest.raises(NotImplementedError, match="Mute"):
        str(Mute())


@pytest.mark.parametrize("game_id", available_ids())
def test_every_legal_move_is_a_move_with_a_kind_whose_text_reads_back(game_id: str) -> None:
    game = load_game(game_id)
    rng = random.Random(27)
    state = game.new_state(game.min_players, None, 27)
    kinds: set[str] = set()
    for _ in range(60):
        if state.is_over():
            break
        moves = state.legal_moves()
        for move in moves:
            assert isinstance(move, Move)
            assert isinstance(move.kind, str) and move.kind
            kinds.add(move.kind)
            assert game.parse_move(state, str(move)) == move
            assert game.parse_move(state, "  " + str(move).replace(" ", "  ") + " ") == move
        state.apply_unchecked(rng.choice(moves))
    assert kinds

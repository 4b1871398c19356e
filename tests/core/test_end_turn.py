"""End turn: a human's finished turn waits for its player's confirmation (``Match.awaiting``)
where the game asks for it (``confirm_turns`` in data/games.yaml) and the player's setting is on.

While it waits the next seat does not move, undo takes back steps of the turn (never one that
showed the player something), a save reloads waiting, and the game's last move needs none.
With the setting off, or confirmed at once, the game is the one played before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from catgames.core.catalogue import load_game
from catgames.core.session import Match, _plain

CONFIRMING = ("cathood", "boxes", "days")  #: the games whose turns ask for End turn
#: the games whose finished turn waits on the match (``Match.awaiting``); Cathood's waits in its
#: rules, with ``end turn`` the one legal move (tests/games/cathood/test_end_turn.py)
AWAITING = ("boxes", "days")
NEVER = ("bed", "kotatsu")  #: one move a turn with full undo; a turn that always ends with a draw
SEEDS = (1, 2)
PLIES = 160


def new_match(game_id: str, seats: tuple[str, ...] = ("human", "ai:easy"), seed: int = 1,
              confirm: bool = True) -> Match:
    match = Match.new(load_game(game_id), len(seats), list(seats), seed=seed)
    match.set_confirm_turns(confirm)
    return match


def position(match: Match) -> Any:
    return _plain(match.state.to_dict())


def walk(match: Match, rng: random.Random, undo_chance: float = 0.3) -> int:
    """Random legal moves for every seat; at each waiting turn the checks below, then an undo
    (now and then) or End turn.  Returns how many turns waited."""
    before: list[Any] = []  # the position before each move of the history
    waits = 0
    for _ in range(PLIES):
        if match.state.is_over():
            break
        if match.awaiting:
            waits += 1
            mover = match.history[-1].seat
            assert match.is_human(mover) and match.state.turn_of != mover
            assert match.undo_refusal() is None  # it waits only where a step can be taken back
            with pytest.raises(ValueError):  # nobody moves before the End turn
                match.play(match.state.legal_moves()[0])
            if rng.random() < undo_chance:
                index = max(i for i, t in enumerate(match.history) if match.is_human(t.seat))
                assert match.undo_last_human_turn() and not match.awaiting
                assert position(match) == before[index] and match.state.to_move == mover
                del before[index:]
            else:
                assert match.confirm_turn() and not match.awaiting
            continue
        before.append(position(match))
        match.play(rng.choice(match.state.legal_moves()))
        del before[len(match.history):]  # (no chance moves in these games)
    return waits


@pytest.mark.parametrize("seats", [("human", "ai:easy"), ("human", "human")])
@pytest.mark.parametrize("game_id", AWAITING)
def test_a_finished_turn_waits_and_its_steps_can_be_undone(game_id, seats):
    assert sum(walk(new_match(game_id, seats, seed), random.Random(seed)) for seed in SEEDS) > 0


@pytest.mark.parametrize("game_id", CONFIRMING + NEVER)
def test_with_the_setting_off_no_turn_waits_and_confirming_at_once_plays_the_same_game(game_id):
    played = []
    for confirm in (False, True):
        match, rng = new_match(game_id, confirm=confirm), random.Random(7)
        while len(match.history) < PLIES and not match.state.is_over():
            if match.awaiting:
                assert confirm and match.confirm_turn()
            moves = match.state.legal_moves()  # a forced End turn is the setting's to make
            match.play(moves[0] if len(moves) == 1 else rng.choice(moves))
        played.append(match.moves[:PLIES])
    assert played[0] == played[1]


@pytest.mark.parametrize("game_id", NEVER)
def test_a_game_with_nothing_to_confirm_never_waits(game_id):
    """Its manifest does not ask, so a human's turn passes with its last step as before."""
    assert not load_game(game_id).manifest.confirm_turns
    match, rng = new_match(game_id), random.Random(3)
    for _ in range(60):
        if match.state.is_over():
            break
        match.play(rng.choice(match.state.legal_moves()))
        assert not match.awaiting


def boxes_to_human_turn(seed: int = 3) -> Match:
    match = new_match("boxes", seed=seed)
    rng = random.Random(seed)
    while match.state.to_move != 0 or match.state.step != "turn":
        if match.awaiting:
            match.confirm_turn()
        match.play(rng.choice(match.state.legal_moves()))
    return match


def a_cat(match: Match) -> Any:
    """An awake cat on the card just played ("No cat — end turn" is itself the End turn)."""
    return next(m for m in match.state.legal_moves() if m.kind == "awake_cat")


def test_if_it_fits_no_cat_end_turn_is_its_own_confirmation():
    match = boxes_to_human_turn()
    match.play(match.game.parse_move(match.state, "draw"))
    for move in match.state.legal_moves():
        trial = match.state.clone()
        trial.apply(move)
        if move.kind == "card" and trial.step == "cat":  # a card that leaves a cat spot
            match.play(move)
            break
    assert match.state.step == "cat"
    match.play(match.game.parse_move(match.state, "skip"))
    assert not match.awaiting and match.state.to_move == 1


def test_if_it_fits_undo_takes_the_turn_back_step_by_step_but_not_the_draw():
    match = boxes_to_human_turn()
    match.play(match.game.parse_move(match.state, "draw"))
    after_draw = position(match)
    plays = [m for m in match.state.legal_moves() if m.kind == "card"]
    match.play(plays[0])
    steps = 2
    if match.state.step == "cat":  # a cat spot: a cat on it, one more step
        match.play(a_cat(match))
        steps = 3
    assert match.awaiting and match.state.to_move == 1
    for _ in range(steps - 1):
        assert match.undo_last_human_turn() and not match.awaiting
    assert position(match) == after_draw and match.state.to_move == 0
    assert match.undo_refusal() == "revealed"  # the drawn card was seen: no drawing again
    match.play(plays[-1])
    if match.state.step == "cat":
        match.play(a_cat(match))
    assert match.awaiting
    assert match.confirm_turn() and not match.awaiting
    match.play(match.state.legal_moves()[0])  # now the computer's turn goes on
    assert match.history[-1].seat == 1


def cathood_human_turn_start(seed: int = 1) -> Match:
    """A Cathood match with the human to begin an action turn."""
    match = new_match("cathood", seed=seed)
    rng = random.Random(seed)
    while not (match.state.phase == "play" and match.state.to_move == 0 and not match.state.todo
               and match.state.used == 0):
        if match.awaiting:
            match.confirm_turn()
        match.play(rng.choice(match.state.legal_moves()))
    return match


def test_cathood_end_turn_button_is_its_own_confirmation():
    match = cathood_human_turn_start()
    match.play(match.game.parse_move(match.state, "end turn"))
    assert not match.awaiting and match.state.to_move == 1


def test_a_turn_whose_last_step_showed_a_card_passes_at_once():
    """Woof Days: a draw shows the drawer a card and ends the turn; nothing could be undone."""
    match = new_match("days")
    rng = random.Random(2)
    while match.state.to_move != 0:
        match.play(rng.choice(match.state.legal_moves()))
    match.play(match.game.parse_move(match.state, "draw"))
    assert match.state.turn_of == 1 and not match.awaiting
    assert match.undo_refusal() == "revealed"


def reload(match: Match) -> Match:
    return Match.from_dict(yaml.safe_load(yaml.safe_dump(match.to_dict(), allow_unicode=True)))


def boxes_turn_waiting() -> Match:
    """If It Fits with the human's turn played (draw, card, a cat if it may) and waiting."""
    match = boxes_to_human_turn()
    match.play(match.game.parse_move(match.state, "draw"))
    match.play([m for m in match.state.legal_moves() if m.kind == "card"][0])
    if match.state.step == "cat":
        match.play(a_cat(match))
    assert match.awaiting
    return match


def test_a_save_made_while_a_turn_waits_reloads_waiting():
    match = boxes_turn_waiting()
    again = reload(match)
    assert again.awaiting and again.moves == match.moves and position(again) == position(match)
    assert again.undo_last_human_turn() and again.state.to_move == 0
    match.confirm_turn()
    assert not reload(match).awaiting


def test_a_save_claiming_a_wait_where_none_can_be_is_not_believed():
    match = boxes_to_human_turn()
    saved = match.to_dict()
    saved["awaiting_end_turn"] = True  # the human is to move: no turn of theirs has ended
    assert not Match.from_dict(saved).awaiting
    del saved["awaiting_end_turn"]  # saves from before End turn
    assert not Match.from_dict(saved).awaiting


def test_switching_the_setting_off_lets_a_waiting_turn_pass():
    match = boxes_turn_waiting()
    assert match.set_confirm_turns(False) and not match.awaiting


@pytest.mark.parametrize("game_id", CONFIRMING)
def test_the_last_move_of_the_game_ends_it_without_waiting(game_id):
    """Between two humans every last move is a human's: the end shows at once."""
    match, rng = new_match(game_id, ("human", "human"), seed=4), random.Random(4)
    while not match.state.is_over():
        if match.awaiting:
            match.confirm_turn()
        else:
            match.play(rng.choice(match.state.legal_moves()))
    assert not match.awaiting and match.is_human(match.history[-1].seat)


def test_a_waiting_turn_is_shown_as_its_players_until_end_turn():
    match = boxes_turn_waiting()
    assert match.state.to_move != 0 and match.turn_shown == 0
    match.confirm_turn()
    assert match.turn_shown == match.state.to_move != 0

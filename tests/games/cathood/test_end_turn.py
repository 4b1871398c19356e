"""Cathood's turn ends with ``end turn``: after the last disc it is the one legal move, every step
of the turn can be taken back until then, and its sleep (SL1-SL3) refills the rows.

Confirm turns off, or an AI seat, and the match plays that ``end turn`` itself, so the turn
passes with its last step as before.  Saves made before (move-list version 1, without those
``end turn`` moves; made by main d4fd731 in ``data/``) load to the same position and play on.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from catgames.ai.budget import Budget
from catgames.ai.presets import make_player
from catgames.core.safe_yaml import load as load_yaml_file
from catgames.core.session import Match, _plain
from catgames.games.cathood.ai import CathoodHeuristics
from catgames.games.cathood.game import GAME
from catgames.games.cathood.moves import END_TURN
from catgames.games.cathood.rules import CathoodState

DATA = Path(__file__).parent / "data"
OLD_SAVES = ("cathood-save-before-end-turn-2p.yaml", "cathood-save-before-end-turn-3p.yaml")
BUYS = ("pet_shop", "building")
SEEDS = (2, 3)  #: seeds whose random games reach a turn of P1 that can begin with a buy


def cstate(match: Match) -> CathoodState:
    assert isinstance(match.state, CathoodState)
    return match.state


def waits(state: Any) -> bool:
    """The turn's discs are used and its steps done: only its ``end turn`` is left."""
    return state.phase == "play" and not state.todo and state.discs_left(state.turn) == 0


def position(match: Match) -> Any:
    return _plain(match.state.to_dict())


def rows(match: Match) -> list[list[int]]:
    return [list(row) for row in cstate(match).rows]


def quiet(match: Match, move: Any) -> bool:
    """The move shows nobody anything (no bee reserve refilling its row)."""
    trial = match.state.clone()
    return not any(event.shown_to for event in trial.apply(move))


def at_a_turn_with_a_buy(seed: int, confirm: bool = True) -> Match:
    """Human (P1) against the computer; random play until P1 begins a turn able to buy."""
    match = Match.new(GAME, 2, ["human", "ai:easy"], seed=seed)
    match.set_confirm_turns(confirm)
    rng = random.Random(seed)
    while True:
        state = cstate(match)
        legal = state.legal_moves()
        if state.phase == "play" and state.to_move == 0 and not state.todo and state.used == 0 \
                and any(m.kind in BUYS for m in legal) and state.discs_left(0) >= 1:
            return match
        assert not state.is_over()
        match.play(rng.choice([m for m in legal if m != END_TURN] or legal))


def buy_then_use_every_disc(match: Match, rng: random.Random) -> int:
    """P1 buys a card, then takes quiet steps until no disc is left; the steps taken."""
    begun = len(match.history)
    match.play(next(m for m in match.state.legal_moves() if m.kind in BUYS))
    while not waits(cstate(match)):
        assert match.state.to_move == 0
        match.play(rng.choice([m for m in match.state.legal_moves()
                               if m != END_TURN and quiet(match, m)]))
    return len(match.history) - begun


@pytest.mark.parametrize("seed", SEEDS)
def test_the_last_disc_waits_for_end_turn_and_undo_takes_back_each_step(seed):
    match = at_a_turn_with_a_buy(seed)
    start, market = position(match), rows(match)
    steps = buy_then_use_every_disc(match, random.Random(seed))
    after = position(match)
    state = cstate(match)
    assert state.legal_moves() == [END_TURN] and state.to_move == state.turn == 0
    assert not match.awaiting and match.turn_shown == 0
    assert all(len(now) <= len(was) and set(now) <= set(was) for now, was in zip(rows(match), market))
    assert rows(match) != market  # the card bought left its row, and nothing came in
    reason = state.check(GAME.parse_move(state, "rotate (0,0) cw"))  # no action without a disc
    assert reason is not None and reason.code == "no_discs_left"
    assert match.undo_refusal() is None
    played = match.moves[-steps:]
    for left in range(steps - 1, -1, -1):
        assert match.undo_last_human_turn()
        assert match.state.to_move == 0 and len(match.history) == len(match.moves)
    assert position(match) == start and rows(match) == market
    for text in played:  # redo: the same steps give the same position
        match.play(GAME.parse_move(match.state, text))
    assert position(match) == after
    events = match.play(END_TURN)
    assert [e.kind for e in events][:1] == ["sleep"] and cstate(match).turn == 1
    assert all(len(row) == 3 for row in rows(match)) and rows(match) != market
    assert match.undo_refusal() == "revealed"  # the refill showed new cards


@pytest.mark.parametrize("seed", SEEDS)
def test_with_confirm_turns_off_the_last_disc_passes_the_turn_at_once(seed):
    match = at_a_turn_with_a_buy(seed, confirm=False)
    rng = random.Random(seed)
    move = next(m for m in match.state.legal_moves() if m.kind in BUYS)
    while True:
        events = match.play(move)
        if cstate(match).turn != 0:
            break
        assert not waits(cstate(match))  # never left waiting
        move = rng.choice([m for m in match.state.legal_moves() if m != END_TURN])
    assert match.moves[-2:] == [str(move), "end turn"] and match.history[-1].seat == 0
    assert "sleep" in [e.kind for e in events] and not match.awaiting
    assert all(len(row) == 3 for row in rows(match))


def test_switching_confirm_turns_off_while_the_end_turn_waits_passes_it():
    match = at_a_turn_with_a_buy(2)
    buy_then_use_every_disc(match, random.Random(2))
    assert match.set_confirm_turns(False)
    assert match.moves[-1] == "end turn" and cstate(match).turn == 1


def test_a_computer_seat_ends_its_turn_with_its_last_disc():
    match = Match.new(GAME, 2, ["human", "ai:easy"], seed=5)
    match.set_confirm_turns(True)
    rng = random.Random(5)
    passed = 0
    while passed < 3:
        mover = match.state.to_move
        match.play(rng.choice([m for m in match.state.legal_moves() if m != END_TURN]
                              or [END_TURN]))
        if mover == 1 and match.moves[-1] == "end turn":  # played by the match, unasked
            assert match.history[-1].seat == 1 and cstate(match).turn == 0
            passed += 1
        assert not (match.state.to_move == 1 and waits(cstate(match)))


@pytest.mark.parametrize("name", OLD_SAVES)
def test_a_save_made_before_loads_to_the_same_position_and_plays_on(name):
    data = load_yaml_file(DATA / name)
    assert "moves_version" not in data  # as today's main wrote it
    match = Match.from_dict(data)
    implied = len(match.moves) - len(data["moves"])
    assert implied > 10 and [m for m in match.moves if m != "end turn"] == \
        [m for m in data["moves"] if m != "end turn"]
    if data["awaiting_end_turn"]:
        # it waited for End turn after the last disc: it waits again, its steps undoable
        assert waits(cstate(match)) and match.is_human(match.state.to_move)
        assert match.undo_refusal() is None and not match.awaiting
        match.play(END_TURN)
    assert position(match) == _plain(data["position"])
    again = Match.from_dict(match.to_dict())  # saved anew: version 2, nothing added
    assert again.moves == match.moves and match.to_dict()["moves_version"] == 2
    rng = random.Random(4)
    while not match.state.is_over():  # it plays on to the end
        match.play(rng.choice(match.state.legal_moves()))
    assert match.state.outcome() is not None


def test_a_save_of_a_newer_move_list_is_refused_as_newer():
    data = load_yaml_file(DATA / OLD_SAVES[0])
    data["moves_version"] = GAME.moves_version + 1
    with pytest.raises(Exception) as caught:
        Match.from_dict(data)
    assert getattr(caught.value, "code", None) == "newer"


class CountingHeuristics(CathoodHeuristics):
    """Cathood's heuristics counting what a search asks of them."""

    def __init__(self) -> None:
        self.asked = 0

    def candidates(self, state: Any, moves: list[Any], limit: int | None = None) -> list[Any]:
        self.asked += 1
        return super().candidates(state, moves, limit)


@pytest.mark.parametrize("difficulty", ("easy", "normal", "hard"))
def test_the_computer_answers_a_lone_end_turn_at_once(difficulty):
    match = at_a_turn_with_a_buy(2)
    buy_then_use_every_disc(match, random.Random(2))
    player = make_player("cathood", difficulty, GAME)
    counting = CountingHeuristics()
    player.heuristics = counting  # type: ignore[attr-defined]
    budget = Budget(soft_s=None, cap_s=None, iterations=10_000)
    move = player.choose(match.state.observe(0), 0, random.Random(1), budget)
    assert move == END_TURN and counting.asked == 0


def test_a_search_plays_the_end_turn_inside_the_last_disc():
    """The tree never holds an ``end turn`` node after a last disc: it is played with it."""
    heuristics = CathoodHeuristics()
    match = at_a_turn_with_a_buy(3)
    assert heuristics.forced_move(match.state) is None
    buy_then_use_every_disc(match, random.Random(3))
    state = match.state.clone()
    assert heuristics.forced_move(state) == END_TURN
    from catgames.ai.playout import play_forced  # (here: the tests above run on older code)
    play_forced(state, heuristics)
    assert isinstance(state, CathoodState) and state.turn == 1 and heuristics.forced_move(state) is None


@pytest.mark.parametrize("seed", (1,))
def test_computers_play_whole_games_with_a_fixed_budget(seed):
    """A seeded game between easy and normal (a few fixed iterations: the test is about the
    moves, not the strength), to the end: every turn, the last disc's too, is ended by the
    computer's own ``end turn``, the one move it then has."""
    players = [make_player("cathood", d, GAME) for d in ("easy", "normal")]
    budget = Budget(soft_s=None, cap_s=None, iterations=3)
    rngs = [random.Random(seed * 10 + k) for k in range(2)]
    state = GAME.new_state(2, None, seed)
    turns = ended = 0
    while not state.is_over():
        mover = state.to_move
        move = players[mover].choose(state.observe(mover), mover, rngs[mover], budget)
        assert move == END_TURN or not waits(state)  # nothing else once the discs are used
        ended += move == END_TURN
        turns += sum(e.kind == "sleep" for e in state.apply(move))
    assert turns > 20 and ended == turns

"""Undo in every game, over seeded random games: it gives back the position before the moves
it takes back, is never offered across something shown to the player taking back, and in
hidden-information hotseat never reaches into another player's turn.

Whether a move showed a seat something is judged here without the rules' marks: in worlds
consistent with what the seat saw (``determinize``), the same move must be legal and leave the
seat seeing the same.  If it does not, the move told the seat something it did not know.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from catgames.core.catalogue import load_game
from catgames.core.rules import State
from catgames.core.session import Match

WORLDS = 2       #: worlds per seat and move in which the move is tried
PLIES = 120      #: moves played (and undone) per game
UNDO_CHANCE = 0.2

#: kotatsu with the single-card discard: without it every move draws a card, so nothing there
#: can be taken back (with it, a lone card played may be, before the discard choice)
DISCARD = {"single_card_discard": True}
SETUPS = [("bed", ["human", "ai:easy"], {}), ("bed", ["human", "human"], {}),
          ("kotatsu", ["human", "ai:easy"], DISCARD), ("kotatsu", ["human", "human", "ai:easy"], DISCARD),
          ("kotatsu", ["human", "human"], DISCARD),
          ("days", ["human", "ai:easy"], {}), ("days", ["human", "human"], {}),
          ("boxes", ["human", "ai:easy"], {}), ("boxes", ["human", "human"], {}),
          ("cathood", ["human", "ai:easy"], {}), ("cathood", ["human", "human", "ai:easy"], {}),
          ("cathood", ["human", "human"], {}), ("cathood", ["human", "ai:easy"], {"rps_auto": True})]
SEEDS = (1, 2, 3)


def written(view: dict[str, Any]) -> str:
    """A view or position as the wire has it (tuples are lists, keys in order): two compare
    equal as their JSON, written in C, not as Python copies with their tuples turned to lists
    (which cost a third of this file's time)."""
    return json.dumps(view, sort_keys=True)


def shown(state: State, move: Any, seat: int, rng: random.Random) -> bool:
    """Whether playing ``move`` in ``state`` shows ``seat`` something its view did not settle."""
    after = state.clone()
    after.apply(move)
    seen = written(after.observe(seat).to_dict())
    for _ in range(WORLDS):
        world = state.determinize(seat, rng)
        if world.check(move) is not None:
            return True
        world.apply_unchecked(move)
        if written(world.observe(seat).to_dict()) != seen:
            return True
    return False


@dataclass
class Walk:
    """A match played at random, with the position before each recorded move and the seats
    each move showed something to (judged by ``shown``)."""

    match: Match
    rng: random.Random
    before: list[Any] = field(default_factory=list)
    showed: list[set[int]] = field(default_factory=list)
    undos: int = 0

    def play(self) -> None:
        """A random move, and any End turn the match then plays by itself (Cathood's last disc
        with no one to confirm it); there are no chance moves in these games."""
        state = self.match.state.clone()
        move = self.rng.choice(state.legal_moves())
        self.note(state, move)
        self.match.play(move)
        state.apply(move)
        for turn in self.match.history[len(self.before):]:
            ended = self.match.game.parse_move(state, turn.move)
            self.note(state, ended)
            state.apply(ended)
        assert len(self.match.history) == len(self.before)
        assert written(state.to_dict()) == written(self.match.state.to_dict())

    def note(self, state: State, move: Any) -> None:
        self.showed.append({s for s in range(state.players) if shown(state, move, s, self.rng)})
        self.before.append(written(state.to_dict()))

    def last_human(self) -> int:
        return max(i for i, turn in enumerate(self.match.history) if self.match.is_human(turn.seat))

    def undo(self) -> None:
        match = self.match
        offered = match.can_undo()
        assert offered == match.undo_last_human_turn()
        if not offered:
            return
        index = len(match.history)
        assert written(match.state.to_dict()) == self.before[index]
        del self.before[index:], self.showed[index:]
        self.undos += 1

    def check_offer(self) -> None:
        """What may be undone now: nothing shown to the undoer, and in hidden-information
        hotseat the device still with them."""
        match = self.match
        if not match.can_undo():
            return
        index = self.last_human()
        undoer = match.history[index].seat
        assert not any(undoer in seats for seats in self.showed[index:]), "undo across a reveal"
        if match.game.has_hidden_information:
            now = match.state.to_move
            assert not match.is_human(now) or now == undoer, "undo into another player's turn"


def walk(game_id: str, seats: list[str], options: dict[str, Any], seed: int) -> Walk:
    """A bounded random game that tries undo now and then, checking each offer on the way."""
    match = Match.new(load_game(game_id), len(seats), seats, options, seed=seed)
    walk = Walk(match, random.Random(seed))
    for _ in range(PLIES):
        walk.check_offer()
        if match.state.is_over():
            break
        if match.history and walk.rng.random() < UNDO_CHANCE:
            walk.undo()
        else:
            walk.play()
    again = Match.from_dict(match.to_dict())  # a save read back knows the same marks
    assert again.undo_refusal() == match.undo_refusal()
    walk.undo()
    return walk


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id,seats,options", SETUPS)
def test_undo_gives_back_the_position_and_never_crosses_a_reveal(game_id, seats, options, seed):
    walk(game_id, seats, options, seed)  # the checks are in ``Walk``


@pytest.mark.parametrize("game_id,seats,options", SETUPS)
def test_undo_is_offered_in_every_game(game_id, seats, options):
    """Over the seeds, each set-up takes a move back at least once: the checks above are not
    passed by never offering undo."""
    assert sum(walk(game_id, seats, options, seed).undos for seed in SEEDS) > 0

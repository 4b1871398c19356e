"""No seat is sent what it may not see: every ``SeatUpdate`` of seeded games of all five games,
serialised as a remote seat would receive it, names no card, cushion or choice hidden from it.

What a seat may not see is found apart from the redaction under test: the words of the full
position (``state.to_dict()``) that appear neither in the seat's observation nor in an event
the rules marked as shown to it (or of its own move) so far.  What is new in each update (its
view, its events, the turns added to its log) is cut into the same words (and big numbers:
the hidden seed); a secret word in it is a leak.  The last tests break the redaction on purpose and see the check catch it.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from catgames.core import runner as runner_module
from catgames.core.rules import Seat
from catgames.core.runner import Runner
from catgames.core.secrets import NO_SECRETS
from catgames.core.seats import HumanSeat, SeatUpdate
from catgames.core.session import HUMAN, Match

GAMES = (("bed", 2), ("boxes", 3), ("days", 2), ("kotatsu", 3), ("cathood", 2), ("cathood", 3))
SEEDS = (1, 2, 3)
PLIES = 400
BIG = 2**20  #: numbers this large are seeds, never counts or places
WORD = re.compile(r"[^\s(),@:\[\]{}\"]+")


def words(data: Any) -> set[str]:
    """Every word of the string values of ``data`` (not its keys), and its big numbers."""
    found: set[str] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= words(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            found |= words(value)
    elif isinstance(data, str):
        found.update(WORD.findall(data))
    elif isinstance(data, int) and not isinstance(data, bool) and abs(data) >= BIG:
        found.add(str(data))
    return found


class Watcher(HumanSeat):
    """A human seat that checks every update it is offered against the match it was made in
    (offered each one, unlike a human's seat, which reads its update only when shown)."""

    listens = True

    def __init__(self, seat: Seat, leaks: list[str]) -> None:
        super().__init__()
        self.seat = seat
        self.leaks = leaks
        self.runner: Runner | None = None
        self.told = 0  #: turns of the log already checked
        #: words of what the rules showed this seat so far: the events they mark as shown to
        #: it (``Event.shown_to``, the undo machinery's mark) and those of its own moves
        self.learnt: set[str] = set()

    def offer(self, update: SeatUpdate) -> None:
        assert self.runner is not None and update.seat == self.seat
        match = self.runner.match
        for turn in match.history[self.told:]:
            self.learnt |= words([dict(e.data) for e in turn.events
                                  if self.seat in e.shown_to or e.seat == self.seat])
        known = words(match.state.observe(self.seat).to_dict()) | self.learnt
        secret = words(match.state.to_dict()) - known
        sent = update.to_json()
        news = json.loads(json.dumps({**sent, "log": sent["log"][self.told:]}))  # the rest was checked
        self.told = len(sent["log"])
        for word in sorted(words(news) & secret):
            self.leaks.append(f"{update.game_id} ply {update.ply}: seat {self.seat} told {word!r}")


def play(game_id: str, players: int, seed: int) -> list[str]:
    """A seeded hot-seat game (every seat a watched human) to its end or ``PLIES``; the leaks."""
    leaks: list[str] = []
    watchers = [Watcher(s, leaks) for s in range(players)]
    match = Match.new(game_id, players, [HUMAN] * players, seed=seed, ai_seed=seed)
    runner = Runner(match, watchers)
    for watcher in watchers:
        watcher.runner = runner
    rng = random.Random(seed)
    runner.start()
    for _ in range(PLIES):
        if match.state.is_over():
            break
        runner.confirm_turn()
        seat = match.state.to_move
        assert runner.submit(seat, rng.choice(runner.update_for(seat).view.legal_moves())) is None
    return leaks


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id,players", GAMES)
def test_no_update_tells_a_seat_what_it_cannot_see(game_id: str, players: int, seed: int) -> None:
    assert play(game_id, players, seed) == []


def test_the_check_catches_a_rival_fight_choice_left_in_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Cathood's declaration the first fighter's ``rps <choice>`` reaches the other."""
    from catgames.games.cathood.game import CathoodGame

    monkeypatch.setattr(CathoodGame, "secrets", NO_SECRETS)
    leaks = [leak for seed in SEEDS for leak in play("cathood", 2, seed)]
    assert leaks and all(leak.split()[-1].strip("'") in ("rock", "paper", "scissors") for leak in leaks)


@pytest.mark.parametrize("game_id", ["boxes", "days", "kotatsu"])
def test_the_check_catches_a_full_position_sent_as_a_view(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An update built from the whole position (``clone`` for ``observe``) leaks the hands."""
    real = runner_module.Runner._update

    def leaky(self: Runner, seat: Seat, shared: dict[str, Any]) -> SeatUpdate:
        update = real(self, seat, shared)
        object.__setattr__(update, "view", self.match.state.clone())
        return update

    monkeypatch.setattr(runner_module.Runner, "_update", leaky)
    assert play(game_id, 3, 1)

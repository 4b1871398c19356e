"""Small games implementing the Rules API, for testing the game-independent AI.

Tic-tac-toe and Nim (perfect information, exact answers known), Pig (chance nodes with
``chance_outcomes``) and Bounty (hidden hands for 2-5 players; its observations raise
``HiddenRead`` if anything hidden is touched, so a test proves a player reads only what it may).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Hashable, Sequence

from catgames.ai.hooks import Heuristics
from catgames.core.rules import (CHANCE, NOBODY, Game, Option, Outcome, Reason,
                                  Seat, State)


class ToyState(State):
    """Legality by membership in ``legal_moves``; subclasses implement ``play``."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def check(self, move: Any) -> Reason | None:
        return None if move in self.legal_moves() else Reason.of("not_legal", move=move)

    def _apply(self, move: Any) -> list:
        self.play(move)
        return []

    def play(self, move: Any) -> None:
        raise NotImplementedError

    @property
    def players(self) -> int:
        return 2

    def analyse(self) -> dict[str, Any]:
        return {}


class ToyGame(Game):
    """A toy's opening position is its state class's defaults; no options."""

    state_class: ClassVar[type[ToyState]]
    min_players = max_players = 2

    def options(self) -> Sequence[Option]:
        return ()

    def new_state(self, players: int, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> State:
        return self.state_class()

    def state_from_dict(self, data: dict[str, Any]) -> State:
        state = self.state_class.__new__(self.state_class)
        for key, value in data.items():
            setattr(state, key, value)
        return state

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return {f: getattr(state, f) for f in self.state_class.FIELDS}

    def parse_move(self, state: State, text: str) -> Any:
        for move in state.legal_moves():
            if str(move) == text:
                return move
        raise ValueError(f"no legal move {text!r}")


def _outcome(scores: Sequence[int], code: str) -> Outcome:
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    return Outcome.of(tuple(scores), leaders[0] if len(leaders) == 1 else None, code)


# --- tic-tac-toe -------------------------------------------------------------------------------

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToeState(ToyState):
    """``board`` holds -1 for empty, else the seat; seat 0 moves first."""

    FIELDS = ("board", "turn")
    __slots__ = FIELDS

    def __init__(self, board: tuple[int, ...] = (-1,) * 9, turn: Seat = 0) -> None:
        self.board = board
        self.turn = turn

    def winner(self) -> Seat | None:
        b = self.board
        for i, j, k in LINES:
            if b[i] >= 0 and b[i] == b[j] == b[k]:
                return b[i]
        return None

    @property
    def to_move(self) -> Seat:
        return NOBODY if self.winner() is not None or -1 not in self.board else self.turn

    def legal_moves(self) -> list[int]:
        return [] if self.to_move == NOBODY else [i for i in range(9) if self.board[i] < 0]

    def play(self, move: int) -> None:
        self.board = self.board[:move] + (self.turn,) + self.board[move + 1:]
        self.turn ^= 1

    def outcome(self) -> Outcome | None:
        if self.to_move != NOBODY:
            return None
        w = self.winner()
        return Outcome((0, 0) if w is None else (int(w == 0), int(w == 1)), w, Reason.of("line_or_full"))

    def clone(self) -> "TicTacToeState":
        return TicTacToeState(self.board, self.turn)

    def key(self) -> Hashable:
        return self.board, self.turn


def ttt_from_text(text: str, turn: Seat) -> TicTacToeState:
    """``"XO.|...|..X"``: X is seat 0, O seat 1."""
    cells = text.replace("|", "")
    return TicTacToeState(tuple({"X": 0, "O": 1, ".": -1}[c] for c in cells), turn)


class TicTacToe(ToyGame):
    id = "toy_ttt"
    title = "Tic-tac-toe"
    state_class = TicTacToeState



# --- Nim (normal play: whoever takes the last stone wins) --------------------------------------

class NimState(ToyState):
    FIELDS = ("heaps", "turn")
    __slots__ = FIELDS

    def __init__(self, heaps: tuple[int, ...] = (3, 4, 5), turn: Seat = 0) -> None:
        self.heaps = heaps
        self.turn = turn

    @property
    def to_move(self) -> Seat:
        return self.turn if any(self.heaps) else NOBODY

    def legal_moves(self) -> list[tuple[int, int]]:
        return [(h, n) for h, size in enumerate(self.heaps) for n in range(1, size + 1)]

    def play(self, move: tuple[int, int]) -> None:
        h, n = move
        self.heaps = self.heaps[:h] + (self.heaps[h] - n,) + self.heaps[h + 1:]
        self.turn ^= 1

    def outcome(self) -> Outcome | None:
        if any(self.heaps):
            return None
        winner = self.turn ^ 1
        return Outcome((int(winner == 0), int(winner == 1)), winner, Reason.of("last_stone"))

    def clone(self) -> "NimState":
        return NimState(self.heaps, self.turn)

    def key(self) -> Hashable:
        return self.heaps, self.turn


class Nim(ToyGame):
    id = "toy_nim"
    title = "Nim"
    state_class = NimState



# --- Pig (dice: a CHANCE node after every roll) ------------------------------------------------

PIG_TARGET = 20
PIG_TURN_LIMIT = 200


class PigState(ToyState):
    FIELDS = ("scores", "pending", "turn", "rolling", "turns")
    __slots__ = FIELDS

    def __init__(self, scores: tuple[int, int] = (0, 0), pending: int = 0, turn: Seat = 0,
                 rolling: bool = False, turns: int = 0) -> None:
        self.scores = scores
        self.pending = pending
        self.turn = turn
        self.rolling = rolling
        self.turns = turns

    @property
    def to_move(self) -> Seat:
        if max(self.scores) >= PIG_TARGET or self.turns >= PIG_TURN_LIMIT:
            return NOBODY
        return CHANCE if self.rolling else self.turn

    def legal_moves(self) -> list[Any]:
        mover = self.to_move
        if mover == NOBODY:
            return []
        if mover == CHANCE:
            return [1, 2, 3, 4, 5, 6]
        return ["roll", "hold"] if self.pending else ["roll"]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(d, 1 / 6) for d in range(1, 7)] if self.to_move == CHANCE else []

    def play(self, move: Any) -> None:
        if move == "roll":
            self.rolling = True
        elif move == "hold":
            s = list(self.scores)
            s[self.turn] += self.pending
            self.scores = (s[0], s[1])
            self._end_turn()
        else:
            self.rolling = False
            if move == 1:
                self._end_turn()
            else:
                self.pending += move

    def _end_turn(self) -> None:
        self.pending = 0
        self.turn ^= 1
        self.turns += 1

    def outcome(self) -> Outcome | None:
        return None if self.to_move != NOBODY else _outcome(self.scores, "target")

    def clone(self) -> "PigState":
        return PigState(self.scores, self.pending, self.turn, self.rolling, self.turns)

    def key(self) -> Hashable:
        return self.scores, self.pending, self.turn, self.rolling, self.turns


class PigHeuristics(Heuristics):
    def evaluate(self, state: State, seat: Seat) -> float:
        assert isinstance(state, PigState)
        mine = state.scores[seat] + (state.pending if state.turn == seat else 0)
        theirs = state.scores[1 - seat] + (state.pending if state.turn != seat else 0)
        if state.to_move == NOBODY:
            return 100.0 * (mine - theirs)
        return float(mine - theirs)


class Pig(ToyGame):
    id = "toy_pig"
    title = "Pig"
    state_class = PigState



# --- Bounty (hidden hands and prize order, 2-5 players) ---------------------------------------

HAND = 4   #: cards per hand, and rounds per game
EXTRA = 3  #: cards never dealt, so even the last round is not fully known


class HiddenRead(AssertionError):
    """Something read a part of the game its seat may not see."""


class Hidden:
    """A hidden pile: only its size is public."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Any:
        raise HiddenRead("iterated a hidden pile")

    def __contains__(self, item: object) -> bool:
        raise HiddenRead("searched a hidden pile")

    def __getitem__(self, item: object) -> Any:
        raise HiddenRead("indexed a hidden pile")

    def __getattr__(self, name: str) -> Any:
        raise HiddenRead(f"used .{name} of a hidden pile")


class BountyState(ToyState):
    """A prize is turned up; from the leader on, each seat plays a card face up; the highest
    card takes the prize and leads the next round.  Most prize points wins."""

    FIELDS = ("hands", "prizes", "revealed", "bids", "leader", "points", "played")
    __slots__ = FIELDS

    def __init__(self, hands: list[Any], prizes: Any, revealed: list[int],
                 bids: list[tuple[int, int]], leader: Seat, points: list[int],
                 played: list[int]) -> None:
        self.hands = hands
        self.prizes = prizes        #: face-down prize pile (top last)
        self.revealed = revealed    #: prizes turned up so far; the last one is at stake
        self.bids = bids            #: (card, seat) played this round
        self.leader = leader
        self.points = points
        self.played = played

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> Seat:
        if not self.bids and not any(len(h) for h in self.hands):
            return NOBODY
        return (self.leader + len(self.bids)) % len(self.hands)

    def legal_moves(self) -> list[int]:
        mover = self.to_move
        return [] if mover == NOBODY else sorted(self.hands[mover])

    def play(self, card: int) -> None:
        mover = self.to_move
        self.hands[mover].remove(card)
        self.bids.append((card, mover))
        self.played.append(card)
        if len(self.bids) == len(self.hands):
            winner = max(self.bids)[1]
            self.points[winner] += self.revealed[-1]
            self.leader = winner
            self.bids = []
            if len(self.prizes):
                self.revealed.append(self.prizes.pop())

    def outcome(self) -> Outcome | None:
        return None if self.to_move != NOBODY else _outcome(self.points, "prizes")

    def clone(self) -> "BountyState":
        return BountyState([h[:] if isinstance(h, list) else h for h in self.hands],
                           self.prizes[:] if isinstance(self.prizes, list) else self.prizes,
                           self.revealed[:], self.bids[:], self.leader, self.points[:],
                           self.played[:])

    def observe(self, seat: Seat) -> "BountyState":
        view = self.clone()
        view.hands = [h[:] if i == seat else Hidden(len(h)) for i, h in enumerate(self.hands)]
        view.prizes = Hidden(len(self.prizes))
        return view

    def determinize(self, seat: Seat, rng: random.Random) -> "BountyState":
        world = self.clone()
        seen = set(world.hands[seat]) | set(self.played)
        cards = [c for c in range(1, deck_size(self.players) + 1) if c not in seen]
        rng.shuffle(cards)
        for i, h in enumerate(world.hands):
            if i != seat:
                world.hands[i], cards = cards[:len(h)], cards[len(h):]
        world.prizes = [p for p in PRIZES if p not in self.revealed]
        rng.shuffle(world.prizes)
        return world


PRIZES = tuple(range(1, HAND + 1))


def deck_size(players: int) -> int:
    return players * HAND + EXTRA


class BountyHeuristics(Heuristics):
    def evaluate(self, state: State, seat: Seat) -> float:
        assert isinstance(state, BountyState)
        p = state.points
        return float(p[seat] - max(v for i, v in enumerate(p) if i != seat))


class Bounty(ToyGame):
    id = "toy_bounty"
    title = "Bounty"
    state_class = BountyState
    min_players, max_players = 2, 5
    has_hidden_information = True

    def new_state(self, players: int, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> State:
        rng = random.Random(seed)
        deck = list(range(1, deck_size(players) + 1))
        rng.shuffle(deck)
        prizes = list(PRIZES)
        rng.shuffle(prizes)
        hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(players)]
        return BountyState(hands, prizes, [prizes.pop()], [], 0, [0] * players, [])


# --- a game whose AI always crashes, and the registry the worker tests load from --------------

class CrashState(TicTacToeState):
    def observe(self, seat: Seat) -> State:
        raise RuntimeError("this toy's observation is broken on purpose")


class Crash(TicTacToe):
    id = "toy_crash"
    state_class = CrashState


GAMES: dict[str, Game] = {g.id: g for g in (TicTacToe(), Nim(), Pig(), Bounty(), Crash())}
for _game in GAMES.values():
    _game.state_class.game = _game


def load_toy(game_id: str) -> Game:
    """Stands in for ``catgames.games.load_game`` (module level, so a spawned worker can use it)."""
    return GAMES[game_id]

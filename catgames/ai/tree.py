"""What UCT (``mcts``) and information-set MCTS (``ismcts``) share: the node, the iteration loop
with rollouts and backpropagation, progressive widening and the final choice.

Each node keeps the reward total of the seat that made the move into it (max^n), so the same
tree serves any number of players.  A subclass says how an iteration's world is made
(``world``) and which child a decision node follows (``step``).
"""

from __future__ import annotations

import math
import random
from typing import Any

from catgames.ai.budget import Budget, Clock
from catgames.ai.hooks import Heuristics
from catgames.ai.player import WeighingPlayer
from catgames.ai.playout import evaluations, play_forced, rewards, rollout, sample_chance
from catgames.core.moves import Move
from catgames.core.rules import CHANCE, NOBODY, Seat, State


class _Root(Move):
    """The move of a tree's root: the position searched, reached by no move of the search."""

    __slots__ = ()
    kind = "root"


ROOT = _Root()


class Node:
    """One move in the tree.  ``seat`` made ``move``; ``CHANCE`` for a random event."""

    __slots__ = ("move", "parent", "seat", "children", "untried", "visits", "total", "avail")

    def __init__(self, move: Move, parent: "Node | None", seat: Seat) -> None:
        self.move = move
        self.parent = parent
        self.seat = seat
        self.children: dict[Move, Node] = {}
        self.untried: list[Move] | None = None  #: candidates not expanded yet, best last (mcts)
        self.visits = 0
        self.total = 0.0
        self.avail = 0  #: times this move was legal when its parent was visited (ismcts)

    def add(self, move: Move, seat: Seat) -> "Node":
        child = self.children[move] = Node(move, self, seat)
        return child

    def chance_child(self, event: Move) -> "Node":
        child = self.children.get(event)
        return child if child is not None else self.add(event, CHANCE)


class TreeSearchPlayer(WeighingPlayer):
    """The search loop: make a world, descend, roll out, back up, until the budget is spent.

    Moves are finally weighed by visits (so ``temperature`` draws them with probability
    proportional to visits^(1/T)).
    """

    def __init__(self, heuristics: Heuristics, *, width: int | None = None,
                 exploration: float = 0.7, widen_c: float = 2.0, widen_alpha: float = 0.5,
                 rollout_depth: int | None = None, eval_scale: float = 10.0,
                 crowd_eval_scale: float | None = None,
                 relative: bool = False, relative_end: bool = False, **noise: Any) -> None:
        super().__init__(heuristics, **noise)
        self.width = width
        self.exploration = exploration
        self.widen_c = widen_c
        self.widen_alpha = widen_alpha
        self.rollout_depth = rollout_depth
        self.eval_scale = eval_scale
        self.crowd_eval_scale = crowd_eval_scale
        self.relative = relative
        self.relative_end = relative_end

    def world(self, state: State, seat: Seat, rng: random.Random) -> State:
        """The full state one iteration plays in (a copy, never ``state`` itself)."""
        raise NotImplementedError

    def step(self, node: Node, world: State, mover: Seat) -> tuple[Node, bool]:
        """At a decision of ``mover``: the child to follow, and whether it was just added."""
        raise NotImplementedError

    def weigh(self, state: State, seat: Seat, legal: list[Move], rng: random.Random,
              budget: Budget, clock: Clock) -> tuple[list[Move], list[float]]:
        h = self.heuristics
        root = Node(ROOT, None, NOBODY)
        scale = self.scale_for(state)
        done = 0
        while ((budget.iterations is None or done < budget.iterations)
               and not clock.out_of_time(done > 0)):
            world = self.world(state, seat, rng)
            baseline = evaluations(world, h) if self.relative else None
            leaf = self.descend(root, world, rng)
            rollout(world, h, rng, self.rollout_depth)
            reward = rewards(world, h, scale, baseline, self.relative_end)
            node: Node | None = leaf
            while node is not None:
                node.visits += 1
                if node.seat >= 0:
                    node.total += reward[node.seat]
                node = node.parent
            done += 1
        kids = list(root.children.values())
        if not kids:
            return h.candidates(self.world(state, seat, rng), legal, 1), []
        return [k.move for k in kids], [math.log(k.visits) for k in kids]

    def scale_for(self, state: State) -> float:
        """The evaluation points that make a reward of 0.73 at this table: ``crowd_eval_scale``
        with three or more seats when set, where one seat alone wins and a point or two often
        decides it, else ``eval_scale``."""
        if state.players > 2 and self.crowd_eval_scale is not None:
            return self.crowd_eval_scale
        return self.eval_scale

    def descend(self, node: Node, world: State, rng: random.Random) -> Node:
        """Walk the tree from ``node``, playing its moves in ``world``, down to a new leaf or the
        end of the game; chance events are drawn and followed."""
        while True:
            mover = world.to_move
            if mover == NOBODY:
                return node
            if mover == CHANCE or self.heuristics.uniform_choice(world):
                event = sample_chance(world, rng)
                world.apply_unchecked(event)
                play_forced(world, self.heuristics)
                node = node.chance_child(event)
                continue
            node, added = self.step(node, world, mover)
            world.apply_unchecked(node.move)
            play_forced(world, self.heuristics)
            if added:
                return node

    def allowed(self, visits: int) -> int:
        """Progressive widening: how many children a node with ``visits`` may have."""
        return max(1, int(self.widen_c * visits ** self.widen_alpha))


class MCTSPlayer(TreeSearchPlayer):
    """UCT for perfect information: candidate lists are cached in the nodes."""

    def world(self, state: State, seat: Seat, rng: random.Random) -> State:
        return state.clone()

    def step(self, node: Node, world: State, mover: Seat) -> tuple[Node, bool]:
        if node.untried is None:
            node.untried = self.heuristics.candidates(world, world.legal_moves(), self.width)[::-1]
        if node.untried and len(node.children) < self.allowed(node.visits):
            return node.add(node.untried.pop(), mover), True
        c = self.exploration
        log_n = math.log(node.visits)
        best, best_u = node, -math.inf
        for child in node.children.values():
            u = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if u > best_u:
                best, best_u = child, u
        return best, False

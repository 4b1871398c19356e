"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

Every iteration deals a fresh determinization of what the observer cannot see
(``state.determinize(seat, rng)``) and walks one shared tree keyed by moves, using only the
branches legal in that world; a child's exploration term counts how often it was available
rather than how often its parent was visited.  The player sees nothing but its observation.
"""

from __future__ import annotations

import math
import random

from catgames.ai.tree import Node, TreeSearchPlayer
from catgames.core.rules import Seat, State


class ISMCTSPlayer(TreeSearchPlayer):
    """SO-ISMCTS with progressive widening over the game's candidates, for 2-5 players."""

    def world(self, state: State, seat: Seat, rng: random.Random) -> State:
        return self.deal(state, seat, rng)

    def step(self, node: Node, world: State, mover: Seat) -> tuple[Node, bool]:
        c = self.exploration
        children = node.children
        best, best_u = node, -math.inf
        untried, available = None, 0
        for move in self.heuristics.candidates(world, world.legal_moves(), self.width):
            child = children.get(move)
            if child is None:
                if untried is None:
                    untried = move
                continue
            child.avail += 1
            available += 1
            u = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if u > best_u:
                best, best_u = child, u
        if untried is not None and available < self.allowed(node.visits):
            return node.add(untried, mover), True
        return best, False

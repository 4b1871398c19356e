"""What the generic AI knows about If It Fits (spec section 8): boxes valued by their toys, the
chance they still close and who leads them; cats and Princesses in reserve; cheap move ordering
that favours capping boxes, claiming good pairs and hitting rich rival boxes.

The evaluation's weights are fitted to self-play results (``ai.weights`` in ``data/boxes.yaml``,
docs/ai.md); the other settings are product decisions in ``ai.heuristics``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence, TypeVar

from catgames.ai.fitted import FittedHeuristics
from catgames.core.rules import State
from catgames.games.boxes.components import BOTTOM, TOP, boxes_data
from catgames.games.boxes.moves import Draw, Skip
from catgames.games.boxes.rules import CAT, TURN, BoxesState
from catgames.games.boxes.grid import Box

OPEN_SHARE = {"none": 0.0, "half": 0.5, "full": 1.0}  #: what an open box still pays, per option
T = TypeVar("T")
CAT_KINDS = ("awake_cat", "sleeping_cat")  #: moves that take a cat from the supply
KEEP_LAST_CAT = {TURN: Draw(), CAT: Skip()}  #: a step where a cat may be laid: the other move


@dataclass(frozen=True)
class Weights:
    """Settings besides the fitted weights (see data/boxes.yaml: ai.heuristics)."""

    close_chance: float     #: chance that one open side of a box still gets closed
    dead_value: float       #: share of toys a box that can never close still promises
    contest: float          #: share a leader may lose when a rival is one cat behind (or level)
    cap_chance: float       #: chance that one card I still lay caps one open side of a box
    open_most: float        #: the most an open box's chance to close may count (squashed)
    pace_cats: float        #: prior of a seat's pace: this many cats laid ...
    pace_rounds: float      #: ... in this many rounds, before its own cats say otherwise
    rivals_rest: float      #: share of the other rivals' boxes counted beside the strongest's
    princess_risk: float    #: share of a closed box led by one cat a rival's Princess takes
    cap_value: float        #: ordering: a wall on a box's open side, per toy per open side
    rollout_sample: int     #: moves a playout compares before choosing


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = boxes_data().ai["heuristics"]
    weights_read = Weights(
        close_chance=node["close_chance"].number(0, 1),
        dead_value=node["dead_value"].number(0, 1),
        contest=node["contest"].number(0, 1),
        cap_chance=node["cap_chance"].number(0, 1),
        open_most=node["open_most"].number(0.01, 1),
        pace_cats=node["pace_cats"].number(0.01),
        pace_rounds=node["pace_rounds"].number(0.01),
        rivals_rest=node["rivals_rest"].number(0, 1),
        princess_risk=node["princess_risk"].number(0, 1),
        cap_value=node["cap_value"].number(0),
        rollout_sample=node["rollout_sample"].int(1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


def expected_value(box: Box, open_boxes: str, w: Weights, remaining: float, plays: int) -> float:
    """Toys the box should pay at the end: closed pays in full, open by its chance to close,
    which shrinks with the share of the game ``remaining`` (``time_left``) and with the cards
    its leader may still lay (``plays``, see ``plays_left``): each open side must still be
    capped, so a box that needs more caps than the game has turns is worth nothing however
    many toys it holds.  The chance is squashed below ``open_most``, so that weighed by the
    fitted ``open`` weight an open box never counts for as much as the same box closed."""
    if box.closed:
        return float(box.toys)
    if box.dead:
        chance = w.dead_value
    else:
        chance = (w.close_chance ** box.open_sides * remaining
                  * reach(box.open_sides, plays, w.cap_chance))
        chance = w.open_most * (1.0 - math.exp(-chance / w.open_most))
    return box.toys * (chance + (1.0 - chance) * OPEN_SHARE[open_boxes])


@lru_cache(maxsize=None)
def reach(sides: int, plays: int, cap_chance: float) -> float:
    """The chance that at least ``sides`` of ``plays`` cards each cap a side (binomial)."""
    return sum(math.comb(plays, k) * cap_chance ** k * (1.0 - cap_chance) ** (plays - k)
               for k in range(sides, plays + 1))


def rounds_left(state: BoxesState, holder: int | None = None) -> float:
    """Rounds before the end phase, at the pace each seat has laid its cats so far (a seat
    that lays one every turn ends the game in as many rounds as it has cats; the prior pace
    is ``pace_cats`` in ``pace_rounds``), and no more than the draw pile lasts (tactic 2).
    ``holder``'s own pace is left out (see ``hurrying``)."""
    if state.end_phase or state.end_due:
        return 0.0
    w, data, n = weights(), state.data, state.n
    drawn = len(data.pile) - len(state.deck) - n * data.hand_size
    played = max(0.0, (drawn + state.layout.sleep_seams.bit_count()) / n)
    fastest = min((supply * (played + w.pace_rounds)
                   / min(played + w.pace_rounds, data.cats_per_player - supply + w.pace_cats)
                   for supply in hurrying(state, holder)), default=math.inf)
    return min(fastest, len(state.deck) / n)


def hurrying(state: BoxesState, holder: int | None) -> list[int]:
    """The supplies of the seats that may end the game on ``holder``: every seat but
    ``holder``, who can always keep its own last cat back (``None``: every seat).  A box's
    time is set by the seats other than its leader: measured by its leader's own supply, a
    leader with one cat left would count its open box as lost and see nothing to lose in
    ending the game itself with it open."""
    return [n for s, n in enumerate(state.supply) if s != holder]


def plays_left(state: BoxesState, seat: int, rounds: float) -> int:
    """Cards ``seat`` may still lay: one a round until the end phase, then its hand."""
    return int(rounds) + len(state.hands[seat])


def princess_threat(lone: list[float], princesses: int) -> float:
    """What rivals holding ``princesses`` can take from a seat's closed boxes that it leads by
    one cat (``lone``, their values): a Princess on that cat leaves the box to nobody, or to
    a tie that pays the rival as much (rules 39, 41); each Princess takes the richest."""
    return sum(sorted(lone, reverse=True)[:princesses])


class BoxesHeuristics(FittedHeuristics):
    """Per-seat expected points from the boxes plus reserves; value = mine minus the best rival."""

    game_id = "boxes"
    names = ("closed", "open", "runner_up", "supply_time", "supply", "princess")

    def features(self, state: State, seat: int) -> list[float]:
        """Mine minus the rival's (the other seat with the most from the boxes): toys of closed
        boxes I lead (less what the rivals' Princesses may take from those I lead by one cat),
        the expected toys of open ones I lead, of those where I am one cat behind, cats in
        supply times the share of the game left, cats in supply, Princesses."""
        assert isinstance(state, BoxesState)
        return self._relative(state, self._per_seat(state), seat)

    def features_seats(self, state: State) -> list[Sequence[float]]:
        """Every seat's ``features`` from one pass over the boxes (playouts evaluate them all)."""
        assert isinstance(state, BoxesState)
        per = self._per_seat(state)
        return [self._relative(state, per, seat) for seat in range(state.players)]

    def _per_seat(self, state: BoxesState) -> list[list[float]]:
        """Each seat's own side of every feature (``features`` subtracts the rivals')."""
        w = weights()
        n = state.players
        per = [[0.0] * len(self.names) for _ in range(n)]
        remaining = time_left(state)
        # each leader's time: the game ends when the other seats end it (``hurrying``)
        held = [(time_left(state, s), int(rounds_left(state, s)) + len(state.hands[s]))
                for s in range(n)]
        lone: list[list[float]] = [[] for _ in range(n)]   # closed boxes led by one cat
        for box in cat_boxes(state):
            best = max(box.counts)
            if best == 0 or box.toys == 0:
                continue
            leaders = [s for s in range(n) if box.counts[s] == best]
            worth = expected_value(box, state.open_boxes, w, *held[leaders[0]])
            close_rivals = [] if box.closed else [s for s in range(n) if box.counts[s] == best - 1]
            if len(leaders) > 1 and state.majority_tie == "nobody":
                share = w.contest
            else:
                share = 1.0 - (w.contest if close_rivals else 0.0)
            for s in leaders:
                per[s][0 if box.closed else 1] += worth * share
            if box.closed and len(leaders) == 1 and best - 1 in box.counts:
                lone[leaders[0]].append(worth)
            for s in close_rivals:
                per[s][2] += worth * w.contest
        princess = state.data.princess
        threats = [hand.count(princess) for hand in state.hands]
        for s in range(n):
            per[s][0] -= w.princess_risk * princess_threat(lone[s], sum(threats) - threats[s])
            per[s][3] = remaining * state.supply[s]
            per[s][4] = float(state.supply[s])
            per[s][5] = float(threats[s])
        return per

    def _relative(self, state: BoxesState, per: list[list[float]], seat: int) -> list[float]:
        mine = per[seat]
        if state.players == 2:
            return [m - r for m, r in zip(mine, per[1 - seat])]
        others = sorted(state.others(seat), key=lambda s: -(per[s][0] + per[s][1]))
        rest = weights().rivals_rest
        return [mine[i] - per[others[0]][i] - rest * sum(per[s][i] for s in others[1:])
                for i in range(len(self.names))]

    def haste(self, state: State, seat: int) -> float:
        """Cats ``seat`` has laid (the fifth ends the game, rule 35), and half a cat more while
        the card it just played leaves room for an awake one: a sleeping cat whenever one fits,
        else a card that makes room for a cat, then the cat."""
        assert isinstance(state, BoxesState)
        laid = state.data.cats_per_player - state.supply[seat]
        ready = state.to_move == seat and bool(state.awake_positions())
        return laid + (0.5 if ready else 0.0)

    def candidates(self, state: State, moves: list[Any], limit: int | None = None) -> list[Any]:
        """``moves`` best first by ``quick_value`` with its boxes, the order remembered per
        position and hand (``ordering_of``): a search ranks the same moves in every world."""
        assert isinstance(state, BoxesState)
        order = ordering_of(state)
        hand = tuple(sorted(set(state.hands[state.to_move])))
        seen = order.ranked.get(hand)
        if seen is None or seen[0] != moves:
            values = order.values
            boxes = BoxesNearby(state)
            for move in moves:
                if move not in values:
                    values[move] = quick_value(state, move, boxes)
            # stable: equal values keep the order of ``moves``, as a sort on -value would
            seen = (moves[:], sorted(moves, key=values.__getitem__, reverse=True))
            if len(order.ranked) < RANKED_HANDS:
                order.ranked[hand] = seen
        return seen[1][:limit]

    def rollout_move(self, state: State, rng: random.Random) -> Any:
        """The best-looking of a few sampled moves; a seat that leads an open box keeps its
        last cat (it draws, or skips the awake cat): that cat ends the game (rule 35), and a
        playout that throws it down ends it 0-0 on a box its owner would have kept building,
        so the search would see nothing to lose in ending the game now.  A seat with no such
        box lays it as before, as a rusher does."""
        assert isinstance(state, BoxesState)
        seat = state.to_move
        if state.supply[seat] == 1 and state.step in KEEP_LAST_CAT and leads_open_box(state, seat):
            return KEEP_LAST_CAT[state.step]
        moves = state.legal_moves()
        sample = rng.sample(moves, min(len(moves), weights().rollout_sample))
        return max(sample, key=lambda m: quick_value(state, m))


def leads_open_box(state: BoxesState, seat: int) -> bool:
    """Whether ``seat`` leads (alone or tied) an open box with toys that can still close.
    Only the boxes of its own cats are built (``boxes_holding``): playouts ask this at each
    turn of a seat down to its last cat."""
    return any(not box.closed and not box.dead and box.toys and box.counts[seat] == max(box.counts)
               for box in boxes_holding(state, state.layout.cat_seams[seat]))


def cat_boxes(state: BoxesState) -> list[Box]:
    """The boxes that hold a player's cat, lowest card first as ``Layout.boxes`` lists them,
    remembered: the others are led by nobody and count for no seat, and a playout ends on a
    new table each time, so building every box of it (``table_boxes``) would mostly be wasted."""
    def build() -> list[Box]:
        seams = 0
        for mask in state.layout.cat_seams:
            seams |= mask
        return boxes_holding(state, seams)
    return remembered(_cat_boxes, table_key(state), build)


def boxes_holding(state: BoxesState, seams: int) -> list[Box]:
    """The boxes that hold any of the cat ``seams`` (fine-grid bits), lowest card first."""
    layout, fine = state.layout, state.geo.fine
    space = layout.centres | layout.joined
    regions = []
    while seams:
        region = fine.region_of(seams & -seams, space)
        seams &= ~region
        regions.append(region)
    regions.sort(key=lambda region: region & -region)
    return [layout.box(region, state.n, state.weights) for region in regions]


def time_left(state: BoxesState, holder: int | None = None) -> float:
    """The share of the game still to come, from 1 down to 0: it falls with the draw pile and
    with the supply of whoever is closest to placing a fifth cat and ending the game (tactic 2),
    ``holder`` left out (``hurrying``).  A cat still in supply and an open box are worth
    nothing at the end (tactic 1)."""
    if state.end_phase:
        return 0.0
    pile_left = len(state.deck) / len(state.data.pile)
    return min(pile_left, min(hurrying(state, holder)) / state.data.cats_per_player)


REMEMBERED_MOST = 4096  #: positions or tables each store below keeps before starting again
RANKED_HANDS = 2  #: hands a position's ranking is kept for: the searcher's own, whose hand
#: every world shares, and seldom another (a rival's hand is dealt anew in each world)
_ordering: dict[Any, "Ordering"] = {}
_boxes: dict[Any, list[Box]] = {}
_cat_boxes: dict[Any, list[Box]] = {}


def remembered(store: dict[Any, T], key: Any, make: Callable[[], T]) -> T:
    """``store[key]``, made the first time it is asked for: every world a search deals of one
    position has the same table (only hidden cards differ), and its tree meets the same
    positions again.  A full store is emptied (its positions are mostly behind the search)."""
    found = store.get(key)
    if found is None:
        if len(store) >= REMEMBERED_MOST:
            store.clear()
        found = store[key] = make()
    return found


def table_key(state: BoxesState) -> tuple[Any, ...]:
    """What a table's boxes depend on: its cards and cats, the seats and the table's size."""
    layout = state.layout
    return frozenset(layout.cards.items()), frozenset(layout.cats.items()), state.n, state.table


class Ordering:
    """One position's ordering found so far: each move's ``quick_value`` (with its boxes), and
    the moves ranked for each hand of the seat to move (a hand changes which cards may be
    played, never what a move is worth)."""

    __slots__ = ("values", "ranked")

    def __init__(self) -> None:
        self.values: dict[Any, float] = {}
        self.ranked: dict[tuple[int, ...], tuple[list[Any], list[Any]]] = {}  #: moves, ranked


def ordering_of(state: BoxesState) -> Ordering:
    """The ordering remembered for this position, to add to: a move's value reads only the
    table, the supplies, the pile's size and the size of the mover's hand, all in the key, so
    other seats' hidden cards never split it."""
    key = table_key(state) + (state.open_boxes, state.step, state.to_move, state.played,
                              state.end_phase, state.end_due, len(state.deck),
                              tuple(state.supply), len(state.hands[state.to_move]))
    return remembered(_ordering, key, Ordering)


def table_boxes(state: BoxesState) -> list[Box]:
    """``layout.boxes`` of the table, remembered."""
    return remembered(_boxes, table_key(state), lambda: state.layout.boxes(state.n, state.weights))


class BoxesNearby:
    """The boxes a card may cap, found once per position and only when asked: ordering weighs
    a cap by what the box is worth to the seat to move, which playouts cannot afford."""

    def __init__(self, state: BoxesState) -> None:
        self.state = state
        self.by_slot: dict[int, Box] | None = None

    def box_at(self, slot: int) -> Box:
        if self.by_slot is None:
            self.by_slot = {s: box for box in table_boxes(self.state) for s in box.slots}
        return self.by_slot[slot]


def quick_value(state: BoxesState, move: Any, boxes: BoxesNearby | None = None) -> float:
    """A cheap guess at a move's worth, for ordering and playouts (no state is copied); with
    ``boxes``, a card that caps a box is weighed by the box (``cap_value``)."""
    kind = move.kind
    layout, geo = state.layout, state.geo
    if kind in ("awake_cat", "sleeping_cat", "princess"):
        slot = geo.slot(move.x, move.y)
        assert slot is not None
        box = layout.box(layout.region_of(slot), state.players, state.weights)
        mover = state.to_move
        plays = plays_left(state, mover, rounds_left(state, mover))
        remaining = time_left(state, mover)
        if kind in CAT_KINDS and state.supply[mover] == 1:
            remaining = 0.0                      # the last cat ends the game (rule 35)
        worth = expected_value(box, state.open_boxes, weights(), remaining, plays)
        return worth + (2.0 if kind == "awake_cat" else 1.0 if kind == "princess" else 0.5)
    if kind == "card":
        return _card_value(state, move, boxes)
    if kind == "draw":
        return 1.0
    if kind == "start_row":
        placed = len(layout.cards)
        return float(move.side == state.data.suggested_sides[placed - 1])
    return 0.0


def _card_value(state: BoxesState, move: Any, boxes: BoxesNearby | None) -> float:
    """Capping open sides is good, leaving new ones is bad, toys and a cat pair are good; with
    ``boxes``, each box the card touches is weighed by how many of its open sides the card
    takes away (a wall against one: one; joining it: one, less the card's own open sides left
    facing empty slots), per toy per open side, for the seat to move if it leads the box and
    against it if a rival does."""
    data, layout, geo = state.data, state.layout, state.geo
    kind = data.kinds[data.by_name[move.card]]
    edges = kind.edges_at(move.rot)
    slot = geo.slot(move.x, move.y)
    assert slot is not None
    value = 0.3 * kind.toys
    fresh = 0                                     # the card's open sides facing nothing
    touched: list[tuple[int, bool]] = []          # (neighbour, joined) of waiting open sides
    for bit, opposite, seam, neighbour in geo.sides[slot]:
        if neighbour >= 0 and layout.occupied >> neighbour & 1:
            if layout.frontier & seam:
                value += 1.0                      # caps or joins a waiting open side
                touched.append((neighbour, bool(edges & bit)))
                if edges & bit and bit in (TOP, BOTTOM) and not layout.blocked & seam:
                    value += 1.5                  # and makes a pair an awake cat can use
        elif edges & bit:
            fresh += 1
            value -= 3.0 if neighbour < 0 else 0.5
    if boxes is not None:
        for neighbour, joined in touched:
            taken = 1 - (fresh if joined else 0)
            value += taken * _side_worth(boxes.box_at(neighbour), state.to_move)
    return value


def _side_worth(box: Box, mover: int) -> float:
    """What one open side fewer on ``box`` is worth to ``mover`` (see ``_card_value``)."""
    best = max(box.counts)
    if best == 0:
        return 0.0
    share = weights().cap_value * box.toys / box.open_sides
    return share if box.counts[mover] == best else -share


HEURISTICS = BoxesHeuristics()

"""Kotatsu Cats position files (docs/positions.md): writing a state and reading one back.

A hand-written position may leave things out: a hand, the deck, the discard pile, the bag, the
cushion stacks, any cushion face (``O?``) or card (``?``).  What is left out is filled at random,
from ``seed``, with the components not named anywhere else, so every position holds exactly the
components of the box.  Positions need not be reachable by play; only counts are checked.
"""

from __future__ import annotations

import random
from typing import Any

from catgames.core.position import Kept, PositionNode, SplitPosition, deal_unseen, position_node
from catgames.core.rules import Game, UNSEEN_TEXT, Seat
from catgames.core.safe_yaml import brief
from catgames.games.kotatsu.components import KotatsuData, kotatsu_data
from catgames.games.kotatsu.rules import (
    DISCARDING, OVER, PICKING, PLAYING, UNKNOWN, ENDS, KotatsuState,
)

PHASES = {"play": PLAYING, "discard": DISCARDING, "pick": PICKING, "over": OVER}


# -- writing ---------------------------------------------------------------------------------
def _public(state: KotatsuState, kept: Kept) -> dict[str, Any]:
    """All but the hands, the cats collected and, while a pair is picked, the kotatsus (the
    picker sees the cushions it picks from): every seat's observation of a state shows it alike."""
    data = state.data
    names = state.game.seat_names(state.n)
    card, cushion, cat_label = data.card_texts, data.cushion_labels, data.cat_labels
    doc: dict[str, Any] = {
        "game": "kotatsu",
        "players": state.n,
        "options": dict(state.options),
        "seed": state.seed,
        "turn": state.turn,
        "to_move": names[state.active],
        "phase": next(k for k, v in PHASES.items() if v == state.phase),
        "passes": state.passes,
    }
    if state.phase == DISCARDING:
        doc["played_on"] = state.pending + 1
    if state.phase == OVER:
        doc["end"] = state.end
    doc["kotatsu"] = None if state.phase == PICKING else _kotatsus(state, names, kept)
    doc["hands"] = doc["collected"] = None
    doc["lucky_cats"] = {"supply": state.lucky_supply, "bag": state.lucky_bag,
                         "drawn": state.lucky_drawn}
    doc["deck"] = [card[c] for c in state.deck]
    doc["discard"] = [card[c] for c in state.discard]
    doc["bag"] = [cat_label[c] for c in state.bag]
    doc["cushion_stacks"] = kept.part("stacks", lambda: {
        cid: [cushion[cu] for cu in stack] for cid, stack in zip(data.colour_ids, state.stacks)}, *state.stacks)
    return doc


def _private(state: KotatsuState, kept: Kept) -> dict[str, Any]:
    data = state.data
    names = state.game.seat_names(state.n)
    card, cushion, cat_label = data.card_texts, data.cushion_labels, data.cat_labels
    doc: dict[str, Any] = {"kotatsu": _kotatsus(state, names, kept)} if state.phase == PICKING else {}
    doc["hands"] = {names[s]: [card[c] for c in hand] for s, hand in enumerate(state.hands)}
    doc["collected"] = {names[s]: [{"cat": cat_label[cat], "cushion": cushion[cu], "seen_by": names[seer]}
                                   if seer >= 0 else {"cat": cat_label[cat], "cushion": cushion[cu]}
                                   for cat, cu, seer in pairs]
                        for s, pairs in enumerate(state.collected)}
    return doc


def _kotatsus(state: KotatsuState, names: list[str], kept: Kept) -> list[dict[str, Any]]:
    """Each kotatsu's pairs and edges (kept each apart: a move changes one)."""
    return [kept.part(("kotatsu", k), lambda: _kotatsu(state, names, pairs, edge, done), pairs, done, *edge)
            for k, (pairs, edge, done) in enumerate(zip(state.pairs, state.edges, state.completed))]


def _kotatsu(state: KotatsuState, names: list[str], pairs: list[tuple[int, int]], edge: list[list[int]],
             done: list[int]) -> dict[str, Any]:
    data = state.data
    card, cushion, cat_label = data.card_texts, data.cushion_labels, data.cat_labels
    return {"pairs": [{"cat": cat_label[cat], "cushion": cushion[cu]} for cat, cu in pairs],
            "edges": {names[s]: [card[c] for c in cards] for s, cards in enumerate(edge)},
            "completed": {names[s]: t for s, t in enumerate(done) if t}}


#: the position of a state (masked parts of an observation are written ``?`` / ``O?``)
state_to_position = SplitPosition(_public, _private)


# -- reading ---------------------------------------------------------------------------------
class _Pools:
    """The components not yet named, by label, handed out as a position is read."""

    def __init__(self, data: KotatsuData) -> None:
        self.data = data
        self.cards = _by_label(data.card_label)
        self.cats = _by_label(tuple(data.cat_label(c) for c in range(data.cats)))
        self.cushions = _by_label(tuple(data.cushion_label(c) for c in range(data.blank)))

    def card(self, node: PositionNode) -> int:
        if node.value == UNSEEN_TEXT:
            return UNKNOWN
        return _take(self.cards, node, "card")

    def cat(self, node: PositionNode) -> int:
        return _take(self.cats, node, "wooden cat")

    def cushion(self, node: PositionNode | None, colour: int) -> int:
        """The cushion of a cat or stack of ``colour``; none given or ``?`` is a face unseen,
        ``O?`` one of that colour (``~colour`` until ``fill`` deals the face)."""
        data = self.data
        if node is None or node.value in (None, UNSEEN_TEXT):
            return ~colour
        text = node.value
        if text == "blank":
            return data.blank
        if isinstance(text, str) and text.endswith("?") and text[:-1] in data.colour_ids:
            cushion = ~data.colour_ids.index(text[:-1])
        else:
            cushion = _take(self.cushions, node, "cushion")
        found = ~cushion if cushion < 0 else data.cushion_colour[cushion]
        if found != colour:
            raise node.fail(f"a {data.colour_ids[colour]} cat or stack takes a "
                            f"{data.colour_ids[colour]} cushion, not {text}")
        return cushion

    def left(self, pool: dict[str, list[int]]) -> list[int]:
        return sorted(i for ids in pool.values() for i in ids)


def _by_label(labels: tuple[str, ...]) -> dict[str, list[int]]:
    pool: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        pool.setdefault(label, []).append(i)
    return pool


def _take(pool: dict[str, list[int]], node: PositionNode, what: str) -> int:
    text = " ".join(str(node.value).split())
    if text not in pool:
        raise node.fail(f"{brief(text)} is not a {what}; expected like {', '.join(list(pool)[:3])}")
    if not pool[text]:
        raise node.fail(f"no {what} {text} is left (every copy is named already)")
    return pool[text].pop(0)


def state_from_position(doc: Any, game: Game) -> KotatsuState:
    """Build a state from a position mapping; ``PositionError`` names what is wrong."""
    root = position_node(doc, "kotatsu")
    data = kotatsu_data()
    state = KotatsuState(root["players"].int(data.min_players, data.max_players), root.options(game))
    state.seed = root.opt("seed", 0).int(0, 2**63)
    reader = _Reader(state, _Pools(data), game.seat_names(state.n), root)
    reader.read()
    reader.fill(random.Random(state.seed))
    reader.settle()
    return state


class _Reader:
    """Reads the parts of a position in order: named components first, then the fills."""

    def __init__(self, state: KotatsuState, pools: _Pools, names: list[str],
                 root: PositionNode) -> None:
        self.state, self.pools, self.names, self.root = state, pools, names, root
        self.data = state.data
        self.tables: list[PositionNode] = []

    def given(self, key: str) -> PositionNode | None:
        """The part ``key`` if the position names it, else ``None`` (``fill`` deals it)."""
        node = self.root.opt(key)
        return None if node.value is None else node

    def read(self) -> None:
        state, pools, data, root = self.state, self.pools, self.data, self.root
        self.tables = root.opt("kotatsu").list(length=data.kotatsu_count)
        for k, table in enumerate(self.tables):
            self._read_kotatsu(k, table)
        hands = root.opt("hands")
        hands.by_seat(self.names)   # refuses a key that is no seat
        for s, name in enumerate(self.names):
            given = hands.get(name)   # left out: a full hand, unseen
            state.hands[s] = ([UNKNOWN] * data.hand_size if given is None
                              else [pools.card(c) for c in given.list(max_length=data.hand_size)])
        for s, pairs in root.opt("collected").by_seat(self.names):
            state.collected[s] = [self._read_collected(item, s) for item in pairs.list()]
        for key in ("deck", "discard"):
            node = self.given(key)
            if node is not None:
                setattr(state, key, [pools.card(c) for c in node.list()])
        bag = self.given("bag")
        if bag is not None:
            state.bag = sorted(pools.cat(c) for c in bag.list())
        stacks = self.given("cushion_stacks")
        if stacks is not None:
            for colour, cid in enumerate(data.colour_ids):
                state.stacks[colour] = [pools.cushion(c, colour) for c in stacks.opt(cid).list()]

    def _read_kotatsu(self, k: int, table: PositionNode) -> None:
        state, data, pools = self.state, self.data, self.pools
        pairs = []
        for item in table.opt("pairs").list(max_length=data.pairs_on_each):
            bare = not isinstance(item.value, dict)   #: a cat alone: its cushion is unseen
            cat = pools.cat(item if bare else item.opt("cat"))
            pairs.append((cat, pools.cushion(None if bare else item.opt("cushion"),
                                             data.cat_colour[cat])))
        state.pairs[k] = pairs
        for s, cards in table.opt("edges").by_seat(self.names):
            state.edges[k][s] = [pools.card(c) for c in cards.list(max_length=data.max_cards)]
            if UNKNOWN in state.edges[k][s]:
                raise cards.fail("cards on an edge are face up; name them")
        for s, turn in table.opt("completed").by_seat(self.names):
            if len(state.edges[k][s]) != data.max_cards:
                raise turn.fail("the edge is not full")
            state.completed[k][s] = turn.int(1, 10**6)

    def _read_collected(self, item: PositionNode, owner: Seat) -> tuple[int, int, int]:
        cat = self.pools.cat(item.opt("cat"))
        cushion = self.pools.cushion(item.opt("cushion"), self.data.cat_colour[cat])
        seer = item.opt("seen_by")
        if seer.value is None:
            return cat, cushion, -1
        if seer.value not in self.names or self.names.index(seer.value) == owner:
            raise seer.fail(f"expected another seat, got {brief(seer.value)}")
        return cat, cushion, self.names.index(seer.value)

    def fill(self, rng: random.Random) -> None:
        """Deal everything not named: cards, cats, cushion faces (seeded)."""
        state, pools, data, root = self.state, self.pools, self.data, self.root
        cards = pools.left(pools.cards)
        rng.shuffle(cards)
        # unseen cards are dealt from the end of the shuffled pile
        cards = deal_unseen(root, [*state.hands, state.deck, state.discard], cards[::-1],
                            UNKNOWN)[::-1]
        if self.given("deck") is None:
            state.deck, cards = cards, []
        elif self.given("discard") is None:
            state.discard, cards = cards, []
        if cards:
            raise root.opt("deck").fail(f"{len(cards)} cards are nowhere, neither here nor in "
                                        f"discard (e.g. {data.card_label[cards[0]]}); leave "
                                        "deck or discard out")
        cats = pools.left(pools.cats)
        if self.given("bag") is None:
            state.bag = cats
        elif cats:
            raise root.opt("bag").fail(f"{len(cats)} wooden cats are nowhere "
                                       f"(e.g. {data.cat_label(cats[0])}); leave bag out")
        left = [[cu for cu in pools.left(pools.cushions) if data.cushion_colour[cu] == colour]
                for colour in range(data.colours)]
        for pool in left:
            rng.shuffle(pool)

        def face(cu: int) -> int:
            if cu >= 0:
                return cu
            if not left[~cu]:
                raise root.fail(f"more {data.colour_ids[~cu]} cushions are named than the box "
                                "holds")
            return left[~cu].pop()

        state.pairs = [[(cat, face(cu)) for cat, cu in p] for p in state.pairs]
        state.collected = [[(cat, face(cu), seer) for cat, cu, seer in c] for c in state.collected]
        state.stacks = [[face(cu) for cu in s] for s in state.stacks]
        if self.given("cushion_stacks") is None:
            state.stacks = left
        elif any(left):
            colour = next(i for i, pool in enumerate(left) if pool)
            raise root.opt("cushion_stacks").opt(data.colour_ids[colour]).fail(
                f"{len(left[colour])} cushions of this colour are nowhere; leave cushion_stacks out")

    def settle(self) -> None:
        """Lucky cats, turn, phase and whose move it is; a complete kotatsu resolves now."""
        state, data, names, root = self.state, self.data, self.names, self.root
        lucky = root.opt("lucky_cats")
        drawn = lucky.opt("drawn", 0).int(0, data.lucky_total)
        empty = sum(1 for s in state.stacks if not s) * data.lucky_per_empty_stack
        in_bag = min(data.lucky_at_start + empty, data.lucky_total - drawn)
        state.lucky_drawn = drawn
        state.lucky_bag = lucky.opt("bag", in_bag).int(0, data.lucky_total)
        state.lucky_supply = lucky.opt("supply", data.lucky_total - drawn - state.lucky_bag).int(
            0, data.lucky_total)
        if state.lucky_supply + state.lucky_bag + drawn != data.lucky_total:
            raise lucky.fail(f"supply, bag and drawn must add up to {data.lucky_total}")
        self._default_completion_turns()
        latest = max((t for row in state.completed for t in row), default=0)
        state.turn = root.opt("turn", latest + 1).int(max(1, latest), 10**6)
        state.passes = root.opt("passes", 0).int(0, state.n - 1)
        phase_node = root.opt("phase", "play")
        phase = phase_node.str(tuple(PHASES))
        state.active = root.opt("to_move", names[0] if phase == "over" else None).seat(names)
        if phase == "over":
            state.phase, state.end = OVER, root.opt("end", "lucky").str(ENDS)
            return
        for k, pairs in enumerate(state.pairs):
            if len(pairs) != data.pairs_on_each:
                raise self.tables[k].opt("pairs").fail(
                    f"a game in progress has {data.pairs_on_each} pairs on every kotatsu")
        complete = [k for k, edge in enumerate(state.edges)
                    if all(len(c) == data.max_cards for c in edge)]
        if len(complete) > 1:
            raise root.opt("kotatsu").fail(f"{len(complete)} kotatsu are complete; only one can "
                                           "be awaiting resolution")
        if phase == "discard":
            k = root.opt("played_on").int(1, data.kotatsu_count) - 1
            if not state.options["single_card_discard"]:
                raise phase_node.fail("discard needs the option single_card_discard")
            state.phase, state.pending = DISCARDING, k
        elif complete:
            state.resolve(complete[0], [])
        elif phase == "pick":
            raise phase_node.fail("pick needs a kotatsu whose edges are all full")

    def _default_completion_turns(self) -> None:
        """Full edges without a turn count as completed after every given one, in seat order."""
        state, top = self.state, self.data.max_cards
        latest = max((t for row in state.completed for t in row), default=0)
        for k, edge in enumerate(state.edges):
            for s, cards in enumerate(edge):
                if len(cards) == top and not state.completed[k][s]:
                    latest += 1
                    state.completed[k][s] = latest

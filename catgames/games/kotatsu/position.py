"""Kotatsu Cats position files (docs/positions.md): writing a state and reading one back.

A hand-written position may leave things out: a hand, the deck, the discard pile, the bag, the
cushion stacks, any cushion face (``O?``) or card (``?``).  What is left out is filled at random,
from ``seed``, with the components not named anywhere else, so every position holds exactly the
components of the box.  Positions need not be reachable by play; only counts are checked.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from catgames.core.rules import Game, UNSEEN_TEXT, Seat
from catgames.core.safe_yaml import brief
from catgames.games.kotatsu.components import KotatsuData, kotatsu_data
from catgames.games.kotatsu.rules import (
    DISCARDING, OVER, PICKING, PLAYING, UNKNOWN, ENDS, KotatsuState,
)

PHASES = {"play": PLAYING, "discard": DISCARDING, "pick": PICKING, "over": OVER}


class PositionError(ValueError):
    """A position file that does not describe a Kotatsu Cats game."""


# -- writing ---------------------------------------------------------------------------------
def state_to_position(state: KotatsuState) -> dict[str, Any]:
    """The position of ``state`` (masked parts of an observation are written ``?`` / ``O?``)."""
    data = state.data
    names = state.game.seat_names(state.n)
    card = _card_text(data)
    cushion = data.cushion_label
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
    doc["kotatsu"] = [
        {"pairs": [{"cat": data.cat_label(cat), "cushion": cushion(cu)} for cat, cu in pairs],
         "edges": {names[s]: [card(c) for c in cards] for s, cards in enumerate(edge)},
         "completed": {names[s]: t for s, t in enumerate(done) if t}}
        for pairs, edge, done in zip(state.pairs, state.edges, state.completed)]
    doc["hands"] = {names[s]: [card(c) for c in hand] for s, hand in enumerate(state.hands)}
    doc["collected"] = {
        names[s]: [_collected_entry(data, cat, cu, seer, names) for cat, cu, seer in pairs]
        for s, pairs in enumerate(state.collected)}
    doc["lucky_cats"] = {"supply": state.lucky_supply, "bag": state.lucky_bag,
                         "drawn": state.lucky_drawn}
    doc["deck"] = [card(c) for c in state.deck]
    doc["discard"] = [card(c) for c in state.discard]
    doc["bag"] = [data.cat_label(c) for c in state.bag]
    doc["cushion_stacks"] = {cid: [cushion(cu) for cu in stack]
                             for cid, stack in zip(data.colour_ids, state.stacks)}
    return doc


def _card_text(data: KotatsuData) -> Callable[[int], str]:
    return lambda c: UNSEEN_TEXT if c == UNKNOWN else data.card_label[c]


def _collected_entry(data: KotatsuData, cat: int, cu: int, seer: int,
                     names: list[str]) -> dict[str, Any]:
    entry = {"cat": data.cat_label(cat), "cushion": data.cushion_label(cu)}
    if seer >= 0:
        entry["seen_by"] = names[seer]
    return entry


# -- reading ---------------------------------------------------------------------------------
class _Pools:
    """The components not yet named, by label, handed out as a position is read."""

    def __init__(self, data: KotatsuData) -> None:
        self.data = data
        self.cards = _by_label(data.card_label)
        self.cats = _by_label(tuple(data.cat_label(c) for c in range(data.cats)))
        self.cushions = _by_label(tuple(data.cushion_label(c) for c in range(data.blank)))

    def card(self, text: Any, where: str) -> int:
        if text == UNSEEN_TEXT:
            return UNKNOWN
        return _take(self.cards, text, where, "card")

    def cat(self, text: Any, where: str) -> int:
        return _take(self.cats, text, where, "wooden cat")

    def cushion(self, text: Any, where: str, colour: int | None = None) -> int:
        data = self.data
        if text is None or text == UNSEEN_TEXT:
            if colour is None:
                raise PositionError(f"{where}: give a cushion like O+3 or O?")
            return ~colour
        if text == "blank":
            return data.blank
        if isinstance(text, str) and text.endswith("?") and text[:-1] in data.colour_ids:
            cushion = ~data.colour_ids.index(text[:-1])
        else:
            cushion = _take(self.cushions, text, where, "cushion")
        found = ~cushion if cushion < 0 else data.cushion_colour[cushion]
        if colour is not None and found != colour:
            raise PositionError(f"{where}: a {data.colour_ids[colour]} cat or stack takes a "
                                f"{data.colour_ids[colour]} cushion, not {text}")
        return cushion

    def left(self, pool: dict[str, list[int]]) -> list[int]:
        return sorted(i for ids in pool.values() for i in ids)


def _by_label(labels: tuple[str, ...]) -> dict[str, list[int]]:
    pool: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        pool.setdefault(label, []).append(i)
    return pool


def _take(pool: dict[str, list[int]], text: Any, where: str, what: str) -> int:
    text = " ".join(str(text).split())
    if text not in pool:
        raise PositionError(f"{where}: {brief(text)} is not a {what}; expected like "
                            f"{', '.join(list(pool)[:3])}")
    if not pool[text]:
        raise PositionError(f"{where}: no {what} {text} is left (every copy is named already)")
    return pool[text].pop(0)


def _mapping(doc: dict[str, Any], key: str) -> dict[str, Any]:
    value = doc.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise PositionError(f"{key}: expected a mapping")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list")
    return value


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PositionError(f"{where}: expected a whole number {lo}..{hi}, got {brief(value)}")
    return value


def _seats(mapping: dict[str, Any], names: list[str], where: str) -> dict[int, Any]:
    out = {}
    for name, value in mapping.items():
        if name not in names:
            raise PositionError(f"{where}: unknown seat {brief(name)}; seats: {', '.join(names)}")
        out[names.index(name)] = value
    return out


def state_from_position(doc: Any, game: Game) -> KotatsuState:
    """Build a state from a position mapping; ``PositionError`` names what is wrong."""
    if not isinstance(doc, dict):
        raise PositionError("a kotatsu position must be a mapping with keys game, players, kotatsu")
    if doc.get("game") != "kotatsu":
        raise PositionError(f"game: expected 'kotatsu', got {brief(doc.get('game'))}")
    data = kotatsu_data()
    n = _int(doc.get("players"), "players", data.min_players, data.max_players)
    try:
        options = game.resolve_options(_mapping(doc, "options"))
    except ValueError as exc:
        raise PositionError(f"options: {exc}") from exc
    state = KotatsuState(n, options)
    state.seed = _int(doc.get("seed", 0), "seed", 0, 2**63)
    names = game.seat_names(n)
    pools = _Pools(data)
    reader = _Reader(state, pools, names)
    reader.read(doc)
    reader.fill(random.Random(state.seed))
    reader.settle(doc)
    return state


class _Reader:
    """Reads the parts of a position in order: named components first, then the fills."""

    def __init__(self, state: KotatsuState, pools: _Pools, names: list[str]) -> None:
        self.state, self.pools, self.names = state, pools, names
        self.data = state.data
        self.given: set[str] = set()

    def read(self, doc: dict[str, Any]) -> None:
        state, pools, data = self.state, self.pools, self.data
        tables = _list(doc.get("kotatsu"), "kotatsu")
        if len(tables) != data.kotatsu_count:
            raise PositionError(f"kotatsu: expected {data.kotatsu_count} kotatsu, got {len(tables)}")
        for k, table in enumerate(tables):
            self._read_kotatsu(k, table)
        hands = _seats(_mapping(doc, "hands"), self.names, "hands")
        for s in range(state.n):
            where = f"hands.{self.names[s]}"
            cards = _list(hands.get(s, [UNSEEN_TEXT] * data.hand_size), where)
            if len(cards) > data.hand_size:
                raise PositionError(f"{where}: {len(cards)} cards, at most {data.hand_size}")
            state.hands[s] = [pools.card(c, f"{where}[{i}]") for i, c in enumerate(cards)]
        for s, pairs in _seats(_mapping(doc, "collected"), self.names, "collected").items():
            where = f"collected.{self.names[s]}"
            state.collected[s] = [self._read_collected(item, f"{where}[{i}]", s)
                                  for i, item in enumerate(_list(pairs, where))]
        for key in ("deck", "discard"):
            if doc.get(key) is not None:
                self.given.add(key)
                cards = [pools.card(c, f"{key}[{i}]") for i, c in enumerate(_list(doc[key], key))]
                setattr(state, key, cards)
        if doc.get("bag") is not None:
            self.given.add("bag")
            state.bag = sorted(pools.cat(c, f"bag[{i}]") for i, c in enumerate(_list(doc["bag"], "bag")))
        if doc.get("cushion_stacks") is not None:
            self.given.add("cushion_stacks")
            stacks = _mapping(doc, "cushion_stacks")
            for colour, cid in enumerate(data.colour_ids):
                where = f"cushion_stacks.{cid}"
                state.stacks[colour] = [pools.cushion(c, f"{where}[{i}]", colour)
                                        for i, c in enumerate(_list(stacks.get(cid), where))]

    def _read_kotatsu(self, k: int, table: Any) -> None:
        state, data, pools = self.state, self.data, self.pools
        where = f"kotatsu[{k}]"
        if not isinstance(table, dict):
            raise PositionError(f"{where}: expected a mapping with pairs and edges")
        pairs = []
        for i, item in enumerate(_list(table.get("pairs"), f"{where}.pairs")):
            spot = f"{where}.pairs[{i}]"
            entry = item if isinstance(item, dict) else {"cat": item}
            cat = pools.cat(entry.get("cat"), f"{spot}.cat")
            pairs.append((cat, pools.cushion(entry.get("cushion"), f"{spot}.cushion",
                                             data.cat_colour[cat])))
        if len(pairs) > data.pairs_on_each:
            raise PositionError(f"{where}.pairs: at most {data.pairs_on_each} pairs")
        state.pairs[k] = pairs
        for s, cards in _seats(_mapping(table, "edges"), self.names, f"{where}.edges").items():
            spot = f"{where}.edges.{self.names[s]}"
            cards = _list(cards, spot)
            if len(cards) > data.max_cards:
                raise PositionError(f"{spot}: {len(cards)} cards, at most {data.max_cards}")
            state.edges[k][s] = [pools.card(c, f"{spot}[{i}]") for i, c in enumerate(cards)]
            if UNKNOWN in state.edges[k][s]:
                raise PositionError(f"{spot}: cards on an edge are face up; name them")
        done = _seats(_mapping(table, "completed"), self.names, f"{where}.completed")
        for s, turn in done.items():
            spot = f"{where}.completed.{self.names[s]}"
            if len(state.edges[k][s]) != data.max_cards:
                raise PositionError(f"{spot}: the edge is not full")
            state.completed[k][s] = _int(turn, spot, 1, 10**6)

    def _read_collected(self, item: Any, where: str, owner: Seat) -> tuple[int, int, int]:
        if not isinstance(item, dict):
            raise PositionError(f"{where}: expected a mapping with cat and cushion")
        cat = self.pools.cat(item.get("cat"), f"{where}.cat")
        cushion = self.pools.cushion(item.get("cushion"), f"{where}.cushion",
                                     self.data.cat_colour[cat])
        seer = item.get("seen_by")
        if seer is None:
            return cat, cushion, -1
        if seer not in self.names or self.names.index(seer) == owner:
            raise PositionError(f"{where}.seen_by: expected another seat, got {brief(seer)}")
        return cat, cushion, self.names.index(seer)

    def fill(self, rng: random.Random) -> None:
        """Deal everything not named: cards, cats, cushion faces (seeded)."""
        state, pools, data = self.state, self.pools, self.data
        cards = pools.left(pools.cards)
        rng.shuffle(cards)
        state.hands = [[cards.pop() if c == UNKNOWN else c for c in h] for h in state.hands]
        for key in ("deck", "discard"):
            setattr(state, key, [cards.pop() if c == UNKNOWN else c for c in getattr(state, key)])
        if "deck" not in self.given:
            state.deck, cards = cards, []
        elif "discard" not in self.given:
            state.discard, cards = cards, []
        if cards:
            raise PositionError(f"deck, discard: {len(cards)} cards are nowhere "
                                f"(e.g. {data.card_label[cards[0]]}); leave deck or discard out")
        cats = pools.left(pools.cats)
        if "bag" not in self.given:
            state.bag = cats
        elif cats:
            raise PositionError(f"bag: {len(cats)} wooden cats are nowhere "
                                f"(e.g. {data.cat_label(cats[0])}); leave bag out")
        left = [[cu for cu in pools.left(pools.cushions) if data.cushion_colour[cu] == colour]
                for colour in range(data.colours)]
        for pool in left:
            rng.shuffle(pool)

        def face(cu: int) -> int:
            if cu >= 0:
                return cu
            if not left[~cu]:
                raise PositionError(f"cushions: more {data.colour_ids[~cu]} cushions are named "
                                    "than the box holds")
            return left[~cu].pop()

        state.pairs = [[(cat, face(cu)) for cat, cu in p] for p in state.pairs]
        state.collected = [[(cat, face(cu), seer) for cat, cu, seer in c] for c in state.collected]
        state.stacks = [[face(cu) for cu in s] for s in state.stacks]
        if "cushion_stacks" not in self.given:
            state.stacks = left
        elif any(left):
            colour = next(i for i, pool in enumerate(left) if pool)
            raise PositionError(f"cushion_stacks.{data.colour_ids[colour]}: {len(left[colour])} "
                                "cushions of this colour are nowhere; leave cushion_stacks out")

    def settle(self, doc: dict[str, Any]) -> None:
        """Lucky cats, turn, phase and whose move it is; a complete kotatsu resolves now."""
        state, data, names = self.state, self.data, self.names
        lucky = _mapping(doc, "lucky_cats")
        drawn = _int(lucky.get("drawn", 0), "lucky_cats.drawn", 0, data.lucky_total)
        empty = sum(1 for s in state.stacks if not s) * data.lucky_per_empty_stack
        in_bag = lucky.get("bag", min(data.lucky_at_start + empty, data.lucky_total - drawn))
        state.lucky_drawn = drawn
        state.lucky_bag = _int(in_bag, "lucky_cats.bag", 0, data.lucky_total)
        state.lucky_supply = _int(lucky.get("supply", data.lucky_total - drawn - state.lucky_bag),
                                  "lucky_cats.supply", 0, data.lucky_total)
        if state.lucky_supply + state.lucky_bag + drawn != data.lucky_total:
            raise PositionError(f"lucky_cats: supply, bag and drawn must add up to "
                                f"{data.lucky_total}")
        self._default_completion_turns()
        latest = max((t for row in state.completed for t in row), default=0)
        state.turn = _int(doc.get("turn", latest + 1), "turn", max(1, latest), 10**6)
        state.passes = _int(doc.get("passes", 0), "passes", 0, state.n - 1)
        phase = doc.get("phase", "play")
        if not isinstance(phase, str) or phase not in PHASES:
            raise PositionError(f"phase: expected one of {', '.join(PHASES)}, got {brief(phase)}")
        to_move = doc.get("to_move", names[0] if phase == "over" else None)
        if to_move not in names:
            raise PositionError(f"to_move: expected one of {', '.join(names)}, got {brief(to_move)}")
        state.active = names.index(to_move)
        if phase == "over":
            end = doc.get("end", "lucky")
            if not isinstance(end, str) or end not in ENDS:
                raise PositionError(f"end: expected one of {', '.join(ENDS)}, got {brief(end)}")
            state.phase, state.end = OVER, end
            return
        for k, pairs in enumerate(state.pairs):
            if len(pairs) != data.pairs_on_each:
                raise PositionError(f"kotatsu[{k}].pairs: a game in progress has "
                                    f"{data.pairs_on_each} pairs on every kotatsu")
        complete = [k for k, edge in enumerate(state.edges)
                    if all(len(c) == data.max_cards for c in edge)]
        if len(complete) > 1:
            raise PositionError(f"kotatsu: {len(complete)} kotatsu are complete; only one "
                                "can be awaiting resolution")
        if phase == "discard":
            k = _int(doc.get("played_on"), "played_on", 1, data.kotatsu_count) - 1
            if not state.options["single_card_discard"]:
                raise PositionError("phase: discard needs the option single_card_discard")
            state.phase, state.pending = DISCARDING, k
        elif complete:
            state.resolve(complete[0], [])
        elif phase == "pick":
            raise PositionError("phase: pick needs a kotatsu whose edges are all full")

    def _default_completion_turns(self) -> None:
        """Full edges without a turn count as completed after every given one, in seat order."""
        state, top = self.state, self.data.max_cards
        latest = max((t for row in state.completed for t in row), default=0)
        for k, edge in enumerate(state.edges):
            for s, cards in enumerate(edge):
                if len(cards) == top and not state.completed[k][s]:
                    latest += 1
                    state.completed[k][s] = latest

"""If It Fits position files (docs/positions.md): writing a state and reading one back, with
readable errors.

Cards and cats use the spec's notation: ``"(6,4) #.## t2"`` is a card as laid (pattern top,
bottom, left, right; ``start`` marks a start card) and ``"P1@(6,4)"`` a cat on (6,4) and (6,5)
(``sleeping`` after it for a sleeping cat; ``PR@(x,y)`` is a Princess).  Hands and the draw pile
may be given card by card or as a count of unseen cards, dealt from what is left with ``seed``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from catgames.core.rules import Game, NOBODY
from catgames.core.safe_yaml import brief
from catgames.games.boxes.components import START, edges_text, parse_edges
from catgames.games.boxes.rules import (
    CAT, OVER, PLAY, START_ROW, STEPS, TURN, UNKNOWN, BoxesState,
)
from catgames.games.boxes.table import PRINCESS_OWNER

_CARD_RE = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s+([#.]{4})(?:\s+t(\d+))?(\s+start)?")
_CAT_RE = re.compile(r"(P\d+|PR)\s*@\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)(?:\s+(awake|sleeping))?")
PRINCESS_TAG = "PR"


class PositionError(ValueError):
    """A position file that does not describe an If It Fits table."""


# -- writing ----------------------------------------------------------------------------------
def state_to_position(state: BoxesState) -> dict[str, Any]:
    """The plain dict of a state (the save format); unseen cards are written as counts."""
    names = state.game.seat_names(state.n)
    geo = state.geo
    cards = []
    for slot in sorted(state.layout.cards):
        kind, _, edges, toys = state.layout.cards[slot]
        x, y = geo.xy(slot)
        tag = " start" if kind == state.data.start else ""
        cards.append(f"({x},{y}) {edges_text(edges)} t{toys}{tag}")
    cats = []
    for slot in sorted(state.layout.cats):
        owner, awake = state.layout.cats[slot]
        x, y = geo.xy(slot)
        who = PRINCESS_TAG if owner == PRINCESS_OWNER else names[owner]
        cats.append(f"{who}@({x},{y})" + ("" if awake or owner == PRINCESS_OWNER else " sleeping"))

    def cards_or_count(kinds: list[int]) -> list[str] | int:
        if UNKNOWN in kinds:
            return len(kinds)
        return [state.card_name(k) for k in kinds]

    return {
        "game": "boxes",
        "players": state.n,
        "table": state.table,
        "options": {"open_boxes": state.open_boxes, "majority_tie": state.majority_tie},
        "seed": state.seed,
        "start_player": names[state.start_player],
        "to_move": None if state.step == OVER else names[state.to_move],
        "step": state.step,
        "played": None if state.played < 0 else list(geo.xy(state.played)),
        "end_phase": state.end_phase,
        "end_due": state.end_due,
        "cards": cards,
        "cats": cats,
        "supply": dict(zip(names, state.supply)),
        "hands": {names[s]: cards_or_count(h) for s, h in enumerate(state.hands)},
        "deck": cards_or_count(state.deck[::-1]),
        "discards": [state.card_name(k) for k in state.discards],
    }


# -- reading ----------------------------------------------------------------------------------
def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PositionError(f"{where}: expected a whole number {lo}..{hi}, got {brief(value)}")
    return value


def _bool(doc: dict[str, Any], key: str) -> bool:
    value = doc.get(key, False)
    if not isinstance(value, bool):
        raise PositionError(f"{key}: expected true or false, got {brief(value)}")
    return value


def _seat(value: Any, names: list[str], where: str) -> int:
    if value not in names:
        raise PositionError(f"{where}: expected one of {', '.join(names)}, got {brief(value)}")
    return names.index(value)


def _list(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key) or []
    if not isinstance(value, list):
        raise PositionError(f"{key}: expected a list")
    return value


def _mapping(doc: dict[str, Any], key: str) -> dict[str, Any]:
    value = doc.get(key) or {}
    if not isinstance(value, dict):
        raise PositionError(f"{key}: expected a mapping, got {brief(value)}")
    return dict(value)


def _kinds(state: BoxesState, items: list[Any], where: str) -> list[int]:
    out = []
    for i, name in enumerate(items):
        kind = state.data.by_name.get(str(name))
        if kind is None or state.data.kinds[kind].role == START:
            raise PositionError(f"{where}[{i}]: no card in the draw pile is called {brief(name)}")
        out.append(kind)
    return out


def _slot(state: BoxesState, x: str, y: str, where: str) -> int:
    slot = state.geo.slot(int(x), int(y))
    if slot is None:
        raise PositionError(f"{where}: ({x},{y}) is not on the {state.geo.cols}x{state.geo.rows} table")
    return slot


def _lay_cards(state: BoxesState, items: list[Any]) -> None:
    for i, text in enumerate(items):
        where = f"cards[{i}]"
        match = _CARD_RE.fullmatch(" ".join(str(text).split()))
        if match is None:
            raise PositionError(f"{where}: expected a card like '(6,4) #.## t2', got {brief(text)}")
        x, y, pattern, toys, start = match.groups()
        slot = _slot(state, x, y, where)
        if slot in state.layout.cards:
            raise PositionError(f"{where}: ({x},{y}) already holds a card")
        edges = parse_edges(pattern)
        try:
            kind = state.data.kind_of_face(edges, int(toys or 0), start=bool(start))
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None
        state.layout.place(slot, kind.index, 0 if edges == kind.edges else 180, edges, kind.toys)


def _lay_cats(state: BoxesState, items: list[Any], names: list[str]) -> None:
    for i, text in enumerate(items):
        where = f"cats[{i}]"
        match = _CAT_RE.fullmatch(" ".join(str(text).split()))
        if match is None:
            raise PositionError(f"{where}: expected a cat like 'P1@(6,4)', 'P2@(3,4) sleeping' "
                                f"or 'PR@(6,3)', got {brief(text)}")
        who, x, y, side = match.groups()
        owner = PRINCESS_OWNER if who == PRINCESS_TAG else _seat(who, names, where)
        slot = _slot(state, x, y, where)
        reason = state.layout.pair_reason(slot, owner if owner >= 0 else 0)
        if reason is not None and reason.code != "box_taken":
            raise PositionError(f"{where}: no cat can lie on ({x},{y})-({x},{int(y) + 1}): {reason.code}")
        state.layout.put_cat(slot, owner, side != "sleeping")


def _check_supply(state: BoxesState, doc: dict[str, Any], names: list[str]) -> None:
    on_table = Counter(owner for owner, _ in state.layout.cats.values())
    given = doc.get("supply")
    if given is not None and not isinstance(given, dict):
        raise PositionError("supply: expected a mapping of seat to cats left, like {P1: 4}")
    for seat, name in enumerate(names):
        most = state.data.cats_per_player - on_table[seat]
        if most < 0:
            raise PositionError(f"cats: {name} has more than {state.data.cats_per_player} cats on the table")
        state.supply[seat] = most if given is None or name not in given else \
            _int(given[name], f"supply.{name}", 0, most)


def _deal(state: BoxesState, doc: dict[str, Any], names: list[str]) -> None:
    """Known hands, pile and discards as written; counts of unseen cards dealt from the rest."""
    state.discards = _kinds(state, _list(doc, "discards"), "discards")
    hands_doc = doc.get("hands") or {}
    if not isinstance(hands_doc, dict):
        raise PositionError("hands: expected a mapping of seat to cards or a count")
    hand_counts: list[int | None] = []
    for seat, name in enumerate(names):
        value = hands_doc.get(name, 0 if state.step == START_ROW else state.data.hand_size)
        if isinstance(value, list):
            state.hands[seat] = _kinds(state, value, f"hands.{name}")
            hand_counts.append(None)
        else:
            hand_counts.append(_int(value, f"hands.{name}", 0, 99))
    deck_doc = doc.get("deck")
    deck_count: int | None = None
    if isinstance(deck_doc, list):
        state.deck = _kinds(state, deck_doc, "deck")[::-1]
    elif deck_doc is not None:
        deck_count = _int(deck_doc, "deck", 0, len(state.data.pile))
    pool = Counter(state.data.pile)
    used = Counter(k for k, _, _, _ in state.layout.cards.values())
    used[state.data.princess] += sum(1 for o, _ in state.layout.cats.values() if o == PRINCESS_OWNER)
    used.update(state.discards)
    used.update(state.deck)
    for hand in state.hands:
        used.update(hand)
    starts = used.pop(state.data.start, 0)
    if starts > state.data.start_count:
        raise PositionError(f"cards: {starts} start cards, the game has {state.data.start_count}")
    for kind, copies in used.items():
        if copies > pool[kind]:
            raise PositionError(f"there are {copies} '{state.data.kinds[kind].name}' cards on the "
                                f"table, in hands, the pile and the discards; the game has {pool[kind]}")
    pool.subtract(used)
    rest = sorted(pool.elements())
    random.Random(state.seed).shuffle(rest)
    for seat, count in enumerate(hand_counts):
        if count is not None:
            if count > len(rest):
                raise PositionError(f"hands.{names[seat]}: not enough cards left to deal {count}")
            state.hands[seat] = rest[:count]
            del rest[:count]
    if deck_doc is None or deck_count is not None:
        count = len(rest) if deck_count is None else deck_count
        if count > len(rest):
            raise PositionError(f"deck: only {len(rest)} cards are left for a pile of {count}")
        state.deck = rest[:count]


def state_from_position(doc: Any, game: Game) -> BoxesState:
    """Build a ``BoxesState`` from a position mapping; raises ``PositionError`` when it is wrong."""
    if not isinstance(doc, dict):
        raise PositionError("an If It Fits position must be a mapping (see docs/positions.md)")
    if doc.get("game") != "boxes":
        raise PositionError(f"game: expected 'boxes', got {brief(doc.get('game'))}")
    players = _int(doc.get("players"), "players", game.min_players, game.max_players)
    options = _mapping(doc, "options")
    options["table"] = doc.get("table", options.get("table", game.default_options()["table"]))
    try:
        opts = game.resolve_options(options)
    except ValueError as exc:
        raise PositionError(f"options: {exc}") from None
    seed = _int(doc.get("seed", 0), "seed", 0, 2**63)
    state = BoxesState(players, str(opts["table"]), str(opts["open_boxes"]),
                       str(opts["majority_tie"]), seed)
    names = game.seat_names(players)
    state.start_player = _seat(doc.get("start_player", names[0]), names, "start_player")
    state.end_phase = _bool(doc, "end_phase")
    state.end_due = _bool(doc, "end_due")
    to_move = doc.get("to_move")
    default_step = OVER if to_move is None else (PLAY if state.end_phase else TURN)
    step = doc.get("step", default_step)
    if step not in STEPS:
        raise PositionError(f"step: expected one of {', '.join(STEPS)}, got {brief(step)}")
    state.step = step
    if step == OVER:
        state._to_move = NOBODY
    else:
        state._to_move = _seat(to_move, names, "to_move")
    _lay_cards(state, _list(doc, "cards"))
    _lay_cats(state, _list(doc, "cats"), names)
    _check_supply(state, doc, names)
    _deal(state, doc, names)
    _check_step(state, doc, names)
    return state


def _check_step(state: BoxesState, doc: dict[str, Any], names: list[str]) -> None:
    """The pending decision must make sense in the position."""
    step = state.step
    played = doc.get("played")
    if step == CAT:
        if not (isinstance(played, list) and len(played) == 2):
            raise PositionError("played: step 'cat' needs the card played this turn, as [x, y]")
        slot = _slot(state, str(_int(played[0], "played.x", -999, 999)),
                     str(_int(played[1], "played.y", -999, 999)), "played")
        if slot not in state.layout.cards:
            raise PositionError(f"played: there is no card at ({played[0]},{played[1]})")
        state.played = slot
    elif played is not None:
        raise PositionError("played: only step 'cat' has a card played this turn")
    if step == TURN and state.end_phase:
        raise PositionError("step: in the end phase nobody draws or sleeps; use step 'play'")
    if step == TURN and not state.deck:
        raise PositionError("deck: the draw pile is empty, so the end phase must be on")
    if step == PLAY and not state.hands[state.to_move]:
        raise PositionError(f"hands.{names[state.to_move]}: step 'play' needs a card in hand")
    if step == START_ROW:
        if any(state.hands) or not any(k == state.data.start for k, *_ in state.layout.cards.values()):
            raise PositionError("step: 'start_row' needs start cards on the table and empty hands")
        state._row()

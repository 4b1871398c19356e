"""If It Fits position files (docs/positions.md): writing a state and reading one back, with
readable errors.

Cards and cats use the spec's notation: ``"(6,4) #.## t2"`` is a card as laid (pattern top,
bottom, left, right; ``start`` marks a start card) and ``"P1@(6,4)"`` a cat on (6,4) and (6,5)
(``sleeping`` after it for a sleeping cat; ``PR@(x,y)`` is a Princess).  Hands and the draw pile
may be given card by card or as a count of unseen cards, dealt from what is left with ``seed``.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from typing import Any

from catgames.core.position import Kept, PositionNode, SplitPosition, position_node, seat_of
from catgames.core.rules import Game, NOBODY
from catgames.core.safe_yaml import brief
from catgames.games.boxes.components import START, edges_text, parse_edges
from catgames.games.boxes.rules import (
    CAT, OVER, PLAY, START_ROW, STEPS, TURN, UNKNOWN, BoxesState,
)
from catgames.games.boxes.grid import PRINCESS_OWNER

_CARD_RE = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s+([#.]{4})(?:\s+t(\d+))?(\s+start)?")
_CAT_RE = re.compile(r"(P\d+|PR)\s*@\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)(?:\s+(awake|sleeping))?")
PRINCESS_TAG = "PR"


# -- writing ----------------------------------------------------------------------------------
def _public(state: BoxesState, kept: Kept) -> dict[str, Any]:
    """All but the hands: every seat's observation of a state shows it alike."""
    names = state.game.seat_names(state.n)
    geo, start, laid = state.geo, state.data.start, state.layout.cards
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
        "cards": kept.part("cards", lambda: [
            _card_text(geo.cols, slot, edges, toys, kind == start)
            for slot, (kind, _, edges, toys) in sorted(laid.items())], laid),
        "cats": kept.part("cats", lambda: [
            _cat_text(geo.cols, slot, PRINCESS_TAG if owner == PRINCESS_OWNER else names[owner],
                      awake or owner == PRINCESS_OWNER)
            for slot, (owner, awake) in sorted(state.layout.cats.items())], state.layout.cats),
        "supply": dict(zip(names, state.supply)),
        "hands": None,
        "deck": kept.part("deck", lambda: _cards_or_count(state, state.deck[::-1]), state.deck),
        "discards": [state.card_name(k) for k in state.discards],
    }


def _private(state: BoxesState, kept: Kept) -> dict[str, Any]:
    names = state.game.seat_names(state.n)
    return {"hands": {names[s]: _cards_or_count(state, h) for s, h in enumerate(state.hands)}}


def _cards_or_count(state: BoxesState, kinds: list[int]) -> list[str] | int:
    """Cards by name, or how many where they are unseen."""
    if UNKNOWN in kinds:
        return len(kinds)
    return [state.card_name(k) for k in kinds]


#: the plain dict of a state (the save format); unseen cards are written as counts
state_to_position = SplitPosition(_public, _private)


@functools.cache
def _card_text(cols: int, slot: int, edges: int, toys: int, start: bool) -> str:
    """A laid card's text, made once (every update a server sends writes each laid card)."""
    y, x = divmod(slot, cols)
    return f"({x},{y}) {edges_text(edges)} t{toys}{' start' if start else ''}"


@functools.cache
def _cat_text(cols: int, slot: int, who: str, awake: bool) -> str:
    y, x = divmod(slot, cols)
    return f"{who}@({x},{y})" + ("" if awake else " sleeping")


# -- reading ----------------------------------------------------------------------------------
def _kinds(state: BoxesState, node: PositionNode) -> list[int]:
    out = []
    for item in node.list():
        kind = state.data.by_name.get(str(item.value))
        if kind is None or state.data.kinds[kind].role == START:
            raise item.fail(f"no card in the draw pile is called {brief(item.value)}")
        out.append(kind)
    return out


def _slot(state: BoxesState, x: int, y: int, node: PositionNode) -> int:
    slot = state.geo.slot(x, y)
    if slot is None:
        raise node.fail(f"({x},{y}) is not on the {state.geo.cols}x{state.geo.rows} table")
    return slot


def _lay_cards(state: BoxesState, items: list[PositionNode]) -> None:
    for item in items:
        match = _CARD_RE.fullmatch(" ".join(str(item.value).split()))
        if match is None:
            raise item.fail(f"expected a card like '(6,4) #.## t2', got {brief(item.value)}")
        x, y, pattern, toys, start = match.groups()
        slot = _slot(state, int(x), int(y), item)
        if slot in state.layout.cards:
            raise item.fail(f"({x},{y}) already holds a card")
        edges = parse_edges(pattern)
        try:
            kind = state.data.kind_of_face(edges, int(toys or 0), start=bool(start))
        except ValueError as exc:
            raise item.fail(str(exc)) from None
        state.layout.place(slot, kind.index, 0 if edges == kind.edges else 180, edges, kind.toys)


def _lay_cats(state: BoxesState, items: list[PositionNode], names: list[str]) -> None:
    for item in items:
        match = _CAT_RE.fullmatch(" ".join(str(item.value).split()))
        if match is None:
            raise item.fail(f"expected a cat like 'P1@(6,4)', 'P2@(3,4) sleeping' or 'PR@(6,3)', "
                            f"got {brief(item.value)}")
        who, x, y, side = match.groups()
        owner = PRINCESS_OWNER if who == PRINCESS_TAG else seat_of(item, who, names)
        slot = _slot(state, int(x), int(y), item)
        reason = state.layout.pair_reason(slot, owner if owner >= 0 else 0)
        if reason is not None and reason.code != "box_taken":
            raise item.fail(f"no cat can lie on ({x},{y})-({x},{int(y) + 1}): {reason.code}")
        state.layout.put_cat(slot, owner, side != "sleeping")


def _check_supply(state: BoxesState, root: PositionNode, names: list[str]) -> None:
    on_table = Counter(owner for owner, _ in state.layout.cats.values())
    supply = root.opt("supply")
    for seat, name in enumerate(names):
        most = state.data.cats_per_player - on_table[seat]
        if most < 0:
            raise root.opt("cats").fail(f"{name} has more than {state.data.cats_per_player} cats on "
                                    "the table")
        given = supply.get(name)
        state.supply[seat] = most if given is None else given.int(0, most)


def _deal(state: BoxesState, root: PositionNode, names: list[str]) -> None:
    """Known hands, pile and discards as written; counts of unseen cards dealt from the rest."""
    state.discards = _kinds(state, root.opt("discards"))
    hands = root.opt("hands")
    hand_counts: list[tuple[int, PositionNode, int]] = []
    for seat, name in enumerate(names):
        hand = hands.opt(name, 0 if state.step == START_ROW else state.data.hand_size)
        if isinstance(hand.value, list):
            state.hands[seat] = _kinds(state, hand)
        else:
            hand_counts.append((seat, hand, hand.int(0, 99)))
    deck = root.opt("deck")
    deck_count: int | None = None
    if isinstance(deck.value, list):
        state.deck = _kinds(state, deck)[::-1]
    elif deck.value is not None:
        deck_count = deck.int(0, len(state.data.pile))
    pool = Counter(state.data.pile)
    used = Counter(k for k, _, _, _ in state.layout.cards.values())
    used[state.data.princess] += sum(1 for o, _ in state.layout.cats.values() if o == PRINCESS_OWNER)
    used.update(state.discards)
    used.update(state.deck)
    for cards in state.hands:
        used.update(cards)
    starts = used.pop(state.data.start, 0)
    if starts > state.data.start_count:
        raise root.opt("cards").fail(f"{starts} start cards, the game has {state.data.start_count}")
    for kind, copies in used.items():
        if copies > pool[kind]:
            raise root.fail(f"there are {copies} '{state.data.kinds[kind].name}' cards on the "
                            f"table, in hands, the pile and the discards; the game has {pool[kind]}")
    pool.subtract(used)
    rest = sorted(pool.elements())
    random.Random(state.seed).shuffle(rest)
    for seat, hand, count in hand_counts:
        if count > len(rest):
            raise hand.fail(f"not enough cards left to deal {count}")
        state.hands[seat] = rest[:count]
        del rest[:count]
    if deck.value is None or deck_count is not None:
        count = len(rest) if deck_count is None else deck_count
        if count > len(rest):
            raise deck.fail(f"only {len(rest)} cards are left for a pile of {count}")
        state.deck = rest[:count]


def state_from_position(doc: Any, game: Game) -> BoxesState:
    """Build a ``BoxesState`` from a position mapping; raises ``PositionError`` when it is wrong."""
    root = position_node(doc, "boxes")
    players = root["players"].int(game.min_players, game.max_players)
    table = root.opt("table")
    opts = root.options(game, None if table.value is None else {"table": table.value})
    state = BoxesState(players, str(opts["table"]), str(opts["open_boxes"]),
                       str(opts["majority_tie"]), root.opt("seed", 0).int(0, 2**63))
    names = game.seat_names(players)
    state.start_player = root.opt("start_player", names[0]).seat(names)
    state.end_phase = root.opt("end_phase", False).bool()
    state.end_due = root.opt("end_due", False).bool()
    to_move = root.opt("to_move")
    default_step = OVER if to_move.value is None else (PLAY if state.end_phase else TURN)
    state.step = root.opt("step", default_step).str(STEPS)
    state._to_move = NOBODY if state.step == OVER else to_move.seat(names)
    _lay_cards(state, root.opt("cards").list())
    _lay_cats(state, root.opt("cats").list(), names)
    _check_supply(state, root, names)
    _deal(state, root, names)
    _check_step(state, root, names)
    return state


def _check_step(state: BoxesState, root: PositionNode, names: list[str]) -> None:
    """The pending decision must make sense in the position."""
    step, played = root.opt("step"), root.opt("played")
    if state.step == CAT:
        if played.value is None:
            raise played.fail("step 'cat' needs the card played this turn, as [x, y]")
        x, y = (n.int(-999, 999) for n in played.list(length=2))
        slot = _slot(state, x, y, played)
        if slot not in state.layout.cards:
            raise played.fail(f"there is no card at ({x},{y})")
        state.played = slot
    elif played.value is not None:
        raise played.fail("only step 'cat' has a card played this turn")
    if state.step == TURN and state.end_phase:
        raise step.fail("in the end phase nobody draws or sleeps; use step 'play'")
    if state.step == TURN and not state.deck:
        raise root.opt("deck").fail("the draw pile is empty, so the end phase must be on")
    if state.step == PLAY and not state.hands[state.to_move]:
        raise root.opt("hands").opt(names[state.to_move]).fail("step 'play' needs a card in hand")
    if state.step == START_ROW:
        if any(state.hands) or not any(k == state.data.start for k, *_ in state.layout.cards.values()):
            raise step.fail("'start_row' needs start cards on the table and empty hands")
        state._row()

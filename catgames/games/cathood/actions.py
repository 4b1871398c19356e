"""The eight actions (spec 4.3): which are legal, the moves of each, and what they set going.

An action changes the board at once and queues the *steps* that follow it (cubes along a path,
the final space's specials, fights) for ``steps.run``; the disc bookkeeping stays in the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
import random
from typing import Any, Hashable, Protocol

from catgames.core.rules import Event, Reason, Seat
from catgames.games.cathood.components import (
    BEE, BUILDING, BUILDING_CARD, COFFEE, DIAGONAL, DOG, LINEAR, PARK, PARK_ENTRANCE, PET_SHOP,
    PETSHOP_ACTION, ROTATE, SHOP, SWAP, TOY, CathoodData,
)
from catgames.games.cathood.geometry import Geometry, Path
from catgames.games.cathood.moves import (
    Action, Building, Diagonal, Linear, Park, PetShop, Rotate, Swap, swap,
)

Step = tuple[Any, ...]


class TurnState(Protocol):
    """What the actions and the steps read and change of a ``CathoodState``: typed here, so
    that these modules never import ``rules`` (which imports them)."""

    data: CathoodData
    geo: Geometry
    options: dict[str, Hashable]
    n: int
    tiles: list[int]
    rots: list[int]
    houses: list[int]
    statues: list[int]
    cats: list[int]
    cubes: list[list[int]]
    supply: list[int]
    toys: list[list[int]]
    buildings: list[list[int]]
    parks: list[list[int]]
    reserved: list[int]
    rows: list[list[int]]
    park_deck: list[int]
    todo: list[Step]
    committed: int

    def seat_name(self, seat: Seat) -> str: ...
    def rng(self) -> random.Random: ...
    def frontage(self, p: int, d: int) -> int: ...
    def lot(self, p: int, d: int) -> int: ...
    def tile_id(self, p: int) -> str: ...
    def houses_left(self, seat: Seat) -> int: ...
    def statues_left(self, seat: Seat) -> int: ...
    def can_pay(self, seat: Seat, cost: tuple[int, ...]) -> bool: ...
    def push(self, todo: list[Step]) -> None: ...
    def pay(self, seat: Seat, cost: tuple[int, ...]) -> None: ...
    def give_back(self, seat: Seat, colour: int, events: list[Event]) -> None: ...
    def trade(self, seat: Seat, give: int, get: int, events: list[Event]) -> None: ...
    def placed(self, seat: Seat, house: bool, events: list[Event]) -> None: ...
    def reserve(self, seat: Seat, card: int, events: list[Event]) -> None: ...


@dataclass(frozen=True)
class MoveTable:
    """Every move object of one grid, built once: movement per space (one move per distinct
    path, the first spelling kept), rotations and swaps per position."""

    linear: tuple[tuple[tuple[Linear, Path], ...], ...]
    diagonal: tuple[tuple[tuple[Diagonal, Path], ...], ...]
    rotate: tuple[tuple[Rotate, int, int], ...]          #: (move, position, quarter turns)
    swap: tuple[tuple[Swap, int, int, int], ...]         #: (move, p, q, space between)


@lru_cache(maxsize=None)
def move_table(geo: Geometry) -> MoveTable:
    def distinct(entries: Any, cls: type) -> tuple[Any, ...]:
        seen: set[Path] = set()
        out = []
        for d, n, path in entries:
            if path not in seen:
                seen.add(path)
                out.append((cls(d, n), path))
        return tuple(out)

    rotate = []
    for p in range(geo.positions):
        r, c = geo.cell(p)
        rotate += [(Rotate(r, c, True), p, 1), (Rotate(r, c, False), p, 3)]
    swaps = tuple((swap(*geo.cell(p), *geo.cell(q)), p, q, s) for p, q, s in geo.pairs)
    return MoveTable(tuple(distinct(e, Linear) for e in geo.linear),
                     tuple(distinct(e, Diagonal) for e in geo.diagonal),
                     tuple(rotate), swaps)


def _position(state: TurnState, row: int, col: int) -> int | None:
    geo = state.geo
    return row * geo.cols + col if 0 <= row < geo.rows and 0 <= col < geo.cols else None


# -- legality ---------------------------------------------------------------------------------
def action_reason(state: TurnState, seat: int, move: Action) -> Reason | None:
    """Why ``seat`` cannot carry out ``move`` now, disc and action space aside (``None``: it can)."""
    if isinstance(move, (Linear, Diagonal)):
        return _movement_reason(state, seat, move)
    if isinstance(move, Rotate):
        return None if _position(state, move.row, move.col) is not None else \
            Reason.of("no_such_tile", row=move.row, col=move.col)
    if isinstance(move, Swap):
        return _swap_reason(state, move)
    if isinstance(move, Park):
        return _park_reason(state, seat, move)
    return _purchase_reason(state, seat, move)


def _movement_reason(state: TurnState, seat: int, move: Linear | Diagonal) -> Reason | None:
    kind = move.kind
    if state.geo.path(state.cats[seat], kind, move.direction, move.steps) is not None:
        return None
    limit = 2 if kind == "linear" else 3
    if not 1 <= move.steps <= limit:
        return Reason.of("bad_steps", action=kind, steps=move.steps, most=limit)
    if kind == "linear":
        street = "E/W" if state.geo.is_horizontal(state.cats[seat]) else "N/S"
        return Reason.of("wrong_street", direction=move.direction, allowed=street)
    return Reason.of("bad_direction", direction=move.direction)


def _swap_reason(state: TurnState, move: Swap) -> Reason | None:
    p, q = _position(state, move.row, move.col), _position(state, move.row2, move.col2)
    if p is None or q is None:
        return Reason.of("no_such_tile", row=move.row if p is None else move.row2,
                         col=move.col if p is None else move.col2)
    between = state.geo.between(p, q)
    if between is None:
        return Reason.of("not_adjacent")
    if between in state.cats:
        return Reason.of("cat_between", cat=state.seat_name(state.cats.index(between)),
                         space=state.geo.names[between])
    return None


def _lot(state: TurnState, seat: int, p: int | None, kind: int) -> Reason | int:
    """The lot (tile * 4 + base edge) of frontage ``kind`` facing ``seat``'s cat on the tile at
    ``p``, or why there is none."""
    if p is None:
        return Reason.of("no_such_tile")
    for q, d in state.geo.touch[state.cats[seat]]:
        if q == p and state.frontage(p, d) == kind:
            lot = state.lot(p, d)
            if state.houses[lot] >= 0:
                return Reason.of("lot_taken", owner=state.seat_name(state.houses[lot]))
            return lot
    return Reason.of("no_lot_here", lot="pet_shop" if kind == PET_SHOP else "building")


def _purchase_reason(state: TurnState, seat: int, move: PetShop | Building) -> Reason | None:
    data = state.data
    if state.houses_left(seat) <= 0:
        return Reason.of("no_houses")
    lot = _lot(state, seat, _position(state, move.row, move.col),
               PET_SHOP if isinstance(move, PetShop) else BUILDING)
    if isinstance(lot, Reason):
        return lot
    try:
        card = data.card_index(move.card)
    except KeyError:
        return Reason.of("unknown_card", card=move.card)
    wanted = TOY if isinstance(move, PetShop) else BUILDING_CARD
    if data.cards[card].kind != wanted:
        return Reason.of("wrong_card_kind", card=move.card)
    if card not in state.rows[wanted] and state.reserved[seat] != card:
        return Reason.of("card_not_available", card=move.card)
    if not state.can_pay(seat, data.cards[card].cost):
        return Reason.of("cannot_afford", card=move.card)
    return None


def _park_reason(state: TurnState, seat: int, move: Park) -> Reason | None:
    if state.statues_left(seat) <= 0:
        return Reason.of("no_statues")
    p = _position(state, move.row, move.col)
    if p is None:
        return Reason.of("no_such_tile", row=move.row, col=move.col)
    if not any(q == p and state.frontage(q, d) == PARK_ENTRANCE
               for q, d in state.geo.touch[state.cats[seat]]):
        return Reason.of("no_park_entrance")
    tile = state.tiles[p]
    if state.statues[tile] >= 0:
        return Reason.of("tree_taken", owner=state.seat_name(state.statues[tile]))
    tree = state.data.tiles[tile].park
    colour = state.data.tree_colour[tree]
    if state.cubes[seat][colour] < state.data.tree_pay[tree]:
        return Reason.of("cannot_afford_park", colour=state.data.colours[colour],
                         need=state.data.tree_pay[tree])
    return None


# -- generation -------------------------------------------------------------------------------
def action_moves(state: TurnState, seat: int, action: int) -> list[Action]:
    """Every legal move of one action space for ``seat`` (disc and space aside)."""
    table = move_table(state.geo)
    if action == LINEAR:
        return [m for m, _ in table.linear[state.cats[seat]]]
    if action == DIAGONAL:
        return [m for m, _ in table.diagonal[state.cats[seat]]]
    if action == ROTATE:
        return [m for m, _, _ in table.rotate]
    if action == SWAP:
        cats = state.cats
        return [m for m, _, _, between in table.swap if between not in cats]
    if action == PARK:
        return _park_moves(state, seat)
    return _purchase_moves(state, seat, PET_SHOP if action == PETSHOP_ACTION else BUILDING)


def _purchase_moves(state: TurnState, seat: int, kind: int) -> list[Action]:
    if state.houses_left(seat) <= 0:
        return []
    data = state.data
    row = TOY if kind == PET_SHOP else BUILDING_CARD
    lots = []
    for p, d in state.geo.touch[state.cats[seat]]:
        if state.frontage(p, d) == kind and state.houses[state.lot(p, d)] < 0:
            lots.append(state.geo.cell(p))
    if not lots:
        return []
    cards = list(state.rows[row])
    mine = state.reserved[seat]
    if mine >= 0 and data.cards[mine].kind == row:
        cards.append(mine)
    cls = PetShop if kind == PET_SHOP else Building
    return [cls(data.cards[c].id, r, col) for c in cards if state.can_pay(seat, data.cards[c].cost)
            for r, col in lots]


def _park_moves(state: TurnState, seat: int) -> list[Action]:
    if state.statues_left(seat) <= 0:
        return []
    data = state.data
    found: list[Action] = []
    for p, d in state.geo.touch[state.cats[seat]]:
        if state.frontage(p, d) != PARK_ENTRANCE:
            continue
        tile = state.tiles[p]
        tree = data.tiles[tile].park
        if (state.statues[tile] < 0
                and state.cubes[seat][data.tree_colour[tree]] >= data.tree_pay[tree]):
            move = Park(*state.geo.cell(p))
            if move not in found:
                found.append(move)
    return found


# -- effects ----------------------------------------------------------------------------------
def perform(state: TurnState, seat: int, move: Action, events: list[Event]) -> None:
    """Carry out a legal action: change the board and queue the steps that follow."""
    if isinstance(move, (Linear, Diagonal)):
        path = state.geo.path(state.cats[seat], move.kind, move.direction, move.steps)
        assert path is not None
        _walk(state, seat, path, events)
    elif isinstance(move, Rotate):
        p = move.row * state.geo.cols + move.col
        state.rots[p] = (state.rots[p] + (1 if move.clockwise else 3)) % 4
        events.append(Event.of("rotate", seat, row=move.row, col=move.col, clockwise=move.clockwise,
                               tile=state.tile_id(p), rot=state.rots[p]))
        _trigger_moved(state, seat, (p,))
    elif isinstance(move, Swap):
        cols = state.geo.cols
        p, q = move.row * cols + move.col, move.row2 * cols + move.col2
        state.tiles[p], state.tiles[q] = state.tiles[q], state.tiles[p]
        state.rots[p], state.rots[q] = state.rots[q], state.rots[p]
        events.append(Event.of("swap", seat, a=(move.row, move.col), b=(move.row2, move.col2),
                               tiles=(state.tile_id(p), state.tile_id(q))))
        _trigger_moved(state, seat, (p, q))
    elif isinstance(move, Park):
        _park(state, seat, move, events)
    else:
        _buy(state, seat, move, events)


def _walk(state: TurnState, seat: int, path: Path, events: list[Event]) -> None:
    """M1-M4: cubes on each passed space, then the final space's specials, shops and fights."""
    geo = state.geo
    state.cats[seat] = path[-1]
    events.append(Event.of("move", seat, path=tuple(geo.names[s] for s in path)))
    steps: list[Step] = []
    for space in path[:-1]:
        for p, d in geo.touch[space]:
            f = state.frontage(p, d)
            if f >= SHOP:
                steps.append(("gain", seat, f - SHOP))
    steps += arrival(state, seat, path[-1], dog=True)
    state.push(steps)


def arrival(state: TurnState, seat: int, space: int, dog: bool) -> list[Step]:
    """M2-M4 at the space a cat stops on: coffee and bee, then the dog (if ``dog``) or the
    space's shops, then fights (queued by the dog step when it chases)."""
    coffees = bees = dogs = 0
    shops = []
    for p, d in state.geo.touch[space]:
        f = state.frontage(p, d)
        if f >= SHOP:
            shops.append(("gain", seat, f - SHOP))
        elif f == COFFEE:
            coffees += 1
        elif f == BEE:
            bees += 1
        elif f == DOG:
            dogs += 1
    steps: list[Step] = [("cb", seat, coffees, bees, 0)] if coffees or bees else []
    if dog and dogs:
        return steps + [("dog", seat, space)]
    return steps + shops + [("fights", seat)]


def _trigger_moved(state: TurnState, seat: int, positions: tuple[int, ...]) -> None:
    """A3/A4: only the acting cat triggers the frontage of a turned or moved tile facing it."""
    space = state.cats[seat]
    for p, d in state.geo.touch[space]:
        if p not in positions:
            continue
        f = state.frontage(p, d)
        if f >= SHOP:
            state.push([("gain", seat, f - SHOP)])
        elif f == COFFEE:
            state.push([("cb", seat, 1, 0, 0)])
        elif f == BEE:
            state.push([("cb", seat, 0, 1, 0)])
        elif f == DOG:
            state.push([("dog", seat, space)])
        return


def _buy(state: TurnState, seat: int, move: PetShop | Building, events: list[Event]) -> None:
    """A5/A6: pay, take the card, and put the leftmost house on the lot."""
    data = state.data
    card = data.card_index(move.card)
    kind = PET_SHOP if isinstance(move, PetShop) else BUILDING
    p = move.row * state.geo.cols + move.col
    lot = next(state.lot(q, d) for q, d in state.geo.touch[state.cats[seat]]
               if q == p and state.frontage(q, d) == kind)
    state.pay(seat, data.cards[card].cost)
    if state.reserved[seat] == card:
        state.reserved[seat] = -1
    else:
        state.rows[data.cards[card].kind].remove(card)
    (state.toys if kind == PET_SHOP else state.buildings)[seat].append(card)
    state.houses[lot] = seat
    events.append(Event.of("buy", seat, card=move.card, tile=state.tile_id(p),
                           lot=data.frontage_name(kind)))
    state.placed(seat, house=True, events=events)


def _park(state: TurnState, seat: int, move: Park, events: list[Event]) -> None:
    """A7: pay two cubes of the tree's colour, put a statue on it and take the top park card."""
    data = state.data
    p = move.row * state.geo.cols + move.col
    tile = state.tiles[p]
    tree = data.tiles[tile].park
    colour = data.tree_colour[tree]
    state.cubes[seat][colour] -= data.tree_pay[tree]
    state.supply[colour] += data.tree_pay[tree]
    state.statues[tile] = seat
    card = state.park_deck.pop() if state.park_deck else -1     # edge case 16
    if card >= 0:
        state.parks[seat].append(card)
    events.append(Event.of("park", seat, tile=state.tile_id(p), tree=data.tree_names[tree],
                           card=data.park_ids[card] if card >= 0 else None))
    state.placed(seat, house=False, events=events)

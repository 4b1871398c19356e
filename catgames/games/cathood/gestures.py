"""What a gesture on the Cathood table means to the rules: a piece dropped on a target (the cat on
a street, a tile turned or onto a neighbour, a card on a lot, a statue on a tree, a disc on an
action space) becomes one rules move, or a ``Reason`` why it means none.

Apart from the scene so that a gesture's meaning depends only on the position and the piece,
never on pixels, and only the rules judge the move (``CathoodState.check``).  A piece taken up
while a disc lies on an action space carries that space (``armed``): its targets and moves are
that action's.  Pieces may be moved without a disc first: the move then goes on its own action
space, or on Repeat when that action was taken already.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from catgames.core.rules import Reason
from catgames.games.cathood import actions
from catgames.games.cathood.actions import move_table
from catgames.games.cathood.components import ACTIONS, BUILDING_CARD, DIAGONAL, LINEAR, PARK, REPEAT, ROTATE, SWAP, TOY
from catgames.games.cathood.moves import Building, Chase, Park, PetShop, Place, Repeat, Rotate, swap
from catgames.games.cathood.rules import OVER, SETUP, CathoodState

Route = tuple[Any, tuple[int, ...]]   #: (Linear or Diagonal move, path of spaces)


# -- pieces ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Disc:
    """An unused disc of the acting cat, to be put on an action space."""


@dataclass(frozen=True)
class NewCat:
    """Set-up: the cat to be placed on a street."""


@dataclass(frozen=True)
class Cat:
    """The acting cat (walking a route, or chased by the dog)."""

    armed: int | None = None


@dataclass(frozen=True)
class Tile:
    """A tile of the neighbourhood, to turn or swap."""

    pos: int
    armed: int | None = None


@dataclass(frozen=True)
class Card:
    """A toy or building card of the market, or the acting cat's reserved card."""

    card: int
    armed: int | None = None


@dataclass(frozen=True)
class Statue:
    """One of the acting cat's statues, to put in a park."""

    armed: int | None = None


Piece = Union[Disc, NewCat, Cat, Tile, Card, Statue]
DISC, NEW_CAT = Disc(), NewCat()


# -- targets ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ActionSpace:
    """An action space of the acting cat's board."""

    action: int


@dataclass(frozen=True)
class Go:
    """A street the cat walks to, by the ``variant``-th route that ends there."""

    space: int
    variant: int = 0


@dataclass(frozen=True)
class DogStreet:
    """A street the dog chases the cat to."""

    space: int


@dataclass(frozen=True)
class Spot:
    """Set-up: a street the new cat is placed on, for ``colour``."""

    space: int
    colour: str


@dataclass(frozen=True)
class TileSpot:
    """Where a tile goes: its own place turned ``rot`` quarters, or a neighbour's unturned."""

    pos: int
    rot: int = 0


@dataclass(frozen=True)
class Lot:
    """A lot beside the acting cat, to build on."""

    pos: int


@dataclass(frozen=True)
class Tree:
    """A park beside the acting cat, to put a statue in."""

    pos: int


Target = Union[ActionSpace, Go, DogStreet, Spot, TileSpot, Lot, Tree]
STREETS = (Go, DogStreet, Spot)   #: targets that are a street (the others lie on a tile)


@dataclass(frozen=True)
class Effects:
    """What a move gives the acting cat at once, as a preview tells it before it is played."""

    cubes: dict[str, int]            #: cubes by colour (``a|b|c``: one cube of a chosen colour)
    specials: tuple[str, ...]        #: ``coffee``, ``bee``, ``dog``: what the cat then meets
    rivals: tuple[int, ...]          #: the seats it would fight


def effects(state: CathoodState, move: Any) -> Effects:
    """The steps ``move`` (a walk, a turn, a swap, or the dog's street) would queue for the
    acting cat, read off a copy of the position: the rules' own triggers, so the preview says
    what playing it does (before any choice the player then makes; a coffee counts when the cat
    will hold a cube to trade, a bee when a card is there for it)."""
    world = state.clone()
    world.todo = []
    seat = world.turn
    inner = move.action if isinstance(move, Repeat) else move
    if isinstance(inner, Chase):
        space = world.geo.space(inner.space)
        world.cats[seat] = space
        world.push(actions.arrival(world, seat, space, dog=False))
    else:
        actions.perform(world, seat, inner, [])
    data = world.data
    cubes: dict[str, int] = {}
    specials: list[str] = []
    rivals: tuple[int, ...] = ()
    held = sum(world.cubes[seat])
    for step in reversed(world.todo):
        if step[0] == "gain":
            key = "|".join(data.colours[c] for c in data.shop_colours[step[2]])
            cubes[key] = cubes.get(key, 0) + 1
            held += 1
        elif step[0] == "cb":     # as the rules skip them: a coffee with no cube to trade,
            bee = world.reserved[seat] < 0 and any(world.rows)       # a bee with no card for you
            specials += ["coffee"] * bool(step[2] and held) + ["bee"] * bool(step[3] and bee)
        elif step[0] == "dog":
            specials.append("dog")
        elif step[0] == "fights":
            here = world.cats[seat]
            rivals = tuple(s for s, c in enumerate(world.cats) if c == here and s != seat)
    return Effects(cubes, tuple(specials), rivals)


def decision(state: CathoodState) -> str | None:
    """The pending decision's kind (``take``, ``cb``, ``dog``…), if any."""
    return state.todo[-1][0] if state.phase not in (SETUP, OVER) and state.todo else None


def routes(state: CathoodState, armed: int | None) -> dict[int, list[Route]]:
    """Every movement of the acting cat by end space (routes to one space differ in path),
    the shortest first: a cat dragged one street along walks there, and goes the long way
    round (through the secret passage) only when the player picks that route."""
    table = move_table(state.geo)
    start = state.cats[state.turn]
    out: dict[int, list[Route]] = {}
    for move, path in table.linear[start] + table.diagonal[start]:
        if _route_allowed(state, armed, move):
            out.setdefault(path[-1], []).append((move, path))
    for found in out.values():
        found.sort(key=lambda route: len(route[1]))
    return out


def _route_allowed(state: CathoodState, armed: int | None, move: Any) -> bool:
    if armed is None:
        return True
    if armed == REPEAT:
        return bool(state.used >> ACTIONS.index(move.kind) & 1)
    return ACTIONS[armed] == move.kind


def _wrap(state: CathoodState, armed: int | None, inner: Any) -> Any:
    """The action move for ``inner``: on the armed space, else on its own space while free,
    else on Repeat when it was taken already this turn."""
    action = ACTIONS.index(inner.kind)
    if armed == REPEAT:
        return Repeat(inner)
    if armed is not None:
        if armed != action:
            return Reason.of("armed_other", action=ACTIONS[armed])
        return inner
    free = state.unlocked(state.turn) & ~state.used
    if not free >> action & 1 and free >> REPEAT & 1 and state.used >> action & 1:
        return Repeat(inner)
    return inner


def move_for(state: CathoodState, piece: Piece, target: Target) -> Any:
    """The rules move a gesture means, or a ``Reason`` when it means none.  A disc on an action
    space makes no move yet: it stands for the first move it opens (see ``opened_by``)."""
    geo = state.geo
    if isinstance(target, ActionSpace) and isinstance(piece, Disc):
        return opened_by(state, target.action)
    if isinstance(target, Go) and isinstance(piece, Cat):
        by_end = routes(state, piece.armed).get(target.space)
        if not by_end:
            return Reason.of("unreachable")
        return _wrap(state, piece.armed, by_end[target.variant % len(by_end)][0])
    if isinstance(target, DogStreet) and isinstance(piece, Cat):
        return Chase(geo.names[target.space])
    if isinstance(target, Spot) and isinstance(piece, NewCat):
        return Place(target.colour, geo.names[target.space])
    if isinstance(target, TileSpot) and isinstance(piece, Tile):
        return _tile_move(state, piece, target)
    if isinstance(target, Lot) and isinstance(piece, Card):
        card = state.data.cards[piece.card]
        cls = PetShop if card.kind == TOY else Building
        return _wrap(state, piece.armed, cls(card.id, *geo.cell(target.pos)))
    if isinstance(target, Tree) and isinstance(piece, Statue):
        return _wrap(state, piece.armed, Park(*geo.cell(target.pos)))
    return Reason.of("not_a_move")


def _tile_move(state: CathoodState, piece: Tile, target: TileSpot) -> Any:
    geo, p = state.geo, piece.pos
    if target.pos == p:
        if target.rot == 2:
            return Reason.of("half_turn")
        return _wrap(state, piece.armed, Rotate(*geo.cell(p), target.rot == 1))
    if target.rot % 4:
        return Reason.of("turn_in_place")
    return _wrap(state, piece.armed, swap(*geo.cell(p), *geo.cell(target.pos)))


def _action_moves(state: CathoodState, action: int) -> list[Any]:
    """Candidate moves of one action space (legal or not), to judge a disc dropped on it."""
    geo = state.geo
    touching = [p for p, _ in geo.touch[state.cats[state.turn]]]
    if action in (LINEAR, DIAGONAL):
        table = move_table(geo)
        return [m for m, _ in (table.linear if action == LINEAR else table.diagonal)[state.cats[state.turn]]]
    if action == ROTATE:
        return [Rotate(*geo.cell(p), True) for p in range(geo.positions)]
    if action == SWAP:
        return [m for m, *_ in move_table(geo).swap]
    if action == PARK:
        return [Park(*geo.cell(p)) for p in touching]
    if action == REPEAT:
        return [Repeat(m) for a in range(REPEAT) if state.used >> a & 1 for m in _action_moves(state, a)]
    kind = TOY if action == ACTIONS.index("pet_shop") else BUILDING_CARD
    cards = list(state.rows[kind])
    own = state.reserved[state.turn]
    if own >= 0 and state.data.cards[own].kind == kind:
        cards.append(own)
    cls = PetShop if kind == TOY else Building
    return [cls(state.data.cards[c].id, *geo.cell(p)) for c in cards for p in touching]


def opened_by(state: CathoodState, action: int) -> Any:
    """The first legal move a disc on ``action`` opens, or the ``Reason`` why no disc can go
    there now (the rules' reason for its moves)."""
    name = ACTIONS[action]
    if not state.unlocked(state.turn) >> action & 1:
        return Reason.of("locked", action=name)
    if state.used >> action & 1:
        return Reason.of("action_used", action=name)
    first: Reason | None = None
    for move in _action_moves(state, action):
        reason = state.check(move)
        if reason is None:
            return move
        first = first or reason
    return first or Reason.of("nothing_to_do", action=name)


def arm_reason(state: CathoodState, action: int) -> Reason | None:
    """Why no disc can go on ``action`` now, or ``None``."""
    opened = opened_by(state, action)
    return opened if isinstance(opened, Reason) else None


def piece_to_take_up(state: CathoodState, action: int) -> Piece | None:
    """The cat or the statue when it is the only piece a disc on ``action`` can move, so the
    disc takes it up at once; else ``None``."""
    kinds = {_kind_of(m) for m in state.legal_moves()
             if getattr(m, "kind", "") == ACTIONS[action] or (action == REPEAT and isinstance(m, Repeat))}
    if kinds == {"cat"}:
        return Cat(action)
    if kinds == {"statue"}:
        return Statue(action)
    return None


def _kind_of(move: Any) -> str:
    inner = move.action if isinstance(move, Repeat) else move
    kind = getattr(inner, "kind", "")
    if kind in ("linear", "diagonal"):
        return "cat"
    return "statue" if kind == "park" else kind


def placements(state: CathoodState) -> dict[int, list[str]]:
    """Set-up: each space a cat may be placed on, with the colours it may be placed for."""
    out: dict[int, list[str]] = {}
    geo = state.geo
    for move in state.legal_moves():
        if isinstance(move, Place):
            out.setdefault(geo.space(move.space), []).append(move.colour)
    return out


def setup_colour(state: CathoodState) -> str:
    """The colour a new cat is placed for where a space offers none legally (so it is judged)."""
    colour = state.colour if state.colour >= 0 else state.data.primary[0]
    return state.data.colours[colour]


def rotations(state: CathoodState, piece: Piece) -> int:
    """Tiles turn; a cat cycles through the routes that end on the same space; a new cat
    through the colours a space offers."""
    if isinstance(piece, Cat) and decision(state) is None:
        return max((len(r) for r in routes(state, piece.armed).values()), default=1)
    if isinstance(piece, NewCat):
        return max((len(c) for c in placements(state).values()), default=1)
    return 4 if isinstance(piece, Tile) else 1


def targets(state: CathoodState, piece: Piece, rotation: int) -> list[Target]:
    """Every target ``piece`` might go to turned ``rotation`` times (legal or not)."""
    geo = state.geo
    if isinstance(piece, Disc):
        return [ActionSpace(a) for a in range(len(ACTIONS))]
    if isinstance(piece, NewCat):
        return [Spot(s, cs[rotation % len(cs)]) for s, cs in placements(state).items()]
    if isinstance(piece, Cat):
        if decision(state) == "dog":
            return [DogStreet(s) for s in geo.neighbours[state.todo[-1][2]]]
        return [Go(s, rotation % len(r)) for s, r in routes(state, piece.armed).items()]
    touching = [p for p, _ in geo.touch[state.cats[state.turn]]]
    if isinstance(piece, Statue):
        return [Tree(p) for p in touching]
    if isinstance(piece, Card):
        return [Lot(p) for p in touching]
    if rotation % 4:
        return [TileSpot(piece.pos, rotation % 4)]
    return [TileSpot(q) for q in range(geo.positions) if geo.between(piece.pos, q) is not None]

"""What a gesture on the Cathood table means to the rules: a piece dropped on a target (the cat on
a street, a tile turned or onto a neighbour, a card on a lot, a statue on a tree, a disc on an
action space) becomes one rules move, or a ``Reason`` why it means none.

Apart from the scene so that a gesture's meaning depends only on the position and the armed
action space, never on pixels, and only the rules judge the move (``CathoodState.check``).
Pieces may be moved without a disc first: the move then goes on its own action space, or on
Repeat when that action was taken already.
"""

from __future__ import annotations

from typing import Any, Hashable

from catgames.core.rules import Reason
from catgames.games.cathood.actions import move_table
from catgames.games.cathood.components import ACTIONS, BUILDING_CARD, DIAGONAL, LINEAR, PARK, REPEAT, ROTATE, SWAP, TOY
from catgames.games.cathood.moves import Building, Chase, Park, PetShop, Place, Repeat, Rotate, swap
from catgames.games.cathood.rules import OVER, SETUP, CathoodState
from catgames.games.cathood.words import action_name

CAT = ("cat",)
DISC = ("disc",)
STATUE = ("statue",)
NEW_CAT = ("new_cat",)
Route = tuple[Any, tuple[int, ...]]   #: (Linear or Diagonal move, path of spaces)


def decision(state: CathoodState) -> str | None:
    """The pending decision's kind (``take``, ``cb``, ``dog``…), if any."""
    return state.todo[-1][0] if state.phase not in (SETUP, OVER) and state.todo else None


def routes(state: CathoodState, armed: int | None) -> dict[int, list[Route]]:
    """Every movement of the acting cat by end space (routes to one space differ in path)."""
    table = move_table(state.geo)
    start = state.cats[state.turn]
    out: dict[int, list[Route]] = {}
    for move, path in table.linear[start] + table.diagonal[start]:
        if _route_allowed(state, armed, move):
            out.setdefault(path[-1], []).append((move, path))
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
            return Reason.of("armed_other", action=action_name(ACTIONS[armed]))
        return inner
    free = state.unlocked(state.turn) & ~state.used
    if not free >> action & 1 and free >> REPEAT & 1 and state.used >> action & 1:
        return Repeat(inner)
    return inner


def move_for(state: CathoodState, armed: int | None, piece: Hashable, target: Hashable) -> Any:
    """The rules move a gesture means, or a ``Reason`` when it means none."""
    geo = state.geo
    kind = target[0]  # type: ignore[index]
    if kind == "go":
        _, space, variant = target  # type: ignore[misc]
        by_end = routes(state, armed).get(space)
        if not by_end:
            return Reason.of("unreachable")
        return _wrap(state, armed, by_end[variant % len(by_end)][0])
    if kind == "dog":
        return Chase(geo.names[target[1]])  # type: ignore[index]
    if kind == "place":
        return Place(target[2], geo.names[target[1]])  # type: ignore[index]
    if kind == "tile":
        p = piece[1]  # type: ignore[index]
        _, q, rot = target  # type: ignore[misc]
        if q == p:
            if rot == 2:
                return Reason.of("half_turn")
            return _wrap(state, armed, Rotate(*geo.cell(p), rot == 1))
        if rot % 4:
            return Reason.of("turn_in_place")
        return _wrap(state, armed, swap(*geo.cell(p), *geo.cell(q)))
    if kind == "lot":
        card = state.data.cards[piece[1]]  # type: ignore[index]
        cls = PetShop if card.kind == TOY else Building
        return _wrap(state, armed, cls(card.id, *geo.cell(target[1])))  # type: ignore[index]
    if kind == "tree":
        return _wrap(state, armed, Park(*geo.cell(target[1])))  # type: ignore[index]
    return Reason.of("not_a_move")


def judge(state: CathoodState, armed: int | None, piece: Hashable, target: Hashable) -> Reason | None:
    """Why the gesture is illegal (the rules' reason, or why it means no move), or ``None``."""
    if target[0] == "action":  # type: ignore[index]
        return arm_reason(state, target[1])  # type: ignore[index]
    move = move_for(state, armed, piece, target)
    if isinstance(move, Reason):
        return move
    return state.check(move)


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


def arm_reason(state: CathoodState, action: int) -> Reason | None:
    """Why no disc can go on ``action`` now (the rules' reason for its moves), or ``None``."""
    name = ACTIONS[action]
    if not state.unlocked(state.turn) >> action & 1:
        return Reason.of("locked", action=name)
    if state.used >> action & 1:
        return Reason.of("action_used", action=name)
    first: Reason | None = None
    for move in _action_moves(state, action):
        reason = state.check(move)
        if reason is None:
            return None
        first = first or reason
    return first or Reason.of("nothing_to_do", action=action_name(name))


def piece_to_take_up(state: CathoodState, action: int) -> Hashable | None:
    """The cat or the statue when it is the only piece a disc on ``action`` can move, so the
    disc takes it up at once; else ``None``."""
    pieces = {_piece_of(m) for m in state.legal_moves()
              if getattr(m, "kind", "") == ACTIONS[action]
              or (action == REPEAT and isinstance(m, Repeat))}
    if len(pieces) == 1 and next(iter(pieces)) in (CAT, STATUE):
        return next(iter(pieces))
    return None


def _piece_of(move: Any) -> Hashable | None:
    inner = move.action if isinstance(move, Repeat) else move
    kind = getattr(inner, "kind", "")
    if kind in ("linear", "diagonal"):
        return CAT
    if kind == "park":
        return STATUE
    return kind


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


def rotations(state: CathoodState, armed: int | None, piece: Hashable) -> int:
    """Tiles turn; a cat cycles through the routes that end on the same space; a new cat
    through the colours a space offers."""
    if piece == CAT and decision(state) is None:
        return max((len(r) for r in routes(state, armed).values()), default=1)
    if piece == NEW_CAT:
        return max((len(c) for c in placements(state).values()), default=1)
    if isinstance(piece, tuple) and piece[0] == "tile":
        return 4
    return 1


def targets(state: CathoodState, armed: int | None, piece: Hashable, rotation: int) -> list[Hashable]:
    """Every target ``piece`` might go to turned ``rotation`` times (legal or not)."""
    geo = state.geo
    if piece == DISC:
        return [("action", a) for a in range(len(ACTIONS))]
    if piece == NEW_CAT:
        return [("place", s, cs[rotation % len(cs)]) for s, cs in placements(state).items()]
    if piece == CAT:
        if decision(state) == "dog":
            return [("dog", s) for s in geo.neighbours[state.todo[-1][2]]]
        return [("go", s, rotation % len(r)) for s, r in routes(state, armed).items()]
    touching = [p for p, _ in geo.touch[state.cats[state.turn]]]
    if piece == STATUE:
        return [("tree", p) for p in touching]
    if piece[0] == "card":  # type: ignore[index]
        return [("lot", p) for p in touching]
    p = piece[1]  # type: ignore[index]
    if rotation % 4:
        return [("tile", p, rotation % 4)]
    return [("tile", q, 0) for q in range(geo.positions) if geo.between(p, q) is not None]

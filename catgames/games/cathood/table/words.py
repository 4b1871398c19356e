"""Player-facing sentences of Cathood: names of actions, colours and cards, log lines, the
preview of a route.  Text only; every phrase is a string in ``data/strings/<lang>/cathood.yaml``.

A committed rock-paper-scissors choice is never put into words: the log says a fighter has
chosen, and both choices appear only with the fight's result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from catgames.core.rules import Event, Reason
from catgames.core.session import Turn
from catgames.games.cathood.components import ACTIONS, BEE, BUILDING_CARD, COFFEE, DOG, SHOP, Card, CathoodData
from catgames.games.cathood.geometry import DIAGONAL_DIRS, Geometry
from catgames.games.cathood.moves import (
    Building, CoffeeDone, Diagonal, EndTurn, Linear, Park, PetShop, Place, Repeat, Rotate, Rps,
    Swap, parse_move,
)
from catgames.ui import i18n
from catgames.ui.table.game_log import hidden_move_line

if TYPE_CHECKING:
    from catgames.games.cathood.rules import CathoodState

DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west", "NE": "north-east",
              "SE": "south-east", "SW": "south-west", "NW": "north-west"}


def action_name(action: str) -> str:
    return i18n.t_or(f"cathood.action.{action}", action.replace("_", " ").capitalize())


def colour_name(colour: str | None) -> str:
    return "" if colour is None else i18n.t_or(f"cathood.colour.{colour}", colour)


def toy_name(toy: str, n: int = 1) -> str:
    """A toy's name as said of ``n`` of them (the plural group ``cathood.toy.<toy>``)."""
    key = f"cathood.toy.{toy}"
    return i18n.plural(key, n) if i18n.has(key) else toy.replace("_", " ")


def direction_name(direction: str) -> str:
    return i18n.t_or(f"cathood.direction.{DIRECTIONS[direction]}", DIRECTIONS[direction])


def count_text(noun: str, n: int) -> str:
    """``1 cube`` / ``3 cubes`` (the plural group ``cathood.count.<noun>``)."""
    return i18n.plural(f"cathood.count.{noun}", n)


def card_title(data: CathoodData, card: Card) -> str:
    """The heading printed on a card: a building's name, a toy card's type."""
    if card.kind == BUILDING_CARD:
        return i18n.t(f"cathood.building.{card.id}")
    return i18n.t(f"cathood.toy_title.{data.toy_types[card.toy]}")


def card_words(data: CathoodData, card_id: str) -> str:
    """``Corner Flat (3 points)`` for a building, ``a yarn ball`` for a toy."""
    card = data.cards[data.card_index(card_id)]
    if card.kind == BUILDING_CARD:
        return i18n.plural("cathood.building_card", card.points, name=card_title(data, card))
    return i18n.t("cathood.toy_card", toy=toy_name(data.toy_types[card.toy]))


def reason_text(data: CathoodData, reason: Reason) -> str:
    """Why a move is refused, in words: Cathood's own sentence with its action, colour and card
    named (else the shared one)."""
    args = i18n.seat_args("cathood", reason.kwargs)
    for key in ("action", "lot"):
        if args.get(key) in ACTIONS:
            args[key] = action_name(args[key])
    if "colour" in args:
        args["colour"] = colour_name(args["colour"])
    if reason.code == "wrong_street":  # ``E/W``: the two ways along the street
        first, second = (direction_name(d) for d in args["allowed"].split("/"))
        args["allowed"] = i18n.t("cathood.either_way", first=first, second=second)
    if reason.code == "cannot_afford":
        args["card"] = card_words(data, args["card"])
    key = f"reason.cathood.{reason.code}"
    return i18n.capitalised(i18n.t(key, **args)) if i18n.has(key) else i18n.reason_text(reason, "cathood")


@dataclass(frozen=True)
class Board:
    """What names a tile or street in words: the grid and the tile at each position."""

    geo: Geometry
    layout: tuple[int, ...]      #: tile index per position (row-major)


def board_of(state: CathoodState) -> Board:
    return Board(state.geo, tuple(state.tiles))


SPECIALS = {COFFEE: "coffee", DOG: "dog", BEE: "bee"}


def tile_name(data: CathoodData, tile: int) -> str:
    """A tile as the board shows it (which prints no rows nor columns): a park by its tree's
    colour, a block by its coffee, dog or bee, else by the colours of its shops."""
    found = data.tiles[tile]
    if found.park >= 0:
        return i18n.t("cathood.tile.park", colour=colour_name(data.colours[data.tree_colour[found.park]]))
    special = next((SPECIALS[f] for f in found.edges if f in SPECIALS), None)
    if special is not None:
        return i18n.t(f"cathood.tile.block_{special}")
    shops = [data.shop_colours[f - SHOP] for f in found.edges if f >= SHOP]
    colours = list(dict.fromkeys(colour_name(data.colours[cs[0]]) for cs in shops if len(cs) == 1))
    return i18n.plural("cathood.tile.block_shops", len(colours), colours=i18n.listed(colours))


def tile_words(data: CathoodData, board: Board, row: int, col: int) -> str:
    """The tile at (``row``, ``col``) by its look, with where it lies on the board (``top
    left``) when another tile of the table looks alike."""
    names = [tile_name(data, t) for t in board.layout]
    p = row * board.geo.cols + col
    if names.count(names[p]) == 1:
        return names[p]
    rows, cols = board.geo.rows, board.geo.cols
    up = "top" if row == 0 else "bottom" if row == rows - 1 else "middle"
    across = "left" if col == 0 else "right" if col == cols - 1 else "centre"
    return i18n.t("cathood.tile.placed", tile=names[p], place=i18n.t(f"cathood.place.{up}_{across}"))


def street_words(data: CathoodData, board: Board, name: str) -> str:
    """A street (``H(r,c)``/``V(r,c)``, which the board does not show) said by the tile it
    runs along: ``north of the purple park``."""
    geo = board.geo
    y, x = geo.points[geo.space(name)]
    r, c = y // 2, x // 2
    if y % 2 == 0:
        side, r = ("north", r) if r < geo.rows else ("south", r - 1)
    else:
        side, c = ("west", c) if c < geo.cols else ("east", c - 1)
    return i18n.t(f"cathood.street.{side}", tile=tile_words(data, board, r, c))


def heading(geo: Geometry, start: str | None, path: Sequence[str]) -> str | None:
    """The way a diagonal jump goes on its last step (it bounces off the edge), if known."""
    points = ([geo.points[geo.space(start)]] if start else []) + [geo.points[geo.space(s)] for s in path]
    if len(points) < 2:
        return None
    (y0, x0), (y1, x1) = points[-2], points[-1]
    step = (y1 - y0, x1 - x0)
    return next((d for d, v in DIAGONAL_DIRS.items() if v == step), None)


def cats_after(history: Sequence[Turn]) -> dict[int, str]:
    """Where each cat stands after ``history`` (from its place, move and dog events): where a
    jump's log line starts, which it needs to tell a bounce."""
    where: dict[int, str] = {}
    for turn in history:
        for event in turn.events:
            if event.seat is None or event.seat < 0:
                continue
            if event.kind == "place":
                where[event.seat] = event.get("space")
            elif event.kind in ("move", "dog"):
                where[event.seat] = event.get("path")[-1]
    return where


def action_line(move: Any, data: CathoodData, board: Board, after: str | None = None) -> str:
    """What an action does, in words (without the actor); ``after``: the way a diagonal jump
    ends up going, when it bounced off the edge."""
    if isinstance(move, Repeat):
        return i18n.t("cathood.log.repeat", action=action_line(move.action, data, board, after))
    if isinstance(move, (Linear, Diagonal)):
        key = move.kind if after in (None, move.direction) else "diagonal_bounce"
        return i18n.t(f"cathood.log.{key}", n=count_text("spaces", move.steps),
                      direction=direction_name(move.direction),
                      after=direction_name(after) if after else "")
    if isinstance(move, Rotate):
        return i18n.t("cathood.log.rotate_cw" if move.clockwise else "cathood.log.rotate_ccw",
                      tile=tile_words(data, board, move.row, move.col))
    if isinstance(move, Swap):
        return i18n.t("cathood.log.swap", a=tile_words(data, board, move.row, move.col),
                      b=tile_words(data, board, move.row2, move.col2))
    if isinstance(move, (PetShop, Building)):
        return i18n.t("cathood.log.buy", card=card_words(data, move.card))
    if isinstance(move, Park):
        return i18n.t("cathood.log.park", tile=tile_words(data, board, move.row, move.col))
    return str(move)


def move_line(move: Any, who: str, data: CathoodData, board: Board, after: str | None = None) -> str | None:
    """The first log line of a turn's move (``None`` when its events say everything: a
    purchase is told by its ``buy`` event)."""
    if isinstance(move, (PetShop, Building)):
        return None
    if isinstance(move, (Linear, Diagonal, Rotate, Swap, Park, Repeat)):
        return i18n.t("common.labelled", label=who, text=action_line(move, data, board, after))
    if isinstance(move, EndTurn):
        return i18n.t("cathood.log.end_turn", seat=who)
    if isinstance(move, CoffeeDone):
        return i18n.t("cathood.log.coffee_done", seat=who)
    if isinstance(move, Rps):
        return i18n.t("cathood.log.rps", seat=who)
    if isinstance(move, Place):
        return None
    return None


def event_line(event: Event, names: Sequence[str], data: CathoodData, board: Board) -> str | None:
    """A log sentence for one rules event (``None`` for events players need not read)."""
    kind = event.kind
    args: dict[str, Any] = dict(event.data)
    args["seat"] = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
    if kind in ("return", "trade", "place"):
        for key in ("colour", "give", "get"):
            if key in args:
                args[key] = colour_name(args[key])
        if "space" in args:
            args["space"] = street_words(data, board, args["space"])
    elif kind == "bee":
        if args.get("card") is None:
            kind = "bee_nothing"
        else:
            args["card"] = card_words(data, args["card"])
    elif kind == "buy":
        args["card"] = card_words(data, args["card"])
    elif kind == "park":
        args["tree"] = i18n.t_or(f"cathood.tree.{args['tree']}", args["tree"])
        if args.get("card") is None:
            kind = "park_no_card"
        else:
            args["points"] = data.park_points[data.park_ids.index(args["card"])]
    elif kind == "unlock":
        args["action"] = action_name(args["action"])
    elif kind == "fight":
        args["defender"] = names[args["defender"]]
        for key in ("attacker_choice", "defender_choice"):
            args[key] = i18n.t(f"cathood.rps.{args[key]}")
        if args.get("winner") is None:
            kind = "fight_tie"
        else:
            args["winner"] = names[args["winner"]]
    elif kind == "steal":
        args["loser"] = names[args["loser"]]
        if args.get("colour") is None:
            kind = "steal_nothing"
        else:
            args["colour"] = colour_name(args["colour"])
    elif kind == "game_over":
        args["why"] = i18n.t(f"cathood.end.{args['why']}")
    elif kind in ("move", "dog"):
        args["space"] = street_words(data, board, args["path"][-1])
    key = f"event.cathood.{kind}"
    return i18n.t(key, **args) if i18n.has(key) else None


def log_lines(turn: Turn, names: Sequence[str], data: CathoodData, board: Board,
              start: str | None = None) -> list[str]:
    """A turn of the match in words (``start``: where the mover's cat stood before it); runs of
    cubes gained are told in one line; a repeated purchase is told once, by its move."""
    who = names[turn.seat] if turn.seat >= 0 else ""
    hidden = hidden_move_line("cathood", turn.move, who)  # a fight's choice this seat may not read
    move = None if hidden else parse_move(turn.move)
    inner = move.action if isinstance(move, Repeat) else move
    after = None
    if isinstance(inner, Diagonal):
        path = next((e.get("path") for e in turn.events if e.kind == "move"), ())
        after = heading(board.geo, start, path)
    first = hidden or move_line(move, who, data, board, after)
    lines = [first] if first else []
    told = "buy" if isinstance(move, Repeat) and isinstance(inner, (PetShop, Building)) else None
    gained: list[str] = []
    for event in turn.events:
        if event.kind == told:
            continue
        if event.kind == "gain":
            gained.append(event.get("colour"))
            continue
        if gained:
            lines.append(_gain_line(names[turn.seat], gained))
            gained = []
        line = event_line(event, names, data, board)
        if line:
            lines.append(line)
    if gained:
        lines.append(_gain_line(names[turn.seat], gained))
    return [line if i == 0 else "  " + line for i, line in enumerate(lines)]


def _gain_line(who: str, colours: list[str]) -> str:
    parts = [f"{colours.count(c)} {colour_name(c)}" for c in dict.fromkeys(colours)]
    return i18n.t("event.cathood.gain", seat=who, cubes=i18n.joined(parts))


def route_line(cubes: dict[str, int], specials: Sequence[str], rivals: Sequence[str]) -> str:
    """A route's preview: ``+2 pink, +1 pink/blue/yellow · coffee · fight with P2``."""
    parts = []
    if cubes:
        parts.append(i18n.joined(f"+{n} " + "/".join(colour_name(c) for c in key.split("|"))
                                 for key, n in cubes.items()))
    else:
        parts.append(i18n.t("cathood.preview.no_cubes"))
    parts += [i18n.t(f"cathood.preview.{s}") for s in specials]
    if rivals:
        parts.append(i18n.t("cathood.preview.fight", seats=i18n.listed(rivals)))
    return " · ".join(parts)

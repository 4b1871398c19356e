"""Cathood component data: ``data/cathood.yaml`` turned into validated, frozen tables.

Colours, shops, tiles and cards become small ints so that the hot paths of the rules only index
tuples.  A tile edge (a *frontage*) is one int: ``NONE`` .. ``BEE`` for the fixed kinds, and
``SHOP + k`` for a shop of type ``k``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from catgames.core.data import Node, data_path, distinct, load_yaml
from catgames.core.manifest import manifest
from catgames.core.rules import UNSEEN_TEXT

NONE, PET_SHOP, BUILDING, PARK_ENTRANCE, COFFEE, DOG, BEE = range(7)
SHOP = 8                                      #: ``SHOP + k`` is a shop of type ``k``
FIXED_FRONTAGES = ("none", "pet_shop", "building", "park_entrance", "coffee", "dog", "bee")
ACTIONS = ("linear", "diagonal", "rotate", "swap", "pet_shop", "building", "park", "repeat")
LINEAR, DIAGONAL, ROTATE, SWAP, PETSHOP_ACTION, BUILDING_ACTION, PARK, REPEAT = range(8)
TOY, BUILDING_CARD = 0, 1                     #: the two market rows
ROW_NAMES = ("toys", "buildings")
TIEBREAKS = ("houses_placed", "statues_placed", "cubes")


@dataclass(frozen=True)
class Card:
    """A toy or building card: ``kind`` is ``TOY`` or ``BUILDING_CARD``; ``toy`` its toy type.
    A building's name is player text (``cathood.building.<id>`` in data/strings)."""

    id: str
    kind: int
    cost: tuple[int, ...]             #: cubes per colour
    points: int                       #: buildings only (0 for toys)
    toy: int                          #: toy type index, -1 for buildings
    min_players: int


@dataclass(frozen=True)
class Tile:
    id: str
    min_players: int
    park: int                         #: tree index, -1 for a built block
    edges: tuple[int, int, int, int]  #: frontages N, E, S, W at rotation 0


@dataclass(frozen=True)
class Seats:
    """What a player count sets: the grid and the pieces on each cat's board."""

    rows: int
    cols: int
    houses: int
    statues: int


@dataclass(frozen=True)
class CathoodData:
    """All component data and rulings of the game, validated."""

    min_players: int
    max_players: int
    seats: dict[int, Seats]
    cats: tuple[str, ...]
    colours: tuple[str, ...]
    supply: tuple[int, ...]
    primary: tuple[int, ...]
    cap: int
    shop_names: tuple[str, ...]
    shop_colours: tuple[tuple[int, ...], ...]
    tree_names: tuple[str, ...]
    tree_colour: tuple[int, ...]
    tree_pay: tuple[int, ...]
    tiles: tuple[Tile, ...]
    first_game: dict[int, tuple[tuple[int, ...], ...]]   #: players -> rows of tile indices
    max_deals: int
    coffee_trades: int
    row_size: int
    bee_row_reset: bool
    toy_types: tuple[str, ...]
    toy_scoring: tuple[int, ...]
    cards: tuple[Card, ...]            #: toys first, then buildings
    park_ids: tuple[str, ...]
    park_points: tuple[int, ...]
    park_min_players: tuple[int, ...]
    discs_at_start: int
    unlocks: tuple[tuple[int, int], ...]   #: (after_house, action)
    cube_brackets: tuple[tuple[int, int], ...]   #: (min cubes, points), ascending
    reserve_penalty: int
    tiebreak: tuple[str, ...]
    max_rounds: int
    announce_from: int
    ai: Node | None

    # -- texts (a position, every update a server sends, writes them) -----------------------
    @cached_property
    def card_texts(self) -> tuple[str, ...]:
        """Every card's id by index, and last (at ``UNKNOWN``, -1) an unseen card's ``?``."""
        return (*(card.id for card in self.cards), UNSEEN_TEXT)

    @cached_property
    def tile_texts(self) -> tuple[tuple[str, ...], ...]:
        """A placed tile's text by tile and rotation: its id, then ``r<rotation>`` if turned."""
        return tuple(tuple(tile.id + (f" r{rot}" if rot else "") for rot in range(4)) for tile in self.tiles)

    @cached_property
    def lot_texts(self) -> tuple[str, ...]:
        """A house lot's text by lot (a tile's four edges in turn): ``<tile>.<edge>``."""
        return tuple(f"{tile.id}.{edge}" for tile in self.tiles for edge in "NESW")

    # -- lookups ---------------------------------------------------------------------------
    def colour(self, name: str) -> int:
        return self.colours.index(name)

    def frontage_name(self, f: int) -> str:
        return FIXED_FRONTAGES[f] if f < SHOP else f"shop:{self.shop_names[f - SHOP]}"

    def card_index(self, card_id: str) -> int:
        for i, card in enumerate(self.cards):
            if card.id == card_id:
                return i
        raise KeyError(card_id)

    def tile_index(self, tile_id: str) -> int:
        for i, tile in enumerate(self.tiles):
            if tile.id == tile_id:
                return i
        raise KeyError(tile_id)

    def tiles_for(self, players: int) -> list[int]:
        return [i for i, t in enumerate(self.tiles) if t.min_players <= players]

    def deck_for(self, kind: int, players: int) -> list[int]:
        return [i for i, c in enumerate(self.cards) if c.kind == kind and c.min_players <= players]

    def park_deck(self, players: int) -> list[int]:
        """Park card indices, top first: highest points on top, data order among equals."""
        ids = [i for i in range(len(self.park_ids)) if self.park_min_players[i] <= players]
        return sorted(ids, key=lambda i: -self.park_points[i])

    def unlocked_at(self, houses_placed: int) -> int:
        """Bitmask of the actions unlocked once ``houses_placed`` houses have left the board."""
        mask = 0
        for after, action in self.unlocks:
            if houses_placed >= after:
                mask |= 1 << action
        return mask

    def locked_actions(self) -> int:
        mask = 0
        for _, action in self.unlocks:
            mask |= 1 << action
        return mask


# -- parsing ------------------------------------------------------------------------------
def _names(node: Node, min_length: int = 1) -> tuple[str, ...]:
    items = node.list(min_length=min_length)
    distinct(items, "name")
    return tuple(n.str() for n in items)


def _cost(node: Node, colours: tuple[str, ...]) -> tuple[int, ...]:
    cost = [0] * len(colours)
    for colour, count in node.items():
        if colour not in colours:
            raise count.fail(f"unknown colour {colour!r}; expected one of {', '.join(colours)}")
        cost[colours.index(colour)] = count.int(1)
    if not any(cost):
        raise node.fail("a cost needs at least one cube")
    return tuple(cost)


def _frontage(node: Node, shops: tuple[str, ...]) -> int:
    text = node.str()
    if text in FIXED_FRONTAGES:
        return FIXED_FRONTAGES.index(text)
    kind, _, shop = text.partition(":")
    if kind != "shop" or shop not in shops:
        raise node.fail(f"{text!r} is not a frontage; expected one of "
                        f"{', '.join(FIXED_FRONTAGES)} or shop:<{'|'.join(shops)}>")
    return SHOP + shops.index(shop)


def _seats(node: Node, lo: int, hi: int) -> dict[int, Seats]:
    seats = {}
    for key, entry in node.items():
        if not key.isdigit() or not lo <= int(key) <= hi:
            raise entry.fail(f"player count {key!r} is not in {lo}..{hi}")
        seats[int(key)] = Seats(entry["rows"].int(2, 8), entry["cols"].int(2, 8),
                                entry["houses"].int(1), entry["statues"].int(1))
    missing = [n for n in range(lo, hi + 1) if n not in seats]
    if missing:
        raise node.fail(f"missing player count {missing[0]}")
    return seats


def _cards(node: Node, kind: int, colours: tuple[str, ...], toy_types: tuple[str, ...],
           lo: int, hi: int) -> list[Card]:
    cards: list[Card] = []
    for entry in node.list(min_length=1):
        toy = -1
        if kind == TOY:
            toy = toy_types.index(entry["type"].str(toy_types))
        points = entry["points"].int(0) if kind == BUILDING_CARD else 0
        cards.append(Card(entry["id"].str(), kind, _cost(entry["cost"], colours), points, toy,
                          entry["min_players"].int(lo, hi)))
    return cards


def _layouts(node: Node, tiles: tuple[Tile, ...], seats: dict[int, Seats]) -> dict[int, tuple[tuple[int, ...], ...]]:
    ids = [t.id for t in tiles]
    layouts = {}
    for n, shape in seats.items():
        entry = node.get(str(n)) or (node.child(n) if n in node.value else None)  # YAML keys may be ints
        if entry is None:
            raise node.fail(f"missing the first-game layout for {n} players")
        rows = entry.list(length=shape.rows)
        grid = []
        for row in rows:
            cells = []
            for cell in row.list(length=shape.cols):
                tile_id = cell.str(tuple(ids))
                if tiles[ids.index(tile_id)].min_players > n:
                    raise cell.fail(f"{tile_id} is not used with {n} players")
                cells.append(ids.index(tile_id))
            grid.append(tuple(cells))
        flat = [t for row in grid for t in row]
        if len(set(flat)) != len(flat):
            raise entry.fail("a tile is used twice")
        layouts[n] = tuple(grid)
    return layouts


def parse_cathood_data(root: Node) -> CathoodData:
    """Validate the document of ``data/cathood.yaml``."""
    lo, hi = manifest("cathood").players
    seats = _seats(root["player_counts"], lo, hi)
    resources = root["resources"].list(min_length=1)
    distinct([r["id"] for r in resources], "colour")
    colours = tuple(r["id"].str() for r in resources)
    supply = tuple(r["supply"].int(0) for r in resources)
    primary = tuple(colours.index(c.str(colours))
                    for c in root["primary_colours"].list(min_length=1, unique=True))
    shop_names = tuple(root["shops"].keys())
    shop_colours = tuple(tuple(colours.index(c.str(colours)) for c in node.list(min_length=1, unique=True))
                         for _, node in root["shops"].items())
    tree_names = tuple(root["trees"].keys())
    tree_colour = tuple(colours.index(node["colour"].str(colours)) for _, node in root["trees"].items())
    tree_pay = tuple(node["pay"].int(1) for _, node in root["trees"].items())
    tiles: list[Tile] = []
    distinct([entry["id"] for entry in root["tiles"].list()], "tile")
    for entry in root["tiles"].list(min_length=1):
        park = entry.get("park")
        north, east, south, west = (_frontage(e, shop_names) for e in entry["edges"].list(length=4))
        edges = (north, east, south, west)
        park_index = -1 if park is None else tree_names.index(park.str(tree_names))
        if (park_index >= 0) != (PARK_ENTRANCE in edges):
            raise entry.fail("a park tile needs park entrances and only a park tile has them")
        tiles.append(Tile(entry["id"].str(), entry["min_players"].int(lo, hi), park_index, edges))
    for n, shape in seats.items():
        count = sum(1 for t in tiles if t.min_players <= n)
        if count != shape.rows * shape.cols:
            raise root["tiles"].fail(f"{count} tiles are marked for {n} players, the "
                                     f"{shape.rows}x{shape.cols} grid needs {shape.rows * shape.cols}")
    toy_types = _names(root["toy_types"])
    scoring = root["scoring"]
    brackets = tuple((b["min"].int(0), b["points"].int()) for b in scoring["cubes"].list(min_length=1))
    if brackets[0][0] != 0 or any(a[0] >= b[0] for a, b in zip(brackets, brackets[1:])):
        raise scoring["cubes"].fail("brackets must start at 0 and rise")
    buildings = root["building_cards"]
    distinct([e["id"] for e in root["toy_cards"].list() + buildings.list()], "card")
    cards = (_cards(root["toy_cards"], TOY, colours, toy_types, lo, hi)
             + _cards(buildings, BUILDING_CARD, colours, toy_types, lo, hi))
    parks = root["park_cards"].list(min_length=1)
    distinct([p["id"] for p in parks], "park card")
    unlocks: list[tuple[int, int]] = []
    for entry in root["discs"]["unlocks"].list():
        action = entry["action"].str(ACTIONS)
        if ACTIONS.index(action) in [a for _, a in unlocks]:
            raise entry["action"].fail(f"{action!r} is unlocked twice; expected each action once")
        unlocks.append((entry["after_house"].int(1), ACTIONS.index(action)))
    tiebreak = tuple(t.str(TIEBREAKS) for t in scoring["tiebreak"].list(unique=True))
    valve = root["safety_valve"]
    max_rounds = valve["max_rounds"].int(1)
    market = root["market"]
    data = CathoodData(
        min_players=lo,
        max_players=hi,
        seats=seats,
        cats=_names(root["cats"], hi),
        colours=colours,
        supply=supply,
        primary=primary,
        cap=root["resource_cap"].int(1),
        shop_names=shop_names,
        shop_colours=shop_colours,
        tree_names=tree_names,
        tree_colour=tree_colour,
        tree_pay=tree_pay,
        tiles=tuple(tiles),
        first_game=_layouts(root["layouts"]["first_game"], tuple(tiles), seats),
        max_deals=root["layouts"]["random"]["max_deals"].int(1),
        coffee_trades=root["specials"]["coffee_trades"].int(1),
        row_size=market["row_size"].int(1),
        bee_row_reset=market["bee_row_reset"].bool(),
        toy_types=toy_types,
        toy_scoring=tuple(p.int() for p in root["toy_scoring"].list(min_length=2)),
        cards=tuple(cards),
        park_ids=tuple(p["id"].str() for p in parks),
        park_points=tuple(p["points"].int(0) for p in parks),
        park_min_players=tuple(p["min_players"].int(lo, hi) for p in parks),
        discs_at_start=root["discs"]["at_start"].int(1),
        unlocks=tuple(unlocks),
        cube_brackets=brackets,
        reserve_penalty=scoring["unbought_reserved_card"].int(),
        tiebreak=tiebreak,
        max_rounds=max_rounds,
        announce_from=valve["announce_from"].int(1, max_rounds),
        ai=root.get("ai"),
    )
    root.done(elsewhere=("ai",))
    return data


def load_cathood_data(path: Path | None = None) -> CathoodData:
    """Load and validate ``data/cathood.yaml`` (or another file of the same shape)."""
    return parse_cathood_data(load_yaml(path or data_path("cathood.yaml")))


@lru_cache(maxsize=None)
def cathood_data() -> CathoodData:
    """The game's data, loaded once per process."""
    return load_cathood_data()


def cost_text(data: CathoodData, cost: Any) -> dict[str, int]:
    """``{colour: count}`` of a per-colour count tuple, zeros left out."""
    return {data.colours[i]: n for i, n in enumerate(cost) if n}

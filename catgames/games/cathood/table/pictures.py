"""The pictures of Cathood's components, drawn by our code in the title covers' house style and
painted once per size: a shop front per shop kind (its awning striped in the cubes it gives, its
goods in the window), the pet shop, the empty building lot, the park gate, coffee, the dog and the
bee, the three park trees (each its own shape as well as its colour), the toys, and a house per
kind of building card (a cottage for the cheapest, a palace for the dearest).

Every meaning has a picture of its own (``subject`` of a frontage, tree, toy or building card):
none is shown for two.  A picture carries no text: the cube glyphs, costs, names and points are
printed over or beside it by ``view``, so they stay readable and follow the text size.
"""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.games.cathood.components import (
    BEE, BUILDING, BUILDING_CARD, COFFEE, DOG, PARK_ENTRANCE, PET_SHOP, SHOP, CathoodData,
)
from catgames.ui.art import town
from catgames.ui.art.cats import INK
from catgames.ui.art.dogs import Breed, height, stand
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Pen, for_screen, mix
from catgames.ui.art.things import toy_mouse, yarn
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.theme import BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, YELLOW

Color = tuple[int, int, int]
Painter = Callable[[Pen], None]
VIOLET: Color = (0x7A, 0x52, 0xB3)   #: Okabe-Ito has no purple: a violet darker than its pink
CUBES: dict[str, tuple[Color, str]] = {          #: colour (Okabe-Ito) and glyph of each cube colour
    "pink": (REDDISH_PURPLE, "♥"), "blue": (BLUE, "●"), "yellow": (YELLOW, "★"),
    "purple": (VIOLET, "◆"), "orange": (ORANGE, "▲"), "green": (BLUISH_GREEN, "♣"),
}
TOY_COLOURS: dict[str, Color] = {"yarn_ball": (226, 110, 120), "toy_mouse": (150, 150, 160),
                                 "feather_wand": (90, 170, 200)}
WIDE = (200.0, 86.0)     #: a frontage's design units: a tile side's strip, long way across
SQUARE = 100.0           #: a square picture's design units
CACHE_LIMIT = 400        #: every picture at the sizes a table shows, four turns of each frontage
_pictures: Kept[pygame.Surface] = Kept(CACHE_LIMIT)

GOODS: dict[str, town.Goods] = {
    "butcher": town.sausages, "fishery": town.fishes, "bakery": town.bread, "vet": town.vet_cross,
    "florist": town.flowers, "produce": town.produce, "supermarket": town.cart, "mall": town.bags,
}
TREES = {"jacaranda": town.jacaranda, "maple": town.maple, "birch": town.birch}
#: a building card's house by its points: the first whose bound is at least the card's points
HOUSES: tuple[tuple[int, str, town.Goods], ...] = (
    (3, "cottage", town.cottage), (4, "townhouse", town.townhouse), (5, "family_house", town.family_house),
    (6, "terrace", town.terrace), (8, "mansion", town.mansion), (1_000, "palace", town.palace))
TREE_SIZE = {"jacaranda": 66}   #: the wide jacaranda stands smaller to fit
HOUSE_SCALE = {"terrace": 0.78, "mansion": 0.62, "palace": 0.62}   #: wide houses shrink to fit
DOG_BREED = Breed((0xC8, 0x8A, 0x4E), light=(0xF2, 0xE2, 0xC8), ears="floppy", dark_ears=True, dark=(0x6E, 0x46, 0x2A),
            marks=("bib",))
BADGE = (0xF6, 0xEE, 0xDC)
LOT = (0xF0, 0xE8, 0xD6)
#: a frontage's quarter turn on each side (0 N, 1 E, 2 S, 3 W): its door faces the street on the
#: sides, and on the north side it stands upright as on the south (turned over it read upside down)
SIDE_TURN = {0: 0, 1: 1, 2: 0, 3: 3}
FIXED = {PET_SHOP: "pet_shop", BUILDING: "building_lot", PARK_ENTRANCE: "park_gate", COFFEE: "coffee", DOG: "dog",
         BEE: "bee"}


# -- what shows what ---------------------------------------------------------------------------
def frontage_subject(data: CathoodData, f: int) -> str:
    return f"shop:{data.shop_names[f - SHOP]}" if f >= SHOP else FIXED[f]


def tree_subject(data: CathoodData, tree: int) -> str:
    return f"tree:{data.tree_names[tree]}"


def toy_subject(data: CathoodData, toy: int) -> str:
    return f"toy:{data.toy_types[toy]}"


def building_subject(points: int) -> str:
    return "building:" + next(name for bound, name, _ in HOUSES if points <= bound)


def subjects(data: CathoodData) -> dict[str, str]:
    """Every meaning (a frontage kind, tree, toy, building card kind) -> its picture's subject."""
    out = {f"frontage:{name}": FIXED[f] for f, name in ((f, FIXED[f]) for f in FIXED)}
    out |= {f"frontage:shop:{name}": frontage_subject(data, SHOP + i) for i, name in enumerate(data.shop_names)}
    out |= {f"tree:{name}": tree_subject(data, i) for i, name in enumerate(data.tree_names)}
    out |= {f"toy:{name}": toy_subject(data, i) for i, name in enumerate(data.toy_types)}
    kinds = sorted({card.points for card in data.cards if card.kind == BUILDING_CARD})
    out |= {f"building:{points} points": building_subject(points) for points in kinds}
    return out


def is_wide(subject: str) -> bool:
    """Whether ``subject`` fills a tile side's strip (shops, lots, the gate) or is square."""
    return subject.startswith("shop:") or subject in ("pet_shop", "building_lot", "park_gate")


# -- painting ----------------------------------------------------------------------------------
def _shop(data: CathoodData, name: str) -> Painter:
    awning = tuple(CUBES[data.colours[c]][0] for c in data.shop_colours[data.shop_names.index(name)])
    return lambda pen: town.shop_front(pen, 0, 0, WIDE[0], min(pen.h, WIDE[1]), awning, GOODS[name])


def _badge(thing: town.Goods, scale: float = 0.62) -> Painter:
    """A thing standing on a round plaque (the special places a cat stops at)."""
    def paint(pen: Pen) -> None:
        pen.circle(INK, 50, 50, 49)
        pen.circle(BADGE, 50, 50, 46)
        thing(pen, 50, 82, SQUARE * scale)
    return paint


def _dog(pen: Pen, x: float, y: float, s: float) -> None:
    size = s / height(DOG_BREED)
    stand(pen, x - 0.15 * size, y, size, DOG_BREED)


def _tree(data: CathoodData, name: str) -> Painter:
    colour = CUBES[data.colours[data.tree_colour[data.tree_names.index(name)]]][0]
    return lambda pen: TREES[name](pen, 50, 97, TREE_SIZE.get(name, 88), colour)


def _house(name: str) -> Painter:
    paint = next(p for _, n, p in HOUSES if n == name)
    return lambda pen: paint(pen, 50, 96, 90 * HOUSE_SCALE.get(name, 1.0))


def _toy(name: str) -> Painter:
    if name == "yarn_ball":
        return lambda pen: yarn(pen, 58, 90, 30, TOY_COLOURS[name], 0.6)
    if name == "toy_mouse":
        return lambda pen: toy_mouse(pen, 40, 80, 60)
    return lambda pen: town.feather_wand(pen, 48, 94, 80, TOY_COLOURS[name])


def painter(data: CathoodData, subject: str) -> Painter:
    """What paints ``subject`` (see ``subjects``)."""
    kind, _, name = subject.partition(":")
    if kind == "shop":
        return _shop(data, name)
    if kind == "tree":
        return _tree(data, name)
    if kind == "toy":
        return _toy(name)
    if kind == "building":
        return _house(name)
    fixed: dict[str, Painter] = {
        "pet_shop": lambda pen: town.shop_front(pen, 0, 0, WIDE[0], min(pen.h, WIDE[1]), (SKY_BLUE, LOT),
                                                town.pet_goods, town.paw_sign, mix(LOT, SKY_BLUE, 0.2)),
        "building_lot": lambda pen: town.building_lot(pen, 0, 0, WIDE[0], min(pen.h, WIDE[1])),
        "park_gate": lambda pen: town.park_gate(pen, 0, 0, WIDE[0], min(pen.h, WIDE[1])),
        "coffee": _badge(town.coffee), "dog": _badge(_dog, 0.6), "bee": _badge(town.bee, 0.75),
    }
    return fixed[kind]


def paint(pen: Pen, data: CathoodData, subject: str) -> None:
    painter(data, subject)(pen)


def picture(data: CathoodData, subject: str, size: tuple[int, int], quarter: int = 0) -> pygame.Surface:
    """``subject``'s picture ``size`` real pixels big (before turning), turned ``quarter`` quarter
    turns anticlockwise: painted the first time, then kept."""
    def make() -> pygame.Surface:
        if quarter:
            return pygame.transform.rotate(picture(data, subject, size), 90 * quarter)
        pen = Pen(size, *(WIDE if is_wide(subject) else (SQUARE, SQUARE)))
        paint(pen, data, subject)
        return for_screen(pen.picture())

    return _pictures.get((subject, size, quarter % 4), make)


def draw_picture(canvas: Canvas, data: CathoodData, subject: str, rect: RectLike, quarter: int = 0) -> None:
    """Blit ``subject``'s picture into the virtual ``rect`` (the rect it fills once turned)."""
    r = pygame.FRect(rect)
    w, h = canvas.length(r.w), canvas.length(r.h)   #: by size alone: a gliding tile keeps its pictures
    if min(w, h) >= 4:
        size = (w, h) if quarter % 2 == 0 else (h, w)
        canvas.surface.blit(picture(data, subject, size, quarter), canvas.real_rect(r).topleft)


def draw_frontage_picture(canvas: Canvas, data: CathoodData, f: int, band: RectLike, side: int) -> None:
    """Frontage ``f`` in its strip on ``side`` of a tile, its front towards the street."""
    subject = frontage_subject(data, f)
    if is_wide(subject):
        draw_picture(canvas, data, subject, band, SIDE_TURN[side])
    else:
        b = pygame.FRect(band)
        size = min(b.w, b.h) * 1.02
        draw_picture(canvas, data, subject, pygame.FRect(0, 0, size, size).move_to(center=b.center))

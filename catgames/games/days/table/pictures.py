"""The picture at the top of each Woof Days / Cat Days card: who the card is, drawn by our
code in the title covers' house style and painted once per size.

A dog card names its breed, and the breed's traits (``BREEDS``: build, ears, tail, coat and
marks) make the dog: the same ``dogs.stand`` paints them all.  A cat card names a ``CatLook``:
its pose, coat, mood and the thing beside it that says what kind of cat it is.  An event or the
Cat Tree names the object it is about (``THINGS``).  The card prints its points and kind over
the picture's top corners, so what tells a card apart stays in the middle and along the floor.  Where the edition prints another breed's
name on the card (the UK Yorkshire Terrier and Westie), the picture follows the name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from catgames.games.days.components import Card
from catgames.ui.art import cat_poses, cats, dogs, things
from catgames.ui.art.cats import Coat
from catgames.ui.art.covers import rounded, sparkle
from catgames.ui.art.dogs import Breed
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Pen, for_screen, mix
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.theme import BLUE, BLUISH_GREEN, ORANGE, SKY_BLUE, YELLOW

Thing = Callable[[Pen, float, float, float], None]   #: paints at the ground point (x, y), size s
WIDTH, LEAST_HEIGHT = 200.0, 90.0   #: design units a picture shows (more either side if wider)
CACHE_LIMIT = 300  #: pictures kept: every card at the sizes a table shows (hand, weeks, piles, panel)
BACKDROP = {"woof": (mix(ORANGE, (255, 255, 255), 0.78), mix(ORANGE, (255, 255, 255), 0.62)),
            "cat": (mix(SKY_BLUE, (255, 255, 255), 0.72), mix(BLUE, (255, 255, 255), 0.66))}
_pictures: Kept[pygame.Surface] = Kept(CACHE_LIMIT)

WHITE = cats.WHITE
TAN = (0xC8, 0x8A, 0x4E)
GOLD = (0xE6, 0xBE, 0x78)
BLACK_COAT = (0x3C, 0x36, 0x3E)
BREEDS: dict[str, Breed] = {
    "labrador": Breed(GOLD, light=mix(GOLD, WHITE, 0.5), tail="wag", tail_w=0.07),
    "mixed_breed": Breed(WHITE, dark=(0x7A, 0x55, 0x3A), ears="floppy", far_ear="pointed", dark_ears=True,
                         marks=("patches",), ear_size=0.35),
    "german_shepherd": Breed(TAN, dark=BLACK_COAT, legs=0.45, muzzle=0.24, muzzle_colour="dark", ears="pointed",
                             ear_size=0.55, tail="plume", tail_w=0.08, tongue=False, marks=("saddle",), size=1.08),
    "french_bulldog": Breed((0x6A, 0x5C, 0x58), light=(0xEE, 0xE2, 0xD6), dark=BLACK_COAT, length=0.75,
                            depth=0.27, legs=0.28, leg_w=0.08,
                            neck=0.15, head=0.3, muzzle=0.0, muzzle_colour="dark", ears="bat", ear_size=0.55,
                            tail="stub", marks=("bib",), size=0.8),
    "dalmatian": Breed(WHITE, length=1.05, legs=0.5, muzzle=0.22, ears="floppy", ear_size=0.3, dark_ears=True,
                       tail="whip", tail_w=0.05, marks=("spots",)),
    "collie": Breed((0xC8, 0x7A, 0x3C), light=WHITE, legs=0.45, muzzle=0.28, ears="fold", ear_size=0.45,
                    tail="plume", tail_w=0.1, marks=("ruff", "socks", "blaze")),
    "australian_shepherd": Breed((0x9C, 0xA4, 0xB4), light=WHITE, dark=BLACK_COAT, legs=0.42, muzzle=0.2,
                                 ears="fold", ear_size=0.35, dark_ears=True, tail="stub", tail_w=0.08,
                                 marks=("merle", "ruff", "socks", "blaze")),
    "yorkshire_terrier": Breed((0x5E, 0x6A, 0x80), light=(0xD8, 0xA8, 0x62), length=0.8, depth=0.22, legs=0.2,
                               head=0.24, neck=0.22, muzzle=0.06, muzzle_colour="light", ears="pointed",
                               ear_size=0.4, tail="carrot", tongue=False,
                               marks=("skirt", "shaggy", "tan_head", "bow"), size=0.85),
    "corgi": Breed((0xE0, 0x8C, 0x3E), light=WHITE, length=1.15, depth=0.27, legs=0.14, leg_w=0.07, neck=0.28,
                   muzzle=0.18, muzzle_colour="light", ears="pointed", ear_size=0.6, tail="stub",
                   marks=("belly", "bib", "socks"), size=0.92),
    "shiba": Breed((0xD8, 0x78, 0x38), light=(0xF6, 0xE8, 0xD0), length=0.9, legs=0.36, muzzle=0.14,
                   muzzle_colour="light", ears="pointed", ear_size=0.38, tail="curl", tail_w=0.08,
                   marks=("belly", "bib"), size=0.88),
    "westie": Breed(WHITE, light=WHITE, length=0.82, depth=0.27, legs=0.22, head=0.29, neck=0.22, muzzle=0.08,
                    ears="pointed", ear_size=0.45, tail="carrot", tail_w=0.07, marks=("shaggy",), size=0.8),
    "great_dane": Breed((0x8E, 0x94, 0xA6), dark=BLACK_COAT, length=1.1, depth=0.3, legs=0.85, leg_w=0.07,
                        neck=0.5, head=0.28, muzzle=0.24, muzzle_colour="dark", ears="floppy", ear_size=0.3,
                        dark_ears=True, tail="whip", tail_w=0.05, marks=("bib",), size=1.3),
    "staffie": Breed((0x8C, 0x62, 0x44), light=WHITE, dark=(0x4A, 0x30, 0x24), length=0.85, depth=0.31, legs=0.3,
                     leg_w=0.09, neck=0.16, head=0.3, muzzle=0.1, ears="rose", ear_size=0.4, tail="wag",
                     tail_w=0.055, marks=("brindle", "bib"), size=0.92),
    "dachshund": Breed((0xA8, 0x52, 0x2C), length=1.5, depth=0.2, legs=0.12, leg_w=0.065, neck=0.2, head=0.22,
                       muzzle=0.24, ears="floppy", ear_size=0.7, dark_ears=True, dark=(0x7A, 0x3A, 0x20),
                       tail="wag", tail_w=0.045, size=0.95),
    "st_bernard": Breed(WHITE, light=WHITE, dark=(0xB0, 0x60, 0x30), length=1.05, depth=0.34, legs=0.42,
                        leg_w=0.1, neck=0.2, head=0.32, muzzle=0.14, ears="floppy", ear_size=0.4,
                        dark_ears=True, tail="plume", tail_w=0.1, marks=("patches", "ruff", "keg"), size=1.12),
    "chihuahua": Breed((0xE8, 0xC8, 0x90), length=0.6, depth=0.18, legs=0.3, leg_w=0.045, neck=0.2, head=0.3,
                       muzzle=0.02, ears="big", ear_size=1.0, eye=1.5, tail="wag", tail_w=0.04, tongue=False,
                       size=0.8),
}
#: a dog card's breed in each edition (both print the card's own name unless listed here)
EDITION_BREEDS: dict[str, dict[str, str]] = {
    "wd_australian_shepherd": {"uk": "yorkshire_terrier", "fr": "australian_shepherd"},
    "wd_shiba": {"uk": "westie", "fr": "shiba"},
}

GINGER, SMOKE, TUXEDO, CALICO = cats.GINGER, cats.SMOKE, cats.TUXEDO, cats.CALICO
CREAM = Coat((0xF6, 0xEA, 0xD6), WHITE, (0xD8, 0xB8, 0x90), "plain")
BROWN = Coat((0xA8, 0x88, 0x64), (0xEE, 0xDE, 0xC6), (0x5E, 0x46, 0x32), "tabby")
GINGER_WHITE = Coat(GINGER.fur, WHITE, GINGER.marks, "tuxedo")


@dataclass(frozen=True)
class CatLook:
    """How a cat card's cat shows what it is like: ``pose`` (``POSES``), coat, face, and the
    ``things`` round it (``SIGNS``: a prop or a sign at the cat's side)."""

    pose: str
    coat: Coat
    mood: str = "happy"
    ears: str = "up"
    tail_up: bool = False
    things: tuple[str, ...] = ()


CAT_LOOKS: dict[str, CatLook] = {
    "cd_grumpy_cat": CatLook("sit", SMOKE, "grumpy", things=("storm",)),
    "cd_curious_cat": CatLook("walk", GINGER, "happy", things=("butterfly",)),
    "cd_fluffy_cat": CatLook("fluffy", CREAM, "glad"),
    "cd_cheerful_cat": CatLook("wave", CALICO, "glad", tail_up=True, things=("sparkles",)),
    "cd_zen_cat": CatLook("zen", TUXEDO, "sleepy"),
    "cd_playful_cat": CatLook("wave", BROWN, "happy", things=("yarn",)),
    "cd_lazy_cat": CatLook("loaf", GINGER, "sleepy", things=("bed", "zees")),
    "cd_pouncing_cat": CatLook("crouch", TUXEDO, things=("mouse",)),
    "cd_floppy_cat": CatLook("flop", CALICO, "glad"),
    "cd_rescued_cat": CatLook("sit", GINGER_WHITE, "glad", tail_up=True, things=("collar", "heart")),
    "cd_fussy_cat": CatLook("snub", CREAM, "sleepy", things=("bowl",)),
    "cd_feral_cat": CatLook("arch", SMOKE),
    "cd_nervous_cat": CatLook("sit", GINGER, "wide", ears="flat", things=("sweat",)),
}
CAT_SIZE = 44.0   #: a cat's size ``s`` in design units (a sitting cat is about 1.4 s tall)


def _sit(pen: Pen, x: float, y: float, s: float, look: CatLook) -> None:
    cats.sit(pen, x, y, s, look.coat, look.mood, tail_up=look.tail_up, ears=look.ears)


def _wave(pen: Pen, x: float, y: float, s: float, look: CatLook) -> None:
    cat_poses.raised_paw(pen, x, y, s, look.coat)
    _sit(pen, x, y, s, look)


def _fluffy(pen: Pen, x: float, y: float, s: float, look: CatLook) -> None:
    cat_poses.fluff(pen, x, y, s, look.coat)
    _sit(pen, x, y, s, look)


def _zen(pen: Pen, x: float, y: float, s: float, look: CatLook) -> None:
    things.halo(pen, x, y - 1.0 * s, 0.75 * s)
    things.cushion(pen, x, y + 0.04 * s, 0.7 * s, BLUISH_GREEN)
    cats.sit(pen, x, y - 0.3 * s, s * 0.88, look.coat, look.mood, tail_up=True)


def _snub(pen: Pen, x: float, y: float, s: float, look: CatLook) -> None:
    """Turned from the food, eyes shut, nose in the air."""
    cats.sit(pen, x - 0.2 * s, y, s, look.coat, look.mood, facing=-1, look=-1)


POSES: dict[str, Callable[[Pen, float, float, float, CatLook], None]] = {
    "sit": _sit, "wave": _wave, "fluffy": _fluffy, "zen": _zen, "snub": _snub,
    "walk": lambda pen, x, y, s, look: cats.walk(pen, x - 0.2 * s, y, s, look.coat, mood=look.mood),
    "loaf": lambda pen, x, y, s, look: cats.loaf(pen, x, y - 0.1 * s, s * 1.1, look.coat, look.mood),
    "flop": lambda pen, x, y, s, look: cat_poses.flop(pen, x + 0.1 * s, y, s * 1.05, look.coat, look.mood),
    "crouch": lambda pen, x, y, s, look: cat_poses.crouch(pen, x - 0.3 * s, y, s, look.coat),
    "arch": lambda pen, x, y, s, look: cat_poses.arch(pen, x - 0.3 * s, y, s * 1.05, look.coat),
}


def _sparkles(pen: Pen, x: float, y: float, s: float) -> None:
    sparkle(pen, x - 0.62 * s, y - 1.42 * s, 0.14 * s, YELLOW)
    sparkle(pen, x + 0.62 * s, y - 1.5 * s, 0.11 * s, YELLOW)
    things.heart(pen, x - 0.8 * s, y - 0.45 * s, 0.12 * s)


def _sweat(pen: Pen, x: float, y: float, s: float) -> None:
    things.sweat(pen, x + 0.55 * s, y - 1.45 * s, 0.12 * s)
    things.tremble(pen, x, y - 0.5 * s, 0.62 * s)


#: things beside a cat, at the cat's (x, y, s): painted after it, or before it if ``UNDER``
SIGNS: dict[str, Thing] = {
    "storm": lambda pen, x, y, s: things.storm(pen, x + 0.66 * s, y - 1.52 * s, 0.24 * s),
    "butterfly": lambda pen, x, y, s: things.butterfly(pen, x + 0.72 * s, y - 1.05 * s, 0.18 * s),
    "sparkles": _sparkles,
    "yarn": lambda pen, x, y, s: things.yarn(pen, x + 0.85 * s, y, 0.25 * s, BLUE, 0.0),
    "bed": lambda pen, x, y, s: things.cushion(pen, x, y + 0.08 * s, 0.95 * s, BLUISH_GREEN),
    "zees": lambda pen, x, y, s: things.zees(pen, x + 0.5 * s, y - 1.25 * s, 0.16 * s),
    "mouse": lambda pen, x, y, s: things.toy_mouse(pen, x + 0.75 * s, y, 0.5 * s),
    "collar": lambda pen, x, y, s: things.collar(pen, x, y - 0.66 * s, 0.3 * s),
    "heart": lambda pen, x, y, s: things.heart(pen, x + 0.64 * s, y - 1.42 * s, 0.17 * s),
    "bowl": lambda pen, x, y, s: things.bowl(pen, x + 0.8 * s, y, 0.42 * s),
    "sweat": _sweat,
}
UNDER = ("bed",)   #: signs the cat sits on, painted first

#: events and the Cat Tree: the object the card is about
THINGS: dict[str, Thing] = {
    "wd_freds_treats": things.treats, "wd_grooming": things.brush, "wd_muddy_paws": things.muddy_paws,
    "wd_zoomies": things.zoomies, "wd_comfort_blanket": things.blanket, "wd_stuffed_toys": things.stuffed_toys,
    "wd_comfy_cushion": things.cushion, "wd_lead": things.lead, "cd_cat_tree": things.cat_tree,
    "cd_cardboard_box": things.cardboard_box, "cd_cat_toys": things.cat_toys, "cd_catnip": things.catnip,
    "cd_laser_pointer": things.laser_pointer,
}
THING_SIZE = 54.0
EVENT_SHIFT = 12.0   #: an event's object sits right of the middle: its star covers the left
EVENT_FOOT = 29.0    #: the strip an object stands clear of, with ``foot`` (the word printed there)
DOG_SIZE = 52.0   #: a standard dog's size ``s`` (a breed's ``size`` scales it)


def breed_of(card_id: str, edition: str) -> str | None:
    """The breed a dog card shows in ``edition`` (``None``: the card is no dog)."""
    if card_id in EDITION_BREEDS:
        by_edition = EDITION_BREEDS[card_id]
        return by_edition.get(edition, by_edition["uk"])
    breed = card_id.removeprefix("wd_")
    return breed if breed in BREEDS else None


def subject(card: Card, edition: str) -> str:
    """What the picture shows, as a key: cards showing the same subject share one picture."""
    return breed_of(card.id, edition) or card.id


def _paint_dog(pen: Pen, breed: Breed) -> None:
    ground = pen.h - 6
    s = min(DOG_SIZE * breed.size, (ground - 3) / dogs.height(breed), 160 / (breed.length + 0.9))
    dogs.stand(pen, WIDTH / 2 - 0.25 * s, ground, s, breed)


def _paint_cat(pen: Pen, look: CatLook) -> None:
    ground = pen.h - 6
    s = min(CAT_SIZE, (ground - 3) / 1.65)
    x = WIDTH / 2 - (0.2 * s if look.things else 0.0)
    for name in look.things:
        if name in UNDER:
            SIGNS[name](pen, x, ground, s)
    POSES[look.pose](pen, x, ground, s, look)
    for name in look.things:
        if name not in UNDER:
            SIGNS[name](pen, x, ground, s)


def paint(pen: Pen, card: Card, edition: str, foot: bool = False) -> None:
    """``card``'s picture on ``pen``'s backdrop (the deck's tint, a floor); with ``foot``, an
    object stands clear of a strip along the bottom (where the card prints a word)."""
    top, bottom = BACKDROP["cat" if card.deck == "cat" else "woof"]
    pen.gradient(top, bottom, 0, pen.h - 9)
    pen.band(mix(bottom, (0x8E, 0x58, 0x36), 0.35), pen.h - 9, 9)
    breed = breed_of(card.id, edition)
    if breed is not None:
        _paint_dog(pen, BREEDS[breed])
    elif card.id in CAT_LOOKS:
        _paint_cat(pen, CAT_LOOKS[card.id])
    else:
        ground = pen.h - (EVENT_FOOT if foot else 6)
        right = EVENT_SHIFT if card.kind == "event" else 0.0
        THINGS[card.id](pen, WIDTH / 2 + right, ground, min(THING_SIZE, ground - 6))


def picture(card: Card, edition: str, size: tuple[int, int], radius: int = 0, foot: bool = False) -> pygame.Surface:
    """``card``'s picture at ``size`` real pixels: painted the first time, then kept."""
    def make() -> pygame.Surface:
        pen = Pen(size, WIDTH, LEAST_HEIGHT)
        paint(pen, card, edition, foot)
        return for_screen(rounded(pen.picture(), radius))

    return _pictures.get((card.deck, subject(card, edition), size, radius, foot), make)


def draw_picture(canvas: Canvas, card: Card, edition: str, rect: RectLike, radius: float = 0,
                 foot: bool = False) -> None:
    """Blit ``card``'s picture into the virtual ``rect`` (``foot``: see ``paint``).  Its size
    follows the rect's size alone, not where it lies, so a card gliding across the table keeps
    one picture."""
    r = pygame.FRect(rect)
    size = (canvas.length(r.w), canvas.length(r.h))
    if size[0] >= 8 and size[1] >= 6:
        canvas.surface.blit(picture(card, edition, size, canvas.length(radius), foot), canvas.real_rect(r).topleft)

"""Kotatsu Cats component data: ``data/kotatsu.yaml`` turned into validated, frozen tables.

Cards, wooden cats and cushions are numbered objects (E15: identical cards stay distinct); the
tables here map each number to its colour, stars, value and symbol, so the hot paths of the
rules only ever index tuples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Hashable

from catgames.core.data import Node, data_path, distinct, load_yaml
from catgames.core.manifest import manifest
from catgames.core.rules import UNSEEN_TEXT

COIN, FOOD = "gold_coin", "cat_food"
SYMBOLS = (COIN, FOOD)
SYMBOL_CODES = {COIN: "coin", FOOD: "food"}   #: how files and logs write a symbol
CATEGORY_IDS = ("five_of_a_kind", "four_of_a_kind", "cathouse", "three_of_a_kind",
                "two_pair", "one_pair", "solo_cat")   #: best first (rule 18)
START_PLAYERS = ("random", "first")
PATTERNS = ("plain", "stripes", "spots", "tabby", "patches")   #: the coat markings the table draws

#: Every option of the spec's table 3.9 with its choices; defaults come from the data file.
OPTION_CHOICES: dict[str, tuple[Hashable, ...]] = {
    "scoring_mode": ("text_bonus", "illustrated"),
    "coin_tie_mode": ("sum", "max"),
    "one_pair_category": (True, False),
    "collection_bonus_mode": ("once", "per_set"),
    "single_card_discard": (False, True),
    "symbols_require_cat_symbol": (False, True),
    "picker_memory_aid": (True, False),
}

_COLOUR_ID = re.compile(r"^[A-Z]$")


@dataclass(frozen=True)
class KotatsuData:
    """All component data and rulings of the game, validated.  Object ids index the tables."""

    min_players: int
    max_players: int
    kotatsu_count: int
    pairs_on_each: int
    max_cards: int
    hand_size: int
    colour_ids: tuple[str, ...]           #: their names are player text (``kotatsu.colour.<id>``)
    colour_patterns: tuple[str, ...]
    card_colour: tuple[int, ...]
    card_stars: tuple[int, ...]
    card_label: tuple[str, ...]
    cat_colour: tuple[int, ...]
    cat_symbol: tuple[str | None, ...]
    cushion_colour: tuple[int, ...]       #: the last entry is the blank cushion (E6), colour -1
    cushion_value: tuple[int, ...]
    cushion_symbol: tuple[str | None, ...]
    lucky_total: int
    lucky_at_start: int
    lucky_per_empty_stack: int
    bonus_value: int
    bonus_tiles: int
    start_player: str
    reshuffle_discard: bool
    option_defaults: dict[str, Hashable]

    @property
    def colours(self) -> int:
        return len(self.colour_ids)

    @property
    def cards(self) -> int:
        return len(self.card_colour)

    @property
    def cats(self) -> int:
        return len(self.cat_colour)

    @property
    def blank(self) -> int:
        """The id of the blank cushion a cat gets when its stack is empty (E6)."""
        return len(self.cushion_colour) - 1

    def cushion_label(self, cushion: int) -> str:
        """``O+2 coin``; ``O?`` for a face the viewer has not seen; ``blank``."""
        return self.cushion_labels[cushion]

    def cat_label(self, cat: int) -> str:
        """``O``, or ``O coin`` for a wooden cat carrying a symbol."""
        return self.cat_labels[cat]

    @cached_property
    def cushion_labels(self) -> dict[int, str]:
        """Every cushion's label by id, an unseen face's (``~colour``) too: made once, as every
        update a server sends writes them all."""
        labels = {~colour: f"{name}?" for colour, name in enumerate(self.colour_ids)}
        for cushion, colour in enumerate(self.cushion_colour[:-1]):
            symbol = self.cushion_symbol[cushion]
            text = f"{self.colour_ids[colour]}{self.cushion_value[cushion]:+d}"
            labels[cushion] = f"{text} {SYMBOL_CODES[symbol]}" if symbol else text
        labels[self.blank] = "blank"
        return labels

    @cached_property
    def cushion_backs(self) -> dict[int, int]:
        """What a cushion shows face down, by id: its colour (``~colour``); an unseen face and
        the blank one show as they are.  Every observation masks every cushion with it."""
        backs = {~colour: ~colour for colour in range(self.colours)}
        backs.update((cushion, ~colour) for cushion, colour in enumerate(self.cushion_colour[:-1]))
        backs[self.blank] = self.blank
        return backs

    @cached_property
    def card_texts(self) -> tuple[str, ...]:
        """Every card's label by id, and last (at ``UNKNOWN``, -1) an unseen card's ``?``."""
        return (*self.card_label, UNSEEN_TEXT)

    @cached_property
    def cat_labels(self) -> tuple[str, ...]:
        """Every wooden cat's label by id."""
        return tuple(f"{self.colour_ids[colour]} {SYMBOL_CODES[symbol]}" if symbol else self.colour_ids[colour]
                     for colour, symbol in zip(self.cat_colour, self.cat_symbol))

    def ids_of_colour(self, table: tuple[int, ...], colour: int) -> list[int]:
        return [i for i, c in enumerate(table) if c == colour]


def _check_categories(node: Node) -> None:
    """The file lists the hand categories best first, as the rules rank them (rule 18)."""
    for item, expected in zip(node.list(length=len(CATEGORY_IDS), unique=True), CATEGORY_IDS):
        if item.str(CATEGORY_IDS) != expected:
            raise item.fail(f"expected {expected!r} here; the categories go best first: "
                            f"{', '.join(CATEGORY_IDS)}")


def _symbol(node: Node) -> str:
    return node.str(SYMBOLS)


def _read_colours(root: Node) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ids, patterns = [], []
    entries = root["colours"].list(min_length=1)
    distinct([node["id"] for node in entries], "colour")
    for node in entries:
        cid = node["id"].str()
        if not _COLOUR_ID.match(cid):
            raise node["id"].fail(f"{cid!r} must be one capital letter (cards are written like O3)")
        ids.append(cid)
        patterns.append(node["pattern"].str(PATTERNS))
    return tuple(ids), tuple(patterns)


def _read_cards(node: Node, colours: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    copies = node["copies_per_colour"]
    per_star: list[tuple[int, int]] = []
    for key, count in copies.items():
        if not key.isdigit() or not 1 <= int(key) <= 9:
            raise copies.fail(f"star value {key!r} must be a whole number 1..9")
        per_star.append((int(key), count.int(1)))
    levels = sorted(stars for stars, _ in per_star)
    if levels != list(range(1, len(levels) + 1)):
        raise copies.fail(f"star levels {levels} leave a gap; expected every level from 1 to {levels[-1]}")
    total = node["total"].int(1)
    if sum(n for _, n in per_star) * len(colours) != total:
        raise copies.fail(f"makes {sum(n for _, n in per_star) * len(colours)} cards in "
                          f"{len(colours)} colours, expected {total} (cards.total)")
    colour_of, stars_of = [], []
    for c in range(len(colours)):
        for stars, n in sorted(per_star):
            colour_of += [c] * n
            stars_of += [stars] * n
    return tuple(colour_of), tuple(stars_of)


def _read_cats(node: Node, colours: int) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
    per = node["per_colour"].int(1)
    marked = [_symbol(s) for s in node["symbols_per_colour"].list()]
    if len(marked) > per:
        raise node["symbols_per_colour"].fail(f"{len(marked)} symbols for {per} cats per colour")
    symbols = marked + [None] * (per - len(marked))
    return (tuple(c for c in range(colours) for _ in range(per)),
            tuple(s for _ in range(colours) for s in symbols))


def _read_cushions(node: Node, colours: int, blank_value: int
                   ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str | None, ...]]:
    faces: list[tuple[int, str | None]] = []
    for item in node["each_colour"].list(min_length=1, unique=True):
        value = item["value"].int()
        symbol = _symbol(item["symbol"]) if item.get("symbol") is not None else None
        if symbol and value < 0:
            raise item["value"].fail("a cushion with a symbol may not be negative "
                                     "(food would have to cancel it)")
        faces.append((value, symbol))
    colour_of = [c for c in range(colours) for _ in faces] + [-1]
    values = [v for _ in range(colours) for v, _ in faces] + [blank_value]
    symbols = [s for _ in range(colours) for _, s in faces] + [None]
    return tuple(colour_of), tuple(values), tuple(symbols)


def _read_options(node: Node) -> dict[str, Hashable]:
    defaults: dict[str, Hashable] = {}
    for key, choices in OPTION_CHOICES.items():
        value = node[key]
        if isinstance(choices[0], bool):
            defaults[key] = value.bool()
        else:
            defaults[key] = value.str(tuple(map(str, choices)))
    extra = set(node.keys()) - set(OPTION_CHOICES)
    if extra:
        raise node.fail(f"unknown option {sorted(extra)[0]!r}; known: {', '.join(OPTION_CHOICES)}")
    return defaults


def parse_kotatsu_data(root: Node) -> KotatsuData:
    """Validate the document of ``data/kotatsu.yaml``."""
    lo, hi = manifest("kotatsu").players
    table = root["kotatsu"]
    pairs = table["pairs_on_each"].int()
    if pairs != 2:
        raise table["pairs_on_each"].fail("the 1st player takes one pair and the 2nd the other; "
                                          "expected 2")
    ids, patterns = _read_colours(root)
    card_colour, card_stars = _read_cards(root["cards"], ids)
    cat_colour, cat_symbol = _read_cats(root["wooden_cats"], len(ids))
    rulings = root["rulings"]
    cushion_colour, values, symbols = _read_cushions(root["cushions"], len(ids),
                                                     rulings["blank_cushion_value"].int())
    lucky = root["lucky_cats"]
    total = lucky["total"].int(1)
    bonus = root["collection_bonus"]
    _check_categories(root["hand_categories"])
    tiles = bonus["tiles_in_box"].int(0)
    if tiles < hi:  # the rules never ration the tiles, so there must be one for every player
        raise bonus["tiles_in_box"].fail(f"{tiles} tiles could run short at a table of {hi}; "
                                         f"expected at least {hi}")
    data = KotatsuData(
        min_players=lo,
        max_players=hi,
        kotatsu_count=table["count"].int(1, 9),
        pairs_on_each=pairs,
        max_cards=table["max_cards_per_edge"].int(2),
        hand_size=root["cards"]["hand_size"].int(2),
        colour_ids=ids,
        colour_patterns=patterns,
        card_colour=card_colour,
        card_stars=card_stars,
        card_label=tuple(f"{ids[c]}{s}" for c, s in zip(card_colour, card_stars)),
        cat_colour=cat_colour,
        cat_symbol=cat_symbol,
        cushion_colour=cushion_colour,
        cushion_value=values,
        cushion_symbol=symbols,
        lucky_total=total,
        lucky_at_start=lucky["in_bag_at_start"].int(0, total),
        lucky_per_empty_stack=lucky["added_per_empty_stack"].int(0),
        bonus_value=bonus["value"].int(0),
        bonus_tiles=tiles,
        start_player=rulings["start_player"].str(START_PLAYERS),
        reshuffle_discard=rulings["reshuffle_discard"].bool(),
        option_defaults=_read_options(root["options"]),
    )
    root.done(elsewhere=("ai",))
    return data


def load_kotatsu_data(path: Path | None = None) -> KotatsuData:
    """Load and validate ``data/kotatsu.yaml`` (or another file of the same shape)."""
    return parse_kotatsu_data(load_yaml(path or data_path("kotatsu.yaml")))


@lru_cache(maxsize=None)
def kotatsu_data() -> KotatsuData:
    """The game's data, loaded once per process."""
    return load_kotatsu_data()

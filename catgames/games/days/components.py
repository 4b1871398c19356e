"""Woof Days / Cat Days component data: ``data/days.yaml`` turned into validated, frozen tables,
plus the small move types every layer shares.

Every card is data in the spec's vocabulary (section 2.2): where it may be placed and what its
effect does.  ``effects.py`` interprets that vocabulary; nothing in code names a card.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from catgames.core.data import Node, data_path, distinct, load_yaml
from catgames.core.moves import Move as AnyMove
from catgames.core.moves import clean_text
from catgames.core.rules import Event

DAYS = 7
VERSIONS = ("woof", "cat")            #: a card's version is the deck it comes from (rule 25)
KINDS = ("dog", "cat", "event", "cat_tree")
UNKNOWN = -1                          #: a card another seat may not see (observations)
NO_POS = -1                           #: a spot meaning a whole day (or its visible card)

WEEK_SCOPES = ("own", "any")
ONTO = ("empty_day", "top_of_animal", "no_dogs")
SIMPLE_CONDITIONS = ("right_neighbour_has_animal", "left_neighbour_has_animal",
                     "no_animal_on_adjacent_days", "both_adjacent_days_occupied",
                     "all_other_own_days_occupied", "day_has_no_cat_tree")
LIST_CONDITIONS = ("adjacent_visible_not_in",)
EFFECT_KEYS: dict[str, dict[str, tuple[str, ...] | type]] = {
    "move_animal": {"from_weeks": ("adjacent", "own", "opponent", "any"),
                    "from_position": ("top", "any"), "to_weeks": ("own", "opponent", "any"),
                    "cat_tree_ok": bool},
    "send_stack_below": {"moves": ("whole_stack", "top"), "to_weeks": ("opponent",)},
    "discard_adjacent": {"positions": ("all", "visible")},
    "remove": {"from_weeks": ("own", "opponent", "any"), "from_position": ("top", "any")},
    "swap_day_stacks": {"day": str, "allow_empty_side": bool},
    "swap_one_same_day": {"from_position": ("top", "any")},
    "relayout": {},
}
ANIMAL_EFFECTS = ("move_animal", "send_stack_below", "discard_adjacent")


_DAY_LISTS = tuple(tuple(d for d in range(DAYS) if mask >> d & 1) for mask in range(1 << DAYS))


@dataclass(frozen=True)
class Placement:
    """Where a card may be played from hand (checked only then, rule 10)."""

    weeks: str                    #: own | any
    days: int                     #: bitmask of allowed days, bit 0 = Monday
    onto: str
    cat_tree_ok: bool
    conditions: tuple[tuple[str, frozenset[int]], ...]   #: (name, card indices for list kinds)

    @property
    def day_list(self) -> tuple[int, ...]:
        return _DAY_LISTS[self.days]


@dataclass(frozen=True)
class Effect:
    """A card's effect in the spec's vocabulary; only the keys its ``type`` uses matter."""

    type: str
    from_weeks: str = "any"
    from_position: str = "top"
    to_weeks: str = "any"
    cat_tree_ok: bool = False
    day: int = NO_POS             #: swap_day_stacks: the fixed day, NO_POS = the player chooses
    moves: str = "whole_stack"
    positions: str = "all"
    allow_empty_side: bool = True


@dataclass(frozen=True)
class Card:
    """One card type (copies are identical and interchangeable).  Its name is player text,
    in ``data/strings`` under ``days.card.<id>``."""

    index: int
    id: str
    deck: str
    version: int                  #: index into VERSIONS
    kind: str
    points: int
    copies: int
    placement: Placement | None
    effect: Effect | None

    @property
    def is_animal(self) -> bool:
        return self.kind in ("dog", "cat")


@dataclass(frozen=True)
class Mode:
    """A value of the ``decks`` option: which decks are shuffled and how hands are dealt."""

    key: str
    decks: tuple[str, ...]
    starting_hands: tuple[int, ...]   #: first = default, others are variants
    dealt: tuple[int, ...]            #: dealt to every player before the random cards
    removed: tuple[int, ...]          #: taken out of the game
    cat_trees: tuple[str, ...]        #: combined mode: shuffled | removed


@dataclass(frozen=True)
class RuleValues:
    """The numbered rules' numbers and rulings (``rules:`` in the data file)."""

    players_per_copy: int
    discard_below: int
    hand_limit: int
    visible_cats: int
    tree_capacity: int
    tie_break: str
    tree_only_day_is_filled: bool
    animal_effect_if_impossible: str
    end_after_full_round_of_passes: bool


@dataclass(frozen=True)
class DaysData:
    """All component data, validated."""

    seats: tuple[str, ...]
    day_names: tuple[str, ...]
    rules: RuleValues
    modes: dict[str, Mode]
    cards: tuple[Card, ...]
    by_id: dict[str, int]
    points: tuple[int, ...]           #: per card index (0 for events)
    version: tuple[int, ...]          #: per card index
    tree: int                         #: index of the Cat Tree

    def setup(self, mode: str, players: int, cat_trees: str) -> tuple[list[int], list[int], list[int]]:
        """``(shuffled cards, cards dealt to each player, cards left in the box)`` (rules 1, 20, 23)."""
        m = self.modes[mode]
        copies = 1 if len(m.decks) > 1 else -(-players // self.rules.players_per_copy)
        pool: list[int] = []
        for card in self.cards:
            if card.deck in m.decks:
                pool += [card.index] * (card.copies * copies)
        box: list[int] = []
        for i in m.removed + ((self.tree,) if cat_trees == "removed" else ()):
            box += [i] * pool.count(i)
            pool = [c for c in pool if c != i]
        for i in m.dealt:               # one each; the spares go back in the box (rule 20)
            box += [i] * (pool.count(i) - players)
            pool = [c for c in pool if c != i]
        return pool, list(m.dealt), box

    def composition(self, mode: str, players: int, cat_trees: str) -> Counter[int]:
        """Every card of the game, wherever it is."""
        pool, dealt, box = self.setup(mode, players, cat_trees)
        return Counter(pool + dealt * players + box)

    def day_index(self, text: str) -> int:
        key = text.strip().lower()[:3]
        if key not in self.day_names:
            raise ValueError(f"unknown day {text!r}; days: {', '.join(d.capitalize() for d in self.day_names)}")
        return self.day_names.index(key)

    def seat_index(self, text: str, players: int | None = None) -> int:
        if text not in self.seats or (players is not None and self.seats.index(text) >= players):
            names = self.seats if players is None else self.seats[:players]
            raise ValueError(f"unknown seat {text!r}; seats: {', '.join(names)}")
        return self.seats.index(text)


# -- loading ------------------------------------------------------------------------------------
def _days_mask(node: Node, names: tuple[str, ...]) -> int:
    items = node.list(min_length=1, unique=True)
    mask = 0
    for item in items:
        day = item.str(names + ("all",))
        if day == "all" and len(items) > 1:
            raise item.fail("'all' already names every day; expected [all] alone or a list of days")
        mask |= (1 << DAYS) - 1 if day == "all" else 1 << names.index(day)
    return mask


def _conditions(node: Node, ids: dict[str, int]) -> tuple[tuple[str, frozenset[int]], ...]:
    found = []
    for item in node.list(unique=True):
        if isinstance(item.value, dict):
            keys = item.keys()
            if len(keys) != 1 or keys[0] not in LIST_CONDITIONS:
                raise item.fail(f"expected one of {', '.join(SIMPLE_CONDITIONS + LIST_CONDITIONS)}")
            name, arg = keys[0], item[keys[0]]
            cards = []
            for ref in arg.list(min_length=1, unique=True):
                if ref.str() not in ids:
                    raise ref.fail(f"unknown card {ref.value!r}")
                cards.append(ids[ref.value])
            found.append((name, frozenset(cards)))
        else:
            found.append((item.str(SIMPLE_CONDITIONS), frozenset()))
    return tuple(found)


def _placement(node: Node, names: tuple[str, ...], ids: dict[str, int], kind: str) -> Placement:
    ok = node.get("cat_tree_ok")
    if (ok is None) == (kind == "cat"):
        raise (node if ok is None else ok).fail(
            "a cat says whether it may go onto a Cat Tree (cat_tree_ok)" if ok is None
            else f"only a cat may go onto a Cat Tree; expected no cat_tree_ok on a {kind}")
    return Placement(node["weeks"].str(WEEK_SCOPES), _days_mask(node["days"], names),
                     node["onto"].str(ONTO), ok.bool() if ok else False,
                     _conditions(node["conditions"], ids))


def _effect(node: Node, names: tuple[str, ...], kind: str) -> Effect:
    kind_of = node["type"].str(tuple(EFFECT_KEYS))
    schema = EFFECT_KEYS[kind_of]
    values: dict[str, Any] = {"type": kind_of}
    for key, item in node.items():
        if key == "type":
            continue
        if key not in schema:
            raise item.fail(f"not a setting of {kind_of}; expected one of {', '.join(schema) or 'none'}")
        rule = schema[key]
        if rule is bool:
            values[key] = item.bool()
        elif key == "day":
            day = item.str(names + ("chosen",))
            values[key] = NO_POS if day == "chosen" else names.index(day)
        else:
            values[key] = item.str(rule)  # type: ignore[arg-type]
    effect = Effect(**values)
    if anchored(effect) != (kind in ("dog", "cat")):
        raise node["type"].fail(f"{kind_of!r} with these settings is not an effect a {kind} card can have")
    return effect


def anchored(effect: Effect) -> bool:
    """Whether the effect acts around the animal just placed (the only effects animals have)."""
    return effect.type in ANIMAL_EFFECTS and (effect.type != "move_animal" or effect.from_weeks == "adjacent")


def _card(index: int, node: Node, names: tuple[str, ...], ids: dict[str, int]) -> Card:
    deck = node["deck"].str(VERSIONS)
    kind = node["kind"].str(KINDS)
    if kind in ("dog", "cat") and kind != ("dog", "cat")[VERSIONS.index(deck)]:
        raise node["kind"].fail(f"a {kind} cannot come from the {deck} deck")
    animal = kind in ("dog", "cat")
    placement = node.get("placement")
    if (placement is None) == (kind != "event"):
        raise node.fail("dogs, cats and the Cat Tree need a placement; events have none")
    effect = node.get("effect")
    if kind == "event" and effect is None:
        raise node.fail("an event needs an effect")
    if kind == "cat_tree" and effect is not None:
        raise effect.fail("the Cat Tree has no effect; expected no effect key")
    points = node.get("points")
    if (points is None) == animal:
        raise node.fail("an animal needs points" if animal else f"{kind} cards score no points; "
                        "expected no points key")
    return Card(
        index=index, id=node["id"].str(), deck=deck, version=VERSIONS.index(deck), kind=kind,
        points=points.int(0) if points is not None else 0,
        copies=node["copies"].int(1),
        placement=_placement(placement, names, ids, kind) if placement is not None else None,
        effect=_effect(effect, names, kind) if effect is not None else None,
    )


def _mode(key: str, node: Node, ids: dict[str, int]) -> Mode:
    def refs(name: str) -> tuple[int, ...]:
        part = node.get(name)
        out = []
        for ref in part.list(unique=True) if part is not None else []:
            if ref.str() not in ids:
                raise ref.fail(f"unknown card {ref.value!r}")
            out.append(ids[ref.value])
        return tuple(out)

    used = tuple(d.str(VERSIONS) for d in node["decks"].list(min_length=1, unique=True))
    trees = node.get("cat_trees")
    hands = tuple(h.int(1, 20) for h in node["starting_hand"].list(min_length=1, unique=True))
    choices = ("shuffled", "removed")
    return Mode(key, used, hands, refs("dealt"), refs("removed"),
                tuple(t.str(choices) for t in trees.list(min_length=1, unique=True)) if trees else choices[:1])


def parse_days_data(root: Node) -> DaysData:
    """Validate the document of ``data/days.yaml``."""
    names = tuple(d.str() for d in root["days"].list(length=DAYS, unique=True))
    seats = tuple(s.str() for s in root["seats"].list(min_length=2, unique=True))
    cards_node = root["cards"].list(min_length=1)
    distinct([node["id"] for node in cards_node], "card")
    ids = {node["id"].str(): i for i, node in enumerate(cards_node)}
    cards = tuple(_card(i, node, names, ids) for i, node in enumerate(cards_node))
    trees = [c.index for c in cards if c.kind == "cat_tree"]
    if len(trees) != 1:
        raise root["cards"].fail(f"expected exactly one cat_tree card, found {len(trees)}")
    r = root["rules"]
    rules = RuleValues(
        players_per_copy=r["players_per_copy"].int(1),
        discard_below=r["refill"]["discard_below"].int(0),
        hand_limit=r["refill"]["hand_limit"].int(0),
        visible_cats=r["cat_tree"]["visible_cats"].int(1),
        tree_capacity=r["cat_tree"]["capacity"].int(1),
        tie_break=r["tie_break"].str(("animals_in_week", "none")),
        tree_only_day_is_filled=r["tree_only_day_is_filled"].bool(),
        animal_effect_if_impossible=r["animal_effect_if_impossible"].str(("skip", "forbid")),
        end_after_full_round_of_passes=r["end_after_full_round_of_passes"].bool(),
    )
    modes = {key: _mode(key, node, ids) for key, node in root["modes"].items()}
    for key in ("woof", "cat", "combined"):
        if key not in modes:
            raise root["modes"].fail(f"missing the {key!r} mode")
    sizes = root["deck_sizes"]
    for deck in VERSIONS:
        total = sum(c.copies for c in cards if c.deck == deck)
        if total != sizes[deck].int(1):
            raise sizes[deck].fail(f"the {deck} cards add up to {total}, expected {sizes[deck].value}")
    root.done(elsewhere=("ai",))
    return DaysData(seats, names, rules, modes, cards, ids,
                    tuple(c.points for c in cards), tuple(c.version for c in cards), trees[0])


def load_days_data(path: Path | None = None) -> DaysData:
    """Load and validate ``data/days.yaml`` (or another file of the same shape)."""
    return parse_days_data(load_yaml(path or data_path("days.yaml")))


@cache
def days_data() -> DaysData:
    """The game's data, loaded once per process."""
    return load_days_data()


# -- moves ----------------------------------------------------------------------------------------
def spot_text(seat: int, day: int, pos: int = NO_POS) -> str:
    """``P2 Fri`` for a day (or its visible card), ``P2 Fri:0`` for one card of its stack."""
    data = days_data()
    text = f"{data.seats[seat]} {data.day_names[day].capitalize()}"
    return text if pos == NO_POS else f"{text}:{pos}"


def spot_day(text: object) -> tuple[int, int] | None:
    """The (seat, day) a spot text (``P2 Fri`` or ``P2 Fri:0``) names; ``None`` for any other
    value (an event's data may hold words that are not spots)."""
    if not isinstance(text, str) or " " not in text:
        return None
    seat, day = text.split(":")[0].split(" ")
    data = days_data()
    return (data.seats.index(seat), data.day_index(day)) if seat in data.seats else None


def touched_days(events: Iterable[Event]) -> list[tuple[int, int]]:
    """The days that ``events`` name (where a card went, came from, was swapped)."""
    days: list[tuple[int, int]] = []
    for event in events:
        data = dict(event.data)
        texts = [data.get(key) for key in ("to", "source", "at")]
        texts += [text for key in ("days", "spots") for text in data.get(key) or ()]
        days += [spot for spot in map(spot_day, texts) if spot is not None]
    return days


@dataclass(frozen=True)
class Play(AnyMove):
    """Play a card from hand; the spot is where it goes, or its effect's first target."""

    card: str
    seat: int
    day: int
    pos: int = NO_POS
    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play {self.card} @ {spot_text(self.seat, self.day, self.pos)}"


@dataclass(frozen=True)
class Choose(AnyMove):
    """The next choice of the card being played (which dog moves, where it lands, ...)."""

    seat: int
    day: int
    pos: int = NO_POS
    kind: ClassVar[str] = "choose"

    def __str__(self) -> str:
        return f"choose {spot_text(self.seat, self.day, self.pos)}"


@dataclass(frozen=True)
class Discard(AnyMove):
    """Discard a card down to the hand limit while the deck is refilled (rule 18a)."""

    card: str
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Simple(AnyMove):
    """``draw``, ``pass`` or ``cancel`` (take back a card whose choices are not finished): one
    kind, the word says which."""

    word: str
    kind: ClassVar[str] = "simple"

    def __str__(self) -> str:
        return self.word


DRAW, PASS, CANCEL = Simple("draw"), Simple("pass"), Simple("cancel")
_PLAYS: dict[tuple[str, int, int, int], Play] = {}


def play_move(card: str, seat: int, day: int, pos: int = NO_POS) -> Play:
    """The ``Play`` move, made once and shared (move generation is the playouts' hot path)."""
    key = (card, seat, day, pos)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(card, seat, day, pos)
    return move
Move = Play | Choose | Discard | Simple

_SPOT = r"(P\d)\s+([A-Za-z]{3})(?::(\d+))?"
_PLAY = re.compile(rf"^play\s+(\S+)\s*@\s*{_SPOT}$")
_CHOOSE = re.compile(rf"^choose\s+{_SPOT}$")
_DISCARD = re.compile(r"^discard\s+(\S+)$")


def parse_move(text: str, players: int | None = None) -> Move:
    """The move whose ``str()`` is ``text``; ``ValueError`` naming the expected forms otherwise."""
    data = days_data()
    t = clean_text(text)
    for simple in (DRAW, PASS, CANCEL):
        if t == simple.word:
            return simple
    if m := _DISCARD.match(t):
        return Discard(m.group(1))
    for pattern, build in ((_PLAY, lambda g: Play(g[0], *g[1:])), (_CHOOSE, lambda g: Choose(*g))):
        if m := pattern.match(t):
            groups = m.groups()
            head, (seat, day, pos) = groups[:-3], groups[-3:]
            spot = (data.seat_index(seat, players), data.day_index(day),
                    NO_POS if pos is None else int(pos))
            return build(head + spot)
    raise ValueError(f"not a move: {text!r} (expected 'draw', 'pass', 'cancel', "
                     "'discard CARD', 'play CARD @ P1 Mon[:pos]' or 'choose P2 Fri[:pos]')")

"""If It Fits component data: ``data/boxes.yaml`` turned into validated, frozen tables.

A card *kind* is one distinct face (class and toy count, e.g. ``CUP t2``): identical cards are
interchangeable, so hands, the deck and moves hold kinds, never individual cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from catgames.core.data import Node, data_path, distinct, load_yaml
from catgames.core.manifest import manifest

SIDES = "tblr"
#: bit of an open side, in the pattern order top, bottom, left, right
TOP, BOTTOM, LEFT, RIGHT = 1, 2, 4, 8
BOX, TOY, PRINCESS, START = "box", "toy", "princess", "start"  #: what a kind plays as
OPEN_BOX_CHOICES = ("none", "half", "full")
TIE_CHOICES = ("all_full", "nobody")


def parse_edges(text: str) -> int:
    """Open-side bits of a ``tblr`` pattern such as ``"#.##"`` (``ValueError`` if malformed)."""
    if len(text) != 4 or set(text) - {"#", "."}:
        raise ValueError(f"{text!r} is not an edge pattern of 4 '#' or '.' (top, bottom, left, right)")
    return sum(1 << i for i, ch in enumerate(text) if ch == ".")


def edges_text(edges: int) -> str:
    return EDGE_TEXTS[edges]


#: the ``tblr`` pattern of each of the 16 open-side sets (a laid card's text is written with
#: every update a server sends)
EDGE_TEXTS = tuple("".join("." if edges >> i & 1 else "#" for i in range(4)) for edges in range(16))


def turn180(edges: int) -> int:
    """The same card turned 180 degrees: top <-> bottom, left <-> right."""
    return ((edges & TOP) << 1) | ((edges & BOTTOM) >> 1) | ((edges & LEFT) << 1) | ((edges & RIGHT) >> 1)


@dataclass(frozen=True)
class Kind:
    """One distinct card face."""

    index: int
    name: str           #: ``CUP t2``, ``TOY t3``, ``PRINCESS``, ``START``
    cls: str            #: the class id (``CUP``), or ``TOY`` / ``PRINCESS`` / ``START``
    role: str           #: ``box``, ``toy``, ``princess`` or ``start``
    edges: int          #: open-side bits at rotation 0 (0 for a Princess)
    toys: int

    @property
    def placeable(self) -> bool:
        """Lies on the table as a box card (box, special toy and start cards)."""
        return self.role != PRINCESS

    def edges_at(self, rot: int) -> int:
        return self.edges if rot == 0 else turn180(self.edges)

    @property
    def symmetric(self) -> bool:
        """Turning it 180 degrees changes nothing, so only rotation 0 is listed as a move."""
        return turn180(self.edges) == self.edges


@dataclass(frozen=True)
class TablePreset:
    name: str
    cols: int
    rows: int


@dataclass(frozen=True)
class BoxesData:
    """All component data and rulings of the game, validated."""

    min_players: int
    max_players: int
    hand_size: int
    cats_per_player: int
    rotations: tuple[int, ...]
    random_start_player: bool
    kinds: tuple[Kind, ...]
    by_name: dict[str, int]
    pile: tuple[int, ...]             #: the 80-card draw pile as kind indices, unshuffled
    start: int                        #: kind index of the start card
    start_count: int
    princess: int                     #: kind index of the Princess
    presets: dict[str, TablePreset]
    default_table: str
    suggested_sides: tuple[str, ...]
    weight_awake: int
    weight_sleeping: int
    open_boxes_default: str
    majority_tie_default: str
    ai: Node                          #: the ``ai`` mapping, read by ``ai.py``

    def kind(self, name: str) -> Kind:
        index = self.by_name.get(name)
        if index is None:
            raise ValueError(f"no card is called {name!r}")
        return self.kinds[index]

    def kind_of_face(self, edges: int, toys: int, start: bool = False) -> Kind:
        """The kind showing ``edges`` (as laid, either rotation) with ``toys`` toys."""
        if start:
            candidates = [self.kinds[self.start]]
        else:
            candidates = [k for k in self.kinds if k.role in (BOX, TOY)]
        for k in candidates:
            if k.toys == toys and edges in (k.edges, turn180(k.edges)):
                return k
        raise ValueError(f"no {'start ' if start else ''}card shows {edges_text(edges)} with {toys} toys")


def _pattern(node: Node) -> int:
    text = node.str()  # outside the try: its DataError already names the file
    try:
        return parse_edges(text)
    except ValueError as exc:
        raise node.fail(str(exc)) from None


def _choice(node: Node, key: str, allowed: tuple[str, ...]) -> str:
    entry = node[key]
    choices = tuple(c.str(allowed) for c in entry["choices"].list(min_length=1, unique=True))
    if set(choices) != set(allowed):
        raise entry["choices"].fail(f"expected exactly {', '.join(allowed)}")
    default = entry["default"]
    return default.str(choices)


def parse_boxes_data(root: Node) -> BoxesData:
    """Validate the document of ``data/boxes.yaml``."""
    kinds: list[Kind] = []
    pile: list[int] = []

    def add(name: str, cls: str, role: str, edges: int, toys: int, copies: int) -> int:
        index = len(kinds)
        kinds.append(Kind(index, name, cls, role, edges, toys))
        pile.extend([index] * copies)
        return index

    seen_faces: set[int] = set()
    total = 0
    distinct([entry["id"] for entry in root["box_cards"].list()], "class")
    for entry in root["box_cards"].list(min_length=1):
        cls = entry["id"].str()
        edges = _pattern(entry["pattern"])
        if edges == 0:
            raise entry["pattern"].fail("a card with four walls could never hold a cat")
        face = min(edges, turn180(edges))
        if face in seen_faces:
            raise entry["pattern"].fail("another class already has this shape (or its 180 turn)")
        seen_faces.add(face)
        toys = [t.int(0, 99) for t in entry["toys"].list(min_length=1)]
        total += len(toys)
        for value in sorted(set(toys)):
            add(f"{cls} t{value}", cls, BOX, edges, value, toys.count(value))
    expected = root["box_card_total"].int(1)
    if total != expected:
        raise root["box_cards"].fail(f"holds {total} cards, expected {expected}")
    special = root["special_toy_cards"]
    toy_id = special["id"].str()
    toy_value = special["toys"].int(0, 99)
    toy_edges = _pattern(special["pattern"])
    if any(k.edges in (toy_edges, turn180(toy_edges)) and k.toys == toy_value for k in kinds):
        raise special.fail("looks exactly like a box card; give it another pattern or toy count")
    add(f"{toy_id} t{toy_value}", toy_id, TOY, toy_edges, toy_value, special["count"].int(0))
    princess_node = root["princess_cards"]
    princess = add(princess_node["id"].str(), princess_node["id"].str(), PRINCESS, 0, 0,
                   princess_node["count"].int(0))
    start_node = root["start_cards"]
    start_id = start_node["id"].str()
    start = add(start_id, start_id, START, _pattern(start_node["pattern"]),
                start_node["toys"].int(0, 99), 0)
    names = [k.name for k in kinds]
    if len(set(names)) != len(names):
        raise root.fail(f"two kinds of card share a name among {names}")
    pile_total = root["draw_pile_total"].int(1)
    if len(pile) != pile_total:
        raise root["draw_pile_total"].fail(f"the cards listed make {len(pile)}, expected {pile_total}")

    lo, hi = manifest("boxes").players
    start_count = start_node["count"].int(1)
    if start_count < hi:
        raise start_node["count"].fail(f"{lo}-{hi} players need at least {hi} start cards")
    rotations = tuple(r.int() for r in root["rotations"].list(min_length=1, unique=True))
    if set(rotations) - {0, 180} or 0 not in rotations:
        raise root["rotations"].fail("expected 0 and optionally 180 (cards stay landscape)")

    table = root["table"]
    presets = {}
    for name, node in table["presets"].items():
        cols, rows = node["cols"].int(3, 64), node["rows"].int(3, 64)
        if cols < 2 * hi - 1:
            raise node["cols"].fail(f"{cols} columns cannot hold a start row of {hi} cards")
        presets[name] = TablePreset(name, cols, rows)
    default_table = table["default"].str(tuple(presets))
    sides = tuple(s.str(("left", "right")) for s in root["start_row"]["suggested_sides"].list(length=hi - 1))
    scoring = root["scoring"]
    weights = scoring["weights"]
    tiebreak = tuple(t.str() for t in scoring["winner_tiebreak"].list())
    if tiebreak != ("boxes_won", "shared"):
        raise scoring["winner_tiebreak"].fail("only [boxes_won, shared] is implemented")
    data = BoxesData(
        min_players=lo,
        max_players=hi,
        hand_size=root["hand_size"].int(1, 9),
        cats_per_player=root["cats_per_player"].int(1, 20),
        rotations=rotations,
        random_start_player=root["start_player"].str(("random", "first")) == "random",
        kinds=tuple(kinds),
        by_name={k.name: k.index for k in kinds},
        pile=tuple(pile),
        start=start,
        start_count=start_count,
        princess=princess,
        presets=presets,
        default_table=default_table,
        suggested_sides=sides,
        weight_awake=weights["awake"].int(0),
        weight_sleeping=weights["sleeping"].int(0),
        open_boxes_default=_choice(scoring, "open_boxes", OPEN_BOX_CHOICES),
        majority_tie_default=_choice(scoring, "majority_tie", TIE_CHOICES),
        ai=root["ai"],
    )
    root.done(elsewhere=("ai",))
    return data


def load_boxes_data(path: Path | None = None) -> BoxesData:
    """Load and validate ``data/boxes.yaml`` (or another file of the same shape)."""
    return parse_boxes_data(load_yaml(path or data_path("boxes.yaml")))


@lru_cache(maxsize=None)
def boxes_data() -> BoxesData:
    """The game's data, loaded once per process."""
    return load_boxes_data()

"""Reading positions: what every game's ``position`` module shares.

A position reaches a game as a plain mapping: a file read by ``safe_yaml``, a save's
``position``, or the observed view the AI worker is sent.  ``position_node`` wraps it in a
``PositionNode``, the ``core.data.Node`` of positions, so every error names the key path and the
problem (``hands.P2.0: unknown card 'X9'``) and is one ``PositionError``, whatever the game.

A hand-written position may leave most things out, and a save writes null for "none": ``opt``
reads both as absent, and null read as a list or mapping is an empty one.  Cards a seat cannot
see are written ``?`` (``core.rules.UNSEEN_TEXT``); ``deal_unseen`` deals them from what the
position places nowhere, so a view reads back as one full game that view allows.
"""

from __future__ import annotations

from operator import methodcaller
from typing import Any, Callable, Generic, Hashable, Self, Sequence, TypeVar

from catgames.core.data import DataError, Node
from catgames.core.rules import UNSEEN_TEXT, Game, State
from catgames.core.safe_yaml import brief


class PositionError(DataError):
    """A position (file, save or view) that does not describe a game of its kind."""


class PositionNode(Node):
    """A value in a position; its errors are ``PositionError``\\ s located by key path."""

    __slots__ = ()
    error = PositionError

    def _expect(self, kind: type | tuple[type, ...], name: str) -> Any:
        """Null read as a list or mapping is an empty one: a save writes null for "none"."""
        if self.value is None and kind in (list, dict):
            return [] if kind is list else {}
        return super()._expect(kind, name)

    def opt(self, key: str, default: Any = None) -> Self:
        """The value at ``key`` of this mapping, or ``default`` (at the same path, for
        messages) where the key is missing or null."""
        node = self.get(key)
        if node is None or node.value is None:
            return type(self)(default, self.file, self.path + (key,), self.asked)
        return node

    def seat(self, names: Sequence[str]) -> int:
        """The index of the seat this value names."""
        return seat_of(self, self.value, names)

    def by_seat(self, names: Sequence[str]) -> list[tuple[int, Self]]:
        """A mapping keyed by seat name as ``(seat, value)`` pairs; a key that is no seat is
        refused, so nothing the file says is dropped in silence."""
        return [(seat_of(self, key, names), node) for key, node in self.items()]

    def options(self, game: Game, extra: dict[str, Any] | None = None) -> dict[str, Hashable]:
        """The game's options: its defaults overlaid with the ``options`` mapping, then
        ``extra`` (options a position writes at the top level)."""
        node = self.opt("options")
        given = {key: item.value for key, item in node.items()}
        try:
            return game.resolve_options({**given, **(extra or {})})
        except ValueError as exc:
            raise node.fail(str(exc)) from None


def seat_of(node: Node, value: Any, names: Sequence[str]) -> int:
    """The index of the seat ``value`` names (a value, a key or a word at ``node``)."""
    if not isinstance(value, str) or value not in names:
        raise node.fail(f"unknown seat {brief(value)}; expected one of {', '.join(names)}")
    return list(names).index(value)


def position_node(doc: Any, game_id: str) -> PositionNode:
    """``doc`` ready to read as a position of ``game_id``; refused unless it is a mapping
    whose ``game`` says so."""
    root = PositionNode(doc, "", ())
    if not isinstance(doc, dict):
        raise root.fail(f"a {game_id} position must be a mapping (see docs/positions.md)")
    if doc.get("game") != game_id:
        raise root.opt("game").fail(f"expected {game_id!r}, got {brief(doc.get('game'))}")
    return root


def deal_unseen(node: Node, places: Sequence[list[int]], pool: list[int], unknown: int,
                shuffle: Callable[[list[int]], object] | None = None) -> list[int]:
    """Replace each ``unknown`` card of ``places`` (in order) by the next card of ``pool``;
    return the cards not dealt.  ``shuffle`` mixes the pool first, and only when a card is
    unseen, so a seeded generator is not drawn on in vain.  Too few cards is an error at
    ``node``."""
    holes = sum(cards.count(unknown) for cards in places)
    if not holes:
        return pool
    if len(pool) < holes:
        raise node.fail(f"{holes} unseen cards ({UNSEEN_TEXT}) but only {len(pool)} cards are "
                        "left to deal")
    if shuffle is not None:
        shuffle(pool)
    dealt = iter(pool)
    for cards in places:
        cards[:] = [next(dealt) if c == unknown else c for c in cards]
    return list(dealt)


S = TypeVar("S", bound=State)
T = TypeVar("T")
SHARED = "position"  #: where ``SplitPosition.view`` keeps the part of a view every seat shares
KEPT = "kept"  #: where a runner hands its updates the table's ``Kept`` (kept from one change to the next)


class Kept:
    """Parts of a table's views as last written, each with a copy of what it was written from:
    after a move most of a position is as it was, and a server writes every seat's view after
    every move.  A part is written again only when its sources (lists and dicts of numbers,
    texts and tuples of them, fields of the observation; a nested list passed as its lists) no
    longer compare equal to the copy.  What it returns is shared with the views written
    before: it is written to be sent, never changed."""

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: dict[Hashable, tuple[tuple[Any, ...], Any]] = {}

    def part(self, name: Hashable, write: Callable[[], T], *sources: list[Any] | dict[Any, Any]) -> T:
        """Part ``name`` of the view: ``write()``, unless ``sources`` are those it was written
        from.  Worth it for a part that takes longer to write than to compare (a deck, a board:
        not a hand of a few cards)."""
        known = self._parts.get(name)
        if known is not None and known[0] == sources:
            value: T = known[1]
            return value
        value = write()
        self._parts[name] = (tuple(map(_copy, sources)), value)
        return value


_copy = methodcaller("copy")  #: a source's copy (no later change to the observation reaches it)


class Unkept(Kept):
    """Every part written afresh: a position written once (a save, a file, a view alone)."""

    __slots__ = ()

    def part(self, name: Hashable, write: Callable[[], T], *sources: list[Any] | dict[Any, Any]) -> T:
        return write()


UNKEPT = Unkept()
Part = Callable[[S, Kept], dict[str, Any]]


class SplitPosition(Generic[S]):
    """A game's position writer in two parts, so that the observations of one state by several
    seats share what they show alike: ``public(state, kept)``, the same for every seat's
    observation of a state (the keys of the other part there too, as ``None``, holding their
    place in the order written), and ``private(state, kept)``, the keys that may differ by seat
    (a hand seen or not).  What ``public`` writes must not depend on the seat observing:
    ``tests/core/test_views.py`` checks it on every position of seeded games, for every seat and
    the spectator.  ``kept``: where both may keep their larger parts from one move to the next
    (``Kept``)."""

    def __init__(self, public: Part[S], private: Part[S]) -> None:
        self.public = public
        self.private = private

    def __call__(self, state: S) -> dict[str, Any]:
        """The position of ``state``."""
        return {**self.public(state, UNKEPT), **self.private(state, UNKEPT)}

    def view(self, view: S, shared: dict[str, Any]) -> dict[str, Any]:
        """The position of the observation ``view``, its public part the one another seat's
        observation of the same state wrote into ``shared`` (written there if none did), with
        the table's ``Kept`` if ``shared`` holds one."""
        kept = shared.get(KEPT, UNKEPT)
        common = shared.get(SHARED)
        if common is None:
            common = shared[SHARED] = self.public(view, kept)
        return {**common, **self.private(view, kept)}

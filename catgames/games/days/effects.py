"""The interpreter of the card vocabulary (spec 2.2): placements, conditions and effects.

A card's resolution is a short list of *steps*; each step offers spots (seat, day, position) to
choose from.  An animal's first step is its placement and its effect's steps follow; an event
has only its effect's steps.  Nothing changes on the board until the last choice is made, so a
card can be taken back until then, and the end check runs only after full resolution.
Every card is data: the code below knows effect *types*, never card names.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, Protocol

from catgames.core.rules import Event
from catgames.games.days.components import DAYS, NO_POS, Card, DaysData, Effect, spot_text

Spot = tuple[int, int, int]   #: (seat, day, position in the stack or NO_POS)


class Board(Protocol):
    """What the interpreter reads and changes: the state's weeks, trees and discard pile."""

    data: DaysData
    weeks: list[list[tuple[int, ...]]]
    trees: list[int]
    discard: list[int]

    @property
    def players(self) -> int: ...

    def shuffle_rng(self) -> random.Random: ...


# -- board queries ------------------------------------------------------------------------------
def holds(b: Board, seat: int, day: int, version: int) -> bool:
    """The day holds animals of ``version`` (stacks never mix versions, rule 27)."""
    stack = b.weeks[seat][day]
    return bool(stack) and b.data.version[stack[-1]] == version


def has_tree(b: Board, seat: int, day: int) -> bool:
    return bool(b.trees[seat] >> day & 1)


def accepts(b: Board, seat: int, day: int, version: int, tree_ok: bool) -> bool:
    """An animal of ``version`` may land here as on an empty day.

    A day with only a Cat Tree counts as empty, but a tree hosts only its own version's animals;
    a tree day with animals takes one more only for ``tree_ok`` cards while it has room.
    """
    stack = b.weeks[seat][day]
    if not b.trees[seat] >> day & 1:
        return not stack
    if b.data.version[b.data.tree] != version:
        return False
    return not stack or (tree_ok and len(stack) < b.data.rules.tree_capacity)


def week_seats(scope: str, seat: int, players: int) -> range | list[int]:
    if scope == "own":
        return [seat]
    if scope == "opponent":
        return [s for s in range(players) if s != seat]
    return range(players)


def neighbours(day: int) -> Iterator[int]:
    """The previous and next day of the same week; weeks never connect (rule 11)."""
    if day > 0:
        yield day - 1
    if day < DAYS - 1:
        yield day + 1


def animal_spots(b: Board, seats: range | list[int], version: int, position: str) -> list[Spot]:
    """Every day (``top``) or every card (``any``) holding an animal of ``version``."""
    found = []
    for s in seats:
        for d in range(DAYS):
            if holds(b, s, d, version):
                if position == "top":
                    found.append((s, d, NO_POS))
                else:
                    found += [(s, d, p) for p in range(len(b.weeks[s][d]))]
    return found


# -- placement (rules 8-10) ------------------------------------------------------------------------
Condition = Callable[[Board, int, int, int, frozenset], bool]

CONDITIONS: dict[str, Condition] = {
    "right_neighbour_has_animal": lambda b, s, d, v, _: d + 1 < DAYS and holds(b, s, d + 1, v),
    "left_neighbour_has_animal": lambda b, s, d, v, _: d > 0 and holds(b, s, d - 1, v),
    "no_animal_on_adjacent_days": lambda b, s, d, v, _: not any(holds(b, s, n, v) for n in neighbours(d)),
    "both_adjacent_days_occupied": lambda b, s, d, v, _: 0 < d < DAYS - 1 and bool(b.weeks[s][d - 1])
    and bool(b.weeks[s][d + 1]),
    "all_other_own_days_occupied": lambda b, s, d, v, _: all(b.weeks[s][e] for e in range(DAYS) if e != d),
    "day_has_no_cat_tree": lambda b, s, d, v, _: not has_tree(b, s, d),
    "adjacent_visible_not_in": lambda b, s, d, v, ids: not any(
        not ids.isdisjoint(_visible(b, s, n)) for n in neighbours(d)),
}


def _visible(b: Board, seat: int, day: int) -> tuple[int, ...]:
    stack = b.weeks[seat][day]
    return stack[-b.data.rules.visible_cats:] if has_tree(b, seat, day) else stack[-1:]


def _onto(b: Board, card: Card, seat: int, day: int) -> bool:
    p = card.placement
    assert p is not None
    v = card.version
    stack = b.weeks[seat][day]
    if p.onto == "empty_day":
        return (not stack and not b.trees[seat] >> day & 1) or accepts(b, seat, day, v, p.cat_tree_ok)
    if p.onto == "top_of_animal":
        return holds(b, seat, day, v) and (not has_tree(b, seat, day)
                                           or len(stack) < b.data.rules.tree_capacity)
    return not stack or b.data.version[stack[-1]] == v          # no_dogs: no other version


def placement_ok(b: Board, seat: int, card: Card, spot: Spot) -> bool:
    """``card`` may be played from hand onto ``spot`` (a whole day) now."""
    p = card.placement
    assert p is not None
    s, d, pos = spot
    return (pos == NO_POS and 0 <= d < DAYS and p.days >> d & 1 == 1 and s in week_seats(p.weeks, seat, b.players)
            and _onto(b, card, s, d)
            and all(CONDITIONS[name](b, s, d, card.version, arg) for name, arg in p.conditions))


def placement_spots(b: Board, seat: int, card: Card) -> list[Spot]:
    """Where ``seat`` may play ``card`` from hand now (the hot path of move generation)."""
    p = card.placement
    assert p is not None
    v, conditions = card.version, p.conditions
    simple = p.onto == "empty_day"
    found = []
    for s in week_seats(p.weeks, seat, b.players):
        week, trees = b.weeks[s], b.trees[s]
        for d in p.day_list:
            if simple and (week[d] or trees >> d & 1):
                if not accepts(b, s, d, v, p.cat_tree_ok):
                    continue
            elif not simple and not _onto(b, card, s, d):
                continue
            for name, arg in conditions:
                if not CONDITIONS[name](b, s, d, v, arg):
                    break
            else:
                found.append((s, d, NO_POS))
    return found


def place(b: Board, seat: int, card: Card, spot: Spot) -> Event:
    s, d, _ = spot
    if card.kind == "cat_tree":
        b.trees[s] |= 1 << d
    else:
        b.weeks[s][d] += (card.index,)
    return Event.of("place", seat, card=card.id, to=spot_text(s, d))


# -- stack surgery ----------------------------------------------------------------------------------
def take(b: Board, spot: Spot) -> int:
    """Lift one card off a stack: the top one for NO_POS, else that position."""
    s, d, p = spot
    stack = b.weeks[s][d]
    p = len(stack) - 1 if p == NO_POS else p
    b.weeks[s][d] = stack[:p] + stack[p + 1:]
    return stack[p]


def to_discard(b: Board, seat: int, cards: list[int], where: str) -> list[Event]:
    if not cards:
        return []
    b.discard += cards
    return [Event.of("discard", seat, cards=tuple(b.data.cards[c].id for c in cards), at=where)]


# -- effects ----------------------------------------------------------------------------------------
Step = Callable[[Board, int, Card, Spot | None, tuple[Spot, ...]], list[Spot]]


class Kind:
    """One effect type: its choice steps and how it resolves once every choice is made."""

    def __init__(self, effect: Effect) -> None:
        self.e = effect

    def steps(self) -> tuple[Step, ...]:
        return ()

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        raise NotImplementedError


class MoveAnimal(Kind):
    """Move one animal (Australian Shepherd, Lead, Comfy Cushion, Cardboard Box): pick the
    animal, then an empty day (or a tree with room) in the allowed weeks, never its own day."""

    def steps(self) -> tuple[Step, ...]:
        e = self.e

        def sources(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            if e.from_weeks == "adjacent":
                assert anchor is not None
                s, d, _ = anchor
                return [spot for n in neighbours(d)
                        for spot in animal_spots(b, [s], card.version, e.from_position) if spot[1] == n]
            return animal_spots(b, week_seats(e.from_weeks, seat, b.players), card.version, e.from_position)

        def targets(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            barred = {chosen[0][:2]} | ({anchor[:2]} if anchor else set())
            v, ok = card.version, e.cat_tree_ok
            found = []
            for s in week_seats(e.to_weeks, seat, b.players):
                week, trees = b.weeks[s], b.trees[s]
                for d in range(DAYS):
                    if (not week[d] and not trees >> d & 1 or accepts(b, s, d, v, ok)) and (s, d) not in barred:
                        found.append((s, d, NO_POS))
            return found

        return sources, targets

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        source, (s, d, _) = chosen
        moved = take(b, source)
        b.weeks[s][d] += (moved,)
        return [Event.of("move", seat, card=b.data.cards[moved].id,
                         source=spot_text(*source), to=spot_text(s, d))]


class SendStackBelow(Kind):
    """St Bernard: what it covered goes, order kept, to an empty day of a chosen opponent."""

    def steps(self) -> tuple[Step, ...]:
        e = self.e

        def targets(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            return [(s, d, NO_POS) for s in week_seats(e.to_weeks, seat, b.players) for d in range(DAYS)
                    if accepts(b, s, d, card.version, False)]

        return (targets,)

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        assert anchor is not None
        (ts, td, _), (s, d, _) = chosen[0], anchor
        *below, top = b.weeks[s][d]
        keep, sent = ([], below) if self.e.moves == "whole_stack" else (below[:-1], below[-1:])
        b.weeks[s][d] = (*keep, top)
        b.weeks[ts][td] += tuple(sent)
        return [Event.of("send", seat, cards=tuple(b.data.cards[c].id for c in sent),
                         source=spot_text(s, d), to=spot_text(ts, td))]


class DiscardAdjacent(Kind):
    """Feral Cat: the same-version animals of both neighbouring days are discarded."""

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        assert anchor is not None
        s, d, _ = anchor
        events: list[Event] = []
        for n in neighbours(d):
            if not holds(b, s, n, card.version):
                continue
            stack = b.weeks[s][n]
            cut = len(stack) - len(_visible(b, s, n)) if self.e.positions == "visible" else 0
            b.weeks[s][n] = stack[:cut]
            events += to_discard(b, seat, list(stack[cut:]), spot_text(s, n))
        return events


class Remove(Kind):
    """Fred's Treats, Laser Pointer: one animal goes to the discard pile."""

    def steps(self) -> tuple[Step, ...]:
        e = self.e

        def targets(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            return animal_spots(b, week_seats(e.from_weeks, seat, b.players), card.version, e.from_position)

        return (targets,)

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        return to_discard(b, seat, [take(b, chosen[0])], spot_text(*chosen[0]))


class SwapDayStacks(Kind):
    """Grooming and friends: swap your stack of a weekday with a chosen opponent's, order kept.

    Each side must hold this version's animals or be empty for them (a dog never lands on a
    Cat Tree); at least one side holds animals (rules 26-27, edge case 11)."""

    def steps(self) -> tuple[Step, ...]:
        e = self.e
        days = range(DAYS) if e.day == NO_POS else (e.day,)

        def side(b: Board, s: int, d: int, v: int) -> int:
            """1 with animals, 0 empty for this version, -1 not swappable."""
            if holds(b, s, d, v):
                return 1
            return 0 if accepts(b, s, d, v, False) and not b.weeks[s][d] else -1

        def targets(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            found = []
            need = 2 if not e.allow_empty_side else 1
            for d in days:
                mine = side(b, seat, d, card.version)
                for o in week_seats("opponent", seat, b.players):
                    theirs = side(b, o, d, card.version)
                    if mine >= 0 and theirs >= 0 and mine + theirs >= need:
                        found.append((o, d, NO_POS))
            return found

        return (targets,)

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        o, d, _ = chosen[0]
        b.weeks[seat][d], b.weeks[o][d] = b.weeks[o][d], b.weeks[seat][d]
        return [Event.of("swap", seat, days=(spot_text(seat, d), spot_text(o, d)))]


class SwapOneSameDay(Kind):
    """Cat Toys: one of your animals changes places with one of an opponent's on the same
    weekday; each takes the other's exact stack position."""

    def steps(self) -> tuple[Step, ...]:
        e = self.e

        def mine(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            return animal_spots(b, [seat], card.version, e.from_position)

        def theirs(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            day = chosen[0][1]
            return [spot for spot in animal_spots(b, week_seats("opponent", seat, b.players), card.version,
                                                  e.from_position) if spot[1] == day]

        return mine, theirs

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        spots = [(s, d, len(b.weeks[s][d]) - 1 if p == NO_POS else p) for s, d, p in chosen]
        cards = [b.weeks[s][d][p] for s, d, p in spots]
        for (s, d, p), c in zip(spots, reversed(cards)):
            stack = b.weeks[s][d]
            b.weeks[s][d] = stack[:p] + (c,) + stack[p + 1:]
        return [Event.of("exchange", seat, spots=tuple(spot_text(*sp) for sp in spots))]


class Relayout(Kind):
    """Catnip: shuffle every animal of this version in your week and lay them out one per day
    from the chosen day on; what does not fit by Sunday is discarded; trees stay."""

    def steps(self) -> tuple[Step, ...]:
        def starts(b: Board, seat: int, card: Card, anchor: Spot | None, chosen: tuple[Spot, ...]) -> list[Spot]:
            if not any(holds(b, seat, d, card.version) for d in range(DAYS)):
                return []
            return [(seat, d, NO_POS) for d in range(DAYS)]

        return (starts,)

    def resolve(self, b: Board, seat: int, card: Card, anchor: Spot | None,
                chosen: tuple[Spot, ...]) -> list[Event]:
        week = b.weeks[seat]
        gathered: list[int] = []
        for d in range(DAYS):
            if holds(b, seat, d, card.version):
                gathered += week[d]
                week[d] = ()
        b.shuffle_rng().shuffle(gathered)
        laid = []
        for d in range(chosen[0][1], DAYS):
            if gathered and not week[d]:
                week[d] = (gathered.pop(),)
                laid.append(spot_text(seat, d))
        events = [Event.of("relayout", seat, days=tuple(laid))]
        return events + to_discard(b, seat, gathered, spot_text(seat, DAYS - 1))


KINDS: dict[str, type[Kind]] = {
    "move_animal": MoveAnimal, "send_stack_below": SendStackBelow, "discard_adjacent": DiscardAdjacent,
    "remove": Remove, "swap_day_stacks": SwapDayStacks, "swap_one_same_day": SwapOneSameDay,
    "relayout": Relayout,
}


# -- the resolution of one card ------------------------------------------------------------------------
class Resolution:
    """How one card type is played: its steps (placement first for animals) and its effect."""

    def __init__(self, data: DaysData, card: Card) -> None:
        self.data = data
        self.card = card
        self.kind: Kind | None = KINDS[card.effect.type](card.effect) if card.effect else None
        self.effect_steps = self.kind.steps() if self.kind else ()
        self.placed = card.placement is not None
        self.skippable = self.placed and data.rules.animal_effect_if_impossible == "skip"
        self.total = len(self.effect_steps) + self.placed

    def _raw(self, b: Board, seat: int, chosen: tuple[Spot, ...]) -> list[Spot]:
        if self.placed:
            if not chosen:
                return placement_spots(b, seat, self.card)
            anchor, rest = chosen[0], chosen[1:]
        else:
            anchor, rest = None, chosen
        return self.effect_steps[len(rest)](b, seat, self.card, anchor, rest)

    def _completable(self, b: Board, seat: int, chosen: tuple[Spot, ...]) -> bool:
        if len(chosen) == self.total:
            return True
        return any(self._completable(b, seat, chosen + (o,)) for o in self._raw(b, seat, chosen))

    def options(self, b: Board, seat: int, chosen: tuple[Spot, ...] = ()) -> list[Spot]:
        """The choices for the next step, each of which can be carried to the end.

        An animal's placement is offered even when its effect cannot follow (ruling ``skip``)."""
        k = len(chosen)
        if k >= self.total:
            return []
        raw = self._raw(b, seat, chosen)
        if k == self.total - 1 or (self.skippable and not chosen):
            return raw
        return [o for o in raw if self._completable(b, seat, chosen + (o,))]

    def allows(self, b: Board, seat: int, chosen: tuple[Spot, ...]) -> bool:
        """The last of ``chosen`` is one of ``options(chosen[:-1])`` (checked without listing them)."""
        before, last = chosen[:-1], chosen[-1]
        if self.placed and not before:
            if not placement_ok(b, seat, self.card, last):
                return False
            if self.skippable:
                return True
        elif last not in self._raw(b, seat, before):
            return False
        return self._completable(b, seat, chosen)

    def is_complete(self, b: Board, seat: int, chosen: tuple[Spot, ...]) -> bool:
        """Every choice is made, or an animal's effect has no way to go on (it is skipped)."""
        if len(chosen) >= self.total:
            return True
        return self.skippable and len(chosen) >= 1 and not self.options(b, seat, chosen)

    def resolve(self, b: Board, seat: int, chosen: tuple[Spot, ...]) -> list[Event]:
        events = []
        anchor = None
        rest = chosen
        if self.placed:
            anchor, rest = chosen[0], chosen[1:]
            events.append(place(b, seat, self.card, anchor))
        if self.kind is not None and len(rest) == len(self.effect_steps):
            events += self.kind.resolve(b, seat, self.card, anchor, rest)
        return events


# -- why a placement is refused (for the UI's reason line) ------------------------------------------
CONDITION_REASONS = {
    "right_neighbour_has_animal": "needs_right_neighbour",
    "left_neighbour_has_animal": "needs_left_neighbour",
    "no_animal_on_adjacent_days": "neighbour_taken",
    "both_adjacent_days_occupied": "needs_both_neighbours",
    "all_other_own_days_occupied": "needs_other_days",
    "day_has_no_cat_tree": "cat_tree_there",
    "adjacent_visible_not_in": "forbidden_neighbour",
}


def why_not_placed(b: Board, seat: int, card: Card, spot: Spot) -> tuple[str, dict[str, object]]:
    """The first placement rule that ``spot`` breaks, as a reason code and its arguments."""
    p = card.placement
    assert p is not None
    s, d, pos = spot
    at = spot_text(s, d)
    if pos != NO_POS or not (0 <= s < b.players and 0 <= d < DAYS):
        return "not_a_day", {"spot": spot_text(*spot) if 0 <= s < b.players else str(spot)}
    if s not in week_seats(p.weeks, seat, b.players):
        return "own_week_only", {"card": card.id}
    if not p.days >> d & 1:
        allowed = tuple(b.data.day_names[e].capitalize() for e in range(DAYS) if p.days >> e & 1)
        return "wrong_day", {"card": card.id, "days": ", ".join(allowed)}
    if not _onto(b, card, s, d):
        stack = b.weeks[s][d]
        if has_tree(b, s, d) and stack and b.data.version[stack[-1]] == card.version:
            return "cat_tree_full", {"at": at}
        if has_tree(b, s, d) and b.data.version[b.data.tree] != card.version:
            return "cat_tree_there", {"card": card.id, "at": at}
        if p.onto == "top_of_animal":
            return "needs_animal_below", {"card": card.id, "at": at}
        if p.onto == "no_dogs":
            return "other_animals_there", {"card": card.id, "at": at}
        return "day_taken", {"at": at}
    for name, arg in p.conditions:
        if not CONDITIONS[name](b, s, d, card.version, arg):
            return CONDITION_REASONS[name], {"card": card.id, "at": at}
    return "no_follow_up", {"card": card.id, "at": at}

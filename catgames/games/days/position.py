"""Reading a Woof Days / Cat Days position file (docs/positions.md) into a state, with readable
errors.  Positions need not be reachable by play: only the cards are checked (known ids, no
more copies than the decks hold, stacks of one version, trees only under their own animals)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from catgames.core.rules import Game, UNSEEN_TEXT
from catgames.core.safe_yaml import brief
from catgames.games.days.components import DAYS, NO_POS, UNKNOWN, spot_text
from catgames.games.days.rules import DaysState, resolutions
from catgames.games.days.scoring import is_filled


class PositionError(ValueError):
    """A position file that does not describe a Woof Days / Cat Days game."""


def _mapping(value: Any, where: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise PositionError(f"{where}: expected a mapping, got {brief(value)}")
    return value


def _list(value: Any, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list, got {brief(value)}")
    return value


def _int(value: Any, where: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise PositionError(f"{where}: expected a whole number of at least {lo}, got {brief(value)}")
    return value


class _Reader:
    """Turns names in the file into indices, naming the key path of anything wrong."""

    def __init__(self, state: DaysState) -> None:
        self.state = state
        self.data = state.data

    def card(self, value: Any, where: str, hidden_ok: bool = False) -> int:
        """A card by id; ``?`` (a card the file's seat cannot see, dealt later) where
        ``hidden_ok``."""
        if hidden_ok and value == UNSEEN_TEXT:
            return UNKNOWN
        if not isinstance(value, str) or value not in self.data.by_id:
            raise PositionError(f"{where}: unknown card {brief(value)}")
        return self.data.by_id[value]

    def cards(self, value: Any, where: str, hidden_ok: bool = False) -> list[int]:
        return [self.card(v, f"{where}[{i}]", hidden_ok) for i, v in enumerate(_list(value, where))]

    def seat(self, value: Any, where: str) -> int:
        try:
            return self.data.seat_index(str(value), self.state.n)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from exc

    def spot(self, value: Any, where: str) -> tuple[int, int, int]:
        text = str(value).split()
        if len(text) != 2:
            raise PositionError(f"{where}: expected a spot like 'P2 Fri' or 'P2 Fri:0', got {brief(value)}")
        day, _, pos = text[1].partition(":")
        try:
            return (self.seat(text[0], where), self.data.day_index(day), int(pos) if pos else NO_POS)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from exc

    def day(self, seat: int, key: Any, value: Any, where: str) -> None:
        try:
            d = self.data.day_index(str(key))
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from exc
        state, data = self.state, self.data
        stack = []
        for i, c in enumerate(self.cards(value, where)):
            if c == data.tree:
                if state.trees[seat] >> d & 1:
                    raise PositionError(f"{where}[{i}]: a day holds one Cat Tree at most")
                state.trees[seat] |= 1 << d
            elif not data.cards[c].is_animal:
                raise PositionError(f"{where}[{i}]: {data.cards[c].id} is an event; only animals and "
                                    "a Cat Tree stay on a day")
            else:
                stack.append(c)
        if len({data.version[c] for c in stack}) > 1:
            raise PositionError(f"{where}: a day holds dogs or cats, never both")
        if stack and state.trees[seat] >> d & 1 and data.version[stack[0]] != data.version[data.tree]:
            raise PositionError(f"{where}: a Cat Tree hosts only cats")
        state.weeks[seat][d] = tuple(stack)


def state_from_position(doc: Any, game: Game) -> DaysState:
    """Build a ``DaysState`` from a position mapping; raises ``PositionError`` when it is wrong."""
    if not isinstance(doc, dict):
        raise PositionError("a days position must be a mapping with keys game, options, weeks, hands")
    if doc.get("game") != "days":
        raise PositionError(f"game: expected 'days', got {brief(doc.get('game'))}")
    try:
        options = game.resolve_options(_mapping(doc.get("options"), "options"))
    except ValueError as exc:
        raise PositionError(f"options: {exc}") from exc
    weeks = _mapping(doc.get("weeks"), "weeks")
    players = _int(doc.get("players", len(weeks)), "players", 1)
    if not game.min_players <= players <= game.max_players:
        raise PositionError(f"players: expected {game.min_players}-{game.max_players}, got {players}")
    state = DaysState(options, players, _int(doc.get("seed", 0), "seed"))
    state.shuffles = _int(doc.get("shuffles", 0), "shuffles")
    read = _Reader(state)
    for name, days in weeks.items():
        seat = read.seat(name, "weeks")
        for key, stack in _mapping(days, f"weeks.{name}").items():
            read.day(seat, key, stack, f"weeks.{name}.{key}")
    for name, cards in _mapping(doc.get("hands"), "hands").items():
        state.hands[read.seat(name, "hands")] = read.cards(cards, f"hands.{name}", hidden_ok=True)
    state.discard = read.cards(doc.get("discard"), "discard")
    if "box" in doc:
        state.box = read.cards(doc["box"], "box")
    else:
        state.box = state.data.setup(str(options["decks"]), players, str(options["cat_trees"]))[2]
    state.turn = read.seat(doc.get("turn", doc.get("to_move", "P1")), "turn")
    state.passes = _int(doc.get("passes", 0), "passes")
    _read_pending(read, doc.get("pending"))
    _read_refill(read, doc.get("refill"))
    _deal_deck(read, doc)
    state.over = bool(doc.get("over", False)) or any(
        is_filled(state.data, state.weeks[s], state.trees[s]) for s in range(players))
    return state


def _read_pending(read: _Reader, value: Any) -> None:
    if value is None:
        return
    item = _mapping(value, "pending")
    state = read.state
    card = read.card(item.get("card"), "pending.card")
    chosen: tuple = ()
    for i, text in enumerate(_list(item.get("choices"), "pending.choices")):
        spot = read.spot(text, f"pending.choices[{i}]")
        if spot not in resolutions()[card].options(state, state.turn, chosen):
            raise PositionError(f"pending.choices[{i}]: {text} is not a choice of {state.data.cards[card].id} here")
        chosen += (spot,)
    if not chosen:
        raise PositionError("pending.choices: a card mid-play has at least its first choice")
    state.pending = (card, chosen)


def _read_refill(read: _Reader, value: Any) -> None:
    if value is None:
        return
    item = _mapping(value, "refill")
    state = read.state
    seats = [read.seat(s, f"refill.discarding[{i}]") for i, s in enumerate(_list(item.get("discarding"), "refill.discarding"))]
    for s in seats:
        if len(state.hands[s]) <= state.data.rules.hand_limit:
            raise PositionError(f"refill.discarding: {state.names[s]} holds no more than "
                                f"{state.data.rules.hand_limit} cards")
    state.refill = seats
    state.draw_after = bool(item.get("draw_after", False))


def _known(state: DaysState) -> Counter[int]:
    """The cards whose faces the file gives, wherever they are."""
    return Counter(c for c in state.located() if c != UNKNOWN)


def _deal_unseen(state: DaysState) -> None:
    """Deal the cards the file does not place into its ``?`` slots (hands and deck), shuffled:
    a seat's view of a game reads back as one full game that view allows."""
    slots = [(hand, i) for hand in state.hands for i, c in enumerate(hand) if c == UNKNOWN]
    slots += [(state.deck, i) for i, c in enumerate(state.deck) if c == UNKNOWN]
    if not slots:
        return
    pool = list((state.full - _known(state)).elements())
    if len(pool) < len(slots):
        raise PositionError(f"the position has {len(slots)} unseen cards (?) but only "
                            f"{len(pool)} cards are left to deal")
    state.shuffle_rng().shuffle(pool)
    for (cards, i), card in zip(slots, pool):
        cards[i] = card


def _deal_deck(read: _Reader, doc: dict) -> None:
    """The deck as given (top first; unplaced cards are set aside), else the rest, shuffled."""
    state = read.state
    extra = _known(state) - state.full
    if extra:
        card, count = next(iter(extra.items()))
        raise PositionError(f"the position holds {count} more {state.data.cards[card].id} than the decks have")
    if "deck" in doc:
        state.deck = read.cards(doc["deck"], "deck", hidden_ok=True)[::-1]
        extra = _known(state) - state.full
        if extra:
            card = next(iter(extra))
            raise PositionError(f"deck: holds more {state.data.cards[card].id} than the decks have")
        _deal_unseen(state)
        state.box += list((state.full - _known(state)).elements())
    else:
        _deal_unseen(state)
        state.deck = list((state.full - Counter(state.located())).elements())
        state.shuffle_rng().shuffle(state.deck)


def state_to_position(state: DaysState) -> dict[str, Any]:
    """The position file (and save) of ``state``; ``state_from_position`` reads it back."""
    names = state.names
    data = state.data
    weeks = {}
    for s in range(state.n):
        weeks[names[s]] = {
            data.day_names[d].capitalize():
                ([data.cards[data.tree].id] if state.trees[s] >> d & 1 else []) + state.card_ids(state.weeks[s][d])
            for d in range(DAYS)}
    pending = None
    if state.pending is not None:
        card, chosen = state.pending
        pending = {"card": data.cards[card].id, "choices": [spot_text(*sp) for sp in chosen]}
    return {
        "game": "days",
        "options": dict(state.options),
        "players": state.n,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "turn": names[state.turn],
        "over": state.over,
        "passes": state.passes,
        "weeks": weeks,
        "hands": {names[s]: state.card_ids(state.hands[s]) for s in range(state.n)},
        "deck": state.card_ids(state.deck[::-1]),
        "discard": state.card_ids(state.discard),
        "box": state.card_ids(state.box),
        "pending": pending,
        "refill": {"discarding": [names[s] for s in state.refill], "draw_after": state.draw_after}
        if state.refill else None,
    }

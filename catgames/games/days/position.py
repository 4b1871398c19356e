"""Reading a Woof Days / Cat Days position file (docs/positions.md) into a state, with readable
errors.  Positions need not be reachable by play: only the cards are checked (known ids, no
more copies than the decks hold, stacks of one version, trees only under their own animals)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from catgames.core.position import Kept, PositionNode, SplitPosition, deal_unseen, position_node, seat_of
from catgames.core.rules import Game, Seat, UNSEEN_TEXT
from catgames.core.safe_yaml import brief
from catgames.games.days.components import DAYS, NO_POS, UNKNOWN, spot_text
from catgames.games.days.rules import DaysState, resolutions
from catgames.games.days.scoring import is_filled


def _card(state: DaysState, node: PositionNode, hidden_ok: bool = False) -> int:
    """A card by id; ``?`` (a card the file's seat cannot see, dealt later) where ``hidden_ok``."""
    if hidden_ok and node.value == UNSEEN_TEXT:
        return UNKNOWN
    if not isinstance(node.value, str) or node.value not in state.data.by_id:
        raise node.fail(f"unknown card {brief(node.value)}")
    return state.data.by_id[node.value]


def _cards(state: DaysState, node: PositionNode, hidden_ok: bool = False) -> list[int]:
    return [_card(state, item, hidden_ok) for item in node.list()]


def _spot(state: DaysState, node: PositionNode) -> tuple[int, int, int]:
    words = str(node.value).split()
    if len(words) != 2:
        raise node.fail(f"expected a spot like 'P2 Fri' or 'P2 Fri:0', got {brief(node.value)}")
    seat = seat_of(node, words[0], state.names)
    day, _, pos = words[1].partition(":")
    try:
        return seat, state.data.day_index(day), int(pos) if pos else NO_POS
    except ValueError as exc:
        raise node.fail(str(exc)) from exc


def _day(state: DaysState, seat: int, key: str, node: PositionNode) -> None:
    data = state.data
    try:
        d = data.day_index(key)
    except ValueError as exc:
        raise node.fail(str(exc)) from exc
    stack = []
    for item in node.list():
        c = _card(state, item)
        if c == data.tree:
            if state.trees[seat] >> d & 1:
                raise item.fail("a day holds one Cat Tree at most")
            state.trees[seat] |= 1 << d
        elif not data.cards[c].is_animal:
            raise item.fail(f"{data.cards[c].id} is an event; only animals and a Cat Tree stay on a day")
        else:
            stack.append(c)
    if len({data.version[c] for c in stack}) > 1:
        raise node.fail("a day holds dogs or cats, never both")
    if stack and state.trees[seat] >> d & 1 and data.version[stack[0]] != data.version[data.tree]:
        raise node.fail("a Cat Tree hosts only cats")
    state.weeks[seat][d] = tuple(stack)


def state_from_position(doc: Any, game: Game) -> DaysState:
    """Build a ``DaysState`` from a position mapping; raises ``PositionError`` when it is wrong."""
    root = position_node(doc, "days")
    options = root.options(game)
    weeks = root.opt("weeks")
    players = root.opt("players", len(weeks.keys())).int(game.min_players, game.max_players)
    state = DaysState(options, players, root.opt("seed", 0).int(0))
    state.shuffles = root.opt("shuffles", 0).int(0)
    names = state.names
    for seat, days in weeks.by_seat(names):
        for key, stack in days.items():
            _day(state, seat, key, stack)
    for seat, cards in root.opt("hands").by_seat(names):
        state.hands[seat] = _cards(state, cards, hidden_ok=True)
    state.discard = _cards(state, root.opt("discard"))
    box = root.opt("box")
    if box.value is None:
        state.box = state.data.setup(str(options["decks"]), players, str(options["cat_trees"]))[2]
    else:
        state.box = _cards(state, box)
    state.turn = root.opt("turn", root.opt("to_move", names[0]).value).seat(names)
    state.passes = root.opt("passes", 0).int(0)
    _read_pending(state, root.opt("pending"))
    _read_refill(state, root.opt("refill"))
    _deal_deck(state, root)
    state.over = root.opt("over", False).bool() or any(
        is_filled(state.data, state.weeks[s], state.trees[s]) for s in range(players))
    return state


def _read_pending(state: DaysState, node: PositionNode) -> None:
    if node.value is None:
        return
    card = _card(state, node["card"])
    choices = node.opt("choices")
    chosen: tuple = ()
    for item in choices.list():
        spot = _spot(state, item)
        if spot not in resolutions()[card].options(state, state.turn, chosen):
            raise item.fail(f"{item.value} is not a choice of {state.data.cards[card].id} here")
        chosen += (spot,)
    if not chosen:
        raise choices.fail("a card mid-play has at least its first choice")
    state.pending = (card, chosen)


def _read_refill(state: DaysState, node: PositionNode) -> None:
    if node.value is None:
        return
    discarding = node.opt("discarding")
    seats = [item.seat(state.names) for item in discarding.list()]
    for s in seats:
        if len(state.hands[s]) <= state.data.rules.hand_limit:
            raise discarding.fail(f"{state.names[s]} holds no more than "
                                  f"{state.data.rules.hand_limit} cards")
    state.refill = seats
    state.draw_after = node.opt("draw_after", False).bool()


def _known(state: DaysState) -> Counter[int]:
    """The cards whose faces the file gives, wherever they are."""
    return Counter(c for c in state.located() if c != UNKNOWN)


def _deal_unseen(state: DaysState, root: PositionNode) -> None:
    """Deal the cards the file does not place into its ``?`` slots (hands and deck)."""
    pool = list((state.full - _known(state)).elements())
    deal_unseen(root, [*state.hands, state.deck], pool, UNKNOWN,
                lambda cards: state.shuffle_rng().shuffle(cards))


def _deal_deck(state: DaysState, root: PositionNode) -> None:
    """The deck as given (top first; unplaced cards are set aside), else the rest, shuffled."""
    extra = _known(state) - state.full
    if extra:
        card, count = next(iter(extra.items()))
        raise root.fail(f"the position holds {count} more {state.data.cards[card].id} than the "
                        "decks have")
    deck = root.opt("deck")
    if deck.value is None:
        _deal_unseen(state, root)
        state.deck = list((state.full - Counter(state.located())).elements())
        state.shuffle_rng().shuffle(state.deck)
    else:
        state.deck = _cards(state, deck, hidden_ok=True)[::-1]
        extra = _known(state) - state.full
        if extra:
            raise deck.fail(f"holds more {state.data.cards[next(iter(extra))].id} than the decks have")
        _deal_unseen(state, root)
        state.box += list((state.full - _known(state)).elements())


def _public(state: DaysState, kept: Kept) -> dict[str, Any]:
    """All but the hands: every seat's observation of a state shows it alike."""
    names = state.names
    data = state.data
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
        "weeks": {names[s]: _week(state, s, kept) for s in range(state.n)},
        "hands": None,
        "deck": kept.part("deck", lambda: state.card_ids(state.deck[::-1]), state.deck),
        "discard": state.card_ids(state.discard),
        "box": state.card_ids(state.box),
        "pending": pending,
        "refill": {"discarding": [names[s] for s in state.refill], "draw_after": state.draw_after}
        if state.refill else None,
    }


def _week(state: DaysState, s: Seat, kept: Kept) -> dict[str, list[str]]:
    """Seat ``s``'s week (kept apart: a move changes one)."""
    data = state.data
    return kept.part(("week", s), lambda: {
        data.day_names[d].capitalize():
            ([data.cards[data.tree].id] if state.trees[s] >> d & 1 else []) + state.card_ids(state.weeks[s][d])
        for d in range(DAYS)}, state.trees, state.weeks[s])


def _private(state: DaysState, kept: Kept) -> dict[str, Any]:
    return {"hands": {state.names[s]: state.card_ids(state.hands[s]) for s in range(state.n)}}


#: the position file (and save) of a state; ``state_from_position`` reads it back
state_to_position = SplitPosition(_public, _private)

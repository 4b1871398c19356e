"""Woof Days / Cat Days: state and rules (spec rules 1-28).  Pure Python; never imports pygame.

A turn is one action (rule 6): draw, or play a card.  A card with several choices is played as
``play`` followed by ``choose`` moves while ``pending`` holds it; ``cancel`` takes it back until
its last choice is made, and only then does the board change (effects.py).  Refilling an empty
deck may ask players to ``discard`` down to the hand limit first (rule 18).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any, Hashable

from catgames.core.cloning import declared_clones
from catgames.core.rules import (
    NOBODY, UNSEEN_TEXT, Event, GameState, Outcome, Reason, Seat,
)
from catgames.games.days.components import (
    CANCEL, DAYS, DRAW, PASS, UNKNOWN, Choose, Discard, DaysData, Move, Play,
    days_data, play_move, spot_text,
)
from catgames.games.days.effects import Resolution, Spot, why_not_placed
from catgames.games.days.scoring import Stack, Standing, day_points, empty_days, is_filled, standing, visible


@lru_cache(maxsize=None)
def resolutions() -> tuple[Resolution, ...]:
    """How each card type is played, built once from the data."""
    data = days_data()
    return tuple(Resolution(data, card) for card in data.cards)


class DaysState(GameState[Move]):
    """A position: the weeks, hands, deck, discard pile, whose turn, and any card mid-play."""

    __slots__ = ("data", "options", "n", "full", "hands", "weeks", "trees", "deck", "discard",
                 "box", "turn", "pending", "refill", "draw_after", "passes", "over", "seed",
                 "shuffles")

    def __init__(self, options: dict[str, Hashable], players: int, seed: int) -> None:
        self.data: DaysData = days_data()
        self.options = options
        self.n = players
        self.full: Counter[int] = self.data.composition(str(options["decks"]), players,
                                                        str(options["cat_trees"]))
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.weeks: list[list[Stack]] = [[()] * DAYS for _ in range(players)]
        self.trees = [0] * players
        self.deck: list[int] = []           #: top card last
        self.discard: list[int] = []        #: top card last
        self.box: list[int] = []            #: out of the game (unused trees, Catnip in combined)
        self.turn: Seat = 0
        self.pending: tuple[int, tuple[Spot, ...]] | None = None
        self.refill: list[Seat] = []        #: seats still to discard down to the hand limit
        self.draw_after = False             #: the refill interrupted a draw that follows it
        self.passes = 0
        self.over = False
        self.seed = seed
        self.shuffles = 0

    # -- the Rules API -----------------------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        if self.over:
            return NOBODY
        return self.refill[0] if self.refill else self.turn

    @property
    def turn_of(self) -> Seat:
        """A discard down to the hand limit (rule 18) is made inside the drawer's turn."""
        return NOBODY if self.over else self.turn

    @property
    def players(self) -> int:
        return self.n

    def shuffle_rng(self) -> random.Random:
        """A fresh generator for the next shuffle, fixed by the seed and how many came before."""
        self.shuffles += 1
        return random.Random(f"days:{self.seed}:{self.shuffles}")

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        if self.refill:
            return [Discard(self.data.cards[c].id) for c in _distinct(self.hands[self.refill[0]])]
        if self.pending is not None:
            card, chosen = self.pending
            return [Choose(*spot) for spot in resolutions()[card].options(self, self.turn, chosen)]
        moves: list[Move] = self.plays()
        if self.can_draw():
            moves.append(DRAW)
        return moves or [PASS]

    def plays(self) -> list[Move]:
        """Every ``play`` of the seat whose turn it is (identical cards once)."""
        return [m for c in _distinct(self.hands[self.turn]) if c != UNKNOWN for m in self._plays_of(c)]

    def card_plays(self, card_id: str) -> list[Play]:
        """Every ``play`` of ``card_id`` by the seat whose turn it is (where a drop may go)."""
        return self._plays_of(self.data.by_id[card_id])

    def _plays_of(self, card: int) -> list[Play]:
        card_id = self.data.cards[card].id
        return [play_move(card_id, *spot) for spot in resolutions()[card].options(self, self.turn)]

    def check(self, move: Any) -> Reason | None:
        if self.over:
            return Reason.of("game_over")
        if self.refill:
            return self._check_refill(move)
        if self.pending is not None:
            return self._check_pending(move)
        if isinstance(move, Play):
            return self._check_play(move)
        if move == DRAW:
            return None if self.can_draw() else Reason.of("deck_empty")
        if move == PASS:
            return None if not self.plays() and not self.can_draw() else Reason.of("must_act")
        if move == CANCEL:
            return Reason.of("nothing_to_cancel")
        if isinstance(move, Discard):
            return Reason.of("no_voluntary_discard")
        return Reason.of("not_a_move", move=str(move))

    def _apply(self, move: Any) -> list[Event]:
        seat = self.to_move
        events: list[Event] = []
        if isinstance(move, Discard):
            self._discard_down(seat, move, events)
        elif isinstance(move, Play):
            card = self.data.by_id[move.card]
            self.hands[seat].remove(card)
            events.append(Event.of("play", seat, card=move.card).revealing(self.others(seat)))
            self._choose(card, ((move.seat, move.day, move.pos),), events)
        elif isinstance(move, Choose):
            assert self.pending is not None
            card, chosen = self.pending
            self._choose(card, chosen + ((move.seat, move.day, move.pos),), events)
        elif move == CANCEL:
            assert self.pending is not None
            self.hands[seat].append(self.pending[0])
            events.append(Event.of("cancel", seat, card=self.data.cards[self.pending[0]].id))
            self.pending = None
        elif move == DRAW:
            self.passes = 0
            self._draw(seat, events)
        else:
            self._pass(seat, events)
        return events

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        result = self.standing()
        done = tuple(s for s in range(self.n) if self._filled(s))
        first = () if result.winner is None else (result.winner,)
        order = first + tuple(sorted((s for s in range(self.n) if s not in first),
                                     key=lambda s: -result.scores[s]))
        scores = tuple(result.scores[s] for s in order)  # the winner's score first
        end = {"end": "week", "seats": done} if done else {"end": "passes"}
        detail = self._detail(result)
        if result.winner is None:
            return Outcome.of(result.scores, None, "draw", detail, scores=scores, **end)
        return Outcome.of(result.scores, result.winner,
                          "win_on_cards" if result.tie_break_used else "win", detail,
                          seat=result.winner, scores=scores, **end)

    clone, _unmasked = declared_clones(
        masked=("hands", "deck"),
        shared=("data", "options", "n", "full", "box", "turn", "pending", "draw_after", "passes",
                "over", "seed", "shuffles"),
        copied=("trees", "deck", "discard", "refill"),
        nested=("hands", "weeks"),
    )

    # -- hidden information ---------------------------------------------------------------------------
    def observe(self, seat: Seat) -> "DaysState":
        """Other hands and the deck become UNKNOWN cards (counts kept); the shuffle seed is
        hidden too, since it would predict the next refill."""
        view = self._unmasked()
        view.hands = [hand[:] if s == seat else [UNKNOWN] * len(hand) for s, hand in enumerate(self.hands)]
        view.deck = [UNKNOWN] * len(self.deck)
        view.seed = 0
        view.shuffles = 0
        return view

    def determinize(self, seat: Seat, rng: random.Random) -> "DaysState":
        """Deal the cards ``seat`` cannot see (other hands, the deck) from the unseen pool."""
        world = self.clone()
        unseen = self.full - Counter(self.located(skip_hidden_of=seat))
        pool = list(unseen.elements())
        rng.shuffle(pool)
        for s in range(self.n):
            if s != seat:
                k = len(self.hands[s])
                world.hands[s], pool = pool[:k], pool[k:]
        world.deck = pool
        world.seed = rng.getrandbits(62)
        world.shuffles = 0
        return world

    def located(self, skip_hidden_of: Seat | None = None) -> list[int]:
        """Every card whose place is known: weeks (trees too), discard, box, the card mid-play,
        and the hands; with ``skip_hidden_of``, only what that seat can see."""
        cards = self.discard + self.box
        for s in range(self.n):
            for stack in self.weeks[s]:
                cards += stack
            cards += [self.data.tree] * self.trees[s].bit_count()
            if skip_hidden_of is None or s == skip_hidden_of:
                cards += self.hands[s]
        if skip_hidden_of is None:
            cards += self.deck
        if self.pending is not None:
            cards.append(self.pending[0])
        return cards

    # -- files and analysis -----------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return list(self.data.seats[:self.n])

    def card_ids(self, cards: list[int] | tuple[int, ...]) -> list[str]:
        return [UNSEEN_TEXT if c == UNKNOWN else self.data.cards[c].id for c in cards]

    def analyse(self) -> dict[str, Any]:
        moves = self.legal_moves()
        by: dict[str, int] = {}
        for m in moves:
            key = self._card_key(m)
            by[key] = by.get(key, 0) + 1
        out = self.outcome()
        result = self.standing()
        winner = None if out is None else ("draw" if out.winner is None else self.names[out.winner])
        return {
            "game": "days",
            "to_move": None if self.over else self.names[self.to_move],
            "over": self.over,
            "legal_moves": len(moves),
            "legal_moves_by": by,
            "scores": dict(zip(self.names, result.scores)),
            "winner": winner,
            "detail": self._detail(result),
        }

    # -- helpers used by the UI and the AI ----------------------------------------------------------------
    def standing(self) -> Standing:
        """Scores and the would-be winner as the position stands (rules 16-17)."""
        return standing(self.data, self.weeks, self.trees)

    def can_draw(self) -> bool:
        """A card can be drawn now, refilling the deck first if need be (rules 7, 18-19)."""
        return bool(self.deck or self.discard
                    or any(len(h) > self.data.rules.hand_limit for h in self.hands))

    def targets(self, card_id: str, seat: Seat | None = None) -> list[str]:
        """Where ``seat`` (by default the one whose turn it is) could play ``card_id`` now, as
        spot texts of its first choice (highlights while dragging, previews, the AI)."""
        card = self.data.by_id[card_id]
        return [spot_text(*sp) for sp in resolutions()[card].options(self, self.turn if seat is None else seat)]

    def pending_options(self) -> list[Spot]:
        """The spots of the next choice of the card mid-play (empty when none is)."""
        if self.pending is None:
            return []
        card, chosen = self.pending
        return resolutions()[card].options(self, self.turn, chosen)

    def pending_place(self) -> tuple[int, int] | None:
        """The day the card mid-play will lie on once its choices are made (``None``: no card
        is pending, or it is an event, which is discarded)."""
        if self.pending is None or self.data.cards[self.pending[0]].placement is None:
            return None
        seat, day, _ = self.pending[1][0]
        return seat, day

    # -- internals -------------------------------------------------------------------------------------
    def _filled(self, seat: Seat) -> bool:
        return is_filled(self.data, self.weeks[seat], self.trees[seat])

    def _card_key(self, move: Move) -> str:
        if isinstance(move, (Play, Discard)):
            return move.card
        if isinstance(move, Choose):
            assert self.pending is not None
            return self.data.cards[self.pending[0]].id
        return str(move)

    def _check_refill(self, move: Any) -> Reason | None:
        seat = self.refill[0]
        if not isinstance(move, Discard):
            return Reason.of("must_discard", seat=self.names[seat], limit=self.data.rules.hand_limit)
        return self._in_hand(seat, move.card)

    def _in_hand(self, seat: Seat, card_id: str) -> Reason | None:
        card = self.data.by_id.get(card_id)
        if card is None:
            return Reason.of("unknown_card", card=card_id)
        return None if card in self.hands[seat] else Reason.of("not_in_hand", card=card_id)

    def _check_pending(self, move: Any) -> Reason | None:
        assert self.pending is not None
        card, chosen = self.pending
        card_id = self.data.cards[card].id
        if move == CANCEL:
            return None
        if not isinstance(move, Choose):
            return Reason.of("finish_card", card=card_id)
        spot = (move.seat, move.day, move.pos)
        if resolutions()[card].allows(self, self.turn, chosen + (spot,)):
            return None
        return Reason.of("not_a_choice", card=card_id, spot=_safe_spot(self, *spot))

    def _check_play(self, move: Play) -> Reason | None:
        seat = self.turn
        reason = self._in_hand(seat, move.card)
        if reason is not None:
            return reason
        card = self.data.by_id[move.card]
        spot = (move.seat, move.day, move.pos)
        if resolutions()[card].allows(self, seat, (spot,)):
            return None
        info = self.data.cards[card]
        if info.placement is None:
            return Reason.of("no_target", card=move.card, spot=_safe_spot(self, *spot))
        code, args = why_not_placed(self, seat, info, spot)
        return Reason.of(code, **args)

    def _choose(self, card: int, chosen: tuple[Spot, ...], events: list[Event]) -> None:
        seat = self.turn
        res = resolutions()[card]
        if not res.is_complete(self, seat, chosen):
            self.pending = (card, chosen)
            events.append(Event.of("choose", seat, card=self.data.cards[card].id,
                                   choices=tuple(spot_text(*sp) for sp in chosen)))
            return
        self.pending = None
        self.passes = 0
        if self.data.cards[card].kind == "event":
            self.discard.append(card)       # resolve, then discard (rule 12)
        events += res.resolve(self, seat, chosen)
        self._end_action(events)

    def _end_action(self, events: list[Event]) -> None:
        """After full resolution: a full week ends the game at once (rule 15), else next turn."""
        if any(self._filled(s) for s in range(self.n)):
            self.over = True
            events.append(Event.of("game_over", None, why="week").revealing(self.everyone()))
        else:
            self.turn = (self.turn + 1) % self.n

    def _draw(self, seat: Seat, events: list[Event]) -> None:
        if not self.deck:
            self._start_refill(events, draw_after=True)
            return
        self.hands[seat].append(self.deck.pop())
        events.append(Event.of("draw", seat, deck=len(self.deck)).revealing((seat,)))
        if not self.deck:
            self._start_refill(events, draw_after=False)
        else:
            self._end_action(events)

    def _start_refill(self, events: list[Event], draw_after: bool) -> None:
        """Rule 18: with fewer than 3 cards in the discard, hands over 5 are cut first."""
        self.draw_after = draw_after
        limit = self.data.rules.hand_limit
        if len(self.discard) < self.data.rules.discard_below:
            order = [(self.turn + k) % self.n for k in range(self.n)]
            self.refill = [s for s in order if len(self.hands[s]) > limit]
        if not self.refill:
            self._finish_refill(events)

    def _discard_down(self, seat: Seat, move: Discard, events: list[Event]) -> None:
        card = self.data.by_id[move.card]
        self.hands[seat].remove(card)
        self.discard.append(card)
        events.append(Event.of("discard", seat, cards=(move.card,), at="hand").revealing(self.others(seat)))
        if len(self.hands[seat]) <= self.data.rules.hand_limit:
            self.refill.pop(0)
            if not self.refill:
                self._finish_refill(events)

    def _finish_refill(self, events: list[Event]) -> None:
        self.deck, self.discard = self.discard, []
        self.shuffle_rng().shuffle(self.deck)
        events.append(Event.of("refill", None, deck=len(self.deck)))
        if self.draw_after and self.deck:
            self.draw_after = False
            self._draw(self.turn, events)
        else:
            self.draw_after = False
            self._end_action(events)

    def _pass(self, seat: Seat, events: list[Event]) -> None:
        """Rule 19: a player who can neither draw nor play passes; a full round ends the game."""
        self.passes += 1
        events.append(Event.of("pass", seat))
        if self.data.rules.end_after_full_round_of_passes and self.passes >= self.n:
            self.over = True
            events.append(Event.of("game_over", None, why="passes").revealing(self.everyone()))
        else:
            self.turn = (self.turn + 1) % self.n

    def _detail(self, result: Standing) -> dict[str, Any]:
        data = self.data
        weeks = {}
        for s, name in enumerate(self.names):
            days = {}
            for d in range(DAYS):
                stack, tree = self.weeks[s][d], bool(self.trees[s] >> d & 1)
                days[data.day_names[d].capitalize()] = {
                    "cards": self.card_ids(stack), "tree": tree,
                    "visible": self.card_ids(visible(data, stack, tree)),
                    "points": day_points(data, stack, tree)}
            weeks[name] = {"days": days, "total": result.scores[s], "animals": result.animals[s],
                           "empty_days": empty_days(self.weeks[s]), "filled": self._filled(s)}
        seat = self.turn
        targets = {}
        if not self.over and not self.refill and self.pending is None:
            targets = {data.cards[c].id: self.targets(data.cards[c].id)
                       for c in _distinct(self.hands[seat]) if c != UNKNOWN}
        pending = None
        if self.pending is not None:
            pending = {"card": data.cards[self.pending[0]].id,
                       "choices": [spot_text(*sp) for sp in self.pending[1]],
                       "options": [spot_text(*sp) for sp in self.pending_options()]}
        return {
            "decks": self.options["decks"],
            "weeks": weeks,
            "targets": targets,
            "pending": pending,
            "hands": {name: len(self.hands[s]) for s, name in enumerate(self.names)},
            "deck": len(self.deck),
            "discard": self.card_ids(self.discard),
            "tie_break": result.tie_break_used,
            "passes": self.passes,
        }


def _distinct(cards: list[int]) -> list[int]:
    """Each card type once, in hand order (identical cards are interchangeable)."""
    return list(dict.fromkeys(cards))


def _safe_spot(state: DaysState, seat: int, day: int, pos: int) -> str:
    if 0 <= seat < state.n and 0 <= day < DAYS:
        return spot_text(seat, day, pos)
    return f"seat {seat + 1}, day {day + 1}"

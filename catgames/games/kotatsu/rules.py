"""Kotatsu Cats: state and rules (spec rules 1-40, edge cases E1-E17).  Pure Python.

Cards, wooden cats and cushions are ids into the tables of ``components``.  Hidden things are
masked in an observation: an unknown card is ``UNKNOWN``; an unseen cushion of colour ``c`` is
``~c`` (its back shows the colour).  All chance comes from ``seed``: an ``apply`` that needs
chance seeds one ``random.Random`` from it (``core.chance``) and stores the next seed when done, so a game replays
exactly from its seed and moves, and the seed is all ``to_dict`` needs to keep.
"""

from __future__ import annotations

import random
from itertools import combinations
from functools import lru_cache
from typing import Any, Hashable, Sequence

from catgames.core.chance import SeededChance
from catgames.core.cloning import declared_clones
from catgames.core.rules import NOBODY, Event, GameState, Outcome, Reason, Seat
from catgames.games.kotatsu.components import CATEGORY_IDS, KotatsuData, kotatsu_data
from catgames.games.kotatsu.hands import NEVER, HandValue, decided_by, hand_value, order_seats
from catgames.games.kotatsu.moves import KEEP, PASS, Discard, Move, Pass, Pick, Play, play
from catgames.games.kotatsu.scoring import SeatScore, score_seat, winners

UNKNOWN = -1                      #: a card the viewer cannot see
PLAYING, DISCARDING, PICKING, OVER = range(4)
ENDS = ("lucky", "bag_empty", "stuck")  #: why a game ended (the sentences: ``kotatsu.end.*``)


class KotatsuState(SeededChance, GameState[Move]):
    """A position: kotatsu, edges, hands, deck, discard, bag, cushion stacks, collected pairs."""

    __slots__ = ("data", "options", "n", "hands", "deck", "discard", "edges", "completed",
                 "pairs", "stacks", "bag", "lucky_supply", "lucky_bag", "lucky_drawn",
                 "collected", "phase", "active", "turn", "passes", "pending", "order", "end")

    def __init__(self, players: int, options: dict[str, Hashable],
                 data: KotatsuData | None = None) -> None:
        data = self.data = data or kotatsu_data()
        k = data.kotatsu_count
        self.options = options
        self.n = players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []                 #: top card last
        self.discard: list[int] = []
        self.edges: list[list[list[int]]] = [[[] for _ in range(players)] for _ in range(k)]
        self.completed: list[list[int]] = [[0] * players for _ in range(k)]
        self.pairs: list[list[tuple[int, int]]] = [[] for _ in range(k)]
        self.stacks: list[list[int]] = [[] for _ in range(data.colours)]   #: top last
        self.bag: list[int] = []                  #: wooden cats, kept sorted
        self.lucky_supply = data.lucky_total
        self.lucky_bag = 0
        self.lucky_drawn = 0
        #: per seat (cat, cushion, seer): ``seer`` is the picker who also saw it, else -1
        self.collected: list[list[tuple[int, int, int]]] = [[] for _ in range(players)]
        self.phase = PLAYING
        self.active: Seat = 0
        self.turn = 1
        self.passes = 0
        self.pending = -1                         #: kotatsu of a pending discard or pick
        self.order: tuple[int, ...] = ()          #: seats best first at a pending pick
        self.seed = 0
        self.end = ""
        self._rng = None

    # -- set-up (rules 1-10) ----------------------------------------------------------------
    def setup(self, seed: int) -> list[Event]:
        data = self.data
        rng = self.start_chance(seed)
        for colour in range(data.colours):
            stack = data.ids_of_colour(data.cushion_colour, colour)
            rng.shuffle(stack)
            self.stacks[colour] = stack
        self.bag = list(range(data.cats))
        events: list[Event] = []
        for k in range(data.kotatsu_count):
            self.refill(k, events, setup=True)
        moved = min(data.lucky_at_start, self.lucky_supply)
        self.lucky_supply -= moved
        self.lucky_bag += moved
        for stack in self.stacks:
            if not stack:
                self.add_lucky(events)
        self.deck = list(range(data.cards))
        rng.shuffle(self.deck)
        for seat in range(self.n):
            self.draw(seat, events)
        self.active = rng.randrange(self.n) if data.start_player == "random" else 0
        self.settle_rng()
        return events

    # -- the Rules API -------------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        if self.phase == OVER:
            return NOBODY
        return self.order[0] if self.phase == PICKING else self.active

    @property
    def turn_of(self) -> Seat:
        """A pick of cushions at a finished kotatsu is made inside the player's turn."""
        return NOBODY if self.phase == OVER else self.active

    @property
    def players(self) -> int:
        return self.n

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == PLAYING:
            plays: list[Move] = [*self.plays(self.active)]
            return plays or [PASS]
        if phase == PICKING:
            return [Pick(i) for i in range(len(self.pairs[self.pending]))]
        if phase == DISCARDING:
            labels = self.data.card_label
            return [KEEP, *(Discard(c) for c in sorted({labels[c] for c in self.hands[self.active]}))]
        return []

    def plays(self, seat: Seat) -> list[Play]:
        """Every legal play of ``seat`` (rule 12), one per distinct set of cards and kotatsu."""
        labels = self.data.card_label
        hand = tuple(sorted([labels[c] for c in self.hands[seat]]))
        top = self.data.max_cards
        moves: list[Play] = []
        for k, edge in enumerate(self.edges):
            held = len(edge[seat])
            if held < top:
                moves += _plays(hand, k, held, top)
        return moves

    def check(self, move: Any) -> Reason | None:
        phase = self.phase
        if phase == OVER:
            return Reason.of("game_over")
        if phase == PICKING:
            if not isinstance(move, Pick):
                return Reason.of("must_pick", kotatsu=self.pending + 1)
            if not 0 <= move.slot < len(self.pairs[self.pending]):
                return Reason.of("no_such_pair", slot=move.slot + 1)
            return None
        if phase == DISCARDING:
            if not isinstance(move, Discard):
                return Reason.of("must_discard")
            if move.card is not None and self._find(self.active, (move.card,)) is None:
                return Reason.of("not_in_hand", card=move.card)
            return None
        if isinstance(move, Play):
            return self._check_play(move)
        if isinstance(move, Pass):
            return Reason.of("must_play") if self.plays(self.active) else None
        if isinstance(move, (Pick, Discard)):
            return Reason.of("not_now", move=str(move))
        return Reason.of("not_a_move")

    def _check_play(self, move: Play) -> Reason | None:
        k, seat, top = move.kotatsu, self.active, self.data.max_cards
        if not 0 <= k < len(self.edges):
            return Reason.of("no_such_kotatsu", kotatsu=k + 1)
        held = len(self.edges[k][seat])
        if held >= top:
            return Reason.of("edge_full", kotatsu=k + 1)
        count = len(move.cards)
        if held == 0 and not 1 <= count < top:
            return Reason.of("wrong_count", kotatsu=k + 1, played=count, allowed=f"1–{top - 1}")
        if held and count != top - held:
            return Reason.of("wrong_count", kotatsu=k + 1, played=count, allowed=str(top - held))
        if self._find(seat, move.cards) is None:
            missing = next(c for c in move.cards
                           if move.cards.count(c) > self._labels(seat).count(c))
            return Reason.of("not_in_hand", card=missing)
        return None

    def _apply(self, move: Any) -> list[Event]:
        events: list[Event] = []
        if isinstance(move, Play):
            self._play(move, events)
        elif isinstance(move, Pass):
            self._pass(events)
        elif isinstance(move, Discard):
            self._discard(move, events)
        else:
            self._pick(move, events)
        self.settle_rng()
        return events

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = self.scores()
        names = self.game.seat_names(self.n)
        best, by_cats = winners(scores)
        top = scores[best[0]]
        detail = self.score_detail(scores)
        detail.update(end=self.end, tie_break=by_cats, winners=[names[i] for i in best])
        totals = tuple(s.total for s in scores)
        if len(best) > 1:
            return Outcome.of(totals, None, "shared", detail, end=self.end, seats=tuple(best),
                              points=top.total, cats=top.cats)
        if not by_cats:
            return Outcome.of(totals, best[0], "win", detail, end=self.end, seat=best[0],
                              points=top.total)
        tied = tuple(i for i, s in enumerate(scores) if s.total == top.total)
        return Outcome.of(totals, best[0], "win_on_cats", detail, end=self.end, seat=best[0],
                          seats=tied, points=top.total, cats=top.cats)

    clone, _unmasked = declared_clones(
        masked=("deck", "hands", "collected", "stacks", "pairs"),
        shared=("data", "options", "n", "lucky_supply", "lucky_bag", "lucky_drawn", "phase",
                "active", "turn", "passes", "pending", "order", "seed", "end"),
        copied=("deck", "discard", "bag"),
        nested=("hands", "completed", "pairs", "stacks", "collected"),
        twice_nested=("edges",),
        reset=("_rng",),
    )

    # -- hidden information ----------------------------------------------------------------
    def observe(self, seat: Seat) -> "KotatsuState":
        """What ``seat`` may see: its hand, public tables and counts, and the cushion faces it
        has seen (its own, the one it left to the runner-up, both while it picks; every
        collected one once the game is over: the final scores show them)."""
        view = self._unmasked()
        view.seed = 0
        view.deck = [UNKNOWN] * len(self.deck)
        mask = self.data.cushion_backs.__getitem__
        shown = self.phase == OVER
        view.hands = [hand[:] if s == seat else [UNKNOWN] * len(hand) for s, hand in enumerate(self.hands)]
        view.collected = [got[:] if s == seat else [(cat, cu if seer == seat or shown else mask(cu), seer)
                                                    for cat, cu, seer in got]
                          for s, got in enumerate(self.collected)]
        view.stacks = [list(map(mask, stack)) for stack in self.stacks]
        picked = self.pending if self.phase == PICKING and self.order[0] == seat else -1
        view.pairs = [pairs[:] if k == picked else [(cat, mask(cu)) for cat, cu in pairs]
                      for k, pairs in enumerate(self.pairs)]
        return view

    def determinize(self, seat: Seat, rng: random.Random) -> "KotatsuState":
        """A full state consistent with ``seat``'s observation: unseen cards dealt to the other
        hands and the deck, unseen cushions of each colour spread over that colour's slots."""
        world = self.observe(seat)
        data = world.data
        seen = set(world.discard)
        seen.update(world.hands[seat])
        for edge in world.edges:
            for cards in edge:
                seen.update(cards)
        unseen = [c for c in range(data.cards) if c not in seen]
        rng.shuffle(unseen)
        for other in range(world.n):
            if other != seat:
                world.hands[other] = [unseen.pop() for _ in world.hands[other]]
        world.deck = unseen
        pools = world._unseen_cushions()
        for pool in pools:
            rng.shuffle(pool)
        world.stacks = [[pools[~cu].pop() if cu < 0 else cu for cu in s] for s in world.stacks]
        world.pairs = [[(cat, pools[~cu].pop() if cu < 0 else cu) for cat, cu in p]
                       for p in world.pairs]
        world.collected = [[(cat, pools[~cu].pop() if cu < 0 else cu, seer) for cat, cu, seer in c]
                           for c in world.collected]
        world.seed = rng.getrandbits(62)
        return world

    def _unseen_cushions(self) -> list[list[int]]:
        """Per colour, the cushion ids that appear nowhere face up in this state."""
        data = self.data
        known = {cu for s in self.stacks for cu in s}
        known.update(cu for p in self.pairs for _, cu in p)
        known.update(cu for c in self.collected for _, cu, _ in c)
        return [[cu for cu in data.ids_of_colour(data.cushion_colour, colour) if cu not in known]
                for colour in range(data.colours)]

    # -- moves -------------------------------------------------------------------------------
    def _play(self, move: Play, events: list[Event]) -> None:
        seat, k = self.active, move.kotatsu
        cards = self._find(seat, move.cards)
        assert cards is not None
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        edge = self.edges[k][seat]
        edge.extend(cards)
        self.passes = 0
        events.append(Event.of("play", seat, kotatsu=k, cards=move.cards).revealing(self.others(seat)))
        if len(edge) == self.data.max_cards:
            self.completed[k][seat] = self.turn
            events.append(Event.of("edge_complete", seat, kotatsu=k, turn=self.turn))
        if len(cards) == 1 and hand and self.options["single_card_discard"]:
            self.phase, self.pending = DISCARDING, k
            return
        self._end_turn(k, events)

    def _discard(self, move: Discard, events: list[Event]) -> None:
        seat = self.active
        if move.card is not None:
            found = self._find(seat, (move.card,))
            assert found is not None
            self.hands[seat].remove(found[0])
            self.discard.append(found[0])
            events.append(Event.of("discard", seat, card=move.card).revealing(self.others(seat)))
        self._end_turn(self.pending, events)

    def _pass(self, events: list[Event]) -> None:
        self.passes += 1
        events.append(Event.of("pass", self.active))
        self.draw(self.active, events)
        if self.passes >= self.n:
            self.finish("stuck", events)
        else:
            self._next_turn()

    def _end_turn(self, k: int, events: list[Event]) -> None:
        """Draw (rule 15), then resolve the kotatsu just played to if it is complete (rule 16)."""
        self.draw(self.active, events)
        top = self.data.max_cards
        if all(len(cards) == top for cards in self.edges[k]):
            self.resolve(k, events)
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.phase, self.pending, self.order = PLAYING, -1, ()
        self.turn += 1
        self.active = (self.active + 1) % self.n

    def resolve(self, k: int, events: list[Event]) -> None:
        """Rank the seats at kotatsu ``k`` (rule 20); the 1st now peeks and picks (rule 21)."""
        values = self.hand_values(k)
        order = order_seats(values)
        self.phase, self.pending, self.order = PICKING, k, tuple(order)
        events.append(Event.of("resolve", order[0], kotatsu=k, order=tuple(order),
                               categories=tuple(v.category for v in values),
                               decided_by=decided_by(values[order[0]], values[order[1]]))
                      .revealing((order[0],)))  # the picker peeks at the cushions

    def _pick(self, move: Pick, events: list[Event]) -> None:
        k = self.pending
        picker, runner = self.order[0], self.order[1]
        pairs = self.pairs[k]
        cat, cushion = pairs.pop(move.slot)
        self.collected[picker].append((cat, cushion, -1))
        events.append(Event.of("pick", picker, kotatsu=k, slot=move.slot, cat=cat))
        for cat, cushion in pairs:       # rule 22: the runner-up takes the other pair
            self.collected[runner].append((cat, cushion, picker))
            events.append(Event.of("receive", runner, kotatsu=k, cat=cat).revealing((runner,)))
        pairs.clear()
        for cards in self.edges[k]:      # rule 25
            self.discard.extend(cards)
            cards.clear()
        self.completed[k] = [0] * self.n
        self.refill(k, events)
        if self.phase != OVER:
            self._next_turn()

    # -- chance ------------------------------------------------------------------------------
    def draw(self, seat: Seat, events: list[Event]) -> None:
        """Refill ``seat``'s hand (rule 15, E1): reshuffle the discard pile when the deck runs out."""
        hand, size = self.hands[seat], self.data.hand_size
        drawn = 0
        while len(hand) < size:
            if not self.deck:
                if not (self.discard and self.data.reshuffle_discard):
                    break
                self.deck, self.discard = self.discard, []
                self.rng().shuffle(self.deck)
                events.append(Event.of("reshuffle", count=len(self.deck)))
            hand.append(self.deck.pop())
            drawn += 1
        if drawn:
            events.append(Event.of("draw", seat, count=drawn).revealing((seat,)))

    def refill(self, k: int, events: list[Event], setup: bool = False) -> None:
        """Draw from the bag until kotatsu ``k`` holds its pairs (rules 26-30, E5, E6)."""
        data = self.data
        pairs, bag = self.pairs[k], self.bag
        rng = self.rng()
        while len(pairs) < data.pairs_on_each:
            items = len(bag) + self.lucky_bag
            if items == 0:
                self.finish("bag_empty", events)
                return
            i = rng.randrange(items)
            if i >= len(bag):
                self.lucky_bag -= 1
                self.lucky_drawn += 1
                events.append(Event.of("lucky_cat", number=self.lucky_drawn).revealing(self.everyone()))
                if self.lucky_drawn >= data.lucky_total:
                    self.finish("lucky", events)
                    return
                continue
            cat = bag.pop(i)
            stack = self.stacks[data.cat_colour[cat]]
            cushion = stack.pop() if stack else data.blank
            pairs.append((cat, cushion))
            events.append(Event.of("refill", kotatsu=k, cat=cat).revealing(self.everyone()))
            if not stack and cushion != data.blank and not setup:
                self.add_lucky(events)

    def add_lucky(self, events: list[Event]) -> None:
        """A cushion stack has run out: lucky cats go from the supply into the bag (rule 28)."""
        moved = min(self.data.lucky_per_empty_stack, self.lucky_supply)
        if moved:
            self.lucky_supply -= moved
            self.lucky_bag += moved
            events.append(Event.of("lucky_to_bag", count=moved))

    def finish(self, why: str, events: list[Event]) -> None:
        self.phase, self.end, self.order, self.pending = OVER, why, (), -1
        events.append(Event.of("game_over", why=why).revealing(self.everyone()))  # the scores show the cushions

    # -- reading the position ------------------------------------------------------------------
    def _labels(self, seat: Seat) -> list[str]:
        labels = self.data.card_label
        return [labels[c] for c in self.hands[seat]]

    def _find(self, seat: Seat, wanted: tuple[str, ...]) -> list[int] | None:
        """Card ids in ``seat``'s hand matching the labels ``wanted``, or ``None``."""
        labels = self.data.card_label
        left = list(self.hands[seat])
        found = []
        for label in wanted:
            for card in left:
                if card >= 0 and labels[card] == label:
                    left.remove(card)
                    found.append(card)
                    break
            else:
                return None
        return found

    def hand_values(self, k: int) -> list[HandValue]:
        """Every seat's hand at kotatsu ``k`` as it stands (rules 17-19)."""
        return [self._value(k, self.edges[k][s], self.completed[k][s] or NEVER)
                for s in range(self.n)]

    def value_after(self, move: Play) -> HandValue | None:
        """The mover's hand at ``move.kotatsu`` once the legal ``move`` is played (the table's
        preview of a drop), as if the edge were still filling; ``None`` if it is not legal."""
        if self.phase != PLAYING or self._check_play(move) is not None:
            return None
        k = move.kotatsu
        return self._value(k, self.edges[k][self.active] + (self._find(self.active, move.cards) or []),
                           NEVER)

    def _value(self, k: int, cards: Sequence[int], completed: int) -> HandValue:
        data = self.data
        cats = [data.cat_colour[cat] for cat, _ in self.pairs[k]]
        return hand_value(data, cats, cards, completed, bool(self.options["one_pair_category"]))

    def scores(self) -> list[SeatScore]:
        """Every seat's score from its collected pairs under the options (rules 33-39)."""
        return [score_seat(self.data, [(cat, cu) for cat, cu, _ in pairs], self.options)
                for pairs in self.collected]

    def score_detail(self, scores: list[SeatScore]) -> dict[str, Any]:
        names = self.game.seat_names(self.n)
        return {"scoring_mode": self.options["scoring_mode"],
                "seats": {names[i]: s.as_dict(self.data.colour_ids) for i, s in enumerate(scores)}}

    def kotatsu_detail(self, k: int) -> dict[str, Any]:
        """Category and star totals per seat at kotatsu ``k`` and the order if resolved now."""
        data = self.data
        names = self.game.seat_names(self.n)
        values = self.hand_values(k)
        seats = {}
        for s, v in enumerate(values):
            seats[names[s]] = {"category": CATEGORY_IDS[v.category],
                               "ranking_stars": v.ranking_stars,
                               "non_ranking_stars": v.non_ranking_stars,
                               "cards": len(self.edges[k][s]),
                               "completed_turn": self.completed[k][s] or None}
        order = order_seats(values)
        return {"cats": [data.cat_label(cat) for cat, _ in self.pairs[k]], "seats": seats,
                "order": [names[s] for s in order],
                "decided_by": decided_by(values[order[0]], values[order[1]])}

    def analyse(self) -> dict[str, Any]:
        names = self.game.seat_names(self.n)
        moves = self.legal_moves()
        by_kotatsu = {str(k + 1): 0 for k in range(len(self.edges))}
        for m in moves:
            if isinstance(m, Play):
                by_kotatsu[str(m.kotatsu + 1)] += 1
            elif isinstance(m, Pick):
                by_kotatsu[str(self.pending + 1)] += 1
        scores = self.scores()
        out = self.outcome()
        winner = None if out is None else ("draw" if out.winner is None else names[out.winner])
        detail = self.score_detail(scores)
        detail.update(
            kotatsu=[self.kotatsu_detail(k) for k in range(len(self.edges))],
            lucky_cats={"supply": self.lucky_supply, "bag": self.lucky_bag,
                        "drawn": self.lucky_drawn},
            bag={cid: sum(1 for c in self.bag if self.data.cat_colour[c] == i)
                 for i, cid in enumerate(self.data.colour_ids)},
            cushions_left={cid: len(s) for cid, s in zip(self.data.colour_ids, self.stacks)},
            deck=len(self.deck), discard=len(self.discard), turn=self.turn,
        )
        if out is not None:
            detail.update(end=self.end, why=str(out.why))
        return {"game": "kotatsu", "to_move": None if self.phase == OVER else names[self.to_move],
                "over": self.phase == OVER, "legal_moves": len(moves),
                "legal_moves_by": by_kotatsu, "scores": {names[i]: s.total for i, s in enumerate(scores)},
                "winner": winner, "detail": detail}


@lru_cache(maxsize=None)  # bounded: distinct hands x kotatsu x edge counts
def _plays(hand: tuple[str, ...], k: int, held: int, top: int) -> tuple[Play, ...]:
    """The plays of a sorted hand of labels onto an edge of kotatsu ``k`` holding ``held``."""
    sizes = range(1, top) if held == 0 else (top - held,)
    return tuple(play(k, cards) for size in sizes for cards in sorted(set(combinations(hand, size))))


"""Cathood: state and rules (spec section 4, edge cases of section 5).  Pure Python, no pygame.

A game is a sequence of small moves (``moves.py``): in set-up each cat is placed (S7); in a
turn the cat puts discs on action spaces one at a time (``actions.py``) and makes the choices
that follow (``steps.py``), with ``to_move`` the seat that decides (a defender commits its
rock-paper-scissors choice first).  Sleep comes with ``end turn`` only: after the last disc it
is the one legal move, so the turn's steps can be taken back until its player confirms it (the
rules of move-list version 1 slept by themselves there; ``game.py`` upgrades such lists).

Hidden information: the unseen part of the toy and building decks, and a committed
rock-paper-scissors choice.  All chance (layout, shuffles, the start player, ``rps_auto``
fights) comes from ``seed`` (``core.chance``): an ``apply`` that needs chance seeds one
``random.Random`` from it and stores the next seed when done, so the seed is all ``to_dict``
keeps of the RNG.
"""

from __future__ import annotations

import random
from typing import Any, Hashable

from catgames.core.chance import SeededChance
from catgames.core.cloning import declared_clone
from catgames.core.rules import NOBODY, Event, GameState, Outcome, Reason, Seat
from catgames.games.cathood import actions, steps
from catgames.games.cathood.components import (
    ACTIONS, BEE, BUILDING_CARD, COFFEE, DOG, REPEAT, SHOP, TOY, CathoodData, cathood_data, cost_text,
)
from catgames.games.cathood.geometry import geometry
from catgames.games.cathood.moves import (
    ACTION_KINDS, END_TURN, MOVE_KINDS, Action, EndTurn, Move, Place, Repeat,
)
from catgames.games.cathood.scoring import SeatScore, score_seat, standings
from catgames.games.cathood.steps import HIDDEN, NO_CHOICE

SETUP, PLAY, OVER = "setup", "play", "over"
UNKNOWN = -1                #: a deck card the viewer cannot see


class CathoodState(SeededChance, GameState[Move]):
    """A position: the tiles, pieces, cats, boards, market and the turn in progress."""

    __slots__ = ("data", "geo", "options", "n", "tiles", "rots", "houses",
                 "statues", "cats", "cubes", "supply", "toys", "buildings", "parks",
                 "reserved", "rows", "decks", "known", "park_deck", "placed_houses",
                 "placed_statues", "first", "turn", "round", "phase", "colour", "used", "todo",
                 "committed", "end_triggered", "end")

    def __init__(self, players: int, options: dict[str, Hashable],
                 data: CathoodData | None = None) -> None:
        data = self.data = data or cathood_data()
        shape = data.seats[players]
        self.geo = geometry(shape.rows, shape.cols)
        self.options = options
        self.n = players
        self.seed = 0
        self._rng = None
        self.tiles: list[int] = []            #: tile index per grid position (row-major)
        self.rots: list[int] = []             #: quarter turns clockwise per grid position
        self.houses = [-1] * (4 * len(data.tiles))   #: owner per lot (tile * 4 + base edge)
        self.statues = [-1] * len(data.tiles)        #: owner per tree (by tile)
        self.cats = [-1] * players            #: space per seat, -1 before placement
        self.cubes = [[0] * len(data.colours) for _ in range(players)]
        self.supply = list(data.supply)
        self.toys: list[list[int]] = [[] for _ in range(players)]
        self.buildings: list[list[int]] = [[] for _ in range(players)]
        self.parks: list[list[int]] = [[] for _ in range(players)]
        self.reserved = [-1] * players
        self.rows: list[list[int]] = [[], []]        #: visible toys, visible buildings
        self.decks: list[list[int]] = [[], []]       #: top card last
        self.known = [0, 0]                   #: cards at the bottom of each deck that are public
        self.park_deck: list[int] = []        #: top card last
        self.placed_houses = [0] * players
        self.placed_statues = [0] * players
        self.first = 0                        #: the François holder
        self.turn = 0
        self.round = 1
        self.phase = SETUP
        self.colour = -1                      #: the set-up colour once chosen
        self.used = 0                         #: action spaces with a disc this turn (bits)
        self.todo: list[steps.Step] = []
        self.committed = NO_CHOICE
        self.end_triggered = False
        self.end = ""

    # -- set-up (S1-S6; S7 is played as moves) -----------------------------------------------
    def setup(self, seed: int) -> None:
        data, n = self.data, self.n
        rng = self.start_chance(seed)
        if self.options["layout"] == "first_game":
            self.tiles = [t for row in data.first_game[n] for t in row]
            self.rots = [0] * len(self.tiles)
            placeable = bool(self.offered_colours())
        else:
            pool, placeable = data.tiles_for(n), False
            for _ in range(data.max_deals):
                rng.shuffle(pool)
                self.tiles, self.rots = pool[:], [rng.randrange(4) for _ in pool]
                if placeable := bool(self.offered_colours()):
                    break
        if not placeable:
            raise ValueError(f"no layout lets {n} cats be placed (S7)")
        for kind in (TOY, BUILDING_CARD):
            deck = data.deck_for(kind, n)
            rng.shuffle(deck)
            self.decks[kind] = deck
            self.refill_row(kind)
        self.park_deck = data.park_deck(n)[::-1]
        first = str(self.options["first_player"])
        self.first = rng.randrange(n) if first == "random" else int(first[1:]) - 1
        if self.first >= n:
            raise ValueError(f"first_player {first} does not sit at a {n}-player table")
        self.turn = self.first
        self.settle_rng()

    # -- the Rules API -----------------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        if self.phase == PLAY:
            return steps.decider(self) if self.todo else self.turn
        if self.phase == SETUP:
            return self.placer()
        return NOBODY

    @property
    def turn_of(self) -> Seat:
        """A defender's fight choice is made inside the mover's turn; set-up placements are
        nobody's turn (nothing to confirm: each is one move)."""
        return self.turn if self.phase == PLAY else NOBODY

    @property
    def players(self) -> int:
        return self.n

    def legal_moves(self) -> list[Move]:
        if self.phase != PLAY:
            return self.placements() if self.phase == SETUP else []
        if self.todo:
            return steps.decision_moves(self)
        seat = self.turn
        if self.discs_left(seat) == 0:
            return [END_TURN]
        free = self.unlocked(seat) & ~self.used
        moves: list[Move] = []
        for action in range(REPEAT):
            if free >> action & 1:
                moves += actions.action_moves(self, seat, action)
        if free >> REPEAT & 1:
            moves += self.repeats(seat)
        moves.append(END_TURN)
        return moves

    def repeats(self, seat: Seat) -> list[Move]:
        """A8: every action already taken this turn, carried out again."""
        return [Repeat(m) for action in range(REPEAT) if self.used >> action & 1
                for m in actions.action_moves(self, seat, action)]

    def check(self, move: Any) -> Reason | None:
        if self.phase == OVER:
            return Reason.of("game_over")
        kind = getattr(move, "kind", None)
        if kind not in MOVE_KINDS:
            return Reason.of("not_a_move")
        if self.phase == SETUP:
            return self._place_reason(move) if kind == "place" else Reason.of("place_first")
        if self.todo:
            return steps.decision_reason(self, move)
        if kind == "end_turn":
            return None
        if kind not in ACTION_KINDS:
            return Reason.of("nothing_to_decide")
        if self.discs_left(self.turn) == 0:
            return Reason.of("no_discs_left")
        return self._action_reason(move)

    def _action_reason(self, move: Action | Repeat) -> Reason | None:
        seat = self.turn
        action = ACTION_KINDS.index(move.kind)
        if not self.unlocked(seat) >> action & 1:
            return Reason.of("locked", action=move.kind)
        if self.used >> action & 1:
            return Reason.of("action_used", action=move.kind)
        if isinstance(move, Repeat):
            inner = move.action
            if not self.used >> ACTION_KINDS.index(inner.kind) & 1:
                return Reason.of("not_taken_yet", action=inner.kind)
            move = inner
        return actions.action_reason(self, seat, move)

    def _apply(self, move: Any) -> list[Event]:
        events: list[Event] = []
        if self.phase == SETUP:
            self._place(move, events)
        elif self.todo:
            steps.decide(self, move, events)
        elif isinstance(move, EndTurn):
            self.sleep(events)
        else:
            seat = self.turn
            self.used |= 1 << ACTION_KINDS.index(move.kind)
            if isinstance(move, Repeat):
                move = move.action
            events.append(Event.of("action", seat, action=move.kind))
            actions.perform(self, seat, move, events)
            steps.run(self, events)
        self.settle_rng()
        return events

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = self.scores()
        names = self.game.seat_names(self.n)
        best, tie_break = standings(self.data, scores)
        top = scores[best[0]].total
        detail = self.score_detail(scores)
        detail.update(end=self.end, tie_break=tie_break, winners=[names[s] for s in best])
        totals = tuple(s.total for s in scores)
        if len(best) > 1:
            return Outcome.of(totals, None, "shared", detail, end=self.end, seats=tuple(best),
                              points=top)
        if tie_break:
            return Outcome.of(totals, best[0], "win_on_tie_break", detail, end=self.end,
                              seat=best[0], points=top, tiebreak=tie_break)
        return Outcome.of(totals, best[0], "win", detail, end=self.end, seat=best[0], points=top)

    clone = declared_clone(
        shared=("data", "geo", "options", "n", "seed", "first", "turn", "round", "phase", "colour",
                "used", "committed", "end_triggered", "end"),
        copied=("tiles", "rots", "houses", "statues", "cats", "supply", "reserved", "known",
                "park_deck", "placed_houses", "placed_statues", "todo"),
        nested=("cubes", "toys", "buildings", "parks"),
        two_lists=("rows", "decks"),
        reset=("_rng",),
    )

    # -- hidden information ------------------------------------------------------------------
    def observe(self, seat: Seat) -> "CathoodState":
        """What ``seat`` may see: deck cards not known to be at the bottom become ``UNKNOWN``
        (counts kept), a rival's committed fight choice ``HIDDEN``, and the seed 0 (it would
        predict the shuffles and automatic fights)."""
        view = self.clone()
        view.seed = 0
        for kind in (TOY, BUILDING_CARD):
            deck, known = view.decks[kind], self.known[kind]
            deck[known:] = [UNKNOWN] * (len(deck) - known)
        if self.committed != NO_CHOICE and self.committer() != seat:
            view.committed = HIDDEN
        return view

    def committer(self) -> Seat:
        """The seat whose rock-paper-scissors choice is committed (the defender)."""
        return self.todo[-1][2]

    def determinize(self, seat: Seat, rng: random.Random) -> "CathoodState":
        """A full state consistent with ``seat``'s observation: the unseen deck cards shuffled
        into the unseen part of each deck, a hidden fight choice drawn uniformly, a new seed."""
        world = self.observe(seat)
        for kind in (TOY, BUILDING_CARD):
            unseen = self.unseen_cards(kind)
            rng.shuffle(unseen)
            world.decks[kind][world.known[kind]:] = unseen
        if world.committed == HIDDEN:
            world.committed = rng.randrange(3)
        world.seed = rng.getrandbits(62)
        return world

    def unseen_cards(self, kind: int) -> list[int]:
        """The cards of a deck whose place no one can see: the deck minus everything public."""
        public = set(self.rows[kind]) | set(self.reserved)
        public.update(self.decks[kind][:self.known[kind]])
        for owned in (self.toys if kind == TOY else self.buildings):
            public.update(owned)
        return [c for c in self.data.deck_for(kind, self.n) if c not in public]

    # -- set-up placement (S7) ---------------------------------------------------------------
    def placement_spaces(self, colour: int) -> list[int]:
        """Spaces next to a one-colour shop of ``colour`` (supermarkets and malls do not count)."""
        return self.placement_map().get(colour, [])

    def placement_map(self) -> dict[int, list[int]]:
        """Each colour's placement spaces, in space order, from one look at every frontage
        (a look per colour was ~5 % of a restarted server's profiled time: a set-up and its two
        placements now take 0.24 ms, not 0.55)."""
        shop_colour = {SHOP + k: cs[0] for k, cs in enumerate(self.data.shop_colours) if len(cs) == 1}
        spaces: dict[int, list[int]] = {}
        for s in range(self.geo.size):
            for colour in {shop_colour.get(self.frontage(p, d), -1) for p, d in self.geo.touch[s]} - {-1}:
                spaces.setdefault(colour, []).append(s)
        return spaces

    def offered_colours(self) -> list[int]:
        """The primary colours with at least one placement space per cat (S7, edge case 21)."""
        spaces = self.placement_map()
        return [c for c in self.data.primary if len(spaces.get(c, ())) >= self.n]

    def placer(self) -> Seat:
        """The next cat to place: reverse turn order from the seat before the François holder."""
        for k in range(1, self.n + 1):
            seat = (self.first - k) % self.n
            if self.cats[seat] < 0:
                return seat
        return self.first

    def placements(self) -> list[Move]:
        colours = [self.colour] if self.colour >= 0 else self.offered_colours()
        names, spaces = self.data.colours, self.placement_map()
        return [Place(names[c], self.geo.names[s]) for c in colours
                for s in spaces.get(c, []) if s not in self.cats]

    def _place_reason(self, move: Place) -> Reason | None:
        data = self.data
        if move.colour not in data.colours or data.colour(move.colour) not in data.primary:
            return Reason.of("not_primary", colour=move.colour)
        colour = data.colour(move.colour)
        if self.colour >= 0 and colour != self.colour:
            return Reason.of("same_colour", colour=data.colours[self.colour])
        spaces = self.placement_map().get(colour, [])
        if len(spaces) < self.n:  # not offered
            return Reason.of("colour_not_offered", colour=move.colour)
        try:
            space = self.geo.space(move.space)
        except ValueError:
            return Reason.of("no_such_space", space=move.space)
        if space not in spaces:
            return Reason.of("not_next_to_shop", colour=move.colour, space=move.space)
        if space in self.cats:
            return Reason.of("space_taken", space=move.space)
        return None

    def _place(self, move: Place, events: list[Event]) -> None:
        seat = self.placer()
        self.colour = self.data.colour(move.colour)
        self.cats[seat] = self.geo.space(move.space)
        events.append(Event.of("place", seat, space=move.space, colour=move.colour))
        if all(s >= 0 for s in self.cats):
            self.phase = PLAY
            events.append(Event.of("turn", self.turn, round=self.round))

    # -- board queries -----------------------------------------------------------------------
    def frontage(self, p: int, d: int) -> int:
        """The frontage of the tile at position ``p`` now facing direction ``d``."""
        return self.data.tiles[self.tiles[p]].edges[(d - self.rots[p]) % 4]

    def lot(self, p: int, d: int) -> int:
        """The lot (tile * 4 + base edge) of the tile at ``p`` now facing direction ``d``."""
        return self.tiles[p] * 4 + (d - self.rots[p]) % 4

    def tile_id(self, p: int) -> str:
        return self.data.tiles[self.tiles[p]].id

    def unlocked(self, seat: Seat) -> int:
        """Bitmask of the action spaces ``seat`` may use (Park and Repeat start locked)."""
        full = (1 << len(ACTIONS)) - 1
        data = self.data
        return full & ~data.locked_actions() | data.unlocked_at(self.placed_houses[seat])

    def waits_for_end_turn(self) -> bool:
        """The turn's discs are all used and its steps done: only ``end turn`` (and sleep) is
        left.  Version-1 move lists slept here without it."""
        return self.phase == PLAY and not self.todo and self.discs_left(self.turn) == 0

    def discs_left(self, seat: Seat) -> int:
        """T5: one disc, plus one per unlock reached, minus those used this turn."""
        data = self.data
        total = data.discs_at_start + data.unlocked_at(self.placed_houses[seat]).bit_count()
        return total - (self.used.bit_count() if seat == self.turn else 0)

    def houses_left(self, seat: Seat) -> int:
        return self.data.seats[self.n].houses - self.placed_houses[seat]

    def statues_left(self, seat: Seat) -> int:
        return self.data.seats[self.n].statues - self.placed_statues[seat]

    def can_pay(self, seat: Seat, cost: tuple[int, ...]) -> bool:
        cubes = self.cubes[seat]
        return all(have >= need for have, need in zip(cubes, cost))

    # -- changes used by actions and steps ---------------------------------------------------
    def push(self, todo: list[steps.Step]) -> None:
        """Queue steps to happen next, in the given order."""
        self.todo.extend(reversed(todo))

    def pay(self, seat: Seat, cost: tuple[int, ...]) -> None:
        cubes, supply = self.cubes[seat], self.supply
        for c, k in enumerate(cost):
            cubes[c] -= k
            supply[c] += k

    def give_back(self, seat: Seat, colour: int, events: list[Event]) -> None:
        self.cubes[seat][colour] -= 1
        self.supply[colour] += 1
        events.append(Event.of("return", seat, colour=self.data.colours[colour]))

    def trade(self, seat: Seat, give: int, get: int, events: list[Event]) -> None:
        self.cubes[seat][give] -= 1
        self.supply[give] += 1
        self.supply[get] -= 1
        self.cubes[seat][get] += 1
        events.append(Event.of("trade", seat, give=self.data.colours[give], get=self.data.colours[get]))

    def placed(self, seat: Seat, house: bool, events: list[Event]) -> None:
        """A house or statue left the board: unlocks (T5) and the end trigger (E1)."""
        if house:
            before = self.unlocked(seat)
            self.placed_houses[seat] += 1
            for action in range(len(ACTIONS)):
                if (self.unlocked(seat) & ~before) >> action & 1:
                    events.append(Event.of("unlock", seat, action=ACTIONS[action]))
        else:
            self.placed_statues[seat] += 1
        if not self.end_triggered and self.houses_left(seat) == 0 and self.statues_left(seat) == 0:
            self.end_triggered = True
            events.append(Event.of("end_triggered", seat))

    def reserve(self, seat: Seat, card: int, events: list[Event]) -> None:
        """X3: take a visible card; the rest of its row goes under its deck, then a new row."""
        data = self.data
        kind = data.cards[card].kind
        row = self.rows[kind]
        row.remove(card)
        self.reserved[seat] = card
        if data.bee_row_reset and row:
            self.decks[kind][:0] = row[::-1]
            self.known[kind] += len(row)
            row.clear()
        shown = self.refill_row(kind)
        events.append(Event.of("bee", seat, card=data.cards[card].id).revealing(self.everyone() if shown else ()))

    def refill_row(self, kind: int) -> bool:
        """SL2: fill a row to its size from the top of its deck (it stays short if empty);
        whether a card nobody knew came to light (the known cards lie at the bottom)."""
        row, deck = self.rows[kind], self.decks[kind]
        shown = len(row) < self.data.row_size and len(deck) > self.known[kind]
        while len(row) < self.data.row_size and deck:
            row.append(deck.pop())
        self.known[kind] = min(self.known[kind], len(deck))
        return shown

    def sleep(self, events: list[Event]) -> None:
        """SL1-SL3, with the end of the game after the last seat of a round (E2, safety valve)."""
        seat = self.turn
        self.used = 0
        shown = self.refill_row(TOY) | self.refill_row(BUILDING_CARD)
        events.append(Event.of("sleep", seat).revealing(self.everyone() if shown else ()))
        last = (self.first - 1) % self.n
        if seat == last and (self.end_triggered or self.round >= self.data.max_rounds):
            self.phase = OVER
            self.end = "pieces" if self.end_triggered else "rounds"
            events.append(Event.of("game_over", None, why=self.end).revealing(self.everyone()))
            return
        self.turn = (seat + 1) % self.n
        if seat == last:
            self.round += 1
            if self.round >= self.data.announce_from:
                events.append(Event.of("last_rounds", None, round=self.round,
                                       left=self.data.max_rounds - self.round + 1))
        events.append(Event.of("turn", self.turn, round=self.round))

    # -- reading the position ----------------------------------------------------------------
    def scores(self) -> list[SeatScore]:
        return [score_seat(self.data, self, s) for s in range(self.n)]

    def score_detail(self, scores: list[SeatScore]) -> dict[str, Any]:
        names = self.game.seat_names(self.n)
        return {"seats": {names[s]: sc.as_dict(self.data.toy_types) for s, sc in enumerate(scores)}}

    def reach(self, seat: Seat) -> list[dict[str, Any]]:
        """Every movement ``seat``'s cat can make now: path, end space, the cubes on the way
        (a ``a|b|c`` entry is a choice) and the final space's specials."""
        data, geo = self.data, self.geo
        table = actions.move_table(geo)
        out = []
        for move, path in table.linear[self.cats[seat]] + table.diagonal[self.cats[seat]]:
            cubes: dict[str, int] = {}
            end = [self.frontage(p, d) for p, d in geo.touch[path[-1]]]
            dog = DOG in end
            for i, space in enumerate(path):
                if i == len(path) - 1 and dog:
                    break
                for p, d in geo.touch[space]:
                    f = self.frontage(p, d)
                    if f >= SHOP:
                        key = "|".join(data.colours[c] for c in data.shop_colours[f - SHOP])
                        cubes[key] = cubes.get(key, 0) + 1
            out.append({"move": str(move), "to": geo.names[path[-1]],
                        "path": [geo.names[s] for s in path], "cubes": cubes,
                        "specials": sorted(data.frontage_name(f) for f in end
                                           if f in (COFFEE, DOG, BEE))})
        return out

    def analyse(self) -> dict[str, Any]:
        names = self.game.seat_names(self.n)
        moves = self.legal_moves()
        by: dict[str, int] = {k: 0 for k in ACTION_KINDS + ("end_turn",)}
        for m in moves:
            by[m.kind] = by.get(m.kind, 0) + 1
        scores = self.scores()
        out = self.outcome()
        winner = None if out is None else ("draw" if out.winner is None else names[out.winner])
        detail = self.score_detail(scores)
        data = self.data
        detail.update(
            phase=self.phase, round=self.round, max_rounds=data.max_rounds,
            rounds_announced=self.round >= data.announce_from, end_triggered=self.end_triggered,
            discs_left={names[s]: self.discs_left(s) for s in range(self.n)},
            used=[a for i, a in enumerate(ACTIONS) if self.used >> i & 1],
            supply=cost_text(data, self.supply),
            pending=self.todo[-1][0] if self.todo else None,
        )
        if self.phase == PLAY:
            detail["reach"] = self.reach(self.turn)
        if out is not None:
            detail.update(end=self.end, why=str(out.why))
        return {"game": "cathood", "to_move": None if self.phase == OVER else names[self.to_move],
                "over": self.phase == OVER, "legal_moves": len(moves), "legal_moves_by": by,
                "scores": {names[s]: sc.total for s, sc in enumerate(scores)},
                "winner": winner, "detail": detail}


"""If It Fits: state and rules (spec rules 1-44, edge cases E1-E22).  Pure Python, no pygame.

A turn is a short sequence of small moves (``moves.py``) and ``step`` says which decision is
pending: ``start_row`` (set-up), ``turn`` (draw or sleeping cat), ``play`` (a hand card, a
Princess, or a discard when nothing fits), ``cat`` (an awake cat on the card just played, or
skip) and ``over``.  The draw pile is shuffled once from the seed, so play itself has no chance.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from catgames.core.cloning import declared_clones
from catgames.core.rules import NOBODY, Event, GameState, Outcome, Reason, Seat
from catgames.games.boxes.components import PRINCESS, BoxesData, boxes_data
from catgames.games.boxes.moves import (
    MOVE_KINDS, Cat, Discard, Draw, Move, Play, Princess, Skip, Sleep, StartSide,
)
from catgames.games.boxes.scoring import BoxesScore, score
from catgames.games.boxes.grid import PRINCESS_OWNER, Geometry, Layout, bit_indices, geometry

START_ROW, TURN, PLAY, CAT, OVER = "start_row", "turn", "play", "cat", "over"
STEPS = (START_ROW, TURN, PLAY, CAT, OVER)
UNKNOWN = -1  #: a card this observer cannot see (other hands, the draw pile)
NO_SLOT = -1


class BoxesState(GameState[Move]):
    """A table of boxes and cats, the hidden hands and draw pile, and the pending decision."""

    __slots__ = ("data", "geo", "layout", "n", "table", "open_boxes", "majority_tie", "seed",
                 "hands", "deck", "discards", "supply", "_to_move", "step", "played",
                 "start_player", "end_phase", "end_due")

    def __init__(self, players: int, table: str, open_boxes: str, majority_tie: str,
                 seed: int = 0) -> None:
        self.data: BoxesData = boxes_data()
        preset = self.data.presets[table]
        self.geo: Geometry = geometry(preset.cols, preset.rows)
        self.layout = Layout(self.geo, players)
        self.n = players
        self.table = table
        self.open_boxes = open_boxes
        self.majority_tie = majority_tie
        self.seed = seed
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []                   #: the top card is the LAST element
        self.discards: list[int] = []
        self.supply = [self.data.cats_per_player] * players
        self._to_move: Seat = 0
        self.step = START_ROW
        self.played = NO_SLOT                       #: slot of the card played this turn
        self.start_player = 0
        self.end_phase = False
        self.end_due = False                        #: a fifth cat went down this turn (rule 35)

    # -- the Rules API -----------------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        return self._to_move

    @property
    def turn_of(self) -> Seat:
        """The start row is laid before any turn (nothing to confirm: each card is one move)."""
        return NOBODY if self.step in (START_ROW, OVER) else self._to_move

    @property
    def players(self) -> int:
        return self.n

    def legal_moves(self) -> list[Move]:
        step = self.step
        seat = self._to_move
        if step == PLAY:
            return self._play_moves(seat)
        if step == TURN:
            moves: list[Move] = [Draw()]
            if self.supply[seat] > 0:
                xy = self.geo.xy
                moves.extend(Sleep(*xy(s)) for s in self.layout.sleeping_pairs(seat))
            return moves
        if step == CAT:
            cats: list[Move] = [Cat(*self.geo.xy(s)) for s in self._awake_pairs(seat)]
            return cats + [Skip()]
        if step == START_ROW:
            return [StartSide(side) for side in self.start_spots()]
        return []

    def check(self, move: Any) -> Reason | None:
        step = self.step
        if step == OVER:
            return Reason.of("game_over")
        kind = getattr(move, "kind", None)
        if kind not in MOVE_KINDS:
            return Reason.of("not_a_move")
        if step == START_ROW:
            if kind != "start_row":
                return Reason.of("start_row_first")
            return None if self._row_slot(move.side) is not None else Reason.of("off_table")
        if kind == "start_row":
            return Reason.of("not_setup")
        seat = self._to_move
        if step == CAT:
            if kind == "skip":
                return None
            if kind != "awake_cat":
                return Reason.of("cat_or_skip")
            if self.supply[seat] <= 0:
                return Reason.of("no_cat_left")
            return self.layout.pair_reason(self.geo.slot(move.x, move.y), seat, self.played)
        if kind in ("awake_cat", "skip"):
            return Reason.of("no_card_played")
        if step == TURN:
            if kind == "draw":
                return None
            if kind == "sleeping_cat":
                if self.supply[seat] <= 0:
                    return Reason.of("no_cat_left")
                return self.layout.pair_reason(self.geo.slot(move.x, move.y), seat)
            return Reason.of("draw_first")
        # step == PLAY
        if kind == "draw":
            return Reason.of("end_phase_no_draw" if self.end_phase else "already_drew")
        if kind == "sleeping_cat":
            return Reason.of("end_phase_no_sleep" if self.end_phase else "already_drew")
        if kind == "card":
            return self._card_reason(seat, move)
        if kind == "princess":
            return self._princess_reason(seat, move)
        return self._discard_reason(seat, move)

    def _apply(self, move: Any) -> list[Event]:
        seat = self._to_move
        kind = move.kind
        if kind == "draw":
            self.hands[seat].append(self.deck.pop())
            self.step = PLAY
            return [Event.of("draw", seat, deck=len(self.deck)).revealing((seat,))]
        if kind == "card":
            return self._play_card(seat, move)
        events: list[Event]
        if kind in ("awake_cat", "sleeping_cat"):
            awake = kind == "awake_cat"
            slot = self.geo.slot(move.x, move.y)
            assert slot is not None
            self._put_cat(seat, slot, awake)
            events = [Event.of("cat", seat, x=move.x, y=move.y, awake=awake,
                               supply=self.supply[seat])]
        elif kind == "princess":
            events = self._play_princess(seat, move)
        elif kind == "discard":
            self.hands[seat].remove(self.data.by_name[move.card])
            self.discards.append(self.data.by_name[move.card])
            events = [Event.of("discard", seat, card=move.card).revealing(self.others(seat))]
        elif kind == "skip":
            events = [Event.of("skip", seat)]
        else:
            return self._add_start_card(move.side)
        self._end_turn(seat, events)
        return events

    def outcome(self) -> Outcome | None:
        if self.step != OVER:
            return None
        result = self.score()
        top = result.totals[result.winners[0]]
        detail = self._score_detail(result)
        if result.winner is not None:
            rivals = tuple(s for s in range(self.n) if s != result.winner and result.totals[s] == top)
            if rivals:
                return Outcome.of(result.totals, result.winner, "win_on_boxes", detail,
                                  seat=result.winner, points=top, seats=rivals)
            return Outcome.of(result.totals, result.winner, "win", detail, seat=result.winner,
                              points=top)
        if top == 0:
            return Outcome.of(result.totals, None, "nobody_scored", detail)
        return Outcome.of(result.totals, None, "shared", detail, seats=result.winners, points=top)

    clone, _unmasked = declared_clones(
        masked=("hands", "deck"),
        shared=("data", "geo", "n", "table", "open_boxes", "majority_tie", "seed", "_to_move",
                "step", "played", "start_player", "end_phase", "end_due"),
        copied=("deck", "discards", "supply"),
        nested=("hands",),
        cloned=("layout",),
    )

    # -- hidden information ------------------------------------------------------------------
    def observe(self, seat: Seat) -> "BoxesState":
        """Other hands and the draw pile become ``UNKNOWN`` (their sizes stay); discards are
        face up (rule 8).  The seed is hidden too: it would replay the shuffle."""
        view = self._unmasked()
        view.seed = 0
        view.hands = [h[:] if s == seat else [UNKNOWN] * len(h) for s, h in enumerate(self.hands)]
        view.deck = [UNKNOWN] * len(self.deck)
        return view

    def unseen_pool(self, seat: Seat) -> list[int]:
        """The cards ``seat`` cannot see, by elimination from the draw pile's composition."""
        pool = Counter(self.data.pile)
        pool.subtract(k for k, _, _, _ in self.layout.cards.values() if k != self.data.start)
        pool.subtract(self.data.princess for owner, _ in self.layout.cats.values()
                      if owner == PRINCESS_OWNER)
        pool.subtract(self.discards)
        pool.subtract(self.hands[seat])
        return sorted(pool.elements())

    def determinize(self, seat: Seat, rng: random.Random) -> "BoxesState":
        """Deal every card ``seat`` cannot see at random, keeping hand and pile sizes."""
        world = self.clone()
        pool = self.unseen_pool(seat)
        rng.shuffle(pool)
        for s in range(self.n):
            if s != seat:
                size = len(world.hands[s])
                world.hands[s] = pool[:size]
                del pool[:size]
        world.deck = pool[:len(self.deck)]
        return world

    # -- files and analysis ------------------------------------------------------------------
    def analyse(self) -> dict[str, Any]:
        names = self.game.seat_names(self.n)
        moves = self.legal_moves()
        by_kind = {k: 0 for k in MOVE_KINDS}
        by_card: dict[str, int] = {}
        for m in moves:
            by_kind[m.kind] += 1
            if isinstance(m, (Play, Discard)):
                by_card[m.card] = by_card.get(m.card, 0) + 1
        result = self.score()
        out = self.outcome()
        winner = None if out is None else ("draw" if out.winner is None else names[out.winner])
        detail = self._score_detail(result)
        detail["legal_moves_by_card"] = by_card
        return {
            "game": "boxes",
            "to_move": None if self.step == OVER else names[self._to_move],
            "over": self.step == OVER,
            "legal_moves": len(moves),
            "legal_moves_by": by_kind,
            "scores": dict(zip(names, result.totals)),
            "winner": winner,
            "detail": detail,
        }

    # -- helpers for the UI and the AI --------------------------------------------------------
    def score(self) -> BoxesScore:
        """The final scoring of the table as it stands, under this game's options."""
        return score(self.layout, self.n, self.weights, self.open_boxes, self.majority_tie)

    @property
    def weights(self) -> tuple[int, int]:
        return self.data.weight_awake, self.data.weight_sleeping

    def awake_positions(self) -> list[tuple[int, int]]:
        """The 0-2 pairs where an awake cat may lie now (the UI flashes them)."""
        return [self.geo.xy(s) for s in self._awake_pairs(self._to_move)] if self.step == CAT else []

    def start_spots(self) -> dict[str, tuple[int, int]]:
        """Set-up: the (x, y) each end of the start row would put the next start card on."""
        if self.step != START_ROW:
            return {}
        slots = {side: self._row_slot(side) for side in ("left", "right")}
        return {side: self.geo.xy(slot) for side, slot in slots.items() if slot is not None}

    def card_name(self, kind: int) -> str:
        return "?" if kind == UNKNOWN else self.data.kinds[kind].name

    # -- internals: set-up --------------------------------------------------------------------
    def _row(self) -> tuple[int, int, int]:
        """(leftmost x, rightmost x, y) of the start row."""
        y = self.geo.rows // 2
        xs = [s % self.geo.cols for s, card in self.layout.cards.items()
              if card[0] == self.data.start and s // self.geo.cols == y]
        return min(xs), max(xs), y

    def _row_slot(self, side: str) -> int | None:
        left, right, y = self._row()
        return self.geo.slot(left - 1 if side == "left" else right + 1, y)

    def lay_start_card(self, slot: int) -> None:
        start = self.data.kinds[self.data.start]
        self.layout.place(slot, start.index, 0, start.edges, start.toys)

    def _add_start_card(self, side: str) -> list[Event]:
        slot = self._row_slot(side)
        assert slot is not None
        seat = self._to_move
        self.lay_start_card(slot)
        x, y = self.geo.xy(slot)
        events = [Event.of("start_card", seat, x=x, y=y, side=side)]
        left, right, _ = self._row()
        if right - left + 1 < self.n:
            self._to_move = (seat + 1) % self.n
        else:
            self.deal()
            events.append(Event.of("dealt").revealing(self.everyone()))
        return events

    def deal(self) -> None:
        """Rule 5: everyone draws their hand, the start player first; then the first turn."""
        for k in range(self.n):
            seat = (self.start_player + k) % self.n
            for _ in range(self.data.hand_size):
                self.hands[seat].append(self.deck.pop())
        self._to_move = self.start_player
        self.step = TURN

    # -- internals: checks --------------------------------------------------------------------
    def _kind_in_hand(self, seat: Seat, name: str) -> int | Reason:
        kind = self.data.by_name.get(name)
        if kind is None:
            return Reason.of("unknown_card", card=name)
        if kind not in self.hands[seat]:
            return Reason.of("not_in_hand", card=name)
        return kind

    def _card_reason(self, seat: Seat, move: Play) -> Reason | None:
        kind = self._kind_in_hand(seat, move.card)
        if isinstance(kind, Reason):
            return kind
        if self.data.kinds[kind].role == PRINCESS:
            return Reason.of("not_a_box_card", card=move.card)
        if move.rot not in self.data.rotations:
            return Reason.of("bad_rotation", rot=move.rot)
        return self.layout.placement_reason(self.geo.slot(move.x, move.y))

    def _opponent_cats(self, seat: Seat) -> list[int]:
        return sorted(s for s, (owner, _) in self.layout.cats.items()
                      if owner != seat and owner != PRINCESS_OWNER)

    def _princess_reason(self, seat: Seat, move: Princess) -> Reason | None:
        if self.data.princess not in self.hands[seat]:
            return Reason.of("not_in_hand", card=self.data.kinds[self.data.princess].name)
        if not self._opponent_cats(seat):
            return Reason.of("no_opponent_cat")
        slot = self.geo.slot(move.x, move.y)
        target = None if slot is None else self.layout.cats.get(slot)
        if target is None:
            return Reason.of("no_cat_there")
        if target[0] == PRINCESS_OWNER:
            return Reason.of("already_princess")
        if target[0] == seat:
            return Reason.of("own_cat")
        return None

    def _discard_reason(self, seat: Seat, move: Discard) -> Reason | None:
        kind = self._kind_in_hand(seat, move.card)
        if isinstance(kind, Reason):
            return kind
        if self._can_play(seat):
            return Reason.of("must_play")
        return None

    def _can_play(self, seat: Seat) -> bool:
        """Whether some hand card has a legal play (else rule 8: discard one)."""
        kinds = self.data.kinds
        hand = self.hands[seat]
        if self.layout.open_slots() and any(kinds[k].role != PRINCESS for k in hand):
            return True
        return self.data.princess in hand and bool(self._opponent_cats(seat))

    def _awake_pairs(self, seat: Seat) -> list[int]:
        """Rule 23: the pairs above and below the played card where the cat may lie."""
        played = self.played
        if played == NO_SLOT or self.supply[seat] <= 0:
            return []
        cols = self.geo.cols
        reason = self.layout.pair_reason
        return [s for s in (played - cols, played)
                if s >= 0 and reason(s, seat, played) is None]

    # -- internals: moves ---------------------------------------------------------------------
    def _play_moves(self, seat: Seat) -> list[Move]:
        kinds = self.data.kinds
        moves: list[Move] = []
        slots = bit_indices(self.layout.open_slots())
        table = _play_table(self.geo, self.data)
        princess = False
        for k in sorted(set(self.hands[seat])):
            if kinds[k].role == PRINCESS:
                princess = True
                continue
            for per_slot in table[k]:
                moves += [per_slot[s] for s in slots]
        if princess:
            xy = self.geo.xy
            moves.extend(Princess(*xy(s)) for s in self._opponent_cats(seat))
        if not moves:
            moves = [Discard(kinds[k].name) for k in sorted(set(self.hands[seat]))]
        return moves

    def _play_card(self, seat: Seat, move: Play) -> list[Event]:
        data = self.data
        k = data.by_name[move.card]
        kind = data.kinds[k]
        slot = self.geo.slot(move.x, move.y)
        assert slot is not None
        self.hands[seat].remove(k)
        self.layout.place(slot, k, move.rot, kind.edges_at(move.rot), kind.toys)
        events = [Event.of("card", seat, card=move.card, rot=move.rot, x=move.x, y=move.y).revealing(self.others(seat))]
        events.extend(self._closed_by(slot))
        self.played = slot
        if self._awake_pairs(seat):
            self.step = CAT
        else:
            self._end_turn(seat, events)
        return events

    def _closed_by(self, slot: int) -> list[Event]:
        """``box_closed`` for each box this card finished: its own, or one it capped."""
        layout = self.layout
        geo = self.geo
        candidates = [slot] + [n for bit, opposite, _, n in geo.sides[slot]
                               if n >= 0 and layout.occupied >> n & 1
                               and layout.cards[n][2] & opposite]
        events = []
        seen = 0
        for s in candidates:
            if seen & geo.centre[s]:
                continue
            region = layout.region_of(s)
            seen |= region
            if layout.is_closed(region):
                slots = geo.slots_of(region & layout.centres)
                events.append(Event.of("box_closed", None, cells=tuple(geo.xy(c) for c in slots),
                                       toys=sum(layout.cards[c][3] for c in slots)))
        return events

    def _put_cat(self, seat: Seat, slot: int, awake: bool) -> None:
        self.layout.put_cat(slot, seat, awake)
        self.supply[seat] -= 1
        if self.supply[seat] == 0:
            self.end_due = True

    def _play_princess(self, seat: Seat, move: Princess) -> list[Event]:
        slot = self.geo.slot(move.x, move.y)
        assert slot is not None
        self.hands[seat].remove(self.data.princess)
        owner = self.layout.remove_cat(slot)
        self.layout.put_cat(slot, PRINCESS_OWNER, True)
        self.supply[owner] += 1
        return [Event.of("princess", seat, x=move.x, y=move.y, victim=owner).revealing(self.others(seat))]

    def _end_turn(self, seat: Seat, events: list[Event]) -> None:
        """Rules 35-38: flag the end phase once the turn is done, then hand the turn on."""
        self.played = NO_SLOT
        if not self.end_phase and (self.end_due or not self.deck):
            self.end_phase = True
            events.append(Event.of("end_phase"))
        if not self.end_phase:
            self._to_move = (seat + 1) % self.n
            self.step = TURN
            return
        for k in range(1, self.n + 1):
            nxt = (seat + k) % self.n
            if self.hands[nxt]:
                self._to_move = nxt
                self.step = PLAY
                return
        self._to_move = NOBODY
        self.step = OVER
        events.append(Event.of("game_over").revealing(self.everyone()))  # the end shows every hand

    def _score_detail(self, result: BoxesScore) -> dict[str, Any]:
        names = self.game.seat_names(self.n)
        xy = self.geo.xy
        boxes = []
        for sb in result.boxes:
            box = sb.box
            boxes.append({
                "cells": [list(xy(s)) for s in box.slots],
                "toys": box.toys,
                "closed": box.closed,
                "never_closable": box.dead,
                "cats": dict(zip(names, box.counts)),
                "princesses": box.princesses,
                "leaders": [names[s] for s in sb.leaders],
                "value": sb.value,
                "scores_for": [names[s] for s in sb.scorers],
            })
        return {
            "table": self.table,
            "options": {"open_boxes": self.open_boxes, "majority_tie": self.majority_tie},
            "step": self.step,
            "end_phase": self.end_phase,
            "deck": len(self.deck),
            "supply": dict(zip(names, self.supply)),
            "hands": {names[s]: len(h) for s, h in enumerate(self.hands)},
            "boxes": boxes,
            "boxes_won": dict(zip(names, result.boxes_won)),
            "points": dict(zip(names, result.totals)),
        }


_PLAY_TABLES: dict[tuple[int, int], list[list[list[Play]]]] = {}


def _play_table(geo: Geometry, data: BoxesData) -> list[list[list[Play]]]:
    """Every ``Play`` move, built once per table size: ``[kind][rotation][slot]``.

    Symmetric cards list rotation 0 only, since turning them changes nothing.
    """
    key = (geo.cols, geo.rows)
    table = _PLAY_TABLES.get(key)
    if table is None:
        table = []
        for kind in data.kinds:
            rots = [r for r in data.rotations if r == 0 or not kind.symmetric]
            table.append([[Play(kind.name, r, *geo.xy(s)) for s in range(geo.size)] for r in rots])
        _PLAY_TABLES[key] = table
    return table

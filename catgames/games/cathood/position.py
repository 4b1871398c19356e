"""Cathood position files (docs/positions.md): writing a state and reading one back.

A hand-written position may leave out most things: options and the grid (then the first-game
layout of the player count), the market rows and decks (dealt from the cards placed nowhere,
shuffled from ``seed``), the park deck (the park cards owned by nobody, highest on top).  The
supply is never written: it is what the boards do not hold.  Positions need not be reachable by
play; only components and geometry are checked.
"""

from __future__ import annotations

import random
from typing import Any

from catgames.core.position import Kept, PositionNode, SplitPosition, deal_unseen, position_node, seat_of
from catgames.core.rules import Game, Seat, UNSEEN_TEXT
from catgames.core.safe_yaml import brief
from catgames.games.cathood.components import ACTIONS, BUILDING, BUILDING_CARD, PET_SHOP, ROW_NAMES, TOY
from catgames.games.cathood.moves import RPS
from catgames.games.cathood.rules import OVER, PLAY, SETUP, UNKNOWN, CathoodState
from catgames.games.cathood.steps import HIDDEN, NO_CHOICE

HIDDEN_TEXT = "hidden"   #: a fight choice the file's seat cannot see (read: drawn at random)

EDGES = "NESW"
PHASES = (SETUP, PLAY, OVER)
STEP_ARGS: dict[str, tuple[str, ...]] = {
    "gain": ("seat", "shop"), "take": ("seat", "shop"), "cap": ("seat",), "return": ("seat",),
    "cb": ("seat", "count", "count", "count"), "dog": ("seat", "space"), "fights": ("seat",),
    "fight": ("seat", "seat"), "steal": ("seat", "seat"),
}


# -- writing ---------------------------------------------------------------------------------
def _public(state: CathoodState, kept: Kept) -> dict[str, Any]:
    """All but a committed fight choice: every seat's observation of a state shows it alike."""
    data, geo = state.data, state.geo
    names = state.game.seat_names(state.n)
    card = data.card_texts
    lots = data.lot_texts
    return {
        "game": "cathood",
        "players": state.n,
        "options": dict(state.options),
        "seed": state.seed,
        "phase": state.phase,
        "end": state.end or None,
        "end_triggered": state.end_triggered,
        "first": names[state.first],
        "turn": names[state.turn],
        "to_move": None if state.phase == OVER else names[state.to_move],
        "round": state.round,
        "colour": data.colours[state.colour] if state.colour >= 0 else None,
        "grid": kept.part("grid", lambda: _grid(state), state.tiles, state.rots),
        "houses": kept.part("houses", lambda: {
            lots[lot]: names[owner] for lot, owner in enumerate(state.houses) if owner >= 0}, state.houses),
        "statues": {data.tiles[t].id: names[owner] for t, owner in enumerate(state.statues) if owner >= 0},
        "cats": {names[s]: geo.names[state.cats[s]] if state.cats[s] >= 0 else None
                 for s in range(state.n)},
        "boards": {names[s]: _board(state, s, kept) for s in range(state.n)},
        "market": kept.part("market", lambda: {
            ROW_NAMES[k]: [card[c] for c in state.rows[k]] for k in (TOY, BUILDING_CARD)}, *state.rows),
        "decks": kept.part("decks", lambda: {
            ROW_NAMES[TOY]: [card[c] for c in state.decks[TOY][::-1]],
            ROW_NAMES[BUILDING_CARD]: [card[c] for c in state.decks[BUILDING_CARD][::-1]],
            "parks": [data.park_ids[p] for p in state.park_deck[::-1]]}, *state.decks, state.park_deck),
        "known_bottom": {ROW_NAMES[k]: state.known[k] for k in (TOY, BUILDING_CARD)},
        "used": [a for i, a in enumerate(ACTIONS) if state.used >> i & 1],
        "pending": [_step_text(state, step) for step in state.todo[::-1]],
        "rps": None,
    }


def _grid(state: CathoodState) -> list[list[str]]:
    tiles, cols = state.data.tile_texts, state.geo.cols
    placed = [tiles[t][r] for t, r in zip(state.tiles, state.rots)]
    return [placed[p:p + cols] for p in range(0, state.geo.rows * cols, cols)]


def _board(state: CathoodState, s: Seat, kept: Kept) -> dict[str, Any]:
    """Seat ``s``'s board (kept apart: a move changes one)."""
    data, card = state.data, state.data.card_texts
    return kept.part(("board", s), lambda: {
        "cubes": {data.colours[c]: k for c, k in enumerate(state.cubes[s]) if k},
        "toys": [card[c] for c in state.toys[s]],
        "buildings": [card[c] for c in state.buildings[s]],
        "parks": [data.park_ids[p] for p in state.parks[s]],
        "reserved": card[state.reserved[s]] if state.reserved[s] >= 0 else None,
    }, state.cubes[s], state.toys[s], state.buildings[s], state.parks[s], state.reserved)


def _private(state: CathoodState, kept: Kept) -> dict[str, Any]:
    committed = state.committed
    return {"rps": None if committed == NO_CHOICE else HIDDEN_TEXT if committed == HIDDEN else RPS[committed]}


#: the position of a state (an observation writes unseen deck cards as ``?``)
state_to_position = SplitPosition(_public, _private)


def _step_text(state: CathoodState, step: tuple[Any, ...]) -> str:
    names = state.game.seat_names(state.n)
    words = [step[0]]
    for kind, value in zip(STEP_ARGS[step[0]], step[1:]):
        words.append(names[value] if kind == "seat" else state.data.shop_names[value]
                     if kind == "shop" else state.geo.names[value] if kind == "space" else str(value))
    return " ".join(words)


# -- reading ---------------------------------------------------------------------------------
class _Reader:
    """Reads one position section by section; every error names its key path."""

    def __init__(self, root: PositionNode, game: Game) -> None:
        self.root = root
        players = root.opt("players", game.min_players).int(game.min_players, game.max_players)
        self.state = CathoodState(players, root.options(game))
        self.names = game.seat_names(players)
        self.used_cards: dict[int, str] = {}   #: where each card named so far is
        self.used_parks: set[int] = set()
        self.seed = root.opt("seed", 0).int(0, 2 ** 64)  #: deals what is left out

    def colour(self, node: PositionNode) -> int:
        return self.state.data.colours.index(node.str(self.state.data.colours))

    def space(self, node: PositionNode, text: str) -> int:
        try:
            return self.state.geo.space(text)
        except ValueError as exc:
            raise node.fail(str(exc)) from exc

    def card(self, node: PositionNode, kind: int | None = None) -> int:
        data, n, value = self.state.data, self.state.n, node.value
        try:
            card = data.card_index(str(value))
        except KeyError:
            raise node.fail(f"unknown card {brief(value)}") from None
        if data.cards[card].min_players > n:
            raise node.fail(f"{value} is not used with {n} players")
        if kind is not None and data.cards[card].kind != kind:
            raise node.fail(f"{value} is not a {ROW_NAMES[kind][:-1]} card")
        if card in self.used_cards:
            raise node.fail(f"{value} is already at {self.used_cards[card]}")
        self.used_cards[card] = node.where
        return card

    # -- sections ------------------------------------------------------------------------
    def grid(self) -> None:
        state, data, geo = self.state, self.state.data, self.state.geo
        grid = self.root.opt("grid")
        if grid.value is None:
            state.tiles = [t for row in data.first_game[state.n] for t in row]
            state.rots = [0] * len(state.tiles)
            return
        allowed = {data.tiles[t].id: t for t in data.tiles_for(state.n)}
        for row in grid.list(length=geo.rows):
            for item in row.list(length=geo.cols):
                tile_id, _, rot = str(item.value).partition(" r")
                if tile_id not in allowed:
                    raise item.fail(f"{brief(tile_id)} is not a tile used with {state.n} players")
                if allowed[tile_id] in state.tiles:
                    raise item.fail(f"{tile_id} is laid twice")
                if rot and (not rot.isdigit() or int(rot) > 3):
                    raise item.fail(f"rotation {brief(rot)} is not 0..3")
                state.tiles.append(allowed[tile_id])
                state.rots.append(int(rot or 0))

    def pieces(self) -> None:
        state, data = self.state, self.state.data
        on_board = {data.tiles[t].id: t for t in state.tiles}
        for key, owner in self.root.opt("houses").items():
            tile_id, _, edge = key.partition(".")
            if tile_id not in on_board or edge not in tuple(EDGES):
                raise owner.fail("expected a lot such as T09.N on a tile of the grid")
            tile = on_board[tile_id]
            if data.tiles[tile].edges[EDGES.index(edge)] not in (PET_SHOP, BUILDING):
                raise owner.fail("that edge is not a pet shop or building lot")
            seat = owner.seat(self.names)
            state.houses[tile * 4 + EDGES.index(edge)] = seat
            state.placed_houses[seat] += 1
        for key, owner in self.root.opt("statues").items():
            if key not in on_board or data.tiles[on_board[key]].park < 0:
                raise owner.fail("expected a park tile of the grid")
            seat = owner.seat(self.names)
            state.statues[on_board[key]] = seat
            state.placed_statues[seat] += 1
        shape = data.seats[state.n]
        for s in range(state.n):
            if state.placed_houses[s] > shape.houses or state.placed_statues[s] > shape.statues:
                raise self.root.fail(f"{self.names[s]} has placed more houses or statues than "
                                     "it owns")

    def cats(self) -> None:
        for seat, space in self.root.opt("cats").by_seat(self.names):
            if space.value is not None:
                self.state.cats[seat] = self.space(space, str(space.value))

    def boards(self) -> None:
        state, data = self.state, self.state.data
        boards = self.root.opt("boards")
        for seat, board in boards.by_seat(self.names):
            cubes = board.opt("cubes")
            for colour, count in cubes.items():
                if colour not in data.colours:
                    raise cubes.fail(f"unknown colour {brief(colour)}; expected one of "
                                     f"{', '.join(data.colours)}")
                c = data.colours.index(colour)
                state.cubes[seat][c] = count.int(0, data.supply[c])
                state.supply[c] -= state.cubes[seat][c]
            state.toys[seat] = [self.card(c, TOY) for c in board.opt("toys").list()]
            state.buildings[seat] = [self.card(c, BUILDING_CARD)
                                     for c in board.opt("buildings").list()]
            state.parks[seat] = [self.park(p) for p in board.opt("parks").list()]
            reserved = board.opt("reserved")
            if reserved.value is not None:
                state.reserved[seat] = self.card(reserved)
        short = [data.colours[c] for c, k in enumerate(state.supply) if k < 0]
        if short:
            raise boards.fail(f"more {short[0]} cubes than the game has")

    def park(self, node: PositionNode) -> int:
        data = self.state.data
        if node.value not in data.park_ids:
            raise node.fail(f"unknown park card {brief(node.value)}")
        p = data.park_ids.index(node.value)
        if data.park_min_players[p] > self.state.n or p in self.used_parks:
            raise node.fail(f"{node.value} is not used with {self.state.n} players or is listed "
                            "twice")
        self.used_parks.add(p)
        return p

    def market(self, rng: random.Random) -> None:
        state, data = self.state, self.state.data
        market, decks = self.root.opt("market"), self.root.opt("decks")
        given_rows = {k: [self.card(c, k) for c in market.opt(ROW_NAMES[k]).list()]
                      for k in (TOY, BUILDING_CARD) if market.opt(ROW_NAMES[k]).value is not None}
        for k in (TOY, BUILDING_CARD):
            name = ROW_NAMES[k]
            deck = decks.opt(name)
            if deck.value is not None:
                cards = [UNKNOWN if c.value == UNSEEN_TEXT else self.card(c, k)
                         for c in deck.list()][::-1]
                pool = [c for c in data.deck_for(k, state.n) if c not in self.used_cards]
                deal_unseen(deck, [cards], pool, UNKNOWN, rng.shuffle)
                state.decks[k] = cards
            else:
                rest = [c for c in data.deck_for(k, state.n) if c not in self.used_cards
                        and c not in given_rows.get(k, [])]
                rng.shuffle(rest)
                state.decks[k] = rest
            if k in given_rows:
                if len(given_rows[k]) > data.row_size:
                    raise market.opt(name).fail(f"more than {data.row_size} cards")
                state.rows[k] = given_rows[k]
            else:
                state.refill_row(k)
            known = self.root.opt("known_bottom").opt(name, 0)
            state.known[k] = known.int(0, len(state.decks[k]))
        parks = decks.opt("parks")
        if parks.value is not None:
            state.park_deck = [self.park(p) for p in parks.list()][::-1]
        else:
            owned = {p for parks in state.parks for p in parks}
            state.park_deck = [p for p in data.park_deck(state.n) if p not in owned][::-1]

    def turn(self) -> None:
        state, root, data = self.state, self.root, self.state.data
        state.seed = self.seed
        state.first = root.opt("first", self.names[0]).seat(self.names)
        state.turn = root.opt("turn", self.names[state.first]).seat(self.names)
        state.round = root.opt("round", 1).int(1, data.max_rounds)
        placed = all(c >= 0 for c in state.cats)
        phase = root.opt("phase", PLAY if placed else SETUP)
        state.phase = phase.str(PHASES)
        if state.phase != SETUP and not placed:
            raise phase.fail(f"{state.phase} needs every cat on a space (cats)")
        colour = root.opt("colour")
        if colour.value is not None:
            state.colour = self.colour(colour)
        state.end_triggered = root.opt("end_triggered", False).bool()
        if state.phase == OVER:
            state.end = root.opt("end", "pieces").str(("pieces", "rounds"))
        for name in root.opt("used").list():
            state.used |= 1 << ACTIONS.index(name.str(ACTIONS))
        for text in root.opt("pending").list()[::-1]:
            state.todo.append(self.step(text))
        rps = root.opt("rps")
        if rps.value is not None:
            if rps.value not in RPS + (HIDDEN_TEXT,) or not state.todo or state.todo[-1][0] != "fight":
                raise rps.fail("a committed choice (rock, paper, scissors, or hidden in a seat's "
                               "view) needs a pending fight on top")
            state.committed = (random.Random(self.seed).randrange(len(RPS)) if rps.value == HIDDEN_TEXT
                               else RPS.index(rps.value))

    def step(self, node: PositionNode) -> tuple[Any, ...]:
        words = str(node.value).split()
        if not words or words[0] not in STEP_ARGS or len(words) != len(STEP_ARGS[words[0]]) + 1:
            raise node.fail(f"{brief(node.value)} is not a step; expected one of "
                            + ", ".join(f"'{k} {' '.join(a).upper()}'" for k, a in STEP_ARGS.items()))
        shops = self.state.data.shop_names
        values: list[Any] = [words[0]]
        for kind, word in zip(STEP_ARGS[words[0]], words[1:]):
            if kind == "seat":
                values.append(seat_of(node, word, self.names))
            elif kind == "shop":
                if word not in shops:
                    raise node.fail(f"{brief(word)} is not a shop")
                values.append(shops.index(word))
            elif kind == "space":
                values.append(self.space(node, word))
            elif word.isdigit() and int(word) <= 9:
                values.append(int(word))
            else:
                raise node.fail(f"{brief(word)} is not a count 0..9")
        return tuple(values)


def state_from_position(doc: Any, game: Game) -> CathoodState:
    """Build a ``CathoodState`` from a position mapping; raises ``PositionError`` when wrong."""
    reader = _Reader(position_node(doc, "cathood"), game)
    reader.grid()
    reader.pieces()
    reader.cats()
    cats = [c for c in reader.state.cats if c >= 0]
    root = reader.root
    if len(set(cats)) != len(cats) and root.opt("phase", PLAY).value == SETUP:
        raise root.opt("cats").fail("two cats share a space during set-up")
    reader.boards()
    reader.market(random.Random(reader.seed))
    reader.turn()
    state = reader.state
    to_move = root.opt("to_move")
    if to_move.value is not None and state.phase != OVER and to_move.value != reader.names[state.to_move]:
        raise to_move.fail(f"the position says {to_move.value} but "
                           f"{reader.names[state.to_move]} is to act")
    return state

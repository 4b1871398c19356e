"""Cathood position files (docs/positions.md): writing a state and reading one back.

A hand-written position may leave out most things: options and the grid (then the first-game
layout of the player count), the market rows and decks (dealt from the cards placed nowhere,
shuffled from ``seed``), the park deck (the park cards owned by nobody, highest on top).  The
supply is never written: it is what the boards do not hold.  Positions need not be reachable by
play; only components and geometry are checked.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from catgames.core.rules import Game, UNSEEN_TEXT
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


class PositionError(ValueError):
    """A position file that does not describe a Cathood game."""


# -- writing ---------------------------------------------------------------------------------
def state_to_position(state: CathoodState) -> dict[str, Any]:
    """The position of ``state`` (an observation writes unseen deck cards as ``?``)."""
    data, geo = state.data, state.geo
    names = state.game.seat_names(state.n)
    card = _card_text(state)
    grid = []
    for r in range(geo.rows):
        row = []
        for c in range(geo.cols):
            p = r * geo.cols + c
            row.append(state.tile_id(p) + (f" r{state.rots[p]}" if state.rots[p] else ""))
        grid.append(row)
    houses = {f"{data.tiles[lot // 4].id}.{EDGES[lot % 4]}": names[owner]
              for lot, owner in enumerate(state.houses) if owner >= 0}
    statues = {data.tiles[t].id: names[owner] for t, owner in enumerate(state.statues) if owner >= 0}
    boards = {}
    for s in range(state.n):
        boards[names[s]] = {
            "cubes": {data.colours[c]: k for c, k in enumerate(state.cubes[s]) if k},
            "toys": [card(c) for c in state.toys[s]],
            "buildings": [card(c) for c in state.buildings[s]],
            "parks": [data.park_ids[p] for p in state.parks[s]],
            "reserved": card(state.reserved[s]) if state.reserved[s] >= 0 else None,
        }
    committed = state.committed
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
        "grid": grid,
        "houses": houses,
        "statues": statues,
        "cats": {names[s]: geo.names[state.cats[s]] if state.cats[s] >= 0 else None
                 for s in range(state.n)},
        "boards": boards,
        "market": {ROW_NAMES[k]: [card(c) for c in state.rows[k]] for k in (TOY, BUILDING_CARD)},
        "decks": {ROW_NAMES[TOY]: [card(c) for c in state.decks[TOY][::-1]],
                  ROW_NAMES[BUILDING_CARD]: [card(c) for c in state.decks[BUILDING_CARD][::-1]],
                  "parks": [data.park_ids[p] for p in state.park_deck[::-1]]},
        "known_bottom": {ROW_NAMES[k]: state.known[k] for k in (TOY, BUILDING_CARD)},
        "used": [a for i, a in enumerate(ACTIONS) if state.used >> i & 1],
        "pending": [_step_text(state, step) for step in state.todo[::-1]],
        "rps": None if committed == NO_CHOICE else HIDDEN_TEXT if committed == HIDDEN else RPS[committed],
    }


def _card_text(state: CathoodState) -> Callable[[int], str]:
    cards = state.data.cards
    return lambda c: UNSEEN_TEXT if c == UNKNOWN else cards[c].id


def _step_text(state: CathoodState, step: tuple[Any, ...]) -> str:
    names = state.game.seat_names(state.n)
    words = [step[0]]
    for kind, value in zip(STEP_ARGS[step[0]], step[1:]):
        words.append(names[value] if kind == "seat" else state.data.shop_names[value]
                     if kind == "shop" else state.geo.names[value] if kind == "space" else str(value))
    return " ".join(words)


# -- reading ---------------------------------------------------------------------------------
class _Reader:
    """Reads one position mapping field by field, naming the field in every error."""

    def __init__(self, doc: Any, game: Game) -> None:
        if not isinstance(doc, dict):
            raise PositionError("a cathood position must be a mapping (see docs/positions.md)")
        if doc.get("game") != "cathood":
            raise PositionError(f"game: expected 'cathood', got {brief(doc.get('game'))}")
        self.doc = doc
        players = doc.get("players", game.min_players)
        if isinstance(players, bool) or players not in range(game.min_players, game.max_players + 1):
            raise PositionError(f"players: expected {game.min_players}..{game.max_players}, got {brief(players)}")
        try:
            options = game.resolve_options(self.mapping("options"))
        except ValueError as exc:
            raise PositionError(f"options: {exc}") from exc
        self.state = CathoodState(players, options)
        self.names = game.seat_names(players)
        self.used_cards: dict[int, str] = {}
        self.used_parks: set[int] = set()
        self.seed = self.count(doc.get("seed", 0), "seed", 2 ** 64)  #: deals what is left out

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.doc.get(key) or {}
        if not isinstance(value, dict):
            raise PositionError(f"{key}: expected a mapping, got {brief(value)}")
        return value

    def seq(self, value: Any, where: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise PositionError(f"{where}: expected a list")
        return value

    def seat(self, value: Any, where: str) -> int:
        if value not in self.names:
            raise PositionError(f"{where}: expected one of {', '.join(self.names)}, got {brief(value)}")
        return self.names.index(value)

    def count(self, value: Any, where: str, hi: int = 999) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
            raise PositionError(f"{where}: expected a whole number 0..{hi}, got {brief(value)}")
        return value

    def colour(self, value: Any, where: str) -> int:
        colours = self.state.data.colours
        if value not in colours:
            raise PositionError(f"{where}: expected one of {', '.join(colours)}, got {brief(value)}")
        return colours.index(value)

    def space(self, value: Any, where: str) -> int:
        try:
            return self.state.geo.space(str(value))
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from exc

    def card(self, value: Any, where: str, kind: int | None = None) -> int:
        data, n = self.state.data, self.state.n
        try:
            card = data.card_index(str(value))
        except KeyError:
            raise PositionError(f"{where}: unknown card {brief(value)}") from None
        if data.cards[card].min_players > n:
            raise PositionError(f"{where}: {value} is not used with {n} players")
        if kind is not None and data.cards[card].kind != kind:
            raise PositionError(f"{where}: {value} is not a {ROW_NAMES[kind][:-1]} card")
        if card in self.used_cards:
            raise PositionError(f"{where}: {value} is already at {self.used_cards[card]}")
        self.used_cards[card] = where
        return card

    # -- sections ------------------------------------------------------------------------
    def grid(self) -> None:
        state, data, geo = self.state, self.state.data, self.state.geo
        rows = self.doc.get("grid")
        if rows is None:
            state.tiles = [t for row in data.first_game[state.n] for t in row]
            state.rots = [0] * len(state.tiles)
            return
        rows = self.seq(rows, "grid")
        if len(rows) != geo.rows:
            raise PositionError(f"grid: expected {geo.rows} rows, got {len(rows)}")
        allowed = {data.tiles[t].id: t for t in data.tiles_for(state.n)}
        for r, row in enumerate(rows):
            row = self.seq(row, f"grid[{r}]")
            if len(row) != geo.cols:
                raise PositionError(f"grid[{r}]: expected {geo.cols} tiles, got {len(row)}")
            for c, text in enumerate(row):
                where = f"grid[{r}][{c}]"
                tile_id, _, rot = str(text).partition(" r")
                if tile_id not in allowed:
                    raise PositionError(f"{where}: {brief(tile_id)} is not a tile used with {state.n} players")
                if allowed[tile_id] in state.tiles:
                    raise PositionError(f"{where}: {tile_id} is laid twice")
                if rot and (not rot.isdigit() or int(rot) > 3):
                    raise PositionError(f"{where}: rotation {brief(rot)} is not 0..3")
                state.tiles.append(allowed[tile_id])
                state.rots.append(int(rot or 0))

    def pieces(self) -> None:
        state, data = self.state, self.state.data
        on_board = {data.tiles[t].id: t for t in state.tiles}
        for key, owner in self.mapping("houses").items():
            where = f"houses.{key}"
            tile_id, _, edge = str(key).partition(".")
            if tile_id not in on_board or edge not in tuple(EDGES):
                raise PositionError(f"{where}: expected a lot such as T09.N on a tile of the grid")
            tile = on_board[tile_id]
            if data.tiles[tile].edges[EDGES.index(edge)] not in (PET_SHOP, BUILDING):
                raise PositionError(f"{where}: that edge is not a pet shop or building lot")
            seat = self.seat(owner, where)
            state.houses[tile * 4 + EDGES.index(edge)] = seat
            state.placed_houses[seat] += 1
        for key, owner in self.mapping("statues").items():
            where = f"statues.{key}"
            if key not in on_board or data.tiles[on_board[key]].park < 0:
                raise PositionError(f"{where}: expected a park tile of the grid")
            seat = self.seat(owner, where)
            state.statues[on_board[key]] = seat
            state.placed_statues[seat] += 1
        shape = data.seats[state.n]
        for s in range(state.n):
            if state.placed_houses[s] > shape.houses or state.placed_statues[s] > shape.statues:
                raise PositionError(f"{self.names[s]} has placed more houses or statues than it owns")

    def cats(self) -> None:
        state = self.state
        for name, space in self.mapping("cats").items():
            seat = self.seat(name, f"cats.{name}")
            if space is not None:
                state.cats[seat] = self.space(space, f"cats.{name}")

    def boards(self) -> None:
        state, data = self.state, self.state.data
        for name, board in self.mapping("boards").items():
            seat = self.seat(name, f"boards.{name}")
            where = f"boards.{name}"
            if not isinstance(board, dict):
                raise PositionError(f"{where}: expected a mapping")
            cubes = board.get("cubes") or {}
            if not isinstance(cubes, dict):
                raise PositionError(f"{where}.cubes: expected a mapping of colour to count, "
                                    f"got {brief(cubes)}")
            for colour, k in cubes.items():
                c = self.colour(colour, f"{where}.cubes")
                state.cubes[seat][c] = self.count(k, f"{where}.cubes.{colour}", data.supply[c])
                state.supply[c] -= state.cubes[seat][c]
            state.toys[seat] = [self.card(c, f"{where}.toys", TOY)
                                for c in self.seq(board.get("toys"), f"{where}.toys")]
            state.buildings[seat] = [self.card(c, f"{where}.buildings", BUILDING_CARD)
                                     for c in self.seq(board.get("buildings"), f"{where}.buildings")]
            state.parks[seat] = [self.park(p, f"{where}.parks")
                                 for p in self.seq(board.get("parks"), f"{where}.parks")]
            if board.get("reserved") is not None:
                state.reserved[seat] = self.card(board["reserved"], f"{where}.reserved")
        short = [data.colours[c] for c, k in enumerate(state.supply) if k < 0]
        if short:
            raise PositionError(f"boards: more {short[0]} cubes than the game has")

    def park(self, value: Any, where: str) -> int:
        data = self.state.data
        if value not in data.park_ids:
            raise PositionError(f"{where}: unknown park card {brief(value)}")
        p = data.park_ids.index(value)
        if data.park_min_players[p] > self.state.n or p in self.used_parks:
            raise PositionError(f"{where}: {value} is not used with {self.state.n} players "
                                "or is listed twice")
        self.used_parks.add(p)
        return p

    def dealt_unseen(self, deck: list[int], kind: int, rng: random.Random) -> list[int]:
        """``deck`` with each ``?`` replaced by a card of ``kind`` the file places nowhere,
        shuffled: a seat's view reads back as one full game that view allows."""
        holes = deck.count(UNKNOWN)
        if not holes:
            return deck
        pool = [c for c in self.state.data.deck_for(kind, self.state.n) if c not in self.used_cards]
        if len(pool) < holes:
            raise PositionError(f"decks.{ROW_NAMES[kind]}: {holes} unseen cards (?) but only "
                                f"{len(pool)} cards are left to deal")
        rng.shuffle(pool)
        dealt = iter(pool)
        return [next(dealt) if c == UNKNOWN else c for c in deck]

    def market(self, rng: random.Random) -> None:
        state, data = self.state, self.state.data
        market, decks = self.mapping("market"), self.mapping("decks")
        given_rows = {k: [self.card(c, f"market.{ROW_NAMES[k]}", k)
                          for c in self.seq(market.get(ROW_NAMES[k]), f"market.{ROW_NAMES[k]}")]
                      for k in (TOY, BUILDING_CARD) if ROW_NAMES[k] in market}
        for k in (TOY, BUILDING_CARD):
            name = ROW_NAMES[k]
            if name in decks:
                deck = [UNKNOWN if c == UNSEEN_TEXT else self.card(c, f"decks.{name}", k)
                        for c in self.seq(decks[name], f"decks.{name}")]
                state.decks[k] = self.dealt_unseen(deck[::-1], k, rng)
            else:
                rest = [c for c in data.deck_for(k, state.n) if c not in self.used_cards
                        and c not in given_rows.get(k, [])]
                rng.shuffle(rest)
                state.decks[k] = rest
            if k in given_rows:
                if len(given_rows[k]) > data.row_size:
                    raise PositionError(f"market.{name}: more than {data.row_size} cards")
                state.rows[k] = given_rows[k]
            else:
                state.refill_row(k)
            known = self.mapping("known_bottom").get(name, 0)
            state.known[k] = self.count(known, f"known_bottom.{name}", len(state.decks[k]))
        if "parks" in decks:
            state.park_deck = [self.park(p, "decks.parks") for p in self.seq(decks["parks"], "decks.parks")][::-1]
        else:
            owned = {p for parks in state.parks for p in parks}
            state.park_deck = [p for p in data.park_deck(state.n) if p not in owned][::-1]

    def turn(self) -> None:
        state, doc, data = self.state, self.doc, self.state.data
        state.seed = self.seed
        state.first = self.seat(doc.get("first", self.names[0]), "first")
        state.turn = self.seat(doc.get("turn", self.names[state.first]), "turn")
        state.round = self.count(doc.get("round", 1), "round", data.max_rounds)
        if state.round < 1:
            raise PositionError("round: expected 1 or more")
        placed = all(c >= 0 for c in state.cats)
        phase = doc.get("phase", PLAY if placed else SETUP)
        if phase not in PHASES:
            raise PositionError(f"phase: expected one of {', '.join(PHASES)}, got {brief(phase)}")
        if phase != SETUP and not placed:
            raise PositionError(f"phase: {phase} needs every cat on a space (cats)")
        state.phase = phase
        if doc.get("colour") is not None:
            state.colour = self.colour(doc["colour"], "colour")
        state.end_triggered = bool(doc.get("end_triggered", False))
        if phase == OVER:
            state.end = doc.get("end") or "pieces"
            if state.end not in ("pieces", "rounds"):
                raise PositionError(f"end: expected pieces or rounds, got {brief(state.end)}")
        for name in self.seq(doc.get("used"), "used"):
            if name not in ACTIONS:
                raise PositionError(f"used: {brief(name)} is not one of {', '.join(ACTIONS)}")
            state.used |= 1 << ACTIONS.index(name)
        for text in self.seq(doc.get("pending"), "pending")[::-1]:
            state.todo.append(self.step(text))
        rps = doc.get("rps")
        if rps is not None:
            if rps not in RPS + (HIDDEN_TEXT,) or not state.todo or state.todo[-1][0] != "fight":
                raise PositionError("rps: a committed choice (rock, paper, scissors, or hidden "
                                    "in a seat's view) needs a pending fight on top")
            state.committed = (random.Random(self.seed).randrange(len(RPS)) if rps == HIDDEN_TEXT
                               else RPS.index(rps))

    def step(self, text: Any) -> tuple[Any, ...]:
        words = str(text).split()
        where = f"pending: {brief(text)}"
        if not words or words[0] not in STEP_ARGS or len(words) != len(STEP_ARGS[words[0]]) + 1:
            raise PositionError(f"{where}: expected one of "
                                + ", ".join(f"'{k} {' '.join(a).upper()}'" for k, a in STEP_ARGS.items()))
        shops = self.state.data.shop_names
        values: list[Any] = [words[0]]
        for kind, word in zip(STEP_ARGS[words[0]], words[1:]):
            if kind == "seat":
                values.append(self.seat(word, where))
            elif kind == "shop":
                if word not in shops:
                    raise PositionError(f"{where}: {brief(word)} is not a shop")
                values.append(shops.index(word))
            elif kind == "space":
                values.append(self.space(word, where))
            else:
                values.append(self.count(int(word) if word.isdigit() else word, where, 9))
        return tuple(values)


def state_from_position(doc: Any, game: Game) -> CathoodState:
    """Build a ``CathoodState`` from a position mapping; raises ``PositionError`` when wrong."""
    reader = _Reader(doc, game)
    reader.grid()
    reader.pieces()
    reader.cats()
    cats = [c for c in reader.state.cats if c >= 0]
    if len(set(cats)) != len(cats) and reader.doc.get("phase", PLAY) == SETUP:
        raise PositionError("cats: two cats share a space during set-up")
    reader.boards()
    reader.market(random.Random(reader.seed))
    reader.turn()
    state = reader.state
    given = reader.doc.get("to_move")
    if given is not None and state.phase != OVER and given != reader.names[state.to_move]:
        raise PositionError(f"to_move: the position says {given} but "
                            f"{reader.names[state.to_move]} is to act")
    return state

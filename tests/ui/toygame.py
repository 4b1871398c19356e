"""A tiny tic-tac-toe on the Rules API, with a drag-and-drop scene, for UI and session tests.

``HiddenToy`` is the same game flagged as having hidden information (hand-off, undo only over
one's own turn), where a mark on the centre cell reveals something (undo stops before it), and
each seat's view holds its own secret (its seat number), so views of different seats differ.
``move_order`` is an option that exists to exercise option choosers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable

import pygame

from catgames.core.rules import NOBODY, Event, Game, Option, Outcome, Reason, State
from catgames.core.session import Match
from catgames.games import Manifest, UnknownGame
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.theme import palette

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclass(frozen=True)
class Mark:
    cell: int

    def __str__(self) -> str:
        return f"c{self.cell}"


class ToyState(State):
    def __init__(self, game: "ToyGame", board: list[int] | None = None, turn: int = 0) -> None:
        self.game = game
        self.board = board or [-1] * 9
        self.turn = turn

    @property
    def players(self) -> int:
        return 2

    def _winner(self) -> int | None:
        for a, b, c in LINES:
            if self.board[a] >= 0 and self.board[a] == self.board[b] == self.board[c]:
                return self.board[a]
        return None

    @property
    def to_move(self) -> int:
        if self._winner() is not None or -1 not in self.board:
            return NOBODY
        return self.turn

    def legal_moves(self) -> list[Mark]:
        return [] if self.is_over() else [Mark(i) for i in range(9) if self.board[i] < 0]

    def check(self, move: Any) -> Reason | None:
        if self.is_over():
            return Reason.of("game_over")
        if not isinstance(move, Mark) or not 0 <= move.cell < 9:
            return Reason.of("toy_bad_move")
        if self.board[move.cell] >= 0:
            return Reason.of("toy_taken", cell=move.cell)
        return None

    def _apply(self, move: Any) -> list[Event]:
        self.board[move.cell] = self.turn
        shown = self.everyone() if move.cell == self.game.revealing_cell else ()
        events = [Event.of("placed", self.turn, cell=move.cell).revealing(shown)]
        self.turn = 1 - self.turn
        return events

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        w = self._winner()
        scores = tuple(int(w == s) for s in range(2))
        return Outcome.of(scores, w, "three_in_a_row" if w is not None else "board_full",
                          {"marks": [self.board.count(s) for s in range(2)]})

    def clone(self) -> "ToyState":
        return ToyState(self.game, list(self.board), self.turn)

    def analyse(self) -> dict[str, Any]:
        return {"game": self.game.id}


class ToyGame(Game):
    id = "toy"
    #: The toy's own manifest (the catalogue lists it only in tests that add it).
    manifest = Manifest("toy", "Toy Tic-Tac-Toe", (2, 2), "tests.ui.toygame", None, "tests.ui.toygame")
    revealing_cell: int | None = None  #: a mark there reveals something

    def options(self):
        return [Option("move_order", ("x", "o"), "x")]

    def seat_names(self, players: int) -> list[str]:
        return ["Cross", "Nought"]

    def new_state(self, players, options=None, seed=0) -> ToyState:
        return ToyState(self)

    def state_from_dict(self, data):
        return ToyState(self, list(data["board"]), data["turn"])

    def state_to_dict(self, state) -> dict[str, Any]:
        return {"game": self.id, "board": list(state.board), "turn": state.turn}

    def parse_move(self, state, text: str) -> Mark:
        if not (text.startswith("c") and text[1:].isdigit()):
            raise ValueError(f"not a toy move: {text!r}")
        return Mark(int(text[1:]))


class HiddenToyState(ToyState):
    secret: int = NOBODY  #: whose secret this view shows (``NOBODY``: the full state's, none)

    def observe(self, seat: int) -> "HiddenToyState":
        view = HiddenToyState(self.game, list(self.board), self.turn)
        view.secret = seat
        return view

    def clone(self) -> "HiddenToyState":
        return HiddenToyState(self.game, list(self.board), self.turn)


class HiddenToyGame(ToyGame):
    id = "hiddentoy"
    manifest = Manifest("hiddentoy", "Hidden Toy", (2, 2), "tests.ui.toygame_hidden", None,
                        "tests.ui.toygame")
    has_hidden_information = True
    revealing_cell = 4

    def new_state(self, players, options=None, seed=0) -> ToyState:
        return HiddenToyState(self)

    def state_from_dict(self, data):
        return HiddenToyState(self, list(data["board"]), data["turn"])

    def state_to_dict(self, state) -> dict[str, Any]:
        return dict(super().state_to_dict(state), secret=getattr(state, "secret", NOBODY))


GAME = ToyGame()
HIDDEN_GAME = HiddenToyGame()


def load(game_id: str) -> Game:
    """A ``load_game`` stand-in that knows only the toy games."""
    known = {"toy": GAME, "hiddentoy": HIDDEN_GAME}
    if game_id not in known:
        raise UnknownGame(f"unknown game {game_id!r}")
    return known[game_id]


def vs_ai(game: Game = GAME) -> Match:
    """A toy match: a human against an AI, seed fixed."""
    return Match.new(game, 2, ["human", "ai:normal"], seed=5)

# -- the table: a 3x3 board; each seat has one endless "mark" piece in its tray ---------------
CELL = 150
BOARD = pygame.FRect(100, 150, 3 * CELL, 3 * CELL)
TRAY = {0: (700, 250), 1: (700, 450)}


def cell_center(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, 3)
    return BOARD.x + col * CELL + CELL / 2, BOARD.y + row * CELL + CELL / 2


class ToyScene(BaseGameScene):
    """Pieces are seat numbers; targets are cells (rotation is accepted but changes nothing)."""

    def piece_at(self, pos) -> Hashable | None:
        seat = self.observed.to_move
        x, y = TRAY.get(seat, (-999, -999))
        return seat if abs(pos[0] - x) < 40 and abs(pos[1] - y) < 40 else None

    def home_of(self, piece):
        return TRAY[piece]

    def rotations(self, piece) -> int:
        return 4

    def targets_for(self, piece, rotation):
        return range(9)

    def move_for(self, piece, target):
        return Mark(target)

    def snap(self, piece, rotation, pos):
        if not BOARD.collidepoint(pos):
            return None
        return int((pos[1] - BOARD.y) // CELL) * 3 + int((pos[0] - BOARD.x) // CELL)

    def target_point(self, target):
        return cell_center(target)

    def draw_piece(self, canvas, piece, rotation, center) -> None:
        canvas.circle(palette().seat(piece).color, center, 30)

    def draw_ghost(self, canvas, piece, target, legal) -> None:
        canvas.circle(palette().ok if legal else palette().bad, cell_center(target), 40, 4)

    def draw_board(self, canvas, rect) -> None:
        for cell, owner in enumerate(self.observed.board):
            x, y = cell_center(cell)
            canvas.rect(palette().panel, (x - 70, y - 70, 140, 140), radius=8)
            if owner >= 0:
                self.draw_piece(canvas, owner, 0, (x, y))
        for seat, home in TRAY.items():
            if not self.drag.is_lifted(seat):
                self.draw_piece(canvas, seat, 0, home)
        self.drag.draw(canvas)


SCENE = ToyScene

MANIFESTS = (ToyGame.manifest, HiddenToyGame.manifest)
#: What players read about the toy games (as data/strings would say it).
STRINGS = {
    "game": {"toy": {"title": "Toy Tic-Tac-Toe", "blurb": "Three in a row, for tests."},
             "hiddentoy": {"title": "Hidden Toy", "blurb": "With secrets."}},
    "option": {"toy": {"move_order": "Who starts", "move_order.help": "Which mark starts"}},
    "reason": {"toy_taken": "Cell {cell} is taken."},
}

"""Guided first games: a tutorial file read and checked, and the script that walks its steps (``Script``).

A tutorial is data (``data/tutorials/<game>.yaml``): a starting ``position`` in the game's
position-file format, then ``steps``.  Each step has a sentence (``say``: a string key), what to
point at (``show``: ``move`` — the piece and place of the step's move — ``none``, or parts of
the table by name: ``board``, ``side``, ``log``, ``status``, ``menu``, and those a game's table
names in ``tutorial_parts``), the move the player must make
(``move``: move text as ``Game.parse_move`` reads it, or ``any`` legal move; no ``move``: the
player reads and presses Next), the sentence shown when another move is tried (``hint``), and the
other seats' scripted answer (``reply``: move texts, or ``any``).  The last step closes the
tutorial and asks for nothing.

The file is checked when it is read: every key through ``core.data.Node`` and the whole script
played through once, so a move that cannot be read or is not legal where it stands is reported
with its place in the file, never met in the middle of a tutorial.  An ``any`` move is the
player's whole turn (games whose turn has several moves), an ``any`` reply the others' until the
player is to move again; after one the position depends on the player, so later steps may ask
only for ``any`` moves and replies.

Pure (no pygame), so it lives in the core: the table side is ``catgames.ui.scenes.tutorial``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from catgames.core.catalogue import load_game
from catgames.core.data import Node, data_path, load_yaml
from catgames.core.rules import Game, State
from catgames.core.session import HUMAN, Match

ANY = "any"  #: a step's ``move`` or ``reply``: whatever legal move is made
MOVE, NOTHING = "move", "none"  #: ``show``: the step's move; nothing
DEFAULT_HINT = "tutorial.wrong_move"
MAX_STEPS = 40
TUTORIAL_SEED = 1  #: the chance of a tutorial (draws after its moves) is the same every time


class TutorialMatch(Match):
    """A match on a tutorial's position: it has no seed to replay from, so nothing is undone."""

    def undo_refusal(self) -> str | None:
        return "tutorial"

    def set_confirm_turns(self, on: bool) -> bool:
        """The script's turns pass with their last step, as they were written: a turn left
        with only its End turn (Cathood's last disc) plays it at once."""
        return super().set_confirm_turns(False)


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module docstring for its keys)."""

    say: str
    show: tuple[str, ...]  #: ``(MOVE,)``, ``()`` or the names of parts of the table
    move: str | None
    reply: tuple[str, ...]
    hint: str

    @property
    def asks_move(self) -> bool:
        return self.move is not None


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: its position and steps; ``player`` is the seat the player takes (the
    one to move at the start), every other seat follows the script."""

    game: Game
    position: dict[str, Any]
    steps: tuple[Step, ...]
    player: int

    def new_match(self) -> Match:
        """A fresh match on the starting position (the same one every time)."""
        state = self.game.state_from_dict(self.position)
        seats = [HUMAN if seat == self.player else "ai:normal" for seat in range(state.players)]
        options = self.game.resolve_options(self.position.get("options"))
        return TutorialMatch(self.game, options, TUTORIAL_SEED, seats, state,
                             names=[""] * state.players)


def tutorial_path(game_id: str) -> Path:
    return data_path(f"tutorials/{game_id}.yaml")


def has_tutorial(game_id: str) -> bool:
    return tutorial_path(game_id).is_file()


def load_tutorial(game_id: str, path: Path | None = None) -> Tutorial:
    """The tutorial of ``game_id``, checked through and through; ``DataError`` names the file,
    the key and the problem of one that is not right."""
    root = load_yaml(path or tutorial_path(game_id))
    game = load_game(game_id)
    position = root["position"]
    doc = position.value
    if not isinstance(doc, dict):
        raise position.fail("expected a mapping (a position file)")
    try:
        state = game.state_from_dict(doc)
        game.resolve_options(doc.get("options"))
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise position.fail(f"not a position of {game.title}: {exc}") from exc
    if state.is_over() or state.to_move < 0:
        raise position.fail("the game must be under way with a player to move")
    steps = tuple(_step(node) for node in root["steps"].list(min_length=2, max_length=MAX_STEPS))
    root.done(elsewhere=("position",))
    tutorial = Tutorial(game, doc, steps, state.to_move)
    _check_script(tutorial, root["steps"].list())
    return tutorial


def _step(node: Node) -> Step:
    move = node.get("move")
    reply = node.get("reply")
    show = node.get("show")
    hint = node.get("hint")
    replies = ([] if reply is None else [reply] if isinstance(reply.value, str)
               else reply.list(min_length=1))
    step = Step(say=node["say"].str(), move=None if move is None else move.str(),
                reply=tuple(r.str() for r in replies),
                show=_default_show(move) if show is None else _shown(show),
                hint=DEFAULT_HINT if hint is None else hint.str())
    if step.show == (MOVE,) and step.move in (None, ANY):
        raise node.fail("show: move needs the step's move written out")
    if step.reply and step.move is None:
        raise node.fail("a reply answers the player's move; this step asks for none")
    return step


def _default_show(move: Node | None) -> tuple[str, ...]:
    """A written-out move is pointed at; any other step points at nothing unless it says."""
    return (MOVE,) if move is not None and move.value != ANY else ()


def _shown(node: Node) -> tuple[str, ...]:
    """``show``: one name or a list of them (``move`` and ``none`` stand alone)."""
    names = [node] if isinstance(node.value, str) else node.list(min_length=1, unique=True)
    shown = tuple(n.str() for n in names)
    if len(shown) > 1 and (MOVE in shown or NOTHING in shown):
        raise node.fail(f"'{MOVE}' and '{NOTHING}' stand alone, not in a list")
    return () if shown == (NOTHING,) else shown


def _check_script(tutorial: Tutorial, nodes: list[Node]) -> None:
    """Play the whole script once (``any`` as the first legal move), so each move is known to
    be readable and legal where it stands, and the game still going on at the end."""
    match = tutorial.new_match()
    free = False  #: an ``any`` came before: the position is the player's from here on
    last = len(tutorial.steps) - 1
    for i, (step, node) in enumerate(zip(tutorial.steps, nodes)):
        if i == last and step.asks_move:
            raise node.fail("the last step closes the tutorial and asks for no move")
        texts = [] if step.move is None else [(step.move, node["move"], True)]
        reply = node.get("reply")
        texts += [(text, reply if isinstance(reply.value, str) else reply.child(k), False)
                  for k, text in enumerate(step.reply) if reply is not None]
        for text, where, by_player in texts:
            if text != ANY and free:
                raise where.fail("after an 'any' move the position is the player's: only 'any' "
                                 "may follow")
            free = free or text == ANY
            _play_checked(match, text, where, by_player, tutorial.player)
            while text == ANY and (match.state.to_move == tutorial.player) == by_player:
                _play_checked(match, text, where, by_player, tutorial.player)  # the whole turn


def _play_checked(match: Match, text: str, where: Node, by_player: bool, player: int) -> None:
    state = match.state
    mover_is_player = state.to_move == player
    if mover_is_player != by_player:
        who = "the player" if by_player else "another seat"
        raise where.fail(f"{who} should move here, but it is {state.seat_name(state.to_move)}'s turn")
    try:
        move = first_legal(state) if text == ANY else match.game.parse_move(state, text)
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise where.fail(f"{text!r} is not a move: {exc}") from exc
    reason = state.check(move)
    if reason is not None:
        raise where.fail(f"{text!r} is not legal here ({reason})")
    match.play(move)
    if match.state.is_over():
        raise where.fail(f"{text!r} ends the game; a tutorial stops before the end")


def first_legal(state: State) -> Any:
    """The move an ``any`` reply makes: the first legal one that does not end the game (a
    tutorial never reaches the end), else the first."""
    moves = state.legal_moves()
    return next((m for m in moves if not ends_game(state, m)), moves[0])


def ends_game(state: State, move: Any) -> bool:
    after = state.clone()
    after.apply_unchecked(move)
    return after.is_over()


class Script:
    """Where the player is in a tutorial: the step shown, and whether the player's move, the
    script's replies or a press of Next is due.  The table asks it and tells it what was
    played; it decides nothing about the rules."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = 0
        self.replies: list[str] = []  #: the replies still to play for the current step

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def at_end(self) -> bool:
        """The closing step is shown."""
        return self.index == len(self.tutorial.steps) - 1

    @property
    def awaiting_move(self) -> bool:
        return self.step.asks_move and not self.replies

    @property
    def replying(self) -> bool:
        return bool(self.replies)

    @property
    def reading(self) -> bool:
        """A step that only tells something (Next, or at the end Finish)."""
        return not self.step.asks_move

    def expected(self, state: State) -> Any | None:
        """The move the step asks for (``None`` for any move, or none)."""
        text = self.step.move
        return None if text in (None, ANY) else self.tutorial.game.parse_move(state, text)

    def allows(self, state: State, move: Any) -> bool:
        """The player may make ``move`` now: it is the step's move (any for ``any``, as long as
        the game goes on)."""
        if not self.awaiting_move:
            return False
        if self.step.move == ANY:
            return not ends_game(state, move)
        return bool(move == self.expected(state))

    def moved(self, again: bool) -> None:
        """The player made the step's move (``again``: and is still to move): the replies
        follow, else the next step.  An ``any`` step lasts the player's whole turn."""
        if self.step.move == ANY and again:
            return
        self.replies = list(self.step.reply)
        if not self.replies:
            self.index += 1

    def reply_text(self, state: State) -> str | None:
        """The next scripted reply as move text (``None``: none is due)."""
        if not self.replies:
            return None
        text = self.replies[0]
        return str(first_legal(state)) if text == ANY else text

    def replied(self, again: bool) -> None:
        """A reply was played (``again``: the other seats are still to move); after the last
        one comes the next step.  An ``any`` reply lasts until the player is to move."""
        if not self.replies or (self.replies[0] == ANY and again):
            return
        self.replies.pop(0)
        if not self.replies:
            self.index += 1

    def next(self) -> None:
        """Next on a step that asked for nothing."""
        if self.reading and not self.at_end:
            self.index += 1

"""``python -m catgames bot``: a headless player for tests, load and people who script.

It creates a table (printing its invite code at once) or joins one by code, then plays its
seat with the app's AI until the game ends, printing one JSON object per line.  Its choice
depends only on the seat's view, its seed and the table's version, so a bot that reconnects
after a server restart picks the same move it would have picked without the break.  With
``rematches`` it asks for that many rematches, one after each game, and plays each at its new
seat (a person scripting games in a row says how many; by default a bot plays one game and
exits, whatever the others do).  It sends at most ``PACE`` moves a second, under any server's
default rate limit.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable

from catgames.core.catalogue import load_game
from catgames.net.client import FATAL, Backoff, NetClient
from catgames.net.seat_ai import choose

Emit = Callable[[dict[str, Any]], None]
POLL_S = 0.2  #: longest wait for one message before the deadline is looked at again
PACE = 15.0  #: moves a second a bot sends at most (a server takes 20 a second by default)


def print_line(obj: dict[str, Any]) -> None:
    print(json.dumps(obj), flush=True)


@dataclass(frozen=True)
class BotPlan:
    url: str
    create: str | None = None  #: a game id to create a table of
    join: str | None = None  #: an invite code to take a seat with
    players: int = 2
    others: tuple[str, ...] = ()  #: the other seats: "human" or "ai:<level>" (default: humans)
    level: str = "random"
    seed: int = 0
    iterations: int | None = None  #: fixed AI work, for play that repeats exactly
    verbose: bool = False  #: also print every update, acknowledgement and refusal
    rematches: int = 0  #: games to play after the first, each at the rematch's table
    timeout_s: float = 600.0
    backoff: Backoff = Backoff()

    def intent(self) -> dict[str, Any]:
        if self.join is not None:
            return {"type": "join", "code": self.join}
        others = self.others or ("human",) * (self.players - 1)
        seats = [{"kind": "human"}] + [{"kind": "human"} if o == "human" else {"kind": "ai", "level": o[3:]}
                                       for o in others]
        return {"type": "create", "game": self.create, "players": self.players, "seats": seats,
                "seed": self.seed}


def move_seed(seed: int, version: int) -> int:
    """The seed of the bot's choice at ``version``: the same after any reconnect."""
    return seed * 1_000_003 + version


def final_line(update: dict[str, Any]) -> dict[str, Any]:
    """``{"outcome": {"scores": {seat name: score}, "winner": seat name or null}, "moves": N}``."""
    names = load_game(update["game"]).seat_names(update["players"])
    outcome = update["outcome"]
    winner = outcome["winner"]
    return {"outcome": {"scores": dict(zip(names, outcome["scores"])),
                        "winner": None if winner is None else names[winner]},
            "moves": update["version"]}


@dataclass
class _Games:
    """Where the bot is in its games: the tables finished, the versions it sent a move for on
    this line (a move is sent once per version; after a reconnect again, since the server may
    never have had it), when it last sent one."""

    finished: list[str]
    moved: set[tuple[str, int]]
    sent_at: float = 0.0


def play(plan: BotPlan, emit: Emit = print_line, stop: Callable[[], bool] = lambda: False) -> int:
    """Play the table (and ``plan.rematches`` rematches) to the end: 0 once the last outcome is
    printed, 1 if the bot gave up (or ``stop`` said so)."""
    client = NetClient(plan.url, plan.intent(), backoff=plan.backoff).start()
    deadline = time.monotonic() + plan.timeout_s
    games = _Games([], set())
    try:
        while time.monotonic() < deadline and not stop():
            message = client.wait(POLL_S)
            if message is None:
                continue
            done = _react(plan, client, message, emit, games)
            if done is not None:
                return done
        emit({"error": "stopped" if stop() else f"no end of the game within {plan.timeout_s:g} s"})
        return 1
    finally:
        client.close()


def _react(plan: BotPlan, client: NetClient, message: dict[str, Any], emit: Emit, games: _Games) -> int | None:
    """Handle one message; an exit code once the bot is done."""
    kind = message["type"]
    if kind == "error" and message["code"] == "storage":  # its move was lost: the update after this asks again
        games.moved.clear()
    if kind == "created":
        codes = message["codes"]
        emit({"code": codes[0] if codes else None, "codes": codes, "table": message["table"],
              "seat": message["seat"]})
    elif kind == "seated":
        if plan.join is not None:
            emit({"seated": message["seat"], "table": message["table"]})
        if message["table"] in games.finished:  # back on a finished table's line: its rematch asked again
            client.send({"type": "rematch"})
    elif kind == "reconnecting":
        games.moved.clear()
        emit({"reconnecting": message["attempt"]})
    elif kind == "gone":
        emit({"error": f"the server is gone ({message['reason']})"})
        return 1
    elif kind == "error" and message["code"] in FATAL:
        emit({"error": f"refused: {message['message']}"})
    elif plan.verbose and kind in ("ack", "error"):
        emit({kind: message})
    elif kind == "rematch" and message["table"] not in games.finished and client.table != message["table"]:
        emit({"rematch": message["table"], "seat": message["seat"]})
        client.sit(message["table"])
    elif kind == "update" and message["table"] not in games.finished:
        if plan.verbose:
            emit({"update": message})
        if message["outcome"] is not None:
            return _finished(plan, client, message, emit, games)
        return _move(plan, client, message, emit, games)
    return None


def _finished(plan: BotPlan, client: NetClient, update: dict[str, Any], emit: Emit, games: _Games) -> int | None:
    """A game ended: its outcome line, then the next rematch asked for, or the end (0)."""
    emit(final_line(update))
    games.finished.append(update["table"])
    if len(games.finished) > plan.rematches:
        return 0
    client.send({"type": "rematch"})
    return None


def _move(plan: BotPlan, client: NetClient, update: dict[str, Any], emit: Emit, games: _Games) -> int | None:
    """The seat's move, if it is to move and has not sent one at this version on this line."""
    version = update["version"]
    if update["to_move"] != update["seat"] or (update["table"], version) in games.moved:
        return None
    games.moved.add((update["table"], version))
    try:
        text = choose(update["game"], update["view"], update["seat"], plan.level, move_seed(plan.seed, version),
                      plan.iterations)
    except Exception as exc:  # a view the AI cannot read: say so rather than hang or crash
        emit({"error": f"no move found at version {version}: {exc}"})
        return 1
    time.sleep(max(0.0, games.sent_at + 1 / PACE - time.monotonic()))  # polite to the server's rate limit
    games.sent_at = time.monotonic()
    client.send({"type": "move", "version": version, "move": text})
    return None


"""``python -m catgames bot``: a headless player for tests, load and people who script.

It creates a table (printing its invite code at once) or joins one by code, then plays its
seat with the app's AI until the game ends, printing one JSON object per line.  Its choice
depends only on the seat's view, its seed and the table's version, so a bot that reconnects
after a server restart picks the same move it would have picked without the break.
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


def play(plan: BotPlan, emit: Emit = print_line, stop: Callable[[], bool] = lambda: False) -> int:
    """Play one table to its end: 0 once the outcome is printed, 1 if the bot gave up (or
    ``stop`` said so)."""
    client = NetClient(plan.url, plan.intent(), backoff=plan.backoff).start()
    deadline = time.monotonic() + plan.timeout_s
    moved: set[int] = set()  #: versions the bot sent a move for on this line
    try:
        while time.monotonic() < deadline and not stop():
            message = client.wait(POLL_S)
            if message is None:
                continue
            done = _react(plan, client, message, emit, moved)
            if done is not None:
                return done
        emit({"error": "stopped" if stop() else f"no end of the game within {plan.timeout_s:g} s"})
        return 1
    finally:
        client.close()


def _react(plan: BotPlan, client: NetClient, message: dict[str, Any], emit: Emit, moved: set[int]) -> int | None:
    """Handle one message; an exit code once the bot is done.  A move is sent once per version
    on one line; after a reconnect it is sent again, since the server may never have had it."""
    kind = message["type"]
    if kind == "created":
        codes = message["codes"]
        emit({"code": codes[0] if codes else None, "codes": codes, "table": message["table"],
              "seat": message["seat"]})
    elif kind == "seated" and plan.join is not None:
        emit({"seated": message["seat"], "table": message["table"]})
    elif kind == "reconnecting":
        moved.clear()
        emit({"reconnecting": message["attempt"]})
    elif kind == "gone":
        emit({"error": f"the server is gone ({message['reason']})"})
        return 1
    elif kind == "error" and message["code"] in FATAL:
        emit({"error": f"refused: {message['message']}"})
    elif plan.verbose and kind in ("ack", "error"):
        emit({kind: message})
    elif kind == "update":
        if plan.verbose:
            emit({"update": message})
        if message["outcome"] is not None:
            emit(final_line(message))
            return 0
        if message["to_move"] == message["seat"] and message["version"] not in moved:
            moved.add(message["version"])
            try:
                text = choose(message["game"], message["view"], message["seat"], plan.level,
                              move_seed(plan.seed, message["version"]), plan.iterations)
            except Exception as exc:  # a view the AI cannot read: say so rather than hang or crash
                emit({"error": f"no move found at version {message['version']}: {exc}"})
                return 1
            client.send({"type": "move", "version": message["version"], "move": text})
    return None


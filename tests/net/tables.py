"""The tables the network tests play: every game, with remote bots and server AI seats, and
the checks that a finished table's bots saw exactly what their seats may see."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from catgames.core.rules import NOBODY
from catgames.core.session import Match
from tests.net.serving import BOT_ITERATIONS, BotProcess, BotThread, replayed, runner_payloads, views_by_version

Bot = BotProcess | BotThread
Launch = Callable[..., Bot]  #: (url, folder, *command-line arguments) -> a running bot

UPDATE_KEYS = {"type", "table", "game", "players", "seat", "version", "ply", "to_move", "turn_shown", "awaiting",
               "seats", "names", "view", "events", "log", "outcome", "presence"}


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    others: tuple[str, ...]  #: the seats after the creator's: "human" (a joining bot) or "ai:<level>"
    seed: int
    level: str = "random"  #: the creator bot's

    def kinds(self) -> list[str]:
        """The seats as the server's match knows them (a random AI counts as an easy one)."""
        return ["human"] + [o if o in ("human", "ai:easy") else "ai:easy" for o in self.others]

    def seats(self) -> list[tuple[str, str, int]]:
        """(who, level, seed) per seat, as ``serving.uninterrupted`` takes them."""
        joiner = iter(range(1, self.players))
        seats = [("bot", self.level, self.seed)]
        for other in self.others:
            seats.append(("bot", "random", self.seed + 100 * next(joiner)) if other == "human"
                         else ("ai", other[3:], 0))
        return seats


SETUPS = (
    Setup("bed", 2, ("human",), 11, "easy"),
    Setup("kotatsu", 3, ("human", "ai:easy"), 12, "easy"),
    Setup("days", 2, ("human",), 13),
    Setup("boxes", 3, ("ai:random", "human"), 14),
    Setup("cathood", 2, ("human",), 15),
)


def start_tables(url: str, folder: Path, setups: tuple[Setup, ...], bot: Launch = BotProcess) -> list[list[Bot]]:
    """Every setup's bots: the creators first (they start together), then the joiners."""
    creators = [start_creator(url, folder, setup, bot) for setup in setups]
    return [[creator] + start_joiners(url, folder, setup, creator, bot) for setup, creator in zip(setups, creators)]


def start_creator(url: str, folder: Path, setup: Setup, bot: Launch) -> Bot:
    return bot(url, folder, "--create", setup.game, "--players", str(setup.players), "--seats",
                      ",".join(setup.others), "--level", setup.level, "--iterations", str(BOT_ITERATIONS),
                      "--seed", str(setup.seed))


def start_joiners(url: str, folder: Path, setup: Setup, creator: Bot, bot: Launch) -> list[Bot]:
    """One bot per other human seat, each taking one of the creator's codes."""
    codes = creator.first_line()["codes"]
    return [bot(url, folder, "--join", code, "--level", "random", "--seed", str(setup.seed + 100 * (i + 1)))
            for i, code in enumerate(codes)]


def stop_bots(tables: list[list[Bot]]) -> None:
    """Every bot of ``tables`` stopped (those still playing are killed)."""
    for bots in tables:
        for bot in bots:
            bot.kill()


def table_of(bots: list[Bot]) -> str:
    return str(bots[0].lines[0]["table"])


def check_finished_table(setup: Setup, bots: list[Bot], moves: list[tuple[int, str]],
                         unbroken: bool = True) -> None:
    """Each bot ended with the match's outcome, saw at every version exactly its seat's view,
    and was acknowledged only its own moves (each of them, on an ``unbroken`` line)."""
    match, versions = replayed(setup.game, setup.kinds(), setup.seed, moves)
    outcome = match.state.outcome()
    assert outcome is not None
    names = match.seat_names
    final = {"outcome": {"scores": dict(zip(names, outcome.scores)),
                         "winner": None if outcome.winner is None else names[outcome.winner]},
             "moves": len(match.history)}
    mover_at = {version: seat for version, (seat, _) in zip(versions, moves)}
    for bot in bots:
        assert bot.lines[-1] == final
        updates = bot.updates
        seat = updates[0]["seat"]
        check_views(setup, match, moves, seat, updates, unbroken)
        assert all(mover_at[ack["version"]] == seat for ack in bot.acks)
        own = sum(1 for s, _ in moves if s == seat)
        assert len(bot.acks) == own if unbroken else 0 < len(bot.acks) <= own, (setup, seat, len(bot.acks), own, [list(x) for x in bot.lines[-4:]])
        refused = [line for line in bot.lines if "error" in line or (unbroken and "reconnecting" in line)]
        assert not refused, refused  # no stale move, no flood: a bot waits for its turn


def check_views(setup: Setup, match: Match, moves: list[tuple[int, str]], seat: int,
                updates: list[dict[str, Any]], unbroken: bool) -> None:
    """Every update is the runner's for ``seat`` at its version and holds no word of what only
    other seats may see (in the position, not in ``seat``'s view nor the spectators' update);
    in a hidden game there was such a word at some version.  After a restart the resumed
    runner knows no last move: an update of a broken line may carry no events."""
    expected = runner_payloads(setup.game, setup.seed, setup.kinds(), moves, seat)
    public = runner_payloads(setup.game, setup.seed, setup.kinds(), moves, NOBODY)
    whole = views_by_version(setup.game, setup.kinds(), setup.seed, moves, None)
    mine = views_by_version(setup.game, setup.kinds(), setup.seed, moves, seat)
    secrets = 0
    for update in updates:
        assert set(update) == UPDATE_KEYS and update["seat"] == seat
        # once the game is over the others may leave; a broken line may find them gone a moment
        present = {"here", "open"} if unbroken and update["outcome"] is None else {"here", "open", "reconnecting"}
        assert update["presence"][seat] == "here" and all(
            p == "ai" if kind.startswith("ai") else p in present
            for p, kind in zip(update["presence"], setup.kinds())), update["presence"]
        want = dict(expected[update["version"]], table=update["table"], presence=update["presence"])
        if not unbroken and update["events"] == []:
            want["events"] = []
        assert update == want, (f"seat {seat} at {update['version']}",
                                {k: (update.get(k), want.get(k)) for k in set(update) | set(want) if update.get(k) != want.get(k)})
        version = update["version"]
        others = words(whole[version]) - words(mine[version]) - words(public[version])
        # the table's id is random text: a "-3-" inside it is no card's 3
        sent = words({k: v for k, v in update.items() if k != "table"}) & others
        assert not sent, f"seat {seat} at {version} was sent {sent}"
        secrets += bool(others)
    assert secrets > 0 or not match.game.has_hidden_information, "no update of a hidden game hid anything"


WORD = re.compile(r"\w+")
ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|.)")  #: an escape inside a JSON text: no word's part
TEXT = re.compile(r'"([^"]*)"')  #: a JSON text, its escapes gone


def words(value: Any) -> set[str]:
    """Every word of every text in ``value``, a JSON document (a card's id inside a move's text
    counts; numbers are no words).  Read from its JSON at once: a set made for each text and
    joined up the nesting cost two fifths of a restart test's time."""
    plain = ESCAPE.sub(" ", json.dumps(value, ensure_ascii=False))
    return set(WORD.findall(" ".join(TEXT.findall(plain))))



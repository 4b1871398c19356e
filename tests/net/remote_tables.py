"""Tables for the remote runner's tests: made on a real server through raw lines, played by
``RemoteRunner``s in the test's thread (every loop bounded in rounds and in time)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from catgames.core.rules import NOBODY, Seat
from catgames.core.runner import Change, Runner
from catgames.core.seats import SeatUpdate
from catgames.core.session import HUMAN
from catgames.net.client import Backoff
from catgames.net.links import TableLink
from catgames.net.remote import REMOTE, RemoteRunner, connect_line
from catgames.net.store import Store
from catgames.net.table import online_match
from tests.games.test_update_privacy import Watcher, words
from tests.net.raw import Raw

WAIT_S = 60.0  #: longest wait for one thing to happen (a busy machine)
ROUNDS = 200_000  #: frames a test loop runs at most
FRAME_S = 0.002  #: the pause between two frames of a test loop
BACKOFF = Backoff(first_s=0.05, most_s=0.25, tries=200)


def make_table(url: str, game: str, kinds: list[str], seed: int = 5) -> tuple[TableLink, dict[Seat, str]]:
    """A table whose seats are ``kinds`` (``human`` or ``ai:<level>``): its link and each
    human seat's token (every invite claimed by a raw line, closed again)."""
    seats = [{"kind": "human"} if k == HUMAN else {"kind": "ai", "level": k[3:]} for k in kinds]
    creator = Raw(url)
    creator.send({"type": "create", "game": game, "players": len(kinds), "seats": seats, "seed": seed})
    created = creator.next("created")
    tokens = {created["seat"]: created["token"]}
    for code in created["codes"]:
        joiner = Raw(url)
        joiner.send({"type": "join", "code": code})
        seated = joiner.next("seated")
        tokens[seated["seat"]] = seated["token"]
        joiner.close()
    creator.close()
    return TableLink(url, created["table"], game, watch_code=created["watch"]), tokens


@dataclass
class Window:
    """One app's remote runner, what it showed and what it was told."""

    runner: RemoteRunner
    changes: list[Change] = field(default_factory=list)
    seen: list[SeatUpdate] = field(default_factory=list)  #: every update it showed, each once
    shown: int = -1

    def frame(self, dt: float = 0.0, hold: bool = False) -> None:
        self.runner.step(dt, hold)
        if self.runner.ready and self.runner.version != self.shown:
            self.shown = self.runner.version
            for seat in (*sorted(self.runner.link.tokens), NOBODY):
                update = self.runner.update_for(seat)
                if not any(u is update for u in self.seen):
                    self.seen.append(update)

    def kinds(self, *kinds: str) -> list[Change]:
        return [c for c in self.changes if c.kind in kinds]


def open_window(link: TableLink, seats: dict[Seat, str], pace: float = 0.0) -> Window:
    window = Window(None)  # type: ignore[arg-type]
    window.runner = RemoteRunner(TableLink(link.url, link.table, link.game_id, dict(seats), watch_code=link.watch_code),
                                 connect=connect_line(BACKOFF), on_change=window.changes.append, pace=pace)
    return window


def run_until(windows: list[Window], done: Callable[[], bool], what: str,
              act: Callable[[], None] = lambda: None, dt: float = 0.0) -> None:
    """Frames of every window (and ``act`` after each) until ``done``; fails past the deadline."""
    deadline = time.monotonic() + WAIT_S
    for _ in range(ROUNDS):
        for window in windows:
            window.frame(dt)
        if done():
            return
        act()
        assert time.monotonic() < deadline, f"waited {WAIT_S} s for {what}"
        time.sleep(FRAME_S)
    raise AssertionError(f"no {what} in {ROUNDS} frames")


def play_out(windows: list[Window], seed: int, plies: int = 400) -> None:
    """Each window's seat to move plays a seeded random legal move from its own view, until
    the game is over (or ``plies`` moves were made here)."""
    rng = random.Random(seed)
    made = [0]

    def act() -> None:
        for window in windows:
            runner = window.runner
            if not runner.ready or runner.thinking:
                continue
            seat = runner.update_for(NOBODY).to_move
            update = runner.update_for(seat) if runner.is_local(seat) else None
            if update is not None and update.my_turn and runner.behind == 0:
                assert runner.submit(seat, rng.choice(update.view.legal_moves())) is None
                made[0] += 1

    run_until(windows, lambda: all(w.runner.ready and w.runner.update_for(NOBODY).outcome is not None
                                   for w in windows) or made[0] >= plies, "the end of the game", act)


class PublicWatcher(Watcher):
    """``Watcher`` for the public update: what an event showed every seat (the others, when
    its own seat knew it already: a card played from a hand) is public."""

    def offer(self, update: SeatUpdate) -> None:
        assert self.runner is not None
        everyone = set(range(self.runner.match.players))
        for turn in self.runner.match.history[self.told:]:
            self.learnt |= words([dict(e.data) for e in turn.events if everyone <= e.shown_to | {e.seat}])
        super().offer(update)


def replay_checks(data: Path, table: str, windows: list[Window]) -> list[str]:
    """Replay the stored game in a local runner: every update a window showed must be that
    runner's update for its seat at its ply (the public one too), and tell no seat a word only
    others may see (``test_update_privacy``'s check).  The problems found."""
    store = Store(data)
    try:
        record = store.table(table)
    finally:
        store.close()
    assert record is not None
    kinds = ["human" if s.kind == HUMAN else f"ai:{s.level if s.level in ('easy', 'normal', 'hard') else 'easy'}"
             for s in record.seats]
    match = online_match(record.game, record.players, kinds, record.options, record.seed, record.ai_seed)
    leaks: list[str] = []
    watchers = {seat: Watcher(seat, leaks) for seat in range(record.players)}
    watchers[NOBODY] = PublicWatcher(NOBODY, leaks)
    runner = Runner(match, [watchers[s] for s in range(record.players)])
    for watcher in watchers.values():
        watcher.runner = runner
    runner.start(confirm_turns=match.confirm_turns)
    seen = sorted((u for w in windows for u in w.seen), key=lambda u: (u.ply, u.version))
    problems: list[str] = []
    moves = iter(record.moves)  # each one ``Match.play``, as the server played it
    for update in seen:
        while len(match.history) < update.ply:
            _, text = next(moves)
            assert runner.play(match.game.parse_move(match.state, text)) is None
            if match.awaiting:  # as the server settles a turn whose End turn is no move
                runner.confirm_turn()
        here = runner.update_for(update.seat)
        if _wire(update) != _wire(here):
            problems.append(f"ply {update.ply}: seat {update.seat}'s update differs from the runner's")
        watchers[update.seat].offer(update)
    return problems + leaks


def _wire(update: SeatUpdate) -> dict[str, object]:
    sent = update.to_json()
    sent.pop("version")  # the wire's version is the table's, the runner's its own count
    sent["seats"] = ["human" if kind == REMOTE else kind for kind in update.seats]  # told here as remote
    return sent

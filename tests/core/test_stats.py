"""Statistics: a finished game is recorded, read back and added up; the file survives a kill
during its write and a corrupt one is set aside; a recorded game replays to every same state."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from catgames.core import safe_yaml, stats, storage
from catgames.core.rules import CHANCE
from catgames.core.session import Match, SaveError
from catgames.core.stats import ALL, DRAWN, LOST, WON, GameRecord, Records, SeatRecord
from catgames.games import available_ids, load_game

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("human", "ai:easy", "ai:normal", "ai:hard")
START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def finished(game_id: str, seed: int) -> tuple[Match, list[dict]]:
    """A seeded random game to its end, with every position a player saw along the way."""
    game = load_game(game_id)
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    seats = ["human"] + [rng.choice(KINDS) for _ in range(players - 1)]
    match = Match.new(game, players, seats, {}, seed=seed, ai_seed=seed * 31)
    seen = [match.state.to_dict()]
    while not match.state.is_over():
        state, made = match.state.clone(), len(match.history)
        match.play(rng.choice(match.state.legal_moves()))
        ended = [i for i, t in enumerate(match.history) if i > made and t.seat != CHANCE]
        for i in ended:  # an End turn the match played by itself: the step before it was seen
            for turn in match.history[made:i]:
                state.apply(game.parse_move(state, turn.move))
            made = i
            seen.append(state.to_dict())
        seen.append(match.state.to_dict())
    match.seconds = 60.0 + seed
    return match, seen


def record(result: str, opponent: str = "ai:normal", mine: int = 10, theirs: int = 5,
           game: str = "bed", day: int = 0, key: str | None = None) -> GameRecord:
    """A hand-made record of you (seat 0) against one ``opponent``."""
    winner = {WON: 0, LOST: 1, DRAWN: None}[result]
    return GameRecord(key or f"{game}-{day}", game, {}, (SeatRecord("human", "Cat", mine),
                      SeatRecord(opponent, "Dog", theirs)), winner, 12, 300.0,
                      (START + timedelta(days=day)).isoformat(), day, day, "x",
                      ("a", "b") if day % 2 else None)


# -- recording --------------------------------------------------------------------------------
def test_a_finished_game_is_recorded_with_what_its_replay_needs(catgames_home):
    match, _ = finished("kotatsu", 3)
    names = ["Mochi", "Tama", "Kuro", "Sora"][:match.players]
    now = datetime(2026, 5, 4, 12, 30, tzinfo=timezone.utc)
    loaded = stats.record_game(stats.record_of(match, names, now))
    assert loaded.problem is None
    on_disk = yaml.safe_load(stats.stats_path().read_text(encoding="utf-8"))
    assert on_disk["format"] == "catgames-statistics"
    (game,) = on_disk["games"]
    outcome = match.state.outcome()
    assert game["game"] == "kotatsu" and game["options"] == dict(match.options)
    assert [s["name"] for s in game["seats"]] == names
    assert [s["kind"] for s in game["seats"]] == match.seats
    assert [s["score"] for s in game["seats"]] == list(outcome.scores)
    assert game["winner"] == outcome.winner and game["moves"] == len(match.history)
    assert game["seconds"] == 63.0 and game["finished"] == "2026-05-04T12:30:00+00:00"
    assert (game["seed"], game["ai_seed"], game["move_list"]) == (3, 93, match.moves)
    assert stats.load_records().value.games == loaded.value.games


def test_a_game_finished_again_after_an_undo_replaces_its_record(catgames_home):
    stats.record_game(record(LOST, key="same"))
    stats.record_game(record(WON, key="other", day=1))
    stats.record_game(record(WON, key="same", day=2))
    games = stats.load_records().value.games
    assert [(g.key, g.result) for g in games] == [("other", WON), ("same", WON)]


def test_only_the_newest_games_keep_their_moves():
    records = Records()
    for day in range(stats.REPLAYS_KEPT + 7):
        records = records.added(record(WON, day=day * 2 + 1))  # odd days carry moves
    assert len(records.games) == stats.REPLAYS_KEPT + 7
    assert [g.replayable for g in records.games] == [False] * 7 + [True] * stats.REPLAYS_KEPT
    assert records.replays()[0] == records.games[-1]  # newest first


def test_a_match_still_going_is_not_recorded():
    match = Match.new("bed", 2, ["human", "human"], seed=1)
    with pytest.raises(ValueError):
        stats.record_of(match, ["Cat", "Dog"])


# -- adding up --------------------------------------------------------------------------------
def test_results_are_added_up_per_game_and_per_opponent():
    games = [record(WON, "ai:easy", 20, 5, day=0), record(WON, "ai:easy", 12, 10, day=1),
             record(LOST, "ai:hard", 8, 15, day=2), record(DRAWN, "human", 9, 9, day=3),
             record(WON, "ai:hard", 30, 4, day=4, game="days"),
             record(WON, "ai:easy", 11, 1, day=5)]
    t = stats.tallies(reversed(games))  # the order they were played is the finishing time's
    everything = t[ALL, ALL]
    assert (everything.played, everything.count(WON), everything.count(DRAWN),
            everything.count(LOST)) == (6, 4, 1, 1)
    assert everything.best_score == 30 and everything.average_score == pytest.approx(90 / 6)
    assert everything.best_margin == 26 and everything.average_margin == pytest.approx(46 / 6)
    assert (everything.current_streak, everything.best_streak) == (2, 2)
    bed = t["bed", ALL]
    assert bed.played == 5 and bed.results == [WON, WON, LOST, DRAWN, WON]
    assert (bed.current_streak, bed.best_streak) == (1, 2)
    easy = t["bed", "ai:easy"]
    assert (easy.played, easy.count(WON), easy.current_streak, easy.best_streak) == (3, 3, 3, 3)
    assert t["bed", "ai:hard"].results == [LOST] and t[ALL, "ai:hard"].results == [LOST, WON]
    assert t["bed", "human"].results == [DRAWN] and ("days", "ai:easy") not in t


def test_a_game_against_two_kinds_counts_for_each_and_a_game_of_ais_for_nobody():
    three = GameRecord("k", "kotatsu", {}, (SeatRecord("ai:easy", "A", 9),
                       SeatRecord("human", "Me", 4), SeatRecord("ai:hard", "B", 2)), 0, 40,
                       10.0, START.isoformat(), 1, 1, "x")
    robots = GameRecord("r", "kotatsu", {}, (SeatRecord("ai:easy", "A", 9),
                        SeatRecord("ai:hard", "B", 2)), 0, 40, 10.0, START.isoformat(), 2, 2, "x")
    assert three.you == 1 and three.result == LOST and three.margin == -5
    t = stats.tallies([three, robots])
    assert t["kotatsu", "ai:easy"].played == t["kotatsu", "ai:hard"].played == 1
    assert t["kotatsu", ALL].played == 1


# -- the file on disk -------------------------------------------------------------------------
KILLED_WRITE = """
import os, signal, sys
from catgames.core import stats
from catgames.core.stats import GameRecord, SeatRecord
os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)   # killed in the middle of the write
seats = (SeatRecord("human", "Cat", 1), SeatRecord("ai:easy", "Dog", 2))
stats.record_game(GameRecord("new", "bed", {}, seats, 1, 3, 1.0, "2026-02-02T00:00:00+00:00",
                             1, 1, "x"))
"""


def test_a_kill_during_the_write_leaves_the_old_statistics_intact(catgames_home):
    stats.record_game(record(WON, key="old"))
    before = stats.stats_path().read_bytes()
    done = subprocess.run([sys.executable, "-c", KILLED_WRITE], cwd=ROOT, timeout=60,
                          env=dict(os.environ, CATGAMES_HOME=str(catgames_home)))
    assert done.returncode == -signal.SIGKILL
    assert stats.stats_path().read_bytes() == before
    assert [g.key for g in stats.load_records().value.games] == ["old"]
    (left,) = [p for p in catgames_home.iterdir() if p.name.endswith(".tmp")]
    os.utime(left, (time.time() - 3600,) * 2)  # a later run finds it stale and tidies it away
    stats.record_game(record(LOST, key="next", day=1))
    assert sorted(p.name for p in catgames_home.iterdir()) == ["statistics.yaml"]
    assert [g.key for g in stats.load_records().value.games] == ["old", "next"]


@pytest.mark.parametrize("content, code", [
    ("games: [ {unclosed\n", "not_yaml"),
    ("format: catgames-save\n", "not_stats"),
    ("format: catgames-statistics\nversion: 1\ngames: [{game: bed}]\n", "damaged"),
    ("format: catgames-statistics\nversion: 9\ngames: []\n", "newer"),
])
def test_a_corrupt_file_is_set_aside_and_a_new_one_started(catgames_home, content, code):
    stats.stats_path().write_text(content, encoding="utf-8")
    loaded = stats.record_game(record(WON, key="after"))
    assert loaded.problem is not None and loaded.problem.code == code and loaded.problem.moved
    assert loaded.problem.path.read_text(encoding="utf-8") == content  # nothing lost
    assert loaded.problem.path.name == "statistics.yaml.bad"
    assert [g.key for g in stats.load_records().value.games] == ["after"]


def test_a_corrupt_file_that_cannot_be_set_aside_is_never_written_over(catgames_home, monkeypatch):
    stats.stats_path().write_text("games: [ {unclosed\n", encoding="utf-8")

    def read_only(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "move_aside", read_only)
    loaded = stats.record_game(record(WON))
    assert loaded.value is None and not loaded.problem.moved
    assert stats.stats_path().read_text(encoding="utf-8") == "games: [ {unclosed\n"


def test_no_file_yet_is_no_games_and_no_problem(catgames_home):
    loaded = stats.load_records()
    assert loaded.value == Records() and loaded.problem is None


# -- replays ----------------------------------------------------------------------------------
RECORDED_GAMES = 25  #: random games of each title recorded, written, read back and replayed
@pytest.mark.parametrize("game_id", available_ids())
def test_recorded_games_replay_to_every_same_state_and_score(game_id):
    for seed in range(RECORDED_GAMES):
        match, seen = finished(game_id, seed)
        kept = GameRecord.from_dict(safe_yaml.loads(yaml.dump(  # as written to the file and read back
            stats.record_of(match, match.seat_names).to_dict(), Dumper=storage.SAFE_DUMPER, sort_keys=False,
            allow_unicode=True)))
        again = stats.replay_match(kept)
        steps = stats.steps(again)
        assert [s.state.to_dict() for s in steps] == seen, f"{game_id} seed {seed}"
        assert again.state.outcome() == match.state.outcome()
        assert [s.score for s in kept.seats] == list(match.state.outcome().scores)


def test_a_record_that_does_not_lead_to_its_result_is_refused():
    match, _ = finished("kotatsu", 1)
    good = stats.record_of(match, match.seat_names)
    stats.replay_match(good)
    for bad in (GameRecord(**{**good.__dict__, "final": "0" * 16}),
                GameRecord(**{**good.__dict__, "move_list": good.move_list[:-1]}),
                GameRecord(**{**good.__dict__, "move_list": None}),
                GameRecord(**{**good.__dict__, "seed": good.seed + 1})):
        with pytest.raises(SaveError):  # a ReplayError, or a move the other deal refuses
            stats.replay_match(bad)


def test_a_step_of_a_replay_is_a_match_standing_there():
    match, seen = finished("kotatsu", 2)
    steps = stats.steps(match)
    middle = stats.at_step(match, steps[5])
    assert middle.state.to_dict() == seen[5] and middle.moves == match.moves[:5]
    assert not middle.state.is_over() and match.state.is_over()


def test_a_full_file_of_the_largest_records_reads_back(catgames_home):
    """RECORDS_KEPT five-seat games, the newest with long move lists and long options, stay
    readable: the file the app writes never trips the reader's size or node limits."""
    seats = tuple(SeatRecord("ai:hard", "Mochi (hard)" * 2, 99) for _ in range(5))
    options = {f"option_{i}": "a_long_value_" * 3 for i in range(8)}
    records = Records()
    for i in range(stats.RECORDS_KEPT + 5):
        records = records.added(GameRecord(f"k{i}", "boxes", options, seats, 4, 400, 3600.0,
                                           "2026-01-02T03:04:05+00:00", i, i, "0" * 16,
                                           tuple(f"move {j} somewhere long" for j in range(400))))
    storage.write_yaml(stats.stats_path(), records.to_dict())
    loaded = stats.load_records()
    assert loaded.problem is None and loaded.value is not None
    assert len(loaded.value.games) == stats.RECORDS_KEPT
    assert len(loaded.value.replays()) == stats.REPLAYS_KEPT


def test_a_date_written_without_a_time_zone_counts_as_utc():
    bare, zoned = record("won"), record("lost")
    bare = GameRecord(**{**bare.__dict__, "finished": "2026-01-02"})
    assert sorted([bare, zoned], key=lambda r: r.when)  # comparable: no TypeError
    assert bare.when.tzinfo is not None

"""The server's parts on their own: the message check, the limits, the store, a table's one
way in for a move, and what the server's modules import."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import weakref
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catgames.ai.seat import Brain
from catgames.core.rules import NOBODY
from catgames.core.session import Match
from catgames.net.creation import create_table
from catgames.net.limits import CreationLimit, TokenBucket, client_address
from catgames.net.protocol import MAX_TEXT, ProtocolError, decode
from catgames.net.store import Store, token_hash
from catgames.net.table import NetTable
from catgames.net.views import seat_update
from tests.net.serving import ROOT, ServerProcess

def open_table(record):
    """A live table with no AI seat, storing nowhere."""
    return NetTable(record, Brain(lambda: None), lambda *move: None)


CREATE = {"type": "create", "game": "kotatsu", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@settings(max_examples=200, derandomize=True)
@given(st.text(max_size=300) | st.binary(max_size=100))
def test_decode_refuses_any_frame_with_a_protocol_error_only(frame):
    try:
        message = decode(frame)
    except ProtocolError as refused:
        assert refused.code == "malformed" and refused.message
    else:
        assert isinstance(message, dict) and "type" in message


@pytest.mark.parametrize("message, why", [
    ({"type": "move", "version": 3}, "needs the field 'move'"),
    ({"type": "move", "version": True, "move": "x"}, "'version' is not valid"),
    ({"type": "move", "version": 3, "move": "x" * (MAX_TEXT + 1)}, "'move' is not valid"),
    ({"type": "sync", "admin": True}, "unknown field 'admin'"),
    ({"type": "sit", "table": "t", "token": "AB" * 16}, "'token' is not valid"),
    ({**CREATE, "seats": [{"kind": "ai", "level": "godlike"}]}, "'seats' is not valid"),
    ({"type": "shutdown"}, "needs a type"),
])
def test_decode_names_what_is_wrong(message, why):
    with pytest.raises(ProtocolError, match=why):
        decode(json.dumps(message))


def test_a_bucket_lets_a_burst_through_then_its_rate():
    bucket = TokenBucket(rate=2.0, burst=3.0, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.5) and not bucket.take(0.5)


def test_tables_per_address_count_over_a_sliding_hour():
    limit = CreationLimit(per_hour=2)
    assert limit.allow("a", 0.0) and limit.allow("a", 10.0) and not limit.allow("a", 20.0)
    assert limit.allow("b", 20.0)
    assert limit.allow("a", 3600.5) and not limit.allow("a", 3601.0)


PROXY = "127.0.0.1"


@pytest.mark.parametrize("peer, headers, counted", [
    ("198.51.100.7", ["203.0.113.5"], "198.51.100.7"),        # no trusted proxy: the header is anyone's to write
    (PROXY, [], PROXY),                                         # the proxy said nothing
    (PROXY, ["203.0.113.5"], "203.0.113.5"),
    (PROXY, ["10.9.9.9, 203.0.113.5"], "203.0.113.5"),          # what the client wrote itself comes first
    (PROXY, ["10.9.9.9", "203.0.113.5, 127.0.0.1"], "203.0.113.5"),  # a trusted hop is skipped
    (PROXY, ["203.0.113.5, not-an-address"], PROXY),            # a damaged header counts the proxy
    (PROXY, ["2001:db8:0:0::1"], "2001:db8::1"),                # one spelling per address
])
def test_a_limit_counts_the_client_a_trusted_proxy_forwarded_for(peer, headers, counted):
    assert client_address(peer, headers, {PROXY}) == counted


def test_a_code_claims_one_seat_once_and_the_store_keeps_only_token_hashes(tmp_path):
    created = create_table(CREATE, test_seeds=False)
    store = Store(tmp_path)
    try:
        store.add_table(created.record, 0.0)
        code = created.codes[0]
        assert store.claim(code, token_hash("1" * 32)) == (created.record.id, 1)
        assert store.claim(code, token_hash("2" * 32)) is None  # taken
        assert store.claim(code, token_hash("1" * 32)) == (created.record.id, 1)  # a lost answer, asked again
        assert store.seats_of_token(token_hash(created.token)) == [(created.record.id, 0)]
    finally:
        store.close()
    assert created.token.encode() not in (tmp_path / "tables.sqlite3").read_bytes()


def test_the_seed_a_client_asks_for_is_taken_only_by_a_test_server():
    asked = {**CREATE, "seed": 42}
    assert create_table(asked, test_seeds=True).record.seed == 42
    assert {create_table(asked, test_seeds=False).record.seed for _ in range(3)} != {42}


def test_a_table_takes_a_move_only_from_the_seat_to_move_at_its_version(tmp_path):
    table = open_table(create_table({**CREATE, "seed": 1}, test_seeds=True).record)
    seat, version = table.to_move, table.version
    move = str(table.match.state.legal_moves()[0])
    refusals = {"not_seated": (NOBODY, version, move), "stale": (seat, version + 1, move),
                "not_your_turn": (1 - seat, version, move), "bad_move": (seat, version, "\x00 nonsense")}
    for code, (who, at, text) in refusals.items():
        with pytest.raises(ProtocolError) as refused:
            table.take(who, at, text)
        assert refused.value.code == code
    assert table.version == version
    assert table.take(seat, version, move) == move and table.version > version


def test_a_table_keeps_nothing_per_move_but_its_game():
    """The runner's changes are told to the table as they come: none piles up behind them (they
    did, a change a move for the table's life, each one scanned by the collector)."""
    table = open_table(create_table({**CREATE, "seed": 3}, test_seeds=True).record)
    for _ in range(12):
        table.take(table.to_move, table.version, str(table.match.state.legal_moves()[0]))
    assert table.version >= 12 and table.runner.changes() == []


def test_a_table_rebuilt_from_its_record_is_the_same_position(tmp_path):
    table = open_table(create_table({**CREATE, "seed": 2}, test_seeds=True).record)
    for _ in range(12):
        table.take(table.to_move, table.version, str(table.match.state.legal_moves()[-1]))
    again = open_table(table.record)
    assert again.record.moves == table.record.moves
    resumed, lived = seat_update(again, 0), seat_update(table, 0)
    assert resumed.pop("events") == [] and lived.pop("events")  # a resumed runner shows no last move
    assert resumed == lived


def test_a_cathood_table_stored_before_turns_were_confirmed_online_resumes():
    """Its moves lack the End turns the server then played unasked; each is played again."""
    created = create_table({**CREATE, "game": "cathood", "seed": 4}, test_seeds=True).record
    old = Match.new("cathood", 2, ["human", "human"], seed=created.seed, ai_seed=created.ai_seed)  # Confirm turns off
    rng = random.Random(4)
    for _ in range(30):
        move = rng.choice(old.state.legal_moves())
        created.moves.append((old.state.to_move, str(move)))
        old.play(move)
    stored = list(created.moves)
    table = open_table(created)
    if [str(m) for m in table.match.state.legal_moves()] == ["end turn"]:
        table.take(table.to_move, table.version, "end turn")  # the last one, unasked then, is the player's now
    assert table.match.state.to_dict() == old.state.to_dict() and len(table.match.history) == len(old.history)
    assert table.record.moves[:len(stored)] == stored



def test_a_table_replayed_from_its_stored_moves_lists_no_legal_moves(monkeypatch):
    """A restart replays every table; listing each stored move's position's legal moves (only
    a move the rules refuse needs them) was about a seventh of a restart's CPU."""
    created = create_table({**CREATE, "game": "cathood", "seed": 7}, test_seeds=True).record
    played = open_table(created)
    rng = random.Random(7)
    for _ in range(20):
        played.take(played.to_move, played.version, str(rng.choice(played.match.state.legal_moves())))
    state_class = type(played.match.state)
    listed: list[int] = []
    legal_moves = state_class.legal_moves
    monkeypatch.setattr(state_class, "legal_moves", lambda self: listed.append(1) or legal_moves(self))
    again = open_table(played.record)
    assert listed == [] and again.match.state.to_dict() == played.match.state.to_dict()

def test_a_table_keeps_no_remote_seats_view_once_its_texts_are_made():
    """With a thousand tables, views kept for seconds filled the collector's youngest generation
    (each of its collections stopped the server ~0.1 s): a remote seat keeps no update, the
    runner lets its updates go when told, and one made again is the same."""
    table = open_table(create_table({**CREATE, "seed": 5}, test_seeds=True).record)
    table.start()
    table.take(table.to_move, table.version, str(table.match.state.legal_moves()[0]))
    sent = [seat_update(table, seat) for seat in (0, 1, NOBODY)]
    views = [weakref.ref(table.runner.update_for(seat).view) for seat in (0, 1)]
    table.runner.forget_updates()
    assert [view() for view in views] == [None, None]  # freed at once, by nobody held
    assert [seat_update(table, seat) for seat in (0, 1, NOBODY)] == sent


def test_a_move_makes_no_view_till_a_line_is_sent_one(monkeypatch):
    """The runner offers remote seats nothing: each view is made when its text is (after the
    move is stored), once, so none lives through the commit for the collector to scan."""
    table = open_table(create_table({**CREATE, "seed": 6}, test_seeds=True).record)
    table.start()
    state_class = type(table.match.state)
    observe, observed = state_class.observe, []
    monkeypatch.setattr(state_class, "observe", lambda state, seat: observed.append(seat) or observe(state, seat))
    table.take(table.to_move, table.version, str(table.match.state.legal_moves()[0]))
    assert observed == []
    for seat in (0, 1, 0, 1):
        seat_update(table, seat)
    assert observed == [0, 1]


def test_a_seat_update_is_that_seats_view_and_a_spectator_gets_the_public_one():
    table = open_table(create_table({**CREATE, "seed": 3}, test_seeds=True).record)
    for seat in (0, 1, NOBODY):
        update = json.loads(json.dumps(seat_update(table, seat)))
        assert update["view"] == json.loads(json.dumps(table.match.state.observe(seat).to_dict()))
    assert seat_update(table, 0)["view"] != seat_update(table, 1)["view"]  # each sees its own hand


def test_the_server_imports_neither_pygame_nor_the_ui():
    code = ("import sys, catgames.net.server, catgames.net.bot, catgames.net.cli; "
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith(('catgames.ui', 'pygame.'))]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


def test_sigint_stops_the_server_as_sigterm_does(tmp_path):
    server = ServerProcess(tmp_path)
    server.start()
    assert server.process is not None
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=30) == 0
    assert server.stop() == ""


def test_a_taken_port_is_one_line_and_exit_code_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "catgames", "serve", "--port", str(port), "--data",
                              str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and f"cannot serve on 127.0.0.1:{port}" in out.stderr


def test_bench_net_loads_a_server_and_reports_its_figures():
    from catgames.net.bench import bench_net
    collector = gc.get_threshold()
    result = bench_net(tables=2, seconds=1, interval_s=0.1, seed=1)
    assert gc.get_threshold() == collector and gc.get_freeze_count() == 0  # the generator's, as it was
    assert result["moves"] > 0 and 0 < result["latency_ms_p50"] <= result["latency_ms_p99"]
    assert result["clients"].startswith("scripted")  # the server checked every recorded move
    assert 0 <= result["load_generator_late_ms_p50"] <= result["load_generator_late_ms_p99"]
    assert result["server_cpu_ms_per_move"] >= 0 and result["kb_per_idle_connection"] is not None
    pinned = len(os.sched_getaffinity(0)) >= 2
    assert result["measured"].startswith("server pinned to core" if pinned else "server and load generator unpinned")


def test_bench_net_restart_kills_the_server_mid_play_and_times_every_table_playing_again():
    from catgames.net.bench import bench_net
    result = bench_net(tables=2, seconds=2, interval_s=0.1, seed=1, restart=True)
    assert result["restart_tables_resumed"] == "2 of 2" and result["moves"] > 0
    assert result["clients"].startswith("scripted")  # their lines come back as the apps' do, and play on
    assert 0 < result["restart_listening_s"] < result["restart_resume_s_p50"] <= result["restart_resume_s_max"]
    assert result["restart_server_cpu_s"] > 0 and result["restart_load_generator_cpu_s"] > 0


def test_bench_net_players_come_back_each_on_their_own():
    """After a drop each player's app reconnects by itself (as ``NetClient`` does): the bench's
    two seats of a table sit again at once, not one after the other (a server that answers a
    table's sits only once both are in would otherwise never see the second)."""
    from websockets.asyncio.server import ServerConnection, serve

    from catgames.net.bench_lines import BenchTable, Routes, open_line
    from catgames.net.client import Backoff
    from catgames.net.protocol import PROTOCOL

    async def scenario() -> tuple[BenchTable, list[str]]:
        sits: list[str] = []
        both = asyncio.Event()

        async def answer(ws: ServerConnection) -> None:
            async for frame in ws:
                message = json.loads(frame)
                if message["type"] == "hello":
                    await ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL}))
                elif message["type"] == "sit":
                    sits.append(message["token"])
                    if len(sits) == 2:
                        both.set()
                    try:
                        await asyncio.wait_for(both.wait(), 5.0)
                    except TimeoutError:
                        await ws.close()
                        return
                    await ws.send(json.dumps({"type": "update", "token": message["token"]}))

        async with serve(answer, "127.0.0.1", 0) as server:
            url = f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"
            table = BenchTable("kotatsu", "t", {0: await open_line(url), 1: await open_line(url)}, {}, {0: "a", 1: "b"})
            await table.sit_again(Routes([url]), Backoff(first_s=0.01, tries=1))
            for line in table.lines.values():
                await line.close()
        return table, sits

    table, sits = asyncio.run(scenario())
    assert sorted(sits) == ["a", "b"] and table.down
    assert {seat: update["token"] for seat, update in table.updates.items()} == {0: "a", 1: "b"}


@pytest.mark.parametrize("game", ["bed", "kotatsu", "days", "boxes", "cathood"])
def test_no_update_tells_the_seed(game):
    seed = 987_654_321  # the AI's seed is seed + 1 on a test server
    table = open_table(create_table({**CREATE, "game": game, "seed": seed}, test_seeds=True).record)
    rng = random.Random(0)
    for _ in range(30):
        for seat in (0, 1, NOBODY):
            text = json.dumps(seat_update(table, seat))
            assert str(seed) not in text and str(seed + 1) not in text
        if table.match.state.is_over():
            break
        table.take(table.to_move, table.version, str(rng.choice(table.match.state.legal_moves())))


def test_a_bot_back_on_its_finished_tables_line_asks_for_its_rematch_again():
    """After a drop it sits at the table it last had: if that game is over, its rematch may
    never have reached the server (asking twice finds the same new table)."""
    from catgames.net.bot import BotPlan, _Games, _react
    sent: list[dict] = []
    client = SimpleNamespace(table="T1", send=sent.append)
    games = _Games(finished=["T1"], moved=set())
    lines: list[dict] = []
    assert _react(BotPlan("ws://x", join="CODE", rematches=1), client, {"type": "seated", "table": "T1", "seat": 1},
                  lines.append, games) is None
    assert sent == [{"type": "rematch"}]
    _react(BotPlan("ws://x", join="CODE", rematches=1), client, {"type": "seated", "table": "T2", "seat": 0},
           lines.append, games)
    assert sent == [{"type": "rematch"}]  # a table still to play: nothing asked

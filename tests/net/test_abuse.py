"""Whatever one connection sends, the server answers it or closes that connection, stays up,
and its other tables go on."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from websockets.exceptions import ConnectionClosed

from catgames.net.protocol import MAX_FRAME, PROTOCOL
from tests.net.raw import spectator as watch
from tests.net.raw import READS, Raw, a_legal_move, alive
from tests.net.raw import seated_table as table
from tests.net.serving import ROOT, ServerProcess, running_server

RATE = 20  #: the server's messages per second per connection (burst: twice that)


@pytest.fixture(scope="module")
def url(tmp_path_factory, stores):
    data = tmp_path_factory.mktemp("abuse")
    with running_server(data, "--rate", str(RATE), *stores.new(data).args()) as server:
        yield server.url


def test_an_older_client_is_told_to_update_in_a_sentence(url, lines):
    raw = Raw(url, hello=False)
    lines.append(raw)
    raw.send({"type": "hello", "protocol": PROTOCOL - 1})
    answer = raw.recv()
    assert answer["code"] == "old_client" and "update catgames" in answer["message"]
    assert raw.closed_by_server() == 1008
    assert alive(url)


def test_a_message_before_hello_closes_the_line(url, lines):
    raw = Raw(url, hello=False)
    lines.append(raw)
    raw.send({"type": "sync"})
    assert raw.recv()["code"] == "hello_first"
    assert raw.closed_by_server() == 1008


def test_a_wrong_token_is_refused_and_the_line_stays(url, lines):
    mover, _, update, created = table(url, lines)
    intruder = Raw(url)
    lines.append(intruder)
    intruder.send({"type": "sit", "table": created["table"], "token": "0" * 32})
    assert intruder.recv()["code"] == "bad_token"
    intruder.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    assert intruder.recv()["code"] == "not_seated"
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    assert mover.next("ack")["version"] > update["version"]


def test_an_invite_code_seats_one_player_once(url, lines):
    creator = Raw(url)
    lines.append(creator)
    creator.send({"type": "create", "game": "days", "players": 2, "seats": [{"kind": "human"}] * 2})
    code = creator.next("created")["codes"][0]
    first, second = Raw(url), Raw(url)
    lines += [first, second]
    first.send({"type": "join", "code": code, "token": "a" * 32})
    assert first.next("seated")["seat"] == 1
    second.send({"type": "join", "code": code})
    assert second.next("error")["code"] == "bad_code"
    first.send({"type": "join", "code": code, "token": "a" * 32})  # its answer lost: asked again
    assert first.next("seated")["seat"] == 1


def test_out_of_turn_stale_and_unknown_moves_are_refused_and_stale_ones_resynced(url, lines):
    mover, waiter, update, _ = table(url, lines)
    version, move = update["version"], a_legal_move(update)
    waiter.send({"type": "move", "version": version, "move": move})
    assert waiter.recv()["code"] == "not_your_turn"
    mover.send({"type": "move", "version": version - 1, "move": move})
    assert mover.recv()["code"] == "stale"
    resync = mover.recv()
    assert resync["type"] == "update" and resync["version"] == version
    mover.send({"type": "move", "version": version, "move": "fly to the moon"})
    assert mover.recv()["code"] == "bad_move"
    mover.send({"type": "move", "version": version, "move": move})
    assert mover.next("ack") == {"type": "ack", "version": mover.next("update")["version"], "move": move}
    assert waiter.next("update")["version"] > version


def test_after_a_move_each_line_is_sent_only_the_new_turns_of_the_log(url, lines):
    mover, waiter, update, _ = table(url, lines)
    assert update["log_from"] == 0 and len(update["log"]) == update["ply"]  # a sync: the whole log
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    mover.next("ack")
    for line in (mover, waiter):
        after = line.next("update")
        assert after["log_from"] == update["ply"] and len(after["log"]) == after["ply"] - update["ply"] > 0


def test_a_spectator_sees_the_public_view_and_cannot_move(url, lines):
    mover, waiter, update, created = table(url, lines, "kotatsu")
    spectator, public = watch(url, lines, created["watch"])
    assert public["seat"] == -2 and public["view"] != update["view"]  # Kotatsu: the hands are hidden
    spectator.send({"type": "move", "version": public["version"], "move": a_legal_move(update)})
    assert spectator.next("error")["code"] == "not_seated"
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    assert spectator.next("update")["version"] > public["version"]


def test_two_lines_on_one_seat_both_see_the_move(url, lines):
    mover, _, update, created = table(url, lines)
    second = Raw(url)
    lines.append(second)
    second.send({"type": "sit", "table": created["table"], "token": created["tokens"][update["seat"]]})
    second.next("seated")
    second.send({"type": "move", "version": second.next("update")["version"], "move": a_legal_move(update)})
    assert second.next("ack")
    assert mover.next("update")["version"] > update["version"]


def test_a_line_cut_without_a_close_frame_sits_again_and_plays(url, lines):
    mover, waiter, update, created = table(url, lines)
    mover.ws.socket.shutdown(socket.SHUT_RDWR)  # the cable pulled: no close frame
    waiter.until(lambda seen: seen["presence"][update["seat"]] == "reconnecting")  # the others are told
    again = Raw(url)
    lines.append(again)
    again.send({"type": "sit", "table": created["table"], "token": created["tokens"][update["seat"]]})
    again.next("seated")
    resync = again.next("update")
    assert resync["version"] == update["version"] and resync["view"] == update["view"]
    again.send({"type": "move", "version": resync["version"], "move": a_legal_move(resync)})
    assert again.next("ack")
    after = waiter.until(lambda seen: seen["version"] > update["version"])
    assert after["presence"][update["seat"]] == "here"


def test_an_oversized_frame_closes_that_line_only(url, lines):
    mover, waiter, update, _ = table(url, lines)
    big = Raw(url)
    lines.append(big)
    big.send(json.dumps({"type": "sync", "pad": "x" * MAX_FRAME}))
    assert big.closed_by_server() == 1009
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    assert mover.next("ack") and waiter.next("update")


def test_a_flood_closes_that_line_and_other_tables_go_on(url, lines):
    mover, waiter, update, _ = table(url, lines)
    flood = Raw(url)
    lines.append(flood)
    for _ in range(RATE * 5):
        try:
            flood.send({"type": "hello", "protocol": PROTOCOL})
        except ConnectionClosed:  # closed mid-flood: its code is read below
            break
    assert flood.closed_by_server() == 1008
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    assert mover.next("ack") and waiter.next("update")


def test_a_bot_refused_by_the_server_says_why_and_exits_1(url):
    out = subprocess.run([sys.executable, "-m", "catgames", "bot", url, "--create", "chess"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 1 and "refused: no game 'chess'" in lines[0]["error"]


def test_tables_created_per_address_are_limited(tmp_path, lines, place):
    with running_server(tmp_path, "--tables-per-hour", "2", *place.args()) as server:
        raw = Raw(server.url)
        lines.append(raw)
        answers = []
        for _ in range(3):
            raw.send({"type": "create", "game": "bed", "players": 2, "seats": [{"kind": "human"}] * 2})
            answers.append(raw.next("created" if len(answers) < 2 else "error"))
        assert answers[-1]["code"] == "limit"
        assert [a["type"] for a in answers] == ["created", "created", "error"]



@pytest.mark.parametrize("trusted", [True, False])
def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_table_limit(tmp_path, lines, place, trusted):
    """Lines from the proxy (loopback here) name their clients; only a trusted proxy is believed."""
    proxy = ("--trusted-proxy", "127.0.0.1") if trusted else ()
    with running_server(tmp_path, "--tables-per-hour", "1", *proxy, *place.args()) as server:
        def create_for(client: str) -> str:
            raw = Raw(server.url, headers={"X-Forwarded-For": client})
            lines.append(raw)
            raw.send({"type": "create", "game": "bed", "players": 2, "seats": [{"kind": "human"}] * 2})
            return str(raw.recv()["type"])  # "created", or "error" when the limit refuses
        answers = [create_for(client) for client in ("203.0.113.5", "203.0.113.6", "203.0.113.5")]
        assert answers == (["created", "created", "error"] if trusted else ["created", "error", "error"])


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
MESSAGES = st.fixed_dictionaries({"type": st.sampled_from(["hello", "create", "join", "sit", "watch", "move", "sync",
                                                            "undo", "emote", "rematch", "nonsense"])}, optional={
    "protocol": JSON, "game": JSON, "players": JSON, "seats": JSON, "options": JSON, "seed": JSON, "token": JSON,
    "code": JSON, "table": JSON, "version": JSON, "move": JSON, "emote": JSON, "grace": JSON, "clock": JSON,
    "extra": JSON})
FRAMES = st.one_of(MESSAGES.map(json.dumps), JSON.map(json.dumps), st.text(max_size=200), st.binary(max_size=64))


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(frame=FRAMES)
def test_any_frame_is_answered_or_closes_only_its_line(url, frame):
    raw = Raw(url)
    try:
        raw.send(frame)
        raw.send({"type": "watch", "code": "no such code"})  # answered while the line is open
        kinds = []
        try:
            for _ in range(READS):
                answer = raw.recv()
                kinds.append(answer["type"])
                if answer.get("code") == "no_table":
                    break
            else:
                raise AssertionError(f"the line is open but the probe was not answered: {kinds}")
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008, closed
        assert set(kinds) <= {"error", "update", "created", "seated", "welcome"}
    finally:
        raw.close()
    assert alive(url)


def test_a_failed_opening_handshake_is_said_in_one_line_and_a_bare_connect_not_at_all(tmp_path):
    """A port scan or a load balancer's TCP check (connect, close) leaves the server's log as it
    was; a line that speaks no HTTP is said in one line, no traceback; the server goes on."""
    server = ServerProcess(tmp_path)
    url = server.start()
    try:
        port = int(url.rsplit(":", 1)[1])
        for sent in (b"", b"GET / HTTP/1.1\r\n", b"hello, is this SMTP?\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as line:
                line.sendall(sent)
                if sent.endswith(b"\r\n\r\n"):  # a whole request, not HTTP: the server closes the line
                    assert line.recv(100) == b""
        assert alive(url)
    finally:
        said = server.stop()
    assert said.splitlines() == ["catgames serve: opening handshake failed: did not receive a valid HTTP request"]

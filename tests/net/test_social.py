"""Through a real server with a short grace period: a dropped seat is shown reconnecting, the
stand-in plays it and hands it back; undo inside one's own turn; emotes; spectators by code;
rematch with the seats rotated."""

from __future__ import annotations

import socket
import time

import pytest

from catgames.core.catalogue import load_game
from catgames.net.protocol import EMOTES
from catgames.ui.i18n import read_strings
from tests.net.raw import spectator as watch
from tests.net.raw import Raw, a_legal_move, alive, seated_table
from tests.net.serving import BotThread, running_server

GRACE_S = 0.3


@pytest.fixture(scope="module")
def url(tmp_path_factory, stores):
    data = tmp_path_factory.mktemp("social")
    with running_server(data, "--grace", str(GRACE_S), "--tables-per-hour", "100", *stores.new(data).args()) as server:
        yield server.url


def play_one(by_seat, update):
    """The seat to move plays a legal move; every line is read up to its update after it."""
    mover = by_seat[update["to_move"]]
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    version = mover.next("ack")["version"]
    seen = {seat: line.until(lambda u: u["version"] >= version) for seat, line in by_seat.items()}
    return seen[update["to_move"]]


def played_out(by_seat, update):
    """The game played to its end, a legal move at a time; the last mover's update."""
    for _ in range(500):  # bed ends well within this many moves
        if update["outcome"] is not None:
            break
        update = play_one(by_seat, update)
    assert update["outcome"] is not None
    return update


def test_a_dropped_seat_is_stood_in_for_after_the_grace_period_and_handed_back(url, lines):
    mover, waiter, update, created = seated_table(url, lines, "kotatsu")
    seat = update["seat"]
    mover.ws.socket.shutdown(socket.SHUT_RDWR)  # the line drops with no close frame
    waiter.until(lambda seen: seen["presence"][seat] == "reconnecting")
    standing = waiter.until(lambda seen: seen["presence"][seat] == "stand_in")
    assert standing["version"] == update["version"]  # the grace period passed with nothing played
    moved = waiter.until(lambda seen: seen["version"] > update["version"])  # the stand-in moved for it
    assert moved["log"][-1]["seat"] == seat or moved["to_move"] != seat
    back = Raw(url)
    lines.append(back)
    back.send({"type": "sit", "table": created["table"], "token": created["tokens"][seat]})
    back.next("seated")
    assert back.next("update")["presence"][seat] == "here"
    assert waiter.until(lambda seen: seen["presence"][seat] == "here")


def test_a_glance_from_the_apps_list_is_no_player_at_the_table(url, lines):
    """The app's list asks how a table stands with a ``sit`` that only looks: with both players
    gone past their grace, the stand-in must not start playing the absent seat for it (a
    play-test saw the list play a friend's turn)."""
    mover, waiter, update, created = seated_table(url, lines, "kotatsu")
    to_move = update["to_move"]
    mover.close()
    waiter.close()
    time.sleep(3 * GRACE_S)  # both seats' grace periods run out
    for _ in range(2):  # a second glance sees the first one left the table as it was
        glance = Raw(url)
        lines.append(glance)
        glance.send({"type": "sit", "table": created["table"], "token": created["tokens"][1 - to_move],
                     "look": True})
        glance.next("seated")
        seen = glance.next("update")
        assert seen["version"] == update["version"] and seen["to_move"] == to_move
        assert seen["presence"] == ["reconnecting", "reconnecting"]
        glance.close()
        time.sleep(3 * GRACE_S)  # time the stand-in would have had to move


def test_undo_takes_back_a_step_of_ones_turn_and_resyncs_everyone_with_a_newer_version(url, lines):
    first, second, update, created = seated_table(url, lines, "cathood")
    by_seat = {update["seat"]: first, 1 - update["seat"]: second}
    for _ in range(300):  # play on (set-up, whole turns) until a step of a turn can be taken back
        seat = update["to_move"]
        mover, waiter = by_seat[seat], by_seat[1 - seat]
        update = play_one(by_seat, update)
        if update["to_move"] != seat:
            continue
        mover.send({"type": "undo", "version": update["version"]})
        answer = mover.recv()
        if answer["type"] == "undone":
            break
        assert answer["code"] == "no_undo"
    else:
        raise AssertionError("no step could be taken back")
    assert answer["version"] == update["version"] + 1
    after = mover.next("update")
    assert after["version"] == answer["version"] and after["log_from"] == 0 and len(after["log"]) == after["ply"]
    assert after["ply"] < update["ply"]
    seen = waiter.until(lambda u: u["version"] == answer["version"])
    assert seen["log_from"] == 0  # the log was taken back: sent whole
    mover.send({"type": "move", "version": update["version"], "move": a_legal_move(update)})
    assert mover.next("error")["code"] == "stale"  # the version of the undone step is never reused
    assert mover.next("update")["version"] == answer["version"]
    waiter.send({"type": "undo", "version": answer["version"]})
    assert waiter.next("error")["code"] == "no_undo"


def test_emotes_reach_the_whole_table_by_id_and_are_limited(url, lines):
    mover, waiter, update, created = seated_table(url, lines, "kotatsu")
    spectator, public = watch(url, lines, created["watch"])
    assert public["seat"] == -2 and public["view"] != update["view"]
    mover.send({"type": "emote", "emote": "slow_blink"})
    said = {"type": "emote", "seat": update["seat"], "emote": "slow_blink"}
    assert mover.next("emote") == waiter.next("emote") == spectator.next("emote") == said
    spectator.send({"type": "emote", "emote": "purr"})
    assert spectator.next("error")["code"] == "not_seated"
    waiter.send({"type": "emote", "emote": "say anything"})
    assert waiter.next("error")["code"] == "malformed"
    for _ in range(8):  # a burst of three, then one every two seconds
        waiter.send({"type": "emote", "emote": "meow"})
    answers = [waiter.recv() for _ in range(8)]
    refused = [a for a in answers if a["type"] == "error"]
    assert refused and {a["code"] for a in refused} == {"emote_limit"} and len(refused) < 8
    assert alive(url) and waiter.send({"type": "sync"}) is None and waiter.next("update")


def test_a_cathood_turn_waits_online_for_its_end_turn_and_its_last_disc_can_be_taken_back(url, lines):
    """As at a table with Confirm turns on: the server does not end a remote player's turn
    after its disc; the player's End turn is the move ``end turn``, and before it the disc
    can be taken back."""
    mover, waiter, update, created = seated_table(url, lines, "cathood")
    by_seat = {update["seat"]: mover, 1 - update["seat"]: waiter}
    for _ in range(300):  # past the set-up, a turn's disc: then only its End turn is left
        seat = update["to_move"]
        update = play_one(by_seat, update)
        if update["to_move"] != seat or legal(update) != ["end turn"]:
            continue
        by_seat[seat].send({"type": "undo", "version": update["version"]})
        answer = by_seat[seat].recv()
        if answer["type"] == "undone":
            break
        assert answer["code"] == "no_undo"  # the disc showed something (a take): End turn then
    else:
        raise AssertionError("no turn waited for its End turn with its disc to take back")
    again = by_seat[seat].next("update")
    assert again["to_move"] == seat and "end turn" not in legal(again)  # the disc is back in hand
    placed = play_one(by_seat, again)
    assert placed["to_move"] == seat and legal(placed) == ["end turn"] and not placed["awaiting"]
    ended = play_one(by_seat, placed)  # the End turn
    assert ended["to_move"] != seat and ended["version"] == placed["version"] + 1


def legal(update):
    return [str(m) for m in load_game(update["game"]).state_from_dict(update["view"]).legal_moves()]


def test_bots_with_rematch_play_the_rematches_at_their_rotated_seats(url, tmp_path):
    creator = BotThread(url, tmp_path, "--create", "bed", "--seats", "human", "--rematch", "1", "--seed", "3")
    joiner = BotThread(url, tmp_path, "--join", creator.first_line()["code"], "--rematch", "1", "--seed", "4")
    deadline = time.monotonic() + 120
    assert [creator.finish(deadline), joiner.finish(deadline)] == [0, 0]
    for bot in (creator, joiner):
        outcomes = [line for line in bot.lines if "outcome" in line]
        moved_on = [line for line in bot.lines if "rematch" in line]
        tables = [update["table"] for update in bot.updates]
        assert len(outcomes) == 2 and bot.lines[-1] == outcomes[1]
        assert len(moved_on) == 1 and tables[-1] == moved_on[0]["rematch"] != tables[0]
        first, last = bot.updates[0]["seat"], bot.updates[-1]["seat"]
        assert moved_on[0]["seat"] == last == (first + 1) % 2
        assert bot.updates[-1]["outcome"] is not None and {u["table"] for u in bot.updates} == {tables[0], tables[-1]}


@pytest.mark.parametrize("language", ["en", "zh-TW", "fr", "ru", "uk"])
def test_every_emote_has_its_words_in_each_language(language):
    words = read_strings(language)
    assert all(isinstance(words.get(f"net.emote.{e}"), str) and words[f"net.emote.{e}"] for e in EMOTES)


def test_a_rematch_rotates_the_seats_and_the_spectators_follow(url, lines):
    mover, waiter, update, created = seated_table(url, lines, "bed")
    spectator = watch(url, lines, created["watch"])[0]
    mover.send({"type": "rematch"})
    assert mover.next("error")["code"] == "not_over"
    by_seat = {update["seat"]: mover, 1 - update["seat"]: waiter}
    update = played_out(by_seat, update)
    waiter.send({"type": "rematch"})
    told = {seat: line.next("rematch") for seat, line in by_seat.items()}
    watched = spectator.next("rematch")
    new_table_id = told[0]["table"]
    assert {t["table"] for t in told.values()} == {watched["table"]} and new_table_id != created["table"]
    assert all(told[seat]["seat"] == (seat + 1) % 2 for seat in told)
    mover.send({"type": "rematch"})  # asked twice: the same new table
    assert mover.next("rematch")["table"] == new_table_id
    for seat, line in by_seat.items():
        line.send({"type": "sit", "table": new_table_id, "token": created["tokens"][seat]})
        assert line.next("seated")["seat"] == (seat + 1) % 2
        fresh = line.next("update")
        assert fresh["ply"] <= 1 and fresh["outcome"] is None
    spectator.send({"type": "watch", "code": watched["watch"]})
    assert spectator.until(lambda seen: seen["table"] == new_table_id)["seat"] == -2

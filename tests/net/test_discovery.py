"""Local-network discovery (issue 29: "tables hosted on the local network are listed").

Everything that announces or listens runs in a network namespace each test makes for itself
(``netns.run_private``: ``unshare --net``, its loopback the only interface), never on this
machine's interfaces; where no such namespace can be made the test fails and says why.  The
tests here in the test's own process check only what never opens a socket."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from catgames.net.discovery import (
    NAME_BYTES, SERVICE, Announcer, DiscoveryError, Host, LanBrowser, check_reachable, host_from,
    interface_addresses, listed_name,
)
from catgames.net.protocol import PROTOCOL
from tests.net import netns

SCENARIO_S = 150.0  #: longest run of one scenario in its namespace (a busy machine)


def scenario(name: str, folder: Path) -> dict[str, Any]:
    return netns.run_private("tests.net.lan_scenarios", name, str(folder), timeout_s=SCENARIO_S)


def test_a_hosted_server_is_listed_with_its_port_and_version_and_goes_when_it_stops(tmp_path: Path) -> None:
    report = scenario("listed_then_gone", tmp_path)
    ports = [int(url.rsplit(":", 1)[1]) for url in report["urls"]]
    listed = sorted(report["listed"], key=lambda host: host["port"] == ports[1])
    ids = [(tmp_path / data / "server_id").read_text().strip() for data in "ab"]
    assert [(host["address"], host["port"], host["protocol"], host["scheme"], host["url"], host["server_id"])
            for host in listed] == [("127.0.0.1", port, PROTOCOL, "ws", f"ws://127.0.0.1:{port}", server_id)
                                    for port, server_id in zip(ports, ids)], report
    assert len(set(ids)) == 2 and all(len(server_id) == 32 for server_id in ids), ids
    # one name given to both: both listed under it (their services' names differ by a tag)
    assert [host["name"] for host in listed] == ["Mimi's table", "Mimi's table"], listed
    services = [name for name in report["heard"] if name.startswith("Mimi's table ")]
    assert len(services) == 2 and all(name.endswith(f".{SERVICE}") for name in services), report["heard"]
    # the announcement that is not a server's was heard, and not listed
    assert f"Broken table.{SERVICE}" in report["heard"], report["heard"]
    assert [host["port"] for host in report["after_first_stopped"]] == [ports[1]], report
    assert report["after_both_stopped"] == [], report
    assert report["codes"] == [0, 0] and report["said"] == ["", ""], report


def test_lan_lists_the_servers_heard_as_json_lines_and_refuses_an_interface_not_its_own(tmp_path: Path) -> None:
    report = scenario("lan_command", tmp_path)
    assert report["nothing"] == {"code": 0, "out": "", "err": ""}, report
    port = int(report["url"].rsplit(":", 1)[1])
    server_id = (tmp_path / "t" / "server_id").read_text().strip()  # the id drawn for its data folder
    assert report["one"] == {"code": 0, "err": "", "out": (
        '{"name": "Tama", "address": "127.0.0.1", "port": %d, "protocol": %d, "scheme": "ws", '
        '"server_id": "%s", "url": "ws://127.0.0.1:%d"}\n' % (port, PROTOCOL, server_id, port))}, report
    assert report["said"] == ""
    refusals = [(r["code"], r["out"], r["err"]) for r in report["refused"]]
    assert refusals == [
        (2, "", "catgames: --interface: 10.9.8.7 is not an address of this computer\n"),
        (2, "", "catgames: --interface: '::1' is not an IPv4 address (discovery works on IPv4)\n"),
        (2, "", "catgames: --announce: 10.9.8.7 is not an address of this computer\n"),
        (2, "", "catgames: --announce: the server listens on 127.0.0.2 only, so nobody reached through 127.0.0.1 "
                "could join: listen there too (--host 0.0.0.0)\n"),
    ], report


def test_the_scenarios_refuse_to_run_in_the_tests_own_network(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    for told in (None, str(netns.netns_id())):  # not told the test's namespace; told it, and in it
        if told is None:
            monkeypatch.delenv(netns.TEST_NETNS, raising=False)
        else:
            monkeypatch.setenv(netns.TEST_NETNS, told)
        with pytest.raises(SystemExit) as refused:
            netns.enter_private_network()
        assert refused.value.code == netns.REFUSED
        assert "refused: not in a fresh network namespace" in capsys.readouterr().err


def test_where_no_namespace_can_be_made_the_test_fails_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(netns.shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="`unshare` .* is missing"):
        scenario("listed_then_gone", Path("/nonexistent"))
    monkeypatch.undo()
    monkeypatch.setattr(netns, "UNSHARE", ("--no-such-option",))  # an unshare that cannot make one
    with pytest.raises(pytest.fail.Exception, match="need a network namespace of their own"):
        scenario("listed_then_gone", Path("/nonexistent"))


def test_discovery_never_picks_an_interface_itself() -> None:
    """No address, or one that is not IPv4: refused before any socket is opened."""
    for addresses in ([], ["::1"], ["lo"], ["0.0.0.0/0"], ["0.0.0.0"], ["224.0.0.251"], ["255.255.255.255"],
                      ["127.0.0.1", "0.0.0.0"]):
        with pytest.raises(DiscoveryError):
            LanBrowser(addresses)
        with pytest.raises(DiscoveryError):
            Announcer(addresses, "Mimi", 8765)
        with pytest.raises(DiscoveryError):
            interface_addresses(addresses)
    with pytest.raises(DiscoveryError):
        Announcer(["127.0.0.1"], "Mimi", 0)
    with pytest.raises(DiscoveryError):
        Announcer(["127.0.0.1"], "Mimi", 8765, "http")


def test_only_a_catgames_servers_announcement_is_listed() -> None:
    good = {b"protocol": b"1", b"scheme": b"wss", b"name": "Mimi's\ttable".encode()}
    assert host_from(f"Mimi 0a1b.{SERVICE}", ["192.0.2.7"], 443, good) == Host("Mimi's table", "192.0.2.7", 443, 1,
                                                                                 "wss")
    plain = host_from(f"Mimi.{SERVICE}", ["192.0.2.7"], 8765, {b"protocol": b"3"})  # ws, its name: not told
    assert plain == Host("Mimi", "192.0.2.7", 8765, 3) and plain.url == "ws://192.0.2.7:8765"
    for addresses, port, properties in (([], 443, good), (["192.0.2.7"], None, good), (["192.0.2.7"], 0, good),
                                        (["192.0.2.7"], 443, {}), (["192.0.2.7"], 443, {b"protocol": b"one"}),
                                        (["192.0.2.7"], 443, {b"protocol": None}),
                                        (["192.0.2.7"], 443, {b"protocol": b"1", b"scheme": b"http"}),
                                        (["192.0.2.7"], 443, {b"protocol": b"-1"})):
        assert host_from(f"Mimi.{SERVICE}", addresses, port, properties) is None, (addresses, port, properties)


def test_a_name_is_listed_as_one_short_printable_line() -> None:
    assert listed_name("Mimi's table") == "Mimi's table"
    assert listed_name("  my.laptop\n\tat\x1b home ") == "my.laptop at home"
    assert listed_name("") == listed_name(" \n ") == "catgames"
    long = listed_name("猫" * 40)  # 3 bytes each: cut at a character's end, within NAME_BYTES
    assert long == "猫" * 16 and len(long.encode()) == NAME_BYTES


def test_a_server_is_announced_only_where_it_listens() -> None:
    for host in ("0.0.0.0", "", "::", "192.0.2.7"):
        check_reachable(host, ["192.0.2.7"])
    for host, addresses in (("127.0.0.1", ["192.0.2.7"]), ("192.0.2.7", ["192.0.2.7", "192.0.2.8"])):
        with pytest.raises(DiscoveryError, match="listens on"):
            check_reachable(host, addresses)


def test_a_kept_link_finds_its_server_by_its_id_after_the_hosts_address_changed(tmp_path: Path) -> None:
    report = scenario("kept_link_follows_its_server", tmp_path)
    first, (other, second) = report["first_url"], report["urls"]
    assert other == first != second and report["first_said"] == "", report  # the old address: another server
    assert len(report["kept_id"]) == 32, report  # the server's id was kept with the link
    # the server now at the kept address is another: it is told no token, and the table is looked for
    assert report["before"] == "other_server" and report["looking"] is True, report
    assert report["moved"] == [second] and report["kept_url"] == second, report
    assert report["status"] == {"to_move": 0, "server_id": report["kept_id"]}, report
    assert report["runner"] == {"ready": True, "failure": None, "seats": [1]}, report
    assert report["said"] == ["", ""], report

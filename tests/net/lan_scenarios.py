"""What the discovery tests do inside their private network namespace (``netns.run_private``):
``python -m tests.net.lan_scenarios SCENARIO FOLDER`` prints one JSON report, which the test
checks.  It refuses to run anywhere else.  Every wait has a deadline; every server it starts
is stopped."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from tests.net.netns import enter_private_network

LOOPBACK = "127.0.0.1"  #: the namespace's own loopback: the only interface there is
WAIT_S = 30.0  #: longest wait for something to be heard or to go
RUN_S = 60.0  #: longest run of one command
NAME = "Mimi's table"


def wait_until(condition: Callable[[], bool], seconds: float = WAIT_S) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True


def command(*args: str, seconds: float = RUN_S) -> dict[str, Any]:
    """``python -m catgames args``: its exit code and what it said (code ``None``: still running
    at the deadline, so killed)."""
    from tests.net.serving import ROOT, _env, _python
    try:
        done = subprocess.run(_python(*args), capture_output=True, text=True, cwd=ROOT, env=_env(), timeout=seconds)
    except subprocess.TimeoutExpired as late:
        return {"code": None, "out": str(late.stdout), "err": str(late.stderr)}
    return {"code": done.returncode, "out": done.stdout, "err": done.stderr}


@contextmanager
def misannounced(name: str) -> Iterator[None]:
    """An announcement of the catgames service that is not a server's: its protocol is a word."""
    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    from catgames.net.discovery import SERVICE
    zeroconf = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only, use_asyncio=False)
    try:
        zeroconf.register_service(ServiceInfo(SERVICE, f"{name}.{SERVICE}", port=9, properties={"protocol": "one"},
                                              server="broken.local.", parsed_addresses=[LOOPBACK]))
        yield
    finally:
        zeroconf.close()


def listed_then_gone(folder: Path) -> dict[str, Any]:
    """Two servers announced under one name and a broken announcement, heard by a browser that
    is polled as a screen would; then the servers stop, one after the other."""
    from catgames.net.discovery import LanBrowser
    from tests.net.serving import ServerProcess

    heard: list[str] = []

    class Hearing(LanBrowser):
        """Also notes every announcement it has dealt with, listed or not."""

        def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
            super()._changed(zeroconf, service_type, name, state_change)
            heard.append(name)

    report: dict[str, Any] = {}
    servers = [ServerProcess(folder / name, 0, "--announce", LOOPBACK, "--name", NAME) for name in "ab"]
    with Hearing([LOOPBACK]) as browser:
        def ports() -> set[int]:
            return {host.port for host in browser.hosts()}
        try:
            with misannounced("Broken table"):
                report["urls"] = [server.start() for server in servers]
                wait_until(lambda: ports() == {_port(s) for s in servers} and any("Broken" in n for n in heard))
                report["listed"] = [host.to_json() for host in browser.hosts()]
                report["heard"] = sorted(set(heard))
                report["said"] = [servers[0].stop()]
                wait_until(lambda: _port(servers[0]) not in ports())
                report["after_first_stopped"] = [host.to_json() for host in browser.hosts()]
            report["said"].append(servers[1].stop())
            wait_until(lambda: not browser.hosts())
            report["after_both_stopped"] = [host.to_json() for host in browser.hosts()]
            report["codes"] = [server.process.returncode if server.process else None for server in servers]
        finally:
            for server in servers:
                server.stop()
    return report


def _port(server: Any) -> int:
    return int(server.url.rsplit(":", 1)[1])


def lan_command(folder: Path) -> dict[str, Any]:
    """``lan`` with nothing announced, then with a server announced; the refused command lines."""
    from tests.net.serving import ServerProcess
    report: dict[str, Any] = {"nothing": command("lan", "--interface", LOOPBACK, "--seconds", "1")}
    server = ServerProcess(folder / "t", 0, "--announce", LOOPBACK, "--name", "Tama")
    try:
        report["url"] = server.start()
        report["one"] = command("lan", "--interface", LOOPBACK, "--seconds", str(RUN_S - 10), "--count", "1")
    finally:
        report["said"] = server.stop()
    report["refused"] = [
        command("lan", "--interface", "10.9.8.7", seconds=WAIT_S),
        command("lan", "--interface", "::1", seconds=WAIT_S),
        command("serve", "--port", "0", "--data", str(folder / "r"), "--announce", "10.9.8.7", seconds=WAIT_S),
        command("serve", "--host", "127.0.0.2", "--port", "0", "--data", str(folder / "r"), "--announce", LOOPBACK,
                seconds=WAIT_S),
    ]
    return report


def kept_link_follows_its_server(folder: Path) -> dict[str, Any]:
    """A friend joins a table and keeps its link; the host's server stops and comes back on
    another port, while another catgames server now answers at the old address; the friend's
    app, reopened, finds the table's server on the local network by its id."""
    import os

    from catgames.net import kept
    from catgames.net.lobby import LobbyError, SeatPlan, host_table, join_table, table_status
    from catgames.net.lookup import ServerLookup
    from catgames.net.remote import RemoteRunner
    from tests.net.serving import ServerProcess
    os.environ["CATGAMES_HOME"] = str(folder / "friend")  # the friend's user data folder
    report: dict[str, Any] = {}
    first, other, second = (ServerProcess(folder / data, 0, "--announce", LOOPBACK, "--name", name)
                            for data, name in (("host", NAME), ("other", "Tora"), ("host", NAME)))
    try:
        report["first_url"] = first.start()
        hosted = host_table(first.url, "bed", [SeatPlan("here"), SeatPlan("friend")], 60, "off")
        kept.keep(kept.KeptTable(join_table(first.url, hosted.invites[1])))
        report["first_said"] = first.stop()
        other.port = _port(first)  # the old address is another server's now; the host's is
        report["urls"] = [other.start(), second.start()]  # back elsewhere, its tables kept
        [table] = kept.load_kept().tables
        report["kept_id"] = table.link.server_id
        try:
            table_status(table.link)
            report["before"] = "answered"
        except LobbyError as exc:
            report["before"] = exc.code
        lookup = ServerLookup(lambda: LOOPBACK)
        try:
            report["looking"] = lookup.look_for(table.link.server_id)
            moved: list[str] = []
            wait_until(lambda: bool(moved.extend(h.url for h in lookup.follow(kept.load_kept().tables)) or moved))
            report["moved"] = moved
        finally:
            lookup.close()
        [table] = kept.load_kept().tables
        report["kept_url"] = table.link.url
        status = table_status(table.link)
        report["status"] = {"to_move": status.to_move, "server_id": status.server_id}
        runner = RemoteRunner(table.link)
        try:
            wait_until(lambda: bool(runner.step(0.05) or True) and (runner.ready or runner.failure is not None))
            report["runner"] = {"ready": runner.ready, "failure": runner.failure, "seats": sorted(runner.lines)}
        finally:
            runner.close()
    finally:
        report["said"] = [server.stop() for server in (other, second)]
    return report


SCENARIOS = {"listed_then_gone": listed_then_gone, "lan_command": lan_command,
             "kept_link_follows_its_server": kept_link_follows_its_server}


if __name__ == "__main__":
    enter_private_network()
    print(json.dumps(SCENARIOS[sys.argv[1]](Path(sys.argv[2]))), flush=True)

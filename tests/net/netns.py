"""A private network for the discovery tests: a module run inside a network namespace made for
it alone (``unshare --net``), whose only interface is its own loopback.

Multicast discovery never runs on this machine's interfaces: the child refuses to do anything
unless it sits in a fresh namespace (not the test's, ``lo`` its only interface and still down),
and the launcher fails, never skips, where such a namespace cannot be made.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEST_NETNS = "CATGAMES_TEST_NETNS"  #: the test's own namespace, which the child must not be in
UNSHARE = ("--net", "--map-root-user")  #: a new network namespace; root in it, even for a plain user
REFUSED = 3  #: the child's exit code when it is not in a private namespace
SIOCGIFFLAGS, SIOCSIFFLAGS = 0x8913, 0x8914
IFF_UP, IFF_MULTICAST = 0x1, 0x1000
IFREQ = struct.Struct("16sH22x")  #: struct ifreq: the name, then the flags


def netns_id() -> int:
    """This process's network namespace (its inode)."""
    return os.stat("/proc/self/ns/net").st_ino


def run_private(module: str, *args: str, timeout_s: float) -> dict[str, Any]:
    """``python -m module args`` in a new network namespace; the JSON object it printed last.
    Everything it started is killed when it ends or its time is up."""
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.fail("`unshare` (util-linux) is missing: the local-network discovery tests run only inside "
                    "a network namespace they make, never on this machine's interfaces")
    probe = subprocess.run([unshare, *UNSHARE, "true"], capture_output=True, text=True, timeout=30)
    if probe.returncode != 0:
        pytest.fail(f"`unshare {' '.join(UNSHARE)} true` failed ({probe.stderr.strip()}): the local-network "
                    "discovery tests need a network namespace of their own (run them as root, or allow "
                    "unprivileged user namespaces); they never run on this machine's interfaces")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    env[TEST_NETNS] = str(netns_id())
    child = subprocess.Popen([unshare, *UNSHARE, sys.executable, "-m", module, *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env, start_new_session=True)
    try:
        out, err = child.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _kill_group(child.pid)
        out, err = child.communicate(timeout=10)
        pytest.fail(f"{module} {' '.join(args)} did not end in {timeout_s} s; it said: {out}{err}")
    finally:
        _kill_group(child.pid)  # whatever it left behind
    assert child.returncode == 0, f"{module} {' '.join(args)}: exit {child.returncode}: {err}"
    return dict(json.loads(out.splitlines()[-1]))


def _kill_group(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except ProcessLookupError:
        pass


def enter_private_network() -> None:
    """In the child, first of all: exit with ``REFUSED`` unless this is a fresh namespace of its
    own; then bring its loopback up, with multicast."""
    names = [name for _, name in socket.if_nameindex()]
    theirs = os.environ.get(TEST_NETNS, "")
    if not theirs.isdigit() or int(theirs) == netns_id() or names != ["lo"] or _flags("lo") & IFF_UP:
        print(f"refused: not in a fresh network namespace of my own (mine {netns_id()}, the test's {theirs or '?'}, "
              f"interfaces {names}); discovery is tried only there", file=sys.stderr)
        raise SystemExit(REFUSED)
    _set_flags("lo", _flags("lo") | IFF_UP | IFF_MULTICAST)


def _flags(interface: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        return int(IFREQ.unpack(fcntl.ioctl(s, SIOCGIFFLAGS, IFREQ.pack(interface.encode(), 0)))[1])


def _set_flags(interface: str, flags: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        fcntl.ioctl(s, SIOCSIFFLAGS, IFREQ.pack(interface.encode(), flags))

"""The app's own server: ``serve`` started as a process of its own on this computer, kept
while the app runs and stopped when it quits.

Its tables live in ``<user data folder>/server`` (``serve``'s own default), so the next start
of the app starts it again on the same tables and they resume.  It listens on the local network
(this computer's address there) on a fixed port, so the address given to a friend stays good
from one start to the next.  Environment variables change that, for tests and play-tests:

- ``CATGAMES_HOST``: the address to listen on (tests and play-tests: ``127.0.0.1``);
- ``CATGAMES_PORT``: the port (default ``8765``; ``0``: any free one);
- ``CATGAMES_LAN``: the interface address through which the server is announced and the
  local network's tables are listened for (``off``: none).  Unset, that is the listening
  address when it is a home or office network's (RFC 1918, link-local), and nothing otherwise: loopback is never
  announced unless named here (a play-test names it inside a network namespace of its own).

Starting returns at once: a thread reads the server's one ``listening on`` line, and the
screens poll ``url`` / ``problem``.  The server runs as ``net.hosted_serve``, which ends when
its stdin, held here and never written, closes: so even a crashed app leaves no server holding
the port.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

from catgames import paths
from catgames.core import storage

HOST_ENV, PORT_ENV, LAN_ENV = "CATGAMES_HOST", "CATGAMES_PORT", "CATGAMES_LAN"
DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"
START_S = 30.0  #: longest wait for the ``listening on`` line (a slow computer's first start)
STOP_S = 10.0   #: longest wait for a clean stop after SIGTERM, before a kill
ROUTE_PROBE = ("192.0.2.1", 9)  #: TEST-NET: a UDP "connect" there only asks the routing table
#: the addresses of a home or office network (RFC 1918, link-local): where a server is announced
LOCAL_NETWORKS = tuple(ipaddress.IPv4Network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
                                                          "169.254.0.0/16"))
SERVE_MODULE = "catgames.net.hosted_serve"  #: ``serve`` that ends with the app
LOG_NAME = "serve.log"  #: the server's stderr, beside its tables
STARTING, READY, FAILED, STOPPED = "starting", "ready", "failed", "stopped"


def local_address() -> str:
    """This computer's address on its local network: the one the system would send from
    (a UDP socket's ``connect`` sends nothing); loopback where there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    return address if address != "0.0.0.0" else LOOPBACK


def listen_address() -> str:
    return os.environ.get(HOST_ENV, "").strip() or local_address()


def listen_port() -> int:
    text = os.environ.get(PORT_ENV, "").strip()
    return int(text) if text.isdigit() and int(text) < 65536 else DEFAULT_PORT


def lan_interface(listening: str | None = None) -> str | None:
    """The interface address of the local network's announcements, or ``None`` (see above)."""
    named = os.environ.get(LAN_ENV)
    if named is not None:
        return None if named.strip() in ("", "off") else named.strip()
    address = listening or listen_address()
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return None
    return address if any(ip in network for network in LOCAL_NETWORKS) else None


def server_command(data: Path, host: str, port: int, announce: str | None) -> list[str]:
    """The command that starts ``serve`` for the app: the same in a clone and in the frozen app,
    whose executable runs ``-m catgames.…`` modules as Python does (``packaging/entry.py``)."""
    command = [sys.executable, "-m", SERVE_MODULE, "--host", host, "--port", str(port), "--data", str(data)]
    return command + (["--announce", announce] if announce else [])


class HostedServer:
    """The app's server process: ``start`` it, read ``state`` / ``url`` / ``problem``, ``stop``."""

    def __init__(self, data: Path | None = None, host: str | None = None, port: int | None = None) -> None:
        self.data = data
        self.host = host
        self.port = port
        self.state = STOPPED
        self.url = ""        #: ``ws://host:port`` once it listens
        self.problem = ""    #: what the server said when it could not start (English, for the log)
        self.announced: str | None = None  #: the interface it is announced through, if any
        self._process: subprocess.Popen[str] | None = None
        self._reader: threading.Thread | None = None
        self._lock = threading.Lock()
        self._log: Path | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start the server unless it runs (or is starting); returns at once."""
        if self.running:
            return
        self._collect()
        host = self.host or listen_address()
        port = listen_port() if self.port is None else self.port
        self.announced = lan_interface(host)
        data = self.data or storage.data_dir() / "server"
        try:
            data.mkdir(parents=True, exist_ok=True)
            said = (data / LOG_NAME).open("w", encoding="utf-8")  # a pipe nobody reads would fill
        except OSError as exc:
            self.state, self.problem = FAILED, str(exc)
            return
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        if not paths.is_frozen():  # a clone: the package is found beside its data
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(paths.ROOT), env.get("PYTHONPATH")]))
        self.state, self.url, self.problem = STARTING, "", ""
        try:
            self._process = subprocess.Popen(  # its stdin stays open, unwritten, while the app runs
                server_command(data, host, port, self.announced), stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=said, text=True, env=env, cwd=str(paths.ROOT))
        except OSError as exc:
            self.state, self.problem = FAILED, str(exc)
            return
        finally:
            said.close()  # the child has its own copy
        self._log = data / LOG_NAME
        self._reader = threading.Thread(target=self._read_first_line, args=(self._process,),
                                        name="hosted-server", daemon=True)
        self._reader.start()

    def wait(self, timeout_s: float = START_S) -> str:
        """Block until the server listens or fails (tests, the command line): the state."""
        reader = self._reader
        if reader is not None:
            reader.join(timeout_s)
        return self.state

    def _read_first_line(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        timer = threading.Timer(START_S, process.kill)  # a server that never says a word
        timer.start()
        try:
            line = process.stdout.readline()
        finally:
            timer.cancel()
        with self._lock:
            if line.startswith("listening on "):
                self.url, self.state = line.split()[-1], READY
                return
            process.wait()
            self.problem = (_tail(self._log) or line or "the server ended at once").strip()[:500]
            self.state = FAILED

    def stop(self) -> None:
        """SIGTERM, a kill if it does not end in time; safe to call when nothing runs."""
        process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(STOP_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(STOP_S)
        self._collect()
        if self.state != FAILED:
            self.state = STOPPED

    def _collect(self) -> None:
        """Close what a previous run left: its pipes, its reader thread."""
        process, self._process = self._process, None
        if self._reader is not None:
            self._reader.join(STOP_S)
            self._reader = None
        if process is not None:
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()


def _tail(log: Path | None) -> str:
    """The end of what the server wrote on stderr (why it stopped)."""
    try:
        return log.read_text(encoding="utf-8", errors="replace")[-500:] if log else ""
    except OSError:
        return ""

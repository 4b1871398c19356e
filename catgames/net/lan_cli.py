"""``serve --announce`` and ``lan``: local-network discovery on the command line (English only,
like ``serve``).  Both are told the addresses of the interfaces to use: nothing is announced
or listened for unless asked, and only there.  zeroconf is imported only when one is run."""

from __future__ import annotations

import argparse
import json
import platform
from contextlib import contextmanager
from typing import Any, Callable, Iterator
from urllib.parse import urlsplit

from catgames.net.usage import CommandError

MAX_SECONDS = 3600.0


def add_lan(sub: Any, serve: argparse.ArgumentParser, positive: Callable[[str], int]) -> None:
    """``--announce`` and ``--name`` for ``serve``, and the ``lan`` command."""
    serve.add_argument("--announce", metavar="ADDRESS", action="append", default=[],
                       help="announce the server on the local network through the interface with this "
                            "IPv4 address (repeat for several; off by default)")
    serve.add_argument("--name", default=None, help="the name it is listed under (default: this computer's)")
    p = sub.add_parser("lan", help="list the servers announced on the local network, one JSON line each")
    p.add_argument("--interface", metavar="ADDRESS", action="append", required=True,
                   help="listen through the interface with this IPv4 address (repeat for several)")
    p.add_argument("--seconds", type=_seconds, default=3.0, help="how long to listen (default 3)")
    p.add_argument("--count", type=positive, default=None, help="stop as soon as this many are heard")
    p.set_defaults(run=cmd_lan)


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"between 0 and {MAX_SECONDS:g} seconds")
    return value


@contextmanager
def announced(args: argparse.Namespace, ready: Callable[[str], None],
              server_id: str | None = None) -> Iterator[Callable[[str], None]]:
    """``serve``'s ``ready``, which with ``--announce`` also starts announcing the server (and
    its ``server_id``, if any) once it listens (its port may be known only then); the
    announcement ends with the server."""
    if not args.announce:
        yield ready
        return
    from catgames.net.discovery import Announcer, DiscoveryError, check_reachable, interface_addresses
    try:
        addresses = interface_addresses(args.announce)
        check_reachable(args.host, addresses)
    except DiscoveryError as exc:
        raise CommandError(f"--announce: {exc}") from exc
    announcers: list[Announcer] = []

    def listening(url: str) -> None:
        ready(url)
        where = urlsplit(url)
        announcers.append(Announcer(addresses, args.name or platform.node(), where.port or 0, where.scheme,
                                    server_id))
        announcers[-1].start()

    try:
        yield listening
    finally:
        for announcer in announcers:
            announcer.close()


def cmd_lan(args: argparse.Namespace) -> int:
    from catgames.net.discovery import DiscoveryError, browse
    try:
        hosts = browse(args.interface, args.seconds, args.count)
    except DiscoveryError as exc:
        raise CommandError(f"--interface: {exc}") from exc
    except OSError as exc:
        raise CommandError(f"cannot listen on {', '.join(args.interface)}: {exc}") from exc
    for host in hosts:
        print(json.dumps(host.to_json(), ensure_ascii=False), flush=True)
    return 0

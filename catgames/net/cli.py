"""The ``serve`` and ``bot`` commands of ``python -m catgames`` (their words are for operators
and scripts, so English only).  The websocket library is imported only when one is run."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import sqlite3
import ssl
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from catgames.net.lan_cli import add_lan, announced
from catgames.net.protocol import LEVELS
from catgames.net.usage import CommandError

if TYPE_CHECKING:
    from catgames.net.bot import BotPlan


def ip_address(text: str) -> str:
    """An IP address as the server sees its peers' (``::1``, not ``0:0::1``), for argparse."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP address: {text!r}") from None


def add_commands(sub: Any, games: str, positive: Callable[[str], int]) -> None:
    """Add ``serve`` and ``bot`` to the subcommands ``sub`` of the main parser."""
    p = sub.add_parser("serve", help="run a server for online tables")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer)")
    p.add_argument("--port", type=int, default=8765, help="0: any free port (the line printed says which)")
    p.add_argument("--data", type=Path, default=None, help="folder of the tables (default: the user data folder)")
    p.add_argument("--store", default=None, metavar="postgresql://…",
                   help="keep the tables in this PostgreSQL database instead of the SQLite file in --data")
    p.add_argument("--bus", default=None, metavar="redis://…",
                   help="one of many processes sharing --store through this Redis (each table owned by one)")
    p.add_argument("--idle", type=float, default=600.0, metavar="S",
                   help="with --bus: a table nobody is at for S seconds is let go by its process")
    p.add_argument("--routed", action="store_true",
                   help="with --bus: the proxy in front sends every line naming a table (?table=…) to one "
                        "process, which then owns the table (nginx: hash $arg_table consistent)")
    p.add_argument("--certfile", type=Path, default=None, help="TLS certificate (PEM): serve wss://")
    p.add_argument("--keyfile", type=Path, default=None, help="the certificate's private key (PEM)")
    p.add_argument("--rate", type=float, default=20.0, help="messages per second per connection")
    p.add_argument("--tables-per-hour", type=positive, default=20, help="tables one address may create per hour")
    p.add_argument("--trusted-proxy", type=ip_address, action="append", default=[], metavar="ADDRESS",
                   help="a reverse proxy in front (repeatable): the limits count the client its "
                        "X-Forwarded-For names, not the proxy")
    p.add_argument("--ai-iterations", type=positive, default=None,
                   help="AI seats do this fixed work per move (the same moves on any machine)")
    p.add_argument("--grace", type=float, default=60.0,
                   help="seconds a dropped player's seat waits before the AI stands in (per table default)")
    p.add_argument("--test-seeds", action="store_true",
                   help="take the seed a table's creator asks for (tests only: it tells the deal)")
    p.set_defaults(run=cmd_serve)
    add_lan(sub, p, positive)  # serve --announce, and the lan command (discovery)

    p = sub.add_parser("bot", help="a headless player: create or join a table and play it")
    p.add_argument("url", help="e.g. ws://127.0.0.1:8765")
    way = p.add_mutually_exclusive_group(required=True)
    way.add_argument("--create", metavar="GAME", help=games)
    way.add_argument("--join", metavar="CODE")
    p.add_argument("--players", type=positive, default=2)
    p.add_argument("--seats", default="", help="the other seats, e.g. human,ai:easy (default: humans)")
    p.add_argument("--level", choices=LEVELS, default="random")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--iterations", type=positive, default=None, help="fixed AI work per move")
    p.add_argument("--verbose", action="store_true", help="also print every update, ack and refusal")
    p.add_argument("--rematch", type=int, default=0, metavar="N",
                   help="after the game, ask for a rematch and play it at the new seat, N times in a row "
                        "(default 0: one game, then exit, whatever the others ask)")
    p.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds (all games)")
    p.set_defaults(run=cmd_bot)


def cmd_serve(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from catgames.core.storage import data_dir
    from catgames.net import event_loop
    from catgames.net.identity import server_id
    from catgames.net.listening import run
    from catgames.net.server import Config
    if (args.certfile is None) != (args.keyfile is None):
        raise CommandError("--certfile and --keyfile go together")
    if args.bus is not None and args.store is None:
        raise CommandError("--bus needs --store postgresql://…: the processes share one store")
    if args.routed and args.bus is None:
        raise CommandError("--routed needs --bus: one process owns every table anyway")
    config = Config(data=args.data or data_dir() / "server", host=args.host, port=args.port,
                    rate=args.rate, burst=2 * args.rate, tables_per_hour=args.tables_per_hour,
                    test_seeds=args.test_seeds, ai_iterations=args.ai_iterations, grace_s=args.grace,
                    certfile=args.certfile, keyfile=args.keyfile, store=args.store,
                    bus=args.bus, idle_s=args.idle, routed=args.routed, trusted_proxies=frozenset(args.trusted_proxy))
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="catgames serve: %(message)s")
    logging.getLogger("websockets.server").addFilter(HandshakeFailures())
    try:
        # the id of the tables' folder; a shared store's processes have no one folder (nor a need:
        # such a server is reached by a name that outlives its addresses)
        config = replace(config, server_id=None if args.store else server_id(config.data))
        with announced(args, lambda url: print(f"listening on {url}", flush=True), config.server_id) as ready:
            event_loop.run(run(config, ready))
    except (OSError, sqlite3.Error, ssl.SSLError, ValueError) as exc:  # a taken port, a bad folder, key or store
        where = config.store.split("@")[-1] if config.store else config.data  # no password in the line
        raise CommandError(f"cannot serve on {args.host}:{args.port} with data in {where}: {exc}") from exc
    return 0


class HandshakeFailures(logging.Filter):
    """A line that fails its opening handshake is said in one line, not with the websocket
    library's traceback; one closed before its request was whole (a port scan, a load balancer's
    TCP check) is not said at all."""

    def filter(self, record: logging.LogRecord) -> bool:
        failed = record.exc_info[1] if record.exc_info else None
        if record.getMessage() != "opening handshake failed" or failed is None:
            return True
        if isinstance(failed.__cause__, EOFError):
            return False  # the line ended before its request was whole
        record.msg, record.args = f"opening handshake failed: {failed}", ()
        record.exc_info, record.exc_text = None, None
        return True


def cmd_bot(args: argparse.Namespace) -> int:
    from catgames.net.bot import play
    return play(bot_plan(args))


def bot_plan(args: argparse.Namespace) -> "BotPlan":
    """The bot's plan from its command line (``CommandError`` for a mistake in it)."""
    from catgames.net.bot import BotPlan
    others = tuple(s.strip() for s in args.seats.split(",") if s.strip())
    for seat in others:
        if seat != "human" and seat.removeprefix("ai:") not in LEVELS:
            raise CommandError(f"unknown seat {seat!r}: human or ai:<{'|'.join(LEVELS)}>")
    if args.rematch < 0:
        raise CommandError("--rematch is a number of rematches, 0 or more")
    if others and len(others) != args.players - 1:
        raise CommandError(f"--seats names the {args.players - 1} other seats, not {len(others)}")
    return BotPlan(args.url, create=args.create, join=args.join, players=args.players, others=others,
                   level=args.level, seed=args.seed, iterations=args.iterations, verbose=args.verbose,
                   rematches=args.rematch, timeout_s=args.timeout)

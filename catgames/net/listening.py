"""One server process from its start to SIGTERM: the listener (TLS if given a certificate), whose
lines read ordinary frames themselves (``fast_read``), and the sweep that keeps its quiet lines
alive (``quiet_keepalive``), the cluster of processes if given a bus, the collector's
thresholds, and the line ``serve`` prints once connections are taken."""

from __future__ import annotations

import asyncio
import gc
import signal
import ssl
from typing import Callable

from websockets.asyncio.server import serve

from catgames.net.opening import open_store
from catgames.net.protocol import MAX_FRAME
from catgames.net.fast_read import FastReadLine
from catgames.net.quiet_keepalive import sweep
from catgames.net.server import Config, Server

#: connections the system keeps waiting to be accepted (asyncio's default is 100): after a
#: restart every player's app reconnects at once, and one dropped from a full queue waits a
#: second or more for TCP to try again
BACKLOG = 2048
#: the collector's thresholds in a server process.  What a move leaves alive is its game's log
#: (about six objects), so a collection finds almost nothing, and its pause grows with the
#: objects it scans: at (50,000, 20, 100) a youngest collection stopped the server for ~0.1 s and
#: a middle one for ~0.5 s, the whole latency tail at 2,000 tables (``bench net``: p99 387-529 ms).
#: Small steps keep each pause short (p99 96 ms, the CPU the same); a full collection, which
#: scans every table, waits for 500 middle ones (minutes) as well as Python's own rule (the
#: old objects grew by a quarter)
GC_THRESHOLDS = (2_000, 10, 500)


def _tls(config: Config) -> ssl.SSLContext | None:
    if config.certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(config.certfile, config.keyfile)
    return context


def _url(scheme: str, host: str, port: int) -> str:
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


async def run(config: Config, ready: Callable[[str], None]) -> None:
    """Serve until SIGTERM or SIGINT; ``ready`` is told the URL once connections are taken."""
    gc.set_threshold(*GC_THRESHOLDS)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    server = Server(config, open_store(config.store, config.data))
    cluster = None
    if config.bus is not None:
        from catgames.net.relay import Cluster
        cluster = Cluster(server, config.bus)
        server.opened, server.creations = cluster.claim, cluster.creations
        await cluster.start()
    tls = _tls(config)
    try:
        handler = server.handle if cluster is None else cluster.handle
        async with serve(handler, config.host, config.port, max_size=MAX_FRAME, max_queue=4, compression=None,
                         ssl=tls, close_timeout=2, backlog=BACKLOG,
                         create_connection=FastReadLine) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            keepalive = loop.create_task(sweep(lambda: listener.connections))
            ready(_url("wss" if tls else "ws", config.host, port))
            server.start()
            try:
                await stop.wait()
            finally:
                keepalive.cancel()
    finally:
        if cluster is not None:
            await cluster.close()
        await server.close()

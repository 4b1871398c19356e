"""Redis between the server processes (``serve --bus redis://…``): who is alive, who owns which
table, and the messages they pass one another.

* Each process has an id, listens on its channel ``catgames:to:<id>`` and keeps
  ``catgames:alive:<id>`` alive (it expires ``ALIVE_S`` after the process stops renewing it).
  A process is dead once either is gone: a ``kill -9`` closes its link to Redis, and with it
  its channel's subscription, at once; a process that freezes, or whose machine is lost (Redis
  then keeps its half-open link, and the subscription, for minutes), loses its heartbeat.  The
  heartbeat is renewed from a thread of its own (``_Heartbeat``): a process whose event loop is
  only late, overloaded, is not taken for dead.
  ``ALIVE_S`` is what guarantees a takeover within seconds when the quick path is missed: a
  message published to a channel nobody hears (``gone``) or a heartbeat ``ALIVE_S`` old.
* Each open table is owned by one process: its lease ``catgames:lease:<table>`` holds the
  owner's id and expires ``LEASE_S`` after the owner last renewed it.  A lease whose owner is
  no longer alive is taken at once by whoever asks (``owner``).
* ``post`` queues a message to another process's channel, and one task publishes the queue in
  order, many messages per round trip and the messages to one process in one publish (a
  ``bundle``: a published message costs each side more than its bytes); the order of one
  connection's frames and updates is kept.  A channel that had no listener names a dead process (``gone``).
* Redis restarted (or out of reach a while): the messages between processes may have been lost,
  so ``lost`` is told (the relayed lines are closed; their clients reconnect and resync), the
  channel is listened to again once Redis answers, and the heartbeat and leases are set again
  by the next ticks (an owner renews a lease nobody holds).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
from contextlib import suppress
from typing import Any, Callable, Iterator

from redis import Redis as SyncRedis
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry as SyncRetry

log = logging.getLogger(__name__)

#: a process not heard of for this long is dead (a killed one is usually known dead at once: its
#: channel has no listener).  It bounds a takeover when that quick path is missed: ALIVE_S, then
#: at most TICK_S until the edges close the lines they passed to it, then a reconnect (under
#: the 5 s target); a process stalled longer than this loses its tables (safe: see ``relay``)
ALIVE_S = 3.0
LEASE_S = 3.0  #: a table's lease lasts this long unless renewed
TICK_S = 0.5  #: heartbeat and lease renewal period
STOP_S = 2.0  #: longest wait for this process's own tasks when it stops
PREFIX = "catgames:"
UP, SETTLING = f"{PREFIX}up", f"{PREFIX}settling"
HOUR_MS = 3_600_000  #: the window of the tables-per-address limit

#: Redis lost its keys (a restart; its first start too): the marker ``up`` is gone.  The first
#: script to notice sets it again and starts a settling time (a lease's length) during which a
#: table nobody holds is taken only by a process that has it open: the owners renew their
#: leases first, so no other process takes a table its owner still serves
SETTLE = """
local function settle(up, settling, ms)
  if redis.call('EXISTS', up) == 0 then
    redis.call('SET', up, '1')
    redis.call('SET', settling, '1', 'PX', ms)
  end
end
"""
#: the owner of a table: the lease's holder while it lives, else the asker (who now holds it);
#: "" while settling, to an asker that has not the table open
ACQUIRE = SETTLE + """
settle(ARGV[5], ARGV[6], ARGV[2])
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] and redis.call('EXISTS', ARGV[3] .. cur) == 1
   and redis.call('PUBSUB', 'NUMSUB', ARGV[4] .. cur)[2] > 0 then return cur end
if not cur and ARGV[7] == '0' and redis.call('EXISTS', ARGV[6]) == 1 then return '' end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
"""
#: renew the leases still ours (or free); the positions (1-based) of those another holds now
RENEW = SETTLE + """
settle(ARGV[3], ARGV[4], ARGV[2])
local lost = {}
for i, key in ipairs(KEYS) do
  local cur = redis.call('GET', key)
  if cur == false or cur == ARGV[1] then redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else table.insert(lost, i) end
end
return lost
"""
#: let go of leases still ours (a clean stop: others take the tables without waiting)
RELEASE = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""

#: a table created from an address, unless it made ``ARGV[2]`` in the last ``ARGV[1]`` ms (1: made)
CREATE = """
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ms, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
"""

Handler = Callable[[str, str, str], None]  #: (kind, session, data) of a message to this process
Gone = Callable[[set[str]], None]  #: processes found dead at once (their channel had no listener)
Lost = Callable[[], None]  #: messages between processes may have been lost (Redis away)


def lease_key(table_id: str) -> str:
    return f"{PREFIX}lease:{table_id}"


def alive_key(process: str) -> str:
    return f"{PREFIX}alive:{process}"


def channel(process: str) -> str:
    return f"{PREFIX}to:{process}"


class _Heartbeat:
    """The heartbeat renewed from a thread of its own, over a link of its own: a process whose
    event loop is only slow (overloaded: a renewal by the loop may come seconds late) stays
    alive, where counting it dead would close every line it relays and bring them all back at
    once, more work for a loop already late.  A frozen or dead process lapses as before.  It
    only renews (``XX``): a heartbeat that lapsed is set again by ``Bus.beat``, which says that
    messages may have been lost."""

    def __init__(self, address: str, key: str) -> None:
        self._client = SyncRedis.from_url(address, retry=SyncRetry(NoBackoff(), 0), socket_timeout=TICK_S,
                                          socket_connect_timeout=TICK_S)
        self._key = key
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="heartbeat", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(TICK_S):
            with suppress(RedisError, OSError):  # Redis away: the loop's ``beat`` notices
                self._client.set(self._key, "1", px=int(ALIVE_S * 1000), xx=True)

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=STOP_S)
        self._client.close()


class Bus:
    """One process's link to Redis; ``start`` it, ``close`` it."""

    def __init__(self, address: str, handler: Handler, gone: Gone, lost: Lost) -> None:
        self.id = f"{os.getpid()}-{secrets.token_hex(3)}"  #: the pid first: a test knows whom to kill
        #: no tries again inside redis-py: a failure is seen at once, and this module's tasks retry
        self.redis: Redis = Redis.from_url(address, decode_responses=True, retry=Retry(NoBackoff(), 0))
        self._handler = handler
        self._gone = gone
        self._lost = lost
        self._beating = False  #: the heartbeat was set once (a lapse after that is noticed)
        self._outbox: list[tuple[str, str]] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self._acquire = self.redis.register_script(ACQUIRE)
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._create = self.redis.register_script(CREATE)
        self._heartbeat = _Heartbeat(address, alive_key(self.id))

    async def start(self) -> None:
        try:
            await self.beat()
            await self._subscribe()
        except RedisError as exc:  # said in one line by ``serve``, as a taken port is
            await self.redis.aclose()
            raise ConnectionError(f"cannot reach Redis: {exc}") from None
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._pump())]
        self._heartbeat.start()

    async def _subscribe(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(channel(self.id))
        except BaseException:
            await pubsub.aclose()
            raise
        self._pubsub = pubsub

    async def beat(self) -> None:
        """Keep this process alive; a heartbeat found gone (Redis restarted, or this process
        stalled past ``ALIVE_S`` and was counted dead) means messages may have been lost."""
        kept = await self.redis.set(alive_key(self.id), "1", px=int(ALIVE_S * 1000), get=True)
        if kept is None and self._beating:
            log.warning("this process's heartbeat had lapsed: its relayed lines are closed")
            self._lost()
        self._beating = True

    async def owner(self, table_id: str, opened: bool) -> str:
        """The live owner of ``table_id``; this process's id if it has just taken it; "" if
        nobody holds it while Redis settles and this process has not the table ``opened``."""
        return str(await self._acquire(keys=[lease_key(table_id)],
                                       args=[self.id, int(LEASE_S * 1000), alive_key(""), channel(""), UP,
                                             SETTLING, int(opened)]))

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Renew the leases of ``table_ids``; those another process holds now (lost)."""
        if not table_ids:
            return []
        lost = await self._renew(keys=[lease_key(t) for t in table_ids],
                                 args=[self.id, int(LEASE_S * 1000), UP, SETTLING])
        return [table_ids[int(i) - 1] for i in lost]

    async def alive(self, processes: list[str]) -> set[str]:
        """Those of ``processes`` whose heartbeat lives and who listen on their channel."""
        if not processes:
            return set()
        pipe = self.redis.pipeline(transaction=False)
        pipe.mget([alive_key(p) for p in processes])
        pipe.pubsub_numsub(*(channel(p) for p in processes))
        beats, listening = await pipe.execute()
        return {p for p, beat, (_, count) in zip(processes, beats, listening) if beat is not None and count > 0}

    def post(self, process: str, kind: str, session: str, data: str = "") -> None:
        """Queue a message to ``process`` (published in order, soon)."""
        self._outbox.append((process, f"{kind}\t{session}\t{data}"))
        self._wake.set()

    async def _pump(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._outbox = self._outbox, []
            bundles: dict[str, list[str]] = {}  #: process -> its messages, in order: one publish each
            for process, message in batch:
                bundles.setdefault(process, []).append(message)
            pipe = self.redis.pipeline(transaction=False)
            for process, messages in bundles.items():
                pipe.publish(channel(process), bundle(messages))
            try:
                heard = await pipe.execute()
            except (RedisError, OSError):  # Redis away: those messages are lost, their lines closed
                log.warning("%d messages to other processes were lost: Redis is out of reach", len(batch))
                self._lost()
                continue
            unheard = {process for process, listeners in zip(bundles, heard) if not listeners}
            if unheard:
                self._gone(unheard)

    async def _listen(self) -> None:
        """This process's channel, listened to again whenever Redis comes back."""
        while True:
            try:
                if self._pubsub is None:
                    await self._subscribe()
                    self._lost()  # what was published while nobody listened is gone
                async for message in self._pubsub.listen():
                    self._heard(str(message["data"]))
            except (RedisError, OSError):
                log.warning("the link to Redis broke: listening again once it answers")
                pubsub, self._pubsub = self._pubsub, None
                if pubsub is not None:
                    with suppress(RedisError, OSError):
                        await pubsub.aclose()
                self._lost()
                await asyncio.sleep(TICK_S)

    def _heard(self, text: str) -> None:
        for message in unbundled(text):
            kind, session, data = message.split("\t", 2)
            try:
                self._handler(kind, session, data)
            except Exception:
                log.exception("a message from another process could not be handled")

    async def may_create(self, address: str, per_hour: int) -> bool:
        """A table may be created from ``address`` now (and is counted), whichever process
        the address reached: at most ``per_hour`` in any hour."""
        made = await self._create(keys=[f"{PREFIX}created:{address}"],
                                  args=[HOUR_MS, per_hour, f"{self.id}/{secrets.token_hex(4)}"])
        return bool(made)

    async def let_go(self, table_ids: list[str]) -> None:
        """Let go of the leases of ``table_ids`` still held here: others take them at once."""
        if table_ids:
            await self._release(keys=[lease_key(t) for t in table_ids], args=[self.id])

    async def close(self, table_ids: list[str]) -> None:
        """Let go of the leases of ``table_ids`` and of the heartbeat; stop listening."""
        await stopped(self._tasks)
        await asyncio.to_thread(self._heartbeat.stop)  # before its key goes: not set again after
        try:
            if self._pubsub is not None:
                await self._pubsub.aclose()
            await self.let_go(table_ids)
            await self.redis.delete(alive_key(self.id))
        finally:
            await self.redis.aclose()


def bundle(messages: list[str]) -> str:
    """Messages to one process as one publish: each after its length (a client's frame may
    hold any character, so no separator could be trusted)."""
    return "".join(f"{len(message)}:{message}" for message in messages)


def unbundled(text: str) -> Iterator[str]:
    """The messages of a ``bundle``, in order."""
    at = 0
    while at < len(text):
        colon = text.index(":", at)
        end = colon + 1 + int(text[at:colon])
        yield text[colon + 1:end]
        at = end


async def stopped(tasks: Any) -> None:
    """Cancel ``tasks`` and wait for them a moment: a task inside redis-py may not take the
    cancellation at once (a stop must not hang on it)."""
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.wait(list(tasks), timeout=STOP_S)

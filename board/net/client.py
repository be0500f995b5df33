"""A board's side on NATS: the stream's entries in order (from the start, or from where it
left off after a dropped connection), requests to the host, and the state of the link."""

from __future__ import annotations

import asyncio
import uuid
from urllib.parse import urlsplit
from typing import Any, Awaitable, Callable

import nats
from nats.errors import NoRespondersError, TimeoutError as NatsTimeout
from nats.js.api import ConsumerConfig, DeliverPolicy
from nats.js.errors import APIError, NotFoundError

from board.net.host import quiet, connect, why
from board.net.server import DEFAULT_PORT, listening
from board.net.protocol import Subjects, decode, encode

RETRY = 0.5  # seconds between tries while the host or its game is away
UNREACHABLE = 10.0  # seconds without the server before the board says it cannot reach it
REFUSED_RETRY = 5.0  # seconds between tries while the server refuses to let the board read
Sink = Callable[[tuple], None]


class Client:
    """Hands everything it hears to `sink` as tuples, in the event loop's thread:
    ("entry", seq, entry), ("reply", request, reply), ("note", text), ("link", words)."""

    def __init__(self, url: str, user: str, password: str, subjects: Subjects, name: str,
                 sink: Sink, send: Callable[[dict], Awaitable[dict]] | None = None):
        self.url, self.user, self.password = url, user, password
        self.subjects, self.name, self.sink = subjects, name, sink
        self.send = send  # the host's own board asks its host directly
        self.seq = 0  # the last entry handed on
        self.restart = asyncio.Event()
        self.nc = self.js = self.reader = None
        self.patience = UNREACHABLE
        self.watch: asyncio.Task | None = None  # says so while the server cannot be reached

    async def start(self) -> None:
        """Connect and start reading the stream; a wrong code or no server there is raised."""
        await self._probe(self.url)
        await self._connect()

    async def _probe(self, url: str) -> None:
        """One plain try: the lasting connection retries forever, a wrong code too."""
        address = urlsplit(url)
        if not listening(address.hostname or "127.0.0.1", address.port or DEFAULT_PORT):
            raise ConnectionError(f"nothing answers at {address.hostname}:{address.port or DEFAULT_PORT}")
        probe = await asyncio.wait_for(nats.connect(
            url, user=self.user, password=self.password, allow_reconnect=False,
            max_reconnect_attempts=0, connect_timeout=5, error_cb=quiet), 10)
        await probe.close()

    async def _connect(self) -> None:
        self.nc = await connect(self.url, self.user, self.password, f"hexboard-{self.name}",
                                disconnected_cb=self._lost, reconnected_cb=self._back,
                                error_cb=self._error)
        self.js = self.nc.jetstream()
        await self.nc.subscribe(self.subjects.notes, cb=self._note)
        self.reader = asyncio.create_task(self._read())

    async def move(self, url: str) -> None:
        """Follow the game at the host's new address, from the entry after the last one handed
        on (same name, so the same seats); raises, staying where it was, if nothing answers."""
        await self._probe(url)
        old, self.url = self.nc, url
        for task in (self.reader, self.watch):
            if task is not None:
                task.cancel()
        if old is not None and not old.is_closed:
            try:
                await asyncio.wait_for(old.close(), 5)
            except Exception:
                pass  # it was reconnecting to the old address: gone either way
        await self._connect()
        self.sink(("link", "connected"))

    async def _read(self) -> None:
        """Follow the stream from the entry after the last one handed on; start over from
        there after a gap or a reconnect (the server may have lost the consumer)."""
        while not self.nc.is_closed:
            try:
                sub = await self.js.subscribe(
                    self.subjects.log, stream=self.subjects.stream, ordered_consumer=True,
                    cb=self._entry, idle_heartbeat=1.0, deliver_policy=DeliverPolicy.BY_START_SEQUENCE,
                    config=ConsumerConfig(opt_start_seq=self.seq + 1))
            except (NotFoundError, NatsTimeout, NoRespondersError, asyncio.TimeoutError):
                self.sink(("link", "waiting for the host's game"))
                await asyncio.sleep(RETRY)
                continue
            except APIError as error:  # the server refuses a reader (its consumer limit...)
                self.sink(("link", f"the server will not let this board read the game "
                                   f"({why(error)}); trying again: tell the host"))
                await asyncio.sleep(REFUSED_RETRY)
                continue
            except Exception:  # closed, or reconnecting: try again shortly
                if self.nc.is_closed:
                    return
                await asyncio.sleep(RETRY)
                continue
            await self.restart.wait()
            self.restart.clear()
            try:
                await sub.unsubscribe()
            except Exception:
                pass  # the connection went with it

    async def _entry(self, msg) -> None:
        seq = msg.metadata.sequence.stream
        if seq <= self.seq:
            return  # a redelivery
        if seq != self.seq + 1:
            self.restart.set()  # a gap: read again from the missing one
            return
        self.seq = seq
        self.sink(("entry", seq, decode(msg.data)))

    def reread(self, after: int = 1) -> None:
        """Read the stream again from the entry after `after` (a board rebuilding its game)."""
        self.seq = after
        self.restart.set()

    async def _note(self, msg) -> None:
        try:
            self.sink(("note", decode(msg.data).get("text", "")))
        except ValueError:
            pass

    async def _lost(self) -> None:
        self.sink(("link", "connection lost: reconnecting"))
        if self.watch is None or self.watch.done():
            self.watch = asyncio.create_task(self._unreachable())

    async def _unreachable(self) -> None:
        """While the server stays away, say so now and then, with where it was and what to do
        if the host moved (rather than retrying the old address in silence)."""
        address, waited = urlsplit(self.url), 0.0
        nc = self.nc
        while nc is self.nc and not nc.is_connected and not nc.is_closed:
            await asyncio.sleep(self.patience)
            waited += self.patience
            if nc is self.nc and not nc.is_connected and not nc.is_closed:
                self.sink(("link", f"cannot reach the host at {address.hostname}:{address.port} "
                                   f"for {waited:.0f} s; still trying. If the host moved, give "
                                   "its new address (join again with it, or A on the board)"))

    async def _back(self) -> None:
        self.sink(("link", "connected"))
        self.restart.set()

    async def _error(self, error: Exception) -> None:
        self.sink(("link", f"network: {error}"))

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """A new request with its own id (a resend keeps the id, so it is applied once)."""
        return {"rid": f"{self.name}-{uuid.uuid4().hex[:12]}", "from": self.name, "kind": kind, **fields}

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send a request until the host answers it (waiting while the host is away)."""
        while True:
            try:
                if self.send is not None:
                    reply = await self.send(request)
                else:
                    msg = await self.nc.request(self.subjects.requests, encode(request), timeout=5)
                    reply = decode(msg.data)
                break
            except (NoRespondersError, NatsTimeout, asyncio.TimeoutError):
                self.sink(("link", "waiting for the host to answer"))
                await asyncio.sleep(RETRY)
        self.sink(("reply", request, reply))
        return reply

    async def stop(self) -> None:
        """Close the connection."""
        for task in (self.reader, self.watch):
            if task is not None:
                task.cancel()
        if self.nc is not None and not self.nc.is_closed:
            await self.nc.close()

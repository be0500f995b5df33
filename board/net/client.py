"""A board's side on NATS: the stream's entries in order (the server's feed, with the missing
ones fetched by one-message gets: no consumer of its own), requests to the host, and the
state of the link."""

from __future__ import annotations

import asyncio
import json
import ssl
import uuid
from typing import Any
from collections.abc import Awaitable, Callable

from nats.aio.client import Client as NATS
from nats.errors import NoRespondersError, TimeoutError as NatsTimeout

from board.net.invitations import inbox_prefix
from board.net.link import connect, probe, split_address
from board.net.protocol import Subjects, decode, encode

RETRY = 0.5  # seconds between tries while the host or its game is away
UNREACHABLE = 10.0  # seconds without the server before the board says it cannot reach it
HELLO = 30.0  # seconds a joining board waits for the host to take its name
GREET_EVERY = 5.0  # seconds between a board's tries to greet a host that is away
BATCH = 256  # entries fetched at a time when catching up
Sink = Callable[[tuple], None]


class NoGameYet(ConnectionError):
    """The server has no game stream (yet): the host has not started it."""


class Client:
    """Hands everything it hears to `sink` as tuples, in the event loop's thread:
    ("entry", seq, entry), ("reply", request, reply), ("note", text), ("link", words), and
    ("caught_up", seq) once a read of the stream reached its end (after joining, and after
    each reconnect): the entries before it are the ones that passed while the board was away.

    `tls` is the host's own context; a joining board passes None and the address's
    fingerprint pins the server's certificate. `hello`: a player's board says its name first
    (a spectator's may not ask anything). `api`: JetStream's API prefix where the stream is
    kept ("$JS.club.API" for the GM's own board on a club's table)."""

    def __init__(
        self,
        url: str,
        user: str,
        password: str,
        subjects: Subjects,
        name: str,
        sink: Sink,
        send: Callable[[dict], Awaitable[dict]] | None = None,
        tls: ssl.SSLContext | None = None,
        hello: bool = True,
        api: str = "$JS.API",
    ):
        self.url, self.user, self.password = url, user, password
        self.subjects, self.name, self.sink = subjects, name, sink
        self.send = send  # the host's own board asks its host directly
        self.tls, self.hello = tls, hello and send is None
        self.greeted = False  # the host took this board's name (a player's board says it first)
        self.greeter: asyncio.Task | None = None  # greets a host that was away when it joined
        self.api = api  # JetStream's API prefix: a GM's board on a club's table names its domain
        self.seq = 0  # the last entry handed on
        self.lock = asyncio.Lock()  # one reader of the stream at a time: entries stay in order
        self.nc: NATS | None = None
        self.reader: asyncio.Task | None = None
        self.kicked = False
        self.patience = UNREACHABLE
        self.watch: asyncio.Task | None = None  # says so while the server cannot be reached

    @property
    def conn(self) -> NATS:
        """The connection, once start() has made it."""
        if self.nc is None:
            raise RuntimeError("the board is not connected")
        return self.nc

    async def start(self) -> None:
        """Connect and start reading the stream; a wrong code or certificate, or no server
        there, is raised."""
        await self._connect(await self._probe(self.url))
        if self.hello:
            reply = await self._greet()
            if reply is None:  # nobody answers on the request subject: the host is away
                self.sink(
                    (
                        "link",
                        "the host is away: the board shows the game as the server "
                        "keeps it; what you ask waits until the host is back",
                    )
                )
                self.greeter = asyncio.create_task(self._greet_later())
            elif not reply.get("ok"):
                await self.conn.close()
                raise ConnectionError(f"the host refused: {reply.get('reason')}")
            else:
                self.name, self.greeted = reply["name"], True
        self.reader = asyncio.create_task(self._catch_up_forever())

    async def _greet_later(self) -> None:
        """Say this board's name once the host is back (now and then: it may be days), so the
        board knows the name its invitation goes by before it asks anything."""
        while not self.greeted and not self.conn.is_closed:
            try:
                reply = await self._hello()
            except Exception:  # silent, or reconnecting: try again later
                reply = None
            if reply is not None:
                if reply.get("ok"):
                    self.name, self.greeted = reply["name"], True
                    self.sink(("link", "connected"))
                    self.sink(("reply", {"kind": "hello"}, reply))
                else:
                    self.sink(("link", f"the host did not take this board's name: {reply.get('reason')}"))
                return
            await asyncio.sleep(GREET_EVERY)

    async def _greet(self) -> dict[str, Any] | None:
        """Say this board's name to the host once: its reply, or None if no host listens (a
        game that lasts for days: the board opens on the stream and greets the host later)."""
        try:
            return await self._hello()
        except NatsTimeout:
            await self.conn.close()
            raise ConnectionError("the host did not answer: is it running?") from None

    async def _hello(self) -> dict[str, Any] | None:
        """One hello: the host's reply, or None if no host listens; NatsTimeout if it is silent."""
        request = self.request("hello", name=self.name)
        try:
            msg = await self.conn.request(self.subjects.request_of(self.user), encode(request), timeout=HELLO)
        except NoRespondersError:
            return None
        return decode(msg.data)

    async def _probe(self, url: str) -> str:
        """Check the server at a join address (see link.probe); the address to connect to, and
        the pinned context kept."""
        url, self.tls = await probe(url, self.user, self.password, self.tls, **self._options())
        return url

    def _options(self) -> dict[str, Any]:
        # A board's replies come to its invitation's own inbox prefix (the only one it may read).
        return {} if self.send is not None else {"inbox_prefix": inbox_prefix(self.user)}

    async def _connect(self, url: str) -> None:
        self.nc = nc = await connect(
            url,
            self.user,
            self.password,
            self.tls,
            disconnected_cb=self._lost,
            reconnected_cb=self._back,
            error_cb=self._error,
            **self._options(),
        )
        await nc.subscribe(self.subjects.feed, cb=self._feed)
        await nc.subscribe(self.subjects.notes, cb=self._note)

    async def move(self, url: str) -> None:
        """Follow the game at the host's new address, from the entry after the last one handed
        on (same invitation, so the same seats); raises, staying where it was, if nothing
        answers there or its certificate is not the pinned one."""
        address = await self._probe(url)
        old, self.url = self.nc, url
        for task in (self.reader, self.watch):
            if task is not None:
                task.cancel()
        if old is not None and not old.is_closed:
            try:
                await asyncio.wait_for(old.close(), 5)
            except Exception:
                pass  # it was reconnecting to the old address: gone either way
        await self._connect(address)
        self.sink(("link", "connected"))
        self.reader = asyncio.create_task(self._catch_up_forever())

    async def _catch_up_forever(self) -> None:
        """Read what the stream holds beyond this board, waiting while there is no game yet."""
        while not self.conn.is_closed:
            try:
                await self.catch_up()
                self.sink(("caught_up", self.seq))
                return
            except NoGameYet:
                self.sink(("link", "waiting for the host's game"))
            except Exception:  # closed, or reconnecting: try again shortly
                if self.conn.is_closed:
                    return
            await asyncio.sleep(RETRY)

    async def catch_up(self, upto: int | None = None) -> None:
        """Hand on the stream's entries after the last one handed on (to `upto`, or all)."""
        async with self.lock:
            await self._fetch(upto)

    async def _fetch(self, upto: int | None) -> None:
        while upto is None or self.seq < upto:
            got = 0
            async for seq, entry in self._get_batch(self.seq + 1):
                if seq != self.seq + 1:
                    raise ConnectionError(f"the stream skipped from {self.seq} to {seq}")
                self.seq = seq
                got += 1
                self.sink(("entry", seq, entry))
            if got == 0:
                return

    async def _get_batch(self, start: int):
        """Up to BATCH entries from start, by the server's direct get (a one-off reply to this
        board's own inbox: no consumer, nothing another board can see)."""
        inbox = self.conn.new_inbox()
        sub = await self.conn.subscribe(inbox)
        try:
            await self.conn.publish(
                f"{self.api}.DIRECT.GET.{self.subjects.stream}",
                json.dumps({"seq": start, "batch": BATCH}).encode(),
                reply=inbox,
            )
            while True:
                try:
                    msg = await sub.next_msg(timeout=5)
                except NatsTimeout:
                    raise NoGameYet("the server did not answer a read of the game") from None
                headers = msg.headers or {}
                status = headers.get("Status")
                if status == "503":
                    raise NoGameYet("no game on the server yet")
                if status:  # 204: the end of the batch; 404: nothing from there
                    return
                yield int(headers["Nats-Sequence"]), decode(msg.data)
        finally:
            await sub.unsubscribe()

    async def _feed(self, msg) -> None:
        """An entry the stream just stored, republished by the server."""
        try:
            seq = int(msg.headers["Nats-Sequence"])
            entry = decode(msg.data)
        except (TypeError, KeyError, ValueError):
            return
        async with self.lock:
            if seq <= self.seq:
                return  # already read by a catch-up
            if seq > self.seq + 1:
                try:
                    await self._fetch(seq - 1)  # a gap: fetch the missing ones first
                except Exception:
                    self.sink(("link", "could not read the game's stream; retrying"))
                    return
            if seq == self.seq + 1:
                self.seq = seq
                self.sink(("entry", seq, entry))

    def reread(self, after: int = 1) -> None:
        """Read the stream again from the entry after `after` (a board rebuilding its game);
        in the event loop's thread."""
        self.seq = after  # a read under way stops at its next entry (it skips) and starts again
        self.reader = asyncio.get_running_loop().create_task(self._catch_up_forever())

    async def _note(self, msg) -> None:
        try:
            note = decode(msg.data)
        except ValueError:
            return
        if note.get("kicked") == self.user:
            await self._withdrawn()
        else:
            self.sink(("note", str(note.get("text", ""))))

    async def _withdrawn(self) -> None:
        """This invitation was withdrawn (a kick): say so once and stop reconnecting."""
        if not self.kicked:
            self.kicked = True
            self.sink(("link", "the host closed this invitation: you are no longer in the game"))
        asyncio.get_running_loop().create_task(self.conn.close())

    async def _lost(self) -> None:
        if self.kicked:
            return
        self.sink(("link", "connection lost: reconnecting"))
        if self.watch is None or self.watch.done():
            self.watch = asyncio.create_task(self._unreachable())

    async def _unreachable(self) -> None:
        """While the server stays away, say so now and then, with where it was and what to do
        if the host moved (rather than retrying the old address in silence)."""
        host, port, _ = split_address(self.url)
        nc, waited = self.conn, 0.0
        while nc is self.nc and not nc.is_connected and not nc.is_closed:
            await asyncio.sleep(self.patience)
            waited += self.patience
            if nc is self.nc and not nc.is_connected and not nc.is_closed:
                self.sink(
                    (
                        "link",
                        f"cannot reach the host at {host}:{port} for {waited:.0f} s; "
                        "still trying. If the host moved, give its new address (join "
                        "again with it, or A on the board)",
                    )
                )

    async def _back(self) -> None:
        self.sink(("link", "connected"))
        self.reader = asyncio.create_task(self._catch_up_forever())  # what passed while away

    async def _error(self, error: Exception) -> None:
        if "authorization" in str(error).lower():
            # The host withdrew this invitation (or the code is wrong): stop trying.
            await self._withdrawn()
            return
        self.sink(("link", str(error) or type(error).__name__))  # the board says "Network: " first

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """A new request with its own id (a resend keeps the id, so it is applied once). Its
        "from" is a courtesy for logs: the host knows the sender from the invitation."""
        return {"rid": f"{self.user}-{uuid.uuid4().hex[:12]}", "from": self.name, "kind": kind, **fields}

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send a request until the host answers it (waiting while the host is away); a board
        the host does not know by name yet (it joined while the host was away, or a host
        restarted elsewhere lacks its name) says its name first."""
        if not self.hello and self.send is None:  # a spectator's: the server would refuse it
            reply = {"ok": False, "reason": "a spectator's board cannot send anything"}
        else:
            for _ in range(2):
                reply = await self._greeted_first(request)
                if not reply.get("hello"):
                    break
                self.greeted = False  # the host asks for the name again
        self.sink(("reply", request, reply))
        return reply

    async def _greeted_first(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.hello and not self.greeted and request.get("kind") != "hello":
            greeting = await self._send(self.request("hello", name=self.name))
            if not greeting.get("ok"):
                return {"ok": False, "reason": f"the host did not take this board's name: {greeting.get('reason')}"}
            self.name, self.greeted = greeting["name"], True
        return await self._send(request)

    async def _send(self, request: dict[str, Any]) -> dict[str, Any]:
        """One request, sent until the host answers it."""
        waited = False
        while True:
            try:
                if self.send is not None:
                    reply = await self.send(request)
                else:
                    msg = await self.conn.request(self.subjects.request_of(self.user), encode(request), timeout=5)
                    reply = decode(msg.data)
                break
            except (TimeoutError, NoRespondersError, NatsTimeout):
                if self.nc is not None and self.conn.is_closed:
                    reply = {"ok": False, "reason": "the connection is closed"}
                    break
                self.sink(("link", "waiting for the host to answer"))
                waited = True
                await asyncio.sleep(RETRY)
        if waited and self.nc is not None and self.nc.is_connected:
            self.sink(("link", "connected"))  # the host is back
        return reply

    async def stop(self) -> None:
        """Close the connection."""
        for task in (self.reader, self.watch, self.greeter):
            if task is not None:
                task.cancel()
        if self.nc is not None and not self.conn.is_closed:
            await self.conn.close()

"""The host's side on NATS: it answers players' requests, appends what it accepts to the
game's stream (only where the stream's last entry is the one it knows), and rebuilds from
the stream when it restarts."""

from __future__ import annotations

import asyncio
import functools
import ssl
import uuid
from collections import deque
from pathlib import Path
from typing import Any
from collections.abc import Callable

from nats.aio.client import Client as NATS
from nats.js import JetStreamContext
from nats.js.errors import APIError

from board.game import Game
from board.net.certs import own_context
from board.net.invitations import PLAYER
from board.net.link import connect
from board.net.names import clean_name, name_refusal
from board.net.fairness import FairQueue, read_request, sender_of
from board.net.protocol import (
    COMPUTER,
    GM,
    Diverged,
    Follower,
    Subjects,
    command_data,
    encode,
    setup_entry,
    state_digest,
)
from board.net.game_stream import append, clear_streams, jetstream_ready, keep_held, read_entries, stream_last, why
from board.net.sealing import Unsealable, unseal
from board.net.server import ServerError
from board.net.referee import Referee, taped
from board.net.server import Hosting, reload_server
from board.net.tables import CLUB_DOMAIN

STORE_TIMEOUT = 5.0  # seconds JetStream has to acknowledge an entry before the host refuses


@functools.lru_cache(maxsize=16)
def refusal(reason: str) -> bytes:
    """A refusal's reply, encoded once per reason (a flood is refused thousands of times)."""
    return encode({"ok": False, "reason": reason})


def named_by(entry: dict[str, Any]) -> dict[str, str]:
    """{invitation user: name} as a stored entry shows it: the host keeps a player's request id
    as `USER:id`, USER the invitation the request came on, and writes the name it goes by
    in "by" (a player chooses only what follows the first colon)."""
    rid, by = entry.get("rid"), entry.get("by")
    if isinstance(rid, str) and ":" in rid and isinstance(by, str) and by not in (GM, COMPUTER):
        return {rid.split(":", 1)[0]: by}
    return {}


class Host:
    """The authority: one referee, one stream, requests answered one at a time."""

    def __init__(self, hosting: Hosting, notes: Callable[[str], None] | None = None, tls: ssl.SSLContext | None = None):
        self.hosting = hosting  # the invitations: who a request subject's user is
        # The server's certificate: from the host's folder where the host made it, pinned by
        # its fingerprint where a host resumes on another machine (board/net/host_key.py).
        self.tls = tls
        self.url, self.password, self.secret = hosting.url, hosting.host_password, hosting.secret
        self.subjects = Subjects(hosting.game)
        self.referee: Referee | None = None
        self.lock = asyncio.Lock()
        self.nc: NATS | None = None
        self.js: JetStreamContext | None = None
        self.subs: dict[str, Any] = {}  # invitation user: the subscription to its request subject
        self.timeout = STORE_TIMEOUT
        self.queue = FairQueue()
        # The last requests judged, in order: (request id, requests judged before it was
        # queued, requests judged before it was): how long each waited, in requests.
        self.served: deque[tuple[str, int, int]] = deque(maxlen=500)
        self.judged = 0
        self.worker: asyncio.Task | None = None
        self.stale = False  # a store failed: the referee may be ahead of the stream until rebuilt

    @property
    def conn(self) -> NATS:
        """The connection, once start() has made it."""
        if self.nc is None:
            raise RuntimeError("the host is not started")
        return self.nc

    @property
    def store(self) -> JetStreamContext:
        """The game's JetStream, once start() has reached it."""
        if self.js is None:
            raise RuntimeError("the host is not started")
        return self.js

    @property
    def judge(self) -> Referee:
        """The referee, once the game is read or made."""
        if self.referee is None:
            raise RuntimeError("the host has no game yet")
        return self.referee

    async def start(self, game: Game | None = None, seats: dict[str, str | None] | None = None) -> None:
        """Connect; a new stream starts with the game (and its history, if it has one); an
        existing one is read back into the referee."""
        self.nc = await connect(self.url, "host", self.password, self.tls or own_context(Path(self.hosting.folder)))
        # Through a club the stream is the club's, reached by its JetStream domain.
        self.js = self.conn.jetstream(timeout=self.timeout, domain=CLUB_DOMAIN if self.hosting.via else None)
        await jetstream_ready(self.store)
        if game is not None and self.hosting.via:
            await clear_streams(self.store, self.subjects)  # a new game at a club's table replaces the last one's
        club = bool(self.hosting.via)
        last = await stream_last(self.store, self.subjects, self.subjects.stream, self.subjects.log, club)
        await stream_last(self.store, self.subjects, self.subjects.held_stream, self.subjects.held, club)
        if last == 0:
            if game is None:
                raise ServerError("no game in the stream and none to start")
            await self._begin(game, seats or {})
        else:
            try:
                await self._rebuild(last)
            except (TimeoutError, APIError, Diverged, Unsealable) as error:
                await self.stop()
                raise ServerError(
                    f"cannot read the game back from its stream ({why(error)}); "
                    "the stream is kept: try again once the server lets the host "
                    "read it (`host MAP` would start a new game)"
                ) from error
        self.worker = asyncio.create_task(self._serve())
        await self._listen()

    async def _listen(self) -> None:
        """One subscription per player invitation, on its own request subject: nats-py hands
        each subscription's messages to its own task, so a flood waits in its invitation's
        queue and another player's request reaches the door in its own (a withdrawn
        invitation's subscription goes)."""
        players = {i.user for i in self.hosting.all_invitations() if i.role == PLAYER}
        for user in set(self.subs) - players:
            try:
                await self.subs.pop(user).unsubscribe()
            except Exception:
                pass  # the connection went with it
        for user in sorted(players - set(self.subs)):
            self.subs[user] = await self.conn.subscribe(self.subjects.request_of(user), cb=self._on_request)

    async def _begin(self, game: Game, seats: dict[str, str | None]) -> None:
        """Write the setup, then a loaded game's commands, each with the dice its own seed gave."""
        setup = setup_entry(game, seats)
        await append(self.store, self.subjects, setup, 0)
        self.referee = Referee.start(Follower.from_setup(setup), self.secret)
        follower = self.judge.follower
        for index, command in enumerate(game.history):
            entry = {
                "kind": "command",
                "by": GM,
                "rid": f"loaded-{index}",
                "command": command_data(taped(follower.game, command, str(game.seed))),
            }
            follower.apply_entry(entry)
            entry["digest"] = state_digest(follower.game, follower.seats)
            follower.seq = await append(self.store, self.subjects, entry, follower.seq)

    async def _rebuild(self, last: int) -> None:
        """The referee from the stream, then the commands it held when it stopped."""
        subjects, referee, names = self.subjects, None, {}
        async for seq, entry in read_entries(self.store, subjects.log, subjects.stream, last):
            if referee is None:
                referee = Referee.start(Follower.from_setup(entry), self.secret)
            else:
                referee.replayed(seq, entry)
                names.update(named_by(entry))
        if referee is None:  # the stream was emptied under us: nothing to rebuild from
            raise RuntimeError(f"the game's stream {subjects.stream} holds no game")
        held = (await self.store.stream_info(subjects.held_stream)).state
        if held.messages:
            async for _, entry in read_entries(
                self.store, subjects.held, subjects.held_stream, held.last_seq, held.first_seq
            ):
                referee.held_again(unseal(entry, self.secret))
        self.referee = referee
        self._names_again(names)

    def _names_again(self, names: dict[str, str]) -> None:
        """Give back the names the stream shows invitations acting under, where this host's
        invitations lack them (a host resumed elsewhere from a key made before they joined);
        a name another invitation holds stays with that one."""
        for invitation in self.hosting.all_invitations():
            name = names.get(invitation.user)
            taken = [i.name for i in self.hosting.all_invitations() if i.name]
            if name and not invitation.name and name_refusal(name, taken + [GM, COMPUTER]) is None:
                self.hosting.bind(invitation.user, name)

    async def handle(
        self, request: dict[str, Any], gm: bool = False, sender: str | None = None, scope: str | None = None
    ) -> dict[str, Any]:
        """Judge a request (from the GM, or from the player named `sender` by the invitation
        `scope` it came on, whose request ids are its own) and store what it changes; "ok"
        only once the stream holds it.

        When storing fails the referee is rebuilt from the stream (before the next request if
        the server is away), so the host's game is exactly the stream's; the request is tried
        once more on the rebuilt game, so a store the server took late is answered as done
        and an innocent one is not refused for a sequence it could not know."""
        async with self.lock:
            error: BaseException | None = None
            for _ in range(2):
                try:
                    if self.stale:
                        await self._rebuild((await self.store.stream_info(self.subjects.stream)).state.last_seq)
                        self.stale = False
                    return await self._judge(request, gm, sender, scope)
                except Exception as caught:  # timeouts, a lost connection, the stream moved
                    error, self.stale = caught, True
            assert error is not None  # the loop ran, and each pass that did not return caught one
            return {
                "ok": False,
                "reason": f"the host could not store it ({why(error)}); nothing changed: try again",
                "stored": False,
            }

    async def _judge(self, request: dict[str, Any], gm: bool, sender: str | None, scope: str | None) -> dict[str, Any]:
        """Decide a request on the referee and store its entries; raises if storing fails."""
        held = list(self.judge.held)
        try:
            verdict = self.judge.decide(request, gm, sender, scope)
        except Exception as error:  # a request the referee's checks did not foresee
            self.stale = True  # it may have changed the game part-way: rebuilt before the next
            return {"ok": False, "reason": f"the host could not judge the request ({why(error)})"}
        follower = self.judge.follower
        for entry in verdict.entries:
            follower.seq = await append(self.store, self.subjects, entry, follower.seq)
        sealed = self.secret if self.hosting.via else None  # a club's operator keeps the held stream
        await keep_held(self.store, self.subjects, held, self.judge.held, bool(verdict.entries), sealed)
        if verdict.note:
            await self.conn.publish(self.subjects.notes, encode({"text": verdict.note}))
        return {"ok": verdict.accepted, "reason": verdict.reason, "seq": follower.seq, "duplicate": verdict.duplicate}

    async def _on_request(self, msg) -> None:
        """Queue a request, unread, in its sender's turn; refuse at once what cannot be
        queued (the subscription's callback neither parses nor waits on a judgement).

        Who asks is the subject's last part: the server lets only that invitation's
        connections publish there. A field of the request never names the sender."""
        if not msg.reply:
            return  # nothing to answer to (the reply goes back to the asker's own account)
        reason = self.queue.put(sender_of(msg.subject, self.subjects.requests, msg.reply), (msg, self.judged))
        if reason is not None:
            await msg.respond(refusal(reason))
        # Let the other invitations' subscriptions take their turn after each message, rather
        # than count on nats-py's publish yielding somewhere inside a flood's run.
        await asyncio.sleep(0)

    async def _serve(self) -> None:
        """Read and judge queued requests one at a time, senders in turn; every one answered."""
        while True:
            msg, queued = await self.queue.get()
            request, reason = read_request(msg.data)
            if request is None:
                reply = {"ok": False, "reason": reason}
            else:
                self.served.append((str(request.get("rid")), queued, self.judged))
                invitation = self.hosting.invitation(msg.subject.rsplit(".", 1)[1])
                reply = await self.answer(invitation, request)
            self.judged += 1
            try:
                await msg.respond(encode(reply))
            except Exception:
                pass  # the connection is away (the asker sends again), or a reply too odd to send

    async def answer(self, invitation, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to a request that came on an invitation's subject."""
        if invitation is None or invitation.role != PLAYER:
            return {"ok": False, "reason": "this invitation may not ask the host anything"}
        if request.get("kind") == "hello":
            return self.hello(invitation, request.get("name"))
        if not invitation.name:
            # A host restarted without this invitation's name: the board says it again.
            return {"ok": False, "reason": "say hello with a name first", "hello": True}
        return await self.handle(request, sender=invitation.name, scope=invitation.user)

    def hello(self, invitation, name: Any) -> dict[str, Any]:
        """A player's first word: the name its invitation goes by from now on (kept with the
        invitation: the same invitation always has the same name)."""
        if invitation.name:
            return {"ok": True, "name": invitation.name}
        taken = [GM, "the GM", COMPUTER, "spectator"] + [i.name for i in self.hosting.all_invitations() if i.name]
        reason = name_refusal(name, taken)
        if reason:
            return {"ok": False, "reason": reason}
        invitation.name = clean_name(name)
        self.hosting.bind(invitation.user, invitation.name)
        return {"ok": True, "name": invitation.name}

    async def reload(self) -> None:
        """Have the server read the invitations again, and wait until JetStream (which a
        reload pauses for a moment) answers."""
        await asyncio.to_thread(reload_server, self.hosting)
        await jetstream_ready(self.store)
        await self._listen()

    async def kick(self, user: str) -> None:
        """Withdraw an invitation: the server drops it from its config and closes its
        connections (they cannot connect again); the sides its player held go to the GM."""
        gone = self.hosting.forget(user)
        # Said first, while that board can still hear it: it stops trying to reconnect.
        who = gone.name if gone and gone.name else user
        await self.conn.publish(
            self.subjects.notes, encode({"text": f"{who} was removed from the game", "kicked": user})
        )
        await self.conn.flush()
        await self.reload()
        for team in self.judge.follower.sides_of(gone.name) if gone and gone.name else []:
            await self.handle(
                {"rid": f"kick-{uuid.uuid4().hex[:12]}", "kind": "seat", "team": team, "holder": None}, gm=True
            )

    async def stop(self) -> None:
        """Stop answering and close the connection."""
        if self.worker is not None:
            self.worker.cancel()
        if self.nc is not None and not self.nc.is_closed:
            await self.conn.close()

"""The game's streams on JetStream as the host keeps them: made where missing, an entry
appended only where the stream's last entry is the one the host knows, entries read back
in order, and the held commands recorded in a stream of their own."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from nats.errors import NoRespondersError, TimeoutError as NatsTimeout
from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig, DeliverPolicy, RePublish, RetentionPolicy, StorageType, StreamConfig
from nats.js.errors import APIError, NotFoundError, ServiceUnavailableError

from board.net.protocol import Subjects, decode, encode
from board.net.sealing import seal

REPLICAS = 3  # copies of a game's stream on a club's cluster: one node may die


class StoreError(RuntimeError):
    """The stream did not take an entry as the host expected (it moved, or already had it)."""


def message_id(rid: str) -> str:
    """The Nats-Msg-Id of an entry: its request id, hashed so any id is a safe header value;
    JetStream stores a resend of the same id once."""
    return "r-" + hashlib.sha256(rid.encode()).hexdigest()[:32]


def why(error: BaseException) -> str:
    """An error in a few words for a refusal (a timeout's or JetStream's text is empty)."""
    if isinstance(error, APIError) and error.description:
        return error.description
    return str(error) or type(error).__name__


async def read_entries(js, subject: str, stream: str, upto: int, start: int = 1):
    """A stream's entries start..upto, in order, as (seq, entry)."""
    if upto < start:
        return
    sub = await js.subscribe(
        subject,
        stream=stream,
        ordered_consumer=True,
        deliver_policy=DeliverPolicy.BY_START_SEQUENCE,
        config=ConsumerConfig(opt_start_seq=start),
    )
    try:
        while True:
            msg = await sub.next_msg(timeout=10)
            seq = msg.metadata.sequence.stream
            yield seq, decode(msg.data)
            if seq >= upto:
                return
    finally:
        await sub.unsubscribe()


async def jetstream_ready(js: JetStreamContext, timeout: float = 20.0) -> None:
    """Wait until JetStream answers (it pauses while the server reloads its config)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            await js.account_info()
            return
        except (ServiceUnavailableError, NoRespondersError, NatsTimeout):
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.05)


async def clear_streams(js: JetStreamContext, subjects: Subjects) -> None:
    """Delete the game's streams (on a club's table, whose account is the host's own)."""
    for stream in (subjects.stream, subjects.held_stream):
        try:
            await js.delete_stream(stream)
        except NotFoundError:
            pass


async def stream_last(js: JetStreamContext, subjects: Subjects, stream: str, subject: str, club: bool) -> int:
    """The last sequence of a stream, made if missing (0)."""
    # On a club the stream is kept on three nodes if the club is a cluster (one node
    # refuses more than one replica: then it is kept once).
    config = StreamConfig(
        name=stream,
        subjects=[subject],
        storage=StorageType.FILE,
        retention=RetentionPolicy.LIMITS,
        duplicate_window=120.0,
        num_replicas=REPLICAS if club else 1,
    )
    if stream == subjects.stream:
        # The boards read the game's stream without consumers of their own: the server
        # republishes each stored entry on the feed and answers one-message gets. The held
        # stream has neither, and no player may use its API.
        config.republish = RePublish(src=subject, dest=subjects.feed)
        config.allow_direct = True
    try:
        info = await js.stream_info(stream)
    except NotFoundError:
        try:
            await js.add_stream(config)
        except APIError as error:
            if config.num_replicas == 1 or "replica" not in why(error).lower():
                raise
            config.num_replicas = 1
            await js.add_stream(config)
        return 0
    if stream == subjects.stream and not info.config.allow_direct:
        await js.update_stream(config)  # a stream an older host made
    return info.state.last_seq


async def append(js: JetStreamContext, subjects: Subjects, entry: dict[str, Any], after: int) -> int:
    """Append an entry where the game stream's last sequence is `after`; its new sequence
    once JetStream has acknowledged it."""
    headers = {"Nats-Expected-Last-Sequence": str(after)}
    if entry.get("rid"):
        headers["Nats-Msg-Id"] = message_id(entry["rid"])
    ack = await js.publish(subjects.log, encode(entry), stream=subjects.stream, headers=headers)
    if ack.duplicate or ack.seq != after + 1:  # stored before, by a send whose ack was lost
        raise StoreError(f"the stream already holds entry {ack.seq}")
    return ack.seq


async def keep_held(
    js: JetStreamContext,
    subjects: Subjects,
    before: list[dict[str, Any]],
    now: list[dict[str, Any]],
    released: bool,
    secret: str | None,
) -> None:
    """Record the change to the held commands in the host's held stream, so a crash loses
    none: a new held command is appended, a quiet undo appends a marker, a release purges
    (entries already in the game's stream are skipped on a rebuild, so a failed purge is
    harmless). Each is sealed with `secret` where one is given (a club's operator keeps
    the stream)."""
    if now == before:
        return

    def held(entry: dict[str, Any]) -> bytes:
        return encode(seal(entry, secret) if secret is not None else entry)

    if released and not now:
        await js.purge_stream(subjects.held_stream)
    elif now[:-1] == before:
        await js.publish(subjects.held, held(now[-1]), stream=subjects.held_stream)
    elif now == before[:-1]:
        marker = {"kind": "unhold", "rid": before[-1].get("rid")}
        await js.publish(subjects.held, held(marker), stream=subjects.held_stream)
    else:  # not a change one command makes; write them all again
        await js.purge_stream(subjects.held_stream)
        for entry in now:
            await js.publish(subjects.held, held(entry), stream=subjects.held_stream)

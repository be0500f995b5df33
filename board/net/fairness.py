"""Requests served fairly: one queue per sender, served in turn, each bounded, so one
player's flood is refused at the door instead of delaying everyone else's commands.

A request is queued unread (who sent it is known from its subjects, not its text), and read
in its sender's turn: a flood of costly requests costs the flooder's turns, nobody else's."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from typing import Any

from board.net.protocol import decode

PER_SENDER = 8  # requests one sender may have waiting; more are refused at once
SENDERS = 64  # senders with requests waiting; a new one beyond this is refused at once
MAX_REQUEST = 16 * 1024  # bytes: a command is a few hundred
MAX_DEPTH = 16  # nesting of JSON objects and lists a request may have


def read_request(payload: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """A request off the wire, or the reason it cannot be read (too big, too deep, not a
    JSON object): every request gets an answer, none a traceback."""
    if len(payload) > MAX_REQUEST:
        return None, f"the request is larger than {MAX_REQUEST // 1024} KiB"
    try:
        request = decode(payload)  # C: a thousand levels deep it stops with a RecursionError
    except RecursionError:
        request = None
    except ValueError:
        return None, "the request is not a JSON object"
    if request is None or _deeper_than(request, MAX_DEPTH):
        return None, f"the request nests deeper than {MAX_DEPTH} levels"
    return request, None


def _deeper_than(data: Any, limit: int) -> bool:
    """True if objects and lists nest more than `limit` deep (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


class FairQueue:
    """Requests waiting for the host, one bounded queue per sender, served round-robin."""

    def __init__(self, per_sender: int = PER_SENDER, senders: int = SENDERS):
        self.per_sender, self.senders = per_sender, senders
        self.waiting: OrderedDict[str, deque] = OrderedDict()  # in turn order
        self.ready = asyncio.Event()

    def put(self, sender: str, item: Any) -> str | None:
        """Queue an item; the reason if the sender (or the host) has too many waiting."""
        queue = self.waiting.get(sender)
        if queue is None:
            if len(self.waiting) >= self.senders:
                return "the host is busy with other players' requests; try again shortly"
            queue = self.waiting[sender] = deque()
        if len(queue) >= self.per_sender:
            return f"too many requests at once (more than {self.per_sender} waiting); wait for the answers"
        queue.append(item)
        self.ready.set()
        return None

    def take(self) -> Any | None:
        """The next item in turn: the first sender's oldest, that sender then to the back."""
        if not self.waiting:
            return None
        sender, queue = next(iter(self.waiting.items()))
        item = queue.popleft()
        del self.waiting[sender]
        if queue:
            self.waiting[sender] = queue  # to the back of the turn order
        return item

    async def get(self) -> Any:
        """Wait for the next item in turn."""
        while True:
            item = self.take()
            if item is not None:
                return item
            self.ready.clear()
            await self.ready.wait()

    def __len__(self) -> int:
        return sum(len(queue) for queue in self.waiting.values())


def sender_of(subject: str, requests: str, reply: str | None) -> str:
    """Whose queue a request joins: a per-user request subject (hexboard.game.req.USER)
    names its connection's user, which the server enforces; on the shared subject, the
    connection's reply inbox (_INBOX.<connection>.<request>), which a hostile client may
    vary but an honest one keeps."""
    if subject.startswith(requests + "."):
        return "user:" + subject[len(requests) + 1 :]
    return "inbox:" + (reply or "").rsplit(".", 1)[0][:64]

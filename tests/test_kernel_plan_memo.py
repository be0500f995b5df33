"""The plan memo keeps what a refusal says, not the frames it was raised in: a position's
menu refuses many candidates, and each raised Refusal would keep its whole call chain alive."""

import pytest

from board.rules.base import Command, Refusal
from board.rules.kernel.action import Refused, plan_memo, remembered


def test_a_remembered_refusal_keeps_its_reason_and_no_traceback():
    state = object.__new__(type("S", (), {}))

    def plan():
        raise Refusal("not now")

    command = Command(do="act", figure="A", action="pass")
    with pytest.raises(Refusal, match="not now"):
        remembered(state, command, plan)
    (kept,) = plan_memo(state).values()
    assert type(kept) is Refused and kept.reason == "not now" and not hasattr(kept, "__traceback__")

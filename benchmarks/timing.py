"""Timing helpers and the Result of one benchmark row."""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from collections.abc import Callable


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
_clock = [time.perf_counter]


def use_clock(name: str) -> None:
    """Time in-process rows by wall time (the default) or by this process's CPU time, which
    leaves out the time other programs hold the CPU on a busy machine."""
    _clock[0] = CLOCKS[name]


def clock_name() -> str:
    """ "wall" or "cpu": the clock chosen."""
    return "cpu" if _clock[0] is time.process_time else "wall"


def clock() -> float:
    """The chosen clock, in seconds."""
    return _clock[0]()


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank: a value that was actually measured."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def median(values: list[float]) -> float:
    """The middle value (the mean of the two middle ones for an even count)."""
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def sample(
    fn: Callable[[], object], n: int, before: Callable[[], object] | None = None, warmup: int = 3
) -> list[float]:
    """Seconds taken by each of n calls of fn; before() runs untimed ahead of every call."""
    for _ in range(warmup):
        if before is not None:
            before()
        fn()
    times = []
    now = _clock[0]
    for _ in range(n):
        if before is not None:
            before()
        start = now()
        fn()
        times.append(now() - start)
    return times


@dataclass
class Result:
    """One row of the table: median and 95th percentile against a target.

    Times are in `unit` (ms, s or MB). For a rate (unit "/s") higher is better, and p95 is the
    rate of the slow tail: the 5th percentile of the per-batch rates."""

    key: str
    name: str
    unit: str
    median: float
    p95: float
    samples: int
    target: float | None = None  # on the median
    floor_ratio: float | None = None  # median / the floor's median, for frame rows
    floor_target: float | None = None  # the most floor_ratio may be
    note: str = ""

    @property
    def higher_is_better(self) -> bool:
        return self.unit == "/s"

    @property
    def passed(self) -> bool | None:
        """Whether the median meets its targets; None if the row has none."""
        checks = []
        if self.target is not None:
            checks.append(self.median >= self.target if self.higher_is_better else self.median <= self.target)
        if self.floor_target is not None and self.floor_ratio is not None:
            checks.append(self.floor_ratio <= self.floor_target)
        return all(checks) if checks else None

    def as_json(self) -> dict:
        return {**asdict(self), "passed": self.passed}


def times_result(
    key: str, name: str, seconds: list[float], unit: str = "ms", target: float | None = None, note: str = ""
) -> Result:
    """A row from per-call times in seconds, shown in ms or s."""
    scale = 1000.0 if unit == "ms" else 1.0
    return Result(
        key, name, unit, median(seconds) * scale, percentile(seconds, 95) * scale, len(seconds), target, note=note
    )


def rate_result(key: str, name: str, rates: list[float], target: float | None = None, note: str = "") -> Result:
    """A row from per-batch rates (things per second): the median and the slow 5th percentile."""
    return Result(key, name, "/s", median(rates), percentile(rates, 5), len(rates), target, note=note)

"""Board animations driven by events: pure timing math, no pygame (the renderer draws)."""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable

from board.rules.base import Event
from board.rules.kernel.events import DAMAGE, DIES, FALLS, MOVE, UNCONSCIOUS

Hex = tuple[int, int]
Point = tuple[float, float]
Projection = Callable[[Hex], Point]

SPEED = 8.0  # hexes a second along a path
FLASH = 0.3  # seconds a hit flash takes to fade
TIP = 0.3  # seconds to fall over
FADE = 0.6  # seconds a dying figure takes to fade
DEAD_ALPHA = 0.35  # the body stays on the board, faded
FLOAT = 1.0  # seconds a damage number rises
RISE = 30.0  # pixels it rises
LIMIT = 1.5  # no command animates longer than this: a longer sequence is sped up
HURT = (240, 110, 100)  # theme.TEXT_BAD (theme imports pygame; this module must not)
NO_HURT = (150, 154, 166)  # theme.TEXT_DIM


@dataclass
class FigureFX:
    """How to draw a figure right now, over what its state says."""

    offset_path: list[Point] | None = None  # while moving: the path in pixels
    tip: float = 0.0  # 0..1: falling over (the token rotates up to 90 degrees)
    alpha: float = 1.0  # 1 opaque; a dying figure fades to DEAD_ALPHA
    flash: float = 0.0  # 0..1: strength of a hit flash
    progress: float = 0.0  # 0..1 along offset_path

    def at(self, progress: float | None = None) -> Point | None:
        """The pixel point at progress (default: the current one) along offset_path."""
        if not self.offset_path:
            return None
        return along(self.offset_path, self.progress if progress is None else progress)


@dataclass
class Track:
    """One timed effect on one figure: move, flash, tip or fade."""

    figure: str
    kind: str
    start: float
    end: float
    hexes: list[Hex] = field(default_factory=list)  # a move's hexes, its start first

    def part(self, now: float) -> float:
        """How far through the effect now is, 0..1."""
        if self.end <= self.start:
            return 1.0 if now >= self.start else 0.0
        return min(1.0, max(0.0, (now - self.start) / (self.end - self.start)))


@dataclass
class Floater:
    """A damage number rising from a hex."""

    hex: Hex
    text: str
    colour: tuple[int, int, int]
    start: float
    end: float


@dataclass
class Batch:
    """The animations of one submitted command; its figures stay animated until end."""

    tracks: list[Track]
    floaters: list[Floater]
    end: float


def along(points: list[Point], progress: float) -> Point:
    """The point at progress (0..1) along a polyline of equal steps (one per hex)."""
    if len(points) == 1:
        return points[0]
    steps = len(points) - 1
    s = min(1.0, max(0.0, progress)) * steps
    i = min(int(s), steps - 1)
    f = s - i
    (x0, y0), (x1, y1) = points[i], points[i + 1]
    return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)


def effects(event: Event, hexes: dict[str, Hex]) -> tuple[float, list[Track], list[Floater]]:
    """An event's main duration and its effects, timed from 0; updates hexes after a move."""
    name, data = event.figure, event.data
    if name is None:
        return 0.0, [], []
    path = data.get("path") if event.kind == MOVE else None
    if path:
        steps = [tuple(h) for h in path]
        start = hexes.get(name, steps[0])
        route = [start] + (steps[1:] if steps[0] == start else steps)
        hexes[name] = route[-1]
        if len(route) < 2:
            return 0.0, [], []
        duration = (len(route) - 1) / SPEED
        return duration, [Track(name, "move", 0.0, duration, route)], []
    if event.kind == DAMAGE:
        taken = int(data.get("taken") or 0)
        where = hexes.get(name)
        floaters = (
            []
            if where is None
            else [Floater(where, f"-{taken}" if taken else "0", HURT if taken else NO_HURT, 0.0, FLOAT)]
        )
        tracks = [Track(name, "flash", 0.0, FLASH)] if taken > 0 else []
        return FLASH, tracks, floaters
    if event.kind in (FALLS, UNCONSCIOUS):
        return TIP, [Track(name, "tip", 0.0, TIP)], []
    if event.kind == DIES:
        return FADE, [Track(name, "fade", 0.0, FADE)], []
    return 0.0, [], []


def schedule(events: list[Event], figure_hexes: dict[str, Hex], start: float) -> tuple[Batch, float]:
    """Sequence the events from start, each after the previous one's main part, within LIMIT.

    Returns the batch and when its last main part ends (where the next command may start).
    """
    hexes = dict(figure_hexes)
    timed, t, end, began = [], 0.0, 0.0, 0.0
    for event in events:
        main, tracks, floaters = effects(event, hexes)
        at = began if event.kind == MOVE and event.data.get("along") else t  # carried: at once
        timed.append((at, tracks, floaters))
        end = max([end, at + main] + [at + f.end for f in floaters])
        t, began = max(t, at + main), at
    scale = min(1.0, LIMIT / end) if end else 1.0
    tracks_out, floaters_out = [], []
    for offset, tracks, floaters in timed:
        for tr in tracks:
            tracks_out.append(
                Track(
                    tr.figure, tr.kind, start + (offset + tr.start) * scale, start + (offset + tr.end) * scale, tr.hexes
                )
            )
        for fl in floaters:
            floaters_out.append(
                Floater(
                    fl.hex, fl.text, fl.colour, start + (offset + fl.start) * scale, start + (offset + fl.end) * scale
                )
            )
    return Batch(tracks_out, floaters_out, start + end * scale), start + t * scale


class Animator:
    """Runs the animations of submitted commands; the renderer asks how to draw each figure."""

    def __init__(self, hex_to_pixel: Projection):
        self.hex_to_pixel = hex_to_pixel
        self._batches: list[Batch] = []
        self._cursor = 0.0  # when the last command's main animations end
        self._now = 0.0

    def set_projection(self, hex_to_pixel: Projection) -> None:
        """Use a new hex-to-pixel mapping (the camera moved); running glides follow it."""
        self.hex_to_pixel = hex_to_pixel

    @property
    def animating(self) -> bool:
        """Whether anything is still animating at the last time seen."""
        return any(batch.end > self._now for batch in self._batches)

    def add(self, events: list[Event], now: float, figure_hexes: dict[str, Hex]) -> None:
        """Animate a command's events; figure_hexes are where the figures stood before them."""
        self._now = max(self._now, now)
        batch, cursor = schedule(events, figure_hexes, max(now, self._cursor))
        if batch.tracks or batch.floaters:
            self._batches.append(batch)
            self._cursor = cursor

    def update(self, now: float) -> bool:
        """Advance to now; True while anything moves (and on the frame it ends)."""
        self._now = now
        was = bool(self._batches)
        self._batches = [batch for batch in self._batches if batch.end > now]
        return was

    def skip(self) -> None:
        """Finish every animation now."""
        self._batches = []
        self._cursor = 0.0

    def _tracks(self, name: str, now: float) -> list[Track]:
        """The figure's effects in the commands still animating at now."""
        return [tr for batch in self._batches if batch.end > now for tr in batch.tracks if tr.figure == name]

    def figure_fx(self, name: str, now: float) -> FigureFX | None:
        """How to draw the figure now, or None to draw it from its state alone."""
        tracks = self._tracks(name, now)
        if not tracks:
            return None
        fx = FigureFX()
        moves = [tr for tr in tracks if tr.kind == "move" and tr.end > now]
        if moves:
            move = min(moves, key=lambda tr: tr.end)  # the next or current glide
            fx.offset_path = [self.hex_to_pixel(h) for h in move.hexes]
            fx.progress = move.part(now)
        for tr in tracks:
            if tr.kind == "tip":
                fx.tip = max(fx.tip, tr.part(now))
            elif tr.kind == "fade":
                fx.alpha = min(fx.alpha, 1.0 - (1.0 - DEAD_ALPHA) * tr.part(now))
            elif tr.kind == "flash" and tr.start <= now < tr.end:
                fx.flash = max(fx.flash, 1.0 - tr.part(now))
        return fx

    def position(self, name: str, now: float) -> Point | None:
        """The figure's pixel centre while it moves along a path (or waits to), else None."""
        fx = self.figure_fx(name, now)
        return fx.at() if fx else None

    def floaters(self, now: float) -> list[tuple[Point, str, tuple[int, int, int], float]]:
        """The damage numbers in the air: (pixel position, text, colour, alpha)."""
        out = []
        for batch in self._batches:
            for fl in batch.floaters:
                if not fl.start <= now < fl.end:
                    continue
                part = (now - fl.start) / (fl.end - fl.start)
                x, y = self.hex_to_pixel(fl.hex)
                alpha = 1.0 if part < 0.5 else 1.0 - (part - 0.5) * 2
                out.append(((x, y - RISE * part), fl.text, fl.colour, alpha))
        return out

"""The combat log panel: events as styled, cached rows; dice tumble as they arrive."""

from __future__ import annotations

import os
import random
import tempfile
from collections import OrderedDict, deque
from contextlib import suppress
from pathlib import Path

import pygame

from board.i18n import _, ngettext
from board.rules.base import Event
from board.rules.kernel.events import COMPUTER, NOTES, REJECTED
from board.ui import theme
from board.ui.log.rows import (
    CACHE_ROWS,
    INSTANT,
    MAX_BATCH,
    PAD,
    STAGGER,
    TICK,
    TITLE_H,
    TUMBLE,
    Entry,
    dice_faces,
    layout,
    render_row,
)


class CombatLog:
    """The scrolling combat log: cached rows, newest at the bottom, dice that tumble in."""

    def __init__(self, width: int, font_size: int = 15, seed: int = 0):
        self.size, self.seed = font_size, seed
        self.width = width
        self.inner = max(60, width - 2 * theme.px(PAD) - 1)
        self.renders = 0  # rows rendered into the cache (a settled row is rendered once)
        self.shown: list[tuple[int, int]] = []  # (serial, row) drawn by the last draw()
        self._events: list[Event] = []
        self._entries: list[Entry] = []
        self._pending: deque[Entry] = deque()
        self._live: list[Entry] = []
        self._rows: list[tuple[Entry, int]] = []
        self._cache: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self._offset = self._unseen = self._serial = 0
        self._body_h: int | None = None
        self._now = 0.0
        self._dirty = True
        self._changes = 0  # counts every change to what the panel shows
        self._kept: tuple | None = None  # what draw_kept() last painted, and where
        self._pin: int | None = None  # an entry to bring to the top at the next draw (reveal())

    @property
    def animating(self) -> bool:
        """Whether lines are still arriving or dice still tumbling."""
        return bool(self._pending) or any(e.settle > self._now for e in self._live)

    @property
    def offset(self) -> int:
        """Rows scrolled back from the newest (0: following the fight)."""
        return self._offset

    @property
    def unseen(self) -> int:
        """Events arrived below the view while scrolled back (the "N new" hint)."""
        return self._unseen

    @property
    def entries(self) -> list[Entry]:
        """The entries that have arrived, oldest first."""
        return self._entries

    def add(self, events: list[Event], now: float) -> None:
        """Append events: they arrive one after another, dice events tumbling first. A refused
        command is not logged: it changed nothing, and the status line says why (issue 35)."""
        events = [e for e in events if e.kind != REJECTED]
        self._events.extend(events)
        plan, t = [], 0.0
        for event in events:
            settle = t + (TUMBLE if dice_faces(event) else 0.0)
            plan.append((t, settle))
            t = settle + STAGGER
        total = max(0.0, t - STAGGER)
        scale = min(1.0, MAX_BATCH / total) if total else 1.0
        start = now
        if self._pending or self._live:  # keep order: after what is still arriving
            start = max(now, max(e.settle for e in [*self._pending, *self._live]) + STAGGER)
        if scale < INSTANT:
            self.skip()
            start, scale = now, 0.0
        for event, (arrive, settle) in zip(events, plan):
            self._serial += 1
            self._pending.append(
                Entry(event, self._serial, start + arrive * scale, start + settle * scale, dice_faces(event))
            )
        self._dirty = True
        self._changes += 1
        self._arrive(now)

    def _arrive(self, now: float) -> bool:
        """Lay out the entries whose time has come; keep the view still if scrolled back."""
        self._now = max(self._now, now)
        arrived = False
        while self._pending and self._pending[0].arrive <= now:
            entry = self._pending.popleft()
            entry.rows = layout(entry.event, self.inner, self.size)
            self._entries.append(entry)
            self._rows.extend((entry, k) for k in range(len(entry.rows)))
            if self._offset:
                self._offset += len(entry.rows)
                self._unseen += 1
            if entry.settle > now:
                self._live.append(entry)
            arrived = True
        return arrived

    def update(self, now: float) -> bool:
        """Advance the animations to now; True if the panel must be redrawn."""
        changed = self._arrive(now) or self._dirty
        live = [e for e in self._live if e.settle > now]
        changed = changed or bool(live) or len(live) != len(self._live)
        self._live, self._dirty = live, False
        self._changes += changed
        return changed

    def skip(self) -> None:
        """Finish every running animation now: every line in, every die settled."""
        for entry in self._pending:
            entry.arrive = entry.settle = self._now
        self._arrive(self._now)
        for entry in self._live:
            entry.settle = min(entry.settle, self._now)
        self._live, self._dirty = [], True
        self._changes += 1

    def scroll(self, lines: int) -> None:
        """Scroll by rows: positive goes back in time; clamped to the log."""
        self._offset = max(0, min(self._offset + lines, self._limit()))
        if not self._offset:
            self._unseen = 0
        self._dirty = True
        self._changes += 1

    def retract(self, count: int, commands: int | None = None) -> None:
        """Take back the last `count` game events (an undone command's rows), passing over the
        board's own "undo" notes; with `commands` (the commands left), the notes of the undone
        commands (the computer's reasons) go too, so that a redo does not print them twice."""
        self.skip()
        gone, taken = set(), 0
        for entry in reversed(self._entries):
            if taken == count and not self._undone_note(entry, commands):
                break
            if entry.event.kind not in NOTES:
                gone.add(entry.serial)
                taken += 1
            elif self._undone_note(entry, commands):
                gone.add(entry.serial)
        events = {id(e.event) for e in self._entries if e.serial in gone}
        self._events = [e for e in self._events if id(e) not in events]
        self._entries = [e for e in self._entries if e.serial not in gone]
        self._rows = [(e, k) for e, k in self._rows if e.serial not in gone]
        self._live = [e for e in self._live if e.serial not in gone]
        self._offset = min(self._offset, max(0, len(self._rows) - 1))
        self._dirty = True
        self._changes += 1  # the kept panel is painted again

    @staticmethod
    def _undone_note(entry: Entry, commands: int | None) -> bool:
        """Whether the entry is the note of a command at or past index `commands`."""
        index = entry.event.data.get("index") if entry.event.kind == COMPUTER else None
        return commands is not None and isinstance(index, int) and index >= commands

    def reveal(self, event: Event) -> None:
        """Scroll, at the next draw, so that this event's entry is the top row (or the log
        follows the newest, when what is after it fits): the "since you were last here"
        divider, once a returning board has caught up."""
        self._pin = next((e.serial for e in reversed(self._entries + list(self._pending)) if e.event is event), None)
        self._dirty = True
        self._changes += 1

    def _pinned(self) -> None:
        """Apply reveal(): the offset that puts the pinned entry's first row at the top."""
        start = next((i for i, (entry, _) in enumerate(self._rows) if entry.serial == self._pin), None)
        if self._pending or self._body_h is None:
            return  # wait for every row to arrive, and for the body's height
        self._pin = None
        if start is None:
            return
        room, end = self._body_h, start
        while end < len(self._rows) and room >= self._rows[end][0].rows[self._rows[end][1]].height:
            room -= self._rows[end][0].rows[self._rows[end][1]].height
            end += 1
        self._offset = len(self._rows) - end
        self._unseen = len({entry.serial for entry, _ in self._rows[end:]})

    def _limit(self) -> int:
        """The furthest offset back: the oldest row at the top of the body."""
        if self._body_h is None:
            return max(0, len(self._rows) - 1)
        room, fit = self._body_h, 0
        for entry, k in self._rows:
            room -= entry.rows[k].height
            if room < 0:
                break
            fit += 1
        return max(0, len(self._rows) - fit)

    def resize(self, width: int) -> None:
        """Re-wrap every row to a new panel width (drops the rendered rows)."""
        self.width, self.inner = width, max(60, width - 2 * theme.px(PAD) - 1)
        self._rows = []
        for entry in self._entries:
            entry.rows = layout(entry.event, self.inner, self.size)
            self._rows.extend((entry, k) for k in range(len(entry.rows)))
        self._cache.clear()
        self._offset = min(self._offset, max(0, len(self._rows) - 1))

    def _surface(self, entry: Entry, k: int) -> pygame.Surface:
        """A row's surface: from the cache, else rendered (live rows of tumbling dice each frame)."""
        row = entry.rows[k]
        if row.live and entry.settle > self._now:
            wobble = random.Random(entry.serial * 31 + int(self._now / TICK))
            return render_row(row, self.inner, entry.faces_at(self._now, self.seed), False, wobble)
        key = (entry.serial, k)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = render_row(row, self.inner, entry.faces, True)
            self.renders += 1
            if len(self._cache) > CACHE_ROWS:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def draw_kept(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """draw() into a surface that keeps its pixels between frames (the play scene's
        backdrop): painted again only when what the panel shows changed."""
        key = (surface, tuple(rect), self._changes, self._offset, len(self._rows))
        if key != self._kept or self.animating:
            self.draw(surface, rect)
            self._kept = key

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the panel into rect; only the visible rows are blitted."""
        rect = pygame.Rect(rect)
        if rect.width != self.width:
            self.resize(rect.width)
        surface.fill(theme.PANEL, rect)
        body = pygame.Rect(rect.x + 1, rect.y + theme.px(TITLE_H), rect.width - 1, rect.height - theme.px(TITLE_H))
        self._body_h = body.height - theme.px(8)
        if self._pin is not None:
            self._pinned()
        self._offset = min(self._offset, self._limit())
        if not self._offset:
            self._unseen = 0
        top = body.top + theme.px(2)
        placed, y, i = [], body.bottom - theme.px(6), len(self._rows) - 1 - self._offset
        while i >= 0 and y - self._rows[i][0].rows[self._rows[i][1]].height >= top:
            entry, k = self._rows[i]  # whole rows only: none is cut under the title
            y -= entry.rows[k].height
            placed.append((entry, k, y))
            i -= 1
        shift = y - top if i < 0 and y > top else 0  # a short log starts at the top
        clip = surface.get_clip()
        surface.set_clip(body.clip(clip) if clip else body)
        for entry, k, y in reversed(placed):
            surface.blit(self._surface(entry, k), (body.x + theme.px(PAD), y - shift))
        surface.set_clip(clip)
        self.shown = [(entry.serial, k) for entry, k, _ in reversed(placed)]
        self._draw_chrome(surface, rect, len(self._rows) - self._offset)

    def _draw_chrome(self, surface: pygame.Surface, rect: pygame.Rect, last: int) -> None:
        """The left border, the title with the scroll position, and the new-lines hint."""
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, (rect.x, rect.bottom - 1))
        title = theme.font(self.size, True).render(_("Combat log"), True, theme.TEXT)
        surface.blit(title, title.get_rect(midleft=(rect.x + theme.px(PAD) + 1, rect.y + theme.px(TITLE_H) // 2)))
        lines = ngettext("{n} line", "{n} lines", len(self._rows)).format(n=len(self._rows))
        where = f"{last} / {len(self._rows)}" if self._offset else lines
        label = theme.font(self.size - 3).render(where, True, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midright=(rect.right - theme.px(PAD), rect.y + theme.px(TITLE_H) // 2)))
        pygame.draw.line(
            surface,
            theme.PANEL_EDGE,
            (rect.x + 1, rect.y + theme.px(TITLE_H) - 1),
            (rect.right - 1, rect.y + theme.px(TITLE_H) - 1),
        )
        if self._offset and self._unseen:
            self._draw_hint(surface, rect)

    def _draw_hint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small "▼ N new" pill at the bottom while scrolled back."""
        text = theme.font(self.size - 3, True).render(_("{n} new").format(n=self._unseen), True, theme.TEXT)
        px, k = theme.px, theme.SCALE
        pill = pygame.Rect(0, 0, text.get_width() + px(34), text.get_height() + px(6))
        pill.midbottom = (rect.centerx, rect.bottom - px(8))
        pygame.draw.rect(surface, theme.LOG_HINT, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, pill, 1, border_radius=pill.height // 2)
        x, cy = pill.x + px(12), pill.centery
        pygame.draw.polygon(
            surface, theme.TEXT_WARN, [(x, cy - 3 * k), (x + 9 * k, cy - 3 * k), (x + 4.5 * k, cy + 4 * k)]
        )
        surface.blit(text, text.get_rect(midleft=(x + px(15), cy)))

    def text(self) -> str:
        """The whole log as plain text, one event a line."""
        return "".join(f"{event.text}\n" for event in self._events)

    def save(self, path: str | os.PathLike) -> None:
        """Write text() to path atomically: a temporary file, then os.replace."""
        path = Path(path)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
                out.write(self.text())
            os.replace(temp, path)
        except BaseException:
            with suppress(FileNotFoundError):
                os.unlink(temp)
            raise

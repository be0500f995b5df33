"""The combat log's rows: events laid out into styled pieces, and the pieces drawn (dice too)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache, cache

import pygame

from board.i18n import _
from board.rules.base import Event
from board.rules.kernel.events import ATTACK, DAMAGE_ROLL, GM, PHASE, REJECTED, SINCE, TURN, VICTORY, tone
from board.ui import theme
from board.ui.draw.text_fit import wrap

TUMBLE = 0.45  # seconds a die tumbles before it settles
STAGGER = 0.12  # seconds between successive lines
TICK = 0.07  # a tumbling die shows a new face this often
MAX_BATCH = 3.0  # a batch that would take longer to arrive is compressed to this
INSTANT = 0.25  # compressed beyond this factor (a loaded game), a batch simply appears
CACHE_ROWS = 600  # rendered rows kept: memory stays bounded however long the game
PAD = 12  # left and right margin of the rows
TITLE_H = 34
GAP = 3  # pixels between entries
DICE_INDENT = 10
Colour = tuple[int, int, int]

# Each tone of the common events (board.rules.kernel.events.TONES) in its colour.
COLOURS: dict[str, Colour] = {
    "plain": theme.TEXT,
    "dim": theme.TEXT_DIM,
    "action": theme.LOG_ACTION,
    "hurt": theme.LOG_HURT,
    "bad": theme.TEXT_BAD,
    "good": theme.TEXT_GOOD,
    "warn": theme.TEXT_WARN,
    "fire": theme.LOG_FIRE,
    "magic": theme.LOG_MAGIC,
}
PIPS = {
    1: [(2, 2)],
    2: [(1, 1), (3, 3)],
    3: [(1, 1), (2, 2), (3, 3)],
    4: [(1, 1), (3, 1), (1, 3), (3, 3)],
    5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
    6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
}  # quarters of the die's side


@dataclass
class Piece:
    """One run of a row: text, a GM badge, a warning sign or the event's dice."""

    kind: str  # text | badge | warn | dice
    text: str = ""
    colour: Colour = theme.TEXT
    size: int = 15
    bold: bool = False
    outcome: bool = False  # hidden while the dice tumble
    count: int = 0  # dice
    damage: bool = False  # red damage dice


@dataclass
class Row:
    """One line of the panel, laid out but not yet rendered."""

    pieces: list[Piece]
    height: int
    indent: int = 0
    top: int = 0  # blank pixels above the content
    align: str = "left"  # left | centre | rule (a header with a dim rule after it)

    @property
    def live(self) -> bool:
        """Whether the row changes while its entry's dice tumble."""
        return any(p.kind == "dice" or p.outcome for p in self.pieces)


@dataclass(eq=False)
class Entry:
    """One event in the log, with when it arrives and when its dice settle."""

    event: Event
    serial: int
    arrive: float
    settle: float
    faces: tuple[int, ...] = ()
    rows: list[Row] = field(default_factory=list)

    def faces_at(self, now: float, seed: int = 0) -> tuple[int, ...]:
        """The faces shown at now: random while tumbling, then the real ones."""
        if now >= self.settle:
            return self.faces
        rng = random.Random(seed * 1_000_003 + self.serial * 7_919 + int(now / TICK))
        return tuple(rng.randint(1, 6) for _ in self.faces)


def dice_faces(event: Event) -> tuple[int, ...]:
    """The event's rolled faces, if it carries any."""
    faces = event.data.get("faces")
    if isinstance(faces, (list, tuple)) and faces and all(isinstance(f, int) for f in faces):
        return tuple(faces)
    return ()


@cache
def has_glyph(char: str, size: int) -> bool:
    """Whether the log font draws char (not the empty box of a missing glyph)."""
    font = theme.font(size)
    shown = pygame.image.tobytes(font.render(char, True, (255, 255, 255)), "RGBA")
    return shown != pygame.image.tobytes(font.render("\ue000", True, (255, 255, 255)), "RGBA")


@lru_cache(maxsize=64)
def die_surface(face: int, side: int, damage: bool = False) -> pygame.Surface:
    """A die showing face: drawn 4x larger then smooth-scaled, so its edges are soft."""
    big = side * 4
    fill, edge, pip = (
        (theme.DIE_DAMAGE, theme.DIE_DAMAGE_EDGE, theme.DIE_DAMAGE_PIP)
        if damage
        else (theme.DIE_FACE, theme.DIE_EDGE, theme.DIE_PIP)
    )
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(surf, edge, surf.get_rect(), border_radius=big // 4)
    pygame.draw.rect(surf, fill, surf.get_rect().inflate(-6, -6), border_radius=big // 4 - 2)
    if face in PIPS:
        for col, row in PIPS[face]:
            pygame.draw.circle(surf, pip, (big * col // 4, big * row // 4), big * 0.115)
    else:  # not a d6 face: show the number
        label = theme.font_px(int(big * 0.7), True).render(str(face), True, pip)
        surf.blit(label, label.get_rect(center=(big // 2, big // 2)))
    return pygame.transform.smoothscale(surf, (side, side))


def die_side(size: int) -> int:
    """The side of a drawn die for a font size (sizes at 100%; the side in pixels)."""
    return theme.px(size + 2)


def piece_width(piece: Piece) -> int:
    """How many pixels a piece takes, with the gap after it."""
    if piece.kind == "dice":
        return piece.count * (die_side(piece.size) + theme.px(4)) + theme.px(5)
    if piece.kind == "badge":
        return theme.font(piece.size - 4, True).size(piece.text)[0] + theme.px(14)
    if piece.kind == "warn":
        return die_side(piece.size) + theme.px(6)
    return theme.font(piece.size, piece.bold).size(piece.text)[0]


def flow(
    lead: list[Piece],
    text: str,
    colour: Colour,
    width: int,
    size: int,
    bold: bool = False,
    outcome: bool = False,
    top: int | None = None,
) -> list[Row]:
    """Rows of text after the lead pieces, continuation lines hanging under the text (top:
    blank pixels above, GAP at the UI scale unless given)."""
    top = theme.px(GAP) if top is None else top
    indent = sum(piece_width(p) for p in lead)
    font = theme.font(size, bold)
    height = font.get_linesize()
    shift = theme.px(DICE_INDENT) if lead and lead[0].kind == "dice" else 0  # dice sit under the line above
    rows = []
    for i, line in enumerate(wrap(text, font, max(theme.px(40), width - indent - shift))):
        piece = Piece("text", line, colour, size, bold, outcome)
        rows.append(Row(lead + [piece], height + top, shift, top) if i == 0 else Row([piece], height, indent + shift))
    return rows


def attack_rows(event: Event, width: int, size: int) -> list[Row]:
    """The attack's words, then a row of its dice and the outcome."""
    marker = f": {event.data.get('dice')}d6 rolls"
    cut = event.text.rfind(marker)
    rows = flow([], event.text[:cut] if cut > 0 else event.text, theme.TEXT, width, size)
    data = event.data
    hit = bool(data.get("hit"))
    against = f"{data['roll']} vs {data['needed']}  " if "roll" in data and "needed" in data else ""
    pieces = [
        Piece("dice", size=size, count=len(dice_faces(event))),
        Piece("text", against, theme.TEXT_DIM, size, outcome=True),
        Piece(
            "text", "hit" if hit else "miss", theme.TEXT_GOOD if hit else theme.TEXT_DIM, size, bold=hit, outcome=True
        ),
    ]
    return rows + [Row(pieces, theme.font(size).get_linesize() + theme.px(2), theme.px(DICE_INDENT), theme.px(2))]


def display_text(event: Event) -> str:
    """The words shown for an event (its text, minus what a badge or header already says)."""
    if event.kind == TURN and "turn" in event.data:
        return _("Turn {turn}").format(turn=event.data["turn"])
    if event.kind == GM:
        for prefix in ("GM: ", "GM "):
            if event.text.startswith(prefix):
                return event.text[len(prefix) :]
    if event.kind == DAMAGE_ROLL and "total" in event.data:
        return f"{event.data.get('dice')}{' ×2' if event.data.get('double') else ''} = {event.data['total']}"
    return event.text


def colour_of(event: Event) -> Colour:
    """The text colour of an event: its tone's."""
    return COLOURS.get(tone(event), theme.TEXT)


def layout(event: Event, width: int, size: int) -> list[Row]:
    """An event's rows at a panel width: what each shows, not yet rendered."""
    kind = event.kind
    if kind in (TURN, PHASE):
        major = kind == TURN
        text = display_text(event) if major else event.text.upper()
        piece = Piece("text", text, theme.TEXT if major else theme.TEXT_DIM, size + 1 if major else size - 3, bold=True)
        top = theme.px(14 if major else 8)
        return [Row([piece], theme.font(piece.size, True).get_linesize() + top, 0, top, "rule")]
    if kind == SINCE:  # a divider: the rows under it came while the player was away
        piece = Piece("text", event.text, theme.TEXT_WARN, size - 1, bold=True)
        return [Row([piece], theme.font(piece.size, True).get_linesize() + 12, 0, 12, "rule")]
    if kind == VICTORY:
        rows = flow([], event.text, theme.LOG_VICTORY, width, size + 9, bold=True, top=theme.px(14))
        for row in rows:
            row.align, row.indent = "centre", 0
        return rows
    faces = dice_faces(event)
    if kind == ATTACK and faces:
        return attack_rows(event, width, size)
    lead = []
    if faces:
        lead.append(Piece("dice", size=size, count=len(faces), damage=kind == DAMAGE_ROLL))
    if kind == GM:
        lead.append(Piece("badge", "GM", theme.TEXT, size))
    if kind == REJECTED:
        lead.append(Piece("warn", size=size))
    return flow(lead, display_text(event), colour_of(event), width, size, tone(event) == "bad", bool(faces))


def draw_piece(
    surf: pygame.Surface, piece: Piece, x: int, cy: int, faces: tuple[int, ...], wobble: random.Random | None
) -> None:
    """Draw one piece with its left edge at x, centred on cy."""
    if piece.kind == "dice":
        side = die_side(piece.size)
        for i, face in enumerate(faces):
            die = die_surface(face, side, piece.damage)
            centre: tuple[float, float] = (x + i * (side + theme.px(4)) + side // 2, cy)
            if wobble is not None:  # tumbling: tilted and bouncing
                die = pygame.transform.rotozoom(die, wobble.uniform(-25, 25), 1)
                centre = (centre[0], centre[1] + wobble.randint(-2, 2) * theme.SCALE)
            surf.blit(die, die.get_rect(center=centre))
    elif piece.kind == "badge":
        label = theme.font(piece.size - 4, True).render(piece.text, True, piece.colour)
        box = pygame.Rect(x, 0, label.get_width() + theme.px(8), label.get_height())
        box.centery = cy
        pygame.draw.rect(surf, theme.GM_BADGE, box, border_radius=theme.px(4))
        surf.blit(label, label.get_rect(center=box.center))
    elif piece.kind == "warn":
        side = die_side(piece.size)
        if has_glyph("⚠", piece.size):
            sign = theme.font(piece.size, True).render("⚠", True, theme.TEXT_WARN)
            surf.blit(sign, sign.get_rect(midleft=(x, cy)))
        else:  # the font lacks the sign: draw it, with a "!" inside
            top, bottom = cy - side // 2, cy + side // 2
            corners = [(x + side // 2, top), (x + side, bottom), (x, bottom)]
            pygame.draw.polygon(surf, theme.TEXT_WARN, corners)
            mark = theme.font(piece.size - 4, True).render("!", True, theme.PANEL)
            surf.blit(mark, mark.get_rect(center=(x + side // 2, cy + theme.px(2))))
    else:
        text = theme.font(piece.size, piece.bold).render(piece.text, True, piece.colour)
        surf.blit(text, text.get_rect(midleft=(x, cy)))


def render_row(
    row: Row, width: int, faces: tuple[int, ...], settled: bool, wobble: random.Random | None = None
) -> pygame.Surface:
    """The row as a transparent surface of the panel's inner width."""
    surf = pygame.Surface((width, row.height), pygame.SRCALPHA)
    cy = row.top + (row.height - row.top) // 2
    x = row.indent
    if row.align == "centre":
        x = (width - sum(piece_width(p) for p in row.pieces)) // 2
    for piece in row.pieces:
        if not (piece.outcome and not settled):
            draw_piece(surf, piece, x, cy, faces, wobble)
        x += piece_width(piece)
    if row.align == "rule" and x + theme.px(10) < width:
        pygame.draw.line(surf, theme.LOG_RULE, (x + theme.px(10), cy + 1), (width - 1, cy + 1), theme.px(1))
    return surf

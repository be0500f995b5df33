"""A shared game that lasts for days: the log's "since you were last here" divider, and the
window's title and a sound when the turn comes to this board's side."""

from __future__ import annotations

from board.i18n import N_, _
from board.net.last_seen import LastSeen, game_key
from board.net.protocol import GM, Follower
from board.rules.base import Event
from board.rules.kernel.events import SINCE
from board.ui.caption import set_caption, window_title, your_turn_title

SINCE_WORDS = N_("Since you were last here")


class SinceMark:
    """Where this identity last was in this game: read when the board joins, the divider put
    before the first entry it had not seen (if that entry comes while the board catches up),
    and the last entry shown written back as the board goes on."""

    def __init__(self, follower: Follower, who: str, marks: LastSeen | None = None):
        self.marks = marks if marks is not None else LastSeen.load()
        self.game = game_key(follower.setup or {})
        self.who = who
        self.since = self.marks.seen(self.game, who)  # 0: never here (no divider)
        self.caught_up = False  # the first read of the stream reached its end
        self.divider: Event | None = None
        self.marked = 0  # the last entry written this session (a larger one kept is replaced)
        self.complaint = self.marks.problem  # said once, on the status line

    def before(self, seq: int) -> Event | None:
        """The divider to log before the entry at seq, if it is the first one not seen."""
        if self.since and seq == self.since + 1 and not self.caught_up and self.divider is None:
            self.divider = Event(SINCE, _(SINCE_WORDS))
            return self.divider
        return None

    def reached_end(self) -> bool:
        """The board caught up with the stream; True the first time (when the log may scroll
        to the divider)."""
        first, self.caught_up = not self.caught_up, True
        return first

    def remember(self, seq: int) -> str | None:
        """Write the last entry shown, if it moved on; the reason if it could not be."""
        if seq <= self.marked:
            return None
        self.marked = seq
        return self.marks.mark(self.game, self.who, seq)


class TurnNotice:
    """The window's title says "Your turn — <game>" while the side to act is this player's,
    and a short sound says so once each time the turn comes round (never the GM's board,
    which plays every side it holds at one screen, nor a spectator's)."""

    def __init__(self, role: str, title: str, game_name: str):
        self.role, self.title, self.game_name = role, title, game_name
        self.mine = False

    def follow(self, follower: Follower, sounds) -> bool | None:
        """Look at the side to act; on a change, set the title (and play the sound when the
        turn comes). The new state, or None."""
        game = follower.game
        team = None if game.is_terminal() else game.current_player()
        mine = self.role not in (GM, "spectator") and team is not None and follower.seats.get(team) == self.role
        if mine == self.mine:
            return None
        self.mine = mine
        set_caption(your_turn_title(self.game_name) if mine else window_title(self.title))
        if mine:
            sounds.cue("your_turn")
        return mine

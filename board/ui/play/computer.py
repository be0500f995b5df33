"""Computer sides on the board: each of their commands goes through the same path as a click,
with the same animations, at a readable pace; F makes them faster or skips to a person's turn,
X takes the side to act over from the computer or hands it to the computer; Ctrl+Z against the
computer takes back its replies with the person's command; I shows what the computer would do
for the figure to act, and why, without playing it."""

from __future__ import annotations

from board.ai.view import plotted_in_secret
from board.i18n import N_, _
from board.sides import computer_decision, computer_to_act, is_computer, players

PACES = {"readable": 1.1, "fast": 0.3, "skip": 0.0}  # seconds between the computer's commands
PACE_WORDS = {"readable": N_("readable"), "fast": N_("fast"), "skip": N_("skip")}  # the menu's words
SKIP_AT_MOST = 400  # commands played at once when skipping (a guard: a fight ends sooner)


class ComputerTurns:
    """When the computer plays its next command, and the log row that says why."""

    def __init__(self):
        self.pace = "readable"
        self.next_at: float | None = None  # set at the first frame: the board shows first

    def cycle_pace(self) -> str:
        names = list(PACES)
        self.pace = names[(names.index(self.pace) + 1) % len(names)]
        return {
            "readable": _("Computer turns at a readable pace (F: faster)"),
            "fast": _("Computer turns played fast (F: skip to your turn)"),
            "skip": _("Computer turns skipped to your turn (F: a readable pace)"),
        }[self.pace]

    def due(self, game, now: float, busy: bool) -> bool:
        """True when the side to act is the computer's and its next command may come now."""
        if self.next_at is None:
            self.next_at = now + PACES[self.pace]
        return computer_to_act(game) is not None and not busy and now >= self.next_at

    def play(self, scene, now: float) -> None:
        """Play the computer's next command (when skipping: every one up to a person's turn)."""
        for _step in range(SKIP_AT_MOST if self.pace == "skip" else 1):
            game = scene.game
            if computer_to_act(game) is None or game.is_terminal():
                break
            team = game.current_player()
            decision = computer_decision(game)
            figure = decision.command.figure or team
            # A plot stated in secret stays secret from the people at the board (2.2).
            secret = plotted_in_secret(game, decision.command)
            why = _("{team} (computer): {figure} {reason}").format(
                team=team, figure=figure, reason=_("plots in secret") if secret else decision.reason
            )
            scene.act(decision.command, why, None if secret else decision.command.words())
            if scene.net is not None:  # a shared game: the host answers before the next one
                break
        self.next_at = now + PACES[self.pace]


def hand_over(game) -> str:
    """Who plays the side to act changes hands: a person's side to the computer (normal), the
    computer's to a person. Returns the words for the status line."""
    team = game.current_player()
    if team is None:
        return _("Nobody is to act: the fight is over")
    kind = players(game)[team]
    game.players[team] = "person" if is_computer(kind) else "computer:normal"
    if is_computer(kind):
        return _("You play {team} now (X hands it back to the computer)").format(team=team)
    return _("The computer plays {team} now, at normal (X takes it back)").format(team=team)


def hint(game) -> str:
    """What the computer would do now for the side to act, and why, in the status line's words:
    asked of the computer player on the game as it stands, nothing is played."""
    team = game.current_player()
    if team is None or game.is_terminal():
        return _("Nobody is to act: the fight is over")
    if computer_to_act(game) is not None:
        return _("The computer plays {team}: X takes it over").format(team=team)
    decision = computer_decision(game)
    figure = decision.command.figure or team
    return _("Hint for {figure}: the computer {reason} ({short})").format(
        figure=figure, reason=decision.reason, short=decision.command.short()
    )


def take_back(controller, game) -> bool:
    """Undo the last command and, while a person plays a side, every computer command before it
    back to a person's turn (an undone reply alone would be played again at once: for the same
    game the computer chooses the same). False when nothing was undone."""
    if not controller.undo():
        return False
    people = any(not is_computer(kind) for kind in players(game).values())
    count = 1
    while people and computer_to_act(game) is not None and controller.undo():
        count += 1
    if count > 1:
        controller.say(_("Undone: {count} commands, back to a person's turn").format(count=count))
    return True

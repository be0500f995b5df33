"""The worlds a side may be in (determinisation): copies of the game in which what the side
cannot see - an opponent's secret General Plot in melee-seconds - is drawn from the player's
own dice, consistently with everything the side does see, for the hard level's search."""

from __future__ import annotations

import math

from board.ai.scoring import Style, score_other
from board.ai.view import SideView, secrets_pending
from board.rules.base import Command


def worlds(game, team: str, rng, count: int) -> list | None:
    """count games to search in: the game itself while the side sees everything; else copies,
    each secret drawn at random among what the side cannot rule out. None when the ruleset
    cannot say what is hidden, or a secret is not guessed (a plot stated for this second): the
    side then does not search."""
    if not secrets_pending(game):
        return [game] * count
    hidden = game.unseen(team)
    if hidden is None:
        return None
    if hidden.plots or not all(hidden.generals.values()):
        return None
    if not hidden.generals:  # the secrets are the side's own
        return [game] * count
    out = []
    for _ in range(count):
        chosen = {name: _draw(game, name, options, hidden.stated_by, rng) for name, options in hidden.generals.items()}
        out.append(game.guessed(chosen))
    return out


def _draw(game, name: str, options: tuple[dict, ...], action: str, rng) -> dict:
    """One secret the figure may have stated (the params of its act `action`), as likely as the
    normal player would state it (the search plays the opponent as the normal player too)."""
    view = SideView.of_tokens(game.tokens()[name].team, game.tokens())
    weights = [
        math.exp(
            score_other(
                view, Command(do="act", figure=name, action=action, params=params), Style(), game.ruleset.tactics
            ).score
        )
        for params in options
    ]
    return rng.choices(options, weights)[0]

"""What tells the levels apart (board/ai/player.py): normal does what hard's judgement would do,
but goes, faces and strikes only roughly where and whom it should; the hint and hard's own
choice take the best."""

from board.ai.player import GOOD_ENOUGH, choose, same_act
from board.ai.ranking import own_commands, scored
from board.ai.scoring import Style
from board.rules.base import Command
from ud_helpers import figure, new_game

SEEDS = range(24)


def _grog_and_the_orc():
    """Usage-dice: Grog four hexes from an Orc; many places to move to, one action worth taking."""
    return new_game(
        figure("Grog", "PCs", (0, 0), weapons=["Greatsword"], power=8), figure("Orc", "Orcs", (4, 0), weapons=["Club"])
    )


def _scores(game) -> dict[str, float]:
    team = game.current_player()
    return {r.command.model_dump_json(): r.score for r in scored(game, team, own_commands(game, team), Style())}


def test_normal_goes_only_roughly_where_its_judgement_would_go():
    """Over its own dice, normal moves Grog to more than one place, each within GOOD_ENOUGH of
    the best place; the full judgement (the hint) takes the best every time."""
    game = _grog_and_the_orc()
    scores = _scores(game)
    best = max(scores.values())
    normal = [choose(game, "normal", ai_seed=seed).command for seed in SEEDS]
    hint = {choose(game, "hint", ai_seed=seed).command.model_dump_json() for seed in SEEDS}
    assert len({c.model_dump_json() for c in normal}) > 1
    assert all(best - scores[c.model_dump_json()] < GOOD_ENOUGH for c in normal)
    assert all(scores[h] > best - 0.1 for h in hint)


def test_normal_does_what_the_full_judgement_would_do_only_its_where_and_whom_vary():
    """The action, its settings and the figure are the full judgement's: Grog moves (never a
    dash, which would spend the blow) whatever normal's dice."""
    game = _grog_and_the_orc()
    hint = choose(game, "hint", ai_seed=1).command
    for seed in SEEDS:
        command = choose(game, "normal", ai_seed=seed).command
        assert same_act(command, hint), (command.short(), hint.short())
        assert command.action != "dash"


def test_hard_starts_from_the_full_judgement_not_from_normals_rough_choice():
    """On Grog's approach hard's search finds nothing clearly better than the best place: it plays
    the hint's command, where normal's dice send Grog elsewhere."""
    game = _grog_and_the_orc()
    assert choose(game, "hard", ai_seed=3).command == choose(game, "hint", ai_seed=3).command


def test_the_same_act_ignores_where_and_whom_but_not_the_action_or_its_settings():
    here = Command(do="act", figure="Ann", action="attack", target="Bob", params={"stroke": "power"})
    assert same_act(here, here.model_copy(update={"target": "Cid"}))
    assert not same_act(here, here.model_copy(update={"params": {"stroke": "guarded"}}))
    assert not same_act(here, here.model_copy(update={"action": "parry"}))
    assert not same_act(here, here.model_copy(update={"figure": "Dan"}))

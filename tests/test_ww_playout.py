"""Random play: random legal commands on every sample map, with invariants checked after each."""

import random
from pathlib import Path

import pytest

from board.game import Game
from board.maps import load_map
from benchmarks.engine import pushy_choice
from board.rules.base import Command

MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.yaml"))
HEALING_EVENTS = ("recovers", "wakes", "heals")


def state_fingerprint(game: Game):
    """Everything a command could change, in comparable form."""
    s = game.state
    figures = {n: (f.hex, f.facing, f.posture, f.status, f.lethal, f.nonlethal, tuple(f.weapons),
                   f.ready, f.turn.moved, f.turn.acted, f.turn.stance) for n, f in s.figures.items()}
    return s.turn, s.phase, tuple(s.queue), figures, {h: tuple(v) for h, v in s.items.items()}


def assert_no_overlap(game: Game):
    """Figures never overlap, but for the brawl: one-hex figures sharing a hex."""
    seen: dict = {}
    for f in game.state.figures.values():
        for c in f.cells:
            seen.setdefault(c, []).append(f)
    for c, there in seen.items():
        if len(there) > 1:
            assert all(f.size == 1 for f in there), f"{[f.name for f in there]} overlap at {c}"


def illegal_variant(game: Game, rng: random.Random) -> Command:
    """A command that is usually illegal now: the wrong figure, a far hex, a bad target."""
    names = list(game.state.figures)
    kind = rng.randrange(3)
    if kind == 0:
        return Command(do="move", figure=rng.choice(names), to=(rng.randint(-9, 20), rng.randint(-9, 20)))
    if kind == 1:
        return Command(do="act", figure=rng.choice(names), action="attack", target=rng.choice(names))
    return Command(do="act", figure=rng.choice(names), action=rng.choice(["disengage", "shoot", "ready"]))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_play_keeps_the_invariants(path, seed):
    rng = random.Random(seed)
    options = {"nonlethal_damage": seed == 2, "breather": seed == 2}
    game = Game(load_map(path, "warrior-wizard"), options, seed=seed)  # any map plays as W&W
    steps = 0
    while game.state.phase != "over" and steps < 400:
        if rng.random() < 0.15:
            probe = illegal_variant(game, rng)
            before = state_fingerprint(game)
            if not game.submit(probe).accepted:
                # Every refused command leaves the state unchanged.
                assert state_fingerprint(game) == before
            if game.state.phase == "over":
                break
        legal = game.ruleset.legal_commands(game.state)
        assert legal, f"no legal command in {game.state.phase} phase, queue {game.state.queue}"
        command = rng.choice(legal)
        before_st = {n: f.effective_st for n, f in game.state.figures.items()}
        mover = game.state.figures.get(command.figure)
        was_dead = mover is not None and mover.status == "dead"
        was_engaged = mover is not None and bool(game.snapshot()["figures"][mover.name]["engaged"])
        outcome = game.submit(command)
        assert outcome.accepted, f"a legal command was refused: {command} -> {outcome.reason}"
        assert not was_dead, "the dead never act"
        assert_no_overlap(game)
        for event in outcome.events:
            # An Engaged figure never moves more than one hex in the movement phase.
            if event.kind == "move" and event.figure == command.figure and was_engaged:
                assert len(event.data["path"]) <= 1
        healed = {e.figure for e in outcome.events if e.kind in HEALING_EVENTS}
        for name, st in before_st.items():
            if name in game.state.figures and name not in healed:
                # ST never rises except by a recovery rule.
                assert game.state.figures[name].effective_st <= st
        steps += 1
    assert steps > 20


def test_random_games_on_the_arena_play_to_the_end():
    for seed in range(3):
        rng = random.Random(seed)
        game = Game(load_map(MAPS[0].parent / "arena.yaml"), seed=seed)
        for _ in range(1500):
            if game.state.phase == "over":
                break
            legal = game.ruleset.legal_commands(game.state)
            assert game.submit(pushy_choice(game, legal, rng)).accepted
        assert game.state.phase == "over" and game.state.winner in ("Red", "Blue")


def test_replay_reproduces_the_same_state_exactly():
    rng = random.Random(5)
    game = Game(load_map(MAPS[0].parent / "arena.yaml"), seed=9)
    for _ in range(120):
        if game.state.phase == "over":
            break
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
    again = Game(load_map(MAPS[0].parent / "arena.yaml"), seed=9)
    for command in game.history:
        assert again.submit(command).accepted
    assert again.snapshot() == game.snapshot()
    assert [e.as_json() for e in again.events] == [e.as_json() for e in game.events]

"""A Warrior & Wizard move event names its engagers in a fixed order, so a replay's JSON and a
save's log are the same in every run (a set's order changes with Python's hash seed)."""

import random
from pathlib import Path

from board.game import Game
from board.maps import load_map
from board.rules.kernel.events import MOVE

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.yaml"


def test_a_move_event_lists_its_engagers_sorted():
    lists: list = []
    # Random games until one engages someone with two foes (which seed does it hangs on the
    # legal actions on offer, not on what is checked here).
    for seed in range(5, 25):
        game, rng = Game(load_map(ARENA), seed=seed), random.Random(seed)
        for _ in range(400):
            if game.is_terminal():
                break
            game.submit(rng.choice(game.legal_actions()))
            lists += [e.data["engaged_with"] for e in game.events if e.kind == MOVE and "engaged_with" in e.data]
        if any(len(names) > 1 for names in lists):
            break
    assert any(len(names) > 1 for names in lists), "the games should engage someone with two foes"
    assert all(names == sorted(names) for names in lists)

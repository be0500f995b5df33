"""The engine's fast paths give the plain ones' answers: engagement of every figure at once
(tokens, snapshot), the one-hex reach search and each movement action's share of it."""

import random
from pathlib import Path

from benchmarks.bigmap import big_map_yaml
from board.game import Game
from board.hexgrid import from_offset, hex_label
from board.maps import load_map, parse_map
from board.rules.kernel.reach import Mover, Where
from board.rules.warrior_wizard.engagement import all_engagers, engagers
from board.rules.warrior_wizard.movement import DISENGAGED_MOVES, Board, allowance, reachable
from board.rules.warrior_wizard.moves import offer
from board.yamlio import dump_yaml

ROOT = Path(__file__).resolve().parents[1]


def each_alone(state) -> dict[str, list[str]]:
    return {f.name: sorted(engagers(state, f)) if f.status == "ok" else [] for f in state.figures.values()}


def test_engagement_of_all_figures_at_once_matches_each_figure_alone_in_random_fights():
    rng = random.Random(11)
    game = Game(load_map(ROOT / "maps" / "arena.yaml"), seed=11)
    engaged_seen = 0
    while game.state.phase != "over" and len(game.history) < 150:
        assert all_engagers(game.state) == each_alone(game.state)
        engaged_seen += any(all_engagers(game.state).values())
        game.submit(rng.choice(game.ruleset.legal_commands(game.state)))
    assert engaged_seen, "the fight should bring figures into contact"


def crowd_yaml() -> str:
    """Two teams mixed hex by hex on a small map, a 7-hex and a 3-hex figure among them."""
    figures = [
        {
            "name": "Giant",
            "team": "A",
            "at": hex_label(from_offset(3, 3, "flat"), "flat"),
            "size": 7,
            "st": 30,
            "dx": 10,
            "facing": 1,
        },
        {
            "name": "Bear",
            "team": "B",
            "at": hex_label(from_offset(9, 3, "flat"), "flat"),
            "size": 3,
            "st": 18,
            "dx": 10,
            "facing": 4,
        },
    ]
    taken = {(c, r) for c in range(2, 5) for r in range(2, 5)} | {(c, r) for c in range(8, 11) for r in range(2, 5)}
    for c in range(13):
        for r in range(7):
            if (c, r) not in taken and (c + r) % 2 == 0:
                figures.append(
                    {
                        "name": f"F{c}-{r}",
                        "team": "AB"[(c // 2 + r) % 2],
                        "st": 10,
                        "dx": 10,
                        "at": hex_label(from_offset(c, r, "flat"), "flat"),
                        "facing": (c + r) % 6,
                        "weapons": ["Broadsword"],
                    }
                )
    picture = "\n".join(" ".join("." * 13) for _ in range(7)) + "\n"
    return dump_yaml({"name": "Crowd", "layout": "flat", "terrain": picture, "figures": figures})


def test_engagement_of_all_figures_at_once_matches_in_a_crowd_with_multihex_figures():
    game = Game(parse_map(crowd_yaml(), "<crowd>"))
    assert all_engagers(game.state) == each_alone(game.state)
    engaging = {name for names in all_engagers(game.state).values() for name in names}
    assert {"Giant", "Bear"} <= engaging


def test_the_one_hex_reach_search_matches_the_search_step_by_step_on_the_big_map():
    """The fast path (blocked hexes and a set of stop hexes) finds what asking the engagement
    rule of every step finds."""
    state = Game(parse_map(big_map_yaml(ma=12), "<big map>")).state
    crowd = Game(parse_map(crowd_yaml(), "<crowd>")).state  # engaged figures: stops everywhere
    checked = 0
    for s in (state, crowd):
        for f in [f for f in s.figures.values() if f.size == 1][:30]:
            board = Board(s, f)
            start = board.engagers(f.hex, f.facing)
            slow = Mover(
                s.battle,
                f.hex,
                12,
                board.occupied,
                enter=lambda a, b: True,
                stop=Where(lambda h, board=board, f=f, start=start: bool(board.engagers(h, f.facing) - start)),
            ).reach()
            assert reachable(s, f, 12, board) == slow, f.name
            checked += 1
    assert checked == 60


def test_each_movement_action_offers_exactly_the_hexes_within_its_allowance():
    state = Game(parse_map(big_map_yaml(ma=12), "<big map>")).state
    for f in [f for f in state.figures.values() if f.size == 1][:20]:
        paths, _ = reachable(state, f, 12)
        for action, entry in offer(state, f).items():
            if action in DISENGAGED_MOVES:
                limit = allowance(state, f, action)
                assert entry["hexes"] == {h: p for h, p in paths.items() if len(p) <= limit}, (f.name, action)

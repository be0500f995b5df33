"""Engine rows: reachability, attack prediction, random play and map loading."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import board.dice
from benchmarks.bigmap import big_map_yaml
from benchmarks.frames import ARENA
from benchmarks.timing import Result, clock, rate_result, sample, times_result
from board.game import Game
from board.hexgrid import Hex, hex_distance
from board.maps import load_map, parse_map
from board.rules.base import Command
from board.rules.kernel.action import forget_plans
from board.rules.warrior_wizard.moves import offer
from board.rules.warrior_wizard.stats import movement

ATTACKS = ("attack", "charge_attack", "shoot", "attack_hth")
MAX_COMMANDS = 3000  # a game that runs longer than this is cut off (none has so far)


def pushy_choice(game: Game, legal: list[Command], rng: random.Random) -> Command:
    """A random player that closes in and attacks, so that fights end (as tests/test_ww_playout.py)."""
    attacks = [c for c in legal if c.action in ATTACKS]
    if attacks:
        return rng.choice(attacks)
    moves = [c for c in legal if c.do == "move" and c.path]
    if moves and rng.random() < 0.8:
        state = game.state

        def gap(c: Command) -> int:
            me = state.figures[c.figure]
            end = Hex(*c.path[-1])
            return min((hex_distance(end, e.hex) for e in state.enemies(me) if e.up), default=0)

        return min(moves, key=lambda c: (gap(c), rng.random()))
    return rng.choice(legal)


def reach(n: int, ma: int = 12) -> Result:
    """Every movement action of one MA 12 figure on the big map, 200 figures on it."""
    game = Game(parse_map(big_map_yaml(ma=ma), "<big map>"))
    state = game.state
    # The free figure that moves ma (no armor slowing it) with the most room to move.
    runners = [f for f in state.figures.values() if f.size == 1 and movement(state, f) == ma]

    def offered(f) -> dict[str, dict]:  # worked out afresh, as in a new position
        forget_plans(state)
        return offer(state, f)

    f = max(runners, key=lambda f: (sum(len(i.get("hexes", ())) for i in offered(f).values()), f.name))
    infos = offered(f)
    full = max((len(i.get("hexes", ())) for i in infos.values()), default=0)
    times = sample(lambda: offered(f), n)
    return times_result(
        "reach",
        f"Reachable hexes, every movement action, MA {ma} among 200",
        times,
        target=0.6,
        note=f"{f.name}: {full} hexes in reach, {len(infos)} actions",
    )


def attack_position(seed: int = 4) -> tuple[Game, list[Command]]:
    """The arena, played by the pushy player until attacks are on offer; those attacks."""
    rng = random.Random(seed)
    game = Game(load_map(ARENA), seed=seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        attacks = [c for c in legal if c.action in ATTACKS]
        if attacks:
            return game, attacks
        game.submit(pushy_choice(game, legal, rng))
    raise RuntimeError("the arena game ended before any attack was on offer")


def clear_dice_caches() -> None:
    """Forget every memoised dice sum, so that a prediction works its odds out from scratch."""
    for value in vars(board.dice).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


def predict(n: int) -> list[Result]:
    """Exact odds of the attacks on offer in an arena fight: uncached, then with warm dice caches."""
    game, attacks = attack_position()
    which = [0]

    def one() -> None:
        game.predict(attacks[which[0] % len(attacks)])
        which[0] += 1

    names = ", ".join(sorted({c.action for c in attacks}))
    uncached = sample(one, n, before=clear_dice_caches)
    cached = sample(one, n)
    return [
        times_result(
            "predict",
            "Exact attack prediction, uncached",
            uncached,
            target=0.5,
            note=f"{len(attacks)} attacks on offer ({names}); dice caches cleared each call",
        ),
        times_result("predict_cached", "Exact attack prediction, dice caches warm", cached),
    ]


def play(games: int) -> list[Result]:
    """Pushy random games on the arena: submit() alone, and whole games with the choosing."""
    battle = load_map(ARENA)
    submit_rates, game_rates, commands = [], [], 0
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(battle, seed=seed)
        spent, count = 0.0, 0
        start = clock()
        while not game.is_terminal() and count < MAX_COMMANDS:
            command = pushy_choice(game, game.legal_actions(), rng)
            t = clock()
            accepted = game.apply(command).accepted
            spent += clock() - t
            if not accepted:
                raise RuntimeError(f"a legal command was refused: {command.short()}")
            count += 1
        game_rates.append(1.0 / (clock() - start))
        submit_rates.append(count / spent)
        commands += count
    return [
        rate_result(
            "submit_rate",
            "Commands validated+applied per s (submit only, enumeration excluded)",
            submit_rates,
            target=20_000,
            note=f"{commands} commands in {games} games; rate per game",
        ),
        rate_result(
            "games_rate",
            "Whole random games per s on the arena (with choosing)",
            game_rates,
            note="pushy player; legal_actions() enumerated every step",
        ),
    ]


def map_load(n: int) -> Result:
    """load_map of the big map's YAML from a file: parse and validate."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(big_map_yaml(), encoding="utf-8")
        times = sample(lambda: load_map(path), n, warmup=1)
    return times_result("map_load", "Big map load and validation from YAML", times, target=150.0)

"""The command contract, once for every registered ruleset (and the demonstration ruleset of
tests/demo_ruleset), over random play.

Random legal play reaches the end of the fight; after every accepted command every cell of every
figure is on an open hex of the map and no two figures share a cell (but for figures drawn as
sharing a hex), the state's snapshot is JSON-ready and the turn says who acts; a refused command
leaves the state as it was; `Game.check` never raises and agrees with `submit`, reason for reason;
a setting an action does not take is refused by name; a replay and undo give the same state;
every enabled menu entry turns into an accepted command, as the board sends it; and every figure
that moves slides there on the board instead of jumping.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from board.game import Game, Outcome
from board.hexgrid import Hex
from board.maps import load_map
from board.rules.base import Command
from board.rules.reports import ActionInfo
from board.rules.registry import ruleset_ids
from board.ui.draw.animations import LIMIT, Animator
from demo_ruleset import DEMO
from demo_ruleset.harness import demo_battle, registered
from helpers import ROOT, play_out, sample_map

OUTDOOR = ROOT / "maps" / "outdoor.yaml"  # a 7-hex dragon and a 3-hex spider among walls
RULESETS = ruleset_ids() + (DEMO.id,)  # every ruleset a player can pick, and the demo


@pytest.fixture(autouse=True, scope="module")
def demo():
    """The demonstration ruleset of tests/demo_ruleset, registered for this module's tests."""
    with registered():
        yield


def new_game(ruleset: str, map_path: Path | None = None, seed: int = 0, options=None) -> Game:
    """A game under the ruleset on a map (by default its own sample map)."""
    if ruleset == DEMO.id:
        return Game(demo_battle(), options, seed)
    return Game(load_map(map_path or sample_map(ruleset), ruleset), options, seed)


def assert_figures_stand_apart_on_open_hexes(game: Game, after: Command) -> None:
    """Every cell of every figure on the map, off walls, and no cell shared but by figures drawn
    sharing a hex (Warrior & Wizard's brawl)."""
    snapshot = game.snapshot()["figures"]
    riders = {name for name, f in snapshot.items() if f.get("mount")}  # dox: on its horse's hex
    owner: dict = {}
    for name, token in game.tokens().items():
        if name in riders:
            continue
        for cell in token.cells:
            where = f"{name}'s cell {game.battle.label(cell)} after {after.short()} {after}"
            assert cell in game.battle.cells, f"{where} is off the map"
            assert game.battle.passable(cell), f"{where} is a wall"
            other = owner.get(cell)  # W&W: the figures of a hand-to-hand brawl share a hex
            assert other is None or (token.shares_hex and other.shares_hex), f"{where} is also {other.name}'s"
            owner[cell] = token


def state_text(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True, default=str)


def damaged(rng: random.Random, game: Game, legal: list[Command]) -> Command:
    """A command a careless script or a fuzzer might send: a legal one with one setting changed,
    or a GM placement of a random figure at a random hex and facing."""
    names = sorted(game.tokens())
    cells = sorted(game.battle.cells)
    spot = rng.choice(cells)
    if rng.random() < 0.3:
        facing = rng.randrange(6) if game.ruleset.facing else None
        return Command(
            do="gm",
            action="place",
            figure=rng.choice(names),
            to=(spot.q + rng.choice((0, 0, 0, 9)), spot.r),
            facing=facing,
        )
    command = rng.choice(legal)
    change = rng.choice(["target", "to", "facing", "path", "params", "dice", "action", "figure"])
    value = {
        "target": rng.choice(names + ["nobody", ""]),
        "to": rng.choice([(spot.q, spot.r), (99, 99), "abcd", "0505"]),
        "facing": rng.randrange(6),
        "path": rng.choice([((spot.q, spot.r),), tuple(reversed(command.path or ())), ()]),
        "params": rng.choice(
            [{"lapse": 3}, {"amount": -1}, {"no_such_setting": 1}, {**command.params, "shield": "yes"}]
        ),
        "dice": tuple(rng.choice((-1, 0, 1, 6, 7, 100)) for _ in range(rng.randrange(1, 5))),
        "action": rng.choice([c.action for c in legal if c.action] + ["fly"]),
        "figure": rng.choice(names),
    }[change]
    return command.model_copy(update={change: value})


def play(ruleset: str, map_path: Path, seed: int, steps: int, careless: float = 0.4) -> int:
    """Random play with invariants checked after every step, a careless share of the commands
    damaged; returns the commands accepted."""
    rng = random.Random(seed)
    game = new_game(ruleset, map_path, seed)
    accepted = 0
    for _ in range(steps):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        assert legal, "no legal command while the game goes on"
        command = damaged(rng, game, legal) if rng.random() < careless else rng.choice(legal)
        before, version = state_text(game), game.version
        reason = game.check(command)
        outcome = game.submit(command)
        assert outcome.reason == reason, f"check said {reason!r}, submit {outcome.reason!r}: {command}"
        if command in legal:
            assert outcome.accepted, f"legal_actions offered {command}, refused: {outcome.reason}"
        if outcome.accepted:
            accepted += 1
            assert_figures_stand_apart_on_open_hexes(game, command)
        else:
            assert game.version == version and state_text(game) == before, (
                f"a refused command changed the state: {command}"
            )
    return accepted


@pytest.mark.parametrize(
    "ruleset, map_path",
    [(r, None) for r in RULESETS] + [(r, OUTDOOR) for r in ruleset_ids()],
    ids=lambda v: "own map" if v is None else getattr(v, "stem", v),
)
def test_random_play_keeps_every_figure_on_open_hexes_apart_and_check_agrees_with_submit(ruleset, map_path):
    accepted = sum(play(ruleset, map_path, seed, steps=70) for seed in range(3))
    assert accepted >= 30, "too few commands accepted to exercise the rules"


def test_legal_moves_of_multihex_figures_end_on_open_hexes_apart_under_melee_seconds():
    # The 3-hex spider turned onto a wall, off the map or onto the dragon as its move ended.
    for seed in range(4):
        play("melee-seconds", OUTDOOR, seed, steps=100, careless=0)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_places_a_multihex_figure_only_where_all_its_cells_are_free(ruleset):
    game = Game(load_map(OUTDOOR, ruleset))
    dragon = max(game.tokens().values(), key=lambda token: token.size)
    spots = sorted(game.battle.cells)[::3] + [h for h in game.battle.terrain][:20]
    placed = 0
    for h in spots:
        for facing in range(6) if game.ruleset.facing else (None,):
            command = Command(do="gm", action="place", figure=dragon.name, to=(h.q, h.r), facing=facing)
            if game.check(command) is None:
                placed += 1
                fresh = Game(load_map(OUTDOOR, ruleset))
                assert fresh.submit(command).accepted
                assert_figures_stand_apart_on_open_hexes(fresh, command)
    assert placed > 0


# --- the settings a command gives ------------------------------------------------------------


def first_legal(ruleset: str, wanted) -> tuple[Game, Command]:
    """A game under the ruleset and a legal command matching wanted, found by random play."""
    rng = random.Random(1)
    game = new_game(ruleset, seed=1)
    for _ in range(400):
        legal = game.legal_actions()
        found = [c for c in legal if wanted(c)]
        if found:
            return game, found[0]
        game.submit(rng.choice(legal))
    pytest.fail(f"no legal command of the kind wanted under {ruleset}")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_target_on_a_move_is_refused_by_name(ruleset):
    game, move = first_legal(ruleset, is_move)
    names = [n for n in game.tokens() if n != move.figure]
    reason = game.check(move.model_copy(update={"target": names[0]}))
    assert reason and "does not take target" in reason


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_destination_on_an_attack_is_refused_by_name(ruleset):
    game, attack = first_legal(ruleset, is_attack)
    far = sorted(game.battle.cells)[0]
    reason = game.check(attack.model_copy(update={"to": (far.q, far.r)}))
    assert reason and "does not take to" in reason


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unknown_setting_in_params_is_refused_by_name(ruleset):
    game, command = first_legal(ruleset, lambda c: True)
    reason = game.check(command.model_copy(update={"params": {**command.params, "zzz": 1}}))
    assert reason and "params.zzz" in reason
    assert game.check(command) is None


# --- check never raises, and agrees with submit --------------------------------------------------


def is_move(c: Command) -> bool:
    return c.target is None and bool(c.path or c.to is not None)


def is_attack(c: Command) -> bool:
    return c.target is not None and c.to is None and not c.path


@pytest.mark.parametrize(
    "ruleset, wanted, update",
    [
        ("usage-dice", is_move, {"to": "abcd", "path": None}),
        ("melee-seconds", is_move, {"to": "abcd", "path": None}),
        ("warrior-wizard", is_move, {"params": {"lapse": "Blur"}}),
        ("warrior-wizard", is_attack, {"dice": (9, 9, 9)}),
        ("combat-chart", is_attack, {"dice": (0, 0)}),
    ],
)
def test_check_returns_the_reason_submit_gives_instead_of_raising(ruleset, wanted, update):
    game, legal = first_legal(ruleset, wanted)
    bad = legal.model_copy(update=update)
    reason = game.check(bad)
    assert reason is not None
    assert game.submit(bad).reason == reason


# --- random legal play to the end ----------------------------------------------------------------


def assert_turn_and_snapshot_hold(game: Game, after: Command) -> None:
    """The snapshot is JSON as it stands (no default= needed) and the turn says who acts."""
    json.dumps(game.snapshot(), allow_nan=False)
    info = game.turn()
    if info.over:
        assert info.active is None, f"the fight is over but {info.active} acts, after {after}"
        assert game.legal_actions() == [] and game.current_player() is None
    else:
        assert info.active in game.tokens(), f"nobody known acts after {after}: {info}"
        assert game.current_player() in {t.team for t in game.tokens().values()}


def contract(game: Game, command: Command, outcome: Outcome) -> None:
    assert_figures_stand_apart_on_open_hexes(game, command)
    assert_turn_and_snapshot_hold(game, command)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_legal_play_reaches_the_end_with_every_invariant_after_every_command(ruleset, seed):
    game = new_game(ruleset, seed=seed)
    played = play_out(game, random.Random(seed), each=contract)
    assert played > 5 and game.is_terminal()
    returns = game.returns()
    assert returns[game.winner()] == 1 and sorted(returns.values())[:-1] == [-1] * (len(returns) - 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_legal_commands_are_those_validating_their_fields_makes(ruleset):
    # The kernel builds a menu's candidates without validating them (kernel/params.py made()).
    game, rng = new_game(ruleset, seed=1), random.Random(1)
    for _ in range(40):
        legal = game.legal_actions()
        if not legal:
            break
        for c in legal:
            validated = Command(**{name: getattr(c, name) for name in c.model_fields_set})
            assert (validated, repr(validated), validated.model_dump_json()) == (c, repr(c), c.model_dump_json())
        assert len({id(c.params) for c in legal}) == len(legal)  # each its own settings, as validated
        assert game.submit(rng.choice(legal)).accepted


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_replay_undo_and_a_clone_give_the_state_each_command_left(ruleset):
    game, states = new_game(ruleset, seed=4), []
    play_out(game, random.Random(4), each=lambda g, c, o: states.append(json.dumps(g.snapshot())))
    again = new_game(ruleset, seed=4)
    for command in game.history:
        assert again.submit(command).accepted, command
    assert again.snapshot() == game.snapshot()
    assert [e.as_json() for e in again.events] == [e.as_json() for e in game.events]
    tried, end = again.clone(seed="other dice"), game.snapshot()
    assert tried.undo() and tried.snapshot() != end and again.snapshot() == end
    for state in reversed(states[:-1]):
        assert game.undo()
        assert json.dumps(game.snapshot()) == state
    assert game.undo() and game.snapshot() == new_game(ruleset, seed=4).snapshot()


# --- every menu entry is a command the rules accept --------------------------------------------


def sent(game: Game, name: str, entry: ActionInfo, rng: random.Random) -> list[list[Command]]:
    """What the board sends for an enabled menu entry (board/ui/play/controller.py), one list per
    thing the player may pick (a hex, a target, a choice): the commands the board may send for
    it (a move with facing: one per facing, the board offering those that fit). At most four
    picks of hexes, chosen at random."""
    base: dict = {"figure": name, "action": entry.id}
    facings = range(6) if game.ruleset.facing else (None,)
    if entry.phase == "movement":
        if entry.needs != "path":
            return [[Command(do="move", **base, facing=d) for d in facings]]
        picks = rng.sample(sorted(entry.hexes), min(4, len(entry.hexes)))
        return [
            [Command(do="move", **base, path=tuple((h.q, h.r) for h in entry.hexes[end]), facing=d) for d in facings]
            for end in picks
        ]
    if entry.needs == "target":
        return [[Command(do="act", **base, target=t)] for t in entry.targets]
    if entry.needs == "hex":
        return [
            [Command(do="act", **base, to=(h.q, h.r))]
            for h in rng.sample(sorted(entry.hexes), min(4, len(entry.hexes)))
        ]
    if entry.needs == "weapon" and entry.choices:
        return [[Command(do="act", **base, weapon=w)] for w in entry.choices]
    if entry.needs == "choice" and entry.choices:
        return [[Command(do="act", **base, params=entry.choice_params.get(c, {}))] for c in entry.choices]
    return [[Command(do="act", **base)]]


def menu_refusals(game: Game, rng: random.Random) -> list[str]:
    """Each pick of each enabled menu entry the board shows now that no command carries out."""
    phase = game.turn().phase
    wrong = []
    for name in game.tokens():
        for entry in game.actions(name):
            if not entry.enabled or entry.phase != phase:
                continue
            for tries in sent(game, name, entry, rng):
                reasons = [game.check(c) for c in tries]
                if None not in reasons:
                    wrong.append(f"{tries[0]}: {reasons[0]}")
    return wrong


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_enabled_menu_entry_turns_into_an_accepted_command(ruleset):
    rng, wrong = random.Random(2), []
    game = new_game(ruleset, seed=2)
    play_out(game, rng, each=lambda g, c, o: wrong.extend(menu_refusals(g, rng)), limit=3000)
    assert not wrong, "\n".join(wrong[:10])


# --- every move slides on the board --------------------------------------------------------------


def glides(events: list, before: dict[str, Hex]) -> dict[str, list[tuple]]:
    """Where the board's animator slides each figure for these events: name -> the hexes of
    each glide (pixels are hexes here), sampled over the whole animation."""
    animator = Animator(lambda h: (float(h[0]), float(h[1])))
    animator.add(events, 0.0, {n: (h.q, h.r) for n, h in before.items()})
    out: dict[str, list[tuple]] = {}
    for step in range(int(LIMIT * 100) + 1):
        for name in before:
            fx = animator.figure_fx(name, step / 100)
            if fx and fx.offset_path and tuple(fx.offset_path) not in out.setdefault(name, []):
                out[name].append(tuple(fx.offset_path))
    return out


def jumps(game: Game, command: Command, outcome: Outcome, before: dict[str, Hex]) -> list[str]:
    """Each figure whose anchor hex the command changed but that does not slide from where it
    stood to where it stands (a GM placement is a jump on purpose)."""
    if command.do == "gm":
        return []
    moved = {n: t.hex for n, t in game.tokens().items() if n in before and t.hex != before[n]}
    slid = glides(outcome.events, before)
    wrong = []
    for name, end in moved.items():
        paths = slid.get(name, [])
        if not paths or paths[0][0] != tuple(map(float, before[name])) or paths[-1][-1] != tuple(map(float, end)):
            kinds = sorted({e.kind for e in outcome.events if e.figure == name})
            wrong.append(f"{name} jumps from {before[name]} to {end} ({command.short()}; events {kinds})")
    return wrong


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_figure_that_moves_slides_from_where_it_stood_to_where_it_stands(ruleset):
    wrong, seen = [], {}

    def each(game, command, outcome):
        wrong.extend(jumps(game, command, outcome, seen["before"]))
        seen["before"] = {n: t.hex for n, t in game.tokens().items()}

    game = new_game(ruleset, seed=1)
    seen["before"] = {n: t.hex for n, t in game.tokens().items()}
    play_out(game, random.Random(1), each=each)
    assert not wrong, "\n".join(wrong[:10])

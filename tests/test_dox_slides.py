"""Every figure whose hex a dox command changes slides there on the board (issue 16, "every move
event animates"): a rider and the mount carrying him glide together, a dragged victim follows
his grappler step by step, and mounting, dismounting, a throw and a fall from the saddle slide."""

from board.ui.draw.animations import schedule
from helpers import act
from dox_helpers import fig, move, new_game, set_order
from test_dox_grapple import grappled
from test_dox_mounted import mounted


def glides(game, command) -> dict[str, tuple[float, float, list]]:
    """What the board's animator plans for a command: name -> (start, end, hexes of the glide)."""
    before = {n: (t.hex.q, t.hex.r) for n, t in game.tokens().items()}
    batch, _ = schedule(command().events, before, 0.0)
    return {t.figure: (t.start, t.end, t.hexes) for t in batch.tracks if t.kind == "move"}


def test_a_rider_and_his_mount_glide_together_along_the_same_hexes():
    game = mounted(order=("Rex", "Horse", "Ann"), radius=12)
    plan = glides(game, lambda: move(game, "Rex", (0, -1), (0, -2), (0, -3)))
    path = [(0, 0), (0, -1), (0, -2), (0, -3)]
    assert plan["Rex"] == plan["Horse"] and plan["Rex"][2] == path


def test_a_dragged_victim_glides_behind_his_grappler_at_the_same_time():
    game = grappled(ann={"strength": 4})
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    plan = glides(game, lambda: move(game, "Ann", (-1, 0), (-2, 0), (-3, 0)))
    assert plan["Ann"][2] == [(0, 0), (-1, 0), (-2, 0), (-3, 0)]
    assert plan["Bob"][2] == [(1, 0), (0, 0), (-1, 0), (-2, 0)]
    assert plan["Bob"][:2] == plan["Ann"][:2]


def test_mounting_and_dismounting_slide_the_rider():
    game = mounted(order=("Rex", "Horse", "Ann"))
    move(game, "Rex")
    assert glides(game, lambda: act(game, "Rex", "dismount", to=(-1, 0)))["Rex"][2] == [(0, 0), (-1, 0)]
    set_order(game, "Rex", "Horse", "Ann")
    move(game, "Rex")
    plan = glides(game, lambda: act(game, "Rex", "mount", target="Horse"))
    assert plan == {"Rex": (0.0, plan["Rex"][1], [(-1, 0), (0, 0)])}  # the horse stays put


def test_a_thrown_victim_slides_to_where_he_lands():
    game = grappled()
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    throw = lambda: act(game, "Ann", "throw", to=(-1, 0), params={"surface": "floor"})  # noqa: E731
    assert glides(game, throw)["Bob"][2] == [(1, 0), (-1, 0)]


def test_a_rider_thrown_from_the_saddle_slides_off_his_mount():
    game = mounted(rider={"armor": "Chain"})
    plan = glides(game, lambda: act(game, "Ann", "strike", target="Rex", dice=[4, 4, 1, 1]))
    rex = game.state.figures["Rex"]
    assert plan["Rex"][2] == [(0, 0), (rex.hex.q, rex.hex.r)] and "Horse" not in plan


def test_a_rider_knocked_down_in_the_saddle_slumps_beside_his_mount():
    game = new_game(
        fig("Rex", "Red", [0, 1], mount="Horse", max_wounds=1, fortune=0),
        fig("Horse", "Red", [0, 0], kind="horse"),
        fig("Ann", "Blue", [1, 0], weapon="Sword"),
        fig("Cid", "Red", [-3, 0]),
        order=["Ann", "Rex", "Horse", "Cid"],
    )
    plan = glides(game, lambda: act(game, "Ann", "strike", target="Rex", dice=[6, 6, 6, 6]))
    rex = game.state.figures["Rex"]
    assert rex.status == "down" and rex.mount is None
    assert plan["Rex"][2] == [(0, 0), (rex.hex.q, rex.hex.r)]

"""No initiative and combat turns: sides in turn, each figure moves and takes one action."""

from helpers import act, action_info, fig, ok, refused
from ud_helpers import figure, new_game


def two_sides(**options):
    return new_game(
        figure("Ann", "PCs", (0, 0)),
        figure("Bo", "PCs", (0, 2)),
        figure("Orc", "Orcs", (4, 0)),
        figure("Imp", "Orcs", (4, -2)),
        options=options,
    )


def test_the_players_side_acts_first():
    game = two_sides()
    assert game.state.side == "PCs" and game.state.active == "Ann"


def test_surprised_players_let_the_other_side_act_first():
    game = two_sides(surprised=True)
    assert game.state.side == "Orcs" and game.state.active == "Orc"
    refused(game, do="act", figure="Ann", action="pass")


def test_any_figure_of_the_acting_side_may_act_in_any_order():
    game = two_sides()
    act(game, "Bo", "move", to=(1, 2))
    assert game.state.active == "Ann"  # the board's active figure: the first not done
    act(game, "Ann", "pass")
    assert game.state.side == "PCs"  # Bo has moved but still has an action
    act(game, "Bo", "pass")
    assert game.state.side == "Orcs"


def test_a_figure_moves_and_takes_one_action_then_its_turn_ends():
    game = two_sides()
    act(game, "Ann", "move", to=(2, 0))
    assert refused(game, do="act", figure="Ann", action="move", to=(2, 1)) == "Ann has already moved this turn"
    act(game, "Ann", "dash", to=(3, 1))  # the action: a second move
    assert fig(game, "Ann").done
    assert "finished its turn" in refused(game, do="act", figure="Ann", action="pass")


def test_the_move_may_come_after_the_action():
    game = two_sides()
    act(game, "Ann", "dash", to=(1, 0))
    assert not fig(game, "Ann").done
    assert action_info(game, "Ann", "engage").reason == "Ann has already taken its action this turn"
    act(game, "Ann", "move", to=(2, 0))
    assert fig(game, "Ann").done


def test_a_move_is_limited_by_speed_and_blocked_by_walls_and_figures():
    game = new_game(figure("Ann", "PCs", (0, 0), speed=2), figure("Orc", "Orcs", (1, 0)), walls=[(0, 1)])
    reach = action_info(game, "Ann", "move").hexes
    assert all(len(path) <= 2 for path in reach.values())
    assert (1, 0) not in reach and (0, 1) not in reach
    assert "cannot reach" in refused(game, do="act", figure="Ann", action="move", to=(3, 0))


def test_moving_with_a_move_command_and_a_path():
    game = two_sides()
    ok(game, do="move", figure="Ann", path=((1, 0), (2, 0)))
    assert fig(game, "Ann").hex == (2, 0)


def test_sides_alternate_and_the_turn_counts_rounds():
    game = two_sides()
    for name in ("Ann", "Bo"):
        act(game, name, "pass")
    assert (game.state.turn, game.state.side) == (1, "Orcs")
    for name in ("Orc", "Imp"):
        act(game, name, "pass")
    assert (game.state.turn, game.state.side, game.state.active) == (2, "PCs", "Ann")
    assert not fig(game, "Ann").done


def test_a_figure_of_the_other_side_cannot_act_out_of_turn():
    game = two_sides()
    assert game.actions("Orc") == []
    assert refused(game, do="act", figure="Orc", action="pass") == "it is PCs's turn, not Orcs's"


def test_the_fight_ends_when_one_side_is_left_standing():
    game = new_game(figure("Ann", "PCs", (0, 0)), figure("Orc", "Orcs", (1, 0), power=2))
    ok(game, do="gm", action="damage", figure="Orc", params={"amount": 1}, dice=(1,))
    assert game.state.phase == "over" and game.state.winner == "PCs"
    info_ = game.ruleset.turn_info(game.state)
    assert info_.phase == "over" and info_.active is None


def test_the_menu_offers_a_move_and_each_action_in_the_same_order_to_every_figure_of_the_side():
    game = two_sides()
    order = [
        "move",
        "stand",
        "engage",
        "shoot",
        "shove",
        "trip",
        "disarm",
        "sunder_armor",
        "dash",
        "reload",
        "revive",
        "pick_up",
        "stance",
        "pass",
    ]
    assert [i.id for i in game.actions("Ann")] == order == [i.id for i in game.actions("Bo")]
    assert game.actions("Orc") == []  # not its side's turn


def test_moving_leaves_the_action_and_acting_leaves_the_move():
    game = two_sides()
    act(game, "Ann", "move", to=(1, 0))
    menu = {i.id: i for i in game.actions("Ann")}
    assert menu["move"].reason == "Ann has already moved this turn" and menu["dash"].enabled
    act(game, "Ann", "stance", params={"dodge": False})  # a stance is free: the action is left
    assert action_info(game, "Ann", "reload").reason == "nothing to reload"
    act(game, "Bo", "dash", to=(1, 2))
    assert (
        action_info(game, "Bo", "move").enabled
        and action_info(game, "Bo", "engage").reason == "Bo has already taken its action this turn"
    )


def test_an_unknown_action_is_refused_naming_the_actions():
    game = two_sides()
    assert refused(game, do="act", figure="Ann", action="fly").startswith(
        'unknown action "fly"; expected move, stand, engage, shoot'
    )

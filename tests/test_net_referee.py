"""The host's judgement without a network: seats, dice carried by commands, secret plots."""

from __future__ import annotations

import random

import pytest

from board.game import Game
from board.maps import load_map
from board.net.protocol import GM, Follower, decode, encode, setup_entry
from board.net.referee import Referee, taped
from board.sides import teams
from board.words import possessive

MAPS = [
    "maps/arena.yaml",
    "maps/combat-chart-skirmish.yaml",
    "maps/dox-skirmish.yaml",
    "maps/usage-dice-skirmish.yaml",
    "maps/melee-seconds-skirmish.yaml",
]


def decide(referee: Referee, request: dict, gm: bool = False):
    """As the host asks: a player's name is the invitation's (here the request's "from")."""
    return referee.decide(request, gm, None if gm else request.get("from"))


def table(path="maps/arena.yaml", options=None, seats=None):
    """A referee on a new game and a follower built from its setup entry, as a client's."""
    game = Game(load_map(path), options, seed="public")
    seats = seats if seats is not None else {t: None for t in teams(game.battle)}
    setup = decode(encode(setup_entry(game, seats)))
    referee = Referee.start(Follower.from_setup(setup), secret="host-only")
    return referee, Follower.from_setup(setup)


def relay(referee, follower, verdict):
    """Hand a verdict's entries to a follower as the stream would (through the wire format)."""
    for entry in verdict.entries:
        follower.apply(follower.seq + 1, decode(encode(entry)))


def owner_of(referee, command):
    return referee.follower.seats.get(referee.game.tokens()[command.figure].team)


@pytest.mark.parametrize("path", MAPS)
def test_a_board_replaying_commands_with_their_dice_matches_the_host_without_the_seed(path):
    referee, client = table(path)
    rng = random.Random(7)
    compared = 0
    for n in range(60):
        legal = referee.game.legal_actions()
        if not legal:
            break
        command = rng.choice(legal)
        verdict = decide(
            referee, {"rid": f"r{n}", "kind": "command", "command": command.model_dump(mode="json")}, gm=True
        )
        assert verdict.accepted, verdict.reason
        relay(referee, client, verdict)
        if not referee.held:  # a secret plot keeps the host ahead until it is revealed
            assert client.game.snapshot() == referee.game.snapshot()
            compared += 1
    assert compared > 30
    assert client.game.seed == "public" and "host-only" not in str(client.game.history)


def test_the_host_rolls_from_its_secret_so_the_public_seed_does_not_tell_the_dice():
    referee, _ = table("maps/dox-skirmish.yaml")
    rng = random.Random(3)
    differs = 0
    for n in range(40):
        command = rng.choice(referee.game.legal_actions())
        public = taped(referee.game, command, "public")  # what the seed every board knows rolls
        verdict = decide(
            referee, {"rid": f"c{n}", "kind": "command", "command": command.model_dump(mode="json")}, gm=True
        )
        rolled = verdict.entries[0]["command"].get("dice") if verdict.entries else None
        differs += bool(rolled) and tuple(rolled) != public.dice
    assert differs > 0


def _a_rolling_command(referee, rng):
    """Accept random commands until one rolls dice; that command and its entry."""
    for n in range(200):
        command = rng.choice(referee.game.legal_actions())
        verdict = referee.decide(
            {"rid": f"w{n}", "kind": "command", "command": command.model_dump(mode="json")}, gm=True
        )
        if verdict.entries and verdict.entries[-1]["command"].get("dice"):
            return command, verdict.entries[-1]
    raise AssertionError("no command rolled a die")


def test_a_command_judged_again_after_an_undo_rolls_dice_nobody_has_seen():
    referee, _ = table("maps/dox-skirmish.yaml")
    referee.run = "fixed"  # the run id is random per host start; fixed here to be repeatable
    command, entry = _a_rolling_command(referee, random.Random(5))
    seen = tuple(entry["command"]["dice"])
    assert referee.decide({"rid": "u1", "kind": "undo"}, gm=True).accepted
    public = taped(referee.game, command, "public").dice  # what every board could work out
    again = referee.decide({"rid": "again", "kind": "command", "command": command.model_dump(mode="json")}, gm=True)
    rolled = tuple(again.entries[-1]["command"]["dice"])
    # Neither the undone entry's dice nor the public seed's at that index tell the new dice.
    assert rolled != seen
    assert rolled != public


def test_a_restarted_host_does_not_roll_again_what_an_earlier_run_rolled():
    dice = []
    for run in ("first", "second"):
        referee, _ = table("maps/dox-skirmish.yaml")
        referee.run = run
        dice.append(_a_rolling_command(referee, random.Random(5))[1]["command"]["dice"])
    assert dice[0] != dice[1]


def test_a_player_commanding_another_sides_figure_is_refused_with_a_reason():
    referee, _ = table()
    red, blue = teams(referee.game.battle)[:2]
    assert decide(referee, {"rid": "s1", "from": "ann", "kind": "seat", "team": red, "holder": "ann"}).accepted
    legal = referee.game.legal_actions()
    foreign = next(c for c in legal if referee.game.tokens()[c.figure].team != red)
    verdict = decide(
        referee, {"rid": "c1", "from": "ann", "kind": "command", "command": foreign.model_dump(mode="json")}
    )
    assert not verdict.accepted
    assert f"one of {possessive(blue)} figures" in verdict.reason and f"you play {red}" in verdict.reason


def test_players_may_not_force_dice_use_gm_commands_or_undo():
    referee, _ = table()
    red = teams(referee.game.battle)[0]
    decide(referee, {"rid": "s1", "from": "ann", "kind": "seat", "team": red, "holder": "ann"})
    figure = next(t.name for t in referee.game.tokens().values() if t.team == red)
    forced = {"do": "move", "figure": figure, "action": "x", "dice": [6, 6, 6]}
    assert "force dice" in decide(referee, {"rid": "c1", "from": "ann", "kind": "command", "command": forced}).reason
    gm = {"do": "gm", "action": "damage", "figure": figure}
    assert "GM commands" in decide(referee, {"rid": "c2", "from": "ann", "kind": "command", "command": gm}).reason
    assert "only the GM" in decide(referee, {"rid": "c3", "from": "ann", "kind": "undo"}).reason


def test_a_taken_side_is_not_free_and_a_side_the_gm_takes_back_stays_closed():
    referee, _ = table()
    red = teams(referee.game.battle)[0]
    assert decide(referee, {"rid": "1", "from": "ann", "kind": "seat", "team": red, "holder": "ann"}).accepted
    assert "not free" in decide(referee, {"rid": "2", "from": "bo", "kind": "seat", "team": red, "holder": "bo"}).reason
    assert decide(referee, {"rid": "3", "kind": "seat", "team": red, "holder": None}, gm=True).accepted
    assert (
        "not free" in decide(referee, {"rid": "4", "from": "ann", "kind": "seat", "team": red, "holder": "ann"}).reason
    )
    assert decide(referee, {"rid": "5", "kind": "seat", "team": red, "holder": None, "open": True}, gm=True).accepted
    assert decide(referee, {"rid": "6", "from": "bo", "kind": "seat", "team": red, "holder": "bo"}).accepted


def test_a_side_handed_to_the_computer_is_no_players_to_command():
    referee, _ = table()
    red = teams(referee.game.battle)[0]
    assert decide(referee, {"rid": "1", "kind": "seat", "team": red, "holder": "computer"}, gm=True).accepted
    assert referee.follower.seats[red] == "computer"
    assert (
        "not free" in decide(referee, {"rid": "2", "from": "ann", "kind": "seat", "team": red, "holder": "ann"}).reason
    )
    assert (
        "computer"
        in decide(referee, {"rid": "3", "from": "computer", "kind": "seat", "team": red, "holder": None}).reason
    )


def test_a_request_sent_twice_is_applied_once():
    referee, _client = table()
    command = referee.game.legal_actions()[0]
    request = {"rid": "same", "kind": "command", "command": command.model_dump(mode="json")}
    first = decide(referee, request, gm=True)
    again = decide(referee, request, gm=True)
    assert first.accepted and len(first.entries) == 1
    assert again.duplicate and again.entries == []
    assert len(referee.game.history) == 1


def test_garbage_requests_are_refused_with_a_reason_and_change_nothing():
    referee, _ = table()
    before = referee.game.snapshot()
    for request in [
        {},
        {"rid": 5},
        {"rid": "x", "from": "ann"},
        {"rid": "x", "from": "ann", "kind": "command", "command": {"do": 3}},
        {"rid": "y", "from": GM, "kind": "undo"},
        {"rid": "z", "from": "ann", "kind": "seat", "team": "Nobody", "holder": "ann"},
    ]:
        assert decide(referee, request).reason
    assert referee.game.snapshot() == before and referee.game.history == []


def test_gm_undo_and_redo_reach_every_board():
    referee, client = table()
    for n in range(6):
        command = referee.game.legal_actions()[0]
        relay(
            referee,
            client,
            decide(referee, {"rid": f"c{n}", "kind": "command", "command": command.model_dump(mode="json")}, gm=True),
        )
    relay(referee, client, decide(referee, {"rid": "u1", "kind": "undo"}, gm=True))
    relay(referee, client, decide(referee, {"rid": "u2", "kind": "undo"}, gm=True))
    relay(referee, client, decide(referee, {"rid": "r1", "kind": "redo"}, gm=True))
    assert len(client.game.history) == len(referee.game.history) == 5
    assert client.game.snapshot() == referee.game.snapshot()


def test_written_plots_reach_the_other_boards_only_when_the_second_resolves():
    referee, client = table("maps/melee-seconds-skirmish.yaml", {"written_plots": True})
    held = released = 0
    for n in range(40):
        command = referee.game.legal_actions()[0]
        verdict = decide(
            referee, {"rid": f"c{n}", "kind": "command", "command": command.model_dump(mode="json")}, gm=True
        )
        assert verdict.accepted, verdict.reason
        if verdict.note:  # held: nothing goes out but the words "has plotted"
            held += 1
            assert verdict.entries == [] and referee.held[-1]["rid"] == f"c{n}"
        elif len(verdict.entries) > 1:  # the second resolved: its plots go out, in order
            released += 1
            assert [e["rid"] for e in verdict.entries][-1] == f"c{n}"
        relay(referee, client, verdict)
        if not referee.held:
            assert client.game.snapshot() == referee.game.snapshot()
    assert held > 5 and released > 2

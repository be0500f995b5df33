"""Several boards at one game over a real nats-server on loopback."""

from __future__ import annotations

import asyncio
import random


from board.game import Game
from board.maps import load_map
from board.net.host import Host
from board.net.protocol import Subjects
from board.sides import teams
from board.words import possessive
from tests.net_helpers import (  # noqa: F401 (server: a fixture)
    FIGHT,
    Board,
    over,
    play_turns,
    run,
    server,
    start_host,
    start_with_held_plots,
)


def test_a_host_and_two_players_play_a_fight_to_the_end_and_see_the_same_game(server):
    async def scenario():
        host, gm = await start_host(server)
        ann, bo = [await Board(server.hosting, name).start() for name in ("ann", "bo")]
        await ann.reach(1)
        red, blue = teams(ann.game.battle)
        assert (await ann.ask("seat", team=red, holder="ann"))["ok"]
        assert (await bo.ask("seat", team=blue, holder="bo"))["ok"]
        await asyncio.gather(
            play_turns(ann, [red], random.Random(1), lambda b: over(b.game)),
            play_turns(bo, [blue], random.Random(2), lambda b: over(b.game)),
        )
        last = host.referee.follower.seq
        for board in (gm, ann, bo):
            await board.reach(last)
        assert over(gm.game) and len(gm.game.history) > 20
        assert ann.game.snapshot() == bo.game.snapshot() == gm.game.snapshot() == host.referee.game.snapshot()
        for board in (gm, ann, bo):
            await board.stop()
        await host.stop()

    run(scenario())


def test_a_player_commanding_another_sides_figure_is_refused_with_a_reason(server):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        red, blue = teams(ann.game.battle)
        await ann.ask("seat", team=red, holder="ann")
        theirs = next(c for c in ann.game.legal_actions() if ann.game.tokens()[c.figure].team == blue)
        reply = await ann.command(theirs)
        assert not reply["ok"] and f"one of {possessive(blue)} figures" in reply["reason"]
        assert host.referee.game.history == []
        await ann.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_request_sent_again_after_a_reconnect_is_applied_once(server):
    async def scenario():
        host, gm = await start_host(server)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        red = teams(ann.game.battle)[0]
        seat = ann.client.request("seat", team=red, holder="ann")
        first = await ann.client.ask(seat)
        again = await ann.client.ask(seat)  # as a client resends when no answer came
        assert first["ok"] and again["duplicate"] and again["seq"] == first["seq"]
        info = await host.js.stream_info(Subjects(server.hosting.game).stream)
        assert info.state.last_seq == 2
        await ann.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_a_saved_game_hosted_goes_on_from_where_it_stands_on_every_board(server):
    async def scenario():
        saved = Game(load_map(FIGHT), seed=11)
        rng = random.Random(6)
        for _ in range(12):
            assert saved.submit(rng.choice(saved.legal_actions())).accepted
        host, gm = await start_host(server, game=saved)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(host.referee.follower.seq)
        # Every board is where the save stood, die for die, rolled from the save's own seed.
        assert len(ann.game.history) == 12
        assert ann.game.snapshot() == gm.game.snapshot() == saved.snapshot()
        await ann.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_written_plots_stay_on_the_host_until_the_second_resolves(server):
    async def scenario():
        game = Game(load_map("maps/melee-seconds-skirmish.yaml"), {"written_plots": True}, seed=2)
        host, gm = await start_host(server, game=game)
        ann = await Board(server.hosting, "ann").start()
        await ann.reach(1)
        stream = Subjects(server.hosting.game).stream
        held = 0
        for _ in range(40):
            before = (await host.js.stream_info(stream)).state.last_seq
            reply = await gm.command(host.referee.game.legal_actions()[0])  # the host's game is ahead
            assert reply["ok"], reply
            if host.referee.held:
                held += 1
                # nothing of the plot went out: only a note that it was made
                assert (await host.js.stream_info(stream)).state.last_seq == before
                await ann.until(lambda held=held: len(ann.notes) >= held)
                assert "secret General Plot" in ann.notes[-1] or "has plotted" in ann.notes[-1]
            elif held:
                break
        assert held >= 2
        await ann.reach(host.referee.follower.seq)
        assert ann.game.snapshot() == host.referee.game.snapshot()
        await ann.stop(), await gm.stop(), await host.stop()

    run(scenario())


def test_plots_the_host_held_survive_the_host_being_killed(server):
    async def scenario():
        host, gm = await start_with_held_plots(server)
        held, ahead = list(host.referee.held), host.referee.game.snapshot()
        await gm.stop()
        await host.stop()  # gone without a word: what it held is in its own held stream
        host = Host(server.hosting)
        await host.start()
        assert host.referee.held == held and host.referee.game.snapshot() == ahead
        await host.stop()

    run(scenario())

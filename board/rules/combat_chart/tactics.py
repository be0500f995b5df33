"""Combat-chart tactics on top of the computer player's shared scores (the ruleset names adjust()
as its tactics, which board.ai.ranking.scored calls; the other rulesets play as before).

What the shared scores do not see in combat-chart (rule text 001):
- "The fight ends when at most one team has a figure that is neither unconscious, knocked out
  nor dead" (docs/rules-notes.md): a Sleep (knockout) on the most dangerous enemy takes it out
  of the fight as surely as a death, and putting down the last enemy still up wins at once;
- spells reach only so far and not through walls: a caster walks to where its Sleep reaches;
- a bow or crossbow shoots along any line of fire a wall does not block: a figure that does not
  shoot back keeps out of those lines;
- a heavy crossbow "must be loaded" (a short action) before it shoots again, and a spell costs
  magic: a shooter or caster that cannot shoot, running from a sword that catches up with it
  every turn, never shoots, and the fight never ends (computer fights ran past turn 140);
  running that gains nothing ranks below loading, or below what it can do standing;
- "improved by dodging, taking cover, blocking with a shield": a dodge, parry or block (the
  turn's action, lasting the round) is worth the blows it turns aside, weighed as attacks are,
  from the enemies still to act this round (the rules' own odds, as the enemy would strike).
Everything used is public: the tokens as drawn (the ready weapon is the token's caption), the
map's walls, the catalogue, and the acting side's own figures."""

from __future__ import annotations

import copy
from dataclasses import replace

from board.ai.odds import attack_value, put_down
from board.ai.scoring import Scored, Tactics, end_of, is_move
from board.ai.view import SideView, gap, health
from board.hexgrid import Hex, hex_distance, hex_linedraw_both, hex_neighbor
from board.rules.base import Command, Refusal
from board.rules.combat_chart.attack import plan, predict_attack
from board.rules.combat_chart.params import Cast, Drink, Short, UseItem
from board.rules.combat_chart.state import weapon_of
from board.rules.combat_chart.tables import load

KNOCKOUT = 6.0  # a knockout on the enemy that hurts most, over one on the one that hurts least
LAST_FOE = 15.0  # putting down the last enemy still up ends the fight
CASTER_REACH = 2.5  # a caster ending where its Sleep reaches the most dangerous enemy
IN_SIGHT = 0.6  # a figure that cannot shoot back, in an enemy bow's line of fire (cover: half)
HURT_SIGHT = 4.0  # ... counts up to five times as much when the figure is nearly down
SHOOTER_SIGHT = 2.0  # a bow or crossbow ending where it can shoot the most dangerous enemy
REARM = 1.0  # a better weapon taken up (picked up after a knock or a fumble), per point of threat
RANGED_READY = 4.0  # scoring.ATTACK_BASE: a weapon that reaches makes next round's attack possible
STRAP = 0.5  # a shield strapped on blocks from next round: half of what a block turns aside now
STRAP_COST = 1.0  # the short action's turn, and a slung shield's "Sling"/"Strap" back and forth
STANCES = ("dodge", "parry", "block")
SCALE = 12.0  # score points per point of an attack's worth (scoring.score_attack)
STANCE_BASE = 2.0  # half of scoring.ATTACK_BASE
STANCE_KEYWORD = 1.5  # what scoring.OTHER_ACTIONS gave a stance by its name, taken back here


def adjust(game, view: SideView, rows: list[Scored]) -> list[Scored]:
    """The rows with combat-chart's own weights added."""
    tables = load()
    danger = {e.name: threat(tables, e) for e in view.enemies}
    worst = max(danger.values(), default=1.0) or 1.0
    mine = {t.name for t in view.mine}
    sleepers = {
        name: reach
        for name in {r.command.figure for r in rows}
        if name is not None and (reach := sleep_reach(game, view, tables, name))
    }
    places: dict = {}  # (figure, hex) -> what standing there is worth

    def place(name: str, end: Hex) -> float:
        if (name, end) not in places:
            places[name, end] = _place(game, view, tables, name, end, sleepers.get(name), danger, worst)
        return places[name, end]

    out = []
    for row in rows:
        command = row.command
        me = view.tokens.get(command.figure) if command.figure in mine else None
        bonus = 0.0
        if command.target in danger and (row.attack or knocks_out(tables, command)):
            down = _down(game, command)
            if knocks_out(tables, command):
                bonus += KNOCKOUT * down * danger[command.target] / worst
            if len(view.enemies) == 1:
                bonus += LAST_FOE * down
        elif command.action == "short" and Short.of(command).short == "shield" and me is not None:
            kept = strapped_on(game, view, me.name)
            bonus += SCALE * STRAP * kept + STANCE_BASE * (kept > 0) - STRAP_COST
            row = replace(
                row,
                reason=f"straps on the {game.state.figures[me.name].shield} to block: "
                f"turns aside {kept:.2f} of the blows to come"
                if kept > 0
                else "slings its shield"
                if game.state.figures[me.name].shield_on
                else "straps on its shield, though no blow is coming",
            )
        elif command.action == "short" and me is not None:
            gain, why = _rearmed(game, view, tables, me, command)
            bonus += REARM * max(0.0, gain)
            row = replace(row, reason=why if why and gain > 0 else short_words(game, me.name, command.params))
        elif command.action == "drink" and me is not None:
            row = replace(
                row,
                reason=f"drinks the {Drink.of(command).item}" + ("" if health(me) < 0.6 else ", though hardly hurt"),
            )
        elif command.action in STANCES and me is not None:
            kept = turned_aside(game, view, me.name, command.action)
            # Half an attack's base (scoring.ATTACK_BASE) when it turns anything aside: a stance
            # beats a blow only when it keeps off more than the blow is worth, or the fight stalls.
            bonus += (
                SCALE * kept + STANCE_BASE * (kept > 0) - STANCE_KEYWORD - _block_cost(game, me.name, command.action)
            )
            row = replace(
                row,
                reason=f"{row.reason}: turns aside {kept:.2f} of the blows to come"
                if kept > 0
                else f"{row.reason}, though it turns nothing aside",
            )
        if me is not None:  # where the figure stands after the command (a move: where it ends)
            bonus += place(me.name, end_of(command, me)[0] if is_move(command) else me.hex)
        out.append(replace(row, score=row.score + bonus) if bonus else row)
    return _no_running_in_vain(game, view, out)


def _no_running_in_vain(game, view: SideView, rows: list[Scored]) -> list[Scored]:
    """Moves of an own figure that keeps away to shoot or cast but cannot now (an empty
    crossbow, no magic left for an attack spell), ending where an enemy can come next to it
    again next turn: ranked just below loading, or below the best thing it can do standing."""
    anchors: dict[str, float] = {}
    for row in rows:
        name = row.command.figure
        if name in view.shooters and name in game.state.figures and not is_move(row.command):
            anchors[name] = max(anchors.get(name, -1e9), row.score)
    out = []
    for row in rows:
        name = row.command.figure
        if name in anchors and is_move(row.command) and row.score >= anchors[name] and not _can_shoot(game, name):
            end = end_of(row.command, view.tokens[name])[0]
            chaser = next((e for e in view.enemies if gap([end], e) <= game.state.figures[e.name].move + 1), None)
            if chaser is not None:
                row = replace(row, score=anchors[name] - 0.5, reason=f"{row.reason}, though {chaser.name} catches up")
        out.append(row)
    return out


def _can_shoot(game, name: str) -> bool:
    """The side's own figure has a loaded missile weapon in hand, or magic for an attack spell."""
    state = game.state
    f = state.figures[name]
    weapon = weapon_of(state, f)
    if weapon.missile and weapon.name not in f.unloaded:
        return True
    return any(
        state.tables.spells[s].kind == "attack" and f.magic >= state.tables.spells[s].cost for s in f.spells
    ) or any(state.tables.items[i].get("spell") for i in f.items)


def threat(tables, enemy) -> float:
    """How much an enemy hurts a turn, by its ready weapon (the token's caption): mean damage
    plus half its attack value."""
    weapon = tables.weapons.get(enemy.caption or "") or tables.weapons.get("Unarmed")
    return float(weapon.damage.mean) + 0.5 * weapon.av if weapon else 1.0


def knocks_out(tables, command) -> bool:
    """A spell from memory or from a scroll that knocks its target out (Sleep)."""
    if command.action == "cast":
        spell = Cast.of(command).spell
    elif command.action == "use_item":
        spell = tables.items.get(UseItem.of(command).item or "", {}).get("spell")
    else:
        return False
    found = tables.spells.get(spell or "")
    return found is not None and found.effect == "knockout"


def sleep_reach(game, view: SideView, tables, name: str) -> int:
    """How far the side's own figure can still put an enemy to sleep (0: it cannot): its own
    sheet's spells and magic points, or a scroll it carries."""
    if name not in {t.name for t in view.mine}:
        return 0
    me = game.state.figures[name]  # the acting side's own figure: its sheet is its own
    reach = [s.range for n in me.spells if (s := tables.spells[n]).effect == "knockout" and me.magic >= s.cost]
    reach += [
        tables.spells[s].range
        for i in me.items
        if (s := tables.items[i].get("spell")) and tables.spells[s].effect == "knockout"
    ]
    return max(reach, default=0)


def sight(game, a: Hex, b: Hex) -> float:
    """1 for a clear line of fire, 0.5 with cover (one of the two hex lines crosses a wall), 0
    blocked (both do): the ruleset's reading, on the map's public walls."""
    crossed = [any(game.battle.terrain_at(h).blocks for h in line[1:-1]) for line in hex_linedraw_both(a, b)]
    return 0.0 if all(crossed) else 0.5 if any(crossed) else 1.0


def _rearmed(game, view: SideView, tables, me, command) -> tuple[float, str]:
    """How much more a short action that picks up or readies a weapon makes the figure hurt, and
    why: a weapon counts only where it can reach an enemy by the next round (a bow across the
    field; a sword where an enemy stands within a move of it)."""
    settings = Short.of(command)
    weapon = settings.weapon
    if settings.short not in ("pick_up", "ready") or weapon not in tables.weapons:
        return 0.0, ""
    now = reach_threat(game, view, tables, me, me.caption)
    then = reach_threat(game, view, tables, me, weapon)
    if settings.short == "pick_up":
        return then - now, ""
    if not now and then:  # nobody within reach of what is in hand: the next round's shot
        return then + RANGED_READY, f"readies the {weapon}: no enemy is within reach of the {me.caption or 'fist'}"
    return then - now, f"readies the {weapon}: it hurts more at this range"


def short_words(game, name: str, settings: dict) -> str:
    """A short action as the log says it: "loads the Heavy Crossbow", "puts the Staff away"..."""
    kind, weapon = settings.get("short"), settings.get("weapon")
    if kind == "ready" and weapon is None:
        return f"puts the {game.state.figures[name].ready or 'weapon'} away"
    verbs = {"load": "loads", "pick_up": "picks up", "ready": "readies"}
    return f"{verbs[kind]} the {weapon}" if kind in verbs else "shouts for help"


def reach_threat(game, view: SideView, tables, me, weapon: str | None) -> float:
    """What a weapon in the figure's hand is worth now (chart.threat), 0 where no enemy is within
    its range and line of fire (a bow) or within a move of its reach (a blade)."""
    found = tables.weapons.get(weapon or "") or tables.weapons["Unarmed"]
    if found.missile:
        near = any(gap([me.hex], e) <= found.range and sight(game, me.hex, e.hex) > 0 for e in view.enemies)
    else:
        step = game.state.figures[me.name].move
        near = any(
            gap([me.hex], e) <= found.reach + max(step, game.state.figures[e.name].move)
            for e in view.enemies
            if e.name in game.state.figures
        )
    return threat(tables, replace(me, caption=found.name)) if near else 0.0


def _down(game, command) -> float:
    prediction = game.predict(command)
    return put_down(prediction) if prediction is not None else 0.0


def _place(game, view, tables, name, end, reach, danger, worst) -> float:
    """What standing on a hex is worth to a figure: in Sleep's reach of the worst enemy (a
    caster), in its missile's reach and line of fire (a shooter), else out of bow lines."""
    bonus = 0.0
    if reach:
        best = max(
            (danger[e.name] for e in view.enemies if gap([end], e) <= reach and sight(game, end, e.hex) > 0),
            default=0.0,
        )
        bonus += CASTER_REACH * best / worst
    me = view.tokens[name]
    mine = tables.weapons.get(me.caption or "")
    if mine is not None and mine.missile:
        best = max(
            (danger[e.name] * sight(game, end, e.hex) for e in view.enemies if 1 < gap([end], e) <= mine.range),
            default=0.0,
        )
        bonus += SHOOTER_SIGHT * best / worst
    else:
        hurt = 1.0 + HURT_SIGHT * (1.0 - health(me))
        for enemy in view.enemies:
            weapon = tables.weapons.get(enemy.caption or "")
            if weapon is not None and weapon.missile and gap([end], enemy) <= weapon.range:
                bonus -= IN_SIGHT * hurt * sight(game, end, enemy.hex)
    return bonus


def turned_aside(game, view: SideView, name: str, stance: str) -> float:
    """What a stance is worth to the side's own figure this round: the worth (odds.attack_value)
    of the attacks the enemies still to act could make on it, less their worth against the
    stance. The enemies' ranks are on their cards; the odds are the rules' own."""
    state = game.state
    return _kept(state, _braced(state, name, stance=stance), name, [e.name for e in view.threats(view.tokens[name])])


def strapped_on(game, view: SideView, name: str) -> float:
    """What strapping a slung shield on is worth (0 for one on the arm already): what a block
    with it would turn aside from the enemies that can come to blows with the figure by the next
    round ("During any round that you attempt to block ... its defense value is added")."""
    state = game.state
    me = state.figures[name]
    if me.shield_on or not me.shield or weapon_of(state, me).bars_shield:
        return 0.0
    kept = 0.0
    for enemy in view.enemies:
        foe = state.figures.get(enemy.name)
        if foe is None or gap([me.hex], enemy) > foe.move + 1:
            continue
        # Where the blow would come from next round: beside the figure (the odds do not hang on
        # which side: combat-chart has no facing).
        if not weapon_of(state, foe).missile and gap([me.hex], enemy) > 1:
            state = _braced(state, foe.name, hex=_beside(state, me.hex, foe.hex))
        kept += _kept(state, _braced(state, name, stance="block", shield_on=True), name, [foe.name])
        state = game.state
    return kept


def _beside(state, here: Hex, there: Hex) -> Hex:
    """A free hex next to `here`, the nearest to `there`."""
    taken = {f.hex for f in state.figures.values()}
    free = [hex_neighbor(here, d) for d in range(6) if hex_neighbor(here, d) not in taken]
    return min(free, key=lambda h: hex_distance(h, there), default=here)


def _braced(state, name: str, **changes):
    """A shallow copy of the state with the figure's stance (or shield) changed, for odds only."""
    braced = copy.copy(state)
    braced.figures = dict(state.figures)
    braced.figures[name] = replace(state.figures[name], **changes)
    return braced


def _kept(state, braced, name: str, enemies: list[str]) -> float:
    """The fall in worth of each enemy's blow on the figure, from the state to the braced one."""
    left = max(1, state.figures[name].hp)
    kept = 0.0
    for enemy in enemies:
        attacker = state.figures.get(enemy)
        if attacker is None:
            continue
        blow = Command(do="act", figure=enemy, action="attack", target=name)
        try:
            now = attack_value(predict_attack(state, plan(state, attacker, blow)), left)[0]
            then = attack_value(predict_attack(braced, plan(braced, attacker, blow)), left)[0]
        except Refusal:
            continue
        kept += max(0.0, now - then)
    return kept


def _block_cost(game, name: str, stance: str) -> float:
    """ "Your next attack suffers a penalty equal to the shield's defense value minus 1"."""
    if stance != "block":
        return 0.0
    f = game.state.figures[name]
    return 0.3 * max(0, game.state.tables.shields[f.shield]["dv"] - 1) if f.shield else 0.0


TACTICS = Tactics(adjust=adjust)

"""Odds of the battles a seat is about to fight or cause in a running game (rules/eclipse/battle/game_odds.py):
E51 pairings, E53 missile volley, E60 damage carried over, E77 NPC stats, E98 exact figures, E108 move steps."""
from __future__ import annotations

import copy

import pytest

from rules.eclipse.battle.game_odds import move_odds, seat_odds
from rules.eclipse.battle.odds import odds

from .test_eclipse_combat_kit import act, board, fight, home, next_to, opts, ships

MISSILE_I = "interceptor(ion cannon, nuclear source, nuclear drive, plasma missile)"


def test_e53_e98_a_battle_under_way_is_counted_from_its_next_round():
    s = board(rolls=[1, 1])  # the volley's two missile dice miss
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    ships(s, hid, "p1", cruiser=1)
    ships(s, hid, "p2", interceptor=1)
    s.players["p2"].blueprints["interceptor"] = ["ion cannon", "nuclear source", "nuclear drive", "plasma missile"]
    [before] = seat_odds(s, "p2")  # not started yet: from the volley (E53)
    assert before.when == "next" and (before.attacker, before.defender) == ("p2", "p1")  # E51
    assert before.win == pytest.approx(odds(MISSILE_I, "cruiser"), abs=1e-12)
    fight(s)
    assert opts(s) == ["attack", f"retreat:{dest}"]  # round 1, the interceptor's activation (E58)
    [running] = seat_odds(s, "p2")
    assert running.when == "running" and running.hex == hid
    # the missiles have fired: from a round on, the interceptor is the printed one (E53)
    assert running.win == pytest.approx(odds("interceptor", "cruiser"), abs=1e-12)
    assert running.win < before.win
    assert seat_odds(s, "p1") == [running]  # the defender asks about the same battle
    act(s, "attack")


def test_e108_e77_each_step_of_a_move_gives_the_battle_it_would_cause():
    s = board()
    seat = s.start
    hid = home(s, seat)
    ships(s, hid, seat, interceptor=2)
    anc = next_to(s, hid, "105")
    s.hexes[anc].ancients = 2
    center = next_to(s, hid, "001")
    s.hexes[center].gcds = True
    quiet = next_to(s, hid, "106")
    assert seat_odds(s, seat) == []  # nothing waiting, no move under way
    act(s, "act:move", f"ship:{hid}:interceptor")
    before = copy.deepcopy((s.hexes, s.stack, s.players))
    got = {o.hex: o for o in move_odds(s, seat)}
    assert (s.hexes, s.stack, s.players) == before  # asking changes nothing
    assert set(got) == {anc, center} and quiet not in got  # no opponent in 106: no battle (E49)
    assert got[anc].when == "move" and got[anc].ship == "interceptor" and got[anc].npc == "ancient"
    assert (got[anc].attacker, got[anc].defender) == (seat, "npc")  # NPCs always defend (E51)
    assert got[anc].win == pytest.approx(odds("interceptor", "2 ancient"), abs=1e-12)  # one ship steps in
    assert got[center].npc == "gcds" and got[center].win == pytest.approx(odds("interceptor", "gcds"), abs=1e-12)
    assert seat_odds(s, seat, center) == [got[center]]  # only the hex asked for
    other = next(x for x in s.order if x != seat)
    assert move_odds(s, other) == []  # not the mover


def test_e60_damage_already_on_the_ships_counts():
    s = board()
    hid = home(s, "p1")
    ships(s, hid, "p1", dreadnought=1)
    ships(s, hid, "p2", interceptor=3)
    [fresh] = seat_odds(s, "p2")
    assert fresh.win == pytest.approx(odds("3 interceptor", "dreadnought"), abs=1e-12)
    s.hexes[hid].damage = {"p1": {"dreadnought": [2]}}  # one more point destroys it (E56)
    [hurt] = seat_odds(s, "p2")
    assert hurt.win > fresh.win

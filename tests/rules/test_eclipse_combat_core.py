"""Eclipse combat core (rules/eclipse/battle/core.py): E52-E55, E59, E77, E89-E92."""
from __future__ import annotations

from rules.eclipse.battle.core import (blueprint_type, die_hits, firing_order, missile_dice, needed, npc_type,
                                       player_type, roll_dice, stalemate)
from rules.eclipse.battle.hits import NPC, ship_type, side_ships
from rules.rng import Rng

from .test_eclipse_kit import game, home


def test_e52_e92_printed_blueprint_numbers():
    i = blueprint_type("terran", "interceptor")
    assert (i.initiative, i.computer, i.shield, i.hull, i.cannons) == (3, 0, 0, 0, (1,))
    d = blueprint_type("terran", "dreadnought")
    assert (d.initiative, d.computer, d.hull, d.cannons) == (1, 1, 2, (1, 1))
    assert blueprint_type("terran", "starbase").initiative == 4  # E92 U5
    o = blueprint_type("orion", "starbase")
    assert (o.initiative, o.shield) == (5, 1)
    assert blueprint_type("planta", "starbase").computer == 2


def test_e89_e90_parts_dice_and_missiles():
    t = blueprint_type("terran", "cruiser", ["plasma missile", "ion cannon", "hull", "nuclear source",
                                              "electron computer", "nuclear drive"])
    assert t.missiles == (2, 2) and t.cannons == (1,)
    assert missile_dice(t, 2) == (2, 2, 2, 2)
    t = blueprint_type("terran", "dreadnought", ["antimatter cannon", "ion turret", "plasma cannon",
                                                 "shard hull", "hypergrid source", "flux shield",
                                                 "axion computer", "conformal drive"])
    assert t.cannons == (4, 2, 1, 1) and (t.hull, t.shield, t.computer, t.initiative) == (3, 3, 3, 2)


def test_e77_npc_numbers():
    a, g = npc_type("ancient"), npc_type("gcds")
    assert (a.initiative, a.computer, a.hull, a.cannons) == (2, 1, 1, (1, 1))
    assert (g.initiative, g.computer, g.hull, len(g.cannons)) == (0, 1, 7, 4)
    assert a.npc and not blueprint_type("terran", "cruiser").npc


def test_e55_natural_six_hits_natural_one_misses():
    weak = blueprint_type("terran", "interceptor")
    strong = blueprint_type("terran", "dreadnought", ["ion cannon", "gluon computer", "axion computer",
                                                     "tachyon source", "nuclear drive"])
    shielded = blueprint_type("terran", "interceptor", ["ion cannon", "nuclear source", "nuclear drive",
                                                       "flux shield"])
    assert needed(weak, shielded) == 6 and die_hits(6, weak, shielded)  # shield 3 still hit by a 6
    assert needed(strong, weak) == 2 and not die_hits(1, strong, weak)  # computer 6 still misses on 1
    cruiser = blueprint_type("terran", "cruiser")
    assert [die_hits(r, cruiser, weak) for r in range(1, 7)] == [False] * 4 + [True] * 2  # 5 + 1 >= 6


def test_e52_order_ties_to_defender_and_e53_volley():
    mis = blueprint_type("terran", "cruiser", ["plasma missile", "ion cannon", "hull", "nuclear source",
                                                "electron computer", "nuclear drive"])
    di = blueprint_type("terran", "interceptor")
    ai = blueprint_type("orion", "interceptor", ["ion cannon", "nuclear source", "nuclear drive"])  # init 4
    order = firing_order([di, mis], [ai, blueprint_type("terran", "interceptor")])
    assert [(r, t.initiative) for r, t in order] == [("attacker", 4), ("defender", 3), ("attacker", 3),
                                                     ("defender", 2)]
    assert [(r, t) for r, t in firing_order([di, mis], [ai]) if t.missiles] == [("defender", mis)]


def test_e59_stalemate_only_without_cannons():
    unarmed = blueprint_type("terran", "interceptor", ["nuclear source", "nuclear drive"])
    assert stalemate([unarmed, unarmed])
    assert not stalemate([unarmed, npc_type("ancient")])


def test_roll_dice_uses_the_state_generator():
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    first = roll_dice(a, (1, 2, 4))
    assert first == roll_dice(b, (1, 2, 4)) and [d.damage for d in first] == [1, 2, 4]
    assert all(1 <= d.roll <= 6 for d in first)


def test_player_and_hex_types_from_a_game():
    s = game(["terran union", "orion"])
    assert player_type(s, "p2", "interceptor").shield == 1
    h = home(s, "p1")
    s.hexes[h].ancients = 1
    assert [ship_type(s, NPC, x).ship for x in side_ships(s.hexes[h], NPC)] == ["ancient"]
    assert all(ship_type(s, "p1", x).owner == "p1" for x in side_ships(s.hexes[h], "p1"))

"""Eclipse after the battles: reputation (E61, E114, E2, E22), population attacks (E63, E115),
control changes (E64, E65), Draco's delayed Discovery tiles (E45, E85), the E62 order."""
from __future__ import annotations

from rules.eclipse.battle import population, reputation
from rules.eclipse.board import hex_cubes
from rules.eclipse.frames import Fight, PopulationAttack
from rules.eclipse.state import Player

from .test_eclipse_combat_kit import act, board, events, fight, home, opts, ships


def _rep_frame(s):
    return next(f for f in reversed(s.stack) if f.kind == "rep")


def test_e61_draws_are_participation_plus_kills_at_most_five():
    f = Fight.new(kind="fight", hex="101", parts=["p1", "p2", "p3"], stay={"p1": True, "p2": True},
                  kills={"p1": 9, "p3": 2})
    assert reputation.due(f) == [["p1", 5], ["p2", 1], ["p3", 2]]  # p3 retreated: kills only (U7)


def test_e61_e114_draw_keep_one_return_the_rest_in_entry_order():
    s = board(rolls=[6])
    hid = home(s, "p1")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    bag = len(s.rep_bag)
    fight(s)
    f = _rep_frame(s)
    assert f.seat == "p1" and len(f.drawn) == 2  # 1 for taking part + 1 for the kill
    assert len(s.rep_bag) == bag - 2
    v = max(f.drawn)
    assert f"rep:{v}" in opts(s) and "rep:none" in opts(s)
    act(s, f"rep:{v}")
    f = _rep_frame(s)
    assert f.seat == "p2" and len(f.drawn) == 1  # destroyed before any retreat: 1 draw
    assert s.players["p1"].reputation == [v] and len(s.rep_bag) == bag - 2  # p1's other tile is back
    act(s, "rep:none")
    assert s.players["p2"].reputation == [] and len(s.rep_bag) == bag - 1


def test_e22_e114_full_track_swaps_a_held_tile():
    s = board(rolls=[6])
    hid = home(s, "p1")
    s.players["p1"].reputation = [1, 1, 1, 1]  # Terrans: 4 "either" slots + 1 ambassador-only (E22)
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    f = _rep_frame(s)
    v = max(f.drawn)
    assert f"rep:{v}:1" in opts(s) and not any(x.count(":") == 1 and x != "rep:none" for x in opts(s))
    act(s, f"rep:{v}:1")
    assert sorted(s.players["p1"].reputation) == sorted([1, 1, 1, v])


def test_e2_empty_bag_draws_nothing():
    s = board(rolls=[6])
    s.rep_bag.clear()
    hid = home(s, "p1")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    assert not any(f.kind == "rep" for f in s.stack)


def test_e63_e115_each_point_of_damage_destroys_a_cube_attacker_chooses():
    s = board(rolls=[6, 1])
    hid = home(s, "p1")
    cubes = len(hex_cubes(s, hid))
    ships(s, hid, "p2", cruiser=1)
    fight(s)  # no battle: p1 has no ships there; the cruiser rolls once at the population
    assert events(s, "ev.pop_roll")[0].args["n"] == 1
    if len(set(hex_cubes(s, hid))) > 1:
        kind = opts(s)[0][5:]
        act(s, opts(s)[0])
    else:
        kind = hex_cubes(s, hid)[0]
    assert len(hex_cubes(s, hid)) == cubes - 1 and len(events(s, "ev.cube_killed")) == 1
    assert s.hexes[hid].owner == "p1"  # E64: cubes are left


def test_e63_u22_a_plasma_hit_destroys_two_cubes():
    s = board(rolls=[6])
    hid = home(s, "p1")
    cubes = len(hex_cubes(s, hid))
    assert cubes >= 2
    ships(s, hid, "p2", cruiser=1)
    s.players["p2"].blueprints["cruiser"][2] = "plasma cannon"  # one orange die, 2 damage (E55)
    fight(s)
    assert events(s, "ev.pop_roll")[0].args["n"] == 2  # U22: each point of damage is one cube
    while s.phase == "combat" and s.stack[-1].kind in ("popatk", "grave"):
        act(s, opts(s)[0])
    assert len(hex_cubes(s, hid)) == cubes - 2 and len(events(s, "ev.cube_killed")) == 2


def test_e78_e85_npcs_never_attack_population():
    s = board(("draco", "terran union", "terran alliance"))
    hid = home(s, "p1")
    cubes = len(hex_cubes(s, hid))
    s.hexes[hid].ancients = 1  # Draco may hold a hex with Ancients (E85); no battle there (E49)
    fight(s)
    assert not events(s, "ev.battle") and not events(s, "ev.pop_roll") and not events(s, "ev.cube_killed")
    assert len(hex_cubes(s, hid)) == cubes and s.hexes[hid].owner == "p1"  # E78: NPCs leave cubes alone


def test_e63_e23_destroyed_cubes_go_to_the_graveyard_grey_by_the_owners_choice():
    assert population.boxes("grey") == [0, 1, 2] and population.boxes("orbital") == [0, 1]
    assert population.boxes("science*") == [1]
    s = board()
    hid = home(s, "p1")
    f = PopulationAttack.new(kind="popatk", hex=hid, seat="p2", left=1, grave=[])
    population.kill(s, f, hex_cubes(s, hid)[0])
    assert sum(s.players["p1"].graveyard) == 1
    s.hexes[hid].orbital = 2
    population.kill(s, f, "orbital")
    assert f.grave == ["orbital"] and s.hexes[hid].orbital == 1


def test_e63_neutron_bombs_destroy_all_then_e64_e65_control_changes():
    s = board()
    hid = home(s, "p1")
    s.players["p2"].techs["military"].append("neutron bombs")
    s.players["p2"].blueprints["interceptor"] = [None, "nuclear source", "nuclear drive", None]  # unarmed
    ships(s, hid, "p2", interceptor=1)
    track = s.players["p1"].track
    fight(s)
    while s.stack[-1].kind == "grave":
        act(s, opts(s)[0])
    assert events(s, "ev.pop_neutron") and not hex_cubes(s, hid)
    assert s.hexes[hid].owner is None and s.players["p1"].track == track + 1  # E64
    assert s.stack[-1].kind == "control" and opts(s)[:2] == ["ctl:yes", "ctl:no"]  # E65
    act(s, "ctl:yes")
    assert s.hexes[hid].owner == "p2"


def test_e63_u20_planta_cubes_die_to_any_ship():
    s = board(("planta", "terran alliance", "terran directorate"))
    hid = home(s, "p1")
    s.players["p2"].blueprints["interceptor"] = [None, "nuclear source", "nuclear drive", None]
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    assert events(s, "ev.pop_planta") and not hex_cubes(s, hid)


def test_e62_population_attacks_follow_all_battles():
    s = board(rolls=[6])
    hid = home(s, "p1")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", cruiser=1)
    fight(s)
    while s.stack[-1].kind == "rep":
        act(s, "rep:none")
    keys = [e.key.split(".")[-1] for e in s.events]
    assert keys.index("battle") < keys.index("pop_roll")


def test_e45_e85_draco_takes_the_delayed_tile_after_the_ancients_fall():
    s = board(("draco", "terran union", "terran alliance"), rolls=[6, 6, 6, 6])
    hid = "101"
    h = s.hexes[home(s, "p1")].model_copy(deep=True, update={
        "q": 9, "r": 9, "owner": "p1", "ancients": 1, "gcds": False, "ships": {}, "arrival": [], "discovery": "money"})
    h.cubes = [0] * len(h.cubes)
    s.hexes[hid] = h
    s.players["p1"].track -= 1
    s.players["p2"].blueprints["interceptor"] = ["antimatter cannon", "nuclear source", "nuclear drive", "fusion source"]
    ships(s, hid, "p2", interceptor=1)
    ships(s, hid, "p1", cruiser=1)
    fight(s)
    # p2 fights Draco first (latest two, E51) and then the Ancient; the tile is Draco's only if it
    # keeps the hex: here p2 wins both battles, p1 has no cubes there and loses the hex (E64)
    while s.phase == "combat" and s.stack[-1].kind != "disco":
        act(s, opts(s)[-1])
    assert s.hexes[hid].ancients == 0
    s2 = board(("draco", "terran union", "terran alliance"), rolls=[6, 6, 1, 1])
    h2 = h.model_copy(deep=True, update={
        "ships": {}, "arrival": [], "ancients": 0, "discovery": "money", "owner": "p1"})
    s2.hexes[hid] = h2
    s2.players["p1"].track -= 1
    fight(s2)  # the Ancients are gone (destroyed earlier this phase): the tile goes to Draco now
    assert s2.stack[-1].kind == "disco" and s2.stack[-1].seat == "p1" and s2.hexes[hid].discovery is None


def test_e61_draws_in_order_of_entry_even_when_the_latest_fight_first():
    s = board(("terran union", "terran alliance", "terran republic"), rolls=[1] * 2 + [6] * 30)
    hid = home(s, "p1")
    ships(s, hid, "p1", dreadnought=2)
    ships(s, hid, "p2", interceptor=1)
    ships(s, hid, "p3", interceptor=1)
    fight(s)
    while s.stack[-1].kind == "fight":
        act(s, opts(s)[-1])
    f = _rep_frame(s)
    assert [q[0] for q in f.q] == ["p1", "p2", "p3"]  # p3 attacked p2 first (E51)


def test_e22_room_counts_the_ambassadors_held():
    p = Player(species="eridani", reputation=[1, 1, 1])  # Eridani: 0 ambassador-only, 4 either, 0 reputation-only
    assert reputation.room(p, 0) and not reputation.room(p, 1)
    p = Player(species="terran", reputation=[1, 1, 1])  # Terrans: 1 ambassador-only + 4 either
    assert reputation.room(p, 1) and not reputation.room(p, 2)

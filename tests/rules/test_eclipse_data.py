"""Eclipse component data (E4-E6, E17-E19, E88-E94) and geometry (E12-E14, E93)."""
from __future__ import annotations

import pytest

from rules.eclipse.board import price, production, upkeep
from rules.eclipse.data import HEXES, PARTS, SPECIES, TABLES, TECHS, ship_stats
from rules.eclipse.geometry import distance, ring_of, start_slot, wormholes
from rules.eclipse.state import Player


def test_e6_e88_tech_bag_96_tiles_costs_and_minimums():
    assert sum(t.copies for t in TECHS.values()) == 96
    assert [TECHS[n].copies for n in ("neutron bombs", "starbase", "plasma cannon", "phase shield",
                                      "advanced mining", "tachyon source", "plasma missile",
                                      "gluon computer")] == [5, 5, 5, 4, 4, 3, 3, 3]
    assert (TECHS["quantum grid"].cost, TECHS["quantum grid"].min) == (16, 8)
    assert (TECHS["artifact key"].cost, TECHS["artifact key"].min) == (14, 7)


def test_e19_e39_price_after_discount_and_minimum():
    p = Player(techs={"military": [], "grid": [], "nano": []})
    assert price(p, "plasma cannon") == 6
    p.techs["military"] = ["neutron bombs"]
    assert price(p, "plasma cannon") == 5 and price(p, "starbase") == 3  # min 3
    p.techs["military"] = ["a"] * 5  # discount 6
    assert price(p, "gluon computer") == 10 and price(p, "plasma missile") == 8
    p.techs["military"] = ["a"] * 6  # discount 8
    assert price(p, "gluon computer") == 8 and price(p, "tachyon source") == 6  # minimums
    assert TABLES.tech_vp[4:] == [1, 2, 3, 5]


def test_e17_upkeep_track_and_examples():
    assert TABLES.upkeep == [30, 25, 21, 17, 13, 10, 7, 5, 3, 2, 1, 0, 0, 0]
    assert upkeep(Player(track=12)) == 0  # Terran after the home disc
    assert upkeep(Player(track=10)) == 1  # Eridani after the home disc (E82)
    assert upkeep(Player(track=8)) == 3 and upkeep(Player(track=6)) == 7  # E82: 3 and 5 in use
    assert upkeep(Player(track=15)) == 0  # extra discs (E17)


def test_e18_production_track():
    assert production(Player(population=[10, 8, 0]), 0) == 3
    assert production(Player(population=[10, 8, 0]), 1) == 6
    assert production(Player(population=[10, 8, 0]), 2) == 28


@pytest.mark.parametrize("layout,ship,want", [
    ("terran", "interceptor", dict(initiative=3, move=1, cannons=1, computer=0, hull=0, spare=1)),
    ("terran", "cruiser", dict(initiative=2, move=1, cannons=1, computer=1, hull=1, spare=1)),
    ("terran", "dreadnought", dict(initiative=1, move=1, cannons=2, computer=1, hull=2, spare=0)),
    ("terran", "starbase", dict(initiative=4, move=0, cannons=1, computer=1, hull=2, spare=2)),
    ("eridani", "dreadnought", dict(initiative=1, spare=1)),
    ("orion", "interceptor", dict(initiative=4, shield=1, spare=2, move=1)),
    ("orion", "cruiser", dict(initiative=3, shield=1, spare=3, hull=1, computer=1)),
    ("orion", "dreadnought", dict(initiative=2, shield=1, spare=3, hull=2, cannons=2)),
    ("orion", "starbase", dict(initiative=5, shield=1, spare=2, hull=2)),
    ("planta", "interceptor", dict(initiative=1, computer=1, spare=3, move=1)),
    ("planta", "cruiser", dict(initiative=1, computer=1, spare=3, hull=1)),
    ("planta", "dreadnought", dict(initiative=1, computer=1, spare=2, hull=2, cannons=2)),
    ("planta", "starbase", dict(initiative=2, computer=2, spare=4, hull=2)),
])
def test_e89_e92_start_stats_recomputed_from_parts(layout, ship, want):
    st = ship_stats(layout, ship)
    assert {k: st[k] for k in want} == want


def test_e90_ancient_parts_and_e89_energy():
    assert PARTS["hypergrid source"].energy == 11 and PARTS["ion turret"].dice == [1, 1]
    assert PARTS["plasma missile"].energy == 0 and PARTS["plasma missile"].missiles == [2, 2]
    assert PARTS["conformal drive"].move == 4


def test_e94_hex_totals_and_majority_rulings():
    assert len(HEXES) == 50
    assert sum(h.ancients for h in HEXES.values()) == 14
    assert HEXES["108"].ancients == 1 and HEXES["211"].ancients == 1  # U6
    assert "science*" in HEXES["205"].squares and HEXES["310"].squares == ["science", "materials"]
    assert sum(h.discovery for h in HEXES.values()) == 21 and sum(h.artifact for h in HEXES.values()) == 20


def test_e79_species_table():
    assert SPECIES["eridani"].start == [26, 2, 4] and SPECIES["eridani"].discs == 11
    assert SPECIES["hydran"].start == [2, 5, 2] and SPECIES["planta"].colony_ships == 4
    assert SPECIES["orion"].trade == 4 and SPECIES["terran"].trade == 2
    assert SPECIES["mechanema"].costs == [2, 4, 7, 2, 4, 8]  # E41
    assert SPECIES["terran"].acts["move"] == 3 and SPECIES["planta"].acts["explore"] == 2  # E30


def test_e12_rings_and_e13_start_slots():
    assert distance(2, -2) == 2 and ring_of(1, 0) == "I" and ring_of(2, -1) == "II" and ring_of(3, 1) == "III"
    assert [start_slot(d) for d in range(6)] == [(0, -2), (2, -2), (2, 0), (0, 2), (-2, 2), (-2, 0)]
    assert TABLES.start_directions["4"] == [1, 2, 4, 5]


def test_e14_e93_home_orientation_faces_the_centre():
    for d in range(6):
        holes = wormholes("221", d)
        assert (d + 3) % 6 in holes  # the edge at 6 + 2d o'clock faces the centre
        assert {(x - d) % 6 for x in holes} == {0, 1, 3, 4}  # printed 12, 2, 6, 8

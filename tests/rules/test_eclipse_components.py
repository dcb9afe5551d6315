"""Eclipse components and species facts: E1, E3, E20, E80, E81, E84 (data and the limits the
engine enforces with them)."""
from __future__ import annotations

from collections import Counter

from rules import eclipse
from rules.eclipse import ENGINE as E
from rules.eclipse.board import production, score_parts, upkeep
from rules.eclipse.data import BLUEPRINTS, HEXES, SIDES, SPECIES, TABLES, TECHS, ship_stats
from rules.eclipse.diplomacy import proposals
from rules.eclipse.frames import Turn
from rules.eclipse.pending import seat_to_act
from rules.eclipse.setup import new_hex, new_player

from .test_eclipse_combat_kit import board, next_to
from .test_eclipse_fleet import ring_of_hexes
from .test_eclipse_kit import game, home, ids, play


def test_e1_box_counts_the_engine_relies_on():
    """E1: the box contents that limit play, read from the data and a fresh 6-player game."""
    assert sum(t.copies for t in TECHS.values()) == 96  # technology tiles
    assert {int(k): v for k, v in TABLES.reputation.items()} == {1: 12, 2: 9, 3: 7, 4: 4}  # 32 tiles
    assert sum(h.ancients for h in HEXES.values()) == 14 <= 21  # symbols vs Ancient ship tiles
    assert [h.id for h in HEXES.values() if h.gcds] == ["001"]  # one GCDS tile
    # 6 colours x (8 Interceptors + 4 Cruisers + 2 Dreadnoughts) = 84 plastic ships, 6 x 4 starbases
    assert 6 * sum(TABLES.ships[k] for k in ("interceptor", "cruiser", "dreadnought")) == 84
    assert 6 * TABLES.ships["starbase"] == 24
    # colony ship tiles (22): the most that can be in play is one side per start tile
    by_tile: dict[int, int] = {}
    for side in SIDES.values():
        by_tile[side.tile] = max(by_tile.get(side.tile, 0), SPECIES[side.species].colony_ships)
    assert sum(by_tile.values()) == 19 <= 22
    s = E.setup([f"s{i}" for i in range(6)], 7)
    assert sum(s.supply.values()) + len(s.tech_bag) == 96
    assert Counter(s.rep_bag) == Counter({1: 12, 2: 9, 3: 7, 4: 4})
    assert len(s.disc_bag) + (s.hexes["001"].discovery is not None) == 21  # 21 Discovery tiles


def test_e3_unbuilt_pieces_limit_building():
    """E3: 8 Interceptors, 4 Cruisers, 2 Dreadnoughts, 4 Starbases; no piece left, no build."""
    s = game(["terran union", "terran alliance"], seed=0)
    seat = seat_to_act(s)
    p = s.players[seat]
    p.storage[2] = 99
    s = play(s, "act:build")
    assert {"bld:interceptor", "bld:cruiser", "bld:dreadnought", "bld:starbase"} <= {
        x.rpartition(":")[0] for x in ids(s) if x.startswith("bld:")}
    assert TABLES.ships == {"interceptor": 8, "cruiser": 4, "dreadnought": 2, "starbase": 4}
    for kind, n in TABLES.ships.items():
        s.players[seat].built[kind] = n
    assert [x for x in ids(s) if x.startswith("bld:")] == []


def test_e3_discs_cubes_and_colony_ships_per_player():
    """E3: 13 discs on the track (Eridani 11), 16 at most; 11 cubes per population track, and a
    cube only from a track that has one; 3 colony ships (Planta 4)."""
    for name, side in SIDES.items():
        p = new_player(name)
        assert p.population == [11, 11, 11]
        assert p.track == p.discs == (11 if side.species == "eridani" else 13)
        assert p.colony_ships == p.colony_ships_up == (4 if side.species == "planta" else 3)
    assert 13 + 1 + 2 == 16  # the only extra discs: Advanced Robotics and Quantum Grid (E88 test)
    s = game(["terran union", "terran alliance"], seed=0)
    seat = seat_to_act(s)
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": seat})
    assert "col:103:grey:money" in ids(s)
    s.players[seat].population[0] = 0  # every Money cube is on the board
    assert "col:103:grey:money" not in ids(s) and "col:103:grey:science" in ids(s)


def test_e3_three_ambassadors_per_player():
    """E3: 3 Ambassador tiles each: a Terran (5 slots) with three partners cannot take a fourth."""
    sides = ("terran union", "terran alliance", "terran republic", "terran directorate",
             "terran federation")
    s = board(sides)
    next_to(s, home(s, "p1"), "102", owner="p2")
    s.turn = "p1"
    s.stack = [Turn.new(kind="turn")]
    for other in ("p4", "p5"):
        s.players["p1"].ambassadors_given[other] = 0
        s.players[other].ambassadors_given["p1"] = 0
    assert [x[0] for x in proposals(s, "p1")] == ["propose:p2"]  # two partners: one Ambassador left
    s.players["p1"].ambassadors_given["p3"] = 0
    s.players["p3"].ambassadors_given["p1"] = 0
    assert proposals(s, "p1") == []


def test_e20_storage_is_unlimited():
    """E20: the printed track stops at 40; the engine keeps counting."""
    s = game(["terran union", "terran alliance"], seed=0)
    for seat in s.order:
        s.players[seat].storage = [40, 40, 40]
    p = s.players["p1"]
    gain = [production(p, 0) - upkeep(p), production(p, 1), production(p, 2)]
    s = play(s, "pass", "pass")  # Combat, Upkeep and Cleanup need no decision here
    assert s.round == 2 and s.players["p1"].storage == [40 + g for g in gain]
    assert min(gain) > 0


def test_e80_data_traps_are_not_in_the_data():
    """E80: the values the known bad sources get wrong."""
    assert SPECIES["terran"].start == [2, 3, 3]  # cajorgen: 2/2/2
    assert SPECIES["mechanema"].techs == ["positron computer"]  # cajorgen: Neutron Bombs
    assert SPECIES["planta"].colony_ships == 4  # pyeclipse: 3
    assert {lay: ship_stats(lay, "starbase")["initiative"] for lay in BLUEPRINTS} == {
        "terran": 4, "eridani": 4, "orion": 5, "planta": 2}  # pyeclipse's starbase initiatives
    assert SPECIES["mechanema"].costs[2] == 7  # molip: Dreadnought 6
    assert BLUEPRINTS["eridani"]["dreadnought"].fixed == {"energy": 1}  # molip: +3
    fusion, tachyon = eclipse.data.PARTS["fusion drive"], eclipse.data.PARTS["tachyon drive"]
    assert (fusion.move, fusion.energy, tachyon.move, tachyon.energy) == (2, -2, 3, -3)  # molip swaps
    gauss, phase = eclipse.data.PARTS["gauss shield"], eclipse.data.PARTS["phase shield"]
    assert (gauss.shield, gauss.energy, phase.shield, phase.energy) == (1, 0, 2, -1)
    assert len(TECHS) == 24 and not {"rift cannon", "soliton cannon", "absorption shield", "sentient hull",
                                     "zero-point source", "conifold field", "distortion shield"} & set(TECHS)


def test_e81_only_terrans_move_three_times_and_trade_two_for_one():
    """E81: Terrans alone have 3 Move activations and the 2:1 rate."""
    assert {k for k, v in SPECIES.items() if v.acts["move"] == 3} == {"terran"}
    assert {k for k, v in SPECIES.items() if v.trade == 2} == {"terran"}
    for side, left in (("terran union", 3), ("hydran", 2)):
        s = game([side, "terran alliance"], seed=0)
        s.turn = "p1"
        ring_of_hexes(s)  # somewhere to go, so the action does not end at once (E99)
        s = play(s, "act:move")
        assert s.stack[-1].left == left
    s = game(["hydran", "terran alliance"], seed=0)
    s.turn = "p1"
    s.players["p1"].storage = [2, 0, 0]
    assert not [x for x in ids(s) if x.startswith("tr:")]  # 2 Money is not enough at 3:1


def test_e84_planta_scores_a_vp_per_hex_and_has_four_colony_ships():
    """E84: +1 VP per controlled hex at game end (E75), 4 colony ships; a Terran gets no bonus."""
    s = game(["planta", "terran alliance"], seed=0, options={"draco_planta_2p": True})
    assert s.players["p1"].colony_ships == 4 and s.players["p2"].colony_ships == 3
    assert score_parts(s, "p1")["species"] == 1 and score_parts(s, "p2")["species"] == 0
    for hid, (q, r) in (("106", (1, 0)), ("107", (-1, 0))):
        s.hexes[hid] = new_hex(hid, q, r, 0).model_copy(update={"owner": "p1"})
    s.hexes["103"] = new_hex("103", 0, 1, 0).model_copy(update={"owner": "p2"})
    assert score_parts(s, "p1")["species"] == 3 and score_parts(s, "p2")["species"] == 0
    assert score_parts(s, "p1")["hexes"] == HEXES[home(s, "p1")].vp + HEXES["106"].vp + HEXES["107"].vp

"""Eclipse set-up (E5, E7-E16, E82, E83, E87, E100)."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.geometry import start_slot
from rules.eclipse.pending import seat_to_act

from .test_eclipse_kit import game, home, ids


def test_e5_e9_stacks_and_tech_draws_by_player_count():
    for n, outer, techs in ((2, 5, 12), (3, 10, 14), (4, 14, 16), (5, 16, 18), (6, 18, 20)):
        s = E.setup([f"s{i}" for i in range(n)], 3)
        assert [len(s.stacks[r]) for r in ("I", "II", "III")] == [8, 11, outer]
        assert sum(s.supply.values()) == techs and len(s.tech_bag) == 96 - techs
        assert len(s.rep_bag) == 32 and len(s.disc_bag) == 20  # one Discovery tile on 001 (E8)


def test_e8_galactic_center_with_gcds_and_discovery():
    s = E.setup(["a", "b"], 1)
    c = s.hexes["001"]
    assert (c.q, c.r, c.gcds, c.discovery is not None) == (0, 0, True, True)


def test_e11_aliens_game_picks_from_the_start_players_right_counter_clockwise():
    s = E.setup(["a", "b", "c", "d"], 5)
    i = s.order.index(s.start)
    right = s.order[(i - 1) % 4]
    assert seat_to_act(s) == right
    assert s.stack[0].q == [s.order[(i - k) % 4] for k in (1, 2, 3, 0)]
    assert len(ids(s)) == 12


def test_e11_terrans_only_clockwise_from_the_start_player():
    s = E.setup(["a", "b", "c"], 5, {"terrans_only": True})
    i = s.order.index(s.start)
    assert s.stack[0].q == [s.order[(i + k) % 3] for k in range(3)]
    assert all(x.startswith("sp:terran-") for x in ids(s))


def test_e11_a_pick_uses_up_the_other_side_and_two_players_skip_draco_and_planta():
    s = E.setup(["a", "b"], 2)
    assert "sp:draco" not in ids(s) and "sp:planta" not in ids(s) and "sp:terran-republic" in ids(s)
    s2 = E.setup(["a", "b"], 2, {"draco_planta_2p": True})
    assert "sp:draco" in ids(s2)
    s = E.apply(s, seat_to_act(s), "sp:eridani")
    assert "sp:terran-directorate" not in ids(s) and "sp:hydran" in ids(s)


def test_e13_e14_e16_homes_in_direction_order_from_the_start_player():
    s = game(["terran union", "eridani", "hydran", "orion"], seed=4)
    i = s.order.index(s.start)
    for seat, d in zip(s.order[i:] + s.order[:i], [1, 2, 4, 5]):
        h = s.hexes[home(s, seat)]
        assert (h.q, h.r) == start_slot(d) and h.rotation == d


def test_e15_e16_terran_board_and_home():
    s = game(["terran union", "eridani"], seed=1)
    p = s.players["p1"]
    assert p.storage == [2, 3, 3] and p.track == 12 and p.colony_ships_up == 3
    assert p.population == [10, 10, 10]  # Money, Science, Materials cubes on 225 (not the advanced ones)
    h = s.hexes["225"]
    assert h.ships == {"p1": {"interceptor": 1}} and h.cubes == [1, 0, 1, 0, 1]
    assert p.techs["military"] == ["starbase"]


def test_e82_eridani_eleven_discs_two_reputation_tiles_three_techs():
    s = game(["terran union", "eridani"], seed=1)
    p = s.players["p2"]
    assert p.track == 10 and p.discs == 11 and len(p.reputation) == 2 and len(s.rep_bag) == 30
    assert p.techs == {"military": ["plasma cannon"], "grid": ["gauss shield"], "nano": ["fusion drive"]}


def test_e83_hydran_fills_the_advanced_science_square_e87_orion_starts_with_a_cruiser():
    s = game(["hydran", "orion", "mechanema"], seed=2)
    assert s.hexes["224"].cubes == [1, 1, 1, 0] and s.players["p1"].population == [10, 9, 11]
    assert s.hexes["232"].ships == {"p2": {"cruiser": 1}} and s.players["p2"].built["cruiser"] == 1
    assert s.hexes["232"].cubes == [0, 1, 1, 0]
    assert s.players["p3"].techs["grid"] == ["positron computer"]


def test_e22_reputation_values_are_private():
    s = game(["terran union", "eridani"], seed=1)
    mine = next(p for p in E.view(s, "p2").players if p.seat == "p2")
    theirs = next(p for p in E.view(s, "p1").players if p.seat == "p2")
    public = next(p for p in E.view(s, None).players if p.seat == "p2")
    assert mine.reputation_values and theirs.reputation_values is None and public.reputation_values is None
    assert public.reputation == 2

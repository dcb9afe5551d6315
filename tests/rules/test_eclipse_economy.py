"""Eclipse turns and economy: E21, E25-E27, E31-E32, E37-E39, E41-E42, E68-E76."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.data import SPECIES
from rules.eclipse.pending import seat_to_act
from rules.eclipse.setup import new_hex

from .test_eclipse_kit import game, home, ids, play


def two(seed=0, sides=("terran union", "terran alliance")):
    return game(list(sides), seed=seed)


def test_e21_trade_rates_terran_two_orion_four():
    s = game(["terran union", "orion"], seed=0)
    s = play(s) if seat_to_act(s) == "p1" else play(s, "pass")
    assert "tr:science:money" in ids(s) and "tr:money:science" in ids(s)  # 2 Money: Terran 2:1
    s2 = play(s, "tr:science:money")
    assert s2.players["p1"].storage == [3, 1, 3]
    o = game(["orion", "terran union"], seed=0)
    o.players["p1"].storage = [3, 3, 4]
    o = o if seat_to_act(o) == "p1" else play(o, "pass")
    assert [x for x in ids(o) if x.startswith("tr:")] == ["tr:materials:money", "tr:materials:science"]


def test_e26_e27_first_to_pass_becomes_start_player_e29_phase_ends_when_all_passed():
    s = two(seed=3)
    first, other = s.start, next(x for x in s.order if x != s.start)
    s = play(s, "act:research", "stop") if "act:research" in ids(s) else s
    s = play(s, "pass")  # `other` passes first
    assert s.first_pass == other and s.players[other].passed
    s = play(s, "pass")
    assert s.phase == "upkeep" or s.round == 2
    while s.phase == "upkeep":
        s = play(s, ids(s)[-1])
    assert s.round == 2 and s.start == other and s.turn == other


def test_e26_an_action_moves_the_rightmost_disc():
    s = two()
    seat = seat_to_act(s)
    s = play(s, "act:influence")
    assert s.players[seat].track == 11 and s.players[seat].discs_acted == 1


def test_e31_e32_colony_ships_advanced_squares_need_the_tech():
    s = two()
    seat = seat_to_act(s)
    hid = home(s, seat)
    cols = [x for x in ids(s) if x.startswith("col:")]
    assert cols == []  # every plain square of the home is full, advanced ones need techs
    s.players[seat].techs["grid"].append("advanced economy")
    cols = [x for x in ids(s) if x.startswith("col:")]
    assert cols == [f"col:{hid}:money*:money"]
    s = play(s, cols[0])
    assert s.players[seat].colony_ships_up == 2 and s.players[seat].population[0] == 9


def test_e32_grey_squares_take_any_track_orbitals_money_or_science():
    s = two()
    seat = seat_to_act(s)
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": seat, "orbital": 1})
    cols = {x for x in ids(s) if x.startswith("col:103")}
    assert cols == {"col:103:grey:money", "col:103:grey:science", "col:103:grey:materials",
                    "col:103:orbital:money", "col:103:orbital:science"}


def test_e37_e38_influence_moves_and_cubes_return_and_colony_ships_flip():
    s = two()
    seat = seat_to_act(s)
    hid = home(s, seat)
    s.players[seat].colony_ships_up = 0
    s = play(s, "act:influence", f"from:{hid}", f"to:{hid}")  # U12: same hex, uses a move
    p = s.players[seat]
    assert p.population == [11, 11, 11] and s.hexes[hid].owner == seat and s.hexes[hid].cubes == [0] * 5
    assert "from:track" not in ids(s) or all(not x.startswith("to:001") for x in ids(s))  # GCDS blocks 001
    s = play(s, "stop")
    # E37: up to 2 colony ships face up; then the seat may use them before the turn ends
    assert s.players[seat].colony_ships_up == 2 and seat_to_act(s) == seat and "done" in ids(s)


def test_e39_research_pays_science_hydran_researches_twice():
    s = game(["hydran", "terran union"], seed=0)
    s = s if seat_to_act(s) == "p1" else play(s, "pass")
    s.supply.update({"gauss shield": 1, "nanorobots": 1})
    s = play(s, "act:research")
    assert s.stack[-1].left == 2
    s = play(s, "res:gauss-shield")
    assert s.players["p1"].storage[1] == 3 and s.stack[-1].left == 1
    s = play(s, "res:nanorobots")
    assert s.players["p1"].storage[1] == 1 and s.players["p1"].techs["nano"] == ["advanced labs", "nanorobots"]


def test_e88_advanced_robotics_and_quantum_grid_add_discs():
    s = two()
    seat = seat_to_act(s)
    s.players[seat].storage[1] = 30
    s.supply.update({"advanced robotics": 1, "quantum grid": 1})
    s.players[next(x for x in s.order if x != seat)].passed = True
    s = play(s, "act:research", "res:advanced-robotics")
    assert s.players[seat].discs == 14 and s.players[seat].track == 12
    s = play(s, "pass")  # the other seat, already passed, could react (E28); it passes again
    s = play(s, "act:research", "res:quantum-grid")
    assert s.players[seat].discs == 16


def test_e41_e42_build_costs_and_structures():
    s = game(["mechanema", "terran union"], seed=0)
    s = s if seat_to_act(s) == "p1" else play(s, "pass")
    s.players["p1"].storage[2] = 20
    s.players["p1"].techs["nano"] += ["orbital", "monolith"]
    s = play(s, "act:build")
    assert {x.rpartition(":")[0] for x in ids(s) if x.startswith("bld:")} == {
        "bld:interceptor", "bld:cruiser", "bld:dreadnought", "bld:orbital", "bld:monolith"}  # no Starbase tech
    s = play(s, "bld:dreadnought:230", "bld:monolith:230", "bld:orbital:230")
    assert s.players["p1"].storage[2] == 20 - 7 - 8 - 4  # E86 Mechanema costs
    assert s.hexes["230"].ships["p1"] == {"interceptor": 1, "dreadnought": 1}
    assert s.hexes["230"].monolith and s.hexes["230"].orbital == 1


def test_e41_e107_build_is_paid_and_placed_in_one_option():
    """E41 costs Materials; E107: the piece and its hex are one option, paid as it is placed, so no trade
    can come between choosing and paying.  Materials never go below zero (found by the local game)."""
    s = game(["terran union", "mechanema"], seed=0)
    seat = seat_to_act(s)
    s.players[seat].storage[2] = SPECIES[s.players[seat].species].costs[0]  # an Interceptor, exactly
    built = s.players[seat].built["interceptor"]
    s = play(s, "act:build", f"bld:interceptor:{home(s, seat)}")
    assert s.players[seat].storage[2] == 0 and s.players[seat].built["interceptor"] == built + 1


def test_e107_a_build_saved_between_its_two_old_steps_goes_on_with_the_hex():
    """A game saved after `bld:<piece>` (paid) and before `at:<hex>`, when Build took two steps, offers the hexes
    of the piece it paid for, and `at:` places it without paying again."""
    s = game(["terran union", "mechanema"], seed=0)
    seat = seat_to_act(s)
    s.players[seat].storage[2] = 10
    s = play(s, "act:build")
    s.stack[-1].what = "interceptor"
    s.players[seat].storage[2] = 7  # paid when the piece was chosen
    assert [x for x in ids(s) if not x.startswith("tr:")] == [f"at:{home(s, seat)}"]
    s = play(s, f"at:{home(s, seat)}")
    assert s.players[seat].storage[2] == 7 and s.hexes[home(s, seat)].ships[seat]["interceptor"] == 2


def test_e70_e71_rulebook_example_income_4_upkeep_5():
    s = two(seed=1)
    seat = "p1"
    p = s.players[seat]
    p.population, p.track, p.discs_acted, p.storage = [9, 10, 10], 7, 5, [1, 0, 0]  # income 4, upkeep 5
    s.hexes["106"] = new_hex("106", 1, 0, 0).model_copy(update={"owner": seat})
    s.players["p2"].passed = True
    s.turn = seat
    s = play(s, "pass")
    while s.phase == "upkeep":
        s = play(s, "done")
    assert s.players[seat].storage[0] == 0  # paid 1 from storage
    # the same with no Money: give up one disc, upkeep 5 -> 3, result +1
    s = two(seed=1)
    p = s.players[seat]
    p.population, p.track, p.discs_acted, p.storage = [9, 10, 10], 7, 5, [0, 0, 0]
    s.hexes["106"] = new_hex("106", 1, 0, 0).model_copy(update={"owner": seat})
    s.players["p2"].passed = True
    s.turn = seat
    s = play(s, "pass")
    while seat_to_act(s) != seat or s.stack[-1].step != "money":
        s = play(s, "done")
    assert set(ids(s)) == {f"give:{home(s, seat)}", "give:106"}
    s = play(s, "give:106")
    assert s.players[seat].storage[0] == 1


def test_e72_collapse_freezes_the_score():
    s = two(seed=1)
    p = s.players["p1"]
    hid = home(s, "p1")
    p.track, p.discs_acted, p.storage = 1, 11, [0, 1, 1]
    s.players["p2"].passed = True
    s.turn = "p1"
    s = play(s, "pass")
    while seat_to_act(s) != "p1" or s.stack[-1].step != "money":
        s = play(s, "done")
    s = play(s, f"give:{hid}")
    assert s.players["p1"].collapsed and s.players["p1"].frozen_score is not None
    assert all("p1" not in h.ships and h.owner != "p1" for h in s.hexes.values())


def test_e25_e75_nine_rounds_then_scoring():
    s = two(seed=2)
    while s.phase != "over":
        x = ids(s)
        s = play(s, "pass" if "pass" in x else "done" if "done" in x else x[-1])
    assert s.round == 9
    out = E.outcome(s)
    for seat in s.order:
        assert out.breakdown[seat]["hexes"] == 3 and out.breakdown[seat]["techs"] == 0
    assert set(out.ranks.values()) <= {1, 2}

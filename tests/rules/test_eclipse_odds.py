"""Eclipse combat odds (rules/eclipse/battle/odds.py, notation.py): E52-E56, E59, E95-E98."""
from __future__ import annotations

import math

import pytest

import rules.eclipse as eclipse
from rules.eclipse.battle.core import (blueprint_type, cannon_dice, die_hits, firing_order, missile_dice, roll_dice,
                                       stalemate)
from rules.eclipse.battle.notation import NotationError, parse_fleet
from rules.eclipse.battle.odds import Battle, fleet_odds, odds
from rules.rng import Rng
from rules.text import tr

TERRAN_I = "interceptor"


def test_e98_exported_from_the_package():
    assert eclipse.odds is odds


def test_e52_e55_one_interceptor_against_another_is_5_11():
    # Equal initiative: the defender fires first (E52); each die hits on a 6 (E55).
    assert odds("1 interceptor", "interceptor") == pytest.approx(5 / 11, abs=1e-12)


def test_e52_single_die_duel_faster_attacker():
    fast = "interceptor(ion cannon, nuclear source, fusion drive)"  # initiative 2 + 2 = 4
    a = d = 1 / 6  # the attacker fires first: a / (1 - (1 - a)(1 - d))
    assert odds(fast, TERRAN_I) == pytest.approx(a / (1 - (1 - a) * (1 - d)), abs=1e-12)


def test_e55_computer_single_die_duel():
    comp = "interceptor(ion cannon, electron computer, nuclear source, nuclear drive)"  # hits on 5+
    assert odds(comp, TERRAN_I) == pytest.approx((5 / 6) * (1 / 3) / (1 - (2 / 3) * (5 / 6)), abs=1e-12)


def test_e55_natural_six_always_hits_shields():
    shielded = "interceptor(ion cannon, nuclear source, nuclear drive, gauss shield)"
    assert odds(TERRAN_I, shielded) == pytest.approx(5 / 11, abs=1e-12)


def test_e55_natural_one_always_misses_big_computers():
    # computer 6 would hit on anything; a 1 still misses: 5/6 a shot.
    big = "dreadnought(ion cannon, axion computer, gluon computer, tachyon source, nuclear drive)"
    assert odds(big, TERRAN_I) == pytest.approx((5 / 6) * (5 / 6) / (1 - (1 / 6) * (5 / 6)), abs=1e-12)


def test_e53_e59_missile_volley_once_then_no_cannon():
    # Two 2-damage missiles at a 6 each; afterwards the cruiser has no cannon and cannot win.
    missiles = "cruiser(plasma missile, hull, nuclear source, nuclear drive)"
    assert odds(missiles, TERRAN_I) == pytest.approx(11 / 36, abs=1e-12)


def test_e59_e98_no_cannon_anywhere_goes_to_the_defender():
    unarmed = "interceptor(nuclear source, nuclear drive)"
    assert odds(unarmed, unarmed) == 0.0
    assert odds(TERRAN_I, unarmed) == pytest.approx(1.0)
    assert odds(unarmed, TERRAN_I) == 0.0


def test_e98_both_sides_assign_hits_optimally_and_pruning_is_exact():
    for a, d in [("2 interceptor, 1 cruiser", "2 ancients"), ("2 cruiser", "gcds"),
                 ("orion: 2 interceptor, cruiser", "dreadnought, 2 interceptor"),
                 ("cruiser(plasma missile, ion cannon, hull, nuclear source, electron computer, nuclear drive),"
                  " 2 interceptors", "2 cruiser")]:
        full = Battle(parse_fleet(a), parse_fleet(d), prune=False).attacker_wins()
        assert Battle(parse_fleet(a), parse_fleet(d)).attacker_wins() == pytest.approx(full, abs=1e-12)


# --- E96/E97: the notation ------------------------------------------------------------

def _stats(t):
    return (t.initiative, t.cannons, t.computer, t.shield, t.hull, t.missiles)


def test_e97_sheet_examples_mean_what_the_table_says():
    (c, n), = parse_fleet("1 cruiser").groups
    assert n == 1 and _stats(c) == (2, (1,), 1, 0, 1, ())
    assert parse_fleet("cruiser") == parse_fleet("1 cruiser")
    (i, n), = parse_fleet("2 interceptor(plasma cannon, nuclear source, nuclear drive, gauss shield)").groups
    assert n == 2 and _stats(i) == (3, (2,), 0, 1, 0, ())
    f = parse_fleet("3 interceptors, 1 dreadnought(plasma cannon, plasma cannon, ion cannon, improved hull, "
                    "hull, fusion source, electron computer, nuclear drive)")
    assert [n for _, n in f.groups] == [3, 1]
    assert _stats(f.groups[1][0]) == (1, (2, 2, 1), 1, 0, 3, ())
    (m, _), = parse_fleet("1 cruiser(plasma missile, ion cannon, hull, nuclear source, electron computer, "
                          "nuclear drive)").groups
    assert m.missiles == (2, 2) and m.cannons == (1,)
    o = parse_fleet("orion: 3 interceptor, 1 cruiser")
    assert [(t.initiative, t.shield) for t, _ in o.groups] == [(4, 1), (3, 1)]
    (p, n), = parse_fleet("planta: 2 interceptor(plasma cannon, nuclear source, fusion drive)").groups
    assert (p.initiative, p.cannons, p.computer) == (2, (2,), 1)
    assert parse_fleet("ancient").groups[0][1] == 1 and parse_fleet("2 ancients").groups[0][1] == 2
    assert parse_fleet("gcds").groups[0][0].hull == 7


def test_e96_case_spaces_and_plurals():
    a = parse_fleet("  ORION :  2   Interceptors ( Ion Cannon ,nuclear source, nuclear  drive ) ")
    assert a == parse_fleet("orion: 2 interceptor(ion cannon, nuclear source, nuclear drive)")


@pytest.mark.parametrize("fleet, key", [
    ("1 interceptor(ion cannon, nuclear source)", "no_drive"),  # sheet examples
    ("1 interceptor(plasma cannon, plasma cannon, nuclear source, nuclear drive)", "energy"),
    ("2 interceptor, 1 interceptor(plasma cannon, nuclear source, nuclear drive)", "twice"),
    ("vulcan: cruiser", "species"),  # 1
    ("terran union: cruiser", "species"),
    ("2 frigate", "type"),
    ("cruiser(laser)", "part"),
    ("9 interceptor", "count"),  # 3
    ("3 dreadnought", "count"),
    ("0 cruiser", "count"),
    ("3 ancients", "count"),
    ("interceptor(ion cannon, ion cannon, ion cannon, nuclear source, nuclear drive)", "slots"),  # 4
    ("planta: interceptor(ion cannon, nuclear source, nuclear drive, hull)", "slots"),
    ("starbase(ion cannon, hull, nuclear drive)", "starbase_drive"),  # 6
    ("interceptor(ion turret, nuclear source, nuclear drive), cruiser(ion turret, nuclear source, "
     "nuclear drive)", "ancient_part"),  # 7
    ("ancient(hull)", "npc_parts"),  # 8
    ("orion: ancient", "npc_parts"),
    ("ancient, cruiser", "npc_mixed"),
    ("ancient, gcds", "npc_mixed"),
    ("3interceptor", "syntax"),
    ("٣ interceptor", "syntax"),  # E96: a count is written in the digits 0-9 only
    ("２ cruiser", "syntax"),
    ("cruiser(hull", "syntax"),
    ("", "empty"),
])
def test_e97_rejections_name_the_problem(fleet, key):
    with pytest.raises(NotationError) as e:
        parse_fleet(fleet)
    assert e.value.msg.key == "eclipse.odds.err." + key
    en, es = tr(e.value.msg, "en"), tr(e.value.msg, "es")
    assert en != e.value.msg.key and es != e.value.msg.key and en != es and "{" not in en + es


def test_e97_npcs_always_defend_and_draco_never_fights_ancients():
    with pytest.raises(NotationError, match="always defend"):
        odds("ancient", "cruiser")
    with pytest.raises(NotationError, match="Draco"):
        odds("draco: 2 cruiser", "ancient")
    assert 0 < odds("draco: 2 cruiser", "gcds") < 1


# --- brute force: many simulated battles where targeting cannot matter ----------------

def hit_ship(damage: int, amount: int, hull: int):
    """E56: the ship's new damage, or None when destroyed (damage > hull; excess is lost)."""
    damage += amount
    return None if damage > hull else damage


def volley_order(defender, attacker):
    """E53: the types with missile parts, in initiative order; each fires once per battle."""
    return [(r, t) for r, t in firing_order(defender, attacker) if t.missiles]


def simulate(specs: dict, rng: Rng, spread: bool = False) -> bool:
    """One battle by the rules (E52-E56, E59) between parsed fleets: each die goes to the
    first type it hits, on the ship hit last (focus) or, with `spread`, the least damaged."""
    ships = {r: {id(t): [0] * n for t, n in s.groups} for r, s in specs.items()}
    types = {r: [t for t, _ in s.groups] for r, s in specs.items()}
    other = {"attacker": "defender", "defender": "attacker"}

    def fire(role, t, dice) -> None:
        for die in roll_dice(rng, dice(t, len(ships[role][id(t)]))):
            for target in types[other[role]]:
                group = ships[other[role]][id(target)]
                if group and die_hits(die.roll, t, target):
                    if spread:
                        group.sort(reverse=True)
                    new = hit_ship(group.pop(), die.damage, target.hull)
                    if new is not None:
                        group.append(new)
                    break

    def gone(role) -> bool:
        return not any(ships[role].values())

    for role, t in volley_order(types["defender"], types["attacker"]):
        fire(role, t, missile_dice)
        if gone("defender") or gone("attacker"):
            return gone("defender")
    while True:
        if stalemate(t for r in types for t in types[r] if ships[r][id(t)]):
            return False
        for role, t in firing_order(types["defender"], types["attacker"]):
            fire(role, t, cannon_dice)
            if gone("defender") or gone("attacker"):
                return gone("defender")


def simulated(attacker: str, defender: str, n: int, spread: bool = False) -> float:
    specs = {"attacker": parse_fleet(attacker), "defender": parse_fleet(defender)}
    rng = Rng.from_seed(2011)
    return sum(simulate(specs, rng, spread) for _ in range(n)) / n


def close(sampled: float, p: float, n: int) -> bool:
    return abs(sampled - p) < 4.5 * math.sqrt(max(p * (1 - p), 0.01) / n)


@pytest.mark.parametrize("attacker, defender", [
    ("3 interceptor", "1 dreadnought"),  # the example
    ("1 cruiser(plasma missile, ion cannon, hull, nuclear source, electron computer, nuclear drive)",
     "2 interceptor"),
    ("orion: 2 interceptor", "3 interceptor"),
    ("starbase(antimatter cannon, hull, hull, electron computer, fusion source)", "gcds"),
])
def test_e98_exact_figure_matches_simulated_battles(attacker, defender):
    """Targeting cannot matter here (one target ship, or identical hull-0 ships)."""
    n = 2000
    p = odds(attacker, defender)
    assert close(simulated(attacker, defender, n), p, n), p


def test_e98_defender_assigns_its_hits_to_minimise_the_attacker_chance():
    """One Cruiser against two: the attacker has one target; the defender's best is to focus,
    and spreading its hits over both attacking Cruisers gives the attacker more."""
    n = 2000
    p = odds("2 cruiser", "cruiser")
    assert close(simulated("2 cruiser", "cruiser", n), p, n)
    assert simulated("2 cruiser", "cruiser", n, spread=True) > p + 0.02


def test_e60_fleet_odds_from_a_game_with_damage_carried_over():
    """A Dreadnought with 2 damage (E60) fights like one with no hull at all (E56)."""
    dread = blueprint_type("terran", "dreadnought")
    bare = blueprint_type("terran", "dreadnought", ["ion cannon", "ion cannon", "electron computer",
                                                    "nuclear source", "nuclear drive"])
    inter = blueprint_type("terran", "interceptor")
    hurt = fleet_odds([(dread, 1)], [(inter, 2)], damage=([[2]], [[0, 0]]))
    assert hurt == pytest.approx(fleet_odds([(bare, 1)], [(inter, 2)]), abs=1e-12)
    assert hurt < fleet_odds([(dread, 1)], [(inter, 2)])
    assert fleet_odds([(dread, 1)], [(inter, 2)]) == pytest.approx(odds("dreadnought", "2 interceptor"))


def test_e97_fleets_too_large_to_compute_are_refused():
    big = "8 interceptor, 4 cruiser, 2 dreadnought, 4 starbase"
    with pytest.raises(NotationError) as e:
        odds(big, big)
    assert e.value.msg.key == "eclipse.odds.err.too_big"

"""Eclipse round structure and Upkeep: E24 (phase order), E67 (players without hexes), E117
(the Upkeep decisions)."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.board import production, upkeep
from rules.eclipse.data import TABLES
from rules.eclipse.frames import Upkeep
from rules.eclipse.settle import settle
from rules.eclipse.pending import seat_to_act
from rules.eclipse.setup import new_hex

from .test_eclipse_decisions import core
from .test_eclipse_kit import game, home, ids, play

TWO = ["terran union", "terran alliance"]


def test_e24_action_combat_upkeep_cleanup_in_that_order():
    """E24: Combat runs after the Action phase even with no battle (p2 loses 107 to p1's lone
    ship, E64), Upkeep is paid after it (p2's upkeep counts the disc 107 gave back) and before
    Cleanup (p1 pays for its two discs on action spaces, which Cleanup then returns)."""
    s = game(TWO, seed=0)
    s.hexes["107"] = new_hex("107", 6, 5, 0).model_copy(update={"owner": "p2"})
    s.hexes["107"].ships, s.hexes["107"].arrival, s.hexes["107"].ancients = {"p1": {"interceptor": 1}}, ["p1"], 0
    s.players["p1"].track, s.players["p1"].discs_acted = 10, 2
    s.players["p2"].track, s.players["p2"].discs_acted = 9, 2  # home, 107 and two action spaces
    money = [s.players[x].storage[0] for x in ("p1", "p2")]
    income = [production(s.players[x], 0) for x in ("p1", "p2")]
    supply = sum(s.supply.values())
    s.turn = "p1"
    s = play(s, "pass", "pass")
    assert s.phase == "combat" and s.hexes["107"].owner is None and s.players["p2"].track == 10
    assert core(s) == ["ctl:yes", "ctl:no"]
    s = play(s, "ctl:no")  # nothing else to decide: Upkeep, Cleanup, round 2
    assert (s.round, s.phase, s.turn) == (2, "action", "p1")
    assert s.players["p2"].storage[0] == money[1] + income[1] - TABLES.upkeep[10]  # 1, not TABLES.upkeep[9] = 2
    assert s.players["p1"].storage[0] == money[0] + income[0] - TABLES.upkeep[10]  # 1, not TABLES.upkeep[12] = 0
    assert (s.players["p1"].track, s.players["p1"].discs_acted) == (12, 0)  # E74 after Upkeep
    assert sum(s.supply.values()) == supply + TABLES.tech_cleanup["2"]


def lose_home(s, seat):
    """Take away every hex, cube and ship of `seat` (as battles and E64 would)."""
    h = s.hexes[home(s, seat)]
    h.owner, h.cubes, h.ships, h.arrival = None, [0] * len(h.cubes), {}, []
    p = s.players[seat]
    p.population, p.track, p.built = [11, 11, 11], 13, {k: 0 for k in p.built}


def test_e67_a_player_without_hexes_keeps_turns_produces_and_scores():
    s = game(TWO, seed=0)
    lose_home(s, "p1")
    s.players["p1"].storage = [0, 0, 0]
    s.turn = "p1"
    s = play(s, "pass", "pass")
    p = s.players["p1"]
    assert s.round == 2 and not p.collapsed and p.storage == [2, 2, 2]  # 11 cubes on each track produce 2
    # p1 passed first: Start Player; with no hex, the actions that can do something first (E26 RULING)
    assert seat_to_act(s) == "p1" and core(s) == ["act:research", "act:upgrade", "pass", "act:explore",
                                                  "act:influence", "act:build", "act:move"]
    while s.phase != "over":
        s = play(s, "pass")
    out = E.outcome(s)
    assert not s.players["p1"].collapsed and out.scores["p1"] == 0 and out.ranks == {"p1": 2, "p2": 1}


def test_e67_e71_without_hexes_a_shortfall_is_settled_by_trading_not_collapse():
    s = game(TWO, seed=0)
    lose_home(s, "p1")
    s.players["p1"].track, s.players["p1"].discs_acted, s.players["p1"].storage = 8, 5, [0, 4, 0]  # income 2, upkeep 3
    s.turn = "p1"
    s = play(s, "pass", "pass")
    assert s.phase == "upkeep" and seat_to_act(s) == "p1"
    assert ids(s) == ["tr:science:money"]  # no hex to give up; only trades into Money
    s = play(s, "tr:science:money")
    assert s.round == 2 and not s.players["p1"].collapsed and s.players["p1"].storage == [0, 4, 2]


def upkeep_now(s, queue=("p1", "p2")):
    """Jump to the Upkeep phase (E68) with the hand-made board."""
    s.phase = "upkeep"
    s.stack = [Upkeep.new(kind="upkeep", q=list(queue), step="colony")]
    settle(s)
    return s


def test_e117_step_1_colony_ships_asked_only_where_they_can_go_and_no_opponent_ships():
    """E117 step 1 / E69: colonise options of E102 and `done`, asked only when one exists;
    never onto a hex with opponent ships."""
    def setup(with_enemy):
        s = game(TWO, seed=0)
        s.hexes["106"] = new_hex("106", 6, 5, 0).model_copy(update={"owner": "p1"})
        s.hexes["106"].cubes = [1, 0]  # science taken, materials empty
        s.players["p1"].population[1] -= 1
        if with_enemy:
            s.hexes["106"].ships, s.hexes["106"].arrival = {"p2": {"interceptor": 1}}, ["p2"]
        return s

    s = upkeep_now(setup(False))
    assert seat_to_act(s) == "p1" and ids(s) == ["col:106:materials:materials", "done"]
    s = play(s, "done")
    assert s.round == 2 and s.hexes["106"].cubes == [1, 0]
    s = upkeep_now(setup(True))
    assert s.round == 2 and s.hexes["106"].cubes == [1, 0] and s.players["p1"].colony_ships_up == 3


def test_e117_step_2_bankruptcy_trades_into_money_and_gives_up_hexes_until_paid():
    """E117 step 2 / E71: only `trade X for money` and `give up H`; recomputed after each step;
    stored as soon as it is >= 0, then Science and Materials are produced (step 3)."""
    s = game(TWO, seed=0)
    hid = home(s, "p1")
    s.hexes["106"] = new_hex("106", 6, 5, 0).model_copy(update={"owner": "p1"})
    p = s.players["p1"]
    p.track, p.discs_acted, p.storage, p.colony_ships_up = 6, 6, [0, 5, 3], 0  # income 3, upkeep 7: short by 4
    income, sci, mat = production(p, 0), production(p, 1), production(p, 2)
    assert income - upkeep(p) == -4
    s = upkeep_now(s)
    assert sorted(ids(s)) == sorted(["tr:science:money", "tr:materials:money", f"give:{hid}", "give:106"])
    s = play(s, "tr:science:money", "tr:science:money", "tr:materials:money")
    assert s.players["p1"].storage == [3, 1, 1] and seat_to_act(s) == "p1"  # 3 + 3 - 7 < 0 still
    assert sorted(ids(s)) == sorted([f"give:{hid}", "give:106"])  # no trade left at 2:1
    s = play(s, "give:106")  # upkeep 7 -> 5: 3 + 3 - 5 = 1
    assert s.round == 2 and s.players["p1"].storage == [3 + income - TABLES.upkeep[7], 1 + sci, 1 + mat]
    assert s.hexes["106"].owner is None

"""Eclipse round structure and Upkeep: E24 (phase order), E67 (players without hexes), E117
(the Upkeep decisions)."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.board import production, upkeep
from rules.eclipse.data import T
from rules.eclipse.flow import settle
from rules.eclipse.moves import seat_to_act
from rules.eclipse.setup import new_hex

from .test_eclipse_decisions import core
from .test_eclipse_kit import game, home, ids, play

TWO = ["terran union", "terran alliance"]


def test_e24_action_combat_upkeep_cleanup_in_that_order():
    """E24: Combat runs after the Action phase even with no battle (p2 loses 107 to p1's lone
    ship, E64), Upkeep is paid after it (p2's upkeep counts the disc 107 gave back) and before
    Cleanup (p1 pays for its two discs on action spaces, which Cleanup then returns)."""
    s = game(TWO, seed=0)
    s.hexes["107"] = dict(new_hex("107", 6, 5, 0), owner="p2")
    s.hexes["107"].update(ships={"p1": {"interceptor": 1}}, arrive=["p1"], anc=0)
    s.players["p1"].update(track=10, acted=2)
    s.players["p2"].update(track=9, acted=2)  # home, 107 and two action spaces
    money = [s.players[x]["res"][0] for x in ("p1", "p2")]
    income = [production(s.players[x], 0) for x in ("p1", "p2")]
    supply = sum(s.supply.values())
    s.turn = "p1"
    s = play(s, "pass", "pass")
    assert s.phase == "combat" and s.hexes["107"]["owner"] is None and s.players["p2"]["track"] == 10
    assert core(s) == ["ctl:yes", "ctl:no"]
    s = play(s, "ctl:no")  # nothing else to decide: Upkeep, Cleanup, round 2
    assert (s.round, s.phase, s.turn) == (2, "action", "p1")
    assert s.players["p2"]["res"][0] == money[1] + income[1] - T.upkeep[10]  # 1, not T.upkeep[9] = 2
    assert s.players["p1"]["res"][0] == money[0] + income[0] - T.upkeep[10]  # 1, not T.upkeep[12] = 0
    assert (s.players["p1"]["track"], s.players["p1"]["acted"]) == (12, 0)  # E74 after Upkeep
    assert sum(s.supply.values()) == supply + T.tech_cleanup["2"]


def lose_home(s, seat):
    """Take away every hex, cube and ship of `seat` (as battles and E64 would)."""
    h = s.hexes[home(s, seat)]
    h.update(owner=None, pop=[0] * len(h["pop"]), ships={}, arrive=[])
    p = s.players[seat]
    p.update(pop=[11, 11, 11], track=13, built={k: 0 for k in p["built"]})


def test_e67_a_player_without_hexes_keeps_turns_produces_and_scores():
    s = game(TWO, seed=0)
    lose_home(s, "p1")
    s.players["p1"]["res"] = [0, 0, 0]
    s.turn = "p1"
    s = play(s, "pass", "pass")
    p = s.players["p1"]
    assert s.round == 2 and not p["out"] and p["res"] == [2, 2, 2]  # 11 cubes on each track produce 2
    # p1 passed first: Start Player; with no hex, only the actions that can do something (E26 RULING)
    assert seat_to_act(s) == "p1" and core(s) == ["act:research", "act:upgrade", "pass"]
    while s.phase != "over":
        s = play(s, "pass")
    out = E.outcome(s)
    assert not s.players["p1"]["out"] and out.scores["p1"] == 0 and out.ranks == {"p1": 2, "p2": 1}


def test_e67_e71_without_hexes_a_shortfall_is_settled_by_trading_not_collapse():
    s = game(TWO, seed=0)
    lose_home(s, "p1")
    s.players["p1"].update(track=8, acted=5, res=[0, 4, 0])  # income 2, upkeep 3
    s.turn = "p1"
    s = play(s, "pass", "pass")
    assert s.phase == "upkeep" and seat_to_act(s) == "p1"
    assert ids(s) == ["tr:science:money"]  # no hex to give up; only trades into Money
    s = play(s, "tr:science:money")
    assert s.round == 2 and not s.players["p1"]["out"] and s.players["p1"]["res"] == [0, 4, 2]


def upkeep_now(s, queue=("p1", "p2")):
    """Jump to the Upkeep phase (E68) with the hand-made board."""
    s.phase = "upkeep"
    s.stack = [{"k": "upkeep", "q": list(queue), "step": "colony"}]
    settle(s)
    return s


def test_e117_step_1_colony_ships_asked_only_where_they_can_go_and_no_opponent_ships():
    """E117 step 1 / E69: colonise options of E102 and `done`, asked only when one exists;
    never onto a hex with opponent ships."""
    def setup(with_enemy):
        s = game(TWO, seed=0)
        s.hexes["106"] = dict(new_hex("106", 6, 5, 0), owner="p1")
        s.hexes["106"]["pop"] = [1, 0]  # science taken, materials empty
        s.players["p1"]["pop"][1] -= 1
        if with_enemy:
            s.hexes["106"].update(ships={"p2": {"interceptor": 1}}, arrive=["p2"])
        return s

    s = upkeep_now(setup(False))
    assert seat_to_act(s) == "p1" and ids(s) == ["col:106:materials:materials", "done"]
    s = play(s, "done")
    assert s.round == 2 and s.hexes["106"]["pop"] == [1, 0]
    s = upkeep_now(setup(True))
    assert s.round == 2 and s.hexes["106"]["pop"] == [1, 0] and s.players["p1"]["col_up"] == 3


def test_e117_step_2_bankruptcy_trades_into_money_and_gives_up_hexes_until_paid():
    """E117 step 2 / E71: only `trade X for money` and `give up H`; recomputed after each step;
    stored as soon as it is >= 0, then Science and Materials are produced (step 3)."""
    s = game(TWO, seed=0)
    hid = home(s, "p1")
    s.hexes["106"] = dict(new_hex("106", 6, 5, 0), owner="p1")
    p = s.players["p1"]
    p.update(track=6, acted=6, res=[0, 5, 3], col_up=0)  # income 3, upkeep 7: short by 4
    income, sci, mat = production(p, 0), production(p, 1), production(p, 2)
    assert income - upkeep(p) == -4
    s = upkeep_now(s)
    assert sorted(ids(s)) == sorted(["tr:science:money", "tr:materials:money", f"give:{hid}", "give:106"])
    s = play(s, "tr:science:money", "tr:science:money", "tr:materials:money")
    assert s.players["p1"]["res"] == [3, 1, 1] and seat_to_act(s) == "p1"  # 3 + 3 - 7 < 0 still
    assert sorted(ids(s)) == sorted([f"give:{hid}", "give:106"])  # no trade left at 2:1
    s = play(s, "give:106")  # upkeep 7 -> 5: 3 + 3 - 5 = 1
    assert s.round == 2 and s.players["p1"]["res"] == [3 + income - T.upkeep[7], 1 + sci, 1 + mat]
    assert s.hexes["106"]["owner"] is None

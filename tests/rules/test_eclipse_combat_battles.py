"""Eclipse battles in the running game: E49-E60, E66, E112-E113 (scripted dice)."""
from __future__ import annotations

from rules.eclipse.battle.fight import battle_sides, has_battle
from rules.eclipse.battle.hits import suggest
from rules.eclipse.battle.core import npc_type

from .test_eclipse_combat_kit import act, board, events, fight, home, next_to, opts, ships


def test_e51_e52_controller_defends_and_wins_the_initiative_tie():
    s = board(rolls=[6])
    hid = home(s, "p1")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    assert battle_sides(s, hid) == ["p1", "p2"]
    fight(s)
    # E52: equal initiative, the defender (controller, E51) fires first; its 6 destroys (E55, E56)
    assert s.hexes[hid].ships == {"p1": {"interceptor": 1}}
    assert s.players["p2"].built["interceptor"] == 0  # E56: back to the supply
    assert len(events(s, "ev.fire_cannons")) == 1 and events(s, "ev.fire_cannons")[0].args["dice"] == "6"


def test_e51_npcs_come_first_and_the_latest_two_sides_fight_first():
    s = board(("terran union", "terran alliance", "terran republic"))
    hid = "101"
    s.hexes[hid] = s.hexes[home(s, "p1")].model_copy(deep=True, update={
        "q": 9, "r": 9, "owner": None, "ancients": 1, "gcds": False, "ships": {}, "arrival": []})
    ships(s, hid, "p3", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    assert battle_sides(s, hid) == ["npc", "p3", "p2"]
    fight(s)
    first = events(s, "ev.battle")[0].args
    assert first["defender"].args["id"] == "p3" and first["attacker"].args["id"] == "p2"


def test_e49_e85_draco_and_ancients_never_fight():
    s = board(("draco", "terran union", "terran alliance"))
    hid = "101"
    s.hexes[hid] = s.hexes[home(s, "p1")].model_copy(deep=True, update={
        "q": 9, "r": 9, "owner": None, "ancients": 2, "gcds": False, "ships": {}, "arrival": []})
    ships(s, hid, "p1", interceptor=1)
    assert not has_battle(s, hid)
    s.hexes[hid].gcds = True  # the GCDS fights everyone
    assert has_battle(s, hid)


def test_e50_hexes_in_descending_number():
    s = board(rolls=[])
    for hid in ("103", "221", "105"):
        s.hexes[hid] = s.hexes[home(s, "p1")].model_copy(deep=True, update={
            "q": int(hid) % 17, "r": 20, "owner": None, "ancients": 1, "gcds": False, "ships": {}, "arrival": []})
        ships(s, hid, "p2", cruiser=1)
    fight(s)
    while s.phase == "combat":
        act(s, opts(s)[-1])
    assert [e.args["hex"] for e in events(s, "ev.battle")] == ["221", "105", "103"]


def dread_vs_two(s):
    """p2's cruiser and interceptor attack p1's dreadnought at p1's home; the fight starts."""
    hid = home(s, "p1")
    ships(s, hid, "p1", dreadnought=1)
    ships(s, hid, "p2", cruiser=1, interceptor=1)
    fight(s)
    return hid


def test_e55_e56_e113_the_firing_player_assigns_each_die_to_a_group():
    s = board(rolls=[1, 1, 6, 5, 1, 6])
    hid = dread_vs_two(s)
    # p2's interceptor (3) and cruiser (2) missed; p1's dreadnought (1) hit twice: one die at a time
    assert opts(s) == ["hit:cruiser:0", "hit:interceptor:0", "auto"]
    act(s, "hit:cruiser:0")
    assert s.hexes[hid].damage == {"p2": {"cruiser": [1]}}  # damage marked (E56)
    assert opts(s) == ["hit:cruiser:1", "hit:interceptor:0", "auto"]  # groups by damage (E113)
    act(s, "hit:cruiser:1")  # 2 damage > hull 1: destroyed
    assert s.players["p2"].built["cruiser"] == 0
    # round 2: the interceptor misses, the dreadnought's 6 has one target: assigned without asking
    assert s.hexes[hid].ships == {"p1": {"dreadnought": 1}}
    assert [e.args["ship"].key for e in events(s, "ev.destroyed")] == ["eclipse.ship.cruiser", "eclipse.ship.interceptor"]


def test_e113_auto_accepts_the_suggestion():
    s = board(rolls=[1, 1, 6, 6])
    hid = dread_vs_two(s)
    act(s, "auto")  # E57 order: destroy the largest first (the cruiser needs both dice)
    assert events(s, "ev.destroyed")[0].args["ship"].key == "eclipse.ship.cruiser"


def test_e57_npc_priority_destroy_largest_first_then_damage_largest():
    s = board()
    hid = home(s, "p1")
    ships(s, hid, "p1", cruiser=1, interceptor=2, dreadnought=1)
    anc = npc_type("ancient")
    plan = suggest(s, hid, "p1", ["cruiser", "interceptor", "dreadnought"], [[6, 1], [5, 1]], anc)
    # the dreadnought needs 3: not enough; the cruiser needs 2: both dice
    assert [(s_, b) for _, s_, b in plan] == [("cruiser", 0), ("cruiser", 1)]
    plan = suggest(s, hid, "p1", ["cruiser", "interceptor", "dreadnought"], [[6, 1], [6, 1], [5, 1]], anc)
    assert [(s_, b) for _, s_, b in plan] == [("dreadnought", 0), ("dreadnought", 1), ("dreadnought", 2)]
    plan = suggest(s, hid, "p1", ["cruiser", "interceptor", "dreadnought"], [[6, 1]], anc)
    assert [(s_, b) for _, s_, b in plan] == [("interceptor", 0)]  # destroy before damaging
    s.hexes[hid].ships["p1"] = {"dreadnought": 1}
    plan = suggest(s, hid, "p1", ["dreadnought"], [[6, 1]], anc)
    assert [(s_, b) for _, s_, b in plan] == [("dreadnought", 0)]  # damage pass


def test_e53_missile_volley_fires_once_per_battle_before_the_rounds():
    s = board(rolls=[6, 6, 1, 1, 1, 1, 6])
    hid = home(s, "p1")
    ships(s, hid, "p1", dreadnought=1)
    ships(s, hid, "p2", interceptor=1)
    s.players["p2"].blueprints["interceptor"] = ["plasma missile", "nuclear source", "nuclear drive", None]
    fight(s)
    # two orange dice of 2 damage: 4 > hull 2, the dreadnought is destroyed in the volley
    assert len(events(s, "ev.fire_missiles")) == 1 and events(s, "ev.fire_missiles")[0].args["dice"] == "6(2) 6(2)"
    assert "p1" not in s.hexes[hid].ships


def test_e112_owner_orders_types_of_equal_initiative():
    s = board(rolls=[1, 1, 1, 6, 6])
    hid = home(s, "p2")
    s.players["p1"].blueprints["cruiser"][1] = "nuclear drive"  # initiative 3, as the interceptor
    ships(s, hid, "p1", cruiser=1, interceptor=1)
    ships(s, hid, "p2", dreadnought=1)
    fight(s)
    assert sorted(opts(s)) == ["first:cruiser", "first:interceptor"]
    act(s, "first:cruiser")
    b = s.stack[-1].b if s.stack[-1].kind == "fight" else None
    assert b is None or b["order"][:2] == [["p1", "cruiser"], ["p1", "interceptor"]]


def test_e58_retreat_leaves_at_the_next_activation_and_u7_costs_the_participation_draw():
    s = board(rolls=[1])
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    ships(s, hid, "p1", cruiser=1)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    assert opts(s) == ["attack", f"retreat:{dest}"]  # the interceptor (3) acts before the cruiser (2)
    act(s, f"retreat:{dest}")
    # the cruiser misses; at the interceptor's next activation it moves away: the battle is over
    assert s.hexes[dest].ships == {"p2": {"interceptor": 1}} and "p2" not in s.hexes[hid].ships
    assert events(s, "ev.retreated")
    rep = [f for f in s.stack if f.kind == "rep"]
    assert rep and rep[0].q == [["p1", 1]]  # E61/U7: p2 retreated, no participation draw


def test_e54_rounds_repeat_and_a_declared_retreat_completes_when_the_battle_ends():
    s = board(rolls=[1, 1, 1, 1, 6])
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1, cruiser=1)
    fight(s)  # round 1: p1's interceptor (initiative 3, the defender's tie, E52) misses
    act(s, "attack")  # p2's interceptor misses
    act(s, "attack")  # p2's cruiser misses: nobody is gone, so another round (E54)
    assert s.stack[-1].kind == "fight" and s.stack[-1].b["round"] == 2
    act(s, f"retreat:{dest}")  # round 2: p1 missed again; p2's interceptor declares a retreat (E58)
    act(s, "attack")  # the cruiser's 6 destroys p1's interceptor: the battle ends at once
    assert "p1" not in s.hexes[hid].ships
    # E54: the survivor's retreating interceptor completes its retreat; the cruiser stays
    assert s.hexes[dest].ships == {"p2": {"interceptor": 1}}
    assert s.hexes[hid].ships == {"p2": {"cruiser": 1}}
    assert len(events(s, "ev.fire_cannons")) == 5 and events(s, "ev.retreated")


def test_e58_starbases_and_npcs_never_retreat():
    s = board(rolls=[1, 1, 1, 1])
    hid = home(s, "p1")
    next_to(s, hid, "102", owner="p1")
    ships(s, hid, "p1", starbase=1)
    s.hexes[hid].ancients = 1
    s.hexes[hid].owner = None
    fight(s)
    assert not any(e.key.endswith("ev.retreat") for e in s.events)


def test_e59_stalemate_attacker_leaves_or_is_destroyed():
    s = board()
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    for seat in ("p1", "p2"):
        s.players[seat].blueprints["interceptor"] = [None, "nuclear source", "nuclear drive", None]
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    assert events(s, "ev.stalemate") and s.hexes[dest].ships == {"p2": {"interceptor": 1}}
    s = board()
    hid = home(s, "p1")
    for seat in ("p1", "p2"):
        s.players[seat].blueprints["interceptor"] = [None, "nuclear source", "nuclear drive", None]
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=2)
    fight(s)
    assert "p2" not in s.hexes[hid].ships and s.players["p2"].built["interceptor"] == 0
    assert not [f for f in s.stack if f.kind == "rep" and any(q[0] == "p2" for q in f.q)]  # no draws


def test_e60_damage_carries_over_between_battles_in_a_hex():
    # battle 1: p2's interceptor puts 1 damage on p1's dreadnought and dies;
    # battle 2: the Ancient's two 6s finish it only because that damage stayed
    s = board(rolls=[6, 6, 6, 6, 6])
    hid = "101"
    s.hexes[hid] = s.hexes[home(s, "p1")].model_copy(deep=True, update={
        "q": 9, "r": 9, "owner": None, "ancients": 1, "gcds": False, "ships": {}, "arrival": []})
    ships(s, hid, "p1", dreadnought=1)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    assert [e.args["attacker"].args.get("id") for e in events(s, "ev.battle")] == ["p2", "p1"]
    assert s.hexes[hid].ships == {} and s.hexes[hid].ancients == 1


def test_e66_damage_is_repaired_after_the_combat_phase():
    s = board(rolls=[6, 1, 6, 6])
    hid = home(s, "p1")
    ships(s, hid, "p1", dreadnought=1)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    while s.phase == "combat":
        act(s, opts(s)[-1])
    assert s.hexes[hid].ships == {"p1": {"dreadnought": 1}}
    assert all(not h.damage for h in s.hexes.values())


def test_e77_e78_gcds_fights_and_counts_three_draws():
    s = board(rolls=[6, 6, 6, 6, 1, 1, 1, 1] + [6] * 8)
    ships(s, "001", "p1", dreadnought=2)
    s.players["p1"].blueprints["dreadnought"] = ["antimatter cannon", "hull", "nuclear source", "hull",
                                            "nuclear source", "ion cannon", "electron computer", "nuclear drive"]
    fight(s)
    while s.stack and s.stack[-1].kind == "fight":
        act(s, opts(s)[-1])
    assert s.hexes["001"].gcds is False
    rep = [f for f in s.stack if f.kind == "rep"]
    assert rep and rep[0].q == [["p1", 4]]  # 1 + 3 for the GCDS (E61)


def test_e60_damage_is_in_the_view_and_drawn_on_the_board():
    from rules.eclipse import ENGINE
    from render.eclipse import render
    s = board(rolls=[1, 1, 6, 5])
    hid = dread_vs_two(s)
    act(s, "hit:cruiser:0")
    hv = next(h for h in ENGINE.view(s, None).hexes if h.id == hid)
    assert hv.damage == {"p2": {"cruiser": [1]}}
    assert render(ENGINE.view(s, None), {"p1": "Ann", "p2": "Bob"})[:4] == b"\x89PNG"


def test_battle_summary_image_lists_fleets_dice_and_results():
    from rules.eclipse import ENGINE
    from render.eclipse import draw, render
    from render.eclipse_battle import battle_panel, battle_rows
    s = board(rolls=[1, 1, 6, 5, 1, 6])
    s.events = []
    hid = dread_vs_two(s)
    act(s, "hit:cruiser:0", "hit:cruiser:1")
    view = ENGINE.view(s, None)
    kinds = [k for k, _ in battle_rows(view.log)]
    assert kinds[0] == "battle" and "fire_cannons" in kinds and kinds.count("destroyed") == 2
    assert [(b["hex"], b["over"]) for b in view.battles] == [(hid, True)]
    panel = battle_panel(view, {"p1": "Ann", "p2": "Bob"}, "es")
    assert panel is not None and panel.width == 1200
    png = render(view, {"p1": "Ann", "p2": "Bob"})
    from io import BytesIO
    from PIL import Image
    assert Image.open(BytesIO(png)).height == draw(view, {}, None).height + panel.height
    s.events, s.battles = [], []  # what the next move starts from (EclipseEngine.apply)
    assert battle_panel(ENGINE.view(s, None), {}) is None


def test_a_battle_over_several_decisions_is_summed_up_whole_after_each():
    from rules.eclipse import ENGINE
    from render.eclipse_battle import battle_panel, battle_rows
    s = board(rolls=[1, 1, 6, 5, 1, 6])
    hid = dread_vs_two(s)  # round 1: both of p2's ships missed, the dreadnought hit twice
    first = ENGINE.view(s, None).battles
    assert [(b["hex"], b["over"]) for b in first] == [(hid, False)]  # under way: p1 assigns the hits
    s.events, s.battles = [], []  # the next move (EclipseEngine.apply resets both)
    act(s, "hit:cruiser:0")
    [running] = ENGINE.view(s, None).battles
    assert not running["over"] and running["log"] == first[0]["log"]  # from its start, the volley included
    s.events, s.battles = [], []
    act(s, "hit:cruiser:1")  # the cruiser is destroyed; round 2 ends the battle without a question
    [done] = ENGINE.view(s, None).battles
    kinds = [k for k, _ in battle_rows(done["log"])]
    assert done["over"] and kinds[:4] == ["battle", "fire_cannons", "fire_cannons", "fire_cannons"], kinds
    assert kinds.count("destroyed") == 2  # the cruiser (this move) and the interceptor (round 2)
    assert [k for k, _ in battle_rows(ENGINE.view(s, None).log)][0] == "destroyed"  # only this move's events
    assert battle_panel(ENGINE.view(s, None), {"p1": "Ann", "p2": "Bob"}) is not None
    s.events, s.battles = [], []
    assert ENGINE.view(s, None).battles == []  # a move that fights nothing shows no summary


def test_e98_odds_of_the_pending_battle_in_the_running_game():
    from rules.eclipse.battle.game_odds import hex_odds, pending_battles
    s = board()
    hid = home(s, "p1")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    assert pending_battles(s, "p2") == [hid]
    att, dfn, p, _ = hex_odds(s, hid, None)
    assert (att, dfn) == ("p2", "p1") and abs(p - 5 / 11) < 1e-9  # one interceptor each: 5/11
    ships(s, hid, "p1", cruiser=1)
    fresh = hex_odds(s, hid, None)[2]
    s.hexes[hid].damage = {"p1": {"cruiser": [1]}}  # E60: damage already on the defender counts
    assert fresh < hex_odds(s, hid, None)[2]

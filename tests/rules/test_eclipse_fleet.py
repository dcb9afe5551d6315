"""Eclipse Upgrade, Move, Reactions and the no-battle combat steps:
E28, E40, E43-E44, E64-E65, E91, E106, E108-E109, E116."""
from __future__ import annotations

from rules.eclipse.board import enemies
from rules.eclipse.pending import seat_to_act
from rules.eclipse.setup import new_hex
from rules.eclipse.upgrade import slots_for, valid

from .test_eclipse_kit import game, home, ids, play


def solo(sides=("terran union", "terran alliance"), seed=0):
    s = game(list(sides), seed=seed)
    s.turn = "p1"
    for x in s.order[1:]:
        s.players[x].passed = True
    return s


def test_e40_energy_balance_and_drive_rule():
    s = solo()
    p = s.players["p1"]
    assert valid(p, "interceptor", ["ion cannon", "nuclear source", "nuclear drive", None])
    assert not valid(p, "interceptor", ["ion cannon", "nuclear source", None, None])  # no drive
    assert not valid(p, "interceptor", ["ion cannon", "ion cannon", "nuclear drive", "ion cannon"])  # energy
    assert valid(p, "starbase", ["ion cannon", "hull", "hull", "electron computer", None])
    assert not valid(p, "starbase", ["ion cannon", "hull", "hull", "electron computer", "nuclear drive"])


def test_e40_e106_tech_needed_and_never_the_same_part_on_a_slot():
    s = solo()
    s = play(s, "act:upgrade")
    parts = {x for x in ids(s) if x.startswith("part:")}
    assert "part:plasma-cannon" not in parts and "part:hull" in parts  # E89
    assert "part:gauss-shield" not in parts
    s = play(s, "part:hull")
    assert "put:interceptor:3" in ids(s) and "put:cruiser:0" not in ids(s)  # cruiser slot 0 shows Hull
    assert "put:interceptor:2" not in ids(s)  # would remove the only drive


def test_e106_return_uncovers_the_printed_part_and_undo_puts_it_back():
    s = solo()
    s = play(s, "act:upgrade", "part:hull", "put:interceptor:0")  # covers the printed Ion Cannon
    assert s.players["p1"].blueprints["interceptor"][0] == "hull"
    s = play(s, "ret")  # only tiles, never printed parts: the one tile returns without asking (E99)
    assert s.players["p1"].blueprints["interceptor"][0] == "ion cannon"
    assert "undo" in ids(s) and "ret" not in ids(s)  # no tile left to return
    s = play(s, "undo")
    assert s.players["p1"].blueprints["interceptor"][0] == "hull" and "ret" not in ids(s) and "stop" in ids(s)


def test_e87_orion_gauss_shield_printed_can_be_covered():
    s = solo(("orion", "terran union"))
    p = s.players["p1"]
    assert ("interceptor", 3) in slots_for(p, "hull")


def test_e91_ancient_part_placed_at_once_or_kept():
    s = solo()
    hid = home(s, "p1")
    s.hexes[hid].discovery = "hypergrid source"
    s.hexes[hid].owner = None
    s.players["p1"].track += 1
    s = play(s, "act:influence", "from:track", f"to:{hid}", "dsc:use")
    assert s.stack[-1].kind == "ancpart" and "keep" in ids(s) and "put:interceptor:3" in ids(s)
    s = play(s, "put:interceptor:3")
    assert s.players["p1"].blueprints["interceptor"][3] == "hypergrid source" and s.players["p1"].ancient_parts == []


def ring_of_hexes(s):
    """Put explored hexes next to p1's home so ships can move (all wormholes open: 001-like)."""
    h = s.hexes[home(s, "p1")]
    from rules.eclipse.geometry import neighbour
    out = []
    for d, hid in zip(range(6), ("101", "102", "103", "104", "106", "107")):
        q, r = neighbour(h.q, h.r, d)
        if any((x.q, x.r) == (q, r) for x in s.hexes.values()):
            continue
        s.hexes[hid] = new_hex(hid, q, r, 0)
        s.hexes[hid].ancients = 0
        out.append(hid)
    return out


def test_e43_move_along_full_wormholes_terrans_three_activations():
    s = solo()
    ring_of_hexes(s)
    s = play(s, "act:move")
    assert s.stack[-1].left == 3  # E30 Terrans
    hid = home(s, "p1")
    s = play(s, f"ship:{hid}:interceptor")
    goes = [x for x in ids(s) if x.startswith("go:")]
    assert goes and "here" not in ids(s) and "stop" not in ids(s)
    s = play(s, goes[0])  # movement 1: the activation ends there
    dst = goes[0][3:]
    assert s.hexes[dst].ships == {"p1": {"interceptor": 1}} and s.hexes[dst].arrival == ["p1"]
    assert "p1" not in s.hexes[hid].ships and s.stack[-1].left == 2


def test_e44_pinning_needs_more_own_ships_than_opponents():
    s = solo()
    hid = home(s, "p1")
    ring_of_hexes(s)
    s.hexes[hid].ships["p2"] = {"interceptor": 1}
    assert enemies(s, hid, "p1") == 1
    listed = ids(s)
    assert listed.index("act:move") > listed.index("pass")  # pinned: Move can do nothing (E26 RULING, E108)
    s2 = solo()
    hid = home(s2, "p1")
    ring_of_hexes(s2)
    s2.hexes[hid].ships["p1"]["interceptor"] = 2
    s2.players["p1"].built["interceptor"] = 2
    s2.hexes[hid].ships["p2"] = {"interceptor": 1}
    s2 = play(s2, "act:move")
    assert f"ship:{hid}:interceptor" in ids(s2)


def test_e28_e109_reactions_are_one_activation_without_stop():
    s = game(["terran union", "terran alliance"], seed=0)
    seat = seat_to_act(s)
    s = play(s, "pass")
    other = seat_to_act(s)
    s = play(s, "act:research", "stop") if "act:research" in ids(s) else s
    assert seat_to_act(s) == seat
    assert {"react:upgrade", "react:build", "react:move", "pass"} >= {x for x in ids(s) if not x.startswith("tr:")}
    assert "act:explore" not in ids(s)
    if "react:upgrade" in ids(s):
        s2 = play(s, "react:upgrade")
        assert s2.stack[-1].left == 1 and "stop" not in ids(s2)
    assert other != seat


def test_e64_e65_control_changes_without_battle():
    s = solo()
    s.hexes["106"] = new_hex("106", 5, 5, 0).model_copy(update={"owner": None})
    s.hexes["106"].ships = {"p1": {"cruiser": 1}}
    s.hexes["106"].arrival = ["p1"]
    s.hexes["107"] = new_hex("107", 6, 5, 0).model_copy(update={"owner": "p2"})
    s.hexes["107"].ships = {"p1": {"interceptor": 1}}
    s.hexes["107"].arrival = ["p1"]
    s.players["p2"].track -= 1
    track2 = s.players["p2"].track
    s = play(s, "pass")
    while s.phase == "action":
        s = play(s, "pass")
    assert s.hexes["107"].owner is None and s.players["p2"].track == track2 + 1  # E64
    assert s.stack[-1].kind == "control" and seat_to_act(s) == "p1"
    assert set(x for x in ids(s) if x.startswith("ctl:")) == {"ctl:yes", "ctl:no"}
    s = play(s, "ctl:yes")  # E65, in E50 order: 107 before 106
    assert s.hexes["107"].owner == "p1"


def test_e106_e91_a_slot_is_named_by_its_number_and_what_the_part_replaces():
    """E106 (and E91 for an ancient part): each place for the part says the slot's number (from 1, as the player
    board draws it) and the part it covers there, or that the slot is empty, in both languages."""
    from rules import GAMES
    from rules.text import tr

    s = play(solo(), "act:upgrade", "part:hull")
    labels = {m.id: m.text for m in GAMES["eclipse"].legal_moves(s, "p1")}
    assert tr(labels["put:interceptor:0"], "en") == "Hull into slot 1 of the Interceptor blueprint (replaces: Ion cannon)"
    assert tr(labels["put:interceptor:3"], "en") == "Hull into slot 4 of the Interceptor blueprint (an empty slot)"
    assert tr(labels["put:interceptor:0"], "es").endswith("(sustituye: Cañón de iones)")
    assert tr(labels["put:interceptor:3"], "es").endswith("(casilla vacía)")

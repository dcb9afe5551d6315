"""Flotilla Skyside: keeping (F39), building and A x B (F41-F43, X3, X9), sonar (F57), research (F51-F55, X2, X7)."""
from __future__ import annotations

from rules.flotilla import ENGINE
from rules.text import tr
from rules.flotilla.hexes import is_hub, neighbours, vertex
from rules.flotilla.research import pay
from rules.flotilla.sky import build_cells, sonar_circles, tile_score, watercraft

from .test_flotilla_kit import act, chain, ids, me, new, parse, put_tile, saved


def skyside(seed: int = 0):
    s = ENGINE.copy_state(new(seed=seed))
    p = me(s)
    p.side, p.skiffs, p.skiff_reserve = "sky", [], 0
    e = s.board[p.home]
    s.board[p.home] = [e[0], e[1], e[2], 0, 0, "sky"]
    return s, p.seat


def test_F39_E42_keep_then_build_the_kept_tile():
    s, seat = skyside()
    s = ENGINE.copy_state(s)
    me(s).barrels = {"p": 5, "y": 5, "r": 5, "b": 5}
    s = act(s, "play:founder")  # Income 3; Draw 2, keep up to 1; Build up to 2
    assert me(s).coins == 4 + 3 and len(s.drawn) == 2
    kept = s.drawn[0]
    s = act(s, f"keep:{kept}")
    assert s.drawn == [] and len(s.bag) == 91 and me(s).tiles == [kept]
    assert ids(s)[0] == f"bt:{kept}"


def test_F41_build_cells_and_X9_two_tiles_scored_together():
    s, seat = skyside()
    p = me(s)
    p.tiles = ["red-02", "red-03"]  # both red, no buildings, cost 1 each
    p.barrels = {"p": 0, "y": 0, "r": 2, "b": 0}
    s.dials["founders"] = 2
    cells = build_cells(s, seat)
    assert cells and all(not is_hub(c) for c in cells)
    s = chain(s, "founders-1-settler-a", [["build", 2]])
    first = f"bcell:{cells[0]}"
    s = act(s, "bt:red-02", first)
    s = act(s, ids(s)[0])  # a rotation
    second = next(c for c in build_cells(s, seat) if c in neighbours(cells[0]))
    s = act(s, "bt:red-03", f"bcell:{second}")
    vp_before = s.players[seat].vp
    s = act(s, ids(s)[0])  # a rotation; then the Build ends and both tiles score
    assert s.players[seat].vp - vp_before == 8  # X9: 4 + 4
    assert s.players[seat].barrels["r"] == 0


def test_F42_F43_X3_a_times_b():
    s, seat = skyside()
    home = me(s).home
    s.dials["founders"] = 2
    # a watercraft: start (6 craft edges) - hull red tile with a building (red-01)
    n1 = next(c for c in neighbours(home) if not is_hub(c))
    put_tile(s, n1, "red-01", seat, face="sky")  # hull, building
    # the new red tile with a building, joined by craft edges to n1, next to a red group of 2 (n1 + n3)
    n2 = next(c for c in neighbours(n1) if c not in s.board and not is_hub(c))
    put_tile(s, n2, "red-08", seat, face="sky")  # hull, building
    assert n2 in watercraft(s, n1) and home in watercraft(s, n1)
    a, b = tile_score(s, n2)
    assert (a, b) == (4, 2)  # A = min(4, 2 + 2 buildings); B = 2
    n3 = next(c for c in neighbours(n2) if c not in s.board and not is_hub(c) and c not in neighbours(home))
    put_tile(s, n3, "red-09", seat, face="sky")  # corner, no building
    assert tile_score(s, n2) == (4, 3)  # X3: 12 VP
    s.dials["founders"] = 3
    assert tile_score(s, n2)[0] == 4  # the cap


def test_F43_craft_edges_must_face_each_other():
    s, seat = skyside()
    home = me(s).home
    n1 = next(c for c in neighbours(home) if not is_hub(c))
    d = neighbours(home).index(n1)
    # a pier's single craft edge pointing away from the start tile: not joined
    put_tile(s, n1, "red-03", seat, rot=(d + 1) % 6, face="sky")
    assert n1 not in watercraft(s, home)
    put_tile(s, n1, "red-03", seat, rot=(d + 3) % 6, face="sky")  # edge facing back to the start
    assert n1 in watercraft(s, home)


def test_F57_sonar_circle():
    s, seat = skyside()
    home = me(s).home
    ring2 = sorted({n2 for n in neighbours(home) for n2 in neighbours(n)})
    v = next(vertex(a, k) for a in ring2 for k in range(6)
             if all(c not in s.board and not is_hub(c) for c, _ in vertex(a, k)))
    for (c, k), t in zip(v, ["red-02", "red-04", "red-06"]):  # sonar at printed corner 0
        put_tile(s, c, t, seat, rot=k, face="sky")
    assert sonar_circles(s, [v[0][0]]) == 1
    s = chain(s, "founders-1-settler-a", [["sonar", 1]])
    assert ids(s) == ["sonar:yes", "sonar:no"]
    vp = me(s).vp
    s = act(s, "sonar:yes")
    assert s.sonar == 1 and s.players[seat].vp == vp + 2


def test_X2_X7_F52_F53_F54_F55_bounty_and_research():
    s, seat = skyside()
    s.slotted["delvers"] = ["delvers-1", "delvers-2"]
    s.dice = [3, 3, 5]  # blue, blue, wild
    s.wilds = ["delvers"]
    s.todo = parse([["end"]])
    s.playing = "delver"
    me(s).hand.remove("delver")
    pay(s, ["research_pay"])
    assert s.todo[0].model_dump() == ["bounty", "d"]
    from rules.flotilla.chain import run
    run(s)
    assert s.players[seat].vp == 2  # X2: 2 VP
    # X7: three Delvers+2¢, two Delvers+Breakthrough, one Wild+Breakthrough
    s2, seat2 = skyside()
    s2.slotted["delvers"] = ["delvers-1", "delvers-2"]
    s2.dice = [3, 3, 3, 4, 4, 5]
    s2.wilds = ["traders"]
    s2.todo = parse([["end"]])
    s2.playing = "delver"
    me(s2).hand.remove("delver")
    coins = me(s2).coins
    pay(s2, ["research_pay"])
    assert me(s2).coins == coins + 6
    assert saved(s2.todo[:2]) == [["dial", 1], ["bounty", "d"]]  # one raise; Delvers pays once
    run(s2)
    s2 = act(s2, "dial:f")
    assert s2.dials["founders"] == 2 and s2.players[seat2].vp == 2


def test_F51_research_roll_and_reroll_chain():
    s, seat = skyside()
    s = chain(s, "delvers-2-deep-delver-a", [["research", 5, 2, 0]])
    assert len(s.dice) == 5 and ids(s)[-1] == "reroll:done"
    first = ids(s)[0]
    s = act(s, first)
    assert s.todo[0].chosen == first.split(":")[1]


def test_E12_dials_cap_at_4():
    s, seat = skyside()
    s.dials = {"speakers": 4, "traders": 4, "founders": 4, "delvers": 3}
    s = chain(s, "delver", [["dial", 2]])
    assert ids(s) == ["dial:d", "dial:none"]  # only a dial below 4 may rise (or none, F54)
    s = act(s, "dial:d")  # then every dial is at 4: the second raise is lost, nothing is asked
    assert s.dials["delvers"] == 4 and not any(f.kind == "dial" for f in s.todo)


def test_F54_the_breakthrough_raise_may_be_declined_even_with_one_dial_left():
    """F54: "You may immediately increase any one Guild Dial by one": declining is always offered,
    also when only one dial can rise (no automatic single option, E7), and changes no dial."""
    s, seat = skyside()
    s.dials = {"speakers": 4, "traders": 4, "founders": 2, "delvers": 4}
    s = chain(s, "delver", [["dial", 1]])
    assert ids(s) == ["dial:f", "dial:none"]
    labels = {m.id: m.label for m in ENGINE.legal_moves(s, seat)}
    assert labels == {"dial:f": "Raise the Founders dial to 3", "dial:none": "Raise no dial"}
    assert "you may raise a guild dial" in tr(ENGINE.prompt(s, seat))
    before = dict(s.dials)
    declined = act(s, "dial:none")
    assert declined.dials == before and not any(f.kind == "dial" for f in declined.todo)
    assert any(e.key == "flotilla.ev.dial_none" for e in declined.events)
    raised = act(s, "dial:f")
    assert raised.dials["founders"] == 3


def test_F54_each_raise_of_several_is_offered_and_may_be_declined_on_its_own():
    """F54/E12: 6 breakthroughs give two optional raises, each asked in turn."""
    s, seat = skyside()
    s.dials = {"speakers": 1, "traders": 1, "founders": 1, "delvers": 1}
    s = chain(s, "delver", [["dial", 2]])
    assert ids(s) == ["dial:s", "dial:t", "dial:f", "dial:d", "dial:none"]
    s = act(s, "dial:none")
    assert ids(s) == ["dial:s", "dial:t", "dial:f", "dial:d", "dial:none"]  # the second raise
    s = act(s, "dial:t")
    assert s.dials == {"speakers": 1, "traders": 2, "founders": 1, "delvers": 1}
    assert not any(f.kind == "dial" for f in s.todo)

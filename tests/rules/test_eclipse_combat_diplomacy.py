"""Eclipse diplomacy (E46-E48, E111; 4 or more players)."""
from __future__ import annotations

from rules.eclipse.board import score_parts
from rules.eclipse.diplomacy import check_breaks, proposals
from rules.eclipse.frames import Turn

from .test_eclipse_combat_kit import act, board, home, next_to, opts, ships

FOUR = ("terran union", "terran alliance", "terran republic", "terran directorate")


def neighbours_board(sides=FOUR):
    s = board(sides)
    next_to(s, home(s, "p1"), "102", owner="p2")  # a full wormhole joins p1's and p2's hexes
    s.turn = "p1"
    s.stack = [Turn.new(kind="turn")]
    return s


def test_e46_no_diplomacy_with_fewer_than_four_players():
    s = board(FOUR[:3])
    next_to(s, home(s, "p1"), "102", owner="p2")
    s.turn = "p1"
    assert proposals(s, "p1") == []


def test_e47_e111_propose_accept_exchange_ambassadors():
    s = neighbours_board()
    assert "propose:p2" in opts(s) and "propose:p3" not in opts(s)  # condition 1: connection
    pop1, pop2 = sum(s.players["p1"].population), sum(s.players["p2"].population)
    act(s, "propose:p2")
    assert opts(s) == ["accept", "decline"]  # p2 answers
    act(s, "accept")
    while s.stack[-1].kind == "ambc":  # the proposer first, then p2 (E111 step 3)
        act(s, opts(s)[0])
    assert sum(s.players["p1"].population) == pop1 - 1 and sum(s.players["p2"].population) == pop2 - 1
    assert score_parts(s, "p1")["ambassadors"] == 1 and score_parts(s, "p2")["ambassadors"] == 1  # E46
    assert "propose:p2" not in opts(s)  # condition 3: already related


def test_e47_one_proposal_per_partner_and_round_and_decline():
    s = neighbours_board()
    act(s, "propose:p2", "decline")
    assert "propose:p2" not in opts(s)


def test_e47_condition_2_no_ships_in_the_others_hexes():
    s = neighbours_board()
    ships(s, "102", "p1", interceptor=1)
    assert "propose:p2" not in opts(s)


def test_e48_aggression_breaks_relations_traitor_card_cubes_back():
    s = neighbours_board()
    act(s, "propose:p2", "accept")
    while s.stack[-1].kind == "ambc":
        act(s, opts(s)[0])
    pop1 = sum(s.players["p1"].population)
    ships(s, "102", "p1", interceptor=1)  # p1's ship in p2's hex at the end of an action
    check_breaks(s, "p1")
    assert s.players["p1"].traitor and score_parts(s, "p1")["traitor"] == -2
    assert score_parts(s, "p1")["ambassadors"] == 0 and score_parts(s, "p2")["ambassadors"] == 0
    while s.stack[-1].kind == "cube":  # each owner puts the cube back (E118)
        act(s, opts(s)[0])
    assert sum(s.players["p1"].population) == pop1 + 1
    s.hexes["102"].ships = {}
    assert "propose:p2" not in opts(s)  # condition 4: the Traitor may not form relations


def test_e72_collapse_ends_relations_cubes_back_to_the_partner():
    from rules.eclipse.phases import collapse
    s = neighbours_board()
    act(s, "propose:p2", "accept")
    while s.stack[-1].kind == "ambc":
        act(s, opts(s)[0])
    collapse(s, "p1")
    assert score_parts(s, "p2")["ambassadors"] == 0 and s.players["p2"].ambassadors_given == {}
    assert s.stack[-1].model_dump() == {"k": "cube", "seat": "p2", "kinds": ["grey"]}


def test_e46_e48_view_shows_ambassadors_and_the_traitor():
    from rules.eclipse import ENGINE
    s = neighbours_board()
    act(s, "propose:p2", "accept")
    while s.stack[-1].kind == "ambc":
        act(s, opts(s)[0])
    assert {p.seat: p.ambassadors for p in ENGINE.view(s, None).players}["p1"] == 1
    ships(s, "102", "p1", interceptor=1)
    check_breaks(s, "p1")
    players = {p.seat: p for p in ENGINE.view(s, None).players}
    assert players["p1"].traitor and not players["p2"].traitor and players["p2"].ambassadors == 0

"""Flotilla edge cases (Part 3: E numbers) and side restrictions (F21)."""
from __future__ import annotations

from rules.flotilla import ENGINE
from rules.flotilla.hexes import is_hub, neighbours
from rules.flotilla.place import can_place
from rules.flotilla.sky import build_cells

from .test_flotilla_kit import act, active, chain, give, ids, me, new, put_tile


def _sky(s):
    s = ENGINE.copy_state(s)
    p = me(s)
    p.side, p.skiffs, p.skiff_reserve = "sky", [], 0
    e = s.board[p.home]
    s.board[p.home] = [e[0], e[1], e[2], 0, e[4], "sky"]
    return s


def test_F21_sinkside_faces_place_and_dive_skyside_faces_build_and_research():
    s = new()
    labels = {m.id: m.label for m in ENGINE.legal_moves(s, active(s))}
    assert "place up to 1" in labels["play:founder"] and "Dive +1" in labels["play:delver"]
    s = _sky(new())
    labels = {m.id: m.label for m in ENGINE.legal_moves(s, active(s))}
    assert "Build up to 2" in labels["play:founder"] and "Research 3" in labels["play:delver"]
    assert "Income 4" in labels["play:captain"]


def test_F21_F30_skysiders_buy_no_skiffs_and_take_skyside_objectives():
    s = give(_sky(new()), coins=100)
    s = chain(s, "trader", [["trans", 1]])
    assert "tx:skiff" not in ids(s)
    objs = [i for i in ids(s) if i.startswith("tx:obj:")]
    assert sorted(o.split(":")[2] for o in objs) == sorted(s.objectives["sky"])


def test_F31_D5_skyside_outpost_costs_and_float_surcharge():
    s = give(_sky(new()), coins=100)
    seat = active(s)
    s = chain(s, "trader", [["trans", 2]])
    first = next(i for i in ids(s) if i.startswith("tx:obj:"))
    s = act(s, first)  # the starting tile's site: 10¢
    assert s.players[seat].coins == 90
    s = act(s, first)  # no site left: 13 + 20
    assert s.players[seat].coins == 90 - 33 and s.players[seat].floating == 1


def test_E16_no_outpost_offer_without_outposts_or_objectives():
    s = give(new(), coins=100, outposts=6)
    s = chain(s, "trader", [["trans", 1]])
    assert not any(i.startswith("tx:obj") for i in ids(s))
    s = ENGINE.copy_state(give(new(), coins=100))
    s.objectives["sink"] = {k: 3 for k in s.objectives["sink"]}
    s = chain(s, "trader", [["trans", 1]])
    assert not any(i.startswith("tx:obj") for i in ids(s))


def test_E17_floating_is_only_offered_without_a_site():
    s = give(new(), coins=100)
    labels = [m.label for m in ENGINE.legal_moves(chain(s, "trader", [["trans", 1]]), active(s))]
    assert any("Outpost for 7¢" in x for x in labels) and not any("Floating" in x for x in labels)


def test_E33_cells_freed_by_turning_are_open_to_others_but_not_next_to_the_turner():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    home = me(s).home
    cell = next(c for c in neighbours(home) if not is_hub(c))
    put_tile(s, cell, "blue-10", seat)
    s = act(s, "play:captain", *(["sail:stop"] if "sail:stop" in ids(s) else []))
    if "sail:stop" in ids(s):
        s = act(s, "sail:stop")
    s = act(s, "turn:yes")
    assert cell not in s.board
    other = s.order[1]
    assert not can_place(s, other, "red-10", cell)  # next to the turner's starting tile


def test_E13_sonar_on_its_last_space_gives_nothing():
    s = _sky(new())
    s.sonar = 6
    s = chain(s, "founders-1-settler-a", [["sonar", 1]])
    assert s.todo == [] or s.todo[0].kind != "sonar"


def test_herald_influence_1_each_in_a_chosen_order():
    s = give(new(), hand=["captain", "speakers-2-herald-a"])
    s = act(s, "play:herald")
    assert sorted(ids(s)) == ["inf:d", "inf:f", "inf:s", "inf:t"]
    s = act(s, "inf:f")  # Founders 6 -> 1: its Resource 1 bonus (F28) first
    assert ids(s) == ["res:p", "res:y", "res:r", "res:b"]
    s = act(s, "res:r")
    assert sorted(ids(s)) == ["inf:d", "inf:s", "inf:t"] and s.players[s.order[0]].barrels["r"] == 1


def test_E44_cost_minus_lowers_every_tile_of_the_build():
    s = _sky(new())
    seat = active(s)
    me(s).tiles = ["red-08"]  # cost 3
    me(s).barrels = {"p": 0, "y": 0, "r": 2, "b": 0}
    s.mods = {"cost_minus": 1}
    assert build_cells(s, seat)
    s2 = chain(s, "founders-2-master-builder-a", [["build", 2]])
    assert "bt:red-08" in ids(s2)


def test_E19_unaffordable_reserve_tile_is_not_offered():
    s = _sky(new())
    me(s).tiles = ["red-08"]
    me(s).barrels = {"p": 0, "y": 0, "r": 2, "b": 0}
    s = chain(s, "founders-1-settler-a", [["build", 2]])
    assert "bt:red-08" not in (ids(s) if s.todo else [])


def test_E7_single_site_is_taken_by_the_engine():
    s = give(new(), coins=100)
    seat = active(s)
    s = chain(s, "trader", [["trans", 1]])
    first = next(i for i in ids(s) if i.startswith("tx:obj:"))
    s = act(s, first)
    assert s.board[s.players[seat].home][4] == 1


def test_F17_view_round_and_limit_are_public():
    v = ENGINE.view(new(), None)
    assert v.round == 1 and v.round_limit == 60 and v.supply == 400
    assert all(p.hand is None and p.hand_size == 6 for p in v.players)


def test_refusals_explain_the_rule():
    import pytest
    from rules.contract import IllegalMove
    s = new()
    seat = active(s)
    for move_id, words in (("play:scholar", "topside card of your side"), ("play:envoy", "do not hold"), ("tx:buy:r", "first play")):
        with pytest.raises(IllegalMove) as err:
            ENGINE.apply(s, seat, move_id)
        assert words in str(err.value)
    t = chain(give(new(), coins=100, barrels={"p": 1, "y": 0, "r": 0, "b": 0}), "trader", [["trans", 3]])
    t = act(t, "tx:sell:p")
    with pytest.raises(IllegalMove, match="cannot buy and sell purple barrels in the same turn"):  # F35
        ENGINE.apply(t, active(t), "tx:buy:p")
    with pytest.raises(IllegalMove, match="Finish the current step"):
        ENGINE.apply(t, active(t), "play:speaker")

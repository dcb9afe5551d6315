"""Flotilla turns: cards (F13-F24), rings (F25-F28, X6), transactions (F29-F35, X1), skiffs (F36-F37)."""
from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.flotilla import ENGINE

from .test_flotilla_kit import act, active, chain, give, ids, me, new


def test_F13_F15_one_card_a_turn_and_no_scholar_without_target():
    s = new()
    opts = ids(s)
    assert opts == ["play:captain", "play:speaker", "play:trader", "play:founder", "play:delver"]  # E1: no Scholar
    assert "pass" not in opts
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, active(s), "play:scholar")


def test_F14_sail_first_then_ability_then_discard():
    s = new()
    seat = active(s)
    s = act(s, "play:trader")  # Sail 2 with one skiff on the starting tile and no tiles: nowhere to sail
    assert me(s).coins == 4 + 1  # Gain 1¢ resolved; now the transactions
    assert ids(s)[-1] == "tx:stop"
    s = act(s, "tx:stop")
    assert s.players[seat].discard == ["trader"] and "trader" not in s.players[seat].hand
    assert active(s) != seat


def test_F18_F19_captain_rallies_and_may_turn():
    s = new()
    seat = active(s)
    s = give(s, discard=["speaker", "trader"], hand=["captain", "scholar", "founder", "delver"])
    s = act(s, "play:captain")
    assert ids(s) == ["turn:yes", "turn:no"]  # E21: after the Sail, as part of the Rally
    s = act(s, "turn:no")
    p = s.players[seat]
    assert sorted(p.hand) == sorted(["captain", "scholar", "founder", "delver", "speaker", "trader"])
    assert p.discard == [] and p.side == "sink"


def test_F20_E20_turning_skyside():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    p = me(s)
    home = p.home
    island = next(c for c in ENGINE_neighbours(home) if not hub(c))
    s.board[island] = ["blue-01", 0, seat, 1, 1, "sink"]  # depleted island with an outpost
    s.bag.remove("blue-01")
    p.skiffs = [type(p.skiffs[0])(cell=island, cargo=["b", "b"]), type(p.skiffs[0])(cell=home)]
    p.skiff_reserve, p.outposts, p.barrels = 2, 1, {"p": 1, "y": 0, "r": 0, "b": 0}
    s = act(s, "play:captain", "sail:stop")
    label = next(m.label for m in ENGINE.legal_moves(s, seat) if m.id == "turn:yes")
    assert "lose 2 barrel" in label  # E20
    s = act(s, "turn:yes")
    p = s.players[seat]
    assert p.side == "sky" and p.skiffs == [] and p.skiff_reserve == 0
    assert p.coins == 4 + 12 and p.tiles == ["blue-01"] and island not in s.board
    assert p.floating == 1 and p.outposts == 1 and p.barrels["p"] == 1  # F20: board contents kept
    assert s.board[home][5] == "sky"
    assert p.tox == 0  # the tiles were not drawn


def test_F16_F23_F22_scholar_copies_same_side_topside_card():
    s = new()
    a = active(s)
    s = act(s, "play:speaker", "inf:s", "inf:s", "inf:s")  # Speakers ring 6 -> 1, 2, then 3 (not the arc)
    assert s.players[a].ring["speakers"] == 3
    while active(s) == a:
        s = act(s, ids(s)[-1])
    b = active(s)
    assert f"play:scholar:{a}" in ids(s)
    before = s.players[b].ring.copy()
    s = act(s, f"play:scholar:{a}")
    assert s.copying == "speaker" and ids(s)[0].startswith("inf:")  # Influence 3 with your own discs
    while s.todo:
        s = act(s, ids(s)[0])
    assert s.players[b].discard == ["scholar"] and s.players[b].ring != before


def test_F23_copying_a_scholar_does_nothing():
    s = new()
    a = active(s)
    s = ENGINE.copy_state(s)
    nxt = s.order[1]
    s.players[nxt].discard = ["scholar"]
    s = act(s, f"play:scholar:{nxt}")
    assert s.players[a].discard == ["scholar"] and s.players[a].coins == 4 and active(s) == nxt


def test_F23_E22_sides_must_match():
    s = new()
    s = ENGINE.copy_state(s)
    other = s.order[1]
    s.players[other].discard = ["trader"]
    s.players[other].side = "sky"
    assert not any(i.startswith("play:scholar") for i in ids(s))


def test_E41_chancellor_counts_speakers_in_discard():
    s = new()
    s = give(s, discard=["speaker", "speakers-1-envoy-a", "scholar", "trader"],
             hand=["captain", "speakers-2-chancellor-a"])
    s = act(s, "play:chancellor")
    assert s.todo[0].model_dump()[:2] == ["infl", 5]  # 2 + 3


def test_F25_F26_F27_X6_arc():
    s = new()
    seat = active(s)
    s = give(s, ring={"speakers": 2, "traders": 6, "founders": 6, "delvers": 6})
    s = chain(s, "speaker", [["infl", 2, 0]])
    assert "inf:s" in ids(s) and "inf:s:arc" in ids(s)
    bag = len(s.bag)
    t = act(s, "inf:s:arc")  # 2 -> 4 (Seal), then 5
    p = t.players[seat]
    assert p.ring["speakers"] == 4 and p.seals["speakers"] == 1 and len(t.bag) == bag
    t = act(t, "inf:s")
    p = t.players[seat]
    assert p.ring["speakers"] == 5 and p.vp == 1 and p.coins == 4 + 1
    u = act(s, "inf:s")  # without the arc: space 3 draws an ocean tile and takes its toxicity
    p = u.players[seat]
    assert p.ring["speakers"] == 3 and len(u.bag) == bag - 1 + (0 if u.drawn else 1)
    drawn = next(e for e in u.events if e.key == "flotilla.ev.draw")
    assert p.tox == drawn.args["tox"]


def test_F26_ring_loops_and_F28_recruit_and_E23_seals():
    s = new()
    seat = active(s)
    top = s.stacks["traders"][0]
    s = give(s, ring={"speakers": 6, "traders": 5, "founders": 6, "delvers": 6})
    s = chain(s, "speaker", [["infl", 2, 0]])
    s = act(s, "inf:t")  # 5 -> 6: Recruit
    assert top in me(s).hand and s.stacks["traders"][0] != top
    s = act(s, "inf:t")  # 6 -> 1: Gain 3¢ (the ring loops)
    p = s.players[seat]
    assert p.ring["traders"] == 1 and p.coins == 4 + 3


def test_F28_seal_when_all_placed_gives_2vp_and_recruit_empty_stack_2vp():
    s = new()
    s = give(s, seals={"speakers": 10, "traders": 0, "founders": 0, "delvers": 0},
             ring={"speakers": 3, "traders": 6, "founders": 6, "delvers": 6})
    s = ENGINE.copy_state(s)
    s.stacks["traders"] = []
    seat = active(s)
    s = chain(s, "speaker", [["infl", 1, 0], ["recruit", "traders"]])
    s = act(s, "inf:s")
    assert s.players[seat].vp == 4 and sum(s.players[seat].seals.values()) == 10


def test_F29_F30_extra_skiff():
    s = give(new(), coins=30)
    s = chain(s, "trader", [["trans", 3]])
    s = act(s, "tx:skiff")
    assert me(s).coins == 18 and len(me(s).skiffs) == 2 and me(s).skiff_reserve == 2


def test_F33_F34_X1_market_example():
    s = give(new(), coins=100, barrels={"p": 0, "y": 3, "r": 0, "b": 0})
    seat = active(s)

    def me(t):
        return t.players[seat]

    s = ENGINE.copy_state(s)
    s.market["r"] = 5
    t = chain(s, "trader", [["trans", 3]])
    t = act(t, "tx:buy:r", "tx:buy:r", "tx:buy:r")
    assert me(t).coins == 85 and t.market["r"] == 8 and me(t).barrels["r"] == 3  # pay 15¢, 5 -> 8
    s.market["r"] = 9
    t = chain(s, "trader", [["trans", 3]])
    t = act(t, "tx:buy:r", "tx:buy:r", "tx:buy:r")
    assert me(t).coins == 73 and t.market["r"] == 10 and me(t).vp == 4  # 27¢, 2 steps overflow: +4 VP
    s.market["y"] = 2
    t = chain(s, "trader", [["trans", 3]])
    t = act(t, "tx:sell:y", "tx:sell:y", "tx:sell:y")
    assert me(t).coins == 106 and t.market["y"] == 1 and me(t).vp == 2  # 6¢, 2 steps underflow: +2 VP


def test_F34_prices_fixed_during_the_transactions_and_F35_same_colour():
    s = give(new(), coins=100, barrels={"p": 2, "y": 0, "r": 0, "b": 0})
    s = chain(s, "trader", [["trans", 4]])
    s = act(s, "tx:buy:b")
    assert s.market["b"] == 6 and "tx:sell:b" not in ids(s)
    s = act(s, "tx:buy:b")
    assert me(s).coins == 88  # 6 + 6: the marker moves only afterwards
    s = act(s, "tx:sell:p")
    assert "tx:buy:p" not in ids(s)


def test_F31_outpost_on_site_and_F32_floating():
    s = give(new(), coins=100)
    seat = active(s)
    s = chain(s, "trader", [["trans", 2]])
    sets = list(s.objectives["sink"])

    def me(t):
        return t.players[seat]

    s = act(s, f"tx:obj:{sets[0]}")
    from rules.flotilla.data import BOARD
    value = BOARD.objectives[sets[0]]["sink"][0]
    assert me(s).vp == value and me(s).coins == 93 and s.board[me(s).home][4] == 1  # the starting tile's site
    s = act(s, f"tx:obj:{sets[0]}")  # no site left: floating, +10¢
    assert me(s).coins == 93 - 9 - 10 and me(s).floating == 1 and me(s).outposts == 2
    assert s.objectives["sink"][sets[0]] == 2


def test_E44_outpost_minus_and_nudge():
    s = give(new(), coins=3, hand=["captain", "traders-2-magnate-a"])
    s = act(s, "play:magnate")  # Sail 1; Transactions 3, Outpost -3: 7 - 3 = 4 > 3¢
    assert not any(i.startswith("tx:obj") for i in ids(s))
    s = give(new(), coins=4, hand=["captain", "traders-2-magnate-a"])
    s = act(s, "play:magnate")
    assert any(i.startswith("tx:obj") for i in ids(s))
    s = give(new(), coins=0, hand=["captain", "traders-2-fixer-a"])
    s = act(s, "play:fixer")  # only "stop" is possible: the engine takes it (E7)
    assert "nudge:y:u" in ids(s) and "nudge:skip" in ids(s)
    s = act(s, "nudge:y:u")
    assert s.market["y"] == 4


def test_F36_F37_sail_and_unload():
    s = new()
    s = ENGINE.copy_state(s)
    p = me(s)
    seat = p.seat
    cell = next(c for c in ENGINE_neighbours(p.home) if c not in s.board and not hub(c))
    s.board[cell] = ["red-05", 0, seat, 0, 0, "sink"]
    p.skiffs = [type(p.skiffs[0])(cell=cell, cargo=["r", "r", "r"])]
    s = chain(s, "trader", [["sail", 2]])
    moves = [i for i in ids(s) if i.startswith("sail:0")]
    assert len(moves) == 1 and "sail:stop" in ids(s)
    s = act(s, moves[0])
    p = s.players[seat]
    assert p.barrels["r"] == 3 and p.skiffs[0].cargo == [] and p.skiffs[0].cell == p.home  # F37 unloaded at the drop point


def ENGINE_neighbours(cell):
    from rules.flotilla.hexes import neighbours
    return neighbours(cell)


def hub(cell):
    from rules.flotilla.hexes import is_hub
    return is_hub(cell)

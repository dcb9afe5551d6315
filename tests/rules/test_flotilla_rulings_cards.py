"""Flotilla rulings on cards, transactions and research (Part 3): E3, E15, E30, E31, E35, E43,
and the F28 Resource bonus."""
from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.flotilla import ENGINE
from rules.flotilla.chain import run
from rules.flotilla.research import pay

from .test_flotilla_kit import act, active, chain, give, ids, me, new, parse, saved
from .test_flotilla_sky import skyside


def test_E3_a_scholar_copying_chancellor_counts_the_copiers_discard():
    """E3: the Speakers cards in YOUR discard pile (here 1: Speaker), not the target's (3); the
    copying Scholar is not in the pile yet (E41)."""
    s = ENGINE.copy_state(new())
    target = s.order[1]
    s.players[target].discard = ["speaker", "speakers-1-envoy-a", "speakers-2-chancellor-a"]
    s = give(s, hand=["captain", "scholar"], discard=["speaker", "trader"])
    s = act(s, f"play:scholar:{target}")  # Sail 2 with nowhere to go, then the Influence
    assert s.copying == "speakers-2-chancellor-a" and s.todo[0].model_dump()[:2] == ["infl", 3]


def test_E15_the_same_colour_rule_covers_transactions_gained_by_copying_for_the_whole_turn():
    s = ENGINE.copy_state(new())
    seat = active(s)
    target = s.order[1]
    s.players[target].discard = ["trader"]
    s = give(s, coins=100, barrels={"p": 2, "y": 0, "r": 0, "b": 0})
    s = act(s, f"play:scholar:{target}")  # the copied Trader: Gain 1¢, Transactions 3
    s = act(s, "tx:sell:p")
    assert "tx:buy:p" not in ids(s) and "tx:buy:y" in ids(s) and "tx:sell:p" in ids(s)
    with pytest.raises(IllegalMove, match="cannot buy and sell purple barrels in the same turn"):  # F35
        ENGINE.apply(s, seat, "tx:buy:p")
    s = act(s, "tx:stop")
    assert active(s) == target
    s = give(s, coins=100, barrels={"p": 0, "y": 0, "r": 0, "b": 0})
    s = act(s, "play:trader")  # the next turn starts with no colour traded
    assert "tx:buy:p" in ids(s)


def test_F28_resource_bonus_puts_a_barrel_of_the_chosen_colour_into_the_reserve():
    """F28/D11 `Resource 1` (Traders ring space 2; also the survivor tracks and the Founders
    artifacts): the player picks the colour."""
    s = give(new(), ring={"speakers": 6, "traders": 1, "founders": 6, "delvers": 6})
    seat = active(s)
    s = chain(s, "speaker", [["infl", 1, 0]])
    s = act(s, "inf:t")
    assert ids(s) == ["res:p", "res:y", "res:r", "res:b"]
    s = act(s, "res:b")
    assert s.players[seat].barrels == {"p": 0, "y": 0, "r": 0, "b": 1}


def test_E35_currency_barrels_and_depletion_never_run_out_seals_stop_at_ten_vp_at_the_reserve():
    s = ENGINE.copy_state(new())
    seat = active(s)
    s.supply = 0  # the VP supply is empty: VP still come, from the reserve (E11)
    s = give(s, coins=5000, barrels={"p": 500, "y": 500, "r": 500, "b": 500},
             seals={"speakers": 4, "traders": 3, "founders": 2, "delvers": 0})
    s = chain(s, "trader", [["coin", 7, 0], ["res", 2, 0], ["seal", "delvers"], ["seal", "delvers"],
                            ["vp", 3, 0]])
    s = act(s, "res:p", "res:p")
    p = s.players[seat]
    assert p.coins == 5007 and p.barrels["p"] == 502
    assert sum(p.seals.values()) == 10 and p.seals["delvers"] == 1  # the 10th seal; the 11th is 2 VP
    assert p.vp == 2 + 3 and s.reserve_used == 5


def _research(dice, wilds=(), slotted=None):
    s, seat = skyside()
    for g, arts in (slotted or {}).items():
        s.slotted[g] = list(arts)
    s.dice, s.wilds = list(dice), list(wilds)
    s.todo = parse([["end"]])
    s.playing = "delver"
    me(s).hand.remove("delver")
    return s, seat


def test_E30_each_wild_takes_a_colour_the_player_chooses():
    def wilds_to(letter):
        s, seat = _research([], slotted={"traders": ["traders-1"]})  # a Traders bounty pays 2¢
        s.dice = [5, 5, 1]  # two Wild + Breakthrough faces and one Traders + 2¢ face
        s.todo = parse([["research_wilds"], ["research_pay"], ["end"]])
        run(s)
        assert ids(s) == ["wild:s", "wild:t", "wild:f", "wild:d"] and s.todo[0].model_dump() == ["wild", 2]
        coins = me(s).coins
        s = act(s, f"wild:{letter}", f"wild:{letter}")
        return s.players[seat].coins - coins

    assert wilds_to("t") == 2 + 2  # 3 Traders icons: the face's 2¢ and the bounty's 2¢
    assert wilds_to("s") == 2  # 2 Speakers icons, 1 Traders icon: no bounty


def test_E30_E31_bounties_in_the_players_order_and_an_empty_guild_pays_nothing():
    """E30: with two bounties the player picks the order; a Speakers bounty's Influence resolves
    like F25 (a guild choice). E31: a guild with no slotted artifact pays nothing."""
    s, seat = _research([0, 0, 0, 1, 1, 1], slotted={"speakers": ["speakers-1"]})
    pay(s, ["research_pay"])
    assert s.todo[0].model_dump() == ["bounty", "st"]
    run(s)
    assert ids(s) == ["bounty:s", "bounty:t"]
    coins, vp = me(s).coins, me(s).vp
    t = act(s, "bounty:t")  # Traders first: nothing slotted there (E31); then Speakers, the last one
    assert (me(t).coins, me(t).vp) == (coins, vp) and t.todo[0].model_dump() == ["infl", 1, 0]
    t = act(s, "bounty:s")  # Speakers first: its artifact's Influence 1 is a guild choice (F25)
    assert ids(t) == ["inf:s", "inf:t", "inf:f", "inf:d"]


def test_E43_each_icon_once_three_breakthroughs_per_raise_wild_plus_breakthrough_counts_both():
    s, seat = _research([4, 4, 4, 5, 5, 5], wilds=["founders", "founders", "founders"])
    coins = me(s).coins
    pay(s, ["research_pay"])
    assert me(s).coins == coins  # no currency face
    assert saved(s.todo[:2]) == [["dial", 2], ["bounty", "fd"]]  # 6 breakthroughs: 2 raises; each colour once
    s, seat = _research([1, 1, 5], wilds=["speakers"])
    pay(s, ["research_pay"])
    assert saved(s.todo) == [["end"]]  # the wild counts for Speakers only: neither colour has 3 icons

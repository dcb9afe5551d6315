"""Planning R30-R38 and resolution R39-R65; the Event phase and threat track R19-R21, R47-R49."""
from __future__ import annotations

import pytest

from rules.robinson import events as EV
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, IllegalMove, confirm_all, ids, planning, play, texts, whole


def test_r30_planning_is_simultaneous_and_to_act_lists_unconfirmed_seats():
    s = planning(3)
    assert E.to_act(s) == ["p1", "p2", "p3"]
    s = play(s, ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "ok"))
    assert E.to_act(s) == ["p1", "p3"]
    with pytest.raises(IllegalMove):
        E.apply(s, "p2", "p:camp:c")  # a confirmed seat does not act


def test_r30_any_change_clears_the_other_confirmations():
    """R30 (more in test_robinson_replan.py): p2 confirmed a plan without p1's new stack, so confirms again."""
    s = planning(3)
    s = play(s, ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "ok"), ("p1", "p:rest:c"))
    assert E.to_act(s) == ["p1", "p2", "p3"]


def test_r31_a_seat_confirms_only_with_all_its_pawns_placed():
    s = planning(3)
    assert "ok" not in ids(s, "p1")
    s = play(s, ("p1", "p:rest:c"))
    assert "ok" not in ids(s, "p1")
    s = play(s, ("p1", "p:camp:c"))
    assert "ok" in ids(s, "p1")


def test_r30_taking_pawns_back_is_bounded_so_planning_ends():
    from rules.robinson.plan import EDITS
    s = planning(3)
    for _ in range(EDITS):
        s = play(s, ("p1", "p:rest:c"), ("p1", "u:0"))
    s = play(s, ("p1", "p:rest:c"))
    assert not any(i.startswith("u:") for i in ids(s, "p1"))


def test_r33_r50_hunt_needs_exactly_two_pawns_and_a_card():
    s = planning(3)
    assert not any(i.startswith("p:hunt") for i in ids(s, "p1"))  # empty Hunting deck (R35)
    s.hunt_deck = ["beast:Birds"]
    hunts = [i for i in ids(s, "p1") if i.startswith("p:hunt")]
    assert hunts == ["p:hunt:cc", "p:hunt:c"]  # whole, or started alone for another pawn (R38, R50)
    s = play(s, ("p1", "p:hunt:c"))
    assert "ok" not in ids(s, "p1") and "s:0:c" in ids(s, "p2")  # one pawn is no hunt yet
    s = play(s, ("p2", "s:0:c"))
    assert s.plan[0].owners == ["p1", "p2"] and not any(i.startswith("s:0") for i in ids(s, "p3"))  # 2: full


def test_r56_shelter_costs_by_player_count():
    for n, wood, fur in ((2, 2, 1), (3, 3, 2), (4, 4, 3)):
        s = planning(n)
        s.avail.update(W=9, Fur=9)
        opts = {i for i in ids(s, "p1") if i.startswith("p:b.shelter")}
        assert "p:b.shelter.w:c" in opts and "p:b.shelter.f:cc" in opts
        s = play(s, ("p1", "p:b.shelter.w:c"))
        assert s.plan[0].pay == {"W": wood}
        s = play(s, ("p1", "u:0"), ("p1", "p:b.shelter.f:c"))
        assert s.plan[0].pay == {"Fur": fur}


def test_r36_costs_are_tied_up_at_planning():
    s = planning(3)
    s.avail.update(W=3)
    s = play(s, ("p1", "p:b.shelter.w:c"))
    assert not any(i.startswith("p:b.wpn") for i in ids(s, "p2"))  # no wood left for the Weapon


def test_r37_roof_needs_a_shelter():
    s = planning(3)
    s.avail.update(W=9)
    assert not any("roof" in i for i in ids(s, "p1"))
    s.shelter = True
    assert "p:b.roof.w:c" in ids(s, "p1")


def test_r34_distance_and_automatic_success():
    s = planning(3)
    s.island[2] = Spot(tile=4)  # adjacent to the camp
    s.island[1] = Spot(tile=6)  # two steps
    mine = whole(s, "p1")
    assert "p:g.2.fish:c" in mine and "p:g.2.fish:cc" in mine
    assert "p:g.1.parrot:cc" in mine and "p:g.1.parrot:c" not in mine  # 1 extra pawn needed
    assert "p:x.6:c" in mine and "p:x.0:c" not in mine  # space 0 is 3 steps away
    del s.island[1]
    mine = whole(s, "p1")
    assert "p:x.1:cc" in mine and "p:x.1:c" not in mine  # 2 steps: 1 extra pawn (R34)



def test_r34_basket_and_raft_waive_a_distance_pawn():
    s = planning(3)
    s.island[2] = Spot(tile=4)
    s.island[1] = Spot(tile=6)  # two steps: 1 extra pawn without the items
    s.built = ["Basket"]
    mine = whole(s, "p1")
    assert "p:g.1.parrot:c" in mine and "p:x.0:c" not in mine  # Basket: Gather only
    s.built = ["Raft"]
    mine = whole(s, "p1")
    assert "p:g.1.parrot:c" in mine and "p:x.0:cc" in mine and "p:x.0:c" not in mine  # 3 steps - 1
    s.built = ["Raft", "Basket"]
    assert "p:g.1.parrot:c" in whole(s, "p1")  # they stack; never below 0


def test_shield_cancels_one_wound_in_each_combat():
    from rules.robinson.combat import fight
    s = planning(2)
    who = s.seat_char["p1"]
    s.weapon, s.built = 1, ["Shield"]
    fight(s, who, 3, 0, 2, 1)  # 2 wounds for the missing weapon, 1 cancelled
    assert s.chars[who].wounds == 1
    s.weapon = 5
    fight(s, who, 2, 6, 0, 0)  # no wound from strength: the Shield takes 1 of the shortfall (R51(3))
    assert s.chars[who].wounds == 1 + (6 - 5 - 1)

def test_r57_r39_build_with_two_pawns_succeeds_and_resolves_in_order():
    s = planning(3)
    s.avail.update(W=5)
    s = play(s, ("p1", "p:b.shelter.w:cc"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:camp:c"), ("p3", "p:camp:c"))
    s = confirm_all(s)
    assert s.phase == "resolve" and [st.action for st in s.queue] == ["build", "camp", "camp", "rest", "rest"]
    for _ in range(5):
        s = E.apply(s, E.to_act(s)[0], "go")
    assert s.shelter


def test_r64_arrange_camp_and_r65_rest():
    s = planning(3)
    c3 = s.seat_char["p3"]
    s.chars[c3].wounds = 2
    s.shelter = True  # no night wound at the end of the round
    s = play(s, ("p1", "p:camp:c"), ("p1", "p:camp:c"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:rest:c"), ("p3", "p:rest:c"))
    s = confirm_all(s)
    s = E.apply(s, "p1", "go")
    assert s.chars[s.seat_char["p1"]].det == 2 and s.morale == 1
    while s.phase == "resolve":
        s = E.apply(s, E.to_act(s)[0], "go")
    assert s.chars[c3].wounds == 0


def test_r64_four_players_choose_determination_or_morale():
    s = planning(4)
    for seat in s.seats:
        s = play(s, (seat, "p:camp:c"), (seat, "p:camp:c"))
    s = confirm_all(s)
    assert set(ids(s, "p1")) == {"go:d", "go:m", "it:Biscuits", "it:Empty_Bottle"}  # and the items (R8)
    s = E.apply(s, "p1", "go:m")
    assert s.morale == 1 and s.chars[s.seat_char["p1"]].det == 0


def test_r62_explore_with_two_pawns_places_a_tile_and_discoveries():
    s = planning(3)
    top = s.island_stack[0]
    s = play(s, ("p1", "p:x.6:cc"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:rest:c"), ("p3", "p:rest:c"))
    s = confirm_all(s)
    s = E.apply(s, "p1", "go")
    assert s.island[6].tile == top and len(s.future_tokens) <= 3


def test_r61_gather_goes_to_future_then_available():
    s = planning(3)
    s.island[6] = Spot(tile=4)
    s = play(s, ("p1", "p:g.6.wood:cc"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:rest:c"), ("p3", "p:rest:c"))
    wood = s.avail["W"]
    s = confirm_all(s)
    s = E.apply(s, "p1", "go")
    assert s.future["W"] == 1 and s.avail["W"] == wood


def test_r49_wreckage_two_pawns_gives_the_large_reward():
    s = planning(3)
    s = play(s, ("p1", "p:thr.1.2:cc"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:rest:c"), ("p3", "p:rest:c"))
    s = confirm_all(s)
    s = E.apply(s, "p1", "go")
    assert s.threat[1] is None and s.future["F"] == 1 and s.future["NF"] == 1


def test_r20_event_slides_the_threat_track():
    s = planning(3)
    s.event_deck = ["event:Fight", "event:Termites", "event:Sunny Beach"]
    EV.event_phase(s)
    assert s.threat == ["wreck:Food Crates", "event:Fight"]
    EV.event_phase(s)
    assert s.threat == ["event:Fight", "event:Termites"]
    d = {c: s.chars[c].det for c in s.seat_char.values()}
    for c in d:
        s.chars[c].det = 3
    EV.event_phase(s)  # Fight slides off: -2 D for everyone
    assert s.threat == ["event:Termites", "event:Sunny Beach"]
    assert all(s.chars[c].det == 1 for c in s.seat_char.values())


def test_r20a_adventure_icon_puts_the_token_on_its_deck():
    s = planning(3)
    s.event_deck = ["event:Fight"]  # brown icon: Build
    EV.event_phase(s)
    assert "ADV" in s.action_tokens["build"]


def test_r47_threat_requirement_checked_at_planning():
    s = planning(3)
    s.threat = ["event:Termites", "event:Sunny Beach"]  # Termites needs Fire; Sunny Beach 2 pawns
    mine = whole(s, "p1")
    assert not any(i.startswith("p:thr.0") for i in mine)
    assert "p:thr.1:cc" in mine
    s.built = ["Fire"]
    assert "p:thr.0:c" in ids(s, "p1")


def test_r18_event_phase_from_round_two_is_a_barrier_draw():
    s = planning(3)
    s.phase = "event"
    s.round = 2
    s.items = {}  # items are usable at any time (R8), also here: none in play
    mv = E.legal_moves(s, s.seats[s.fp])
    assert [m.id for m in mv] == ["draw"] and mv[0].barrier
    s2 = E.apply(s, s.seats[s.fp], "draw")
    assert "Event:" in texts(s2)


def test_r32_neutral_pawns_brown_for_build_green_for_explore_one_use_sources_spent():
    from rules.robinson.resolve import begin
    s = planning(2)
    fp_seat = s.seats[s.fp]
    s.items = {"Hammer": 2}
    s.tokens = ["Candles"]
    s.built = ["Lantern", "Map"]
    from rules.robinson.plan import pawn_supply
    assert pawn_supply(s, fp_seat)["b"] == 4 and pawn_supply(s, fp_seat)["e"] == 1
    other = s.seats[1 - s.fp]
    assert "b" not in pawn_supply(s, other)  # the FP's seat places them (R30)
    moves = ids(s, fp_seat)
    assert any(x.startswith("p:b.wpn:cb") for x in moves) and any(x.startswith("p:x.") and x.endswith(":ce") for x in moves)
    assert not any(x.startswith("p:g.") and "b" in x.split(":")[2] for x in moves)  # brown: Build only
    assert not any(x.split(":")[2].startswith(("b", "e")) for x in moves if x.startswith("p:"))  # never alone
    s = E.apply(s, fp_seat, "p:b.wpn:cb")
    s.plan[0].pawns.append("Brown")  # two brown pawns on the stack: the Lantern's and one Hammer use
    s.plan[0].owners.append(fp_seat)
    begin(s)  # committed: the Lantern's pawn lasts, the second brown pawn spends a Hammer use
    assert s.items == {"Hammer": 1} and s.tokens == ["Candles"]

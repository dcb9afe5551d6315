"""Whose pawns, prompts and tokens: determination is personal (R82), Friday (R84), the Dog (R86),
shared items asked for twice in one window (E35) and a seat's identity (E36)."""
from __future__ import annotations

import pytest

from rules.robinson import phases, resolve
from rules.robinson.data import CHARACTERS
from rules.robinson.effects import apply as apply_codes
from rules.robinson.tallies import gain_det
from rules.robinson.state import Spot, Stack
from tests.rules.robinson_kit import E, IllegalMove, cast, ids, planning, play, rest_the_rest


def pawns_of(s, seat):
    return {i.rsplit(":", 1)[1] for i in ids(s, seat) if i.startswith("p:")}


def test_r82_determination_is_personal_unlimited_and_spent_on_card_costs():
    s = planning(3)
    me, other = s.seat_char["p1"], s.seat_char["p2"]
    gain_det(s, me, 25)
    assert s.chars[me].det == 25 and s.chars[other].det == 0  # no cap, nobody else's
    s.phase, s.actor = "resolve", me
    apply_codes(s, ["D:-1:R"], "adv_explore:Old Grave", me)  # a card's cost, paid by its resolver
    assert s.chars[me].det == 24 and s.chars[other].det == 0 and s.chars[me].wounds == 0


def test_r84_friday_is_placed_by_the_fps_seat_only_and_is_optional():
    s = cast("Carpenter", "Cook")
    fp, other = s.seats[s.fp], s.seats[1 - s.fp]
    assert CHARACTERS["Friday"].life == 4
    assert any("f" in p for p in pawns_of(s, fp)) and not any("f" in p for p in pawns_of(s, other))
    assert {"f", "cf"} <= pawns_of(s, fp)  # alone (he resolves) or supporting his seat's character
    s = play(s, (fp, "p:rest:c"), (fp, "p:rest:c"))
    assert "ok" in ids(s, fp)  # Friday need not be placed (R31)
    s = E.apply(s, fp, "p:x.6:f")  # alone on an Explore: he is the resolver
    assert s.plan[-1].pawns == ["Friday"] and s.plan[-1].owners == [fp]
    with pytest.raises(IllegalMove):
        E.apply(s, other, "p:x.2:f")


def test_r84_friday_pairs_with_a_neutral_pawn_and_resolves():
    s = cast("Carpenter", "Cook")
    fp = s.seats[s.fp]
    s.built = ["Lantern"]  # a brown pawn every round (R32)
    s.avail.update(W=2)
    assert "p:b.wpn:fb" in ids(s, fp) and "p:b.wpn:bf" not in ids(s, fp)  # never led by the pawn
    s = E.apply(s, fp, "p:b.wpn:fb")
    assert s.plan[0].pawns == ["Friday", "Brown"] and s.plan[0].base == 2


def test_r84_friday_keeps_the_d_of_a_fail_face_and_rerolls_with_two_of_them():
    s = cast("Carpenter", "Cook")
    s.phase, s.queue, s.actor = "resolve", [], "Friday"
    st = Stack(action="explore", target="x.6", pawns=["Friday"], owners=[s.seats[s.fp]],
               faces=["blank", "fail", "blank"])
    resolve.ACT["explore"](s, st, "")
    assert s.chars["Friday"].det == 2 and 6 not in s.island  # he holds D as resolver
    s = cast("Carpenter", "Cook")
    fp = s.seats[s.fp]
    s.chars["Friday"].det = 2
    s = rest_the_rest(play(s, (fp, "p:x.6:f")))
    s = E.apply(s, fp, "go")  # the Explore rolls; no one has an Explore reroll ability here
    assert s.pending["kind"] == "reroll" and s.pending["by"] == "friday" and E.to_act(s) == [fp]
    s = E.apply(s, fp, "rr:1")
    assert s.chars["Friday"].det in (0, 2)  # 2 paid, then 2 more only if the new face fails (R42)
    assert (s.pending or {}).get("kind") != "reroll"  # no D left for another reroll


def test_r86_the_dog_joins_only_hunts_and_explores_never_alone_and_is_never_wounded():
    s = cast("Explorer")  # solo: Friday and the Dog (R15)
    s.hunt_deck = ["beast:Fox"]  # strength 2, no weapon loss
    s.island[6] = Spot(tile=4)
    s.avail.update(W=3)
    with_dog = {p for p in pawns_of(s, "p1") if "d" in p}
    assert with_dog and not any(p.startswith("d") for p in with_dog)
    dog_actions = {i.split(":")[1].split(".")[0] for i in ids(s, "p1")
                   if i.startswith("p:") and "d" in i.rsplit(":", 1)[1]}
    assert dog_actions == {"hunt", "x"}
    s = rest_the_rest(play(s, ("p1", "p:hunt:cd")))
    s = E.apply(s, "p1", "go")
    assert s.chars["Explorer"].wounds == 2 and "Dog" not in s.chars  # the resolver alone fights


def test_e35_two_seats_asking_for_the_last_use_of_a_shared_item_the_second_is_refused():
    s = planning(3)
    s.items, s.tokens = {"Bible": 1}, ["Oil"]
    assert "it:Bible" in ids(s, "p1") and "it:Bible" in ids(s, "p2")
    s = E.apply(s, "p1", "it:Bible")
    assert s.morale == 1 and "it:Bible" not in ids(s, "p2")
    with pytest.raises(IllegalMove):
        E.apply(s, "p2", "it:Bible")
    s = E.apply(s, "p3", "tk:Oil")
    with pytest.raises(IllegalMove):
        E.apply(s, "p2", "tk:Oil")
    assert s.morale == 1 and s.pile[0] == 1 and s.tokens == []


def test_e36_a_seat_acts_only_on_its_own_pawns_and_prompts_the_fp_on_group_choices():
    s = cast("Carpenter", "Cook")
    fp, other = s.seats[s.fp], s.seats[1 - s.fp]
    s = E.apply(s, other, "p:rest:c")
    assert s.plan[0].pawns == ["Cook"] and s.plan[0].owners == [other]  # `c` is always your own
    assert not any(i.startswith("u:") for i in ids(s, fp))  # nobody takes back another seat's pawns
    with pytest.raises(IllegalMove):
        E.apply(s, fp, "u:0")
    s = cast("Carpenter", "Cook")
    s.phase = "night"
    s.avail.update(F=1, NF=0)
    phases.night_phase(s)  # 2 meals, 1 food: the FP's seat chooses who goes hungry (E15)
    assert E.to_act(s) == [fp] and ids(s, other) == []
    with pytest.raises(IllegalMove):
        E.apply(s, other, "hg:Cook")

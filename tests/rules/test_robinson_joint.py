"""Pawns from several players on one action (R38, R50, R84, R86, R30) and the action-space tokens
that act on the next action only (R88).

RB: the pawns of an action "pueden provenir de más de un jugador, o pueden provenir de peones
adicionales"; "el segundo peón puede ser el peón de un jugador o un peón adicional"."""
from __future__ import annotations

import json

import pytest

from rules.robinson import resolve
from rules.robinson.defaults import default_answer
from rules.robinson.stacks import short
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, IllegalMove, cast, ids, planning, play, rest_the_rest, whole


def test_r50_r84_with_two_players_the_second_player_hunts_with_friday():
    s = cast("Carpenter", "Cook")
    fp, other = s.seats[s.fp], s.seats[1 - s.fp]
    s.hunt_deck = ["beast:Birds"]  # strength 1, 2 food
    assert "p:hunt:c" in ids(s, other)  # the hunt started by its resolver alone
    s = play(s, (other, "p:hunt:c"))
    assert short(s, s.plan[0]) and "s:0:f" in ids(s, fp)  # the FP's seat places Friday (R30)
    assert E.view(s).plan[0]["waiting"] == 1
    s = play(s, (fp, "s:0:f"))
    assert s.plan[0].pawns == ["Cook", "Friday"] and s.plan[0].owners == [other, fp]
    s = rest_the_rest(s)
    assert E.to_act(s) == [other]  # the resolver's seat resolves the hunt
    s = E.apply(s, other, "go")
    assert s.future["F"] == 2 and s.chars["Friday"].wounds == 0  # the resolver alone fights (R40)


def test_r38_two_players_characters_on_one_hunt_and_the_lead_handed_over():
    s = cast("Carpenter", "Cook", "Explorer")
    s.hunt_deck = ["beast:Fox"]  # strength 2: the fighter takes 2 wounds at Weapon 0
    s = play(s, ("p1", "p:hunt:c"), ("p2", "s:0:c"))
    assert s.plan[0].pawns == ["Carpenter", "Cook"]
    assert "t:0:Cook" in ids(s, "p1") and not any(i.startswith("t:") for i in ids(s, "p2"))
    assert "u:0" not in ids(s, "p1")  # the top seat leaves only after its supporters (or hands over)
    s = play(s, ("p1", "t:0:Cook"))
    assert s.plan[0].pawns == ["Cook", "Carpenter"] and s.plan[0].owners == ["p2", "p1"]
    s = rest_the_rest(s)
    s = E.apply(s, "p2", "go")
    assert s.chars["Cook"].wounds == 2 and s.chars["Carpenter"].wounds == 0  # the top pawn resolves


def test_r38_a_two_pawn_threat_and_arrange_camp_from_two_players():
    s = planning(3)
    s.threat = [None, "event:Argument"]  # 2 pawns → Morale +1, D (§3.9)
    s.action_tokens["camp"] = ["TC"]  # Mess in the Camp: Arrange camp needs 2 (R34, R88)
    assert "p:thr.1:c" in ids(s, "p1") and "p:camp:c" in ids(s, "p3")
    s = play(s, ("p1", "p:thr.1:c"), ("p2", "s:0:c"), ("p3", "p:camp:c"), ("p2", "s:1:c"))
    assert [st.owners for st in s.plan] == [["p1", "p2"], ["p3", "p2"]]
    assert not any(short(s, st) for st in s.plan)
    s = rest_the_rest(s)
    s = E.apply(s, "p1", "go")  # the threat, resolved by p1's character
    assert s.threat[1] is None and s.chars[s.seat_char["p1"]].det == 1 and s.morale == 1
    s = E.apply(s, "p3", "go")  # Arrange camp (3 players: 2 D and Morale +1, R64)
    assert s.chars[s.seat_char["p3"]].det == 2 and s.morale == 2 and "TC" not in s.action_tokens["camp"]


def test_r86_the_dog_joins_another_stack_s_hunt_and_explores():
    s = cast("Explorer")  # solo: Friday and the Dog (R15)
    s.hunt_deck = ["beast:Birds"]
    s = play(s, ("p1", "p:hunt:f"))  # Friday starts a hunt; the Dog makes it whole
    assert "s:0:d" in ids(s, "p1") and "s:0:e" not in ids(s, "p1")
    s = play(s, ("p1", "s:0:d"))
    assert s.plan[0].pawns == ["Friday", "Dog"] and not short(s, s.plan[0])


def test_r84_a_character_joining_fridays_stack_resolves_it_and_friday_never_leads_one():
    s = cast("Carpenter", "Cook")
    fp, other = s.seats[s.fp], s.seats[1 - s.fp]
    s.island[6] = Spot(tile=4)
    assert not any(i.rsplit(":", 1)[1].startswith("fc") for i in ids(s, fp) if i.startswith("p:"))
    s = play(s, (fp, "p:g.6.fish:f"), (other, "s:0:c"))
    assert s.plan[0].pawns == ["Cook", "Friday"] and s.plan[0].owners == [other, fp] and s.plan[0].base == 2


def test_r30_a_stack_short_of_pawns_blocks_its_seats_until_filled_or_undone_by_ok_rest():
    s = planning(2)
    s.hunt_deck = ["beast:Birds"]
    s = play(s, ("p1", "p:hunt:c"), ("p1", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "p:rest:c"))
    assert "ok" in ids(s, "p2") and "ok" not in ids(s, "p1") and "ok:rest" in ids(s, "p1")
    assert default_answer(s, "p1") == "ok:rest"  # R30's completion
    s = play(s, ("p2", "ok"), ("p1", "ok:rest"))
    assert s.phase == "plan" and s.confirmed == ["p1"]  # the hunt undone changed the plan: p2 confirms it again
    s = play(s, ("p2", "ok"))
    assert s.phase == "resolve" and [st.action for st in s.queue] == ["rest"] * 4


def test_r30_a_short_stack_left_when_planning_ends_is_removed_and_its_pawns_rest():
    s = planning(2)
    s.hunt_deck = ["beast:Birds"]
    s = play(s, ("p1", "p:hunt:c"), ("p1", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "p:rest:c"))
    s.confirmed = list(s.seats)  # as if confirmed while short (defensive: begin checks again)
    resolve.begin(s)
    assert [st.action for st in s.queue] == ["rest"] * 4


def test_r38_leads_count_as_edits_so_planning_ends():
    from rules.robinson.plan import EDITS
    s = planning(2)
    s.avail.update(W=1)
    s = play(s, ("p1", "p:b.wpn:c"), ("p2", "s:0:c"))
    c1, c2 = s.seat_char["p1"], s.seat_char["p2"]
    s.edits["p1"] = EDITS - 1
    s = play(s, ("p1", f"t:0:{c2}"))  # p1's last edit
    assert s.edits["p1"] == EDITS and s.plan[0].owners[0] == "p2"
    s = play(s, ("p2", f"t:0:{c1}"))
    assert s.plan[0].owners[0] == "p1" and not any(i.startswith(("t:", "u:")) for i in ids(s, "p1"))
    assert "ok" in ids(s, "p1") or "ok:rest" in ids(s, "p1")  # a way out is always left (R30)


def test_r38_the_greedy_bot_places_whole_stacks_only():
    from rules.rng import Rng
    s = planning(3, seed=2)
    s.hunt_deck = ["beast:Birds", "beast:Fox"]  # a hunt worth a pawn or two: it places both
    s.weapon = 3
    rng = Rng.from_seed(2)
    while s.phase == "plan":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
        assert not any(short(s, st) for st in s.plan)


def test_r58_a_personal_invention_keeps_its_owner_on_top():
    s = cast("Carpenter", "Cook")
    s.built = ["Rope"]  # Snare needs Rope (§3.6)
    s = play(s, ("p1", "p:b.inv.Snare:c"), ("p2", "s:0:c"))
    assert not any(i.startswith("t:") for i in ids(s, "p1"))
    with pytest.raises(IllegalMove):
        E.apply(s, "p2", "p:b.inv.Snare:c")


# ---------------------------------------------------------------- R88: the next action only

def test_r88_a_time_consuming_token_charges_the_next_stack_only_and_goes_when_it_resolves():
    s = planning(3)
    s.island[6] = Spot(tile=4)
    s.island[2] = Spot(tile=6)
    s.action_tokens["gather"] = ["TC"]  # Foul Weather
    assert "p:g.6.fish:c" not in whole(s, "p2") and "p:g.6.fish:cc" in whole(s, "p2")
    s = play(s, ("p2", "p:g.6.fish:cc"))
    assert s.plan[0].tok == ["gather.TC"] and s.plan[0].base == 1  # 2 pawns carrying it: a roll
    assert "p:g.2.parrot:c" in whole(s, "p1")  # the next Gather needs no extra pawn
    s = play(s, ("p1", "p:g.2.parrot:cc"))
    assert s.plan[1].tok == [] and s.plan[1].base == 2
    s = play(s, ("p2", "u:0"))  # the carrier taken back: the next stack placed carries it
    assert "p:g.6.fish:c" not in whole(s, "p2")
    s = play(s, ("p2", "p:g.6.fish:cc"))
    assert s.plan[1].tok == ["gather.TC"]
    s = rest_the_rest(s)
    assert [st.target for st in s.queue[:2]] == ["g.2.parrot", "g.6.fish"]  # R39: p1 first
    s = E.apply(s, "p1", "go")  # not the carrier: the token stays
    assert s.action_tokens["gather"] == ["TC"]
    s = E.apply(s, "p2", "go")
    if (s.pending or {}).get("kind") == "reroll":
        s = E.apply(s, "p2", "rr:no")
    assert s.action_tokens["gather"] == []  # gone with its carrier


def test_r88_a_time_consuming_token_on_build_goes_with_the_build_that_carries_it():
    s = planning(2)
    s.action_tokens["build"] = ["TC"]
    s.avail.update(W=1)
    s = play(s, ("p1", "p:b.wpn:cc"))
    assert s.plan[0].tok == ["build.TC"] and s.plan[0].base == 1
    s = rest_the_rest(s)
    while s.phase == "resolve" and s.pending is None and s.queue and s.queue[0].action != "build":
        s = E.apply(s, E.to_act(s)[0], "go")
    assert s.queue[0].tok == ["build.TC"]
    s = E.apply(s, E.to_act(s)[0], "go")
    if s.pending and s.pending.get("kind") == "reroll":
        s = E.apply(s, E.to_act(s)[0], "rr:no")
    assert "TC" not in s.action_tokens.get("build", [])  # gone with the stack that carried it


def test_r88_plus_one_wood_on_build_charges_the_next_wood_build_and_goes_when_it_succeeds():
    s = planning(3)
    s.action_tokens["build"] = ["XW"]  # Slow Work
    s.avail.update(W=4, Fur=2)
    s = play(s, ("p1", "p:b.wpn:cc"))
    assert s.plan[0].pay == {"W": 2} and s.plan[0].tok == ["build.XW"]
    s = play(s, ("p2", "p:b.shelter.f:cc"))  # paid in fur: nothing to carry
    assert s.plan[1].tok == [] and s.plan[1].pay == {"Fur": 2}
    s = play(s, ("p1", "u:0"), ("p3", "p:b.wpn:cc"))  # the carrier taken back: the next wood build
    assert s.plan[-1].pay == {"W": 2} and s.plan[-1].tok == ["build.XW"]


def test_r88_plus_one_wood_only_on_the_first_of_two_wood_builds_and_stays_if_it_fails():
    s = planning(3)
    s.action_tokens["build"] = ["XW"]
    s.avail.update(W=4)
    s = play(s, ("p1", "p:b.wpn:c"), ("p2", "p:b.wpn:c"))
    assert [st.pay for st in s.plan] == [{"W": 2}, {"W": 1}]
    assert [st.tok for st in s.plan] == [["build.XW"], []]
    s = rest_the_rest(s)
    st = s.queue[0]
    st.faces = ["blank", "fail", "blank"]  # the carrier fails: the cost comes back, the token stays
    s.queue.pop(0)
    s.phase = "resolve"
    resolve.ACT["build"](s, st, "")
    assert s.action_tokens["build"] == ["XW"] and s.avail["W"] == 1 + 2  # its 2 wood back
    st2 = s.queue.pop(0)
    st2.faces = ["blank", "success", "blank"]
    resolve.ACT["build"](s, st2, "")
    assert s.action_tokens["build"] == ["XW"] and s.weapon == 1  # not the carrier: it stays


def test_r88_plus_one_wood_on_a_build_part_and_shelter_paid_in_fur():
    s = planning(2)
    s.action_tokens["wpn"] = ["XW"]  # Fear of the Beasts
    s.avail.update(W=5, Fur=2)
    s = play(s, ("p1", "p:b.shelter.f:cc"))
    assert s.plan[0].tok == []
    s = play(s, ("p2", "p:b.wpn:cc"))
    assert s.plan[1].tok == ["wpn.XW"] and s.plan[1].pay == {"W": 2}


def test_r88_old_stored_stacks_load_with_one_carrier_per_token():
    s = planning(3)
    s.island[6] = Spot(tile=4)
    s.island[2] = Spot(tile=6)
    s.action_tokens["gather"] = ["TC"]
    s = play(s, ("p1", "p:g.6.fish:cc"), ("p2", "p:g.2.parrot:cc"))
    data = json.loads(E.dump(s))
    for st in data["plan"]:
        del st["tok"]  # the shape an older engine stored
    old = E.load(json.dumps(data))
    assert [st.tok for st in old.plan] == [["gather.TC"], []]
    assert E.load(E.dump(old)).model_dump() == old.model_dump()

"""Why a Robinson move is refused (Engine.explain, rules/robinson/explain.py): each reason cites the rule it
stands on; the host shows it in the player's language."""
from __future__ import annotations

import pytest

from rules.robinson.data import ADJ
from rules.robinson.island import distances
from rules.robinson.plan import EDITS
from tests.rules.robinson_kit import E, IllegalMove, game, planning, play, rest_the_rest, tr


def why(s, seat: str, move_id: str, locale: str = "en") -> str:
    with pytest.raises(IllegalMove) as refused:
        E.apply(s, seat, move_id)
    return tr(refused.value.text, locale)


def test_r30_pawns_are_placed_only_while_planning():
    s = rest_the_rest(planning(2))
    assert s.phase == "resolve"
    seat = E.to_act(s)[0]
    assert why(s, seat, "p:camp:c") == ("pawns are placed only while the actions are planned; what is asked now: "
                                        "resolve the next action.")
    assert why(s, seat, "ok").startswith("pawns are placed only while")


def test_r39_go_outside_the_resolution_and_r42_no_reroll_window():
    s = planning(2)
    assert why(s, "p1", "go") == ("that belongs to the resolution of the planned actions; what is asked now: "
                                  "place your pawns, then confirm.")
    assert why(s, "p1", "rr:0").startswith("there is no roll to reroll now")
    assert why(s, "p1", "draw").startswith("that belongs to the Event phase")  # R18


def test_r61_gathering_on_an_unexplored_space():
    s = planning(2)
    assert 2 not in s.island
    assert why(s, "p1", "p:g.2.wood:c") == "space 2 is not explored yet: explore it before gathering there."
    assert why(s, "p1", "p:g.2.wood:c", "es") == ("la casilla 2 aún no está explorada: explórala antes de "
                                                  "recolectar allí.")


def test_r62_explore_an_explored_space_or_one_out_of_reach_r34():
    s = planning(2)
    assert why(s, "p1", f"p:x.{s.camp}:c") == f"space {s.camp} is already explored."
    far = next(sp for sp in sorted(ADJ) if sp not in distances(s))
    assert why(s, "p1", f"p:x.{far}:c").startswith(f"space {far} is out of reach")
    assert why(s, "p1", "p:x.99:c") == "there is no space 99 on the island."


def test_r35_a_target_is_planned_once_per_round():
    s = play(planning(2), ("p1", "p:x.2:c"))
    assert why(s, "p2", "p:x.2:c") == "Explore space 2 is already planned this round, and it can be done only once."


def test_r31_a_pawn_already_placed_and_confirming_with_pawns_left():
    s = play(planning(2), ("p1", "p:x.2:cc"))
    who = s.seat_char["p1"]
    assert why(s, "p1", "p:camp:c") == f"the {who}: 0 left to place, and this needs 1."
    assert why(s, "p2", "ok") == "place all your pawns first (2 left)."


def test_r33_too_many_pawns_for_the_target():
    s = planning(1)  # one player: Friday and the Dog too
    assert why(s, "p1", "p:x.2:cfd") == "Explore space 2 takes 1 to 2 pawns."


def test_r36_a_cost_that_is_not_payable_and_a_payment_choice():
    s = planning(2)
    s.avail["W"] = 0
    assert why(s, "p1", "p:b.wpn:c").startswith("Build Weapon +1 costs 1 wood, and not enough is left")
    assert why(s, "p1", "p:b.shelter:c") == "this cost can be paid in wood or in fur: say which."


def test_r37_roof_needs_a_shelter_that_exists():
    s = planning(2)
    assert why(s, "p1", "p:b.roof.w:c") == "Build Roof +1 needs a Shelter that already exists."


def test_r38_a_stack_still_short_blocks_ok():
    s = planning(2)
    s = play(s, ("p1", "p:thr.1.2:c"), ("p1", "p:rest:c"))  # the Wreckage with 2 pawns: one more must join
    assert why(s, "p1", "ok").startswith("Threat action on ") and "still waits for 1 more pawn" in why(s, "p1", "ok")


def test_r38_only_your_stacks_are_taken_back_and_only_the_top_seat_hands_the_lead():
    s = play(planning(2), ("p1", "p:x.2:c"), ("p2", "s:0:c"))
    assert why(s, "p1", "u:0") == "your pawn leads Explore space 2: the other players' pawns must leave it first."
    assert why(s, "p2", f"t:0:{s.seat_char['p2']}").startswith("only the player of the pawn that leads Explore space 2")
    assert why(s, "p2", "u:5") == "the plan has 1 action (numbered from 1); there is no such action."
    s = play(planning(2), ("p1", "p:x.2:c"))
    assert why(s, "p2", "u:0") == "none of your pawns is on Explore space 2."


def test_r30_edits_are_bounded():
    s = planning(2)
    for _ in range(EDITS):
        s = play(s, ("p1", "p:rest:c"), ("p1", "u:0"))
    s = play(s, ("p1", "p:rest:c"))
    assert why(s, "p1", "u:0") == f"you have already taken pawns back or handed a lead {EDITS} times this round, the most allowed."


def test_r30_the_fp_seat_places_friday_and_r32_neutral_pawns_keep_to_their_actions():
    s = planning(2)
    other = next(x for x in s.seats if x != s.seats[s.fp])
    assert why(s, other, "p:x.2:cf").startswith("that pawn is not yours to place")
    solo = planning(1)
    assert why(solo, "p1", "p:camp:cd") == "the Dog can only go on Hunt, Explore."


def test_r84_friday_goes_after_a_character_and_r31_a_neutral_pawn_never_leads():
    s = planning(1)
    assert why(s, "p1", "p:x.2:fc").startswith("with your character on it, your character leads")
    assert why(s, "p1", "p:x.2:d").startswith("an action is led by your character or by Friday")


def test_r35_no_hunt_without_cards_in_the_hunting_deck():
    s = planning(2)
    assert not s.hunt_deck
    assert why(s, "p1", "p:hunt:cc") == "no more hunts can be planned: one per card in the Hunting deck (0 cards)."


def test_r97_an_answer_without_a_question():
    s = planning(2)
    assert why(s, "p1", "adv:0").startswith("no question is waiting for that answer")


def test_an_unknown_id_keeps_the_generic_refusal():
    s = game(2)
    assert E.explain(s, "p1", "zzz") is None


ODD = ["p:", "p:x", "p::c", "p:g.a.b:c", "p:g.2:c", "p:thr.5:c", "p:thr:c", "p:b:c", "p:b.inv:c", "p:b.inv.Shovel.w:c",
       "p:x.2:zz", "p:rest:h", "s:", "s:0", "s:0:z", "s:x:c", "t:0", "t:0:Nobody", "u:", "u:-1", "ok:later", "go:x",
       "rr:9", "wood:99", "camp:x", "m:z", "ch:Nobody", "ab:zz", "it:Nothing", "tk:Nothing"]


def test_r30_every_refusal_in_random_games_is_explained_without_failing_in_both_languages():
    """Over random games (R30-R38 planning and every other phase), odd and well-formed ids alike: `explain`
    never fails and what it says reads in English and Spanish."""
    from rules.playout import iter_playout, playout_rng
    said = 0
    for n in (1, 2, 3, 4):
        state = E.setup([f"p{i + 1}" for i in range(n)], n)
        for step in iter_playout(E, state, playout_rng(n)):
            s, seat = step.before, step.seat
            if step.index % 7:
                continue
            legal = {m.id for m in E.legal_moves(s, seat)}
            for mid in ODD + [m for m in ("p:x.2:c", "p:camp:c", "ok", "go", "u:0", "t:0:Cook", "s:0:c")
                              if m not in legal]:
                text = E.explain(s, seat, mid)
                if text is not None:
                    said += 1
                    assert tr(text, "en") and tr(text, "es") and "{" not in tr(text, "es")
    assert said > 100


def test_r97_a_question_asked_while_planning_is_answered_before_placing_more():
    s = planning(2)
    s.items["Storm Glass"] = 1  # R87: an item used in the planning window asks what it looks at
    s = play(s, ("p1", "it:Storm_Glass"))
    assert why(s, "p1", "p:x.2:c") == "first answer the question asked now: make your choice."

"""R30: planning ends only when every player has confirmed the plan as it stands.  Any change to the plan
(a new stack, a pawn added, a lead handed over, pawns taken back, `ok:rest` that changes anything) cancels
every other player's confirmation, and its narration tells them, by name and in the reader's language, to
check the plan and confirm again; the post that says so offers them the confirm in one click
(`shared_moves`).  Take-backs and lead handovers stay bounded (EDITS per seat and round, PROPOSED), so
planning always ends."""
from __future__ import annotations

from rules.playout import iter_playout, playout_rng
from rules.robinson.plan import EDITS, changed
from rules.robinson.texts import char, m, seat
from rules.text import join, tr
from tests.rules.robinson_kit import E, ids, planning, play, texts


def three_with_p2_exploring_and_p1_joining():
    """3 seats: p2 explores space 2 with p1's pawn on it (p2 on top), every pawn placed; p2 and p3 confirmed."""
    s = planning(3)
    s = play(s, ("p2", "p:x.2:c"), ("p1", "s:0:c"), ("p1", "p:rest:c"), ("p2", "p:rest:c"),
             ("p3", "p:rest:c"), ("p3", "p:rest:c"), ("p2", "ok"), ("p3", "ok"))
    assert E.to_act(s) == ["p1"]
    return s


def test_r30_a_new_stack_cancels_every_other_confirmation():
    s = planning(3)
    s = play(s, ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "ok"), ("p1", "p:x.2:c"))
    assert E.to_act(s) == ["p1", "p2", "p3"]  # p2 confirmed a plan without p1's new stack
    assert texts(s) == ("p1 planned Explore space 2: the Explorer, roll the dice (no cost): p2, your confirmation "
                        "was cancelled; check the plan and confirm again.")


def test_r30_taking_pawns_back_cancels_every_other_confirmation_and_tells_them():
    s = play(three_with_p2_exploring_and_p1_joining(), ("p1", "u:0"))
    assert E.to_act(s) == ["p1", "p2", "p3"]  # p3 has no pawn on that stack, but the plan changed
    assert texts(s) == ("p1 took the Explorer back from Explore space 2: p2, p3, your confirmations were "
                        "cancelled; check the plan and confirm again.")
    assert tr(s.events[0], "es", {"p1": "Ana", "p2": "Bruno", "p3": "Carla"}) == (
        "Ana retiró el Explorador de Explorar la casilla 2: Bruno, Carla, vuestras confirmaciones quedan "
        "anuladas; revisad el plan y volved a confirmar.")
    assert "ok" in ids(s, "p2") and "ok" in ids(s, "p3")  # their pawns are all placed: they may confirm at once


def test_r30_the_players_asked_again_get_the_confirm_in_one_click():
    s = play(three_with_p2_exploring_and_p1_joining(), ("p1", "u:0"))
    shared = E.shared_moves(s, ["p2", "p3"])
    assert [mv.id for mv in shared] == ["ok"] and tr(shared[0].text) == "confirm the plan"
    assert E.shared_moves(s, ["p1", "p2"]) == []  # p1 has a pawn to place: it cannot confirm yet
    s = play(s, ("p3", "ok"))
    assert E.to_act(s) == ["p1", "p2"] and s.confirmed == ["p3"]
    assert E.offers("shared_moves")


def test_r30_handing_the_lead_cancels_every_other_confirmation():
    s = planning(3)
    s = play(s, ("p2", "p:x.2:c"), ("p1", "s:0:c"), ("p1", "p:rest:c"), ("p3", "p:rest:c"),
             ("p3", "p:rest:c"), ("p1", "ok"), ("p3", "ok"))
    explorer = s.seat_char["p1"]
    s = play(s, ("p2", f"t:0:{explorer}"))  # R38: the seat on top hands the lead
    assert s.plan[0].owners[0] == "p1"
    assert E.to_act(s) == ["p1", "p2", "p3"]
    assert texts(s).startswith("p2 handed the lead of Explore space 2 to the Explorer: p1, p3, your confirmations")


def test_r30_ok_rest_that_changes_the_plan_cancels_the_others_and_one_that_does_not_cancels_nothing():
    s = planning(2)
    s = play(s, ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "ok"), ("p1", "ok:rest"))
    assert s.confirmed == ["p1"]  # p1's pawns went to Rest: a change p2 has not seen
    assert texts(s).startswith("p1 sent the rest of their pawns to Rest: p2, your confirmation was cancelled")
    s = play(s, ("p2", "ok"))
    assert s.phase != "plan"


def test_r30_the_fp_seat_answers_for_friday():
    s = planning(2)
    fp = s.seats[s.fp]
    other = next(x for x in s.seats if x != fp)
    s = play(s, (fp, "p:x.2:f"), (fp, "p:rest:c"), (fp, "p:rest:c"), (fp, "ok"))
    assert E.to_act(s) == [other]
    s = play(s, (other, "s:0:c"))  # R84: a character joining Friday's stack goes on top
    assert s.plan[0].owners[0] == other and E.to_act(s) == [fp, other]
    assert f"{fp}, your confirmation was cancelled" in texts(s)


def test_r30_every_other_confirmed_seat_is_cancelled_and_named_in_the_plural():
    s = planning(3)
    s.confirmed = ["p1", "p2", "p3"]
    assert changed(s, "p1") == ["p2", "p3"] and s.confirmed == ["p1"]
    assert changed(s, "p1") == [] and s.confirmed == ["p1"]
    line = m("ev.replan.unconfirmed", who=seat("p1"), what=m("ev.replan.unplace", pawns=char("Cook"),
             target=m("tgt.explore", space=2)), whom=join([seat("p2"), seat("p3")]), n=2)
    assert tr(line).endswith("p2, p3, your confirmations were cancelled; check the plan and confirm again.")
    assert tr(line, "es").endswith("p2, p3, vuestras confirmaciones quedan anuladas; revisad el plan y volved a "
                                   "confirmar.")


def test_r30_random_games_end_and_no_plan_ends_on_a_confirmation_older_than_the_last_change():
    cancelled = 0
    for n in (2, 3, 4):
        for seed in range(3):
            state = E.setup([f"p{i + 1}" for i in range(n)], seed)
            seen: dict[str, int] = {}  # seat -> the number of plan changes when it last confirmed
            changes = 0
            for step in iter_playout(E, state, playout_rng(seed)):
                before, after, mid = step.before, step.after, step.move.id
                assert all(v <= EDITS for v in after.edits.values())  # take-backs and leads stay bounded
                if before.phase != "plan":
                    continue
                if [st.model_dump() for st in before.plan] != [st.model_dump() for st in after.plan] \
                        and after.phase == "plan":
                    changes += 1
                    lost = set(before.confirmed) - set(after.confirmed)
                    assert lost == set(before.confirmed) - {step.seat}, (mid, lost)
                    cancelled += bool(lost)
                if mid.startswith("ok"):
                    seen[step.seat] = changes
                if after.phase != "plan":  # planning ended: every seat confirmed the plan as it stands
                    assert all(seen.get(x) == changes for x in after.seats), (seen, changes)
                    seen, changes = {}, 0
            assert E.is_over(step.after)  # planning always ended, and so did the game
    assert cancelled  # the random games did cancel some confirmations


def test_r30_game_rules_say_that_planning_ends_on_the_plan_as_it_stands():
    en, es = tr(E.rules_help(), "en"), tr(E.rules_help(), "es")
    assert "planning ends only when everyone has confirmed the plan as it stands" in en
    assert "any change cancels the other players' confirmations" in en and "button to confirm again" in en
    assert "solo acaba cuando todos han confirmado el plan tal como está" in es and "volver a confirmar" in es

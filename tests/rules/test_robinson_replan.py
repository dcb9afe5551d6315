"""R30 and its ruling of issue 15: a change to the plan cancels only the confirmations of the seats it
affects (those with a pawn on the stack it changes, the FP's seat for Friday), and its narration tells
them, by name and in the reader's language, to check the plan and confirm again."""
from __future__ import annotations

from rules.playout import iter_playout, playout_rng
from rules.robinson.plan import EDITS, changed
from rules.robinson.texts import char, m, seat
from rules.text import join, tr
from tests.rules.robinson_kit import E, ids, planning, play, texts


def three_with_p2_exploring_and_p1_joining():
    """3 seats: p2 explores space 2 with p1's pawn on it (p2 on top), every pawn placed; p2 and p3 confirmed."""
    s = planning(3)
    s = play(s, ("p2", "p:x.2:c"), ("p1", "s:0:c"), ("p1", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "ok"),
             ("p3", "p:rest:c"), ("p3", "p:rest:c"), ("p3", "ok"))
    assert E.to_act(s) == ["p1"]
    return s


def test_r30_ruling_a_new_stack_cancels_no_confirmation():
    s = planning(3)
    s = play(s, ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p2", "ok"), ("p1", "p:x.2:c"))
    assert E.to_act(s) == ["p1", "p3"]  # p2's part of the plan did not change: p2 stays confirmed
    assert texts(s).startswith("p1: Explore space 2")  # told as before, nobody asked to confirm again


def test_r30_ruling_taking_pawns_back_unconfirms_the_seats_on_that_stack_and_tells_them():
    s = play(three_with_p2_exploring_and_p1_joining(), ("p1", "u:0"))
    assert E.to_act(s) == ["p1", "p2"]  # p3 has no pawn on it: still confirmed
    assert texts(s) == ("p1 took the Explorer back from Explore space 2: p2, your confirmation was cancelled; "
                        "check the plan and confirm again.")
    assert tr(s.events[0], "es", {"p1": "Ana", "p2": "Bruno"}) == (
        "Ana retiró el Explorador de Explorar la casilla 2: Bruno, tu confirmación queda anulada; "
        "revisa el plan y vuelve a confirmar.")
    assert "ok" in ids(s, "p2")  # p2's stack still holds its own pawn: it may confirm again at once


def test_r30_ruling_handing_the_lead_unconfirms_the_other_seat_on_the_stack():
    s = planning(3)
    s = play(s, ("p2", "p:x.2:c"), ("p1", "s:0:c"), ("p1", "p:rest:c"), ("p1", "ok"), ("p3", "p:rest:c"),
             ("p3", "p:rest:c"), ("p3", "ok"))
    explorer = s.seat_char["p1"]
    s = play(s, ("p2", f"t:0:{explorer}"))  # R38: the seat on top hands the lead
    assert s.plan[0].owners[0] == "p1"
    assert E.to_act(s) == ["p1", "p2"]
    assert texts(s).startswith("p2 handed the lead of Explore space 2 to the Explorer: p1, your confirmation")


def test_r30_ruling_joining_a_stack_unconfirms_its_resolver():
    s = planning(3)
    s = play(s, ("p2", "p:x.2:c"), ("p2", "p:rest:c"), ("p2", "ok"), ("p3", "p:rest:c"), ("p3", "p:rest:c"),
             ("p3", "ok"))
    s = play(s, ("p1", "s:0:c"))  # the roll becomes a sure success (R33): p2's action changed
    assert s.plan[0].base == 2 and E.to_act(s) == ["p1", "p2"]
    assert "p2, your confirmation was cancelled" in texts(s)


def test_r30_ruling_the_fp_seat_answers_for_friday():
    s = planning(2)
    fp = s.seats[s.fp]
    other = next(x for x in s.seats if x != fp)
    s = play(s, (fp, "p:x.2:f"), (fp, "p:rest:c"), (fp, "p:rest:c"), (fp, "ok"))
    assert E.to_act(s) == [other]
    s = play(s, (other, "s:0:c"))  # R84: a character joining Friday's stack goes on top
    assert s.plan[0].owners[0] == other and E.to_act(s) == [fp, other]
    assert f"{fp}, your confirmation was cancelled" in texts(s)


def test_r30_ruling_every_seat_on_the_stack_is_cancelled_and_named_in_the_plural():
    s = planning(3)
    s.confirmed = ["p2", "p3"]
    assert changed(s, "p1", ["p1", "p2", "p3"]) == ["p2", "p3"] and s.confirmed == []
    s.confirmed = ["p3"]
    assert changed(s, "p1", ["p1", "p2"]) == [] and s.confirmed == ["p3"]  # p3 not on it, p2 not confirmed
    line = m("ev.replan.unconfirmed", who=seat("p1"), what=m("ev.replan.unplace", pawns=char("Cook"),
             target=m("tgt.explore", space=2)), whom=join([seat("p2"), seat("p3")]), n=2)
    assert tr(line).endswith("p2, p3, your confirmations were cancelled; check the plan and confirm again.")
    assert tr(line, "es").endswith("p2, p3, vuestras confirmaciones quedan anuladas; revisad el plan y volved a "
                                   "confirmar.")


def test_r30_ruling_random_games_end_and_only_a_changed_stack_cancels_confirmations():
    cancelled = 0
    for n in (2, 3, 4):
        for seed in range(3):
            state = E.setup([f"p{i + 1}" for i in range(n)], seed)
            for step in iter_playout(E, state, playout_rng(seed)):
                before, after, mid = step.before, step.after, step.move.id
                assert all(v <= EDITS for v in after.edits.values())  # take-backs and leads stay bounded
                if before.phase != "plan" or after.phase != "plan":
                    continue
                lost = set(before.confirmed) - set(after.confirmed)
                if mid.startswith(("s:", "t:", "u:")):
                    on_it = set(before.plan[int(mid.split(":")[1])].owners)
                    assert lost <= on_it - {step.seat}, (mid, lost)
                    cancelled += bool(lost)
                else:
                    assert not lost, (mid, lost)
            assert E.is_over(step.after)  # planning always ended, and so did the game
    assert cancelled  # the random games did cancel some confirmations

"""Expired decisions (R30, R97, E31): the default answer of every prompt, the planning
completion of R30, and the options `plan_timeout` / `prompt_timeout` that make the host use them."""
from __future__ import annotations

import pytest

from rules.robinson import adventures
from rules.robinson.defaults import default_answer, timeout_answer
from tests.rules.robinson_kit import E, game, ids, planning, play


def test_r30_an_expired_plan_puts_unplaced_pawns_on_rest_then_confirms():
    s = planning(2)
    s.options = s.options.model_copy(update={"plan_timeout": True})
    a, b = s.seats
    s = E.apply(s, a, "p:camp:c")  # a placed one pawn before the deadline
    kept = [st.model_dump() for st in s.plan]
    steps = []
    while a in E.to_act(s):
        mv = E.timeout_move(s, a)
        steps.append(mv.id)
        s = E.apply(s, a, mv.id)
    assert steps == ["ok:rest"]  # one pawn left: to Rest, and confirmed (R30)
    assert s.plan[-1].action == "rest" and s.plan[-1].owners == [a] and s.confirmed == [a]
    assert [st.model_dump() for st in s.plan][:len(kept)] == kept  # the seat's own stack stays
    steps = []
    while b in E.to_act(s):
        mid = timeout_answer(s, b)
        steps.append(mid)
        s = E.apply(s, b, mid)
    assert steps == ["ok:rest"]
    assert s.phase == "plan" and E.to_act(s) == [a]  # b's pawns to Rest changed the plan: a confirms again (R30)
    assert E.timeout_move(s, a).id == "ok"  # and at its deadline the rules confirm it as it stands
    s = E.apply(s, a, "ok")
    assert s.phase != "plan"  # resolution began


def test_r97_without_the_options_the_host_policy_applies():
    s = planning(2)
    seat = E.to_act(s)[0]
    assert timeout_answer(s, seat) is None and E.timeout_move(s, seat) is None
    assert default_answer(s, seat) == "ok:rest"  # the default exists all the same (E31)
    s.options = s.options.model_copy(update={"prompt_timeout": True})
    assert timeout_answer(s, seat) is None  # planning has its own option (R30)
    s.phase = "weather"
    assert timeout_answer(s, s.seats[s.fp]) == "roll"


def prompt_game(n: int = 3, seed: int = 1):
    s = planning(n, seed)
    s.options = s.options.model_copy(update={"prompt_timeout": True})
    return s


def test_e31_phase_defaults_draw_woodpile_zero_roll_and_stay():
    s = prompt_game()
    fp = s.seats[s.fp]
    for phase, want in (("event", "draw"), ("weather", "roll"), ("night", "stay")):
        s.phase = phase
        assert timeout_answer(s, fp) == want
    s.phase = "wood"
    s.avail["W"] = 3
    assert timeout_answer(s, fp) == "wood:0"  # S3: nothing goes on the pile


def test_e31_r23_morale_plus_three_heals_a_wounded_first_player_else_two_d():
    s = prompt_game()
    fp = s.seats[s.fp]
    s.phase = "morale"
    assert timeout_answer(s, fp) == "m:d"
    s.chars[s.seat_char[fp]].wounds = 2
    assert timeout_answer(s, fp) == "m:h"


def test_e31_r64_four_players_arrange_camp_takes_morale_unless_at_three():
    s = planning(4)
    s.options = s.options.model_copy(update={"prompt_timeout": True})
    for seat in s.seats:
        s = play(s, (seat, "p:rest:c"), (seat, "p:camp:c") if "p:camp:c" in ids(s, seat) else (seat, "p:rest:c"))
    for seat in s.seats:
        s = E.apply(s, seat, "ok")
    seat = E.to_act(s)[0]
    assert s.queue[0].action == "camp" and timeout_answer(s, seat) == "go:m"
    s.morale = 3
    assert timeout_answer(s, seat) == "go:d"


def test_e31_adventure_default_is_the_discard_option_where_offered():
    s = prompt_game()
    who = s.seat_char[s.seats[0]]
    s.phase, s.actor = "resolve", who
    for card, want in (("adv_build:Savings", "adv:0"), ("adv_explore:Tiger", "adv:0")):  # no discard: first
        deck = card.split(":")[0][4:]
        s.adv_decks[deck].remove(card)
        s.adv_decks[deck].insert(0, card)
        t = s.model_copy(deep=True)
        adventures.adventure(t, deck, who, t.seats[0], face=True)
        assert t.pending is not None and timeout_answer(t, t.seats[0]) == want


def test_e31_windows_pass_and_mystery_stops():
    s = prompt_game()
    seat = s.seats[0]
    for kind, want in (("reroll", "rr:no"), ("mystery", "my:stop"), ("wxwin", "wx:pass"), ("ntwin", "nt:pass")):
        s.pending = {"kind": kind, "seat": seat, "by": "scrounger", "passed": "", "resolved": "1", "r": "",
                     "faces": "", "rain": "1", "snow": "0", "s2r": "0"}
        if kind in ("wxwin", "ntwin"):
            s.items = {"Flask of Rum": 1}  # something to use, so the window offers more than a pass
            s.chars[s.seat_char[seat]].wounds = 1
        assert timeout_answer(s, seat) == want, kind


def test_e31_r72_the_healthiest_goes_hungry_first():
    s = prompt_game()
    fp = s.seats[s.fp]
    order = [s.seat_char[s.seats[(s.fp + i) % 3]] for i in range(3)]
    s.chars[order[0]].wounds = 4
    s.phase = "night"
    s.pending = {"kind": "hungry", "seat": fp, "n": "2", "chosen": ""}
    from rules.robinson.data import CHARACTERS
    life = {c: CHARACTERS[c].life - s.chars[c].wounds for c in order}
    best = max(order, key=lambda c: life[c])  # ties: seat order from the First Player
    assert timeout_answer(s, fp) == f"hg:{best}"


def test_e31_s6_medallion_round_robin_from_the_first_player():
    s = prompt_game()
    fp = s.seats[s.fp]
    order = [s.seat_char[s.seats[(s.fp + i) % 3]] for i in range(3)]
    s.tokens = ["Medallion"]
    s = E.apply(s, fp, "tk:Medallion")
    got = []
    while s.pending is not None:
        mid = timeout_answer(s, fp)
        got.append(mid)
        s = E.apply(s, fp, mid)
    assert got == [f"md:{c}" for c in order]


def test_e31_choose_characters_expires_to_a_random_pick():
    s = game(2, 3, choose_characters=True, prompt_timeout=True)
    assert timeout_answer(s, "p1") == "ch:random"


@pytest.mark.parametrize("n", [1, 2, 4])
def test_r99_a_game_answered_only_by_defaults_ends_by_round_twelve(n):
    s = game(n, 7, choose_characters=True, plan_timeout=True, prompt_timeout=True)
    for _ in range(5000):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        mid = timeout_answer(s, seat)
        assert mid is not None, (s.phase, s.pending)
        s = E.apply(s, seat, mid)
    assert E.outcome(s) is not None and s.round <= 12


def test_e31_a_prompt_asked_inside_an_effect_expires_to_its_recorded_default():
    from rules.robinson.asks.card_choices import _wild_dog
    for food, want in ((9, "wd:pay"), (1, "wd:no")):  # E31: pay if food >= characters + 1
        s = prompt_game()
        s.phase = "event"
        s.avail.update(F=food, NF=0)
        _wild_dog(s, "", "adv_explore:Wild Dog", s.seat_char[s.seats[s.fp]])
        assert s.pending["default"] == want and timeout_answer(s, s.seats[s.fp]) == want

"""Starting items and discovery tokens are usable "en cualquier momento" (R8, R87, E20): offered
with every decision a seat holds outside a prompt, not only while planning."""
from __future__ import annotations

from rules.robinson import phases
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, game, ids, planning, play, rest_the_rest


def bible(s):
    s.items = {"Bible": 2}
    return s


def test_r8_an_item_at_the_event_draw_keeps_the_draw_waiting():
    s = bible(planning(3))
    s.phase, s.round = "event", 2
    fp = s.seats[s.fp]
    assert ids(s, fp)[0] == "draw" and "it:Bible" in ids(s, fp)
    s = E.apply(s, fp, "it:Bible")
    assert s.morale == 1 and s.items["Bible"] == 1 and s.phase == "event" and E.to_act(s) == [fp]


def test_r8_items_at_the_morale_choice_and_the_woodpile_step():
    s = bible(game(2))
    s.morale = 3
    phases.morale_phase(s)
    fp = s.seats[s.fp]
    assert {"m:d", "m:h", "it:Bible"} <= set(ids(s, fp))
    s = bible(game(3))
    assert s.phase == "wood" and "it:Bible" in ids(s, s.seats[s.fp])
    s = E.apply(s, s.seats[s.fp], "it:Bible")
    assert s.phase == "wood" and s.morale == 1


def test_r87_an_item_before_an_action_resolves_helps_that_action():
    s = planning(2)
    s.items = {"Empty Bottle": 2}
    s.hunt_deck = ["beast:Fox"]  # strength 2: at Weapon 1 the hunter takes 1 wound, not 2
    s = rest_the_rest(play(s, ("p1", "p:hunt:cc")))
    assert s.phase == "resolve" and "it:Empty_Bottle" in ids(s, "p1") and ids(s, "p1")[0] == "go"
    s = play(s, ("p1", "it:Empty_Bottle"), ("p1", "go"))
    assert s.chars[s.seat_char["p1"]].wounds == 1


def test_r45_a_gain_from_an_item_between_actions_goes_to_future_and_to_nobody():
    s = planning(2)
    s.items = {"Biscuits": 2}
    s = rest_the_rest(s)
    s.chars[s.seat_char["p1"]].out = True  # even beside a resolver spending the night out (R74)
    s.actor = s.seat_char["p1"]
    seat = E.to_act(s)[0]
    s = E.apply(s, seat, "it:Biscuits")
    assert s.future["NF"] == 1 and s.chars[s.seat_char["p1"]].supply["NF"] == 0


def test_r87_no_goat_while_actions_resolve_but_at_night():
    s = planning(2)
    s.tokens, s.weapon = ["Goat"], 1
    assert "tk:Goat" in ids(s, "p1")  # planning
    s = rest_the_rest(s)
    assert "tk:Goat" not in ids(s, E.to_act(s)[0])  # §3.8: not in the Action phase
    s = planning(2)
    s.tokens, s.weapon = ["Goat"], 1
    s.island[6] = Spot(tile=4)
    s.phase = "night"
    s.avail["F"] = 5
    phases.night_phase(s)
    assert {"stay", "camp:6", "tk:Goat"} <= set(ids(s, s.seats[s.fp]))


def test_r8_items_before_the_weather_roll_and_storm_glass_in_the_action_phase():
    s = bible(planning(2))
    s.phase, s.round = "weather", 8
    assert ids(s, s.seats[s.fp])[0] == "roll" and "it:Bible" in ids(s, s.seats[s.fp])
    s = planning(2)
    s.items = {"Storm Glass": 1}
    s = rest_the_rest(s)
    seat, fp = E.to_act(s)[0], s.seats[s.fp]
    s = E.apply(s, seat, "it:Storm_Glass")
    assert s.pending["kind"] == "glass" and E.to_act(s) == [fp]
    top = s.event_deck[0]
    s = E.apply(s, fp, "pk:1")  # to the bottom
    assert s.event_deck[-1] == top and s.phase == "resolve" and s.pending is None and s.queue


def test_r72_r8_biscuits_while_the_fp_picks_who_goes_hungry_feed_one_more():
    s = game(3)
    s.items = {"Biscuits": 2, "Bible": 2}
    s.shelter = True  # no wound from R72 (3)
    s.phase = "night"
    s.avail.update(F=1, NF=0)
    phases.night_phase(s)
    fp = s.seats[s.fp]
    assert s.pending["kind"] == "hungry" and s.pending["n"] == "2"
    assert "it:Biscuits" in ids(s, fp) and "it:Bible" not in ids(s, fp)  # only what feeds
    s = E.apply(s, fp, "it:Biscuits")
    assert s.pending["kind"] == "hungry" and s.pending["n"] == "1"  # counted again: 2 meals covered
    s = E.apply(s, fp, "it:Biscuits")
    assert (s.pending or {}).get("kind") != "hungry" and s.avail["F"] + s.avail["NF"] == 0
    assert all(c.wounds == 0 for c in s.chars.values())  # 3 meals, 3 food: nobody went hungry

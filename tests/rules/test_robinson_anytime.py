"""Starting items and discovery tokens are usable "en cualquier momento" (R8, R87, E20): offered
with every decision a seat holds, in each phase and with every prompt asked inside an effect
(R97: adventure cards, the reroll window, Mystery go/stop, the choices of asks.py), not only
while planning; using one leaves the prompt waiting with the work behind it (cont.py)."""
from __future__ import annotations

from rules.robinson import adventures, phases
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, every, game, ids, planning, play, rest_the_rest


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


def used_bible_keeps(s, seat):
    """Use the Bible at the pending prompt: Morale +1, and the same prompt and work still wait."""
    held, cont, morale = dict(s.pending), list(s.cont), s.morale  # the frames are immutable values
    assert "it:Bible" in every(s, seat)
    s = E.apply(s, seat, "it:Bible")
    assert s.pending == held and s.cont == cont and s.morale == morale + 1 and E.to_act(s) == [seat]
    return s


def test_r8_r19_an_item_at_an_event_cards_choice_then_the_draw_goes_on():
    s, fp = bible(planning(3)), None
    s.phase, s.round = "event", 2
    s.event_deck, s.threat = ["adv_explore:Bamboo", "event:Fight"], [None, None]
    s.holders = {"adv_explore:Bamboo": s.seat_char["p2"]}
    s.shelter, s.roof, s.palisade = True, 1, 2
    fp = s.seats[s.fp]
    s = E.apply(s, fp, "draw")  # Bamboo's event half: Roof|Pal -1, asked (asks.py)
    assert s.pending["kind"] == "rp" and s.cont  # the rest of the draw waits behind the prompt
    s = used_bible_keeps(s, fp)
    s = E.apply(s, fp, "ev:0")
    assert (s.roof, s.palisade) == (0, 2) and s.threat[1] == "event:Fight" and s.event_deck == []


def test_r87_r90_an_item_at_an_adventure_cards_options_but_no_goat_while_actions_resolve():
    s = planning(3)
    s.items, s.tokens, s.weapon = {"Bible": 1}, ["Goat"], 1
    s.action_tokens["build"] = ["ADV"]  # R43: an adventure card on this Build
    s.adv_decks["build"].remove("adv_build:Savings")
    s.adv_decks["build"].insert(0, "adv_build:Savings")
    s.avail.update(W=5)
    s.shelter = True
    s = rest_the_rest(play(s, ("p1", "p:b.wpn:cc")))
    s = E.apply(s, "p1", "go")
    assert s.pending["card"] == "adv_build:Savings" and ids(s, "p1") == ["adv:0", "adv:1"]
    assert "tk:Goat" not in every(s, "p1")  # §3.8: not in the Action phase, not even at a prompt
    s = used_bible_keeps(s, "p1")
    assert "it:Bible" not in every(s, "p1")  # its last use
    s = E.apply(s, "p1", "adv:1")
    assert s.future["W"] == 2 and "adv_build:Savings" in s.event_deck


def test_r8_r42_an_item_in_the_reroll_window():
    from tests.rules.robinson_kit import cast
    s = bible(cast("Carpenter", "Cook"))
    s.chars["Carpenter"].det = 4
    s.avail.update(W=5)
    s = rest_the_rest(play(s, ("p1", "p:b.wpn:c")))
    s = E.apply(s, "p1", "go")
    assert s.pending["kind"] == "reroll" and {"rr:no", "it:Bible"} <= set(every(s, "p1"))
    s = used_bible_keeps(s, "p1")
    s = E.apply(s, "p1", "rr:no")
    assert (s.pending or {}).get("kind") != "reroll"


def test_r8_r92_an_item_at_mysterys_go_or_stop():
    s = bible(planning(3))
    s.phase = "resolve"
    s.mystery_deck = ["mystery:Bite", "mystery:Cave with Furs", "mystery:Barrel", "mystery:Snake"]
    adventures.mystery(s, 3, {"treasure": 3}, s.seat_char["p2"])
    assert ids(s, "p2") == ["my:go", "my:stop"]
    s = used_bible_keeps(s, "p2")
    s = E.apply(s, "p2", "my:stop")
    assert (s.pending or {}).get("kind") != "mystery" and s.phase != "resolve"  # stopped: the phase ends


def test_r8_r29_an_item_while_the_fp_picks_half_production():
    s = bible(game(2))
    s.phase, s.prod_mods = "morale", ["half"]
    s.island[s.camp].tokens = []
    phases.production(s)
    fp = s.seats[s.fp]
    assert ids(s, fp) == ["hp:1", "hp:0"]
    s = used_bible_keeps(s, fp)
    wood = s.avail["W"]
    s = E.apply(s, fp, "hp:0")
    assert s.avail["W"] == wood + 1 and s.pending is None


def test_r8_storm_glass_at_a_prompt_is_answered_first_then_the_prompt_waits_again():
    s = planning(3)
    s.items = {"Storm Glass": 2}
    s.phase = "resolve"
    s.mystery_deck = ["mystery:Bite", "mystery:Cave with Furs", "mystery:Barrel", "mystery:Snake"]
    adventures.mystery(s, 3, {"treasure": 3}, s.seat_char["p2"])
    held, fp = dict(s.pending), s.seats[s.fp]
    s = E.apply(s, "p2", "it:Storm_Glass")
    assert s.pending["kind"] == "glass" and E.to_act(s) == [fp]
    assert "it:Storm_Glass" not in every(s, fp)  # no second look at the card it shows
    top = s.event_deck[0]
    s = E.apply(s, fp, "pk:1")  # to the bottom
    assert s.event_deck[-1] == top and s.pending == held and E.to_act(s) == ["p2"]
    s = E.apply(s, "p2", "my:stop")
    assert (s.pending or {}).get("kind") != "mystery" and s.phase != "resolve"


def test_r8_e20_an_item_in_the_weather_window_and_the_medallions_shares():
    s = game(2)
    s.round, s.roof, s.shelter = 2, 0, True
    s.tokens, s.items, s.weather_tokens = ["Large Leaves"], {"Bible": 2}, ["rain"]
    s.avail.update(W=5, F=5)
    phases.weather_phase(s)
    fp = s.seats[s.fp]
    assert s.pending["kind"] == "wxwin" and ids(s, fp) == ["wx:leaves", "wx:pass"]
    s = used_bible_keeps(s, fp)
    s = E.apply(s, fp, "wx:leaves")
    assert (s.pending or {}).get("kind") != "wxwin" and s.tokens == []
    s = bible(planning(2))
    s.tokens = ["Medallion"]
    s = E.apply(s, "p1", "tk:Medallion")  # S6: its 3 D shared one at a time
    assert s.pending["kind"] == "medallion"
    s = used_bible_keeps(s, "p1")

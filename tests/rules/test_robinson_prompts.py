"""Prompts inside the Event phase (R97, E31): a choice on a slide-off (R20), an event half (R19, R90)
or a drawn card is asked of the FP's seat, the phase stops on it and goes on after the answer; the
documented default is only recorded for a timeout, never applied by itself.  Exhaust targets (E14,
§3.9), tile↓ (E29), camp→adj (R73), flips (R59), Howling ties (R53), Wild Dog's payment (§3.11),
Stroke of Fate (§3.9)."""
from __future__ import annotations

from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, ids, planning, texts


def event_ready(*deck: str, n: int = 3):
    """Round 2, the Event phase about to draw from `deck`; returns the state and the FP's seat."""
    s = planning(n)
    s.phase, s.round = "event", 2
    s.event_deck = list(deck)
    s.threat = [None, None]
    return s, s.seats[s.fp]


def three_tiles(s):
    """Explored tiles next to the camp (space 7): 6 Hills fish+wood, 2 Mountains parrot+wood."""
    s.island[6] = Spot(tile=4)
    s.island[2] = Spot(tile=5)


def test_r20_e31_a_slide_off_choice_is_asked_and_the_phase_waits_for_it():
    s, fp = event_ready("event:Fight")
    s.shelter, s.roof, s.palisade = True, 2, 2
    s.threat = ["event:Flying Surprise", "wreck:Food Crates"]
    s = E.apply(s, fp, "draw")  # Fight goes right, Food Crates left, Flying Surprise slides off: Roof|Pal -1
    assert E.to_act(s) == [fp] and ids(s, fp) == ["ev:0", "ev:1"]
    assert (s.roof, s.palisade) == (2, 2) and s.phase == "event"  # no default taken; Morale waits
    assert s.threat == ["wreck:Food Crates", "event:Fight"] and s.pending["default"] == "ev:0"
    s = E.apply(s, fp, "ev:1")
    assert (s.roof, s.palisade) == (2, 1) and s.phase != "event" and "— Morale phase —" in texts(s)


def test_r19_r90_an_event_half_choice_stops_the_draw_which_goes_on_after_the_answer():
    s, fp = event_ready("adv_explore:Bamboo", "event:Fight")
    s.holders = {"adv_explore:Bamboo": s.seat_char["p2"]}
    s.shelter, s.roof, s.palisade = True, 1, 2
    s = E.apply(s, fp, "draw")  # Bamboo's event half: Roof|Pal -1
    assert ids(s, fp) == ["ev:0", "ev:1"] and s.event_deck == ["event:Fight"] and s.threat[1] is None
    s = E.apply(s, fp, "ev:0")
    assert (s.roof, s.palisade) == (0, 2) and s.threat[1] == "event:Fight" and s.event_deck == []
    assert "adv_explore:Bamboo" in s.adv_discard["explore"]


def test_r91_half_roof_or_palisade_asked_only_when_it_matters():
    s, fp = event_ready("event:Storm Damage")
    s.shelter, s.roof, s.palisade = True, 1, 1  # half of 1 is nothing (E5): no question
    s = E.apply(s, fp, "draw")
    assert s.pending is None and s.threat[1] == "event:Storm Damage"
    s, fp = event_ready("event:Storm Damage")
    s.shelter, s.roof, s.palisade = True, 4, 3
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["ev:0", "ev:1"] and [m.label for m in E.legal_moves(s, fp)][:2] == [
        "Storm Damage: Roof loses half (2)", "Storm Damage: Palisade loses half (1)"]
    s = E.apply(s, fp, "ev:1")
    assert (s.roof, s.palisade) == (4, 2)


def test_e14_exhaust_targets_on_adjacent_tiles_are_picked_one_at_a_time():
    s, fp = event_ready("event:Devastation")  # exh 2 on adjacent tiles (§3.9)
    three_tiles(s)
    s = E.apply(s, fp, "draw")
    assert E.to_act(s) == [fp] and ids(s, fp) == ["ex:2.parrot", "ex:2.wood", "ex:6.fish", "ex:6.wood"]
    assert all(not s.island[x].exhausted for x in (2, 6))
    s = E.apply(s, fp, "ex:6.fish")
    assert ids(s, fp) == ["ex:2.parrot", "ex:2.wood", "ex:6.wood"] and "1 more" in texts_prompt(s, fp)
    s = E.apply(s, fp, "ex:2.wood")
    assert s.island[6].exhausted == ["fish"] and s.island[2].exhausted == ["wood"] and s.pending is None
    assert s.mem["event:Devastation"] == ["6.fish", "2.wood"]


def test_e14_nearest_source_ties_are_the_fps_choice_a_single_nearest_is_not_asked():
    s, fp = event_ready("event:Otters")  # exh the nearest fish
    three_tiles(s)
    s = E.apply(s, fp, "draw")  # the camp's own fish (distance 0) is the only nearest
    assert s.pending is None and s.island[7].exhausted == ["fish"]
    s, fp = event_ready("event:Otters")
    three_tiles(s)
    s.island[7].exhausted = ["fish"]
    s.island[11] = Spot(tile=3)  # River fish at distance 1, like space 6's
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["ex:6.fish", "ex:11.fish"]  # E31 order: lowest space first
    s = E.apply(s, fp, "ex:11.fish")
    assert s.island[11].exhausted == ["fish"] and s.island[6].exhausted == []


def test_e29_tile_down_target_is_asked():
    s, fp = event_ready("event:Earthquake")
    three_tiles(s)
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["td:2", "td:6"] and s.island[2].face_up and s.island[6].face_up
    s = E.apply(s, fp, "td:6")
    assert not s.island[6].face_up and s.island[2].face_up and s.mem["event:Earthquake"] == ["6"]


def test_r73_camp_to_an_adjacent_tile_is_asked():
    s, fp = event_ready("event:Landslide")
    three_tiles(s)
    s.shelter, s.roof = True, 2
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["cm:2", "cm:6"] and s.camp == 7
    s = E.apply(s, fp, "cm:6")
    assert s.camp == 6 and s.roof == 1  # R73: Roof loses half


def test_r59_flips_are_chosen_one_at_a_time_and_all_go_when_too_few():
    s, fp = event_ready("event:Fight")
    s.threat = ["event:Natural Dam Breaks", None]  # slides off: flip 2
    s.built = ["Knife", "Rope", "Shovel"]
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["fl:Knife", "fl:Rope", "fl:Shovel"]
    s = E.apply(s, fp, "fl:Rope")
    assert s.built == ["Knife", "Shovel"] and ids(s, fp) == ["fl:Knife", "fl:Shovel"]
    s = E.apply(s, fp, "fl:Shovel")
    assert s.built == ["Knife"] and s.pending is None
    s, fp = event_ready("event:Fight")
    s.threat = ["event:Strong Wind", None]  # flip 1 with one item built: no question
    s.built = ["Knife"]
    s = E.apply(s, fp, "draw")
    assert s.pending is None and s.built == []


def test_r53_howling_from_the_woods_the_fp_breaks_a_tie_between_the_strongest():
    s, fp = event_ready("event:Howling from the Woods")
    s.beast_deck = ["beast:Tiger", "beast:Fox", "beast:Bear"] + [b for b in s.beast_deck
                                                                 if b not in ("beast:Tiger", "beast:Fox", "beast:Bear")]
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["hw:Tiger", "hw:Bear"] and "Tiger" in texts(s) and "Fox" in texts(s)
    s = E.apply(s, fp, "hw:Bear")
    assert s.hunt_deck[0] == "beast:Bear" and {"beast:Tiger", "beast:Fox"} <= set(s.beast_deck)
    assert len(s.beast_deck) == 15


def test_wild_dog_event_half_the_fp_may_pay_one_food_for_weapon():
    s, fp = event_ready("adv_explore:Wild Dog", "event:Fight")
    s.holders = {"adv_explore:Wild Dog": s.seat_char["p1"]}
    s.avail.update(F=5, NF=0)
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["wd:pay", "wd:no"] and s.pending["default"] == "wd:pay"  # E31: food >= 3 + 1
    paid, kept = E.apply(s, fp, "wd:pay"), E.apply(s, fp, "wd:no")
    assert paid.weapon == 1 and kept.weapon == 0 and paid.avail["F"] + 1 == kept.avail["F"]
    s, fp = event_ready("adv_explore:Wild Dog", "event:Fight")
    s.avail.update(F=2, NF=0)
    s = E.apply(s, fp, "draw")  # food for fewer than 3 + 1: the default (timeout) keeps it, listed first
    assert ids(s, fp) == ["wd:no", "wd:pay"] and s.pending["default"] == "wd:no"
    s, fp = event_ready("adv_explore:Wild Dog", "event:Fight")
    s.avail.update(F=0, NF=0)
    s = E.apply(s, fp, "draw")  # nothing to pay with: no question
    assert s.pending is None and s.weapon == 0 and s.threat[1] == "event:Fight"


def test_stroke_of_fate_the_right_card_slides_after_the_left_ones_choice():
    s, fp = event_ready("event:Stroke of Fate")
    s.threat = ["event:Flying Surprise", "event:Fight"]
    s.shelter, s.roof, s.palisade = True, 1, 1
    for c in s.seat_char.values():
        s.chars[c].det = 2
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["ev:0", "ev:1"] and s.threat == [None, "event:Fight"]
    assert all(s.chars[c].det == 2 for c in s.seat_char.values())  # Fight has not slid yet
    s = E.apply(s, fp, "ev:0")
    assert s.roof == 0 and all(s.chars[c].det == 0 for c in s.seat_char.values())  # Fight: -2 D (All)
    assert s.threat == [None, "event:Stroke of Fate"]


def texts_prompt(s, seat) -> str:
    from rules.text import tr
    return tr(E.prompt(s, seat))


def test_r28_the_fp_picks_the_shortcut_tiles_source_in_production():
    from rules.robinson import phases
    s = planning(3)
    s.built = ["Map", "Shortcut"]
    s.island[6] = Spot(tile=4, tokens=["shortcut"])  # fish and wood
    s.avail = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    phases.production(s)
    fp = s.seats[s.fp]
    assert E.to_act(s) == [fp] and ids(s, fp) == ["sp:fish", "sp:wood"] and s.pending["default"] == "sp:fish"
    assert s.avail["W"] == 0  # nothing produced before the answer
    s = E.apply(s, fp, "sp:wood")
    assert (s.avail["F"], s.avail["W"]) == (1, 2)  # the camp's fish and wood, the Shortcut's wood
    s = planning(3)
    s.built, s.prod_mods = ["Map", "Shortcut"], ["noF"]
    s.island[6] = Spot(tile=4, tokens=["shortcut"])
    s.avail = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    phases.production(s)  # its food would be cancelled anyway (R29): no question
    assert (s.pending or {}).get("kind") != "prodsc" and (s.avail["F"], s.avail["W"]) == (0, 2)


def test_r72_extra_meals_the_fp_chooses_who_eats_while_food_remains():
    from rules.robinson import phases
    s = planning(3)
    s.phase, s.shelter, s.extra_meal = "night", True, 1  # Chronic Tiredness / Flu
    s.avail.update(F=4, NF=0)
    chars = list(s.seat_char.values())
    phases.night_phase(s)  # 3 meals eaten, 1 food left for 3 extra meals owed
    fp = s.seats[s.fp]
    assert E.to_act(s) == [fp] and ids(s, fp) == [f"xm:{c}" for c in chars] + ["xm:none"]
    assert all(s.chars[c].wounds == 0 for c in chars) and s.pending["default"] == f"xm:{chars[0]}"
    s = E.apply(s, fp, f"xm:{chars[1]}")  # the last food: the other two go without, no more question
    assert [s.chars[c].wounds for c in chars] == [1, 0, 1] and s.avail["F"] == 0
    s = planning(3)
    s.phase, s.shelter, s.extra_meal = "night", True, 1
    s.avail.update(F=5, NF=0)
    phases.night_phase(s)
    s = E.apply(s, s.seats[s.fp], "xm:none")  # food kept, a wound each instead
    assert all(s.chars[c].wounds == 1 for c in chars)

"""Round phases: Morale R22-R25 (X2), Production R26-R29 (X3), Weather R66-R71,
Night R72-R73, wounds and death R75-R81, the woodpile and the goal S3-S7 (E18, E19)."""
from __future__ import annotations

from rules.robinson import phases
from rules.robinson.effects import apply as apply_codes, move_camp
from rules.robinson.tallies import lose_det, pay, wound
from rules.robinson.scenarios.castaways import add_wood, check_win
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, game, ids, texts


def fp(s):
    return s.seat_char[s.seats[s.fp]]


def test_x2_r24_morale_minus_three_with_one_token_two_wounds():
    s = game(2)
    s.morale = -3
    s.chars[fp(s)].det = 1
    phases.morale_phase(s)
    c = s.chars[fp(s)]
    assert c.det == 0 and c.wounds == 2


def test_r23_morale_levels_give_or_take_determination():
    for level, d in ((-2, 0), (1, 1), (2, 2)):
        s = game(3)
        s.morale = level
        s.chars[fp(s)].det = 2 if level < 0 else 0
        phases.morale_phase(s)
        assert s.chars[fp(s)].det == d


def test_r23_morale_plus_three_is_the_fps_choice():
    s = game(2)
    s.morale = 3
    s.chars[fp(s)].wounds = 2
    s.items = {}  # items are usable at any time (R8), also here: none in play
    phases.morale_phase(s)
    assert E.to_act(s) == [s.seats[s.fp]] and set(ids(s, s.seats[s.fp])) == {"m:d", "m:h"}
    healed = E.apply(s, s.seats[s.fp], "m:h")
    assert healed.chars[fp(s)].wounds == 1
    assert E.apply(s, s.seats[s.fp], "m:d").chars[fp(s)].det == 2


def test_x3_r26_camp_with_one_food_and_one_wood_source():
    s = game(3)  # tile 8: fish and wood
    s.avail = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    phases.production(s)
    assert (s.avail["F"], s.avail["W"]) == (1, 1)


def test_r27_r29_camp_tokens_and_event_modifiers():
    s = game(3)
    s.avail = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    s.island[7].tokens = ["+F", "+W"]
    phases.production(s)
    assert (s.avail["F"], s.avail["W"]) == (2, 2)
    s = game(3)
    s.avail = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    s.prod_mods = ["noF"]
    phases.production(s)
    assert (s.avail["F"], s.avail["W"]) == (0, 1) and s.prod_mods == []


def test_s3_woodpile_prompt_before_planning():
    s = game(3)
    assert s.phase == "wood"  # round 1 production gave 1 wood
    assert ids(s, s.seats[0])[:2] == ["wood:0", "wood:1"]
    assert all(i.startswith(("it:", "tk:")) for i in ids(s, s.seats[0])[2:])  # items: any time (R8)
    s = E.apply(s, s.seats[0], "wood:1")
    assert s.pile[0] == 1 and s.avail["W"] == 0 and s.phase == "plan"


def test_e18_woodpile_oil_and_mast_never_spill():
    s = game(2)
    s.pile = [1, 2, 1, 0, 0]
    add_wood(s, 2, limited=False)  # Oil: stage 3 completes
    assert s.pile == [1, 2, 3, 0, 0]
    s.pile = [1, 2, 2, 0, 0]
    add_wood(s, 2, limited=False)
    assert s.pile == [1, 2, 3, 0, 0] and "lost" in texts(s)
    s.pile = [1, 2, 3, 2, 0]
    apply_codes(s, ["pile:3"], "invention:Mast")  # Mast fills stage 4, loses 1
    assert s.pile == [1, 2, 3, 4, 0]
    add_wood(s, 1)
    assert s.pile == [1, 2, 3, 4, 1]  # the next addition goes to stage 5


def test_s5_e19_win_only_from_round_ten_with_fire_and_full_pile():
    s = game(2)
    s.pile = [1, 2, 3, 4, 5]
    s.built = ["Fire"]
    s.round = 9
    assert not check_win(s) and s.result is None
    s.round = 10
    assert check_win(s) and s.result == "won" and E.to_act(s) == []
    out = E.outcome(s)
    assert out.coop and out.won and out.winners() == s.seats  # R17


def test_r66_r67_weather_clouds_above_roof():
    s = game(3)
    s.phase = "weather"
    s.avail = {"F": 3, "NF": 0, "W": 3, "Fur": 0}
    s.weather_tokens = ["rain", "snow"]
    s.shelter, s.roof = True, 1
    phases.weather_effects(s, [])
    # snow: 1 wood; 2 clouds vs roof 1: 1 wood + 1 food
    assert (s.avail["W"], s.avail["F"]) == (1, 2) and s.weather_tokens == []


def test_e6_r69_storm_with_palisade_zero_wounds_everyone_in_camp():
    s = game(3)
    s.phase = "weather"
    s.shelter = True
    s.weather_tokens = ["storm"]
    phases.weather_effects(s, [])
    assert all(s.chars[c].wounds == 1 for c in s.seat_char.values())


def test_r70_hungry_animals_beast_face():
    s = game(3)
    s.phase = "weather"
    s.shelter, s.weapon = True, 1
    phases.weather_effects(s, ["beast"])
    assert all(s.chars[c].wounds == 2 for c in s.seat_char.values())


def test_r72_night_eating_the_fp_chooses_who_goes_hungry_then_shelter_and_spoiling():
    s = game(3)
    s.phase = "night"
    s.avail = {"F": 2, "NF": 0, "W": 1, "Fur": 0}
    p1 = s.seat_char["p1"]
    s.chars[p1].wounds = 3
    s.items = {}  # no Biscuits to eat first (R8)
    phases.night_phase(s)  # 3 meals, 2 food: the FP's seat chooses the hungry one (R72 step 1)
    fp_seat = s.seats[s.fp]
    assert E.to_act(s) == [fp_seat] and sorted(ids(s, fp_seat)) == sorted(f"hg:{c}" for c in s.seat_char.values())
    s = E.apply(s, fp_seat, f"hg:{p1}")  # not the default: the most wounded one
    assert "goes hungry" in texts(s)
    # no adjacent tile to move to: the Night runs on (R72 steps 3-6): 2 hungry + 1 no Shelter
    others = [c for c in s.seat_char.values() if c != p1]
    assert s.chars[p1].wounds == 6 and all(s.chars[c].wounds == 1 for c in others)
    assert s.avail["F"] == 0 and s.round == 2 and s.phase == "event"


def test_r72_no_choice_when_nobody_or_everybody_goes_hungry():
    for food, hungry in ((3, 0), (0, 3)):
        s = game(3)
        s.phase = "night"
        s.avail = {"F": food, "NF": 0, "W": 1, "Fur": 0}
        phases.night_phase(s)
        assert s.pending is None and texts(s).count("goes hungry") == hungry


def test_r72_step6_last_round_night_is_a_loss():
    s = game(2)
    s.round, s.shelter = 12, True
    s.avail["F"] = 10
    phases.night_rest(s)
    assert s.result == "lost" and s.end_reason == "time" and E.to_act(s) == []


def test_r73_moving_the_camp_halves_roof_and_palisade():
    s = game(2)
    s.island[6] = Spot(tile=4)
    s.shelter, s.roof, s.palisade = True, 3, 1
    move_camp(s, 6)
    assert (s.camp, s.roof, s.palisade) == (6, 2, 1)  # each becomes ceil(half) (E5)


def test_r72_night_offers_the_camp_move_to_the_fp():
    s = game(2)
    s.island[6] = Spot(tile=4)
    s.phase = "night"
    s.avail["F"] = 5
    s.items = {}  # items are usable at any time (R8), also here: none in play
    phases.night_phase(s)
    assert set(ids(s, s.seats[s.fp])) == {"stay", "camp:6"}
    s2 = E.apply(s, s.seats[s.fp], "camp:6")
    assert s2.camp == 6 and s2.round == 2


def test_r75_morale_arrows_and_r76_death_ends_the_game():
    s = game(3)
    cook = next((c for c in s.chars if c == "Cook"), None) or "Carpenter"
    s.chars[cook].wounds = 0
    wound(s, "Explorer" if "Explorer" in s.chars else cook, 6)  # Explorer arrow at 6 left
    if "Explorer" in s.chars:
        assert s.morale == -1
    wound(s, cook, 13)
    assert s.result == "lost" and s.end_reason == "death"


def test_r85_fridays_death_only_removes_him():
    s = game(2)
    wound(s, "Friday", 4)
    assert s.chars["Friday"].dead and s.result is None


def test_r79_unfulfilled_demand_wounds_everyone_outside_actions():
    s = game(3)
    s.phase = "event"
    s.avail["W"] = 0
    pay(s, "W", 2)
    assert all(s.chars[c].wounds == 2 for c in s.seat_char.values())
    s = game(3)
    lose_det(s, fp(s), 1)  # R24 in any phase: the FP alone
    assert s.chars[fp(s)].wounds == 1


def test_r29_half_production_the_fp_picks_the_mix():
    s = game(2)
    s.phase = "morale"
    s.prod_mods = ["half"]
    s.island[s.camp].tokens = []
    phases.production(s)  # the start beach gives 1 food and 1 wood: half is 1 cube, food or wood
    fp_seat = s.seats[s.fp]
    assert E.to_act(s) == [fp_seat] and ids(s, fp_seat) == ["hp:1", "hp:0"]
    wood = s.avail["W"]
    s = E.apply(s, fp_seat, "hp:0")
    assert s.avail["W"] == wood + 1 and "Production: 0 food, 1 wood" in texts(s)
    assert phases.half_mixes(3, 1) == [2, 1] and phases.half_mixes(2, 0) == [1]  # never more than normal


def test_e20_r68_windows_large_leaves_blankets_and_hooch():
    s = game(2)
    s.round, s.roof, s.shelter = 2, 0, True  # S2: no dice in round 2; the tokens bring the clouds
    s.tokens, s.items = ["Large Leaves"], {"Blankets": 3}
    s.weather_tokens = ["rain", "snow"]
    s.avail.update(W=5, F=5)
    phases.weather_phase(s)
    fp_seat = s.seats[s.fp]
    assert s.pending["kind"] == "wxwin" and E.to_act(s) == [fp_seat]
    assert {"wx:leaves", "wx:blankets", "wx:pass"} <= set(ids(s, fp_seat))
    s = E.apply(s, fp_seat, "wx:leaves")  # the rain cloud is cancelled; the window reopens
    assert "wx:leaves" not in ids(s, E.to_act(s)[0]) and "wx:blankets" in ids(s, E.to_act(s)[0])
    s = E.apply(s, E.to_act(s)[0], "wx:blankets")  # and the snow cloud: nothing left to use, it closes
    assert s.items["Blankets"] == 2 and "rain and" not in texts(s)  # no cloud is left to pay for
    assert s.avail["W"] == 5 and s.phase in ("night", "event")  # on to the Night


def test_e20_r68_hooch_turns_snow_into_rain_and_a_pass_closes_the_window():
    s = game(2)
    cook_seat = next((x for x, c in s.seat_char.items() if c == "Cook"), None)
    if cook_seat is None:
        s.seat_char[s.seats[0]], s.chars["Cook"] = "Cook", s.chars.pop(s.seat_char[s.seats[0]])
        s.chars["Cook"].name, cook_seat = "Cook", s.seats[0]
    s.round, s.roof, s.shelter = 2, 1, True
    s.tokens, s.items, s.weather_tokens = [], {}, ["snow"]
    s.chars["Cook"].det = 3
    s.avail.update(W=5, F=5)
    phases.weather_phase(s)
    assert E.to_act(s) == [cook_seat] and set(ids(s, cook_seat)) == {"wx:hooch.snow", "wx:pass"}
    s = E.apply(s, cook_seat, "wx:hooch.snow")  # 1 rain cloud against Roof 1: nothing to pay (R67)
    assert s.chars["Cook"].det == 0 and "Hooch" in texts(s)  # its marker is cleared at Night (R72 step 5)
    assert "1 rain cloud and 0 snow clouds against Roof 1" in texts(s) and s.avail["W"] == 5


def test_e20_r72_night_window_pot_and_flask_of_rum_before_eating():
    s = game(2)
    s.shelter, s.built = True, ["Pot"]
    s.items, s.tokens = {"Flask of Rum": 1}, []
    s.avail.update(F=3, NF=0)
    hurt = s.seat_char[s.seats[1]]
    s.chars[hurt].wounds = 3
    phases.night_phase(s)
    fp_seat = s.seats[s.fp]
    assert s.pending["kind"] == "ntwin" and E.to_act(s) == [fp_seat]
    assert {f"nt:pot.{hurt}", f"nt:rum.{hurt}", "nt:pass"} <= set(ids(s, fp_seat))
    s = E.apply(s, fp_seat, f"nt:pot.{hurt}")  # 1 food: heal 1 (the Pot is repeatable)
    s = E.apply(s, E.to_act(s)[0], f"nt:rum.{hurt}")
    assert s.chars[hurt].wounds == 1 and "Flask of Rum" not in s.items
    for seat in s.seats:  # everyone passes: the window closes and the 2 meals are eaten
        if s.pending and s.pending.get("kind") == "ntwin":
            s = E.apply(s, E.to_act(s)[0], "nt:pass")
    assert s.pending is None and "2 meals eaten" in texts(s) and s.avail["F"] == 0

"""The co-operative bot (rules/robinson/bot/: greedy.py, planning.py, aids.py): plain uses of abilities, items
and tokens in the planning window (E20), the weather forecast (S2, R67), the plan's worth and the
woodpile step (S3, S5)."""
from __future__ import annotations

from rules.bots import choose
from rules.robinson.bot import odds as BO, planning as BP
from rules.robinson.bot.aids import aid_move
from rules.robinson.bot.greedy import food_gap
from rules.robinson.bot.harm import hurt
from rules.robinson.data import CHARACTERS

from .robinson_kit import E, ids, planning


def cook_seat(s):
    return next(x for x, c in s.seat_char.items() if c == "Cook")


def test_e20_stone_soup_when_food_is_short():
    s = planning(2, 1)
    seat = cook_seat(s)
    s.items = {}
    s.tokens = []
    s.chars["Cook"].det = 3
    s.avail["F"] = s.avail["NF"] = 0
    assert food_gap(s) > 0 and "ab:stone_soup" in ids(s, seat)
    assert choose(E, s, seat, "greedy", 1).id == "ab:stone_soup"
    s.avail["F"] = 5  # enough food: the determination is kept
    assert aid_move(s, seat, food_gap(s)) is None


def test_e20_weapon_items_before_hunting_and_healing_the_worst_wounded():
    s = planning(2, 1)
    seat = s.seats[0]
    s.tokens = []
    s.items = {"Empty Bottle": 2, "Flask of Rum": 2}
    assert aid_move(s, seat, -5) == "it:Empty_Bottle"  # Weapon +1 (§3.7)
    s.items = {"Flask of Rum": 2}
    s.chars["Cook"].wounds, s.chars["Friday"].wounds = 2, 1
    other = [c for c in s.chars if c not in ("Cook", "Friday")][0]
    s.chars[other].wounds = 4
    assert aid_move(s, seat, -5) == f"it:Flask_of_Rum:{other}"


def test_s2_r67_the_forecast_follows_the_weather_dice_of_each_round():
    assert BO.weather(3) == ((0, 0, 1.0),)  # S2: no weather in rounds 1-3
    assert BO.p_above(5, 0) == 1.0 and abs(BO.p_above(5, 1) - 2 / 6) < 1e-9  # Rain die: 2 clouds on 2 faces
    assert abs(BO.snow(5) - 1 / 6) < 1e-9
    assert abs(sum(c * p for c, _, p in BO.weather(8)) - 3.0) < 1e-9  # Rain + Winter dice: 3 clouds on average
    assert abs(BO.p_above(8, 3) - 8 / 36) < 1e-9  # 4 clouds: 2 rain on the Rain die and 2 on the Winter die


def test_r67_s3_the_woodpile_step_keeps_what_tonights_weather_takes_until_round_7():
    s = planning(2, 1)
    s.shelter, s.round, s.roof, s.pile = True, 6, 1, [1, 2, 0, 0, 0]
    s.weather_tokens = []
    s.phase = "wood"
    wood, _ = BO.tonight(6, 1, False, False, False, False)
    assert BO.quantile(wood, 0.85) == 1  # R67, S2: the Rain die's 2 clouds or its snow cost Roof 1 a wood, 1 time in 2
    assert BO.quantile(wood, 0.5) == 0
    s.avail["W"] = 3  # a Roof of 1 before the dice of three (R56: 2 wood) and tonight's wood are kept
    assert BP.wood_move(s) == "wood:0"
    s.avail["W"] = 4
    assert BP.wood_move(s) == "wood:1"  # stage 3 cannot be completed: only the wood beyond both goes on
    s.avail["W"] = 6
    assert BP.wood_move(s) == "wood:3"  # stage 3 complete (one stage a round, S3), the Roof's wood kept
    s.round = 7  # S2: three weather dice from now on; the step keeps nothing back (ALL_IN_FROM)
    s.avail["W"] = 2
    assert BP.wood_move(s) == "wood:2"
    s.avail["W"] = 6
    assert BP.wood_move(s) == "wood:3"  # never past the stage (S3)
    s.round, s.pile, s.avail["W"] = 10, [1, 2, 3, 4, 0], 5
    assert BP.wood_move(s) == "wood:5"  # the last stage's wood at hand in round 10: all of it (S5: the win)


def test_r30_a_planned_roof_counts_before_the_next_is_weighed():
    s = planning(2, 1)
    s.shelter, s.round, s.roof = True, 4, 1
    s.avail.update(W=8, Fur=2)
    first = BP.Worth(s).roof()
    seat = s.seats[0]
    s = E.apply(s, seat, "p:b.roof.w:cc")
    assert BP.project(s).roof == 2 and BP.Worth(s).roof() < first  # R67: the second level saves less


def test_r72_food_is_worth_two_wounds_a_meal_while_short():
    s = planning(2, 1)
    s.avail.update(F=0, NF=0)
    w = BP.Worth(s)
    healthiest = max(w.cost_of, key=lambda c: CHARACTERS[c].life - s.chars[c].wounds)
    assert w.food_short >= 2 and w.food(1) == hurt(s, healthiest, 2)  # a meal missed: 2 wounds (R72)
    assert hurt(s, healthiest, 2) > 2.0  # a wound costs more than 1 once life is counted (R76)
    s.avail["F"] = 6
    assert BP.Worth(s).food(1) < 0.5  # fed: it spoils tonight (R72 step 4)


def test_r32_the_carpenter_bot_spends_handyman_to_make_its_build_sure():
    from tests.rules.test_robinson_abilities import carpenter_game
    s, seat = carpenter_game()
    s.chars["Carpenter"].det = 6
    s.avail["W"] = 4
    s = E.apply(s, seat, "p:b.wpn:c")
    s.tokens, s.items = [], {}
    assert aid_move(s, seat, -5) == "ab:handyman"
    s = E.apply(s, seat, "ab:handyman")
    mid = choose(E, s, seat, "greedy", 1).id
    if mid.startswith("ab:economy:"):  # §3.10: a wood less for his Build first, with the 3 D left
        s = E.apply(s, seat, mid)
        mid = choose(E, s, seat, "greedy", 1).id
    assert "h" in mid.rsplit(":", 1)[1]  # the brown pawn goes on a Build with the Carpenter (here or there)


def test_s3_10_the_carpenter_bot_spends_economical_construction_on_his_wood_paying_stack():
    """§3.10 Economical construction (2 D): one action of the Carpenter costs 1 wood less."""
    from tests.rules.test_robinson_abilities import carpenter_game
    s, seat = carpenter_game()
    s.chars["Carpenter"].det = 2  # enough for it, not for Handyman (3 D)
    s.avail["W"] = 4
    s = E.apply(s, seat, "p:b.wpn:c")
    s.tokens, s.items = [], {}
    paid = s.plan[0].pay["W"]
    assert paid >= 1 and aid_move(s, seat, -5) == "ab:economy:0"
    assert choose(E, s, seat, "greedy", 1).id == "ab:economy:0"
    s = E.apply(s, seat, "ab:economy:0")
    assert s.plan[0].pay.get("W", 0) == paid - 1 and s.chars["Carpenter"].det == 0
    assert aid_move(s, seat, -5) is None  # once a round (R83), and no determination left


def test_e20_s3_7_a_hunts_fight_item_only_when_it_spares_the_hunter_wounds():
    """E20: fight bonuses are chosen before a Hunt's fight; §3.7 Pistol: Weapon +3 for one fight."""
    from rules.robinson.bot.greedy import fight_pick
    from tests.rules.test_robinson_cards import soldier_hunting_a_fox
    s, soldier = soldier_hunting_a_fox(Pistol=2)
    s.weapon = 0
    assert "go:it.Pistol" in ids(s, soldier)
    assert fight_pick(s, ids(s, soldier)) == "go:it.Pistol"  # the beasts still to meet outmatch Weapon 0
    assert choose(E, s, soldier, "greedy", 1).id == "go:it.Pistol"
    s.weapon = 9  # no beast left to meet is that strong: the use is kept
    assert fight_pick(s, ids(s, soldier)) == "go"


def test_s3_8_the_pot_is_worth_more_with_the_tokens_that_wait_on_it():
    """§3.8: Herbs, Healing Herbs, Poison and Vegetables are used only with the Pot built; Poison is Weapon +2."""
    from rules.robinson.bot.tokens import pot_gain
    s = planning(2, 1)
    s.tokens = []
    bare = BP.invention(BP.Worth(s), "Pot")
    s.tokens = ["Poison", "Vegetables"]
    w = BP.Worth(s)
    assert pot_gain(w) >= w.weapon(2) - 0.3 + 1.6 - 0.3 - 1e-9
    assert abs(BP.invention(w, "Pot") - bare - pot_gain(w)) < 1e-9 and pot_gain(w) > 1
    s.tokens = ["Healing Herbs"]
    s.built = s.built + ["Medicine"]  # its free Medicine is already there: nothing waits on the Pot
    assert pot_gain(BP.Worth(s)) == 0


def test_r67_r69_the_goat_before_the_weather_roll_only_while_the_food_may_run_short():
    """R67: each cloud above the Roof takes 1 food; R69: food missing wounds everyone in camp; §3.8: the Goat
    gives 1 food and 1 fur (Weapon 1 or more), outside the Action phase too."""
    from rules.robinson.bot.greedy import weather_food
    s = planning(2, 1)
    s.round, s.roof, s.weapon, s.weather_tokens = 8, 0, 1, []
    s.tokens, s.items = ["Goat"], {}
    s.avail.update(F=0, NF=0)
    assert weather_food(s, ["roll", "tk:Goat"]) == "tk:Goat"
    assert weather_food(s, ["roll"]) is None  # nothing to eat offered
    s.avail["F"] = 12  # more than the clouds and the meals can take
    assert weather_food(s, ["roll", "tk:Goat"]) is None


def test_s6_s5_the_oil_finishes_the_last_stage_for_the_win_even_where_it_has_room_for_one():
    """S6: the Oil puts 2 wood on the current stage at once, past the step's one stage a round (S7); S5: with the
    Fire built in round 10-12 the pile's last wood wins.  The token is spent on a last stage that needs only one
    more (elsewhere it waits for a stage with room for both)."""
    s = planning(1, 1)
    s.shelter, s.round, s.roof, s.pile = True, 11, 4, [1, 2, 3, 4, 4]
    s.weather_tokens, s.phase, s.items, s.tokens = [], "plan", {}, ["Oil"]
    s.built.append("Fire")
    seat = s.seats[0]
    assert aid_move(s, seat, -5) == "tk:Oil"
    s.round = 9  # no win before round 10 (S5): the token waits
    assert aid_move(s, seat, -5) is None
    s.round, s.pile = 11, [1, 2, 3, 4, 2]  # room for both: spent as before
    assert aid_move(s, seat, -5) == "tk:Oil"

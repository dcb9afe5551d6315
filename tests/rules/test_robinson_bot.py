"""The co-operative bot (rules/robinson/bot.py, bot_aids.py): plain uses of abilities, items and tokens
in the planning window (E20), the weather reserve (R67) and the woodpile step (S3, S5)."""
from __future__ import annotations

from rules.bots import choose
from rules.robinson.bot import food_gap, weather_need, wood_reserve
from rules.robinson.bot_aids import aid_move

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


def test_r67_s3_weather_reserve_keeps_wood_off_the_pile():
    s = planning(2, 1)
    s.shelter, s.round, s.roof = True, 7, 1
    assert weather_need(s) == 2 and wood_reserve(s) == 3  # 2 clouds above Roof 1, 1 snow
    s.roof = 3
    assert weather_need(s) == 0 and wood_reserve(s) == 1
    s.round = 2
    assert weather_need(s) == 0 and wood_reserve(s) == 0  # S2: no weather in rounds 1-3

"""Scenario 5, Cannibal Island (docs/rules/robinson-scenarios.md K0, K5): the registry entry and its
set-up, the villages on numbered totems, the burning, the City of round 4, the Book, the placeholders and
the win at the end of a round.  Games are edited directly to reach the case (robinson_kit)."""
from __future__ import annotations

import pytest

from rules.robinson import marks
from rules.robinson.data import START_ITEMS
from rules.robinson.effects import apply
from rules.robinson.island import adjacent_tiles, distances, explored_terrains
from rules.robinson.plan import targets
from rules.robinson.resolve import totem
from rules.robinson.scenarios import SCENARIOS, cannibal
from rules.robinson.state import Spot

from .robinson_kit import E, IllegalMove, every, game, rest_the_rest, texts, whole

KEY = "cannibal_island"


def cannibal_plan(n: int = 2, seed: int = 1):
    s = game(n, seed, scenario=KEY)
    assert s.phase == "plan"  # K0.3: as Castaways minus its woodpile step
    return s


def target(s, key: str):
    return next((t for t in targets(s) if t.key == key), None)


def with_path(s):
    """Tiles 1 (Plains) on 6 and 3 (River) on 5, no totems: a path camp 7 -> 6 -> 5 -> 4 (the City's space)."""
    s.island[6] = Spot(tile=1)
    s.island[5] = Spot(tile=3)
    return s


def city_up(s):
    """The start of round 4 (K5.6), the round number put back afterwards."""
    was, s.round = s.round, 4
    cannibal.city_flip(s)
    s.round = was
    return s


def finish_round(s):
    """Rest the unplaced pawns, confirm, and take each seat's first move until the next planning."""
    s = rest_the_rest(s)
    start = s.round
    while s.result is None and not (s.phase == "plan" and s.round > start):
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    return s


def test_k0_1_k5_2_cannibal_island_is_registered_with_9_rounds_and_no_weather_dice():
    scen = SCENARIOS[KEY]
    assert scen.rounds == 9 and not scen.woodpile
    assert sorted(scen.weather) == list(range(1, 10)) and not any(scen.weather.values())  # K5.2
    s = cannibal_plan()
    assert len(s.event_deck) == 10  # K0.2: 5 book cards + 5 adventure-icon cards
    assert E.view(s, "p1").weather_dice == []
    assert "cannibal" not in E.dump(game(2, 1)).replace("cannibal_island", "")  # Castaways: nothing of K5


def test_k5_3_set_up_flask_of_rum_and_pipe_and_tobacco_and_tile_4_face_down_on_space_4():
    for seed in (1, 2, 3):
        s = cannibal_plan(seed=seed)
        assert s.items == {"Flask of Rum": 2, "Pipe & Tobacco": 2}
        assert sorted(s.unused_items) == sorted(i for i in START_ITEMS if i not in s.items)  # the other 6
        assert s.island[4] == Spot(tile=4, face_up=False) and 4 not in s.island_stack
        assert len(s.island_stack) == 9
    s = with_path(cannibal_plan())
    assert 4 not in distances(s)  # E29: a face-down tile is no path and no target
    assert target(s, "x.4") is None and target(s, "g.4.fish") is None
    assert 4 in game(2, 1).island_stack  # Castaways keeps tile 4 in the stack


def revealed(number: int, medicine: bool = False):
    """Totem `number` revealed on space 6 (tile 6, Plains) by the first seat's character, 2 wood and 2
    food available; the other numbers already given out on other spaces."""
    s = cannibal_plan()
    s.phase = "resolve"
    who = s.seat_char[s.seats[0]]
    s.island[6] = Spot(tile=6)
    s.ctx = {"space": "6"}
    s.totems = {sp: i + 1 for i, sp in enumerate([20, 21, 22, 23][:number - 1])}
    s.avail.update({"W": 2, "F": 2})
    if medicine:
        s.built.append("Medicine")
    before = s.chars[who].wounds
    totem(s, 6, who)
    return s, s.chars[who].wounds - before


@pytest.mark.parametrize("number,wounds,wood", [(1, 1, 2), (2, 1, 1), (3, 1, 1), (4, 3, 1), (5, 0, 2)])
def test_k5_4_each_totem_is_a_village_with_the_next_number_and_its_reveal_effect(number, wounds, wood):
    s, took = revealed(number)
    assert s.totems[6] == number and marks.has(s, 6, "village")  # K0.6, K5.4
    assert took == wounds
    assert s.avail["W"] == wood and s.avail["F"] == 2  # 2-4: 1 wood lost while there is wood
    assert "is a cannibal village" in texts(s)
    assert (f"village {number}" in texts(s)) == (2 <= number <= 4)  # the lost wood's line names the village


def test_k5_4_village_4_with_medicine_one_wound_and_food_goes_when_no_wood_is_left():
    s, took = revealed(4, medicine=True)
    assert took == 1
    s = cannibal_plan()
    s.phase = "resolve"
    who = s.seat_char[s.seats[0]]
    s.island[6] = Spot(tile=6)
    s.ctx = {"space": "6"}
    s.totems = {20: 1}
    s.avail.update({"W": 0, "F": 2})
    totem(s, 6, who)
    assert s.totems[6] == 2 and s.avail["F"] == 1


def test_k0_6_k5_6_token_6_is_kept_for_the_city_so_later_villages_go_on_counting_from_their_own():
    s = with_path(cannibal_plan())
    s.totems = {20: 1, 21: 2}
    city_up(s)
    assert s.totems[4] == 6
    s.phase = "resolve"
    s.island[10] = Spot(tile=10)
    s.ctx = {"space": "10"}
    totem(s, 10, s.seat_char["p1"])
    assert s.totems[10] == 3


def test_k5_4_m5_a_village_takes_one_more_pawn_for_gather_and_builds_at_a_village_camp_never_the_burning():
    s = cannibal_plan()
    s.island[6] = Spot(tile=6)
    before = {k: target(s, k).extras for k in ("g.6.wood", "b.wpn")}
    marks.add(s, 6, "village")
    assert target(s, "g.6.wood").extras == before["g.6.wood"] + 1
    assert target(s, "b.wpn").extras == before["b.wpn"]
    marks.add(s, s.camp, "village")
    assert target(s, "b.wpn").extras == before["b.wpn"] + 1  # PROPOSED: Builds while the camp stands there
    burn = target(s, "h.burn.6")
    assert burn.fixed == 2 and burn.extras == 0 and burn.action == "hunt"  # K5.5: exactly 2, no village pawn
    fp = s.seats[s.fp]
    assert "p:g.6.wood:c" not in whole(s, fp) and "p:g.6.wood:cc" in whole(s, fp)


def test_k5_5_a_burning_needs_a_village_reached_through_explored_tiles_and_is_once_a_round():
    s = cannibal_plan()
    marks.add(s, 10, "village")  # not explored: no village tile
    s.island[14] = Spot(tile=6)
    marks.add(s, 14, "village")  # face up but no explored path from the camp (7 -> 11 -> 14: 11 unexplored)
    assert target(s, "h.burn.10") is None and target(s, "h.burn.14") is None
    s.island[11] = Spot(tile=11)
    assert target(s, "h.burn.14") is not None
    fp = s.seats[s.fp]
    assert {"p:h.burn.14:cf", "p:h.burn.14:c"} <= set(every(s, fp))  # K0.11: Friday may take it
    s = E.apply(s, fp, "p:h.burn.14:cf")
    assert target(s, "h.burn.14") is None  # one burning per village per round
    with pytest.raises(IllegalMove) as exc:
        E.apply(s, fp, "p:h.burn.10:c")
    assert "burn" in str(exc.value)
    assert target(s, "hunt") is not None or not s.hunt_deck  # the burning is no Hunt of the Hunting deck


def test_k5_5_the_burning_strength_is_4_plus_uncovered_totems_and_the_resolver_takes_the_difference():
    s = cannibal_plan()
    s.island[6] = Spot(tile=6)  # a totem tile (the target)
    s.island[2] = Spot(tile=2)  # another totem tile, face up
    s.island[11] = Spot(tile=7, face_up=False)  # a totem face down: not counted
    marks.add(s, 6, "village")
    marks.add(s, 2, "black")  # a burned one: covered
    assert cannibal.strength(s) == 5
    marks.remove(s, 2, "black")
    assert cannibal.strength(s) == 6
    s.weapon = 2
    fp = s.seats[s.fp]
    who = s.seat_char[fp]
    s.chars[who].wounds = 0
    hunt = list(s.hunt_deck)
    s = rest_the_rest(E.apply(s, fp, "p:h.burn.6:cf"))
    said = []
    while "h.burn.6" not in s.done:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
        said.append(texts(s))
    assert "burns the village on space 6: strength 6 against Weapon 2" in "\n".join(said)
    assert s.hunt_deck == hunt  # no Hunting card drawn
    assert marks.has(s, 6, "black") and not marks.has(s, 6, "village") and cannibal.burned(s) == 1
    assert s.weapon == 2  # no Weapon loss
    assert s.chars[who].wounds == 4


def burn_now(s, sp: int):
    """Resolve the burning of `sp` by the first seat's character at once."""
    who = s.seat_char["p1"]
    before = s.chars[who].wounds
    cannibal.burn(s, who, sp)
    return s.chars[who].wounds - before


def test_k5_5_k5_8_torches_give_2_weapon_in_a_burning_and_weapon_is_not_lost():
    s = cannibal_plan()
    s.island[6] = Spot(tile=6)
    marks.add(s, 6, "village")
    s.weapon = 1
    assert burn_now(s, 6) == 4  # strength 5, Weapon 1
    assert s.weapon == 1 and marks.has(s, 6, "black")
    s = cannibal_plan()
    s.island[6] = Spot(tile=6)
    marks.add(s, 6, "village")
    s.weapon = 1
    s.built.append("Torches")
    assert burn_now(s, 6) == 2  # Weapon 1 + 2
    assert "Torches" in SCENARIOS[KEY].inventions and "Lookout" in SCENARIOS[KEY].inventions


def test_k5_5_a_village_lost_since_planning_is_not_burned():
    s = cannibal_plan()
    s.island[6] = Spot(tile=6)
    marks.add(s, 6, "village")
    s.island[6].face_up = False
    assert burn_now(s, 6) == 0 and not marks.has(s, 6, "black")
    assert "can no longer be burned" in texts(s)


def test_k5_6_the_city_turns_up_at_the_start_of_round_4_with_token_6_and_hides_its_hills():
    s = with_path(cannibal_plan())
    for r in (2, 3):
        s.round = r
        cannibal.city_flip(s)
        assert not s.island[4].face_up
    s = city_up(s)
    assert s.island[4].face_up and s.totems[4] == 6
    assert marks.has(s, 4, "village") and marks.has(s, 4, "city") and cannibal.city_standing(s)
    assert "Hills" not in explored_terrains(s)  # K5.6
    assert target(s, "g.4.fish") is None and target(s, "h.burn.4") is not None  # PROPOSED: sources closed
    s.island[0] = Spot(tile=7)  # Hills elsewhere
    assert "Hills" in explored_terrains(s)


def test_k5_6_the_city_flips_through_the_round_start_before_the_event_phase():
    s = cannibal_plan()
    s.round = 3
    s.avail["F"] = 9
    s = rest_the_rest(s)
    said = []
    while s.round == 3:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
        said.append(texts(s))
    assert s.result is None and s.island[4].face_up and s.totems[4] == 6
    told = "\n".join(said)
    flip = told.index("City of Cannibals (tile 4, token 6) turns face up on space 4")
    assert told.index("Round 4 begins.") < flip and s.phase == "event"  # the Event phase comes after it


def test_k5_6_k5_9_camp_moves_never_go_onto_the_standing_city_or_face_down_tile_4():
    s = cannibal_plan()
    s.island[5] = Spot(tile=3)
    s.camp = 5
    assert 4 not in adjacent_tiles(s)  # face down
    city_up(s)
    assert 4 not in adjacent_tiles(s)  # standing
    assert 4 in adjacent_tiles(s, city=True)  # its sources may still be exhausted by an event
    cannibal.burn(s, s.seat_char["p1"], 4)
    assert 4 in adjacent_tiles(s)  # burned


def test_k5_7_the_book_wounds_each_character_3_minus_the_villages_burned_then_asks_where_the_camp_goes():
    s = cannibal_plan()
    assert SCENARIOS[KEY].book == ("cannibal_book",)
    s.island[6] = Spot(tile=1)  # Plains, wood
    s.island[2] = Spot(tile=6)  # Plains, parrot and wood: more sources, but a village
    marks.add(s, 2, "village")
    s.island[11] = Spot(tile=11)  # Mountains, wood
    before = {c: s.chars[c].wounds for c in s.seat_char.values()}
    apply(s, ["cannibal_book"], "event:Storm")
    assert all(s.chars[c].wounds == before[c] + 3 for c in before)
    assert s.pending["kind"] == "camp" and s.pending["seat"] == s.seats[s.fp]  # E15: the FP's seat
    assert s.pending["answers"].split(";") == ["6", "11", "2"]  # the default first: not a village, then sources
    s2 = cannibal_plan()
    s2.island[6] = Spot(tile=1)
    marks.add(s2, 20, "black")
    marks.add(s2, 21, "black")
    before = {c: s2.chars[c].wounds for c in s2.seat_char.values()}
    apply(s2, ["cannibal_book"], "event:Storm")
    assert all(s2.chars[c].wounds == before[c] + 1 for c in before)  # 3 - 2 burned


def test_k5_7_one_destination_moves_the_camp_at_once_halving_roof_and_palisade_lookout_keeps_them():
    s = cannibal_plan()
    s.island[6] = Spot(tile=1)
    s.shelter, s.roof, s.palisade = True, 2, 2
    apply(s, ["cannibal_book"], "event:Storm")
    assert s.camp == 6 and (s.roof, s.palisade) == (1, 1)  # R73
    s = cannibal_plan()
    s.island[6] = Spot(tile=1)
    s.shelter, s.roof, s.palisade = True, 2, 2
    s.built.append("Lookout")  # K5.8 placeholder
    before = {c: s.chars[c].wounds for c in s.seat_char.values()}
    apply(s, ["cannibal_book"], "event:Storm")
    assert s.camp == 6 and (s.roof, s.palisade) == (2, 2) and "lookout_move" not in s.flags
    assert all(s.chars[c].wounds == before[c] + 2 for c in before)  # Lookout: 1 fewer


@pytest.mark.parametrize("shelter,natural,expect", [(True, False, "shelter lost"), (False, True, "natural"),
                                                    (False, False, "wounds")])
def test_k5_7_with_nowhere_to_go_the_shelter_goes_or_each_character_takes_2_wounds(shelter, natural, expect):
    s = cannibal_plan()
    if natural:
        s.island[2] = Spot(tile=2)  # Mountains with a natural shelter
        s.camp = 2
        marks.add(s, 2, "black")
        marks.add(s, 20, "black")
        marks.add(s, 21, "black")  # 3 burned: no Book wounds
    else:
        for sp in (20, 21, 22):
            marks.add(s, sp, "black")
    s.shelter, s.roof, s.palisade = shelter, 2, 2
    before = {c: s.chars[c].wounds for c in s.seat_char.values()}
    apply(s, ["cannibal_book"], "event:Storm")
    assert s.pending is None
    got = {c: s.chars[c].wounds - before[c] for c in before}
    if expect == "shelter lost":
        assert not s.shelter and (s.roof, s.palisade) == (0, 0) and set(got.values()) == {0}
    elif expect == "natural":
        assert (s.roof, s.palisade) == (0, 0) and set(got.values()) == {0}
    else:
        assert set(got.values()) == {2}
        assert "each character takes 2 wounds" in texts(s)


def test_k5_1_k0_9_the_city_burned_wins_when_the_round_ends_not_before():
    s = with_path(cannibal_plan(n=1))
    city_up(s)
    s.weapon = 9
    fp = s.seats[s.fp]
    s = rest_the_rest(E.apply(s, fp, "p:h.burn.4:cf"))
    said, phases_after_burn = [], set()
    while s.result is None:
        if cannibal.city_burned(s):
            phases_after_burn.add(s.phase)
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
        said.append(texts(s))
    assert phases_after_burn  # K0.9: the burning itself does not end the game, the round's end does
    assert s.result == "won" and s.end_reason == "cannibal_island_goal" and s.round == 1
    told = "\n".join(said)
    assert "burns the City of Cannibals on space 4: strength 5 against Weapon 9" in told
    assert "The City of Cannibals burns!" in told
    assert "the City of Cannibals burned and the round ended" in told


def test_k0_10_the_last_round_ending_with_the_city_standing_loses():
    from rules.robinson.phases import night_rest
    s = cannibal_plan()
    s.round = 9
    s.phase = "night"
    night_rest(s)
    assert s.result == "lost" and s.end_reason == "cannibal_island_time"


def test_k0_1_the_cog_opens_cannibal_island_and_plans_a_burning():
    from cogs.robinson_cog import SCENARIOS as CHOICES, plan_move
    assert (KEY, "Cannibal Island") in CHOICES
    assert plan_move("hunt", "burn 4", 2) == "p:h.burn.4:cc"
    assert plan_move("hunt", "quemar 5", 1, friday=True) == "p:h.burn.5:cf"
    assert plan_move("hunt", "", 2) == "p:hunt:cc"


def test_k5_5_friday_killed_by_the_burning_fight_burns_nothing():
    s = cannibal_plan(n=1)
    s.island[6] = Spot(tile=6)
    marks.add(s, 6, "village")
    s.weapon = 0
    s.chars["Friday"].wounds = 3  # 1 life left, strength 5
    cannibal.burn(s, "Friday", 6)
    assert s.chars["Friday"].dead and s.result is None
    assert marks.has(s, 6, "village") and not marks.has(s, 6, "black")
    assert "The burning fails" in texts(s)


@pytest.mark.parametrize("players", [1, 2])
def test_k5_1_the_greedy_bot_plays_cannibal_island_to_its_end_and_burns_by_its_goal(players):
    from rules.bots import choose
    s = game(players, 1, scenario=KEY)
    planned = 0
    for _ in range(3000):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        mv = choose(E, s, seat, "greedy", 4).id
        planned += mv.startswith("p:h.burn.")
        s = E.apply(s, seat, mv)
    assert s.result in ("won", "lost") and s.end_reason in ("cannibal_island_goal", "cannibal_island_time", "death")
    assert s.round <= 9 and planned >= 1  # K5.2; the bot reads the goal (Goal.steps) and plans burnings


def test_k5_1_the_goal_steps_are_the_burnings_the_city_worth_the_win():
    s = with_path(cannibal_plan())
    s.island[2] = Spot(tile=6)
    marks.add(s, 2, "village")
    steps = SCENARIOS[KEY].goal.steps(s)
    assert steps["h.burn.2"] == cannibal.VILLAGE_SHARE and "h.burn.4" not in steps
    city_up(s)
    assert SCENARIOS[KEY].goal.steps(s)["h.burn.4"] == 1.0


def test_k5_5_e20_a_fight_bonus_chosen_before_the_burning_counts_as_weapon():
    from rules.robinson.resolve import ACT
    from rules.robinson.state import Stack
    s = cannibal_plan()
    s.island[6] = Spot(tile=6)
    marks.add(s, 6, "village")
    s.weapon = 1
    s.items["Pistol"] = 1
    who = s.seat_char["p1"]
    before = s.chars[who].wounds
    ACT["hunt"](s, Stack(action="hunt", target="h.burn.6", pawns=[who, "Friday"]), "it.Pistol")
    assert s.chars[who].wounds - before == 1  # strength 5 against Weapon 1 + 3
    assert "Pistol" not in s.items and marks.has(s, 6, "black")

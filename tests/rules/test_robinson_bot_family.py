"""The greedy bot and Family Robinson (docs/rules/robinson-scenarios.md K6): it reads the goal's steps
through the scenario registry (Scenario.goal) — the dealt inventions and what they need, a wasteland
hiding a terrain they need, the children's meals — and plays the scenario to its end.  Win rates are
printed by `bot.py bench bots --option scenario=family_robinson`, never asserted."""
from __future__ import annotations

import pytest

from rules.bots import choose
from rules.robinson import marks
from rules.robinson.bot.planning import plan_move
from rules.robinson.bot.worth import Worth
from rules.robinson.data import TILES
from rules.robinson.scenarios import SCENARIOS, family
from rules.robinson.state import Spot
from rules.rng import Rng

from .robinson_kit import E, game

FAM = "family_robinson"


@pytest.mark.parametrize("players", [1, 2])
def test_k6_the_greedy_bot_plays_family_robinson_to_its_end(players):
    s = game(players, 4, scenario=FAM)
    for _ in range(4000):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, choose(E, s, seat, "greedy", 4).id)
    assert s.result in ("won", "lost") and s.phase == "over"
    assert s.end_reason in ("family_robinson_goal", "family_children", "family_robinson_time", "death")
    assert s.round <= 12  # K6.2


def test_k6_1_the_goal_steps_are_the_dealt_inventions_and_what_they_need():
    s = game(1, 1, scenario=FAM)
    s.dealt = ["Bow", "Furnace", "Sack"]
    steps = family.goal_steps(s)
    assert {"b.inv.Bow", "b.inv.Furnace", "b.inv.Sack"} <= set(steps)
    assert {"b.inv.Rope", "b.inv.Knife", "b.inv.Bricks"} <= set(steps)  # what the Bow and the Furnace need
    s.built += ["Sack", "Rope"]
    steps = family.goal_steps(s)
    assert "b.inv.Sack" not in steps and "b.inv.Rope" not in steps
    assert SCENARIOS[FAM].goal is not None and Worth(s).steps == family.goal_steps(s)


def test_k6_11_a_wasteland_hiding_a_needed_terrain_is_a_goal_step_and_the_bot_reclaims_it():
    s = game(1, 2, scenario=FAM)
    hills = next(t for t, x in TILES.items() if x.terrain == "Hills" and t in s.island_stack)
    s.island_stack.remove(hills)
    sp = next(x for x in (6, 11, 2) if x not in s.island)
    s.island[sp] = Spot(tile=hills)
    marks.add(s, sp, "wasteland")
    s.dealt = ["Drums"]  # needs Hills
    assert family.goal_steps(s)[f"r.{sp}.waste"] > 0
    s.dealt = ["Sack"]  # needs nothing
    assert f"r.{sp}.waste" not in family.goal_steps(s)
    s.dealt = ["Drums", "Furnace", "Wall", "Pot"]  # Hills for all of them
    s.avail["F"] = 4
    s.shelter, s.roof, s.palisade, s.weapon = True, 1, 1, 1  # the camp's part of the goal done (K6.1)
    moves = [plan_move(s, "p1", Rng.from_seed(k)) for k in range(3)]
    assert any(mv.startswith(f"p:r.{sp}.waste:") for mv in moves)


def test_k6_4_the_childrens_meals_are_counted_tonight(monkeypatch):
    s = game(1, 1, scenario=FAM)
    s.round = 9
    fed = Worth(s)
    assert family.mouths(s) == 3
    monkeypatch.setitem(family.CHILDREN, 9, 0)
    alone = Worth(s)
    assert [n for n, _ in fed.food_need] == [n + 3 for n, _ in alone.food_need]


def test_k6_1_the_goal_keeps_the_wood_and_fur_of_the_dealt_inventions():
    s = game(1, 1, scenario=FAM)
    s.dealt = ["Bow", "Sack", "Moat"]
    assert family.goal_stock(s) == {"W": 2, "Fur": 1}
    s.built.append("Bow")
    assert family.goal_stock(s) == {"W": 1, "Fur": 1}


def test_k6_1_the_shelter_roof_palisade_and_weapon_are_goal_steps_until_built():
    s = game(1, 1, scenario=FAM)
    s.shelter, s.roof, s.palisade, s.weapon = False, 0, 0, 0
    s.island[s.camp] = Spot(tile=next(t for t, x in TILES.items() if not x.shelter))
    steps = family.goal_steps(s)
    assert {"b.shelter", "b.roof", "b.pal", "b.wpn"} <= set(steps)
    s.shelter, s.roof, s.palisade, s.weapon = True, 1, 1, 1
    steps = family.goal_steps(s)
    assert not {"b.shelter", "b.roof", "b.pal", "b.wpn"} & set(steps)


def test_k6_1_a_roof_of_the_goal_is_worth_more_to_the_bot_than_its_weather_alone(monkeypatch):
    from rules.robinson import plan
    from rules.robinson.bot.planning import gain_value
    s = game(1, 1, scenario=FAM)
    s.shelter, s.roof = True, 0
    roof = plan.Target("b.roof.w", "build", 0, 0, {"W": 2})
    with_goal = gain_value(s, Worth(s), roof)
    monkeypatch.setattr(family, "_camp_steps", lambda s, late: {})
    w = Worth(s)
    assert "b.roof" not in w.steps
    assert with_goal > gain_value(s, w, roof) + 1.0


def test_k6_4_food_inventions_are_worth_less_as_the_childrens_meals_run_out():
    s = game(1, 1, scenario=FAM)
    s.dealt = []
    early = family.goal_steps(s)["b.inv.Snare"]
    s.round = 11
    late = family.goal_steps(s)["b.inv.Snare"]
    assert early > late > 0
    s.built.append("Snare")
    assert "b.inv.Snare" not in family.goal_steps(s)


def test_k6_1_alone_the_bot_pushes_the_dealt_inventions_harder_than_with_two():
    one, two = game(1, 1, scenario=FAM), game(2, 1, scenario=FAM)
    one.dealt = two.dealt = ["Sack"]
    assert family.goal_steps(one)["b.inv.Sack"] > family.goal_steps(two)["b.inv.Sack"] > 0


def test_k6_1_wood_is_dearer_to_the_bot_until_the_shelter_and_first_roof():
    s = game(1, 1, scenario=FAM)
    s.island[s.camp] = Spot(tile=next(t for t, x in TILES.items() if not x.shelter))
    s.shelter, s.roof = False, 0
    bare = family.wood_price(s)
    s.shelter, s.roof = True, 1
    assert bare > family.wood_price(s)


def test_k6_4_the_childrens_meals_make_a_food_camp_tile_worth_more(monkeypatch):
    from rules.robinson.bot.camp import tile_worth
    s = game(1, 1, scenario=FAM)
    s.round = 5
    s.island[s.camp].tokens.append("+F")  # Production: 2 food, more than the one character eats (R27)
    assert SCENARIOS[FAM].goal.mouths_in(s, 9) == 3
    fed = tile_worth(s, Worth(s), s.camp)
    for r in list(family.CHILDREN):
        monkeypatch.setitem(family.CHILDREN, r, 0)
    assert fed > tile_worth(s, Worth(s), s.camp)

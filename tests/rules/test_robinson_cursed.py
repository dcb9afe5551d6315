"""Scenario 2, Cursed Island (docs/rules/robinson-scenarios.md K0, K2): the registry entry, fog, the
numbered totems and the temple, the Cross and the Sacred Bell, the win at the end of a round.  Games are
edited directly to reach the case (robinson_kit)."""
from __future__ import annotations

import pytest

from rules.robinson import marks
from rules.robinson.island import explored_terrains
from rules.robinson.plan import targets
from rules.robinson.scenarios import SCENARIOS, cursed
from rules.robinson.state import Spot

from .robinson_kit import E, IllegalMove, every, game, rest_the_rest, texts, whole

KEY = "cursed_island"


def cursed_plan(n: int = 2, seed: int = 1):
    s = game(n, seed, scenario=KEY)
    assert s.phase == "plan"  # K0.3: as Castaways minus its woodpile step
    return s


def target(s, key: str):
    return next((t for t in targets(s) if t.key == key), None)


SAID: list[str] = []  # every line the last finish_round told


def finish_round(s):
    """Rest the unplaced pawns, confirm, and take each seat's first move until the next planning."""
    SAID.clear()
    s = rest_the_rest(s)
    SAID.append(texts(s))
    start = s.round
    while s.result is None and not (s.phase == "plan" and s.round > start):
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
        SAID.append(texts(s))
    return s


def told() -> str:
    return "\n".join(SAID)


def test_k0_1_k2_2_cursed_island_is_registered_with_10_rounds_and_the_white_die_in_rounds_6_to_10():
    scen = SCENARIOS[KEY]
    assert scen.rounds == 10 and not scen.woodpile
    assert [r for r, dice in scen.weather.items() if dice] == [6, 7, 8, 9, 10]
    assert all(dice == ("winter",) for r, dice in scen.weather.items() if r >= 6)  # the white die
    s = cursed_plan()
    assert len(s.event_deck) == 10  # K0.2: 5 book cards + 5 adventure-icon cards
    assert "temple" not in E.dump(game(2, 1))  # Castaways saves as before (no temple, no marks)


def test_k0_1_the_cog_opens_cursed_island_and_plans_its_special_targets():
    from cogs.robinson_cog import SCENARIOS as CHOICES, plan_move
    assert (KEY, "Cursed Island") in CHOICES
    assert plan_move("build", "cross 5", 2) == "p:b.inv.Cross.5:cc"
    assert plan_move("explore", "temple", 1) == "p:x.temple:c"


def test_k2_4_the_book_puts_fog_on_2_spaces_the_farthest_unexplored_first():
    from rules.robinson.effects import apply
    s = cursed_plan()
    assert SCENARIOS[KEY].book == ("fog:2",)
    apply(s, SCENARIOS[KEY].book, "event:Storm")
    said = []
    for _ in range(2):  # K2.4: the FP's seat is asked; its first answer is the default (E31)
        assert s.pending is not None and s.pending["kind"] == "fog" and s.pending["seat"] == s.seats[s.fp]
        s = E.apply(s, s.seats[s.fp], s.pending["default"])
        said.append(texts(s))
    assert s.pending is None
    fogged = marks.spaces_with(s, "fog")
    assert len(fogged) == 2 and all(sp not in s.island for sp in fogged)
    far = cursed.steps_from(s.camp)
    assert all(far[sp] == max(far.values()) for sp in fogged)  # K2.4's default: farthest from the camp
    assert "\n".join(said).count("Fog covers space") == 2


def test_k2_4_fewer_spaces_free_of_fog_than_the_book_asks_fogs_as_many_as_there_are():
    from rules.robinson.effects import apply
    s = cursed_plan()
    for sp in range(15):
        if sp != 3:
            marks.add(s, sp, "fog")
    apply(s, ["fog:2"], "event:Storm")
    assert all(marks.count(s, sp, "fog") == 1 for sp in range(15))  # K2.3: never a second fog


def test_k2_3a_fog_takes_one_more_pawn_for_gather_explore_and_builds_at_a_fogged_camp_never_hunt():
    s = cursed_plan()
    s.island[6] = Spot(tile=4)  # Hills, fish and wood, next to the camp (7)
    before = {k: target(s, k).extras for k in ("g.6.wood", "x.11", "b.wpn")}
    marks.add(s, 6, "fog")
    marks.add(s, 11, "fog")  # an unexplored space
    assert target(s, "g.6.wood").extras == before["g.6.wood"] + 1
    assert target(s, "x.11").extras == before["x.11"] + 1
    assert target(s, "b.wpn").extras == before["b.wpn"]  # the camp tile has no fog
    marks.add(s, s.camp, "fog")
    assert target(s, "b.wpn").extras == before["b.wpn"] + 1
    assert target(s, "camp").fixed == 1 and target(s, "rest").fixed == 1  # never Arrange camp or Rest
    fp = s.seats[s.fp]
    assert "p:g.6.wood:c" not in whole(s, fp) and "p:g.6.wood:cc" in whole(s, fp)  # 2 pawns now roll
    s = E.apply(s, fp, "p:g.6.wood:cc")
    from rules.robinson.stacks import size_range
    assert size_range(s, s.plan[-1]) == (2, 3)  # the stack keeps the fog pawn (extras_of agrees)


def test_k2_3b_fog_hides_its_tiles_terrain_unless_a_fog_free_tile_of_it_is_face_up():
    s = cursed_plan()
    s.island[6] = Spot(tile=4)  # Hills
    assert "Hills" in explored_terrains(s)
    marks.add(s, 6, "fog")
    assert "Hills" not in explored_terrains(s)
    s.island[2] = Spot(tile=7)  # another Hills tile, fog-free
    assert "Hills" in explored_terrains(s)


def produced(s) -> tuple[int, int]:
    from rules.robinson.phases import produce
    s.phase = "morale"
    f, w = s.avail["F"], s.avail["W"]
    produce(s)
    return s.avail["F"] - f, s.avail["W"] - w


def test_k2_3c_fog_on_the_camp_tile_means_production_gives_nothing_from_it():
    s = cursed_plan()
    s.island[s.camp].tokens.append("+W")
    assert produced(s) == (1, 2)  # the Beach: fish, wood and the extra-wood token
    s = cursed_plan()
    s.island[s.camp].tokens.append("+W")
    marks.add(s, s.camp, "fog")
    assert produced(s) == (0, 0)
    assert "its sources give nothing" in texts(s)


def test_k2_3d_a_fogged_shortcut_gives_nothing_and_its_tile_may_be_gathered():
    s = cursed_plan()
    s.island[6] = Spot(tile=9, tokens=["shortcut"])  # Plains: a parrot
    s.built.append("Shortcut")
    assert target(s, "g.6.parrot") is None  # R35: the Shortcut's tile is not gathered
    assert produced(s) == (2, 1)  # the camp's fish and wood + the Shortcut's parrot
    s = cursed_plan()
    s.island[6] = Spot(tile=9, tokens=["shortcut"])
    s.built.append("Shortcut")
    marks.add(s, 6, "fog")
    assert target(s, "g.6.parrot") is not None
    assert produced(s) == (1, 1)  # the camp tile only


def test_k2_3e_fog_stays_when_its_space_is_explored(monkeypatch):
    s = cursed_plan()
    marks.add(s, 6, "fog")
    fp = s.seats[s.fp]
    s.island_stack = [1] + [t for t in s.island_stack if t != 1]  # a tile without a totem
    s = E.apply(s, fp, "p:x.6:ccc" if "p:x.6:ccc" in every(s, fp) else "p:x.6:cf")
    s = finish_round(s)
    assert 6 in s.island and marks.has(s, 6, "fog")


@pytest.mark.parametrize("number,check", [
    (1, lambda s, b: s.temple is not None and cursed.temple(s) == 6),
    (2, lambda s, b: s.chars[b["who"]].wounds == b["wounds"] + 2),
    (3, lambda s, b: marks.has(s, 6, "fog")),
    (6, lambda s, b: marks.has(s, 6, "fog")),
])
def test_k2_5_totems_are_numbered_1_the_temple_2_two_wounds_3_to_6_fog_on_that_tile(number, check):
    from rules.robinson.resolve import totem
    s = cursed_plan()
    s.phase = "resolve"
    who = s.seat_char[s.seats[0]]
    s.island[6] = Spot(tile=4)
    s.ctx = {"space": "6"}
    s.totems = {sp: i + 1 for i, sp in enumerate([20, 21, 22, 23, 24][:number - 1])}
    before = {"who": who, "wounds": s.chars[who].wounds}
    totem(s, 6, who)
    assert s.totems[6] == number  # K0.6
    assert check(s, before)


def temple_game(seed: int = 1):
    """Round 2 of a game whose temple (totem 1) was revealed in round 1 on space 6, next to the camp."""
    s = cursed_plan(seed=seed)
    s.island[6] = Spot(tile=4)
    s.totems = {6: 1}
    cursed.place_temple(s)
    return s


def test_k2_6_the_temple_is_searched_only_in_a_later_round_once_with_explore_pawns():
    s = temple_game()
    fp = s.seats[s.fp]
    assert not any(mv.startswith("p:x.temple") for mv in every(s, fp))  # placed this round
    with pytest.raises(IllegalMove) as exc:
        E.apply(s, fp, "p:x.temple:c")
    assert "in a round after it was revealed" in str(exc.value)
    s.round = 2
    assert {"p:x.temple:c", "p:x.temple:cc", "p:x.temple:f"} <= set(every(s, fp))  # K0.11: Friday too
    marks.add(s, 6, "fog")
    assert "p:x.temple:c" not in whole(s, fp) and "p:x.temple:cc" in whole(s, fp)  # K2.6: + fog
    s.temple.searched = 1
    assert not any(mv.startswith("p:x.temple") for mv in every(s, fp))  # once per game


def test_k2_6_a_sure_temple_search_draws_mystery_cards_and_counts_as_done():
    s = temple_game()
    s.round = 2
    fp = s.seats[s.fp]
    deck_before = len(s.mystery_deck)
    s = E.apply(s, fp, "p:x.temple:cc")
    s = finish_round(s)
    assert s.temple.searched == 2 and "searches the temple" in told()
    assert len(s.mystery_deck) < deck_before or s.mystery_discard  # K0.12: cards were drawn


def test_k2_7_a_cross_is_planned_per_tile_and_several_may_be_built_in_one_round():
    s = cursed_plan()
    s.island[6] = Spot(tile=4)
    s.avail["W"] = 4
    fp = s.seats[s.fp]
    keys = {t.key for t in targets(s) if t.key.startswith("b.inv.Cross")}
    assert keys == {f"b.inv.Cross.{s.camp}", "b.inv.Cross.6"}  # the camp tile and a reached tile
    assert target(s, "b.inv.Cross.6").cost == {"W": 2}
    assert target(s, "b.inv.Cross.6").extras == 0  # one step: no distance pawn
    s = E.apply(s, fp, f"p:b.inv.Cross.{s.camp}:cc")
    other = s.seats[(s.fp + 1) % 2]
    assert f"p:b.inv.Cross.{s.camp}:cc" not in every(s, other)  # one Cross stack per tile a round
    s = E.apply(s, other, "p:b.inv.Cross.6:cc")
    s = finish_round(s)
    assert sorted(cursed.crossed(s)) == sorted([s.camp, 6]) or s.result is not None
    assert "Cross" not in s.built  # M7 `multi`: never built, planned again next round
    assert "crosses on 2 of 5 tiles" in told()


def test_k2_7_a_cross_goes_never_on_a_face_down_tile_nor_twice_on_a_tile():
    s = cursed_plan()
    s.island[6] = Spot(tile=4, face_up=False)
    s.avail["W"] = 4
    marks.add(s, s.camp, "cross")
    assert not [t for t in targets(s) if t.key.startswith("b.inv.Cross")]


def test_k2_7_the_sacred_bell_needs_hills_and_rope_and_takes_3_fog_camp_first():
    s = cursed_plan()
    assert target(s, "b.inv.SacredBell") is None
    s.island[6] = Spot(tile=4)  # Hills
    s.built.append("Rope")
    t = target(s, "b.inv.SacredBell")
    assert t is not None and t.cost == {}
    for sp in (s.camp, 0, 12, 2):
        marks.add(s, sp, "fog")
    cursed.multi_built(s, cursed.BELL, "b.inv.SacredBell")
    for _ in range(3):  # K2.7: asked one fog at a time; the first answer is the sheet's default (E31)
        s = E.apply(s, E.to_act(s)[0], s.pending["default"])
    assert marks.spaces_with(s, "fog") == [12]  # the camp's, then the nearest (2, 0 before 12)
    assert "3 fog markers are taken off" in texts(s)


def test_k2_1_crosses_on_5_tiles_win_at_the_end_of_the_round():
    s = cursed_plan()
    for sp, tile in zip((2, 6, 11, 1), (1, 3, 9, 10)):
        s.island[sp] = Spot(tile=tile)
    for sp in (7, 2, 6, 11):
        marks.add(s, sp, "cross")
    s = finish_round(s)
    assert s.result is None and s.round == 2  # 4 crosses: the game goes on
    marks.add(s, 1, "cross")
    s = finish_round(s)
    assert s.result == "won" and s.end_reason == "cursed_island_goal" and s.round == 2
    assert "crosses stand on 5 different tiles at the end of the round" in told()


def test_k2_1_the_last_round_ends_without_5_crosses_and_the_game_is_lost():
    s = cursed_plan()
    s.round = 10
    for c in s.chars.values():
        c.wounds = 0
    s.avail["F"] = 9
    s.shelter = True
    s = finish_round(s)
    assert s.result == "lost" and s.end_reason in ("cursed_island_time", "death")
    if s.end_reason == "cursed_island_time":
        assert "the last round (10) ended without crosses on 5 different tiles" in told()


def test_k2_9_a_tile_turned_face_down_loses_its_fog_and_cross():
    from rules.robinson.asks.card_choices import tile_down
    s = cursed_plan()
    s.island[6] = Spot(tile=4)
    marks.add(s, 6, "fog")
    marks.add(s, 6, "cross")
    tile_down(s, "event:Storm", 6)
    assert s.marks.get(6) is None and cursed.crossed(s) == []
    from rules.robinson.effects import apply
    apply(s, ["tile_up"], "event:Storm")  # the card's threat action turns it back up: the marks stay gone
    assert s.island[6].face_up and s.marks.get(6) is None


def test_k2_game_rules_say_the_scenario_and_its_proposed_parts_in_both_languages():
    from rules.text import tr
    en, es = tr(E.rules_help({"scenario": KEY}), "en"), tr(E.rules_help({"scenario": KEY}), "es")
    assert "Cursed Island" in en and "PROPOSED" in en and "5 different island tiles" in en
    assert "La isla maldita" in es and "PROPUESTO" in es and "5 losetas distintas" in es
    assert SCENARIOS[KEY].proposed  # the PROPOSED items are marked in the data too


def test_k2_a_game_saves_and_loads_its_marks_and_temple():
    s = temple_game()
    marks.add(s, 6, "fog")
    marks.add(s, 6, "cross")
    back = E.load(E.dump(s))
    assert back.marks == s.marks and back.temple == s.temple and E.dump(back) == E.dump(s)


def test_k0_5_k2_4_a_book_event_puts_the_fog_down_before_its_own_effect():
    s = cursed_plan()
    s.event_deck = ["event:Call of the Wild"] + s.event_deck
    s = finish_round(s)
    said = told()
    assert "Book icon: the scenario's Book effect applies first." in said
    assert said.index("Fog covers space") < said.index("danger token placed")  # K0.5: the Book first
    assert len(marks.spaces_with(s, "fog")) == 2


@pytest.mark.parametrize("players", [1, 2])
def test_k2_1_the_greedy_bot_plays_cursed_island_to_its_end(players):
    from rules.bots import choose
    s = game(players, 4, scenario=KEY)
    crosses = 0
    for _ in range(3000):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, choose(E, s, seat, "greedy", 4).id)
        crosses = max(crosses, len(cursed.crossed(s)))
    assert s.result in ("won", "lost") and s.end_reason in ("cursed_island_goal", "cursed_island_time", "death")
    assert s.round <= 10 and crosses >= 1  # K2.2; the bot reads the goal (Goal.steps) and builds crosses


def test_k2_1_the_goal_steps_are_the_cross_on_each_tile_without_one_and_wood_is_kept_for_them():
    s = cursed_plan()
    s.island[6] = Spot(tile=4)
    marks.add(s, 6, "cross")
    goal = SCENARIOS[KEY].goal
    steps = goal.steps(s)
    assert f"b.inv.Cross.{s.camp}" in steps and "b.inv.Cross.6" not in steps
    assert any(k.startswith("x.") for k in steps)  # too few tiles to cross: exploring is a step
    assert goal.stock(s) == {"W": 8}  # K2.7: 4 crosses still to build, 2 wood each
    assert SCENARIOS["castaways"].goal is None and SCENARIOS["jenny"].goal.wood_price is None

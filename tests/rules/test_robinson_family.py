"""Scenario 6, Family Robinson (docs/rules/robinson-scenarios.md K0, K6): the registry entry, the dealt
inventions and the goal, the children's food, Reclamation, wasteland totems, stacked food tokens, the
Book, Fence and Garden.  Games are edited directly to reach the case (robinson_kit)."""
from __future__ import annotations

import pytest

from rules.robinson import marks
from rules.robinson.data import EVENTS, POOL_INVENTIONS, START_INVENTIONS
from rules.robinson.scenarios import SCENARIOS, family
from rules.robinson.state import Spot

from .robinson_kit import E, IllegalMove, every, game, rest_the_rest, texts, tr

FAM = "family_robinson"


def fam(n: int = 2, seed: int = 1):
    s = game(n, seed, scenario=FAM)
    assert s.phase == "plan"  # no woodpile step (K0.3)
    return s


def run_round(s):
    """Every seat takes its first legal move until the round changes or the game ends."""
    r = s.round
    while s.result is None and s.round == r:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    return s


def test_k0_1_family_robinson_is_a_registered_scenario_that_saves_and_loads():
    assert SCENARIOS[FAM].rounds == 12  # K0.1, K6.2
    s = fam()
    back = E.load(E.dump(s))
    assert back.options.scenario == FAM and back.dealt == s.dealt and E.dump(back) == E.dump(s)
    assert '"dealt"' not in E.dump(game(2, 1))  # Castaways saves as before


def test_k6_2_weather_per_the_fan_table():
    """K6.2, K0.4: the fan table (PROPOSED in the data until the sheet is seen)."""
    w = SCENARIOS[FAM].weather
    assert w[1] == w[2] == ()
    assert w[3] == w[4] == ("rain",) and w[5] == w[6] == ("winter",)
    assert w[7] == w[8] == w[11] == w[12] == ("rain", "animals")
    assert w[9] == w[10] == ("winter", "animals")


def test_k6_3_nine_random_inventions_are_dealt_and_the_event_deck_is_6_plus_6():
    """K6.3, K0.3 (the set-up difference), K0.2 (ceil(12 / 2) of each kind of event)."""
    seen = set()
    for seed in range(6):
        s = fam(2, seed)
        assert len(s.dealt) == 9 and set(s.dealt) <= set(POOL_INVENTIONS)
        assert s.inv_board == list(START_INVENTIONS) + s.dealt
        assert len(s.inv_deck) == len(POOL_INVENTIONS) - 9
        seen.add(tuple(s.dealt))
        books = [c for c in s.event_deck if EVENTS[c[6:]].icon == "book"]
        assert len(books) == 6 and len(s.event_deck) == 12  # K0.2 (round 1 draws no event, R18)
    assert len(seen) > 1  # random


def test_k6_9_fence_and_garden_are_the_scenarios_inventions_anyone_may_build():
    s = fam()
    fp = s.seats[s.fp]
    assert not any(m.startswith("p:b.inv.Fence") for m in every(s, fp))  # needs the Shovel (K6.9)
    s.built.append("Shovel")
    s.avail["F"] = 2
    moves = every(s, fp)
    assert "p:b.inv.Fence:cc" in moves and "p:b.inv.Garden:cc" in moves


def test_k6_9_garden_gives_4_food_and_fence_a_palisade_level_with_a_shelter():
    from rules.robinson.data import INVENTIONS
    from rules.robinson.effects import apply
    s = fam()
    s.avail["F"] = 0
    apply(s, INVENTIONS["Fence"].effect, "invention:Fence")
    assert s.palisade == 0  # no Shelter: nothing (R60)
    s.shelter = True
    apply(s, INVENTIONS["Garden"].effect, "invention:Garden")
    apply(s, INVENTIONS["Fence"].effect, "invention:Fence")
    assert s.avail["F"] == 4 and s.palisade == 1


def test_k6_4_the_children_eat_first_at_night_from_round_7():
    s = fam()
    s.round = 7
    s.avail.update({"F": 1, "NF": 1})
    family.children_eat(s)
    assert s.result is None and s.avail["F"] == 0 and s.avail["NF"] == 0  # non-perishable food counts
    assert "The children eat 2 food." in texts(s)
    s.round = 6
    family.children_eat(s)  # rounds 1-6: nothing
    assert s.result is None


@pytest.mark.parametrize("rnd,need", [(7, 2), (8, 2), (9, 3), (10, 3), (11, 4), (12, 4)])
def test_k6_4_not_enough_food_for_the_children_loses_at_once(rnd, need):
    s = fam()
    s.round = rnd
    s.avail.update({"F": need - 1, "NF": 0})
    wounds = {c: ch.wounds for c, ch in s.chars.items()}
    family.children_eat(s)
    assert s.result == "lost" and s.end_reason == "family_children"  # K0.10
    assert {c: ch.wounds for c, ch in s.chars.items()} == wounds  # no unfulfilled demand
    assert "the children could not be fed" in texts(s)


def test_k6_4_the_children_eat_in_the_night_phase_before_the_characters():
    s = fam(1, 2)
    s.round = 7
    s.avail.update({"F": 0, "NF": 0})
    s = rest_the_rest(s)
    while s.result is None and s.phase != "night":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    s.avail.update({"F": 0, "NF": 0})
    while s.result is None and s.round == 7:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    assert s.result == "lost" and s.end_reason == "family_children"  # before anyone goes hungry
    assert all(not ch.dead for ch in s.chars.values())


def test_k6_7_the_book_halves_production():
    assert SCENARIOS[FAM].book == ("halfprod",)
    from rules.robinson.effects import apply
    s = fam()
    apply(s, SCENARIOS[FAM].book, "event:Book")
    assert "half" in s.prod_mods


def _explore_tile(s, sp: int, tile: int, who: str):
    from rules.robinson.data import TILES
    from rules.robinson.resolve import _explore
    from rules.robinson.state import Stack
    s.island_stack.insert(0, tile)
    s.phase = "resolve"
    st = Stack(action="explore", target=f"x.{sp}", pawns=[who, who], owners=[s.seats[0]] * 2, base=2)
    _explore(s, st, "")
    return TILES[tile]


def test_k6_8_a_totem_whose_terrain_is_seen_nowhere_else_becomes_wasteland():
    """K6.8 through K0.6's totem step; K0.13's black marker is marks.py's "wasteland" (M3, M4)."""
    from rules.robinson.data import TILES
    from rules.robinson.island import explored_terrains
    s = fam()
    who = s.seat_char[s.seats[0]]
    totem = next(t for t, x in TILES.items() if x.totem and x.terrain != "Beach")
    s.island_stack.remove(totem)
    terrain = TILES[totem].terrain
    _explore_tile(s, 3, totem, who)
    assert marks.has(s, 3, "wasteland") and terrain not in explored_terrains(s)  # M4
    assert "into wasteland" in texts(s)
    assert family.reclaim_keys(s) == ["r.3.waste"]


def test_k6_8_a_totem_with_its_terrain_in_sight_elsewhere_stays_as_it_is():
    from rules.robinson.data import TILES
    from rules.robinson.island import explored_terrains
    s = fam()
    who = s.seat_char[s.seats[0]]
    totem = next(t for t, x in TILES.items() if x.totem and x.terrain != "Beach")
    terrain = TILES[totem].terrain
    twin = next(t for t, x in TILES.items() if t != totem and x.terrain == terrain)
    s.island_stack = [t for t in s.island_stack if t not in (totem, twin)]
    s.island[6] = Spot(tile=twin)
    _explore_tile(s, 3, totem, who)
    assert not marks.has(s, 3, "wasteland") and terrain in explored_terrains(s)


def test_k6_5_reclamation_takes_two_pawns_friday_may_be_one_no_dog_no_dice():
    s = fam(1, 1)
    fp = s.seats[s.fp]
    assert not any(m.startswith("p:r.") for m in every(s, fp))  # nothing to remove: nothing to plan
    marks.add(s, 5, "wasteland")
    s.island[5] = Spot(tile=s.island_stack.pop())
    moves = every(s, fp)
    assert "p:r.5.waste:cc" in moves and "p:r.5.waste:cf" in moves and "p:r.5.waste:f" in moves
    assert not any(m.startswith("p:r.5.waste:") and "d" in m.split(":")[2] for m in moves)  # the Dog never
    assert "p:r.5.waste:ccf" not in moves  # exactly 2
    with pytest.raises(IllegalMove) as exc:
        E.apply(s, fp, "p:r.6.waste:cc")
    assert str(exc.value) == "there is no such black marker on the board to remove."
    before = E.dump(s)
    with pytest.raises(IllegalMove):
        E.apply(s, fp, "p:r.5.waste:ccd")
    assert E.dump(s) == before  # an illegal move changes nothing


def test_k6_5_reclamation_removes_the_wasteland_and_restores_an_exhausted_source():
    """K6.5, M18: its targets are the wasteland markers and the exhausted sources (E30)."""
    from rules.robinson.island import explored_terrains
    from rules.robinson.data import TILES
    s = fam(1, 1)
    fp = s.seats[s.fp]
    tile = s.island_stack.pop()
    s.island[5] = Spot(tile=tile)
    marks.add(s, 5, "wasteland")
    s = E.apply(s, fp, "p:r.5.waste:cf")  # K6.5: Friday may be one of the two
    s = rest_the_rest(s)
    said = []
    while s.phase == "resolve" and s.result is None:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
        said.append(texts(s))
    assert not marks.has(s, 5, "wasteland") and TILES[tile].terrain in explored_terrains(s)
    assert any("reclaims the wasteland on space 5" in x for x in said)
    camp = s.island[s.camp]
    src = TILES[camp.tile].sources[0]
    camp.exhausted.append(src)
    assert f"r.{s.camp}.{src}" in family.reclaim_keys(s)  # M18: exhausted sources too
    family.reclaim(s, f"r.{s.camp}.{src}", "Cook")
    assert src not in s.island[s.camp].exhausted and "no longer exhausted" in texts(s)
    family.reclaim(s, f"r.{s.camp}.{src}", "Cook")  # E3: gone since planning, nothing happens
    assert "no black marker left there" in texts(s)


def test_k0_11_reclamation_resolves_after_explore_and_before_arrange_camp():
    from rules.robinson.plan import resolution_order
    from rules.robinson.state import Stack
    s = fam(1, 1)
    who = s.seat_char[s.seats[0]]
    s.plan = [Stack(action="camp", target="camp", pawns=[who], owners=["p1"]),
              Stack(action="reclaim", target="r.5.waste", pawns=["Friday", who], owners=["p1", "p1"]),
              Stack(action="explore", target="x.3", pawns=["Friday"], owners=["p1"])]
    assert [st.action for st in resolution_order(s)] == ["explore", "reclaim", "camp"]


def test_k6_6_food_tokens_stack_on_the_camp_tile_and_each_gives_1_food():
    """K6.6 (M17)."""
    from rules.robinson.effects import apply
    from rules.robinson.island import kind, sources
    from rules.robinson.phases import produce
    s = fam()
    apply(s, ["camp_token:F"], "invention:Snare")
    apply(s, ["camp_token:F"], "invention:Snare")
    assert s.island[s.camp].tokens.count("+F") == 2
    food = sum(kind(x) == "F" for x in sources(s, s.camp))
    s.avail["F"] = 0
    produce(s)
    assert s.avail["F"] == food + (2 if food else 0)
    c = game(2, 1)  # Castaways: the duplicate is discarded (R88)
    apply(c, ["camp_token:F"], "invention:Snare")
    apply(c, ["camp_token:F"], "invention:Snare")
    assert c.island[c.camp].tokens.count("+F") == 1


def test_k6_6_food_tokens_all_move_with_the_camp():
    from rules.robinson.effects.changes import move_camp
    s = fam()
    s.island[s.camp].tokens += ["+F", "+F"]
    to = 6
    s.island[to] = Spot(tile=s.island_stack.pop(), tokens=["+F"])
    move_camp(s, to)
    assert s.island[to].tokens.count("+F") == 3


def _goal_ready(s):
    s.built += list(s.dealt)
    s.shelter = True
    s.roof = s.palisade = s.weapon = 1


def test_k6_1_the_goal_is_met_at_the_end_of_a_round():
    """K6.1, K0.9 (M8): checked at the end of the round, not at the build."""
    s = fam(1, 3)
    _goal_ready(s)
    assert family.goal_met(s)
    s.avail["F"] = 9
    s = rest_the_rest(s)
    s = run_round(s)
    assert s.result == "won" and s.end_reason == "family_robinson_goal" and s.round == 1
    assert "all nine dealt inventions are built" in texts(s)


@pytest.mark.parametrize("missing", ["invention", "roof", "pal", "wpn", "shelter"])
def test_k6_1_each_part_of_the_goal_is_needed(missing):
    s = fam(1, 3)
    _goal_ready(s)
    if missing == "invention":
        s.built.remove(s.dealt[0])  # e.g. flipped back (R59)
    elif missing == "shelter":
        s.shelter = False  # the Beach of the start has no natural shelter
    else:
        setattr(s, {"roof": "roof", "pal": "palisade", "wpn": "weapon"}[missing], 0)
    assert not family.goal_met(s)


def test_k6_1_a_natural_shelter_counts():
    from rules.robinson.data import TILES
    s = fam(1, 3)
    _goal_ready(s)
    s.shelter = False
    natural = next(t for t, x in TILES.items() if x.shelter)
    s.island[s.camp] = Spot(tile=natural)
    assert family.goal_met(s)


def test_k6_1_inventions_added_later_are_not_part_of_the_goal():
    s = fam(1, 3)
    extra = s.inv_deck[0]
    s.inv_board.append(extra)
    _goal_ready(s)
    assert extra not in s.built and family.goal_met(s)


def test_k0_10_the_last_round_ends_in_a_loss_without_the_goal():
    s = fam(1, 3)
    s.round = 12
    s.avail.update({"F": 30, "W": 9})
    s.shelter, s.roof, s.palisade, s.weapon = True, 3, 2, 3  # the weather hurts nobody; the goal lacks the 9
    s = rest_the_rest(s)
    s = run_round(s)
    assert s.result == "lost" and s.end_reason == "family_robinson_time"
    assert "the last round (12) ended before the family's camp was complete" in texts(s)


def test_k6_game_rules_say_the_scenario_and_its_proposed_parts_in_both_languages():
    en, es = tr(E.rules_help({"scenario": FAM}), "en"), tr(E.rules_help({"scenario": FAM}), "es")
    assert "Family Robinson" in en and "PROPOSED" in en and "Reclamation" in en and "children" in en
    assert "La familia Robinson" in es and "PROPUESTO" in es and "Recuperación" in es
    assert len(en) < 4000 and len(es) < 4000  # one embed


@pytest.mark.parametrize("locale, said", [("en", "Family Robinson begins"), ("es", "Comienza La familia Robinson")])
def test_k0_1_the_set_up_line_names_family_robinson(locale, said):
    s = E.setup(["a"], 3, {"scenario": FAM})
    assert tr(s.events[0], locale).startswith(said)


def test_k6_10_the_scenario_tokens_replace_castaways_four():
    """K6.10, K0.7: the scenario's four discovery tokens replace Castaways' four."""
    s = fam(2, 3)
    for tok in ("Seeds", "Plough", "Old tools", "Gunpowder"):
        assert s.disc_stack.count(tok) == 1
    assert not {"Castaway Herbs", "Oil", "Pirate Sabre", "Medallion"} & set(s.disc_stack)
    assert "Medallion" in game(2, 3).disc_stack  # Castaways keeps its own


def test_k6_10_seeds_give_1_non_perishable_food_on_arrival():
    from rules.robinson.effects import arrive
    s = fam()
    s.avail["NF"] = 0
    arrive(s, ["Seeds"])
    assert s.avail["NF"] == 1 and "Seeds" not in s.tokens


def test_k6_10_the_plough_removes_a_black_marker_like_reclamation():
    s = fam(1, 1)
    fp = s.seats[s.fp]
    s.tokens.append("Plough")
    assert not any(mv.startswith("tk:Plough") for mv in every(s, fp))  # nothing to remove
    s.island[5] = Spot(tile=s.island_stack.pop())
    marks.add(s, 5, "wasteland")
    assert "tk:Plough:r.5.waste" in every(s, fp)
    s = E.apply(s, fp, "tk:Plough:r.5.waste")
    assert not marks.has(s, 5, "wasteland") and "Plough" not in s.tokens
    assert "the Plough reclaims the wasteland on space 5." in texts(s)  # the token named as "the Dog" is


def test_k6_10_the_old_tools_build_rope_pot_or_knife_at_once_and_free():
    s = fam(1, 1)
    fp = s.seats[s.fp]
    s.tokens.append("Old tools")
    s.built.append("Rope")
    moves = [mv for mv in every(s, fp) if mv.startswith("tk:Old_tools")]
    assert moves == ["tk:Old_tools:Pot", "tk:Old_tools:Knife"]  # the Rope is built already
    wood, weapon = s.avail["W"], s.weapon
    s = E.apply(s, fp, "tk:Old_tools:Knife")
    assert "Knife" in s.built and s.weapon == weapon + 1 and s.avail["W"] == wood  # its effect now, no cost
    assert "Old tools" not in s.tokens


def test_k6_10_gunpowder_rerolls_the_red_die_once_and_the_new_face_stands():
    from rules.robinson.windows import answer, open_window
    s = fam(1, 1)
    s.phase = "weather"
    s.tokens.append("Gunpowder")
    assert open_window(s, ["rain1", "beast"])
    assert s.pending["kind"] == "wxwin"
    fp = s.seats[s.fp]
    assert "wx:gunpowder" in every(s, fp)
    assert next(mv for mv in E.legal_moves(s, fp) if mv.id == "wx:gunpowder").barrier  # it rolls a die
    before = s.rng.state
    closed = answer(s, "gunpowder")
    faces = closed[0] if closed else s.pending["faces"].split(";")
    assert "Gunpowder" not in s.tokens and s.rng.state != before
    assert faces[0] == "rain1" and faces[1] in ("beast", "palisade", "food", "blank")
    assert "the red die is rolled again" in texts(s)
    assert not open_window(s, ["rain1", "blank"]) or "wx:gunpowder" not in every(s, fp)  # once

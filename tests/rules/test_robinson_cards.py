"""Cards: the rulebook's event chain X1 (R19), adventure cards R43/R90 (§3.11, §3.13),
Mystery draws R92/R93, Friday E23, the night outside R74/E38, abilities R83 (§3.10),
items and tokens R87 (§3.7, §3.8, S6)."""
from __future__ import annotations

from rules.robinson import adventures, events as EV, phases
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, confirm_all, ids, planning, play, texts


def test_x1_event_chain_of_two_adventure_cards():
    s = planning(3)
    s.shelter, s.roof = True, 3
    s.event_deck = ["adv_gather:Weather Breakdown", "adv_gather:Nice Surprise", "event:Fight", "event:Termites"]
    s.holders = {"adv_gather:Weather Breakdown": "Cook", "adv_gather:Nice Surprise": "Cook"}
    EV.event_phase(s)
    assert "storm" in s.weather_tokens  # Weather Breakdown's event half
    assert s.roof == 2  # Nice Surprise: lose half of 3, rounded down (E5)
    assert s.threat[1] == "event:Fight" and s.event_deck == ["event:Termites"]
    assert "adv_gather:Nice Surprise" in s.adv_discard["gather"]


def _resolve_with_adventure(card: str, action: str = "build"):
    s = planning(3)
    s.avail.update(W=5)
    s.action_tokens["build"] = ["ADV"]  # R43: the next Build draws a card whatever the dice
    s.adv_decks["build"].remove(card)
    s.adv_decks["build"].insert(0, card)
    s = play(s, ("p1", "p:b.wpn:cc"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:rest:c"),
             ("p3", "p:rest:c"))
    s = confirm_all(s)
    return E.apply(s, "p1", "go")


def test_r43_adventure_token_draws_a_card_even_on_sure_success():
    s = _resolve_with_adventure("adv_build:Broken Lever")
    assert s.weapon == 0  # +1 from the build, -1 from Broken Lever
    assert s.action_tokens["build"] == [] and "adv_build:Broken Lever" in s.adv_discard["build"]


def test_r90_a_choice_waits_for_the_resolvers_seat_and_ev_shuffles_in():
    s = _resolve_with_adventure("adv_build:Savings")
    assert E.to_act(s) == ["p1"] and set(ids(s, "p1")) == {"adv:0", "adv:1"}
    discard = E.apply(s, "p1", "adv:0")
    assert "adv_build:Savings" in discard.adv_discard["build"] and discard.phase == "resolve"
    take = E.apply(s, "p1", "adv:1")
    assert take.future["W"] == 2 and "adv_build:Savings" in take.event_deck
    assert take.holders["adv_build:Savings"] == s.seat_char["p1"]


def test_s3_13_special_wound_marker_and_its_event_half():
    s = _resolve_with_adventure("adv_build:Nasty Wound")
    who = s.seat_char["p1"]
    assert s.chars[who].special == ["arm"] and "adv_build:Nasty Wound" in s.event_deck
    s.event_deck = ["adv_build:Nasty Wound", "event:Fight"]
    before = s.chars[who].wounds
    s.phase = "event"
    EV.event_phase(s)
    assert s.chars[who].special == [] and s.chars[who].wounds == before + 2 + 1  # 2, then Fight's 1


def test_e23_friday_meets_an_adventure_with_a_wound():
    s = planning(2)
    s.action_tokens["explore"] = ["ADV"]
    adventures.adventure(s, "explore", "Friday", s.seats[0], face=False)
    assert s.chars["Friday"].wounds == 1 and s.action_tokens["explore"] == []


def test_r74_e38_lost_night_outside_and_next_round_start():
    s = planning(3)
    who = s.seat_char["p1"]
    s.phase = "resolve"
    s.actor = who
    s.shelter = True
    s.avail["F"] = 5
    s.adv_decks["explore"].remove("adv_explore:Lost")
    s.adv_decks["explore"].insert(0, "adv_explore:Lost")
    s.ctx = {"space": "2"}
    adventures.adventure(s, "explore", who, "p1", face=True)
    assert s.chars[who].out and s.delayed == [f"{who}|M:1"]
    s.queue = []
    s.phase = "night"
    phases.night_phase(s)  # outside: nothing in the supply -> 2 wounds, plus the no-shelter wound
    assert s.chars[who].wounds == 3 and not s.chars[who].out and s.morale == 1


def test_r74_e38_a_natural_shelter_on_the_tile_spares_the_no_shelter_wound():
    s = planning(3)
    who = s.seat_char["p1"]
    s.phase, s.actor, s.shelter = "resolve", who, False
    s.island[2] = Spot(tile=2)  # Mountains with a natural shelter (E38)
    s.adv_decks["explore"].remove("adv_explore:Lost")
    s.adv_decks["explore"].insert(0, "adv_explore:Lost")
    s.ctx = {"space": "2"}
    adventures.adventure(s, "explore", who, "p1", face=True)
    s.queue, s.phase = [], "night"
    s.avail["F"] = 5
    phases.night_phase(s)
    if s.phase == "night":  # space 2 is next to the camp: the FP's seat may move it (R72 step 2)
        s = E.apply(s, s.seats[s.fp], "stay")
    assert s.chars[who].wounds == 2  # 2 for no food in the supply, none for the shelter
    assert all(s.chars[c].wounds == 1 for c in s.seat_char.values() if c != who)  # the camp has none


def test_r92_mystery_draw_resolves_to_quota_and_sets_others_aside():
    s = planning(3)
    s.mystery_deck = ["mystery:Bite", "mystery:Cave with Furs", "mystery:Barrel"]
    who = s.seat_char["p1"]
    adventures.mystery(s, 2, {"treasure": 2}, who, stop_early=False)
    assert s.avail["Fur"] == 2 and s.avail["NF"] == 2 and s.chars[who].wounds == 0
    assert s.mystery_deck == ["mystery:Bite"]


def test_r93_draw_a_treasure():
    s = planning(3)
    s.mystery_deck = ["mystery:Snake", "mystery:Old Rifle"]
    adventures.treasure(s, s.seat_char["p1"])
    assert s.items.get("Old Rifle") == 1 and s.mystery_deck == ["mystery:Snake"]


def with_char(name: str):
    for seed in range(40):
        s = planning(3, seed)
        seat = next((x for x, c in s.seat_char.items() if c == name), None)
        if seat is not None:
            return s, seat
    raise AssertionError(name)


def test_r83_abilities_cost_determination_once_per_round():
    s, cook_seat = with_char("Cook")
    s.chars["Cook"].det = 6
    before = s.avail["F"]
    s = E.apply(s, cook_seat, "ab:stone_soup")
    assert s.avail["F"] == before + 1 and s.chars["Cook"].det == 3
    assert "ab:stone_soup" not in ids(s, cook_seat)


def test_r87_s6_items_and_castaway_tokens_in_the_planning_window():
    s = planning(3)
    s.items = {"Biscuits": 2, "Bible": 2}
    s.tokens = ["Oil", "Pirate Sabre", "Medallion"]
    nf = s.avail["NF"]
    s = E.apply(s, "p2", "it:Biscuits")
    assert s.avail["NF"] == nf + 1 and s.items["Biscuits"] == 1
    s = E.apply(s, "p3", "tk:Oil")
    assert s.pile == [1, 0, 0, 0, 0]  # S7: Oil fills stage 1 and never spills (1 wood lost)
    s = E.apply(s, "p1", "tk:Pirate_Sabre")
    assert s.weapon == 1
    who, other = s.seat_char["p2"], s.seat_char["p3"]
    s = E.apply(s, "p1", "tk:Medallion")  # S6: 3 D shared freely, one at a time by the user's seat
    assert E.to_act(s) == ["p1"] and f"md:{other}" in ids(s, "p1")
    s = play(s, ("p1", f"md:{who}"), ("p1", f"md:{other}"), ("p1", f"md:{who}"))
    assert s.chars[who].det == 2 and s.chars[other].det == 1 and s.tokens == [] and s.pending is None


def soldier_hunting_a_fox(**items):
    """The Soldier's hunt stack confirmed (the others rest), waiting for the Soldier's `go`."""
    s, soldier = with_char("Soldier")
    s.hunt_deck = ["beast:Fox"]
    s.items = dict(items)
    s.chars["Soldier"].det = 3
    s = play(s, (soldier, "p:hunt:cc"))
    for seat in s.seats:
        if seat != soldier:
            s = play(s, (seat, "p:rest:c"), (seat, "p:rest:c"))
    return confirm_all(s), soldier


def test_frenzy_adds_three_to_the_soldiers_hunt():
    s, soldier = soldier_hunting_a_fox()
    assert "go:frenzy" in ids(s, soldier)
    s = E.apply(s, soldier, "go:frenzy")
    assert s.chars["Soldier"].wounds == 0 and s.future["F"] == 2


def test_sabre_treasure_plus_three_in_a_hunt_once_a_round_for_one_wound():
    """§3.13 Sabre (kept treasure): once per round in a Hunt, Weapon +3 and the user takes 1 wound."""
    s, soldier = soldier_hunting_a_fox(Sabre=99)
    assert "go:it.Sabre" in ids(s, soldier)
    s = E.apply(s, soldier, "go:it.Sabre")
    assert s.chars["Soldier"].wounds == 1 and s.future["F"] == 2 and s.items["Sabre"] == 99


def test_r53_exploring_a_beast_tile_feeds_the_hunting_deck():
    s = planning(3)
    s.island_stack = [1] + [t for t in s.island_stack if t != 1]  # tile 1 has a beast icon
    s = play(s, ("p1", "p:x.6:cc"), ("p2", "p:rest:c"), ("p2", "p:rest:c"), ("p3", "p:rest:c"),
             ("p3", "p:rest:c"))
    s = confirm_all(s)
    s = E.apply(s, "p1", "go")
    assert len(s.hunt_deck) == 1 and len(s.beast_deck) == 15 and s.island[6] == Spot(tile=1)


def test_e31_the_fp_chooses_an_event_cards_option_before_it_resolves():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.event_deck = ["event:Unusually Cold Night", "event:Fight"]
    fp = s.seats[s.fp]
    s = E.apply(s, fp, "draw")
    assert E.to_act(s) == [fp] and ids(s, fp) == ["ev:0", "ev:1"]
    s.avail["W"] = 5
    wood = E.apply(s, fp, "ev:0")
    assert wood.avail["W"] == 5 - 2 + 1 and wood.threat[1] == "event:Unusually Cold Night"  # +1 Production
    hurt = E.apply(s, fp, "ev:1")
    assert hurt.avail["W"] == 5 + 1 and all(hurt.chars[c].wounds == 1 for c in hurt.seat_char.values())


def test_e15_roof_or_palisade_is_the_fps_choice():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.shelter, s.roof, s.palisade = True, 2, 2
    s.event_deck = ["event:Flying Surprise"]
    fp = s.seats[s.fp]
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["ev:0", "ev:1"]
    s = E.apply(s, fp, "ev:1")
    assert (s.roof, s.palisade) == (2, 1)


def test_r42_reroll_window_after_a_roll_before_any_die_applies():
    s, carp = with_char("Carpenter")
    s.chars["Carpenter"].det = 4
    s.avail.update(W=5)
    s = play(s, (carp, "p:b.wpn:c"), (carp, "p:rest:c"))
    for seat in s.seats:
        if seat != carp:
            s = play(s, (seat, "p:rest:c"), (seat, "p:rest:c"))
    s = confirm_all(s)
    s = E.apply(s, carp, "go")  # the Build rolls first (R39)
    assert E.to_act(s) == [carp] and set(ids(s, carp)) == {"rr:0", "rr:1", "rr:2", "rr:no"}
    faces = list(s.queue[0].faces)
    kept = E.apply(s, carp, "rr:no")
    assert (kept.pending or {}).get("kind") != "reroll" and kept.chars["Carpenter"].det in (4, 6)  # fail: +2 D
    again = E.apply(s, carp, "rr:1")
    assert again.chars["Carpenter"].det in (2, 4) and "craftsmanship" in again.chars["Carpenter"].used
    assert (again.pending or {}).get("kind") != "reroll" and len(faces) == 3  # once per round: closed


def test_r92_the_drawer_goes_on_or_stops_after_each_resolved_card():
    s = planning(3)
    s.phase = "resolve"
    s.mystery_deck = ["mystery:Bite", "mystery:Cave with Furs", "mystery:Barrel", "mystery:Snake"]
    who = s.seat_char["p2"]
    adventures.mystery(s, 3, {"treasure": 3}, who)
    assert s.future["Fur"] == 2 and E.to_act(s) == ["p2"] and ids(s, "p2") == ["my:go", "my:stop"]
    assert all(mv.barrier for mv in E.legal_moves(s, "p2") if mv.id.startswith("my:"))
    s = E.apply(s, "p2", "my:go")  # Bite is set aside, Barrel resolved; one more may come
    assert s.future["NF"] == 2 and s.pending["resolved"] == "2"
    s = E.apply(s, "p2", "my:stop")  # the set-aside Bite goes back into the deck
    assert s.pending is None and sorted(s.mystery_deck) == ["mystery:Bite", "mystery:Snake"]
    assert "stops" in texts(s)


def test_ruined_hut_the_resolvers_seat_chooses_the_item():
    """§3.11 Ruined Hut (Explore): one of Knife, Rope, Shovel, Medicine not built yet, by choice."""
    s = planning(3)
    s.phase, s.queue = "resolve", []
    who = s.seat_char["p2"]
    s.built = ["Knife"]
    s.pending = {"card": "adv_explore:Ruined Hut", "actor": who, "seat": "p2"}
    s = E.apply(s, "p2", "adv:1")
    assert E.to_act(s) == ["p2"] and ids(s, "p2") == ["rh:Rope", "rh:Shovel", "rh:Medicine"]
    s = E.apply(s, "p2", "rh:Medicine")
    assert "Medicine" in s.built and "adv_explore:Ruined Hut" in s.event_deck and s.phase != "resolve"


def test_e20_storm_glass_before_the_event_draw():
    s = planning(2)
    s.phase, s.items = "event", {"Storm Glass": 2}
    fp_seat = s.seats[s.fp]
    top = s.event_deck[0]
    assert ids(s, fp_seat) == ["draw", "it:Storm_Glass"]
    s = E.apply(s, fp_seat, "it:Storm_Glass")
    assert E.to_act(s) == [fp_seat] and ids(s, fp_seat) == ["pk:0", "pk:1"]
    s = E.apply(s, fp_seat, "pk:1")  # to the bottom of the deck; then the draw
    assert s.event_deck[-1] == top and s.items["Storm Glass"] == 1 and ids(s, fp_seat)[0] == "draw"


def test_signs_of_fire_the_resolvers_seat_chooses_the_source():
    """§3.11 Signs of Fire: a source of the explored tile is exhausted, chosen when there are two."""
    from rules.robinson.island import sources
    s = planning(3)
    s.phase, s.queue = "resolve", []
    sp = next(x for x in s.island if len(set(sources(s, x))) > 1)
    s.ctx["space"] = str(sp)
    adventures.choose(s, "adv_explore:Signs of Fire", s.seat_char["p3"], 0)
    srcs = s.pending["sources"].split(";")
    assert E.to_act(s) == ["p3"] and ids(s, "p3") == [f"sf:{x}" for x in srcs]
    s = E.apply(s, "p3", f"sf:{srcs[1]}")
    assert srcs[1] in s.island[sp].exhausted and srcs[0] not in s.island[sp].exhausted


def test_helmet_from_the_next_round_cancels_one_wound_a_round_in_a_hunt_or_from_the_beast_face():
    from rules.robinson.effects.adventure_codes import OPS
    from rules.robinson.combat import fight
    s = planning(2)
    who = s.seat_char["p1"]
    OPS["keep"](s, "Helmet:99", "mystery:Helmet", who)
    fight(s, who, 3, 0, 0, 0, hunt=True)  # found this round: not yet (§3.13)
    assert s.chars[who].wounds == 3
    s.round += 1
    fight(s, who, 3, 0, 0, 0, hunt=True)
    fight(s, who, 3, 0, 0, 0, hunt=True)  # once a round
    assert s.chars[who].wounds == 3 + 2 + 3
    s.round, s.flags, s.shelter = s.round + 1, [], True
    s.chars[who].wounds = 0
    phases.weather_effects(s, ["beast"])  # R70: 3 wounds, the Helmet cancels 1 (for the first hit)
    hits = sorted(s.chars[c].wounds for c in s.seat_char.values())
    assert hits == [2, 3]


def test_tools_inspection_the_resolvers_seat_marks_the_items():
    """§3.11 Tools Inspection: 2 built items are marked, chosen when more are built; its event half
    flips the marked ones back (R59)."""
    s = planning(3)
    s.phase, s.queue = "resolve", []
    s.built = ["Knife", "Fire", "Rope"]
    adventures.choose(s, "adv_build:Tools Inspection", s.seat_char["p2"], 0)
    assert E.to_act(s) == ["p2"] and ids(s, "p2") == ["mk:Knife", "mk:Fire", "mk:Rope"]
    s = play(s, ("p2", "mk:Knife"), ("p2", "mk:Rope"))
    assert s.mem["adv_build:Tools Inspection"] == ["Knife", "Rope"] and s.phase != "resolve"  # on it goes

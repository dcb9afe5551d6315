"""Prompts tied to an action (R97, E15, E31): a threat reward's choice and Council's card for the
resolver's seat (R48, §3.9), Fast Work's extra Build (§3.11, R35-R37), the Shortcut's tile at the end
of the Action phase (§3.6, R46), weapon items and Frenzy before a fight outside a Hunt (R51, R52,
E20, §3.5), also in the middle of a Mystery draw (R92); the bot answers them."""
from __future__ import annotations

from rules.bots import choose
from rules.robinson import adventures, phases
from rules.robinson.plan import free_pawns
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, confirm_all, ids, planning, play, texts


def everyone_else_rests(s):
    for seat in s.seats:
        while free_pawns(s, seat).get("c"):
            s = E.apply(s, seat, "p:rest:c")
    return confirm_all(s)


def test_e15_a_threat_rewards_choice_belongs_to_the_resolvers_seat():
    s = planning(3)
    s.threat = [None, "event:Storm Damage"]  # 1 +1W -> Roof or Pal +1
    s.shelter, s.roof, s.palisade = True, 1, 1
    s.avail.update(W=3)
    s = everyone_else_rests(play(s, ("p2", "p:thr.1:c")))
    s = E.apply(s, "p2", "go")
    assert E.to_act(s) == ["p2"] and ids(s, "p2") == ["ev:0", "ev:1"] and (s.roof, s.palisade) == (1, 1)
    s = E.apply(s, "p2", "ev:1")
    assert (s.roof, s.palisade) == (1, 2) and s.pending is None and s.threat == [None, None]


def test_council_the_resolvers_seat_moves_any_invention_deck_card_to_the_board():
    s = planning(3)
    s.threat = [None, "event:Council"]  # 1 -> one invention-deck card to the board, D
    s = everyone_else_rests(play(s, ("p2", "p:thr.1:c")))
    deck = list(s.inv_deck)
    s = E.apply(s, "p2", "go")
    assert ids(s, "p2") == [f"cn:{c}" for c in deck] and s.chars["Carpenter"].det == 0
    s = E.apply(s, "p2", f"cn:{deck[-1]}")
    assert s.inv_board[-1] == deck[-1] and deck[-1] not in s.inv_deck and s.inv_deck == deck[:-1]
    assert s.chars["Carpenter"].det == 1  # the D after the choice (cont.py)


def fast_work_round(*extra):
    """p1 (Explorer) builds a Weapon with 2 pawns and an adventure token on Build: Fast Work."""
    s = planning(3)
    s.avail.update(W=9)
    s.shelter = True
    s.action_tokens["build"] = ["ADV"]  # R43
    s.adv_decks["build"].remove("adv_build:Fast Work")
    s.adv_decks["build"].insert(0, "adv_build:Fast Work")
    s = everyone_else_rests(play(s, ("p1", "p:b.wpn:cc"), *extra))
    s = E.apply(s, "p1", "go")
    assert ids(s, "p1") == ["adv:0", "adv:1"]
    return E.apply(s, "p1", "adv:1")


def test_fast_work_the_resolvers_seat_names_the_extra_build_no_default_weapon():
    s = fast_work_round(("p2", "p:b.inv.Shovel:cc"))
    assert E.to_act(s) == ["p1"] and s.weapon == 1
    legal = ids(s, "p1")
    assert {"fw:b.roof.w", "fw:b.pal.w", "fw:b.wpn"} <= set(legal)
    assert "fw:b.roof.f" not in legal  # no fur to pay with
    assert "fw:b.shelter.w" not in legal  # built already (R35)
    assert "fw:b.inv.Shovel" not in legal  # p2's Shovel is still to resolve this round (R35)
    assert "fw:b.inv.Snare" not in legal  # the Carpenter's own invention (R58)
    wood = s.avail["W"]
    s = E.apply(s, "p1", "fw:b.roof.w")
    assert s.roof == 1 and s.weapon == 1 and s.avail["W"] == wood - 3  # R56: 3 players
    assert "adv_build:Fast Work" in s.event_deck  # →EV once the choice is made


def test_fast_work_with_nothing_payable_does_nothing():
    s = planning(3)
    s.phase, s.actor, s.queue = "resolve", "Explorer", []
    s.avail.update(W=0, Fur=0, F=0, NF=0)
    s.built, s.inv_board = [], []  # nothing free is ready (personal and scenario ones need items)
    from rules.robinson.effects import apply
    apply(s, ["fast_work"], "adv_build:Fast Work", "Explorer")
    assert s.pending is None and s.weapon == 0 and "no Build target" in texts(s)


def test_s4_shortcut_the_explorers_seat_picks_the_tile_before_the_phase_ends():
    s = planning(3)
    explorer = next(x for x, c in s.seat_char.items() if c == "Explorer")
    s.island[6], s.island[2] = Spot(tile=4), Spot(tile=5)
    s.phase, s.queue, s.future_built = "resolve", [], ["Shortcut"]
    s.future["W"] = 2
    phases.end_action(s)
    assert E.to_act(s) == [explorer] and ids(s, explorer) == ["sc:2", "sc:6"]
    assert s.phase == "resolve" and s.future["W"] == 2  # R46 waits for the answer
    s = E.apply(s, explorer, "sc:6")
    assert "shortcut" in s.island[6].tokens and s.placed["Shortcut"] == "6:shortcut"
    assert s.phase != "resolve" and s.future["W"] == 0


def test_r51_r52_e20_weapon_items_before_an_event_phase_fight():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.event_deck = ["adv_build:Howling in the Bushes", "event:Fight"]  # event half: FP fights the top beast
    s.holders = {"adv_build:Howling in the Bushes": "Carpenter"}
    s.beast_deck.remove("beast:Tiger")
    s.beast_deck.insert(0, "beast:Tiger")  # strength 6, weapon loss 2
    s.items, s.weapon = {"Pistol": 2, "Old Rifle": 1}, 2
    fp, who = s.seats[s.fp], s.seat_char[s.seats[s.fp]]
    s = E.apply(s, fp, "draw")
    assert E.to_act(s) == [fp] and ids(s, fp) == ["fb:go", "fb:Pistol", "fb:Old_Rifle"]
    assert s.chars[who].wounds == 0 and s.event_deck == ["event:Fight"]  # the fight waits for the answer
    s = E.apply(s, fp, "fb:Pistol")
    assert ids(s, fp) == ["fb:go", "fb:Old_Rifle"] and s.items["Pistol"] == 1  # once per fight each
    s = E.apply(s, fp, "fb:Old_Rifle")  # weapon 2 + 6: no wound; loss 2 from the track
    assert "Old Rifle" not in s.items and s.weapon == 0 and s.chars[who].wounds == 1  # only Fight's wound
    assert s.threat[1] == "event:Fight"


def test_r94_dangerous_nights_beast_with_a_weapon_item_before_the_draw():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.event_deck = ["event:Sunny Beach"]
    s.set_aside, s.items, s.weapon = "beast:Bear", {"Surprising Discovery": 1}, 1
    fp, who = s.seats[s.fp], s.seat_char[s.seats[s.fp]]
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["fb:go", "fb:Surprising_Discovery"] and s.event_deck == ["event:Sunny Beach"]
    s = E.apply(s, fp, "fb:go")  # no bonus: 6 - 1 = 5 wounds
    assert s.chars[who].wounds == 5 and s.items == {"Surprising Discovery": 1} and s.event_deck == []


def test_frenzy_in_the_soldiers_own_action_against_an_adventure_beast():
    s = planning(3)
    soldier = next(x for x, c in s.seat_char.items() if c == "Soldier")
    s.phase, s.actor, s.queue, s.items = "resolve", "Soldier", [], {}
    s.chars["Soldier"].det = 3
    adventures.choose(s, "adv_build:Predator in the Camp", "Soldier", 0)  # fight 4/0/0/0
    assert E.to_act(s) == [soldier] and ids(s, soldier) == ["fb:go", "fb:frenzy"]
    s = E.apply(s, soldier, "fb:frenzy")
    assert s.chars["Soldier"].wounds == 1 and s.chars["Soldier"].det == 0  # 4 - (0 + 3)
    assert "adv_build:Predator in the Camp" in s.event_deck


def test_r92_a_fight_inside_a_mystery_draw_then_the_draw_goes_on():
    s = planning(3)
    who = s.seat_char["p2"]
    s.phase, s.actor, s.queue, s.items = "resolve", who, [], {"Pistol": 1}
    s.mystery_deck = ["mystery:Furious Tiger", "mystery:Barrel", "mystery:Snake"]
    adventures.mystery(s, 2, {"creature": 1, "treasure": 1}, who)
    assert ids(s, "p2") == ["fb:go", "fb:Pistol"]
    s = E.apply(s, "p2", "fb:Pistol")  # 4 vs 0 + 3: 1 wound; then R92's go-on-or-stop
    assert s.chars[who].wounds == 1 and ids(s, "p2") == ["my:go", "my:stop"]
    assert "mystery:Furious Tiger" in s.mystery_discard
    s = E.apply(s, "p2", "my:go")  # Barrel (+2 NF); the queue is empty: the Action phase ends
    assert "Mystery card: Barrel" in texts(s) and s.mystery_deck == ["mystery:Snake"] and s.phase != "resolve"


def test_the_bot_answers_the_new_prompts_sensibly():
    s = planning(3)
    s.phase, s.round, s.event_deck, s.threat = "event", 2, ["event:Storm Damage"], [None, None]
    s.shelter, s.roof, s.palisade = True, 4, 3
    fp = s.seats[s.fp]
    s = E.apply(s, fp, "draw")
    assert choose(E, s, fp, "greedy", 1).id == "ev:1"  # loses 1 Palisade rather than 2 Roof
    s = planning(3)
    s.phase, s.round, s.event_deck, s.threat = "event", 2, ["event:Fight"], ["event:Natural Dam Breaks", None]
    s.built = ["Fire", "Knife", "Map"]
    s = E.apply(s, fp, "draw")
    first = choose(E, s, fp, "greedy", 1).id
    s = E.apply(s, fp, first)
    assert "Fire" in s.built and choose(E, s, fp, "greedy", 1).id != "fl:Fire"
    s = planning(3)
    s.phase, s.round, s.event_deck = "event", 2, ["event:Fight"]
    s.set_aside, s.items, s.weapon = "beast:Gorilla", {"Pistol": 2}, 1
    s = E.apply(s, fp, "draw")
    assert choose(E, s, fp, "greedy", 1).id == "fb:Pistol"  # 5 wounds to spare 3 of


def test_e28_a_weapon_item_committed_at_planning_meets_a_threats_weapon_requirement():
    s = planning(3)
    s.threat = ["event:Night Howling", "event:Call of the Wild"]  # both need Weapon 2 (§3.9)
    s.items, s.weapon = {"Pistol": 1}, 0
    assert [i for i in ids(s, "p2") if i.startswith("p:thr")] == ["p:thr.0.xPistol:c", "p:thr.1.xPistol:c"]
    label = next(mv.label for mv in E.legal_moves(s, "p2") if mv.id == "p:thr.1.xPistol:c")
    assert label.startswith("Threat action on Call of the Wild with Pistol")
    s = play(s, ("p2", "p:thr.1.xPistol:c"))
    assert not [i for i in ids(s, "p3") if i.startswith("p:thr")]  # its one use is tied up
    s = everyone_else_rests(s)
    s = E.apply(s, "p2", "go")
    assert "Pistol" not in s.items and s.future["F"] == 1 and s.threat == ["event:Night Howling", None]
    assert "Pistol is used." in texts(s)


def test_r37_fast_work_no_roof_on_a_shelter_built_this_round():
    s = planning(3)
    s.avail.update(W=12)
    s.action_tokens["build"] = ["ADV"]
    s.adv_decks["build"].remove("adv_build:Fast Work")
    s.adv_decks["build"].insert(0, "adv_build:Fast Work")
    s = everyone_else_rests(play(s, ("p1", "p:b.shelter.w:cc")))
    s = E.apply(s, "p1", "go")  # the Shelter is built, then Fast Work comes up
    s = E.apply(s, "p1", "adv:1")
    assert s.shelter and "fw:b.wpn" in ids(s, "p1")
    assert not [i for i in ids(s, "p1") if i.startswith(("fw:b.roof", "fw:b.pal", "fw:b.shelter"))]

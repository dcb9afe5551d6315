"""Edge rulings of the sheet (§4) on payments, wounds and decks: E1-E4, E7-E13."""
from __future__ import annotations

from rules.robinson import combat, phases, resolve
from rules.robinson.data import CHARACTERS
from rules.robinson.effects import apply as apply_codes, exhaust
from rules.robinson.state import Stack
from tests.rules.robinson_kit import E, cast, ids, planning, play, rest_the_rest, texts


def on_top(s, card: str) -> None:
    deck = s.adv_decks[card.partition(":")[0][4:]]
    deck.remove(card)
    deck.insert(0, card)


def test_e1_what_an_action_just_gained_cannot_pay_for_anything_in_the_same_phase():
    """E1 (R45): a threat reward's wood waits in Future, so Fast Work cannot pay a Build with it."""
    s = planning(3)
    s.avail.update(W=1)  # exactly the Weapon's wood, tied up at planning (R36)
    s.built, s.inv_board = [], []  # no free invention is ready: only wood could pay an extra Build
    s.threat = [None, "wreck:Captain's Chest"]  # 1 pawn: +1 wood
    s.action_tokens["build"] = ["ADV"]
    on_top(s, "adv_build:Fast Work")
    s = rest_the_rest(play(s, ("p2", "p:thr.1.1:c"), ("p1", "p:b.wpn:cc")))
    s = E.apply(s, "p2", "go")  # the threat resolves first (R39): its wood goes to Future
    assert s.future["W"] == 1 and s.avail["W"] == 0
    s = E.apply(s, "p1", "go")
    s = E.apply(s, "p1", "adv:1")  # Fast Work: one more Build paid from Available now
    assert s.pending is None and "no Build target" in texts(s) and s.weapon == 1
    assert s.future["W"] == 1  # untouched until the end of the Action phase


def test_e2_adventure_face_and_token_on_one_action_draw_one_card():
    s = planning(3)
    s.phase, s.queue = "resolve", []
    s.action_tokens["build"] = ["ADV"]
    on_top(s, "adv_build:Broken Lever")  # one option, no prompt: Weapon -1
    deck = list(s.adv_decks["build"])
    st = Stack(action="build", target="b.wpn", pawns=["Explorer"], owners=["p1"], pay={"W": 1},
               faces=["blank", "success", "adv"])  # an adventure face as well as the token
    s.actor = "Explorer"
    resolve.ACT["build"](s, st, "")
    assert s.adv_decks["build"] == deck[1:]  # one card only (R43)
    assert s.adv_discard["build"] == ["adv_build:Broken Lever"] and s.action_tokens["build"] == []
    assert texts(s).count("Broken Lever") == 1


def test_e3_an_invention_whose_required_item_is_lost_before_it_resolves_is_skipped():
    """E3: Broken Tool flips the Knife back during an earlier Build; the Bow (Rope, Knife) is then
    skipped: no dice, no item, its wood comes back."""
    s = cast("Explorer", "Carpenter", "Soldier")
    s.built = ["Knife", "Rope"]
    s.inv_board = [x for x in s.inv_board if x != "Bow"] + ["Bow"]
    s.avail.update(W=2)
    s.action_tokens["build"] = ["ADV"]
    on_top(s, "adv_build:Broken Tool")
    s = rest_the_rest(play(s, ("p1", "p:b.wpn:cc"), ("p2", "p:b.inv.Bow:cc")))
    s = E.apply(s, "p1", "go")  # the Weapon resolves before inventions (R39); Broken Tool: flip 1
    assert E.to_act(s) == ["p1"] and set(ids(s, "p1")) == {"fl:Knife", "fl:Rope"}
    s = E.apply(s, "p1", "fl:Knife")
    assert s.avail["W"] == 0 and s.queue[0].target == "b.inv.Bow"
    s = E.apply(s, "p2", "go")
    assert "Bow" not in s.future_built and s.avail["W"] == 1  # resources returned
    assert s.chars["Carpenter"].det == 0 and "no longer holds" in texts(s)


def test_e4_a_track_loss_at_zero_is_unfulfilled_demand_unless_if_possible():
    s = planning(3)
    s.phase = "event"
    apply_codes(s, ["trk:wpn:-1"], "event:Broken Lever")
    assert all(s.chars[c].wounds == 1 for c in s.seat_char.values())  # R79, R80: everyone
    apply_codes(s, ["trk:pal:-2:ifp"], "event:Ravishing Windstorm")
    assert all(s.chars[c].wounds == 1 for c in s.seat_char.values())  # "if possible": nothing
    apply_codes(s, ["rp:-1"], "event:Flying Surprise")  # Roof or Palisade, both at 0: no question
    assert s.pending is None and all(s.chars[c].wounds == 2 for c in s.seat_char.values())


def test_e4_a_source_to_exhaust_that_does_not_exist_is_unfulfilled_demand():
    s = planning(3)
    s.phase = "event"
    s.island[s.camp].exhausted = ["fish", "wood"]  # the only explored tile has no source left
    apply_codes(s, ["exh:nearest:food"], "event:Predator is Near")
    assert all(s.chars[c].wounds == 1 for c in s.seat_char.values())


def test_r80_a_missing_source_to_exhaust_wounds_the_resolver_alone_during_the_action_phase():
    """R80 on the `exh` primitive itself: the resolver in the Action phase, everyone otherwise,
    only the characters in camp at Night."""
    s = planning(3)
    who = [s.seat_char[x] for x in s.seats]
    s.phase, s.actor = "resolve", who[1]
    exhaust(s, "adv_gather:Winter Freezing", [(s.camp, "wood")], 2)  # one source for two
    assert s.island[s.camp].exhausted == ["wood"]
    assert [s.chars[c].wounds for c in who] == [0, 1, 0]
    s.phase, s.actor = "event", None
    exhaust(s, "event:Predator is Near", [], 1)
    assert [s.chars[c].wounds for c in who] == [1, 2, 1]
    s.phase = "night"
    s.chars[who[2]].out = True  # R74: outside the camp tonight
    exhaust(s, "event:Devastation", [], 1)
    assert [s.chars[c].wounds for c in who] == [2, 3, 1]


def test_e7_r89_a_second_identical_weather_token_is_ignored_and_the_red_die_rolls_once():
    s = planning(3)
    apply_codes(s, ["wx:rain", "wx:red", "wx:rain", "wx:red"], "event:Rain")
    assert sorted(s.weather_tokens) == ["rain", "red"]
    s.round = 2
    assert phases.weather_dice(s) == ["animals"]  # a red marker adds the die in any round (S2)
    s.round = 8
    assert phases.weather_dice(s).count("animals") == 1  # rounds 7-12 roll it already (R66)


def test_e8_a_death_ends_the_game_at_once_and_the_rest_of_the_phase_is_skipped():
    s = planning(3)
    s.phase = "night"
    s.avail.update(F=0, NF=0)
    first = s.seat_char[s.seats[s.fp]]
    s.chars[first].wounds = CHARACTERS[first].life - 1
    phases.night_phase(s)  # nobody eats: the first to go hungry dies on the first of 2 wounds
    assert s.result == "lost" and s.end_reason == "death" and E.to_act(s) == []
    assert s.chars[first].wounds == CHARACTERS[first].life  # no wound after the death
    assert all(s.chars[c].wounds == 0 for c in s.seat_char.values() if c != first)  # skipped
    assert s.round == 1 and s.phase == "over"  # no shelter wound, no next round


def test_e9_several_wounds_at_once_lower_morale_at_every_arrow():
    s = cast("Cook", "Explorer", "Carpenter")
    s.chars["Cook"].wounds, s.weapon, s.morale = 2, 0, 0
    combat.fight(s, "Cook", 7, 0, 0, 0)  # 7 wounds: 11 -> 4 life left, past the arrows 9, 6 and 4
    assert CHARACTERS["Cook"].arrows == (9, 6, 4, 2)
    assert s.chars["Cook"].wounds == 9 and s.morale == -3


def test_e10_a_hunt_whose_card_was_taken_before_it_resolves_does_nothing():
    """E10: Night Attack's threat reward takes the only Hunting card before the planned hunt."""
    s = planning(3)
    s.weapon = 3  # Night Attack needs Weapon 3
    s.threat = [None, "event:Night Attack"]
    s.hunt_deck = ["beast:Fox"]  # 2 food, 1 fur
    s = rest_the_rest(play(s, ("p1", "p:thr.1:c"), ("p2", "p:hunt:cc")))
    assert [st.action for st in s.queue] == ["threat", "hunt", "rest", "rest", "rest"]
    s = E.apply(s, "p1", "go")
    assert s.hunt_deck == [] and (s.future["F"], s.future["Fur"]) == (2, 1)  # the reward
    s = E.apply(s, "p2", "go")  # nothing to hunt: no fight, no loot, no wound
    assert (s.future["F"], s.future["Fur"]) == (2, 1) and s.chars["Carpenter"].wounds == 0
    assert s.weapon == 3


def test_e11_with_the_beast_deck_empty_beasts_do_not_move_and_the_top_card_fight_is_strength_3():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.beast_deck, s.items, s.weapon = [], {}, 1
    combat.add_to_hunt(s, 2)
    assert s.hunt_deck == []
    fp = s.seat_char[s.seats[s.fp]]
    apply_codes(s, ["fight_top"], "adv_build:Howling in the Bushes")  # the FP fights (R52)
    assert s.chars[fp].wounds == 2 and s.weapon == 1  # 3 - 1 wounds, no weapon loss
    assert s.avail["F"] == 1 and s.avail["Fur"] == 0  # no loot


def test_e12_an_empty_invention_deck_is_rebuilt_from_its_discards_else_skipped():
    s = planning(3)
    s.inv_deck, s.inv_discard = [], ["Sack"]
    apply_codes(s, ["inv_board"], "adv_gather:Skeleton")
    assert s.inv_board[-1] == "Sack" and s.inv_discard == []
    s.inv_deck, s.inv_discard = [], ["Sling", "Pit"]
    apply_codes(s, ["inv_disc:1"], "adv_build:Lack of Hope")
    assert len(s.inv_deck) == 1 and len(s.inv_discard) == 1
    s.inv_deck, s.inv_discard = [], []
    board = list(s.inv_board)
    apply_codes(s, ["inv_board", "inv_disc:3"], "adv_build:Lack of Hope")  # nothing left: skipped
    assert s.inv_board == board and all(c.wounds == 0 for c in s.chars.values())


def test_e13_r63_no_explore_with_the_island_stack_empty_and_reconnaissance_sees_what_is_left():
    s = cast("Explorer", "Cook", "Carpenter")
    s.chars["Explorer"].det = 4
    s.island_stack = [3, 5]
    assert any(i.startswith("p:x.") for i in ids(s, "p1"))
    s = E.apply(s, "p1", "ab:recon")
    assert ids(s, "p1") == ["pk:0", "pk:1"]  # two tiles left, not three
    s = E.apply(s, "p1", "pk:1")
    assert s.island_stack == [5, 3]
    s.island_stack = []
    assert not any(i.startswith("p:x.") for i in ids(s, "p1")) and "ab:recon" not in ids(s, "p1")

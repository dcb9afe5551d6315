"""Board and weather tokens (R88, R89), empty decks (R95), the event deck's reshuffle (E24),
exhausted sources (E30) and "that tile" after a failed action (E32)."""
from __future__ import annotations

from rules.robinson import adventures, phases, resolve
from rules.robinson.effects import apply as apply_codes, move_camp, put_token
from rules.robinson.state import Spot, Stack
from tests.rules.robinson_kit import E, ids, planning, play, rest_the_rest, texts, whole


def test_r88_a_space_never_holds_two_identical_tokens():
    s = planning(3)
    put_token(s, "build", "ADV")
    apply_codes(s, ["tok:ADV:B", "tok:RR:B", "tok:RR:B"], "adv_build:Dangerous Work")
    assert s.action_tokens["build"] == ["ADV", "RR"]


def test_r88_an_extra_wood_token_raises_the_next_wood_build_and_goes_when_it_succeeds():
    s = planning(3)
    s.avail.update(W=9, Fur=9)
    apply_codes(s, ["tok:XW:Shelter"], "adv_build:You Need a Bigger Camp")
    s = play(s, ("p1", "p:b.shelter.f:cc"))
    assert s.plan[0].pay == {"Fur": 2}  # paid in fur: not affected (R56, 3 players)
    s = play(s, ("p1", "u:0"), ("p1", "p:b.shelter.w:cc"))
    assert s.plan[0].pay == {"W": 3 + 1}
    s = rest_the_rest(s)
    s = E.apply(s, "p1", "go")
    assert s.shelter and "XW" not in s.action_tokens.get("shelter", [])


def test_r88_danger_on_an_action_wounds_the_next_resolver_once():
    s = planning(3)
    s.avail.update(W=2)
    put_token(s, "build", "DNG")
    s = rest_the_rest(play(s, ("p1", "p:b.wpn:cc"), ("p2", "p:b.wpn:cc")))
    s = E.apply(s, "p1", "go")
    assert s.chars[s.seat_char["p1"]].wounds == 1 and s.action_tokens["build"] == []
    s = E.apply(s, "p2", "go")
    assert s.chars[s.seat_char["p2"]].wounds == 0


def test_r88_danger_on_a_tile_wounds_every_resolver_gathering_there_before_the_dice():
    """Signs of a Predator's token stays on the tile: each Gather there costs its resolver 1 wound."""
    s = planning(3)
    s.island[6] = Spot(tile=4, tokens=["DNG"])  # Hills: fish and wood, next to the camp
    s.island[2] = Spot(tile=5)  # Mountains: parrot and wood
    s = rest_the_rest(play(s, ("p1", "p:g.6.fish:cc"), ("p2", "p:g.6.wood:cc"), ("p3", "p:g.2.parrot:cc")))
    who = [s.seat_char[x] for x in ("p1", "p2", "p3")]
    s = play(s, ("p1", "go"), ("p2", "go"))
    assert [s.chars[c].wounds for c in who] == [1, 1, 0] and (s.future["F"], s.future["W"]) == (1, 1)
    s = E.apply(s, "p3", "go")  # another tile: no danger
    assert [s.chars[c].wounds for c in who] == [1, 1, 0] and s.island[6].tokens == ["DNG"]


def test_r89_weather_tokens_wait_for_the_next_weather_phase_then_go():
    s = planning(3)
    s.phase, s.round = "event", 2
    apply_codes(s, ["wx:rain", "wx:storm"], "adv_gather:Weather Breakdown")
    assert s.weather_tokens == ["rain", "storm"]
    s.phase, s.items, s.tokens = "weather", {}, []
    s.shelter, s.roof, s.palisade = True, 0, 1
    s.avail.update(F=3, NF=0, W=3)
    phases.weather_phase(s)  # round 2: no dice (S2); the tokens alone
    assert (s.avail["W"], s.avail["F"]) == (2, 2)  # 1 rain cloud above Roof 0: 1 wood and 1 food
    assert s.palisade == 0 and s.weather_tokens == []  # the storm token; then all are discarded


def test_r95_an_empty_adventure_deck_is_rebuilt_from_its_discards_else_the_action_goes_on():
    s = planning(3)
    s.adv_decks["build"], s.adv_discard["build"] = [], ["adv_build:Broken Lever"]
    assert adventures.draw_from(s, "build") == "adv_build:Broken Lever" and s.adv_discard["build"] == []
    s.phase, s.queue, s.actor = "resolve", [], "Explorer"
    s.action_tokens["build"] = ["ADV"]
    st = Stack(action="build", target="b.wpn", pawns=["Explorer"], owners=["p1"], base=2, pay={"W": 1})
    resolve.ACT["build"](s, st, "")  # both empty: no card, the Build succeeds as usual
    assert s.weapon == 1 and s.action_tokens["build"] == [] and s.pending is None
    assert all(c.wounds == 0 for c in s.chars.values())


def test_r95_mystery_rebuilt_once_and_discovery_stack_drawn_to_the_end_without_demand():
    s = planning(3)
    who = s.seat_char["p1"]
    s.mystery_deck, s.mystery_discard = [], ["mystery:Cave with Furs"]
    adventures.treasure(s, who)
    assert s.avail["Fur"] == 2 and s.mystery_deck == []
    adventures.treasure(s, who)  # deck and discards empty: nothing (R93)
    assert s.avail["Fur"] == 2
    s.disc_stack = ["Herbs"]
    apply_codes(s, ["disc:3"], "beast:Gorilla")
    assert s.tokens == ["Herbs"] and s.disc_stack == [] and all(c.wounds == 0 for c in s.chars.values())


def test_e24_a_card_sent_to_the_event_deck_is_shuffled_into_the_whole_deck():
    spots, reordered = set(), False
    for seed in range(30):
        s = planning(3, seed)
        before = list(s.event_deck)
        adventures.to_event_deck(s, "adv_build:Savings", s.seat_char["p1"])
        spots.add(s.event_deck.index("adv_build:Savings"))
        reordered |= [c for c in s.event_deck if c in before] != before
    assert 0 in spots and len(before) in spots  # anywhere, the bottom included: may never come back
    assert reordered  # the whole remaining deck, not just the new card's place


def test_e30_an_exhausted_source_gives_nothing_until_its_cards_threat_action_restores_it():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.built = ["Shovel"]  # Thunderstorm's requirement
    s.event_deck = ["event:Thunderstorm", "event:Fight"]  # exhaust the nearest wood: the camp's
    s = E.apply(s, s.seats[s.fp], "draw")
    assert s.island[s.camp].exhausted == ["wood"] and "Production: 1 food, 0 wood" in texts(s)
    if s.phase == "wood":
        s = E.apply(s, s.seats[s.fp], "wood:0")
    i = s.threat.index("event:Thunderstorm")
    s = rest_the_rest(play(s, ("p1", f"p:thr.{i}:c")))
    s = E.apply(s, "p1", "go")  # the reward: "restore it"
    assert s.island[s.camp].exhausted == []
    s.avail.update(F=0, W=0)
    phases.produce(s)
    assert (s.avail["F"], s.avail["W"]) == (1, 1)


def test_e32_that_tile_after_a_failed_explore_is_nothing_and_a_tile_without_source_is_demand():
    s = planning(3)
    who = s.seat_char["p1"]
    s.phase, s.queue, s.actor = "resolve", [], who
    deck = s.adv_decks["explore"]
    deck.remove("adv_explore:Signs of Fire")
    deck.insert(0, "adv_explore:Signs of Fire")
    st = Stack(action="explore", target="x.6", pawns=[who], owners=["p1"], faces=["blank", "fail", "adv"])
    resolve.ACT["explore"](s, st, "")  # failed: no tile, so nothing to exhaust
    assert 6 not in s.island and s.pending is None and s.chars[who].wounds == 0
    assert all(not spot.exhausted for spot in s.island.values())
    s.island[6] = Spot(tile=3, exhausted=["fish"])  # River: its only source exhausted
    s.ctx = {"space": "6"}
    adventures.choose(s, "adv_explore:Signs of Fire", who, 0)
    assert s.chars[who].wounds == 1  # unfulfilled demand, the resolver alone (R80)
    assert all(s.chars[c].wounds == 0 for c in s.seat_char.values() if c != who)


def camp_moved_onto(s, tok: str, card: str):
    """Tile 4 (Hills) explored on space 6 next to the camp gets `card`'s token ("TC/DNG on that
    tile", R88); then the camp moves onto it (R73) and the token, a tile's, stays there."""
    s.island[6] = Spot(tile=4)
    s.phase, s.ctx = "resolve", {"space": "6"}
    apply_codes(s, [f"tile_tok:{tok}"], card)
    s.phase, s.ctx = "plan", {}
    old = s.camp
    move_camp(s, 6)
    assert s.island[6].tokens == [tok] and s.camp == 6
    return old


def test_r55_r34_a_time_consuming_token_on_the_camp_tile_adds_a_pawn_to_every_build():
    """Swamp's token on a tile the camp later moves onto: every Build there needs 1 more pawn, to
    roll (1 + 1) or to succeed (2 + 1), planned exactly like a Gather on such a tile."""
    s = planning(2)  # p1 (the FP) also places Friday
    s.avail.update(W=3)
    old = camp_moved_onto(s, "TC", "adv_explore:Swamp")
    mine = whole(s, "p1")
    assert "p:b.wpn:c" not in mine and {"p:b.wpn:cc", "p:b.wpn:ccf"} <= set(mine)
    s = play(s, ("p1", "p:b.wpn:cc"))
    assert s.plan[0].base == 1  # 2 pawns with the token: it rolls
    assert "s:0:f" in ids(s, "p1")
    s = play(s, ("p1", "s:0:f"))
    assert s.plan[0].base == 2  # the third pawn: no dice
    s = play(s, ("p1", "u:0"))
    assert "p:b.wpn:c" not in whole(s, "p2") and "p:b.wpn:cc" in ids(s, "p2")  # every seat's Builds
    move_camp(s, old)  # the camp leaves: Builds are as usual, and Gathers there pay the pawn
    assert "p:b.wpn:c" in whole(s, "p1") and "p:g.6.fish:c" not in whole(s, "p1")
    assert "p:g.6.fish:cc" in ids(s, "p1")


def test_r88_a_danger_token_on_the_camp_tile_wounds_each_build_resolver():
    """Signs of a Predator's token on a tile the camp later moves onto: each Build (at the camp,
    R55) costs its resolver 1 wound; other actions at the camp (Arrange camp, Rest) do not."""
    s = planning(3)
    s.avail.update(W=2)
    camp_moved_onto(s, "DNG", "adv_gather:Signs of a Predator")
    s = rest_the_rest(play(s, ("p1", "p:b.wpn:cc"), ("p2", "p:b.wpn:cc"), ("p3", "p:camp:c")))
    who = [s.seat_char[x] for x in ("p1", "p2", "p3")]
    s = E.apply(s, "p1", "go")
    assert [s.chars[c].wounds for c in who] == [1, 0, 0] and s.weapon == 1
    s = play(s, ("p2", "go"), ("p3", "go"), ("p3", "go"))  # the second Build; Arrange camp, Rest
    assert [s.chars[c].wounds for c in who] == [1, 1, 0] and s.weapon == 2
    assert s.island[6].tokens == ["DNG"]  # a tile's token stays (R88)

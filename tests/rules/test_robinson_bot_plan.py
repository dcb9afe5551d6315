"""The co-operative bot's sensible plans (rules/robinson/bot/): the roof before the weather,
food before the night, no hunt with too low a Weapon, the camp moved off an exhausted tile,
threats whose slide-off hurts, exploring for sources, and the "look at" abilities."""
from __future__ import annotations

from rules.rng import Rng
from rules.robinson import plan as P
from rules.robinson.bot import planning as BP
from rules.robinson.bot.camp import camp_pick
from rules.robinson.bot.cards import threat_value
from rules.robinson.bot.harm import hunt_outlook, hurt
from rules.robinson.bot.island_value import explore_value
from rules.robinson.bot.look import look_move, pick_look
from rules.robinson.state import Spot

from .robinson_kit import E, ids, planning


def plain(s):
    """No starting items, tokens or threats: the plan alone is weighed."""
    s.items, s.tokens, s.threat = {}, [], [None, None]
    return s


def value(s, seat: str, key: str, pawns: str) -> float:
    w = BP.Worth(s)
    t = next(t for _, t, p in P.place_options(s, seat) if t.key == key and p == pawns)
    return BP.stack_value(s, P.letter_name(s, seat, pawns[0]), w, t, len(pawns))


def test_s2_r67_with_no_roof_and_the_rain_die_coming_the_bot_plans_the_roof():
    s = plain(planning(1, 1))
    s.round, s.shelter, s.roof = 4, True, 0  # S2: the Rain die from round 4
    s.avail.update(W=4, F=2, Fur=0)
    seat = s.seats[0]
    assert BP.plan_move(s, seat, Rng.from_seed(1)).startswith("p:b.roof.")
    s.roof = 3  # the Rain die brings at most 2 clouds (§3.3): nothing left for a Roof to save
    assert not BP.plan_move(s, seat, Rng.from_seed(1)).startswith("p:b.roof.")


def test_r72_hungry_tonight_a_food_source_is_worth_gathering():
    s = plain(planning(2, 1))
    s.round, s.shelter, s.roof = 5, True, 2
    s.island[6] = Spot(tile=9)  # Plains, parrot
    s.island_stack = []
    seat = s.seats[0]
    s.avail.update(F=0, NF=0)
    hungry = value(s, seat, "g.6.parrot", "c")
    s.avail["F"] = 4  # two meals covered: the parrots would spoil (R72 step 4)
    fed = value(s, seat, "g.6.parrot", "c")
    assert hungry > 1.0 > fed + 1.0


def test_r51_no_hunt_with_a_low_weapon_but_a_hunt_once_armed():
    s = plain(planning(2, 1))
    s.round, s.shelter = 5, True
    s.avail["F"] = 4  # tonight's meals covered
    s.hunt_deck = ["beast:Tiger", "beast:Fox", "beast:Boa"]
    seat = s.seats[0]
    who = s.seat_char[seat]
    s.weapon = 0
    assert value(s, seat, "hunt", "cc") < 0  # the Tiger alone: 6 wounds and 2 for its weapon loss
    assert hunt_outlook(s, who, 0)[0] > 3 * hunt_outlook(s, who, 5)[0]
    s.weapon = 5
    assert value(s, seat, "hunt", "cc") > 0


def test_r75_r76_a_wound_costs_more_near_an_arrow_and_a_death_costs_the_game():
    s = planning(1, 1)
    who = s.seat_char[s.seats[0]]
    s.chars[who].wounds = 0
    fresh = hurt(s, who, 1)
    s.chars[who].wounds = 10
    assert hurt(s, who, 1) > fresh + 1.0  # 2 life left after it, one to go
    from rules.robinson.data import CHARACTERS
    s.chars[who].wounds = CHARACTERS[who].life - 1
    assert hurt(s, who, 1) > 20  # R76: the game is lost


def test_r73_the_bot_moves_the_camp_off_a_tile_whose_sources_are_exhausted():
    s = plain(planning(1, 1))
    s.phase, s.round = "night", 3
    s.island[6] = Spot(tile=4)  # Hills: fish and wood, next to the camp (space 7)
    moves = [m.id for m in E.legal_moves(s, s.seats[0])]
    assert moves == ["stay", "camp:6"]
    assert camp_pick(s, moves) == "stay"  # the camp's own fish and wood still produce (R26)
    s.island[7].exhausted = ["fish", "wood"]  # E30: nothing to produce here any more
    assert camp_pick(s, moves) == "camp:6"
    s.shelter, s.roof = True, 3  # the built Shelter comes along, the Roof halves (R73): still worth it
    assert camp_pick(s, moves) == "camp:6"


def test_r47_r49_a_threat_about_to_slide_off_is_worth_more_than_one_that_waits():
    s = plain(planning(2, 1))
    s.round, s.shelter = 5, True
    w = BP.Worth(s)
    left, right = threat_value(w, 0, "event:High Water"), threat_value(w, 1, "event:High Water")
    assert left > 2 * right > 0  # §3.9: its slide-off loses all food and wood
    assert threat_value(w, 0, "event:Sunny Beach") < left / 4
    hungry = threat_value(w, 1, "wreck:Food Crates", 1)  # R49: 1 food for 1 pawn, when meals are short
    assert threat_value(w, 1, "wreck:Food Crates", 2) > hungry > 2.0
    s.avail["F"] = 6
    assert threat_value(BP.Worth(s), 1, "wreck:Food Crates", 1) < 0.5


def test_r62_exploring_is_worth_more_with_no_wood_source_in_reach():
    s = plain(planning(1, 1))
    s.round, s.shelter = 3, True
    bare = explore_value(s, BP.Worth(s), 6, {})
    s.island[6], s.island[2] = Spot(tile=11), Spot(tile=7)  # two wood sources next to the camp
    s.island_stack = [t for t in s.island_stack if t not in (11, 7)]
    assert bare > 2 * explore_value(s, BP.Worth(s), 11, {})


def soldier_hunt(top: list[str]):
    s = planning(3, 1)  # seed 1: Explorer, Carpenter, Soldier (R2)
    assert s.seat_char["p3"] == "Soldier"
    s.items, s.tokens, s.threat = {}, [], [None, None]
    s.chars["Soldier"].det, s.chars["Soldier"].wounds, s.weapon = 4, 7, 2
    s.hunt_deck = list(top)
    s = E.apply(s, "p3", "p:hunt:cc")
    assert look_move(s, "p3", ids(s, "p3")) == "ab:tracking"  # §3.10: a Hunt planned, cards to choose from
    return E.apply(s, "p3", "ab:tracking")


def test_tracking_puts_a_strong_beast_under_the_hunting_deck_and_keeps_a_weak_one():
    s = soldier_hunt(["beast:Gorilla", "beast:Birds", "beast:Fox"])
    assert pick_look(s, ids(s, "p3")) == "pk:1"  # bottom
    s = soldier_hunt(["beast:Fox", "beast:Gorilla", "beast:Bear"])
    assert pick_look(s, ids(s, "p3")) == "pk:0"  # top


def test_reconnaissance_puts_the_tile_the_island_needs_on_top():
    s = planning(3, 1)
    s.items, s.tokens, s.threat = {}, [], [None, None]
    s.chars["Explorer"].det = 3
    s = E.apply(s, "p1", "p:x.6:cc")
    assert look_move(s, "p1", ids(s, "p1")) == "ab:recon"
    s.island_stack = [9, 3, 11] + [t for t in s.island_stack if t not in (9, 3, 11)]
    s = E.apply(s, "p1", "ab:recon")
    assert pick_look(s, ids(s, "p1")) == "pk:2"  # tile 11: Mountains (Fire, Knife, Hatchet) and wood


def test_storm_glass_sends_a_harsh_event_to_the_bottom():
    s = planning(2, 1)
    s.items, s.tokens = {"Storm Glass": 2}, []
    fp = s.seats[s.fp]
    for top, answer in (("event:High Water", "pk:1"), ("event:Sunny Beach", "pk:0")):
        s.event_deck = [top] + [c for c in s.event_deck if c != top]
        looked = E.apply(s, fp, "it:Storm_Glass")
        assert pick_look(looked, ids(looked, fp)) == answer


def test_r23_r24_below_morale_1_the_next_first_player_wants_the_arrange_camp_determination():
    s = plain(planning(2, 1))
    s.round, s.morale = 5, -1
    nxt = s.seat_char[s.seats[(s.fp + 1) % 2]]
    now = s.seat_char[s.seats[s.fp]]
    for c in s.seat_char.values():
        s.chars[c].det = 0
    w = BP.Worth(s)
    # next round's Morale phase: the First Player discards 1 D or takes a wound for it (R24)
    assert BP.det_value(s, w, nxt) > BP.det_value(s, w, now) + 0.5
    s.chars[nxt].det = 3  # already covered
    assert BP.det_value(s, BP.Worth(s), nxt) <= BP.det_value(s, BP.Worth(s), now)


def test_r94_dangerous_night_a_beast_set_aside_raises_the_weapon_and_its_threat_action():
    s = plain(planning(2, 1))
    s.round = 5
    w = BP.Worth(s)
    calm_weapon, calm_threat = w.weapon(1), threat_value(w, 1, "event:Dangerous Night")
    s.set_aside = "beast:Bear"  # announced to everyone when set aside (R98); fought by the next FP
    w = BP.Worth(s)
    assert w.weapon(1) > calm_weapon + 1.0
    assert threat_value(w, 1, "event:Dangerous Night") > calm_threat + 5.0  # §3.9: shuffled away unfought


def test_r73_a_forced_camp_move_goes_to_the_tile_that_still_produces():
    from rules.bots import choose
    s = plain(planning(3, 1))
    s.phase, s.round = "event", 2
    s.event_deck = ["event:Landslide"]  # §3.9: camp→adj, the FP's seat picks the tile (E15)
    s.island[6], s.island[2] = Spot(tile=4), Spot(tile=5)
    s.island[6].exhausted = ["fish", "wood"]
    fp = s.seats[s.fp]
    s = E.apply(s, fp, "draw")
    assert ids(s, fp) == ["cm:2", "cm:6"]
    assert choose(E, s, fp, "greedy", 1).id == "cm:2"  # parrot and wood live there
    s.island[6].exhausted, s.island[2].exhausted = [], ["parrot", "wood"]
    assert choose(E, s, fp, "greedy", 1).id == "cm:6"


def test_s3_the_woodpiles_wood_weighs_more_on_fewer_pawns():
    """S3/S5: the woodpile needs 1+2+3+4+5 = 15 wood, one stage a round, by round 10-12.  The same wood
    still to gather a round is a larger share of 3 pawns a round (solo: the character's 2 and Friday, R15)
    than of 5 (two characters and Friday), so the bot pays more for a piece of wood solo, and more again
    with Friday gone (2 pawns)."""
    from rules.robinson.bot.worth import WOOD_BASE, Worth, hands

    def behind(n: int):
        s = plain(planning(n, 1))
        s.round, s.pile, s.shelter = 3, [1, 0, 0, 0, 0], True
        s.avail.update(W=1, Fur=0)
        return s

    solo, two = behind(1), behind(2)
    assert (hands(solo), hands(two)) == (3, 5)
    w1, w2 = Worth(solo), Worth(two)
    assert w1.outlook.strain == w2.outlook.strain > 1.0  # the same woodpile behind schedule
    assert w1.wood_later > w2.wood_later > WOOD_BASE
    solo.chars["Friday"].dead = True
    assert hands(solo) == 2
    assert Worth(solo).wood_later >= w1.wood_later

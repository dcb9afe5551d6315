"""What planning may use this round (§4): pawn and action limits from events (E16, E17, E34),
unexplored terrain (E27, E33) and the Wreckage card's pawns fixed at planning (E21)."""
from __future__ import annotations

from rules.robinson.effects import apply as apply_codes
from rules.robinson.plan import allowed, free_pawns, pawn_supply
from rules.robinson.state import Spot
from tests.rules.robinson_kit import E, cast, ids, planning, play, rest_the_rest, whole


def to_planning(s):
    """From the Event phase's draw on to planning, answering with the first choice on the way."""
    s = E.apply(s, s.seats[s.fp], "draw")
    while s.phase != "plan":
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, ids(s, seat)[0])
    return s


def placed(s, seat):
    return {i.split(":")[1].split(".")[0] for i in ids(s, seat) if i.startswith("p:")}


def test_e16_an_event_limiting_the_fps_pawns_applies_to_this_rounds_planning():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.event_deck = ["event:Vertigo", "event:Fight"]  # the FP has 1 pawn this round
    s = to_planning(s)
    fp, other = s.seats[s.fp], s.seats[(s.fp + 1) % 3]
    assert pawn_supply(s, fp)["c"] == 1 and pawn_supply(s, other)["c"] == 2
    s = E.apply(s, fp, "p:rest:c")
    assert "ok" in ids(s, fp) and free_pawns(s, fp)["c"] == 0  # enforced in legal_moves
    assert "ok" not in ids(s, other)


def test_e16_an_event_limiting_the_fps_actions_is_enforced_in_legal_moves():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.event_deck = ["event:Loss of Hope", "event:Fight"]  # the FP may only Build, Arrange camp, Rest
    s = to_planning(s)
    s.island[6] = Spot(tile=4)
    s.hunt_deck = ["beast:Fox"]
    fp, other = s.seats[s.fp], s.seats[(s.fp + 1) % 3]
    assert placed(s, fp) == {"b", "camp", "rest"}
    assert {"thr", "hunt", "g", "x"} <= placed(s, other)


def test_e17_restricted_to_rest_or_arrange_camp_while_camp_is_blocked_both_pawns_rest():
    s = planning(3)
    who = s.seat_char["p2"]
    s.flags = ["camp_blocked"]  # Bear
    s.limits = {who: ["only.camp.rest"]}  # Fruit's or Thorny Bush's event half
    assert placed(s, "p2") == {"rest"} and "camp" not in placed(s, "p1")
    s = play(s, ("p2", "p:rest:c"), ("p2", "p:rest:c"))
    assert "ok" in ids(s, "p2")


def test_e34_several_restrictions_combine_fewest_pawns_and_common_actions_rest_always():
    s = planning(3)
    who = s.seat_char["p2"]
    s.limits = {who: ["only.build.camp.rest", "onepawn", "only.camp.rest"]}
    assert placed(s, "p2") == {"camp", "rest"} and pawn_supply(s, "p2")["c"] == 1
    s.limits = {who: ["only.build", "only.camp"]}  # nothing in common: Rest (R31)
    actions = ("threat", "hunt", "build", "gather", "explore", "camp", "rest")
    assert [a for a in actions if allowed(s, who, a)] == ["rest"]
    assert placed(s, "p2") == {"rest"}


def test_e27_unexplored_terrain_blocks_planning_its_inventions_not_built_items_or_its_tiles():
    s = cast("Explorer", "Cook", "Soldier")
    s.island[6] = Spot(tile=6)  # Plains (parrot, wood), next to the camp
    s.built = ["Rope", "Knife"]  # Rope needs Plains
    s.inv_board = [x for x in s.inv_board if x not in ("Bow", "Medicine")] + ["Bow", "Medicine"]
    s.avail.update(W=3)
    assert "p:b.inv.Medicine:c" in ids(s, "p1")
    apply_codes(s, ["unexpl:Plains"], "event:Smoke on the Horizon")
    mine = ids(s, "p1")
    assert "p:b.inv.Medicine:c" not in mine  # needs Plains: not while the effect holds
    assert "p:b.inv.Bow:c" in mine  # Rope, already built, keeps working
    assert "p:g.6.parrot:c" in mine and "p:g.6.wood:c" in mine  # the tile stays usable


def test_e33_unexplored_terrain_lasts_until_its_own_cards_threat_action():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.event_deck = ["event:Smoke on the Horizon", "event:Fight"]
    s = to_planning(s)
    assert s.unexplored_terrain == {"Plains": "event:Smoke on the Horizon"}
    s.island[6] = Spot(tile=6)  # another Plains tile explored: it does not lift it
    from rules.robinson.island import explored_terrains
    assert "Plains" not in explored_terrains(s)
    apply_codes(s, ["back:Plains"], "event:Drought")  # another card's "back" does nothing
    assert "Plains" not in explored_terrains(s)
    i = s.threat.index("event:Smoke on the Horizon")
    s = rest_the_rest(play(s, ("p1", f"p:thr.{i}:c")))
    s = E.apply(s, "p1", "go")
    assert s.unexplored_terrain == {} and "Plains" in explored_terrains(s)


def test_e33_once_its_card_has_slid_off_the_terrain_stays_unexplored():
    s = planning(3)
    s.phase, s.round = "event", 2
    s.island[6] = Spot(tile=6)
    s.threat = ["event:Smoke on the Horizon", "event:Fight"]
    s.unexplored_terrain = {"Plains": "event:Smoke on the Horizon"}
    s.event_deck = ["event:Termites", "event:Sunny Beach"]
    s = to_planning(s)  # Smoke on the Horizon slides off (its threat effect: unexpl:Plains again)
    assert "event:Smoke on the Horizon" not in s.threat
    assert s.unexplored_terrain == {"Plains": "permanent"}
    apply_codes(s, ["back:Plains"], "event:Smoke on the Horizon")
    from rules.robinson.island import explored_terrains
    assert "Plains" not in explored_terrains(s)


def test_e21_the_wreckage_pawns_are_fixed_at_planning_and_captains_chest_draws_an_unused_item():
    s = planning(3)
    s.threat = [None, "wreck:Captain's Chest"]
    wreck = sorted(i for i in whole(s, "p1") if i.startswith("p:thr.1"))
    assert wreck == ["p:thr.1.1:c", "p:thr.1.2:cc"]  # 1 or 2 pawns, chosen now
    s = play(s, ("p1", "p:thr.1.1:c"))
    assert not any(i.startswith("s:0") for x in s.seats for i in ids(s, x))  # no pawn added later
    s = play(s, ("p1", "u:0"), ("p1", "p:thr.1.2:cc"))
    unused, items = list(s.unused_items), dict(s.items)
    s = rest_the_rest(s)
    s = E.apply(s, "p1", "go")  # 2 pawns: +1 wood and 1 unused starting item (§3.9)
    new = [x for x in s.items if x not in items]
    assert len(new) == 1 and new[0] in unused and s.items[new[0]] == 2
    assert s.unused_items == [x for x in unused if x != new[0]] and s.future["W"] == 1

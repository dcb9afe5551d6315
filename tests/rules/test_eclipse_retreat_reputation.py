"""Eclipse E61/U7 across the battles of one hex: ships that retreat in any battle of the hex lose
the participation draw, even after fighting an earlier battle there to the end; kill draws stay."""
from __future__ import annotations

from .test_eclipse_combat_kit import act, board, events, fight, home, next_to, opts, ships

SIDES = ("terran union", "terran alliance", "terran republic")


def _three_way(p2_extra=None, rolls=(6, 1)):
    """p1 holds its home with a cruiser; p2's interceptor, then p3's, arrive. Battle 1 is p2
    (defender) against p3, battle 2 p1 against the winner (E51)."""
    s = board(SIDES, rolls=rolls)  # p2's 6 destroys p3; p1's cruiser misses p2 in battle 2
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    ships(s, hid, "p1", cruiser=1)
    ships(s, hid, "p2", interceptor=1, **(p2_extra or {}))
    ships(s, hid, "p3", interceptor=1)
    fight(s)
    return s, hid, dest


def _queue(s):
    return next(f for f in reversed(s.stack) if f.kind == "rep").q


def test_e61_u7_retreating_in_a_later_battle_loses_the_draw_earned_by_an_earlier_one():
    """E61/U7: p2 fights battle 1 to the end (and destroys p3's interceptor), then its interceptor
    retreats from battle 2: no participation draw for p2, its kill draw stays; p3 was destroyed
    before declaring a retreat and p1 stayed, so both draw for taking part."""
    s, hid, dest = _three_way()
    assert opts(s) == ["attack", f"retreat:{dest}"]  # battle 1: p2's interceptor acts
    act(s, "attack")
    assert "p3" not in s.hexes[hid].ships
    assert [e.args["attacker"].args["id"] for e in events(s, "ev.battle")] == ["p3", "p2"]
    act(s, f"retreat:{dest}")  # battle 2: p2's interceptor declares a retreat
    assert s.hexes[dest].ships == {"p2": {"interceptor": 1}} and "p2" not in s.hexes[hid].ships
    assert _queue(s) == [["p1", 1], ["p2", 1], ["p3", 1]]  # p2: 1 kill, no participation


def test_e61_u7_a_ship_that_never_retreats_keeps_the_participation_draw():
    """U7: the draw needs one of the player's ships that never declared a retreat in the hex's
    battles: p2's interceptor retreats from battle 2, its cruiser fights on and wins."""
    s, hid, dest = _three_way({"cruiser": 1}, rolls=[6, 1, 6])
    act(s, "attack")  # battle 1: p2's interceptor destroys p3's interceptor
    act(s, f"retreat:{dest}")  # battle 2: the interceptor declares; p1's cruiser misses (1)
    while s.stack and s.stack[-1].kind == "fight":
        act(s, "attack")  # p2's cruiser fights on (6s) until p1's cruiser is destroyed
    assert s.hexes[hid].ships == {"p2": {"cruiser": 1}} and s.hexes[dest].ships == {"p2": {"interceptor": 1}}
    assert _queue(s) == [["p1", 1], ["p2", 4], ["p3", 1]]  # p2: 1 + interceptor 1 + cruiser 2

"""Wayfinders flying and paying: W14, W15, W37, W38 (tolls), W41, E12, E15."""
from __future__ import annotations

import pytest

from rules.wayfinders.payment import covers, toll_covers

from .wayfinders_kit import E, IllegalMove, airstrip, bag_total, fly_build, game, hand, ids, moves, play, tr


def flights(s, seat="p1"):
    return [i for i in ids(s, seat) if i.startswith("fly:")]


# ---- W14 ----------------------------------------------------------------------------

def test_w14_only_orthogonal_steps_on_the_grid():
    """W14: one step to an orthogonally adjacent cell; never diagonal, never off the grid."""
    s = fly_build(game(2), "p1", "A1", "BGRYV" * 2)
    cells = {i.split(":")[1] for i in flights(s)}
    assert cells == {"A2", "B1"}
    with pytest.raises(IllegalMove, match="not orthogonally adjacent"):
        E.apply(s, "p1", "fly:B2")
    with pytest.raises(IllegalMove, match="not a cell"):
        E.apply(s, "p1", "fly:A0")


def test_w14_toll_is_one_token_of_the_island_colour_paid_to_the_bag():
    """W14: entering an island without airstrips costs 1 resource of its colour, to the bag."""
    s = fly_build(game(2, C2="res04"), "p1", "C3", "BG")  # res04 is blue (ice)
    bag0 = dict(s.bag)
    m = moves(s)["fly:C2"]
    assert m.label == "Fly to C2 (ice island, pay 1 propeller)" and not m.barrier
    s = play(s, "fly:C2")
    assert hand(s, "p1") == "G" and s.bag["B"] == bag0["B"] + 1 and s.players["p1"].plane == "C2"
    assert s.flown == ["C2"]
    assert tr(s.events[0]) == "p1 flew to C2 (ice island), paid B to the bag."


def test_w14_entry_free_with_any_airstrip_and_home_always_free():
    """W14: free if the island has an airstrip (anyone's); the home island always is (E8)."""
    s = fly_build(game(2, C2="res04"), "p1", "C3", "")
    assert flights(s) == []  # nothing to pay with, nothing free
    airstrip(s, "C2", "p2")
    assert flights(s) == ["fly:C2"]
    s = play(s, "fly:C2")
    assert moves(s)["fly:C3"].label == "Fly to C3 (home island, free: home island)"
    s = play(s, "fly:C3")
    assert s.players["p1"].plane == "C3" and hand(s, "p1") == ""


def test_w14_toll_due_on_every_entry():
    """W14: revisiting an island without airstrips costs again."""
    s = fly_build(game(2, C2="res04"), "p1", "C3", "BB")
    s = play(s, "fly:C2", "fly:C3", "fly:C2")
    assert hand(s, "p1") == "" and s.flown == ["C2", "C3", "C2"]


def test_w14_cannot_take_a_step_you_cannot_pay():
    s = fly_build(game(2, C2="res04"), "p1", "C3", "GR")
    assert "fly:C2" not in ids(s)
    before = E.dump(s)
    with pytest.raises(IllegalMove, match="cannot pay the toll to enter C2"):
        E.apply(s, "p1", "fly:C2")
    assert E.dump(s) == before


# ---- W15 ----------------------------------------------------------------------------

def test_w15_pair_of_any_identical_colour_covers_one_icon():
    """W15(c): two tokens of one identical colour cover one icon (tolls too)."""
    s = fly_build(game(2, C2="res04"), "p1", "C3", "BGGYY")
    assert [i for i in flights(s) if i.startswith("fly:C2")] == ["fly:C2:B", "fly:C2:GG", "fly:C2:YY"]
    m = moves(s)["fly:C2:YY"]
    assert m.label == "Fly to C2 (ice island, pay 2 headsets)"
    s = play(s, "fly:C2:GG")
    assert hand(s, "p1") == "BYY"


def test_w15_single_way_to_pay_keeps_the_short_id():
    """Move ids: `fly:<cell>` when free or one way to pay, else `fly:<cell>:<tokens>`."""
    s = fly_build(game(2, C2="res04"), "p1", "C3", "YYG")
    assert "fly:C2" in ids(s) and not [i for i in ids(s) if i.startswith("fly:C2:")]
    s = play(s, "fly:C2")
    assert hand(s, "p1") == "G"


def test_w15_covers_enumerates_distinct_minimal_multisets():
    """W15: every distinct way (own colour, wildcard, pair) and nothing beyond the cover."""
    hand_ = {"B": 1, "G": 2, "R": 1, "Y": 1, "V": 0}
    assert covers("RBY", hand_) == ["BRY", "BGGR", "BGGY", "GGRY"]  # GG may stand for any one icon
    hand_ = {"B": 1, "G": 2, "R": 1, "Y": 0, "V": 0}
    assert covers("RBY", hand_) == ["BGGR"]  # Y by the pair GG
    hand_ = {"B": 2, "G": 0, "R": 2, "Y": 3, "V": 0}
    got = covers("RY", hand_)
    assert got == ["RY", "BBR", "BBY", "YYY"]
    assert "RRY" not in got and "RYY" not in got  # beyond the cover: R+Y already pays
    assert covers("GVR", {"B": 0, "G": 1, "R": 1, "Y": 2, "V": 1}, ["Y"]) == [
        "GRV", "GRY", "GVY", "GYY", "RVY", "RYY", "VYY"]  # W38 wildcard Y for any icon
    assert covers("BB", {"B": 4, "G": 0, "R": 0, "Y": 0, "V": 0}) == ["BB"]
    assert covers("G", {"B": 0, "G": 0, "R": 1, "Y": 0, "V": 0}) == []


def _covers_by_hand(cost: str, hand_: dict[str, int], wild: tuple[str, ...]) -> list[str]:
    """W15 from its words: each icon paid by one token of its colour or a wildcard colour, or two of one colour;
    the payments the hand holds, less those from which a token could be taken and still pay."""
    import itertools
    from collections import Counter

    ways = [[icon, *wild] + [c + c for c in "BGRYV"] for icon in cost]
    paid = {"".join(sorted("".join(pick))) for pick in itertools.product(*ways)}
    held = [p for p in paid if all(n <= hand_[c] for c, n in Counter(p).items())]
    minimal = [p for p in held if not any(p.replace(c, "", 1) in paid for c in set(p))]
    return sorted(minimal, key=lambda p: (len(p), p))


@pytest.mark.parametrize("cost", ["RBY", "GGV", "BRV", "YY", "RRRV"])
def test_w15_covers_are_the_rules_payments_for_any_hand_large_ones_too(cost):
    """The covers of a cost from any hand (a return can bring 20 tokens and more, W12) are the W15 payments, each
    once; `covers` finds them from the payments of an unlimited hand, filtered by what the hand holds."""
    from rules.rng import Rng

    rng = Rng.from_seed(len(cost) * 31 + ord(cost[0]))
    for wild in ((), ("Y",), ("B", "G")):
        for _ in range(40):
            hand_ = {c: rng.below(8) for c in "BGRYV"}
            assert covers(cost, hand_, wild) == _covers_by_hand(cost, hand_, wild), (hand_, wild)


def test_w15_toll_covers_match_the_general_enumeration():
    """The one-icon fast path agrees with the general cover search on many hands."""
    from itertools import product
    for counts in product(range(3), repeat=5):
        h = dict(zip("BGRYV", counts))
        for icon in "BGRYV":
            for wild in ((), ("R",), ("R", "Y"), (icon,)):
                slow = _slow_covers(icon, h, wild)
                assert toll_covers(icon, h, wild) == slow, (icon, h, wild)


def _slow_covers(cost, hand_, wild):
    """Brute force: all sub-multisets of the hand that cover `cost`, minimal ones only."""
    from itertools import product
    colours = "BGRYV"
    found = []
    for take in product(*(range(hand_[c] + 1) for c in colours)):
        if _can_cover(cost, dict(zip(colours, take)), wild):
            found.append(take)
    fs = set(found)
    minimal = [t for t in found if not any(t[i] and tuple(x - (j == i) for j, x in enumerate(t)) in fs
                                           for i in range(5))]
    out = ["".join(sorted("".join(c * k for c, k in zip(colours, t)))) for t in minimal]
    return sorted(out, key=lambda x: (len(x), x))


def _can_cover(cost, pay, wild):
    """Can these exact tokens be split so every icon gets one cover and nothing is left over?"""
    if not cost:
        return sum(pay.values()) == 0
    icon, rest = cost[0], cost[1:]
    for c in {icon, *wild}:
        if pay[c] >= 1:
            pay[c] -= 1
            ok = _can_cover(rest, pay, wild)
            pay[c] += 1
            if ok:
                return True
    for c in pay:
        if pay[c] >= 2:
            pay[c] -= 2
            ok = _can_cover(rest, pay, wild)
            pay[c] += 2
            if ok:
                return True
    return False


@pytest.mark.parametrize("cost", ["RBY", "BGVY", "GG", "VRG", "RRY"])
def test_w15_build_covers_match_brute_force(cost):
    """W15: the cover search equals a brute force over all sub-hands (with and without wildcards)."""
    from itertools import product
    for counts in product((0, 1, 2, 3), repeat=5):
        if sum(counts) > 7:
            continue
        h = dict(zip("BGRYV", counts))
        for wild in ((), ("V",), ("G", "R")):
            assert covers(cost, h, wild) == _slow_covers(cost, h, wild), (cost, h, wild)


# ---- W37, W38 (on tolls), E15 ----------------------------------------------------------

def test_w37_free_passage_makes_that_colour_free_to_enter():
    """W37: free passage (per02, blue) -> entering blue islands never costs a toll."""
    s = fly_build(game(2, C2="res04", E5="per02"), "p1", "C3", "")
    assert flights(s) == []
    airstrip(s, "E5", "p1")
    assert "fly:C2" in flights(s)
    assert moves(s)["fly:C2"].label == "Fly to C2 (ice island, free: your free passage)"
    s = play(s, "fly:C2")
    assert hand(s, "p1") == "" and s.board["C2"].slots == []


def test_w37_free_passage_does_not_change_airstrip_costs():
    s = fly_build(game(2, C2="res04", E5="per01"), "p1", "C2", "")  # per01: free passage green
    airstrip(s, "E5", "p1")
    assert "build" not in ids(s)  # res04 still costs a G token


def test_e15_free_passage_and_airstrip_pay_nothing_twice():
    """E15: both free passage and an airstrip make entry free; nothing paid or refunded."""
    s = fly_build(game(2, C2="res04", E5="per02"), "p1", "C3", "B")
    airstrip(s, "E5", "p1")
    airstrip(s, "C2", "p2")
    bag0 = bag_total(s)
    s = play(s, "fly:C2")
    assert hand(s, "p1") == "B" and bag_total(s) == bag0


def test_w38_wildcard_tokens_pay_tolls():
    """W38: a wildcard colour's token covers any icon, tolls included; it goes to the bag as itself."""
    s = fly_build(game(2, C2="res04", E5="per13"), "p1", "C3", "R")  # per13: wildcard red
    assert "fly:C2" not in flights(s)
    airstrip(s, "E5", "p1")
    assert "fly:C2" in flights(s)
    r0 = s.bag["R"]
    s = play(s, "fly:C2")
    assert hand(s, "p1") == "" and s.bag["R"] == r0 + 1


# ---- E12 -----------------------------------------------------------------------------

def test_e12_build_on_any_island_passed_through():
    """E12: no stop needed; build where the plane is, then keep flying."""
    s = fly_build(game(2, C2="res07", C1="res04"), "p1", "C3", "RYB")
    s.bag = {c: 0 for c in "BGRYV"}
    s = play(s, "fly:C2", "build", "fly:C1")
    assert s.board["C2"].slots == ["p1"] and s.players["p1"].plane == "C1"


# ---- W41 -----------------------------------------------------------------------------

def test_w41_entering_reveals_neighbours_and_is_a_barrier():
    """W41: entering a cell turns its orthogonal neighbours face up; such a step is an undo boundary."""
    s = fly_build(game(2, exploration=True, C2="res07"), "p1", "C3", "R")
    m = moves(s)["fly:C2"]
    assert m.barrier
    s2 = play(s, "fly:C2")
    assert all(s2.board[c].face_up for c in ("C1", "B2", "D2"))
    assert not s2.board["A1"].face_up and not s2.board["B1"].face_up
    assert any(tr(e).startswith("Revealed: ") for e in s2.events)
    assert s2.rng.state == s.rng.state  # revealing draws no randomness


def test_w41_face_down_cells_cannot_be_entered_or_built():
    """W41: a face-down cell is neither entered nor built on; a tile revealed mid-flight can be entered."""
    s = fly_build(game(2, exploration=True, C2="res07", C1="res04"), "p1", "C2", "B")
    airstrip(s, "C2", "p2")
    s.board["C1"].face_up = False
    assert "fly:C1" not in ids(s)
    with pytest.raises(IllegalMove, match="face down"):
        E.apply(s, "p1", "fly:C1")
    s = play(s, "fly:C3", "fly:C2")  # re-entering C2 (free: p2's airstrip) reveals C1
    assert s.board["C1"].face_up
    s = play(s, "fly:C1")
    assert s.players["p1"].plane == "C1"


def test_w41_non_revealing_steps_are_not_barriers():
    s = fly_build(game(2, C2="res07"), "p1", "C3", "R")
    assert not moves(s)["fly:C2"].barrier  # no exploration: nothing to reveal
    s = fly_build(game(2, exploration=True, C2="res07"), "p1", "C3", "R")
    s = play(s, "fly:C2")
    assert not moves(s)["fly:C3"].barrier  # C3's neighbours are all face up already

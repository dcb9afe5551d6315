"""Wayfinders airstrips and island effects: W16-W18, W36, W38, W39, E6, E8, E11."""
from __future__ import annotations

import pytest

from .wayfinders_kit import (E, HOME, IllegalMove, airstrip, bag_total, fly_build, game, hand, ids, moves,
                             play, set_hand, tr)


def builds(s, seat="p1"):
    return [i for i in ids(s, seat) if i.startswith("build")]


# ---- W16 -----------------------------------------------------------------------------

def test_w16_build_pays_the_printed_cost_and_uses_the_lowest_empty_slot():
    """W16: cube into the lowest empty slot; supply -1; the cost is paid per W15."""
    s = fly_build(game(3, B2="res05"), "p3", "B2", "BY")  # res05: cost BY, draw 2
    airstrip(s, "B2", "p1", "p2")
    s.bag = {c: 0 for c in "BGRYV"}
    s = play(s, "build")
    assert s.board["B2"].slots == ["p1", "p2", "p3"] and s.players["p3"].cubes == 8
    assert hand(s, "p3") == "" and hand(s, "p1").count("B") >= 1


@pytest.mark.parametrize("case, reason", [
    ("home", "home island"),
    ("twice", "already have an airstrip on B2"),
    ("no_cube", "no airstrip cubes"),
    ("cannot_pay", "cannot pay the cost of B2"),
])
def test_w16_build_conditions(case, reason):
    """W16/E8/E13: not home, face up, one per player per island, a cube, a payable cost."""
    s = fly_build(game(2, B2="res03"), "p1", "B2", "RBY")
    if case == "home":
        s.players["p1"].plane = HOME
    elif case == "twice":
        airstrip(s, "B2", "p1")
    elif case == "no_cube":
        s.players["p1"].cubes = 0
    elif case == "cannot_pay":
        set_hand(s, "p1", "RB")
    assert builds(s) == []
    before = E.dump(s)
    with pytest.raises(IllegalMove, match=reason):
        E.apply(s, "p1", "build")
    assert E.dump(s) == before


def test_w16_face_down_island_cannot_be_built():
    """W16/W41: a face-down tile is never built on (the plane cannot be there in play; forced here)."""
    s = fly_build(game(2, exploration=True, B2="res03"), "p1", "B2", "RBY")
    s.board["B2"].face_up = False
    assert builds(s) == []


def test_w16_one_per_player_but_every_player_may_build():
    """W16: each player may have one airstrip on each island; no blocking."""
    s = fly_build(game(4, C2="res07"), "p4", "C2", "Y")
    airstrip(s, "C2", "p1", "p2", "p3")
    assert builds(s, "p4") == ["build"]


def test_w16_build_ids_list_each_distinct_payment():
    """Move ids: `build` when one way to pay, else `build:<tokens sorted>`; labels say what it gives."""
    s = fly_build(game(2, B2="res03"), "p1", "B2", "BGGRY")
    m = moves(s)
    assert builds(s) == ["build:BRY", "build:BGGR", "build:BGGY", "build:GGRY"]
    assert m["build:BRY"].label == "Build an airstrip on B2 paying B+R+Y to the bag: draw 2, 4 VP"
    assert m["build:BRY"].barrier  # W39 draws from the bag
    s.bag = {c: 0 for c in "BGRYV"}
    s = play(s, "build:BGGR")
    assert len(hand(s, "p1")) == 3 and "Y" in hand(s, "p1") and s.board["B2"].slots == ["p1"]
    assert "p1 built an airstrip on B2 (slot 1), paid B+G+G+R to the bag." in [tr(e) for e in s.events]


def test_e6_build_on_the_start_cell_before_moving():
    """E6/W13: building on the island where the plane starts the step is legal."""
    s = fly_build(game(2, B2="res04"), "p1", "B2", "G")
    s.bag = {c: 0 for c in "BGRYV"}
    s = play(s, "build", "end")
    assert s.board["B2"].slots == ["p1"]


def test_e8_home_island_never_takes_an_airstrip():
    """E8: no build at home; its cubes only record turn order."""
    s = fly_build(game(2), "p1", HOME, "BGRYV")
    assert builds(s) == []
    assert s.board[HOME].slots == ["p1", "p2"]


# ---- W17, E11 ------------------------------------------------------------------------

def test_w17_first_builder_pays_the_bag():
    s = fly_build(game(2, C2="res07"), "p1", "C2", "Y")
    s.bag = {c: 0 for c in "BGRYV"}
    s.bag["V"] = 5
    y0 = s.bag["Y"]
    s2 = play(s, "build")
    assert s2.bag["Y"] + hand(s2, "p1").count("Y") == y0 + 1  # Y went to the bag (maybe drawn back)


def test_w17_later_builders_pay_the_slot_1_player_with_no_forced_discard():
    """W17: the exact tokens paid go to the slot-1 owner; receiving never forces a discard."""
    s = fly_build(game(3, C2="res07"), "p3", "C2", "Y")
    airstrip(s, "C2", "p2", "p1")
    set_hand(s, "p2", "BBGG")
    bag0 = bag_total(s)
    m = moves(s, "p3")["build"]
    assert m.label == "Build an airstrip on C2 paying Y to p2: draw 1, 1 VP"
    s = play(s, "build", "end")
    assert hand(s, "p2") == "BBGGY" and bag_total(s) <= bag0  # nothing paid into the bag
    assert s.board["C2"].slots == ["p2", "p1", "p3"]
    assert E.to_act(s) == ["p1"] and s.phase == "action"  # p2 holds 5, no discard for p2


def test_e11_pairs_and_wildcards_reach_the_owner_as_the_actual_tokens():
    """E11/W38: the owner receives both tokens of a pair, and wildcard tokens as themselves."""
    s = fly_build(game(2, C2="res07", E5="per15"), "p2", "C2", "RRV")  # per15: wildcard violet
    airstrip(s, "C2", "p1")
    airstrip(s, "E5", "p2")
    set_hand(s, "p1", "")
    assert builds(s, "p2") == ["build:V", "build:RR"]
    s_pair = play(s, "build:RR")
    assert hand(s_pair, "p1") == "RR"
    s_wild = play(s, "build:V")
    assert hand(s_wild, "p1") == "V"


# ---- W18, W39 -------------------------------------------------------------------------

def test_w18_every_builder_gets_the_effect_pay_then_cube_then_effect():
    """W18/W39: red back -> draw n at once, for every builder; the paid tokens are in the bag first."""
    s = fly_build(game(2, C2="res07"), "p1", "C2", "Y")
    s.bag = {c: 0 for c in "BGRYV"}
    s = play(s, "build")
    assert hand(s, "p1") == "Y"  # paid Y to the empty bag, then drew it back
    s = fly_build(s, "p2", "C2", "Y")
    s.bag = {c: 0 for c in "BGRYV"}
    s.bag["G"] = 3
    s = play(s, "build")
    assert hand(s, "p2") == "G" and hand(s, "p1") == "YY"


def test_w39_draw_n_and_spend_in_the_same_step():
    """W39: draw n tokens into the hand at once; they may pay the next build or toll."""
    s = fly_build(game(2, C2="res06", C1="res04"), "p1", "C2", "GRV")  # res06: cost VRG, draw 3
    airstrip(s, "C2", "p2")  # the payment goes to p2, so the bag holds exactly B G G
    s.bag = {c: 0 for c in "BGRYV"}
    s.bag["B"] = 1
    s.bag["G"] = 2
    s = play(s, "build")
    assert hand(s, "p1") == "BGG"
    with pytest.raises(IllegalMove, match="choose how to pay: fly:C1:B, fly:C1:GG"):
        play(s, "fly:C1")
    s = play(s, "fly:C1:B", "build")  # toll B, cost G: both from the drawn tokens
    assert s.board["C1"].slots == ["p1"] and hand(s, "p1") in ("BG", "GG")  # G kept + 1 drawn of B, G


def test_w18_yellow_ability_is_usable_in_the_same_turn():
    """W18/W38: a yellow island's ability applies from the moment the cube is placed."""
    s = fly_build(game(2, C2="per15", C1="res04"), "p1", "C2", "VYGV")  # per15: VYG, wildcard V
    s = play(s, "build")
    assert hand(s, "p1") == "V"
    assert any("gained an ability" in tr(e) for e in s.events)
    s = play(s, "fly:C1")  # toll B paid with the wildcard V
    assert hand(s, "p1") == "" and s.players["p1"].plane == "C1"


def test_w36_keep_extra_raises_the_limit_and_stacks():
    """W36: +1 hand limit per keep-extra island (T7 has the two-island case)."""
    s = fly_build(game(2, A1="per08"), "p1", "C3", "BBGGR")
    airstrip(s, "A1", "p1")
    assert E.view(s).players[0].hand_limit == 4
    s = play(s, "end")
    assert s.phase == "discard"
    s = play(s, "discard:B")
    assert hand(s, "p1") == "BGGR" and E.to_act(s) == ["p2"]


def test_w38_wildcard_covers_any_airstrip_icon():
    """W38: every token of the wildcard colour may cover any one icon of a cost."""
    s = fly_build(game(2, B2="res09", E5="per14"), "p1", "B2", "YYYY")  # res09 BGVY; per14 wildcard Y
    assert builds(s) == []
    airstrip(s, "E5", "p1")
    assert builds(s) == ["build"]
    s = play(s, "build")
    assert s.board["B2"].slots == ["p1"]


def test_w18_blue_islands_have_no_immediate_effect():
    s = fly_build(game(2, B2="sco06"), "p1", "B2", "G")  # sco06: cost G, per_shared
    rng0 = s.rng.state
    m = moves(s)["build"]
    assert not m.barrier and m.label.endswith("1 VP per island you share")
    s = play(s, "build")
    assert hand(s, "p1") == "" and s.rng.state == rng0

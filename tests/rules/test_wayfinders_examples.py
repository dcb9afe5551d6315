"""The sheet's scenarios T1-T9, including the rulebook's worked examples
(Lucy places a worker, Lucy's return, Greg's flight, Lucy's airstrip)."""
from __future__ import annotations

import pytest

from rules.wayfinders.scoring import island_values, ranks, score

from .wayfinders_kit import (ISLANDS, E, IllegalMove, airstrip, bag_total, fly_build, game, hand, hangars, ids, moves,
                             play, set_hand, tr)

LUCY, OMAR = "p1", "p2"


def test_t1_lucy_places_a_worker():
    """T1 (W10, E5): Lucy places in hangar 2 under her own worker and Omar's."""
    s = game(2)
    s.workers[1] = [LUCY, OMAR]
    s.players[LUCY].workers = 4
    s.players[OMAR].workers = 4
    tokens = hangars(s)
    s2 = play(s, "place:2")
    assert s2.workers[1] == [LUCY, OMAR, LUCY]
    assert s2.players[LUCY].workers == 3 and hangars(s2) == tokens and E.to_act(s2) == [OMAR]
    # with Lucy x3 in hangar 2 the placement is refused and nothing changes
    s.workers[1] = [LUCY, OMAR, LUCY, LUCY]
    s.players[LUCY].workers = 2
    before = E.dump(s)
    with pytest.raises(IllegalMove):
        E.apply(s, LUCY, "place:2")
    assert E.dump(s) == before
    # with all 5 out only "return" is legal
    s.workers = [[LUCY], [LUCY, LUCY], [], [LUCY, LUCY]]
    s.players[LUCY].workers = 0
    assert ids(s) == ["return"]


def _t2_state():
    s = game(2)
    s.hangars = [list("RGB"), list("GGY"), list("YVV"), list("BGR")]
    s.workers = [[OMAR, LUCY], [], [LUCY], [LUCY, LUCY]]
    s.players[LUCY].workers = 1
    s.players[OMAR].workers = 4
    set_hand(s, LUCY, "")
    return s


def test_t2_lucys_return():
    """T2 (W11, W12, W19, W20): collect R, Y, B, G; discard 1; top the hangars up from the bag."""
    s = _t2_state()
    s = play(s, "return")
    assert hand(s, LUCY) == "BGRY"
    assert s.players[LUCY].workers == 5 and s.workers[0] == [OMAR]
    assert hangars(s) == ["GB", "GGY", "VV", "R"]
    assert s.phase == "flybuild" and E.to_act(s) == [LUCY]
    assert tr(s.events[0]) == "p1 returned 4 workers: collected R, Y, B, G."
    end = moves(s)["end"]
    assert not end.barrier  # a discard comes first
    s = play(s, "end")
    assert s.phase == "discard" and sorted(ids(s)) == ["discard:B", "discard:G", "discard:R", "discard:Y"]
    bag0 = bag_total(s)
    assert all(m.barrier for m in E.legal_moves(s, LUCY))  # the last discard refills
    s = play(s, "discard:Y")
    assert hand(s, LUCY) == "BGR"
    assert [h[:len(k)] for h, k in zip(hangars(s), ["GB", "GGY", "VV", "R"])] == ["GB", "GGY", "VV", "R"]
    assert all(len(h) == 3 for h in s.hangars)
    assert bag_total(s) == bag0 + 1 - 4
    assert E.to_act(s) == [OMAR]


GREG, ANA = "p1", "p2"


def _t3_state(tokens):
    s = fly_build(game(2, C2="res07", C1="res04", B1="res01"), GREG, "C3", tokens)  # C1 ice, B1 tropical
    airstrip(s, "C2", ANA)
    return s


def test_t3_gregs_flight():
    """T3 (W14, W15): C2 free (Ana's airstrip), C1 pays B, B1 pays G; no cube placed."""
    s = _t3_state("BGY")
    bag0 = dict(s.bag)
    cubes0 = s.players[GREG].cubes
    s = play(s, "fly:C2", "fly:C1", "fly:B1")
    assert hand(s, GREG) == "Y" and s.players[GREG].plane == "B1"
    assert s.bag["B"] == bag0["B"] + 1 and s.bag["G"] == bag0["G"] + 1 and bag_total(s) == sum(bag0.values()) + 2
    assert s.players[GREG].cubes == cubes0 and s.board["C1"].slots == [] and s.board["B1"].slots == []


def test_t3_variant_pair_of_headsets():
    """T3: hand {Y, Y, G} -> C1 paid with Y+Y, B1 with G."""
    s = play(_t3_state("GYY"), "fly:C2", "fly:C1", "fly:B1")
    assert hand(s, GREG) == ""


def test_t3_variant_cannot_pay():
    """T3: hand {Y} -> the step to C1 is illegal and the state unchanged."""
    s = play(_t3_state("Y"), "fly:C2")
    assert "fly:C1" not in ids(s)
    before = E.dump(s)
    with pytest.raises(IllegalMove):
        E.apply(s, GREG, "fly:C1")
    assert E.dump(s) == before


def test_t3_variant_free_passage():
    """T3: Greg holding per02 (free passage blue) -> C1 free, hand {B, Y} at B1."""
    s = game(2, C2="res07", C1="res04", B1="res01", E5="per02")
    airstrip(s, "C2", ANA)
    airstrip(s, "E5", GREG)
    s = fly_build(s, GREG, "C3", "BGY")
    s = play(s, "fly:C2", "fly:C1", "fly:B1")
    assert hand(s, GREG) == "BY"


def test_t4_lucys_airstrip_and_omars_payment():
    """T4 (W16-W18, W23): Lucy builds res03 paying the bag and draws 2; Omar pays Lucy R, B, G, G."""
    s = fly_build(game(2, B2="res03"), LUCY, "B2", "BRY")
    bag0 = bag_total(s)
    m = moves(s)["build"]
    assert m.barrier and m.label == "Build an airstrip on B2 paying B+R+Y to the bag: draw 2, 4 VP"
    s = play(s, "build")
    assert s.board["B2"].slots == [LUCY] and s.players[LUCY].cubes == 8
    assert len(hand(s, LUCY)) == 2 and bag_total(s) == bag0 + 3 - 2
    assert island_values(s, LUCY) == {"B2": 4}
    s = play(s, "end")
    lucy_hand = hand(s, LUCY)
    s = fly_build(s, OMAR, "B2", "BGGR")
    assert ids(s, OMAR)[0] == "build"  # Y is covered by the pair G+G: the only way
    s = play(s, "build", seat=OMAR)
    assert hand(s, LUCY) == "".join(sorted(lucy_hand + "BGGR")) and len(hand(s, LUCY)) == 6
    assert s.board["B2"].slots == [LUCY, OMAR] and s.players[OMAR].cubes == 8
    assert len(hand(s, OMAR)) == 2
    s = play(s, "end", seat=OMAR)
    assert E.to_act(s) == [LUCY] and s.phase == "action"  # no discard for Lucy on Omar's turn
    assert island_values(s, LUCY) == {"B2": 4} and island_values(s, OMAR) == {"B2": 4}


def _end_turn_with(s, seat, cubes_after):
    s.players[seat].cubes = cubes_after
    return play(s, "place:1", seat=seat)


def test_t5_end_trigger_middle_player():
    """T5 (W21, W22): B ends a turn with 2 in supply -> C plays once more, then the game ends."""
    s = game(3)
    s = play(s, "place:1")  # A
    s = _end_turn_with(s, "p2", 2)  # B triggers
    assert s.final_round and E.to_act(s) == ["p3"]
    s = play(s, "place:2")  # C
    assert E.to_act(s) == [] and E.outcome(s) is not None  # A does not play again


def test_t5_end_trigger_last_player_ends_at_once():
    s = game(3)
    s = play(s, "place:1", "place:1")
    s = _end_turn_with(s, "p3", 1)
    assert E.to_act(s) == [] and s.phase == "over"
    assert any("game ends now" in tr(e) for e in s.events)


def test_t5_three_in_supply_triggers_nothing():
    s = game(3)
    s = _end_turn_with(s, "p1", 3)
    assert not s.final_round and E.to_act(s) == ["p2"]


@pytest.mark.parametrize("home_not_scored,b2,total", [(False, 10, 35), (True, 8, 33)])
def test_t6_scoring_geometry(home_not_scored, b2, total):
    """T6 (W24, W29-W34): Ana's six blue islands score 32 (sco13 counts home C3 among the cells
    surrounding B2); +2 tokens +1 worker = 35.  With `home_not_scored`: sco13 8, total 30, and 33."""
    s = game(2, home_not_scored=home_not_scored,
             A1="sco15", B1="sco14", A2="sco09", B2="sco13", C2="sco11", E5="sco08")
    for c in ("A1", "B1", "A2", "B2", "C2", "E5"):
        airstrip(s, c, ANA)
    values = island_values(s, ANA)
    assert values == {"A1": 6, "B1": 4, "A2": 4, "B2": b2, "C2": 6, "E5": 2}
    assert sum(values.values()) == total - 3
    set_hand(s, ANA, "GV")
    s.workers[2] = [ANA]
    assert score(s, ANA) == total


def test_t7_discard_limit_with_two_keep_extra_islands():
    """T7 (W19, W36): per06 + per10 -> limit 5; holding 7 at the end -> discard 2, keep 5."""
    s = game(2, A1="per06", E5="per10")
    airstrip(s, "A1", LUCY)
    airstrip(s, "E5", LUCY)
    s = fly_build(s, LUCY, "C3", "BBGGRYV")
    s = play(s, "end")
    assert tr(E.prompt(s, LUCY)) == "discard 2 more (hand limit 5)"
    s = play(s, "discard:B", "discard:G")
    assert hand(s, LUCY) == "BGRVY"
    assert E.to_act(s) == [OMAR]


def test_t8_exploration():
    """T8 (W41): only C2, B3, D3, C4 face up; flying C3 -> C2 (toll paid) reveals C1, B2, D2."""
    s = E.setup(["p1", "p2"], 8, {"exploration": True})
    v = E.view(s)
    up = {c.cell for c in v.cells if c.face_up}
    assert up == {"C2", "B3", "D3", "C4", "C3"}
    hidden = next(c for c in v.cells if c.cell == "A1")
    assert hidden.island is None and hidden.colour is None and hidden.cost is None and hidden.back is None
    seat = E.to_act(s)[0]
    colour = ISLANDS[s.board["C2"].island].colour
    s = fly_build(s, seat, "C3", colour)
    s.turn = s.order.index(seat)
    s = play(s, "fly:C2")
    assert hand(s, seat) == ""
    up = {c for c, cell in s.board.items() if cell.face_up}
    assert up == {"C2", "B3", "D3", "C4", "C3", "C1", "B2", "D2"}
    s.board["A1"].face_up = False
    s.players[seat].plane = "B1"
    s.board["B1"].face_up = True
    set_hand(s, seat, "BBGGRRYYVV")
    assert not any(i.startswith("fly:A1") for i in ids(s, seat))  # a step to a face-down cell


def test_t9_tie_break():
    """T9 (W35): 40-40, 8 cubes on the board beats 7; at 8-8 both rank first."""
    assert ranks({"a": 40, "b": 40}, {"a": 8, "b": 7}) == {"a": 1, "b": 2}
    assert ranks({"a": 40, "b": 40}, {"a": 8, "b": 8}) == {"a": 1, "b": 1}

"""Wayfinders turn structure: W9-W13, W19-W22, E1-E5, E13, E16 and the prompts."""
from __future__ import annotations

import pytest

from rules.playout import play_random
from rules.rng import Rng

from .wayfinders_kit import (E, IllegalMove, airstrip, bag_total, fly_build, game, hand, hangars, ids,
                             on_turn, play, set_hand, tr)


# ---- W9, W10 -------------------------------------------------------------------------

def test_w9_turns_go_round_in_order_and_rounds_count():
    """W9: one action per turn, in turn order; a round is one turn of each player."""
    s = game(3)
    seen = []
    for _ in range(7):
        seat = E.to_act(s)[0]
        seen.append(seat)
        s = play(s, "place:1" if s.workers[0].count(seat) < 3 else "place:2")
    assert seen == ["p1", "p2", "p3", "p1", "p2", "p3", "p1"]
    assert s.round == 3 and E.to_act(s) == ["p2"]


def test_w10_place_moves_only_on_hangars_in_use_with_fewer_than_3_of_yours():
    """W10/W7: 2 players -> place:1..place:4 and return; a hangar with 3 of yours is refused."""
    s = game(2)
    assert ids(s) == ["place:1", "place:2", "place:3", "place:4", "return"]
    s.workers[1] = ["p1", "p2", "p1", "p2", "p1"]
    s.players["p1"].workers = 2
    assert "place:2" not in ids(s)
    before = E.dump(s)
    with pytest.raises(IllegalMove, match="already have 3 workers on hangar 2"):
        E.apply(s, "p1", "place:2")
    with pytest.raises(IllegalMove, match="no hangar 5"):
        E.apply(s, "p1", "place:5")
    assert E.dump(s) == before


def test_w10_placing_moves_no_token_and_ends_the_turn():
    """W10: the worker goes on the hangar; no token moves, no discard, no refill; next player."""
    s = game(2)
    set_hand(s, "p1", "BBGGRY")  # above the limit: still no discard on a placement
    before_hangars, before_bag = hangars(s), dict(s.bag)
    s2 = play(s, "place:3")
    assert s2.workers[2] == ["p1"] and s2.players["p1"].workers == 4
    assert hangars(s2) == before_hangars and s2.bag == before_bag and hand(s2, "p1") == "BBGGRY"
    assert E.to_act(s2) == ["p2"] and s2.phase == "action"
    m = {m.id: m for m in E.legal_moves(s, "p1")}["place:3"]
    assert not m.barrier


def test_w10_no_other_limit_on_workers_per_hangar():
    """W10: any number of workers in one hangar, only 3 per player."""
    s = game(4)
    s.workers[0] = ["p2", "p2", "p2", "p3", "p3", "p3", "p4", "p4"]
    assert "place:1" in ids(s)
    s = play(s, "place:1")
    assert len(s.workers[0]) == 9


def test_e5_all_workers_out_leaves_only_return():
    """E5/W10: with all 5 workers on the board the only action is to return."""
    s = game(2)
    s.workers = [["p1"], ["p1", "p1"], ["p1"], ["p1"]]
    s.players["p1"].workers = 0
    assert ids(s) == ["return"]
    with pytest.raises(IllegalMove, match="All 5 of your workers"):
        E.apply(s, "p1", "place:1")
    assert tr(E.prompt(s, "p1")) == "all 5 of your workers are out: return them"


# ---- W11, W12, W13, E3, E4 -------------------------------------------------------

def test_w11_return_is_always_legal_and_steps_follow_in_order():
    """W11: return is legal with or without workers; collect -> fly/build -> discard -> refill."""
    s = game(2)
    assert "return" in ids(s)
    s = play(s, "return")
    assert s.phase == "flybuild" and E.to_act(s) == ["p1"]
    assert ids(s)[-1] == "end"


def test_e4_return_with_no_workers_collects_nothing_but_fly_build_discard_refill_happen():
    """E4: nothing collected; tokens received earlier (W17) still force the discard at the end."""
    s = game(2)
    set_hand(s, "p1", "BGRYY")  # e.g. received as slot-1 owner during p2's turn
    s.hangars[1] = ["R"]
    bag0 = bag_total(s)
    s = play(s, "return")
    assert hand(s, "p1") == "BGRYY" and s.phase == "flybuild"
    assert any(tr(e).startswith("p1 returned with no workers") for e in s.events)
    s = play(s, "end")
    assert s.phase == "discard"
    s = play(s, "discard:Y", "discard:Y")
    assert hand(s, "p1") == "BGR" and len(s.hangars[1]) == 3
    assert bag_total(s) == bag0 + 2 - 2
    assert E.to_act(s) == ["p2"]


def test_e4_returns_that_change_nothing_are_counted_in_a_row_for_the_bots():
    """E4: a return with nobody's worker on the board collects nothing; the state counts such turns in a row
    (`idle`, bookkeeping for the bots, no rule), and a placement, a collecting return or a build ends the run."""
    s = game(3, C2="res07")
    s = play(s, "return", "end")  # p1
    s = play(s, "return", "end")  # p2
    assert s.idle == 2 and E.to_act(s) == ["p3"]
    s = play(s, "place:1")  # p3: a worker on the board
    assert s.idle == 0
    s = play(s, "return", "end")  # p1 returns with none of its own, but p3's worker is out: not idle
    assert s.idle == 0
    s = play(s, "return", "end", "return", "end")  # p2 likewise; p3 collects
    assert s.idle == 0 and not any(s.workers)
    s = play(s, "return", "end")  # p1: idle again
    assert s.idle == 1
    s.players["p2"].plane = "C2"  # p2 returns with nothing to collect but builds res07 (cost Y)
    set_hand(s, "p2", "Y")
    s = play(s, "return", "build", "end")
    assert s.idle == 0 and s.board["C2"].slots == ["p2"]


def test_w12_collect_from_the_top_regardless_of_worker_order():
    """W12: one token per own worker from the top of each hangar; all own workers come back."""
    s = game(3)
    s.hangars[0] = ["R", "G", "B"]
    s.hangars[5] = ["Y", "V", "B"]
    s.workers[0] = ["p2", "p3", "p1"]
    s.workers[5] = ["p1", "p3", "p1"]
    s.players["p1"].workers = 2
    set_hand(s, "p1", "")
    s = play(s, "return")
    assert hand(s, "p1") == "RVY"
    assert s.players["p1"].workers == 5
    assert s.hangars[0] == ["G", "B"] and s.hangars[5] == ["B"]
    assert s.workers[0] == ["p2", "p3"] and s.workers[5] == ["p3"]


def test_w12_collected_tokens_join_the_hand():
    """W12: the collected tokens are added to what the player held."""
    s = game(2)
    set_hand(s, "p1", "V")
    s.hangars[2] = ["Y", "G", "G"]
    s.workers[2] = ["p1", "p1"]
    s.players["p1"].workers = 3
    s = play(s, "return")
    assert hand(s, "p1") == "GVY"
    assert tr(s.events[0]) == "p1 returned 2 workers: collected Y, G."


def test_e3_short_hangar_gives_what_it_has():
    """E3: fewer tokens than workers (after E2): take all, extra workers still come back."""
    s = game(2)
    set_hand(s, "p1", "")
    s.hangars[3] = ["B"]
    s.workers[3] = ["p1", "p1", "p1"]
    s.players["p1"].workers = 2
    s = play(s, "return")
    assert hand(s, "p1") == "B" and s.hangars[3] == [] and s.players["p1"].workers == 5
    assert s.workers[3] == []


def test_w13_fly_and_build_ends_only_explicitly():
    """W13: any sequence of steps and builds, ended by `end`; `end` is always offered."""
    s = fly_build(game(2, C2="res07"), "p1", "C3", "RY")
    s = play(s, "fly:C2", "build")
    assert s.phase == "flybuild" and "end" in ids(s)
    s = play(s, "fly:C3")
    assert s.phase == "flybuild"
    s = play(s, "end")
    assert E.to_act(s) == ["p2"] and s.phase == "action"


# ---- W19, W20, E1, E2 ---------------------------------------------------------------

def test_w19_discard_one_token_at_a_time_down_to_the_limit():
    """W19: above 3 -> discard tokens of your choice to the bag until exactly 3."""
    s = fly_build(game(2), "p1", "C3", "BBGRYV")
    s.hangars[0] = []
    bag0 = dict(s.bag)
    m = {m.id: m for m in E.legal_moves(s, "p1")}
    assert tr(m["end"].text) == "End flying and building, then discard 3"
    s = play(s, "end")
    assert s.phase == "discard" and ids(s) == ["discard:B", "discard:G", "discard:R", "discard:Y", "discard:V"]
    assert tr(E.prompt(s, "p1")) == "discard 3 more (hand limit 3)"
    s = play(s, "discard:B")
    assert s.phase == "discard" and tr(E.prompt(s, "p1")) == "discard 2 more (hand limit 3)"
    last = {m.id: m for m in E.legal_moves(play(s, "discard:V"), "p1")}
    assert all(mv.barrier for mv in last.values())  # the last discard triggers the refill
    s = play(s, "discard:V", "discard:Y")
    assert hand(s, "p1") == "BGR" and s.phase == "action" and E.to_act(s) == ["p2"]
    assert len(s.hangars[0]) == 3
    assert sum(s.bag.values()) == sum(bag0.values()) + 3 - 3
    with pytest.raises(IllegalMove):
        E.apply(fly_build(game(2), "p1", "C3", "BBGRYV"), "p1", "discard:B")  # not before `end`


def test_w19_no_discard_at_or_below_the_limit():
    """W19: holding 3 or fewer, `end` goes straight to the refill."""
    s = fly_build(game(2), "p1", "C3", "BGR")
    s.hangars[1] = ["Y"]
    m = {m.id: m for m in E.legal_moves(s, "p1")}["end"]
    assert m.barrier  # the refill draws
    s = play(s, "end")
    assert hand(s, "p1") == "BGR" and E.to_act(s) == ["p2"] and len(s.hangars[1]) == 3


def test_w20_refill_moves_remaining_up_then_fills_from_hangar_1():
    """W20: remaining tokens keep their order at the top; new tokens go to the bottom, hangar 1 first."""
    s = game(2, seed=5)
    s.hangars = [["R", "G", "B"], ["Y", "V", "B"], ["G", "R", "Y"], ["B", "B", "V"]]
    s.workers = [["p1"], [], ["p1", "p1"], []]
    s.players["p1"].workers = 2
    set_hand(s, "p1", "")
    s = play(s, "return", "end")
    assert s.hangars[0][:2] == ["G", "B"] and s.hangars[2][:1] == ["Y"]
    assert [len(h) for h in s.hangars] == [3, 3, 3, 3]
    assert s.hangars[1] == ["Y", "V", "B"] and s.hangars[3] == ["B", "B", "V"]


def test_w20_discarded_tokens_can_come_back_out():
    """W20: the refill happens after the discard, so a discarded token may be drawn again."""
    s = fly_build(game(2), "p1", "C3", "VVVV")
    s.bag = {c: 0 for c in "BGRYV"}
    s.hangars[0] = ["R", "R"]
    s = play(s, "end", "discard:V")
    assert s.hangars[0] == ["R", "R", "V"] and sum(s.bag.values()) == 0


def test_e2_refill_with_a_short_bag_fills_hangar_1_first():
    """E2: fill hangar 1, then 2, ... until the bag is empty; later hangars stay short, topped up later."""
    s = fly_build(game(2), "p1", "C3", "")
    s.hangars = [["R"], [], ["G"], ["B", "B", "B"]]
    s.bag = {"B": 0, "G": 2, "R": 0, "Y": 1, "V": 0}
    s = play(s, "end")
    assert [len(h) for h in s.hangars] == [3, 1, 1, 3]
    assert sum(s.bag.values()) == 0
    s.bag = {"B": 0, "G": 0, "R": 0, "Y": 0, "V": 9}
    s = play(s, "return", "end", seat="p2")
    assert s.hangars[1][1:] == ["V", "V"] and s.hangars[2] == ["G", "V", "V"]


def test_e1_draw_from_a_short_or_empty_bag_loses_the_shortfall():
    """E1: a draw effect with a short bag takes what is there; never an error."""
    s = fly_build(game(2, B2="res03"), "p2", "B2", "RBY")
    airstrip(s, "B2", "p1")  # payment goes to p1, not to the bag
    s.bag = {"B": 0, "G": 1, "R": 0, "Y": 0, "V": 0}
    s = play(s, "build")
    assert hand(s, "p2") == "G" and sum(s.bag.values()) == 0
    assert tr(s.events[-1]) == "p2 drew 1: G."
    s2 = fly_build(game(2, B2="res03"), "p2", "B2", "RBY")
    airstrip(s2, "B2", "p1")
    s2.bag = {c: 0 for c in "BGRYV"}
    s2 = play(s2, "build")
    assert hand(s2, "p2") == "" and tr(s2.events[-1]) == "p2 drew 0: nothing."


# ---- W21, W22 (T5 is in test_wayfinders_examples) ------------------------------------------

def _builder_turn(s, seat, cubes):
    """`seat` can build res07 (cost Y) on C2 and then end."""
    s.players[seat].cubes = cubes
    fly_build(s, seat, "C2", "Y")
    return play(s, "build", "end")


def test_w21_trigger_at_two_or_fewer_cubes_at_end_of_turn():
    """W21: ending a turn with <= 2 cubes in supply starts the final round; 3 does not."""
    s = game(3, C2="res07")
    s3 = _builder_turn(s.model_copy(deep=True), "p1", 4)
    assert s3.players["p1"].cubes == 3 and not s3.final_round
    s2 = _builder_turn(s.model_copy(deep=True), "p1", 3)
    assert s2.final_round and s2.trigger == "p1"
    assert any("final round" in tr(e) for e in s2.events)


def test_w22_round_completes_and_the_game_ends_after_the_last_player():
    """W22: players after the trigger play; the game ends after the highest home slot; no extra turn."""
    s = _builder_turn(game(4, C2="res07"), "p2", 3)
    assert E.to_act(s) == ["p3"]
    s = play(s, "place:1")
    assert E.to_act(s) == ["p4"] and E.outcome(s) is None
    s = play(s, "place:1")
    assert E.to_act(s) == [] and s.phase == "over" and E.outcome(s) is not None
    assert any(tr(e).startswith("Game over") for e in s.events)
    assert E.legal_moves(s, "p1") == []


def test_w22_trigger_is_not_checked_again():
    """W22: once triggered, later low-cube turns change nothing; trigger stays the first player."""
    s = _builder_turn(game(3, C2="res07", B2="res04"), "p1", 3)
    s.players["p2"].cubes = 1
    s = play(s, "place:1")
    assert s.trigger == "p1" and E.to_act(s) == ["p3"]


def test_e7_several_builds_one_turn_trigger_only_at_end_and_supply_may_reach_zero():
    """E7: one airstrip per island visited, each paid separately; W21 is checked at the end of the turn."""
    s = fly_build(game(2, C2="res07", C1="res04"), "p1", "C2", "YBG")
    s.players["p1"].cubes = 2
    s.bag = {c: 0 for c in "BGRYV"}  # each draw-1 effect can only draw back the token just paid (W18)
    s = play(s, "build")
    assert s.players["p1"].cubes == 1 and not s.final_round and s.phase == "flybuild"
    s = play(s, "fly:C1", "build")  # toll B, then cost G: each paid separately
    assert s.players["p1"].cubes == 0 and not s.final_round
    assert s.board["C2"].slots == ["p1"] and s.board["C1"].slots == ["p1"] and hand(s, "p1") == "GY"
    s = play(s, "end")
    assert s.final_round and s.trigger == "p1"


def test_e13_out_of_cubes_still_places_and_returns():
    """E13: with 0 cubes no build is offered, but placing and returning stay legal."""
    s = game(2, C2="res07")
    s.players["p1"].cubes = 0
    assert "place:1" in ids(s) and "return" in ids(s)
    s = fly_build(s, "p1", "C2", "YYY")
    assert not [i for i in ids(s) if i.startswith("build")]
    with pytest.raises(IllegalMove, match="no airstrip cubes"):
        E.apply(s, "p1", "build")


def test_prompts_describe_the_pending_decision():
    s = game(2)
    assert tr(E.prompt(s, "p1")) == "choose: place a worker (5 in supply) or return your workers"
    assert tr(E.prompt(s, "p2")) == "waiting for p1"
    s = play(s, "return")
    assert tr(E.prompt(s, "p1")).startswith("fly or build, or end (plane on C3")
    assert tr(E.prompt(s, "p1"), "es").startswith("vuela o construye, o termina")


def test_abandoned_game_has_nobody_to_act():
    s = E.abandon(game(2))
    assert E.to_act(s) == [] and E.legal_moves(s, "p1") == []
    assert tr(E.prompt(s, "p1")) == "the game was abandoned"
    with pytest.raises(IllegalMove):
        E.apply(s, "p1", "return")


# ---- E5, E16: random playouts ------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_e16_random_playouts_biased_to_building_always_end(n):
    """E16/W21: random games (biased towards building) reach the end; E5: a seat to act always has a move."""
    for seed in range(4):
        s = E.setup([f"p{i + 1}" for i in range(n)], seed)
        r = Rng.from_seed(seed + 100)
        for _ in range(5000):
            to_act = E.to_act(s)
            if not to_act:
                break
            moves = E.legal_moves(s, to_act[0])
            assert moves, "E5: a seat to act must have a move"
            builds = [m for m in moves if m.id.startswith("build")]
            m = r.choice(builds) if builds and r.below(10) < 9 else r.choice(moves)
            s = E.apply(s, to_act[0], m.id)
        assert s.phase == "over", f"{n} players, seed {seed}: no end within 5000 moves"
        assert any(p.cubes <= 2 for p in s.players.values())


def test_e16_shared_playout_helper_uses_the_weight_hook():
    """E16: rules.playout's weighted random player finishes games too."""
    final, log = play_random(E, ["a", "b", "c"], 7)
    assert final.phase == "over" and log
    s = fly_build(game(2, C2="res07"), "p1", "C2", "Y")
    m = {m.id: m for m in E.legal_moves(s, "p1")}
    assert E.playout_weight(s, "p1", m["build"]) > E.playout_weight(s, "p1", m["end"]) > 0


def test_on_turn_helper_sets_phase():
    s = on_turn(game(2), "p2", "action")
    assert E.to_act(s) == ["p2"]

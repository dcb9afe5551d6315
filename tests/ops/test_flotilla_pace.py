"""`bot.py bench pace` (tools/flotilla_pace.py): its counts add up, a variant plays only in its own seat."""
from __future__ import annotations

import pytest

from rules.flotilla import bot
from rules.flotilla.bot_profile import GREEDY, HARD
from rules.flotilla.data import BOARD
from tools.flotilla_pace import Tally, parse_variant, play, report


def test_every_vp_gained_in_play_is_counted_by_the_step_that_scored_it_F62():
    tally = Tally()
    end = play(2, 3, tally=tally)
    assert end.over and not end.by_limit  # greedy seats empty the VP supply (F62) before the safeguard (F67)
    gained = sum(p.vp for p in end.players.values())
    assert sum(tally.by_step.values()) == gained > 0
    assert sum(sum(v) for v in tally.turns.values()) <= gained
    rallies = sum(len(v) for (side, card), v in tally.turns.items() if card == "captain")
    assert rallies > 0 and sum(tally.rally_hands.values()) >= rallies  # F18: every Rally counted with its hand
    lines = report(tally, [end.round], 0)
    assert lines[0].startswith(f"end round: median {end.round}")
    assert any("captain" in line for line in lines)


def test_a_variant_plays_only_in_its_seat_and_the_defaults_come_back_F19():
    before = bot.COIN_LO
    end = play(2, 3, "p1", {("prof", "turn_round"): 99.0, ("bot", "COIN_LO"): 0.2})
    assert bot.COIN_LO == before
    assert end.players["p1"].side == "sink"  # never turned Skyside (F19) ...
    assert end.players["p2"].side == end.players["p3"].side == "sky"  # ... while the default seats did
    assert play(2, 3).players["p1"].side == "sky"


def test_the_greedy_levels_table_is_the_greedy_bots_game_not_the_hard_policys():
    from rules.bots import bot_rng
    from rules.flotilla import ENGINE
    hard, greedy = play(3, 3), play(3, 3, prof=GREEDY)
    assert ENGINE.dump(hard) != ENGINE.dump(greedy)
    s = ENGINE.setup(["p1", "p2", "p3"], 3, None)
    while ENGINE.to_act(s):  # the greedy table is what the engine's greedy level plays
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, ENGINE.greedy_move(s, seat, bot_rng(3, s.moves_made, seat)).id)
    assert ENGINE.dump(s) == ENGINE.dump(greedy) and HARD != GREEDY


def test_only_the_bots_constants_and_profile_fields_can_be_tried():
    assert parse_variant(["prof.save=0.5", "sky.KIT=1"]) == {("prof", "save"): 0.5, ("sky", "KIT"): 1.0}
    for bad in ("bot.NOPE=1", "engine.SAVE=1", "bot.COIN_LO", "SAVE=1", "prof.nope=1", "bot.SAVE=1"):
        with pytest.raises(SystemExit):
            parse_variant([bad])


def test_every_objective_is_either_taken_or_counted_as_left_in_its_stack_F9_D16():
    tally = Tally()
    end = play(2, 3, "p1", {("prof", "turn_round"): 99.0}, tally=tally)
    taken = [o.split(":") for p in end.players.values() for o in p.objectives]  # "<set>:<side>:<value>"
    for side in ("sink", "sky"):
        printed = sum(sum(BOARD.objectives[name][side]) for name in end.objectives[side])
        mine = [int(v) for _, s, v in taken if s == side]
        assert tally.untaken[side] + len(mine) == 3 * 3  # three stacks of three (F9, 3 players)
        assert tally.untaken_vp[side] + sum(mine) == printed
    assert tally.never_turned == 1 and len(tally.turned) == 2  # p1 stayed Sinkside (F19), the others turned
    assert all(1 <= r <= end.round for r in tally.turned)
    lines = report(tally, [end.round], 0)
    assert any(line.startswith("objectives no one took, a table: sink") for line in lines)
    assert any(line.startswith("turned Skyside in round") and line.endswith("never turned: 1") for line in lines)

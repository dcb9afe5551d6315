"""Eclipse bots: the greedy level (rules/eclipse/greedy.py) plays legal moves and beats random play."""
from __future__ import annotations

from rules.bot_match import play_match
from rules.eclipse import ENGINE as E
from rules.eclipse.frames import Upkeep


def test_greedy_beats_random_players():
    wins = 0
    for seed in range(6):
        _, outcome, _ = play_match(E, ["greedy", "random", "random", "random"], seed=seed)
        wins += "p1" in outcome.winners()
    assert wins >= 5


def test_greedy_games_reach_round_nine():
    state, outcome, _ = play_match(E, ["greedy"] * 3, seed=2)
    assert state.round == 9 and state.phase == "over" and outcome.winners()


def test_greedy_settles_bankruptcy_by_trading_before_giving_up_a_hex():
    """E71: a bankrupt player may trade (E21) or give up hexes; greedy keeps its hexes (VP, E75)
    while it has Materials to trade."""
    from rules.eclipse.greedy import _score
    from .test_eclipse_kit import game, home

    s = game(["terran union", "orion"], seed=0)
    seat = "p1"
    p = s.players[seat]
    p.storage = [0, 0, 20]
    p.track = 2  # high upkeep (E17): Money alone cannot pay it
    s.stack.append(Upkeep.new(kind="upkeep", q=[seat], step="money"))
    assert _score(s, seat, "tr:materials:money") > max(0.0, _score(s, seat, "give:" + home(s, seat)))
    p.storage = [0, 0, 0]
    assert _score(s, seat, "tr:materials:money") < 0  # nothing to spare: not preferred


def test_greedy_does_not_spend_an_influence_action_with_no_hex_to_take():
    """E37: Influence moves a disc onto a reachable hex; with none, the action is wasted."""
    from rules.eclipse.greedy import _score
    from rules.eclipse.moves import influence_targets
    from .test_eclipse_kit import game

    s = game(["terran union", "orion"], seed=0)
    seat = s.turn
    assert not [t for t in influence_targets(s, seat, "track") if t != "track"]
    assert _score(s, seat, "act:influence") < _score(s, seat, "pass") < _score(s, seat, "act:explore")


def _greedy_id(s, seat):
    from rules.bots import bot_rng
    return E.greedy_move(s, seat, bot_rng(0, s.moves_made, seat)).id


def test_greedy_retreats_from_a_battle_it_will_likely_lose_e58_e98():
    from rules.eclipse.battle.game_odds import chance
    from .test_eclipse_combat_kit import board, fight, home, next_to, opts, ships

    s = board()
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    ships(s, hid, "p1", dreadnought=2)
    ships(s, hid, "p2", interceptor=1)
    fight(s)
    assert opts(s) == ["attack", f"retreat:{dest}"]  # E58: p2's interceptor (initiative 3) acts first
    assert chance(s, "p2", hid, 40_000) < 0.25
    assert _greedy_id(s, "p2") == f"retreat:{dest}"
    s = board(rolls=[1])  # E52: the defender's interceptor fires first and misses
    hid = home(s, "p1")
    dest = next_to(s, hid, "102", owner="p2")
    ships(s, hid, "p1", interceptor=1)
    ships(s, hid, "p2", interceptor=1)
    s.players["p2"].blueprints["interceptor"][3] = "electron computer"  # hits on 5+: the better odds
    fight(s)
    assert opts(s) == ["attack", f"retreat:{dest}"] and chance(s, "p2", hid, 40_000) > 0.25
    assert _greedy_id(s, "p2") == "attack"


def test_greedy_move_steps_seek_likely_wins_and_avoid_likely_losses_e108_e98():
    from .test_eclipse_combat_kit import act, board, home, next_to, ships

    s = board()
    seat = s.start
    other = next(x for x in s.order if x != seat)
    hid = home(s, seat)
    ships(s, hid, seat, dreadnought=1)
    weak = next_to(s, hid, "105")
    s.hexes[weak].ancients = 0
    ships(s, weak, other, interceptor=1)  # a Dreadnought against one Interceptor: a likely win
    strong = next_to(s, hid, "001")
    s.hexes[strong].gcds = True  # against the GCDS: a likely loss (E77)
    quiet = next_to(s, hid, "106")
    act(s, "act:move", f"ship:{hid}:dreadnought")
    from rules.eclipse.greedy import _fight_scores
    scores = _fight_scores(s, seat, [f"go:{weak}", f"go:{strong}", f"go:{quiet}"])
    assert scores[f"go:{weak}"] > 0 > scores[f"go:{strong}"] and f"go:{quiet}" not in scores
    assert _greedy_id(s, seat) == f"go:{weak}"

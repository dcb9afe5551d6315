"""Eclipse bots: the greedy level (rules/eclipse/greedy.py) plays legal moves and beats random play."""
from __future__ import annotations

from rules.bot_match import play_match
from rules.eclipse import ENGINE as E


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
    p["res"] = [0, 0, 20]
    p["track"] = 2  # high upkeep (E17): Money alone cannot pay it
    s.stack.append({"k": "upkeep", "q": [seat], "step": "money"})
    assert _score(s, seat, "tr:materials:money") > max(0.0, _score(s, seat, "give:" + home(s, seat)))
    p["res"] = [0, 0, 0]
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

"""The greedy bot on Cursed Island (robinson-scenarios.md K2.6): the temple search is a step of the
scenario's goal (Scenario.goal) once the temple may be searched, so the bot plans it."""
from __future__ import annotations

from rules.bots import choose
from rules.robinson.scenarios import SCENARIOS, cursed
from rules.robinson.state import Spot

from .robinson_kit import E, game

KEY = "cursed_island"


def temple_ready(seed: int = 1, rnd: int = 2):
    """A solo game planning round `rnd`, the temple (totem 1) found in round 1 next to the camp."""
    s = game(1, seed, scenario=KEY)
    s.island[6] = Spot(tile=4)
    s.totems = {6: 1}
    s.round = 1
    cursed.place_temple(s)
    s.round = rnd
    return s


def steps(s):
    goal = SCENARIOS[KEY].goal
    assert goal is not None
    return goal.steps(s)


def test_k2_6_the_temple_search_is_a_goal_step_only_while_it_may_be_made():
    s = temple_ready(rnd=1)
    assert cursed.TEMPLE not in steps(s)  # found this round: searched from the next (K2.6)
    s.round = 2
    assert steps(s)[cursed.TEMPLE] == cursed.TEMPLE_SHARE
    s.temple.searched = 2
    assert cursed.TEMPLE not in steps(s)  # once per game
    assert cursed.TEMPLE not in steps(game(1, 1, scenario=KEY))  # no temple found yet


def test_k2_6_the_greedy_bot_plans_the_temple_search():
    planned = 0
    for seed in range(1, 6):
        s = temple_ready(seed)
        while s.phase == "plan" and s.result is None:
            seat = E.to_act(s)[0]
            s = E.apply(s, seat, choose(E, s, seat, "greedy", seed=seed).id)
        planned += cursed.TEMPLE in [st.target for st in s.queue] + s.done
    assert planned >= 3

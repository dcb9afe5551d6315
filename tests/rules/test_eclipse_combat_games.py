"""Complete random Eclipse games fight battles and finish (E49-E66, E119, E120)."""
from __future__ import annotations

from collections import Counter

from rules.eclipse import ENGINE
from rules.playout import iter_playout, playout_rng


def test_e119_e120_random_four_player_games_fight_and_reach_final_scoring():
    seen: Counter = Counter()
    for seed in (2, 7, 12):
        state = ENGINE.setup(["a", "b", "c", "d"], seed)
        for step in iter_playout(ENGINE, state, playout_rng(seed)):
            seen.update(e.key.rsplit(".", 1)[-1] for e in step.after.events)
            state = step.after
        assert state.phase == "over" and ENGINE.outcome(state) is not None
    assert seen["battle"] and seen["fire_cannons"] and seen["destroyed"] and seen["rep_draw"]

"""Eclipse E28: after passing, a player's turn offers only a Reaction or passing again; `Engine.auto_pass`
names the move that passes again for a player who asked the host to (`/eclipse autopass on`), and nothing
else: never before they passed, never at another decision, never for a seat not to act."""
from __future__ import annotations

import random

from rules import GAMES
from rules.eclipse.frames import Turn
from rules.eclipse.pending import frame


def test_e28_auto_pass_is_the_pass_again_of_a_passed_players_turn_only():
    engine = GAMES["eclipse"]
    assert engine.offers("auto_pass")
    assert not any(GAMES[k].offers("auto_pass") for k in GAMES if k != "eclipse")
    seen = 0
    for seed in range(1, 4):
        state = engine.setup(["p1", "p2", "p3"], seed)
        rng = random.Random(seed)
        for _ in range(400):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            ids = [m.id for m in engine.legal_moves(state, seat)]
            found = engine.auto_pass(state, seat)
            passed_turn = isinstance(frame(state), Turn) and state.players[seat].passed
            assert (found is not None) == passed_turn
            if found is not None:
                assert found == "pass" and found in ids
                assert engine.prompt(state, seat)  # still a decision of theirs, which the host passes
                seen += 1
            for other in state.players:
                if other != seat:
                    assert engine.auto_pass(state, other) is None
            pick = "pass" if "pass" in ids and rng.random() < 0.3 else rng.choice(ids)
            state = engine.apply(state, seat, pick)
    assert seen

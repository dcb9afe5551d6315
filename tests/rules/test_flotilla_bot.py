"""The greedy bot (rules/flotilla/bot.py): legal, reproducible, and blind to dice and draws to come."""
from __future__ import annotations

from rules.bots import choose
from rules.flotilla import ENGINE
from rules.flotilla.bot import evaluate
from rules.rng import Rng


def _greedy_states(seed: int, every: int = 9, limit: int = 10_000):
    s = ENGINE.setup(["a", "b", "c", "d"], seed)
    out = []
    i = 0
    while ENGINE.to_act(s) and i < limit:
        seat = ENGINE.to_act(s)[0]
        if i % every == 0:
            out.append(s)
        m = choose(ENGINE, s, seat, "greedy", seed=seed)
        assert m.id in {x.id for x in ENGINE.legal_moves(s, seat)}
        s = ENGINE.apply(s, seat, m.id)
        i += 1
    return out, s


def test_greedy_never_looks_at_the_dice_or_draws_to_come():
    """Two states that differ only in the random generator get the same decision."""
    states, _ = _greedy_states(77, every=5, limit=300)
    for s in states:
        seat = ENGINE.to_act(s)[0]
        other = ENGINE.copy_state(s)
        other.rng = Rng(state=(s.rng.state * 6364136223846793005 + 1) % (1 << 64))
        assert choose(ENGINE, s, seat, "greedy", seed=5).id == choose(ENGINE, other, seat, "greedy", seed=5).id


def test_greedy_is_reproducible_and_evaluate_is_pure():
    a, end_a = _greedy_states(78, every=50)
    b, end_b = _greedy_states(78, every=50)
    assert ENGINE.dump(end_a) == ENGINE.dump(end_b)
    s = a[len(a) // 2]
    before = ENGINE.dump(s)
    evaluate(s, s.order[0])
    assert ENGINE.dump(s) == before

"""rules/shuffles.py: a Dealer draws exactly what an Rng of the same seed draws (it runs Rng's own code)."""
from __future__ import annotations

from rules.rng import Rng
from rules.shuffles import Dealer


def test_a_dealer_draws_what_the_rng_of_its_seed_draws():
    for seed in (0, 1, 2**64 - 1, 123456789):
        a, b = Dealer(seed), Rng.from_seed(seed)
        x, y = list(range(50)), list(range(50))
        a.shuffle(x)
        b.shuffle(y)
        assert x == y and x != list(range(50))
        assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]
        assert a.below(1000) == b.below(1000) and a.choice("abcdef") == b.choice("abcdef")
        assert a.state == b.state

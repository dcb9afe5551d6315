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


def test_greedy_builds_next_to_its_own_colour_F41_F42():
    """A ready kit (a reserve tile and its barrels) is built, on the cell where B (F42) is largest."""
    from rules.flotilla.hexes import is_hub, neighbours
    from rules.flotilla.sky import build_cells

    from .test_flotilla_kit import chain, me, put_tile
    from .test_flotilla_sky import skyside
    s, seat = skyside()
    home = me(s).home
    n1 = next(c for c in neighbours(home) if not is_hub(c))
    put_tile(s, n1, "red-09", seat, face="sky")
    me(s).tiles, me(s).barrels = ["red-02"], {"p": 0, "y": 0, "r": 1, "b": 0}
    s = chain(s, "founders-1-settler-a", [["build", 1]])
    assert choose(ENGINE, s, seat, "greedy").id == "bt:red-02"
    s = ENGINE.apply(s, seat, "bt:red-02")
    cells = build_cells(s, seat)
    assert any(c not in neighbours(n1) for c in cells)  # a worse cell exists
    cell = choose(ENGINE, s, seat, "greedy").id.split(":")[1]
    assert cell in neighbours(n1)  # B = 2, not 1


def test_greedy_skyside_spends_spare_coins_on_barrels_its_tiles_need_F33():
    """With no objective left to save for, a Skysider buys the barrels its reserve tiles cost."""
    from .test_flotilla_kit import chain
    from .test_flotilla_sky import skyside
    s, seat = skyside()
    s.objectives["sky"] = {k: 3 for k in s.objectives["sky"]}  # every Skyside stack is empty
    s = chain(s, "trader", [["trans", 3, 0]], tiles=["red-02"], coins=60)
    assert choose(ENGINE, s, seat, "greedy").id == "tx:buy:r"

"""The hard level's plans (rules/robinson/bot/alternatives.py, R30-R38): the greedy bot's whole plan first,
then plans that part from it at one step for a close second choice, completed greedily; and the hard
level racing them (rules/search/paired.py through the engine's `search_tuning`)."""
from __future__ import annotations


from rules.bots import choose
from rules.rng import Rng
from rules.robinson import ENGINE as E
from rules.robinson.bot.alternatives import plans
from rules.robinson.bot.planning import scored
from rules.robinson.search_hooks import PLANS
from rules.search import search, tuned
from rules.unvalidated import construct

from .planning_kit import planning_at, positions  # noqa: F401 (positions: a fixture)


def greedy_plan(s, seat):
    """What the greedy bot plays for `seat` until it has confirmed (R30), ties broken as `plans` breaks them."""
    chain = []
    rng = construct(Rng, state=s.moves_made)
    while s.phase == "plan" and seat not in s.confirmed and seat in E.to_act(s):
        mid = E.greedy_move(s, seat, rng).id
        chain.append(mid)
        s = E.apply(s, seat, mid)
    return chain


def test_r30_the_first_plan_is_the_greedy_bots_and_every_plan_is_legal_and_confirmed(positions):
    assert len(positions) >= 3
    for s in positions:
        seat = E.to_act(s)[0]
        got = plans(E, s, seat, 5)
        assert got[0] == greedy_plan(s, seat)
        assert 2 <= len(got) <= 5
        for chain in got:
            x = s
            for mid in chain:
                x = E.apply(x, seat, mid)
            assert x.phase != "plan" or seat in x.confirmed  # R30: a whole plan, confirmed


def test_r30_each_alternative_parts_from_the_greedy_plan_at_a_step_for_a_move_scored_there(positions):
    for s in positions:
        seat = E.to_act(s)[0]
        first, *rest = plans(E, s, seat, 5)
        for chain in rest:
            step = next(i for i, (a, b) in enumerate(zip(first, chain)) if a != b)
            x = s
            for mid in chain[:step]:
                x = E.apply(x, seat, mid)
            assert chain[step] in {m for _, m in scored(x, seat)} | {"ok"}


def test_r38_plans_that_place_the_same_stacks_in_another_order_are_offered_once(positions):
    for s in positions:
        seat = E.to_act(s)[0]
        keys = [tuple(sorted(m for m in c if m[:2] in ("p:", "s:"))) for c in plans(E, s, seat, 8)]
        assert len(keys) == len(set(keys))


def test_plans_are_the_same_for_the_same_state(positions):
    s = positions[0]
    seat = E.to_act(s)[0]
    assert plans(E, s, seat, 5) == plans(E, E.copy_state(s), seat, 5)


def test_the_hard_level_races_whole_plans_and_plays_a_legal_move_reproducibly(positions):
    s = positions[0]
    seat = E.to_act(s)[0]
    config = tuned(E, iterations=40)
    assert config.paired and config.policy_rounds == 2  # the engine's search_tuning
    result = search(E, s, seat, Rng.from_seed(5), config)
    assert set(result.visits) == {" ".join(c) for c in plans(E, s, seat, PLANS)}
    assert result.iterations <= 40 and max(result.visits.values()) >= 4
    a = choose(E, s, seat, "hard", seed=7, config=config)
    assert a.id in E.move_ids(s, seat)
    assert choose(E, s, seat, "hard", seed=7, config=config).id == a.id

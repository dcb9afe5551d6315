"""The hard level's plans around one priority (rules/robinson/bot/leanings.py, R30-R38): the whole round
replanned with one kind of stack's worth scaled up, every other choice the greedy bot's, raced with the
greedy plan and its one-step variants when `alternatives.LEAN` is set (off: measured weaker)."""
from __future__ import annotations

import pytest

from rules.rng import Rng
from rules.robinson import ENGINE as E
from rules.robinson.bot import alternatives
from rules.robinson.bot.alternatives import planning, plans
from rules.robinson.bot.leanings import LEANINGS, kind_of, lean, leaned_plan
from rules.robinson.bot.planning import scored
from rules.unvalidated import construct

from .planning_kit import planning_at, positions  # noqa: F401 (positions: a fixture)


def leaned(s, seat, name):
    return leaned_plan(E, s, seat, name, construct(Rng, state=s.moves_made), alternatives.STEPS,
                       lambda x: planning(E, x, seat))


def test_stack_kinds_read_the_target():
    assert kind_of("gather", "g.3.wood") == "wood"  # R61: a wood source
    assert kind_of("gather", "g.6.parrot") == "food"
    assert kind_of("build", "b.roof.w") == "roof"  # R56
    assert kind_of("build", "b.shelter.f") == "shelter"
    assert kind_of("build", "b.inv.Fire") == "inv"  # R58
    assert kind_of("explore", "x.5") == "explore"  # R62
    assert kind_of("rest", "rest") == "rest"  # R65


def test_a_leaning_scales_the_positive_worth_of_its_stacks_only(positions):
    checked = 0
    for s in positions:
        seat = E.to_act(s)[0]
        plain = {m: v for v, m in scored(s, seat)}
        wood = {m: v for v, m in scored(s, seat, lean("wood"))}
        for m, v in plain.items():
            is_wood = m.startswith("p:g.") and m.split(":")[1].endswith(".wood")  # R61: a wood source
            checked += is_wood and v > 0
            want = v * LEANINGS["wood"]["wood"] if is_wood and v > 0 else v
            assert wood[m] == pytest.approx(want), m
    assert checked >= 1


def test_r30_every_leaned_plan_is_legal_and_confirmed(positions):
    for s in positions:
        seat = E.to_act(s)[0]
        for name in LEANINGS:
            x = s
            chain = leaned(s, seat, name)
            for mid in chain:
                assert mid in E.move_ids(x, seat)
                x = E.apply(x, seat, mid)
            assert not planning(E, x, seat)  # R30: a whole plan, confirmed


def test_the_plans_raced_include_leaned_plans_the_one_step_variants_miss(monkeypatch):
    found = 0
    for seats, seed, rnd in ((["p1"], 5, 3), (["p1"], 6, 5), (["p1"], 7, 7), (["p1", "p2"], 5, 3),
                             (["p1", "p2"], 6, 5)):
        s = planning_at(seats, seed, rnd)
        if s is None:
            continue
        seat = E.to_act(s)[0]
        with monkeypatch.context() as m:
            m.setattr(alternatives, "LEAN", False)
            variants = {tuple(c) for c in plans(E, s, seat, 5)}
        with monkeypatch.context() as m:
            m.setattr(alternatives, "LEAN", True)
            raced = plans(E, s, seat, 5)
        assert raced[0] in [list(c) for c in variants]  # the greedy plan first either way
        for name in LEANINGS:
            chain = leaned(s, seat, name)
            found += chain in raced and tuple(chain) not in variants
    assert found >= 2  # plans around a priority that one step's second choice never reaches

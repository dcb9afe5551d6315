"""The search pool (host/search_pool.py): root-parallel workers in processes of their own, reproducible with an
iteration budget, and the greedy move when no worker answers."""
from __future__ import annotations

import asyncio

from host.search_pool import SearchPool, search_worker
from rules import GAMES
from rules.bots import bot_rng, choose, search_rng, settle
from rules.search import merge_results, search, tuned

WAY = GAMES["wayfinders"]


def position():
    state = WAY.setup(["p1", "p2"], 12)
    return state, WAY.to_act(state)[0]


def test_the_same_seed_and_iterations_give_the_same_statistics_the_merge_of_the_workers_trees():
    state, seat = position()

    async def go():
        pool = SearchPool(workers=2, cpu=10.0)
        try:
            a = await pool.merged("wayfinders", WAY.dump(state), seat, seed=8, iterations=40)
            runs = [s.result for s in pool.last]
            b = await pool.merged("wayfinders", WAY.dump(state), seat, seed=8, iterations=40)
            return a, b, runs, pool.pids()
        finally:
            pool.close()

    a, b, runs, pids = asyncio.run(go())
    assert a == b and len(runs) == 2 and len(pids) == 2
    # each worker searched its own tree from its own seed; the move is that of the summed roots
    local = [search(WAY, state, seat, search_rng(8, state.moves_made, seat, i), tuned(WAY, iterations=40))  # the game's own search, as a worker runs it
             for i in range(2)]
    assert runs == local
    assert a == merge_results(local)


def test_one_worker_with_iterations_plays_what_the_pure_hard_level_plays():
    state, seat = position()
    config = tuned(WAY, iterations=30)

    async def go():
        pool = SearchPool(workers=1)
        try:
            return await pool.move(WAY, state, seat, seed=3, iterations=30)
        finally:
            pool.close()

    assert asyncio.run(go()) == choose(WAY, state, seat, "hard", seed=3, config=config)


def test_a_worker_that_fails_leaves_the_greedy_move():
    state, seat = position()

    async def go():
        pool = SearchPool(workers=1)
        try:
            found = await pool.merged("no-such-game", WAY.dump(state), seat, seed=3, iterations=5)
            move = await pool.move(WAY, state, seat, seed=3, iterations=5)
            return found, pool.failures, move
        finally:
            pool.close()

    found, failures, move = asyncio.run(go())
    assert found is None and failures == 1
    moves = WAY.legal_moves(state, seat)
    assert settle(WAY, state, seat, moves, None, 3) == WAY.greedy_move(state, seat, bot_rng(3, 0, seat))
    # and the pool searches on after it: the next decision is the pure hard level's
    assert move == choose(WAY, state, seat, "hard", seed=3, config=tuned(WAY, iterations=5))


def test_a_cpu_budget_stops_the_search_and_reports_what_it_used(monkeypatch):
    state, seat = position()
    while state.round < 7:  # a position whose moves are worth different things
        mover = WAY.to_act(state)[0]
        state = WAY.apply(state, mover, WAY.greedy_move(state, mover, bot_rng(1, state.moves_made, mover)).id)
    seat = WAY.to_act(state)[0]
    monkeypatch.setattr(WAY, "search_tuning", {**WAY.search_tuning, "race_z": 1e9})  # no move leaves the race
    answer = search_worker("wayfinders", WAY.dump(state), seat, 1, 0, cpu=0.2, iterations=None)
    assert answer.result.iterations >= 1 and answer.cpu >= 0.2 - 1e-3 and answer.rss_mib > 0

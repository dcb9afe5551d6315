"""Bot levels (rules.bots, rules.bot_match): complete games for every engine; Wayfinders' greedy beats random."""
from __future__ import annotations

import pytest

from rules import GAMES
from rules.bot_match import head_to_head, play_match
from rules.bots import LEVELS, choose
from rules.search import SearchConfig
from tests.conformance.toy_game import ToyEngine


TINY = SearchConfig(iterations=3)  # the "hard" level with a tiny budget: complete games in test time


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_complete_games_of_every_engine(key, level):
    engine = GAMES[key]
    for players in sorted({engine.min_players, engine.max_players}):
        if level == "hard" and players != engine.min_players:
            continue  # one table of the search level is enough here
        state, outcome, moves = play_match(engine, [level] * players, seed=11 + players, config=TINY)
        assert engine.to_act(state) == []
        assert moves > 0
        assert set(outcome.scores) <= set(state.seats)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_mixed_levels_replay_exactly(key):
    engine = GAMES[key]
    n = engine.min_players
    levels = ["greedy" if i % 2 == 0 else "random" for i in range(n)]
    a, _, ma = play_match(engine, levels, seed=5)
    b, _, mb = play_match(engine, levels, seed=5)
    assert ma == mb and engine.dump(a) == engine.dump(b)


def test_choose_refuses_unknown_level():
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 1)
    with pytest.raises(ValueError):
        choose(engine, state, engine.to_act(state)[0], "genius")


def test_wayfinders_greedy_beats_random():
    """The async-play issue asks >= 70% over 200 games (printed by `bot.py bench bots`); 40 games here."""
    fig = head_to_head(GAMES["wayfinders"], 40, players=2, seed=300)
    assert fig.games == 40
    assert fig.win_rate >= 0.6, fig


def test_wayfinders_greedy_move_is_legal_in_every_phase():
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2", "p3"], 8)
    phases = set()
    for _ in range(300):
        to_act = engine.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        move = choose(engine, state, seat, "greedy", seed=2)
        assert move.id in {m.id for m in engine.legal_moves(state, seat)}
        phases.add(state.phase)
        state = engine.apply(state, seat, move.id)
    assert {"action", "flybuild"} <= phases


class OneMove(ToyEngine):
    """The toy game with only its first option legal."""

    def options(self, state, seat, move_id=None):
        return list(super().options(state, seat, move_id))[:1]


def test_the_hard_level_does_not_search_a_single_legal_move(monkeypatch):
    import rules.bots

    def no_search(*args, **kwargs):
        raise AssertionError("searched a single legal move")

    monkeypatch.setattr(rules.bots, "search", no_search)
    game = OneMove()
    state = game.setup(["p1", "p2"], 1)
    assert choose(game, state, "p1", "hard", seed=3).id == "stance:1"


def test_the_hard_level_is_reproducible_and_legal():
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 21)
    seat = engine.to_act(state)[0]
    config = SearchConfig(iterations=60)
    a = choose(engine, state, seat, "hard", seed=4, config=config)
    assert a == choose(engine, state, seat, "hard", seed=4, config=config)
    assert a.id in engine.move_ids(state, seat)


def test_the_hard_level_keeps_the_greedy_move_by_the_games_own_margin(monkeypatch):
    from rules.bots import bot_rng, settle
    from rules.search import SearchResult

    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 21)
    seat = engine.to_act(state)[0]
    moves = engine.legal_moves(state, seat)
    greedy = engine.greedy_move(state, seat, bot_rng(4, state.moves_made, seat)).id
    other = next(m.id for m in moves if m.id != greedy)
    result = SearchResult(visits={greedy: 9, other: 10}, sums={greedy: 5.22, other: 6.0}, iterations=19)
    assert settle(engine, state, seat, moves, result, 4).id == other  # 0.02 better: more than Wayfinders' 0.01
    monkeypatch.setattr(engine, "search_tuning", {})
    assert settle(engine, state, seat, moves, result, 4).id == greedy  # the default margin, 0.03, keeps greedy

"""The search behind the "hard" bot level (rules/search), on the toy game of tests/conformance."""
from __future__ import annotations

from rules.rng import Rng
from rules.search import SearchConfig, best_move, merge_results, search, tuned
from rules.search.ismcts import determinize
from tests.conformance.toy_game import TOY, ToyEngine


def toy_turn(pile: int, hand: list[int], seed: int = 1):
    """A toy game past its stances, `p1` to choose with `pile` stones left and `hand` in hand."""
    s = TOY.setup(["p1", "p2"], seed)
    s = TOY.apply(s, "p1", "stance:1")
    s = TOY.apply(s, "p2", "stance:1")
    s.pile, s.turn = pile, 0
    s.hands["p1"] = list(hand)
    return s


def wins_at_once(state, seat, move_id) -> bool:
    after = TOY.apply(state, seat, move_id)
    out = TOY.outcome(after)
    return out is not None and out.ranks[seat] == 1


def test_the_same_seed_and_budget_give_the_same_search():
    s = toy_turn(9, [1, 2])
    config = SearchConfig(iterations=120)
    a = search(TOY, s, "p1", Rng.from_seed(5), config)
    b = search(TOY, s, "p1", Rng.from_seed(5), config)
    assert a == b and sum(a.visits.values()) == a.iterations
    others = [search(TOY, s, "p1", Rng.from_seed(k), config) for k in (6, 7, 8)]
    assert any(o.visits != a.visits for o in others)  # the seed matters: samples and chance differ


def test_it_takes_the_last_stones_when_that_wins():
    s = toy_turn(3, [1, 1])
    result = search(TOY, s, "p1", Rng.from_seed(2), SearchConfig(iterations=200))
    move = best_move(result)
    assert move == "take:3" and wins_at_once(s, "p1", move)


def test_it_stops_early_once_no_other_move_can_catch_up():
    s = toy_turn(3, [1, 1])
    result = search(TOY, s, "p1", Rng.from_seed(2), SearchConfig(iterations=2000))
    assert result.iterations < 2000
    top, second = sorted(result.visits.values(), reverse=True)[:2]
    assert top - second > 2000 - result.iterations or top >= 0.9 * result.iterations  # out of reach, or clear
    quick = search(TOY, s, "p1", Rng.from_seed(2), SearchConfig(iterations=300))
    top, second = sorted(quick.visits.values(), reverse=True)[:2]
    assert quick.iterations < 300 and top - second > 300 - quick.iterations


def test_the_stop_test_ends_the_search_between_checks():
    s = toy_turn(9, [1, 2])
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 2

    result = search(TOY, s, "p1", Rng.from_seed(1), SearchConfig(iterations=1000, check_every=10), stop=stop)
    assert result.iterations == 20


def test_progressive_widening_tries_few_children_of_a_little_visited_node():
    s = toy_turn(9, [1, 2])
    assert len(TOY.move_ids(s, "p1")) >= 5
    result = search(TOY, s, "p1", Rng.from_seed(1), SearchConfig(iterations=4, widen_k=1.0, widen_alpha=0.5))
    assert len(result.visits) == 2  # ceil(sqrt(n + 1)) candidates after n visits
    wide = search(TOY, s, "p1", Rng.from_seed(1), SearchConfig(iterations=4, widen_k=9.0))
    assert len(wide.visits) == 4


def test_a_sample_reseeds_the_generator_and_changes_nothing_else():
    s = toy_turn(9, [1, 2])
    a = determinize(TOY, s, "p1", Rng.from_seed(1))
    b = determinize(TOY, s, "p1", Rng.from_seed(2))
    assert len({a.rng.state, b.rng.state, s.rng.state}) == 3
    strip = {"rng"}
    assert a.model_dump(exclude=strip) == s.model_dump(exclude=strip) == b.model_dump(exclude=strip)


def test_root_parallel_results_merge_by_summing_visits():
    s = toy_turn(9, [1, 2])
    config = SearchConfig(iterations=60)
    parts = [search(TOY, s, "p1", Rng.from_seed(k), config) for k in (1, 2)]
    merged = merge_results(parts)
    assert merged.iterations == parts[0].iterations + parts[1].iterations
    for move in set(parts[0].visits) | set(parts[1].visits):
        assert merged.visits[move] == parts[0].visits.get(move, 0) + parts[1].visits.get(move, 0)
    assert merge_results(parts) == merged


class MacroToy(ToyEngine):
    """The toy game offering whole actions: a roll together with the use of its die."""

    def macro_moves(self, state, seat):
        if state.phase != "choose":
            return None
        return [("roll use", 3.0), ("take:1", 1.0)]


def test_macro_moves_are_searched_as_chains_and_the_first_step_is_played():
    game = MacroToy()
    s = game.setup(["p1", "p2"], 1)
    s = game.apply(game.apply(s, "p1", "stance:1"), "p2", "stance:1")
    result = search(game, s, s.seats[s.turn], Rng.from_seed(3), SearchConfig(iterations=40))
    assert set(result.visits) <= {"roll use", "take:1"}
    assert best_move(result) in {"roll", "take:1"}


def test_the_greedy_move_stands_unless_the_search_found_a_clearly_better_one():
    from rules.search import SearchResult

    result = SearchResult(visits={"a": 10, "b": 8}, sums={"a": 6.0, "b": 4.0}, iterations=18)
    assert best_move(result) == "a"
    assert best_move(result, prefer="b") == "a"  # 0.60 against 0.50: clearly better
    close = SearchResult(visits={"a": 10, "b": 8}, sums={"a": 6.0, "b": 4.76}, iterations=18)
    assert best_move(close, prefer="b") == "b"  # 0.60 against 0.595: greedy decides (a flight back and forth)
    assert best_move(close, prefer="b", margin=0.001) == "a"
    assert best_move(SearchResult({}, {}, 0), prefer="b") == "b"
    assert best_move(result, prefer="zzz") == "a"  # a move the search never tried cannot be weighed


def test_a_tree_depth_of_one_weighs_the_root_moves_alone(monkeypatch):
    import rules.search.ismcts as ismcts

    listed = []
    real = ismcts.candidates

    def spy(engine, state, seat, rng, depth, config):
        listed.append(depth)
        return real(engine, state, seat, rng, depth, config)

    monkeypatch.setattr(ismcts, "candidates", spy)
    s = toy_turn(9, [1, 2])
    flat = search(TOY, s, "p1", Rng.from_seed(5), SearchConfig(iterations=60, tree_depth=1))
    assert listed == [0] and sum(flat.visits.values()) == flat.iterations  # only the root's moves were listed
    listed.clear()
    search(TOY, s, "p1", Rng.from_seed(5), SearchConfig(iterations=60))
    assert max(listed) >= 1  # without the limit the tree grows below the root


def test_a_search_with_one_candidate_does_not_search():
    game = MacroToy()
    game.macro_moves = lambda state, seat: [("take:1", 1.0)]
    s = game.setup(["p1", "p2"], 1)
    s = game.apply(game.apply(s, "p1", "stance:1"), "p2", "stance:1")
    result = search(game, s, s.seats[s.turn], Rng.from_seed(3), SearchConfig(iterations=40))
    assert result.iterations == 0 and best_move(result) == "take:1"


def test_a_games_tuning_for_larger_tables_applies_from_that_many_seats():
    class Tuned:
        search_tuning = {"race_after": 5, "from_seats": {5: {"race_after": 3}, 4: {"race_keep": 4}}}

    game = Tuned()
    assert tuned(game).race_keep == 0 and tuned(game, 3).race_keep == 0 and tuned(game, 3).race_after == 5
    assert tuned(game, 4).race_keep == 4 and tuned(game, 4).race_after == 5
    assert tuned(game, 5).race_keep == 4 and tuned(game, 5).race_after == 3  # every threshold reached, in order
    assert tuned(game, 6, race_keep=1).race_keep == 1  # the caller's fields last
    assert Tuned.search_tuning["from_seats"] == {5: {"race_after": 3}, 4: {"race_keep": 4}}  # left as it was


class PolicyToy(ToyEngine):
    """The toy game with a greedy bot and a hard policy of its own that disagree: greedy takes one stone, the
    policy takes the most it may."""

    def greedy_move(self, state, seat, rng):
        return next(m for m in self.legal_moves(state, seat) if m.id == "take:1")

    def search_policy(self, state, seat, rng):
        takes = [m for m in self.legal_moves(state, seat) if m.id.startswith("take:")]
        return max(takes, key=lambda m: int(m.id.split(":")[1]))


def test_a_games_search_policy_is_the_hard_levels_prior_and_kept_move_and_greedy_stays_the_greedy_levels():
    from rules.bots import choose, settle
    from rules.search.steps import candidates, policy_move

    game = PolicyToy()
    s = game.setup(["p1", "p2"], 1)
    s = game.apply(game.apply(s, "p1", "stance:1"), "p2", "stance:1")
    seat = s.seats[s.turn]
    policy = game.search_policy(s, seat, Rng.from_seed(1)).id
    assert policy != "take:1" and policy_move(game, s, seat, Rng.from_seed(1)).id == policy
    config = SearchConfig(iterations=10)
    ranked = candidates(game, s, seat, Rng.from_seed(1), 0, config)
    assert ranked[0][0] == policy and ranked[0][1] > ranked[1][1]  # the prior's greedy share goes to the policy
    assert settle(game, s, seat, game.legal_moves(s, seat), None, 3).id == policy  # no search answered
    assert choose(game, s, seat, "greedy", seed=3).id == "take:1"
    plain = ToyEngine()  # a game with neither a policy nor a greedy bot: no policy move (the search's priors are even)
    assert not plain.offers("search_policy") and policy_move(plain, s, seat, Rng.from_seed(1)) is None

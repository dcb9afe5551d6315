"""Wayfinders' search hooks (rules/wayfinders/search_hooks.py): what a seat may not know is redrawn, W42, W41."""
from __future__ import annotations

from collections import Counter

from rules.bot_match import play_match
from rules.rng import Rng
from rules.search import search, tuned
from rules.wayfinders import ENGINE as E
from rules.wayfinders.islands import ISLANDS
from rules.wayfinders.payment import draw

from .wayfinders_kit import layout


def face_down(state) -> dict[str, str]:
    return {c: cell.island for c, cell in state.board.items() if not cell.face_up and cell.island is not None}


def test_w42_a_sample_shows_the_seat_the_same_game_and_draws_anew():
    # W42: everything is public but the order of draws: the sample's view is the real one, its draws its own.
    s = E.setup(["p1", "p2", "p3"], 7)
    samples = [E.resample(s, "p2", Rng.from_seed(k)) for k in range(6)]
    for new in samples:
        for seat in (None, "p1", "p2", "p3"):
            assert E.view(new, seat) == E.view(s, seat)
    firsts = {tuple(draw(dict(new.bag), new.rng, 4)) for new in samples}
    assert len(firsts) > 1  # the next draws differ from sample to sample
    before = s.rng.state
    E.resample(s, "p1", Rng.from_seed(1))
    assert s.rng.state == before  # the real game's generator is never touched
    assert all(new.rng.state != before for new in samples)


def test_w41_face_down_tiles_are_dealt_again_from_the_unseen_ones_of_each_back():
    # W41: face-down tiles are hidden from everyone; W5/W40(a): the mix fixes how many of each back lie on the board.
    s = E.setup(["p1", "p2"], 4, {"exploration": True, "mix": (9, 8, 7)})
    hidden = face_down(s)
    assert len(hidden) == 20
    up = {cell.island for cell in s.board.values() if cell.face_up and cell.island is not None}
    backs = Counter(ISLANDS[i].back for i in hidden.values())
    changed = 0
    for k in range(5):
        new = E.resample(s, "p1", Rng.from_seed(k))
        deal = face_down(new)
        assert set(deal) == set(hidden)
        assert Counter(ISLANDS[i].back for i in deal.values()) == backs
        assert not set(deal.values()) & up and len(set(deal.values())) == len(deal)
        assert E.view(new, "p1") == E.view(s, "p1") and E.view(new, None) == E.view(s, None)
        changed += deal != hidden
    assert changed >= 4
    assert face_down(s) == hidden  # the real board is untouched


def test_w40b_a_random_mix_deals_any_unseen_tile():
    s = E.setup(["p1", "p2"], 9, {"exploration": True, "random_mix": True})
    up = {cell.island for cell in s.board.values() if cell.face_up and cell.island is not None}
    deal = face_down(E.resample(s, "p2", Rng.from_seed(3)))
    assert len(deal) == 20 and not set(deal.values()) & up and len(set(deal.values())) == 20


def test_w40c_a_fixed_layout_is_known_to_all_and_stays():
    s = E.setup(["p1", "p2"], 2, {"exploration": True, "layout": layout()})
    assert face_down(E.resample(s, "p1", Rng.from_seed(1))) == face_down(s)


def test_evaluate_gives_chances_that_sum_to_one_between_two_seats_and_the_outcome_at_the_end():
    # W23: the running score counts; a finished game (W21) is worth its ranks.
    s = E.setup(["p1", "p2"], 3)
    values = E.evaluate(s)
    assert set(values) == {"p1", "p2"} and all(0.0 <= v <= 1.0 for v in values.values())
    assert abs(sum(values.values()) - 1.0) < 1e-9
    end, outcome, _ = play_match(E, ["greedy", "greedy"], seed=6)
    final = E.evaluate(end)
    winners = outcome.winners()
    if len(winners) == 1:
        assert final[winners[0]] == 1.0 and sum(final.values()) == 1.0
    else:
        assert all(final[w] == 0.5 for w in winners)


def test_w13_a_returns_flights_are_the_greedy_bots_and_a_long_one_ends():
    # W13: a return's flights and builds are the player's; the search leaves them to the greedy bot's look-ahead
    # (one candidate, so no search), and past the greedy bot's limit of cells flown ends the return.
    s = E.setup(["p1", "p2"], 4)
    assert E.macro_moves(s, E.to_act(s)[0]) is None  # the action phase: every legal move
    s = E.apply(s, s.order[0], "return")
    seat = s.order[0]
    assert s.phase == "flybuild"
    s = E.apply(s, seat, next(i for i in E.move_ids(s, seat) if i.startswith("fly:")))
    greedy = E.greedy_move(s, seat, Rng.from_seed(1)).id
    assert E.macro_moves(s, seat) == [(greedy, 1.0)]
    result = search(E, s, seat, Rng.from_seed(2), tuned(E, iterations=50))
    assert result.iterations == 0 and result.visits == {greedy: 1}
    s.flown = ["B2"] * 12
    assert E.macro_moves(s, seat) == [("end", 1.0)]


def test_e4_a_return_that_would_make_a_round_of_idle_returns_is_no_candidate_of_the_search():
    # E4: a return with no worker on the board collects nothing.  With nobody's worker on the board and nothing
    # built, it only hands the turn on; two hard seats once took such returns in turn for ever (W21 needs cubes
    # built).  The search never completes a round of them; other returns stay candidates (W11).
    s = E.setup(["p1", "p2"], 4)
    first = E.to_act(s)[0]
    assert E.macro_moves(s, first) is None and s.idle == 0  # one idle return is still a choice
    s = E.apply(E.apply(s, first, "return"), first, "end")
    second = E.to_act(s)[0]
    assert second != first and s.idle == 1 and not any(s.workers) and "return" in E.move_ids(s, second)
    places = [i for i in E.move_ids(s, second) if i.startswith("place:")]
    assert E.macro_moves(s, second) == [(i, 1.0) for i in places]
    result = search(E, s, second, Rng.from_seed(3), tuned(E, iterations=12))
    assert result.visits and "return" not in result.visits
    rich = E.copy_state(s)  # a return that builds changes the game: kept
    rich.players[second] = rich.players[second].model_copy(update={"hand": {c: 4 for c in "BGRYV"}})
    assert E.macro_moves(rich, second) is None
    placed = E.apply(s, second, "place:1")  # a worker on the board: the next return is a real choice again
    assert placed.idle == 0 and E.macro_moves(placed, first) is None


def rolled_out(run):
    """`run()`'s result and the round of every greedy turn its rollouts played."""
    seen = []
    real = E.greedy_chain

    def spy(state, seat, rng):
        seen.append(state.round)
        return real(state, seat, rng)

    E.greedy_chain = spy
    try:
        return run(), seen
    finally:
        del E.greedy_chain


def test_the_action_phase_is_judged_by_greedy_play_to_the_end_of_the_third_round_after_this_one():
    # W9: a round is one turn of each player; the hard level's rollouts play greedy turns until four have ended.
    s = E.setup(["p1", "p2"], 5)
    assert tuned(E).policy_rounds == 4
    seat = E.to_act(s)[0]
    width = len(E.move_ids(s, seat))
    result, seen = rolled_out(lambda: search(E, s, seat, Rng.from_seed(3), tuned(E, iterations=width)))
    assert result.iterations == width  # one pass of the race: every root move rolled out once
    assert max(seen) == s.round + 3 and len(seen) > 7 * width  # each rollout: greedy turns of four rounds, then stop


def test_w13_the_rollouts_greedy_chain_is_a_return_planned_whole_beginning_with_the_greedy_move():
    from rules.bots import bot_rng

    s = E.setup(["p1", "p2"], 2)
    whole_returns = 0
    while not E.is_over(s) and s.round <= 8:
        seat = E.to_act(s)[0]
        greedy = E.greedy_move(s, seat, bot_rng(2, s.moves_made, seat)).id
        chain = E.greedy_chain(s, seat, bot_rng(2, s.moves_made, seat))
        assert chain[0] == greedy
        t = s
        for move_id in chain:  # every step legal after the ones before, all the seat's own
            assert E.to_act(t) == [seat] and move_id in E.move_ids(t, seat)
            t = E.apply(t, seat, move_id)
        whole_returns += chain[0] == "return" and any(m.startswith("build") for m in chain)
        s = E.apply(s, seat, greedy)
    assert whole_returns >= 2  # returns whose flights and builds came in one chain


def test_the_greedy_move_and_the_two_best_of_the_first_pass_race_over_four_rounds():
    # W9: a round is one turn of each player; with two seats, three or four the rollouts play four rounds' greedy
    # turns, after the first pass only the greedy move and the two best others race on, and the best of those still
    # racing is played (docs/strength/README.md).
    from rules.bots import bot_rng, settle

    for seats in (2, 3, 4):
        got = tuned(E, seats)
        assert (got.policy_rounds, got.race_keep, got.race_after, got.race_leader) == (4, 3, 3, True)
    s = E.setup(["p1", "p2", "p3", "p4"], 4)
    while s.round < 3 or s.phase != "action" or len(E.move_ids(s, E.to_act(s)[0])) < 5:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, bot_rng(4, s.moves_made, seat)).id)
    seat = E.to_act(s)[0]
    width = len(E.move_ids(s, seat))
    result, seen = rolled_out(lambda: search(E, s, seat, Rng.from_seed(3),
                                             tuned(E, 4, iterations=width + 9, race_after=99)))
    raced = [c for c, n in result.visits.items() if n > 1]
    assert len(result.visits) == width and len(raced) == 3 and result.iterations == width + 9
    assert next(iter(result.visits)) in raced  # the first candidate, the greedy move, always races on
    assert max(seen) == s.round + 3  # greedy turns through the third round after this one, then stop
    means = {c: result.sums[c] / result.visits[c] for c in raced}
    leader = max(means, key=lambda c: means[c])
    assert result.visits[leader] == 5  # four passes, and one visit more for the best mean still racing
    played = settle(E, s, seat, E.legal_moves(s, seat), result, 4).id
    greedy = next(iter(result.visits))
    assert played == (greedy if means[greedy] >= means[leader] - tuned(E, 4).keep_greedy else leader)


def test_a_budget_spent_within_a_rollout_stops_it_before_its_next_turn_and_the_pass_counts_nothing():
    # Rollouts of several rounds with four seats are long: a rollout in flight when the CPU budget ends must not
    # run on to its end (the figures' budget per decision, docs/strength/README.md).
    s = E.setup(["p1", "p2", "p3", "p4"], 5)
    seat = E.to_act(s)[0]
    config = tuned(E, 4, iterations=1000)
    width = len(E.move_ids(s, seat))
    whole, seen = rolled_out(lambda: search(E, s, seat, Rng.from_seed(3), config._replace(iterations=width)))
    assert whole.iterations == width and len(seen) > 6 * width  # a rollout: every seat's turns for rounds on end
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 4  # the race asks before the first candidate, then its rollout before each turn

    result, seen = rolled_out(lambda: search(E, s, seat, Rng.from_seed(3), config, stop=stop))
    assert result.visits == {} and result.iterations == 0  # the first pass never ended: nothing compared
    assert len(seen) == 3 and len(asked) == 5  # three turns, then the budget's end stopped the rollout

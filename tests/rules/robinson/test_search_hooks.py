"""Robinson's hooks for the searching bot (rules/robinson/search_hooks.py): `resample` deals the face-down
decks and stacks again (R5-R10, R98: everything else is shared by all seats) and `evaluate` gives all
seats one value (a co-operative game), the outcome once the game is over (S5, R76)."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.playout import iter_playout, playout_rng
from rules.rng import Rng
from rules.robinson import ENGINE as E
from rules.robinson.data import EVENTS
from rules.robinson.scenarios.castaways import NEEDS
from rules.robinson.search_hooks import PLANS

DECKS = ("island_stack", "disc_stack", "beast_deck", "hunt_deck", "inv_deck", "mystery_deck")


def greedy(seats, seed, moves):
    """Positions along a greedy game, every 25th move up to `moves` (or its end)."""
    s = E.setup(seats, seed)
    rng = Rng.from_seed(seed)
    out = []
    for n in range(moves):
        if E.is_over(s):
            break
        if n % 25 == 0:
            out.append(s)
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    return out + [s]


@pytest.fixture(scope="module")
def states():
    return greedy(["p1"], 4, 400) + greedy(["p1", "p2"], 5, 400)


def seen(state, seat):
    return json.dumps(E.view(state, seat).model_dump(mode="json"), sort_keys=True)


def icons(deck):
    return Counter(EVENTS[c[6:]].icon == "book" if c.startswith("event:") else c for c in deck)


def test_r98_resample_never_changes_what_a_seat_sees(states):
    for s in states:
        for seat in s.seats:
            sample = E.resample(s, seat, Rng.from_seed(9))
            assert seen(sample, seat) == seen(s, seat)


def test_r5_r10_resample_keeps_every_deck_and_stack_and_the_event_icons(states):
    for s in states:
        sample = E.resample(s, s.seats[0], Rng.from_seed(2))
        for deck in DECKS:
            assert sorted(getattr(sample, deck)) == sorted(getattr(s, deck)), deck
        for name, cards in s.adv_decks.items():
            assert sorted(sample.adv_decks[name]) == sorted(cards)
        assert sample.inv_deck[:1] == s.inv_deck[:1]  # R5: the top invention is visible to all
        # R10: as many Book and adventure-icon cards, the adventure and mystery cards shuffled in kept
        assert icons(sample.event_deck) == icons(s.event_deck)
        assert (sample.island, sample.threat, sample.pile, sample.chars) == (s.island, s.threat, s.pile, s.chars)


def test_r10_r98_resample_deals_orders_and_unseen_event_cards_again(states):
    s = states[0]  # a new game: 12 event cards dealt of the 72, the rest never seen
    samples = [E.resample(s, "p1", Rng.from_seed(k)) for k in range(4)]
    for deck in ("event_deck", "island_stack", "disc_stack", "beast_deck", "mystery_deck"):  # no hunt deck yet (R6)
        assert len({tuple(getattr(x, deck)) for x in samples + [s]}) > 2, deck
    assert any(set(x.event_deck) - set(s.event_deck) for x in samples)  # cards left out by R10 come in
    assert len({x.rng.state for x in samples + [s]}) == 5  # dice and draws no longer follow the real ones
    assert E.dump(E.resample(s, "p1", Rng.from_seed(0))) == E.dump(samples[0])
    assert E.dump(E.resample(s, "p1", Rng.from_seed(0))) != E.dump(samples[1])


def test_r98_a_card_being_looked_at_stays_on_top(states):
    s = E.copy_state(states[3])
    s.pending = {"kind": "glass", "seat": s.seats[0], "cards": "top;bottom"}  # Storm Glass (R98)
    for k in range(4):
        assert E.resample(s, s.seats[0], Rng.from_seed(k)).event_deck[0] == s.event_deck[0]
    s.pending = {"kind": "recon", "seat": s.seats[0], "cards": ";".join(map(str, s.island_stack[:3]))}
    for k in range(4):
        assert E.resample(s, s.seats[0], Rng.from_seed(k)).island_stack[:3] == s.island_stack[:3]


def test_resampled_states_play_on_to_a_legal_end_valued_as_the_outcome(states):
    for k, s in enumerate((states[2], states[-3])):
        sample = E.resample(s, s.seats[0], Rng.from_seed(k))
        end = sample
        for step in iter_playout(E, sample, playout_rng(k), max_moves=20000):
            end = step.after  # `apply` checks every move
        won = E.outcome(end).won
        assert E.evaluate(end) == {x: float(won) for x in end.seats}


def test_s5_r76_evaluate_is_one_value_for_all_in_0_1_and_prefers_the_closer_goal(states):
    for s in states:
        v = E.evaluate(s)
        assert set(v) == set(s.seats) and len(set(v.values())) == 1
        assert 0.0 <= next(iter(v.values())) <= 1.0
    s = E.copy_state(states[-1] if states[-1].result is None else states[-2])
    s.result, s.phase, s.round = None, "plan", 10
    far, near = E.copy_state(s), E.copy_state(s)
    far.pile = [0] * 5
    near.pile = list(NEEDS[:4]) + [NEEDS[4] - 1]  # one wood from the goal (S3)
    assert E.evaluate(near)["p1"] > E.evaluate(far)["p1"] + 0.2
    dying = E.copy_state(near)
    c = dying.chars[dying.seat_char["p1"]]
    c.wounds = 12 if c.name != "Explorer" else 11  # one life left (R75, R76)
    assert E.evaluate(dying)["p1"] < E.evaluate(near)["p1"]
    won, lost = E.copy_state(s), E.copy_state(s)
    won.result, lost.result = "won", "lost"
    assert E.evaluate(won) == {x: 1.0 for x in s.seats} and E.evaluate(lost) == {x: 0.0 for x in s.seats}


def test_r30_macro_moves_are_whole_plans_ending_with_the_confirm(states):
    checked = 0
    for s in states:
        for seat in E.to_act(s):
            chains = E.macro_moves(s, seat)
            if s.phase != "plan" or seat in s.confirmed:
                assert chains is None
                continue
            assert chains and chains[0][1] == max(p for _, p in chains)  # the greedy bot's plan first
            placed = [tuple(sorted(m for m in c.split(" ") if m[:2] in ("p:", "s:"))) for c, _ in chains]
            assert len(set(placed)) == len(chains)  # each places other stacks (not the same in another order)
            assert len(chains) <= PLANS
            for chain, _ in chains:
                x = s
                for mid in chain.split(" "):
                    x = E.apply(x, seat, mid)
                assert seat in x.confirmed or x.phase != "plan"  # R30: the plan confirmed
            checked += len(chains) > 1
    assert checked >= 2  # plans with alternatives were offered


def _mid_game(states):
    s = E.copy_state(next(x for x in states if x.result is None and x.round >= 3))
    s.tokens, s.items = [], {}
    return s


def test_r87_a_kept_token_or_item_use_is_worth_more_than_the_same_position_with_it_spent(states):
    """R87: tokens and item uses may be spent at any later moment, so keeping one is worth something."""
    bare = _mid_game(states)
    for tokens, items in ((["Old Machete"], {}), (["Medallion"], {}), (["Goat"], {}), ([], {"Biscuits": 1}),
                          ([], {"Pipe & Tobacco": 2})):
        kept = E.copy_state(bare)
        kept.tokens, kept.items = list(tokens), dict(items)
        assert 0.0 < E.evaluate(bare)["p1"] < E.evaluate(kept)["p1"] < 1.0, (tokens, items)
    two, one = E.copy_state(bare), E.copy_state(bare)
    two.items, one.items = {"Pipe & Tobacco": 2}, {"Pipe & Tobacco": 1}
    assert E.evaluate(two)["p1"] > E.evaluate(one)["p1"]  # each use left counts
    helmet = E.copy_state(bare)
    helmet.items = {"Helmet": 99}  # not used up by a use: no stored value
    assert E.evaluate(helmet) == E.evaluate(bare)


def test_r24_r87_determination_spent_for_nothing_lowers_the_value_and_a_token_is_worth_nothing_at_the_end(states):
    """Castaways' value counts the determination held (castaways_odds.py: R24 pays Morale with it), so spending
    it for nothing loses value; a token or item use kept is worth nothing once no round is left to spend it."""
    s = _mid_game(states)
    s.items = {"Pipe & Tobacco": 1}
    who = s.seat_char["p1"]
    s.chars[who].det = 3
    spent = E.copy_state(s)
    spent.chars[who].det = 1
    assert E.evaluate(spent)["p1"] < E.evaluate(s)["p1"]
    last, bare = E.copy_state(s), E.copy_state(s)
    last.round = bare.round = 12  # S5: no later round to spend it in
    bare.items = {}
    assert E.evaluate(last) == E.evaluate(bare)

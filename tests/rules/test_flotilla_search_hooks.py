"""Flotilla's search hooks (rules/flotilla/search_hooks.py): what a seat may not know is redrawn (F10, F11, F17, E29)."""
from __future__ import annotations

from collections import Counter

import pytest

from rules.bot_match import play_match
from rules.bots import choose
from rules.flotilla import ENGINE as E
from rules.flotilla.data import CARDS, GUILDS
from rules.rng import Rng
from rules.search import outcome_values


@pytest.fixture(scope="module")
def midgame():
    """A 3-player game played by greedy bots until an opponent of p1 holds a recruited guild card."""
    state = E.setup(["p1", "p2", "p3"], 17)
    for _ in range(2000):
        if any(CARDS[c].tier > 0 for o in ("p2", "p3") for c in state.players[o].hand) and not state.todo:
            break
        seat = E.to_act(state)[0]
        state = E.apply(state, seat, choose(E, state, seat, "greedy", seed=17).id)
    assert any(CARDS[c].tier > 0 for o in ("p2", "p3") for c in state.players[o].hand)
    return state


def guild_cards(state) -> list[str]:
    """Every guild card in a hand, a discard pile, a stack or in play (the starting crews are alike: not these)."""
    cards = [c for p in state.players.values() for c in p.hand + p.discard]
    cards += [c for s in state.stacks.values() for c in s] + ([state.playing] if state.playing else [])
    return [c for c in cards if CARDS[c].tier > 0]


def test_f17_e29_opponents_recruits_are_dealt_again_and_the_seat_sees_the_same_game(midgame):
    # F17: hands private, sizes and discards public; E29: recruits private; the seat's own hand is its own.
    changed = 0
    for k in range(6):
        new = E.resample(midgame, "p1", Rng.from_seed(k))
        assert E.view(new, "p1") == E.view(midgame, "p1") and E.view(new, None) == E.view(midgame, None)
        for o in ("p2", "p3"):
            old, now = midgame.players[o].hand, new.players[o].hand
            assert len(now) == len(old) and new.players[o].discard == midgame.players[o].discard
            assert [(CARDS[c].guild, CARDS[c].tier) for c in now] == [(CARDS[c].guild, CARDS[c].tier) for c in old]
            changed += now != old
        cards = guild_cards(new)
        assert len(cards) == len(set(cards)) == len(guild_cards(midgame))  # each guild card once
    assert changed > 0
    assert midgame.players["p2"].hand == E.resample(midgame, "p2", Rng.from_seed(1)).players["p2"].hand


def test_f11_stacks_keep_their_public_top_and_their_tiers(midgame):
    # F11: each stack is shuffled Tier 1 on Tier 2; only its top card is public.
    moved = 0
    for k in range(6):
        new = E.resample(midgame, "p1", Rng.from_seed(k))
        for g in GUILDS:
            old, now = midgame.stacks[g], new.stacks[g]
            assert len(now) == len(old) and now[:1] == old[:1]
            assert [CARDS[c].tier for c in now] == [CARDS[c].tier for c in old]
            assert all(CARDS[c].guild == g for c in now)
            moved += now != old
    assert moved > 0


def test_f10_the_artifact_bag_keeps_each_guilds_count_and_draws_are_new(midgame):
    # F10, D15: one artifact of each guild removed at random, unknown to all; draws come from the reseeded generator.
    guilds = Counter(a.split("-")[0] for a in midgame.artifact_bag)
    slotted = {a for arts in midgame.slotted.values() for a in arts}
    states = set()
    for k in range(6):
        new = E.resample(midgame, "p1", Rng.from_seed(k))
        assert Counter(a.split("-")[0] for a in new.artifact_bag) == guilds
        assert not set(new.artifact_bag) & slotted
        states.add(new.rng.state)
    assert len(states) == 6 and midgame.rng.state not in states


def test_the_real_game_is_untouched(midgame):
    before = E.dump(midgame)
    E.resample(midgame, "p1", Rng.from_seed(3))
    assert E.dump(midgame) == before


def test_evaluate_gives_chances_and_the_outcome_at_the_end(midgame):
    # F63-F65: the final VP decide the ranks.
    values = E.evaluate(midgame)
    assert set(values) == {"p1", "p2", "p3"} and all(0.0 <= v <= 1.0 for v in values.values())
    assert abs(sum(values.values()) - 1.5) < 1e-9  # three seats: each pair's chances add up to one
    end, outcome, _ = play_match(E, ["greedy"] * 3, seed=4)
    final = E.evaluate(end)
    assert final == outcome_values(outcome, end.seats)
    best = min(outcome.ranks, key=lambda s: (outcome.ranks[s], s))
    assert final[best] == max(final.values()) and sum(final.values()) == pytest.approx(1.5)

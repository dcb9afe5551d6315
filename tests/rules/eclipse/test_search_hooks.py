"""Eclipse's hooks for the searching bot (rules/eclipse/search_hooks.py): `resample` deals again only what
a seat has not seen (E9 sector stacks, E45 Discovery tiles, E5/E74 the tech bag's order, E22/E61
reputation tiles) and `evaluate` reads each seat's chance of winning off the position (E75 scores, E98
exact odds of a waiting battle, E76 ties at the end)."""
from __future__ import annotations

import json

import pytest

from rules.eclipse import ENGINE as E
from rules.eclipse.battle.game_odds import seat_odds
from rules.eclipse.pending import seat_to_act
from rules.eclipse.search_hooks import battle_odds
from rules.eclipse.state import copy_state
from rules.playout import iter_playout, playout_rng
from rules.rng import Rng

from ..test_eclipse_combat_kit import board, empty_hex, home, ships

SEATS = ["p1", "p2", "p3"]


@pytest.fixture(scope="module")
def states():
    """Positions along a greedy three-player game: every 15th move up to move 240 (rounds 1 to about 6)."""
    s = E.setup(SEATS, 11)
    rng = Rng.from_seed(11)
    out = []
    for n in range(240):
        if n % 15 == 0:
            out.append(s)
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    out.append(s)
    return out


def seen(state, seat):
    return json.dumps(E.view(state, seat).model_dump(mode="json"), sort_keys=True)


def hidden(state, seat):
    """What `seat` has not seen, as (multisets, orders)."""
    others = [p for s, p in state.players.items() if s != seat]
    discs = list(state.disc_bag) + [h.discovery for h in state.hexes.values() if h.discovery is not None]
    discs += [t for p in others for t in p.kept_discoveries]
    discs += [f.tile for f in state.stack if f.kind == "disco" and f.seat != seat]
    reps = list(state.rep_bag) + [v for p in others if not p.collapsed for v in p.reputation]
    reps += [v for f in state.stack if f.kind == "rep" and f.seat not in (None, seat) for v in f.drawn]
    return ((sorted(discs), sorted(reps), sorted(state.tech_bag)),
            (state.stacks, state.disc_bag, state.tech_bag, state.rep_bag))


def test_e45_e22_resample_never_changes_what_the_seat_sees(states):
    for s in states:
        for seat in SEATS:
            sample = E.resample(s, seat, Rng.from_seed(7))
            assert seen(sample, seat) == seen(s, seat)
            assert seen(sample, None) == seen(s, None)  # the public board neither
            assert sample.players[seat].kept_discoveries == s.players[seat].kept_discoveries
            assert sample.players[seat].reputation == s.players[seat].reputation


def test_e9_e45_resample_keeps_the_hidden_components_and_how_many_lie_where(states):
    for s in states:
        seat = seat_to_act(s) or "p1"
        sample = E.resample(s, seat, Rng.from_seed(3))
        assert hidden(sample, seat)[0] == hidden(s, seat)[0]
        for ring in ("I", "II"):  # E9: every inner and middle hex is in its stack
            assert sorted(sample.stacks[ring]) == sorted(s.stacks[ring])
        assert {r: len(v) for r, v in sample.stacks.items()} == {r: len(v) for r, v in s.stacks.items()}
        placed = set(s.hexes) | {h for d in s.discards.values() for h in d}
        assert not placed & {h for v in sample.stacks.values() for h in v}  # never a tile already seen
        for x in SEATS:
            assert len(sample.players[x].reputation) == len(s.players[x].reputation)
            assert len(sample.players[x].kept_discoveries) == len(s.players[x].kept_discoveries)
        assert [h for h, x in sample.hexes.items() if x.discovery] == [h for h, x in s.hexes.items() if x.discovery]


def test_e9_e5_resample_deals_the_hidden_orders_again_and_reseeds_the_generator(states):
    s = states[4]
    seat = seat_to_act(s)
    a, b = (E.resample(s, seat, Rng.from_seed(k)) for k in (1, 2))
    assert hidden(a, seat)[1] != hidden(b, seat)[1]
    assert hidden(a, seat)[1] != hidden(s, seat)[1]
    assert len({a.rng.state, b.rng.state, s.rng.state}) == 3  # later draws do not follow the real order
    assert E.dump(E.resample(s, seat, Rng.from_seed(1))) == E.dump(a)  # the same rng: the same sample
    assert E.dump(s) == E.dump(states[4])  # the state itself is untouched


def test_resampled_states_play_on_to_a_legal_end_and_then_evaluate_to_the_outcome(states):
    s = states[-1]
    for k in range(2):
        sample = E.resample(s, seat_to_act(s), Rng.from_seed(k))
        end = sample
        for step in iter_playout(E, sample, playout_rng(k), max_moves=6000):
            end = step.after  # every move is checked legal by `apply`
        out = E.outcome(end)
        assert out is not None
        winners = out.winners()
        assert E.evaluate(end) == {x: (1 / len(winners) if x in winners else 0.0) for x in SEATS}


def test_e75_evaluate_is_a_share_of_one_win_and_a_tie_at_the_end_is_split(states):
    for s in states:
        v = E.evaluate(s)
        assert set(v) == set(SEATS) and all(0.0 <= x <= 1.0 for x in v.values())
        assert sum(v.values()) == pytest.approx(1.0)
    over = copy_state(states[-1])
    over.phase = "over"
    for p in over.players.values():  # the same points and storage for all: a three-way tie (E76 ruling)
        p.frozen_score, p.frozen_storage = {"hexes": 9}, 4
    assert E.outcome(over).winners() == SEATS
    assert E.evaluate(over) == {x: pytest.approx(1 / 3) for x in SEATS}


def test_e75_evaluate_prefers_the_clearly_better_position(states):
    s = states[6]
    before = E.evaluate(s)
    seat = min(SEATS, key=lambda x: before[x])  # the seat furthest behind gains the most
    better = copy_state(s)
    better.players[seat].kept_discoveries += ["money", "science", "materials"]  # +6 VP (E45)
    better.players[seat].reputation += [4, 4]  # +8 VP (E22)
    hid = home(better, seat)
    better.hexes[hid].ships.setdefault(seat, {})["dreadnought"] = 2
    after = E.evaluate(better)
    assert after[seat] > before[seat] + 0.1
    assert all(after[x] < before[x] for x in SEATS if x != seat)


def battle_board():
    """Two seats' ships in a hex nobody holds: a battle waits there (E49), the later arrival attacks (E51)."""
    s = board()
    hid = empty_hex(s, "101")
    ships(s, hid, "p1", interceptor=2)
    ships(s, hid, "p2", cruiser=1)
    return s, hid


def test_e98_a_waiting_battle_is_valued_by_its_exact_odds():
    s, hid = battle_board()
    [odds] = seat_odds(s, "p2")  # the figure `/eclipse odds` shows
    attacker, defender, p = battle_odds(s, hid)
    assert (attacker, defender) == ("p2", "p1") and p == pytest.approx(odds.win, abs=1e-12) and 0 < p < 1
    won, lost = copy_state(s), copy_state(s)  # the battle fought: the loser's ships are gone
    del won.hexes[hid].ships["p1"]
    del lost.hexes[hid].ships["p2"]
    v, vw, vl = E.evaluate(s), E.evaluate(won), E.evaluate(lost)
    for seat in ("p1", "p2"):
        assert v[seat] == pytest.approx(p * vw[seat] + (1 - p) * vl[seat], abs=1e-12)
    assert vl["p2"] < v["p2"] < vw["p2"]
    stronger = copy_state(s)
    stronger.hexes[hid].ships["p2"]["cruiser"] = 2
    stronger.players["p2"].built["cruiser"] += 1
    assert battle_odds(stronger, hid)[2] > p


def test_e26_macro_moves_are_whole_legal_actions_at_a_turn_and_none_elsewhere(states):
    checked = 0
    for s in states:
        seat = seat_to_act(s)
        chains = E.macro_moves(s, seat)
        if s.stack[-1].kind != "turn":
            assert chains is None
            continue
        assert chains and all(p > 0 for _, p in chains)
        assert chains[0][0].split(" ")[0] == E.greedy_move(s, seat, Rng.from_seed(s.moves_made)).id
        assert chains[0][1] == max(p for _, p in chains)  # the greedy bot's action is the likeliest
        firsts = {c.split(" ")[0] for c, _ in chains}
        assert {"pass"} <= firsts or s.players[seat].passed
        for chain, _ in chains:
            x = s
            for mid in chain.split(" "):
                x = E.apply(x, seat, mid)  # every step legal in turn
            assert seat_to_act(x) != seat or x.stack[-1].kind == "turn"  # the action is over
        checked += 1
    assert checked >= 5

"""Flotilla data (D1-D16), geometry (D1) and set-up (F1-F12)."""
from __future__ import annotations

import pytest

from rules.flotilla import ENGINE
from rules.flotilla.data import ARTIFACTS, BOARD, CARDS, GUILDS, STARTERS, TILES, parse_terms
from rules.flotilla.hexes import BERTHS, dock, is_hub, neighbours, vertex

from .test_flotilla_kit import new


def test_D12_D13_D14_D15_D16_totals():
    assert len([c for c in CARDS.values() if c.tier]) == 46
    assert STARTERS == ("captain", "scholar", "speaker", "trader", "founder", "delver")
    assert len(TILES) == 92 and TILES["red-07"].depth == "S" and TILES["red-07"].tox == 1
    assert sum(t.depth == "A" for t in TILES.values()) == 24
    assert len(ARTIFACTS) == 16 and sum(len(v["sky"]) for v in BOARD.objectives.values()) == 33
    assert CARDS["speakers-2-herald-a"].sink == parse_terms("infl_each; infl 1")
    assert CARDS["founders-2-master-builder-a"].id and "founders-2-master-builder-b" not in CARDS


def test_D11_bad_terms_are_refused():
    with pytest.raises(ValueError):
        parse_terms("infl")
    with pytest.raises(ValueError):
        parse_terms("teleport 3")


def test_D1_hub_berths_vertices():
    hub = [f"{q},{r}" for q in range(-4, 5) for r in range(-4, 5) if is_hub(f"{q},{r}")]
    assert len(hub) == 37
    assert len(set(BERTHS)) == 24 and BERTHS[0] == "-4,4"
    assert dock(3) == [BERTHS[0], BERTHS[8], BERTHS[16]]
    assert len(dock(5)) == 5 and all(not is_hub(b) for b in BERTHS)
    # the three (cell, corner) pairs of a vertex give the same vertex
    for cell, corner in vertex("0,0", 2):
        assert vertex(cell, corner) == vertex("0,0", 2)
    assert neighbours("0,0")[0] == "1,0"


@pytest.mark.parametrize("n", [1, 2, 6])
def test_F1_player_counts(n):
    with pytest.raises(ValueError):
        ENGINE.setup([f"s{i}" for i in range(n)], 0)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_F2_F5_F12_E4_setup(n):
    s = new(n, seed=3)
    assert sorted(s.order) == sorted(s.seats)
    i = s.seats.index(s.order[0])
    assert s.order == s.seats[i:] + s.seats[:i]  # F2 clockwise from a random first player
    assert s.survivor_track == ("I" if n == 3 else "II") and s.survivor == 0  # F5
    assert s.market == {"y": 3, "r": 4, "p": 5, "b": 6} and s.sonar == 0  # F6, D4
    assert set(s.dials.values()) == {1}
    homes = dock(n)
    for k, seat in enumerate(s.order):  # F7, F12
        p = s.players[seat]
        assert p.home == homes[k] and s.board[p.home][0] == "start"
        assert p.coins == BOARD.start_coins[k]
        assert p.side == "sink" and [sk.cell for sk in p.skiffs] == [p.home] and p.skiff_reserve == 3
        assert p.hand == list(STARTERS) and p.discard == [] and p.tox == 0 and p.vp == 0
        assert set(p.ring.values()) == {6} and sum(p.seals.values()) == 0 and sum(p.barrels.values()) == 0
    assert s.supply == 100 * n  # F8
    assert len(s.objectives["sink"]) == n and len(s.objectives["sky"]) == n  # F9
    assert not set(s.objectives["sink"]) & set(s.objectives["sky"])
    assert len(s.artifact_bag) == 12 and {a.rsplit("-", 1)[0] for a in s.artifact_bag} == set(GUILDS)  # F10
    assert len(s.bag) == 92
    for g in GUILDS:  # F11: P of each tier, Tier 1 on top
        stack = s.stacks[g]
        tiers = [CARDS[c].tier for c in stack]
        assert tiers == [1] * n + [2] * min(n, 5 if g in ("founders", "delvers") else 6)


def test_F9_objective_sets_option():
    sets = ["lighthouse", "harbour", "beacon", "relay", "shelter", "archive"]
    s = new(3, objective_sets=sets)
    assert list(s.objectives["sink"]) == sets[:3] and list(s.objectives["sky"]) == sets[3:]
    with pytest.raises(ValueError):
        new(4, objective_sets=sets)


def test_setup_is_seeded():
    assert ENGINE.dump(new(4, 7)) == ENGINE.dump(new(4, 7)) != ENGINE.dump(new(4, 8))

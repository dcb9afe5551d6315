"""Character abilities as validated data (§3.10, R83) and the Carpenter's Handyman: a brown
neutral pawn this round for a Build the Carpenter takes part in (R32)."""
from __future__ import annotations

import pytest

from rules.robinson.data import ABILITIES, PLAYABLE
from rules.robinson.plan import free_pawns, pawn_supply
from rules.robinson.resolve import begin
from tests.rules.robinson_kit import E, IllegalMove, ids, planning


def carpenter_game(n: int = 3):
    for seed in range(60):
        s = planning(n, seed)
        seat = next((x for x, c in s.seat_char.items() if c == "Carpenter"), None)
        if seat is not None and seat != s.seats[s.fp]:
            return s, seat
    raise AssertionError("no game with a Carpenter off the first seat")


def test_s3_10_every_character_has_four_abilities_with_costs_from_the_sheet():
    for who in PLAYABLE:
        assert sum(a.owner == who for a in ABILITIES.values()) == 4
    assert ABILITIES["handyman"].owner == "Carpenter" and ABILITIES["handyman"].cost == 3
    assert ABILITIES["handyman"].pawn == "build"
    assert (ABILITIES["the_hunt"].cost, ABILITIES["recon"].cost, ABILITIES["hooch"].window) == (4, 2, "weather")


def test_r32_handyman_costs_3_d_once_a_round_and_gives_the_carpenter_a_brown_pawn():
    s, seat = carpenter_game()
    assert "h" not in pawn_supply(s, seat)
    s.chars["Carpenter"].det = 2
    assert "ab:handyman" not in ids(s, seat)  # R83: 3 D
    s.chars["Carpenter"].det = 5
    s = E.apply(s, seat, "ab:handyman")
    assert s.chars["Carpenter"].det == 2 and pawn_supply(s, seat)["h"] == 1
    assert "ab:handyman" not in ids(s, seat)  # once per round
    other = next(x for x in s.seats if x != seat)
    assert "h" not in pawn_supply(s, other)  # the Carpenter's own pawn, not the FP's


def test_r32_the_handyman_pawn_joins_only_a_build_with_the_carpenter():
    s, seat = carpenter_game()
    s.chars["Carpenter"].det = 3
    s.avail["W"] = 4
    s = E.apply(s, seat, "ab:handyman")
    mine = ids(s, seat)
    assert "p:b.wpn:ch" in mine  # Carpenter + Handyman: 2 pawns, a sure success (R34)
    assert not any(x.startswith(("p:g.", "p:x.", "p:rest", "p:camp")) and "h" in x.rsplit(":", 1)[1]
                   for x in mine)  # Build only
    assert not any(x.rsplit(":", 1)[1].startswith("h") for x in mine if x.startswith("p:"))  # never alone
    s = E.apply(s, seat, "p:b.wpn:ch")
    assert s.plan[0].pawns == ["Carpenter", "Handyman"] and s.plan[0].base == 2
    with pytest.raises(IllegalMove):  # spent for this round: one pawn
        E.apply(s, seat, "p:b.wpn:ch")


def test_r32_handyman_supports_a_build_only_when_the_carpenter_is_on_it():
    s, seat = carpenter_game()
    other = next(x for x in s.seats if x != seat)
    s.chars["Carpenter"].det = 3
    s.avail["W"] = 4
    s = E.apply(s, seat, "ab:handyman")
    s = E.apply(s, other, "p:b.wpn:c")  # another seat's Build, rolling
    s = E.apply(s, seat, "p:b.wpn:c")  # the Carpenter's own, rolling
    mine = ids(s, seat)
    assert "s:0:h" not in mine and "s:1:h" in mine  # not on a Build without the Carpenter
    s = E.apply(s, seat, "s:1:h")
    assert s.plan[1].pawns == ["Carpenter", "Handyman"] and s.plan[1].base == 2  # now a sure success
    assert free_pawns(s, seat)["h"] == 0
    s = E.apply(s, seat, "u:1")  # taken back with the Carpenter's stack
    assert free_pawns(s, seat)["h"] == 1 and len(s.plan) == 1


def test_r32_handyman_pawn_is_gone_next_round_and_costs_nothing_when_committed():
    s, seat = carpenter_game()
    s.chars["Carpenter"].det = 3
    s.avail["W"] = 4
    s = E.apply(s, seat, "ab:handyman")
    s = E.apply(s, seat, "p:b.wpn:ch")
    items, tokens = dict(s.items), list(s.tokens)
    begin(s)  # committed: no one-use source is spent for it (it is the ability's own pawn)
    assert s.items == items and s.tokens == tokens
    s.chars["Carpenter"].used = []  # R83: markers cleared at Night
    assert "h" not in pawn_supply(s, seat)

"""Eclipse final ranks (E75, E76): most VP, then most resources in storage; players still tied share
the rank, and the ranks after them skip the places they fill (standard competition ranks)."""
from __future__ import annotations

from rules.eclipse import ENGINE as E

from .test_eclipse_kit import game

FOUR = ["terran union", "terran alliance", "terran republic", "terran federation"]


def _over(vp: dict[str, int], storage: dict[str, int]):
    s = game(FOUR)
    for seat, p in s.players.items():
        p.frozen_score = {"reputation": vp[seat]}  # score_parts reads a frozen score as it is (E72)
        p.frozen_storage = storage[seat]
    s.phase = "over"
    return s


def test_e76_three_tied_then_one_behind_rank_1_1_1_4():
    """E76 RULING: four players tied 3-3-3 and one behind are 1, 1, 1, 4."""
    out = E.outcome(_over({"p1": 3, "p2": 3, "p3": 3, "p4": 1}, {"p1": 5, "p2": 5, "p3": 5, "p4": 9}))
    assert out.ranks == {"p1": 1, "p2": 1, "p3": 1, "p4": 4}
    assert sorted(out.winners()) == ["p1", "p2", "p3"]


def test_e76_storage_breaks_the_tie_and_the_rest_still_skip_places():
    """E76: among tied players the most resources in storage ranks higher; the two still tied
    share 2nd and the last is 4th."""
    out = E.outcome(_over({"p1": 3, "p2": 3, "p3": 3, "p4": 1}, {"p1": 6, "p2": 5, "p3": 5, "p4": 9}))
    assert out.ranks == {"p1": 1, "p2": 2, "p3": 2, "p4": 4}

"""Wayfinders scoring: W23-W35, E8-E10, E14."""
from __future__ import annotations

from rules.wayfinders.scoring import breakdown, island_values, max_squares, ranks, score

from .wayfinders_kit import E, HOME, airstrip, fly_build, game, play, set_hand, tr


def over(s):
    s.phase = "over"
    return s


def own(s, seat, *cells):
    for c in cells:
        airstrip(s, c, seat)


def value(s, seat, cell):
    return island_values(s, seat)[cell]


def test_w23_score_is_islands_plus_tokens_plus_workers_left_on_the_board():
    """W23: fixed points + scoring islands + 1 per token + 1 per own worker still on a hangar."""
    s = game(2, A1="res03", B1="per12", E5="sco06")  # 4 VP, 3 VP, per_shared u1
    own(s, "p1", "A1", "B1", "E5")
    airstrip(s, "E5", "p2")
    set_hand(s, "p1", "BGR")
    s.workers = [["p1", "p2"], ["p1"], [], []]
    # per_shared: E5 and the home island (W24) carry p2's cube too
    assert breakdown(s, "p1") == {"islands": 7, "scoring": 2, "tokens": 3, "workers": 2}
    assert score(s, "p1") == 14
    out = E.outcome(over(s))
    assert out.scores["p1"] == 14 and out.breakdown["p1"] == breakdown(s, "p1")
    assert set(out.breakdown["p2"]) == {"islands", "scoring", "tokens", "workers"}


def test_w23_running_score_in_the_view():
    """The view's score is the W23 score as if the game ended now."""
    s = game(2, A1="res03")
    own(s, "p1", "A1")
    set_hand(s, "p1", "BB")
    assert E.outcome(s) is None
    v = E.view(s, "p1")
    assert v.players[0].score == 6 and v.players[0].islands == ["A1"]


def test_w24_home_island_has_no_points_and_is_not_listed_among_the_tiles():
    """W24/E8: the home cube gives no fixed points; the view lists island tiles only."""
    s = game(2, C2="sco11")  # per_row u2, row 2: home C3 is in row 3
    own(s, "p1", "C2")
    assert s.board[HOME].slots == ["p1", "p2"]
    assert value(s, "p1", "C2") == 2
    assert breakdown(s, "p1")["islands"] == 0
    assert E.view(s).players[0].islands == ["C2"]


def test_w25_per_colour():
    """W25: u x your islands of this island's colour, itself included."""
    s = game(2, A1="sco01", B1="res04", E5="per02", E4="res07")  # sco01 blue u2; res04, per02 blue
    own(s, "p1", "A1", "B1", "E5", "E4")
    assert value(s, "p1", "A1") == 6


def test_w26_per_cost_min_and_e14_printed_cost():
    """W26/E14: u x your islands whose printed cost has >= n icons, whatever was paid."""
    s = game(2, A1="sco03", B1="res03", D1="res09", E5="res07", E4="sco04")
    own(s, "p1", "A1", "B1", "D1", "E5", "E4")
    assert value(s, "p1", "A1") == 1 * 4  # sco03 (3), res03 (3), res09 (4), sco04 (4)
    assert value(s, "p1", "E4") == 2 * 2  # res09, sco04
    t = fly_build(game(2, A1="sco03", C2="res07"), "p1", "C2", "RR")  # pay Y with a pair of R
    own(t, "p1", "A1")
    t = play(t, "build")
    assert value(t, "p1", "A1") == 1  # res07 still costs 1 printed icon


def test_w27_per_distinct_colour():
    s = game(2, A1="sco05", B1="res04", D1="res07", E5="res13", E4="res01")
    own(s, "p1", "A1", "B1", "D1", "E5", "E4")  # G, B, R, V, G
    assert value(s, "p1", "A1") == 2 * 4


def test_w28_per_shared():
    """W28: u x your islands where at least one other player also has an airstrip."""
    s = game(3, A1="sco07", B1="res04", D1="res07")
    own(s, "p1", "A1", "B1", "D1")
    airstrip(s, "B1", "p3")
    airstrip(s, "A1", "p2")
    assert value(s, "p1", "A1") == 2 * 3  # A1, B1 and home (W24: every seat's setup cube is there)
    assert value(s, "p2", "A1") == 2 * 2  # A1 and home


def test_w29_per_group_orthogonal_components():
    """W29: groups connect only through shared edges (diagonals separate); home is one of
    your islands (W24)."""
    s = game(2, A1="sco08")
    own(s, "p1", "A1", "B2", "D1", "D2", "E5")
    assert value(s, "p1", "A1") == 5  # {A1} {B2} {D1, D2} {E5} {home C3}


def test_w30_per_column_counts_home():
    """W30: u x your islands in this column, itself included; home C3 counts in column C (W24)."""
    s = game(2, C1="sco10")
    own(s, "p1", "C1", "C2", "C4", "C5", "A1")
    assert value(s, "p1", "C1") == 3 * 5


def test_w31_per_row():
    """W31: u x your islands in this row, itself and home C3 included (W24)."""
    s = game(2, A3="sco12")
    own(s, "p1", "A3", "B3", "D3", "E3", "E4")
    assert value(s, "p1", "A3") == 3 * 5


def test_w32_e9_per_surrounding_excludes_itself_counts_home():
    """W32/E9: the up-to-8 surrounding cells, never the island itself; home among them counts (W24)."""
    s = game(2, D4="sco13")
    own(s, "p1", "D4", "C4", "D3", "E5", "A1")
    assert value(s, "p1", "D4") == 2 * 4  # C4, D3, E5 and home C3
    s = game(2, A1="sco13")  # corner: 3 neighbours
    own(s, "p1", "A1", "B1", "A2", "B2", "C1")
    assert value(s, "p1", "A1") == 2 * 3


def test_w33_per_far():
    """W33: u x your islands at distance >= 3 from home."""
    s = game(2, C1="sco14")
    own(s, "p1", "C1", "A1", "E5", "E4", "B2", "A3")
    assert value(s, "p1", "C1") == 3  # A1, E5, E4 (C1, B2, A3 are at distance 2)


def test_w34_e10_per_square_takes_the_most_disjoint_blocks():
    """W34/E10: a 2x3 block scores 1 square, a 2x4 block 2."""
    assert max_squares({"A1", "B1", "C1", "A2", "B2", "C2"}) == 1
    assert max_squares({"A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2"}) == 2
    assert max_squares({"B2", "C2", "B3", "D4"}) == 0
    assert max_squares({"A1", "B1", "A2", "B2", "A4", "B4", "A5", "B5", "D4", "E4", "D5", "E5"}) == 3
    s = game(2, A1="sco15")
    own(s, "p1", "A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2")
    assert value(s, "p1", "A1") == 12


def test_w35_ranks_by_score_then_airstrips_then_shared():
    """W35: highest score first; tie -> more airstrips; still tied -> shared (competition) rank."""
    assert ranks({"a": 40, "b": 40, "c": 10}, {"a": 8, "b": 7, "c": 9}) == {"a": 1, "b": 2, "c": 3}
    assert ranks({"a": 40, "b": 40, "c": 10}, {"a": 8, "b": 8, "c": 9}) == {"a": 1, "b": 1, "c": 3}


def test_w35_outcome_counts_home_cube_and_islands_for_the_tie_break():
    s = game(2, A1="res04")
    own(s, "p1", "A1")  # 1 VP
    set_hand(s, "p1", "B")
    set_hand(s, "p2", "BG")
    out = E.outcome(over(s))
    assert out.scores == {"p1": 2, "p2": 2} and out.ranks == {"p1": 1, "p2": 2}
    assert out.winners() == ["p1"]
    assert tr(out.summary) == "p1 won with 2 points."

"""Wayfinders W24/E8/E9: the home island carries every player's setup airstrip and counts as one of
your islands for the geometry scoring effects, never for colour, cost or distance; the game option
`home_not_scored` keeps the earlier house ruling (home never counts)."""
from __future__ import annotations

import pytest

from host.options import parse_option_text
from rules.wayfinders.scoring import island_values, max_squares

from .wayfinders_kit import E, HOME, airstrip, game


def value(s, seat, cell):
    return island_values(s, seat)[cell]


def own(s, seat, *cells):
    for c in cells:
        airstrip(s, c, seat)


# effect id, island placement, the seat's other islands, value with home, value without home
COUNTS = [
    # W28 per_shared (u2): A1 shared with p2; home holds p2's setup cube too
    ("per_shared", {"A1": "sco07"}, ("A1",), 2 * 2, 2 * 1),
    # W29 per_group (u1): {A1} and the lone home C3 are two groups ...
    ("per_group", {"A1": "sco08"}, ("A1",), 2, 1),
    # ... and home joins C2 and C4 into one group: {C2, C3, C4}
    ("per_group", {"C2": "sco08"}, ("C2", "C4"), 1, 2),
    # W30 per_column (u3): C1, C2 and home C3 in column C
    ("per_column", {"C1": "sco10"}, ("C1", "C2"), 3 * 3, 3 * 2),
    # W31 per_row (u3): A3, E3 and home C3 in row 3
    ("per_row", {"A3": "sco12"}, ("A3", "E3"), 3 * 3, 3 * 2),
    # W32/E9 per_surrounding (u2): B2 is surrounded by A1 and home C3
    ("per_surrounding", {"B2": "sco13"}, ("B2", "A1"), 2 * 2, 2 * 1),
    # W34 per_square (u6): B2, C2, B3 and home C3 fill one 2x2 block
    ("per_square", {"B2": "sco15"}, ("B2", "C2", "B3"), 6, 0),
]


@pytest.mark.parametrize("effect,cells,mine,with_home,without_home", COUNTS)
def test_w24_home_counts_for_the_geometry_effects(effect, cells, mine, with_home, without_home):
    """W24 (W28-W32, W34): home is one of your islands for these effects; `home_not_scored` drops it."""
    scorer = next(iter(cells))
    for not_scored, want in ((False, with_home), (True, without_home)):
        s = game(2, home_not_scored=not_scored, **cells)
        assert s.board[HOME].slots == ["p1", "p2"]
        own(s, "p1", *mine)
        if effect == "per_shared":
            airstrip(s, "A1", "p2")
        assert value(s, "p1", scorer) == want, (effect, not_scored)


def test_w24_e8_home_never_counts_for_colour_cost_or_distance():
    """W24/E8 (W25, W26, W27, W33): the rulebook's "la isla de origen no tiene color"; no printed
    cost; distance 0.  The same values with or without `home_not_scored`."""
    for not_scored in (False, True):
        s = game(2, home_not_scored=not_scored, A1="sco01", B1="sco03", D1="sco05", E5="sco14")
        own(s, "p1", "A1", "B1", "D1", "E5")
        v = island_values(s, "p1")
        assert v["A1"] == 2 * 1  # per_colour B: A1 only
        assert v["B1"] == 1 * 2  # per_cost_min 3: sco03 (GVR) and sco05 (BRYV); sco01, sco14 cost 2
        assert v["D1"] == 2 * 4  # per_distinct_colour: B, Y, G, R; home adds no colour
        assert v["E5"] == 1 * 4  # per_far: A1, B1, D1, E5; home is at distance 0


def test_w24_home_counts_only_for_the_seat_that_holds_a_cube_there():
    """W24: it is the seat's setup airstrip that makes home one of its islands."""
    s = game(2, C2="sco10")
    own(s, "p1", "C2")
    assert value(s, "p1", "C2") == 3 * 2
    s.board[HOME].slots = ["p2"]
    assert value(s, "p1", "C2") == 3 * 1


def test_w34_a_square_may_hold_home_c3():
    """W34/E10: C3 counts as yours (W24), so the 4 blocks around it can score."""
    assert max_squares({"B2", "C2", "B3", HOME}) == 1
    assert max_squares({"B2", "C2", "D2", "B3", "D3", HOME}) == 1  # the two blocks share C2 and C3
    assert max_squares({"B2", "C2", "B3"}) == 0


def test_w24_option_home_not_scored_is_read_from_game_new_and_kept_in_the_state():
    """`/game new options:"home_not_scored"` parses to the option; the default is the W24 reading."""
    raw = parse_option_text("home_not_scored exploration")
    assert raw == {"home_not_scored": True, "exploration": True}
    assert E.parse_options(raw).home_not_scored is True
    assert E.parse_options({}).home_not_scored is False
    s = E.setup(["p1", "p2"], 3, raw)
    assert s.options.home_not_scored is True
    assert E.load(E.dump(s)).options.home_not_scored is True
    with pytest.raises(ValueError):
        E.parse_options({"home_not_scored": "sometimes"})

"""Wayfinders components and setup: W1-W8, W40, W41 (setup side), island data checks."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rules import GAMES
from rules.wayfinders import ENGINE as E
from rules.wayfinders import WayfindersOptions
from rules.wayfinders.grid import DISTANCE, FAR, ISLAND_CELLS, ORTHOGONAL, SURROUNDING
from rules.wayfinders.islands import DATA, ISLANDS, IslandDataError, parse
from rules.wayfinders.state import CELLS, COLOURS, HOME

from .wayfinders_kit import bag_total, layout

SEATS = {n: [f"p{i + 1}" for i in range(n)] for n in (2, 3, 4)}


def tokens_in_play(s) -> Counter:
    c = Counter()
    for col, k in s.bag.items():
        c[col] += k
    for p in s.players.values():
        for col, k in p.hand.items():
            c[col] += k
    for h in s.hangars:
        c.update(h)
    return c


def test_engine_identity_and_registry():
    assert GAMES["wayfinders"] is E
    assert (E.key, E.title, E.min_players, E.max_players) == ("wayfinders", "Wayfinders", 2, 4)
    assert E.Options is WayfindersOptions


# ---- W1 / island data -------------------------------------------------------

def test_w1_w4_components_45_islands_60_tokens_workers_cubes():
    """W1: 45 island tiles, 15 per back; 60 tokens, 12 of each of 5 types; 5 workers, 10 cubes each (W4)."""
    assert len(ISLANDS) == 45
    assert Counter(i.back for i in ISLANDS.values()) == {"red": 15, "blue": 15, "yellow": 15}
    s = E.setup(SEATS[4], 3)
    assert tokens_in_play(s) == {c: 12 for c in COLOURS}
    for p in s.players.values():
        assert p.workers == 5 and p.cubes == 9  # W4/W8: 10 cubes, one already at home
        assert p.plane == HOME


def test_w3_every_island_has_colour_cost_effect_and_points():
    """W3: a colour of the 5, a cost of 1-4 icons, an effect; red/yellow have fixed points, blue none."""
    for isl in ISLANDS.values():
        assert isl.colour in COLOURS
        assert 1 <= len(isl.cost) <= 4 and set(isl.cost) <= set(COLOURS)
        if isl.back == "blue":
            assert isl.vp == 0 and isl.unit and isl.unit > 0
        else:
            assert isl.vp >= 1
    per_colour = Counter((i.back, i.colour) for i in ISLANDS.values())
    assert set(per_colour.values()) == {3}
    s = E.setup(SEATS[2], 1)
    assert s.board[HOME].island is None and s.board[HOME].slots == s.order


def test_island_table_matches_the_sheet_examples():
    """§4: res03 is the rulebook's tropical island: cost tire+propeller+headset, draw 2, 4 VP."""
    r = ISLANDS["res03"]
    assert (r.colour, sorted(r.cost), r.effect, r.n, r.vp) == ("G", ["B", "R", "Y"], "draw", 2, 4)
    assert ISLANDS["sco15"].effect == "per_square" and ISLANDS["sco15"].unit == 6
    assert ISLANDS["per02"].effect == "free_passage" and ISLANDS["per02"].colour == "B"


def _csv_lines():
    return DATA.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("edit, complaint", [
    (lambda ls: ls[:-1], "expected 45"),
    (lambda ls: ls + [ls[1]], "expected 45"),
    (lambda ls: [ls[0], ls[1].replace(",V,1,draw", ",VVVVV,1,draw")] + ls[2:], "1-4 icons"),
    (lambda ls: [ls[0], ls[1].replace("res01,red,G", "res01,red,X")] + ls[2:], "unknown colour"),
    (lambda ls: [ls[0], ls[1].replace("res01,red,G", "res01,red,B")] + ls[2:], "3 red-back islands of colour"),
    (lambda ls: [ls[0], ls[1].replace(",V,1,draw", ",G,1,draw")] + ls[2:], "cost icons"),
    (lambda ls: [ls[0], ls[1].replace("draw", "wildcard")] + ls[2:], "not allowed"),
])
def test_island_loader_rejects_bad_data(edit, complaint):
    """The loader checks 45 rows, 15 per back, 3 per colour per back, cost 1-4, flat icon demand."""
    assert parse("\n".join(_csv_lines()))  # the shipped table is valid
    with pytest.raises(IslandDataError, match=complaint):
        parse("\n".join(edit(_csv_lines())))


# ---- W2 ---------------------------------------------------------------------------

def test_w2_grid_adjacency_and_distance():
    """W2: 5x5, home C3; orthogonal = shared edge; surrounding = up to 8; distance to C3."""
    assert len(CELLS) == 25 and HOME == "C3" and CELLS[0] == "A1" and CELLS[-1] == "E5"
    assert set(ORTHOGONAL["C3"]) == {"C2", "B3", "D3", "C4"}
    assert set(ORTHOGONAL["A1"]) == {"B1", "A2"}
    assert set(ORTHOGONAL["E3"]) == {"E2", "D3", "E4"}
    assert len(SURROUNDING["B2"]) == 8 and len(SURROUNDING["A3"]) == 5 and len(SURROUNDING["E5"]) == 3
    assert DISTANCE["C3"] == 0 and DISTANCE["A1"] == 4 and DISTANCE["B2"] == 2 and DISTANCE["E4"] == 3
    assert FAR == {"A1", "B1", "D1", "E1", "A2", "E2", "A4", "E4", "A5", "B5", "D5", "E5"}  # W33


# ---- W5, W6, W7, W8 -------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_w5_standard_deal_9_red_8_blue_7_yellow_face_up(seed):
    """W5: 9 red, 8 blue, 7 yellow distinct tiles face up on the 24 non-home cells."""
    s = E.setup(SEATS[3], seed)
    placed = [s.board[c].island for c in ISLAND_CELLS]
    assert len(set(placed)) == 24 and None not in placed
    assert Counter(ISLANDS[i].back for i in placed) == {"red": 9, "blue": 8, "yellow": 7}
    assert all(s.board[c].face_up for c in CELLS)
    assert all(s.board[c].slots == [] for c in ISLAND_CELLS)


def test_w5_layout_differs_between_seeds():
    """W5: the tiles are shuffled from the seed."""
    layouts = {tuple(E.setup(SEATS[2], seed).board[c].island for c in ISLAND_CELLS) for seed in range(8)}
    assert len(layouts) == 8


@pytest.mark.parametrize("n, hangars_in_use, bag", [(2, 4, 46), (3, 6, 39), (4, 8, 32)])
def test_w6_w7_setup_table(n, hangars_in_use, bag):
    """W6/W7 table: hangars 1-4/1-6/1-8, each with 3 tokens; 1 token per hand; bag 46/39/32."""
    s = E.setup(SEATS[n], 11)
    assert len(s.hangars) == hangars_in_use and all(len(h) == 3 for h in s.hangars)
    assert s.workers == [[] for _ in range(hangars_in_use)]
    assert all(sum(p.hand.values()) == 1 for p in s.players.values())
    assert bag_total(s) == bag
    assert E.view(s).last_hangar == hangars_in_use


def test_w6_draws_are_uniform_from_the_bag_counts():
    """W6: a draw takes one token uniformly among those in the bag (checked over many seeds)."""
    firsts = Counter()
    for seed in range(600):
        s = E.setup(SEATS[2], seed)
        firsts.update(c for c, k in s.players[s.order[0]].hand.items() if k)
    assert set(firsts) == set(COLOURS)
    assert min(firsts.values()) > 80  # 120 expected per colour


def test_w8_first_player_random_then_seat_order():
    """W8: first player from the seed; the others follow seat order cyclically; home slot k = position k."""
    firsts = Counter()
    for seed in range(40):
        s = E.setup(SEATS[4], seed)
        i = SEATS[4].index(s.order[0])
        assert s.order == SEATS[4][i:] + SEATS[4][:i]
        assert s.board[HOME].slots == s.order
        assert all(p.cubes == 9 for p in s.players.values())
        assert E.to_act(s) == [s.order[0]]
        firsts[s.order[0]] += 1
    assert set(firsts) == set(SEATS[4])


def test_w8_view_positions_follow_turn_order():
    s = E.setup(SEATS[3], 5)
    v = E.view(s)
    assert [p.seat for p in v.players] == s.order
    assert [p.position for p in v.players] == [1, 2, 3]
    assert v.seats == SEATS[3]


def test_setup_is_deterministic_and_accepts_all_option_forms():
    """Same seats + seed -> same game; options may be None, a dict or WayfindersOptions."""
    a = E.dump(E.setup(SEATS[4], 42))
    assert a == E.dump(E.setup(SEATS[4], 42, {}))
    assert a == E.dump(E.setup(SEATS[4], 42, WayfindersOptions()))
    assert a != E.dump(E.setup(SEATS[4], 43))


@pytest.mark.parametrize("seats", [["p1"], ["p1", "p2", "p3", "p4", "p5"], ["p1", "p1"]])
def test_setup_rejects_bad_seat_lists(seats):
    with pytest.raises(ValueError):
        E.setup(seats, 1)


# ---- W40 --------------------------------------------------------------------------

def test_w40a_custom_mix():
    """W40(a): r red, b blue, y yellow with r+b+y = 24, each 0-15."""
    s = E.setup(SEATS[2], 3, {"mix": (0, 15, 9)})
    backs = Counter(ISLANDS[s.board[c].island].back for c in ISLAND_CELLS)
    assert backs == {"blue": 15, "yellow": 9}


@pytest.mark.parametrize("opts, msg", [
    ({"mix": (9, 8, 8)}, "total 24"),
    ({"mix": (16, 8, 0)}, "0-15"),
    ({"mix": (-1, 15, 10)}, "0-15"),
    ({"mix": (9, 8, 7), "random_mix": True}, "at most one advanced setup"),
    ({"random_mix": True, "layout": layout()}, "at most one advanced setup"),
    ({"layout": {**layout(), "C3": "res01"}}, "24 non-home cells"),
    ({"layout": {k: v for k, v in layout().items() if k != "A1"}}, "missing"),
    ({"layout": {**layout(), "A1": "res02", "B1": "res02"}}, "distinct"),
    ({"layout": {**layout(), "A1": "zzz99"}}, "unknown island"),
    ({"mix": "lots"}, "invalid Wayfinders options"),
    ({"colour": "red"}, "invalid Wayfinders options"),
])
def test_w40_invalid_options_raise_value_error(opts, msg):
    """W40: invalid advanced setups raise ValueError with a clear message."""
    with pytest.raises(ValueError, match=msg):
        E.setup(SEATS[2], 1, opts)


def test_w40b_random_mix_draws_from_all_45():
    """W40(b): 24 tiles at random from all 45 regardless of back."""
    mixes = set()
    for seed in range(12):
        s = E.setup(SEATS[2], seed, {"random_mix": True})
        placed = [s.board[c].island for c in ISLAND_CELLS]
        assert len(set(placed)) == 24
        mixes.add(tuple(sorted(Counter(ISLANDS[i].back for i in placed).items())))
    assert len(mixes) > 3  # not the fixed 9/8/7


def test_w40c_fixed_layout_places_each_named_island():
    """W40(c): the layout names the island of every non-home cell; nothing else changes."""
    lay = layout(A1="sco15", E5="res03")
    s = E.setup(SEATS[3], 9, {"layout": lay})
    assert {c: s.board[c].island for c in ISLAND_CELLS} == lay
    plain = E.setup(SEATS[3], 9)
    assert s.order == plain.order  # first player still from the seed
    assert len(s.hangars) == 6 and bag_total(s) == 39


def test_w41_exploration_setup_only_four_face_up():
    """W41 (setup): tiles face down except C2, B3, D3, C4 (and home)."""
    s = E.setup(SEATS[2], 4, {"exploration": True, "mix": (5, 10, 9)})
    up = {c for c in CELLS if s.board[c].face_up}
    assert up == {"C2", "B3", "D3", "C4", HOME}
    assert all(s.board[c].island for c in ISLAND_CELLS)  # placed, only hidden


def test_options_model_round_trips_in_the_state():
    s = E.setup(SEATS[2], 4, {"exploration": True, "mix": [6, 9, 9]})
    back = E.load(E.dump(s))
    assert back == s and back.options.mix == (6, 9, 9) and back.options.exploration


def test_data_file_is_the_sheet_csv():
    sheet = Path(__file__).resolve().parents[2] / "docs" / "rules" / "wayfinders.md"
    text = sheet.read_text(encoding="utf-8")
    block = text.split("```csv\n", 1)[1].split("```", 1)[0]
    assert block.strip().splitlines() == DATA.read_text(encoding="utf-8").strip().splitlines()

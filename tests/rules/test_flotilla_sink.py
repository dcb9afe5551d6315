"""Flotilla Sinkside: drawing and placing (F38-F40, E18), artifacts (F56), diving (F44-F50, X4)."""
from __future__ import annotations

from rules.flotilla import ENGINE
from rules.flotilla.data import TILES
from rules.flotilla.dive import deplete_options, roll
from rules.flotilla.hexes import is_hub, neighbours, vertex
from rules.flotilla.place import can_place, completed_circles
from rules.flotilla.state import Skiff

from .test_flotilla_kit import act, active, chain, ids, me, new, parse, put_tile


def _open_cells(s, seat):
    home = s.players[seat].home
    return [c for c in neighbours(home) if not is_hub(c)]


def test_F38_toxicity_of_every_drawn_tile_and_F39_rest_returns():
    s = new()
    seat = active(s)
    s = act(s, "play:founder")  # Sail 1 (nowhere), Draw 2, place up to 1
    drawn = list(s.drawn)
    assert len(drawn) == 2 and len(s.bag) == 90
    assert s.players[seat].tox == sum(TILES[t].tox for t in drawn)
    s = act(s, "pl:stop")
    assert len(s.bag) == 92 and s.drawn == []


def test_F40_placement_rules():
    s = new()
    seat = active(s)
    other = s.order[1]
    cells = _open_cells(s, seat)
    assert cells
    c = cells[0]
    assert can_place(s, seat, "red-01", c)  # Shallow next to the starting tile
    assert not can_place(s, seat, "red-18", c)  # Abyss next to a starting tile (and the Hub)
    assert can_place(s, seat, "red-10", c)  # Deep anywhere
    assert not can_place(s, other, "red-01", c)  # not next to your own tile
    far = next(n for n in neighbours(c) if n not in s.board and not is_hub(n) and n != s.players[seat].home)
    s = ENGINE.copy_state(s)
    put_tile(s, c, "blue-10", seat)  # a Deep tile of ours
    assert can_place(s, seat, "blue-18", far) == (not any(is_hub(n) or (n in s.board and s.board[n][0] in
                                                          ("start",) or (n in s.board and s.board[n][0] != "start"
                                                          and TILES[s.board[n][0]].depth == "S"))
                                                          for n in neighbours(far)))
    put_tile(s, far, "yellow-02", other)  # an opponent's tile: nothing of ours may touch it
    for n in neighbours(far):
        assert not can_place(s, seat, "blue-10", n)
    assert not can_place(s, seat, "blue-10", "0,0")  # the Hub


def test_F40_E18_drawn_tile_without_a_cell_is_not_offered():
    s = new()
    s = ENGINE.copy_state(s)
    s.drawn = ["red-18"]  # Abyss: every empty cell next to the start is next to the start
    s = chain(s, "founder", [["place", 1, ""]])
    assert "pl:red-18" not in (ids(s) if s.todo else [])


def test_F56_artifact_circle_draws_slots_and_pays():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    home = s.players[seat].home
    # three cells meeting at one vertex, none of them the Hub or taken, one next to our start
    ring2 = {n2 for n in neighbours(home) for n2 in neighbours(n)}
    found = None
    for a in sorted(ring2):
        for k in range(6):
            v = vertex(a, k)
            if all(c not in s.board and not is_hub(c) for c, _ in v) and any(c in neighbours(home) for c, _ in v):
                found = v
                break
        if found:
            break
    placed = sorted(found, key=lambda ck: ck[0] not in neighbours(home))
    yellow = ["red-01", "red-06", "red-12"]  # wedge Y at printed corner 0
    for (c, k), t in zip(placed[1:], yellow):
        put_tile(s, c, t, seat, rot=k)
    last_cell, last_k = placed[0]
    s.drawn = ["red-17"]  # Deep, wedge Y
    s.bag.remove("red-17")
    s = chain(s, "founder", [["place", 1, ""]])
    s = act(s, "pl:red-17", f"cell:{last_cell}")
    bag = len(s.artifact_bag)
    s = act(s, f"rot:{last_k}")
    assert completed_circles(s, last_cell) == 1
    assert len(s.artifact_bag) == bag - 1 and sum(len(v) for v in s.slotted.values()) == 1


def test_F44_F45_F46_dive_pool_and_barrels():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    c = _open_cells(s, seat)[0]
    put_tile(s, c, "blue-02", seat)  # Shallow, blue
    p = me(s)
    p.skiffs = [Skiff(cell=c), Skiff(cell=p.home)]
    s.todo = parse([["dive_roll", "SS", 0], ["end"]])
    s.playing = "delver"
    p.hand.remove("delver")
    before = s.rng.state
    roll(s, s.todo.pop(0))
    assert s.rng.state != before
    ev = next(e for e in s.events if e.key == "flotilla.ev.dive")
    assert ev.args["dice"] == 3  # two card dice + one skiff on an undepleted tile (not the starting tile)


def test_F48_X4_depletion_targets():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    cells = _open_cells(s, seat)
    x, y = cells[0], cells[1]
    put_tile(s, x, "red-01", seat)
    put_tile(s, y, "red-02", seat, depleted=1)
    z = next(n for n in neighbours(x) if n not in s.board and not is_hub(n))
    put_tile(s, z, "red-03", seat)
    p = me(s)
    p.skiffs = [Skiff(cell=x), Skiff(cell=y)]
    opts = deplete_options(s, ["deplete", 2])
    assert [o[0] for o in opts] == [f"deplete:{x}"]  # first: the undepleted tile with a skiff
    s.board[x] = ["red-01", 0, seat, 1, 0, "sink"]
    opts = deplete_options(s, ["deplete", 1])
    assert sorted(o[0] for o in opts) == [f"deplete:{z}"]  # then any undepleted tile of yours


def test_F46_E7_barrels_lost_when_no_skiff_qualifies_and_capacity():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    c = _open_cells(s, seat)[0]
    put_tile(s, c, "blue-02", seat)
    me(s).skiffs = [Skiff(cell=c, cargo=["b", "b", "b"])]
    s = chain(s, "delver", [["load", 3]])
    p = s.players[seat]
    assert p.skiffs[0].cargo == ["b"] * 4  # one choice: taken by the engine; the rest are lost (F37 capacity 4)


def test_E9_dive_without_skiffs_rolls_shallow_card_dice():
    s = new()
    seat = active(s)
    s = act(s, "play:delver")  # Sail 2 (nowhere), Dive +1 with no skiff on an ocean tile
    ev = next(e for e in s.events if e.key == "flotilla.ev.dive")
    assert ev.args["dice"] == 1
    assert s.players[seat].discard == ["delver"] or s.todo


def test_D11_dive_depth_choice_for_card_dice():
    s = new()
    seat = active(s)
    s = ENGINE.copy_state(s)
    a, b = _open_cells(s, seat)[:2]
    put_tile(s, a, "blue-02", seat)  # Shallow
    put_tile(s, b, "blue-10", seat)  # Deep
    me(s).skiffs = [Skiff(cell=a), Skiff(cell=b)]
    s = chain(s, "delvers-1-salvager-a", [["dive", 2, 0, 0]])
    assert sorted(ids(s)) == ["depth:DD", "depth:DS", "depth:SS"]
    assert all(m.barrier for m in ENGINE.legal_moves(s, seat))

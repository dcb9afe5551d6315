"""Flotilla rulings on tiles and circles (Part 3): E24, E25, E34, E37."""
from __future__ import annotations

from rules.flotilla import ENGINE
from rules.flotilla.data import BOARD, TILES
from rules.flotilla.hexes import distance, is_hub, neighbours, vertex
from rules.flotilla.place import completed_circles, legal_cells
from rules.flotilla.sky import sonar_circles
from rules.playout import iter_playout, playout_rng

from .test_flotilla_kit import act, active, chain, give, ids, me, new, put_tile, saved
from .test_flotilla_sky import skyside

DEEP = ("red-11", "red-14")  # Deep tiles without an artifact wedge: legal next to the start, no rotation


def _free_vertices(s, home):
    """Vertices whose three cells are empty, outside the Hub and within 3 of `home`."""
    out = []
    for a in sorted({c for c in _near(home, 3)}):
        for k in range(6):
            v = vertex(a, k)
            if v not in out and all(c not in s.board and not is_hub(c) and distance(c, home) <= 3 for c, _ in v):
                out.append(v)
    return out


def _near(cell, r):
    seen = {cell}
    edge = {cell}
    for _ in range(r):
        edge = {n for c in edge for n in neighbours(c)} - seen
        seen |= edge
    return seen


def test_E24_a_build_completing_two_sonar_circles_gives_a_choice_for_each():
    """E24: each completed circle counts: one sonar choice each. (A tile shows one station and
    one wedge, at printed corner 0, so a single tile completes at most one circle.)"""
    s, seat = skyside()
    home = me(s).home
    vs = _free_vertices(s, home)
    v1 = vs[0]
    v2 = next(v for v in vs if not {c for c, _ in v} & {c for c, _ in v1})
    for (c, k), t in zip(v1[:2] + v2[:2], ["red-06", "red-11", "red-14", "red-16"]):  # stations at the vertex
        put_tile(s, c, t, seat, rot=k, face="sky")
    me(s).tiles = ["red-02", "red-04"]  # sonar tiles, cost 1 red barrel each
    me(s).barrels = {"p": 0, "y": 0, "r": 2, "b": 0}
    s = chain(s, "founders-1-settler-a", [["build", 2]])
    (c1, k1), (c2, k2) = v1[2], v2[2]
    s = act(s, "bt:red-02", f"bcell:{c1}", f"brot:{k1}", "bt:red-04", f"bcell:{c2}", f"brot:{k2}")
    assert s.todo[0].model_dump() == ["sonar", 2] and ids(s) == ["sonar:yes", "sonar:no"]
    vp = s.players[seat].vp
    s = act(s, "sonar:yes")
    assert s.todo[0].model_dump() == ["sonar", 1] and ids(s) == ["sonar:yes", "sonar:no"]
    s = act(s, "sonar:yes")
    assert s.sonar == 2 and s.players[seat].vp == vp + BOARD.sonar_vp[1] + BOARD.sonar_vp[2]


def test_E25_the_starting_tile_shows_no_wedge_or_station():
    s = ENGINE.copy_state(new())
    seat = active(s)
    home = me(s).home
    v = next(vertex(home, k) for k in range(6)
             if all(c == home or (c not in s.board and not is_hub(c)) for c, _ in vertex(home, k)))
    others = [(c, k) for c, k in v if c != home]
    for (c, k), t in zip(others, ["red-01", "red-06"]):  # yellow wedges at the vertex
        put_tile(s, c, t, seat, rot=k)
    assert completed_circles(s, others[0][0]) == 0
    k_home = next(k for c, k in v if c == home)
    start = s.board[home]
    s.board[home] = ["red-12", k_home, seat, 0, 0, "sink"]  # a yellow wedge where the start tile was
    assert completed_circles(s, others[0][0]) == 1
    s.board[home] = start
    for (c, k), t in zip(others, ["red-02", "red-04"]):  # sonar stations at the vertex, Skyside
        put_tile(s, c, t, seat, rot=k, face="sky")
    assert sonar_circles(s, [others[0][0]]) == 0


def test_E25_tiles_of_two_players_never_meet_at_a_vertex_in_random_games():
    for seed in range(2):
        for step in iter_playout(ENGINE, new(4, seed), playout_rng(seed)):
            if step.index % 20:
                continue
            board = step.after.board
            assert not any(is_hub(c) for c in board)
            for cell in board:
                for k in range(6):
                    owners = {board[c][2] for c, _ in vertex(cell, k) if c in board}
                    assert len(owners) <= 1, (seed, step.index, cell, k)


def _ring_tile(s, bag, drawn=()):
    """Speakers ring 2 -> 3: the Ocean tile bonus draws `bag`'s only tile (F28)."""
    s = give(s, ring={"speakers": 2, "traders": 6, "founders": 6, "delvers": 6})
    s = ENGINE.copy_state(s)
    for t in bag + list(drawn):
        if t in s.bag:
            s.bag.remove(t)
    rest, s.bag = s.bag, list(bag)
    s.drawn = list(drawn)
    seat = active(s)
    s = chain(s, "speaker", [["infl", 1, 0]])
    s = act(s, "inf:s")
    return s, seat


def test_E34_a_sinksiders_ring_tile_may_be_placed_only_that_tile():
    """E34: the tile may be placed under F40; other tiles drawn this turn are not offered."""
    s, seat = _ring_tile(new(), ["red-11"], drawn=["red-14"])
    assert ids(s) == ["pl:red-11", "pl:stop"]
    cell = legal_cells(s, seat, "red-11")[0]
    t = act(s, "pl:red-11", f"cell:{cell}")
    assert t.board[cell][:3] == ["red-11", 0, seat] and "red-11" not in t.bag
    t = act(s, "pl:stop")
    assert "red-11" in t.bag and t.drawn == ["red-14"]


def test_E34_E18_a_ring_tile_without_a_legal_cell_goes_back_to_the_bag():
    s, seat = _ring_tile(new(), ["red-18"])  # Abyss: every cell next to the start is next to the start
    assert "red-18" in s.bag and s.drawn == [] and s.players[seat].tox == TILES["red-18"].tox


def test_E34_a_skysiders_ring_tile_goes_to_the_reserve():
    s, seat = skyside()
    s, _ = _ring_tile(s, ["red-11"])
    assert s.players[seat].tiles == ["red-11"] and "red-11" not in s.bag and s.drawn == []


def test_E37_a_placement_may_be_next_to_a_tile_placed_earlier_in_the_same_action():
    s = ENGINE.copy_state(new())
    seat = active(s)
    home = me(s).home
    for tile in DEEP:
        s.bag.remove(tile)
    s.drawn = list(DEEP)
    s = chain(s, "founders-1-settler-a", [["place", 2, ""]])  # Sinkside: draw 2, place up to 2
    first = legal_cells(s, seat, DEEP[0])[0]
    beyond = [c for c in neighbours(first) if c not in s.board and not is_hub(c) and c not in neighbours(home)]
    assert beyond and not set(beyond) & set(legal_cells(s, seat, DEEP[1]))
    s = act(s, f"pl:{DEEP[0]}", f"cell:{first}")
    assert ids(s) == [f"pl:{DEEP[1]}", "pl:stop"]
    s = act(s, f"pl:{DEEP[1]}")
    assert set(beyond) <= {i[5:] for i in ids(s)}  # now legal: next to the tile just placed
    s = act(s, f"cell:{beyond[0]}")
    assert s.board[beyond[0]][:3] == [DEEP[1], 0, seat]


def _circle_ready():
    """Two yellow wedges at a vertex next to the start; red-17 (Deep, yellow) drawn to complete it."""
    s = ENGINE.copy_state(new())
    home = me(s).home
    v = next(v for v in _free_vertices(s, home) if any(c in neighbours(home) for c, _ in v))
    v = sorted(v, key=lambda ck: ck[0] not in neighbours(home))
    for (c, k), t in zip(v[1:], ["red-01", "red-06"]):
        put_tile(s, c, t, active(s), rot=k)
    for t in ("red-17", DEEP[0]):
        s.bag.remove(t)
    s.drawn = ["red-17", DEEP[0]]
    s = chain(s, "founders-1-settler-a", [["place", 2, ""]])
    return s, f"cell:{v[0][0]}", f"rot:{v[0][1]}"


def test_E37_F56_a_sinkside_placement_checks_its_circle_at_once():
    """E37: the artifact comes with the placement that completes the circle, before the next one."""
    s, cell, rot = _circle_ready()
    seat = active(s)
    slotted = sum(len(x) for x in s.slotted.values())
    s = act(s, "pl:red-17", cell, rot)
    assert sum(len(x) for x in s.slotted.values()) == slotted + 1
    assert ["place", 1, ""] in saved(s.todo)  # the second placement is still to come
    assert s.players[seat].discard == []  # and the card is not finished


def test_E6_a_circle_completed_with_the_artifact_bag_empty_gives_nothing():
    s, cell, rot = _circle_ready()
    s.artifact_bag = []
    slotted = {g: list(x) for g, x in s.slotted.items()}
    s = act(s, "pl:red-17", cell, rot)
    assert s.slotted == slotted and s.todo[0].model_dump() == ["place", 1, ""]

"""Eclipse Explore and Discovery tiles: E33-E36, E45, E91, E103, E110."""
from __future__ import annotations

from rules.eclipse.geometry import neighbour, parse_pos, ring_of, wormholes
from rules.eclipse.moves import explore_positions, placements

from .test_eclipse_kit import game, home, ids, play


def solo(sides=("terran union", "terran alliance"), seed=0):
    s = game(list(sides), seed=seed)
    s.turn = "p1"
    for x in s.order[1:]:
        s.players[x].passed = True
    return s, "p1"


def test_e33_positions_only_through_wormholes_of_own_hexes():
    s, seat = solo()
    h = s.hexes[home(s, seat)]
    want = set()
    for d in wormholes(home(s, seat), h.rotation):
        q, r = neighbour(h.q, h.r, d)
        if (q, r) != (0, 0) and f"{q},{r}" not in {f"{x.q},{x.r}" for x in s.hexes.values()}:
            want.add(f"{q},{r}")
    assert set(explore_positions(s, seat)) == want
    s = play(s, "act:explore")
    assert {x[4:] for x in ids(s) if x.startswith("exp:")} == want


def test_e34_draws_from_the_ring_stack_e35_orientations_connect_fully():
    s, seat = solo()
    s = play(s, "act:explore")
    pid = next(x for x in ids(s) if x.startswith("exp:"))[4:]
    ring = ring_of(*parse_pos(pid))
    top = s.stacks[ring][-1]
    s = play(s, "exp:" + pid)
    f = s.stack[-1]
    assert f.drawn == [top] or f.placed == top or s.discards[ring] == [top]
    if f.drawn:
        for rot in placements(s, seat, top, pid):
            assert f"pl:{top}:{rot}" in ids(s)
        assert "discard" in ids(s)


def test_e34_draco_draws_two_and_places_at_most_one():
    s, seat = solo(("draco", "terran union", "hydran"))
    s = play(s, "act:explore")
    pid = next(x for x in ids(s) if x.startswith("exp:"))[4:]
    ring = ring_of(*parse_pos(pid))
    two = s.stacks[ring][-2:][::-1]
    s = play(s, "exp:" + pid)
    f = s.stack[-1]
    if f.drawn:
        assert f.drawn == two
        pl = [x for x in ids(s) if x.startswith("pl:")]
        s = play(s, pl[0])
        placed = pl[0].split(":")[1]
        assert [h for h in two if h != placed] == s.discards[ring]


def test_e30_planta_explores_twice():
    s, seat = solo(("planta", "terran alliance", "hydran"))
    s = play(s, "act:explore")
    assert s.stack[-1].left == 2


def test_e36_e45_disc_takes_the_discovery_tile_keep_for_2_vp():
    s, seat = solo()
    for seed in range(40):
        s, seat = solo(seed=seed)
        s = play(s, "act:explore")
        pid = next(x for x in ids(s) if x.startswith("exp:"))[4:]
        s = play(s, "exp:" + pid)
        pl = [x for x in ids(s) if x.startswith("pl:")]
        if not pl:
            continue
        hid = pl[0].split(":")[1]
        s = play(s, pl[0])
        h = s.hexes[hid]
        if h.ancients:
            assert "disc:yes" not in ids(s)  # E36: not with Ancients
            continue
        if h.discovery is None:
            continue
        tile = h.discovery
        s = play(s, "disc:yes")
        assert s.hexes[hid].owner == seat and s.hexes[hid].discovery is None
        assert s.stack[-1].model_dump() == {"k": "disco", "seat": seat, "hex": hid, "tile": tile}
        s = play(s, "dsc:keep")
        assert s.players[seat].kept_discoveries == [tile]
        return
    raise AssertionError("no seed gave a discovery hex without Ancients")

"""More Flotilla rules: F3, F4, F47, F49, F58, F59, F61, F68 and edge cases E2-E46 not covered elsewhere."""
from __future__ import annotations

from rules.flotilla import ENGINE
from rules.flotilla.dive import roll
from rules.flotilla.hexes import is_hub, neighbours
from rules.flotilla.state import Skiff
from rules.rng import Rng

from .test_flotilla_kit import act, active, chain, give, ids, me, new, parse, put_tile


def test_F3_F4_everyone_starts_sinkside_with_the_components():
    s = new(5)
    for p in s.players.values():
        assert p.side == "sink" and len(p.skiffs) + p.skiff_reserve == 4 and 6 - p.outposts == 6
        assert len(p.ring) == 4 and sum(p.seals.values()) == 0


def test_F3_no_turning_back():
    s = ENGINE.copy_state(new())
    p = me(s)
    p.side = "sky"
    p.skiffs, p.skiff_reserve = [], 0
    s = act(s, "play:captain")  # Income 4; Rally: no turn choice for a Skysider
    assert not any(i.startswith("turn:") for i in (ids(s) if s.todo else []))
    assert s.players[p.seat].side == "sky"


def _rng_showing(face_index: int) -> Rng:
    k = next(k for k in range(10_000) if Rng(state=k).below(6) == face_index)
    return Rng(state=k)


def test_F45_F47_F49_dive_toxicity_and_survivors():
    s = ENGINE.copy_state(new())
    seat = active(s)
    s.rng = _rng_showing(4)  # an Abyss die's 5th face: survivor + toxicity
    s.playing = "delver"
    me(s).hand.remove("delver")
    s.todo = parse([["end"]])
    roll(s, parse([["dive_roll", "A", 0]])[0])
    assert [f.kind for f in s.todo[:2]] == ["survivor", "tox"]  # F45: survivors before toxicity
    from rules.flotilla.chain import run
    run(s)
    assert s.players[seat].tox == 1 and s.survivor == 1 and s.players[seat].coins == 4 + 2  # II space 1: 2¢


def test_wreck_master_ignores_toxicity():
    s = ENGINE.copy_state(new())
    s.rng = _rng_showing(4)
    s.todo = parse([["end"]])
    s.playing = "delver"
    me(s).hand.remove("delver")
    roll(s, parse([["dive_roll", "A", 2]])[0])
    assert "tox" not in [f.kind for f in s.todo]


def test_F50_sonar_faces_count_as_the_sonar_space():
    s = ENGINE.copy_state(new())
    s.rng = _rng_showing(5)  # Shallow die: sonar face
    s.sonar = 5  # counts as 3 barrels
    s.todo = parse([["end"]])
    roll(s, parse([["dive_roll", "S", 0]])[0])
    ev = next(e for e in s.events if e.key == "flotilla.ev.dive")
    assert ev.args["b"] == 3


def test_F58_survivor_track_wraps_and_pays_every_space():
    s = ENGINE.copy_state(new())
    seat = active(s)
    s.survivor = 11  # track II, last space
    s = chain(s, "speaker", [["survivor", 2, 0]])
    assert s.survivor == 1 and s.players[seat].vp == 3 and s.players[seat].coins == 4 + 2


def test_F59_F61_dials_and_seals_are_bounded():
    s = ENGINE.copy_state(new())
    s.dials["delvers"] = 4
    assert all(not i.endswith(":d") for i in [o[0] for o in __import__(
        "rules.flotilla.research", fromlist=["dial_options"]).dial_options(s, ["dial", 1])])
    s = give(s, seals={"speakers": 4, "traders": 3, "founders": 3, "delvers": 0},
             ring={"speakers": 6, "traders": 6, "founders": 6, "delvers": 4})
    seat = active(s)
    s = chain(s, "speaker", [["infl", 1, 0]])
    s = act(s, "inf:d")  # Delvers space 5: Seal, but all 10 are placed: 2 VP
    assert sum(s.players[seat].seals.values()) == 10 and s.players[seat].vp == 2


def test_E2_each_scholar_target_is_offered():
    s = ENGINE.copy_state(new())
    for other in s.order[1:3]:
        s.players[other].discard = ["trader"]
    assert sorted(i for i in ids(s) if i.startswith("play:scholar")) == sorted(
        f"play:scholar:{o}" for o in s.order[1:3])


def test_E5_empty_bag_draws_nothing():
    """(E6, the empty artifact bag: test_flotilla_rulings_tiles.py.)"""
    s = ENGINE.copy_state(new())
    s.bag = []
    seat = active(s)
    s = act(s, "play:founder")
    assert s.players[seat].discard == ["founder"] and s.players[seat].tox == 0


def test_E8_depletion_without_tiles_is_discarded():
    s = ENGINE.copy_state(new())
    s = chain(s, "delver", [["deplete", 2]])
    assert not s.todo or s.todo[0].kind != "deplete"


def test_E26_E36_unaffordable_and_cargo_are_not_offered():
    s = ENGINE.copy_state(give(new(), coins=2))
    me(s).skiffs = [Skiff(cell=me(s).home, cargo=["r", "r"])]
    s = chain(s, "trader", [["trans", 2], ["nudge", 0, 0]])
    assert not any(i.startswith(("tx:sell", "tx:buy:b", "tx:skiff", "tx:obj")) for i in ids(s))


def test_E27_E28_E40_sail_back_and_forth_through_depleted_tiles_then_sell():
    s = ENGINE.copy_state(new())
    seat = active(s)
    home = me(s).home
    cell = next(c for c in neighbours(home) if not is_hub(c))
    put_tile(s, cell, "red-05", seat, depleted=1)
    me(s).skiffs = [Skiff(cell=cell, cargo=["r", "r"])]
    s = chain(s, "trader", [["sail", 2], ["trans", 3]])
    back = next(i for i in ids(s) if i.startswith("sail:0"))
    s = act(s, back)  # home: unloaded
    assert s.players[seat].barrels["r"] == 2
    s = act(s, next(i for i in ids(s) if i.startswith("sail:0")))  # and out again onto the depleted tile
    assert "tx:sell:r" in ids(s)  # E40: the cargo unloaded this turn may be sold


def test_E29_recruit_goes_to_the_hand_and_the_next_card_shows():
    s = ENGINE.copy_state(new())
    seat = active(s)
    stack = list(s.stacks["founders"])
    s = chain(s, "speaker", [["recruit", "founders"]])
    assert stack[0] in s.players[seat].hand
    assert ENGINE.view(s, None).stack_tops["founders"] == stack[1]
    assert stack[0] not in ENGINE.view(s, None).model_dump_json()


def test_E14_F34_market_end_and_F68_single_option_taken_by_the_engine():
    s = ENGINE.copy_state(give(new(), coins=50))
    s.market["b"] = 10
    seat = active(s)
    s = chain(s, "trader", [["trans", 1]])
    s = act(s, "tx:buy:b")  # the transactions end; the market adjusts: 1 step of overflow
    assert s.market["b"] == 10 and s.players[seat].vp == 2

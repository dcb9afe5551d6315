"""Eclipse actions that can do nothing (E26 RULING, E99, E101): every action stays legal while a disc is
on the track, the ones that can do nothing listed after `pass`; U12's disc put back to reset cubes; and the
right end message when every civilisation collapses (E72)."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.moves import seat_to_act
from rules.eclipse.setup import new_hex
from rules.text import tr

from ..test_eclipse_kit import game, home, ids, play

TWO = ["terran union", "terran alliance"]


def p1_turn():
    s = game(TWO, seed=0)
    s.turn = "p1"
    return s


def acts(s):
    """The actions listed before `pass`: those that can do something."""
    listed = ids(s)
    return [x for x in listed[:listed.index("pass")] if x.startswith("act:")]


def idle(s):
    """The actions listed after `pass`: legal, but they can do nothing (E26 RULING)."""
    listed = ids(s)
    return [x for x in listed[listed.index("pass") + 1:] if x.startswith("act:")]


def test_e26_a_terran_with_discs_and_no_ship_may_take_move_and_it_ends_at_once():
    """E26 RULING: with a disc on the track every action is legal, even one that can do nothing (Move with
    no ship); it sits at the end of the menu, and taken it costs the disc and ends at once (E99)."""
    s = p1_turn()
    assert s.players["p1"].species.startswith("terran")
    for h in s.hexes.values():
        h.ships.pop("p1", None)
    assert "act:move" in idle(s) and "act:move" not in acts(s)
    listed = ids(s)
    assert all(listed.index(x) > listed.index("pass") for x in idle(s))  # at the end of the menu, after `pass`
    track = s.players["p1"].track
    s = play(s, "act:move")
    assert s.players["p1"].track == track - 1 and s.players["p1"].discs_acted == 1
    assert s.turn == "p2"  # the action ended at once: the turn went on
    assert [tr(e, "en") for e in s.events][0] == "p1 takes the Move action."


def test_e26_every_action_is_legal_with_a_disc_on_the_track_and_none_without():
    s = p1_turn()
    s.players["p1"].storage = [0, 0, 0]
    assert sorted(acts(s) + idle(s)) == sorted(f"act:{a}" for a in
                                               ("explore", "influence", "research", "upgrade", "build", "move"))
    s.players["p1"].track = 0
    assert acts(s) == [] and idle(s) == []


def test_e26_e105_research_useful_only_with_a_tech_it_can_pay_trades_counted():
    """E26 RULING / E99 / E105: no Science and nothing to trade: Research at the end of the menu; Money
    that trades (E21, Terrans 2:1) into the price of a tech (E19): Research among the useful actions."""
    s = p1_turn()
    s.players["p1"].storage = [0, 0, 0]
    assert "act:research" not in acts(s) and "act:research" in idle(s)
    s.players["p1"].storage = [2 * 8, 0, 0]  # 8 Science after trades: the cheapest techs cost less
    assert "act:research" in acts(s)


def test_e26_e107_build_useful_only_with_a_piece_it_can_pay():
    """E26 RULING / E107: fewer Materials than the cheapest piece (Interceptor 3, E41): Build can do nothing."""
    s = p1_turn()
    s.players["p1"].storage = [0, 0, 2]
    assert "act:build" not in acts(s) and "act:build" in idle(s)
    s.players["p1"].storage[2] = 3
    assert "act:build" in acts(s)
    s = play(s, "act:build")
    built = [x.rpartition(":")[0] for x in ids(s) if x.startswith("bld:")]
    assert list(dict.fromkeys(built)) == ["bld:interceptor", "bld:starbase"]


def test_e26_e108_move_useful_only_with_a_ship_that_can_move():
    """E26 RULING / E108: no ship with a first step (E43, E44): Move can do nothing."""
    s = p1_turn()
    for h in s.hexes.values():
        h.ships.pop("p1", None)
    assert "act:move" not in acts(s)
    hid = home(s, "p1")
    s.hexes[hid].ships["p1"] = {"interceptor": 1}
    q, r = s.hexes[hid].q, s.hexes[hid].r
    from rules.eclipse.geometry import neighbour, wormholes
    d = sorted(wormholes(hid, s.hexes[hid].rotation))[0]
    nq, nr = neighbour(q, r, d)
    for rot in range(6):  # an explored neighbour with a wormhole facing back (E43)
        if (d + 3) % 6 in wormholes("106", rot):
            s.hexes["106"] = new_hex("106", nq, nr, rot)
            break
    assert "act:move" in acts(s)


def test_e26_e103_explore_useful_only_with_a_position():
    """E26 RULING / E103 step 1: with every reachable stack and discard pile empty (E34), Explore can do nothing."""
    s = p1_turn()
    assert "act:explore" in acts(s)
    for ring in s.stacks:
        s.stacks[ring] = []
        s.discards[ring] = []
    assert "act:explore" not in acts(s) and "act:explore" in idle(s)


def test_u12_e104_a_disc_goes_back_onto_its_own_hex_only_to_reset_cubes():
    """U12 RULING / E104 step 2: back onto the hex it left only when that hex holds cubes (they return,
    E38); on a hex without cubes that move would change nothing and is not offered."""
    s = p1_turn()
    hid = home(s, "p1")
    s = play(s, "act:influence", f"from:{hid}")
    assert f"to:{hid}" in ids(s)
    label = next(m.text for m in E.legal_moves(s, "p1") if m.id == f"to:{hid}")
    assert tr(label, "en") == f"Put it back on hex {hid} (its cubes return to your tracks)"
    assert tr(label, "es") == f"Devolverlo al hexágono {hid} (sus cubos vuelven a tus pistas)"
    s = play(s, f"to:{hid}")
    assert tr(s.events[0], "en", {"p1": "Ann"}) == (
        f"Ann lifts the disc of hex {hid} and puts it back; its cubes return to the tracks.")
    assert s.hexes[hid].owner == "p1" and not any(s.hexes[hid].cubes)
    s = play(s, f"from:{hid}")  # no cube left there: only the track, taken without asking (E99)
    assert s.hexes[hid].owner is None and s.stack[-1].kind in ("turn", "after")


def test_e101_e26_a_seat_with_discs_and_no_useful_action_is_still_asked(monkeypatch):
    """E101 / E26 RULING: no action can do anything (no hex, ship, resources or position; Upgrade made
    impossible here), no colony ship, but discs on the track: the seat is asked, `pass` first."""
    import rules.eclipse.moves as moves  # where the check that an action can do something reads it
    monkeypatch.setattr(moves, "can_react_upgrade", lambda p: False)
    s = p1_turn()
    s.players["p2"].storage, s.players["p2"].colony_ships_up = [0, 0, 0], 0
    for h in s.hexes.values():
        if h.owner == "p2":
            h.owner = None
        h.ships.pop("p2", None)
    assert s.players["p2"].track > 0
    s = play(s, "pass")
    assert seat_to_act(s) == "p2" and s.round == 1
    assert ids(s)[0] == "pass" and acts(s) == [] and len(idle(s)) == 6


def test_e101_e99_a_seat_with_no_disc_on_the_track_passes_without_being_asked():
    """E101 / E99: with no disc on the track and nothing else to do, the seat passes without being asked."""
    s = p1_turn()
    s.players["p2"].storage, s.players["p2"].colony_ships_up = [0, 0, 0], 0
    for h in s.hexes.values():
        if h.owner == "p2":
            h.owner = None
        h.ships.pop("p2", None)
    s.players["p2"].track = 0
    s = play(s, "pass")  # p2 passes at once, so the round ends (E29) and round 2 begins
    assert [tr(e, "en") for e in s.events][:2] == ["p1 passes.", "p2 passes."] and s.round == 2


def test_e72_every_civilisation_collapsed_in_round_1_says_so():
    """E72: with no seat left the game ends at once; the message tells it (not "Round 9 is over", E25)."""
    s = game(TWO, seed=1)
    for seat in ("p1", "p2"):
        p = s.players[seat]
        p.track, p.discs_acted, p.storage, p.colony_ships_up = 1, 11, [0, 1, 1], 0
    s.turn = s.start
    s = play(s, "pass", "pass")
    while s.phase != "over":
        s = play(s, next(x for x in ids(s) if x.startswith("give:")))
    assert s.round == 1 and all(s.players[x].collapsed for x in ("p1", "p2"))
    en = [tr(e, "en") for e in s.events]
    assert en[-1].startswith("Every civilisation has collapsed (round 1)") and not any("Round 9" in x for x in en)
    assert tr(s.events[-1], "es").startswith("Todas las civilizaciones se han derrumbado (ronda 1)")

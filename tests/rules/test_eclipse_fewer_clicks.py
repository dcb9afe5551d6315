"""Eclipse in fewer clicks (sheet E99, E102, E104, E106, E107): what the engine no longer asks."""
from __future__ import annotations

from rules.eclipse.settle import settle
from rules.eclipse.setup import new_hex

from .test_eclipse_kit import game, home, ids, play

TWO = ["terran union", "terran alliance"]


def p1_turn():
    s = game(list(TWO), seed=0)
    s.turn = "p1"
    return s


def core(s):
    return [x for x in ids(s) if not x.startswith(("tr:", "col:"))]


def with_empty_square(s):
    """p1 controls 103 with empty squares and a face-up colony ship, so colonising is on offer."""
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": "p1"})
    s.hexes["103"].cubes = [0] * len(s.hexes["103"].cubes)
    return s


# ---------------------------------------------------------------- 1. only stop left

def test_e99_a_later_build_activation_with_only_stop_left_ends_by_itself():
    """E99/E107: after the first build spends the last Materials and no trade can pay for another piece,
    the second activation would offer only `stop`: the action ends and the turn moves on."""
    s = p1_turn()
    s.players["p1"].storage = [0, 0, 3]
    s = play(s, "act:build")
    assert s.stack[-1].left == 2
    s = play(s, f"bld:interceptor:{home(s, 'p1')}")
    assert [f.kind for f in s.stack] == ["turn"] and s.turn == "p2"


def test_e99_e106_stop_after_undo_with_no_part_to_place_ends_the_upgrade():
    """E106: after `undo returns` `stop` is always offered; where no part could go anywhere it is the only
    option (E99), and the action ends without asking."""
    s = p1_turn()
    s = play(s, "act:upgrade", "part:hull", "put:interceptor:0", "ret")
    s = play(s, "undo")
    bp = s.players["p1"].blueprints
    assert "stop" in core(s) and s.stack[-1].kind == "upgrade"  # a part can still go somewhere: asked
    bp["cruiser"][5] = None  # two blueprints without a drive: no placement leaves every blueprint valid (E40)
    bp["dreadnought"][7] = None
    settle(s)
    assert [f.kind for f in s.stack] == ["turn"] and s.turn == "p2"


# ---------------------------------------------------------------- 2. the colony-ship question once

def test_e104_e102_colony_ships_offered_during_an_action_are_not_asked_again_at_its_end():
    """E102: colony ships are free moves at every decision of the seat's turn; the research decision offered
    them, so the end of the action does not ask again: the turn moves on."""
    s = with_empty_square(p1_turn())
    s.players["p1"].storage = [0, 10, 0]
    s.supply = {"neutron bombs": 1}
    s = play(s, "act:research")
    assert any(x.startswith("col:103:") for x in ids(s))
    s = play(s, "res:neutron-bombs")
    assert [f.kind for f in s.stack] == ["turn"] and s.turn == "p2"


def test_e104_e37_ships_flipped_by_influence_are_asked_about_once_at_the_end():
    """E37/E104: the two colony ships Influence flips face up at its end are new, so the end of the action asks
    once ("end turn" beside the colony options); answering it ends the turn."""
    s = with_empty_square(p1_turn())
    s.players["p1"].colony_ships_up = 0
    s = play(s, "act:influence")
    assert not any(x.startswith("col:") for x in ids(s))
    s = play(s, "stop")
    assert s.stack[-1].kind == "after" and s.players["p1"].colony_ships_up == 2
    assert any(x.startswith("col:103:") for x in ids(s)) and core(s) == ["done"]
    s = play(s, "done")
    assert [f.kind for f in s.stack] == ["turn"] and s.turn == "p2"


def test_e104_a_frame_saved_without_the_options_shown_asks_as_before():
    """An action saved before it kept the colony options it showed, and ending without a further decision,
    asks at its end whenever a colony ship can be used (as it did before)."""
    s = with_empty_square(p1_turn())
    s = play(s, "act:research")
    s.stack[-1].cols, s.stack[-1].left = None, 0
    settle(s)
    assert s.stack[-1].kind == "after"
    s = with_empty_square(p1_turn())
    s = play(s, "act:research")
    s.stack[-1].left = 0
    settle(s)
    assert [f.kind for f in s.stack] == ["turn"] and s.turn == "p2"


# ---------------------------------------------------------------- 3. forced steps that reveal nothing

def test_e99_e104_the_only_destination_is_taken_and_the_log_says_so():
    """E99 (forced decisions): a disc from a hex whose only destination is the track goes there without a
    second question; the event says it was the only choice, in both languages."""
    from rules.text import tr
    s = p1_turn()
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": "p1"})
    s = play(s, "act:influence", "from:103")
    assert s.hexes["103"].owner is None and s.stack[-1].kind == "influence" and s.stack[-1].src is None
    told = [tr(e, "en", {"p1": "Ann"}) for e in s.events]
    assert "Ann: Put it on the influence track (the only choice)." in told
    assert any("(la única opción)" in tr(e, "es", {"p1": "Ann"}) for e in s.events)


def test_e99_a_step_that_reveals_a_discovery_is_still_asked():
    """E99/E45: a destination holding a Discovery tile reveals it (a barrier), so even as the only one it is
    asked, never taken by the engine."""
    from .test_eclipse_combat_kit import next_to
    s = p1_turn()
    hid = home(s, "p1")
    next_to(s, hid, "102")
    s.hexes["102"].discovery = "money"
    s = play(s, "act:influence", "from:track")
    assert core(s) == ["to:102"] and s.hexes["102"].owner is None


def test_e99_e106_the_only_tile_to_return_is_returned():
    """E106: `return a tile` with one tile on the blueprints returns it without asking which (E99)."""
    s = p1_turn()
    s = play(s, "act:upgrade", "part:hull", "put:interceptor:0", "ret")
    assert s.players["p1"].blueprints["interceptor"][0] == "ion cannon" and "undo" in core(s)


# ---------------------------------------------------------------- 4. build in one selection

def test_e107_one_option_per_piece_and_hex_builds_in_one_click():
    """E107: the piece and its hex are one option, paid and placed at once; the action goes on to its next
    activation (Terrans: 2)."""
    s = p1_turn()
    hid = home(s, "p1")
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": "p1"})
    s.players["p1"].storage[2] = 8
    s = play(s, "act:build")
    assert {"bld:interceptor:103", f"bld:interceptor:{hid}", "bld:cruiser:103"} <= set(core(s))
    s = play(s, "bld:cruiser:103")
    assert s.hexes["103"].ships == {"p1": {"cruiser": 1}} and s.players["p1"].storage[2] == 3
    assert s.stack[-1].kind == "build" and s.stack[-1].left == 1

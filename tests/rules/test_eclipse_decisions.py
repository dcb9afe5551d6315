"""Eclipse decisions of the Action phase (sheet section 18): E101, E102, E104, E105, E107."""
from __future__ import annotations

from rules.eclipse.data import HEXES
from rules.eclipse.pending import seat_to_act
from rules.eclipse.setup import new_hex

from .test_eclipse_combat_kit import next_to
from .test_eclipse_fleet import ring_of_hexes
from .test_eclipse_kit import game, home, ids, play

TWO = ["terran union", "terran alliance"]


def p1_turn(sides=TWO, **kw):
    s = game(list(sides), seed=0, **kw)
    s.turn = "p1"
    return s


def core(s, seat=None):
    """The options without the free moves (trades, colony ships)."""
    return [x for x in ids(s, seat) if not x.startswith(("tr:", "col:"))]


def test_e101_actions_that_can_do_something_first_then_the_turn_moves_on():
    """E101 (E26 RULING): every action is legal while a disc is on the track; those whose first activation
    can do something, trades counted (E99), come before `pass`, the others after it; it spends the disc."""
    s = p1_turn()
    s.players["p1"].storage = [0, 0, 0]
    assert core(s) == ["act:explore", "act:influence", "act:upgrade", "pass", "act:research", "act:build",
                       "act:move"]
    s.players["p1"].storage = [0, 8, 3]
    assert core(s) == ["act:explore", "act:influence", "act:research", "act:upgrade", "act:build", "pass",
                       "act:move"]
    s = play(s, "act:research", "stop")
    p = s.players["p1"]
    assert (p.track, p.discs_acted) == (11, 1) and seat_to_act(s) == "p2" and s.turn == "p2"


def test_e101_after_passing_only_reactions_that_can_do_something():
    """E101/E28: a passed seat gets `react:` options only for Reactions with a first option."""
    s = p1_turn()
    s.players["p1"].passed = True
    s.players["p1"].storage = [0, 0, 0]
    assert core(s) == ["react:upgrade", "pass"]  # no Materials to build, nowhere to move
    s.players["p1"].storage[2] = 3  # an Interceptor (E41)
    assert core(s) == ["react:upgrade", "react:build", "pass"]
    ring_of_hexes(s)  # explored neighbours: the Interceptor has somewhere to go
    assert core(s) == ["react:upgrade", "react:build", "react:move", "pass"]


def test_e101_a_seat_with_only_pass_passes_without_being_asked():
    """E101/E99: no disc on the track and no colony ship to use: passed automatically; the
    first to pass becomes next round's Start Player (E27)."""
    s = p1_turn()
    s.players["p2"].track = 0
    s.players["p1"].storage = [0, 0, 0]
    s = play(s, "act:explore", "stop")  # the turn goes to p2, who cannot act
    assert s.players["p2"].passed and s.first_pass == "p2" and seat_to_act(s) == "p1"


def test_e101_the_turn_skips_a_seat_no_longer_in_the_game():
    s = p1_turn(["terran union", "terran alliance", "terran republic"])
    s.players["p2"].collapsed, s.players["p2"].passed = True, True
    s = play(s, "pass")
    assert s.turn == "p3" and seat_to_act(s) == "p3"


def test_e102_trades_for_each_ordered_pair_the_seat_can_pay():
    """E102/E21: `trade N X for 1 Y` for every X with at least N in storage (Terrans N = 2)."""
    s = p1_turn()
    s.players["p1"].storage = [2, 1, 5]
    assert sorted(x for x in ids(s) if x.startswith("tr:")) == [
        "tr:materials:money", "tr:materials:science", "tr:money:materials", "tr:money:science"]
    s.supply["gauss shield"] = 1
    s = play(s, "act:research")  # inside an action the trades are still offered
    assert "tr:money:science" in ids(s) and "res:gauss-shield" not in ids(s)
    s = play(s, "tr:money:science")
    assert s.players["p1"].storage == [0, 2, 5] and "res:gauss-shield" in ids(s)


def test_e102_colonise_only_on_own_hexes_at_any_decision_of_the_own_turn():
    """E102: one option per empty square and source track, only where the seat has a disc;
    offered inside an action too; each one flips a colony ship."""
    s = p1_turn()
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": None})
    s.hexes["103"].ships = {"p1": {"interceptor": 1}}
    assert not [x for x in ids(s) if x.startswith("col:")]  # ships but no disc
    s.hexes["103"].owner = "p1"
    grey = ["col:103:grey:materials", "col:103:grey:money", "col:103:grey:science"]
    assert sorted(x for x in ids(s) if x.startswith("col:")) == grey  # money* needs its tech (E32)
    s.supply["gauss shield"] = 1
    s = play(s, "act:research")
    assert sorted(x for x in ids(s) if x.startswith("col:")) == grey
    s = play(s, "col:103:grey:science")
    assert s.players["p1"].colony_ships_up == 2 and s.hexes["103"].cubes == [0, 1]


def test_e102_e116_in_the_combat_phase_only_the_hex_just_taken():
    """E102: after taking control of a hex (E65) the colony ships may go only there."""
    s = p1_turn()
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": "p1"})  # an empty grey square of p1's
    s.hexes["107"] = new_hex("107", 6, 5, 0).model_copy(update={"owner": None})
    s.hexes["107"].ships, s.hexes["107"].arrival, s.hexes["107"].ancients = {"p1": {"interceptor": 1}}, ["p1"], 0
    s.players["p1"].track -= 1
    s.players["p2"].passed = True
    s = play(s, "pass")
    assert s.phase == "combat" and core(s) == ["ctl:yes", "ctl:no"]
    s = play(s, "ctl:yes")
    cols = {x for x in ids(s) if x.startswith("col:")}
    assert cols == {"col:107:money:money"} and "done" in ids(s)  # 107's other squares are advanced


def test_e104_influence_sources_and_destinations():
    """E104/E37: `from` lists the track only when some hex can take the disc, and each own hex;
    `to` lists the hexes E37 allows, never through the hex the disc leaves; no stop at step 2."""
    s = p1_turn()
    hid = home(s, "p1")
    s = play(s, "act:influence")
    assert core(s) == [f"from:{hid}", "stop"]  # no hex to reach from the track
    s = p1_turn()
    next_to(s, hid, "102")  # an empty hex joined to the home by a full wormhole
    s = play(s, "act:influence")
    assert core(s) == ["from:track", f"from:{hid}", "stop"]
    assert core(play(s, f"from:{hid}")) == [f"to:{hid}", "to:track"]  # 102 only connects through the home
    s = play(s, "from:track")  # 102 is its only destination: taken without asking (E99)
    assert s.hexes["102"].owner == "p1" and s.players["p1"].track == 10  # one for the action
    assert "from:102" in core(s) and s.stack[-1].left == 1


def test_e105_research_offers_unowned_affordable_techs_with_a_free_slot():
    """E105: a tech the seat does not own, whose track has a free slot, whose price is at most
    the seat's Science; or `stop`."""
    s = p1_turn()
    s.supply = {"starbase": 1, "neutron bombs": 1, "gauss shield": 1, "fusion source": 1, "quantum grid": 1}
    s.players["p1"].storage[1] = 5
    s = play(s, "act:research")
    assert core(s) == ["res:neutron-bombs", "res:gauss-shield", "stop"]  # starbase owned; 6 and 16 too dear
    s.players["p1"].storage[1] = 6
    assert core(s) == ["res:neutron-bombs", "res:gauss-shield", "res:fusion-source", "stop"]
    s.players["p1"].techs["military"] = ["starbase", "plasma cannon", "phase shield", "advanced mining",
                                            "tachyon source", "plasma missile", "gluon computer"]
    assert core(s) == ["res:gauss-shield", "res:fusion-source", "stop"]  # the military track is full


def test_e105_hydrans_second_activation_recomputes_the_discount():
    """E105: Positron Computer (8) makes the grid discount 1, so Fusion Source costs 5 next."""
    s = p1_turn(["hydran", "terran union"])
    s.supply = {"positron computer": 1, "fusion source": 1}
    s.players["p1"].storage = [0, 13, 0]
    s = play(s, "act:research", "res:positron-computer")
    assert s.players["p1"].storage[1] == 5 and "res:fusion-source" in core(s)
    s = play(s, "res:fusion-source")
    assert s.players["p1"].storage[1] == 0 and s.players["p1"].techs["grid"] == ["positron computer",
                                                                                   "fusion source"]


def test_e105_u19_artifact_key_one_choice_per_artifact_symbol():
    """E105/E88: Artifact Key asks one resource choice (5 each) per Artifact hex controlled."""
    s = p1_turn()
    assert HEXES[home(s, "p1")].artifact and HEXES["102"].artifact and not HEXES["103"].artifact
    s.hexes["102"] = new_hex("102", 1, -1, 0).model_copy(update={"owner": "p1"})
    s.hexes["103"] = new_hex("103", -1, 1, 0).model_copy(update={"owner": "p1"})
    s.supply = {"artifact key": 1}
    s.players["p1"].storage = [0, 14, 0]
    s = play(s, "act:research", "res:artifact-key")
    assert core(s) == ["art:money", "art:science", "art:materials"]
    s = play(s, "art:money")
    assert core(s) == ["art:money", "art:science", "art:materials"]
    s = play(s, "art:materials")
    assert s.players["p1"].storage == [5, 0, 5]
    # research over; the colony ships were offered beside each choice already, so the turn moves on (E104, E102)
    assert [f.kind for f in s.stack] == ["turn"] and s.turn == "p2"


def test_e107_build_what_needs_tech_a_piece_materials_and_a_hex():
    """E107/E41: the options by tech, unbuilt pieces and Materials (Terran costs 3/5/8/3/5/10);
    orbitals and monoliths only where there is none yet."""
    s = p1_turn()
    hid = home(s, "p1")
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": "p1"})
    s.players["p1"].techs["nano"] = ["orbital", "monolith"]
    s.players["p1"].storage[2] = 5
    s = play(s, "act:build")
    both = sorted([hid, "103"])
    assert pieces(s) == {"interceptor": both, "cruiser": both, "starbase": both, "orbital": both}
    assert core(s)[-1] == "stop"
    s.hexes[hid].orbital = 1
    s.hexes["103"].orbital = 2
    assert "orbital" not in pieces(s)
    s.hexes["103"].orbital = 0
    assert pieces(s)["orbital"] == ["103"]


def pieces(s):
    """E107 (one option per piece and hex): the hexes each piece may be built in."""
    out = {}
    for x in core(s):
        if x.startswith("bld:"):
            _, what, hid = x.split(":")
            out.setdefault(what, []).append(hid)
    return {k: sorted(v) for k, v in out.items()}


def test_e107_e30_nanorobots_add_a_build_activation_but_not_to_a_reaction():
    s = p1_turn()
    s.players["p1"].techs["nano"] = ["nanorobots"]
    s.players["p1"].storage[2] = 20
    assert play(s, "act:build").stack[-1].left == 3
    s.players["p1"].passed = True
    r = play(s, "react:build")
    assert r.stack[-1].left == 1 and "stop" not in core(r)


def test_e102_e118_colonise_while_choosing_where_a_returning_cube_goes():
    """E102: on the seat's own turn colony ships may be used at any decision, including the
    E118 choice of track for a returning cube. Colonising first can make room on a full
    track: the grey cube of 103 may then go back to Money."""
    s = p1_turn()
    s.hexes["103"] = new_hex("103", 1, -1, 0).model_copy(update={"owner": "p1"})
    s.hexes["103"].cubes = [0, 1]  # a cube on the grey square
    s.hexes["107"] = new_hex("107", -1, 1, 0).model_copy(update={"owner": "p1"})  # an empty Money square
    s.players["p1"].population = [11, 9, 10]  # the Money track is full
    s = play(s, "act:influence", "from:103")  # the track is its only destination: taken without asking (E99)
    assert core(s) == ["cube:science", "cube:materials"]
    assert "col:107:money:money" in ids(s)
    s = play(s, "col:107:money:money")
    assert core(s) == ["cube:money", "cube:science", "cube:materials"]
    s = play(s, "cube:money")
    assert s.players["p1"].population == [11, 9, 10] and s.hexes["107"].cubes == [1, 0, 0]

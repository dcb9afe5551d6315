"""The Castaways round end to end (S9, S10), shared information and exact replays (R98), and the
camp's rulings: eating (E22), moving onto a gathered tile (E25), lost Palisade bonuses (E26), an
ending death before Night's healing (E37)."""
from __future__ import annotations

from rules.playout import play_random
from rules.robinson import phases
from rules.robinson.data import CHARACTERS, SCENARIO, SCENARIO_INVENTIONS
from rules.robinson.defaults import default_answer
from rules.robinson.effects import flip_back
from rules.robinson.state import ACTIONS, Spot
from tests.rules.robinson_kit import E, cast, game, ids, planning, play, rest_the_rest, texts


def headers(events) -> list[str]:
    return [e.args["phase"].key.rpartition(".")[2] for e in events if e.key == "robinson.ev.phase"]


def test_s9_a_castaways_round_runs_its_phases_in_order_round_one_without_an_event_phase():
    s = game(2, 3)
    assert headers(s.events) == ["morale", "production"]  # round 1: no Event phase (R18)
    seen, rounds = [], []
    while s.round <= 2 and s.result is None:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, default_answer(s, seat))
        seen += headers(s.events)
        rounds += [e.args["n"] for e in s.events if e.key == "robinson.ev.round"]
    assert seen == ["plan", "resolve", "weather", "night", "event", "morale", "production", "plan", "resolve",
                    "weather", "night"]
    assert rounds == [2, 3]


def test_s10_castaways_adds_no_action_space_night_cost_or_threat_card_of_its_own():
    assert set(SCENARIO) == {"rounds", "pile", "weather", "win_from"}
    assert list(SCENARIO_INVENTIONS) == ["Hatchet", "Mast"]  # S4: its two inventions
    final, log = play_random(E, ["p1", "p2", "p3"], 2)
    s = E.setup(["p1", "p2", "p3"], 2)
    for seat, mid in log:
        for mv in E.legal_moves(s, seat):
            if mv.id.startswith("p:"):
                key = mv.id.split(":")[1].split(".")[0]
                assert key in ("thr", "hunt", "b", "g", "x", "camp", "rest"), mv.id  # the base actions
        assert all(c is None or c.startswith(("event:", "wreck:")) for c in s.threat)
        s = E.apply(s, seat, mid)
    assert len(ACTIONS) == 7 and s.result == final.result


def test_r98_a_game_replays_exactly_from_its_seed_and_answers():
    for n, seed in ((1, 5), (3, 8)):
        final, log = play_random(E, [f"p{i}" for i in range(n)], seed)
        s = E.setup([f"p{i}" for i in range(n)], seed)
        for seat, mid in log:
            s = E.apply(s, seat, mid)
        assert E.dump(s) == E.dump(final)


def test_r98_every_seat_sees_the_same_view_decks_only_as_counts():
    s = planning(3)
    public = E.view(s, None)
    assert all(E.view(s, seat) == public for seat in s.seats)
    for deck in ("event_deck", "hunt_deck", "beast_deck", "island_left"):
        assert isinstance(getattr(public, deck), int)


def test_r98_what_reconnaissance_looks_at_is_shown_to_everyone():
    s = cast("Explorer", "Cook", "Carpenter")
    s.chars["Explorer"].det = 2
    s.island_stack = [3, 5, 9, 1]
    s = E.apply(s, "p1", "ab:recon")
    assert "looks at the next island tiles: 3, 5, 9" in texts(s)  # posted in the thread


def test_e22_meals_take_perishable_food_first_and_nobody_skips_while_food_remains():
    s = cast("Carpenter", "Cook")  # Friday does not eat (R85)
    s.phase, s.shelter = "night", True
    s.items = {"Biscuits": 2}
    s.avail.update(F=1, NF=2)
    phases.night_phase(s)
    assert (s.avail["F"], s.avail["NF"]) == (0, 1) and "2 meals eaten" in texts(s)
    assert s.items == {"Biscuits": 2}  # trading items in for food stays optional
    s = cast("Carpenter", "Cook")
    s.phase, s.shelter = "night", True
    s.items = {"Biscuits": 2}
    s.avail.update(F=0, NF=1)
    phases.night_phase(s)  # 1 meal for 2: someone goes hungry, the Biscuits are not forced
    assert s.pending["kind"] == "hungry" and s.items == {"Biscuits": 2}


def test_e25_a_camp_moved_onto_a_tile_gathered_this_round_produces_normally():
    s = planning(3)
    s.island[6] = Spot(tile=4)  # Hills: fish and wood
    s.shelter = True
    s = rest_the_rest(play(s, ("p1", "p:g.6.fish:cc"), ("p2", "p:g.6.wood:cc")))
    while s.phase == "resolve":
        s = E.apply(s, E.to_act(s)[0], "go")
    s.avail["F"] = 9
    while s.phase != "night" or s.pending is not None:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, default_answer(s, seat))
    s = E.apply(s, s.seats[s.fp], "camp:6")  # Night step 2 (R73)
    assert s.camp == 6 and s.round == 2
    s.avail.update(F=0, W=0)
    phases.produce(s)
    assert (s.avail["F"], s.avail["W"]) == (1, 1)  # both sources gathered last round still give
    phases.start_planning(s)
    mine = ids(s, s.seats[0])
    assert "p:g.7.fish:c" in mine and not any(i.startswith("p:g.6.") for i in mine)


def test_e26_a_palisade_bonus_built_without_shelter_is_lost_and_its_flip_removes_nothing():
    s = planning(3)
    s.phase, s.queue, s.future_built = "resolve", [], ["Bricks"]
    phases.end_action(s)  # Bricks: Palisade +1, but no Shelter (R60)
    assert s.palisade == 0 and "Bricks.palisade" not in s.bonus and "Bricks" in s.built
    s.shelter, s.palisade = True, 2
    flip_back(s, "Bricks")
    assert s.palisade == 2
    s = planning(3)
    s.shelter = True
    s.phase, s.queue, s.future_built = "resolve", [], ["Bricks"]
    phases.end_action(s)
    assert s.palisade == 1
    flip_back(s, "Bricks")  # with a Shelter the bonus was real: flipping removes it (R59)
    assert s.palisade == 0


def test_e37_a_death_in_the_weather_ends_the_game_before_nights_pot():
    s = cast("Explorer", "Cook", "Carpenter")
    s.phase, s.shelter, s.weapon = "weather", True, 0
    s.built, s.avail["F"] = ["Pot"], 5
    s.chars["Explorer"].wounds = CHARACTERS["Explorer"].life - 2
    phases.resolve_weather(s, ["beast"])  # 3 wounds each, in camp (R70)
    assert s.result == "lost" and s.end_reason == "death" and s.phase == "over"
    assert s.pending is None and E.to_act(s) == [] and s.avail["F"] == 5  # no Pot, no meal

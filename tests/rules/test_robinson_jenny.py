"""Scenario 3, Jenny needs help! (docs/rules/robinson-scenarios.md K0, K3): the registry entry, Jenny's
track, her rescue, the Lifeboat.  Games are edited directly to reach the case (robinson_kit)."""
from __future__ import annotations

import pytest

from rules.robinson.data import START_ITEMS
from rules.robinson.scenarios import SCENARIOS, jenny
from rules.robinson.state import RobinsonOptions
from rules.text import tr

from .robinson_kit import E, IllegalMove, every, game, ids, rest_the_rest, texts


def jenny_plan(n: int = 2, seed: int = 1):
    s = game(n, seed, scenario="jenny")
    assert s.phase == "plan"  # K3.3: no woodpile step
    return s


def test_k0_1_the_registry_has_castaways_and_jenny_and_castaways_saves_as_before():
    assert {"castaways", "jenny"} <= set(SCENARIOS)  # and the scenarios built after it
    assert SCENARIOS["castaways"].rounds == 12 and SCENARIOS["jenny"].rounds == 8  # K0.1, K3.2
    assert "scenario" not in RobinsonOptions().model_dump()  # Castaways' options save as before
    assert RobinsonOptions(scenario="jenny").model_dump()["scenario"] == "jenny"
    s = game(2, 3)
    assert '"jenny"' not in E.dump(s) and '"totems"' not in E.dump(s)


def test_k0_1_a_game_of_jenny_saves_and_loads_its_scenario_and_track():
    s = jenny_plan()
    s.jenny.wounds = 4
    back = E.load(E.dump(s))
    assert back.options.scenario == "jenny" and back.jenny.wounds == 4 and E.dump(back) == E.dump(s)


def test_k3_2_weather_is_the_red_die_in_rounds_5_to_8_only():
    weather = SCENARIOS["jenny"].weather
    assert [r for r, dice in weather.items() if dice] == [5, 6, 7, 8]
    assert all(dice == ("animals",) for r, dice in weather.items() if r >= 5)


def test_k3_3_storm_glass_is_never_dealt_nor_left_unused():
    for seed in range(30):
        s = game(2, seed, scenario="jenny")
        assert "Storm Glass" not in s.items and "Storm Glass" not in s.unused_items
        assert len(s.items) + len(s.unused_items) == len(START_ITEMS) - 1


def test_k3_5_jenny_takes_2_wounds_every_night_before_her_rescue_and_dies_in_round_6():
    s = jenny_plan()
    rounds = []
    while s.result is None:
        s = rest_the_rest(s)
        while s.result is None and s.phase != "plan":
            seat = E.to_act(s)[0]
            s = E.apply(s, seat, every(s, seat)[0])
        rounds.append((s.round, s.jenny.wounds))
    assert s.result == "lost" and s.end_reason == "jenny_dead"  # K3.1, K3.4, K0.10
    assert s.round == 6 and s.jenny.wounds == jenny.DEATH == 11  # K3.4: her 11th wound kills her
    assert "Jenny died of her wounds" in texts(s)
    assert [w for _, w in rounds[:-1]] == [2, 4, 6, 8, 10]  # K3.5: 2 each Night


def test_k3_6_the_rescue_is_planned_only_with_the_raft_built_in_an_earlier_round():
    s = jenny_plan()
    fp = s.seats[s.fp]
    assert not any(m.startswith("p:x.raft") for m in every(s, fp))
    with pytest.raises(IllegalMove) as exc:
        E.apply(s, fp, "p:x.raft:c")
    assert str(exc.value) == "Jenny can be rescued only with Jenny's Raft built in an earlier round."
    s.built.append(jenny.RAFT)
    moves = every(s, fp)
    assert "p:x.raft:c" in moves and "p:x.raft:cc" in moves  # 1 pawn rolls, 2 succeed; no distance pawns
    assert "p:x.raft:f" in moves  # K0.11: Friday may take it


def test_k3_6_a_sure_rescue_brings_jenny_into_the_camp_and_stops_her_night_wounds():
    s = jenny_plan()
    s.built.append(jenny.RAFT)
    fp = s.seats[s.fp]
    s = E.apply(s, fp, "p:x.raft:cc")
    s = rest_the_rest(s)
    while s.phase == "resolve" and not s.jenny.rescued:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    assert s.jenny.rescued == 1 and "Jenny is rescued" in texts(s)
    wounds = s.jenny.wounds
    s.avail["F"] = 9  # enough for everyone, Jenny included (K3.7)
    s.shelter = True
    while s.round == 1 and s.result is None:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    assert s.jenny.wounds == wounds  # K3.5: no raft wounds once rescued
    assert "Jenny eats 1 food" in texts(s) or s.round == 2


def test_k3_6_the_raft_adventure_face_is_a_wound_not_a_card(monkeypatch):
    from rules.robinson import rerolls
    monkeypatch.setattr(rerolls, "roll_faces", lambda s, st: ["none", "fail", "adv"])
    monkeypatch.setattr(rerolls, "open_window", lambda s, st: False)
    s = jenny_plan()
    s.built.append(jenny.RAFT)
    st_seat = s.seats[s.fp]
    s = E.apply(s, st_seat, "p:x.raft:c")
    s = rest_the_rest(s)
    while s.phase == "resolve" and s.queue and s.queue[0].target != jenny.RESCUE:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    who = s.queue[0].pawns[0]
    before = s.chars[who].wounds
    s = E.apply(s, E.to_act(s)[0], "go")
    assert s.pending is None or s.pending.get("kind") != "adventure"
    assert s.chars[who].wounds == before + 1 and "instead of an adventure card" in texts(s)
    assert not s.jenny.rescued


def test_k3_10_the_lifeboat_is_gated_until_a_round_after_the_rescue_and_wins_at_once():
    s = jenny_plan()
    fp = s.seats[s.fp]
    s.built += ["Rope", "Knife"]
    s.avail.update({"W": 6, "Fur": 4})
    assert not any(m.startswith("p:b.inv.Lifeboat") for m in every(s, fp))
    with pytest.raises(IllegalMove) as exc:
        E.apply(s, fp, "p:b.inv.Lifeboat:cc")
    assert "only in a round after Jenny's rescue" in str(exc.value)
    s.jenny.rescued = 1
    assert not any(m.startswith("p:b.inv.Lifeboat") for m in every(s, fp))  # rescued this round: not yet
    s.round = 2
    s = E.apply(s, fp, "p:b.inv.Lifeboat:cc")  # K0.9: a sure build
    s = rest_the_rest(s)
    while s.result is None:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, every(s, seat)[0])
    assert s.result == "won" and s.end_reason == "jenny_goal" and s.phase == "over"  # K3.1


def test_k3_8_the_book_takes_a_palisade_level_and_at_0_hurts_rescued_jenny():
    from rules.robinson.effects import apply
    s = jenny_plan()
    s.palisade = 1
    apply(s, SCENARIOS["jenny"].book, "event:Book")
    assert s.palisade == 0 and s.jenny.wounds == 0
    s.jenny.rescued = 1
    wounds = {c: s.chars[c].wounds for c in s.chars}
    apply(s, SCENARIOS["jenny"].book, "event:Book")
    assert s.jenny.wounds == 1  # K3.8: unfulfilled demand reaches her once rescued
    assert any(s.chars[c].wounds > wounds[c] for c in s.chars)


@pytest.mark.parametrize("number,check", [
    (1, lambda s, b: s.chars[b["who"]].wounds == b["wounds"] + 2),
    (2, lambda s, b: s.morale == b["morale"] - 2),
    (3, lambda s, b: "Rope" in s.future_built),
    (4, lambda s, b: s.future["Fur"] + s.avail["Fur"] == b["fur"] + 2),
])
def test_k3_9_totems_are_numbered_in_order_of_reveal_with_their_effects(number, check):
    from rules.robinson.resolve import totem
    s = jenny_plan()
    s.phase = "resolve"
    who = s.seat_char[s.seats[0]]
    s.totems = {sp: i + 1 for i, sp in enumerate([20, 21, 22, 23][:number - 1])}
    before = {"who": who, "wounds": s.chars[who].wounds, "morale": s.morale,
              "fur": s.future["Fur"] + s.avail["Fur"]}
    totem(s, 5, who)
    assert s.totems[5] == number  # K0.6
    assert check(s, before)


def test_k0_6_castaways_totems_do_nothing_and_are_not_numbered():
    s = game(2, 1)
    assert SCENARIOS["castaways"].totems == {}
    assert s.totems == {}


def test_k3_7_rescued_jenny_rests_by_herself_from_the_round_after_her_rescue():
    s = jenny_plan()
    s.jenny.wounds, s.jenny.rescued = 5, 1
    jenny.rest(s)
    assert s.jenny.wounds == 5  # rescued this round: no pawn of hers was planned
    s.round = 2
    jenny.rest(s)
    assert s.jenny.wounds == 4


def test_k3_game_rules_say_the_scenario_and_its_proposed_parts_in_both_languages():
    from rules.text import tr
    en, es = tr(E.rules_help({"scenario": "jenny"}), "en"), tr(E.rules_help({"scenario": "jenny"}), "es")
    assert "Jenny needs help!" in en and "PROPOSED" in en and "Lifeboat" in en
    assert "¡Jenny necesita ayuda!" in es and "PROPUESTO" in es
    assert tr(E.rules_help(), "en") == tr(E.rules_help({"scenario": "castaways"}), "en")


@pytest.mark.parametrize("players", [1, 2])
def test_k3_the_greedy_bot_plays_jenny_to_its_end(players):
    from rules.bots import choose
    s = game(players, 5, scenario="jenny")
    for _ in range(3000):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, choose(E, s, seat, "greedy", 5).id)
    assert s.result in ("won", "lost") and s.end_reason in ("jenny_goal", "jenny_dead", "jenny_time", "death")
    assert s.round <= 8  # K3.2


@pytest.mark.parametrize("locale, said", [("en", "Jenny needs help! begins"), ("es", "Comienza ¡Jenny necesita ayuda!")])
def test_k0_1_the_set_up_line_names_the_scenario_played(locale, said):
    from rules.text import tr
    s = E.setup(["a"], 3, {"scenario": "jenny"})
    assert tr(s.events[0], locale).startswith(said)
    assert "Castaways" not in tr(s.events[0], "en") and "Náufragos" not in tr(s.events[0], "es")
    assert tr(E.setup(["a"], 3, {}).events[0], "en").startswith("Castaways begins")  # Castaways' line unchanged


# ---------------------------------------------------------------- K3.12: the two prompts

def _until(s, done):
    """Every seat takes its E31 default (defaults.py) until `done(s)`; the game must not end first."""
    from rules.robinson.defaults import default_answer
    for _ in range(200):
        if done(s):
            return s
        assert s.result is None
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, default_answer(s, seat))
    raise AssertionError("never reached")


def _rescued(wounds: int, food: int, n: int = 2):
    """Round 2's planning, Jenny rescued in round 1 with `wounds`, `food` perishable food at hand."""
    s = jenny_plan(n)
    s.round, s.jenny.rescued, s.jenny.wounds = 2, 1, wounds
    s.avail["F"], s.avail["NF"] = food, 0
    return s


def _asked(s, kind: str) -> bool:
    return s.pending is not None and s.pending.get("kind") == kind


def test_k3_12_the_first_player_decides_whether_wounded_jenny_rests_default_rest():
    s = rest_the_rest(_rescued(5, 9))
    s = _until(s, lambda s: _asked(s, "jenny_rest"))
    fp = s.seats[s.fp]
    assert E.to_act(s) == [fp] and ids(s, fp) == ["jr:rest", "jr:stay"]  # the FP's seat; E31 default first
    assert s.pending["default"] == "jr:rest"
    assert {mv.id: tr(mv.label) for mv in E.legal_moves(s, fp)}["jr:rest"] == "Jenny rests (heal 1 wound)"
    stayed = E.apply(s, fp, "jr:stay")
    assert "Jenny does not rest this round." in texts(stayed) and "Jenny heals" not in texts(stayed)
    rested = E.apply(s, fp, "jr:rest")  # K3.7: her Rest heals 1; the rest of the round is the same
    assert "Jenny heals 1 wound" in texts(rested) and rested.jenny.wounds == stayed.jenny.wounds - 1
    for after in (stayed, rested):
        assert after.pending is None or after.pending.get("kind") != "jenny_rest"
        assert after.phase != "resolve"  # the Action phase ended after the answer


@pytest.mark.parametrize("wounds, rescued, asked", [(5, 1, True), (0, 1, False), (5, 2, False)])
def test_k3_12_jenny_is_asked_to_rest_only_wounded_and_from_the_round_after_her_rescue(wounds, rescued, asked):
    from rules.robinson.phases import end_action
    s = _rescued(wounds, 9)
    s.jenny.rescued = rescued  # rescued this round (2): no pawn of hers was planned
    s.phase, s.queue, s.plan = "resolve", [], []
    end_action(s)  # R39: the Action phase ends once the queue is empty
    assert _asked(s, "jenny_rest") == asked
    assert (s.phase == "resolve") == asked  # not asked: the phase went on at once (into the Weather)


def test_k3_12_who_goes_hungry_includes_rescued_jenny():
    s = _rescued(5, 2)  # two characters and Jenny eat; 2 food: one of the three goes hungry
    s = _until(rest_the_rest(s), lambda s: _asked(s, "hungry"))
    fp = s.seats[s.fp]
    chars = [c for c in s.chars if c != "Friday"]
    assert {f"hg:{c}" for c in chars} | {"hg:Jenny"} <= set(ids(s, fp))
    her, his = E.apply(s, fp, "hg:Jenny"), E.apply(s, fp, f"hg:{chars[0]}")
    assert her.avail["F"] == his.avail["F"] == 0  # both times 2 meals were eaten
    assert her.jenny.wounds == his.jenny.wounds + 2  # K3.7: hunger is 2 wounds on her track
    assert his.chars[chars[0]].wounds == her.chars[chars[0]].wounds + 2  # R72: the character's 2 wounds
    # R72 (1), K3.7: one line tells every meal eaten, Jenny's counted with the characters'
    assert "2 meals eaten, Jenny's among them: -2 food." in texts(his) and "among them" not in texts(her)
    assert "2 meals eaten: -2 food." in texts(her)
    assert "Se comen 2 raciones, la de Jenny entre ellas: -2 de comida." in "\n".join(tr(e, "es") for e in his.events)


def test_k3_7_when_only_jenny_eats_the_night_says_so_and_no_zero_meals_line():
    s = _rescued(5, 1, n=1)  # the Cook and Jenny, 1 food: the Cook is sent hungry
    s = _until(rest_the_rest(s), lambda s: _asked(s, "hungry"))
    fp = s.seats[s.fp]
    cook = next(c for c in s.chars if c != "Friday")
    after = E.apply(s, fp, f"hg:{cook}")
    said = texts(after)
    assert "meals eaten" not in said and "meal eaten" not in said  # never "0 meals eaten: 0 food."
    assert said.index("Jenny eats 1 food.") < said.index("goes hungry.")  # the meals line comes first
    assert after.avail["F"] == 0 and after.chars[cook].wounds >= s.chars[cook].wounds + 2  # R72: hunger, then the shelter wound


@pytest.mark.parametrize("jenny_wounds, char_wounds, hungry", [(5, 0, "character"), (0, 9, "Jenny"), (1, 3, "character")])
def test_k3_12_by_default_jenny_goes_hungry_last_unless_she_has_the_most_life_left(jenny_wounds, char_wounds, hungry):
    from rules.robinson.data import CHARACTERS
    from rules.robinson.defaults import default_answer
    s = _rescued(jenny_wounds, 2)
    for c in s.chars.values():
        c.wounds = char_wounds
    s = _until(rest_the_rest(s), lambda s: _asked(s, "hungry"))
    fp = s.seats[s.fp]
    most = max((c for c in s.chars if c != "Friday"), key=lambda c: CHARACTERS[c].life - s.chars[c].wounds)
    if hungry == "character":  # 6 left to Jenny against 13; 10 against 10: a tie is not the most
        assert default_answer(s, fp) == f"hg:{most}"
    else:  # 11 left to Jenny against 4 or 3: she has the most
        assert CHARACTERS[most].life - s.chars[most].wounds < jenny.DEATH - jenny_wounds
        assert default_answer(s, fp) == "hg:Jenny"


def test_k3_12_with_enough_food_nobody_is_asked_and_jenny_eats():
    s = _until(rest_the_rest(_rescued(0, 3)), lambda s: _asked(s, "hungry") or "meals eaten" in texts(s))
    assert not _asked(s, "hungry") and "3 meals eaten, Jenny's among them: -3 food." in texts(s)

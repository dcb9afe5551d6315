"""Games stored by the engine before the continuation points still play on (R97, R20, E31).

The states in `robinson_legacy/` were written by the engine at commit f0b7013 (random playouts,
`ENGINE.dump`), each stopped on its old drawn-event prompt `{"kind": "event", ...}`: Unusually
Cold Night (seed 37, "-2W or wnd 1(All)", book icon), Flood (seed 13, four options, adventure icon
E), Flying Surprise (seed 8, Roof|Pal -1, icon B), Storm Damage (seed 66, ½Roof or ½Pal, icon G).
The numbers marked "old engine" are what f0b7013 produced from the same file and answer.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.robinson.defaults import default_answer
from rules.robinson.frames import CardStep, Step
from rules.robinson.legacy import choice_at
from rules.robinson.data import EVENTS
from tests.rules.robinson_kit import E, ids

HERE = Path(__file__).parent / "robinson_legacy"
CARDS = {"Unusually_Cold_Night": 2, "Flood": 4, "Flying_Surprise": 2, "Storm_Damage": 2}


def raw(name: str) -> dict:
    data = json.loads((HERE / f"{name}.json").read_text())
    assert data["pending"]["kind"] == "event" and "cont" not in data  # the old form
    return data


def load(data: dict):
    return E.load(json.dumps(data))


@pytest.mark.parametrize("name", sorted(CARDS))
def test_r97_an_old_drawn_event_prompt_loads_as_todays_prompt_with_the_same_answers(name):
    s = load(raw(name))
    fp = s.seats[s.fp]
    assert E.to_act(s) == [fp]
    assert ids(s, fp) == [f"ev:{i}" for i in range(CARDS[name])]
    assert s.pending["default"] == "ev:0" and default_answer(s, fp) == "ev:0"  # E31: the first option
    assert s.cont[-2:] == [CardStep.make("place", s.pending["card"]), Step.make("morale")]  # R20(c), then Morale
    assert E.load(E.dump(s)).model_dump() == s.model_dump()  # stable once upgraded


def test_r20_the_icon_the_old_engine_had_not_placed_yet_is_placed_once():
    data = raw("Flood")  # adventure icon E: its token on the Explore deck (R20a)
    assert "ADV" not in data["action_tokens"]["explore"]
    assert load(data).action_tokens["explore"] == ["ADV"]
    data["action_tokens"]["explore"] = ["ADV"]  # R88: never two identical tokens on a space
    assert load(data).action_tokens["explore"] == ["ADV"]
    ucn = raw("Unusually_Cold_Night")  # book icon: no token (S6)
    assert load(ucn).action_tokens == ucn["action_tokens"]


def test_every_event_card_with_a_choice_on_draw_asks_it_first_so_the_old_prompt_maps_exactly():
    with_choice = sorted(name for name, e in EVENTS.items() if choice_at(e.draw) is not None)
    assert with_choice == ["Disaster", "Flood", "Flying Surprise", "Storm Damage", "Unusually Cold Night"]
    assert all(choice_at(EVENTS[n].draw) == 0 for n in with_choice)


def test_r97_the_answer_goes_on_where_the_old_engine_went():
    """Unusually Cold Night as stored: both answers lead through Morale and Production to the
    woodpile step, with the wounds and wood the old engine gave."""
    s = load(raw("Unusually_Cold_Night"))
    pay = E.apply(s, "p1", "ev:0")  # -2 wood with none: unfulfilled demand, 2 wounds each (R79)
    cold = E.apply(s, "p1", "ev:1")
    for t in (pay, cold):
        assert t.phase == "wood" and t.pending is None and t.cont == []
        assert t.threat == ["event:Heavy Clouds", "event:Unusually Cold Night"]
    assert {c: x.wounds for c, x in pay.chars.items()} == {"Cook": 3, "Carpenter": 5, "Friday": 0}  # old engine
    assert {c: x.wounds for c, x in cold.chars.items()} == {"Cook": 1, "Carpenter": 4, "Friday": 0}  # old engine
    assert (pay.avail["W"], pay.morale, cold.morale) == (1, -1, 0)  # old engine


def test_r91_the_old_answers_keep_their_meaning():
    data = raw("Unusually_Cold_Night")
    data["avail"]["W"] = 3
    s = load(data)
    pay, cold = E.apply(s, "p1", "ev:0"), E.apply(s, "p1", "ev:1")
    assert pay.avail["W"] == cold.avail["W"] - 2  # option 0: -2 wood
    assert all(cold.chars[c].wounds == pay.chars[c].wounds + 1 for c in ("Cook", "Carpenter"))  # 1: wnd 1(All)
    data = raw("Flying_Surprise")  # Roof|Pal -1: 0 Roof, 1 Palisade
    data.update(shelter=True, roof=2, palisade=2)
    s = load(data)
    assert [(t.roof, t.palisade) for t in (E.apply(s, "p1", "ev:0"), E.apply(s, "p1", "ev:1"))] == [(1, 2), (2, 1)]
    data = raw("Storm_Damage")  # ½Roof or ½Pal
    data.update(shelter=True, roof=4, palisade=2)
    s = load(data)
    assert [(t.roof, t.palisade) for t in (E.apply(s, "p1", "ev:0"), E.apply(s, "p1", "ev:1"))] == [(2, 2), (4, 1)]


def test_r97_a_choice_inside_the_old_answer_is_asked_and_the_round_plays_on():
    """Flood's "flip 1" with two built items asks which (R59, E31), then the card is placed and the
    round goes on; every decision on the way has a legal move, up to the next round's draw."""
    s = load(raw("Flood"))
    s = E.apply(s, "p1", "ev:0")
    assert s.pending["kind"] == "flip" and ids(s, "p1") == ["fl:Shovel", "fl:Map"]
    s = E.apply(s, "p1", "fl:Map")
    assert s.built == ["Shovel"] and s.threat == ["event:Fight in the Dark", "event:Flood"]
    start = s.round
    for _ in range(400):
        if s.result is not None or (s.round > start and s.phase == "event"):
            break
        seat = E.to_act(s)[0]
        assert ids(s, seat), (s.phase, s.pending)
        s = E.apply(s, seat, default_answer(s, seat))
    assert s.result is not None or s.round == start + 1

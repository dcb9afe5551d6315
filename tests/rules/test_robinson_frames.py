"""Robinson's continuations on the core's decision stack (R97, R98): every step the phases leave
behind a prompt is a typed frame of frames.py with one handler in the move map `cont.STEPS`; the
frames load from, and save as, the arrays of strings games were stored with; a step kind or a
shape no frame stands for is refused; `later`/`then`/`run` keep the order the steps must run in."""
from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rules.robinson import cont
from rules.robinson.frames import BY_KIND, CONT, FRAMES, AdventureDone, CardStep, Codes, Items, Step, Stroke
from tests.rules.robinson_kit import E, game

SAVED = [["dn"], ["evdraw"], ["morale"], ["night_outside"], ["jenny_rested"], ["slid", "event:Flood"], ["place", "event:Flood"],
         ["half_done", "mystery:Bat"], ["threat_done", "event:Fight"], ["codes", "event:Flood", "", '["res:W:-1"]'],
         ["adv_done", "adv_explore:Bamboo", "Cook", "1"], ["mystery", "mystery:Bat", '{"n": 1}', "", ""],
         ["items", '["Knife", "Rope"]'], ["stroke", "1"], ["prompt", '{"kind": "rp", "seat": "p1"}']]


def with_cont(frames: list) -> str:
    data = json.loads(E.dump(game(2)))
    data["cont"] = frames
    return json.dumps(data)


def test_r98_every_step_kind_has_its_frame_and_its_one_handler():
    assert set(cont.STEPS) == set(BY_KIND) == {f[0] for f in SAVED}
    assert len(FRAMES) == 8 and all(cont.STEPS[k] for k in BY_KIND)
    with pytest.raises(LookupError):
        cont.STEPS["nowhere"]


def test_r97_a_stored_continuation_of_every_kind_loads_typed_and_saves_the_same_arrays():
    text = with_cont(SAVED)
    s = E.load(text)
    assert [type(f) for f in s.cont] == [Step] * 5 + [CardStep] * 4 + [Codes, AdventureDone, *FRAMES[4:]]
    assert s.cont[9].left == ["res:W:-1"] and s.cont[12].left == ["Knife", "Rope"]
    assert s.cont[10].to_event == "1" and s.cont[13].first == "1"
    assert json.loads(E.dump(s))["cont"] == SAVED and E.dump(s) == E.dump(E.load(E.dump(s)))


@pytest.mark.parametrize("bad", [[["nowhere"]], [["place"]], [["morale", "x"]], [["stroke", "1", "2"]], ["morale"]])
def test_r97_a_stored_step_of_no_known_kind_or_shape_is_refused(bad):
    with pytest.raises(ValidationError):
        E.load(with_cont(bad))


def test_a_step_is_made_only_for_a_known_kind_with_its_fields():
    s = game(2)
    with pytest.raises(KeyError):
        cont.later(s, "nowhere")
    with pytest.raises(TypeError):
        cont.later(s, "place")  # the card is missing
    with pytest.raises(LookupError):
        cont.step("nowhere")
    assert s.cont == []


def test_r97_leftovers_run_in_order_the_steps_put_ahead_first():
    s = game(2)
    cont.later(s, "place", "event:Flood")
    cont.ahead(s, "dn", "evdraw")
    assert s.cont == [Step.make("dn"), Step.make("evdraw"), CardStep.make("place", "event:Flood")]
    assert CONT.top(s.cont) == Step.make("dn")
    cont.later(s, "stroke", "1")
    assert [f.kind for f in s.cont] == ["dn", "evdraw", "place", "stroke"] and s.cont[-1] == Stroke.make("stroke", "1")


def test_the_fast_copy_shares_the_immutable_frames_but_not_the_list():
    s = E.load(with_cont(SAVED))
    t = E.copy_state(s)
    assert t.cont == s.cont and t.cont is not s.cont and all(a is b for a, b in zip(t.cont, s.cont))
    cont.later(t, "items", "[]")
    assert len(s.cont) == len(SAVED) and Items.make("items", "[]") not in s.cont
    with pytest.raises(ValidationError):
        s.cont[0].kind = "morale"  # type: ignore[misc]  (frozen: a frame is replaced, never changed)

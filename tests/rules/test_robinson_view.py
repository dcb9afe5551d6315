"""The shapes of Robinson's public view (R98: everything is shared) and of its pending prompt.

The view's parts are declared (`SpaceView`, `CharacterView`, `StackView`, ... in rules/robinson/state.py):
a view holds exactly the keys the renderer reads, a key nobody declared is refused rather than dropped.
"""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.robinson.asks import pending_prompt
from rules.robinson.state import RobinsonView

from .robinson_kit import E, game


def test_the_view_holds_every_declared_part_and_the_dog_by_its_name_alone():
    s = game(2, seed=3, dog_with_two=True)  # R14: the Dog joins a two-player game
    view = E.view(s)
    assert isinstance(view, RobinsonView)
    names = [c["name"] for c in view.characters]
    assert names[-1] == "Dog" and view.characters[-1] == {"name": "Dog"}
    first = view.characters[0]
    assert first["wounds"] == 0 and first["life"] > 0 and first["seat"] in s.seats
    start = next(sp for sp in view.island.values() if sp["face_up"])
    assert start["tile"] is not None and start["terrain"]
    assert {i["name"] for i in view.inventions} >= {"Fire"}
    again = RobinsonView.model_validate_json(view.model_dump_json())
    assert again == view


def test_a_key_the_view_does_not_declare_is_refused_not_dropped():
    view = E.view(game(2, seed=3))
    data = view.model_dump()
    data["characters"] = [dict(data["characters"][0], mood="grim")]
    with pytest.raises(ValidationError):
        RobinsonView.model_validate(data)
    data = view.model_dump()
    space = next(iter(data["island"]))
    data["island"][space] = dict(data["island"][space], face_up="sometimes")
    with pytest.raises(ValidationError):
        RobinsonView.model_validate(data)


def test_the_pending_prompt_is_read_only_where_one_waits():
    s = game(2, seed=3)
    assert s.pending is None
    with pytest.raises(TypeError):
        pending_prompt(s)
    s.pending = {"kind": "or", "seat": s.seats[0], "card": "", "r": "", "answers": "0;1", "default": "or:0"}
    assert pending_prompt(s) is s.pending

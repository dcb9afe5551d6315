"""The one way the engines build pydantic objects without validation (rules/unvalidated.py), pinned
against the installed pydantic: an object it builds must be indistinguishable from the one
`model_construct` and `model_validate` build, so copies, dumps and comparisons stay exact."""
from __future__ import annotations

import importlib
import pkgutil

import pydantic
import pytest
from pydantic import BaseModel, Field, PrivateAttr

import rules
from rules.contract import Move
from rules.rng import Rng
from rules.text import Msg, msg
from rules.unvalidated import PYDANTIC_SLOTS, check_plain, construct, new_msg, put, trusted


class Inner(BaseModel):
    n: int
    tags: list[str] = Field(default_factory=list)


class Outer(BaseModel):
    name: str
    inner: Inner
    items: dict[str, int] = Field(default_factory=dict)


def slots(obj: BaseModel) -> dict[str, object]:
    return {s: getattr(obj, s) for s in PYDANTIC_SLOTS}


def test_the_slots_it_writes_are_the_installed_pydantics_instance_state():
    assert tuple(BaseModel.__slots__) == PYDANTIC_SLOTS, pydantic.VERSION


def test_it_builds_what_model_construct_and_model_validate_build():
    values = {"name": "x", "inner": Inner(n=2, tags=["a"]), "items": {"k": 1}}
    ours = trusted(Outer, dict(values))
    for theirs in (Outer.model_construct(**values), Outer.model_validate(values)):
        assert slots(ours) == slots(theirs)
        assert ours == theirs
        assert ours.model_dump_json() == theirs.model_dump_json()
        assert ours.model_copy(deep=True) == theirs.model_copy(deep=True)
    assert construct(Outer, **values) == ours


def test_the_fields_set_is_every_given_field_or_the_one_passed():
    assert trusted(Inner, {"n": 1, "tags": []}).model_fields_set == {"n", "tags"}
    built = trusted(Inner, {"n": 1, "tags": []}, {"n"})
    assert built.model_fields_set == {"n"} == Inner(n=1).model_fields_set
    assert built.model_dump(exclude_unset=True) == {"n": 1}


def test_msgs_and_moves_match_the_validated_ones():
    assert new_msg("core.raw", {"text": "hi"}) == msg("core.raw", text="hi")
    assert slots(new_msg("k", {"a": 1})) == slots(Msg(key="k", args={"a": 1}))
    text = msg("core.raw", text="go")
    assert Move.trusted("go", text, True) == Move.of("go", text, barrier=True)
    assert Move.trusted("go", text, False).model_dump() == Move.of("go", text).model_dump()


def test_put_sets_a_field_without_validation_and_keeps_the_fields_set():
    rng = Rng.from_seed(3)
    put(rng, "state", 7)
    assert rng.state == 7 and rng.model_fields_set == {"state"} and rng == Rng(state=7)


def test_a_model_it_cannot_build_faithfully_is_refused():
    class Hidden(BaseModel):
        n: int
        _cache: dict = PrivateAttr(default_factory=dict)

    class Hooked(BaseModel):
        n: int

        def model_post_init(self, context: object) -> None:
            pass

    for cls in (Hidden, Hooked, pydantic.RootModel[int]):
        with pytest.raises(TypeError):
            check_plain(cls)
    check_plain(Inner, Outer)


def _rules_models() -> list[type[BaseModel]]:
    found: set[type[BaseModel]] = set()
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        module = importlib.import_module(info.name)
        found |= {v for v in vars(module).values()
                  if isinstance(v, type) and issubclass(v, BaseModel) and v.__module__ == info.name}
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


def test_every_model_of_the_engines_is_plain_so_the_hot_paths_may_build_it():
    models = _rules_models()
    assert Msg in models and Move in models and len(models) > 30
    check_plain(*models)

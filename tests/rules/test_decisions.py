"""The engine core's decision stack (rules/decisions.py): typed frames in a discriminated union that
round-trips through JSON in either saved shape, refuses unknown kinds and wrong shapes; the stack's
push/pop/top/replace in both orientations; the move map, one handler per frame kind."""
from __future__ import annotations

from typing import Literal, Optional

import pytest
from pydantic import BaseModel, Field, ValidationError

from rules.decisions import ArrayFrame, Frame, Moves, Stack, frame_union, kinds_of


class Pick(Frame):
    kind: Literal["pick"] = Field(alias="k")
    seat: str
    left: int = 1
    chosen: Optional[str] = None
    marks: list[str] = Field(default_factory=list)


class Wait(Frame):
    kind: Literal["wait", "pause"] = Field(alias="k")


class ObjectState(BaseModel):
    stack: list[frame_union(Pick, Wait)] = Field(default_factory=list)  # type: ignore[valid-type]


class Place(ArrayFrame):
    kind: Literal["place"]
    left: int
    only: Optional[str] = None


class End(ArrayFrame):
    kind: Literal["end", "stop"]


class ArrayState(BaseModel):
    todo: list[frame_union(Place, End)] = Field(default_factory=list)  # type: ignore[valid-type]


# ---- frames saved as JSON objects -------------------------------------------------

def test_object_frames_round_trip_under_their_aliases_without_the_fields_they_do_not_hold():
    text = '{"stack":[{"k":"pick","seat":"p1"},{"k":"pause"},{"k":"pick","seat":"p2","left":2,"chosen":null}]}'
    state = ObjectState.model_validate_json(text)
    assert [type(f) for f in state.stack] == [Pick, Wait, Pick]
    assert state.stack[1].kind == "pause" and state.stack[2].chosen is None and state.stack[2].holds("chosen")
    assert state.model_dump_json() == text
    assert ObjectState.model_validate_json(state.model_dump_json()) == state


def test_a_frame_made_by_the_engine_saves_what_it_holds_in_the_declared_order():
    f = Pick.new(kind="pick", seat="p1", marks=["a"])
    assert f.left == 1 and f.chosen is None and not f.holds("left")
    assert f.model_dump_json() == '{"k":"pick","seat":"p1","marks":["a"]}'
    f.chosen = "x"  # set later: held from now on, saved in its declared place
    f.left -= 1
    assert f.model_dump_json() == '{"k":"pick","seat":"p1","left":0,"chosen":"x","marks":["a"]}'
    f.drop("chosen")
    assert f.model_dump_json() == '{"k":"pick","seat":"p1","left":0,"marks":["a"]}' and f.chosen is None
    assert Pick.new(kind="pick", seat="p2").marks == [] and Pick.new(kind="pick", seat="p2").marks is not f.marks


@pytest.mark.parametrize("bad", ['{"stack":[{"k":"fly","seat":"p1"}]}', '{"stack":[{"seat":"p1"}]}',
                                 '{"stack":[{"k":"pick"}]}', '{"stack":[{"k":"pick","seat":"p1","extra":1}]}'])
def test_an_unknown_kind_or_a_wrong_shape_is_refused(bad):
    with pytest.raises(ValidationError):
        ObjectState.model_validate_json(bad)


def test_two_classes_cannot_stand_for_the_same_kind():
    class Other(Frame):
        kind: Literal["wait"] = Field(alias="k")

    with pytest.raises(TypeError, match="wait"):
        frame_union(Wait, Other)
    assert kinds_of(Wait) == ("wait", "pause")


# ---- frames saved as JSON arrays --------------------------------------------------

def test_array_frames_round_trip_with_their_arity():
    text = '{"todo":[["place",2],["place",1,"x"],["place",1,null],["stop"],["end"]]}'
    state = ArrayState.model_validate_json(text)
    assert [type(f) for f in state.todo] == [Place, Place, Place, End, End]
    assert state.todo[0].only is None and state.todo[1].only == "x" and state.todo[4].kind == "end"
    assert state.model_dump_json() == text


def test_array_frames_made_by_the_engine_are_immutable_values():
    a = Place.of(2)
    assert a.model_dump() == ["place", 2] and Place.of(2) is a  # equal values made again: the same frame
    assert Place.of(1, "x").model_dump() == ["place", 1, "x"] and End.make("stop").model_dump() == ["stop"]
    with pytest.raises(ValidationError):
        a.left = 3  # type: ignore[misc]
    b = a.replace(left=1)
    assert (a.left, b.left) == (2, 1) and b.model_dump() == ["place", 1]
    with pytest.raises(TypeError):
        Place.of()  # `left` is required
    with pytest.raises(TypeError):
        Place.of(1, "x", "y")
    with pytest.raises(TypeError):
        End.of()  # End stands for two kinds: make(kind)


@pytest.mark.parametrize("bad", ['{"todo":[["fly",1]]}', '{"todo":[["place"]]}', '{"todo":[["place",1,"x","y"]]}',
                                 '{"todo":[["place","two"]]}', '{"todo":[[]]}', '{"todo":[7]}'])
def test_an_unknown_array_kind_or_a_wrong_arity_is_refused(bad):
    with pytest.raises(ValidationError):
        ArrayState.model_validate_json(bad)


# ---- the stack ---------------------------------------------------------------------

@pytest.mark.parametrize("top_first", [False, True])
def test_push_pop_top_replace_in_both_orientations(top_first):
    stack: Stack[str] = Stack(top_first)
    frames: list[str] = []
    assert stack.top(frames) is None
    stack.push(frames, "a")
    stack.push(frames, "b", "c")  # the first of them on top
    assert stack.top(frames) == "b" and frames[stack.at] == "b"
    assert list(stack.below(frames)) == ["c", "a"]
    stack.replace(frames, "x", "y")
    assert [stack.pop(frames) for _ in range(4)] == ["x", "y", "c", "a"]
    stack.push(frames, "a", "b")
    stack.replace(frames)  # nothing in its place: popped
    assert frames == ["b"]
    assert (frames == ["b"]) and stack.top(frames) == "b"


def test_the_saved_order_is_the_orientation():
    back, front = [], []
    Stack().push(back, "pending", "later")
    Stack(top_first=True).push(front, "pending", "later")
    assert back == ["later", "pending"] and front == ["pending", "later"]


def test_remove_and_swap_take_the_frame_itself_not_an_equal_one():
    first, second = Pick.new(kind="pick", seat="p1"), Pick.new(kind="pick", seat="p1")
    frames = [first, Wait.new(kind="wait"), second]
    assert first == second
    Stack().remove(frames, second)
    assert frames[0] is first and len(frames) == 2
    Stack().swap(frames, first, Wait.new(kind="pause"), Wait.new(kind="wait"))
    assert [f.kind for f in frames] == ["pause", "wait", "wait"]
    with pytest.raises(ValueError):
        Stack().remove(frames, first)


@pytest.mark.parametrize("top_first", [False, True])
def test_top_as_gives_the_top_frame_as_the_class_the_caller_knows_it_has(top_first):
    stack: Stack[ArrayFrame] = Stack(top_first)
    frames: list[ArrayFrame] = []
    with pytest.raises(TypeError, match="NoneType, not Place"):
        stack.top_as(frames, Place)  # an empty stack has no top of any class
    stack.push(frames, End.make("end"))
    stack.push(frames, Place.of(2))
    top = stack.top_as(frames, Place)
    assert top is frames[stack.at] and top.left == 2
    with pytest.raises(TypeError, match="Place, not End"):
        stack.top_as(frames, End)
    stack.pop(frames)
    assert stack.top_as(frames, End).kind == "end"


# ---- the move map --------------------------------------------------------------------

def test_the_move_map_calls_the_handler_of_the_frame_kind_and_refuses_an_unknown_one():
    moves = Moves({"pick": lambda f: f"picked {f.seat}", "wait": lambda f: "waited"})
    assert moves[Pick.new(kind="pick", seat="p1").kind](Pick.new(kind="pick", seat="p1")) == "picked p1"
    assert moves.handler("wait")(None) == "waited"
    with pytest.raises(LookupError, match="pause"):
        moves["pause"]
    with pytest.raises(LookupError, match="pause"):
        moves.covers(Pick, Wait)
    moves["pause"] = lambda f: "paused"
    moves.covers(Pick, Wait)


def test_every_kind_of_eclipse_and_flotilla_frame_has_its_handlers():
    from rules.eclipse import frames as eclipse_frames
    from rules.eclipse.moves import OPTIONS
    from rules.eclipse.settle import settle  # noqa: F401 (the automatic kinds are settled there)
    from rules.eclipse.turns import PLAY
    from rules.flotilla import frames as flotilla_frames
    from rules.flotilla.chain import AUTO
    from rules.flotilla.decide import MOVES

    OPTIONS.covers(*eclipse_frames.FRAMES)
    decided = {k for cls in eclipse_frames.FRAMES for k in kinds_of(cls)} - {"combat"}  # combat: automatic only
    assert decided <= set(PLAY)
    for cls in flotilla_frames.FRAMES:
        for kind in kinds_of(cls):
            assert (kind in MOVES) != (kind in AUTO), kind  # a decision or an automatic step, never both

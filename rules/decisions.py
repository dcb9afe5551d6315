"""The decision stack of the engine core: typed frames, the pending one on top, and the move map.

A game whose turn is a chain of decisions keeps its pending steps as frames in one list field of
its state (saved with it, copied as plain data).  Each frame is a pydantic model whose `kind` names
the step; a game lists its frame classes in a discriminated union (`frame_union`), so a saved
state loads back into the same classes and a frame of an unknown kind is refused.

A frame is saved in one of two shapes, whichever the game's saved games already hold:

- `Frame`: a JSON object under its fields' names (aliases allowed, e.g. the kind under "k"),
  without the optional fields it does not hold (never set, or `drop`ped);
- `ArrayFrame`: a JSON array `[kind, *fields]`, without the trailing fields it does not hold; an
  immutable value (replace it, never change it).

`Stack` is the discipline over the list: where its top is (the last frame, or for a chain that
resolves front first, the first), push, pop, top, replace.  `Moves` is the move map: one handler
per frame kind, `moves[frame.kind](...)` instead of an `if kind == ...` chain.
"""
from __future__ import annotations

from typing import Annotated, Any, Callable, Generic, Optional, TypeVar, Union, get_args

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, model_serializer, model_validator

_new = object.__new__
_set = object.__setattr__


class Frame(BaseModel):
    """One pending step of a decision stack; saved as a JSON object of the fields it holds."""

    model_config = ConfigDict(extra="forbid", validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True)

    kind: str

    @classmethod
    def new(cls: type[F], **values: Any) -> F:
        """A frame of trusted values the engine built itself, without validation (the hot path):
        the fields given are the ones it holds, the others take their defaults."""
        template = cls.__dict__.get("_frame_template") or cls._template()
        d = dict(template[0])  # every field in its declared order, as a loaded frame has them
        for name in template[1]:  # a fresh list or dict for each mutable default
            d[name] = type(d[name])()
        d.update(values)
        obj = _new(cls)
        _set(obj, "__dict__", d)
        _set(obj, "__pydantic_fields_set__", set(values))
        _set(obj, "__pydantic_extra__", None)
        _set(obj, "__pydantic_private__", None)
        return obj

    @classmethod
    def _template(cls) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The fields with their defaults (None for a required one), and those whose default is an
        empty list or dict."""
        values = {n: (None if f.is_required() else f.get_default(call_default_factory=True))
                  for n, f in cls.model_fields.items()}
        if any(isinstance(v, (list, dict)) and v for v in values.values()):
            raise TypeError(f"{cls.__name__}: a frame's list or dict defaults are empty")
        template = (values, tuple(n for n, v in values.items() if isinstance(v, (list, dict))))
        type.__setattr__(cls, "_frame_template", template)
        return template

    def holds(self, name: str) -> bool:
        """Whether the frame holds the optional field `name` (set since it was made or loaded)."""
        return name in self.__pydantic_fields_set__

    def drop(self, name: str) -> None:
        """The frame no longer holds this optional field: back to its default, left out when saved."""
        cls = type(self)
        default = (cls.__dict__.get("_frame_template") or cls._template())[0][name]
        self.__dict__[name] = type(default)() if isinstance(default, (list, dict)) else default
        self.__pydantic_fields_set__.discard(name)

    @model_serializer(mode="wrap")
    def _saved(self, handler: Any) -> Any:
        data = handler(self)
        held = self.__pydantic_fields_set__
        for name, field in type(self).model_fields.items():
            if name not in held and self.__dict__[name] == field.get_default(call_default_factory=True):
                data.pop(field.alias or name, None)
        return data


class ArrayFrame(BaseModel):
    """One pending step saved as a JSON array `[kind, *fields]` (fields in their declared order,
    the trailing ones it does not hold left out).  Immutable: replace it, never change it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str

    @classmethod
    def of(cls: type[A], *values: Any) -> A:
        """The frame `[kind, *values]` of a class that stands for one kind (see `make`)."""
        kind = cls.__dict__.get("_frame_kind")
        if kind is None:
            kinds = kinds_of(cls)
            if len(kinds) != 1:
                raise TypeError(f"{cls.__name__} stands for several kinds: make(kind, ...)")
            kind = kinds[0]
            type.__setattr__(cls, "_frame_kind", kind)
        return cls.make(kind, *values)

    @classmethod
    def make(cls: type[A], kind: str, *values: Any) -> A:
        """The frame `[kind, *values]` of trusted values the engine built itself, without validation;
        it holds the fields given (the trailing ones not given keep their defaults).  Frames are
        immutable values, so equal ones made again are the same object (the hot path makes many)."""
        key = (cls, kind, values)
        frame = _MADE.get(key)
        if frame is None:
            frame = cls._build(kind, values)
            if len(_MADE) >= _MADE_MAX:
                _MADE.clear()
            _MADE[key] = frame
        return frame  # type: ignore[return-value]

    @classmethod
    def _build(cls: type[A], kind: str, values: tuple[Any, ...]) -> A:
        names = cls._names()
        if not names.required <= len(values) <= len(names):
            raise TypeError(f"{cls.__name__} {kind!r} takes {names.required}-{len(names)} values, not {len(values)}")
        d = {"kind": kind, **names.defaults}
        d.update(zip(names, values))
        obj = _new(cls)
        _set(obj, "__dict__", d)
        _set(obj, "__pydantic_fields_set__", {"kind", *names[:len(values)]})
        _set(obj, "__pydantic_extra__", None)
        _set(obj, "__pydantic_private__", None)
        return obj

    @classmethod
    def _names(cls) -> "_Names":
        """The fields after the kind, in order, with how many are required and the others' defaults."""
        cache = cls.__dict__.get("_frame_names")
        if cache is None:
            fields = [(n, f) for n, f in cls.model_fields.items() if n != "kind"]
            cache = _Names(n for n, _ in fields)
            cache.required = sum(1 for _, f in fields if f.is_required())
            cache.defaults = {n: f.get_default() for n, f in fields if not f.is_required()}
            if any(f.is_required() for _, f in fields[cache.required:]):
                raise TypeError(f"{cls.__name__}: the optional fields of an array frame come last")
            type.__setattr__(cls, "_frame_names", cache)
        return cache

    def values(self) -> list[Any]:
        """The fields it holds, in order (what follows the kind in the saved array)."""
        held = self.__pydantic_fields_set__
        out = []
        for n in self._names():
            if n not in held:
                break
            out.append(self.__dict__[n])
        return out

    def replace(self: A, **changes: Any) -> A:
        """A copy with `changes` (the frame itself never changes)."""
        d = dict(self.__dict__)
        d.update(changes)
        obj = _new(type(self))
        _set(obj, "__dict__", d)
        _set(obj, "__pydantic_fields_set__", self.__pydantic_fields_set__ | set(changes))
        _set(obj, "__pydantic_extra__", None)
        _set(obj, "__pydantic_private__", None)
        return obj

    @model_validator(mode="before")
    @classmethod
    def _from_array(cls, data: Any) -> Any:
        if isinstance(data, (list, tuple)):
            if len(data) - 1 > len(cls._names()):
                raise ValueError(f"frame {data[0]!r} has {len(data) - 1} fields, at most {len(cls._names())}")
            return {"kind": data[0], **dict(zip(cls._names(), data[1:]))}
        return data

    @model_serializer(mode="wrap")
    def _saved(self, handler: Any) -> list[Any]:
        data = handler(self)
        n = 1 + len(self.values())
        return [data["kind"], *(data[k] for k in self._names())][:n]


_MADE: dict[tuple[Any, ...], ArrayFrame] = {}  # the array frames made, by class, kind and values
_MADE_MAX = 4096


class _Names(list[str]):
    """An array frame's field names after the kind (and `required`, `defaults`)."""
    required: int
    defaults: dict[str, Any]


F = TypeVar("F", bound=Frame)
A = TypeVar("A", bound=ArrayFrame)
T = TypeVar("T")
X = TypeVar("X")


def kinds_of(cls: type[BaseModel]) -> tuple[str, ...]:
    """The kinds a frame class stands for: the values of its `kind: Literal[...]`."""
    kinds = get_args(cls.model_fields["kind"].annotation)
    if not kinds or not all(isinstance(k, str) for k in kinds):
        raise TypeError(f"{cls.__name__}.kind must be a Literal of the kinds it stands for")
    return kinds


def frame_union(*classes: type[BaseModel]) -> Any:
    """The discriminated union of a game's frame classes, for its state's stack field
    (`stack: list[frame_union(A, B, ...)]`): a frame validates into the class of its kind, and a
    kind no class stands for is refused.  A class may stand for several kinds (`Literal["a", "b"]`)."""
    by_kind: dict[str, str] = {}
    for cls in classes:
        for k in kinds_of(cls):
            if k in by_kind:
                raise TypeError(f"two frame classes stand for the kind {k!r}")
            by_kind[k] = cls.__name__
    keys = {cls.model_fields["kind"].alias or "kind" for cls in classes}  # where a saved object keeps its kind

    def tag(value: Any) -> Optional[str]:
        kind: Any
        if isinstance(value, (Frame, ArrayFrame)):
            kind = value.kind
        elif isinstance(value, dict):
            kind = next((value[k] for k in keys if k in value), None)
        elif isinstance(value, (list, tuple)) and value:
            kind = value[0]
        else:
            return None
        return by_kind.get(kind) if isinstance(kind, str) else None

    members = tuple(Annotated[cls, Tag(cls.__name__)] for cls in classes)
    return Annotated[Union[members], Discriminator(
        tag, custom_error_type="unknown_frame", custom_error_message="no frame of this kind")]


class Stack(Generic[T]):
    """Where the top of a game's decision stack is, and the operations on it.  The stack itself is
    the plain list in the state (`state.stack`): `Stack` holds no frames.

    `top_first=False`: the pending frame is the last (push appends); `True`: a chain resolved front
    first, the pending frame is the first (push inserts in front)."""

    __slots__ = ("top_first", "at", "top", "push", "pop", "replace", "below")  # top_as, remove, swap: methods

    def __init__(self, top_first: bool = False):
        self.top_first = top_first
        self.at = 0 if top_first else -1  # the top's index: `frames[stack.at]` reads a stack known not empty
        # plain functions for the orientation, called without a bound method (the hot path)
        self.top: Callable[[list[T]], Optional[T]]
        self.push: Callable[..., None]
        self.pop: Callable[[list[T]], T]
        self.replace: Callable[..., None]
        self.below: Callable[[list[T]], list[T]]
        if top_first:
            self.top, self.push, self.pop, self.replace, self.below = (
                _front_top, _front_push, _front_pop, _front_replace, _front_below)
        else:
            self.top, self.push, self.pop, self.replace, self.below = (
                _back_top, _back_push, _back_pop, _back_replace, _back_below)

    def top_as(self, frames: list[T], cls: type[X]) -> X:
        """The top frame, which the caller knows to be a `cls` (a frame of the game's union narrowed
        for a type checker); TypeError when it is not (an empty stack included)."""
        top = frames[self.at] if frames else None
        if not isinstance(top, cls):
            raise TypeError(f"the top frame is {type(top).__name__}, not {cls.__name__}")
        return top

    def remove(self, frames: list[T], frame: T) -> None:
        """`frame` itself (not an equal one) taken off, wherever it is."""
        self.swap(frames, frame)

    def swap(self, frames: list[T], frame: T, *new: T) -> None:
        """`frame` itself (not an equal one), wherever it is, replaced by `new` (none: taken off)."""
        for i, f in enumerate(frames):
            if f is frame:
                frames[i:i + 1] = new
                return
        raise ValueError("the frame is not on the stack")


# What each orientation's Stack does: `top(frames)` the pending frame or None; `push(frames, *new)`
# the first of `new` on top; `pop(frames)` the top taken off; `replace(frames, *new)` the top
# replaced by `new` (none: popped), the first of them on top; `below(frames)` the frames under the
# top, nearest first.

def _back_top(frames: list[T]) -> Optional[T]:
    return frames[-1] if frames else None


def _back_push(frames: list[T], *new: T) -> None:
    frames.extend(reversed(new))


def _back_pop(frames: list[T]) -> T:
    return frames.pop()


def _back_replace(frames: list[T], *new: T) -> None:
    frames[-1:] = reversed(new)


def _back_below(frames: list[T]) -> list[T]:
    return frames[-2::-1]


def _front_top(frames: list[T]) -> Optional[T]:
    return frames[0] if frames else None


def _front_push(frames: list[T], *new: T) -> None:
    frames[0:0] = new


def _front_pop(frames: list[T]) -> T:
    return frames.pop(0)


def _front_replace(frames: list[T], *new: T) -> None:
    frames[0:1] = new


def _front_below(frames: list[T]) -> list[T]:
    return frames[1:]


H = TypeVar("H")  # a handler, or what a game keeps per kind (Flotilla: its options and its answer)


class Moves(dict[str, H]):
    """The move map: one handler per frame kind, called with the arguments the game declares for
    its handlers (or a game's pair of them per kind).  A kind without a handler is an error of the
    engine (every frame it pushes has one)."""

    def handler(self, kind: str) -> H:
        """The handler of `kind` (as `moves[kind]`)."""
        return self[kind]

    def __missing__(self, kind: str) -> H:
        raise LookupError(f"no handler for the frame kind {kind!r}")

    def covers(self, *classes: type[BaseModel]) -> None:
        """Raise unless every kind of these frame classes has a handler (checked at import)."""
        missing = [k for cls in classes for k in kinds_of(cls) if k not in self]
        if missing:
            raise LookupError(f"frame kinds without a handler: {missing}")

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
per frame kind, `moves.handler(frame.kind)(...)` instead of an `if kind == ...` chain.
"""
from __future__ import annotations

from typing import Annotated, Any, Callable, Generic, Iterable, Optional, TypeVar, Union, get_args

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
        self.__dict__[name] = type(self).model_fields[name].get_default(call_default_factory=True)
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
        """The frame `[kind, *values]` of trusted values the engine built itself, without validation;
        it holds the fields given (the others, trailing, keep their defaults)."""
        names = cls._names()
        d = dict(cls._tail_defaults())
        d["kind"] = cls._kind()
        d.update(zip(names, values))
        obj = _new(cls)
        _set(obj, "__dict__", d)
        _set(obj, "__pydantic_fields_set__", {"kind", *names[:len(values)]})
        _set(obj, "__pydantic_extra__", None)
        _set(obj, "__pydantic_private__", None)
        return obj

    @classmethod
    def _names(cls) -> list[str]:
        cache = cls.__dict__.get("_frame_names")
        if cache is None:
            cache = [n for n in cls.model_fields if n != "kind"]
            type.__setattr__(cls, "_frame_names", cache)
        return cache  # type: ignore[no-any-return]

    @classmethod
    def _kind(cls) -> str:
        return kinds_of(cls)[0]

    @classmethod
    def _tail_defaults(cls) -> dict[str, Any]:
        return {n: f.get_default(call_default_factory=True) for n, f in cls.model_fields.items()
                if n != "kind" and not f.is_required()}

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


F = TypeVar("F", bound=Frame)
A = TypeVar("A", bound=ArrayFrame)
T = TypeVar("T")


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
    key = {cls.__name__: (cls.model_fields["kind"].alias or "kind") for cls in classes}
    keys = set(key.values())

    def tag(value: Any) -> Optional[str]:
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
    return Annotated[Union[members], Discriminator(  # type: ignore[valid-type]
        tag, custom_error_type="unknown_frame", custom_error_message="no frame of this kind")]


class Stack(Generic[T]):
    """Where the top of a game's decision stack is, and the operations on it.  The stack itself is
    the plain list in the state (`state.stack`): `Stack` holds no frames.

    `top_first=False`: the pending frame is the last (push appends); `True`: a chain resolved front
    first, the pending frame is the first (push inserts in front)."""

    __slots__ = ("top_first",)

    def __init__(self, top_first: bool = False):
        self.top_first = top_first

    def top(self, frames: list[T]) -> Optional[T]:
        if not frames:
            return None
        return frames[0] if self.top_first else frames[-1]

    def push(self, frames: list[T], *new: T) -> None:
        """`new` onto the stack, the first of them on top (it is pending first)."""
        if self.top_first:
            frames[0:0] = new
        else:
            frames.extend(reversed(new))

    def pop(self, frames: list[T]) -> T:
        return frames.pop(0) if self.top_first else frames.pop()

    def replace(self, frames: list[T], *new: T) -> None:
        """The top frame replaced by `new` (none: popped), the first of them on top."""
        if self.top_first:
            frames[0:1] = new
        else:
            frames[-1:] = reversed(new)

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

    def below(self, frames: list[T]) -> Iterable[T]:
        """The frames under the top, nearest first."""
        return frames[1:] if self.top_first else frames[-2::-1]


H = TypeVar("H", bound=Callable[..., Any])


class Moves(dict[str, H]):
    """The move map: one handler per frame kind, called with the arguments the game declares for
    its handlers.  A kind without a handler is an error of the engine (every frame it pushes has one)."""

    def handler(self, kind: str) -> H:
        try:
            return self[kind]
        except KeyError:
            raise LookupError(f"no handler for the frame kind {kind!r}") from None

    def covers(self, *classes: type[BaseModel]) -> None:
        """Raise unless every kind of these frame classes has a handler (checked at import)."""
        missing = [k for cls in classes for k in kinds_of(cls) if k not in self]
        if missing:
            raise LookupError(f"frame kinds without a handler: {missing}")

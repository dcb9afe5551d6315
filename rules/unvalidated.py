"""Pydantic objects built from values the engine made itself, without validation (the hot paths:
random playouts copy a state and build Moves and Msgs hundreds of times a game).

`trusted(cls, values)` is `cls.model_construct(**values)` minus its per-field bookkeeping: `values`
becomes the object's `__dict__` as given, so every field must be there and no default is filled in.
It writes the four instance slots a pydantic model has (`PYDANTIC_SLOTS`), which is what ties it to
the installed pydantic: tests/rules/test_unvalidated.py pins it against `model_construct` and
`model_validate`, and `check_plain` refuses a model that keeps more than fields (private attributes,
a post-init hook, a root model).  Nothing here caches anything.
"""
from __future__ import annotations

from typing import Any, Iterable, Optional, TypeVar

from pydantic import BaseModel

from .text import Msg

M = TypeVar("M", bound=BaseModel)

# The per-instance state of a pydantic model besides its fields' values (BaseModel.__slots__).
PYDANTIC_SLOTS = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")

_new = object.__new__
_setattr = object.__setattr__


def trusted(cls: type[M], values: dict[str, Any], fields_set: Optional[Iterable[str]] = None) -> M:
    """`cls.model_construct(**values)` without validation, for a plain model (`check_plain`) and
    values for every field; `values` becomes its `__dict__`; `fields_set` defaults to every key."""
    new = _new(cls)
    _setattr(new, "__dict__", values)
    _setattr(new, "__pydantic_fields_set__", set(values) if fields_set is None else set(fields_set))
    _setattr(new, "__pydantic_extra__", None)
    _setattr(new, "__pydantic_private__", None)
    return new


def construct(cls: type[M], **values: Any) -> M:
    """`trusted` with the values as keyword arguments."""
    return trusted(cls, values)


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a declared field, without pydantic's `__setattr__` (no validation,
    and `name` is not added to the fields set: use it for fields the model already has)."""
    model.__dict__[name] = value


def new_msg(key: str, args: dict[str, Any]) -> Msg:
    """`Msg(key=key, args=args)` for trusted args (int, str or Msg values); `trusted` written out, as
    playouts make a Msg for nearly every option they list."""
    new = _new(Msg)
    _setattr(new, "__dict__", {"key": key, "args": args})
    _setattr(new, "__pydantic_fields_set__", {"key", "args"})
    _setattr(new, "__pydantic_extra__", None)
    _setattr(new, "__pydantic_private__", None)
    return new


def check_plain(*classes: type[BaseModel]) -> None:
    """Raise TypeError for a model `trusted` cannot build faithfully."""
    for cls in classes:
        if cls.__private_attributes__ or cls.__pydantic_post_init__ or cls.__pydantic_root_model__:
            raise TypeError(f"trusted() cannot build {cls.__name__}")

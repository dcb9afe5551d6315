"""Pydantic objects built from trusted values without validation, for the hot paths (as
rules/wayfinders/fast.py does for that game)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..contract import Move
from ..text import Msg

_setattr = object.__setattr__
_new = object.__new__


def construct(cls: type[BaseModel], **values: Any) -> Any:
    """`cls.model_construct(**values)` for a plain model when every field is given."""
    obj = _new(cls)
    _setattr(obj, "__dict__", values)
    _setattr(obj, "__pydantic_fields_set__", set(values))
    _setattr(obj, "__pydantic_extra__", None)
    _setattr(obj, "__pydantic_private__", None)
    return obj


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a declared field, without pydantic's bookkeeping."""
    model.__dict__[name] = value


def new_msg(key: str, args: dict[str, Any]) -> Msg:
    return construct(Msg, key=key, args=args)


def move(move_id: str, text: Msg, barrier: bool) -> Move:
    return construct(Move, id=move_id, text=text, barrier=barrier)

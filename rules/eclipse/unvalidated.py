"""Pydantic objects built from trusted values without validation, for the hot paths (as
rules/wayfinders/fast.py does for that game)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..contract import trusted
from ..text import Msg

def construct(cls: type[BaseModel], **values: Any) -> Any:
    """`cls.model_construct(**values)` for a plain model when every field is given."""
    return trusted(cls, values)


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a declared field, without pydantic's bookkeeping."""
    model.__dict__[name] = value


def new_msg(key: str, args: dict[str, Any]) -> Msg:
    return construct(Msg, key=key, args=args)

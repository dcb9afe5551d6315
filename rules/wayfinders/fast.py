"""Speed helpers for hot paths (random playouts run hundreds of moves per game).

`construct` builds a pydantic model from trusted values the way
`BaseModel.model_construct` does, minus its per-field bookkeeping (Moves: the
core's `Move.trusted`).  Nothing here caches anything.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..contract import trusted
from ..text import Msg

def _check(cls: type[BaseModel]) -> None:
    if cls.__private_attributes__ or cls.__pydantic_post_init__ or cls.__pydantic_root_model__:
        raise TypeError(f"construct() cannot build {cls.__name__}")


def construct(cls: type[BaseModel], **values: Any) -> Any:
    """`cls.model_construct(**values)` for a plain model when every field is given."""
    return trusted(cls, values)


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a declared field, without pydantic's __setattr__ bookkeeping."""
    model.__dict__[name] = value


def new_msg(key: str, args: dict[str, Any]) -> Msg:
    """`Msg(key=key, args=args)` for trusted args (int, str or Msg values)."""
    return trusted(Msg, {"key": key, "args": args})


from ..rng import Rng  # noqa: E402
from .state import Cell, Player, WayfindersState  # noqa: E402

for _cls in (Msg, Cell, Player, WayfindersState, Rng):
    _check(_cls)

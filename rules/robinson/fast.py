"""A structural copy of the state for `apply` (the hot path of random playouts).

Equivalent to `model_copy(deep=True)` for this state's shapes: models, lists
and dicts are copied recursively; strings, ints, Msg objects (treated as
immutable), the continuation frames (immutable values) and the options model
(never changed after set-up) are shared.
"""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from ..text import Msg
from ..unvalidated import trusted
from .frames import FRAMES
from .state import RobinsonOptions

M = TypeVar("M", bound=BaseModel)

_SHARED = (str, int, bool, float, type(None), Msg, RobinsonOptions)
_FRAMES = frozenset(FRAMES)  # by exact class: an isinstance check of one more model class slows every value


def _copy(v: Any) -> Any:
    t = type(v)
    if t is list:
        if v and not isinstance(v[0], _SHARED) and type(v[0]) not in _FRAMES:
            return [_copy(x) for x in v]
        return list(v)
    if t is dict:
        return {k: (x if isinstance(x, _SHARED) else _copy(x)) for k, x in v.items()}
    if isinstance(v, _SHARED):
        return v
    if isinstance(v, BaseModel):
        return trusted(t, {k: (x if isinstance(x, _SHARED) else _copy(x)) for k, x in v.__dict__.items()},
                       v.__pydantic_fields_set__)
    raise TypeError(f"cannot copy {t.__name__}")


def fast_copy(state: M) -> M:
    copied: M = _copy(state)
    return copied


"""Speed helpers for hot paths (random playouts run hundreds of moves per game).

`construct` builds a pydantic model from trusted values the way
`BaseModel.model_construct` does, minus its per-field bookkeeping.  `english`
renders a Msg exactly as `rules.text.tr(msg)` does for the default locale, but
with `str.format_map` instead of the pure-Python `string.Formatter` (tests
check both agree on every label).  Nothing here caches anything.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..contract import Move
from ..text import CATALOG, DEFAULT_LOCALE, JOIN_KEY, SEAT_KEY, Msg

_setattr = object.__setattr__
_new = object.__new__


def _check(cls: type[BaseModel]) -> None:
    if cls.__private_attributes__ or cls.__pydantic_post_init__ or cls.__pydantic_root_model__:
        raise TypeError(f"construct() cannot build {cls.__name__}")


def construct(cls: type[BaseModel], **values: Any) -> Any:
    """`cls.model_construct(**values)` for a plain model when every field is given."""
    m = _new(cls)
    _setattr(m, "__dict__", values)
    _setattr(m, "__pydantic_fields_set__", set(values))
    _setattr(m, "__pydantic_extra__", None)
    _setattr(m, "__pydantic_private__", None)
    return m


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a declared field, without pydantic's __setattr__ bookkeeping."""
    model.__dict__[name] = value


def new_msg(key: str, args: dict[str, Any]) -> Msg:
    """`Msg(key=key, args=args)` for trusted args (int, str or Msg values)."""
    m = _new(Msg)
    _setattr(m, "__dict__", {"key": key, "args": args})
    _setattr(m, "__pydantic_fields_set__", {"key", "args"})
    _setattr(m, "__pydantic_extra__", None)
    _setattr(m, "__pydantic_private__", None)
    return m


class _Args(dict):
    def __missing__(self, key: str) -> str:  # as text._Formatter: unknown fields stay literal
        return "{" + key + "}"


def english(text: Msg | str) -> str:
    if isinstance(text, str):
        return text
    return _english(text, CATALOG.table[DEFAULT_LOCALE])


def _english(text: Msg, table: dict[str, str]) -> str:
    key = text.key
    args = text.args
    if key == SEAT_KEY:
        return str(args.get("id", "?"))
    if key == JOIN_KEY:
        return str(args["sep"]).join(
            p if isinstance(p, str) else _english(p, table)  # type: ignore[arg-type]
            for p in (args[f"p{i}"] for i in range(int(args["n"]))))  # type: ignore[arg-type]
    template = table.get(key)
    if template is None:
        return key
    if not args:
        return template
    for v in args.values():
        if isinstance(v, Msg):
            vals = {k: _english(v, table) if isinstance(v, Msg) else v for k, v in args.items()}
            break
    else:
        vals = args
    try:
        return template.format_map(vals)
    except KeyError:
        return template.format_map(_Args(vals))


def english_table() -> dict[str, str]:
    """The default-locale catalog, fetched once per batch of labels."""
    return CATALOG.table[DEFAULT_LOCALE]


def move(move_id: str, text: Msg, barrier: bool, table: dict[str, str] | None = None) -> Move:
    """`Move.of(move_id, text, barrier)` without validation (the label renders on demand)."""
    m = _new(Move)
    _setattr(m, "__dict__", {"id": move_id, "text": text, "barrier": barrier})
    _setattr(m, "__pydantic_fields_set__", {"id", "text", "barrier"})
    _setattr(m, "__pydantic_extra__", None)
    _setattr(m, "__pydantic_private__", None)
    return m


from ..rng import Rng  # noqa: E402
from .state import Cell, Player, WayfindersState  # noqa: E402

for _cls in (Msg, Move, Cell, Player, WayfindersState, Rng):
    _check(_cls)

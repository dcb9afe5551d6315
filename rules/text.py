"""Translatable text.

Engines never build player-facing sentences directly: they return `Msg`
objects (a catalog key plus arguments).  `tr()` turns a `Msg` into English or
Spanish from JSON catalogs that live beside the code that owns the keys
(`rules/<game>/locale/<lang>.json`, `host/locale/<lang>.json`, and per-feature
files like `host/locale/deadlines.<lang>.json` in the same folders).

Arguments may themselves be `Msg` objects (a resource name, a seat), which are
translated recursively.  A seat is referenced with `seat_ref(seat)`; the host
passes display names so the sentence reads "alice", not "p1".
"""
from __future__ import annotations

import json
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union, cast

from pydantic import BaseModel, Field

from .wording import format_spec

LOCALES = ("en", "es")
DEFAULT_LOCALE = "en"
SEAT_KEY = "@seat"

Arg = Union[int, str, "Msg"]


class Msg(BaseModel):
    key: str
    args: dict[str, Arg] = Field(default_factory=dict)


Msg.model_rebuild()


def msg(key: str, **args: Arg) -> Msg:
    return Msg(key=key, args=args)


def seat_ref(seat: str) -> Msg:
    return Msg(key=SEAT_KEY, args={"id": seat})


class Catalog:
    """Key -> template per locale, loaded from registered folders."""

    def __init__(self) -> None:
        self._dirs: list[Path] = []
        self._table: dict[str, dict[str, str]] | None = None

    def add_dir(self, folder: Path) -> None:
        folder = Path(folder)
        if folder not in self._dirs:
            self._dirs.append(folder)
            self._table = None

    @property
    def table(self) -> dict[str, dict[str, str]]:
        if self._table is None:
            table: dict[str, dict[str, str]] = {loc: {} for loc in LOCALES}
            for folder in self._dirs:
                for loc in LOCALES:
                    # `en.json`, plus per-feature files such as `deadlines.en.json`
                    paths = sorted(folder.glob(f"*.{loc}.json")) + [folder / f"{loc}.json"]
                    for path in paths:
                        if path.exists():
                            table[loc].update(json.loads(path.read_text(encoding="utf-8")))
            self._table = table
        return self._table

    def template(self, key: str, locale: str) -> str | None:
        loc = locale if locale in LOCALES else DEFAULT_LOCALE
        found = self.table[loc].get(key)
        if found is None and loc != DEFAULT_LOCALE:
            found = self.table[DEFAULT_LOCALE].get(key)
        return found


CATALOG = Catalog()


def locale_of(raw: str | None) -> str:
    """Map a Discord locale ('es-ES', 'en-US', 'es-419') to one we have."""
    if not raw:
        return DEFAULT_LOCALE
    base = str(raw).split("-")[0].lower()
    return base if base in LOCALES else DEFAULT_LOCALE


class _Formatter(string.Formatter):
    """`str.format`, keeping an unknown `{name}` as it is, plus the forms of `rules.wording`: plurals
    (`{n:token|tokens}`: "{n} {n:token|tokens}" is "1 token", "3 tokens"; "{n} {n:ficha|fichas}"), the English
    article (`{ship:a}`: "an Interceptor"), a name with its definite article (`{item:the}`: "the Lifeboat", "el Bote
    salvavidas", from the name's `<key>.the` entry; a name without one, "the Cook", as it is) and signed amounts
    (`{n:+}`: "+2", "-1", "0")."""

    def __init__(self, locale: str) -> None:
        super().__init__()
        self.locale = locale

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return "{" + key + "}"
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, spec: str) -> Any:
        said = format_spec(value, spec, self.locale)
        return said if said is not None else super().format_field(value, spec)


_FMT = {loc: _Formatter(loc) for loc in LOCALES}


JOIN_KEY = "@join"


def join(parts: Sequence[Msg | str], sep: str = ", ") -> Msg:
    """A Msg that renders a list of parts joined by `sep`, each translated."""
    args: dict[str, Arg] = {f"p{i}": p for i, p in enumerate(parts)}
    return Msg(key=JOIN_KEY, args={"sep": sep, "n": len(parts), **args})


def tr(text: Msg | str, locale: str = DEFAULT_LOCALE, names: Mapping[str, str] | None = None) -> str:
    """Render a Msg in `locale`; plain strings pass through unchanged."""
    if isinstance(text, str):
        return text
    if text.key == SEAT_KEY:
        seat = str(text.args.get("id", "?"))
        return (names or {}).get(seat, seat)
    if text.key == JOIN_KEY:
        parts = [cast("Msg | str", text.args[f"p{i}"]) for i in range(cast(int, text.args["n"]))]
        return str(text.args["sep"]).join(tr(p, locale, names) for p in parts)
    template = CATALOG.template(text.key, locale)
    if template is None:
        return text.key
    definite = _definite_fields(template)
    values = {k: (_named(v, locale, names) if k in definite else tr(v, locale, names)) if isinstance(v, Msg) else v
              for k, v in text.args.items()}
    return _FMT[locale if locale in _FMT else DEFAULT_LOCALE].format(template, **values)


_THE = re.compile(r"\{(\w+):the\}")


@lru_cache(maxsize=4096)
def _definite_fields(template: str) -> frozenset[str]:
    """The fields a template writes with their definite article (`{item:the}`): only those values are looked up
    as names (`_named`); every other one is translated as it is."""
    return frozenset(_THE.findall(template))


class Named(str):
    """A name translated, with its form after the definite article when its catalog has one (the entry
    `<key>.the`: "the Lifeboat", "el Bote salvavidas"), which a template asks for with `{item:the}`."""

    definite: Optional[str] = None


def _definite(value: Msg, locale: str) -> Optional[str]:
    """A name's form after the definite article: its `<key>.the` entry, or that of the one name a template made
    of it alone carries ("{name}": a card's name)."""
    if value.key in (SEAT_KEY, JOIN_KEY):
        return None
    found = CATALOG.template(value.key + ".the", locale)
    if found is None:
        alone = re.fullmatch(r"\{(\w+)\}", CATALOG.template(value.key, locale) or "")
        inner = value.args.get(alone.group(1)) if alone else None
        return _definite(inner, locale) if isinstance(inner, Msg) else None
    return found


def _named(value: Msg, locale: str, names: Mapping[str, str] | None) -> str:
    said = tr(value, locale, names)
    definite = _definite(value, locale)
    if definite is None:
        return said
    out = Named(said)
    out.definite = definite
    return out

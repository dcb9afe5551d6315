"""Component names in the reader's language.

Every card, beast, invention and item has a catalog key `robinson.name.<deck>.<Name>` in
`locale/names.en.json` and `locale/names.es.json`; the other components keep their own groups
(`terrain`, `disc`, `ab`, `char`, `scenario`).  Card ids ("event:Bear"), move ids and the state
keep the English names: only the text shown to players looks a name up.

`DECK_NAMES` lists every name by deck, taken from the component data, so a test checks that each
one has a name in both languages.
"""
from __future__ import annotations

import unicodedata
from typing import Optional, Union

from ..text import CATALOG, LOCALES, Msg
from .data import ADVENTURES, BEASTS, EVENTS, INVENTIONS, MYSTERY, START_ITEMS, WRECKAGE
from .texts import sub


def _kept_items() -> tuple[str, ...]:
    """Treasures and finds that become shared items (`keep:<Name>:<uses>`, §3.12, §3.13)."""
    codes = [c for a in ADVENTURES.values() for opt, _ in a.opts for c in opt]
    codes += [c for my in MYSTERY.values() for c in my.now]
    return tuple(dict.fromkeys(c.split(":")[1] for c in codes if isinstance(c, str) and c.startswith("keep:")))


def _deck(prefix: str) -> tuple[str, ...]:
    return tuple(a.name for k, a in ADVENTURES.items() if k.startswith(prefix + ":"))


DECK_NAMES: dict[str, tuple[str, ...]] = {
    "event": tuple(EVENTS),
    "wreck": tuple(WRECKAGE),
    "beast": tuple(BEASTS),
    "invention": tuple(INVENTIONS),
    "item": START_ITEMS + _kept_items(),
    "adv_build": _deck("adv_build"),
    "adv_gather": _deck("adv_gather"),
    "adv_explore": _deck("adv_explore"),
    "mystery": tuple(m.name for m in MYSTERY.values()),
}

# A fight's foe is stored by its bare name (the card's or the beast's): looked up in this order.
_FOE_DECKS = ("beast", "mystery", "adv_explore", "adv_gather", "adv_build", "event")


def name_key(deck: str, name: str) -> str:
    return f"robinson.name.{deck}.{name}"


def named(name: str) -> Union[Msg, str]:
    """The translatable name of a foe known only by its bare name ("Tiger", "Furious Tiger");
    an unknown name ("?") is shown as it is."""
    for deck in _FOE_DECKS:
        if name in DECK_NAMES[deck]:
            return sub("name." + deck, name)
    return name


def _plain(text: str) -> str:
    """Lower case, no accents, no spaces: "Trampa de foso" -> "trampadefoso"."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in text if c.isalnum())


def invention_named(text: str) -> Optional[str]:
    """The invention (its English id) a player typed by its name in any language: "pala", "Shovel",
    "trampa de foso"; None when no invention has that name."""
    wanted = _plain(text)
    for name in DECK_NAMES["invention"]:
        if wanted in {_plain(name)} | {_plain(CATALOG.table[loc].get(name_key("invention", name), "")) for loc in LOCALES}:
            return name
    return None


__all__ = ["DECK_NAMES", "invention_named", "name_key", "named"]

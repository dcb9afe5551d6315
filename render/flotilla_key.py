"""The key to the abbreviations a Flotilla decision image shows (render/focus.py `draw_focus` asks a game's renderer
for `focus_key`): the ring and track spaces' bonuses ("Sv", "Ti", "2¢", "1¢1V"; in Spanish "Sp", "Lo", "1¢1PV")
that its windows of the board hold, each with its meaning, in one line.  The whole board spells them all out in
its own key (flotilla_panels.space_key); a window of it at phone scale does not reach that key."""
from __future__ import annotations

import re
from typing import Sequence

from rules.text import msg, tr

from .flotilla_panels import SHORT, space_key

def _t(key: str, locale: str, **args: str) -> str:
    return tr(msg(f"flotilla.{key}", **args), locale)


def _patterns(locale: str) -> list[tuple[str, str]]:
    """(name, regular expression of its code as drawn: an amount where the code holds one) for each bonus."""
    out = []
    for name in SHORT:
        code = _t(f"img.short.{name}", locale, a="\x00")
        out.append((name, re.escape(code).replace("\x00", r"\d+")))
    return out


def shown_codes(texts: Sequence[str], locale: str) -> list[str]:
    """The bonuses (SHORT's names, in SHORT's order) whose codes `texts` hold: a text counts when it is a space
    as the board draws it, "3: Ti" or "1¢1V", codes and nothing else after the space's number."""
    patterns = _patterns(locale)
    one = "|".join(f"(?P<{name}>{p})" for name, p in patterns)
    whole = re.compile(rf"^(?:\d+:\s*)?(?:{one})+$")
    found: set[str] = set()
    for text in texts:
        body = text.strip()
        if not whole.match(body):
            continue
        body = re.sub(r"^\d+:\s*", "", body)
        for m in re.finditer(one, body):
            found.update(name for name, value in m.groupdict().items() if value)
    return [name for name in SHORT if name in found]


def focus_key(texts: Sequence[str], locale: str) -> list[str]:
    """One line explaining the codes among `texts` ("The spaces of the rings and tracks: Sv survivor disc +1  ·  Ti
    draw and place an ocean tile"), or none when they hold no code."""
    names = shown_codes(texts, locale)
    return [_t("img.key_title", locale) + " " + space_key(locale, names)] if names else []


__all__ = ["focus_key", "shown_codes"]

"""How counts and articles are said: the one place that chooses a plural form or an English article.

Catalog templates write a count's noun as `{n:one|other}` ("{n} {n:game|games}", "{n} {n:partida|partidas}")
and may add the form for the CLDR category "many" as `{n:one|many|other}` (Spanish: a whole number of
millions, "1 millón de fichas").  `plural_category` is CLDR's rule for each language we have (English and
Spanish: "one" for exactly 1, else "other"; Spanish "many" for 1,000,000, 2,000,000, ...).  A noun that is
itself an argument (a ship, a resource) gets its indefinite article with `{ship:a}`: "an Interceptor",
"a Cruiser" in English; Spanish templates write their own article (it depends on the noun's gender), so there
the value is left as it is (`{ship:A}` at the start of a sentence: "An Interceptor").  A signed amount is
written `{n:+}` ("+2", "-1", and "0", never "-0"), an amount taken away `{n:-}` ("-2", "0").  A name that has its
form after the definite article in the catalog (rules.text.Named: "the Lifeboat", "el Bote salvavidas", whose
article depends on the noun's gender) is written `{item:the}`; a name without one is left as it is ("the Cook").
"""
from __future__ import annotations

from typing import Any

# Words whose first letter is a vowel but whose sound is not ("a unit", "a one-off"), and the other way round.
_VOWEL_LETTER_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "eu", "one", "once", "ur")
_SILENT_H = ("hour", "honest", "honour", "honor", "heir")
_AN_DIGITS = ("8", "11", "18")


def plural_category(n: Any, locale: str) -> str:
    """CLDR plural category of `n` in `locale`: "one", "many" or "other"."""
    try:
        value = abs(int(n))
    except (TypeError, ValueError):
        return "other"
    if value == 1:
        return "one"
    if locale == "es" and value and value % 1_000_000 == 0:
        return "many"
    return "other"


def plural_form(n: Any, forms: list[str], locale: str) -> str:
    """The form of `forms` ("one|other" or "one|many|other") that goes with the count `n`."""
    category = plural_category(n, locale)
    if category == "one":
        return forms[0]
    if category == "many" and len(forms) > 2:
        return forms[1]
    return forms[-1]


def starts_with_vowel_sound(word: str) -> bool:
    text = word.lstrip("*_\"'«(").lower()
    if not text:
        return False
    if text[0].isdigit():
        return text.startswith(_AN_DIGITS) and not text.startswith(("80", "81", "82", "83", "84", "85",
                                                                     "86", "87", "88", "89", "110", "180"))
    if text.startswith(_SILENT_H):
        return True
    if text.startswith(_VOWEL_LETTER_CONSONANT_SOUND):
        return False
    return text[0] in "aeiou"


def with_article(value: Any, locale: str, capital: bool = False) -> str:
    """`value` after its English indefinite article ("an Interceptor"); unchanged in other languages."""
    text = str(value)
    if locale != "en" or not text:
        return text
    article = "an" if starts_with_vowel_sound(text) else "a"
    return f"{article.capitalize() if capital else article} {text}"


def signed(value: Any, negate: bool = False) -> str:
    """An amount with its sign: "+2", "-1", "0" (`negate`: the amount taken away, "-2" for 2)."""
    try:
        number = -int(value) if negate else int(value)
    except (TypeError, ValueError):
        return str(value)
    return f"{number:+d}" if number else "0"


def format_spec(value: Any, spec: str, locale: str) -> str | None:
    """The text for a field `{name:spec}` when `spec` is one of ours, else None (Python's own format)."""
    if "|" in spec:
        return plural_form(value, spec.split("|"), locale)
    if spec == "the":  # the name's own form after the definite article (rules.text.Named), else as it is
        return getattr(value, "definite", None) or str(value)
    if spec in ("a", "A"):
        return with_article(value, locale, capital=spec == "A")
    if spec in ("+", "-"):
        return signed(value, negate=spec == "-")
    return None

"""Counts and articles read right in every catalogue entry, in both languages.

Every template of every catalog (the games' and the host's) is rendered in English and Spanish with each
count 0, 1, 2 and 5, and each other argument a noun starting with a vowel and then with a consonant.  The
text must not say a wrong form: a plural noun after 1 or a singular one after 0, 2 or 5 (the nouns are those
the catalogs' own `{n:one|other}` forms name, plus the host's), a verb that disagrees with its count
("faltan 1"), "a" before a vowel or "an" before a consonant, "-0", nor a bot level, a rule code ("(S3)") or
an internal tile id ("res06").  `rules.wording` is the layer that chooses these forms.
"""
from __future__ import annotations

import re
import string

import pytest

import host.i18n  # noqa: F401 - the host catalogs
import rules  # noqa: F401 - every game's catalog
from rules.text import CATALOG, LOCALES, Msg, tr
from rules.wording import plural_category, plural_form, starts_with_vowel_sound, with_article

COUNTS = (0, 1, 2, 5)
# Arguments that hold a number wherever they appear.
COUNT_NAMES = {
    "n", "count", "left", "vp", "cubes", "food", "wood", "max", "min", "wins", "points", "rated", "played",
    "lost", "tiles", "moves", "skiffs", "life", "games", "frames", "boards", "players", "rounds", "seconds",
    "tokens", "toks", "coins", "barrels", "damage", "hurt", "hits", "det", "discs", "money", "science",
    "materials", "total", "pages", "seals", "workers", "artifacts", "cells", "used", "produced", "more", "slots",
}
FILLERS = ("Interceptor", "Cruiser")  # a noun argument, starting with a vowel and with a consonant

SINGULAR = {"en": {"game", "move", "player", "point", "round", "turn", "board", "token", "card", "cube", "tile",
                   "wound", "meal", "ship", "skiff", "frame", "second", "minute", "hour", "day", "page", "win"},
            "es": {"partida", "jugada", "jugador", "punto", "ronda", "turno", "tablero", "ficha", "carta", "cubo",
                   "loseta", "herida", "comida", "nave", "esquife", "segundo", "minuto", "hora", "día", "página"}}
PLURAL = {"en": {s + "s" for s in SINGULAR["en"]}, "es": {s + "s" for s in SINGULAR["es"]} | {"jugadores"}}
VERBS = {"is", "are", "has", "have", "fires", "fire", "dispara", "disparan"}  # forms that agree, not nouns
PLURAL_VERB_ES = {"quedan", "faltan", "estropean", "pudren", "sobran", "restan", "hacen"}
SINGULAR_VERB_ES = {"queda", "falta", "estropea", "pudre", "sobra", "resta"}
RULE_CODE = re.compile(r"\((?![A-E][1-5]\))[A-Z]{1,2}\d+\)")  # "(S3)"; "(C3)" is a cell of the board
TILE_ID = re.compile(r"\b[a-z]{2,5}\d{2}\b")
BOT_LEVEL_ES = re.compile(r"\b(?:greedy|random)\b")


def _harvest() -> None:
    """Add the nouns the catalogs' own plural forms name (`{n:ficha|fichas}`)."""
    for loc in LOCALES:
        for template in CATALOG.table[loc].values():
            for _, name, spec, _ in string.Formatter().parse(template):
                if name and spec and "|" in spec:
                    forms = [f.split()[0] if f.split() else "" for f in spec.split("|")]
                    if forms[0] and forms[-1] and forms[0] != forms[-1]:
                        SINGULAR[loc].add(forms[0].lower())
                        PLURAL[loc].add(forms[-1].lower())
    for loc in LOCALES:
        SINGULAR[loc] -= VERBS
        PLURAL[loc] -= VERBS
        shared = SINGULAR[loc] & PLURAL[loc]
        SINGULAR[loc] -= shared
        PLURAL[loc] -= shared


_harvest()


def counted(template: str) -> set[str]:
    names = set()
    for _, name, spec, _ in string.Formatter().parse(template):
        if name and (name in COUNT_NAMES or (spec and "|" in spec)):
            names.add(name)
    return names


def render(key: str, template: str, loc: str, count: int, filler: str) -> str:
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    counts = counted(template)
    return tr(Msg(key=key, args={f: count if f in counts else filler for f in fields}), loc)


NUMBER_WORD = re.compile(r"(?<![\w.,:/+-])(\d+) (\w+)(?: (\w+))?")
NUMBER_NEXT = re.compile(r"(?<![\w.,:/+-])(\d+) (\w+)")


def wrong_forms(text: str, loc: str) -> list[str]:
    found = []
    words = text.lower()
    for number, word, then in NUMBER_WORD.findall(words):  # the noun may follow an adjective ("1 rated games")
        if plural_category(number, loc) == "one" and (word in PLURAL[loc] or
                                                       (word not in SINGULAR[loc] and then in PLURAL[loc])):
            found.append(f"{number} {word} {then}")
    for number, word in NUMBER_NEXT.findall(words):
        if plural_category(number, loc) != "one" and word in SINGULAR[loc]:
            found.append(f"{number} {word}")
    if re.search(r"(?<![\w.])-0(?![\d.,])", text):
        found.append("-0")
    if loc == "en":
        found += [f"a {w}" for w in re.findall(r"\b[Aa] ([A-Za-z][\w-]*)", text)
                  if starts_with_vowel_sound(w) and w.lower() not in {"a", "i"}]
        found += [f"an {w}" for w in re.findall(r"\b[Aa]n ([A-Za-z][\w-]*)", text) if not starts_with_vowel_sound(w)]
    else:
        found += [m for m in re.findall(r"\b(\w+) (\d+)\b", words)
                  if (m[0] in PLURAL_VERB_ES and plural_category(m[1], loc) == "one")
                  or (m[0] in SINGULAR_VERB_ES and plural_category(m[1], loc) != "one")]
        found += BOT_LEVEL_ES.findall(text)
    found += RULE_CODE.findall(text) + TILE_ID.findall(text)
    return [str(f) for f in found]


def catalog_problems(loc: str) -> list[str]:
    out = []
    for key, template in sorted(CATALOG.table[loc].items()):
        for count in COUNTS:
            for filler in FILLERS:
                said = render(key, template, loc, count, filler)
                out += [f"{loc} {key} ({count}, {filler}): {p} in {said[:140]!r}" for p in wrong_forms(said, loc)]
    return sorted(set(out))


@pytest.mark.parametrize("loc", LOCALES)
def test_every_catalog_entry_says_counts_and_articles_right(loc):
    found = catalog_problems(loc)
    assert not found, f"{len(found)} wrong forms:\n" + "\n".join(found[:60])


def test_the_check_catches_the_wrong_forms():
    assert wrong_forms("1 finished games", "en") and wrong_forms("(1 games replayed)", "en")
    assert wrong_forms("a Interceptor", "en") and wrong_forms("an Cruiser", "en")
    assert wrong_forms("le quedan 1 de vida", "es") and wrong_forms("faltan 1 de comida", "es")
    assert wrong_forms("1 jugadas", "es") and wrong_forms("0 meals eaten: -0 food", "en")
    assert wrong_forms("Bot 1 (greedy)", "es") and wrong_forms("before planning (S3)", "en")
    assert wrong_forms("tile res06", "en")
    assert not wrong_forms("an Interceptor, a Cruiser, a unit, 1 game, 2 games, 0 games", "en")
    assert not wrong_forms("le queda 1 de vida, quedan 2 de comida, 1 jugada, 5 jugadas", "es")


def test_the_layer_chooses_cldr_forms_and_articles():
    assert [plural_category(n, "en") for n in (0, 1, 2, 5, -1)] == ["other", "one", "other", "other", "one"]
    assert plural_category(1_000_000, "es") == "many" and plural_category(1_000_000, "en") == "other"
    assert plural_form(2_000_000, ["millón", "millones de", "millones"], "es") == "millones de"
    assert with_article("Interceptor", "en") == "an Interceptor" and with_article("Cruiser", "en") == "a Cruiser"
    assert with_article("Archive objective", "en") == "an Archive objective" and with_article("unit", "en") == "a unit"
    assert with_article("Interceptor", "es") == "Interceptor"
    from rules.text import _FMT
    assert _FMT["en"].format("{n} {n:game|games}, {s:a}, {d:+}", n=1, s="Orbital", d=0) == "1 game, an Orbital, 0"

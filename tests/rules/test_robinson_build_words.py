"""What a successful Build says (R46, K0.8, K0.9): an ordinary invention works from the end of the Action phase
and the line says so; a Cross (K2.7, built any number of times) takes effect at once and Jenny's Lifeboat (K3.1)
wins at once, so their lines do not promise a later start.  Both languages."""
from __future__ import annotations

import pytest

from rules.robinson.resolve import build_done
from rules.text import tr

from .robinson_kit import game

LATER = {"en": "it works from the end of the Action phase", "es": "funciona desde el final de la fase de acción"}


def said(s, locale: str) -> list[str]:
    return [tr(e, locale) for e in s.events]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r46_an_ordinary_invention_works_from_the_end_of_the_action_phase(locale):
    s = game(1, 1)
    who, s.events = next(iter(s.chars)), []
    build_done(s, who, "b.inv.Knife", [])
    assert s.future_built == ["Knife"] and any(LATER[locale] in line for line in said(s, locale))


@pytest.mark.parametrize("locale", ["en", "es"])
def test_k2_7_a_cross_stands_at_once_and_its_line_says_no_later_start(locale):
    s = game(1, 1, scenario="cursed_island")
    who, s.events = next(iter(s.chars)), []
    build_done(s, who, f"b.inv.Cross.{s.camp}", [])
    lines = said(s, locale)
    assert not any(LATER[locale] in line for line in lines)
    assert {"en": "builds the Cross.", "es": "construye la Cruz."}[locale] in lines[0]  # its article, as "the Dog"
    assert {"en": "crosses on 1 of 5 tiles", "es": "1 de 5"}[locale] in " ".join(lines)


@pytest.mark.parametrize("locale", ["en", "es"])
def test_k3_1_the_lifeboat_wins_at_once_and_its_line_says_no_later_start(locale):
    s = game(1, 1, scenario="jenny")
    who, s.events = next(iter(s.chars)), []
    build_done(s, who, "b.inv.Lifeboat", [])
    assert s.result == "won"
    assert not any(LATER[locale] in line for line in said(s, locale))
    assert {"en": "builds the Lifeboat.", "es": "construye el Bote salvavidas."}[locale] in said(s, locale)[0]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r46_a_built_invention_is_named_with_its_article(locale):
    s = game(1, 1)
    who, s.events = next(iter(s.chars)), []
    build_done(s, who, "b.inv.Bow", [])
    assert {"en": "builds the Bow (it works", "es": "construye el Arco (funciona"}[locale] in said(s, locale)[0]

"""A lobby shows its options as words in the reader's language, never `exploration=True`."""
from __future__ import annotations

import rules
from host.options import option_words, parse_option_text
from rules.text import tr


def said(game: str, raw: dict, locale: str) -> list[str]:
    options = rules.GAMES[game].parse_options(raw).model_dump(mode="json", exclude_defaults=True)
    return [tr(w, locale) for w in option_words(game, options)]


def test_flags_and_values_read_as_words_in_both_languages():
    raw = parse_option_text("exploration mix=10/8/6")
    assert said("wayfinders", raw, "en") == ["island mix (red/blue/yellow): 10/8/6", "exploration (islands start face down)"]
    assert said("wayfinders", raw, "es") == ["mezcla de islas (rojas/azules/amarillas): 10/8/6",
                                             "exploración (las islas empiezan boca abajo)"]
    assert said("robinson", {"difficulty": "hard", "dog_with_two": True}, "es") == ["dificultad: difícil",
                                                                                    "el Perro con dos jugadores"]


def test_every_option_of_every_game_has_a_name_in_both_languages():
    from rules.text import CATALOG
    for key, engine in rules.GAMES.items():
        for name in engine.Options.model_fields:
            for locale in ("en", "es"):
                assert f"option.{key}.{name}" in CATALOG.table[locale], (key, name, locale)
    for game in rules.GAMES:
        for text in said(game, {}, "en"):
            assert "=" not in text and "True" not in text

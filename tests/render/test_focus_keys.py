"""Words a newcomer can read in the decision image at phone scale: the abbreviations its windows of the board show
are explained under them (render/flotilla_key.py: the ring and track spaces "Sv", "Ti"; render/eclipse_key.py:
ships "1C 2I"), only those the image holds; Flotilla's toxicity and Robinson's determination are spelled out on
the board.  In English and Spanish, at or above the legibility bound."""
from __future__ import annotations

import pytest

from render import measure
from render.eclipse_key import shown_marks
from render.flotilla_key import focus_key as flotilla_key, shown_codes
from render.focus import WIDTH
from rules import GAMES
from rules.playout import iter_playout, playout_rng
from tools.legibility_bench import decision_image, private_image

FLOTILLA_TITLE = {"en": "The spaces of the rings and tracks:", "es": "Las casillas de los anillos y marcadores:"}
ECLIPSE_SHIPS = {"en": "Legend: 2I = 2 Interceptors: I Interceptor, C Cruiser, D Dreadnought, S Starbase",
                 "es": "Leyenda: 2I = 2 Interceptores: I Interceptor, C Crucero, A Acorazado, B Base estelar"}


def texts(img) -> list[str]:
    return [t.text for t in measure.visible(img)]


def state_after(game: str, seed: int, steps: int):
    """A random game's position after `steps` moves, at the board's own number of players (as bench legibility)."""
    engine = GAMES[game]
    state = engine.setup([f"p{i + 1}" for i in range(engine.board_players())], seed)
    for k, step in enumerate(iter_playout(engine, state, playout_rng(seed)) if steps else ()):
        state = step.after
        if k + 1 >= steps:
            break
    return engine, state


def test_flotilla_codes_are_found_only_in_the_spaces_the_board_draws():
    assert shown_codes(["2: Sv", "1: 1¢1V", "Seals: –", "Speakers", "Sv and Ti", "3: Tiles"], "en") == [
        "coin", "vp", "survivor"]
    assert shown_codes(["4: Se", "6: Rc", "+5"], "en") == ["seal", "recruit"]
    assert shown_codes(["2: Sp", "3: Lo", "5: 2PV", "Se"], "es") == ["vp", "survivor", "tile", "seal"]
    assert shown_codes(["Speakers", "Dial 1", "Toxicity 0"], "en") == [] and flotilla_key(["Dial 1"], "en") == []
    [line] = flotilla_key(["3: Ti", "2: Rs"], "en")
    assert line == "The spaces of the rings and tracks: Ti draw and place an ocean tile  ·  Rs a barrel of your choice"
    [line] = flotilla_key(["3: Lo"], "es")
    assert line == "Las casillas de los anillos y marcadores: Lo roba y coloca una loseta de océano"


@pytest.mark.parametrize("locale", ["en", "es"])
def test_flotilla_my_view_explains_the_ring_spaces_it_shows_and_spells_out_toxicity(locale):
    engine, state = state_after("flotilla", 1, 0)
    seat = engine.to_act(state)[0]
    img = private_image(engine, state, seat, locale)
    drawn = texts(img)
    key = next(i for i, t in enumerate(drawn) if t.startswith(FLOTILLA_TITLE[locale]))
    explained = " ".join(drawn[key:key + 4])
    codes = shown_codes(drawn[:key], locale)
    assert {"survivor", "tile", "seal", "resource"} <= set(codes)
    for code in (("Sv", "Ti", "Se", "Rs") if locale == "en" else ("Sp", "Lo", "Se", "Rc")):
        assert f"{code} " in explained
    assert ("Toxicity 0" if locale == "en" else "Toxicidad 0") in drawn and "T 0" not in drawn
    assert img.width == WIDTH and measure.smallest(img) >= measure.MIN_RATIO


def test_eclipse_ship_marks_are_found_on_ship_lines_only():
    assert shown_marks(["1I", "1B 2I 1C", "221"], "es") == ["ships"]
    assert shown_marks(["2I 1C[1,2]", "1× Anc", "GCDS"], "en") == ["ships", "damage", "anc", "gcds"]
    assert shown_marks(["1B"], "en") == [] and shown_marks(["1S", "-2,2 · 3 VP", "Interceptor"], "en") == ["ships"]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_eclipse_decision_image_explains_ship_counts_when_it_shows_ships(locale):
    engine, state = state_after("eclipse", 1, 73)  # the action phase: ships on the hexes around the decision
    img = decision_image(engine, state, list(engine.to_act(state)), locale)
    drawn = texts(img)
    assert shown_marks(drawn, locale) == ["ships"]
    assert " ".join(drawn).count(ECLIPSE_SHIPS[locale].split(",")[0]) == 1
    assert measure.smallest(img) >= measure.MIN_RATIO
    engine, state = state_after("eclipse", 1, 0)  # choosing a species: no ships in view, no legend
    img = decision_image(engine, state, list(engine.to_act(state)), locale)
    assert not any(t.startswith(ECLIPSE_SHIPS[locale][:7]) for t in texts(img))


@pytest.mark.parametrize("locale, word", [("en", "Determination"), ("es", "Determinación")])
def test_robinson_character_rows_spell_out_determination(locale, word):
    engine, state = state_after("robinson", 3, 0)
    img = decision_image(engine, state, list(engine.to_act(state)), locale)
    drawn = texts(img)
    assert f"{word} 0" in drawn, drawn  # in the decider's row, beside their wounds
    assert not any(t.startswith("D ") for t in drawn)
    assert measure.smallest(img) >= measure.MIN_RATIO

"""Eclipse E39, E40: technologies and ship parts described at the point of choice, as species are (E11): while
a seat researches, each tech it may buy now; while it upgrades, each part it may place; in both languages, from
the data (a part's numbers, a tech's kind) or the sheet's words; never a private choice's to another seat."""
from __future__ import annotations

import random

import pytest

from rules import GAMES
from rules.eclipse.choice_notes import choice_notes, part_text, tech_line
from rules.eclipse.data import TECHS
from rules.text import tr


@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_tech_and_part_reads_in_both_languages(locale):
    for name in TECHS:
        text = tr(tech_line(name), locale, {})
        assert "{" not in text and "eclipse." not in text and ": " in text, text
    assert tr(part_text("plasma cannon"), "en", {}) == "1 cannon die of 2 damage; needs 2 energy"
    assert tr(part_text("ion turret"), "en", {}) == "2 cannon dice of 1 damage; needs 1 energy"
    assert tr(part_text("plasma missile"), "es", {}) == (
        "misil de 2 de daño × 2, disparado una vez antes de los cañones")
    assert tr(part_text("nuclear source"), "en", {}) == "gives 3 energy"
    assert tr(part_text("gauss shield"), "en", {}) == "-1 to enemy dice against this ship"


def _states(seeds=range(1, 4), moves=500):
    engine = GAMES["eclipse"]
    for seed in seeds:
        state = engine.setup(["p1", "p2", "p3"], seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if engine.is_over(state):
                break
            yield engine, state
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, rng.choice([m.id for m in engine.legal_moves(state, seat)]))


def test_e39_e40_the_notes_list_what_is_offered_now():
    research = parts = 0
    for engine, state in _states():
        seat = engine.to_act(state)[0]
        ids = [m.id for m in engine.legal_moves(state, seat)]
        notes = choice_notes(state)
        techs = [i for i in ids if i.startswith("res:")]
        offered = [i for i in ids if i.startswith("part:")]
        if techs:
            research += 1
            [(heading, lines)] = notes
            assert heading.key == "eclipse.note.tech.heading" and len(lines) == len(techs)
        elif offered:
            parts += 1
            [(heading, lines)] = notes
            assert heading.key == "eclipse.note.part.heading" and len(lines) == len(offered)
        elif not any(i.startswith("put:") for i in ids):
            assert notes == []
        public = engine.notes(state, None)
        if engine.is_private(state, seat):  # never shown to the others
            assert not any(h.key.startswith("eclipse.note.") for h, _ in public)
            assert not any(h.key.startswith("eclipse.note.") for other in state.players if other != seat
                           for h, _ in engine.notes(state, other))
        elif notes:
            assert notes[0] in public
    assert research and parts

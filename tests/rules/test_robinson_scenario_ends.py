"""Each scenario ends in its own one line (R96, robinson-scenarios.md K0.9, K0.10), won and lost, in
English and Spanish: the family settles (K6.1), the curse is lifted (K2.1), Jenny sails away (K3.1);
Castaways keeps "Everyone is rescued".  The line is both the last event and the outcome's summary.
Games are edited directly to reach the end (robinson_kit)."""
from __future__ import annotations

import pytest

from rules.robinson import marks
from rules.robinson.scenarios import SCENARIOS, cursed, family, jenny
from rules.robinson.state import Spot
from rules.robinson.tallies import end

from rules.text import CATALOG

from .robinson_kit import E, game, tr

LINES = {
    ("castaways", "won"): ("Everyone is rescued in round", "Todos son rescatados en la ronda"),
    ("castaways", "lost"): ("Everyone loses in round", "Todos pierden en la ronda"),
    ("family_robinson", "won"): ("The Robinson family makes the island its home in round",
                                 "La familia Robinson hace de la isla su hogar en la ronda"),
    ("family_robinson", "lost"): ("The Robinson family does not survive the island",
                                  "La familia Robinson no sobrevive en la isla"),
    ("cursed_island", "won"): ("The curse on the island is lifted in round", "La maldición de la isla se rompe"),
    ("cursed_island", "lost"): ("The curse holds the island in round", "La maldición sigue pesando sobre la isla"),
    ("jenny", "won"): ("Jenny and the castaways sail away in the Lifeboat", "Jenny y los náufragos se alejan"),
    ("jenny", "lost"): ("The castaways fail Jenny in round", "Los náufragos no logran salvar a Jenny"),
}


def summary(s, locale: str = "en") -> str:
    out = E.outcome(s)
    assert out is not None and out.summary is not None
    line = tr(out.summary, locale)
    assert tr(s.events[-1], locale) == line  # the same words close the log
    return line


def test_every_scenario_names_its_own_end_lines_in_the_registry():
    """K0.1: every registered scenario has a line for each result; only Castaways says "rescued"
    when a scenario's win is no rescue."""
    for key, scen in SCENARIOS.items():
        assert set(scen.ends) == {"won", "lost"}
        for result in ("won", "lost"):
            for loc in ("en", "es"):
                assert CATALOG.template("robinson." + scen.ends[result], loc) is not None, (key, result, loc)
    assert SCENARIOS["castaways"].ends == {"won": "outcome.won", "lost": "outcome.lost"}
    assert len({scen.ends["won"] for scen in SCENARIOS.values()}) == len(SCENARIOS)


def test_k6_1_family_robinson_wins_at_the_end_of_a_round_as_a_family_at_home():
    """K6.1, K0.9: the win line is the family's, not Castaways' rescue."""
    s = game(1, 3, scenario="family_robinson")
    s.built += list(s.dealt)
    s.shelter = True
    s.roof = s.palisade = s.weapon = 1
    assert family.check_round_end(s)
    en, es = summary(s), summary(s, "es")
    assert en.startswith(LINES["family_robinson", "won"][0]) and "rescued" not in en
    assert "all nine dealt inventions are built" in en
    assert es.startswith(LINES["family_robinson", "won"][1]) and "los nueve inventos repartidos" in es


def test_k6_4_family_robinson_lost_when_the_children_go_unfed():
    """K6.4, K0.10: the loss line is the family's too."""
    s = game(2, 1, scenario="family_robinson")
    s.round = 7
    s.avail.update({"F": 0, "NF": 0})
    family.children_eat(s)
    assert summary(s) == ("The Robinson family does not survive the island (round 7): "
                          "the children could not be fed.")
    assert summary(s, "es").startswith(LINES["family_robinson", "lost"][1])


def test_k2_1_cursed_island_won_the_curse_is_lifted():
    s = game(2, 1, scenario="cursed_island")
    for sp, tile in zip((2, 6, 11, 1), (1, 3, 9, 10)):
        s.island[sp] = Spot(tile=tile)
    for sp in (7, 2, 6, 11, 1):
        marks.add(s, sp, "cross")
    assert cursed.check_round_end(s)
    assert summary(s) == ("The curse on the island is lifted in round 1: "
                          "crosses stand on 5 different tiles at the end of the round.")
    assert summary(s, "es").startswith(LINES["cursed_island", "won"][1])


def test_k3_1_jenny_dies_and_the_castaways_fail_her():
    """K3.1, K3.4: her 11th wound ends the game in Jenny's own words."""
    s = game(2, 1, scenario="jenny")
    jenny.hurt(s, 11, "raft")
    assert s.result == "lost"
    assert summary(s) == "The castaways fail Jenny in round 1: Jenny died of her wounds."
    assert summary(s, "es") == "Los náufragos no logran salvar a Jenny en la ronda 1: Jenny murió por sus heridas."


@pytest.mark.parametrize("key,result", sorted(LINES))
def test_each_scenario_and_result_reads_its_own_line_in_both_languages(key, result):
    """R96 for each scenario: `end` writes the scenario's line (a character's death too)."""
    s = game(1, 2, scenario=key)
    end(s, result, "death" if result == "lost" else "goal")
    en, es = LINES[key, result]
    assert summary(s).startswith(en) and summary(s, "es").startswith(es)

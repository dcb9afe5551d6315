"""Eclipse victory points as players read them (rules/eclipse/scores.py): every seat's points by source
(E75) in the view, without the face-down reputation tiles' values for the others (E22) until the end;
a seat's breakdown in `/game me` (the notes hook); and the final summary naming how a tie was broken
(E76, with its ruling that players still tied share the rank)."""
from __future__ import annotations

import pytest

from render.eclipse_vp import vp_label

from rules.eclipse import ENGINE as E
from rules.eclipse.board import score_parts, storage_total
from rules.playout import iter_playout, playout_rng
from rules.text import tr

from .test_eclipse_kit import game
from .test_eclipse_ranks import FOUR, _over


def _finished(n: int = 3, seed: int = 5):
    state = E.setup([f"p{i}" for i in range(1, n + 1)], seed)
    for step in iter_playout(E, state, playout_rng(seed)):
        state = step.after
    return state


def _with_reputation():
    """A game under way where p1 holds reputation tiles 3 and 1 and p2 a tile of 4 (E22)."""
    s = game(FOUR)
    s.players["p1"].reputation = [3, 1]
    s.players["p2"].reputation = [4]
    return s


def test_e75_the_view_gives_each_seat_its_points_by_source():
    s = _with_reputation()
    for viewer in (None, "p1", "p3"):
        for p in E.view(s, viewer).players:
            parts = score_parts(s, p.seat)
            if viewer != p.seat:
                parts.pop("reputation")
            assert p.vp == parts, (viewer, p.seat)
    assert sum(E.view(s, "p1").players[0].vp.values()) == sum(score_parts(s, "p1").values())


def test_e22_reputation_values_are_the_owners_until_the_end():
    s = _with_reputation()
    public = {p.seat: p for p in E.view(s, None).players}
    assert "reputation" not in public["p1"].vp and public["p1"].vp_hidden_tiles == 2
    assert public["p2"].vp_hidden_tiles == 1 and public["p3"].vp_hidden_tiles == 0
    own = {p.seat: p for p in E.view(s, "p1").players}
    assert own["p1"].vp["reputation"] == 4 and own["p1"].vp_hidden_tiles == 2  # the count is public, the same in every view
    assert vp_label(own["p1"], "en") == f"{sum(own['p1'].vp.values())} VP"  # the owner sees the values: no "+2 rep."
    assert own["p2"].vp_hidden_tiles == 1  # the others' tiles stay hidden from p1
    s.phase = "over"
    for p in E.view(s, None).players:  # E75: at the end every tile is scored, and shown
        assert p.vp_hidden_tiles == 0 and p.vp == score_parts(s, p.seat)


def test_e75_the_final_view_shows_the_outcomes_scores():
    s = _finished()
    out = E.outcome(s)
    assert {p.seat: sum(p.vp.values()) for p in E.view(s, None).players} == out.scores


@pytest.mark.parametrize("locale", ["en", "es"])
def test_e75_game_me_lists_the_seats_points_by_source(locale):
    s = _with_reputation()
    s.players["p1"].kept_discoveries = ["vp"]
    (heading, lines), = E.notes(s, "p1")
    total = sum(score_parts(s, "p1").values())
    text = [tr(x, locale) for x in lines]
    assert tr(heading, locale) == {"en": f"Your victory points if the game ended now: {total} VP",
                                   "es": f"Tus puntos de victoria si la partida acabara ahora: {total} PV"}[locale]
    assert text[0] == {"en": "Reputation tiles (1 + 3): 4 VP", "es": "Losetas de reputación (1 + 3): 4 PV"}[locale]
    assert {"en": "Discovery tiles kept for VP: 2 VP",
            "es": "Losetas de descubrimiento guardadas por PV: 2 PV"}[locale] in text
    hexes = score_parts(s, "p1")["hexes"]
    assert {"en": f"Hexes with your influence disc: {hexes} VP",
            "es": f"Hexágonos con tu disco de influencia: {hexes} PV"}[locale] in text
    storage = storage_total(s.players["p1"])
    assert text[-2] == {"en": f"Tie-break: {storage} resources in storage (Money + Science + Materials).",
                        "es": f"Desempate: {storage} recursos almacenados (Dinero + Ciencia + Materiales)."}[locale]
    assert text[-1] == {"en": f"The others see {total - 4} VP and 2 face-down reputation tiles.",
                        "es": f"Los demás ven {total - 4} PV y 2 losetas de reputación boca abajo."}[locale]
    assert E.notes(s, None) == []  # the public post shows no one's breakdown: the board has the totals


def test_e48_the_traitor_card_is_a_negative_line():
    s = game(FOUR)
    s.players["p2"].traitor = True
    (_, lines), = E.notes(s, "p2")
    assert "Traitor card: -2 VP" in [tr(x) for x in lines]


def test_e76_the_final_summary_names_the_tie_break():
    """Two tied on 3 VP: the one with more resources in storage wins, and the summary says why."""
    s = _over({"p1": 3, "p2": 3, "p3": 1, "p4": 0}, {"p1": 5, "p2": 7, "p3": 9, "p4": 9})
    out = E.outcome(s)
    assert out.ranks["p2"] == 1 and out.ranks["p1"] == 2
    assert tr(out.summary) == ("p2 wins with 3 VP. p2, p1 tied on 3 VP; the tie is broken by resources in storage "
                               "(Money + Science + Materials): p2 7, p1 5.")
    assert tr(out.summary, "es") == ("p2 gana con 3 PV. p2, p1 empatan a 3 PV; el empate se deshace por los recursos "
                                     "almacenados (Dinero + Ciencia + Materiales): p2 7, p1 5.")


def test_e76_ruling_players_still_tied_are_told_they_share_the_place():
    s = _over({"p1": 3, "p2": 3, "p3": 3, "p4": 1}, {"p1": 6, "p2": 5, "p3": 5, "p4": 9})
    text = tr(E.outcome(s).summary)
    assert text.startswith("p1 wins with 3 VP. p1, p2, p3 tied on 3 VP;")
    assert text.endswith("p1 6, p2 5, p3 5. p2, p3 are still tied and share place 2.")
    s = _over({"p1": 3, "p2": 3, "p3": 2, "p4": 2}, {"p1": 4, "p2": 4, "p3": 1, "p4": 0})
    text = tr(E.outcome(s).summary, "es")  # two ties: the winners' and the 3rd place's, each named
    assert "p1, p2 siguen empatados y comparten el puesto 1." in text
    assert "p3, p4 empatan a 2 PV" in text and "p3 1, p4 0." in text


def test_e76_no_tie_no_tie_break_sentence():
    s = _over({"p1": 4, "p2": 3, "p3": 2, "p4": 1}, {"p1": 0, "p2": 0, "p3": 0, "p4": 0})
    assert tr(E.outcome(s).summary) == "p1 wins with 4 VP."

"""Cursed Island's fog choices (robinson-scenarios.md K2.4, K2.7, K2.8): where the Book's fog goes is
the first player's choice and which fog the Sacred Bell takes off the resolver's, asked one space at a
time as prompts on the decision stack; the sheet's default order is the first answer (E31), which a
timeout takes; a choice only where there is one; replays stay byte for byte."""
from __future__ import annotations

import pytest

from rules.robinson import marks
from rules.robinson.defaults import default_answer
from rules.robinson.effects import apply
from rules.robinson.scenarios import cursed
from rules.robinson.state import Spot

from .robinson_kit import E, IllegalMove, confirm_all, game, play, texts, tr

KEY = "cursed_island"


def cursed_plan(n: int = 2, seed: int = 1):
    s = game(n, seed, scenario=KEY)
    assert s.phase == "plan"
    return s


def test_k2_4_the_first_player_chooses_where_the_books_fog_goes():
    s = cursed_plan()
    s.island[6] = Spot(tile=4)  # an explored tile next to the camp
    apply(s, ["fog:2"], "event:Storm")
    fp = s.seats[s.fp]
    p = s.pending
    assert p is not None and p["kind"] == "fog" and p["seat"] == fp and p["n"] == "2"
    answers = [mid for mid in E.move_ids(s, fp) if mid.startswith("fg:")]
    assert answers[0] == p["default"] == f"fg:{cursed.fog_spaces(s)[0]}"  # K2.4's default first (E31)
    assert {"fg:6", f"fg:{s.camp}"} <= set(answers)  # explored tiles and the camp may take it too
    assert tr(E.prompt(s, fp)) == "Storm: choose where the fog goes (2 fog markers to put)"
    assert tr(next(mv.label for mv in E.legal_moves(s, fp) if mv.id == "fg:6")) == \
        "put the fog on the tile on space 6"
    s = E.apply(s, fp, "fg:6")
    assert marks.spaces_with(s, "fog") == [6] and s.pending["n"] == "1"
    assert "fg:6" not in E.move_ids(s, fp)  # K2.3: at most one fog a space
    s = E.apply(s, fp, f"fg:{s.camp}")
    assert marks.spaces_with(s, "fog") == sorted([6, s.camp]) and s.pending is None


def test_k2_4_the_choice_is_asked_in_spanish_too():
    s = cursed_plan()
    apply(s, ["fog:2"], "event:Storm")
    said = tr(E.prompt(s, s.seats[s.fp]), "es")
    assert "elige dónde va la niebla (2 marcadores de niebla por poner)" in said


def test_k2_4_another_seat_cannot_answer_and_nothing_changes():
    s = cursed_plan()
    apply(s, ["fog:2"], "event:Storm")
    other = next(x for x in s.seats if x != s.seats[s.fp])
    before = E.dump(s)
    with pytest.raises(IllegalMove):
        E.apply(s, other, s.pending["default"])
    assert E.dump(s) == before


def test_k2_4_no_choice_when_the_free_spaces_are_no_more_than_the_fog():
    s = cursed_plan()
    for sp in range(15):
        if sp not in (3, 4):
            marks.add(s, sp, "fog")
    apply(s, ["fog:2"], "event:Storm")
    assert s.pending is None and marks.count(s, 3, "fog") == marks.count(s, 4, "fog") == 1


def test_k2_4_the_timeout_default_is_the_sheets_order():
    s = cursed_plan()
    apply(s, ["fog:2"], "event:Storm")
    fp = s.seats[s.fp]
    first, second = cursed.fog_spaces(s)[:2]
    s = E.apply(s, fp, default_answer(s, fp))
    s = E.apply(s, fp, default_answer(s, fp))
    assert marks.spaces_with(s, "fog") == sorted([first, second])


def bell_ready(seed: int = 1):
    """A 1-player game planning a sure Sacred Bell (2 pawns), fog on 4 spaces, none on the camp."""
    s = cursed_plan(1, seed)
    s.island[6] = Spot(tile=4)  # Hills
    s.built.append("Rope")
    for sp in (0, 12, 2, 11):
        marks.add(s, sp, "fog")
    s = play(s, ("p1", "p:b.inv.SacredBell:cc"))
    return s


def test_k2_7_the_resolver_chooses_which_fog_the_sacred_bell_takes_off():
    s = bell_ready()
    s = confirm_all(s)
    while s.pending is None and s.queue:
        s = E.apply(s, "p1", E.move_ids(s, "p1")[0])
    p = s.pending
    assert p["kind"] == "unfog" and p["seat"] == "p1" and p["n"] == "3"
    assert p["default"] == "uf:2" == f"uf:{cursed.fog_order(s)[0]}"  # K2.7's default: the nearest first
    assert tr(E.prompt(s, "p1")) == "Sacred Bell: choose the fog to take off (3 markers to take)"
    s = play(s, ("p1", "uf:12"), ("p1", "uf:0"), ("p1", "uf:11"))  # the far ones; the nearest stays
    assert marks.spaces_with(s, "fog") == [2] and s.pending is None
    assert "3 fog markers are taken off" in texts(s)


def test_k2_7_a_bell_with_no_more_fog_than_it_takes_asks_nothing():
    s = cursed_plan()
    marks.add(s, 2, "fog")
    cursed.multi_built(s, cursed.BELL, "b.inv.SacredBell")
    assert s.pending is None and marks.spaces_with(s, "fog") == []


def test_k2_4_k2_7_a_game_with_fog_choices_replays_byte_for_byte():
    s = bell_ready(2)
    seats, seed = list(s.seats), s.seed
    log = [("p1", "p:b.inv.SacredBell:cc")]
    s = confirm_all(s)
    log += [("p1", "ok")]
    picks = iter(["uf:12", "uf:11", "uf:0"])
    while s.result is None and s.round == 1:
        seat = E.to_act(s)[0]
        mid = next(picks) if s.pending and s.pending.get("kind") == "unfog" else E.move_ids(s, seat)[0]
        s = E.apply(s, seat, mid)
        log.append((seat, mid))
    assert "uf:12" in [mid for _, mid in log]  # the choice was asked and answered
    again = bell_ready(2)
    again = E.apply(again, "p1", "ok")
    for seat, mid in log[2:]:
        again = E.apply(again, seat, mid)
    assert E.dump(again) == E.dump(s) and seats == again.seats and seed == again.seed

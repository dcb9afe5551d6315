"""What just happened, cut to a few lines: the line that replaces the rest says in words how many there are and
where they are (the image's caption: in the message above it; the message: in `/game log`), never a bare "…"."""
from __future__ import annotations

import pytest

from host.boards import board_inputs, event_lines
from host.tables import Actor, TableService
from storage import open_store
from tools.bench_games import started_game

ACTORS = [Actor(user_id=1, name="Ana"), Actor(user_id=2, name="Bo")]


@pytest.fixture
def table(tmp_path):
    service = TableService(open_store(tmp_path / "g.db"))
    yield started_game(service, "robinson", ACTORS)
    service.store.close()


@pytest.mark.parametrize("locale, more", [("en", "And 3 more lines in the message."),
                                          ("es", "Y 3 líneas más en el mensaje.")])
def test_the_caption_of_robinson_first_post_says_how_many_lines_the_message_holds_besides(table, locale, more):
    events = list(table.state.events)  # the setup, round 1, morale, production, its yield
    assert len(events) == 5
    _, _, caption = board_inputs(table, locale, events)
    told = event_lines(table, events, locale, limit=10)
    assert caption[:3] == told[:2] + [more]
    assert "…" not in caption and caption[3:]  # then whose decision it is
    assert all(line in told for line in caption[:2])


@pytest.mark.parametrize("locale, two, five", [
    ("en", "And 2 more lines: /game log has them all.", "And 5 more lines: /game log has them all."),
    ("es", "Y 2 líneas más: /game log las tiene todas.", "Y 5 líneas más: /game log las tiene todas."),
])
def test_a_long_message_names_the_lines_left_out_and_where_they_are(table, locale, two, five):
    events = list(table.state.events) * 3  # 15 lines; the line saying so takes the place of one more
    lines = event_lines(table, events, locale, limit=14)
    assert len(lines) == 14 and lines[-1] == two and lines[:13] == event_lines(table, events[:13], locale, limit=99)
    assert event_lines(table, events, locale, limit=11)[-1] == five
    assert event_lines(table, events, locale, limit=15) == event_lines(table, events, locale, limit=99)


def test_a_caption_that_fits_is_left_whole(table):
    events = list(table.state.events)[:3]
    _, _, caption = board_inputs(table, "en", events)
    assert caption[:3] == event_lines(table, events, "en")


@pytest.mark.parametrize("locale, line", [("en", "The Cook takes 1 wound, 12 life left."),
                                          ("es", "El Cocinero recibe 1 herida, le quedan 12 de vida.")])
def test_a_line_that_begins_with_a_character_begins_with_a_capital(table, locale, line):
    from rules.text import Msg, msg, tr
    said = msg("robinson.ev.wound", who=Msg(key="robinson.char.Cook"), n=1, left=12)
    assert tr(said, locale) == line[0].lower() + line[1:]  # the catalog names him as in the middle of a sentence
    assert event_lines(table, [said], locale) == [line]


def test_a_line_that_begins_with_a_players_name_keeps_it_as_they_write_it():
    from host.boards import sentence_start
    assert sentence_start("ana: Build the Shelter", ["ana"]) == "ana: Build the Shelter"
    assert sentence_start("ana: Build the Shelter", ["bo"]) == "ana: Build the Shelter"  # a name no seat has now
    assert sentence_start("bob left Flotilla #1: Bot · bob plays their seat") == "bob left Flotilla #1: Bot · bob plays their seat"
    assert sentence_start("the dog of alice", ["the dog"]) == "the dog of alice"  # a player called "the dog"
    assert sentence_start("el Cocinero recibe 1 herida") == "El Cocinero recibe 1 herida"
    assert sentence_start("the Plough reclaims the wasteland on space 6.") == "The Plough reclaims the wasteland on space 6."
    assert sentence_start("") == "" and sentence_start("3 meals eaten: -3 food.") == "3 meals eaten: -3 food."

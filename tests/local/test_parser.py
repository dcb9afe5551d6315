"""Reading typed lines: slash commands as a Discord user types them, and the table's own words."""
from __future__ import annotations

import pytest

from local.parser import BARE, LocalError, ParseError, parse_command, parse_line, parse_options, split_slash


def test_split_slash_separates_the_command_path_from_options():
    assert split_slash("/game new game:wayfinders") == (["game", "new"], "game:wayfinders")
    assert split_slash("  /game   list ") == (["game", "list"], "")
    assert split_slash('/play "fly B3"') == (["play"], '"fly B3"')
    assert split_slash("/play fly B3") == (["play", "fly", "B3"], "")


def test_parse_command_gives_the_path_and_raw_option_strings():
    assert parse_command('/group sub option:value option2:"two words"') == (
        ["group", "sub"], {"option": "value", "option2": "two words"})


def test_split_slash_needs_a_slash_and_a_command():
    with pytest.raises(ParseError):
        split_slash("game new")
    with pytest.raises(ParseError):
        split_slash("/   ")


def test_quoted_values_keep_their_spaces_and_unquoted_values_run_to_the_next_option():
    names = ["game", "options"]
    assert parse_options('game:wayfinders options:"two words"', names) == {
        "game": "wayfinders", "options": "two words"}
    assert parse_options("game:wayfinders options:exploration mix=9/8/7 layout=A1:res01,B1:sco02", names) == {
        "game": "wayfinders", "options": "exploration mix=9/8/7 layout=A1:res01,B1:sco02"}
    assert parse_options("options:'single quoted' game:x", names) == {"options": "single quoted", "game": "x"}
    assert parse_options(r'options:"say \"hi\"" game:x', names) == {"options": 'say "hi"', "game": "x"}


def test_an_apostrophe_inside_a_word_is_just_a_character():
    assert parse_options("text:don't stop times:3", ["text", "times"]) == {"text": "don't stop", "times": "3"}


def test_text_before_any_option_is_bare_and_option_names_are_case_insensitive():
    assert parse_options("fly B3", ["move"]) == {BARE: "fly B3"}
    assert parse_options("place:3", ["move"]) == {BARE: "place:3"}  # not an option name: it is the value
    assert parse_options("MOVE:end", ["move"]) == {"move": "end"}
    assert parse_options("move:", ["move"]) == {"move": ""}


def test_an_option_given_twice_is_an_error():
    with pytest.raises(ParseError, match="twice"):
        parse_options("a:1 a:2", ["a"])


def test_without_known_names_any_word_colon_starts_an_option():
    assert parse_options("a:1 b:two words c:3") == {"a": "1", "b": "two words", "c": "3"}


def test_table_words():
    assert parse_line("/game list").kind == "slash"
    assert parse_line("   ").kind == "empty"
    assert parse_line("quit").kind == "quit"
    assert parse_line("help /game").topic == "/game"
    line = parse_line("as bob")
    assert (line.kind, line.user, line.text) == ("as", "bob", "")
    line = parse_line("as @bob /game join")
    assert (line.user, line.text) == ("bob", "/game join")
    assert parse_line("press 3").n == 3
    assert parse_line("channel #wayfinders-1").channel == "wayfinders-1"
    line = parse_line("complete /play move:fl")
    assert (line.kind, line.text) == ("complete", "/play move:fl")


@pytest.mark.parametrize("text", ["press", "press x", "press 0", "as", "as two words!", "complete play",
                                  "frobnicate", "channel", "press 1234", "press " + "9" * 4400])
def test_bad_table_words_are_clear_errors(text):
    with pytest.raises(LocalError):
        parse_line(text)

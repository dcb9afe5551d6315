"""`/play` takes any unique case-insensitive match of a move's id or label (whole, a prefix, or words),
autocomplete suggests exactly the moves it would take, and refusals quote what the user typed with the
engine's own reason, in the user's language."""
from __future__ import annotations

import pytest

from cogs.completion import filter_moves
from host.move_match import chosen, matching
from host.tables import Actor, Refusal, TableService
from rules import Move
from rules.text import msg, tr
from storage import open_store

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")


def move(move_id: str, text: str) -> Move:
    return Move.of(move_id, msg("core.raw", text=text))


MOVES = [move("fly:C5:BB", "Fly to C5 (island, pay B B)"), move("fly:C4", "Fly to C4 (island, free)"),
         move("build", "Build an airstrip on C3"), move("end", "End flying and building (then the hangars refill)")]


@pytest.mark.parametrize("typed, expected", [
    ("fly C5", "fly:C5:BB"), ("FLY:c4", "fly:C4"), ("End flying", "end"), ("end", "end"), ("bui", "build"),
    ("fly to c4", "fly:C4"), ("airstrip", "build"), ("  End   FLYING  ", "end")])
def test_a_unique_match_of_id_or_label_is_the_move(typed, expected):
    move_, found = chosen(MOVES, typed, "en", {})
    assert move_ is not None and move_.id == expected
    assert [c.value for c in filter_moves(MOVES, typed, "en", {})][0] == expected  # autocomplete agrees


@pytest.mark.parametrize("typed, several", [("fly", 2), ("fly to c", 2), ("c", 3), ("fly:c", 2)])
def test_several_matches_choose_nothing_and_are_the_suggestions(typed, several):
    move_, found = chosen(MOVES, typed, "en", {})
    assert move_ is None and len(found) == several
    assert [c.value for c in filter_moves(MOVES, typed, "en", {})] == [m.id for m in found]


def test_only_the_best_kind_of_match_counts():
    assert [m.id for m in matching(MOVES, "bui", "en", {})] == ["build"]  # not "End flying and building"
    assert [m.id for m in matching(MOVES, "flying", "en", {})] == ["end"]


def test_no_match_and_an_empty_text_choose_nothing():
    assert chosen(MOVES, "swim", "en", {}) == (None, [])
    assert chosen(MOVES, "", "en", {}) == (None, [])
    assert len(matching(MOVES, "", "en", {})) == len(MOVES)  # autocomplete before typing shows them all


def test_an_exact_id_wins_over_longer_ids_it_starts():
    moves = [move("fly:C1", "Fly to C1"), move("fly:C1:B", "Fly to C1 paying B")]
    assert chosen(moves, "fly:c1", "en", {})[0].id == "fly:C1"


@pytest.fixture
def service(tmp_path):
    s = TableService(open_store(tmp_path / "g.db"), clock=lambda: 1000.0, seeds=lambda: 12345)
    yield s
    s.store.close()


def wayfinders(service):
    table = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=50)
    table = service.start(ALICE, service.join(BOB, table))
    first = ALICE if table.seat_of(ALICE.user_id).seat == table.to_act[0] else BOB
    return table, first


def refusal(fn, *args, **kwargs) -> Refusal:
    with pytest.raises(Refusal) as info:
        fn(*args, **kwargs)
    return info.value


def test_W_a_fly_by_words_in_spanish_and_english(service):
    table, first = wayfinders(service)
    table = service.commit_move(first, table, "return").table  # W14: fly and build come next
    seat = table.seat_of(first.user_id).seat
    flights = [m for m in table.engine.legal_moves(table.state, seat) if m.id.startswith("fly:")]
    cells = [m.id.split(":")[1] for m in flights]
    cell = next(c for c in cells if cells.count(c) == 1)
    spanish = tr(next(m for m in flights if m.id.split(":")[1] == cell).text, "es").split(" ")[0]  # "Vuela"
    played = service.commit_move(first, table, f"{spanish.lower()} {cell.lower()}", locale="es")
    assert played.move.id.split(":")[1] == cell


def test_several_matches_are_listed_by_their_labels_not_ids(service):
    table, first = wayfinders(service)
    exc = refusal(service.commit_move, first, table, "place", locale="es")
    assert exc.text.key == "host.refuse.ambiguous_move"
    text = tr(exc.text, "es")
    assert "hangar 1" in text and "place:" not in text and "'place'" in text
    assert service.games.move_count(table.game.id) == 0


def test_W_a_refused_shortcut_quotes_what_was_typed_and_the_engines_reason(service):
    table, first = wayfinders(service)
    typed = "/wayfinders place hangar:99"
    exc = refusal(service.commit_move, first, table, "place:99", typed=typed)
    assert exc.text.key == "host.refuse.illegal_move_why"
    english, spanish = tr(exc.text, "en"), tr(exc.text, "es")
    assert typed in english and "There is no hangar 99" in english and "place:99" not in english
    assert typed in spanish and "99" in spanish and spanish != english


def test_a_refusal_without_the_engines_reason_still_quotes_the_user_not_the_id(service):
    table = service.new_game(ALICE, "robinson", guild_id=1, channel_id=50)
    table = service.start(ALICE, service.join(BOB, table))
    first = ALICE if table.seat_of(ALICE.user_id).seat in table.to_act else BOB
    typed = "/robinson plan action:gather target:2"
    exc = refusal(service.commit_move, first, table, "p:g.2.wood:c", typed=typed)
    text = tr(exc.text, "en")
    assert typed in text and "p:g.2.wood:c" not in text
    assert service.games.move_count(table.game.id) == 0


def test_W_a_reason_that_lists_move_ids_shows_their_labels():
    """W15: a toll that can be paid two ways; the reason names the ways by their words, not their ids."""
    from host.move_refusal import move_refusal
    from rules import GAMES
    from rules.playout import iter_playout, playout_rng
    engine = GAMES["wayfinders"]
    for step in iter_playout(engine, engine.setup(["p1", "p2"], 0), playout_rng(0)):
        ids = [m.id for m in engine.legal_moves(step.before, step.seat)]
        ways = {c: [i for i in ids if i.startswith(f"fly:{c}:")] for c in {i.split(":")[1] for i in ids if i.startswith("fly:")}}
        cell = next((c for c, w in ways.items() if len(w) > 1 and f"fly:{c}" not in ids), None)
        if cell is not None:
            break
    assert cell is not None
    exc = move_refusal(engine, step.before, step.seat, f"/wayfinders fly to:{cell}", f"fly:{cell}")
    assert exc.text.key == "host.refuse.illegal_move_why"
    for locale in ("en", "es"):
        text = tr(exc.text, locale)
        assert f"fly:{cell}:" not in text and text.count(cell) >= 3, text  # typed, and each way's label


PLACES = [move("place:T3:-3,4", "Place tile T3 at -3,4"), move("place:T3:-4,3", "Place tile T3 at -4,3"),
          move("place:T3:4,3", "Place tile T3 at 4,3")]


@pytest.mark.parametrize("typed", ["-4,3", "at -4,3", "T3 at -4,3", "place -4,3"])
def test_F_a_coordinate_is_one_word_with_its_sign_and_order(typed):
    move_, found = chosen(PLACES, typed, "en", {})
    assert move_ is not None and move_.id == "place:T3:-4,3", [m.id for m in found]


def test_a_run_of_whole_words_wins_over_scattered_words():
    moves = [move("a", "Explore the island at 2"), move("b", "Island 2: explore the shore")]
    assert chosen(moves, "explore the island", "en", {})[0].id == "a"
    assert [m.id for m in matching(moves, "island explore", "en", {})] == ["a", "b"]  # scattered: both


def test_a_word_typed_twice_needs_two_and_accents_do_not_matter():
    moves = [move("one", "Cazar: el Cocinero"), move("two", "Cazar: el Cocinero, el Cocinero"),
             move("mix", "Cazar: el Cocinero, el Explorador")]
    assert chosen(moves, "el Cocinero, el Cocinero", "es", {})[0].id == "two"
    assert chosen(moves, "cocinero cocinero", "es", {})[0].id == "two"
    assert chosen(moves, "el cocinéro, el explorador", "es", {})[0].id == "mix"
    assert chosen([move("x", "Explorar la isla volcánica")], "volcanica", "es", {})[0].id == "x"


def test_several_matches_are_listed_in_the_refusal():
    from host.move_refusal import move_refusal
    from rules import GAMES
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 0)
    exc = move_refusal(engine, state, "p1", "Tx", matches=PLACES)
    text = tr(exc.text, "en")
    assert exc.text.key == "host.refuse.ambiguous_move"
    assert all(label in text for label in ("at -3,4", "at -4,3", "at 4,3")), text

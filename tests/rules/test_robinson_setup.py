"""Set-up R1-R15, S1, S8 and the component data (§3)."""
from __future__ import annotations

import pytest

from rules.robinson.data import EVENTS, INVENTIONS, POOL_INVENTIONS, START_INVENTIONS, TILES
from tests.rules.robinson_kit import E, game


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_r1_r3_one_character_per_seat_with_clean_tracks(n):
    s = game(n)
    assert len(s.seat_char) == n and len(set(s.seat_char.values())) == n
    solo = int(n == 1)  # R22: solo Morale +1 in round 1's Morale phase, then +1 D (R23)
    for c in s.seat_char.values():
        ch = s.chars[c]
        assert (ch.wounds, ch.det) == (0, solo)  # R3
    assert (s.morale, s.weapon, s.roof, s.palisade, s.shelter) == (solo, 0, 0, 0, False)  # R4


def test_r2_one_and_two_players_never_get_the_soldier():
    for seed in range(30):
        for n in (1, 2):
            assert "Soldier" not in game(n, seed).seat_char.values()
    assert any("Soldier" in game(3, seed).seat_char.values() for seed in range(10))


def test_r5_nine_starting_and_five_pool_inventions_on_the_board():
    s = game(2, 3)
    assert s.inv_board[:9] == list(START_INVENTIONS)
    assert len(s.inv_board) == 14 and all(x in POOL_INVENTIONS for x in s.inv_board[9:])
    assert sorted(s.inv_board[9:] + s.inv_deck) == sorted(POOL_INVENTIONS)


def test_r7_tile_8_beach_on_space_7_with_the_camp():
    s = game(2)
    assert s.camp == 7 and s.island[7].tile == 8 and TILES[8].terrain == "Beach"
    assert sorted(s.island_stack) == [t for t in range(1, 12) if t != 8]


def test_r8_two_starting_items_with_two_uses():
    s = game(3)
    assert len(s.items) == 2 and set(s.items.values()) == {2} and len(s.unused_items) == 6


def test_r10_s1_event_deck_six_book_six_adventure():
    s = game(2, 5)
    icons = [EVENTS[c.partition(":")[2]].icon for c in s.event_deck]
    assert len(icons) == 12 and icons.count("book") == 6
    easy = game(2, 5, difficulty="easy")
    assert [EVENTS[c[6:]].icon for c in easy.event_deck].count("book") == 4


def test_r11_food_crates_in_the_right_threat_space():
    assert game(2).threat == [None, "wreck:Food Crates"]
    assert game(2, 1, random_wreckage=True).threat[1].startswith("wreck:")


def test_r14_r15_friday_and_the_dog():
    solo, duo, trio = game(1), game(2), game(3)
    assert "Friday" in solo.chars and solo.dog  # R15
    assert "Friday" in duo.chars and not duo.dog  # R14
    assert game(2, 1, dog_with_two=True).dog
    assert "Friday" not in trio.chars and not trio.dog


def test_r18_round_one_has_no_event_phase():
    s = game(2)
    assert s.round == 1 and s.phase in ("wood", "plan") and len(s.event_deck) == 12


def test_data_tables_match_the_sheet():
    assert len(EVENTS) == 73 and len(TILES) == 11
    assert INVENTIONS["Mast"].cost == {"W": 1, "Fur": 1}  # S4
    assert E.min_players == 1 and E.max_players == 4 and E.key == "robinson"


def test_every_effect_code_in_the_data_is_known_to_the_interpreter():
    from rules.robinson.effects import OPS

    def codes(seq):
        for c in seq:
            if isinstance(c, dict):
                for alt in c["or"]:
                    yield from codes(alt)
            else:
                yield c
    for e in EVENTS.values():
        for c in codes(e.draw + e.reward + e.slide):
            assert c.partition(":")[0] in OPS, (e.name, c)
    for inv in INVENTIONS.values():
        for c in inv.effect:
            assert c.partition(":")[0] in OPS, (inv.name, c)


def test_r2_e31_choose_characters_asks_each_seat_in_seat_order_before_round_one():
    s = game(3, 4, choose_characters=True)
    assert s.phase == "setup" and s.seat_char == {} and E.to_act(s) == ["p1"]
    assert [m.id for m in E.legal_moves(s, "p1")] == ["ch:Carpenter", "ch:Cook", "ch:Explorer", "ch:Soldier",
                                                       "ch:random"]
    assert E.legal_moves(s, "p2") == []  # not p2's turn yet
    s = E.apply(s, "p1", "ch:Soldier")
    assert E.to_act(s) == ["p2"] and "ch:Soldier" not in [m.id for m in E.legal_moves(s, "p2")]
    s = E.apply(s, "p2", "ch:Cook")
    assert s.phase == "setup" and E.to_act(s) == ["p3"]
    s = E.apply(s, "p3", "ch:Explorer")
    assert s.seat_char == {"p1": "Soldier", "p2": "Cook", "p3": "Explorer"}
    assert list(s.chars) == ["Soldier", "Cook", "Explorer"] and s.round == 1 and s.phase in ("wood", "plan")
    assert "Carpenter" not in s.chars  # R2: the unused character goes back to the box
    assert "Snare" not in [i["name"] for i in E.view(s).inventions]  # with its personal invention


def test_r2_choosing_keeps_the_two_player_pool_and_friday():
    s = game(2, 1, choose_characters=True)
    assert "ch:Soldier" not in [m.id for m in E.legal_moves(s, "p1")]  # R2: 1-2 players
    s = E.apply(s, "p1", "ch:Explorer")
    s = E.apply(s, "p2", "ch:Cook")
    assert list(s.chars) == ["Explorer", "Cook", "Friday"]  # R14


def test_e31_the_random_pick_is_a_barrier_drawn_from_the_characters_left():
    picks = set()
    for seed in range(12):
        s = game(1, seed, choose_characters=True)
        mv = {m.id: m for m in E.legal_moves(s, "p1")}
        assert mv["ch:random"].barrier  # it draws from the game's RNG (undo stops there)
        s = E.apply(s, "p1", "ch:random")
        assert s.phase != "setup" and s.seat_char["p1"] in ("Carpenter", "Cook", "Explorer")
        picks.add(s.seat_char["p1"])
    assert len(picks) > 1


def test_r2_choose_characters_is_an_option_of_the_engine():
    assert E.parse_options({"choose_characters": True}).choose_characters
    assert game(2, 1).phase != "setup"  # default: dealt at random

"""Cannibal Island's discovery tokens (robinson-scenarios.md K5.8, PROPOSED): War Paint replaces the
Medallion (+2 determination to one character), Lamp Oil replaces the Oil (+2 Weapon for one burning's
fight, never a Hunt's); Castaway Herbs and the Pirate Sabre stay for the sheet's Herbs and Cannibal Spear."""
from __future__ import annotations

from rules.robinson import marks
from rules.robinson.data import SCENARIOS as BLOCKS
from rules.robinson.state import Spot

from .robinson_kit import E, every, game, ids, rest_the_rest, texts
from .test_robinson_scenario_tokens import fox_hunt

KEY = "cannibal_island"


def test_k5_8_the_deck_holds_war_paint_and_lamp_oil_instead_of_the_medallion_and_the_oil():
    for seed in (1, 2):
        stack = set(game(2, seed, scenario=KEY).disc_stack)
        assert {"War Paint", "Lamp Oil", "Castaway Herbs", "Pirate Sabre"} <= stack
        assert not {"Medallion", "Oil"} & stack
    assert len(game(2, 1, scenario=KEY).disc_stack) == len(game(2, 1).disc_stack)
    assert "PROPOSED" in BLOCKS[KEY]["discovery_note"]


def test_k5_8_war_paint_gives_one_character_2_determination_and_goes():
    s = game(1, 1, scenario=KEY)
    s.tokens = ["War Paint"]
    who = s.seat_char["p1"]
    before = s.chars[who].det
    assert f"tk:War_Paint:{who}" in every(s, "p1")
    s = E.apply(s, "p1", f"tk:War_Paint:{who}")
    assert s.chars[who].det == before + 2 and s.tokens == []
    assert "War Paint" in texts(s)


def test_k5_8_lamp_oil_is_not_offered_with_a_hunts_fight():
    s = fox_hunt(KEY, "Lamp Oil")
    assert "go:tk.Lamp_Oil" not in ids(s, "p1") and "go" in ids(s, "p1")


def test_k5_8_lamp_oil_gives_2_weapon_in_a_burning_and_goes():
    def burning(tokens):
        s = game(2, 1, scenario=KEY)
        s.island[6] = Spot(tile=6)  # a totem tile with a village: strength 5
        marks.add(s, 6, "village")
        s.weapon = 1
        s.tokens = list(tokens)
        fp = s.seats[s.fp]
        who = s.seat_char[fp]
        s.chars[who].wounds = 0
        s = rest_the_rest(E.apply(s, fp, "p:h.burn.6:cf"))
        while not (s.queue and s.queue[0].target == "h.burn.6" and "go" in ids(s, E.to_act(s)[0])):
            seat = E.to_act(s)[0]
            s = E.apply(s, seat, every(s, seat)[0])
        return s, who
    s, who = burning(["Lamp Oil"])
    seat = E.to_act(s)[0]
    assert "go:tk.Lamp_Oil" in ids(s, seat)
    s = E.apply(s, seat, "go:tk.Lamp_Oil")
    assert "Lamp Oil" not in s.tokens and s.chars[who].wounds == 2  # strength 5 against Weapon 1 + 2
    bare, who = burning([])
    bare = E.apply(bare, E.to_act(bare)[0], "go")
    assert bare.chars[who].wounds == 4

"""The things in play explained in words (rules/robinson/notes.py): threat cards from their own
effect codes (R91; what dealing with them needs and gives, R47-R49; what sliding off does, R20), the items
(R8, R87, §3.7, §3.12), discovery tokens (§3.8, S6) and a character's abilities with their cost (R83,
§3.10), in English and Spanish, every one of them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.robinson import effects
from rules.robinson.data import ABILITIES, DISCOVERY, EVENTS, INVENTIONS, START_ITEMS, WRECKAGE
from rules.robinson.notes import code_words, codes_words, invention_line, item_line, notes, threat_line, token_line
from rules.text import tr
from tests.rules.robinson_kit import E, game

LOCALES = ("en", "es")
ADVENTURES = json.loads((Path(__file__).parents[2] / "rules/robinson/data/adventures.json").read_text())
KEPT = sorted({c.split(":")[1] for deck in ADVENTURES.values() if isinstance(deck, list) for card in deck
               for c in json.dumps(card).split('"') if c.startswith("keep:")})


def clean(s: str) -> bool:
    """Translated text: no catalog key, no placeholder, no rule number."""
    return "robinson." not in s and "{" not in s and "R91" not in s and s.strip() != ""


@pytest.mark.parametrize("locale", LOCALES)
def test_r20_r47_every_threat_card_is_told_in_words(locale):
    for name in EVENTS:
        text = tr(threat_line("event:" + name), locale)
        assert clean(text), text
    for name in WRECKAGE:  # R49: one pawn or two
        assert clean(tr(threat_line("wreck:" + name), locale))


def test_r91_the_words_follow_the_codes_the_engine_runs():
    """Bear (§3.9) slides off: Morale -1 and every character -1 determination; the words say the same numbers."""
    bear = EVENTS["Bear"]
    said = tr(codes_words(bear.slide))
    assert "Morale goes down by 1" in said and "every character loses 1 determination" in said
    s = game(2)
    for c in s.chars.values():
        c.det = 3
    before = s.morale
    effects.apply(s, bear.slide, "event:Bear")
    assert s.morale == before - 1 and all(s.chars[c].det == 2 for c in s.seat_char.values())
    crates = WRECKAGE["Food Crates"]  # R49: 1 pawn +1 food; 2 pawns +1 food and +1 non-perishable
    text = tr(threat_line("wreck:Food Crates"))
    assert "1 pawn for +1 food" in text and "2 pawns for +1 food, +1 non-perishable food" in text
    assert [tr(code_words(c)) for c in crates["large"]] == ["+1 food", "+1 non-perishable food"]
    s = game(2)
    s.phase = "plan"
    food, nf = s.avail["F"], s.avail["NF"]
    effects.apply(s, crates["large"], "wreck:Food Crates")
    assert (s.avail["F"], s.avail["NF"]) == (food + 1, nf + 1)


def test_r47_what_dealing_with_a_threat_needs():
    text = tr(threat_line("event:High Water"))  # 2 pawns, 1 wood unless the Shovel is built
    assert "2 pawns" in text and "pay 1 wood (free with Shovel)" in text
    assert "Weapon 3 or more" in tr(threat_line("event:Night Attack"))
    assert "needs the Shovel" in tr(threat_line("event:Bear"))
    assert "1 pawn, needs la" not in tr(threat_line("event:Bear"), "es") and "requiere Pala" in tr(
        threat_line("event:Bear"), "es")
    assert tr(code_words({"or": [["flip:1"], ["wnd:1:All"]]})) == \
        "one of: 1 built invention is lost / 1 wound to every character"


@pytest.mark.parametrize("locale", LOCALES)
def test_r8_r87_every_item_and_token_says_what_it_does(locale):
    for item in list(START_ITEMS) + KEPT:
        assert clean(tr(item_line(item, 2), locale)) and clean(tr(item_line(item, 99), locale))
    for tok in DISCOVERY:
        assert clean(tr(token_line(tok, 1), locale))
    assert "Storm Glass (2 uses left): look at the top event card" in tr(item_line("Storm Glass", 2))
    assert "Barómetro (1 uso): mira la carta de evento de arriba" in tr(item_line("Storm Glass", 1), "es")


def test_the_public_notes_list_the_threats_items_and_tokens_in_play():
    s = game(2)
    s.threat = ["event:Bear", "wreck:Food Crates"]
    s.items = {"Storm Glass": 2, "Sabre": 99}
    s.tokens = ["Goat", "Goat", "Oil"]
    sections = {tr(h): [tr(x) for x in lines] for h, lines in notes(s, None)}
    assert [x.split(".")[0] for x in sections["Threats in play"]] == ["Bear", "Food Crates"]
    assert sections["Items the group holds"][1].startswith("Sabre (kept): in a Hunt")
    assert sections["Discovery tokens the group holds"] == [
        "Goat ×2: with Weapon 1 or more, 1 food and 1 fur (not while actions are being carried out)",
        "Oil ×1: 2 wood straight onto the woodpile's current stage"]
    assert E.notes(s, None) == notes(s, None) and E.offers("notes")


@pytest.mark.parametrize("locale", LOCALES)
def test_r83_me_shows_the_seats_character_and_each_ability_with_its_cost(locale):
    s = game(2)
    seat = s.seats[0]
    who = s.seat_char[seat]
    s.chars[who].det = 2
    sections = [(tr(h, locale), [tr(x, locale) for x in lines]) for h, lines in notes(s, seat)]
    heads = [h for h, _ in sections]
    assert heads[:2] == {"en": ["Your character", "Your abilities (once per round each)"],
                         "es": ["Tu personaje", "Tus habilidades (cada una, una vez por ronda)"]}[locale]
    mine = [k for k, a in ABILITIES.items() if a.owner == who]
    lines = sections[1][1]
    assert len(lines) == len(mine) == 4
    unit = {"en": "determination", "es": "de determinación"}[locale]
    for ab, line in zip(mine, lines):
        assert f", {ABILITIES[ab].cost} {unit}: " in line and clean(line)
        ready = {"en": "(available)", "es": "(disponible)"}[locale]
        assert line.endswith(ready) == (ABILITIES[ab].cost <= 2)  # R83: paid from the character's determination
    assert sections[0][1][0].startswith({"en": "the ", "es": "el "}[locale])  # the character by name


def test_every_ability_has_words_in_both_languages():
    s = game(4)  # four seats: the four characters (R2)
    told = set()
    for seat in s.seats:
        for _, lines in notes(s, seat):
            for x in lines:
                assert clean(tr(x, "en")) and clean(tr(x, "es"))
                told |= {k for k in ABILITIES if x.args.get("name") and x.args["name"].key.endswith("." + k)}
    assert told == set(ABILITIES)


@pytest.mark.parametrize("locale", LOCALES)
def test_r59_every_built_invention_says_what_it_gives(locale):
    for name in INVENTIONS:
        assert clean(tr(invention_line(name), locale)), name
    assert tr(invention_line("Bow")) == "Bow: Weapon +3"  # from its code trk:wpn:3 (§3.6)
    s = game(2)
    s.built = ["Shovel", "Knife"]
    sections = {tr(h, locale): [tr(x, locale) for x in lines] for h, lines in notes(s, None)}
    head = {"en": "Inventions built", "es": "Inventos construidos"}[locale]
    assert len(sections[head]) == 2 and sections[head][1].endswith(tr(code_words("trk:wpn:1"), locale))


@pytest.mark.parametrize("locale", LOCALES)
def test_s5_the_fire_names_the_woodpile_goal_only_in_castaways(locale):
    """S5: in Castaways the Fire is half of the goal (with the woodpile), and its note says so; the other
    scenarios have no woodpile (K0.2), so there the Fire's note is its Palisade +1 alone."""
    woodpile = {"en": "woodpile", "es": "pila de leña"}[locale]
    for scenario, named in (("castaways", True), ("jenny", False), ("cursed_island", False),
                            ("cannibal_island", False), ("family_robinson", False)):
        s = game(1, scenario=scenario)
        s.built = ["Fire"]
        lines = [tr(x, locale) for h, xs in notes(s, None) for x in xs
                 if tr(h, locale) == {"en": "Inventions built", "es": "Inventos construidos"}[locale]]
        assert len(lines) == 1 and (woodpile in lines[0]) == named, (scenario, lines)
        assert lines[0].endswith(tr(code_words("trk:pal:1"), locale)) or named

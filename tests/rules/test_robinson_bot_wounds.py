"""What a wound costs the co-operative bot late in the game (rules/robinson/bot/harm.py `hurt`): life the rounds
still to play will not take is worth less and less (S1: Castaways ends after round 12's Night, R96), so a
character with most of its life left near the end pays less for a wound, while a wound that kills stays a lost
game (R76)."""
from __future__ import annotations

from rules.robinson.bot.harm import DEATH, MORALE_PHASES, SPARE_FLOOR, WEAR, hurt, morale_cost, spare_share
from rules.robinson.data import CHARACTERS

from .robinson_kit import planning


def solo(rnd: int, wounds: int):
    s = planning(1, 1)
    s.round = rnd
    who = s.seat_char[s.seats[0]]
    s.chars[who].wounds = wounds
    return s, who


def test_s1_r96_a_wound_to_a_healthy_character_costs_less_as_the_last_round_nears():
    early, who = solo(3, 0)
    late, _ = solo(11, 0)
    # (the character drawn has 13 life: the Carpenter, R3)
    assert CHARACTERS[who].life == 13
    # round 3: 10 rounds to play at 1.5 wounds a round and 2 more need 17 life, more than the 13 left: full price
    assert spare_share(early, 13) == 1.0
    # round 11: 2 rounds need 1.5 x 2 + 2 = 5 of the 13 left
    assert abs(spare_share(late, 13) - (WEAR * 2 + 2) / 13) < 1e-9
    assert hurt(late, who, 1) < 0.5 * hurt(early, who, 1)


def test_r76_a_wound_that_kills_still_costs_the_game_however_late():
    s, who = solo(12, 0)
    s.chars[who].wounds = CHARACTERS[who].life - 1  # one wound from death (R76)
    assert spare_share(s, 1) == 1.0  # nothing to spare
    assert hurt(s, who, 1) >= DEATH


def test_the_share_never_falls_below_its_floor():
    s, _ = solo(12, 0)
    assert spare_share(s, 40) == SPARE_FLOOR


def test_r23_r24_a_lost_morale_level_weighs_on_every_phase_left_with_two_castaways_and_four_otherwise():
    """R23/R24: a Morale level lost costs the First Player determination (or a discard) in each Morale phase
    after it.  In Castaways (S1: 12 rounds) and Cursed Island (S2: 10 rounds) with two characters the bot prices it
    over every phase left, solo over the next `MORALE_PHASES`, as in the other scenarios (Cannibal Island, 9
    rounds); at +3 a level is worth 0.25 a phase, below +3 0.3."""
    one, two = planning(1, 1), planning(2, 1)
    cannibal, cursed, cursed_solo = planning(2, 1), planning(2, 1), planning(1, 1)
    cannibal.options = cannibal.options.model_copy(update={"scenario": "cannibal_island"})
    for s in (cursed, cursed_solo):
        s.options = s.options.model_copy(update={"scenario": "cursed_island"})
    for s in (one, two, cannibal, cursed, cursed_solo):
        s.round = 3
    assert MORALE_PHASES == 4
    assert abs(morale_cost(one, 3) - (0.2 + 0.25 * 4)) < 1e-9
    assert abs(morale_cost(two, 3) - (0.2 + 0.25 * 9)) < 1e-9  # rounds 4-12
    assert abs(morale_cost(two, 1) - (0.2 + 0.3 * 9)) < 1e-9
    assert abs(morale_cost(cursed, 3) - (0.2 + 0.25 * 7)) < 1e-9  # rounds 4-10
    assert abs(morale_cost(cannibal, 3) - (0.2 + 0.25 * 4)) < 1e-9  # the next four of rounds 4-9
    assert abs(morale_cost(cursed_solo, 3) - (0.2 + 0.25 * 4)) < 1e-9
    two.round = 11  # one phase left: both tables alike
    one.round = 11
    assert morale_cost(one, 3) == morale_cost(two, 3) == 0.2 + 0.25

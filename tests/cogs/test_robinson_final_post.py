"""A finished Robinson game's final post says first why it ended, in the reader's language (R76,
R96: a character died, and of what; R72/R96: round 12's Night passed without the goal; S5: the Fire lit
with the woodpile complete from round 10), and no cut of a long narration can lose that line."""
from __future__ import annotations

import pytest

from cogs.posts import build_turn_post
from host.boards import board_inputs, headline
from host.tables import Actor, TableService
from local.limits import problems
from rules.playout import play_random
from rules.robinson import combat, phases
from rules.robinson.tallies import lose_det
from rules.text import msg
from storage import open_store
from tests.rules.robinson_kit import game

WHO = {"en": {"Cook": "the Cook", "Carpenter": "the Carpenter", "Explorer": "the Explorer", "Soldier": "the Soldier"},
       "es": {"Cook": "el Cocinero", "Carpenter": "el Carpintero", "Explorer": "el Explorador",
              "Soldier": "el Soldado"}}
DIED = {"en": {"hunger": "{who} starved to death", "beast": "{who} was killed by a wild beast",
               "weather": "{who} died of the bad weather", "cold": "{who} died of cold, sleeping without a shelter",
               "despair": "{who} died of exhaustion", "wounds": "{who} died of their wounds"},
        "es": {"hunger": "{who} murió de hambre", "beast": "{who} murió por el ataque de una fiera",
               "weather": "{who} murió por el mal tiempo", "cold": "{who} murió de frío, durmiendo sin refugio",
               "despair": "{who} murió de agotamiento", "wounds": "{who} murió de sus heridas"}}
LOST = {"en": "Everyone loses in round {round}: ", "es": "Todos pierden en la ronda {round}: "}


@pytest.fixture
def service(tmp_path):
    service = TableService(open_store(str(tmp_path / "g.db")))
    yield service
    service.store.close()


def table_of(service: TableService, n: int):
    actors = [Actor(user_id=100 + i, name=f"player{i}", guild_id=1) for i in range(n)]
    table = service.new_game(actors[0], "robinson", guild_id=1, channel_id=5)
    for a in actors[1:]:
        table = service.join(a, table)
    return service.start(actors[0], table)


def first_line(table, state, locale: str, events=None) -> tuple[str, dict]:
    table.state = state
    table.game.status = "finished"
    post = build_turn_post(table, locale, state.events if events is None else events, b"")
    data = post.embed.to_dict()
    assert problems({"embeds": [data]}) == []
    lines = data["description"].split("\n")
    why = lines[0].partition(": ")[2].rstrip(".")
    assert sum(why in line for line in lines) == 1, lines  # the end's account is told once, first
    return lines[0], data


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r76_r96_the_final_post_names_who_died_and_of_what_first(service, locale):
    causes = set()
    for n in (1, 2, 3, 4):
        table = table_of(service, n)
        for seed in range(3):
            final, _ = play_random(table.engine, [s.seat for s in table.seats], seed)
            assert final.result == "lost" and final.end_reason == "death"  # random play dies before round 12
            who, _, cause = final.end_cause.partition(":")
            assert final.chars[who].dead and who != "Friday"  # R85: Friday's death ends nothing
            causes.add(cause)
            line, _ = first_line(table, final, locale)
            assert line.startswith(LOST[locale].format(round=final.round))
            assert DIED[locale][cause].format(who=WHO[locale][who]) in line
            assert "robinson." not in line and "R76" not in line
    assert len(causes) >= 3  # the cause follows the game, not one fixed text


@pytest.mark.parametrize("locale", ["en", "es"])
def test_the_cause_stays_first_however_long_the_narration(service, locale):
    table = table_of(service, 2)
    final, _ = play_random(table.engine, [s.seat for s in table.seats], 5)
    who, _, cause = final.end_cause.partition(":")
    long = [msg("host.post.coop_won")] * 40 + list(final.events)  # the death comes last, after 40 lines
    line, data = first_line(table, final, locale, long)
    assert DIED[locale][cause].format(who=WHO[locale][who]) in line
    assert len(data["description"]) <= 4096


def cause_of(s) -> tuple[str, str]:
    return tuple(s.end_cause.partition(":")[::2])  # type: ignore[return-value]


def test_r72_a_hungry_character_at_two_life_starves():
    s = game(2)
    who = s.seat_char[s.seats[0]]
    s.chars[who].wounds = s.chars[who].wounds + 11 if who != "Explorer" else 10  # 2 life left
    s.phase = "night"
    s.avail.update(F=0, NF=0)
    phases.night_phase(s)
    assert s.result == "lost" and cause_of(s) == (who, "hunger")


def test_r51_a_beast_stronger_than_the_weapon_kills():
    s = game(2)
    who = s.seat_char[s.seats[0]]
    s.phase, s.weapon = "resolve", 0
    combat.fight(s, who, 20, 0, 0, 0, name="Bear")
    assert s.result == "lost" and cause_of(s) == (who, "beast")


def test_r72_no_shelter_at_night_with_one_life_left_is_death_by_cold():
    s = game(2)
    who = s.seat_char[s.seats[0]]
    s.chars[who].wounds = 12 if who != "Explorer" else 11
    s.shelter = False
    phases.night_rest(s)
    assert s.result == "lost" and cause_of(s) == (who, "cold")


def test_r67_r70_wood_the_clouds_demand_and_no_wood_is_death_by_weather():
    s = game(2)
    for c in s.chars.values():
        c.wounds = 0
    who = s.seat_char[s.seats[s.fp]]
    s.chars[who].wounds = 12 if who != "Explorer" else 11
    s.phase, s.roof = "weather", 0
    s.avail.update(W=0, F=0, NF=0)
    phases.weather_effects(s, [], {})  # nothing rolled, no token: no harm
    assert s.result is None
    s.weather_tokens = ["snow"]  # a snow token: one snow cloud (R68), wood the group lacks
    phases.weather_effects(s, [], {})
    assert s.result == "lost" and cause_of(s)[1] == "weather"


def test_r24_determination_owed_and_not_held_kills_by_exhaustion():
    s = game(2)
    who = s.seat_char[s.seats[0]]
    s.chars[who].det = 0
    s.chars[who].wounds = 12 if who != "Explorer" else 11
    s.phase = "morale"
    lose_det(s, who, 1)
    assert s.result == "lost" and cause_of(s) == (who, "despair")


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r72_r96_round_twelve_over_without_the_goal_is_said_first(service, locale):
    table = table_of(service, 2)
    s = game(2, 4)
    s.seats = [x.seat for x in table.seats]
    s.round, s.shelter, s.roof = 12, True, 3
    s.avail.update(F=6, W=2)
    phases.night_rest(s)
    assert s.result == "lost" and s.end_reason == "time"
    line, _ = first_line(table, s, locale)
    assert line == {"en": "Everyone loses in round 12: the last round (12) ended before the Fire was lit with the "
                          "woodpile complete.",
                    "es": "Todos pierden en la ronda 12: terminó la última ronda (12) sin encender el Fuego con la "
                          "pila de leña completa."}[locale]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_s5_the_win_is_said_first_with_the_round_of_the_rescue(service, locale):
    table = table_of(service, 2)
    s = game(2, 4)
    s.seats = [x.seat for x in table.seats]
    s.round, s.phase = 9, "night"
    s.built = ["Fire"]
    s.shelter, s.roof = True, 3
    s.avail.update(F=6, W=2)
    s.pile = [1, 2, 3, 4, 5]
    phases.night_phase(s)  # E19: the pile and the Fire done in round 9 win as round 10 starts
    assert s.result == "won" and s.round == 10
    line, _ = first_line(table, s, locale)
    assert line == {"en": "Everyone is rescued in round 10: the Fire is lit and the woodpile is complete.",
                    "es": "Todos son rescatados en la ronda 10: el Fuego está encendido y la pila de leña "
                          "completa."}[locale]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r96_the_final_boards_caption_starts_with_the_cause_too(service, locale):
    """The image keeps only its first caption lines (render/robinson.py): the end's account goes first."""
    table = table_of(service, 3)
    final, _ = play_random(table.engine, [s.seat for s in table.seats], 2)
    line, _ = first_line(table, final, locale)
    _, _, caption = board_inputs(table, locale, list(final.events))
    assert caption[0] == line and headline(table, locale) == [line]
    who, _, cause = final.end_cause.partition(":")
    assert DIED[locale][cause].format(who=WHO[locale][who]) in caption[0]

"""No line narrated twice: one move's narration never tells one fact twice, and two facts of one
move never read alike.  What went twice: a failed action's 2 determination (R41), a night's food and its
meals (R72), the book icon and the book effect of one event card (R20, S6), the uses of one brown-pawn
source (R32), alike discovery tokens (R62, R45), the weather's payments and drops (R67-R70), the
Roof/Palisade raises lost without a Shelter (R60), two items' determination in the Morale phase (R25)."""
from __future__ import annotations

from rules.bots import choose
from rules.playout import iter_playout, playout_rng
from rules.robinson import phases
from rules.robinson.effects import arrive, draw_discovery, track
from rules.robinson.resolve import _explore, begin
from rules.robinson.state import Spot
from rules.text import tr
from tests.rules.robinson_kit import E, game, planning, texts

# Lines that announce what the lines after them come from: a phase, a round, an event card, an adventure, a
# threat card sliding off, discovery tokens drawn.  A line may come again after one of these (a second event
# card's own "Morale is now 2."), never twice under the same one.
ANNOUNCING = {"robinson.ev.phase", "robinson.ev.round", "robinson.ev.draw", "robinson.ev.adventure",
              "robinson.ev.slide", "robinson.ev.disc"}


def repeated(state) -> list[str]:
    """The lines of this move's narration told twice under the same announcement, in English and Spanish."""
    out = []
    for locale in ("en", "es"):
        seen: set[str] = set()
        for event in state.events:
            line = tr(event, locale)
            if event.key in ANNOUNCING:
                seen = set()
            elif line in seen:
                out.append(line)
            seen.add(line)
    return out


def test_no_line_twice_in_one_moves_narration_in_random_games():
    moves = 0
    for n in (1, 2, 3, 4):
        for seed in range(12):
            state = E.setup([f"p{i + 1}" for i in range(n)], seed)
            for step in iter_playout(E, state, playout_rng(seed)):
                moves += 1
                assert not repeated(step.after), (n, seed, step.index, step.move.id, texts(step.after))
    assert moves > 3000


def test_no_line_twice_in_games_of_bot_seats():
    for n in (1, 2, 4):
        for seed in range(2):
            s = E.setup([f"p{i + 1}" for i in range(n)], seed)
            for i in range(1500):
                if not E.to_act(s):
                    break
                seat = E.to_act(s)[0]
                move = choose(E, s, seat, "greedy", seed=seed * 7919 + i)
                s = E.apply(s, seat, move.id)
                assert not repeated(s), (n, seed, i, move.id, texts(s))


def test_r41_a_failed_action_tells_its_determination_once():
    s = E.apply(planning(2), "p1", "p:x.2:c")
    st = s.plan[0]
    st.faces = ["blank", "fail", "blank"]
    s.events = []
    det = s.chars[st.pawns[0]].det
    _explore(s, st, "")
    assert s.chars[st.pawns[0]].det == det + 2
    assert [tr(e) for e in s.events] == [f"the {st.pawns[0]} fails and gains 2 determination."]


def test_r72_the_meals_line_tells_the_food():
    s = game(2)
    s.phase = "night"
    s.avail = {"F": 5, "NF": 0, "W": 0, "Fur": 0}
    s.events = []
    phases.night_eat(s, [])
    lines = texts(s).split("\n")
    assert lines[0] == "2 meals eaten: -2 food." and "-2 food." not in lines
    assert "3 food spoils." in lines  # 5 - 2 eaten (R72)


def test_r20_s6_the_book_icon_and_the_book_effect_are_two_lines():
    from rules.robinson.events import resolve_event
    s = game(2)
    s.events = []
    resolve_event(s, "event:The Island Fights Back")
    lines = [tr(e) for e in s.events]
    assert lines[0] == "Book icon: no effect in Castaways."
    assert "The Island Fights Back: its effect is the book effect, nothing in Castaways." in lines
    assert not repeated(s)


def test_r32_two_uses_of_one_brown_pawn_source_are_one_line():
    s = planning(2)
    fp = s.seats[s.fp]
    s.items, s.built = {"Hammer": 2}, []
    s = E.apply(s, fp, "p:b.wpn:cb")
    s.plan[0].pawns.append("Brown")
    s.plan[0].owners.append(fp)
    s.events = []
    begin(s)
    assert "Hammer is used 2 times." in texts(s) and "Hammer" not in s.items


def test_r62_r45_alike_discovery_tokens_are_told_once():
    s = game(2)
    s.phase = "morale"
    s.disc_stack = ["Nourishing Larvae", "Nourishing Larvae", "Herbs"]
    s.events = []
    food = s.avail["F"]
    draw_discovery(s, 3)
    assert texts(s) == ("Discovery tokens: Nourishing Larvae, Nourishing Larvae, Herbs.\n"
                        "Nourishing Larvae (2): +4 food.")
    assert s.avail["F"] == food + 4 and s.tokens.count("Herbs") == 1
    s.events = []
    arrive(s, ["Thorny Bushes", "Thorny Bushes"])
    assert texts(s) == "No Shelter: the Palisade bonus of Thorny Bushes (2) is lost."


def test_r67_r70_each_weather_payment_names_its_cause():
    s = game(1)
    s.phase = "weather"
    s.avail = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    s.weather_tokens = ["snow", "storm"]
    s.shelter, s.roof, s.palisade = True, 0, 0
    s.events = []
    phases.weather_effects(s, ["palisade"])
    lines = [tr(e) for e in s.events]
    assert "Snow, wood for the fire: 1 wood missing, unfulfilled demand, 1 wound each." in lines
    assert "Clouds above the Roof: 1 wood missing, unfulfilled demand, 1 wound each." in lines
    assert "Weather palisade die: Palisade cannot drop 1 more, unfulfilled demand, 1 wound each." in lines
    assert "Storm token: Palisade cannot drop 1 more, unfulfilled demand, 1 wound each." in lines
    assert not repeated(s)


def test_r60_each_lost_raise_names_its_track_and_card():
    s = game(2)
    s.shelter = False
    s.island = {k: v for k, v in s.island.items()}
    s.island[s.camp] = Spot(tile=s.island[s.camp].tile)
    s.events = []
    from rules.robinson.effects import apply as apply_codes
    apply_codes(s, ["trk:pal:1"], "invention:Fire")
    apply_codes(s, ["trk:pal:1"], "invention:Bricks")
    track(s, "roof", 1)
    assert texts(s).split("\n") == ["No Shelter: the Palisade bonus of Fire is lost.",
                                    "No Shelter: the Palisade bonus of Bricks is lost.",
                                    "No Shelter: the Roof bonus is lost."]


def test_r25_determination_from_the_diary_and_the_drums_names_them():
    s = game(2)
    s.built = ["Diary", "Drums"]
    s.events = []
    phases.after_morale(s)
    lines = [tr(e) for e in s.events]
    who = s.seat_char[s.seats[s.fp]]
    assert f"Diary: the {who} gains 1 determination." in lines and f"Drums: the {who} gains 2 determination." in lines

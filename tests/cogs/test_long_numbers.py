"""Every number typed by a user has a length bound: a longer one gets a clear, private, translated refusal,
is never read (Python's int() of over 4,300 digits raises) and changes nothing."""
from __future__ import annotations

import asyncio

import pytest

from host.numbers import MAX_DIGITS, ascii_int, refuse_long_numbers
from host.options import parse_option_text
from host.refusal import Refusal
from rules.eclipse.battle.notation import NotationError, parse_fleet

from .test_ascii_numbers import games_in
from .test_commands import Session, texts

HUGE = "9" * 4400


@pytest.mark.parametrize("text", ["1" * (MAX_DIGITS + 1), HUGE, "-" + HUGE])
def test_a_typed_number_past_the_bound_is_refused_as_too_long(text):
    with pytest.raises(Refusal) as err:
        ascii_int(text, "mix")
    assert err.value.text.key == "host.refuse.number_too_long"
    assert ascii_int("1" * MAX_DIGITS, "mix") == int("1" * MAX_DIGITS)


@pytest.mark.parametrize("text", [f"mix={HUGE}/8/6", f"mix={HUGE}", f"layout=A1:{HUGE}", f"players={'1' * 16}"])
def test_option_text_refuses_long_numbers(text):
    with pytest.raises(Refusal) as err:
        parse_option_text(text)
    assert err.value.text.key == "host.refuse.number_too_long"
    refuse_long_numbers("layout=A1:res01,B2:sco02 mix=9/8/7", "options")  # ordinary digits pass


@pytest.mark.parametrize("text", [f"{HUGE} interceptor", f"orion: {HUGE} cruisers", "1000 interceptor"])
def test_the_odds_notation_refuses_a_long_count_without_reading_it(text):
    """Eclipse E97 rejection 3: a count past the supply, however many digits it has."""
    with pytest.raises(NotationError) as err:
        parse_fleet(text)
    assert err.value.msg.key == "eclipse.odds.err.count"
    assert len(str(err.value.msg.args["count"])) <= 7


@pytest.mark.parametrize("locale,words", [("en-US", ["between 1 and 8", "too long a number"]),
                                          ("es-ES", ["entre 1 y 8", "demasiado largo"])])
def test_long_numbers_in_commands_get_a_clear_private_refusal(tmp_path, locale, words):
    async def go():
        async with Session(tmp_path, locale=locale) as s:
            out = await s.cmd("alice", f'/eclipse odds attacker:"{HUGE} interceptor" defender:interceptor')
            assert out.refused and not out.errors and all(m.ephemeral for m in out), out.errors
            assert words[0] in texts(out) and len(texts(out)) < 400, texts(out)
            for line in (f"/wayfinders new mix:{HUGE}/8/6", f'/game new game:wayfinders options:"mix={HUGE}/3/3"'):
                out = await s.cmd("alice", line)
                assert out.refused and not out.errors and all(m.ephemeral for m in out), (line, out.errors)
                assert words[1] in texts(out) and len(texts(out)) < 400, (line, texts(out))
            assert games_in(s.db) == 0
    asyncio.run(go())

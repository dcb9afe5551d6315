"""Numbers typed by users are ASCII digits only: `'①'`, `'٣'`, `'１２'` get a clear,
private, translated refusal and change nothing; nothing raised while reading options escapes."""
from __future__ import annotations

import asyncio

import pytest

from local import LocalError
from host.numbers import ascii_int, is_ascii_int
from host.options import parse_option_text
from host.refusal import Refusal
from host.tables import TableService
from storage import open_store

from .test_commands import Session, texts


def games_in(db: str) -> int:
    service = TableService(open_store(db))
    try:
        return len(service.games.find(limit=1000))
    finally:
        service.store.close()


@pytest.mark.parametrize("text,value", [("12", 12), (" 7 ", 7), ("-3", -3), ("0", 0)])
def test_ascii_int_reads_plain_digits(text, value):
    assert ascii_int(text, "mix") == value


@pytest.mark.parametrize("text", ["①", "٣", "１２", "1_000", "+3", "", "ten", "3.5", "²"])
def test_ascii_int_refuses_everything_else(text):
    with pytest.raises(Refusal) as err:
        ascii_int(text, "mix")
    assert err.value.text.key == "host.refuse.not_a_number"
    assert not is_ascii_int(text.strip())


def test_option_text_reads_ascii_numbers_and_refuses_other_digits():
    assert parse_option_text("exploration mix=9/8/7") == {"exploration": True, "mix": [9, 8, 7]}
    assert parse_option_text("layout=A1:res01") == {"layout": "A1:res01"}
    for text in ("mix=①/8/6", "mix=١٠/8/6", "mix=１２/6/6", "layout=A1:٣"):
        with pytest.raises(Refusal) as err:
            parse_option_text(text)
        assert err.value.text.key == "host.refuse.foreign_digits", text


@pytest.mark.parametrize("locale,words", [("en-US", "digits 0-9"), ("es-ES", "cifras 0-9")])
def test_unicode_digits_in_text_options_are_refused_privately(tmp_path, locale, words):
    async def go():
        async with Session(tmp_path, locale=locale) as s:
            for line in ("/wayfinders new mix:①/8/6", "/wayfinders new mix:٣/8/6", "/wayfinders new mix:１０/8/6",
                         "/wayfinders new mix:ten/8/6", '/game new game:wayfinders options:"mix=١٠/8/6"',
                         '/eclipse odds attacker:"٣ interceptor" defender:"1 dreadnought"'):
                out = await s.cmd("alice", line)
                assert out.refused and not out.errors, (line, out.errors)  # answered, nothing escaped
                assert out and all(m.ephemeral for m in out), line
                assert words in texts(out), (line, texts(out))
            assert games_in(s.db) == 0
            out = await s.cmd("alice", "/wayfinders new mix:10/8/6")
            assert not out.refused, texts(out)
            assert games_in(s.db) == 1
    asyncio.run(go())


def test_integer_options_take_only_what_discord_sends(tmp_path):
    """Discord's client sends integer options as ASCII digits within ±2**53; the local table types them
    the same way (a typing error, as on Discord, never a reply)."""
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            for line in ("/game status game:٣", "/game log game:1 page:１", "/game status game:1_0",
                         "/game undo steps:②", "/wayfinders place hangar:٣", f"/game status game:{2**60}"):
                with pytest.raises(LocalError):
                    await s.cmd("alice", line)
            out = await s.cmd("alice", "/game status game:1")
            assert not out.errors, out.errors
    asyncio.run(go())

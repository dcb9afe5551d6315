"""`/eclipse odds` through the real command tree (local table): E96-E98, private replies in English
and Spanish, bad notation refused privately with the problem named."""
from __future__ import annotations

import asyncio

from .test_commands import Session, texts


def test_odds_reply_is_private_with_both_chances(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", '/eclipse odds attacker:"1 interceptor" defender:"interceptor"')
            assert not out.refused, texts(out)
            assert [m.ephemeral for m in out] == [True]
            text = texts(out)
            assert "45.45%" in text and "54.55%" in text and "Attacker wins" in text  # 5/11 (E52, E55)
            out = await s.cmd("alice", '/eclipse odds attacker:"3 interceptor" defender:"1 dreadnought"')
            assert not out.refused and "Defender wins" in texts(out)
    asyncio.run(go())


def test_bad_notation_is_refused_privately(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", '/eclipse odds attacker:"ancient" defender:"cruiser"')
            assert out.refused and all(m.ephemeral for m in out), texts(out)
            assert "always defend" in texts(out)  # E97 rejection 8
            out = await s.cmd("alice", '/eclipse odds attacker:"1 interceptor(ion cannon, nuclear source)" '
                                       'defender:"cruiser"')
            assert out.refused and "needs a drive" in texts(out)  # E97 rejection 6
    asyncio.run(go())


def test_spanish_reply_and_refusal(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            out = await s.cmd("ana", '/eclipse odds attacker:"1 interceptor" defender:"interceptor"')
            assert not out.refused and "Gana el atacante: **45,45%**" in texts(out), texts(out)
            out = await s.cmd("ana", '/eclipse odds attacker:"2 frigate" defender:"cruiser"')
            assert out.refused and "Tipo de nave desconocido" in texts(out), texts(out)
    asyncio.run(go())

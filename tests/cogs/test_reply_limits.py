"""Every reply fits Discord's limits: quoted user input is cut short with "…",
`cogs/ops.py` cuts every message to the limits, and the local table refuses an over-long message
as Discord does (400, no answer), so a reply that would not fit shows up in tests."""
from __future__ import annotations

import asyncio

import discord
import pytest

from cogs import ops
from cogs.limits import fit_embed
from host.limits import CONTENT, QUOTE
from local.limits import problems

from .test_commands import Session, texts, to_act_user, two_player_game

HUGE = "x" * 6000


def _fits(out) -> None:
    for m in out:
        assert len(m.content) <= CONTENT, len(m.content)
        assert not problems({"content": m.content, "embeds": m.embeds}), problems({"embeds": m.embeds})


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_refusals_quoting_huge_input_fit_and_cut_it_short(tmp_path, locale):
    async def go():
        async with Session(tmp_path, locale=locale) as s:
            await two_player_game(s)
            lines = [
                (f"/game new game:{HUGE}", "local"),  # unknown game
                (f"/game new game:wayfinders options:{'k' * 6000}=1", "local"),  # bad option text
                (f'/game new game:wayfinders options:"exploration {"q" * 3000}=1 {"r" * 3000}=2"', "local"),
                (f"/play move:{HUGE}", "wayfinders-1"),  # unknown move
                (f"/play move:{'place:' * 1000}", "wayfinders-1"),
                (f"/eclipse odds attacker:{'zorg' * 1500} defender:1 dreadnought", "local"),  # odds notation
                (f"/eclipse odds attacker:{'orion' * 1000}: 1 cruiser defender:1 dreadnought", "local"),
                (f"/stats server game:{HUGE}", "local"),
                (f"/game rules name:{HUGE}", "local"),
            ]
            for line, channel in lines:
                out = await s.cmd(to_act_user(s.db), line, channel)  # /play: the player to act
                assert out.refused and out and all(m.ephemeral for m in out), (line[:60], texts(out)[:300])
                assert not out.errors, out.errors  # answered: Discord would have accepted the reply
                _fits(out)
                quoted = texts(out)
                assert "…" in quoted and len(quoted) < 1000, quoted
                assert "x" * QUOTE not in quoted and "zorg" * 30 not in quoted, quoted
    asyncio.run(go())


def test_an_accepted_odds_reply_quotes_the_fleets_cut_short(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            padded = "1 interceptor" + " " * 3000  # Eclipse E96: repeated spaces do not matter, so it is accepted
            out = await s.cmd("alice", f'/eclipse odds attacker:"{padded}" defender:"{padded}x"')
            _fits(out)
    asyncio.run(go())


def test_ops_cuts_every_message_to_discords_limits(tmp_path):
    """The one place messages are built: content 2,000, title 256, description 4,096, field 1,024,
    footer 2,048, the 6,000 of all embed texts; what is cut ends with "…"."""
    async def go():
        async with Session(tmp_path) as s:
            await two_player_game(s)
            thread = s.table.registry.find_channel("wayfinders-1")

            async def posted(content: str, embed: discord.Embed):
                s.table.server.outbox.clear()
                await ops.post(s.table.bot, thread.id, content=content, embed=embed)
                [sent] = s.table.server.outbox
                return sent.content, sent.embeds[0]

            each = discord.Embed(title="t" * 300, description="d" * 5000)  # each text over, the sum within 6,000
            each.add_field(name="n" * 300, value="v" * 2000)
            content, e = await posted("c" * 5000, each)
            assert len(content) == CONTENT and content.endswith("…")
            assert [len(e["title"]), len(e["description"]), len(e["fields"][0]["name"]),
                    len(e["fields"][0]["value"])] == [256, 4096, 256, 1024]
            assert all(x.endswith("…") for x in (e["title"], e["description"], e["fields"][0]["value"]))
            _, e = await posted("", discord.Embed(title="t").set_footer(text="f" * 3000))
            assert len(e["footer"]["text"]) == 2048 and e["footer"]["text"].endswith("…")
            big = discord.Embed(title="t" * 300, description="d" * 5000)  # the sum far over 6,000
            for _ in range(5):
                big.add_field(name="n" * 300, value="v" * 2000)
            big.set_footer(text="f" * 3000)
            _, e = await posted("", big)
            assert not problems({"embeds": [e]}) and e["description"].endswith("…")
    asyncio.run(go())


def test_fit_embed_keeps_what_fits_untouched():
    embed = discord.Embed(title="Wayfinders #1", description="one line", colour=0x0072B2)
    embed.add_field(name="Next", value="alice", inline=False)
    embed.set_image(url="attachment://board.png")
    assert fit_embed(embed).to_dict() == embed.to_dict()


def test_the_local_table_refuses_an_over_long_message_like_discord(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game list")  # the channel exists
            channel = s.table.registry.find_channel("local")
            server = s.table.server
            server.create_message(channel, {"content": "x" * CONTENT}, [])  # exactly the limit: fine
            too_big = [
                {"content": "x" * (CONTENT + 1)},
                {"embeds": [{"description": "d" * 4097}]},
                {"embeds": [{"title": "t" * 257}]},
                {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
                {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]},
                {"embeds": [{"footer": {"text": "f" * 2049}}]},
                {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},  # 6,000 in all
            ]
            for body in too_big:
                with pytest.raises(discord.HTTPException) as err:
                    server.create_message(channel, body, [])
                assert err.value.status == 400 and err.value.code == 50035, body
            row = s.table.registry.message(server.create_message(channel, {"content": "short"}, [])["id"])
            with pytest.raises(discord.HTTPException):
                server.edit_message(row.id, {"content": "y" * 2001}, [])
            assert s.table.registry.message(row.id).payload["content"] == "short"  # refused: nothing changed
    asyncio.run(go())

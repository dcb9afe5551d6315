"""The local table refuses what Discord refuses on the interaction side: a second acknowledgement (40060),
requests on an interaction token older than 15 minutes (401, 50027), anything needing a permission the README
does not ask for (the bot is granted exactly those, cogs/perms.py), an embed naming an `attachment://` file the
message does not carry (reported), and a command over 4,000 characters in its longest localization."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import discord
import pytest
from discord.http import Route

from cogs.perms import BOT_NEEDS
from local.interactions import TOKEN_LIFETIME
from local.limits import COMMAND_TOTAL, attachment_problems, check_message, command_problems, Ledger
from local.payloads import BOT_PERMISSIONS
from local.table import LocalTable
from tests.local.demo_bot import make_bot

ROOT = Path(__file__).resolve().parents[2]


def run(tmp: Path, steps):
    async def go():
        table = LocalTable(make_bot, str(tmp / "discord.db"), out_dir=str(tmp / "out"))
        await table.start()
        try:
            return await steps(table)
        finally:
            await table.close()
    return asyncio.run(go())


def last(table: LocalTable, label: str):
    return [r for r in table.server.interactions.values() if r.label.startswith(label)][-1]


def test_a_second_acknowledgement_and_an_expired_token_are_refused(tmp_path):
    async def steps(t: LocalTable):
        out = await t.command("alice", "/demo slow")  # deferred, then two follow-ups
        assert [s.content for s in out] == ["first result", "second result"]
        rec = last(t, "/demo slow")
        with pytest.raises(discord.HTTPException) as again:
            await t.server.interaction_callback(rec.id, rec.token, {"type": 4, "data": {"content": "again"}}, [])
        assert (again.value.status, again.value.code) == (400, 40060)
        await t.server.webhook_followup(rec.token, {"content": "still in time"}, [], {})  # 15 minutes: fine
        rec.created -= TOKEN_LIFETIME + 1  # the interaction is now 15 minutes old
        for call in (t.server.webhook_followup(rec.token, {"content": "too late"}, [], {}),
                     t.server.webhook_edit(rec.token, "@original", {"content": "too late"}, []),
                     t.server.webhook_delete(rec.token, "@original")):
            with pytest.raises(discord.HTTPException) as late:
                await call
            assert (late.value.status, late.value.code) == (401, 50027)
    run(tmp_path, steps)


def test_the_bot_has_exactly_the_permissions_the_readme_asks_for(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = re.search(r"these\s+permissions:\s+([^.]+)\.", readme)
    assert listed, "the README no longer lists the bot's permissions"
    names = {"_".join(n.lower().split()) for n in listed.group(1).split(",")}
    named = {"view_channels": "view_channel"}  # the README says it as Discord's settings do
    assert discord.Permissions(**{named.get(n, n): True for n in names}) == BOT_NEEDS
    assert BOT_PERMISSIONS == BOT_NEEDS and not BOT_NEEDS.manage_threads and not BOT_NEEDS.manage_messages

    async def steps(t: LocalTable):
        channel = t.registry.find_channel("local")
        sent = await t.command("alice", "/demo echo text:hi")
        mid = sent[0].message_id
        for method, path in (("PUT", "/channels/{channel_id}/messages/pins/{message_id}"),
                             ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"),
                             ("POST", "/channels/{channel_id}/messages/bulk-delete")):
            route = Route(method, path, channel_id=channel.id, message_id=mid, emoji="x")
            with pytest.raises(discord.Forbidden):
                await t.server.handle_http(route, json={"messages": [str(mid)]})
        t.server.bot_permissions = BOT_NEEDS | discord.Permissions(manage_messages=True)
        await t.server.handle_http(Route("PUT", "/channels/{channel_id}/messages/pins/{message_id}",
                                         channel_id=channel.id, message_id=mid))
    run(tmp_path, steps)


def test_an_embed_naming_a_file_the_message_lacks_is_reported_not_refused():
    embed = {"title": "Board", "image": {"url": "attachment://board.png"}}
    assert attachment_problems({"embeds": [embed]}, [("board.png", b"png")]) == []
    assert attachment_problems({"embeds": [embed]}, [], kept=["board.png"]) == []
    assert attachment_problems({"embeds": [embed], "attachments": [{"id": 0, "filename": "board.png"}]}) == []
    found = attachment_problems({"embeds": [embed]}, [("board-2.png", b"png")])
    assert found == ["embeds.0.image: attachment://board.png names no file of the message (board-2.png)"]
    ledger = Ledger()
    check_message({"embeds": [embed]}, [("other.png", b"png")], ledger)  # Discord posts it: no exception
    assert ledger.violations == [found[0].replace("board-2.png", "other.png")]


def test_a_commands_size_counts_its_longest_localization():
    description = "d" * 100

    def command(localized: str) -> dict:
        options = [{"type": 3, "name": f"o{i}", "description": description,
                    "description_localizations": {"es-ES": localized}} for i in range(25)]
        return {"type": 1, "name": "big", "description": "x", "options": [
            {"type": 1, "name": f"s{k}", "description": description, "options": options} for k in range(2)]}

    # 2 x (25 x (2 + 100) + 2 + 100) + 4 = 5,308 characters in English alone: over, in any language
    assert any("more than" in p for p in command_problems([command("e")]))
    small = command("e")
    for sub in small["options"]:
        sub["options"] = sub["options"][:18]
    assert command_problems([small]) == []  # 2 x (18 x 102 + 102) + 4 = 3,880
    longer = command("e" * 100)
    for sub in longer["options"]:
        sub["options"] = sub["options"][:18]
        for option in sub["options"]:
            option["description"] = "d" * 80  # English shorter: 3,160 in English, 3,880 in Spanish
    assert command_problems([longer]) == []
    for sub in longer["options"]:
        sub["options"] = sub["options"] + [dict(sub["options"][0], name=f"x{i}") for i in range(2)]
    def unlocalized(option: dict) -> dict:
        return {k: v for k, v in option.items() if k != "description_localizations"}

    english = {**longer, "options": [{**sub, "options": [unlocalized(o) for o in sub["options"]]}
                                     for sub in longer["options"]]}
    assert command_problems([english]) == []  # 2 x (20 x 82 + 102) + 4 = 3,488 in English alone: it fits
    problems = command_problems([longer])  # 2 x (20 x 102 + 102) + 4 = 4,288 in Spanish: Spanish decides
    assert any(f"more than {COMMAND_TOTAL}" in p for p in problems), problems

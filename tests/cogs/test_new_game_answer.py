"""`/game new` is answered first, privately, before the game is made (cogs/actions.py `Actions.new_game`): a
refusal found while it is made stays private and changes nothing; an opened game gives its opener a private note
and the channel its public post with the lobby's buttons, which, when Discord refuses that follow-up, goes into
the channel with the bot's token instead, retried through passing failures and made once
(cogs/opened_post.py)."""
from __future__ import annotations

import asyncio

from host.i18n import t
from local.errors import http_error
from local.interactions import EPHEMERAL

from .test_commands import Session, texts
from .test_server_scope import fingerprint


def run(coro):
    return asyncio.run(coro)


def record_of(s: Session, label: str):
    return [r for r in s.table.server.interactions.values() if r.label == label][-1]


def lobby_posts(s: Session, channel: str) -> list[dict]:
    """Public messages of `channel` carrying a lobby's Join button, oldest first."""
    found = s.table.registry.find_channel(channel)
    rows = list(s.table.registry.history(found.id, limit=50))[::-1]
    return [r.payload for r in rows if any(c.get("custom_id", "").startswith("lb:join:")
                                           for row in r.payload.get("components") or [] for c in row["components"])]


def test_an_opened_game_is_told_privately_to_its_opener_and_publicly_to_the_channel(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            out = await s.cmd("alice", "/game new game:wayfinders")
            rec = record_of(s, "/game new")
            assert rec.response_type == 5 and rec.ephemeral  # a private "thinking" first
            mine = [m for m in out if m.ephemeral]
            public = [m for m in out if not m.ephemeral and m.channel == "local"]
            assert [m.content for m in mine] == [t("host.lobby.opened_you", "es", title="Wayfinders #1",
                                                   where=mine[0].content.split(" en ")[-1][:-1])]
            assert len(public) == 1 and "alice abrió **Wayfinders #1**" in public[0].content, texts(out)
            assert [c["custom_id"] for row in public[0].components for c in row["components"]] == \
                ["lb:join:1", "lb:leave:1", "lb:start:1"]
            assert len(lobby_posts(s, "wayfinders-1")) == 1  # the thread's lobby text
    run(go())


def test_a_refusal_found_after_the_answer_is_private_and_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("MAX_OPEN_GAMES_PER_USER", "1")

    async def go():
        async with Session(tmp_path) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            before = fingerprint(s.table)
            out = await s.cmd("alice", "/game new game:flotilla")
            rec = record_of(s, "/game new")
            assert rec.response_type == 5 and rec.ephemeral  # answered before the limits were counted
            assert out.refused and [m.ephemeral for m in out] == [True], texts(out)
            assert out[0].content == t("host.refuse.too_many_open", "en", n=1, max=1)
            assert fingerprint(s.table) == before  # no game, no thread, no post
            bad = await s.cmd("bob", "/game new game:wayfinders options:\"mix=1/2/3\"")  # refused by the set-up
            assert bad.refused and [m.ephemeral for m in bad] == [True], texts(bad)
            assert fingerprint(s.table) == before
    run(go())


def test_a_public_post_discord_refuses_as_a_follow_up_is_posted_in_the_channel_once(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            server = s.table.server
            followup = server.webhook_followup
            refused = []

            async def flaky(token, body, uploads, params):
                if not int(body.get("flags") or 0) & EPHEMERAL:  # the public follow-up: refused by Discord
                    refused.append(body.get("content"))
                    raise http_error(503, 0, "upstream unavailable")
                return await followup(token, body, uploads, params)

            server.webhook_followup = flaky
            s.table.inject("503x3")  # and the bot's own posts are refused three times in a row
            out = await s.cmd("alice", "/game new game:wayfinders")
            assert not out.refused and [m.ephemeral for m in out if m.channel == "local"][:1] == [True], texts(out)
            await s.table.bot.actions.boards.idle()  # the retries (virtual time) go through
            assert len(refused) == 1
            posts = lobby_posts(s, "local")
            assert len(posts) == 1 and "alice opened **Wayfinders #1**" in posts[0]["content"]
            assert len(lobby_posts(s, "wayfinders-1")) == 1  # the thread's lobby text, once too
            assert s.table.faults.injected["503"] == 3  # the thread's lobby text and the channel post were both refused
    run(go())

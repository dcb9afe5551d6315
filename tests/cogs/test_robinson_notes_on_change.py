"""The threats-and-items block of a Robinson turn post goes out only when it changed since the game's previous
post (host/notes.py `notes_digest`, the games table's `notes_digest`); a post without it says in one line that
`/game me` shows it, and `/game me` always does, in English and Spanish."""
from __future__ import annotations

import asyncio

import pytest

from bot import make_bot
from cogs.posts import build_turn_post
from host.notes import notes_digest
from local import LocalTable
from rules.bots import choose
from rules.text import tr

from .test_commands import Session
from .test_robinson_plan_menus import read

HEAD = {"en": ("Threats in play", "Items the group holds", "is as on the previous post: /game me shows it."),
        "es": ("Amenazas en juego", "Objetos del grupo", "sigue como en la publicación anterior: /game me lo muestra.")}


def _session(tmp, locale: str) -> Session:
    """A local table whose server and players speak `locale` (the posts follow the server's language)."""
    s = Session(tmp, locale=locale)
    s.table = LocalTable(lambda path: make_bot(path), s.db, out_dir=str(tmp / "out"), locale=locale,
                         guild_locale=locale)
    return s


def _shows(post, locale: str) -> tuple[bool, bool]:
    """Whether a turn post shows the block, and whether its footer says it is unchanged."""
    embed = post.embeds[0]
    names = [f["name"] for f in embed.get("fields", [])]
    return bool({HEAD[locale][0], HEAD[locale][1]} & set(names)), HEAD[locale][2] in embed.get("footer", {}).get("text", "")


@pytest.mark.parametrize("locale", ["en", "es"])
def test_the_block_goes_out_when_it_changed_and_game_me_always_shows_it(tmp_path, monkeypatch, locale):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with _session(tmp_path, "es-ES" if locale == "es" else "en-US") as s:
            await s.cmd("alice", "/robinson new")
            await s.cmd("bob", "/game join game:1")
            out = await s.cmd("alice", "/game start")
            first = [m for m in out if m.files and not m.ephemeral][-1]
            thread = first.channel
            assert _shows(first, locale) == (True, False)  # the first post shows it
            shown = {first.message_id: True}
            last = notes_digest(read(s.db))  # the block as the latest post that carried it showed it
            seen = {"absent": 0, "changed": 0, "no room": 0}
            for i in range(200):
                table = read(s.db)
                if table.game.status != "active" or (seen["absent"] and seen["changed"] and i > 40):
                    break
                seat = table.to_act[-1]
                move = choose(table.engine, table.state, seat, "greedy", 5).id
                out = await s.cmd(table.user_of(seat).name, f"/play move:{move}", thread)
                assert not out.refused
                now = notes_digest(read(s.db))
                for post in [m for m in out if m.channel == thread and not m.ephemeral and m.embeds]:
                    block, unchanged = _shows(post, locale)
                    kept = post.edited and shown.get(post.message_id, True)  # an edited post keeps what it showed
                    if block:
                        assert now != last or kept, (i, move)
                        seen["changed" if now != last else "kept"] = 1
                        last = now
                    elif unchanged:
                        assert now == last and not kept, (i, move)
                        seen["absent"] += 1
                    else:  # changed, but a long narration left no room: the next post shows it
                        assert now != last or kept, (i, move)
                        seen["no room"] += 1
                    shown[post.message_id] = block
            assert seen["absent"] and seen["changed"], seen  # both cases happened
            me = await s.cmd("alice", "/game me", thread)
            names = [f["name"] for m in me for e in m.embeds for f in e.get("fields", [])]
            table = read(s.db)
            public = [tr(heading, locale) for heading, _ in table.engine.notes(table.state, None)]
            assert HEAD[locale][0] in public and set(public) <= set(names)  # always in /game me

    asyncio.run(go())


def test_a_post_without_the_block_keeps_the_rest(tmp_path):
    from host.tables import Actor, TableService
    from storage import open_store
    service = TableService(open_store(str(tmp_path / "g.db")))
    try:
        actors = [Actor(user_id=100 + i, name=f"player{i}", guild_id=1) for i in range(2)]
        table = service.start(actors[0], service.join(actors[1], service.new_game(actors[0], "robinson",
                                                                                  guild_id=1, channel_id=5)))
        full = build_turn_post(table, "en", [], b"").embed.to_dict()
        bare = build_turn_post(table, "en", [], b"", notes=False).embed.to_dict()
        assert HEAD["en"][1] in [f["name"] for f in full["fields"]]
        assert [f for f in bare["fields"] if f["name"] not in (HEAD["en"][0], HEAD["en"][1])] == bare["fields"]
        assert [f for f in full["fields"] if f["name"] == "Next"] == [f for f in bare["fields"] if f["name"] == "Next"]
        assert HEAD["en"][2] in bare["footer"]["text"] and HEAD["en"][2] not in full["footer"]["text"]
    finally:
        service.store.close()

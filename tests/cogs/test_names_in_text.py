"""Display names in message text: shown as typed, never a mention pill or markdown.

A player named `<@&123> **bold** @everyone 🎲 שלום مرحبا` opens, joins, starts
and plays a game on the local table; every post, reply, embed, list, log and
stats line names them escaped and clipped, and posts still ping only the
player to act.  Names stay stored as Discord gave them.
"""
from __future__ import annotations

import asyncio
import re

from host.names import ZWSP, escape, shown, shown_names
from cogs.posts import scores_text
from host.boards import headline
from host.tables import TableService
from host.stats import Stats
from render.names import FSI, PDI, MAX_NAME, graphemes
from rules.playout import play_random
from storage import open_store

from .test_commands import Session, texts

HOSTILE = "<@&123> **bold** @everyone 🎲 שלום مرحبا"
RAW_MENTION = re.compile(r"<@[!&]?\d+>|@everyone|@here")  # pings and pills (the bot's own <#thread> is fine)
RAW_MARKDOWN = re.compile(r"(?<!\\)\*\*bold(?<!\\)\*\*")


def assert_safe(text: str, *, pings: tuple[int, ...] = ()) -> None:
    """No mention syntax but the pings meant, no live markdown from a name."""
    mentions = {m.group(0) for m in RAW_MENTION.finditer(text)}
    assert mentions <= {f"<@{u}>" for u in pings}, (mentions, text)
    assert not RAW_MARKDOWN.search(text), text


def test_shown_escapes_mentions_markdown_and_isolates_right_to_left():
    out = shown(HOSTILE)
    assert_safe(out)
    assert out.startswith(FSI + "\\<@" + ZWSP + "&123> \\*\\*bold\\*\\* @" + ZWSP + "everyone") and out.endswith(PDI)
    assert len(graphemes(out.replace("\\", "").replace(ZWSP, "").strip(FSI + PDI))) == MAX_NAME  # clipped
    assert shown("Ana") == "Ana" and shown("Bot 1 (greedy)") == "Bot 1 (greedy)"
    for name, safe in [("# Big", "\\# Big"), ("-# small", "\\-# small"), ("> quote", "\\> quote"),
                       ("1. list", "1\\. list"), ("a_b~c|d`e", "a\\_b\\~c\\|d\\`e"), ("[x](http://y)", "\\[x\\](http\\://y)"),
                       ("<#1> <:e:2> </cmd:3>", "\\<#1> \\<\\:e\\:2> \\</cmd\\:3>"), ("back\\slash", "back\\\\slash")]:
        assert escape(name) == safe, (name, escape(name))
    assert shown("line\nbreak\u202e") == "line break"
    assert shown_names({"p1": "@here"}) == {"p1": "@" + ZWSP + "here"}


def test_hostile_name_is_escaped_everywhere_it_is_posted(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = []
            out += await s.cmd(HOSTILE, "/game new game:wayfinders")
            out += await s.cmd("bob", "/game join game:1")
            out += await s.cmd(HOSTILE, "/game start")
            reg = s.table.registry
            hostile_id, bob_id = reg.user(HOSTILE).id, reg.user("bob").id
            service = TableService(open_store(s.db))
            try:
                table = service.table(1)
                assert table.user_of("p1").name == HOSTILE or table.user_of("p2").name == HOSTILE  # stored as given
                for _ in range(6):  # a few moves, each posting a board naming both players
                    table = service.table(1)
                    seat = table.to_act[0]
                    who = table.user_of(seat).name
                    move = service.legal_moves(table, table.user_of(seat).user_id)[0]
                    out += await s.cmd(who, f"/play move:{move.id}", "wayfinders-1")
            finally:
                service.store.close()
            for line in ("/game list", "/game status game:1", "/game log game:1", "/game moves game:1", "/game me game:1"):
                out += await s.cmd(HOSTILE, line, "wayfinders-1")
                out += await s.cmd("bob", line, "wayfinders-1")
            assert not any(m.ephemeral is False and m.channel == "local" and "error" in m.content.lower() for m in out)
            escaped = "\\<@" + ZWSP + "&123>"
            assert sum(escaped in texts([m]) for m in out) >= 8, texts(out)  # lobby, turn posts, list, status, log
            for m in out:
                assert_safe(texts([m]), pings=(hostile_id, bob_id))
            # a board post pings the player to act only, by a real mention; the hostile name is text
            posts = [m for m in out if m.channel == "wayfinders-1" and m.files and not m.ephemeral]
            assert posts and all(re.fullmatch(r"(<@\d+>)?", m.content) for m in posts), [m.content for m in posts]
    asyncio.run(go())


def test_headline_scores_and_stats_name_players_escaped(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd(HOSTILE, "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd(HOSTILE, "/game start")
            service = TableService(open_store(s.db))
            try:
                table = service.table(1)
                live = headline(table, "en")
                drawn = headline(table, "en", names={"p1": "A", "p2": "B"})
                table.state, _ = play_random(table.engine, [x.seat for x in table.seats], 3)
                ended = scores_text(table, "en") + "\n" + "\n".join(headline(table, "en"))
            finally:
                service.store.close()
            for text in live + [ended]:
                assert_safe(text)
            assert "\\*\\*bold\\*\\*" in ended and "\\*\\*bold\\*\\*" in "\n".join(live + [ended])
            assert not any("\\" in line for line in drawn)  # the image caption's names are not escaped
    asyncio.run(go())


def test_stats_lines_escape_names(tmp_path):
    from storage import GameStore, ResultRow

    store = open_store(str(tmp_path / "s.db"))
    try:
        games = GameStore(store)
        g = games.create(game_key="wayfinders", guild_id=1, channel_id=5, creator_id=1, creator_name=HOSTILE,
                         options={}, settings={}, seed=1, now=1)
        g = games.add_seat(g.id, g.version, user_id=2, name="**bob**", is_bot=False, now=1)
        g = games.start(g.id, g.version, state="{}", to_act=["p1"], now=1)
        rows = [ResultRow(game_id=g.id, seat=f"p{i + 1}", user_id=uid, game_key="wayfinders", guild_id=1,
                          score=10 * uid, rank=3 - uid, won=uid == 2, is_bot=False, finished_at=1)
                for i, uid in enumerate((1, 2))]
        games.end(g.id, g.version, status="finished", state=None, now=1, results=rows)
        text = "\n".join(Stats(store).server(1, "wayfinders", "en"))
    finally:
        store.close()
    assert_safe(text)
    assert "\\*\\*bob\\*\\*" in text and "\\<@" + ZWSP + "&123>" in text


def test_move_labels_and_suggestions_show_names_cleaned_and_clipped():
    """Buttons, select options and autocomplete show no markdown or pills, but a name there is still cleaned of
    bidi overrides and line breaks and clipped like everywhere else."""
    from cogs.completion import filter_moves
    from cogs.views import move_components
    from rules import Move
    from rules.text import msg, seat_ref

    long_name = "Evil\u202e" + "x" * 60 + "\nname"
    names = {"p1": long_name}
    moves = [Move.of(f"m{k}", msg("host.log.private", who=seat_ref("p1"))) for k in range(3)]
    many = [Move.of(f"m{k}", msg("host.log.private", who=seat_ref("p1"))) for k in range(30)]

    async def labels() -> list[str]:
        buttons = move_components(1, 1, moves, "en", names=names)
        selects = move_components(1, 1, many, "en", names=names)
        out = [item.item.label for item in buttons.children]
        out += [o.label for item in selects.children for o in item.item.options]
        return out

    shown_labels = asyncio.run(labels())
    shown_labels += [c.name for c in filter_moves(moves, "", "en", names)]
    assert shown_labels
    for label in shown_labels:
        assert "\u202e" not in label and "\n" not in label, label
        assert "x" * (MAX_NAME + 1) not in label and "…" in label, label

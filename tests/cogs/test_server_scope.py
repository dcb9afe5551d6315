"""Every game belongs to its server: through the real command tree on the local
table, a member of a second server, with or without Manage Server there, cannot see, join, change or abandon a
game of the first by number, autocomplete, list, button or stats; from a DM nothing lists, joins or reveals
anything; players see per-server numbers."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

from bot import make_bot
from host.i18n import t
from local import LocalTable
from local.payloads import message_payload
from storage import GameStore, ResultRow

OTHER = "other"  # the second server; the first is the table's default one ("local")
SPY = "mallory"  # a plain member of the second server
ADMIN = "admin"  # a manager: Manage Server in every server of the table


def run(coro):
    return asyncio.run(coro)


def table_for(tmp: Path, locale: str = "en-US") -> LocalTable:
    return LocalTable(lambda path: make_bot(path), str(tmp / "games.db"), out_dir=str(tmp / "out"), locale=locale)


def text(replies) -> str:
    return "\n".join(s.content.rstrip("\n") for s in replies)


def fingerprint(table: LocalTable) -> list:
    """Everything a refused command must leave as it was: games, seats (and their notify flags), timers, log."""
    conn = table.bot.store.conn
    return [conn.execute(sql).fetchall() for sql in (
        "SELECT id, guild_id, number, status, version, settings, thread_id FROM games ORDER BY id",
        "SELECT game_id, position, user_id, is_bot, notify FROM seats ORDER BY game_id, position",
        "SELECT game_id, kind, due_at FROM timers ORDER BY id",
        "SELECT game_id, seq, undone FROM moves ORDER BY game_id, seq",
    )]


async def first_server(table: LocalTable) -> None:
    """Server `local`: alice's Wayfinders #1 running (bob plays), alice's Wayfinders #2 a lobby."""
    for user, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                       ("alice", "/game start game:1"), ("alice", "/game new game:wayfinders")):
        out = await table.command(user, line)
        assert not out.refused, text(out)


def refusal(number: int) -> str:
    return t("host.refuse.no_such_game", "en", id=number)


# Every command that takes game:, as a member of another server would type it against the first server's games.
GAME_COMMANDS = [
    "/game status game:{n}", "/game join game:{n}", "/game leave game:{n}", "/game start game:{n}",
    "/game abandon game:{n}", "/game addbot game:{n}", "/game settings deadline:24h game:{n}",
    "/game settings game:{n}", "/game undo game:{n}", "/game notify setting:on game:{n}",
    "/play move:end game:{n}", "/game moves game:{n}", "/game me game:{n}", "/game log game:{n}",
    "/game replay game:{n}",
]


def test_another_server_gets_the_refusal_of_a_game_that_does_not_exist(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            await first_server(table)
            before = fingerprint(table)
            for user in (SPY, ADMIN):
                for line in GAME_COMMANDS:
                    for n in (1, 2, 99):  # 1 and 2 exist in the first server only; 99 nowhere
                        out = await table.command(user, line.format(n=n), guild=OTHER)
                        assert out.refused, (user, line, n)
                        assert [s.ephemeral for s in out] == [True] * len(out), (user, line, n)
                        assert text(out) == refusal(n), (user, line, n, text(out))
            assert fingerprint(table) == before
    run(go())


# Every game's shortcut commands take game: too (they end in the same pipeline as /play).
SHORTCUTS = [
    "/wayfinders end game:{n}", "/wayfinders place hangar:1 game:{n}", "/wayfinders fly to:C2 game:{n}",
    "/wayfinders build game:{n}", "/wayfinders return game:{n}", "/wayfinders discard token:R game:{n}",
    "/flotilla play card:Trader game:{n}", "/flotilla turn skyside:true game:{n}",
    "/eclipse action action:pass game:{n}", "/eclipse board game:{n}", "/eclipse tech game:{n}",
    "/eclipse odds game:{n}", "/eclipse stop game:{n}", "/eclipse go hex:105 game:{n}",
    "/eclipse explore position:1,-2 game:{n}", "/eclipse research tech:x game:{n}",
    "/robinson confirm game:{n}", "/robinson draw game:{n}", "/robinson weather game:{n}",
    "/robinson wood amount:1 game:{n}", "/robinson go game:{n}", "/robinson camp game:{n}",
]


def test_shortcut_commands_from_another_server_find_no_game(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            for user, line in (("alice", "/game new game:eclipse"), ("bob", "/game join game:1"),
                               ("alice", "/game new game:flotilla"), ("alice", "/game new game:robinson")):
                assert not (await table.command(user, line)).refused
            assert not (await table.command("alice", "/game start game:1")).refused
            before = fingerprint(table)
            for user in (SPY, ADMIN):
                for line in SHORTCUTS:
                    for n in (1, 2, 3):
                        out = await table.command(user, line.format(n=n), guild=OTHER)
                        assert out.refused and text(out) == refusal(n), (user, line, n, text(out))
            assert fingerprint(table) == before
    run(go())


def test_game_numbers_are_per_server_and_never_reach_another_servers_game(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            await first_server(table)
            opened = await table.command(SPY, "/game new game:flotilla", guild=OTHER)
            assert not opened.refused, text(opened)
            assert {s.guild for s in opened} == {OTHER}
            assert {s.channel for s in opened} == {"local", "flotilla-1"}  # thread named by the server's number
            assert "Flotilla #1" in text(opened)
            first = fingerprint(table)
            # game:1 in the other server is mallory's Flotilla #1, never alice's Wayfinders #1
            status = await table.command(SPY, "/game status game:1", guild=OTHER)
            assert "Flotilla #1" in text(status) and "Wayfinders" not in text(status)
            out = await table.command(ADMIN, "/game abandon game:1", guild=OTHER)  # a manager of that server
            assert not out.refused, text(out)
            games = {(g[1] == table.registry.guild_id, g[2]): g[3] for g in fingerprint(table)[0]}
            assert games == {(True, 1): "active", (True, 2): "lobby", (False, 1): "abandoned"}
            assert first[0][:2] == fingerprint(table)[0][:2]  # the first server's games did not change
            listed = await table.command(SPY, "/game list everywhere:true", guild=OTHER)
            assert "Wayfinders" not in text(listed) and "alice" not in text(listed)
    run(go())


def test_list_autocomplete_and_stats_show_only_this_server(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            await first_server(table)
            alice = table.registry.user("alice").id
            games = GameStore(table.bot.store)  # a finished game of the first server, for the stats
            g = games.create(game_key="wayfinders", guild_id=table.registry.guild_id, channel_id=1,
                             creator_id=alice, creator_name="alice", options={}, settings={}, seed=1, now=1)
            g = games.start(g.id, g.version, state="{}", to_act=["p1"], now=1)
            games.end(g.id, g.version, status="finished", state=None, now=2, results=[ResultRow(
                game_id=g.id, seat="p1", user_id=alice, game_key="wayfinders", guild_id=table.registry.guild_id,
                score=30, rank=1, won=True, finished_at=2)])
            home = await table.command("alice", "/game list everywhere:true")
            assert "Wayfinders #1" in text(home) and "Wayfinders #2" in text(home)
            assert [c for c in await table.complete("alice", "/game status game:")] == [
                ("Wayfinders #2 — alice", "2"), ("Wayfinders #1 — alice, bob", "1")]
            assert "1" in text(await table.command("alice", "/stats me"))
            assert "1 finished" in text(await table.command("alice", "/stats server game:wayfinders"))
            for user in (SPY, ADMIN, "alice"):  # alice herself, in the other server, sees none of it
                listed = await table.command(user, "/game list everywhere:true", guild=OTHER)
                assert text(listed) == t("host.list.none", "en")
                assert list(await table.complete(user, "/game status game:", guild=OTHER)) == []
                assert list(await table.complete(user, "/game join game:1", guild=OTHER)) == []
                assert list(await table.complete(user, "/play game:1 move:", guild=OTHER)) == []
                assert text(await table.command(user, "/stats me", guild=OTHER)) == t("stats.me.none", "en")
                assert text(await table.command(user, "/stats server game:wayfinders", guild=OTHER)) == t(
                    "stats.server.none", "en", game="Wayfinders")
    run(go())


def test_buttons_clicked_from_another_server_are_refused_like_a_missing_game(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            await first_server(table)
            running = table.bot.service.games.by_number(table.registry.guild_id, 1)
            lobby = table.bot.service.games.by_number(table.registry.guild_id, 2)
            move = table.bot.service.table(running.id)
            seat = move.to_act[0]
            move_id = move.engine.legal_moves(move.state, seat)[0].id
            mover = move.user_of(seat).name
            # A forged message in the other server carrying the first server's custom ids (internal game ids).
            there = table.registry.find_channel("local", table.enter_guild(OTHER).id)
            ids = [f"lb:join:{lobby.id}", f"lb:start:{lobby.id}", f"lb:leave:{lobby.id}",
                   f"mv:{running.id}:{running.version}:{move_id}", f"my:{running.id}:{running.version}"]
            buttons = [{"type": 2, "style": 1, "label": f"b{i}", "custom_id": c} for i, c in enumerate(ids)]
            select = {"type": 3, "custom_id": f"ms:{running.id}:{running.version}:0",
                      "options": [{"label": "x", "value": move_id}]}
            body = {"components": [{"type": 1, "components": buttons}, {"type": 1, "components": [select]}]}
            table.registry.save_message(message_payload(message_id=4242, channel=there, registry=table.registry,
                                                        author=table.server.bot_user, body=body, attachments=[]))
            before = fingerprint(table)
            for user in (SPY, ADMIN, mover, "alice"):
                for n in range(1, len(ids) + 2):
                    out = await table.press_message(user, 4242, n, guild=OTHER)
                    assert out.refused and text(out) == t("host.refuse.gone", "en"), (user, n, out.errors)
            assert fingerprint(table) == before
            # the same buttons work at home: the lobby's Join button in its own thread
            joined = await table.press("carol", 1, "wayfinders-2")
            assert not joined.refused, text(joined)
    run(go())


def test_manage_server_counts_only_in_the_games_own_server(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            await first_server(table)
            out = await table.command(ADMIN, "/game settings deadline:24h game:1", guild=OTHER)
            assert out.refused and text(out) == refusal(1)
            out = await table.command(ADMIN, "/game settings deadline:24h game:1")  # at home a manager may
            assert not out.refused, text(out)
            out = await table.command(ADMIN, "/game abandon game:2")
            assert not out.refused, text(out)
    run(go())


DM_COMMANDS = ["/game list everywhere:true", "/game list", "/game join game:1", "/game status game:1",
               "/game log game:1", "/game new game:wayfinders", "/game abandon game:1", "/play move:end game:1",
               "/stats me", "/stats server game:wayfinders", "/game rules name:wayfinders"]


def test_a_direct_message_gets_a_private_refusal_and_changes_nothing(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            await first_server(table)
            before = fingerprint(table)
            for user in (SPY, ADMIN, "alice"):
                for line in DM_COMMANDS:
                    out = await table.command(user, line, dm=True)
                    assert out.refused, (user, line)
                    assert [(s.guild, s.ephemeral) for s in out] == [(None, True)], (user, line)
                    assert text(out) == t("host.refuse.dm_only", "en"), (user, line)
                for line in ("/game status game:", "/play move:", "/game join game:"):
                    found = await table.complete(user, line, dm=True)
                    assert list(found) == [], (user, line)
            assert fingerprint(table) == before
    run(go())


def test_refusals_in_spanish(tmp_path):
    async def go():
        async with table_for(tmp_path, locale="es-ES") as table:
            await first_server(table)
            dm = await table.command(SPY, "/game list everywhere:true", dm=True)
            assert text(dm) == t("host.refuse.dm_only", "es") and "mensaje directo" in text(dm)
            far = await table.command(SPY, "/game join game:1", guild=OTHER)
            assert text(far) == t("host.refuse.no_such_game", "es", id=1) == "No existe la partida #1."
    run(go())


def test_every_command_is_declared_for_servers_only(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            tree = table.bot.tree
            roots = tree.get_commands()
            assert {c.name for c in roots} >= {"game", "play", "stats", "wayfinders", "flotilla", "eclipse",
                                               "robinson"}
            for command in roots:
                payload = command.to_dict(tree)
                assert payload["contexts"] == [0] and payload["dm_permission"] is False, command.name
    run(go())


def test_json_lines_carry_the_server(tmp_path):
    async def go():
        async with table_for(tmp_path) as table:
            home = await table.command("alice", "/game new game:wayfinders")
            far = await table.command(SPY, "/game new game:wayfinders", guild=OTHER)
            dm = await table.command(SPY, "/game list", dm=True)
            assert {json.loads(s.to_json())["guild"] for s in home} == {"local"}
            assert {json.loads(s.to_json())["guild"] for s in far} == {OTHER}
            assert [json.loads(s.to_json())["guild"] for s in dm] == [None]
            assert {s.channel for s in far} == {"local", "wayfinders-1"}  # its own #local and thread
    run(go())

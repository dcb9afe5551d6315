"""Open-game limits: per user in one server, and per server; both configurable (Config)."""
from __future__ import annotations

import asyncio

import pytest

from host.config import Config
from host.i18n import t
from host.tables import Actor, Limits, Refusal, TableService
from storage import open_store

from .test_server_scope import OTHER, fingerprint, table_for, text


def run(coro):
    return asyncio.run(coro)


def test_config_reads_the_limits_and_defaults_to_10_and_500(tmp_path, monkeypatch):
    monkeypatch.delenv("MAX_OPEN_GAMES_PER_USER", raising=False)
    monkeypatch.delenv("MAX_RUNNING_GAMES_PER_SERVER", raising=False)
    empty = tmp_path / ".env"
    empty.write_text("")
    config = Config.load(empty)
    assert (config.max_open_games_per_user, config.max_running_games_per_server) == (10, 500)
    empty.write_text("MAX_OPEN_GAMES_PER_USER=3\nMAX_RUNNING_GAMES_PER_SERVER=٣\n")  # not ASCII digits: default
    config = Config.load(empty)
    assert (config.max_open_games_per_user, config.max_running_games_per_server) == (3, 500)


def test_a_user_may_open_a_limited_number_of_games_per_server(tmp_path, monkeypatch):
    monkeypatch.setenv("MAX_OPEN_GAMES_PER_USER", "2")

    async def go():
        async with table_for(tmp_path) as table:
            for _ in range(2):
                assert not (await table.command("alice", "/game new game:wayfinders")).refused
            before = fingerprint(table)
            out = await table.command("alice", "/game new game:wayfinders")
            assert out.refused and [s.ephemeral for s in out] == [True]
            assert text(out) == t("host.refuse.too_many_open", "en", n=2, max=2)
            assert fingerprint(table) == before  # no game, no thread
            assert not (await table.command("bob", "/game new game:wayfinders")).refused  # another user may
            assert not (await table.command("alice", "/game new game:wayfinders", guild=OTHER)).refused
            assert not (await table.command("alice", "/game abandon game:1")).refused
            assert not (await table.command("alice", "/game new game:wayfinders")).refused  # room again
    run(go())


def test_a_server_may_run_a_limited_number_of_games(tmp_path, monkeypatch):
    monkeypatch.setenv("MAX_RUNNING_GAMES_PER_SERVER", "2")

    async def go():
        async with table_for(tmp_path, locale="es-ES") as table:
            assert not (await table.command("alice", "/game new game:wayfinders")).refused
            assert not (await table.command("bob", "/game new game:flotilla")).refused
            out = await table.command("carol", "/game new game:wayfinders")
            assert out.refused and text(out) == t("host.refuse.server_full", "es", max=2)
            assert "Este servidor ya tiene 2 partidas" in text(out)
            assert not (await table.command("carol", "/game new game:wayfinders", guild=OTHER)).refused
    run(go())


def test_manage_server_only_counts_in_the_games_own_server(tmp_path):
    service = TableService(open_store(tmp_path / "g.db"), limits=Limits(open_per_user=5))
    game = service.new_game(Actor(1, "alice", guild_id=7), "wayfinders", guild_id=7, channel_id=1)
    elsewhere = Actor(2, "mallory", can_manage=True, guild_id=8)
    assert not elsewhere.manages(game.game) and Actor(2, "m", can_manage=True, guild_id=7).manages(game.game)
    with pytest.raises(Refusal) as refused:
        service.abandon(elsewhere, game)
    assert refused.value.text.key == "host.refuse.creator_only"
    assert service.table(game.game.id).game.status == "lobby"
    service.store.close()

"""The features' flows behind `/game` subcommands and buttons are built once with the bot (cogs/game_bot.py
`GameBot.wire`) and handed to the cogs that call them: no cog looks another up by its class or name."""
from __future__ import annotations

from pathlib import Path

from .test_deadlines import Clock, Table, run

COGS = Path(__file__).resolve().parents[2] / "cogs"


def test_no_cog_module_looks_a_cog_up():
    found = [p.name for p in sorted(COGS.glob("*.py")) if "get_cog(" in p.read_text() or "loaded_cog" in p.read_text()]
    assert found == []


def test_game_cog_and_the_feature_cogs_share_the_flows_the_bot_built(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            bot = s.t.bot
            game = bot.get_cog("GameCog")
            assert game.deadline_settings is bot.deadline_settings and game.lobbies is bot.lobbies
            assert game.private_threads is bot.private_threads and game.waiting is bot.waiting
            assert game.away_flows is bot.away_flows
            assert bot.get_cog("LobbiesCog").lobbies is bot.lobbies
            assert bot.get_cog("WaitingCog").waiting_flows is bot.waiting
            assert bot.private_threads.on_change in bot.actions.listeners
            await bot.remove_cog("PrivateThreadsCog")  # unloaded: its flows no longer hear of changes
            assert bot.private_threads.on_change not in bot.actions.listeners
    run(go())


def test_the_subcommands_whose_flows_are_a_features_still_answer(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            settings = await s.cmd("alice", "/game settings deadline:24h", "wayfinders-1")
            assert not settings.refused and "24h" in settings[0].content
            status = await s.cmd("alice", "/game notify")
            assert not status.refused and "digest" in status[0].content.lower()
            refused = await s.cmd("bob", "/game abandon all-lobbies:true")
            assert refused.refused  # bob cannot manage the server: nothing closes
            assert s.game().game.status == "lobby"
    run(go())

"""cogs/eclipse_cog.py: the `/eclipse` group and that its shortcuts name real move ids."""
from __future__ import annotations

from cogs.eclipse_cog import COG, tech_choices
from discord.ext import commands

from .test_eclipse_kit import game, ids


def test_group_and_commands():
    assert issubclass(COG, commands.GroupCog) and COG.__cog_group_name__ == "eclipse"
    names = {c.name for c in COG.__cog_app_commands__}
    assert {"new", "action", "react", "research", "trade", "explore", "go", "stop", "board", "tech"} <= names


def test_shortcut_ids_are_engine_ids():
    s = game(["terran union", "terran alliance"])
    legal = set(ids(s))
    # act:move is legal too though no neighbour is explored yet (E101, E26 RULING: any action with a disc)
    assert {"act:explore", "act:move", "act:influence", "act:research", "act:upgrade", "act:build",
            "pass", "tr:science:money"} <= legal


def test_tech_autocomplete():
    import asyncio
    got = asyncio.run(tech_choices(None, "plasma"))
    assert [c.value for c in got] == ["plasma cannon", "plasma missile"]

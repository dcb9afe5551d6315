"""The local table relies on discord.py internals; it must run on the pinned version only."""
from __future__ import annotations

import re
from pathlib import Path

import discord

REQUIREMENTS = Path(__file__).resolve().parents[2] / "requirements.txt"


def pinned_discord_version() -> str:
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*discord\.py\s*==\s*([^\s#;]+)", line)
        if m:
            return m.group(1)
    raise AssertionError(f"{REQUIREMENTS} does not pin discord.py with '=='")


def test_installed_discord_py_is_the_pinned_version():
    pinned = pinned_discord_version()
    assert discord.__version__ == pinned, (
        f"discord.py {discord.__version__} is installed but requirements.txt pins {pinned}. "
        "The local table (local) relies on discord.py internals: ConnectionState.parse_interaction_create, "
        "_add_guild_from_data, parse_thread_create/parse_channel_create, Client._async_setup_hook, "
        "HTTPClient.request(route, files=, form=), discord.webhook.async_.async_context and "
        "AsyncWebhookAdapter.request. Re-check them (and run tests/local) before changing the pin."
    )

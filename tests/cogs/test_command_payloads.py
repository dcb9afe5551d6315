"""Every registered command fits Discord's limits (names, descriptions, options, choices)."""
from __future__ import annotations

import asyncio
import re

import pytest

from bot import make_bot

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


@pytest.fixture(scope="module")
def payloads(tmp_path_factory):
    async def build():
        bot = make_bot(str(tmp_path_factory.mktemp("db") / "games.db"))
        await bot.setup_hook()
        out = [cmd.to_dict(bot.tree) for cmd in bot.tree.get_commands()]
        await bot.close()
        return out

    return asyncio.run(build())


def _walk(node, path=""):
    yield path + "/" + node["name"], node
    for opt in node.get("options", []):
        if opt.get("type") in (1, 2):  # subcommand, subcommand group
            yield from _walk(opt, path + "/" + node["name"])


def test_the_shared_commands_exist(payloads):
    top = {p["name"]: p for p in payloads}
    assert {"game", "play", "wayfinders"} <= set(top)
    subs = {o["name"] for o in top["game"]["options"]}
    assert {"new", "join", "leave", "start", "status", "list", "moves", "me", "log", "rules", "abandon"} <= subs


def test_limits(payloads):
    assert len(payloads) <= 100
    for root in payloads:
        for path, node in _walk(root):
            assert NAME.match(node["name"]), path
            assert 1 <= len(node["description"]) <= 100, (path, node["description"])
            options = node.get("options", [])
            assert len(options) <= 25, path
            for opt in options:
                if opt.get("type") in (1, 2):
                    continue
                assert NAME.match(opt["name"]), (path, opt["name"])
                assert 1 <= len(opt["description"]) <= 100, (path, opt["name"], opt["description"])
                assert len(opt.get("choices", [])) <= 25, (path, opt["name"])
                for choice in opt.get("choices", []):
                    assert 1 <= len(choice["name"]) <= 100
            required_seen_optional = False
            for opt in options:  # Discord wants required options first
                if not opt.get("required", False):
                    required_seen_optional = True
                else:
                    assert not required_seen_optional, (path, opt["name"])


def test_the_synced_payload_in_every_locale_fits_discords_limits(tmp_path):
    """What `tree.sync` sends (with the es/en translations) is what Discord checks: names 1-32
    lowercase, descriptions 1-100 in every locale, 25 options, 25 choices (local/limits.py checks it as Discord does)."""
    from local.limits import command_problems

    async def build():
        bot = make_bot(str(tmp_path / "games.db"))
        await bot.setup_hook()
        translator = bot.tree.translator
        assert translator is not None
        out = [await cmd.get_translated_payload(bot.tree, translator) for cmd in bot.tree.get_commands()]
        await bot.close()
        return out

    payload = asyncio.run(build())
    assert any(c.get("description_localizations") for c in payload)  # the Spanish texts are there to check
    assert command_problems(payload) == []


def test_no_description_was_cut_short(payloads):
    """discord.py silently cuts a description over 100 characters with "…" (it happened to `pay`
    of /wayfinders fly and build); every description is written to fit instead."""
    for root in payloads:
        for path, node in _walk(root):
            for item in [node, *node.get("options", [])]:
                assert not item["description"].endswith("…"), (path, item["name"], item["description"])

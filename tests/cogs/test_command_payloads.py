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

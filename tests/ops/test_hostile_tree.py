"""Hostile input in EVERY option of EVERY command of the real tree (core cogs and each game's shortcuts).

The command tree is walked, not listed: a command or option added later is
covered without touching this file.  Each registered game has a running game
in its own thread (besides test_hostile_cogs' wayfinders game 1 and lobby 2),
so shortcuts reach their game instead of stopping at "no game here".  Every
option gets what Discord lets through for its type: arbitrary text for text
options (empty, huge, unicode, control characters, mentions, SQL, other
games' ids), any integer in the declared bounds, any boolean, any member, a
declared choice for options with choices (Discord refuses anything else).

Asserted for each call: no exception escapes and the bot answers (the local
table reports logged errors and unanswered interactions); a refusal is
private and changes nothing in the database; every message the bot sends fits
Discord's limits (content 2,000 characters, embed texts); and no message the
bot posts, accepted or not, could ping @everyone, @here, a role or a non-player.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType as T
from hypothesis import given, settings
from hypothesis import strategies as st

from local.limits import problems
from local.payloads import _convert, top_level_commands
from rules import GAMES

from .hostile import hostile_text, unsafe_mentions
from .test_hostile_cogs import USERS, Harness

CORE_ROOTS = {"game", "play", "stats"}
PER_COMMAND = 6  # examples per leaf command (at least 40 per root)


class TreeHarness(Harness):
    """Harness plus one running game of every registered game, each in its thread."""

    def __init__(self, tmp_path, monkeypatch):
        super().__init__(tmp_path, monkeypatch)
        for key, engine in sorted(GAMES.items()):
            players = USERS[: max(2, engine.min_players)][: engine.max_players]
            before = set(self.table.channel_names())
            out = self.run(self.table.command(players[0], f"/game new game:{key}"))
            assert not out.refused, [m.content for m in out]
            thread = (set(self.table.channel_names()) - before).pop()
            for user in players[1:]:
                assert not self.run(self.table.command(user, "/game join", thread)).refused
            assert not self.run(self.table.command(players[0], "/game start", thread)).refused
        self.channels = sorted(self.table.channel_names())
        self.players = {self.table.registry.user(u).id for u in USERS}

    def leaves(self, root_name: str) -> list[tuple[list[str], Any]]:
        """(path, command) of every leaf command under the root command `root_name`."""
        roots = {c.name: c for c in top_level_commands(self.table.bot.tree, self.table.registry.guild_id)}
        out, stack = [], [([root_name], roots[root_name])]
        while stack:
            path, cmd = stack.pop()
            if isinstance(cmd, discord.app_commands.Group):
                stack += [([*path, c.name], c) for c in cmd.commands]
            else:
                out.append((path, cmd))
        return sorted(out, key=lambda pc: pc[0])

    def send_path(self, user: str, channel: str, path: list[str], options: list[dict[str, Any]],
                  resolved: dict[str, Any]):
        nested = options
        for depth in range(len(path) - 1, 0, -1):
            nested = [{"name": path[depth], "type": 1 if depth == len(path) - 1 else 2, "options": nested}]
        data = {"id": str(self.table.registry.command_id(path[0])), "name": path[0], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        who = self.table._user(user)
        where = self.table._channel(channel, create=True)
        return self.run(self.table._interact(2, data, who, where, label="/" + " ".join(path)))


def value_of(param: Any) -> st.SearchStrategy:
    """What Discord lets through for one option."""
    if param.choices:
        return st.sampled_from([c.value for c in param.choices])
    lo, hi = param.min_value, param.max_value
    if param.type is T.string:
        text = hostile_text | st.sampled_from(["1", "2", "all", "none", "p1", "A1"])
        return text.filter(lambda s: (lo is None or len(s) >= lo) and (hi is None or len(s) <= hi) and len(s) <= 6000)
    if param.type is T.integer:
        lo = -(2**53) if lo is None else int(lo)
        hi = 2**53 if hi is None else int(hi)
        small = [n for n in (-1, 0, 1, 2, 3, 4, 5, 7, 99) if lo <= n <= hi]
        return st.integers(min_value=lo, max_value=hi) | (st.sampled_from(small) if small else st.nothing())
    if param.type is T.number:
        return st.floats(allow_nan=False, allow_infinity=False, min_value=lo, max_value=hi)
    if param.type is T.boolean:
        return st.booleans()
    if param.type in (T.user, T.mentionable):
        return st.sampled_from(USERS + ["admin", "stranger"])
    raise AssertionError(f"option type {param.type} of {param.name} has no hostile strategy yet: add one")


@st.composite
def call_of(draw, command: Any) -> list[tuple[Any, Any]]:
    """(parameter, value) for the required options and any subset of the optional ones."""
    chosen = []
    for param in command.parameters:
        if param.required or draw(st.booleans()):
            chosen.append((param, draw(value_of(param))))
    return chosen


def encode(h: TreeHarness, chosen: list[tuple[Any, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    options, resolved = [], {}
    for param, value in chosen:
        if param.type in (T.user, T.mentionable):
            value = _convert(param, str(value), h.table.registry, h.table.registry.guild_id, resolved, h.table.managers)
        options.append({"name": param.display_name, "type": param.type.value, "value": value})
    return options, resolved


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    h = TreeHarness(tmp_path_factory.mktemp("tree"), mp)
    yield h
    h.close()
    mp.undo()


def test_every_root_command_is_covered(tree):
    """The roots are the core commands and one shortcut group per game with a cog: all of them run below."""
    roots = {c.name for c in top_level_commands(tree.table.bot.tree, tree.table.registry.guild_id)}
    assert roots == CORE_ROOTS | (roots & set(GAMES)), roots
    with_cog = {key for key in GAMES if (Path(__file__).resolve().parents[2] / "cogs" / f"{key}_cog.py").is_file()}
    assert with_cog and with_cog <= roots
    paths = {" ".join(p) for root in roots for p, _ in tree.leaves(root)}
    assert {"game settings", "game notify", "game undo", "game log", "game replay", "game addbot",
            "stats me", "stats server"} <= paths


@pytest.mark.parametrize("root", sorted(CORE_ROOTS | set(GAMES)))
def test_hostile_options_of_every_command(tree, root):
    roots = {c.name for c in top_level_commands(tree.table.bot.tree, tree.table.registry.guild_id)}
    if root not in roots:
        pytest.skip(f"{root} has no shortcut cog")
    leaves = tree.leaves(root)

    @settings(max_examples=max(40, PER_COMMAND * len(leaves)), deadline=None)
    @given(data=st.data(), user=st.sampled_from(USERS + ["stranger"]), channel=st.sampled_from(tree.channels))
    def check(data, user, channel):
        path, command = data.draw(st.sampled_from(leaves), label="command")
        options, resolved = encode(tree, data.draw(call_of(command), label="options"))
        before = tree.fingerprint()
        sent_before = len(tree.bodies)
        replies = tree.send_path(user, channel, path, options, resolved)
        texts = [m.content for m in replies]
        assert not replies.errors, (path, options, replies.errors, replies.details)
        too_big = [problems(b) for b in tree.bodies[sent_before:] if problems(b)]
        assert not too_big, (path, too_big)  # the bot sent it: Discord would refuse it and the user get no answer
        if replies.refused:
            assert replies and all(m.ephemeral for m in replies), (path, options, texts)
            assert tree.fingerprint() == before, (path, options, texts)
        assert not unsafe_mentions(tree.bodies, tree.players | {tree.table.registry.user("stranger").id})
    check()


"""Hostile input through the REAL cogs and command tree (local table, in-process).

Arbitrary text in every string option and `/play move:`, arbitrary integers
in `game:`: each gets a private refusal, nothing in the database changes, no
exception escapes (the local table reports logged errors and unanswered
interactions), and no message the bot posts (replies, thread posts, edits)
could ping @everyone, @here, a role or anyone but the game's players.
"""
from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import make_bot
from local import LocalTable
from local.server import LocalDiscord
from host.tables import Refusal, TableService
from rules import GAMES
from storage import open_store

from .hostile import NASTY, hostile_text, unsafe_mentions

USERS = ["alice", "bob", "carol", "dave", "eve"]
CHANNELS = ["local", "wayfinders-1", "wayfinders-2"]
SETTINGS = settings(max_examples=40, deadline=None)
# Discord itself only sends integers in [-2**53, 2**53] for an integer option.
discord_int = st.integers(min_value=-(2**53), max_value=2**53) | st.sampled_from([0, -1, 3, 2**53])


class Harness:
    """One bot on the local table with game 1 (alice, bob, carol: running) and game 2 (dave's lobby)."""

    def __init__(self, tmp_path, monkeypatch):
        self.db = str(tmp_path / "games.db")
        self.loop = asyncio.new_event_loop()
        self.bodies: list[dict[str, Any]] = []
        bodies = self.bodies
        create, edit = LocalDiscord.create_message, LocalDiscord.edit_message

        def create_message(server, channel, body, uploads, **kw):
            bodies.append(dict(body))
            return create(server, channel, body, uploads, **kw)

        def edit_message(server, message_id, body, uploads, **kw):
            bodies.append(dict(body))
            return edit(server, message_id, body, uploads, **kw)

        monkeypatch.setattr(LocalDiscord, "create_message", create_message)
        monkeypatch.setattr(LocalDiscord, "edit_message", edit_message)
        self.table = LocalTable(lambda path: make_bot(path), self.db, out_dir=str(tmp_path / "out"))
        self.run(self.table.start())
        for user, line in [("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                           ("carol", "/game join game:1"), ("alice", "/game start game:1"),
                           ("dave", "/game new game:wayfinders")]:
            out = self.run(self.table.command(user, line))
            assert not out.refused, (line, [m.content for m in out])
        self.service = TableService(open_store(self.db))
        self.players = {self.table.registry.user(u).id for u in USERS}

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        self.service.store.close()
        self.run(self.table.close())
        self.loop.close()

    def fingerprint(self) -> list[tuple]:
        return self.service.store.conn.execute(
            "SELECT g.id, g.version, g.status, g.state, g.settings, g.rated,"
            " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id),"
            " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id AND m.undone),"
            " (SELECT group_concat(s.user_id || ':' || s.is_bot) FROM seats s WHERE s.game_id = g.id),"
            " (SELECT COUNT(*) FROM timers t WHERE t.game_id = g.id) FROM games g ORDER BY g.id").fetchall()

    def send(self, user: str, channel: str, name: str, options: list[dict[str, Any]], sub: str | None = None):
        """An APPLICATION_COMMAND interaction with exactly these option values (no parser in the way)."""
        reg = self.table.registry
        data_opts = [{"name": sub, "type": 1, "options": options}] if sub else options
        data = {"id": str(reg.command_id(name)), "name": name, "type": 1, "options": data_opts}
        who = self.table._user(user)
        where = self.table._channel(channel, create=True)
        return self.run(self.table._interact(2, data, who, where, label=f"/{name} {sub or ''}"))

    def refused_cleanly(self, replies, before) -> None:
        texts = [m.content for m in replies]
        assert not replies.errors, (replies.errors, replies.details)
        assert replies.refused, texts
        assert replies and all(m.ephemeral for m in replies), texts
        assert self.fingerprint() == before
        assert not unsafe_mentions(self.bodies, self.players)


@pytest.fixture()
def harness(tmp_path, monkeypatch):
    h = Harness(tmp_path, monkeypatch)
    yield h
    h.close()


def s(name: str, value: Any) -> dict[str, Any]:
    return {"name": name, "type": 3, "value": value}


def i(name: str, value: int) -> dict[str, Any]:
    return {"name": name, "type": 4, "value": value}


def is_legal(h: Harness, user: str, text: str) -> bool:
    table = h.service.table(1)
    seat = table.seat_of(h.table.registry.user(user).id)
    if seat is None or seat.seat not in table.to_act:
        return False
    try:
        h.service.resolve_move(table, seat.seat, text)
        return True
    except Refusal:
        return False


def test_hostile_play_move_text(harness):
    @SETTINGS
    @given(text=hostile_text, user=st.sampled_from(USERS), channel=st.sampled_from(CHANNELS),
           game=st.none() | st.sampled_from([1, 2, 3, 0, -5, 2**53]))
    def check(text, user, channel, game):
        if is_legal(harness, user, text) and game in (None, 1) and channel != "wayfinders-2":
            return
        before = harness.fingerprint()
        opts = [s("move", text)] + ([i("game", game)] if game is not None else [])
        harness.refused_cleanly(harness.send(user, channel, "play", opts), before)
    check()


def test_hostile_game_new_names_and_options(harness):
    @SETTINGS
    @given(key=hostile_text | st.just("wayfinders"), options=st.none() | hostile_text,
           user=st.sampled_from(USERS), channel=st.sampled_from(CHANNELS))
    def check(key, options, user, channel):
        before = harness.fingerprint()
        opts = [s("game", key)] + ([s("options", options)] if options is not None else [])
        out = harness.send(user, channel, "game", opts, sub="new")
        if not out.refused:  # valid options after all: a lobby opened, and its posts are safe too
            assert key.strip().lower() in GAMES and not out.errors
            assert len(harness.fingerprint()) == len(before) + 1
            assert not unsafe_mentions(harness.bodies, harness.players)
            return
        harness.refused_cleanly(out, before)
    check()


def test_hostile_ids_and_names_in_other_commands(harness):
    subs = ["join", "leave", "start", "status", "moves", "me", "log", "abandon"]

    @SETTINGS
    @given(sub=st.sampled_from(subs), game=discord_int.filter(lambda n: n not in (1, 2)),
           user=st.sampled_from(USERS), channel=st.sampled_from(CHANNELS), name=hostile_text)
    def check(sub, game, user, channel, name):
        before = harness.fingerprint()
        harness.refused_cleanly(harness.send(user, channel, "game", [i("game", game)], sub=sub), before)
        rules = harness.send(user, channel, "game", [s("name", name), i("game", game)], sub="rules")
        assert not rules.errors and all(m.ephemeral for m in rules)
        assert harness.fingerprint() == before
    check()


def test_other_games_are_out_of_reach(harness):
    """Players of game 1 cannot act in game 2 and the reverse; only creators (or Manage Server) abandon
    or change settings."""
    cases = [
        ("dave", "wayfinders-1", "play", [s("move", "return"), i("game", 1)], None),
        ("eve", "wayfinders-1", "play", [s("move", "return")], None),
        ("alice", "wayfinders-2", "play", [s("move", "return"), i("game", 2)], None),
        ("bob", "wayfinders-1", "game", [i("game", 1)], "abandon"),
        ("alice", "wayfinders-2", "game", [i("game", 2)], "abandon"),
        ("eve", "wayfinders-2", "game", [i("game", 2)], "start"),
        ("alice", "local", "game", [i("game", 1)], "join"),
        ("bob", "wayfinders-1", "game", [s("deadline", "12h"), i("game", 1)], "settings"),  # a player, not creator
        ("eve", "wayfinders-2", "game", [s("expire", "abandon"), i("game", 2)], "settings"),
        ("alice", "wayfinders-2", "game", [s("deadline", "none"), i("game", 2)], "settings"),
        ("eve", "wayfinders-2", "game", [i("game", 2)], "addbot"),  # not seated there
        ("dave", "wayfinders-1", "game", [i("game", 1)], "undo"),
        ("eve", "wayfinders-1", "game", [i("game", 1)], "leave"),
    ]
    for user, channel, name, opts, sub in cases:
        before = harness.fingerprint()
        harness.refused_cleanly(harness.send(user, channel, name, opts, sub), before)
    out = harness.send("admin", "wayfinders-2", "game", [s("deadline", "24h"), i("game", 2)], "settings")
    assert not out.refused and harness.service.table(2).game.settings.get("deadline") == "24h"  # Manage Server
    out = harness.send("admin", "wayfinders-1", "game", [i("game", 1)], "abandon")  # Manage Server
    assert not out.refused and harness.service.table(1).game.status == "abandoned"


def test_nasty_display_names_cannot_ping(harness):
    """A player named @everyone joins, is named in lobby posts and turn posts: nobody is pinged by it."""
    nasty = ("the @everyone", "hi @here <@&1>")
    for name in nasty:
        out = harness.run(harness.table.command(name, "/game join game:2"))
        assert not out.refused
    out = harness.run(harness.table.command("dave", "/game start game:2"))
    assert not out.refused
    players = harness.players | {harness.table.registry.user(n).id for n in nasty}
    contents = [b.get("content") or "" for b in harness.bodies]
    assert any("@\u200beveryone" in c for c in contents)  # the name is shown, escaped (host/names.py)
    assert not any("@everyone" in c or "<@&1>" in c for c in contents)
    assert not unsafe_mentions(harness.bodies, players)
    assert NASTY  # the same catalogue the property tests draw from

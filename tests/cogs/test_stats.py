"""`/stats me` and `/stats server`: counts, average scores, ratings without bots or unrated games, co-op rates."""
from __future__ import annotations

import asyncio

import pytest

from host.ratings import START
from host.stats import Stats, is_coop_key
from storage import GameStore, ResultRow, open_store

from .test_commands import Session, texts

GUILD = 1
USERS = {1: "alice", 2: "bob", 3: "carol"}


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "s.db")
    yield s
    s.close()


def finish(store, players, *, at, key="wayfinders", rated=True, guild=GUILD, options=None):
    """A finished game; players = [(user id or None for a bot, score, rank, won)]."""
    games = GameStore(store)
    first = players[0][0]
    g = games.create(game_key=key, guild_id=guild, channel_id=5, creator_id=first or 99,
                     creator_name=USERS.get(first, "x"), options=options or {}, settings={}, seed=1, now=at)
    for uid, *_ in players[1:]:
        g = games.add_seat(g.id, g.version, user_id=uid, name=USERS.get(uid, "Bot 1 (greedy)"), is_bot=uid is None,
                           now=at)
    g = games.start(g.id, g.version, state="{}", to_act=["p1"], now=at)
    rows = [ResultRow(game_id=g.id, seat=f"p{i + 1}", user_id=uid, game_key=key, guild_id=guild, score=score,
                      rank=rank, won=won, is_bot=uid is None, finished_at=at)
            for i, (uid, score, rank, won) in enumerate(players)]
    games.end(g.id, g.version, status="finished", state=None, now=at, results=rows)
    if not rated:
        store.conn.execute("UPDATE games SET rated = 0 WHERE id = ?", (g.id,))
    return g.id


def test_me_counts_every_game_but_rates_only_rated_human_games(store):
    finish(store, [(1, 30, 1, True), (2, 20, 2, False)], at=1)
    finish(store, [(1, 10, 2, False), (None, 40, 1, True)], at=2)  # against a bot: no rating change
    finish(store, [(2, 50, 1, True), (1, 20, 2, False)], at=3, rated=False)  # a bot took over: unrated
    lines = Stats(store).me(1, GUILD, None, "en")
    text = "\n".join(lines)
    assert "**Wayfinders**: 3 played, 1 won (33%), average score 20.0" in text
    assert f"rating {START + 16:.0f} (1 rated game)" in text
    bob = "\n".join(Stats(store).me(2, GUILD, None, "en"))
    assert f"rating {START - 16:.0f}" in bob and "2 played, 1 won" in bob


def test_me_with_nothing_and_in_spanish(store):
    assert Stats(store).me(1, GUILD, None, "en") == ["You have not finished a game here yet."]
    finish(store, [(1, 30, 1, True), (2, 20, 2, False)], at=1)
    es = "\n".join(Stats(store).me(1, GUILD, "wayfinders", "es"))
    assert "1 jugada, 1 ganada (100%), puntuación media 30,0" in es


def test_server_ranks_by_rating_and_lists_bot_only_players_apart(store):
    finish(store, [(1, 30, 1, True), (2, 20, 2, False), (3, 10, 3, False)], at=1)
    finish(store, [(2, 35, 1, True), (1, 25, 2, False)], at=2)
    finish(store, [(None, 99, 1, True), (1, 5, 2, False)], at=3)
    finish(store, [(1, 30, 1, True), (2, 20, 2, False)], at=4, guild=2)  # another server: not counted
    lines = Stats(store).server(GUILD, "wayfinders", "en")
    assert lines[0] == "**Wayfinders** on this server: 3 finished games"
    rated = [line for line in lines if line[:2] in ("1.", "2.", "3.")]
    assert [line.split(":")[0] for line in rated] == ["1. bob", "2. alice", "3. carol"]
    assert "Bot" not in "\n".join(lines)
    assert "2 rated games), 2 played, 1 won, average score 27.5" in rated[0]


def test_server_coop_win_rate_per_scenario(store, monkeypatch):
    from rules import GAMES
    monkeypatch.setattr(type(GAMES["flotilla"]), "coop", True, raising=False)
    finish(store, [(1, 0, 1, True), (2, 0, 1, True)], at=1, key="flotilla", options={"scenario": "castaways"})
    finish(store, [(1, 0, 1, False), (2, 0, 1, False)], at=2, key="flotilla", options={"scenario": "castaways"})
    finish(store, [(1, 0, 1, True), (3, 0, 1, True)], at=3, key="flotilla", options={"scenario": "king"})
    finish(store, [(2, 0, 1, False), (3, 0, 1, False)], at=4, key="flotilla", options={"difficulty": "hard"})
    text = "\n".join(Stats(store).server(GUILD, "flotilla", "en"))
    assert "scenario castaways: 1/2 won (50%)" in text and "scenario king: 1/1 won (100%)" in text
    assert "scenario standard (hard): 0/1 won (0%)" in text
    assert "rating" not in text.lower()
    me = "\n".join(Stats(store).me(1, GUILD, "flotilla", "en"))
    assert "(co-operative): 3 played, 2 won (67%)" in me and "scenario castaways: 1/2 won" in me


def test_stats_commands_on_the_local_table(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/stats me")
            assert not out.refused and all(m.ephemeral for m in out)
            assert "not finished a game" in texts(out)
            out = await s.cmd("alice", "/stats server game:wayfinders")
            assert not out.refused and "No game of Wayfinders" in texts(out)
            out = await s.cmd("alice", "/stats server game:chess")
            assert out.refused and all(m.ephemeral for m in out)
    asyncio.run(go())


def test_robinson_is_co_operative_with_a_win_rate_per_scenario(store):
    """The real co-op engine, nothing patched: every seat won or lost together, ranks all 1."""
    finish(store, [(1, 0, 1, True), (2, 0, 1, True)], at=1, key="robinson")
    finish(store, [(1, 0, 1, False), (3, 0, 1, False)], at=2, key="robinson")
    finish(store, [(2, 0, 1, True), (None, 0, 1, True)], at=3, key="robinson", options={"difficulty": "hard"})
    text = "\n".join(Stats(store).server(GUILD, "robinson", "en"))
    assert "3 finished games" in text
    assert "scenario Castaways: 1/2 won (50%)" in text and "scenario Castaways (hard): 1/1 won (100%)" in text
    assert "standard" not in text and "rating" not in text.lower()
    es = "\n".join(Stats(store).me(2, GUILD, "robinson", "es"))
    assert "(cooperativo): 2 jugadas, 2 ganadas (100%)" in es and "escenario Náufragos (difícil): 1/1 ganadas" in es
    assert is_coop_key("robinson", [])  # the engine says so, not a guess from finished tables

"""Wayfinders' asynchronous play, "Done when": a 3-player Wayfinders game with one bot seat and a 12 h deadline, left alone
for two simulated days on the local table, then played to the end.

Driven as `bot.py local --now …` drives it: every step of simulated time opens the table again
on a clock set to that moment (one process per command on the CLI), so the timers due by then
fire at start-up, before the command, and what they posted comes back with the command's replies.
Alice plays in English, bob in Spanish (`--locale es`); the server (thread posts) is English.
"""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

from bot import make_bot
from host.deadlines import EXPIRE, REMIND
from local import LocalTable
from rules.bots import choose

from tests.cogs.test_deadlines import HOUR, THREAD, Clock

T0 = Clock().now
LOCALES = {"alice": "en-US", "bob": "es-ES"}


class Local:
    """The local table as a user meets it: each `at(t)` is a fresh bot on a clock set to T0 + t."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.clock = Clock()
        self.table: LocalTable | None = None
        self.thread: list = []  # every message posted in the game's thread, in order
        self.private: dict[str, list] = {"alice": [], "bob": []}  # ephemeral replies and DMs per user

    async def at(self, hours: float) -> None:
        await self.close()
        self.clock.now = T0 + hours * HOUR
        self.table = LocalTable(lambda path, **k: make_bot(path, **k), str(self.tmp / "games.db"),
                                out_dir=str(self.tmp / "out"), clock=self.clock)
        await self.table.start()

    async def close(self) -> None:
        if self.table is not None:
            await self.table.close()
            self.table = None

    async def cmd(self, user: str, line: str, channel: str = "local"):
        assert self.table is not None
        self.table.locale = LOCALES[user]  # `--locale es` for bob's commands
        out = await self.table.command(user, line, channel)
        assert not out.refused, (line, out.errors, [m.content for m in out])
        for m in out:
            if m.channel == THREAD and not m.ephemeral:
                self.thread.append(m)
            elif m.ephemeral and m.to_user in self.private:
                self.private[m.to_user].append(m)
            elif m.channel.startswith("@") and m.channel[1:] in self.private:
                self.private[m.channel[1:]].append(m)
        return out

    @property
    def service(self):
        assert self.table is not None
        return self.table.bot.service

    def game(self):
        return self.service.table(1)

    def timers(self) -> list:
        return sorted(self.table.bot.get_cog("DeadlinesCog").scheduler.timers.for_game(1),  # type: ignore
                      key=lambda t: t.due_at)


def texts(messages) -> str:
    return "\n".join(m.text() for m in messages)


def test_a_game_left_alone_for_two_days_still_ends_with_replay_chart_and_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "11")  # the same game every run
    asyncio.run(scenario(Local(tmp_path)))


async def scenario(s: Local) -> None:
    # Day 0: alice opens a game with one bot seat, bob (Spanish client) joins, alice sets 12 h and starts.
    await s.at(0)
    await s.cmd("alice", "/game new game:wayfinders bots:1")
    joined = await s.cmd("bob", "/game join game:1")
    assert "Te has unido a Wayfinders #1" in texts(joined)
    settings = await s.cmd("alice", "/game settings deadline:12h game:1")
    assert "12h" in texts(settings)
    await s.cmd("bob", "/game notify setting:on game:1")
    assert "mensaje directo" in texts(s.private["bob"][-1:])
    await s.cmd("alice", "/game start game:1")
    table = s.game()
    assert table.game.status == "active" and table.game.rated
    assert [row.is_bot for row in table.seats].count(True) == 1
    # A bot seat moves by itself; the deadline applies only to the human who must decide now.
    waiting = table.user_of(table.to_act[0])
    assert not waiting.is_bot
    due = [(t.kind, round((t.due_at - T0) / HOUR, 2)) for t in s.timers()]
    start = round((table.game.updated_at - T0) / HOUR, 2)
    assert due == [(REMIND, start + 6), (REMIND, start + 11), (EXPIRE, start + 12)]

    # Nobody plays for two days: the table is opened at every moment something falls due.
    expired: list[str] = []
    while True:
        nxt = s.timers()[0] if s.timers() else None
        if nxt is None or nxt.due_at > T0 + 48 * HOUR:
            break
        late = s.game().user_of(s.game().to_act[0]).name
        before = len(s.thread)
        await s.at((nxt.due_at - T0) / HOUR)
        await s.cmd("alice", "/game status game:1")
        posted = texts(s.thread[before:])
        if nxt.kind == REMIND and nxt.payload["mark"] == "half" and not expired:
            again = len(s.thread)
            await s.at((nxt.due_at - T0) / HOUR + 0.5)  # the table opened again a little later
            await s.cmd("alice", "/game status game:1")
            assert not [m for m in s.thread[again:] if "still your decision" in m.content]  # never twice
        if nxt.kind == REMIND:
            left = "6h" if nxt.payload["mark"] == "half" else "1h"
            said = [s.table.render(m) for m in s.thread[before:] if "still your decision" in m.content]
            assert len(said) == 1, posted
            assert f"⏰ @{late}: it is still your decision in Wayfinders #1. Time left: {left};" in said[0]
            assert "Time is up" not in posted
        else:
            assert f"Time is up for {late}" in posted and "A bot played in their place" in posted, posted
            assert any(m.files and m.files[0].endswith(".png") for m in s.thread[before:])
            expired.append(late)
    # Four 12 h deadlines in two days: each human missed two turns, each time replaced by a bot.
    assert sorted(expired) == ["alice", "alice", "bob", "bob"], expired
    reminders = [m.content for m in s.thread if "it is still your decision" in m.content]
    assert len(reminders) == 8  # half-time and 1 h before, for each of the four deadlines
    assert s.game().game.rated is False  # a bot played for a human: the game no longer counts for ratings

    # Then they come back and play it out (a move every few minutes); bob's private replies are Spanish.
    hours = 48.5
    await s.at(hours)
    for _ in range(400):
        table = s.game()
        if table.game.status != "active":
            break
        seat = table.to_act[0]
        who = table.user_of(seat)
        assert not who.is_bot  # bot seats never keep a human waiting
        move = choose(table.engine, table.state, seat, "greedy", table.game.seed)
        hours += 0.05
        s.clock.now = T0 + hours * HOUR
        await s.cmd(who.name, f"/play move:{move.id}", THREAD)
    assert s.game().game.status == "finished"
    # The end in the thread: the final board with the scores, the score chart, the animated replay.
    final, chart, film = s.thread[-3:]
    names = {row.name for row in s.game().seats}
    scores = s.table.render(final)
    assert "Final scores" in scores and all(n in scores for n in names), scores
    assert chart.content.startswith("📈 Score progression of Wayfinders #1") and chart.files[0].endswith(".png")
    assert film.content.startswith("🎞️ Replay of Wayfinders #1") and film.files[0].endswith(".gif")
    assert Path(film.files[0]).stat().st_size < 8_000_000

    bob_private = texts(s.private["bob"])
    assert "Hecho: " in bob_private and "Done: " not in bob_private, bob_private[-500:]
    dms = [m.content for m in s.private["bob"] if m.channel == "@bob"]
    assert dms and all(d.startswith("Te toca en Wayfinders #1") for d in dms), dms  # his DMs too
    # a player named in a move's label reads as the player, never as a seat id
    assert not re.search(r"\bp[123]\b", bob_private), re.findall(r".{40}\bp[123]\b", bob_private)
    stats = await s.cmd("bob", "/stats me")
    assert "Tus resultados en este servidor" in texts(stats) and "Wayfinders" in texts(stats)
    assert re.search(r"1 jugada, (?:0 ganadas|1 ganada)", texts(stats)), texts(stats)
    stats = await s.cmd("alice", "/stats me")
    assert re.search(r"\*\*Wayfinders\*\*: 1 played, [01] won", texts(stats)), texts(stats)
    moves = len(s.service.games.moves(1))
    pages = (moves + 14) // 15
    first = texts(await s.cmd("bob", "/game log game:1 page:1"))
    assert f"**Wayfinders #1** — registro, página 1 de {pages}" in first and "**1.**" in first, first
    last = texts(await s.cmd("bob", "/game log game:1"))
    assert f"página {pages} de {pages}" in last and f"**{moves}.**" in last, last
    again = await s.cmd("bob", "/game replay game:1")
    assert all(m.ephemeral for m in again) and any(f.endswith(".gif") for m in again for f in m.files)
    assert "Repetición de Wayfinders #1" in texts(again), texts(again)
    server = texts(await s.cmd("bob", "/stats server game:wayfinders"))
    assert "1 partida terminada" in server and "Aún sin clasificación" in server, server  # unrated: a bot stood in
    await s.close()

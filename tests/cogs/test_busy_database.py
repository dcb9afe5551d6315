"""Another process holding the write lock delays only the commands that need the
database (they are acknowledged in time and end in a private "busy" reply, changing nothing); the event
loop keeps running meanwhile.  Storage calls run on one worker thread (host/offloop.py)."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot import make_bot
from cogs.info import log_page
from host.tables import TableService
from local import LocalTable
from host import offloop
from host.refusal import Refusal
from storage import open_reader, open_store

from .test_commands import Session, texts, to_act_user


class BotDbSession(Session):
    """The bot on its own database file (`bot_db`), apart from the local table's fake Discord (which keeps
    its records in `db`): the lock below is on the bot's database only, as on a real host."""

    def __init__(self, tmp):
        self.db = str(tmp / "games.db")
        self.table = LocalTable(lambda _path: make_bot(self.db), str(tmp / "discord.db"), out_dir=str(tmp / "out"))


def games_in(db: str) -> int:
    service = TableService(open_store(db))
    try:
        return len(service.games.find(limit=100))
    finally:
        service.store.close()


def last_record(s: Session, label: str):
    return [r for r in s.table.server.interactions.values() if r.label.startswith(label)][-1]


def test_a_locked_database_gets_a_private_busy_reply_in_time_and_the_loop_keeps_running(tmp_path):
    async def go():
        async with BotDbSession(tmp_path) as s:
            ticks = 0

            async def ticker() -> None:  # another coroutine on the loop: it only advances if the loop is free
                nonlocal ticks
                while True:
                    ticks += 1
                    await asyncio.sleep(0.01)

            task = asyncio.get_running_loop().create_task(ticker(), name="background:ticker")
            other = sqlite3.connect(s.db, isolation_level=None)  # another process's connection
            other.execute("BEGIN IMMEDIATE")  # holds the write lock
            try:
                before = ticks
                out = await s.cmd("alice", "/game new game:wayfinders")
                during = ticks - before
            finally:
                other.execute("ROLLBACK")
                other.close()
            task.cancel()
            rec = last_record(s, "/game new")
            assert not rec.expired and rec.response_type == 5 and rec.ephemeral  # deferred privately, in time
            assert out.refused and out.errors == [], out.errors  # refused, not a failure of the bot
            assert len(out) == 1 and out[0].ephemeral and "database is busy" in out[0].content, texts(out)
            # The write waited on the storage thread (storage.BUSY_TIMEOUT, 2.5 s): a frozen loop would have
            # let the ticker run about once; a free one runs it every 10 ms of that wait.
            assert during >= 50, during
            assert games_in(s.db) == 0  # nothing changed
            out = await s.cmd("alice", "/game new game:wayfinders")  # the lock is gone: it works again
            assert not out.refused, texts(out)
            assert games_in(s.db) == 1
    asyncio.run(go())


def test_the_busy_reply_is_translated(tmp_path):
    from host.i18n import t
    assert "ocupada" in t("host.error.busy", "es") and "busy" in t("host.error.busy", "en")


def seats_of(db: str, game_id: int = 1) -> list[str]:
    service = TableService(open_store(db))
    try:
        return [x.name for x in service.table(game_id).seats]
    finally:
        service.store.close()


def test_joining_while_the_database_is_locked_is_refused_as_busy_and_changes_nothing(tmp_path):
    """/game join answers without deferring when all goes well; under the lock its read still works and
    its write gives up: it is deferred in time (privately) and refused as busy."""
    async def go():
        async with BotDbSession(tmp_path) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            other = sqlite3.connect(s.db, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            try:
                out = await s.cmd("bob", "/game join game:1")
            finally:
                other.execute("ROLLBACK")
                other.close()
            rec = last_record(s, "/game join")
            assert not rec.expired and rec.response_type == 5 and rec.ephemeral
            assert out.refused and out.errors == [] and all(m.ephemeral for m in out), texts(out)
            assert "database is busy" in texts(out) and seats_of(s.db) == ["alice"]
            out = await s.cmd("bob", "/game join game:1")
            assert not out.refused and seats_of(s.db) == ["alice", "bob"], texts(out)
    asyncio.run(go())


def test_autocomplete_reads_on_its_own_connection_while_a_write_waits_for_the_lock(tmp_path):
    """Autocomplete cannot be deferred and has Discord's 3 seconds: it reads on its own read-only connection
    (host/offloop.py `read`), so a write waiting on the storage thread for another process's lock never
    delays it.  Shown by order, not by timing: the suggestions' reads come back while the write still waits.
    (The local table runs one interaction at a time, so the write here is a storage call of its own.)"""
    async def go():
        async with BotDbSession(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start game:1")
            first = to_act_user(s.db)
            bot, guild = s.table.bot, s.table.registry.guild_id
            other = sqlite3.connect(s.db, isolation_level=None)  # another process's connection
            other.execute("BEGIN IMMEDIATE")  # holds the write lock
            try:
                write = asyncio.ensure_future(offloop.call(bot.store.probe_write))  # waits up to BUSY_TIMEOUT
                await asyncio.sleep(0.1)
                assert not write.done()
                tables = await bot.read("list_games", guild)
                page = await bot.read(log_page, tables[0], "en", None)  # a function of the read service
                read_first = not write.done()
                suggested = await s.table.complete(first, "/play move:", "wayfinders-1")  # after the write
            finally:
                other.execute("ROLLBACK")
                other.close()
            assert read_first, "the read waited for the write"
            assert [t.game.number for t in tables] == [1] and tables[0].game.status == "active"
            assert page and "Wayfinders" in page[0], page
            with pytest.raises(Refusal):
                await write  # the write itself gave up as busy, as before
            assert len(list(suggested)) > 0 and suggested.errors == []
            rec = last_record(s, "complete /play")
            assert not rec.expired and rec.response_type == 8
    asyncio.run(go())


def test_the_read_connection_refuses_writes(tmp_path):
    store = open_store(tmp_path / "g.db")
    reader = open_reader(store)
    try:
        assert reader is not store
        with pytest.raises(sqlite3.OperationalError):
            reader.conn.execute("CREATE TABLE x (y)")
        with pytest.raises(sqlite3.OperationalError):
            reader.begin()
        assert reader.conn.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)
    finally:
        reader.close()
        store.close()

"""Deadlines, reminders, expiry, turn DMs and permissions through the real bot on the local table.

The bot runs on a fake clock (`make_bot(path, clock=...)`); timers are fired by
calling the scheduler's `run_due()` after moving the clock, never by waiting.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

import discord

from bot import make_bot
from host.deadlines import EXPIRE, REMIND
from local import LocalTable
from local.payloads import channel_payload
from storage.prefs import PrefsStore

HOUR = 3600.0
THREAD = "wayfinders-1"


def run(coro):
    return asyncio.run(coro)


class Clock:
    def __init__(self, now: float = 1_900_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * HOUR


class Table:
    """A LocalTable on a fake clock, with helpers to read the game and fire timers."""

    def __init__(self, tmp: Path, clock: Clock, **kw):
        self.db = str(tmp / "games.db")
        self.clock = clock
        self.t = LocalTable(lambda path, **k: make_bot(path, **k), self.db, out_dir=str(tmp / "out"),
                            clock=clock, **kw)

    async def __aenter__(self) -> "Table":
        await self.t.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.t.close()

    async def cmd(self, user: str, line: str, channel: str = "local"):
        return await self.t.command(user, line, channel)

    @property
    def service(self):
        return self.t.bot.service

    @property
    def cog(self):
        return self.t.bot.get_cog("DeadlinesCog")

    def game(self, game_id: int = 1):
        return self.service.table(game_id)

    def waiting_name(self, game_id: int = 1) -> str:
        table = self.game(game_id)
        return table.user_of(table.to_act[0]).name

    def timers(self, game_id: int = 1) -> list:
        return self.cog.scheduler.timers.for_game(game_id)

    def drain(self) -> list:
        """What the bot posted outside interactions (timers) since the last look."""
        out, self.t.server.outbox = self.t.server.outbox, []
        return out

    async def fire(self, hours: float) -> list:
        self.clock.advance(hours)
        self.drain()
        await self.cog.scheduler.run_due()
        return self.drain()

    async def play_first(self, game_id: int = 1) -> str:
        """The waiting player plays their first legal move; returns who played."""
        table = self.game(game_id)
        who = table.user_of(table.to_act[0])
        move = table.engine.legal_moves(table.state, who.seat)[0]
        out = await self.cmd(who.name, f"/play move:{move.id}", THREAD)
        assert not out.refused, out.errors
        return who.name


    async def play_plain(self, user: str) -> None:
        """`user` plays their first legal move that is no barrier (one `/game undo` can take back)."""
        table = self.game()
        seat = next(r.seat for r in table.seats if r.name == user)
        move = next(m for m in table.engine.legal_moves(table.state, seat) if not m.barrier)
        out = await self.cmd(user, f"/play move:{move.id}")
        assert not out.refused, out.errors


async def two_player_game(s: Table, *extra: str) -> None:
    out = await s.cmd("alice", "/game new game:wayfinders")
    assert not out.refused, out.errors
    for name in ("bob", *extra):
        assert not (await s.cmd(name, "/game join game:1")).refused
    assert not (await s.cmd("alice", "/game start game:1")).refused


def contents(sent) -> str:
    return "\n".join(m.text() for m in sent)


# ---- expiry ---------------------------------------------------------------------------------

def test_start_schedules_the_default_48h_deadline_with_two_reminders(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            timers = sorted(s.timers(), key=lambda t: t.due_at)
            start = s.clock.now
            assert [(t.kind, t.due_at - start) for t in timers] == [
                (REMIND, 24 * HOUR), (REMIND, 47 * HOUR), (EXPIRE, 48 * HOUR)]
            assert [t.payload["mark"] for t in timers[:2]] == ["half", "hour"]
            assert timers[2].payload["seats"] == s.game().to_act
            assert s.game().game.deadline == start + 48 * HOUR
    run(go())


def test_expiry_lets_a_bot_play_posts_the_board_and_unrates_the_game(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            late = s.waiting_name()
            version = s.game().game.version
            assert s.game().game.rated
            posted = await s.fire(48.01)
            assert len(posted) == 1  # one post: "Time is up", what the bot did, the board for the next player
            board = posted[0]
            assert board.channel == THREAD and f"Time is up for {late}" in board.text()
            assert "A bot played in their place" in board.text()
            assert board.files and board.files[0].endswith(".png")
            table = s.game()
            assert table.game.rated is False
            assert table.game.version > version and table.user_of(table.to_act[0]).name != late
            log = s.service.games.moves(1)
            # the bot kept going while the same player still had to decide within that turn
            assert log and {(m.user_id, table.user_of(m.seat).name) for m in log} == {(None, late)}
            assert board.content == f"<@{table.user_of(table.to_act[0]).user_id}>"  # only the next player is pinged
            # the next player's deadline counts from the bot's move
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.due_at == s.clock.now + 48 * HOUR and expire.payload["version"] == table.game.version
    run(go())


def test_expiry_with_policy_abandon_ends_the_game_and_clears_its_timers(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            out = await s.cmd("alice", "/game settings expire:abandon deadline:12h")
            assert not out.refused, out.errors
            late = s.waiting_name()
            posted = await s.fire(12.01)
            assert contents(posted).count("Time is up") == 1
            assert f"no move from {late} within 12h" in posted[0].content and "abandoned" in posted[0].content
            table = s.game()
            assert table.game.status == "abandoned" and table.game.rated  # no bot played: still rated
            assert s.timers() == [] and table.game.deadline is None
            assert s.service.games.moves(1) == []
    run(go())


def test_reminders_at_half_and_one_hour_before_are_never_repeated(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            late = s.waiting_name()
            half = await s.fire(24.01)
            assert len(half) == 1 and "it is still your decision" in half[0].content
            assert "Time left: 23h" in half[0].content and half[0].channel == THREAD
            assert await s.fire(0.5) == []
            # changing the settings within the same turn re-plans the timers but never re-sends "half"
            assert not (await s.cmd("alice", "/game settings deadline:72h")).refused
            s.drain()
            marks = [t.payload.get("mark") for t in s.timers() if t.kind == REMIND]
            assert marks == ["hour"]
            hour = await s.fire(71 - 24.51)  # one hour before the 72h deadline
            assert len(hour) == 1 and "Time left: 1h" in hour[0].content
            assert await s.fire(0.5) == []
            expired = await s.fire(0.5)
            assert f"Time is up for {late}" in expired[0].text()
    run(go())


def test_a_reminder_whose_time_is_past_is_not_scheduled_and_an_overdue_turn_expires_at_once(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            s.clock.advance(30)
            late = s.waiting_name()
            planned = []
            real_add = s.cog.scheduler.add
            s.cog.scheduler.add = lambda kind, due, **kw: planned.append(kind) or real_add(kind, due, **kw)
            out = await s.cmd("alice", "/game settings deadline:12h")
            assert not out.refused
            assert planned[0] == EXPIRE and REMIND not in planned[:2]  # both 12h reminders lie in the past
            await s.cog.scheduler.run_due()  # (the scheduler's own task may have fired it already)
            said = contents(list(out) + s.drain())
            assert said.count(f"Time is up for {late}") == 1
    run(go())


def test_timers_that_fell_due_while_the_bot_was_down_fire_at_start_up(tmp_path):
    async def go():
        clock = Clock()
        async with Table(tmp_path, clock) as s:
            await two_player_game(s)
            late = s.waiting_name()
        clock.advance(50)  # the bot was away for two days
        again = Table(tmp_path, clock)
        async with again:
            posted = again.drain()  # everything start-up sent, before any command
            text = contents(posted)
            assert f"Time is up for {late}" in text and "it is still your decision" not in text
            assert any(m.files for m in posted)
            assert again.game().game.rated is False
    run(go())


def test_deadline_none_schedules_nothing(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            assert not (await s.cmd("alice", "/game settings deadline:none")).refused
            await s.cmd("alice", "/game start game:1")
            assert s.timers() == []
            assert await s.fire(24 * 30) == []
    run(go())


# ---- settings and permissions -------------------------------------------------------------

def test_only_the_creator_or_manage_server_may_change_settings(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            refused = await s.cmd("bob", "/game settings deadline:7d", THREAD)
            assert refused.refused and [m.ephemeral for m in refused] == [True]
            assert "Only the player who opened this game, or someone with Manage Server" in refused[0].content
            assert s.game().game.settings == {}
            shown = await s.cmd("bob", "/game settings", THREAD)  # looking is fine for anyone
            assert not shown.refused and "turn deadline **48h**" in shown[0].content
            managed = await s.cmd("admin", "/game settings deadline:7d expire:abandon game:1")
            assert not managed.refused
            assert s.game().game.settings == {"deadline": "7d", "expire": "abandon"}
            public = [m for m in managed if m.channel == THREAD and not m.ephemeral]
            assert public and "admin changed the settings" in public[0].content
            assert next(t for t in s.timers() if t.kind == EXPIRE).payload["deadline"] > s.clock.now + 100 * HOUR
    run(go())


def test_settings_changes_do_not_make_the_board_buttons_stale(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            version = s.game().game.version
            await s.cmd("alice", "/game settings deadline:24h")
            assert s.game().game.version == version
    run(go())


def test_only_the_creator_or_manage_server_may_abandon(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            refused = await s.cmd("bob", "/game abandon", THREAD)
            assert refused.refused and "Only the player who opened this game" in refused[0].content
            assert s.game().game.status == "active"
            assert not (await s.cmd("admin", "/game abandon game:1")).refused
            assert s.game().game.status == "abandoned"
    run(go())


def test_spectators_see_the_board_but_not_a_private_view(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            status = await s.cmd("carol", "/game status", THREAD)
            assert not status.refused and status[0].files
            me = await s.cmd("carol", "/game me", THREAD)
            assert me.refused and "You are watching this game, not playing it" in me[0].content
            assert not me[0].files
            assert not (await s.cmd("bob", "/game me", THREAD)).refused
    run(go())


# ---- turn DMs ----------------------------------------------------------------------------------

def test_notify_on_sends_a_dm_when_the_turn_begins_not_at_each_step_of_it(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            bob_id = s.service.games.seats(1)[1].user_id
            out = await s.cmd("bob", "/game notify on", THREAD)
            assert not out.refused and "direct message when it becomes your turn" in out[0].content
            assert PrefsStore(s.service.store).notify(1, bob_id)
            began = 0
            for _ in range(40):
                before = s.waiting_name()
                table = s.game()
                who = table.user_of(table.to_act[0])
                move = table.engine.legal_moves(table.state, who.seat)[0]
                out = await s.cmd(who.name, f"/play move:{move.id}", THREAD)
                dms = [m for m in out if m.channel == "@bob"]
                if before != "bob" and s.waiting_name() == "bob":
                    began += 1
                    assert len(dms) == 1 and "It is your turn in Wayfinders #1" in dms[0].content
                else:
                    assert dms == []
            assert began >= 1
            assert not (await s.cmd("bob", "/game notify off", THREAD)).refused
            assert not PrefsStore(s.service.store).notify(1, bob_id)
    run(go())


def test_a_closed_dm_falls_back_to_the_thread_and_is_remembered_until_notify_on(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), closed_dms=["bob"]) as s:
            await two_player_game(s)
            prefs = PrefsStore(s.service.store)
            bob_id = s.service.games.seats(1)[1].user_id
            assert not (await s.cmd("bob", "/game notify on", THREAD)).refused
            notices, began = [], 0
            for _ in range(80):  # until two of bob's turns have begun
                table = s.game()
                who = table.user_of(table.to_act[0])
                move = table.engine.legal_moves(table.state, who.seat)[0]
                out = await s.cmd(who.name, f"/play move:{move.id}", THREAD)
                notices += [m for m in out if "could not send you a direct message" in m.content]
                assert not [m for m in out if m.channel == "@bob"]
                if who.name != "bob" and s.waiting_name() == "bob":
                    began += 1
                    if began == 2:
                        break
            assert began == 2
            assert len(notices) == 1 and notices[0].channel == THREAD  # tried once, then remembered
            assert f"<@{bob_id}>" in notices[0].content
            assert prefs.dm_closed(bob_id)
            await s.cmd("bob", "/game notify on", THREAD)
            assert not prefs.dm_closed(bob_id)  # asking again means: try again
    run(go())


def test_notify_refuses_spectators(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            out = await s.cmd("carol", "/game notify on", THREAD)
            assert out.refused and "You are not a player in this game" in out[0].content
    run(go())


# ---- missing permissions and archived threads -------------------------------------------------

BASE = dict(view_channel=True, send_messages=True, send_messages_in_threads=True, attach_files=True,
            embed_links=True, create_public_threads=True, read_message_history=True)


def perms(**off: bool) -> discord.Permissions:
    return discord.Permissions(**{**BASE, **off})


def test_without_create_threads_the_user_is_told_the_game_lives_in_the_channel(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), bot_permissions=perms(create_public_threads=False)) as s:
            out = await s.cmd("alice", "/game new game:wayfinders")
            assert not out.refused
            assert "missing the Create Public Threads permission" in out[0].content
    run(go())


def test_without_attach_files_the_user_is_told_which_permission_is_missing(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), bot_permissions=perms(attach_files=False)) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            out = await s.cmd("alice", "/game start game:1")
            told = [m for m in out if m.ephemeral and "Attach Files" in m.content]
            assert told and "missing the Attach Files permission" in told[0].content
            assert s.game().game.status == "active"  # started all the same
    run(go())


def test_without_send_messages_in_threads_the_user_is_told(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), bot_permissions=perms(send_messages_in_threads=False)) as s:
            out = await s.cmd("alice", "/game new game:wayfinders")
            assert any("missing permission to send messages" in m.content for m in out)
    run(go())


def test_the_turn_post_unarchives_the_games_thread(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            thread_id = s.game().game.thread_id
            # A week without a word: Discord archives the thread and tells the bot (THREAD_UPDATE).
            s.t.registry.update_channel(thread_id, archived=True)
            s.t.server._gateway("parse_thread_update",
                                channel_payload(s.t.registry.find_channel(THREAD), s.t.registry))
            assert s.t.bot.get_channel(thread_id) is None  # discord.py drops archived threads from its cache
            s.t.server.requests.clear()
            posted = await s.fire(48.01)  # the deadline's posts: no interaction involved, only ops.post
            assert ("PATCH", "/channels/{channel_id}") in s.t.server.requests  # ops.post unarchived it first
            assert not s.t.registry.find_channel(THREAD).archived
            assert [m.channel for m in posted] == [THREAD] and posted[0].files  # one board, "Time is up" on it
    run(go())


def test_expiry_posts_in_the_servers_language(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), guild_locale="es-ES") as s:
            await two_player_game(s)
            posted = await s.fire(48.01)
            assert "Se acabó el tiempo" in posted[0].text() and "Un bot jugó en su lugar" in posted[0].text()
    run(go())


def test_status_shows_how_long_the_turn_has_left(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            assert "Turn deadline: 2d left." in (await s.cmd("carol", "/game status game:1"))[0].content
            s.clock.advance(10)
            assert "Turn deadline: 1d 14h left." in (await s.cmd("carol", "/game status game:1"))[0].content
            await s.cmd("alice", "/game settings deadline:none game:1")
            assert "Turn deadline" not in (await s.cmd("carol", "/game status game:1"))[0].content
    run(go())


def test_the_turn_dm_is_in_the_players_own_language(tmp_path):
    """A DM has no interaction to read a locale from: the bot remembers each user's latest one."""
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            s.t.locale = "es-ES"  # bob's Discord client is Spanish
            out = await s.cmd("bob", "/game notify on", THREAD)
            assert "Te enviaré un mensaje directo" in out[0].content
            s.t.locale = "en-US"
            bob_id = s.service.games.seats(1)[1].user_id
            assert PrefsStore(s.service.store).locale(bob_id) == "es"
            dms = []
            for _ in range(40):
                if dms:
                    break
                table = s.game()
                who = table.user_of(table.to_act[0])
                if who.name == "bob":
                    s.t.locale = "es-ES"
                move = table.engine.legal_moves(table.state, who.seat)[0]
                out = await s.cmd(who.name, f"/play move:{move.id}", THREAD)
                s.t.locale = "en-US"
                dms = [m for m in out if m.channel == "@bob"]
            assert dms and dms[0].content.startswith("Te toca en Wayfinders #1")
    run(go())


def test_an_expired_turn_is_chosen_in_a_worker_thread(tmp_path, monkeypatch):
    """Bots move promptly without blocking the event loop, also when a deadline runs out."""
    import threading

    import cogs.deadline_posts as deadlines

    threads = []

    def spy(*args, **kw):
        threads.append(threading.current_thread())
        return choose(*args, **kw)

    choose = deadlines.choose
    monkeypatch.setattr(deadlines, "choose", spy)

    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            posted = await s.fire(48.01)
            assert "Time is up" in posted[0].text()
    run(go())
    assert threads and all(t is not threading.main_thread() for t in threads)


def _race_once(monkeypatch, s: Table, before_refusing=None) -> list:
    """The first bot move of an expiry loses a version race (after `before_refusing(service)` ran)."""
    from host.tables import Refusal

    service = s.service
    real = service.play_seat
    calls = []

    def play_seat(table, seat, move_id):
        calls.append(seat)
        if len(calls) == 1:
            if before_refusing is not None:
                before_refusing(service)
            raise Refusal("host.refuse.moved_on")
        return real(table, seat, move_id)

    monkeypatch.setattr(service, "play_seat", play_seat)
    return calls


def test_an_expiry_that_loses_a_race_to_a_bot_seat_reads_the_game_again_and_plays(tmp_path, monkeypatch):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            late = s.game().to_act[0]
            calls = _race_once(monkeypatch, s)
            posted = await s.fire(48.01)
            assert "Time is up" in posted[0].text() and len(calls) >= 2
            assert late not in s.game().to_act  # the bot still played the whole late turn
            assert any(m.seat == late and m.user_id is None for m in s.service.games.moves(1))
    run(go())


def test_an_expiry_stops_when_the_player_came_back_at_the_last_second(tmp_path, monkeypatch):
    from host.tables import Actor

    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            table = s.game()
            late = table.to_act[0]
            row = table.user_of(late)

            def human_returns(service):  # their own move lands between the bot's choice and its save
                service.commit_move(Actor(user_id=row.user_id, name=row.name), service.table(1), "return")

            _race_once(monkeypatch, s, human_returns)
            await s.fire(48.01)
            moves = [(m.seat, m.move_id, m.user_id) for m in s.service.games.moves(1)]
            assert moves[0] == (late, "return", row.user_id)  # the bot's pick, made before it, was not played
            # Their turn's clock was spent before they came back: the deadline saved with their move (their own
            # steps never restart it) is due at once, and the next expiry plays the rest of their decision.
            assert len(moves) > 1 and all(seat == late and user is None for seat, _, user in moves[1:]), moves
            assert s.game().to_act != [late]
    run(go())

"""What waits on you: `/game waiting` (this server's games waiting for the caller's decision, longest waiting
first, with the time left and a link) and the daily digest of `/game notify digest:daily` (one DM a day
across servers, links only; nothing for a player whose DMs are closed), through the real bot on the local
table and a fake clock."""
from __future__ import annotations

import logging

from host.waiting import DAY, DIGEST, next_digest
from storage.prefs import PrefsStore
from storage.waiting import WaitingStore

from .test_deadlines import HOUR, Clock, Table, run


async def wayfinders(s: Table, guild: str, first: str, second: str) -> int:
    """A started two-player Wayfinders game in server `guild`; its internal id."""
    for user, line in ((first, "/game new game:wayfinders"), (second, "/game join"), (first, "/game start")):
        out = await s.t.command(user, line, "local", guild=guild)
        assert not out.refused, out.errors
    return max(s.service.games.all_ids())


def waiting_on(s: Table, game_id: int) -> str:
    table = s.service.table(game_id)
    return table.user_of(table.to_act[0]).name


async def hand_over(s: Table, game_id: int, guild: str, to: str) -> None:
    """Play first legal moves until `to` must decide in the game."""
    for _ in range(40):
        if waiting_on(s, game_id) == to:
            return
        table = s.service.table(game_id)
        who = table.user_of(table.to_act[0])
        move = table.engine.legal_moves(table.state, who.seat)[0]
        out = await s.t.command(who.name, f"/play move:{move.id} game:{table.game.number}", "local", guild=guild)
        assert not out.refused, out.errors
    raise AssertionError(f"{to} never came to decide")


def test_waiting_lists_exactly_this_servers_games_waiting_on_you_oldest_first(tmp_path):
    async def go():
        clock = Clock()
        async with Table(tmp_path, clock) as s:
            first = await wayfinders(s, "local", "alice", "bob")
            await hand_over(s, first, "local", "bob")
            clock.advance(5)
            second = await wayfinders(s, "local", "bob", "carol")
            await hand_over(s, second, "local", "bob")
            clock.advance(1)
            other = await wayfinders(s, "B", "bob", "dave")  # another server: never listed here
            await hand_over(s, other, "B", "bob")
            clock.advance(2)

            out = await s.cmd("bob", "/game waiting")
            assert not out.refused and all(m.ephemeral for m in out)
            text = "\n".join(m.content for m in out)
            lines = [line for line in text.splitlines() if line.startswith("**")]
            assert text.startswith("2 games are waiting for your decision")
            assert [line.split("**")[1] for line in lines] == ["Wayfinders #1", "Wayfinders #2"]  # oldest first
            assert "waiting for 8h, 1d 16h left" in lines[0] and "waiting for 3h, 1d 21h left" in lines[1]
            thread = s.service.games.get(first).thread_id
            assert f"<#{thread}>" in lines[0]

            none = await s.cmd("alice", "/game waiting")  # her game waits on bob
            assert not none.refused and none[0].content == "Nothing in this server is waiting for your decision."
            in_b = await s.t.command("bob", "/game waiting", "local", guild="B")
            assert "1 game is waiting" in in_b[0].content and "Wayfinders #1" in in_b[0].content
            assert str(s.service.games.get(first).thread_id) not in in_b[0].content

            store = WaitingStore(s.service.store)
            bob = s.t.registry.user("bob").id
            assert [w.game.id for w in store.waiting_for(bob)] == [first, second, other]  # every server
    run(go())


def test_waiting_in_spanish_and_refused_in_a_dm(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), locale="es-ES") as s:
            game = await wayfinders(s, "local", "alice", "bob")
            who = waiting_on(s, game)
            out = await s.cmd(who, "/game waiting")
            assert out[0].content.startswith("1 partida espera tu decisión")
            assert "plazo restante: 2 d" in out[0].content
            other = "bob" if who == "alice" else "alice"
            assert (await s.cmd(other, "/game waiting"))[0].content.startswith("En este servidor no hay nada")
            dm = await s.t.command(who, "/game waiting", dm=True)
            assert dm.refused and all(m.ephemeral for m in dm)
    run(go())


def dms(out, user: str) -> list:
    return [m for m in out if m.channel == f"@{user}"]


def test_daily_digest_lists_every_servers_games_with_links_only_and_survives_restarts(tmp_path):
    async def go():
        clock = Clock()
        async with Table(tmp_path, clock) as s:
            here = await wayfinders(s, "local", "alice", "bob")
            there = await wayfinders(s, "B", "bob", "dave")
            for who, guild in (("alice", "local"), ("bob", "B")):  # no bot plays bob's turns meanwhile
                assert not (await s.t.command(who, "/game settings deadline:7d game:1", guild=guild)).refused
            await hand_over(s, here, "local", "bob")
            await hand_over(s, there, "B", "bob")
            out = await s.cmd("bob", "/game notify digest:daily")
            assert not out.refused and "Daily digest on" in out[0].content
            bob = s.t.registry.user("bob").id
            timers = [t for t in s.cog.scheduler.timers.due(clock() + 2 * DAY) if t.kind == DIGEST]
            assert len(timers) == 1 and timers[0].payload == {"user_id": bob}
            assert timers[0].due_at == clock() + DAY
            assert dms(await s.fire(23), "bob") == []  # not yet
        clock.advance(2)
        async with Table(tmp_path, clock) as s:  # a restart: the timer was in the database
            await s.t.bot.get_cog("DeadlinesCog").scheduler.run_due()
            got = dms(s.drain(), "bob")
            assert len(got) == 1, got
            text = got[0].content
            assert text.startswith("Your daily digest: 2 games are waiting for your decision.")
            assert "Local table · **Wayfinders #1**" in text and "B · **Wayfinders #1**" in text
            for game_id in (here, there):
                game = s.service.games.get(game_id)
                assert f"https://discord.com/channels/{game.guild_id}/{game.thread_id}" in text
            assert got[0].components == []  # links only: no click can come from a DM
            assert dms(await s.fire(20), "bob") == []  # once a day
            assert len(dms(await s.fire(5), "bob")) == 1
            off = await s.cmd("bob", "/game notify digest:off")
            assert "Daily digest off" in off[0].content
            assert dms(await s.fire(48), "bob") == []
            assert not [t for t in s.cog.scheduler.timers.due(clock() + 9 * DAY) if t.kind == DIGEST]
    run(go())


def test_a_digest_with_nothing_waiting_sends_nothing_and_a_lost_timer_is_rearmed_at_start(tmp_path):
    async def go():
        clock = Clock()
        async with Table(tmp_path, clock) as s:
            game = await wayfinders(s, "local", "alice", "bob")
            other = "bob" if waiting_on(s, game) == "alice" else "alice"
            assert not (await s.cmd(other, "/game notify digest:daily")).refused
            assert dms(await s.fire(25), other) == []  # nothing waits on them: no message
            user = s.t.registry.user(other).id
            assert WaitingStore(s.service.store).clear_digest_timers(user) == 1  # as if a crash lost it
        async with Table(tmp_path, clock) as s:
            store = WaitingStore(s.service.store)
            assert store.digest_timer_due(user) == clock() + DAY  # re-armed at start-up
    run(go())


def test_closed_dms_get_no_digest_no_post_and_one_log_line(tmp_path, caplog):
    async def go():
        clock = Clock()
        async with Table(tmp_path, clock, closed_dms=["bob"]) as s:
            game = await wayfinders(s, "local", "alice", "bob")
            await hand_over(s, game, "local", "bob")
            assert not (await s.cmd("bob", "/game notify digest:daily")).refused
            bob = s.t.registry.user("bob").id
            with caplog.at_level(logging.INFO, logger="gamehost.waiting"):
                for _ in range(3):
                    out = await s.fire(24)
                    assert dms(out, "bob") == [] and not [m for m in out if "direct message" in m.content]
            said = [r for r in caplog.records if "daily digest" in r.getMessage()]
            assert len(said) == 1 and str(bob) in said[0].getMessage()  # logged once, then remembered
            assert PrefsStore(s.service.store).dm_closed(bob)
            assert WaitingStore(s.service.store).digest_timer_due(bob) is not None  # still planned
            await s.cmd("bob", "/game notify digest:daily")  # asking again means: try again
            assert not PrefsStore(s.service.store).dm_closed(bob)
    run(go())


def test_notify_stays_backward_compatible(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            game = await wayfinders(s, "local", "alice", "bob")
            out = await s.cmd("bob", "/game notify on", "wayfinders-1")
            assert not out.refused and "direct message when it becomes your turn" in out[0].content
            assert PrefsStore(s.service.store).notify(game, s.t.registry.user("bob").id)
            both = await s.cmd("bob", "/game notify setting:off digest:daily", "wayfinders-1")
            assert [m.content.split(":")[0] for m in both] == ["No more direct messages for Wayfinders #1; you are "
                                                               "still mentioned in the game's thread.".split(":")[0],
                                                               "Daily digest on"]
            status = await s.cmd("bob", "/game notify")
            assert "Your daily digest is on" in status[0].content
    run(go())


def test_next_digest_skips_the_days_the_bot_was_away():
    assert next_digest(1000.0, 1000.0 + HOUR) == 1000.0 + DAY
    assert next_digest(1000.0, 1000.0 + 3.5 * DAY) == 1000.0 + 4 * DAY

"""Time banks and holidays through the real bot on the local table (fake clock; timers fired by `run_due`)."""
from __future__ import annotations

from host.clocks import DAY
from host.deadlines import EXPIRE, REMIND
from storage.clocks import AwayStore, BankStore

from .test_deadlines import HOUR, THREAD, Clock, Table, contents, run

MENTION = "<@{}>"


async def bank_game(s: Table, *settings: str) -> None:
    """A two-player Wayfinders game with `settings` (e.g. 'deadline:1d bank:2d') set in the lobby."""
    assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
    assert not (await s.cmd("bob", "/game join game:1")).refused
    if settings:
        out = await s.cmd("alice", f"/game settings game:1 {' '.join(settings)}")
        assert not out.refused, out.errors
    assert not (await s.cmd("alice", "/game start game:1")).refused
    s.drain()


async def status(s: Table, user: str = "carol", **kw) -> str:
    out = await s.cmd(user, "/game status game:1", **kw)
    assert not out.refused, out.errors
    return out[0].content


def test_the_bank_keeps_a_late_player_waiting_then_the_policy_applies(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await bank_game(s, "deadline:1d", "bank:2d")
            late, other = s.waiting_name(), ({"alice", "bob"} - {s.waiting_name()}).pop()
            assert "1d left + 2d bank" in await status(s)
            posted = await s.fire(30)
            assert "Time is up" not in contents(posted)
            assert s.waiting_name() == late and s.service.games.moves(1) == []  # still their decision
            said = await status(s)
            assert f"⏳ {late}: turn time spent, now on the bank: 1d 18h left" in said
            assert f"⏳ {other}: 2d bank" in said
            posted = await s.fire(45)  # +75h: turn (1d) and bank (2d) are spent
            assert f"Time is up for {late}: no move within 1d and their time bank" in contents(posted)
            assert s.waiting_name() == other
            seat = s.game().seat_of(next(r.user_id for r in s.game().seats if r.name == late)).seat
            assert BankStore(s.service.store).used(1) == {seat: 2 * DAY}  # all of it spent
            said = await status(s)
            assert f"⏳ {late}: bank spent" in said and f"⏳ {other}: 1d left + 2d bank" in said
    run(go())


def test_a_move_in_bank_time_spends_only_the_overrun_and_the_rest_stays(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await bank_game(s, "deadline:1d", "bank:2d")
            await s.fire(30)
            late = await s.play_first()
            seat = next(r.seat for r in s.game().seats if r.name == late)
            assert BankStore(s.service.store).used(1) == {seat: 6 * HOUR}
            assert f"⏳ {late}: 1d 18h bank" in await status(s)
            # the next turn of the same player gets the full deadline again, then the rest of the bank
            await s.fire(1)
            while s.waiting_name() != late:
                await s.play_first()
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.due_at == s.clock.now + DAY + 42 * HOUR
    run(go())


def test_without_a_bank_the_deadline_works_as_before_and_status_says_it_in_spanish(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), guild_locale="es-ES", locale="es-ES") as s:
            await bank_game(s, "deadline:1d")
            assert "Tiempo restante del turno: 1 d." in await status(s)
            out = await s.cmd("alice", "/game settings game:1 bank:2d")
            assert "reserva de tiempo de **2d**" in out[0].content
            assert "tiempo restante: 1 d + 2 d de reserva" in await status(s)
            posted = await s.fire(25)
            assert "Se acabó el tiempo" not in contents(posted)
            assert "ahora gasta la reserva: quedan 1 d 23 h" in await status(s)
    run(go())


# ---- away ---------------------------------------------------------------------------------------

def test_an_away_player_keeps_their_turn_and_the_thread_hears_it_once(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await bank_game(s)  # the default 48h deadline
            late = s.waiting_name()
            out = await s.cmd(late, "/game away until:3d")
            assert not out.refused, out.errors
            mine = [m for m in out if m.ephemeral]
            assert "You are away until" in mine[0].content and "1 game of this server" in mine[0].content
            assert "You have 18 days of away time left this year" in mine[0].content
            public = [m for m in out if m.channel == THREAD]
            assert len(public) == 1 and f"{late} is away until" in public[0].content
            posted = await s.fire(50)
            assert "Time is up" not in contents(posted) and "still your decision" not in contents(posted)
            assert s.waiting_name() == late and s.service.games.moves(1) == []
            assert f"🏖️ {late} is away until" in await status(s)
            assert len(thread_posts(s, "is away until")) == 1  # once, however long it lasts
            # the clock stood still for the 3 days: the 48h deadline falls 48h after the turn began, plus 72h
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.due_at == turn_start(s) + 48 * HOUR + 72 * HOUR
            posted = await s.fire(72 - 50 + 48 + 0.1)  # back, and still silent: the turn is played, one post
            assert [m.channel for m in posted] == [THREAD] and f"Time is up for {late}" in posted[0].text()
            late_id = next(r.user_id for r in s.game().seats if r.name == late)
            assert MENTION.format(late_id) not in posted[0].content
    run(go())


def thread_posts(s: Table, text: str) -> list:
    """The public messages of the game's thread that say `text` (content or embeds)."""
    rows = s.t.registry.history(s.game().game.thread_id, limit=500)
    return [r for r in rows if text in str(r.payload.get("content")) + str(r.payload.get("embeds"))]


def turn_start(s: Table) -> float:
    return next(t for t in s.timers() if t.kind == EXPIRE).payload["start"]


def test_back_early_runs_the_clock_again_and_other_players_deadlines_carry_on(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await bank_game(s)
            first = s.waiting_name()
            away = ({"alice", "bob"} - {first}).pop()
            assert not (await s.cmd(away, "/game away until:5d")).refused
            posted = await s.fire(48.01)  # the other player's deadline is not paused
            assert f"Time is up for {first}" in contents(posted)
            assert s.waiting_name() == away
            turn_began = s.clock.now
            posted = await s.fire(48.01)  # now it is the away player's turn: it waits
            assert "Time is up" not in contents(posted) and s.waiting_name() == away
            out = await s.cmd(away, "/game back")
            assert not out.refused and "your clocks run again in 1 game" in out[0].content
            assert [m.content for m in out if m.channel == THREAD] == [f"👋 {away} is back: their turn clocks run again."]
            # away from the turn's start until now: the full 48h start again from here
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert abs(expire.due_at - (s.clock.now + 48 * HOUR)) < 1 and expire.payload["start"] == turn_began
            again = await s.cmd(away, "/game back")
            assert again.refused and "You are not away in this server" in again[0].content
    run(go())


def test_the_yearly_allowance_and_bad_dates_are_refused_privately(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await bank_game(s)
            for line, said in (("/game away until:22d", "away time left this year in this server: 21 days"),
                               ("/game away until:someday", "could not read someday as a date"),
                               ("/game away until:2001-01-01", "is already past")):
                out = await s.cmd("alice", line)
                assert out.refused and [m.ephemeral for m in out] == [True], line
                assert said in out[0].content, out[0].content
            assert not (await s.cmd("alice", "/game away until:3d")).refused
            await s.fire(24)
            assert not (await s.cmd("alice", "/game back")).refused
            out = await s.cmd("alice", "/game away until:21d")  # one day used: 20 left
            assert out.refused and "20 days (of 21 a year)" in out[0].content
    run(go())


def test_away_periods_and_banks_survive_a_restart(tmp_path):
    async def go():
        clock = Clock()
        async with Table(tmp_path, clock) as s:
            await bank_game(s, "deadline:1d", "bank:2d")
            late = s.waiting_name()
            assert not (await s.cmd(late, "/game away until:2d")).refused
        clock.advance(60)
        async with Table(tmp_path, clock) as s:
            await s.cog.scheduler.run_due()
            assert s.waiting_name() == late and s.service.games.moves(1) == []
            said = await status(s)
            assert f"🏖️ {late} is away until" not in said  # back by now (2 days), with 1d left + 2d bank
            assert f"⏳ {late}: 12h left + 2d bank" in said
            assert [t.kind for t in s.timers()].count(REMIND) <= 2
    run(go())


async def play(s: Table):
    """The waiting player plays their first legal move; returns what the bot sent."""
    table = s.game()
    who = table.user_of(table.to_act[0])
    out = await s.cmd(who.name, f"/play move:{table.engine.legal_moves(table.state, who.seat)[0].id}", THREAD)
    assert not out.refused, out.errors
    return list(out)


def test_the_board_shows_the_clock_and_bank_of_whoever_decides(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            assert not (await s.cmd("bob", "/game join game:1")).refused
            assert not (await s.cmd("alice", "/game settings game:1 deadline:1d bank:2d")).refused
            out = await s.cmd("alice", "/game start game:1")
            board = next(m for m in out if m.channel == THREAD and m.files)
            first = s.waiting_name()
            assert board.embeds[0]["footer"]["text"].endswith(f"\n⏳ {first}: 1d left + 2d bank")
            s.clock.advance(30)
            board = [m for m in await play(s) if m.channel == THREAD and m.files][-1]
            assert board.embeds[0]["footer"]["text"].endswith(f"\n⏳ {s.waiting_name()}: 1d left + 2d bank")
            assert (await status(s)).count("⏳") == 2  # status: both players
            # a game without a bank keeps its footer as it was
            assert not (await s.cmd("alice", "/game settings game:1 bank:none")).refused
            board = [m for m in await play(s) if m.channel == THREAD and m.files][-1]
            assert "⏳" not in board.embeds[0]["footer"]["text"]
    run(go())


def test_an_expiry_that_finds_its_player_away_waits_instead_of_playing(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await bank_game(s)
            late = s.waiting_name()
            user = next(r.user_id for r in s.game().seats if r.name == late)
            # away recorded without its re-plan (as if the bot stopped in between): the expiry still waits
            AwayStore(s.service.store).start(s.game().game.guild_id, user, s.clock.now, s.clock.now + 3 * DAY)
            posted = await s.fire(48.01)
            assert "Time is up" not in contents(posted) and s.service.games.moves(1) == []
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.due_at > s.clock.now + 3 * DAY - 48.01 * HOUR
    run(go())


def test_away_and_the_board_clocks_in_spanish(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), guild_locale="es-ES", locale="es-ES") as s:
            await bank_game(s, "deadline:1d", "bank:2d")
            late = s.waiting_name()
            out = await s.cmd(late, "/game away until:2030-03-25")
            assert not out.refused, out.errors
            assert "Estás fuera hasta el lunes 25 mar." in out[0].content and "1 partida de este servidor" in out[0].content
            public = [m.content for m in out if m.channel == THREAD]
            assert public == [f"🏖️ {late} está fuera hasta el lunes 25 mar: sus turnos aquí le esperan y ningún bot"
                              " juega en su lugar."]
            assert f"🏖️ {late} está fuera hasta el lunes 25 mar." in await status(s)
            out = await s.cmd(late, "/game back")
            assert "Bienvenido de vuelta" in out[0].content
            board = [m for m in await play(s) if m.channel == THREAD and m.files][-1]
            assert board.embeds[0]["footer"]["text"].endswith(f"\n⏳ {s.waiting_name()}: tiempo restante: 1 d + 2 d de reserva")
    run(go())

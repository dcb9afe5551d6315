"""Lobbies expire after LOBBY_IDLE_DAYS with a post in their thread, stop counting toward the caps at once, and
`/game abandon all-lobbies` (Manage Server, confirmed) clears a flood."""
from __future__ import annotations

from host.config import Config
from host.lobbies import SWEEP

from .test_deadlines import Clock, Table, contents, run

DAY = 24.0


def sweeps(s: Table) -> list:
    return s.cog.scheduler.timers.of_kind(SWEEP)


def test_a_lobby_idle_for_eight_days_is_closed_with_a_post_and_gone_from_the_list(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            await s.fire(3 * DAY)
            assert not (await s.cmd("bob", "/game join game:1")).refused  # a change: 7 days from here
            assert [t.due_at for t in sweeps(s)] and len(sweeps(s)) == 1
            posted = await s.fire(6 * DAY)
            assert posted == [] and s.game().game.status == "lobby"
            posted = await s.fire(2 * DAY)
            assert [m.channel for m in posted] == ["wayfinders-1"]
            assert "Wayfinders #1 closed: its lobby waited 7 days" in posted[0].content
            assert s.game().game.status == "abandoned"
            listed = await s.cmd("carol", "/game list everywhere:true")
            assert "No open or running games here." in listed[0].content
            assert len(sweeps(s)) == 1  # planned again, for the next lobby to expire
    run(go())


def test_expired_lobbies_stop_counting_toward_the_caps_even_before_the_sweep(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            s.service.limits.open_per_user = 1
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            again = await s.cmd("alice", "/game new game:flotilla")
            assert again.refused and "You already have 1 open or running game " in again[0].content
            s.service.limits.running_per_server = 1
            server = await s.cmd("bob", "/game new game:flotilla")
            assert server.refused and s.game(1).game.status == "lobby"
            s.clock.advance(8 * DAY)  # no timer fired: the lobby is expired all the same
            assert "No open or running games here." in (await s.cmd("carol", "/game list everywhere:true"))[0].content
            out = await s.cmd("alice", "/game new game:flotilla")  # neither the user's cap nor the server's
            assert not out.refused, out.errors
    run(go())


def test_a_running_game_never_expires_as_a_lobby(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            assert not (await s.cmd("bob", "/game join game:1")).refused
            assert not (await s.cmd("alice", "/game settings game:1 deadline:none")).refused
            assert not (await s.cmd("alice", "/game start game:1")).refused
            posted = await s.fire(30 * DAY)
            assert "closed: its lobby" not in contents(posted) and s.game().game.status == "active"
    run(go())


def test_abandon_all_lobbies_needs_manage_server_and_a_confirmation(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            for name in ("spam1", "spam2", "spam3"):
                assert not (await s.cmd(name, "/game new game:wayfinders")).refused
            refused = await s.cmd("spam1", "/game abandon all-lobbies:true")
            assert refused.refused and "Only someone with Manage Server" in refused[0].content
            asked = await s.cmd("admin", "/game abandon all-lobbies:true")
            assert not asked.refused and "Close all 3 lobbies of this server?" in asked[0].content
            assert [s.game(i).game.status for i in (1, 2, 3)] == ["lobby"] * 3  # nothing happens before the click
            done = await s.t.press("admin", 1)
            assert "Closed 3 lobbies." in contents(done)
            assert [s.game(i).game.status for i in (1, 2, 3)] == ["abandoned"] * 3
            again = await s.cmd("admin", "/game abandon all-lobbies:true")
            assert again.refused and "This server has no open lobby." in again[0].content
    run(go())


def test_lobby_expiry_in_spanish(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), guild_locale="es-ES", locale="es-ES") as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            posted = await s.fire(7 * DAY + 1)
            assert "Wayfinders #1 se cerró: su sala esperó 7 días" in posted[0].content
            asked = await s.cmd("admin", "/game abandon all-lobbies:true")
            assert asked.refused and "Este servidor no tiene ninguna sala abierta." in asked[0].content
    run(go())


def test_the_idle_time_is_configurable(tmp_path, monkeypatch):
    monkeypatch.setenv("LOBBY_IDLE_DAYS", "3")
    monkeypatch.setenv("AWAY_DAYS_PER_YEAR", "10")
    config = Config.load(tmp_path / "none.env")
    assert (config.lobby_idle_days, config.away_days_per_year) == (3, 10)
    monkeypatch.delenv("LOBBY_IDLE_DAYS")
    monkeypatch.delenv("AWAY_DAYS_PER_YEAR")
    config = Config.load(tmp_path / "none.env")
    assert (config.lobby_idle_days, config.away_days_per_year) == (7, 21)

"""`/game hint` on the local table: the hard level's suggestion, privately, in co-operative games only."""
from __future__ import annotations

from host.i18n import tm
from host.names import shown_names
from host.tables import TableService
from rules.rng import Rng
from storage import open_store

from .test_commands import Session, read, run, texts


def small_search(monkeypatch) -> None:
    monkeypatch.setenv("HINT_ITERS", "20")  # a small iteration budget (host/config.py)
    monkeypatch.setenv("SEARCH_WORKERS", "1")
    monkeypatch.setenv("SEARCH_MS", "30")


async def robinson_for_two(s: Session) -> None:
    """alice opens Robinson #1, bob joins, alice starts it."""
    await s.cmd("alice", "/game new game:robinson")
    await s.cmd("bob", "/game join game:1")
    started = await s.cmd("alice", "/game start")
    assert not started.refused, texts(started)


def test_a_hint_suggests_a_legal_move_privately_and_its_button_plays_it(tmp_path, monkeypatch):
    small_search(monkeypatch)

    async def go():
        async with Session(tmp_path) as s:
            await robinson_for_two(s)
            before = read(s.db)
            asker = before.user_of(before.to_act[0]).name
            out = await s.cmd(asker, "/game hint", "robinson-1")
            assert not out.refused, texts(out)
            assert all(m.ephemeral for m in out), [m.content for m in out]  # only the asker sees it
            assert "hard bot would play" in texts(out)
            assert read(s.db).game.version == before.game.version  # asking changes nothing
            pool = s.table.bot.bot_driver.search
            assert pool.pids() and pool.failures == 0  # the search ran in the pool's worker process
            legal = {m.id for m in before.engine.legal_moves(before.state, before.to_act[0])}
            played = await s.press(asker, 1, "robinson-1")
            assert not played.refused, texts(played)
            after = read(s.db)
            assert after.game.version > before.game.version
            last = TableService(open_store(s.db))
            try:
                move = last.games.moves(1)[-1]
            finally:
                last.store.close()
            assert move.seat == before.to_act[0] and move.move_id in legal
    run(go())


def test_a_stale_hint_button_is_refused(tmp_path, monkeypatch):
    small_search(monkeypatch)

    async def go():
        async with Session(tmp_path) as s:
            await robinson_for_two(s)
            before = read(s.db)
            seat = before.to_act[0]
            asker = before.user_of(seat).name
            hinted = await s.cmd(asker, "/game hint", "robinson-1")
            assert not hinted.refused, texts(hinted)
            other = next(m for m in before.engine.legal_moves(before.state, seat))
            out = await s.cmd(asker, f"/play move:{other.id}", "robinson-1")  # the game moves on
            assert not out.refused, texts(out)
            version = read(s.db).game.version
            hint = next(m for m in hinted if m.components)
            stale = await s.table.press_message(asker, hint.message_id, 1, "robinson-1")
            assert stale.refused and "Nothing was played" in texts(stale), texts(stale)
            assert read(s.db).game.version == version  # the stale click changed nothing
    run(go())


def test_hints_are_refused_in_competitive_games_to_spectators_and_out_of_turn(tmp_path, monkeypatch):
    small_search(monkeypatch)

    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start")
            out = await s.cmd("alice", "/game hint", "wayfinders-1")
            assert out.refused and "competitive" in texts(out), texts(out)
            await s.cmd("alice", "/game new game:robinson")
            await s.cmd("bob", "/game join game:2")
            out = await s.cmd("bob", "/game hint game:2")  # the lobby: no decision anyone could be waiting for
            assert out.refused and "has not started yet" in texts(out), texts(out)
            await s.cmd("alice", "/game start game:2")
            out = await s.cmd("carol", "/game hint game:2")
            assert out.refused and "watching" in texts(out), texts(out)
            table = read(s.db, 2)
            for _ in range(20):  # a decision of one character only (placing pawns may be everyone's at once)
                if len(table.to_act) < len(table.seats):
                    break
                seat = table.to_act[0]
                move = table.engine.legal_moves(table.state, seat)[0]
                assert not (await s.cmd(table.user_of(seat).name, f"/play move:{move.id} game:2")).refused
                table = read(s.db, 2)
            waiting = next(x.name for x in table.seats if x.seat not in table.to_act)
            version = table.game.version
            out = await s.cmd(waiting, "/game hint game:2")
            assert out.refused and "not your decision" in texts(out), texts(out)
            assert read(s.db, 2).game.version == version
    run(go())


def test_the_hint_refusal_reads_in_spanish(tmp_path, monkeypatch):
    small_search(monkeypatch)

    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start")
            out = await s.cmd("alice", "/game hint", "wayfinders-1")
            assert out.refused and "competitiva" in texts(out), texts(out)
    run(go())


async def robinson_plan_hint(s: Session) -> tuple[str, object]:
    """alice alone in Robinson #1, played on (greedy moves) to her planning (R30); her hint there."""
    await s.cmd("alice", "/game new game:robinson")
    assert not (await s.cmd("alice", "/game start")).refused
    table = read(s.db)
    for _ in range(30):
        if table.state.phase == "plan":
            break
        seat = table.to_act[0]
        move = table.engine.greedy_move(table.state, seat, Rng.from_seed(1))
        assert not (await s.cmd("alice", f"/play move:{move.id}", "robinson-1")).refused
        table = read(s.db)
    assert table.state.phase == "plan"
    out = await s.cmd("alice", "/game hint", "robinson-1")
    assert not out.refused, texts(out)
    assert all(m.ephemeral for m in out)
    assert read(s.db).game.version == table.game.version  # asking changes nothing
    return texts(out), table


def test_r30_a_hint_while_planning_gives_the_whole_plan_in_order_and_its_button_plays_the_first_step(tmp_path,
                                                                                                  monkeypatch):
    small_search(monkeypatch)

    async def go():
        async with Session(tmp_path) as s:
            said, table = await robinson_plan_hint(s)
            assert "the hard bot would plan" in said and ", then " in said, said
            steps = said.split("this round: first ", 1)[1]
            legal = {m.id: m for m in table.engine.legal_moves(table.state, "p1")}
            played = await s.press("alice", 1, "robinson-1")
            assert not played.refused, texts(played)
            last = TableService(open_store(s.db))
            try:
                move = last.games.moves(1)[-1]
            finally:
                last.store.close()
            assert move.move_id in legal
            bold, rest = steps.split("**")[1], steps.split("**")[2]
            assert rest.startswith(", then ")  # the further steps in order after it
            words = tm(legal[move.move_id].text, "en-US", shown_names(table.names))
            assert bold == words  # the first step in bold is the hint's button, which played it
    run(go())


def test_r30_the_plan_hint_reads_in_spanish(tmp_path, monkeypatch):
    small_search(monkeypatch)

    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            said, _ = await robinson_plan_hint(s)
            assert "el bot difícil planearía" in said and ", luego " in said, said
            assert "the hard bot" not in said
    run(go())

"""Deadlines count from when a seat's turn began: its own steps, `/game undo` and other seats deciding at
the same time never restart its clock or its reminders; "stops counting for ratings" is said only on change.

Same fake clock and local table as test_deadlines.py.
"""
from __future__ import annotations

from host.deadlines import EXPIRE, REMIND

from .test_deadlines import HOUR, THREAD, Clock, Table, run, two_player_game


def test_the_deadline_counts_from_when_the_turn_passed_and_the_end_clears_it(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            s.clock.advance(10)
            first = s.waiting_name()
            for _ in range(40):  # the whole turn, step by step
                if s.waiting_name() != first:
                    break
                await s.play_first()
            passed = s.clock.now
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.due_at == passed + 48 * HOUR
            assert expire.payload["seats"] == s.game().to_act
            s.clock.advance(5)
            second = s.waiting_name()
            out = await s.cmd(second, "/play move:return", THREAD)  # one step: still their turn, same deadline
            assert not out.refused, out.errors
            assert s.waiting_name() == second and s.game().game.deadline == passed + 48 * HOUR
            assert not (await s.cmd("alice", "/game abandon game:1")).refused
            assert s.timers() == []
    run(go())


def test_steps_of_a_turn_and_undo_never_restart_the_deadline_nor_its_reminders(tmp_path):
    """Moving then undoing gives no extra time: the clock runs from when the decision became the seat's."""
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            start, late = s.clock.now, s.waiting_name()
            deadline = start + 48 * HOUR
            assert await s.fire(20) == []
            out = await s.cmd(late, "/play move:return", THREAD)  # one step: still their decision
            assert not out.refused and s.waiting_name() == late
            assert s.game().game.deadline == deadline
            due = sorted(((t.kind, t.due_at - start) for t in s.timers()), key=lambda x: x[1])
            assert due == [(REMIND, 24 * HOUR), (REMIND, 47 * HOUR), (EXPIRE, 48 * HOUR)]
            half = await s.fire(4.01)
            assert len(half) == 1 and "it is still your decision" in half[0].content
            for _ in range(2):
                assert not (await s.cmd(late, "/game undo", THREAD)).refused
                assert s.game().game.deadline == deadline
                assert not (await s.cmd(late, "/play move:return", THREAD)).refused
            left = sorted(((t.kind, t.due_at - start) for t in s.timers()), key=lambda x: x[1])
            assert left == [(REMIND, 47 * HOUR), (EXPIRE, 48 * HOUR)]
            hour = await s.fire(23)
            assert len(hour) == 1 and "Time left: 59 min" in hour[0].content  # 47h01 of 48h
            expired = await s.fire(1)
            assert f"Time is up for {late}" in expired[0].text() and "no longer counts for ratings" in expired[0].text()
    run(go())


def test_a_solo_game_counts_from_the_latest_move_that_stands(tmp_path):
    """Nobody else ever acts in a solo game: its own moves keep it alive, but an undone one does not."""
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/robinson new")).refused
            assert not (await s.cmd("alice", "/game start game:1")).refused
            start = s.clock.now
            assert s.game().game.deadline == start + 48 * HOUR
            s.clock.advance(10)
            await s.play_plain("alice")
            assert s.game().game.deadline == s.clock.now + 48 * HOUR
            s.clock.advance(10)
            assert not (await s.cmd("alice", "/game undo game:1")).refused
            assert s.game().game.deadline == start + 48 * HOUR
    run(go())


def test_seats_deciding_at_once_keep_their_own_turn_starts(tmp_path):
    """Robinson plans at once: the first seat's clock runs from the start, the second's from when it joined."""
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/robinson new")).refused
            assert not (await s.cmd("bob", "/game join game:1")).refused
            assert not (await s.cmd("alice", "/game start game:1")).refused
            start = s.clock.now
            assert s.game().to_act == ["p1"]
            s.clock.advance(5)
            await s.play_plain("alice")
            assert s.game().to_act == ["p1", "p2"]
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.payload["since"] == {"p1": start, "p2": start + 5 * HOUR}
            assert expire.payload["seats"] == ["p1"] and expire.due_at == start + 48 * HOUR
            s.clock.advance(2)
            await s.play_plain("bob")
            expire = next(t for t in s.timers() if t.kind == EXPIRE)
            assert expire.payload["since"] == {"p1": start, "p2": start + 5 * HOUR}
            assert expire.due_at == start + 48 * HOUR
            expired = await s.fire(48.01 - 7)
            assert "Time is up for alice" in expired[0].text()
            if s.game().to_act == ["p2"]:  # the bot finished alice's planning: bob's own deadline is next
                assert s.game().game.deadline == start + 53 * HOUR
    run(go())


def test_a_game_already_unrated_is_not_said_to_stop_counting_again(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            first = await s.fire(48.01)
            assert "no longer counts for ratings" in first[0].text() and s.game().game.rated is False
            late = s.waiting_name()
            half = await s.fire(24.01)
            assert "after that a bot plays the move." in half[0].content and "ratings" not in half[0].content
            settings = await s.cmd("carol", "/game settings game:1")
            assert "a bot plays the move." in settings[0].content and "ratings" not in settings[0].content
            second = await s.fire(24)
            assert f"Time is up for {late}" in second[0].text() and "A bot played in their place" in second[0].text()
            assert "ratings" not in second[0].text()
    run(go())

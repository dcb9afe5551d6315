"""One post, one ping per change of decider, whoever plays: a turn the deadline bot plays for an absent player
(every step of it) goes out as one board post with a summary, mentioning only whoever decides next."""
from __future__ import annotations

import re
import time

from .test_deadlines import Clock, Table, run

MENTION = re.compile(r"<@!?(\d+)>")
THREAD = "flotilla-1"


async def flotilla(s: Table, *line: str) -> None:
    assert not (await s.cmd("alice", "/game new game:flotilla " + " ".join(line))).refused
    for name in ("bob", "carol"):
        assert not (await s.cmd(name, "/game join game:1")).refused
    assert not (await s.cmd("alice", "/game settings game:1 deadline:12h")).refused
    assert not (await s.cmd("alice", "/game start game:1")).refused
    s.drain()


def user_id(s: Table, name: str) -> str:
    return str(next(r.user_id for r in s.game().seats if r.name == name))


def check_one_post(s: Table, posted, late: str) -> None:
    public = [m for m in posted if not m.ephemeral]
    assert len(public) == 1, [m.text() for m in public]  # one post for the whole timed-out turn
    board = public[0]
    assert board.channel == THREAD and board.files
    assert f"Time is up for {late}" in board.text()
    nxt = s.waiting_name()
    assert MENTION.findall(board.content) == [user_id(s, nxt)]  # only the next decider is pinged
    assert user_id(s, late) not in board.content


def test_a_timed_out_flotilla_turn_is_one_post_that_pings_only_the_next_player(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await flotilla(s)
            late = s.waiting_name()
            posted = await s.fire(12.01)
            moves = s.service.games.moves(1)
            assert len(moves) >= 2 and {m.seat for m in moves} == {s.game().seat_of(int(user_id(s, late))).seat}
            check_one_post(s, posted, late)
            assert "🤖" in posted[0].text()  # what the bot did, as a summary line
    run(go())


def test_with_a_bot_seat_next_the_expiry_and_the_bots_still_make_one_post(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            assert not (await s.cmd("alice", "/game new game:flotilla bots:1")).refused
            assert not (await s.cmd("bob", "/game join game:1")).refused
            assert not (await s.cmd("alice", "/game settings game:1 deadline:12h")).refused
            assert not (await s.cmd("alice", "/game start game:1")).refused
            await s.t.bot.get_cog("BotPlayersCog").driver.idle()
            s.drain()
            late = s.waiting_name()
            s.clock.advance(12.01)
            await s.cog.scheduler.run_due()
            await s.t.bot.get_cog("BotPlayersCog").driver.idle()
            await s.t.bot.actions.boards.idle()
            posted = s.drain()
            public = [m for m in posted if not m.ephemeral]
            assert len(public) == 1, [m.text() for m in public]
            assert f"Time is up for {late}" in public[0].text()
            assert user_id(s, late) not in public[0].content or s.waiting_name() == late
    run(go())


def test_a_bot_taking_over_a_seat_is_told_on_the_board_with_one_ping_per_change_of_decider(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(time.time())) as s:  # today: the thread is fresh, its board editable
            await flotilla(s)
            first = s.waiting_name()
            assert not (await s.cmd(first, "/game leave game:1")).refused
            out = await s.t.press(first, 1)  # confirm: a bot takes the seat and plays the turn at once
            public = [m for m in out if not m.ephemeral]
            assert len(public) == 1 and f"{first} left Flotilla #1" in public[0].text()
            board_id = public[0].message_id
            nxt = s.waiting_name()
            assert nxt != first and MENTION.findall(public[0].content) == [user_id(s, nxt)]
            # someone who is not deciding leaves: the latest board is edited (live buttons), nobody is pinged
            other = ({"alice", "bob", "carol"} - {first, nxt}).pop()
            assert not (await s.cmd(other, "/game leave game:1")).refused
            out = await s.t.press(other, 1)
            public = [m for m in out if not m.ephemeral]
            assert len(public) == 1 and public[0].message_id == board_id  # the same board, edited
            assert f"{other} left Flotilla #1" in public[0].text()
            assert s.waiting_name() == nxt
            played = await s.t.press(nxt, 1, THREAD)  # the edited board's buttons work
            assert not played.refused, played.errors
    run(go())

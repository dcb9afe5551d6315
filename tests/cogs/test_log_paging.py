"""`/game log` reads and translates one page (cogs/info.py `log_page`): first, last, out of range, empty."""
from __future__ import annotations

import asyncio

from cogs.info import LOG_PAGE, log_page
from host.tables import TableService
from host.undo import undo
from rules.playout import playout_rng, random_move
from storage import open_store

from .test_commands import Session, texts, two_player_game
from .test_undo import ALICE, BOB, service, started  # noqa: F401 (`service` is a fixture)

PEOPLE = [ALICE, BOB]


def who(table, seat):
    return next(a for a in PEOPLE if a.user_id == table.user_of(seat).user_id)


def played(service, n):
    table = started(service)
    rng = playout_rng(9)
    for _ in range(n):
        seat = table.to_act[0]
        table = service.commit_move(who(table, seat), table, random_move(table.engine, table.state, seat, rng).id).table
    return table


def numbers(lines):
    return [int(line.split(".**")[0].strip("*")) for line in lines[1:]]


def test_an_empty_log_has_one_page_saying_so(service):
    table = started(service)
    for page in (None, 1, 5):
        lines = log_page(service, table, "en", page)
        assert lines[0].endswith("log, page 1 of 1") and lines[1:] == ["No moves yet."]


def test_first_last_and_out_of_range_pages(service):
    table = played(service, 2 * LOG_PAGE + 4)  # 34 moves: pages of 15, 15 and 4
    first = log_page(service, table, "en", 1)
    assert first[0].endswith("page 1 of 3") and numbers(first) == list(range(1, 16))
    last = log_page(service, table, "en", None)  # the default: the latest page
    assert last[0].endswith("page 3 of 3") and numbers(last) == [31, 32, 33, 34]
    assert numbers(log_page(service, table, "en", 2)) == list(range(16, 31))
    assert log_page(service, table, "en", 99) == last  # past the end: the last page
    assert log_page(service, table, "en", 0) == first and log_page(service, table, "en", -3) == first
    # each line is the move's own summary, in the reader's language
    row = service.games.moves(table.game.id)[0]
    assert first[1].startswith("**1.** ") and first[1] != "**1.** " + row.move_id
    spanish = log_page(service, table, "es", 1)
    assert spanish[0].endswith("registro, página 1 de 3") and spanish[1] != first[1]


def test_a_page_marks_the_moves_taken_back(service):
    table = played(service, LOG_PAGE)
    for _ in range(200):  # until a seat's move leaves it to act (one it may take back)
        seat = table.to_act[0]
        plain = next(m.id for m in table.engine.legal_moves(table.state, seat) if not m.barrier)
        table = service.commit_move(who(table, seat), table, plain).table
        if table.to_act == [seat]:
            break
    n = service.games.last_seq(table.game.id)
    table, _ = undo(service, who(table, seat), table)
    last = log_page(service, table, "en", None)
    assert numbers(last)[-1] == n and "~~" in last[-1] and "(taken back)" in last[-1]
    assert "~~" not in "".join(log_page(service, table, "en", 1))


def test_the_command_shows_the_page_asked_for(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await two_player_game(s)
            service = TableService(open_store(s.db))
            table = service.table(1)
            rng = playout_rng(4)
            for _ in range(LOG_PAGE + 2):
                seat = table.to_act[0]
                name = table.user_of(seat).name
                move = random_move(table.engine, table.state, seat, rng)
                out = await s.cmd(name, f"/play move:{move.id}", "wayfinders-1")
                assert not out.refused, texts(out)
                table = service.table(1)
            out = await s.cmd("dave", "/game log page:1", "wayfinders-1")
            assert "page 1 of 2" in texts(out) and "**15.**" in texts(out) and "**16.**" not in texts(out)
            out = await s.cmd("dave", "/game log page:7", "wayfinders-1")
            assert "page 2 of 2" in texts(out) and "**17.**" in texts(out) and "**1.**" not in texts(out)
            service.store.close()
    asyncio.run(go())

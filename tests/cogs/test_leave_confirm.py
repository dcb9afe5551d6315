"""Leaving asks first (a private confirm button whose custom id carries the game and survives a restart),
and leaving a running game posts a fresh board whose buttons work; only the creator starts a game;
settings stay as they were after the end."""
from __future__ import annotations

import asyncio

from .test_commands import Session, lobby_of_three, texts, to_act_user
from .test_last_human_leaves import read


def test_leave_asks_privately_and_changes_nothing_until_confirmed_in_spanish(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            await lobby_of_three(s)
            waiting = next(u for u in ("alice", "bob", "carol") if u != to_act_user(s.db))
            asked = await s.cmd(waiting, "/game leave", "wayfinders-1")
            assert not asked.refused and len(asked) == 1 and asked[0].ephemeral, texts(asked)
            assert "¿Salir de" in asked[0].content and "bot" in asked[0].content
            assert [p.label for p in asked[0].pressables] == ["Sí, salir"]
            assert [p.custom_id.split(":")[:3] for p in asked[0].pressables] == [["lv", "1", "2"]]  # a running seat
            table, moves, _ = read(s.db)
            assert not any(x.is_bot for x in table.seats)  # nothing changed yet
    asyncio.run(go())


def test_leaving_a_running_game_posts_a_fresh_board_with_live_buttons(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            waiting = next(u for u in ("alice", "bob", "carol") if u != first)
            before = read(s.db)[0].game.version
            out = await s.leave(waiting, "/game leave", "wayfinders-1")
            assert not out.refused, texts(out)
            boards = [m for m in out if not m.ephemeral and m.pressables and m.channel == "wayfinders-1"]
            assert len(boards) == 1, texts(out)
            assert read(s.db)[0].game.version > before
            played = await s.press(first, 1, "wayfinders-1")  # the fresh board's first move
            assert not played.refused, texts(played)
            assert read(s.db)[1] >= 1  # (the bot may have answered already)
    asyncio.run(go())


def test_the_confirm_button_works_after_a_restart(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            asked = await s.cmd("bob", "/game leave game:1")
            message_id = asked[0].message_id
        async with Session(tmp_path) as s:  # a new bot process on the same database
            out = await s.table.press_message("bob", message_id, 1, "local")
            assert not out.refused, texts(out)
            assert [x.name for x in read(s.db)[0].seats] == ["alice"]
    asyncio.run(go())


def test_only_the_creator_starts_and_settings_stay_after_the_end(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.press("bob", 1, "wayfinders-1")  # Join
            out = await s.press("bob", 3, "wayfinders-1")  # Start: bob did not open the game
            assert out.refused and "Only the player who opened" in texts(out)
            assert read(s.db)[0].game.status == "lobby"
            assert not (await s.press("alice", 3, "wayfinders-1")).refused
            assert not (await s.cmd("alice", "/game abandon", "wayfinders-1")).refused
            out = await s.cmd("alice", "/game settings deadline:24h", "wayfinders-1")
            assert out.refused and "already over" in texts(out), texts(out)
            assert "deadline" not in read(s.db)[0].game.settings
    asyncio.run(go())


def test_a_button_of_an_earlier_prompt_is_stale_and_changes_nothing(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            first = await s.cmd("bob", "/game leave game:1")
            second = await s.cmd("bob", "/game leave game:1")
            assert first[0].pressables[0].custom_id != second[0].pressables[0].custom_id
            out = await s.table.press_message("bob", first[0].message_id, 1, "local")
            assert out.refused and "desfasada" in texts(out), texts(out)
            assert [x.name for x in read(s.db)[0].seats] == ["alice", "bob"]  # nothing changed
            out = await s.table.press_message("bob", second[0].message_id, 1, "local")
            assert not out.refused, texts(out)
            assert [x.name for x in read(s.db)[0].seats] == ["alice"]
    asyncio.run(go())


def test_a_button_shown_before_the_seat_changed_is_stale(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            asked = await s.cmd("bob", "/game leave game:1")
            await s.table.press_message("bob", asked[0].message_id, 1, "local")  # bob leaves…
            await asyncio.sleep(0.01)
            assert not (await s.cmd("bob", "/game join game:1")).refused  # …and sits down again
            out = await s.table.press_message("bob", asked[0].message_id, 1, "local")  # the old button again
            assert out.refused and "out of date" in texts(out), texts(out)
            assert [x.name for x in read(s.db)[0].seats] == ["alice", "bob"]
    asyncio.run(go())


def test_a_lobby_prompt_does_not_hand_a_running_seat_to_a_bot(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("carol", "/game join game:1")
            asked = await s.cmd("bob", "/game leave game:1")  # "your seat is freed for someone else"
            assert "freed" in asked[0].content
            assert not (await s.cmd("alice", "/game start game:1")).refused
            out = await s.table.press_message("bob", asked[0].message_id, 1, "local")
            assert out.refused and "out of date" in texts(out), texts(out)
            assert not any(x.is_bot for x in read(s.db)[0].seats)  # bob still plays his own seat
    asyncio.run(go())


def test_the_newest_prompt_is_remembered_across_a_restart(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            first = (await s.cmd("bob", "/game leave game:1"))[0].message_id
            second = (await s.cmd("bob", "/game leave game:1"))[0].message_id
            version = read(s.db)[0].game.version
        async with Session(tmp_path) as s:  # a new bot process on the same database
            out = await s.table.press_message("bob", first, 1, "local")
            assert out.refused and "out of date" in texts(out), texts(out)
            assert [x.name for x in read(s.db)[0].seats] == ["alice", "bob"]
            assert read(s.db)[0].game.version == version  # asking changed no board's buttons
            out = await s.table.press_message("bob", second, 1, "local")
            assert not out.refused, texts(out)
            assert [x.name for x in read(s.db)[0].seats] == ["alice"]
    asyncio.run(go())

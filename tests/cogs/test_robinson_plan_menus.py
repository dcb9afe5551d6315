"""Robinson's planning on the local table, one menu at a time (host/move_menus.py): "My view" offers the targets
(at most 25), a target opens the menu of its pawn assignments privately, and a click there plans the stack; a
click on a group of an older list, or by someone who is not a player, is refused and changes nothing."""
from __future__ import annotations

import asyncio


from .test_commands import Session, read, texts


def _index(message, value: str) -> int:
    return next(i for i, p in enumerate(message.pressables, 1) if p.value == value)


async def _to_planning(s: Session):
    """Robinson #1 for alice and bob, played on until planning; the thread's name."""
    await s.cmd("alice", "/robinson new")
    await s.cmd("bob", "/game join game:1")
    out = await s.cmd("alice", "/game start")
    thread = [m for m in out if m.files and not m.ephemeral][-1].channel
    for _ in range(30):
        table = read(s.db)
        if table.state.phase == "plan":
            return thread
        seat = table.to_act[0]
        move = table.engine.legal_moves(table.state, seat)[0].id
        assert not (await s.cmd(table.user_of(seat).name, f"/play move:{move}", thread)).refused
    raise AssertionError("never reached planning")


def test_planning_is_a_target_then_its_pawns(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path) as s:
            thread = await _to_planning(s)
            table = read(s.db)
            user = table.user_of(table.to_act[0]).name
            seat = table.to_act[0]
            moves = table.engine.legal_moves(table.state, seat)
            assert len(moves) > 25  # the flat list needed several menus
            mine = await s.table.press(user, 1, thread)  # "My view"
            listed = [m for m in mine if m.pressables][-1]
            assert listed.ephemeral and len(listed.pressables) <= 25
            values = [p.value for p in listed.pressables if p.value]
            assert "@t.thr.1" in values and "@t.camp" in values  # targets, not pawns
            assert not any(v.startswith("p:thr.1") for v in values)
            assert "Food Crates (6 choices)…" in " ".join(p.label for p in listed.pressables)

            spectator = await s.table.press_message("carol", listed.message_id, _index(listed, "@t.rest"), thread)
            assert spectator.refused and all(m.ephemeral for m in spectator)

            step = await s.table.press(user, _index(listed, "@t.thr.1"), thread)
            assert not step.refused
            pawns = [m for m in step if m.pressables][-1]
            assert pawns.ephemeral and "Threat action on Food Crates: choose one." in pawns.content
            assert [p.label for p in pawns.pressables][:2] == ["Threat action on Food Crates: the Explorer (no cost)",
                                                              "Threat action on Food Crates: Friday (no cost)"]
            assert len(pawns.pressables) == 6 and all(p.component_type == 2 for p in pawns.pressables)
            assert read(s.db).game.version == table.game.version  # opening a menu changes nothing

            done = await s.table.press(user, 1, thread)
            assert not done.refused, texts(done)
            after = read(s.db)
            assert [(st.target, st.pawns) for st in after.state.plan] == [("thr.1.1", ["Explorer"])]

            stale = await s.table.press_message(user, listed.message_id, _index(listed, "@t.camp"), thread)
            assert stale.refused and "out of date" in texts(stale)
            assert read(s.db).game.version == after.game.version

    asyncio.run(go())


def test_the_group_menus_read_in_spanish(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            thread = await _to_planning(s)
            table = read(s.db)
            user = table.user_of(table.to_act[0]).name
            mine = await s.table.press(user, 1, thread)
            listed = [m for m in mine if m.pressables][-1]
            labels = " ".join(p.label for p in listed.pressables)
            assert "(6 opciones)…" in labels and "choices" not in labels
            step = await s.table.press(user, _index(listed, "@t.thr.1"), thread)
            assert "elige una." in [m for m in step if m.pressables][-1].content

    asyncio.run(go())

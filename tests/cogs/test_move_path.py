"""One human move travels a straight path (docs/architecture.md "One move, from click to posted board"):
the game is loaded once, the move checked once, and the legal list of the state it is played on built once;
the posted board then lists the next decision once.  Counted through the real bot on the local table, for a
button click and for a typed `/play`."""
from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from host import tables
from host.tables import TableService
from rules import GAMES
from rules.contract import Engine
from storage import open_store

from .test_commands import Session, to_act_user


class Counts:
    """What one move costs, by kind: `load` (a game read into a Table), `check` (a legality check: the host's
    resolution of the move among the legal list, or the engine's guard chain) and `listed` (the moves_made of
    each state whose legal list was built)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game: str = "wayfinders"):
        self.n: Counter[str] = Counter()
        self.listed: list[int] = []
        self.on = False
        engine = type(GAMES[game])
        self._count(monkeypatch, TableService, "table_of", "load")
        self._count(monkeypatch, tables, "resolve", "check")
        self._count(monkeypatch, Engine, "find_option", "check")
        options = engine.options

        def listing(engine_self, state, seat, move_id=None):
            if self.on:
                self.listed.append(state.moves_made)
            return options(engine_self, state, seat, move_id)
        monkeypatch.setattr(engine, "options", listing)

    def _count(self, monkeypatch: pytest.MonkeyPatch, owner: object, name: str, kind: str) -> None:
        real = getattr(owner, name)

        def counted(*args, **kwargs):
            if self.on:
                self.n[kind] += 1
            return real(*args, **kwargs)
        monkeypatch.setattr(owner, name, counted)


def moves_made(db: str) -> int:
    service = TableService(open_store(db))
    try:
        state = service.table(1).state
        assert state is not None
        return state.moves_made
    finally:
        service.store.close()


@pytest.mark.parametrize("how", ["button", "/play"])
def test_one_move_loads_once_checks_once_and_lists_once(tmp_path, monkeypatch, how):
    counts = Counts(monkeypatch)

    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start")
            first, before = to_act_user(s.db), moves_made(s.db)
            counts.on = True
            if how == "button":
                out = await s.press(first, 2, "wayfinders-1")  # a Place button of the board
            else:
                out = await s.cmd(first, "/play move:return", "wayfinders-1")
            await s.table.bot.actions.boards.idle()
            counts.on = False
            assert not out.refused
            assert moves_made(s.db) == before + 1  # the move was played and saved
            assert counts.n == Counter(load=1, check=1)
            # the move's state listed once (the check), the new state once (the posted board's buttons)
            assert counts.listed == [before, before + 1]
    asyncio.run(go())


def test_a_refused_move_is_checked_once_and_changes_nothing(tmp_path, monkeypatch):
    counts = Counts(monkeypatch)

    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start")
            first, before = to_act_user(s.db), moves_made(s.db)
            counts.on = True
            out = await s.cmd(first, "/play move:swim", "wayfinders-1")
            counts.on = False
            assert out.refused and moves_made(s.db) == before
            assert counts.n["load"] == 1
            assert counts.listed[0] == before and set(counts.listed) == {before}  # nothing of a new state
    asyncio.run(go())


def test_a_move_from_a_private_list_loads_once_and_checks_once(tmp_path, monkeypatch):
    """Flotilla's choice of a card is private (F17): "My view" lists the hand privately; a click there plays the
    card, and the list becomes the player's view after the move without reading the game again."""
    monkeypatch.setenv("GAMEHOST_SEED", "11")
    counts = Counts(monkeypatch, "flotilla")

    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:flotilla")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("carol", "/game join game:1")
            await s.cmd("alice", "/game start", "flotilla-1")
            first, before = to_act_user(s.db), moves_made(s.db)
            mine = await s.press(first, 1, "flotilla-1")  # "My view": the hand, privately
            listed = next(m for m in mine if m.pressables)
            n = next(i for i, p in enumerate(listed.pressables, 1) if p.label.startswith("Play "))
            counts.on = True
            out = await s.press(first, n, "flotilla-1")
            await s.table.bot.actions.boards.idle()
            counts.on = False
            assert not out.refused and moves_made(s.db) == before + 1
            assert counts.n == Counter(load=1, check=1)
            assert counts.listed.count(before) == 1  # the hand listed once, for the check
    asyncio.run(go())

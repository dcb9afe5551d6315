"""Move labels name players, not seat ids, wherever a player reads them: `/game moves`, the turn post's
buttons and select menus, `/play` autocomplete, and `/play move:<label>` as `/game moves` shows it.
Discord's limits hold with long names (button labels ≤ 80, select options and choices ≤ 100)."""
from __future__ import annotations

import asyncio

import pytest

from cogs.completion import filter_moves
from local.messages import pressables
from host.tables import Actor, TableService
from cogs.views import move_components
from rules import GAMES, Move
from rules.text import join, seat_ref
from storage import open_store

from .test_commands import Session, lobby_of_three, texts, to_act_user

GIVE = Move.of("give:all", join(["Give to ", seat_ref("p1"), " and ", seat_ref("p2")], ""))
LONG = {"p1": "A" * 32, "p2": "B" * 32}


@pytest.fixture
def named_move(monkeypatch):
    """Wayfinders offers one extra move whose label names two seats (never played in these tests)."""
    engine = GAMES["wayfinders"]
    real = type(engine).legal_moves
    monkeypatch.setattr(type(engine), "legal_moves", lambda self, state, seat: [GIVE] + real(self, state, seat))


def _seatless(text: str) -> bool:
    return "p1" not in text and "p2" not in text


def test_moves_buttons_and_autocomplete_name_the_players(tmp_path, named_move):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            board = s.table.registry.last_with_components(s.table._channel("wayfinders-1").id,
                                                          s.table._user(first).id)
            labels = [p.label for p in pressables(board.payload.get("components") or [])]
            assert "Give to alice and bob" in labels and all(_seatless(x) for x in labels)
            listed = texts(await s.cmd(first, "/game moves", "wayfinders-1"))
            assert "`give:all` — Give to alice and bob" in listed
            found = await s.table.complete(first, "/play move:bob", "wayfinders-1")
            assert [(n, v) for n, v in found if v == "give:all"] == [("give:all — Give to alice and bob", "give:all")]
    asyncio.run(go())


def test_components_name_players_within_discord_limits():
    buttons = move_components(1, 3, [GIVE] * 3, "en", names=LONG)
    assert [b.item.label for b in buttons.children] == [f"Give to {'A' * 32} and {'B' * 32}"] * 3
    many = [Move.of(f"give:{i}", join([seat_ref("p1"), " " + "x" * 90], "")) for i in range(30)]
    for k, item in enumerate(move_components(1, 3, many, "en", names=LONG).children):
        assert all(o.label.startswith("A" * 32) and len(o.label) <= 100 for o in item.item.options), k
    long_buttons = move_components(1, 3, many[:5], "en", names=LONG).children
    assert all(b.item.label.startswith("A" * 32) and len(b.item.label) <= 80 for b in long_buttons)
    choices = filter_moves(many, "aaa", "en", LONG)
    assert len(choices) == 25 and all(c.name.startswith("give:") and len(c.name) <= 100 for c in choices)
    assert all("A" * 32 in c.name for c in choices)


def test_play_accepts_the_label_as_moves_shows_it(tmp_path, named_move):
    service = TableService(open_store(tmp_path / "g.db"), clock=lambda: 1000.0, seeds=lambda: 42)
    try:
        table = service.new_game(Actor(user_id=1, name="alice"), "wayfinders", guild_id=1, channel_id=10)
        table = service.start(Actor(user_id=1, name="alice"),
                              service.join(Actor(user_id=2, name="bob"), table))
        seat = table.to_act[0]
        assert service.resolve_move(table, seat, "give to ALICE and bob") == GIVE
        assert service.resolve_move(table, seat, "Give to p1 and p2") == GIVE  # the seat ids still work
    finally:
        service.store.close()


def test_the_private_view_names_players_in_the_prompt(tmp_path, monkeypatch):
    engine = GAMES["wayfinders"]
    monkeypatch.setattr(type(engine), "prompt", lambda self, state, seat: GIVE.text)

    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            me = texts(await s.cmd(first, "/game me", "wayfinders-1"))
            assert "Give to alice and bob" in me and _seatless(me)
    asyncio.run(go())

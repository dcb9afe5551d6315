"""`/eclipse autopass setting:on` on the local table: a private confirmation, and when the player's passed turn
(Eclipse E28: a Reaction or pass again) is theirs now, the bots' driver passes for them at once, as a move
with no user behind it; another player's turn is never played for."""
from __future__ import annotations

import asyncio
import random

from bot import make_bot
from host.tables import Actor, TableService
from local import LocalTable
from local.registry import Registry
from storage import open_store


def _read(db: str):
    service = TableService(open_store(db))
    try:
        return service.table(1), service.games.moves(1)
    finally:
        service.store.close()


def test_autopass_passes_a_passed_turn_that_is_waiting_now(tmp_path):
    db = str(tmp_path / "games.db")
    registry = Registry(db)
    alice, bob = registry.user("alice"), registry.user("bob")
    guild_id, channel_id = registry.guild_id, registry.text_channel("local").id
    registry.close()
    service = TableService(open_store(db), seeds=lambda: 1)
    table = service.new_game(Actor(alice.id, "alice"), "eclipse", guild_id=guild_id, channel_id=channel_id)
    table = service.join(Actor(bob.id, "bob"), table)
    table = service.start(Actor(alice.id, "alice"), table)
    seat = table.seat_of(alice.id).seat
    rng = random.Random(7)
    for _ in range(400):  # random moves until her passed turn comes round
        if seat in table.to_act and table.engine.auto_pass(table.state, seat) is not None:
            break
        actor = table.to_act[0]
        ids = [m.id for m in table.engine.legal_moves(table.state, actor)]
        table = service.play_seat(table, actor, "pass" if "pass" in ids and rng.random() < 0.3 else rng.choice(ids)).table
    assert table.engine.auto_pass(table.state, seat) == "pass"
    logged = len(service.games.moves(1))
    service.store.close()

    async def go():
        local = LocalTable(lambda path: make_bot(path), db, out_dir=str(tmp_path / "out"))
        await local.start()
        try:
            refused = await local.command("carol", "/eclipse autopass setting:on game:1", "local")
            assert refused.refused
            said = await local.command("alice", "/eclipse autopass setting:on", "local")
            assert not said.refused
            assert "pass again for you" in " ".join(m.content for m in said)
            await local.bot.get_cog("BotPlayersCog").driver.idle()
        finally:
            await local.close()

    asyncio.run(go())
    after, moves = _read(db)
    passed = moves[logged:]
    assert passed and passed[0].seat == seat and passed[0].move_id == "pass" and passed[0].user_id is None
    assert all(m.seat == seat for m in passed)  # only her passes: Bob's turns stay his
    assert not (seat in after.to_act and after.engine.auto_pass(after.state, seat) is not None)

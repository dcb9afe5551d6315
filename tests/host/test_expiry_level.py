"""The level of the bot that plays an expired turn (host/deadlines.py `expiry_level`): greedy unless the
creator opened the game with `level:hard` (host/bot_seats.py `creator_picks_level`)."""
from __future__ import annotations

from host.bot_seats import creator_picks_level
from host.deadlines import expiry_level
from host.tables import Actor, TableService
from storage import open_store


def test_expired_turns_stay_greedy_unless_the_creator_picked_hard(tmp_path):
    assert expiry_level({}) == "greedy" and expiry_level({"expire_level": "genius"}) == "greedy"
    service = TableService(open_store(str(tmp_path / "g.db")))
    try:
        alice = Actor(user_id=1, name="alice")
        for level, expected in ((None, "greedy"), ("random", "greedy"), ("greedy", "greedy"), ("hard", "hard")):
            table = service.new_game(alice, "wayfinders", guild_id=7, channel_id=1)
            table = creator_picks_level(service, table, level)
            assert expiry_level(table.game.settings) == expected
            assert expiry_level(service.table(table.game.id).game.settings) == expected
    finally:
        service.store.close()

"""Owed notices (storage/notices.py): kept in order per game until delivered, files as bytes."""
from __future__ import annotations

from storage import open_store
from storage.notices import NoticeStore


def test_owed_notices_keep_their_order_files_and_nonces_until_delivered(tmp_path):
    store = open_store(tmp_path / "games.db")
    try:
        notices = NoticeStore(store)
        first = notices.owe(7, 70, [{"nonce": "a", "content": "one", "components": "lobby:es"},
                                    {"nonce": "b", "content": "two", "file_name": "r.gif", "file_data": b"GIF\0"}], 1.0)
        other = notices.owe(3, 30, [{"nonce": "c", "content": "three"}], 2.0)
        assert notices.games_owing() == [7, 3]  # the game owed longest first
        rows = notices.owed(7)
        assert [(r.id, r.nonce, r.content, r.components) for r in rows] == [
            (first[0], "a", "one", "lobby:es"), (first[1], "b", "two", None)]
        assert rows[1].file_data == b"GIF\0" and rows[1].file_name == "r.gif" and rows[0].channel_id == 70
        assert notices.delivered(3, first) == 0  # another game's ids remove nothing
        assert notices.delivered(7, first[:1]) == 1
        assert [r.content for r in notices.owed(7)] == ["two"] and notices.count() == 2
        assert notices.delivered(7, first[1:]) == 1 and notices.delivered(3, other) == 1
        assert notices.games_owing() == [] and notices.count() == 0
    finally:
        store.close()


def test_a_notice_owed_as_its_maker_becomes_its_posts_in_one_step_and_only_once(tmp_path):
    store = open_store(tmp_path / "games.db")
    try:
        notices = NoticeStore(store)
        [mark] = notices.owe(7, 70, [{"nonce": "m", "components": "history:es"}], 1.0)
        made = notices.replace(7, mark, "history:es", [{"nonce": "a", "content": "chart", "file_name": "s.png", "file_data": b"P"},
                                         {"nonce": "b", "content": "replay"}], 2.0)
        rows = notices.owed(7)
        assert [(r.id, r.nonce, r.content, r.channel_id) for r in rows] == [
            (made[0], "a", "chart", 70), (made[1], "b", "replay", 70)]  # in its place, in its thread
        assert notices.replace(7, mark, "history:es", [{"nonce": "c", "content": "again"}], 3.0) == []  # made once
        assert notices.replace(3, made[0], "history:es", [{"nonce": "d", "content": "x"}], 3.0) == []  # not its game
        assert [r.nonce for r in notices.owed(7)] == ["a", "b"] and notices.count() == 2
    finally:
        store.close()

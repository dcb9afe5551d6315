"""The registry: the fake Discord's memory, in local_* tables of the game database."""
from __future__ import annotations

import sqlite3

from local.registry import Registry


def test_ids_are_stable_across_processes_and_names_are_case_insensitive(tmp_path):
    db = tmp_path / "games.db"
    first = Registry(db)
    alice = first.user("alice")
    local = first.text_channel("local")
    old = first.add_thread(111, "wayfinders-1", local.id, first.bot_id)
    new = first.add_thread(222, "wayfinders-1", local.id, first.bot_id)
    first.close()

    second = Registry(db)  # another process, days later
    assert second.user("Alice").id == alice.id and second.find_user("@alice").id == alice.id
    assert second.text_channel("local").id == local.id
    assert second.find_channel("#wayfinders-1").id == new.id  # the newest thread of that name
    second.update_channel(new.id, archived=True)
    assert second.find_channel("wayfinders-1").id == old.id  # active threads first
    assert second.find_channel(str(old.id)).name == "wayfinders-1"
    assert second.guild_id == Registry(db).guild_id and second.bot_id != alice.id
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"local_meta", "local_users", "local_channels", "local_messages", "local_guilds",
                     "local_members", "local_thread_members"}


def test_servers_have_stable_ids_from_their_names_and_their_own_channels(tmp_path):
    db = tmp_path / "games.db"
    first = Registry(db)
    assert first.guild("local").id == first.guild_id  # the default server
    other = first.guild("Other")
    here, there = first.text_channel("local"), first.text_channel("local", other.id)
    thread = first.add_thread(333, "wayfinders-1", there.id, first.bot_id)
    dm = first.dm_channel(first.user("mallory").id)
    first.close()

    second = Registry(tmp_path / "elsewhere.db")  # a server's id comes from its name alone
    assert second.guild("other").id == other.id == Registry.derived_guild_id("OTHER") != second.guild_id
    second.close()
    again = Registry(db)
    assert here.id != there.id and (here.guild_id, there.guild_id) == (again.guild_id, other.id)
    assert again.find_channel("local", other.id).id == there.id
    assert again.find_channel("wayfinders-1", other.id).guild_id == other.id  # a thread is in its channel's server
    assert again.find_channel("wayfinders-1") is None  # not in the default server
    assert again.channel_by_id(dm.id).guild_id is None  # a DM belongs to no server
    assert [g.name for g in again.guilds()] == ["local", "Other"]
    again.close()


def test_last_message_with_components_respects_who_can_see_it(tmp_path):
    reg = Registry(tmp_path / "games.db")
    channel = reg.text_channel("local")
    alice, bob = reg.user("alice"), reg.user("bob")
    button = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]
    link = [{"type": 1, "components": [{"type": 2, "style": 5, "label": "Docs", "url": "https://example.org"}]}]
    reg.save_message({"id": "10", "channel_id": str(channel.id), "components": button})
    reg.save_message({"id": "11", "channel_id": str(channel.id), "components": button}, visible_to=alice.id)
    reg.save_message({"id": "12", "channel_id": str(channel.id), "components": link})  # nothing to press
    reg.save_message({"id": "13", "channel_id": str(channel.id), "components": []})
    assert reg.last_with_components(channel.id, alice.id).id == 11
    assert reg.last_with_components(channel.id, bob.id).id == 10
    assert [m.id for m in reg.history(channel.id)] == [13, 12, 10]

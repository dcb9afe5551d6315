"""The local table's seam: real CommandTree and ViewStore, fake HTTP and webhook transport.

Each test drives the small demo bot of tests/local/demo_bot.py through
LocalTable exactly as the project's bot is driven.
"""
from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any, Awaitable, Callable

import discord
import pytest

from local.messages import JSON_KEYS
from local.parser import LocalError
from local.payloads import command_data, read_command_line
from local.server import HTTP_ROUTES
from local.table import LocalTable
from tests.local.demo_bot import make_bot

PNG = b"\x89PNG\r\n\x1a\n"


def play(db: Path, steps: Callable[[LocalTable], Awaitable[Any]], **kwargs: Any) -> Any:
    """Start a table on ``db``, run ``steps`` on it, close it (one 'process')."""

    async def go() -> Any:
        table = LocalTable(make_bot, str(db), out_dir=str(db.parent / "out"), **kwargs)
        await table.start()
        try:
            return await steps(table)
        finally:
            await table.close()

    return asyncio.run(go())


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


# -- slash commands: options typed from the real parameters ----------------------------------

def test_options_are_typed_from_the_commands_parameters(db):
    async def steps(t: LocalTable):
        line = read_command_line(t.bot.tree, t.registry.guild_id, '/demo echo text:"two words" times:3 loud:yes '
                                                                   'ratio:0.5')
        data = command_data(line, t.registry, managers=t.managers)
        replies = await t.command("alice", '/demo echo text:"two words" times:2 loud:yes ratio:1.5')
        return data, replies

    data, replies = play(db, steps)
    assert data["name"] == "demo" and data["type"] == 1
    (sub,) = data["options"]
    assert (sub["name"], sub["type"]) == ("echo", 1)
    typed = {o["name"]: (o["type"], o["value"]) for o in sub["options"]}
    assert typed == {"text": (3, "two words"), "times": (4, 3), "loud": (5, True), "ratio": (10, 0.5)}
    assert [s.content for s in replies] == ["TWO WORDS TWO WORDS x1.5"]
    assert not replies.refused and replies[0].channel == "local" and replies[0].ephemeral is False


def test_bare_text_fills_the_first_required_option_and_choices_accept_names(db):
    async def steps(t: LocalTable):
        a = await t.command("alice", "/demo echo hello world times:2")
        b = await t.command("alice", "/demo kind game:Flotilla")
        c = await t.command("alice", "/demo kind wayfinders")
        return a, b, c

    a, b, c = play(db, steps)
    assert a[0].content == "hello world hello world"
    assert b[0].content == "game=flotilla"
    assert c[0].content == "game=wayfinders"


@pytest.mark.parametrize("line, message", [
    ("/nope", "unknown command /nope"),
    ("/demo", "needs a subcommand"),
    ("/demo frob", "unknown subcommand 'frob'"),
    ("/demo echo text:hi times:x", "whole number"),
    ("/demo echo text:hi times:9", "at most 5"),
    ("/demo echo text:hi loud:maybe", "true or false"),
    ("/demo echo times:2", "needs option text"),
    ("/demo kind game:chess", "must be one of"),
    ("/demo secret please", "takes no options"),
    ("/demo echo text:a text:b", "twice"),
])
def test_lines_that_do_not_fit_the_tree_are_clear_errors(db, line, message):
    async def steps(t: LocalTable):
        with pytest.raises(LocalError, match=message):
            await t.command("alice", line)
        return t.server.outbox

    assert play(db, steps) == []


def test_the_interaction_is_built_from_state_with_locale_permissions_and_channel(db):
    async def steps(t: LocalTable):
        mine = await t.command("alice", "/demo info")
        theirs = await t.command("admin", "/demo info")
        return mine, theirs

    mine, theirs = play(db, steps, locale="es-ES")
    assert mine[0].ephemeral is True
    assert mine[0].content == ("locale=es-ES guild_locale=en-US manage=False attach=True channel=TextChannel:local"
                               " guild=Local table member=Member")
    assert "manage=True" in theirs[0].content


def test_user_options_resolve_by_name_and_mentions_read_as_names(db):
    async def steps(t: LocalTable):
        replies = await t.command("alice", "/demo whois who:@bob")
        return replies, t.render(replies[0]), t.registry.find_user("bob").id

    replies, text, bob_id = play(db, steps)
    assert replies[0].content == f"that is bob (<@{bob_id}>)"  # JSON keeps the content as sent
    assert text == "[#local] that is bob (@bob)"


# -- responses: ephemeral, deferred, followups, edits ----------------------------------------------

def test_ephemeral_flag_is_captured(db):
    replies = play(db, lambda t: t.command("alice", "/demo secret"))
    assert [(s.ephemeral, s.content, s.to_user) for s in replies] == [(True, "psst, you are alice in en-US", "alice")]
    assert "(only you)" in replies[0].text()


def test_a_deferred_response_and_its_followups_are_all_collected(db):
    replies = play(db, lambda t: t.command("alice", "/demo slow"))
    assert [(s.content, s.ephemeral) for s in replies] == [("first result", False), ("second result", True)]
    assert not replies.refused


def test_editing_the_original_response_is_reported_as_an_edit(db):
    replies = play(db, lambda t: t.command("alice", "/demo edit"))
    assert [(s.content, s.edited) for s in replies] == [("draft", False), ("final", True)]
    assert replies[0].message_id == replies[1].message_id


# -- threads, files, persistent buttons across processes -----------------------------------------------

def test_a_thread_survives_into_a_second_process_whose_button_press_is_answered(db):
    async def first(t: LocalTable):
        replies = await t.command("alice", "/demo table name:alpha")
        return replies, list(t.server.requests), [t.render(s) for s in replies]

    replies, requests, shown = play(db, first)
    assert shown[0].startswith("[#alpha] @alice opened the table")
    assert shown[1] == "[#local] (only you) table ready in #alpha"
    post, ready = replies
    assert post.channel == "alpha" and not post.ephemeral
    assert post.embeds[0]["title"] == "Table alpha" and post.embeds[0]["fields"][0]["value"] == "1"
    (png,) = post.files
    assert Path(png).read_bytes().startswith(PNG) and Path(png).parent == db.parent / "out"
    assert post.buttons == ["Bump 1"]
    assert post.components[0]["components"][0]["custom_id"] == "demo:1"
    assert ready.channel == "local" and ready.ephemeral and ready.content.startswith("table ready in <#")
    assert ("POST", "/channels/{channel_id}/threads") in requests
    assert ("POST", "/channels/{channel_id}/messages") in requests

    with sqlite3.connect(db) as conn:  # the sidecar lives in the same file, beside the bot's own tables
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        thread_id = conn.execute("SELECT thread_id FROM demo_tables").fetchone()[0]
    assert {"local_meta", "local_users", "local_channels", "local_messages", "demo_tables"} <= tables

    async def second(t: LocalTable):
        cached = t.bot.get_channel(thread_id)
        pressed = await t.press("bob", 1, channel="alpha")
        again = await t.press("carol", 1, channel="#alpha")
        info = await t.command("carol", "/demo info", channel="alpha")
        return cached, pressed, again, info

    cached, pressed, again, info = play(db, second)  # a new bot, a new process in real use
    assert isinstance(cached, discord.Thread) and cached.name == "alpha"
    assert (info[0].channel, "channel=Thread:alpha" in info[0].content) == ("alpha", True)
    assert [(s.channel, s.ephemeral, s.content) for s in pressed] == [
        ("alpha", True, "you bumped 1"),
        ("alpha", False, pressed[1].content),
    ]
    assert pressed[1].content.endswith("bumped the counter to 2") and pressed[1].buttons == ["Bump 2"]
    assert again[0].content == "you bumped 2"  # the newest board's button


def test_selects_and_disabled_buttons_are_numbered_after_buttons(db):
    async def steps(t: LocalTable):
        menu = await t.command("alice", "/demo menu")
        with pytest.raises(LocalError, match="disabled"):
            await t.press("alice", 2)
        with pytest.raises(LocalError, match="choose 1-5"):
            await t.press("alice", 6)
        yes = await t.press("alice", 1)
        picked = await t.press("bob", 4)
        with pytest.raises(LocalError, match="nothing to press"):
            await t.press("bob", 1)
        return menu, yes, picked

    menu, yes, picked = play(db, steps)
    assert menu[0].buttons == ["Yes", "No", "Apple", "Apricot", "Banana"]
    assert "  3) Apple" in menu[0].text() and "2) No (disabled)" in menu[0].text()
    assert [s.content for s in yes] == ["you said yes"]
    assert [(s.content, s.edited, s.components) for s in picked] == [("picked apricot", True, [])]


def test_a_dynamic_select_is_answered_after_a_restart(db):
    posted = play(db, lambda t: t.command("alice", "/demo flavours"))
    assert posted[0].buttons == ["Blueberry", "Cherry", "Fig"]
    chosen = play(db, lambda t: t.press("bob", 2))
    assert [s.content for s in chosen] == ["round 7: cherry"]


def test_ephemeral_buttons_are_pressable_only_by_their_viewer(db):
    async def steps(t: LocalTable):
        await t.command("alice", "/demo menu")
        mine = await t.command("alice", "/demo privmenu")
        pressed_by_alice = await t.press("alice", 1)           # her private menu is the newest she can see
        bob_sees = t.registry.last_with_components(t.registry.find_channel("local").id,
                                                   t.registry.user("bob").id)
        return mine, pressed_by_alice, bob_sees

    mine, pressed, bob_sees = play(db, steps)
    assert mine[0].ephemeral and mine[0].buttons[0] == "Yes"
    assert [s.content for s in pressed] == ["you said yes"]
    assert bob_sees.payload["content"] == "choose"  # bob only sees the public menu


# -- autocomplete ---------------------------------------------------------------------------------

def test_autocomplete_returns_the_bots_choices_for_the_last_option(db):
    async def steps(t: LocalTable):
        return (await t.complete("alice", "/demo pick fruit:ap"), await t.complete("alice", "/demo pick b"),
                await t.complete("alice", "/demo pick"), await t.complete("alice", "/demo kind game:flo"))

    ap, b, empty, fixed = play(db, steps)
    assert ap == [("Apple", "apple"), ("Apricot", "apricot")]
    assert b == [("Banana", "banana"), ("Blueberry", "blueberry")]
    assert len(empty) == 6
    assert fixed == [("Flotilla", "flotilla")]  # fixed choices are filtered by the client, as on Discord


def test_options_without_suggestions_say_so(db):
    async def steps(t: LocalTable):
        with pytest.raises(LocalError, match="no suggestions"):
            await t.complete("alice", "/demo echo text:x")

    play(db, steps)


# -- failures are reported, never hang --------------------------------------------------------------------

def test_failures_and_refusals_are_marked(db):
    async def steps(t: LocalTable):
        return (await t.command("alice", "/demo boom"), await t.command("alice", "/demo silent"),
                await t.command("alice", "/demo refuse"), await t.command("alice", "/demo echo hi"))

    boom, silent, refuse, fine = play(db, steps)
    assert boom.refused and any("kaboom" in e for e in boom.errors) and any("did not respond" in e for e in boom.errors)
    assert "ValueError: kaboom" in boom.details[0]
    assert silent.refused and silent.errors == [
        "the bot did not respond to /demo silent (on Discord: 'The application did not respond')"]
    assert refuse.refused and refuse[0].content == "no, not now" and refuse.errors == []
    assert not fine.refused and fine.errors == []


def test_a_hung_interaction_times_out_with_an_error(db):
    async def steps(t: LocalTable):
        t.settle_timeout = 0.3
        return await t.command("alice", "/demo hang")

    replies = play(db, steps)
    assert [s.content for s in replies] == ["hanging"]
    assert replies.refused and "still running after 0.3 s" in replies.errors[0]


def test_posts_owed_after_an_action_are_collected_with_it_under_their_own_bound(db):
    """A task named `owed-made-*` (a finished game's history, cogs/notices.py `owe_made`) may outlast the action's
    `settle_timeout`: its posts come with the action's replies, bounded by `owed_timeout`."""
    async def steps(t: LocalTable):
        t.settle_timeout, t.owed_timeout = 0.3, 5.0
        waited = await t.command("alice", "/demo later seconds:0.6")
        t.owed_timeout = 0.3  # never shorter than the action's own bound, so both are 0.3 s here
        return waited, await t.command("alice", "/demo later seconds:2")

    waited, cut = play(db, steps)
    assert [s.content for s in waited] == ["answered", "made later"] and not waited.refused
    assert [s.content for s in cut] == ["answered"]
    assert cut.refused and cut.errors == ["still running after 0.3 s and cancelled: owed-made-demo"]


def test_a_bot_player_still_thinking_is_waited_for_under_its_own_bound(db):
    """A bot seat's task (`bots-game-*`) may outlast `settle_timeout`: a hard bot's turn is many searched
    decisions, and a bot cut off stays stuck until the next start.  It is waited for up to `bot_timeout`."""
    async def steps(t: LocalTable):
        t.settle_timeout, t.bot_timeout = 0.3, 5.0
        waited = await t.command("alice", "/demo think seconds:0.6")
        t.bot_timeout = 0.3
        return waited, await t.command("alice", "/demo think seconds:2")

    waited, cut = play(db, steps)
    assert [s.content for s in waited] == ["answered", "the bot moved"] and not waited.refused
    assert cut.refused and cut.errors == ["still running after 0.3 s and cancelled: bots-game-demo"]


def test_missing_permissions_reach_the_bot_as_discord_errors(db):
    perms = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                create_public_threads=True)  # no attach_files
    replies = play(db, lambda t: t.command("alice", "/demo table name:gamma"), bot_permissions=perms)
    assert replies.refused
    assert any("Forbidden" in e and "Missing Permissions" in e for e in replies.errors)


def test_routes_the_fake_does_not_know_fail_loudly(db):
    async def steps(t: LocalTable):
        with pytest.raises(discord.HTTPException, match="does not fake"):
            await t.bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=1))
        return await t.bot.fetch_channel(t.registry.find_channel("local").id)

    channel = play(db, steps)
    assert isinstance(channel, discord.TextChannel) and channel.name == "local"
    assert ("POST", "/channels/{channel_id}/messages") in HTTP_ROUTES


def test_sent_json_has_exactly_the_documented_keys(db):
    replies = play(db, lambda t: t.command("alice", "/demo table name:delta"))
    for sent in replies:
        assert tuple(sent.to_dict()) == JSON_KEYS == ("guild", "channel", "ephemeral", "content", "embeds",
                                                      "files", "components")
        assert sent.guild == "local"  # the default server
    text = replies[0].text()
    assert text.startswith("[#delta] <@") and "  [image] " in text and "  1) Bump 1" in text
    assert "[link] Rules https://example.org/rules" in text


def test_direct_messages_and_closed_dms(db):
    async def steps(t: LocalTable):
        return await t.command("alice", "/demo dm who:bob"), await t.command("alice", "/demo dm who:carol")

    to_bob, to_carol = play(db, steps, closed_dms=["carol"])
    assert [(s.channel, s.ephemeral, s.content) for s in to_bob] == [
        ("@bob", False, "psst from alice"), ("local", True, "sent to bob")]
    assert to_bob[0].text().startswith("[@bob] psst from alice")
    assert [s.content for s in to_carol] == ["cannot DM carol: 50007"]


def test_a_modal_is_shown_as_a_form(db):
    replies = play(db, lambda t: t.command("alice", "/demo form"))
    (form,) = replies
    assert (form.kind, form.ephemeral, form.content) == ("modal", True, "Name your table")
    assert form.text().startswith("[#local] (only you) [form] Name your table")
    assert not replies.refused


def test_acknowledging_after_discords_three_seconds_is_an_error(db):
    replies = play(db, lambda t: t.command("alice", "/demo sleepy"), ack_deadline=0.1)
    assert replies == [] and replies.refused
    assert "took more than 0.1 s to acknowledge /demo sleepy" in replies.errors[0]


def test_a_button_nobody_handles_gets_no_answer(db):
    async def steps(t: LocalTable):
        channel = t.registry.find_channel("local")
        t.registry.save_message({
            "id": "1", "channel_id": str(channel.id), "content": "old board", "embeds": [], "attachments": [],
            "author": {"id": str(t.registry.bot_id), "username": "tablebot", "discriminator": "0", "avatar": None},
            "timestamp": "2024-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False, "type": 0, "flags": 0,
            "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Ghost",
                                                        "custom_id": "ghost:1"}]}],
        })
        return await t.press("alice", 1)

    replies = play(db, steps)
    assert replies.refused and replies.errors == [
        "the bot did not respond to custom id 'ghost:1' (on Discord: 'The application did not respond')"]


def test_command_sync_is_answered_without_a_network(db):
    async def steps(t: LocalTable):
        return await t.bot.tree.sync()

    synced = play(db, steps)
    assert [c.name for c in synced] == ["demo"] and synced[0].id > 0

"""The posting policy (cogs/board_posts.py, cogs/pacing.py) on the local table:
one public post and one mention per change of who must decide, the sub-steps of a turn editing the latest
board (with new, live custom ids), bots posting once with a summary, queued boards merged, and never more
than 5 writes in 5 s into one channel."""
from __future__ import annotations

import asyncio
import re

import discord
import pytest

from bot import make_bot
from cogs.pacing import Pacer, VirtualClock
from local import LocalTable
from host.names import shown_names
from rules.bots import choose
from rules.text import Msg, tr
from tools.posting_bench import decider_changes, watch_writes

from .test_commands import Session, texts

MENTION = re.compile(r"<@!?(\d+)>")
SEED = "4242"


def run(coro):
    return asyncio.run(coro)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", SEED)


async def started(s: Session, game: str, *joining: str):
    """alice opens `game` (e.g. "wayfinders bots:2"), the `joining` players join, alice starts it in its thread."""
    await s.cmd("alice", f"/game new game:{game}")
    for name in joining:
        await s.cmd(name, "/game join game:1")
    return await s.cmd("alice", "/game start", f"{game.split()[0]}-1")


def public(out, channel):
    return [m for m in out if m.channel == channel and not m.ephemeral]


def user_ids(s: Session, seats, table) -> set[str]:
    return {str(s.table.registry.user(table.user_of(x).name).id) for x in seats}


async def play_checking_each_change(s: Session, channel: str, moves: int) -> dict[str, int]:
    """Play `moves` greedy moves as the players to act; after each, check the policy: a new decider gets one
    new post that mentions exactly them, anyone else's sub-step edits the latest board and pings nobody."""
    service = s.table.bot.actions.service
    seen = {"posts": 0, "edits": 0, "chains": 0}
    chain = 0
    for i in range(moves):
        before = service.table(1)
        if before.game.status != "active":
            break
        seat = before.to_act[0]
        move = choose(before.engine, before.state, seat, "greedy", seed=i)
        out = await s.cmd(before.user_of(seat).name, f"/play move:{move.id}", channel)
        assert not out.refused, texts(out)
        after = service.table(1)
        posts = [m for m in public(out, channel) if not m.edited]
        edits = [m for m in public(out, channel) if m.edited]
        gained = set(after.to_act) - set(before.to_act)
        if after.game.status != "active":
            assert posts and posts[0].files and not edits
            break
        if gained:
            assert len(posts) == 1 and not edits, texts(out)
            assert set(MENTION.findall(posts[0].content)) == user_ids(s, gained, after)  # only who begins to decide
            seen["posts"] += 1
            chain = 0
        else:  # the same player (or players) go on deciding: the latest board is edited, nobody is pinged
            assert not posts and len(edits) == 1, texts(out)
            assert edits[0].message_id == before.game.board_message_id == after.game.board_message_id
            assert edits[0].content == s.table.registry.message(after.game.board_message_id).payload["content"]
            seen["edits"] += 1
            chain += 1
            seen["chains"] += chain == 1
        assert after.game.posted_version == after.game.version
    return seen


def test_a_multi_step_turn_edits_one_board_and_pings_once_per_change_of_decider(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await started(s, "wayfinders", "bob")
            assert len([m for m in public(out, "wayfinders-1") if m.files]) == 1
            seen = await play_checking_each_change(s, "wayfinders-1", 40)
            # Wayfinders W-turns: a return is followed by flights and builds of the same player (sub-steps)
            assert seen["posts"] >= 5 and seen["edits"] >= 5 and seen["chains"] >= 2, seen
    run(go())


def test_robinson_simultaneous_planning_edits_the_board_until_someone_new_must_decide(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await started(s, "robinson", "bob")
            seen = await play_checking_each_change(s, "robinson-1", 40)
            assert seen["posts"] >= 3 and seen["edits"] >= 5, seen
    run(go())


def test_an_edited_board_has_new_custom_ids_and_its_old_buttons_are_stale(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await started(s, "eclipse", "bob")
            service = s.table.bot.actions.service
            for _ in range(60):  # species choices, then round 1 until an Explore action starts a chain
                table = service.table(1)
                seat = table.to_act[0]
                moves = {m.id for m in table.engine.legal_moves(table.state, seat)}
                move = "act:explore" if "act:explore" in moves else choose(table.engine, table.state, seat, "greedy").id
                who = table.user_of(seat).name
                old = s.table.registry.message(table.game.board_message_id).payload
                out = await s.cmd(who, f"/play move:{move}", "eclipse-1")
                assert not out.refused, texts(out)
                if move == "act:explore":
                    break
            edits = [m for m in public(out, "eclipse-1") if m.edited]
            assert len(edits) == 1 and edits[0].message_id == int(old["id"]), texts(out)
            after = service.table(1)
            ids = [p.custom_id for p in edits[0].pressables]
            # "My view" and "Full board" show the game as it stands now: no version, never stale
            assert ids[-2:] == ["pv:1", "fb:1"]
            ids = ids[:-2]
            assert ids and all(f":{after.game.version}:" in c for c in ids)
            old_ids = [c["custom_id"] for row in old["components"] for c in row["components"]
                       if "custom_id" in c and not c["custom_id"].startswith(("pv:", "fb:"))]
            assert old_ids and not set(old_ids) & set(ids)
            # a click on the board as it was before the edit (a client that did not refresh) is refused as stale
            user = s.table.registry.user(who)
            where = s.table.registry.find_channel("eclipse-1", s.table.registry.guild_id)
            stale = await s.table._interact(3, {"custom_id": old_ids[0], "component_type": 2}, user, where,
                                            label="stale click", message=old)
            assert stale.refused and "out of date" in texts(stale).lower(), texts(stale)
            assert service.table(1).game.version == after.game.version  # nothing changed
            # the edited board's own buttons play
            out = await s.table.press_message(who, after.game.board_message_id, 1, "eclipse-1")
            assert not out.refused, texts(out)
            assert service.table(1).game.version == after.game.version + 1
    run(go())


def test_bots_finishing_a_game_post_once_per_change_to_a_human_decider(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            outs = [await started(s, "wayfinders bots:2")]
            service = s.table.bot.actions.service
            for i in range(500):
                table = service.table(1)
                if table.game.status != "active":
                    break
                assert table.to_act == ["p1"]
                move = choose(table.engine, table.state, "p1", "greedy", seed=i)
                outs.append(await s.cmd("alice", f"/play move:{move.id}", "wayfinders-1"))
                assert not outs[-1].refused, texts(outs[-1])
            table = service.table(1)
            assert table.game.status == "finished"
            log = [(m.seat, m.move_id) for m in service.games.moves(1)]
            changes, to_human = decider_changes(table, log)
            boards = [m for out in outs for m in public(out, "wayfinders-1") if not m.edited
                      and any(f.endswith("board.png") for f in m.files)]
            mentions = sum(len(MENTION.findall(m.content)) for m in boards)
            bot_moves = sum(1 for seat, _ in log if seat != "p1")
            assert bot_moves > 30 and changes > to_human  # the bots played and decided a lot ...
            assert len(boards) == to_human + 1  # ... but only a change to the human (and the end) is a post
            assert mentions == to_human
            summaries = [m for m in boards if any("🤖" in (e.get("description") or "") for e in m.embeds)]
            assert len(summaries) >= to_human - 1  # the bots' moves are told in a summary line
            assert "Final scores" in str(boards[-1].embeds[0])
    run(go())


def test_bot_summaries_are_in_the_servers_language(tmp_path):
    async def go():
        table = LocalTable(lambda path: make_bot(path), str(tmp_path / "g.db"), out_dir=str(tmp_path / "out"),
                           guild_locale="es-ES")
        async with table:
            await table.command("alice", "/game new game:wayfinders bots:1")
            await table.command("alice", "/game start", "wayfinders-1")
            service = table.bot.actions.service
            for i in range(6):
                t = service.table(1)
                seen = service.games.last_seq(1)
                move = choose(t.engine, t.state, "p1", "greedy", seed=i)
                out = await table.command("alice", f"/play move:{move.id}", "wayfinders-1")
                said = [e.get("description", "") for m in public(out, "wayfinders-1") for e in m.embeds]
                line = next((x for d in said for x in d.split("\n") if x.startswith("🤖")), None)
                if line is None:
                    continue
                bot = [m for m in service.games.moves(1, after_seq=seen) if m.seat == "p2"]
                first = Msg.model_validate(bot[0].summary[0])
                names = shown_names(t.names)
                assert tr(first, "es", names) in line and tr(first, "en", names) not in line, line
                return
            raise AssertionError("no bot summary in six moves")
    run(go())


def test_changes_queued_behind_a_full_channel_are_merged_into_one_post(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await started(s, "wayfinders", "bob")
            service = s.table.bot.actions.service
            channel_id = service.table(1).game.post_channel_id
            clock, gate = VirtualClock(), asyncio.Event()

            async def gated_sleep(seconds: float) -> None:
                await gate.wait()
                await clock.sleep(seconds)

            pacer = Pacer(now=clock, sleep=gated_sleep)
            s.table.bot.post_pacer = s.table.bot.actions.boards.pacer = pacer  # the bot's one pacer, replaced
            for _ in range(5):  # the thread's window is full: the next board waits for the pacer
                await pacer.take(channel_id)
            earlier = {m.id for m in s.table.registry.history(channel_id, limit=100)}
            played = []
            boards = s.table.bot.actions.boards
            for _ in range(2):  # two moves, by the two players in turn, while the first board waits
                table = service.table(1)
                seat = table.to_act[0]
                move = choose(table.engine, table.state, seat, "greedy")
                played.append((table.user_of(seat).name, move))
                await s.table.command_nowait(table.user_of(seat).name, f"/play move:{move.id}", "wayfinders-1")
                for _ in range(1000):  # wait until the move is saved and its board queued (not for a time)
                    await asyncio.sleep(0.005)
                    if len(getattr(boards.pending.get(1), "steps", [])) == len(played):
                        break
                assert service.table(1).game.version == table.game.version + 1
                assert len(boards.pending[1].steps) == len(played)  # merged into the one waiting board
            assert {m.id for m in s.table.registry.history(channel_id, limit=100)} == earlier  # nothing out yet
            gate.set()
            await boards.idle()
            await s.cmd("alice", "/game status", "wayfinders-1")  # settles whatever still runs
            new = [m for m in s.table.registry.history(channel_id, limit=100) if m.id not in earlier]
            posted = [m for m in new if m.payload.get("attachments")]
            assert len(posted) == 1, [m.payload.get("content") for m in new]
            text = posted[0].payload["embeds"][0]["description"]
            assert "alice" in text and "bob" in text  # both moves' narration, joined
            table = service.table(1)
            assert MENTION.findall(posted[0].payload["content"]) == [str(s.table.registry.user(
                table.user_of(table.to_act[0]).name).id)]
            assert table.game.posted_version == table.game.version
            assert pacer.waited > 0
    run(go())


def test_a_burst_of_bot_games_in_one_channel_never_writes_more_than_5_in_5_seconds(tmp_path):
    no_threads = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                     attach_files=True, embed_links=True, read_message_history=True)

    async def go():
        table = LocalTable(lambda path: make_bot(path), str(tmp_path / "g.db"), out_dir=str(tmp_path / "out"),
                           bot_permissions=no_threads)
        async with table:
            writes = watch_writes(table)
            games = 4
            for _ in range(games):  # every game lives in #local: one channel for all their posts
                out = await table.command("alice", "/game new game:wayfinders bots:2")
                assert not out.refused, texts(out)
            for n in range(1, games + 1):
                assert not (await table.command("alice", f"/game start game:{n}")).refused
            service = table.bot.actions.service
            running = True
            i = 0
            while running and i < 2000:
                running = False
                for game_id in range(1, games + 1):
                    t = service.table(game_id)
                    if t.game.status != "active":
                        continue
                    running = True
                    move = choose(t.engine, t.state, "p1", "greedy", seed=i)
                    out = await table.command("alice", f"/play game:{t.game.number} move:{move.id}")
                    assert not out.refused, texts(out)
                    i += 1
            assert not running
            channel = table.registry.find_channel("local", table.registry.guild_id).id
            times = sorted(at for at, c in writes if c == channel)
            assert len(times) > 50
            for k in range(len(times) - 5):
                assert times[k + 5] - times[k] >= 5.0, (k, times[k:k + 6])  # never 6 writes within 5 s
            assert table.bot.post_pacer.waited > 0  # the pacer did hold posts back
    run(go())

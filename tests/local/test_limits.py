"""The validating transport: the local table refuses, like Discord's 400, every payload over a
limit, counts posts faster than a channel accepts (429), archives idle threads and caps active ones."""
from __future__ import annotations

import asyncio
import time

import pytest

from bot import make_bot
from local import LocalTable
from local.limits import (Ledger, RateModel, autocomplete_problems, check_message, command_problems,
                          component_problems, problems)


def button(cid: str, label: str = "ok") -> dict:
    return {"type": 2, "style": 2, "custom_id": cid, "label": label}


def select(cid: str, n: int, text: str = "x") -> dict:
    return {"type": 3, "custom_id": cid, "options": [{"label": text, "value": f"v{i}"} for i in range(n)]}


def row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def test_components_within_limits_pass():
    rows = [row(*(button(f"b{r}{i}") for i in range(5))) for r in range(4)] + [row(select("s", 25))]
    assert component_problems(rows) == []


@pytest.mark.parametrize("rows,why", [
    ([row(button(f"b{i}")) for i in range(6)], "at most 5 action rows"),
    ([row(*(button(f"b{i}") for i in range(6)))], "at most 5 buttons"),
    ([row(button("a"), select("s", 2))], "alone in its row"),
    ([row(select("s", 26))], "1 to 25 options"),
    ([row(button("a", "l" * 81))], "label: must be 80"),
    ([row(select("s", 1, "o" * 101))], "label: must be 100"),
    ([row(button("c" * 101))], "custom_id: must be 100"),
    ([row(button("same"), button("same"))], "unique in a message"),
])
def test_components_over_a_limit_are_refused(rows, why):
    found = component_problems(rows)
    assert any(why in f for f in found), found


def test_messages_files_and_the_ledger():
    ledger = Ledger()
    check_message({"content": "hi", "embeds": [{"title": "t", "fields": [{"name": "n", "value": "v"}]}]}, [],
                  ledger)
    with pytest.raises(Exception) as err:
        check_message({"content": "x" * 2001}, [], ledger)
    assert getattr(err.value, "status", None) == 400
    assert any("content" in v for v in problems({"content": "x" * 2001}))
    assert problems({}, [("a.png", b"0" * (10 * 1024 * 1024 + 1))]) and problems({}, [("a", b"")] * 11)
    embeds = [{"fields": [{"name": "n", "value": "v" * 1025}] * 26}] * 11
    found = problems({"embeds": embeds})
    assert {"at most 10", "at most 25", "1024 or fewer", "characters in all"} <= {
        k for k in ("at most 10", "at most 25", "1024 or fewer", "characters in all") if any(k in f for f in found)}
    assert ledger.messages == 2 and len(ledger.violations) == 1 and ledger.largest["content"] == 2001


def test_autocomplete_and_command_sync_limits():
    assert autocomplete_problems([{"name": "n", "value": "v"}] * 25) == []
    assert autocomplete_problems([{"name": "n", "value": "v"}] * 26)
    assert autocomplete_problems([{"name": "n" * 101, "value": "v"}])
    ok = {"name": "game", "description": "Games", "description_localizations": {"es-ES": "Partidas"},
          "options": [{"type": 3, "name": "move", "description": "The move", "choices": [{"name": "a", "value": "a"}]}]}
    assert command_problems([ok]) == []
    bad = {"name": "Game", "description": "d" * 101, "name_localizations": {"es-ES": "partida de juego larga " * 3},
           "description_localizations": {"es-ES": ""},
           "options": [{"type": 3, "name": f"o{i}", "description": "x"} for i in range(26)]}
    found = " | ".join(command_problems([bad]))
    for why in ("'Game'", "101 characters", "name_localizations.es-ES", "description_localizations.es-ES",
                "at most 25"):
        assert why in found, found


def test_the_rate_model_allows_five_posts_in_five_seconds_per_channel():
    now = [100.0]
    rate = RateModel(clock=lambda: now[0])
    assert [rate.retry_after(1) for _ in range(5)] == [None] * 5
    assert rate.retry_after(1) == 5.0 and rate.retry_after(2) is None  # another channel has its own pace
    now[0] += 4.5
    assert rate.retry_after(1) == 0.5
    now[0] += 0.5
    assert rate.retry_after(1) is None


def table_for(tmp_path, **kw) -> LocalTable:
    return LocalTable(lambda path: make_bot(path), str(tmp_path / "g.db"), out_dir=str(tmp_path / "out"), **kw)


def test_a_post_over_the_pace_is_answered_429_and_retried_after_retry_after_when_enforced(tmp_path):
    """As discord.py's own HTTP client does, the table's waits out the 429's retry-after and posts again."""
    async def go():
        table = table_for(tmp_path, rate_limit=True)
        async with table:
            await table.command("alice", "/game new game:wayfinders")
            channel = table.registry.find_channel("wayfinders-1")
            for _ in range(RateModel().posts):  # the lobby post was one: the channel is now at its pace
                table.server.rate.retry_after(channel.id)
            out = await table.command("bob", "/game join game:1")
            assert table.ledger.rate_limited >= 1 and table.ledger.rate_limited_by_channel[channel.id] >= 1
            assert (channel.id, 429, "POST /channels/{channel_id}/messages") in table.ledger.refused
            assert not out.refused
            assert any(m.channel == "wayfinders-1" and not m.ephemeral for m in out)  # the lobby post, once retried
    asyncio.run(go())


def test_idle_threads_archive_themselves_by_the_tables_clock(tmp_path):
    async def go():
        table = table_for(tmp_path)
        async with table:
            await table.command("alice", "/game new game:wayfinders")
            assert "#wayfinders-1" in table.channel_names()
            table.server.clock = lambda: time.time() + 8 * 86400  # as `--now +8d`: past the week of inactivity
            await table.command("alice", "/game list")
            assert "#wayfinders-1" not in table.channel_names()
            assert table.registry.find_channel("wayfinders-1").archived
            await table.command("bob", "/game join game:1")  # the lobby post opens it again
            assert not table.registry.find_channel("wayfinders-1").archived
    asyncio.run(go())


def test_a_server_holds_at_most_its_active_threads(tmp_path):
    async def go():
        table = table_for(tmp_path)
        async with table:
            table.server.max_active_threads = 1
            await table.command("alice", "/game new game:wayfinders")
            await table.command("bob", "/game new game:wayfinders")
            names = table.channel_names()
            assert "#wayfinders-1" in names and "#wayfinders-2" not in names  # the second game lives in #local
            assert table.registry.find_channel("wayfinders-2") is None
            assert any(status == 400 for _, status, _ in table.ledger.refused)  # Discord's 160006, once
    asyncio.run(go())


# ---- the checks the protocol test's fake Discord answers 400 with, one by one ----------------------------------
def test_a_message_within_the_limits_passes():
    rows = [{"type": 1, "components": [button(f"b{r}{i}") for i in range(5)]} for r in range(5)]
    embed = {"title": "t" * 256, "description": "d" * 4096, "fields": [{"name": "n", "value": "v" * 1024}]}
    assert problems({"content": "x" * 2000, "embeds": [embed], "components": rows}, [("f.png", b"0")] * 10) == []


def test_message_limits_are_each_caught():
    assert problems({"content": "x" * 2001})
    assert problems({"embeds": [{"title": "t" * 257}]})
    assert problems({"embeds": [{"description": "d" * 4097}]})
    assert problems({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]})
    assert problems({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]})
    assert problems({"embeds": [{"description": "d" * 4000, "fields": [{"name": "n", "value": "v" * 1024}] * 3}]})
    assert problems({"components": [{"type": 1, "components": [button("a")]}] * 6})
    assert problems({"components": [{"type": 1, "components": [button(f"b{i}") for i in range(6)]}]})
    assert problems({"components": [{"type": 1, "components": [button("a", "l" * 81)]}]})
    assert problems({"components": [{"type": 1, "components": [button("c" * 101)]}]})
    assert problems({"components": [{"type": 1, "components": [button("same"), button("same")]}]})
    select = {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": str(i)} for i in range(26)]}
    assert problems({"components": [{"type": 1, "components": [select]}]})
    assert problems({}, [("f.png", b"0")] * 11)


def slash(**changes) -> dict:
    return {"name": "game", "description": "Play a game", "type": 1,
            "name_localizations": {"es-ES": "partida"}, "description_localizations": {"es-ES": "Juega"},
            "options": [], **changes}


def test_command_limits_are_each_caught():
    assert command_problems([slash()]) == []
    assert command_problems([slash(name="Game")])
    assert command_problems([slash(name="g" * 33)])
    assert command_problems([slash(description="d" * 101)])
    assert command_problems([slash(description_localizations={"es-ES": "d" * 101})])
    assert command_problems([slash(name_localizations={"es-ES": "Partida"})])
    assert command_problems([slash(description_localizations={"es-ES": ""})])
    assert command_problems([slash(description_localizations={"es": "Juega"})])  # not a Discord locale
    options = [{"type": 3, "name": f"o{i}", "description": "x"} for i in range(26)]
    assert command_problems([slash(options=options)])
    choices = [{"name": f"c{i}", "value": str(i)} for i in range(26)]
    assert command_problems([slash(options=[{"type": 3, "name": "o", "description": "x", "choices": choices}])])
    sub = {"type": 1, "name": "new", "description": "d" * 101}
    assert command_problems([slash(options=[sub])])


def test_buttons_and_options_need_their_text_and_one_target():
    assert problems({"components": [row({"type": 2, "style": 1, "custom_id": "a"})]})  # no label, no emoji
    assert problems({"components": [row({"type": 2, "style": 5, "label": "x", "url": "https://x.invalid",
                                         "custom_id": "a"})]})
    assert problems({"components": [row({"type": 3, "custom_id": "s", "options": [{"label": "", "value": "v"}]})]})


def test_a_slash_command_over_4000_characters_or_a_required_option_late_is_refused():
    many = [{"type": 3, "name": f"o{i}", "description": "d" * 100,
             "choices": [{"name": "c" * 100, "value": f"{i}.{k}"} for k in range(25)]} for i in range(2)]
    assert any("4000" in p for p in command_problems([slash(options=many)]))
    order = [{"type": 3, "name": "a", "description": "x"}, {"type": 3, "name": "b", "description": "x", "required": True}]
    assert any("required option after" in p for p in command_problems([slash(options=order)]))
    assert any("unique" in p for p in command_problems([slash(), slash()]))

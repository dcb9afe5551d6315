"""A forged button carrying an absurd number (a 19- or 20-digit game id, version, user or server, or a run of
digits filling the custom id) gets the same clear private reply as a button of a deleted game or an older board,
for every custom-id prefix, and changes nothing: never an OverflowError from SQLite or the generic apology."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import make_bot
from host.i18n import t
from host.numbers import SQLITE_MAX, UNKNOWN_ID, id_number
from local import LocalTable
from local.payloads import message_payload

from .test_server_scope import fingerprint, text

ABSURD = ["9" * 19, "9" * 20, "18446744073709551616", "7" * 80]


def test_id_number_keeps_what_sqlite_stores_and_nothing_longer():
    assert id_number("0") == 0 and id_number(str(SQLITE_MAX)) == SQLITE_MAX
    assert [id_number(n) for n in ABSURD] == [UNKNOWN_ID] * len(ABSURD)
    assert id_number(str(SQLITE_MAX + 1)) == UNKNOWN_ID and id_number("٣") == UNKNOWN_ID


def forged(table: LocalTable, message_id: int, custom_id: str, select_value: str = "") -> int:
    channel = table.registry.find_channel("local")
    item = ({"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": select_value}]} if select_value
            else {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id})
    body = {"components": [{"type": 1, "components": [item]}]}
    table.registry.save_message(message_payload(message_id=message_id, channel=channel, registry=table.registry,
                                                author=table.server.bot_user, body=body, attachments=[]))
    return message_id


@pytest.mark.parametrize("big", ABSURD)
def test_every_prefix_refuses_an_absurd_number_privately(tmp_path: Path, big: str):
    async def go():
        async with LocalTable(lambda path: make_bot(path), str(tmp_path / "games.db"),
                              out_dir=str(tmp_path / "out")) as table:
            for user, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                               ("alice", "/game start game:1"), ("alice", "/game new game:wayfinders")):
                assert not (await table.command(user, line)).refused, line
            service = table.bot.service
            running = service.games.by_number(table.registry.guild_id, 1)
            lobby = service.games.by_number(table.registry.guild_id, 2)
            game = service.table(running.id)
            move = game.engine.legal_moves(game.state, game.to_act[0])[0].id
            mover = game.user_of(game.to_act[0]).name
            rid, v = running.id, running.version
            gone, stale = t("host.refuse.gone", "en"), t("host.refuse.stale_board", "en")
            cases = [  # (custom id, a select's value or "", who clicks, the reply)
                (f"mv:{big}:{v}:{move}", "", mover, gone), (f"mv:{rid}:{big}:{move}", "", mover, stale),
                (f"ms:{big}:{v}:0", move, mover, gone), (f"ms:{rid}:{big}:{big}", move, mover, stale),
                (f"pg:{big}:{v}:0", "", mover, gone), (f"pg:{rid}:{big}:{big}", "", mover, stale),
                (f"my:{big}:{v}", "", mover, gone), (f"my:{rid}:{big}", "", mover, stale),
                (f"pv:{big}", "", mover, gone),
                (f"lb:join:{big}", "", "carol", gone), (f"lb:leave:{big}", "", "alice", gone),
                (f"lb:start:{big}", "", "alice", gone),
                (f"lv:{big}", "", "alice", gone),
                (f"lv:{lobby.id}:0:{big}:{big}", "", "alice", t("host.refuse.stale_confirm", "en")),
                (f"iv:{big}:1", "", "carol", gone),
                (f"iv:{lobby.id}:{big}", "", "carol", t("seats.refuse.not_your_invite", "en")),
                (f"rm:{big}", "", "alice", gone), (f"al:{big}", "", "admin", gone),
            ]
            before = fingerprint(table)
            for i, (custom_id, value, user, reply) in enumerate(cases):
                custom_id = custom_id[:100]  # Discord's longest custom id
                out = await table.press_message(user, forged(table, 9000 + i, custom_id, value), 1)
                assert out.refused and text(out) == reply, (custom_id, text(out), out.errors)
                assert all(m.ephemeral for m in out), custom_id
            assert fingerprint(table) == before
    asyncio.run(go())

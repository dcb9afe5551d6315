"""Invitations, private lobbies, substitutes, followers and rematches through the real bot on the local table,
in English and in Spanish, and kept to the game's server (the rules: tests/host/test_seats.py)."""
from __future__ import annotations

import asyncio
import re

import pytest

from bot import make_bot
from host.tables import TableService
from local import LocalTable
from rules.playout import playout_rng, random_move
from storage import open_store

WORDS = {
    "en": {"private": "is private: only invited members can join", "invites": "invites you to",
           "not_yours": "This invitation is for someone else", "joined": "You joined", "sub": "takes over seat 2",
           "round": "Round 1 of Wayfinders #1 is over; round 2 begins.", "over": "Wayfinders #1 is over",
           "rematch": "Rematch", "asks": "asks for a rematch of Wayfinders #1", "exists": "The rematch is already open",
           "players_only": "Only the players of Wayfinders #1", "not_member": "not a member of this server"},
    "es": {"private": "es privada: solo pueden unirse los miembros invitados", "invites": "te invita a",
           "not_yours": "Esta invitación es para otra persona", "joined": "Te has unido", "sub": "toma el asiento 2",
           "round": "Ha terminado la ronda 1 de Wayfinders #1; empieza la ronda 2.", "over": "Wayfinders #1 ha terminado",
           "rematch": "Revancha", "asks": "pide la revancha de Wayfinders #1", "exists": "La revancha ya está abierta",
           "players_only": "Solo los jugadores de Wayfinders #1", "not_member": "no es miembro de este servidor"},
}
LOCALES = {"en": "en-US", "es": "es-ES"}


def run(coro):
    return asyncio.run(coro)


def text(replies) -> str:
    return "\n".join(m.content for m in replies)


def mentions(replies, table: LocalTable, name: str) -> int:
    uid = table.registry.find_user(name).id
    return sum(len(re.findall(rf"<@!?{uid}>", m.content)) for m in replies if not m.edited)


def new_table(tmp_path, lang: str) -> LocalTable:
    return LocalTable(lambda path: make_bot(path), str(tmp_path / "games.db"), out_dir=str(tmp_path / "out"),
                      locale=LOCALES[lang], guild_locale=LOCALES[lang])


def to_last_move(db: str, game_id: int) -> tuple[str, str]:
    """Play random legal moves on the service (no posts) until one move is left: (user, move id) of that one."""
    service = TableService(open_store(db))
    try:
        rng = playout_rng(99)
        while True:
            table = service.table(game_id)
            seat = table.to_act[0]
            move = random_move(table.engine, table.state, seat, rng)
            if table.engine.outcome(table.engine.apply(table.state, seat, move.id)) is not None:
                return table.user_of(seat).name, move.id
            service.play_seat(table, seat, move.id)
    finally:
        service.store.close()


def to_act(db: str, game_id: int) -> tuple[str, str]:
    """(user, first legal move) of the seat to act."""
    service = TableService(open_store(db))
    try:
        table = service.table(game_id)
        seat = table.to_act[0]
        return table.user_of(seat).name, table.engine.legal_moves(table.state, seat)[0].id
    finally:
        service.store.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_invitation_opens_a_private_lobby_to_the_invited_member_only(tmp_path, lang):
    w = WORDS[lang]

    async def go():
        table = new_table(tmp_path, lang)
        await table.start()
        try:
            opened = await table.command("alice", "/game new game:wayfinders private:true")
            assert not opened.refused and w["private"].split(":")[1].strip() in text(opened)
            out = await table.command("bob", "/game join game:1")
            assert out.refused and w["private"] in text(out)
            out = await table.command("alice", "/game invite user:bob")
            assert not out.refused
            [post] = [m for m in out if m.channel == "wayfinders-1"]
            assert w["invites"] in post.content and mentions(out, table, "bob") == 1 and len(post.buttons) == 1
            out = await table.press("carol", 1, "wayfinders-1")  # someone else's invitation
            assert out.refused and w["not_yours"] in text(out)
            out = await table.command("carol", "/game join game:1")
            assert out.refused and w["private"] in text(out)
            out = await table.press("bob", 1, "wayfinders-1")
            assert not out.refused and w["joined"] in text(out)
            assert "alice, bob" in text(await table.command("alice", "/game status game:1"))
        finally:
            await table.close()
    run(go())


def test_members_of_another_server_cannot_be_invited_subbed_or_follow(tmp_path):
    async def go():
        table = new_table(tmp_path, "en")
        await table.start()
        try:
            await table.command("alice", "/game new game:wayfinders")
            await table.command("alice", "/game new game:wayfinders")  # local has #1 and #2
            await table.command("mallory", "/game new game:wayfinders bots:1", guild="B")  # B has only #1
            await table.command("mallory", "/game start game:1", guild="B")
            out = await table.command("mallory", "/game sub user:carol seat:2", guild="B")  # carol never came to B
            assert out.refused and WORDS["en"]["not_member"] in text(out)
            out = await table.command("mallory", "/game follow game:2", guild="B")  # local's #2 is not B's
            assert out.refused and "There is no game #2" in text(out)
            await table.command("mallory", "/game new game:flotilla", guild="B")
            out = await table.command("mallory", "/game invite user:carol game:2", guild="B")
            assert out.refused and WORDS["en"]["not_member"] in text(out)
            await table.command("carol", "/game list", guild="B")  # now carol is a member of B too
            out = await table.command("mallory", "/game invite user:carol game:2", guild="B")
            assert not out.refused
        finally:
            await table.close()
    run(go())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_sub_follow_and_rematch_through_a_whole_game(tmp_path, lang):
    w = WORDS[lang]
    db = str(tmp_path / "games.db")

    async def go():
        table = new_table(tmp_path, lang)
        await table.start()
        try:
            await table.command("alice", "/game new game:wayfinders bots:1")  # alice p1, Bot 1 p2, bob p3
            await table.command("bob", "/game join game:1")
            assert not (await table.command("alice", "/game start game:1")).refused
            assert not (await table.command("erin", "/game follow game:1")).refused
            assert not (await table.command("frank", "/game follow game:1 events:end")).refused
            out = await table.command("bob", "/game sub user:dan seat:2 game:1")
            assert out.refused
            out = await table.command("alice", "/game sub user:dan seat:2 game:1")
            assert not out.refused and w["sub"] in text(out)
            assert mentions(out, table, "dan") == 1 and mentions(out, table, "bob") == 0  # the board is edited
            assert any(m.edited and m.buttons for m in out)
            # moves through the bot until the first round ends: the follower hears it once
            heard = []
            for _ in range(12):
                user, move = to_act(db, 1)
                out = await table.command(user, f"/play move:{move} game:1")
                assert not out.refused, text(out)
                heard += [m for m in out if mentions([m], table, "erin")]
                if heard:
                    break
            assert [m.content.split("> ", 1)[1] for m in heard] == [w["round"]]
            assert mentions(heard, table, "frank") == 0  # frank follows the end only
            user, move = to_last_move(db, 1)
            assert user != "Bot 1 (greedy)"
            out = await table.command(user, f"/play move:{move} game:1")
            final = [m for m in out if m.buttons == [w["rematch"]]]
            assert len(final) == 1 and final[0].channel == "wayfinders-1"
            assert mentions(out, table, "erin") == mentions(out, table, "frank") == 1 and w["over"] in text(out)
            out = await table.press("erin", 1, "wayfinders-1")
            assert out.refused and w["players_only"] in text(out)
            out = await table.press("dan", 1, "wayfinders-1")
            assert not out.refused
            lobby = [m for m in out if m.channel == "wayfinders-2" and not m.ephemeral]
            assert len(lobby) == 1 and w["asks"] in lobby[0].content and len(lobby[0].buttons) == 3
            assert (mentions(out, table, "alice"), mentions(out, table, "bob"), mentions(out, table, "dan")) == (1, 1, 0)
            again = await table.press("alice", 1, "wayfinders-1")
            assert w["exists"] in text(again) and "#wayfinders-2" in table.render(again[0])
            status = text(await table.command("dan", "/game status game:2"))
            assert "dan" in status and "Bot" not in status  # the bot's seat went to dan: no bot left to keep
            assert not (await table.command("alice", "/game join game:2")).refused
        finally:
            await table.close()
    run(go())

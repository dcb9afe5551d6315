"""Private decisions (Engine.is_private) on the local table and in the host texts.

Flotilla's choice of a card lists the hand (F17, E29): the public board shows only "My view",
which answers the acting player privately with their view and their buttons, another player with
their own view and no buttons, and refuses a spectator privately; the post, the autocomplete of
others, `/game log` and the undo post never name the hidden options.  Eclipse's Discovery and
reputation decisions are private (Eclipse E45, E61)."""
from __future__ import annotations

import asyncio

from bot import make_bot
from host.tables import Table, log_summary
from host.undo import UndoPlan, taken_back
from local import LocalTable
from rules import GAMES
from rules.text import tr
from storage import GameRow, SeatRow

from .test_bot_players import read
from .test_commands import Session, texts

THREAD = "flotilla-1"
HAND = ("Captain", "Scholar", "Speaker", "Trader", "Founder", "Delver")  # every starting hand (F8)


def _hand_named(text: str) -> list[str]:
    return [card for card in HAND if f"Play {card}" in text or f"play:{card.lower()}" in text]


async def _three_humans(s: Session):
    """Flotilla #1 for alice, bob and carol, started; the public board (the start post)."""
    await s.cmd("alice", "/game new game:flotilla")
    await s.cmd("bob", "/game join game:1")
    await s.cmd("carol", "/game join game:1")
    started = await s.cmd("alice", "/game start", THREAD)
    assert not started.refused, texts(started)
    return next(m for m in reversed(started) if m.channel == THREAD and m.pressables and not m.ephemeral)


def test_flotilla_hand_is_shown_only_to_its_owner(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        async with Session(tmp_path) as s:
            board = await _three_humans(s)
            table = read(s.db)
            first = table.user_of(table.to_act[0]).name
            other = next(n for n in ("alice", "bob", "carol") if n != first)
            assert table.engine.is_private(table.state, table.to_act[0])  # the card choice (F17)
            public = board.to_json()
            assert [p.label for p in board.pressables] == ["My view", "Full board"]
            assert board.pressables[0].custom_id == f"pv:{table.game.id}"  # no version: never stale
            assert not _hand_named(public), public

            theirs = await s.press(other, 1, THREAD)  # another player presses "My view": their own view, no moves
            assert not theirs.refused and all(m.ephemeral and m.to_user == other for m in theirs)
            assert "your view" in texts(theirs) and not any(m.pressables for m in theirs)
            assert not _hand_named(texts(theirs))  # the hand is drawn on their image, never in text
            spectator = await s.press("dave", 1, THREAD)
            assert spectator.refused and all(m.ephemeral for m in spectator)
            assert "watching this game" in texts(spectator)

            mine = await s.press(first, 1, THREAD)  # the acting player gets the hand, privately
            assert not mine.refused and mine and all(m.ephemeral and m.to_user == first for m in mine)
            assert all(m.files for m in mine)  # their private board
            labels = [p.label for m in mine for p in m.pressables]
            assert any(x.startswith("Play Captain") for x in labels), labels

            assert await s.table.complete(other, "/play move:play", THREAD) == []  # nothing for the others
            found = await s.table.complete(first, "/play move:play", THREAD)
            assert any(v == "play:captain" for _, v in found), found

            n = next(i for i, x in enumerate(labels, 1) if x.startswith("Play Speaker"))
            played = await s.press(first, n, THREAD)  # a button of the private reply plays the card
            assert not played.refused, texts(played)
            assert read(s.db).state.playing == "speaker"
            log = await s.cmd(other, "/game log", THREAD)
            assert "played Speaker" in texts(log)  # a played card is public (F17: discard piles)

    asyncio.run(go())


def test_a_used_private_list_becomes_the_view_as_it_stands_now(tmp_path, monkeypatch):
    """A click in the private list of "My view" edits that list into the player's view after the move, with
    buttons for what they may do now; a click there after the game moved on plays nothing and refreshes it.
    So the newest thing with buttons is never a dead list."""
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        async with Session(tmp_path) as s:
            await _three_humans(s)
            first = read(s.db).user_of(read(s.db).to_act[0]).name
            mine = await s.press(first, 1, THREAD)
            listed = next(m for m in mine if m.pressables)
            n = next(i for i, p in enumerate(listed.pressables, 1) if p.label.startswith("Play Speaker"))
            played = await s.press(first, n, THREAD)
            assert not played.refused, texts(played)
            edited = [m for m in played if m.ephemeral and m.message_id == listed.message_id]
            assert edited and edited[-1].edited and edited[-1].to_user == first
            assert "Done: Play Speaker" in edited[-1].content and edited[-1].files
            table = read(s.db)
            assert table.state.playing == "speaker" and table.to_act == [table.seat_of(
                s.table.registry.user(first).id).seat]
            now = [p.custom_id for p in edited[-1].pressables]
            assert now and all(c.startswith(f"mv:{table.game.id}:{table.game.version}:") for c in now), now

            again = await s.press(first, 1, THREAD)  # the newest thing to click is that list, and it is live
            assert not again.refused, texts(again)
            assert read(s.db).game.version == table.game.version + 1

            before = read(s.db)
            typed = await s.cmd(first, "/play move:Influence Traders", THREAD)
            assert not typed.refused, texts(typed)
            stale = await s.press(first, 1, THREAD)  # the list still shows the moves before that /play
            assert stale.refused
            refreshed = [m for m in stale if m.message_id == listed.message_id][-1]
            assert refreshed.content.startswith("Nothing was played") and refreshed.to_user == first
            after = read(s.db)
            assert after.game.version == before.game.version + 1  # only the typed move
            assert all(p.custom_id.startswith(f"mv:{after.game.id}:{after.game.version}:")
                       for p in refreshed.pressables)

    asyncio.run(go())


def test_my_view_button_works_after_a_restart(tmp_path, monkeypatch):
    """The "My view" button's custom id (`pv:<game>`) is registered at start-up like the other buttons: the
    board posted before a restart opens the view after it, in the clicker's language."""
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        async with Session(tmp_path) as s:
            board = await _three_humans(s)
            first = read(s.db).user_of(read(s.db).to_act[0]).name
        async with Session(tmp_path, locale="es-ES") as s:  # a new bot process on the same database
            mine = await s.table.press_message(first, board.message_id, 1, THREAD)
            assert not mine.refused, texts(mine)
            assert "tu vista" in texts(mine) and any(p.label.startswith("Jugar") for m in mine for p in m.pressables)

    asyncio.run(go())


def test_flotilla_private_board_in_spanish(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        s = Session(tmp_path, locale="es-ES")
        s.table = LocalTable(lambda path: make_bot(path), s.db, out_dir=str(tmp_path / "out"), locale="es-ES",
                             guild_locale="es-ES")  # a Spanish server and a Spanish player
        async with s:
            board = await _three_humans(s)
            table = read(s.db)
            first = table.user_of(table.to_act[0]).name
            other = next(n for n in ("alice", "bob", "carol") if n != first)
            assert [p.label for p in board.pressables] == ["Mi vista", "Tablero entero"]
            theirs = await s.press(other, 1, THREAD)
            assert not theirs.refused and "tu vista" in texts(theirs) and not any(m.pressables for m in theirs)
            spectator = await s.press("dave", 1, THREAD)
            assert spectator.refused and "no jugándola" in texts(spectator)
            mine = await s.press(first, 1, THREAD)
            labels = [p.label for m in mine for p in m.pressables]
            assert any(x.startswith("Jugar Capitán") for x in labels), labels

    asyncio.run(go())


def _table(engine, state) -> Table:
    game = GameRow(id=1, game_key=engine.key, channel_id=1, creator_id=1, status="active", seed=0,
                   to_act=engine.to_act(state), created_at=0.0, updated_at=0.0)
    seats = [SeatRow(game_id=1, position=int(s[1:]), user_id=int(s[1:]), name=f"n{s}", joined_at=0.0)
             for s in state.seats]
    return Table(game=game, seats=seats, engine=engine, state=state)


def test_a_private_move_that_says_nothing_is_logged_without_its_id():
    engine = GAMES["flotilla"]
    state = engine.setup(["p1", "p2", "p3"], 11)
    seat = engine.to_act(state)[0]
    after = engine.apply(state, seat, "play:speaker")
    quiet = after.model_copy(update={"events": []})
    said = [tr(m) for m in log_summary(_table(engine, state), seat, quiet)]
    assert said == [f"{seat} made a private decision."]
    assert log_summary(_table(engine, state), seat, after) == after.events  # its events say it already
    assert not engine.is_private(after, seat)  # the rest of the turn is public: nothing is added
    assert log_summary(_table(engine, after), seat, quiet) == []
    public = engine.legal_moves(after, seat)[0]  # a public move that says nothing is told by its words
    assert [tr(m) for m in log_summary(_table(engine, after), seat, quiet, public)] == [f"{seat}: {public.label}"]


def test_undo_post_does_not_name_a_private_decision():
    engine = GAMES["eclipse"]
    state = engine.setup(["p1", "p2"], 1)
    keep = engine.legal_moves(state, engine.to_act(state)[0])[0]
    plan = UndoPlan(seat="p1", seqs=[2, 1], moves=[keep, keep], state=state, private=[True, False])
    assert tr(taken_back(plan, public=True)) == f"{keep.label}; a private decision"
    assert tr(taken_back(plan)) == f"{keep.label}; {keep.label}"

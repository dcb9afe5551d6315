"""History: the score chart and animated replay of a finished game, at the finish and with /game replay."""
from __future__ import annotations

import asyncio
import io
from pathlib import Path

from PIL import Image

from bot import make_bot
from host.history import build_history
from local import LocalTable
from host.tables import TableService
from render.replay import MAX_BYTES, MAX_FRAMES, sample_indices
from rules import GAMES
from rules.contract import Engine
from rules.playout import play_random, playout_rng, random_move
from storage import open_store

SEATS = ["p1", "p2", "p3"]
NAMES = {"p1": "alice", "p2": "bob", "p3": "carol"}


def run(coro):
    return asyncio.run(coro)


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


# ---- sampling ------------------------------------------------------------------------------------


def test_sampling_keeps_both_ends_and_caps_the_frame_count():
    assert sample_indices(0) == []
    assert sample_indices(5, 48) == [0, 1, 2, 3, 4]
    picks = sample_indices(301, 48)  # a 300-move game
    assert len(picks) == 48 and picks[0] == 0 and picks[-1] == 300
    assert picks == sorted(set(picks))
    gaps = [b - a for a, b in zip(picks, picks[1:])]
    assert max(gaps) - min(gaps) <= 1  # evenly spread


# ---- chart and replay of a finished Wayfinders game ------------------------------------------------


def test_chart_and_replay_of_a_finished_wayfinders_game():
    engine = GAMES["wayfinders"]
    final, log = play_random(engine, SEATS, 7)
    built = build_history(engine, SEATS, 7, None, log, NAMES, "en", "Wayfinders #1")
    assert built.moves == len(log) > MAX_FRAMES
    # the replay reaches the very same state as the game
    assert engine.dump(built.final_state) == engine.dump(final)
    # chart: a valid PNG
    assert built.chart is not None and built.chart[:8] == b"\x89PNG\r\n\x1a\n"
    chart = decode(built.chart)
    assert chart.format == "PNG" and chart.width >= 800
    # replay: an animated GIF, sampled, well under Discord's limit
    gif = decode(built.replay)
    assert gif.format == "GIF" and gif.is_animated
    assert gif.n_frames == built.frames == MAX_FRAMES
    assert len(built.replay) < MAX_BYTES
    assert gif.info.get("loop") == 0


def test_chart_lines_end_at_the_final_scores():
    """Each seat's running score after the last move is its final score (the hook agrees with outcome)."""
    engine = GAMES["wayfinders"]
    final, _ = play_random(engine, SEATS, 11)
    assert engine.running_scores(final) == engine.outcome(final).scores


def test_game_without_running_scores_gets_a_replay_and_no_chart():
    engine = GAMES["wayfinders"]

    class NoHook(type(engine)):  # type: ignore[misc]
        """Wayfinders with the contract's default running_scores: the hook not offered."""

        running_scores = Engine.running_scores

    assert not NoHook().offers("running_scores") and engine.offers("running_scores")
    _, log = play_random(engine, SEATS[:2], 3)
    built = build_history(NoHook(), SEATS[:2], 3, None, log[:20], NAMES, "es", "Wayfinders #2")
    assert built.chart is None
    assert decode(built.replay).n_frames == 21  # short: every board


def test_spanish_frames_differ_from_english_ones():
    engine = GAMES["wayfinders"]
    _, log = play_random(engine, SEATS[:2], 5)
    en = build_history(engine, SEATS[:2], 5, None, log[:3], NAMES, "en", "W")
    es = build_history(engine, SEATS[:2], 5, None, log[:3], NAMES, "es", "W")
    assert en.replay != es.replay and en.chart != es.chart


# ---- through the real bot (local table) ---------------------------------------------------------------


def _play_to_last_move(db: str) -> tuple[str, str]:
    """Play game 1 with random legal moves (as the table service, no posts) until one move is left.

    Returns (user name, move id) of the move that ends the game."""
    service = TableService(open_store(db))
    try:
        rng = playout_rng(99)
        while True:
            table = service.table(1)
            engine, state = table.engine, table.state
            seat = table.to_act[0]
            move = random_move(engine, state, seat, rng)
            if engine.outcome(engine.apply(state, seat, move.id)) is not None:
                return table.user_of(seat).name, move.id
            service.play_seat(table, seat, move.id)
    finally:
        service.store.close()


async def _finished_game(tmp: Path, guild_locale: str = "en-US"):
    table = LocalTable(lambda path: make_bot(path), str(tmp / "games.db"), out_dir=str(tmp / "out"),
                       guild_locale=guild_locale)
    await table.start()
    await table.command("alice", "/game new game:wayfinders")
    await table.command("bob", "/game join game:1")
    started = await table.command("alice", "/game start")
    assert not started.refused
    return table


def test_finish_posts_chart_and_replay_in_the_thread(tmp_path):
    async def go():
        table = await _finished_game(tmp_path)
        try:
            running = await table.command("alice", "/game replay game:1")
            assert running.refused
            assert "still running" in "\n".join(m.content for m in running)
            user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
            out = await table.command(user, f"/play move:{move_id} game:1")
            assert not out.refused, [m.content for m in out]
            thread = [m for m in out if m.channel == "wayfinders-1" and not m.ephemeral]
            files = [f for m in thread for f in m.files]
            chart = next(f for f in files if f.endswith("scores.png"))
            gif = next(f for f in files if f.endswith("replay.gif"))
            assert decode(Path(chart).read_bytes()).format == "PNG"
            anim = decode(Path(gif).read_bytes())
            assert anim.format == "GIF" and 2 <= anim.n_frames <= MAX_FRAMES
            assert Path(gif).stat().st_size < MAX_BYTES
            texts = "\n".join(m.content for m in thread)
            assert "Score progression" in texts and "Replay of Wayfinders #1" in texts
            # the final scores still come with the turn post
            assert any("Final scores" in str(m.embeds) for m in thread)

            # on demand, privately
            again = await table.command("bob", "/game replay game:1")
            assert not again.refused
            assert again and all(m.ephemeral for m in again)
            assert any(f.endswith("replay.gif") for m in again for f in m.files)
        finally:
            await table.close()
    run(go())


def test_finish_posts_in_the_servers_language(tmp_path):
    async def go():
        table = await _finished_game(tmp_path, guild_locale="es-ES")
        try:
            user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
            out = await table.command(user, f"/play move:{move_id} game:1")
            thread = "\n".join(m.content for m in out if m.channel == "wayfinders-1" and not m.ephemeral)
            assert "Evolución de la puntuación" in thread and "Repetición de Wayfinders #1" in thread
        finally:
            await table.close()
    run(go())

"""A finished game's history: score-progression chart and animated replay.

Generic over every game in rules.GAMES: the game is replayed from its seed and
its move log (moves taken back with undo are skipped), then

- the chart (render/charts.py) plots `engine.running_scores(state)` after every
  move, for engines that offer that optional hook (rules/contract.py); others
  get no chart and the post says so;
- the replay (render/replay.py) is an animated GIF of the public boards,
  sampled to at most `render.replay.MAX_FRAMES` frames.

Both are posted in the game's thread when the game finishes, in the server's
language, and sent privately on demand by `/game replay` (cogs/history_cog.py).  The
build (seconds of CPU) runs in the replay worker process (host/heavy_work.py), apart
from the board pool and at a lower priority: one request per user at a time, at most
`REPLAY_WAITING` waiting ("busy, try again in a moment"), `REPLAY_BUDGET` seconds of
CPU each.  Results are kept in a small in-memory cache per (game, version, language).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

from render.charts import score_chart
from render.names import board_names
from render.replay import MAX_FRAMES, replay_gif, sample_indices
from rules import GAMES, Engine, GameState, IllegalMove
from rules.replay import ReplayError, replay, start_state

from . import offloop
from .heavy_work import WorkerProcess
from .i18n import t, tm
from .tables import Table, TableService, game_title

log = logging.getLogger("gamehost.history")

CACHE_SIZE = 6
REPLAY_BUDGET = 30.0  # seconds of CPU one replay may use (the longest games take under 10)
REPLAY_WALL = 300.0  # seconds one replay may take in all before its worker is killed
REPLAY_WAITING = 6  # replays asked for by players queued behind the one being drawn


class HistoryError(Exception):
    """The stored log does not replay (a move the rules refuse)."""


@dataclass
class GameHistory:
    chart: Optional[bytes]  # PNG; None when the engine has no running_scores hook
    replay: bytes  # animated GIF
    moves: int  # moves replayed (undone ones excluded)
    frames: int  # boards in the GIF
    seconds: float  # build time
    final_state: Optional[GameState] = None


def _caption(engine: Engine[Any], state: GameState, k: int, total: int, names: Mapping[str, str], locale: str) -> list[str]:
    """Two lines above each board (always two, so every frame has the same layout)."""
    if k == 0:
        first = t("history.frame.setup", locale)
    elif k == total:
        first = t("history.frame.final", locale, total=total)
    else:
        first = t("history.frame.move", locale, n=k, total=total)
    said = " · ".join(tm(e, locale, names) for e in state.events[:2]) if k else ""
    return [first, said or " "]


def build_history(engine: Engine[Any], seats: Sequence[str], seed: int, options: Any, moves: Sequence[tuple[str, str]],
                  names: Mapping[str, str], locale: str, title: str, max_frames: int = MAX_FRAMES) -> GameHistory:
    """Replay the game and draw its chart and replay (pure and slow: call it in a worker thread)."""
    started = time.perf_counter()
    names = board_names(names)  # captions are drawn: names cleaned and clipped, not escaped
    state = start_state(engine, seats, seed, options)
    total = len(moves)
    picks = set(sample_indices(total + 1, max_frames))
    series: Optional[dict[str, list[int]]] = None
    first = engine.running_scores(state)  # None: the game does not offer the hook (no chart)
    if first is not None:
        series = {s: [int(first.get(s, 0))] for s in seats}
    boards: list[tuple[Any, list[str]]] = []
    if 0 in picks:
        boards.append((engine.view(state, None), _caption(engine, state, 0, total, names, locale)))
    steps = replay(engine, seats, seed, options, moves, start=state)
    for k in range(1, total + 1):
        try:
            state = next(steps).after
        except ReplayError as exc:
            if not isinstance(exc.cause, IllegalMove):
                raise exc.cause from exc  # a defect, not a log the rules refuse
            raise HistoryError(str(exc)) from None
        if series is not None:
            now = engine.running_scores(state) or {}
            for s in seats:
                series[s].append(int(now.get(s, series[s][-1])))
        if k in picks:
            boards.append((engine.view(state, None), _caption(engine, state, k, total, names, locale)))
    chart = None
    if series is not None:
        chart = score_chart(series, list(seats), names, title=t("history.chart.title", locale, title=title),
                            x_label=t("history.chart.x", locale), y_label=t("history.chart.y", locale),
                            subtitle=t("history.chart.subtitle", locale, players=len(seats), moves=total))
    gif = replay_gif(boards, names, locale)
    return GameHistory(chart=chart, replay=gif, moves=total, frames=len(boards),
                       seconds=time.perf_counter() - started, final_state=state)


def _malloc_trim() -> Optional[Callable[[int], int]]:
    try:
        trim: Callable[[int], int] = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
        return trim
    except (OSError, AttributeError):  # not glibc (musl, macOS, Windows): nothing to call
        return None


_TRIM = _malloc_trim()


def release_memory() -> None:
    """Return freed heap pages to the system (glibc keeps them otherwise: a replay build's peak would stay)."""
    if _TRIM is not None:
        _TRIM(0)


def build_in_worker(game_key: str, seats: Sequence[str], seed: int, options: Any, moves: Sequence[tuple[str, str]],
                    names: Mapping[str, str], locale: str, title: str) -> tuple[GameHistory, Optional[str]]:
    """`build_history` as the replay worker runs it: the history (without its final state, which would only
    weigh on the way back) and that state dumped, for the bot to compare with the stored one."""
    engine = GAMES[game_key]
    built = build_history(engine, seats, seed, options, moves, names, locale, title)
    final = engine.dump(built.final_state) if built.final_state is not None else None
    built.final_state = None
    release_memory()  # the build's frames are freed; hand the pages back to the system
    return built, final


def replay_worker() -> WorkerProcess:
    """The worker process replays are built in (refusals `history.refuse.*`)."""
    return WorkerProcess("replay", "history.refuse", REPLAY_BUDGET, REPLAY_WAITING, REPLAY_WALL)


class History:
    """Builds finished games' histories (in the replay worker process) and keeps the latest few."""

    def __init__(self, service: TableService, worker: Optional[WorkerProcess] = None):
        self.service = service
        self.worker = worker or replay_worker()
        self._cache: OrderedDict[tuple[int, int, str], GameHistory] = OrderedDict()

    # ---- building ------------------------------------------------------------
    async def history(self, table: Table, locale: str, user_id: Optional[int] = None) -> GameHistory:
        """The game's history in `locale` (cached; built in the replay worker for `user_id`, or for the bot
        itself when None: a Refusal when that user already waits for one or the queue is full)."""
        key = (table.game.id, table.game.version, locale)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        game = table.game
        moves = [(m.seat, m.move_id) for m in await offloop.call(self.service.games.moves, game.id) if not m.undone]
        seats = [s.seat for s in table.seats]
        built: GameHistory
        built, final = await self.worker.run(user_id, build_in_worker, game.game_key, seats, game.seed, game.options,
                                             moves, dict(table.names), locale, tm(game_title(game), locale))
        if table.state is not None and final is not None and final != table.engine.dump(table.state):
            log.warning("game %s: the replayed log does not reach the stored state", game.id)
        log.info("history of game %s: %d moves, %d frames, chart %s B, replay %d B, %.2f s", game.id, built.moves,
                 built.frames, len(built.chart) if built.chart else "-", len(built.replay), built.seconds)
        self._cache[key] = built
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return built

    @staticmethod
    def texts(table: Table, built: GameHistory, locale: str) -> tuple[str, str]:
        """(text over the chart or the no-chart note, text over the replay)."""
        title = game_title(table.game)
        first = t("history.post.chart" if built.chart else "history.post.no_chart", locale, title=title)
        second = t("history.post.replay", locale, title=title, frames=built.frames, boards=built.moves + 1,
                   moves=built.moves)
        return first, second

    def close(self) -> None:
        """Stop the replay worker process."""
        self.worker.close()


__all__ = ["CACHE_SIZE", "GameHistory", "History", "HistoryError", "REPLAY_BUDGET", "REPLAY_WAITING",
           "build_history", "build_in_worker", "release_memory", "replay_worker"]

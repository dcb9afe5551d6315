"""The bot's configuration: the environment and a `.env` file (never logged: the token stays out of reprs)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .drawing import workers_set

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = str(ROOT / "data" / "games.db")


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines; # comments; optional quotes.  Never logged."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


@dataclass
class Config:
    token: Optional[str]
    db_path: str
    dev_guild: Optional[int]
    log_level: str
    sync_commands: bool = True
    max_open_games_per_user: int = 10  # lobby or running games one user opened, per server
    max_running_games_per_server: int = 500  # lobby or running games of one server (threads: Discord allows 1,000)
    board_workers: Optional[int] = None  # processes drawing boards (host/drawing.py); None: one per core
    lobby_idle_days: int = 7  # a lobby with no change for this many days expires (host/lobbies.py)
    away_days_per_year: int = 21  # days a member may be away (/game away) per calendar year, per server
    outbox_pause_minutes: int = 10  # a board Discord has not taken for this long pauses its game (cogs/outbox.py)
    outbox_first_retry_ms: Optional[int] = None  # the outbox's first wait after a passing refusal; None: 1 s
    # A cluster process (`bot.py run --cluster DIR --shard-count S --shard-ids a,b`): the layout folder it serves
    # and the shards it runs; None: one process on `db_path` with every shard (the default).
    cluster_dir: Optional[str] = None
    shard_count: Optional[int] = None
    shard_ids: Optional[list[int]] = None
    identify_concurrency: int = 1  # Discord's max_concurrency for the bot (identify buckets: host/identify_gate.py)
    search_workers: int = 2  # processes searching each hard bot decision, root-parallel (host/search_pool.py)
    search_ms: int = 2000  # milliseconds of CPU each of them searches one decision (capped at 5 s)
    hint_iters: Optional[int] = None  # /game hint's search: this many iterations per worker; None: search_ms of CPU

    @classmethod
    def load(cls, env_file: Path = ROOT / ".env") -> "Config":
        merged = {**read_env_file(env_file), **os.environ}
        guild = merged.get("DEV_GUILD_ID", "").strip()

        def count(key: str, default: int) -> int:
            raw = merged.get(key, "").strip()
            return int(raw) if raw.isascii() and raw.isdigit() and int(raw) > 0 else default

        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            db_path=merged.get("DATABASE_PATH", "").strip() or DEFAULT_DB,
            dev_guild=int(guild) if guild.isdigit() else None,
            log_level=(merged.get("LOG_LEVEL", "INFO").strip() or "INFO").upper(),
            max_open_games_per_user=count("MAX_OPEN_GAMES_PER_USER", 10),
            max_running_games_per_server=count("MAX_RUNNING_GAMES_PER_SERVER", 500),
            board_workers=workers_set(merged.get("BOARD_WORKERS")),
            lobby_idle_days=count("LOBBY_IDLE_DAYS", 7),
            away_days_per_year=count("AWAY_DAYS_PER_YEAR", 21),
            outbox_pause_minutes=count("OUTBOX_PAUSE_MINUTES", 10),
            outbox_first_retry_ms=count("OUTBOX_FIRST_RETRY_MS", 0) or None,
            search_workers=count("SEARCH_WORKERS", 2),
            search_ms=count("SEARCH_MS", 2000),
            hint_iters=count("HINT_ITERS", 0) or None,
        )

    def __repr__(self) -> str:  # the token never appears in logs or tracebacks
        return f"Config(token={'set' if self.token else 'unset'}, db_path={self.db_path!r}, dev_guild={self.dev_guild})"

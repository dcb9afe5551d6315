"""Statistics from the results table: games played, wins, average score, ratings, co-op win rates.

Read-only and Discord-free: `Stats` reads SQLite and returns lines of text in
the reader's language; cogs/stats_cog.py sends them.  Scope: one server (its
guild id), or every game when the guild is None.

* played / wins / average score count every finished game of the player,
  bots and unrated games included (they were played);
* ratings (host/ratings.py) use only rated games (`games.rated = 1`) and only
  human seats (`results.is_bot = 0`), in finishing order;
* co-operative games have no ratings: their win rate per scenario
  (`options.scenario`, else the engine's `scenario`, else "standard"; plus a difficulty).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Optional

from rules import GAMES
from rules.text import CATALOG
from storage.results import FinishedResult
from storage.routed import Backend, results_of

from .i18n import t
from .limits import quote
from .names import shown
from .ratings import Placing, ratings
from .tables import Refusal, title_of

TOP = 10


@dataclass(frozen=True)
class Row(FinishedResult):
    """A seat's result with the scenario the game was played in."""

    scenario: str = "standard"


@dataclass
class PlayerLine:
    played: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    rated_games: int = 0

    @property
    def average(self) -> Optional[float]:
        return sum(self.scores) / len(self.scores) if self.scores else None


def is_coop_key(key: str, rows: list[Row]) -> bool:
    """An engine says so (`coop = True`); else a game whose every finished table won or lost together."""
    engine = GAMES.get(key)
    if engine is not None and engine.coop is not None:
        return engine.coop
    by_game: dict[int, set[bool]] = defaultdict(set)
    for r in rows:
        by_game[r.game_id].add(r.won)
    return bool(by_game) and all(len(v) == 1 and all(r.rank in (None, 1) for r in rows if r.game_id == g)
                                 for g, v in by_game.items())


STANDARD = "standard"  # a game without a named scenario (shown translated: stats.scenario.standard)


def scenario_name(scenario: str, locale: str, game_key: str = "") -> str:
    """`scenario_of`'s name for people: the default one translated, a named one through its game's
    catalog (`<game>.scenario.<name>`, e.g. robinson.scenario.castaways) or as the game calls it."""
    name, paren, level = scenario.partition(" (")
    value = f"option.value.{level.rstrip(')')}"  # the difficulty in the reader's language ("difícil")
    if paren and CATALOG.template(value, locale) is not None:
        level = t(value, locale) + ")"
    if name == STANDARD:
        return t("stats.scenario.standard", locale) + paren + level
    key = f"{game_key}.scenario.{name}"
    return (t(key, locale) if CATALOG.template(key, locale) is not None else name) + paren + level


def scenario_of(key: str, options: dict[str, Any]) -> str:
    """A game's scenario as players name it: `options.scenario`, else the engine's `scenario`, else
    "standard"; a difficulty option other than the default is added ("standard (hard)")."""
    engine = GAMES.get(key)
    name = str(options.get("scenario") or (engine.scenario if engine is not None else None) or STANDARD)
    level = options.get("difficulty")
    return f"{name} ({level})" if level else name


def placings(rows: list[Row]) -> list[Placing]:
    """Rated games, human seats only, as rating input."""
    games: dict[int, list[Row]] = defaultdict(list)
    for r in rows:
        if r.rated and not r.is_bot and r.user_id is not None and r.rank is not None:
            games[r.game_id].append(r)
    return [Placing(game_id=g, finished_at=rs[0].finished_at,
                    ranks=tuple((r.user_id, r.rank) for r in rs if r.user_id is not None and r.rank is not None))
            for g, rs in games.items()]


class Stats:
    def __init__(self, store: Backend):
        self.results = results_of(store)

    def rows(self, guild_id: Optional[int], game_key: Optional[str] = None) -> list[Row]:
        return [Row(**vars(r), scenario=scenario_of(r.game_key, r.options))
                for r in self.results.finished(guild_id, game_key)]

    def names(self, user_ids: list[int]) -> dict[int, str]:
        return self.results.latest_names(user_ids)

    # ---- /stats me ---------------------------------------------------------------------
    def me(self, user_id: int, guild_id: Optional[int], game_key: Optional[str], locale: str) -> list[str]:
        rows = self.rows(guild_id, game_key)
        keys = sorted({r.game_key for r in rows if r.user_id == user_id and not r.is_bot})
        if not keys:
            return [t("stats.me.none", locale)]
        lines = [t("stats.me.header", locale)]
        for key in keys:
            of_key = [r for r in rows if r.game_key == key]
            mine = [r for r in of_key if r.user_id == user_id and not r.is_bot]
            title = title_of(key)
            line = PlayerLine(played=len(mine), wins=sum(r.won for r in mine),
                              scores=[r.score for r in mine if r.score is not None])
            if is_coop_key(key, of_key):
                lines.append(t("stats.me.coop", locale, game=title, played=line.played, wins=line.wins,
                               rate=_pct(line.wins, line.played)))
                lines += self.scenario_lines(mine, locale)
                continue
            games = placings(of_key)
            rating = ratings(games).get(user_id)
            rated = sum(1 for g in games if len(g.ranks) > 1 and any(p == user_id for p, _ in g.ranks))
            lines.append(t("stats.me.game", locale, game=title, played=line.played, wins=line.wins,
                           rate=_pct(line.wins, line.played), avg=_avg(line.average, locale),
                           rating=_rating(rating if rated else None, locale), rated=rated))
        return lines

    # ---- /stats server -------------------------------------------------------------------
    def server(self, guild_id: Optional[int], game_key: str, locale: str) -> list[str]:
        key = (game_key or "").strip().lower()
        if key not in GAMES:
            raise Refusal("host.refuse.unknown_game", game=quote(game_key), games=", ".join(sorted(GAMES)))
        title = title_of(key)
        rows = self.rows(guild_id, key)
        finished = len({r.game_id for r in rows})
        if not finished:
            return [t("stats.server.none", locale, game=title)]
        lines = [t("stats.server.header", locale, game=title, games=finished)]
        if is_coop_key(key, rows):
            lines += self.scenario_lines(rows, locale, per_game=True)
            return lines
        people: dict[int, PlayerLine] = defaultdict(PlayerLine)
        for r in rows:
            if r.user_id is not None and not r.is_bot:
                p = people[r.user_id]
                p.played += 1
                p.wins += int(r.won)
                if r.score is not None:
                    p.scores.append(r.score)
        games = placings(rows)
        for g in games:
            if len(g.ranks) > 1:
                for uid, _ in g.ranks:
                    people[uid].rated_games += 1  # type: ignore[index]
        table = ratings(games)
        ranked = sorted((uid for uid in people if people[uid].rated_games),
                        key=lambda u: (-table.get(u, 0.0), -people[u].wins, u))
        names = {uid: shown(name) for uid, name in self.names(list(people)).items()}
        if ranked:
            lines.append(t("stats.server.ratings", locale))
            for i, uid in enumerate(ranked[:TOP], 1):
                p = people[uid]
                lines.append(t("stats.server.rated_line", locale, n=i, name=names[uid],
                               rating=_rating(table.get(uid), locale), rated=p.rated_games, played=p.played,
                               wins=p.wins, avg=_avg(p.average, locale)))
        others = sorted((u for u in people if not people[u].rated_games), key=lambda u: (-people[u].wins, u))
        if others:
            lines.append(t("stats.server.unrated", locale))
            for uid in others[:TOP]:
                p = people[uid]
                lines.append(t("stats.server.unrated_line", locale, name=names[uid], played=p.played, wins=p.wins,
                               avg=_avg(p.average, locale)))
        return lines

    def scenario_lines(self, rows: list[Row], locale: str, per_game: bool = False) -> list[str]:
        """Co-op win rate per scenario: per player's seats, or per table (`per_game`)."""
        won: dict[str, set[int]] = defaultdict(set)
        played: dict[str, set[int]] = defaultdict(set)
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in rows:
            if per_game:
                played[r.scenario].add(r.game_id)
                if r.won:
                    won[r.scenario].add(r.game_id)
            else:
                counts[r.scenario][0] += int(r.won)
                counts[r.scenario][1] += 1
        if per_game:
            counts = defaultdict(lambda: [0, 0], {s: [len(won[s]), len(g)] for s, g in played.items()})
        games = {r.scenario: r.game_key for r in rows}
        return [t("stats.scenario", locale, scenario=scenario_name(s, locale, games[s]), wins=w, played=n,
                  rate=_pct(w, n)) for s, (w, n) in sorted(counts.items())]


def _pct(a: int, b: int) -> str:
    return f"{(100.0 * a / b):.0f}%" if b else "-"


def _avg(value: Optional[float], locale: str) -> str:
    if value is None:
        return "-"
    text = f"{value:.1f}"
    return text.replace(".", ",") if locale == "es" else text


def _rating(value: Optional[float], locale: str) -> str:
    return t("stats.unrated", locale) if value is None else f"{value:.0f}"


__all__ = ["Row", "Stats", "is_coop_key", "placings"]

"""The table service: lobby, seats, turns and the move pipeline.

No Discord here: cogs turn interactions into calls on this service and turn
its results into Discord messages.  Every refusal is a `Refusal` carrying a
translatable reason; it never changes anything.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from pydantic import ValidationError

from rules import GAMES, Engine, GameState, IllegalMove, Move, Outcome
from rules.text import CATALOG, DEFAULT_LOCALE, Msg, msg, seat_ref
from storage import GameRow, ResultRow, SeatRow, SeatTaken, StaleVersion
from storage.routed import Backend, game_transaction, games_of, private_threads_of, seats_of

from .choices import Choices, resolve
from .limits import clip, quote
from .names import shown
from .numbers import SQLITE_MAX
from .options import parse_option_text
from .refusal import Refusal



@dataclass
class Actor:
    user_id: int
    name: str
    can_manage: bool = False  # holds Manage Server in the guild the command came from (`guild_id`)
    guild_id: Optional[int] = None

    def manages(self, game: GameRow) -> bool:
        """Manage Server counts only in the game's own server."""
        return self.can_manage and self.guild_id is not None and self.guild_id == game.guild_id


@dataclass
class Limits:
    """How many games may be open at once (the bot's Config: MAX_OPEN_GAMES_PER_USER, MAX_RUNNING_GAMES_PER_SERVER),
    how long a lobby waits (LOBBY_IDLE_DAYS) and how long a member may be away each year (AWAY_DAYS_PER_YEAR)."""

    open_per_user: int = 10  # lobby or active games a user opened, per server
    running_per_server: int = 500  # lobby or active games of one server
    lobby_idle_days: float = 7.0  # a lobby unchanged this long expires (LOBBY_IDLE_DAYS; host/lobbies.py)
    away_days_per_year: float = 21.0  # /game away per member and server, per calendar year (host/away.py)


@dataclass
class Table:
    """A game as read from storage, with its engine and (if started) its state."""

    game: GameRow
    seats: list[SeatRow]
    engine: Engine[Any]
    state: Optional[GameState] = None

    @property
    def names(self) -> dict[str, str]:
        return {s.seat: s.name for s in self.seats}

    def seat_of(self, user_id: int) -> Optional[SeatRow]:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: str) -> Optional[SeatRow]:
        return next((s for s in self.seats if s.seat == seat), None)

    @property
    def to_act(self) -> list[str]:
        return list(self.game.to_act)

    def outcome(self) -> Optional[Outcome]:
        return self.engine.outcome(self.state) if self.state is not None else None


@dataclass
class Played:
    table: Table
    seat: str
    move: Move
    events: list[Msg] = field(default_factory=list)
    finished: bool = False


def title_of(key: str) -> Msg | str:
    """A game's title in the reader's language: the key `<game>.title` of the game's own catalog
    when it has one (Robinson's scenario name), else the engine's title (the same in every language)."""
    if f"{key}.title" in CATALOG.table[DEFAULT_LOCALE]:
        return msg(f"{key}.title")
    return GAMES[key].title if key in GAMES else key


def game_title(game: GameRow) -> Msg:
    """"Robinson Crusoe: Castaways #3" as a Msg: translated where it is shown (`t()` arguments, `Refusal`
    arguments, or `tr(game_title(game), locale)` for a plain string).  A game played in another scenario
    than its game's default is titled by it when the game's catalog has `<game>.title.<scenario>`."""
    if game.game_key not in GAMES:
        return msg("host.game_number", id=game.number)
    scenario = game.options.get("scenario")
    key = f"{game.game_key}.title.{scenario}"
    if isinstance(scenario, str) and key in CATALOG.table[DEFAULT_LOCALE]:
        return msg("host.game_title", title=msg(key), id=game.number)
    return msg("host.game_title", title=title_of(game.game_key), id=game.number)


def log_summary(table: Table, seat: str, new_state: GameState, move: Optional[Move] = None) -> list[Msg]:
    """What the log and the turn post keep of a move: its events.  A move that said nothing is told by its
    words ("alice: Buy a yellow barrel"), never by its id; a private one (Engine.is_private) as "a private
    decision", since its words name the hidden option.  Without `move`, a public silent move keeps nothing."""
    if new_state.events or table.state is None:
        return list(new_state.events)
    if table.engine.is_private(table.state, seat):
        return [msg("host.log.private", who=seat_ref(seat))]
    return [msg("host.log.did", who=seat_ref(seat), move=move.text)] if move is not None else []


class TableService:
    def __init__(self, store: Backend, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], int] = lambda: secrets.randbits(62), limits: Optional[Limits] = None):
        self.store = store
        self.limits = limits or Limits()
        self.games = games_of(store)  # one file, or the partitions this process owns (storage/routed.py)
        self.clock = clock
        self.seeds = seeds
        # Run in the transaction of each move and of the game's start, with the table after it (the bot plans the
        # deadline timers of the new step there, cogs/game_bot.py): a kill right after a click never leaves a saved
        # change with the timers of the step before (or none).
        self.after_change: Optional[Callable[[Table], Any]] = None

    # ---- reading ---------------------------------------------------------
    def engine(self, key: str) -> Engine[Any]:
        engine = GAMES.get((key or "").strip().lower())
        if engine is None:
            raise Refusal("host.refuse.unknown_game", game=quote(key), games=", ".join(sorted(GAMES)))
        return engine

    def table(self, game_id: int) -> Table:
        """A game by its internal id (timers, bots, custom ids); players name games by `number` (`locate`)."""
        game = self.games.get(game_id)
        if game is None:
            raise Refusal("host.refuse.no_such_game", id=game_id)
        return self.table_of(game)

    def table_of(self, game: GameRow) -> Table:
        """The table of a game row just read: its seats and its parsed state (the one load of a flow)."""
        engine = self.engine(game.game_key)
        state = engine.load(game.state) if game.state else None
        return Table(game=game, seats=self.games.seats(game.id), engine=engine, state=state)

    def table_in(self, game_id: int, guild_id: Optional[int]) -> Table:
        """A game by internal id (a button's custom id) for a click from `guild_id`: a game of another
        server gets the same refusal as one that does not exist."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        if not 0 < game_id <= SQLITE_MAX:  # a forged custom id (host/numbers.py `id_number`): no such game
            raise Refusal("host.refuse.gone")
        game = self.games.get(game_id)
        if game is None or game.guild_id != guild_id:
            raise Refusal("host.refuse.gone")
        return self.table_of(game)

    def locate(self, channel_id: int, user_id: int, game_id: Optional[int] = None,
               statuses: tuple[str, ...] = ("lobby", "active"), *, guild_id: Optional[int]) -> Table:
        """The game a command from `guild_id` means: the one whose number (#) is given, the thread's, or the
        user's only one here.  Only games of that server are found; from a DM (None) nothing is."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        if game_id is not None:
            game = self.games.by_number(guild_id, game_id)
            if game is None:
                raise Refusal("host.refuse.no_such_game", id=game_id)
            return self.table_of(game)
        in_thread = self.games.find(thread_id=channel_id, guild_id=guild_id,
                                    statuses=("lobby", "active", "finished", "abandoned"))
        if in_thread:
            return self.table_of(in_thread[0])
        owned = private_threads_of(self.store).game_of(channel_id)  # a player's private thread: its game's
        if owned is not None and (game := self.games.get(owned)) is not None and game.guild_id == guild_id:
            return self.table_of(game)
        here = self.games.find(channel_id=channel_id, guild_id=guild_id, statuses=statuses)  # type: ignore[arg-type]
        mine = [g for g in here if any(s.user_id == user_id for s in self.games.seats(g.id))]
        pick = mine if mine else here
        if len(pick) == 1:
            return self.table_of(pick[0])
        if not pick:
            raise Refusal("host.refuse.no_game_here")
        raise Refusal("host.refuse.which_game", ids=", ".join(f"#{g.number}" for g in pick[:10]))

    def list_games(self, guild_id: Optional[int], channel_id: Optional[int] = None) -> list[Table]:
        """Open and running games of this server (of one channel, when given); a DM has none."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        rows = self.games.find(guild_id=guild_id, channel_id=channel_id, limit=25, idle_before=self.idle_before())
        return [self.table_of(g) for g in rows]

    def idle_before(self) -> float:
        """A lobby unchanged since before this moment has expired (host/lobbies.py closes it)."""
        return self.clock() - self.limits.lobby_idle_days * 86400.0

    def legal_moves(self, table: Table, user_id: int) -> list[Move]:
        self._require_active(table)
        seat = self._seat_or_refuse(table, user_id)
        if seat.seat not in table.to_act:
            return []
        assert table.state is not None
        return table.engine.legal_moves(table.state, seat.seat)

    # ---- lobby -----------------------------------------------------------
    def new_game(self, actor: Actor, game_key: str, *, guild_id: Optional[int], channel_id: int,
                 options: dict[str, Any] | str | None = None, private: bool = False) -> Table:
        """`private`: only members invited to it may join (host/invites.py)."""
        engine = self.engine(game_key)
        self.check_limits(actor, guild_id)
        try:
            if isinstance(options, str):
                options = parse_option_text(options)
            parsed = engine.parse_options(options or {})
            seed = self.seeds()
            engine.setup([f"p{i + 1}" for i in range(engine.max_players)], seed, parsed)  # validates combos
        except (ValidationError, ValueError, TypeError) as exc:
            raise Refusal("host.refuse.bad_options", game=title_of(engine.key), detail=_short_error(exc)) from None
        game = self.games.create(
            game_key=engine.key, guild_id=guild_id, channel_id=channel_id, creator_id=actor.user_id,
            creator_name=actor.name, options=parsed.model_dump(mode="json", exclude_defaults=True),
            settings={"private": True} if private else {}, seed=seed, now=self.clock(),
        )
        return self.table(game.id)

    def check_limits(self, actor: Actor, guild_id: Optional[int]) -> None:
        """Refuse a new game past the open-games limits (per user in a server, per server)."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        idle = self.idle_before()  # expired lobbies no longer count, even before their timer closed them
        mine = self.games.count_running(guild_id, creator_id=actor.user_id, idle_before=idle)
        if mine >= self.limits.open_per_user:
            raise Refusal("host.refuse.too_many_open", n=mine, max=self.limits.open_per_user)
        if self.games.count_running(guild_id, idle_before=idle) >= self.limits.running_per_server:
            raise Refusal("host.refuse.server_full", max=self.limits.running_per_server)

    def join(self, actor: Actor, table: Table) -> Table:
        if table.game.status != "lobby":
            raise Refusal("host.refuse.not_in_lobby", title=game_title(table.game))
        if table.seat_of(actor.user_id):
            raise Refusal("host.refuse.already_seated", title=game_title(table.game))
        if len(table.seats) >= table.engine.max_players:
            raise Refusal("host.refuse.full", title=game_title(table.game), max=table.engine.max_players)
        if table.game.settings.get("private") and not seats_of(self.store).invited(table.game.id, actor.user_id):
            raise Refusal("seats.refuse.private", title=game_title(table.game))
        try:
            self.games.add_seat(table.game.id, table.game.version, user_id=actor.user_id, name=actor.name,
                                is_bot=False, now=self.clock())
        except SeatTaken:
            raise Refusal("host.refuse.already_seated", title=game_title(table.game)) from None
        except StaleVersion:
            raise Refusal("host.refuse.moved_on") from None
        return self.table(table.game.id)

    def leave(self, actor: Actor, table: Table) -> Table:
        """Give up a lobby seat.  The last human to leave a lobby or a running game ends it as abandoned
        (bots never play on alone); leaving a running game while humans remain is cogs/bot_players.py's."""
        if table.game.status == "active" and table.seat_of(actor.user_id) and last_human(table, actor.user_id):
            return self._end_abandoned(table)
        if table.game.status != "lobby":
            raise Refusal("host.refuse.leave_running")
        if not table.seat_of(actor.user_id):
            raise Refusal("host.refuse.not_player")
        if last_human(table, actor.user_id):
            return self._end_abandoned(table)
        try:
            self.games.remove_seat(table.game.id, table.game.version, user_id=actor.user_id, now=self.clock())
        except StaleVersion:
            raise Refusal("host.refuse.moved_on") from None
        return self.table(table.game.id)

    def start(self, actor: Actor, table: Table) -> Table:
        if table.game.status != "lobby":
            raise Refusal("host.refuse.not_in_lobby", title=game_title(table.game))
        if actor.user_id != table.game.creator_id and not actor.manages(table.game):
            raise Refusal("host.refuse.start_creator_only", title=game_title(table.game))
        n = len(table.seats)
        if n < table.engine.min_players:
            raise Refusal("host.refuse.too_few", title=game_title(table.game), min=table.engine.min_players, n=n)
        seats = [s.seat for s in table.seats]
        state = table.engine.setup(seats, table.game.seed, table.engine.parse_options(table.game.options))
        try:
            with game_transaction(self.store, table.game.id):  # the start and `after_change`'s writes: one commit
                self.games.start(table.game.id, table.game.version, state=table.engine.dump(state),
                                 to_act=table.engine.to_act(state), now=self.clock())
                started = self.table(table.game.id)
                if self.after_change is not None:
                    self.after_change(started)
        except StaleVersion:
            raise Refusal("host.refuse.moved_on") from None
        return started

    def abandon(self, actor: Actor, table: Table) -> Table:
        if table.game.status not in ("lobby", "active"):
            raise Refusal("host.refuse.already_over", title=game_title(table.game))
        if actor.user_id != table.game.creator_id and not actor.manages(table.game):
            raise Refusal("host.refuse.creator_only")
        return self._end_abandoned(table)

    def _end_abandoned(self, table: Table) -> Table:
        state = table.engine.dump(table.engine.abandon(table.state)) if table.state is not None else None
        try:
            self.games.end(table.game.id, table.game.version, status="abandoned", state=state, now=self.clock())
        except StaleVersion:
            raise Refusal("host.refuse.moved_on") from None
        return self.table(table.game.id)

    # ---- the move pipeline -------------------------------------------------
    def resolve_move(self, table: Table, seat: str, text: str, locale: str = DEFAULT_LOCALE,
                     typed: Optional[str] = None) -> Move:
        """The move `text` means among `seat`'s legal moves now (host/choices.py `resolve`; autocomplete
        suggests the same moves); `typed`: what the user typed when a shortcut composed `text` as a move id."""
        assert table.state is not None
        moves = table.engine.legal_moves(table.state, seat)
        return resolve(table.engine, table.state, seat, moves, text, locale, table.names, typed)

    def commit_move(self, actor: Actor, table: Table, text: str, version: Optional[int] = None, *,
                    locale: str = DEFAULT_LOCALE, typed: Optional[str] = None) -> Played:
        """A human move: checked once, applied and saved as one transaction guarded by the game's version.

        The checks run here, once: the board's version (a stale button), the game running, the seat, its turn,
        then the move among the seat's legal list, built once (host/choices.py); the engine plays the option
        found without checking it again (`Engine.perform`)."""
        if version is not None and version != table.game.version:
            raise Refusal("host.refuse.stale_board")
        self._require_active(table)
        seat = self._seat_or_refuse(table, actor.user_id)
        if seat.seat not in table.to_act:
            raise Refusal("host.refuse.not_your_turn", who=self._waiting_names(table))
        assert table.state is not None
        choices = Choices.listed(table.engine, table.state, seat.seat)
        move = resolve(table.engine, table.state, seat.seat, choices.moves, text, locale, table.names, typed)
        try:
            new_state = table.engine.perform(table.state, seat.seat, choices.option_of(move))
        except IllegalMove as exc:  # a game's own last word on a listed option, in the player's language
            raise Refusal(exc.text.key, **exc.text.args) from None
        return self._commit(table, seat, move, new_state, actor.user_id)

    def play_seat(self, table: Table, seat: str, move_id: str) -> Played:
        """Play for a seat with no human at the keyboard: a bot seat, or a deadline that expired.

        Same checks on the rules and the same version-guarded transaction as `commit_move`."""
        self._require_active(table)
        row = table.user_of(seat)
        if row is None or seat not in table.to_act:
            raise Refusal("host.refuse.not_your_turn", who=self._waiting_names(table))
        assert table.state is not None
        try:
            move, new_state = table.engine.step(table.state, seat, move_id)  # one legality check
        except IllegalMove as exc:  # the game's reason, in the player's language
            raise Refusal(exc.text.key, **exc.text.args) from None
        return self._commit(table, row, move, new_state, None)

    def _commit(self, table: Table, seat: SeatRow, move: Move, new_state: GameState, user_id: Optional[int]) -> Played:
        engine = table.engine
        outcome = engine.outcome(new_state)
        now = self.clock()
        results = self._results(table, outcome, now) if outcome is not None else []
        to_act = engine.to_act(new_state)
        said = log_summary(table, seat.seat, new_state, move)
        try:
            with game_transaction(self.store, table.game.id):  # the move and `after_change`'s writes: one commit
                game = self.games.record_move(
                    table.game.id, table.game.version, seat=seat.seat, user_id=user_id, move_id=move.id,
                    state=engine.dump(new_state), to_act=to_act,
                    status="finished" if outcome is not None else "active",
                    summary=[e.model_dump(mode="json") for e in said], now=now,
                    results=results, undo_point=move.barrier or seat.seat not in to_act,  # no undo takes it back (host/undo.py)
                )
                new_table = Table(game=game, seats=table.seats, engine=engine, state=new_state)
                if self.after_change is not None:
                    self.after_change(new_table)
        except StaleVersion:
            raise Refusal("host.refuse.moved_on") from None
        return Played(table=new_table, seat=seat.seat, move=move, events=said, finished=outcome is not None)

    def _results(self, table: Table, outcome: Outcome, now: float) -> list[ResultRow]:
        winners = set(outcome.winners())
        rows = []
        for s in table.seats:
            rows.append(ResultRow(
                game_id=table.game.id, seat=s.seat, user_id=s.user_id, game_key=table.game.game_key,
                guild_id=table.game.guild_id, score=outcome.scores.get(s.seat), rank=outcome.ranks.get(s.seat),
                won=s.seat in winners, is_bot=s.is_bot, finished_at=now,
            ))
        return rows

    # ---- helpers -------------------------------------------------------------
    def _require_active(self, table: Table) -> None:
        status = table.game.status
        if status == "lobby":
            raise Refusal("host.refuse.not_started", title=game_title(table.game))
        if status in ("finished", "abandoned"):
            raise Refusal("host.refuse.already_over", title=game_title(table.game))

    def _seat_or_refuse(self, table: Table, user_id: int) -> SeatRow:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("host.refuse.not_player")
        return seat

    def _waiting_names(self, table: Table) -> str:
        return ", ".join(shown(table.names.get(s, s)) for s in table.to_act) or "-"


def last_human(table: Table, user_id: int) -> bool:
    """Whether `user_id` is the only human seated (every other seat, if any, is a bot)."""
    return not any(s.user_id and not s.is_bot and s.user_id != user_id for s in table.seats)


def _short_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors()[:3]:
            where = quote(".".join(str(x) for x in err.get("loc", ())) or "options")
            parts.append(f"{where}: {quote(err.get('msg'), 200)}")
        return clip("; ".join(parts), 700)
    return quote(str(exc), 200)


__all__ = ["TableService", "Refusal", "Actor", "Limits", "Table", "Played", "game_title", "last_human"]

"""The engine contract every game implements (see shared design.md).

An engine is pure: `apply` never reads the clock, global randomness, files
after import, or anything outside the state it is given.  A multi-decision
turn is a chain of moves, so the engine always knows the pending decision and
every game can be played through one generic `/play move:` command.

Optional hooks an engine may add (found with getattr; absent means "not offered"):
`playout_weight(state, seat, move) -> float` (rules.playout), `greedy_move(state, seat, rng)`
(rules.bots), and `running_scores(state) -> dict[seat, int]`: each seat's score if the game
ended now, read after every move of a finished game to draw its score-progression chart
(host/history.py); a game without it gets its replay but no chart.  `timeout_move(state, seat)
-> Move | None`: the game's own answer when `seat`'s decision outlives its deadline (Robinson's
options `plan_timeout`/`prompt_timeout`); None leaves it to the host's expiry policy
(host/deadlines.py).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, computed_field

from .rng import Rng
from .text import Msg, msg, tr


class IllegalMove(Exception):
    """A move the rules refuse.  `text` says why, in words a player understands."""

    def __init__(self, text: Msg | str):
        self.text = text if isinstance(text, Msg) else msg("core.raw", text=text)
        super().__init__(tr(self.text))


class Move(BaseModel):
    """One legal decision.  `id` is short and stable (`place:3`, `fly:B3`, `end`)."""

    model_config = ConfigDict(frozen=True)

    id: str
    text: Msg
    # True when applying it draws randomness or reveals hidden information:
    # undo never crosses such a move.
    barrier: bool = False

    @computed_field  # type: ignore[prop-decorator]
    @property
    def label(self) -> str:
        """The English sentence; rendered on demand (random playouts never need it)."""
        return tr(self.text)

    @classmethod
    def of(cls, move_id: str, text: Msg, barrier: bool = False) -> "Move":
        return cls(id=move_id, text=text, barrier=barrier)


class Outcome(BaseModel):
    """The end of a game: scores and ranks, or a co-operative win/loss."""

    coop: bool = False
    won: bool | None = None  # co-operative games only
    scores: dict[str, int] = Field(default_factory=dict)
    ranks: dict[str, int] = Field(default_factory=dict)  # 1 = first; ties share a rank
    breakdown: dict[str, dict[str, int]] = Field(default_factory=dict)
    summary: Msg | None = None

    def winners(self) -> list[str]:
        if self.coop:
            return list(self.scores) if self.won else []
        return [s for s, r in self.ranks.items() if r == 1]


class GameState(BaseModel):
    """Fields every game's state has.  Subclasses add the game itself."""

    seats: list[str]
    seed: int
    rng: Rng
    # What the latest move did, for the turn post and the log.
    events: list[Msg] = Field(default_factory=list)
    moves_made: int = 0
    abandoned: bool = False


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


S = TypeVar("S", bound=GameState)


class Engine(ABC, Generic[S]):
    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    State: ClassVar[type[GameState]]

    # ---- identity and options -------------------------------------------
    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> BaseModel:
        if isinstance(raw, self.Options):
            return raw
        if isinstance(raw, BaseModel):
            raw = raw.model_dump()
        return self.Options.model_validate(raw or {})

    # ---- the contract ---------------------------------------------------
    @abstractmethod
    def setup(self, seats: list[str], seed: int, options: BaseModel | dict | None = None) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> list[str]: ...

    @abstractmethod
    def legal_moves(self, state: S, seat: str) -> list[Move]: ...

    @abstractmethod
    def view(self, state: S, seat: str | None = None) -> BaseModel: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def _apply(self, state: S, seat: str, move: Move) -> None:
        """Mutate `state` (already a private copy) by a move known to be legal."""

    def prompt(self, state: S, seat: str) -> Msg:
        """What `seat` is being asked to decide now (for the turn post)."""
        return msg("core.prompt.generic")

    def is_private(self, state: S, seat: str) -> bool:
        """True when `seat`'s pending decision is private: its options (labels or ids) reveal
        something only `seat` may know (a hand of cards, a face-down tile, drawn values).

        The host then shows those options only to `seat` (a "My moves" button answers privately)
        and never on the public board, in the thread or in the log.  Whatever the decision, the
        events a move produces (`state.events`) are public text: they must never reveal what
        `view(state, None)` does not show.  Default: nothing is private."""
        return False

    # ---- shared behaviour -------------------------------------------------
    def find_move(self, state: S, seat: str, move_id: str) -> Move:
        if state.abandoned or self.outcome(state) is not None:
            raise IllegalMove(msg("core.illegal.over"))
        if seat not in state.seats:
            raise IllegalMove(msg("core.illegal.not_player"))
        if seat not in self.to_act(state):
            raise IllegalMove(msg("core.illegal.not_your_turn"))
        for move in self.legal_moves(state, seat):
            if move.id == move_id:
                return move
        raise IllegalMove(msg("core.illegal.unknown_move", move=move_id))

    def apply(self, state: S, seat: str, move_id: str) -> S:
        """The state after `seat` plays `move_id`; the given state is never touched."""
        move = self.find_move(state, seat, move_id)
        new = self.copy_state(state)
        new.events = []
        self._apply(new, seat, move)
        new.moves_made += 1
        return new

    def step(self, state: S, seat: str, move_id: str) -> tuple[Move, S]:
        """`find_move` and `apply` at once, with one legality check (replays of a recorded move: rules/replay.py).

        Games override it where `apply` would find the move again (the four engines do)."""
        move = self.find_move(state, seat, move_id)
        new = self.copy_state(state)
        new.events = []
        self._apply(new, seat, move)
        new.moves_made += 1
        return move, new

    def copy_state(self, state: S) -> S:
        return state.model_copy(deep=True)

    def dump(self, state: S) -> str:
        return state.model_dump_json()

    def load(self, data: str | bytes) -> S:
        return self.State.model_validate_json(data)  # type: ignore[return-value]

    def abandon(self, state: S) -> S:
        new = self.copy_state(state)
        new.abandoned = True
        new.events = [msg("core.event.abandoned")]
        return new

    def rules_help(self) -> Msg:
        """The `/game rules` text (a catalog key per game)."""
        return msg(f"{self.key}.rules")

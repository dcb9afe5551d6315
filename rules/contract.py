"""The engine contract every game implements (see shared design.md), and the core that runs it.

An engine is pure: `apply` never reads the clock, global randomness, files
after import, or anything outside the state it is given.  A multi-decision
turn is a chain of moves, so the engine always knows the pending decision and
every game can be played through one generic `/play move:` command.

What a game supplies: `setup`, `to_act`, `options` (its legal decisions as typed
`Option`s), `label` (an option's text), `play` (the rules: mutate a private copy by
an option known to be legal), `view`, `outcome`, `prompt`, and where it helps
`explain` (why a move id is refused, in the player's words), `is_over` (a cheap
test), `copy_state` (a faster copy) and `is_private`.

What the core (`Engine`) owns: the guard chain (game over, not a player, not
your turn, unknown move), the move lookup (`find_move`), `apply` and `step` with
one legality check, the mapping of options to `Move`s, copying, abandoning, and
the refusal: `IllegalMove` carries a translatable Msg (the game's `explain`, else
"unknown move") that the host shows to the player in their language.

Optional hooks (OPTIONAL_HOOKS) are declared here with a default meaning "not
offered"; `engine.offers(name)` says whether a game supplies one:
`playout_weight(state, seat, option) -> float` (rules.playout; default: uniform),
`greedy_move(state, seat, rng) -> Move | None` (rules.bots; None: the random move),
`running_scores(state) -> dict[seat, int] | None`: each seat's score if the game
ended now, read after every move of a finished game to draw its score-progression
chart (host/history.py; None: no chart), and `timeout_move(state, seat) -> Move |
None`: the game's own answer when `seat`'s decision outlives its deadline
(Robinson's options `plan_timeout`/`prompt_timeout`; None leaves it to the host's
expiry policy, host/deadlines.py), and `notes(state, seat=None) -> [(heading, lines)]`:
plain explanations of what is in play, for the public post (seat None) and `/game me`
(Robinson: threats, items, tokens, the seat's abilities), `round_number(state) -> int | None`: the
round the game is in, where the game has rounds (followers of a game are pinged as each ends), and
`shared_moves(state, seats) -> [Move]`: moves several seats deciding at once may each make with one click
on the public post (Robinson's confirm of the plan as it stands; []: each player opens their own moves),
`menus(state, seat) -> {move id: [(group key, words)]}`: the groups a long list of moves is offered under,
one menu of at most 25 at each step (Robinson's planning: the action, its target, then the pawns; host/move_menus.py),
`auto_pass(state, seat) -> move id | None`: the move that passes for a player who asked the host to (Eclipse's
reactions after passing, `/eclipse autopass on`; host/autopass.py).
The search hooks (rules/search, the "hard" bot level): `resample(state, seat, rng) -> S | None`: a full state
consistent with what `seat` may know, its hidden parts redrawn from what `seat` has not seen and its own
generator reseeded from `rng` (so the copy's dice and draws never follow the real game's order; None: the
game hides nothing but that order, and the search copies the state and reseeds its generator itself),
`evaluate(state) -> dict[seat, float] | None`: each seat's chances in [0, 1] (1: a certain win; a finished
game's outcome), `macro_moves(state, seat) -> [(chain, prior)] | None`: whole actions as chains of move ids
separated by spaces, each with a prior weight >= 0, so that one search node is one action,
`greedy_chain(state, seat, rng) -> [move id] | None`: the greedy bot's next moves at once (a whole planned
turn), which the search's greedy rollouts play instead of asking `greedy_move` at every step,
`search_policy(state, seat, rng) -> Move | None`: the hard level's own policy where it is not the greedy bot's
(its prior, its rollouts' and chains' moves, and the move it keeps unless the search finds better; not offered
or None: `greedy_move`; rules.search.steps.policy_move).
Class attributes with a None default: `coop`
(everyone wins or loses together; None: judged from outcomes), `scenario` (the
default scenario's name for /stats) and `conformance_seeds` (random games per
player count in tests/conformance).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Iterable, NamedTuple, Optional, TypeVar

from pydantic import BaseModel, ConfigDict, Field, computed_field

from .rng import Rng
from .text import Msg, msg, tr
from .unvalidated import put, trusted


UNKNOWN_MOVE = "core.illegal.unknown_move"  # the refusal when the game has no better reason


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

    @classmethod
    def trusted(cls, move_id: str, text: Msg, barrier: bool) -> "Move":
        """`Move.of` for values the engine built itself, without validation (the hot path of playouts)."""
        return trusted(cls, {"id": move_id, "text": text, "barrier": barrier})


class Option(NamedTuple):
    """One legal decision as a game lists it, before any text is made (cheap to enumerate).

    `id` is the Move id; `kind` the family of decision (`place`, `fly`, ...; the id's head for a
    game that plays by id); `arg` what the game's `play` needs, worked out once while listing (a
    hangar, a cell and its payment; a game may keep the option's text there, see `Engine.label`);
    `barrier` as Move.barrier."""

    id: str
    kind: str
    arg: Any
    barrier: bool


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


class TestHints(NamedTuple):
    """How the shared tests play a game (an Engine's `test_hints`); the defaults suit a small game.

    `players`: one sample table (undo snapshots; None: 3 clamped to the game's seat range);
    `board_players`: the table whose board is the most crowded (legibility tests; None: the most
    seats); `privacy_stride`, `privacy_cap`: the privacy suite checks every stride-th ordinary move
    of its random games and, with a cap, stops nine games in ten after that many moves (long games);
    `variants`: further option sets the conformance suite plays besides each boolean option flipped
    (a game's other scenarios)."""

    players: Optional[int] = None
    board_players: Optional[int] = None
    privacy_stride: int = 1
    privacy_cap: Optional[int] = None
    variants: tuple[dict[str, Any], ...] = ()


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

    def __init_subclass__(cls, *, key: Optional[str] = None, title: Optional[str] = None,
                          players: Optional[tuple[int, int]] = None, options: Optional[type[BaseModel]] = None,
                          state: Optional[type[GameState]] = None, **rest: Any) -> None:
        """A game declares its identity where it subclasses: `class XEngine(Engine[XState], key="x",
        title="X", players=(2, 4), options=XOptions, state=XState)`."""
        super().__init_subclass__(**rest)
        if key is not None:
            cls.key = key
        if title is not None:
            cls.title = title
        if players is not None:
            cls.min_players, cls.max_players = players
        if options is not None:
            cls.Options = options
        if state is not None:
            cls.State = state

    # ---- identity and options -------------------------------------------
    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> BaseModel:
        if isinstance(raw, self.Options):
            return raw
        if isinstance(raw, BaseModel):
            raw = raw.model_dump()
        return self.Options.model_validate(raw or {})

    # ---- the contract ---------------------------------------------------
    @abstractmethod
    def setup(self, seats: list[str], seed: int, options: BaseModel | dict[str, Any] | None = None) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> list[str]: ...

    @abstractmethod
    def options(self, state: S, seat: str, move_id: Optional[str] = None) -> Iterable[Option]:
        """`seat`'s legal decisions now, in the order players see them; none when `seat` has nothing
        to decide.  `move_id`, when given, is the one id being looked for: a game may then list only
        the options that could carry it (its family), for speed."""

    @abstractmethod
    def play(self, state: S, seat: str, option: Option) -> None:
        """Mutate `state` (a private copy, its events cleared) by `option`, known to be legal."""

    def label(self, state: S, seat: str, option: Option) -> Msg:
        """The option's text (the Move's); default: the option keeps it as its `arg`."""
        return option.arg  # type: ignore[no-any-return]

    @abstractmethod
    def view(self, state: S, seat: str | None = None) -> BaseModel: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended (a game overrides it with a test cheaper than `outcome`)."""
        return self.outcome(state) is not None

    def explain(self, state: S, seat: str, move_id: str) -> Msg | None:
        """Why `move_id` is not a legal move of `seat` (a player to act) now, in words a player
        understands; None (or the core's own UNKNOWN_MOVE text) when the game has nothing better."""
        return None

    def prompt(self, state: S, seat: str) -> Msg:
        """What `seat` is being asked to decide now (for the turn post)."""
        return msg("core.prompt.generic")

    def is_private(self, state: S, seat: str) -> bool:
        """True when `seat`'s pending decision is private: its options (labels or ids) reveal
        something only `seat` may know (a hand of cards, a face-down tile, drawn values).

        The host then shows those options only to `seat` (a "My view" button answers privately)
        and never on the public board, in the thread or in the log.  Whatever the decision, the
        events a move produces (`state.events`) are public text: they must never reveal what
        `view(state, None)` does not show.  Default: nothing is private."""
        return False

    # ---- optional hooks (module docstring): defaults mean "not offered" --------
    coop: ClassVar[Optional[bool]] = None
    scenario: ClassVar[Optional[str]] = None
    conformance_seeds: ClassVar[Optional[int]] = None

    # ---- what the shared tests and tools read about a game (one registry: rules.GAMES) ----
    # The letters its rules sheet numbers its entries with (Wayfinders: "WET"): tests/docs/citations.py.
    rule_letters: ClassVar[str] = ""
    # Its rules sheet, from the repository root; None: docs/rules/<key>.md.
    rules_sheet: ClassVar[Optional[str]] = None
    # Whether the files of its data/ folder hold PROPOSED data (ours, not the publisher's).
    proposed_data: ClassVar[bool] = False
    test_hints: ClassVar[TestHints] = TestHints()
    # The hard bot level's search settings for this game (fields of rules.search.SearchConfig; rules.search.tuned),
    # with "from_seats": {n: {field: value}} for tables of n seats or more.
    search_tuning: ClassVar[dict[str, Any]] = {}

    def sample_players(self) -> int:
        """The seat count of one sample table (TestHints.players)."""
        n = self.test_hints.players
        return n if n is not None else max(self.min_players, min(3, self.max_players))

    def board_players(self) -> int:
        """The seat count of the most crowded board (TestHints.board_players)."""
        n = self.test_hints.board_players
        return n if n is not None else self.max_players

    def sheet_path(self) -> str:
        """Its rules sheet, relative to the repository root."""
        return self.rules_sheet or f"docs/rules/{self.key}.md"

    def playout_weight(self, state: S, seat: str, option: Option) -> float:
        """Random-playout bias of `option` (finite, >= 0); not offered: uniform (rules.playout).
        Read only its `id` (and the state): tests also weigh a `Move`, which has the same `id`."""
        return 1.0

    def greedy_move(self, state: S, seat: str, rng: Rng) -> Optional[Move]:
        """The "greedy" bot's move (rules.bots); None: not offered (the bot plays a random move)."""
        return None

    def running_scores(self, state: S) -> Optional[dict[str, int]]:
        """Each seat's score if the game ended now (the history chart); None: not offered."""
        return None

    def timeout_move(self, state: S, seat: str) -> Optional[Move]:
        """The rules' own answer when `seat`'s deadline expires; None: the host's expiry policy."""
        return None

    def round_number(self, state: S) -> Optional[int]:
        """The round the game is in (1, 2, ...); None: not offered (the game has no rounds to speak of)."""
        return None

    def notes(self, state: S, seat: Optional[str] = None) -> list[tuple[Msg, list[Msg]]]:
        """What the things in play do, as (heading, lines) sections: the public post's (`seat` None) or what
        `/game me` shows `seat`; [] when not offered."""
        return []

    def shared_moves(self, state: S, seats: list[str]) -> list[Move]:
        """Moves that each of `seats` (several seats deciding at once) may make with one click on the
        public post, an id meaning the same decision for each of them (Robinson: confirm the plan as
        it stands, R30); [] when not offered (each player opens their own moves)."""
        return []

    def resample(self, state: S, seat: str, rng: Rng) -> Optional[S]:
        """A state `seat` cannot tell from `state` (hidden parts redrawn with `rng`, the copy's generator
        reseeded from `rng`); None: not offered (nothing hidden but the generator's order)."""
        return None

    def evaluate(self, state: S) -> Optional[dict[str, float]]:
        """Each seat's chances in [0, 1] (1: a certain win); for a finished game its outcome; None: not offered."""
        return None

    def menus(self, state: S, seat: str) -> dict[str, list[tuple[str, Msg]]]:
        """The menus a long list of `seat`'s moves is grouped under: move id -> (group key, group words)
        from the outermost group in (Robinson: an action, then its target, the pawns last); a move not in it
        stands alone.  A key names one group across every level.  {}: not offered (host/move_menus.py)."""
        return {}

    def auto_pass(self, state: S, seat: str) -> Optional[str]:
        """The move id that passes for `seat` now, when `seat` decides and its player asked the host to pass for
        them at such a decision (Eclipse: a passed player's turn, whose only choices are a Reaction or passing
        again, Eclipse E28; `/eclipse autopass on`); None: nothing to pass for them here, or not offered."""
        return None

    def macro_moves(self, state: S, seat: str) -> Optional[list[tuple[str, float]]]:
        """Whole actions of `seat` now as (chain of move ids joined by spaces, prior >= 0); None: not offered."""
        return None

    def greedy_chain(self, state: S, seat: str, rng: Rng) -> Optional[list[str]]:
        """The greedy bot's next moves of `seat` as one chain of move ids, each legal after the ones before
        (a turn it plans whole); None: not offered (the search asks `greedy_move` at every step)."""
        return None

    def search_policy(self, state: S, seat: str, rng: Rng) -> Optional[Move]:
        """The hard level's policy move for `seat`, where the game gives its search a policy of its own
        (module docstring); None: not offered (the search follows `greedy_move`)."""
        return None

    def offers(self, hook: str) -> bool:
        """Whether this game supplies the optional hook `hook` (a name in OPTIONAL_HOOKS)."""
        if hook not in OPTIONAL_HOOKS:
            raise ValueError(f"not an optional hook: {hook!r}")
        return getattr(type(self), hook) is not getattr(Engine, hook)

    # ---- the core -----------------------------------------------------------
    def legal_moves(self, state: S, seat: str) -> list[Move]:
        label, trusted = self.label, Move.trusted
        return [trusted(o.id, label(state, seat, o), o.barrier) for o in self.options(state, seat)]

    def move_ids(self, state: S, seat: str) -> list[str]:
        """`seat`'s legal move ids now, without their words (the search lists moves this way)."""
        return [o.id for o in self.options(state, seat)]

    def find_option(self, state: S, seat: str, move_id: str) -> Option:
        """The option `move_id` of `seat`, or IllegalMove saying why not (the guard chain)."""
        if state.abandoned or self.is_over(state):
            raise IllegalMove(msg("core.illegal.over"))
        if seat not in state.seats:
            raise IllegalMove(msg("core.illegal.not_player"))
        if seat not in self.to_act(state):
            raise IllegalMove(msg("core.illegal.not_your_turn"))
        for o in self.options(state, seat, move_id):
            if o.id == move_id:
                return o
        raise IllegalMove(self.explain(state, seat, move_id) or msg(UNKNOWN_MOVE, move=move_id))

    def find_move(self, state: S, seat: str, move_id: str) -> Move:
        o = self.find_option(state, seat, move_id)
        return Move.trusted(o.id, self.label(state, seat, o), o.barrier)

    def apply(self, state: S, seat: str, move_id: str) -> S:
        """The state after `seat` plays `move_id`; the given state is never touched."""
        return self._played(state, seat, self.find_option(state, seat, move_id))

    def step(self, state: S, seat: str, move_id: str) -> tuple[Move, S]:
        """`find_move` and `apply` at once, with one legality check (replays of a recorded move: rules/replay.py)."""
        o = self.find_option(state, seat, move_id)
        return Move.trusted(o.id, self.label(state, seat, o), o.barrier), self._played(state, seat, o)

    def perform(self, state: S, seat: str, option: Option) -> S:
        """The state after `seat` plays `option`, one of `options(state, seat)` that the caller listed for this
        very state and found the move among: `apply` without looking the option up or running the guard chain
        again (the host's one legality check, host/choices.py; random playouts and searches, which pick among
        the options they listed).  The given state is never touched."""
        return self._played(state, seat, option)

    def _played(self, state: S, seat: str, option: Option) -> S:
        new = self.copy_state(state)
        put(new, "events", [])
        self.play(new, seat, option)
        put(new, "moves_made", new.moves_made + 1)
        return new

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

    def rules_help(self, options: Any = None) -> Msg:
        """The `/game rules` text (a catalog key per game); `options`, the game's parsed options when the
        text is asked about one game (a game with scenarios tells that game's scenario)."""
        return msg(f"{self.key}.rules")


OPTIONAL_HOOKS = ("playout_weight", "greedy_move", "running_scores", "timeout_move", "notes", "round_number",
                  "shared_moves", "resample", "evaluate", "macro_moves", "menus", "auto_pass", "greedy_chain",
                  "search_policy")

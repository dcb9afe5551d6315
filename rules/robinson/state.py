"""Robinson Crusoe state and options (pydantic models only, no rules).

Ids follow the sheet (*Ids*): cards are `deck:name`; island spaces are 0-14
(§3.1) holding tile numbers 1-11 (§3.2); characters by name (Cook, Carpenter,
Explorer, Soldier, Friday).  Resources: F food, NF non-perishable food,
W wood, Fur.
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import (BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer, model_validator,
                      with_config)
from typing_extensions import NotRequired, TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from ..contract import GameState
from .frames import ContFrame
from .legacy import carriers, upgrade

RES = ("F", "NF", "W", "Fur")
ACTIONS = ("threat", "hunt", "build", "gather", "explore", "camp", "rest")  # R39 order

# robinson-scenarios.md K0.1 (scenarios/ holds each one)
ScenarioKey = Literal["castaways", "jenny", "family_robinson", "cursed_island", "cannibal_island"]
Phase = Literal["setup", "event", "morale", "wood", "plan", "resolve", "weather", "night", "over"]


def no_res() -> dict[str, int]:
    return {r: 0 for r in RES}


def no_threat() -> list[Optional[str]]:
    return [None, None]


class RobinsonOptions(BaseModel):
    """`/game new` options (R2, R10, R11, R14, R30, R97)."""

    model_config = ConfigDict(extra="forbid")

    difficulty: Literal["normal", "easy", "hard"] = "normal"  # R10
    random_wreckage: bool = False  # R11
    dog_with_two: bool = False  # R14
    choose_characters: bool = False  # R2, E31: seats pick their characters in seat order
    # R30/R97: when the host's turn deadline expires, the rules' own default is taken (defaults.py)
    # instead of the host's expiry policy: planning completes by R30, any other prompt by E31.
    plan_timeout: bool = False
    prompt_timeout: bool = False
    scenario: ScenarioKey = "castaways"  # K0.1: the scenario card played

    @model_serializer(mode="wrap")
    def _saved(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Castaways' options save as they did before there were other scenarios."""
        out = handler(self)
        if isinstance(out, dict) and out.get("scenario") == "castaways":
            del out["scenario"]
        return out


class Char(BaseModel):
    """A character (or Friday): R3, R75-R78, R82-R86."""

    name: str
    seat: Optional[str] = None  # None for Friday (the FP's seat directs him, R84)
    wounds: int = 0
    det: int = 0
    dead: bool = False
    special: list[str] = Field(default_factory=list)  # special-wound markers (R78)
    used: list[str] = Field(default_factory=list)  # abilities used this round (R83)
    out: bool = False  # spends this night outside the camp (R74)
    supply: dict[str, int] = Field(default_factory=no_res)  # personal supply while outside (R74)
    kept: list[str] = Field(default_factory=list)  # discovery tokens in that supply (R74)
    gained: dict[str, int] = Field(default_factory=dict)  # resources it sent to Future this Action phase
    found: list[str] = Field(default_factory=list)  # discovery tokens it sent to Future this Action phase
    treasures: dict[str, int] = Field(default_factory=dict)  # kept treasures in that supply: uses (R74)
    found_items: list[str] = Field(default_factory=list)  # kept treasures it found this Action phase


class Spot(BaseModel):
    """An explored island space (R62)."""

    tile: int
    face_up: bool = True
    exhausted: list[str] = Field(default_factory=list)  # sources with a black marker (E30)
    tokens: list[str] = Field(default_factory=list)  # additional food/wood, TC, DNG, shortcut (R88)


class Stack(BaseModel):
    """One planned action (R33): pawns[0] is the resolver (R38)."""

    action: str
    target: str = ""
    pawns: list[str] = Field(default_factory=list)  # character names, "Dog"
    owners: list[str] = Field(default_factory=list)  # seat placing each pawn
    base: int = 1  # 1 = roll dice, 2 = automatic success (R34)
    pay: dict[str, int] = Field(default_factory=dict)  # resources tied up at planning (R36)
    faces: list[str] = Field(default_factory=list)  # the roll, while its reroll window is open (R42)
    # R88: the action-space tokens this stack is "the next action" for: "<space>.TC" (one more
    # pawn), "<space>.XW" (one more wood), space = an action or a Build part (plan.targets)
    tok: list[str] = Field(default_factory=list)


class Jenny(BaseModel):
    """Jenny's track (robinson-scenarios.md K3.4-K3.7): her wounds, the round she was rescued in."""

    wounds: int = 0
    rescued: int = 0  # 0 while she waits on her raft (K3.5)


class Temple(BaseModel):
    """Cursed Island's temple (robinson-scenarios.md K2.5, K2.6): the round totem 1 was placed in, the
    round it was searched in (0: not yet)."""

    placed: int = 0
    searched: int = 0


# Fields only other scenarios than Castaways fill: left out of the saved JSON while empty, so a
# Castaways game saves (and replays) byte for byte as before the scenarios came.
SCENARIO_FIELDS = ("totems", "jenny", "marks", "dealt", "temple")


class RobinsonState(GameState):
    game: Literal["robinson"] = "robinson"
    options: RobinsonOptions = Field(default_factory=RobinsonOptions)
    chars: dict[str, Char]
    seat_char: dict[str, str]  # seat -> character
    dog: bool = False  # R14, R15
    fp: int = 0  # index into seats of the First Player (R12)
    round: int = 1
    phase: Phase = "event"
    result: Optional[Literal["won", "lost"]] = None
    end_reason: str = ""
    end_cause: str = ""  # "<character>:<cause>" of the death that ended the game (tallies.CAUSES)
    # tracks (R4, R77)
    morale: int = 0
    weapon: int = 0
    roof: int = 0
    palisade: int = 0
    shelter: bool = False  # a built Shelter (the camp token flipped, R57)
    # resources (R26, R45)
    avail: dict[str, int] = Field(default_factory=no_res)
    future: dict[str, int] = Field(default_factory=no_res)
    tokens: list[str] = Field(default_factory=list)  # discovery tokens in Available
    future_tokens: list[str] = Field(default_factory=list)
    # island (R7, R62)
    island: dict[int, Spot]
    camp: int
    island_stack: list[int]
    disc_stack: list[str]
    unexplored_terrain: dict[str, str] = Field(default_factory=dict)  # terrain -> event card (E33)
    # decks (R5, R6, R10)
    event_deck: list[str]
    threat: list[Optional[str]] = Field(default_factory=no_threat)  # [left, right]
    beast_deck: list[str]
    hunt_deck: list[str] = Field(default_factory=list)
    inv_board: list[str]
    inv_deck: list[str]
    inv_discard: list[str] = Field(default_factory=list)
    built: list[str] = Field(default_factory=list)  # invention items, in build order
    future_built: list[str] = Field(default_factory=list)  # built this Action phase (R46)
    items: dict[str, int] = Field(default_factory=dict)  # starting item -> uses left (R8)
    unused_items: list[str] = Field(default_factory=list)
    # board tokens (R88, R89)
    action_tokens: dict[str, list[str]] = Field(default_factory=dict)  # action -> ["ADV", "RR", ...]
    weather_tokens: list[str] = Field(default_factory=list)
    # this round (R29, E16)
    prod_mods: list[str] = Field(default_factory=list)
    limits: dict[str, list[str]] = Field(default_factory=dict)  # character -> restriction codes (E16)
    flags: list[str] = Field(default_factory=list)  # round effects: camp_blocked, items_off (R91)
    extra_meal: int = 0
    mem: dict[str, list[str]] = Field(default_factory=dict)  # card -> what it affected ("it", §3.9)
    bonus: dict[str, int] = Field(default_factory=dict)  # item -> track levels it actually added (R59)
    placed: dict[str, str] = Field(default_factory=dict)  # item -> "space:token" it placed (R59)
    set_aside: Optional[str] = None  # Dangerous Night's beast (R94)
    # scenario (S3)
    pile: list[int] = Field(default_factory=lambda: [0, 0, 0, 0, 0])
    # adventure and mystery decks (R6, R43, R90-R93); index 0 is the top card
    adv_decks: dict[str, list[str]] = Field(default_factory=dict)
    adv_discard: dict[str, list[str]] = Field(default_factory=dict)
    mystery_deck: list[str] = Field(default_factory=list)
    mystery_discard: list[str] = Field(default_factory=list)
    holders: dict[str, str] = Field(default_factory=dict)  # card sent to the event deck -> its drawer (R90)
    delayed: list[str] = Field(default_factory=list)  # "character|code" applied next round start (R94)
    pending: Optional[dict[str, str]] = None  # the prompt waiting for its owner seat (R97, E31)
    cont: list[ContFrame] = Field(default_factory=list)  # work left after the pending prompt (cont.py, frames.py)
    ctx: dict[str, str] = Field(default_factory=dict)  # the action's tile and source (E32)
    # planning and resolution (R30-R39)
    plan: list[Stack] = Field(default_factory=list)
    confirmed: list[str] = Field(default_factory=list)
    edits: dict[str, int] = Field(default_factory=dict)
    queue: list[Stack] = Field(default_factory=list)  # stacks still to resolve, in R39 order
    actor: Optional[str] = None  # the character resolving now (R80)
    done: list[str] = Field(default_factory=list)  # targets of the stacks resolved this round (R35)
    gathered: dict[str, int] = Field(default_factory=dict)  # per round: "space.source" -> 1 (R35)
    # other scenarios (robinson-scenarios.md): SCENARIO_FIELDS
    totems: dict[int, int] = Field(default_factory=dict)  # space -> its totem's number (K0.6)
    jenny: Optional[Jenny] = None  # K3 only
    marks: dict[int, list[str]] = Field(default_factory=dict)  # space -> counted marks (M3, marks.py)
    dealt: list[str] = Field(default_factory=list)  # K6.1, K6.3: the inventions dealt at set-up, the goal's
    temple: Optional[Temple] = None  # K2 only: totem 1's temple and its search (K2.6)

    @model_serializer(mode="wrap")
    def _saved(self, handler: SerializerFunctionWrapHandler) -> Any:
        out = handler(self)
        if isinstance(out, dict):
            for name in SCENARIO_FIELDS:
                if not out.get(name, True):
                    del out[name]
        return out

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        """A game stored by an older engine loads in today's form (legacy.py)."""
        if isinstance(data, dict) and isinstance(data.get("pending"), dict) and data["pending"].get("kind") == "event":
            data = upgrade(data)
        if isinstance(data, dict) and any(isinstance(st, dict) and "tok" not in st
                                          for k in ("plan", "queue") for st in data.get(k) or []):
            data = carriers(data)
        return data


# The parts of the view (view.build_view), each a plain dict as the renderer reads it; a key not
# declared here is refused when the view is built.
@with_config(ConfigDict(extra="forbid"))
class SpaceView(TypedDict):
    """An explored island space; a face-down tile shows none of its contents."""
    tile: Optional[int]
    face_up: bool
    terrain: Optional[str]
    sources: list[str]
    exhausted: list[str]
    tokens: list[str]
    shelter: bool
    totem: bool
    beast: bool


@with_config(ConfigDict(extra="forbid"))
class InventionView(TypedDict):
    name: str
    kind: str
    built: bool
    goal: bool  # K6.1: one of Family Robinson's dealt inventions
    future: bool
    ready: bool


@with_config(ConfigDict(extra="forbid"))
class CharacterView(TypedDict):
    """A character; the Dog has its name only."""
    name: str
    seat: NotRequired[Optional[str]]
    wounds: NotRequired[int]
    life: NotRequired[int]
    arrows: NotRequired[list[int]]
    det: NotRequired[int]
    dead: NotRequired[bool]
    out: NotRequired[bool]
    special: NotRequired[list[str]]
    limits: NotRequired[list[str]]
    supply: NotRequired[dict[str, int]]
    kept: NotRequired[list[str]]
    treasures: NotRequired[dict[str, int]]


@with_config(ConfigDict(extra="forbid"))
class StackView(TypedDict):
    """A planned action; `waiting`: pawns it still needs before it can be carried out (R38)."""
    action: str
    target: str
    pawns: list[str]
    owners: list[str]
    auto: bool
    pay: dict[str, int]
    waiting: int


@with_config(ConfigDict(extra="forbid"))
class JennyView(TypedDict):
    """K3.4: her wounds, the wound that kills her, the round she was rescued in (0: not yet)."""
    wounds: int
    life: int
    rescued: int


class FamilyView(TypedDict):
    """K6.1, K6.4: the dealt inventions, how many are built, a shelter, the children's food tonight (none once
    the game is over: no Night is to come)."""
    dealt: list[str]
    built: int
    shelter: bool
    children: int
    children_from: int
    over: bool


# K2.1, K2.6: the temple's space (None until totem 1 is revealed), the first round it may be searched ("from"),
# the round it was searched in (0: not yet), the crosses standing, how many win, the spaces with fog
TempleView = TypedDict("TempleView", {"space": Optional[int], "from": int, "searched": int, "crosses": int,
                                      "to_win": int, "fog": int})


class CannibalView(TypedDict):
    """K5.1, K5.4-K5.6: the villages standing (spaces), how many burned, the City's space and round,
    whether it stands or burned, the burning's strength now."""
    villages: list[int]
    burned: int
    city_space: int
    city_round: int
    city_up: bool
    city_burned: bool
    strength: int


class RobinsonView(BaseModel):
    """What everyone sees (R98: all information is shared)."""

    game: Literal["robinson"] = "robinson"
    seats: list[str]
    to_act: list[str]
    round: int
    rounds: int
    phase: str
    first_player: str
    result: Optional[str]
    morale: int
    weapon: int
    roof: int
    palisade: int
    shelter: bool
    natural_shelter: bool
    avail: dict[str, int]
    future: dict[str, int]
    tokens: list[str]
    island: dict[int, SpaceView]
    camp: int
    island_left: int
    threat: list[Optional[str]]
    hunt_deck: int
    beast_deck: int
    event_deck: int
    inventions: list[InventionView]
    items: dict[str, int]
    action_tokens: dict[str, list[str]]
    weather_tokens: list[str]
    weather_dice: list[str]
    pile: list[int]
    pile_needs: list[int]
    scenario: str = "castaways"  # K0.1
    totems: dict[int, int] = Field(default_factory=dict)  # space -> number (K0.6)
    jenny: Optional[JennyView] = None  # K3.4
    marks: dict[int, list[str]] = Field(default_factory=dict)  # space -> counted marks (M3: wasteland, fog, crosses)
    family: Optional[FamilyView] = None  # K6.1, K6.4: the dealt inventions, how many built, the children's food
    temple: Optional[TempleView] = None  # K2: the temple's space and rounds (K2.6), crosses n of 5 (K2.1), fog count
    cannibal: Optional[CannibalView] = None  # K5: villages, burned, the City (K5.1, K5.4-K5.6)
    characters: list[CharacterView]
    plan: list[StackView]
    confirmed: list[str]

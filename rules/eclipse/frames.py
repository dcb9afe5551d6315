"""The frames of Eclipse's decision stack (rules/decisions.py): one class per kind of pending step.

Saved as the JSON objects the stack held when it was a list of dicts: the kind under "k", the
other keys as below, an optional key only once the frame holds it.  `STACK` is the stack's
discipline: the pending frame is the last.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional, TypedDict, Union

from pydantic import Field

from ..decisions import Frame, Stack, frame_union


class Species(Frame):
    """E13: the seats still to pick a species, the next first."""
    kind: Literal["species"] = Field(alias="k")
    q: list[str]


class Turn(Frame):
    """E26: the Action-phase turn of `state.turn`."""
    kind: Literal["turn"] = Field(alias="k")


class Action(Frame):
    """An action (E29-E41) or a Reaction (E28) of `seat` under way, `left` activations to go, and the
    working keys of its current activation: Influence's source (`src`), Build's paid item (`what`),
    Explore's position, drawn hexes and placed hex, Upgrade's part and returns, Move's ship; and the colony-ship
    options (`cols`) the seat was shown at its last decision of the action, so the end of the action asks
    about colony ships again only when one is new (E104)."""
    kind: Literal["research", "influence", "build", "explore", "upgrade", "move"] = Field(alias="k")
    seat: str
    left: int
    react: Optional[bool] = None
    src: Optional[str] = None
    what: Optional[str] = None
    pos: Optional[str] = None
    drawn: Optional[list[str]] = None
    placed: Optional[str] = None
    picking: Optional[bool] = None
    ret: Optional[list[list[Any]]] = None  # [ship, slot, part] returned this activation
    undone: Optional[bool] = None
    part: Optional[str] = None
    at: Optional[str] = None
    ship: Optional[str] = None
    steps: Optional[int] = None
    moved: Optional[int] = None
    start: Optional[str] = None
    cols: Optional[list[str]] = None


class After(Frame):
    """E37/E104: colony ships `seat` may still use before its turn ends."""
    kind: Literal["after"] = Field(alias="k")
    seat: str


class Disco(Frame):
    """E45: `seat` took the Discovery `tile` of `hex`: keep it face down or use it."""
    kind: Literal["disco"] = Field(alias="k")
    seat: str
    hex: str
    tile: str


class AncTech(Frame):
    """E91: the technology an Ancient Technology Discovery gives."""
    kind: Literal["anctech"] = Field(alias="k")
    seat: str


class AncPart(Frame):
    """E91: an ancient ship part placed at once, or kept."""
    kind: Literal["ancpart"] = Field(alias="k")
    seat: str
    part: str


class Artifact(Frame):
    """Artifact Key: `left` choices of 5 resources."""
    kind: Literal["artifact"] = Field(alias="k")
    seat: str
    left: int


class Cube(Frame):
    """E118: the population cubes `seat` puts back, a track each ("grey": either)."""
    kind: Literal["cube", "grave"] = Field(alias="k")
    seat: str
    kinds: list[str]


class ColHex(Frame):
    """E65/E116: colony ships onto the hex just taken."""
    kind: Literal["colhex"] = Field(alias="k")
    seat: str
    hex: str


class Control(Frame):
    """E65/E116: [seat, hex] pairs still to be asked whether to take control."""
    kind: Literal["control"] = Field(alias="k")
    todo: list[list[str]]


class Upkeep(Frame):
    """E68-E73: the seats still to pay upkeep and the step of the first."""
    kind: Literal["upkeep"] = Field(alias="k")
    q: list[str]
    step: str


class Proposal(Frame):
    """E111: `seat` answers `from_`'s diplomatic proposal."""
    kind: Literal["dipl"] = Field(alias="k")
    seat: str
    from_: str = Field(alias="from")


class Ambassador(Frame):
    """E111 step 3: `seat` gives an Ambassador to `to`, with a cube of a track it picks."""
    kind: Literal["ambc"] = Field(alias="k")
    seat: str
    to: str


class MakeRoom(Frame):
    """E47 RULING: `seat` returns a reputation tile to make room for an Ambassador."""
    kind: Literal["ambroom"] = Field(alias="k")
    seat: str


class Combat(Frame):
    """The Combat phase (E62): its `step`, and the last hex it reached (walking down from the top)."""
    kind: Literal["combat"] = Field(alias="k")
    step: str
    at: str


class Battle(TypedDict):
    """The battle under way in a Fight frame (battle/fight.py): the defender `d` and the attacker `a`, its
    `stage`, the firing `order` ([side, ship] by initiative, E52) and the activation `i` in it, the engagement
    `round`, each side's order of its equal-initiative types (`prefs`, E112), the retreats declared
    ("side:ship" -> hex, E58) and by whom (`decl`), whether this round's stalemate test ran (`checked`, E59)
    and its events (`log`, dumped messages)."""
    d: str
    a: str
    stage: Literal["tie", "volley", "round"]
    order: list[list[str]]
    i: int
    round: int
    prefs: dict[str, list[str]]
    ret: dict[str, str]
    decl: list[str]
    checked: bool
    log: list[dict[str, Any]]


class Fight(Frame):
    """The battles in `hex` (battle/fight.py): the pending question `ask` for `seat`, the sides that took
    part, who stayed and killed (reputation), the battle under way `b`, dice to assign and who fired."""
    kind: Literal["fight"] = Field(alias="k")
    hex: str
    seat: Optional[str] = None
    ask: Optional[str] = None
    parts: list[str] = Field(default_factory=list)
    stay: dict[str, bool] = Field(default_factory=dict)
    kills: dict[str, int] = Field(default_factory=dict)
    if TYPE_CHECKING:  # its keys, for a type checker; pydantic keeps the saved dict as it is
        b: Optional[Battle] = None
    else:
        b: Optional[dict[str, Any]] = None
    dice: list[list[int]] = Field(default_factory=list)
    fire: Optional[list[str]] = None
    entry: Optional[list[str]] = None  # the sides in order of entry, at the first battle (E61)

    @property
    def battle(self) -> Battle:
        """`b`, read where a battle is under way."""
        b = self.b
        if b is None:
            raise ValueError(f"no battle under way in {self.hex}")
        return b

    @property
    def firing(self) -> list[str]:
        """`fire` (the side and ship type whose dice are given out), read while dice wait."""
        fire = self.fire
        if fire is None:
            raise ValueError(f"nobody is firing in {self.hex}")
        return fire


class Reputation(Frame):
    """E61: [seat, draws due] in order of entry; `seat` holds the tiles `drawn`."""
    kind: Literal["rep"] = Field(alias="k")
    q: list[list[Any]]
    seat: Optional[str]
    drawn: list[int]


class PopulationAttack(Frame):
    """E62 step 2: `seat` attacks the population of `hex` with `left` damage (None: not rolled yet);
    the cube kinds destroyed go to the owner's graveyard choice."""
    kind: Literal["popatk"] = Field(alias="k")
    hex: str
    seat: str
    left: Optional[int]
    grave: list[str]


FRAMES: tuple[type[Frame], ...] = (Species, Turn, Action, After, Disco, AncTech, AncPart, Artifact, Cube, ColHex,
                                   Control, Upkeep, Proposal, Ambassador, MakeRoom, Combat, Fight, Reputation,
                                   PopulationAttack)
if TYPE_CHECKING:  # what a type checker sees; pydantic validates by kind through frame_union
    EclipseFrame = Union[Species, Turn, Action, After, Disco, AncTech, AncPart, Artifact, Cube, ColHex, Control, Upkeep,
                         Proposal, Ambassador, MakeRoom, Combat, Fight, Reputation, PopulationAttack]
else:
    EclipseFrame = frame_union(*FRAMES)
STACK: Stack[EclipseFrame] = Stack()
CombatFrame = Union[Combat, Fight, Reputation, PopulationAttack, Cube]  # the Combat phase's frames (battle/phase.py)
DiplomacyFrame = Union[Proposal, Ambassador, MakeRoom]  # the diplomacy frames (diplomacy.py)

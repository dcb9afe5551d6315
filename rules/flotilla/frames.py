"""The frames of Flotilla's decision chain (rules/decisions.py): one class per shape of step.

Saved as the JSON arrays `[kind, *fields]` the chain held when its frames were lists; immutable
values (`replace` makes a changed copy).  `CHAIN` resolves front first: the pending frame is the
first.  A card's, a ring space's, a survivor space's or an artifact's D11 term becomes a frame
through `of_term`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional, Union

from pydantic import TypeAdapter

from ..decisions import ArrayFrame, Stack, frame_union


class Step(ArrayFrame):
    """A step without arguments: the market adjustment (F34), the end of the card (F14.3), the
    research's wilds and payment (F52, F53), choosing a site (F31), turning Skyside (F19), setting a
    die (F51), scoring a Build (F41.4)."""
    kind: Literal["adjust", "end", "research_pay", "research_wilds", "site", "turn", "set_die", "score_build"]


class Count(ArrayFrame):
    """`n` times the same gain or decision (one barrel, one step, one Influence point...); `b` the D11
    term's second number, kept as the term had it."""
    kind: Literal["coin", "vp", "survivor", "rally", "nudge", "remove_depletion", "res", "trans", "build", "tox",
                  "load", "deplete", "sail", "keep", "dial", "wild", "sonar", "income", "tile", "infl"]
    n: int
    b: Optional[int] = None


class Draw(ArrayFrame):
    """F38/F39, F41: draw `n` tiles, then place (Sinkside) or keep (Skyside) up to `then` of them."""
    kind: Literal["draw_place", "draw_keep"]
    n: int
    then: int


class Return(ArrayFrame):
    """F39: the drawn tiles not placed or kept go back to the bag (only `tile`, when given)."""
    kind: Literal["return"]
    tile: Optional[str] = None


class Guild(ArrayFrame):
    """F28: a seal on, or a recruit from, `guild`'s banner (None: a survivor space's, no guild)."""
    kind: Literal["seal", "recruit"]
    guild: Optional[str]

    @property
    def banner(self) -> str:
        """`guild`, read where the seal or recruit is a guild's."""
        if self.guild is None:
            raise ValueError(f"{self.kind} without a guild")
        return self.guild


class Letters(ArrayFrame):
    """One decision per guild letter still in `letters` (an Influence point each, F26; a bounty each, F55)."""
    kind: Literal["infl_each", "bounty"]
    letters: str


class SetFace(ArrayFrame):
    """F51: the face the research die `die` is set to."""
    kind: Literal["set_face"]
    die: int


class Dive(ArrayFrame):
    """F44-F46: a dive of `n` card dice, `abyss` extra Abyss dice, ignoring `ignore` toxicity (and,
    `dive_depth`, the choice of each card die's depth)."""
    kind: Literal["dive", "dive_depth"]
    n: int
    abyss: int
    ignore: int


class DiveRoll(ArrayFrame):
    """F45: the dice rolled, a depth letter each."""
    kind: Literal["dive_roll"]
    depths: str
    ignore: int


class Research(ArrayFrame):
    """F50-F51: a research of `n` dice with `reroll` rerolls (99: any) and `sets` dice to set."""
    kind: Literal["research"]
    n: int
    reroll: int
    sets: int


class Reroll(ArrayFrame):
    """F51: `n` rerolls; the dice `chosen` so far, a digit each."""
    kind: Literal["reroll"]
    n: int
    chosen: str


class Place(ArrayFrame):
    """F39: `left` drawn tiles still to place; `only` the one tile a ring bonus drew, or ""."""
    kind: Literal["place"]
    left: int
    only: str


class Cell(ArrayFrame):
    """F40: the cell for `tile` (then `left`, `only` as Place)."""
    kind: Literal["cell"]
    tile: str
    left: int
    only: str


class Rot(ArrayFrame):
    """F40: the rotation of `tile` on `cell` (then `left`, `only` as Place)."""
    kind: Literal["rot"]
    tile: str
    cell: str
    left: int
    only: str


class BuildCell(ArrayFrame):
    """F41: the cell for the reserve `tile` being built, `n` builds left."""
    kind: Literal["bcell"]
    tile: str
    n: int


class BuildRot(ArrayFrame):
    """F41: the rotation of `tile` built on `cell`, `n` builds left."""
    kind: Literal["brot"]
    tile: str
    cell: str
    n: int


FRAMES: tuple[type[ArrayFrame], ...] = (Step, Count, Draw, Return, Guild, Letters, SetFace, Dive, DiveRoll, Research,
                                        Reroll, Place, Cell, Rot, BuildCell, BuildRot)
if TYPE_CHECKING:  # what a type checker sees; pydantic validates by kind through frame_union
    FlotillaFrame = Union[Step, Count, Draw, Return, Guild, Letters, SetFace, Dive, DiveRoll, Research, Reroll, Place,
                          Cell, Rot, BuildCell, BuildRot]
else:
    FlotillaFrame = frame_union(*FRAMES)
CHAIN: Stack[FlotillaFrame] = Stack(top_first=True)


def of_term(name: str, a: int, b: int, guild: Optional[str] = None) -> FlotillaFrame:
    """The frame of a D11 term (effects.frames_of): `[name, a, b]`, a guild's `[name, guild]`."""
    if name in ("seal", "recruit"):
        return Guild.make(name, guild)
    if name == "infl_each":
        return Letters.make(name, "stfd")
    if name in ("draw_place", "draw_keep"):
        return Draw.make(name, a, b)
    if name == "resource":  # F28/D11 `Resource n`: the "res" decision, one colour per barrel
        return Count.make("res", a, b)
    return Count.make(name, a, b)


_CHAIN_ADAPTER: TypeAdapter[list[Any]] = TypeAdapter(list[FlotillaFrame])


def parse(data: list[Any]) -> list[ArrayFrame]:
    """Frames from their saved shape (`[["place", 1, ""], ["end"]]`), validated; an unknown kind or a
    wrong shape is refused (pydantic's ValidationError)."""
    return _CHAIN_ADAPTER.validate_python(data)

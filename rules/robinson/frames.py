"""The frames of Robinson's continuations (rules/decisions.py): the work a phase has left behind a
prompt, one class per shape of step (cont.py runs them).

Saved as the JSON arrays `[kind, *fields]` the continuations held when they were lists of strings,
so every field keeps the string it was saved as (a JSON text, "1" or ""); the properties read them
typed.  Immutable values.  `CONT` resolves front first: the step run next is the first.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Literal, Union

from ..decisions import ArrayFrame, Stack, frame_union, kinds_of


class Step(ArrayFrame):
    """A phase's next step: the Dangerous Night fight (R94) and the event draw (R19) of the Event
    phase, the Morale phase (R22), eating outside the camp after the extra meals (R74), the end of the
    Action phase after rescued Jenny's Rest was asked (K3.12)."""
    kind: Literal["dn", "evdraw", "morale", "night_outside", "jenny_rested"]


class CardStep(ArrayFrame):
    """What is left of a card once its effects are done: its slide-off (R20c) or placing on the
    threat track (R20c), its event half put away (R19, R90), a threat action's card put away (R47)."""
    kind: Literal["slid", "place", "half_done", "threat_done"]
    card: str


class Codes(ArrayFrame):
    """R91: the codes of `card`'s half still to run (a JSON array), `r` the resolver or ""."""
    kind: Literal["codes"]
    card: str
    r: str
    codes: str

    @property
    def left(self) -> list[Any]:
        return list(json.loads(self.codes))


class AdventureDone(ArrayFrame):
    """R43, R90: an adventure card put away after its choice: into the event deck (`to_event` "1",
    held by `actor`) or its discard pile ("")."""
    kind: Literal["adv_done"]
    card: str
    actor: str
    to_event: str


class Mystery(ArrayFrame):
    """R92, R93: a Mystery draw going on after `card`: the draw's working record `draw` (a JSON
    object), the treasures found so far and whether the drawer stopped ("" or the reason)."""
    kind: Literal["mystery"]
    card: str
    draw: str
    treasures: str
    stop: str


class Items(ArrayFrame):
    """R46: the new items whose effects are still to take, in build order (a JSON array)."""
    kind: Literal["items"]
    items: str

    @property
    def left(self) -> list[str]:
        return list(json.loads(self.items))


class Stroke(ArrayFrame):
    """Stroke of Fate: the threat spaces from `first` ("1": the right one) still to discard."""
    kind: Literal["stroke"]
    first: str


class Prompt(ArrayFrame):
    """A prompt that waits again once the one an item opened is answered (R8, R87): the prompt as
    a JSON object."""
    kind: Literal["prompt"]
    held: str


FRAMES: tuple[type[ArrayFrame], ...] = (Step, CardStep, Codes, AdventureDone, Mystery, Items, Stroke, Prompt)
BY_KIND: dict[str, type[ArrayFrame]] = {k: cls for cls in FRAMES for k in kinds_of(cls)}

if TYPE_CHECKING:  # what a checker reads; the discriminated union below is what pydantic validates
    ContFrame = Union[Step, CardStep, Codes, AdventureDone, Mystery, Items, Stroke, Prompt]
else:
    ContFrame = frame_union(*FRAMES)

CONT: Stack[ContFrame] = Stack(top_first=True)

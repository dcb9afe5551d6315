"""Effect codes of the scenarios other than Castaways (robinson-scenarios.md), registered in effects.OPS:
their Book effects (K0.5) and numbered totems (K0.6) are written in these codes in data/scenarios.json."""
from __future__ import annotations

from ..scenarios import family, jenny
from ..state import RobinsonState
from ..texts import card as card_msg, char, m
from .changes import TRACKS
from .interpreter import OPS


def _free_build(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K3.9 totem 3: the item goes to Future as built, without cost or terrain; nothing if built."""
    if arg in s.built or arg in s.future_built:
        return
    s.future_built.append(arg)
    s.events.append(m("ev.invented", who=char(r) if r else m("totem"), item=card_msg("invention:" + arg)))


def _jenny_demand(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K3.8: a drop of a track already at 0 is unfulfilled demand for Jenny too, once rescued (K3.7);
    written before the drop it describes."""
    if jenny.rescued(s) and getattr(s, TRACKS[arg]) == 0:
        jenny.hurt(s, 1, "demand")


def _wasteland(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K6.8: the totem just revealed (the Explore's tile) may turn its tile into wasteland."""
    if "space" in s.ctx:
        family.wasteland(s, int(s.ctx["space"]))


OPS.update({"free_build": _free_build, "jenny_demand": _jenny_demand, "wasteland": _wasteland})

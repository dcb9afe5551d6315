"""Effect codes of the scenarios other than Castaways (robinson-scenarios.md), registered in effects.OPS:
their Book effects (K0.5) and numbered totems (K0.6) are written in these codes in data/scenarios.json."""
from __future__ import annotations

from .. import adventures
from ..asks.core import ask_choice
from ..scenarios import cannibal, cursed, family, jenny
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


def _fog(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K2.4: the Book puts fog on `arg` spaces without fog."""
    cursed.book(s, int(arg), card)


def _fog_here(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K2.5 totems 3-6: fog on the tile the totem was just revealed on (the action's tile, s.ctx)."""
    if "space" in s.ctx:
        cursed.put_fog(s, int(s.ctx["space"]))


def _temple(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K2.5 totem 1: the temple, to be searched in a later round (K2.6)."""
    cursed.place_temple(s)


def _adv_after(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """R43 after a prompt inside a special action (K2.6's Mystery draw): its adventure face or token,
    `<action>.<face 0|1>.<seat>`."""
    action, face, seat = arg.split(".", 2)
    if r is not None:
        adventures.adventure(s, action, r, seat, face == "1")


def _village(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K5.4: the totem just revealed is a village (one more pawn for actions there)."""
    cannibal.village_here(s)


def _village_loot(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K5.4 totems 2-4: 1 wood or 1 food discarded if possible."""
    cannibal.village_loot(s, r)


def _cannibal_book(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """K5.7: the Book's wounds, then the forced camp move (the FP's seat choosing where, the default
    first; camp→adj's prompt) or its fallbacks.  Lookout (K5.8) keeps Roof and Palisade on the move."""
    where = cannibal.book(s, card)
    if where and not s.result:
        if cannibal.lookout_keeps(s):
            s.flags.append("lookout_move")
        ask_choice(s, "camp", where, card, None)


OPS.update({"free_build": _free_build, "jenny_demand": _jenny_demand, "wasteland": _wasteland, "fog": _fog,
            "fog_here": _fog_here, "temple": _temple, "adv_after": _adv_after,
            "village": _village, "village_loot": _village_loot, "cannibal_book": _cannibal_book})

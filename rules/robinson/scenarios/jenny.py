"""Scenario 3, Jenny needs help! (robinson-scenarios.md K3): Jenny's track (K3.4, K3.5, K3.7), her
rescue (K3.6) and the Lifeboat (K3.1, K3.10).  The data block is data/scenarios.json `jenny`."""
from __future__ import annotations

from dataclasses import replace

from ..data import CHARACTERS, INVENTIONS, SCENARIO_INVENTIONS_OF
from ..state import Jenny, RobinsonState
from ..tallies import end
from ..texts import m, sub
from .base import Goal, from_data

RAFT = "JennyRaft"  # K3.10: the pool has a Raft of its own
LIFEBOAT = "Lifeboat"
WHO = "Jenny"  # K3.12: her name among those who may go hungry (`hg:Jenny`)
RESCUE = "x.raft"  # K3.6: the special Explore "on the Raft" (a target of its own, planned as an Explore)
_BLOCK = from_data("jenny", SCENARIO_INVENTIONS_OF["jenny"])
DEATH = int(_BLOCK.extra["jenny_death"])  # K3.4: she dies at her 11th wound
NIGHT_WOUNDS = int(_BLOCK.extra["night_wounds"])  # K3.5


def track(s: RobinsonState) -> Jenny:
    if s.jenny is None:
        s.jenny = Jenny()
    return s.jenny


def rescued(s: RobinsonState) -> bool:
    return s.jenny is not None and s.jenny.rescued > 0


def hurt(s: RobinsonState, n: int, why: str) -> None:
    """K3.4: wounds on Jenny's track; the 11th kills her and ends the game at once (K3.1, K0.10)."""
    if n <= 0 or s.result is not None:
        return
    j = track(s)
    j.wounds = min(DEATH, j.wounds + n)
    s.events.append(m("ev.jenny_wound", n=n, why=sub("jenny.why", why), left=DEATH - j.wounds))
    if j.wounds >= DEATH:
        end(s, "lost", "jenny_dead")


def heal(s: RobinsonState, n: int = 1) -> None:
    j = track(s)
    if j.wounds and rescued(s):
        j.wounds = max(0, j.wounds - n)
        s.events.append(m("ev.jenny_heal", left=DEATH - j.wounds))


def may_rest(s: RobinsonState) -> bool:
    """K3.7, K3.12: rescued in an earlier round, Jenny's pawn may Rest (alone, her only action); the
    FP's seat is asked only while she is wounded (a Rest that heals nothing changes nothing)."""
    return rescued(s) and track(s).rescued < s.round and track(s).wounds > 0


def rest(s: RobinsonState) -> None:
    """K3.7: Jenny's Rest heals her 1 (never Bed or Hammock)."""
    if may_rest(s):
        heal(s, 1)


def life_left(s: RobinsonState) -> int:
    """K3.4: the wounds Jenny may still take before the one that kills her."""
    return DEATH - track(s).wounds


def at_table(s: RobinsonState) -> list[str]:
    """K3.7, K3.12: rescued Jenny eats at Night, so she is one of those who may go hungry."""
    return [WHO] if eats(s) else []


def hungry_default(s: RobinsonState, names: list[str]) -> str:
    """K3.12 and R72's E31 default, one pick at a time: the one with the most life left goes hungry
    first (ties: the first named, seat order from the FP); Jenny goes last unless she has strictly
    more life left than every character still to pick [PROPOSED]."""
    chars = [n for n in names if n != WHO]
    best = max(chars, key=lambda c: CHARACTERS[c].life - s.chars[c].wounds) if chars else None
    if WHO in names and (best is None or life_left(s) > CHARACTERS[best].life - s.chars[best].wounds):
        return WHO
    assert best is not None
    return best


def night(s: RobinsonState) -> None:
    """K3.5: before her rescue, 2 wounds at the start of every Night phase."""
    if not rescued(s):
        hurt(s, NIGHT_WOUNDS, "raft")


def rescue(s: RobinsonState, who_msg: object) -> None:
    """K3.6: a successful rescue brings Jenny into the camp at once."""
    track(s).rescued = s.round
    s.events.append(m("ev.jenny_rescued", who=who_msg))


def can_rescue(s: RobinsonState) -> bool:
    """K3.6: the Raft built in an earlier round (this round's builds are still in Future), Jenny still
    waiting."""
    return s.options.scenario == "jenny" and RAFT in s.built and not rescued(s)


def gate_open(s: RobinsonState, gate: str) -> bool:
    """K3.10 (M7): the Lifeboat may be planned only in a round after the rescue."""
    if gate == "rescued_before":
        return rescued(s) and track(s).rescued < s.round
    return True


def eats(s: RobinsonState) -> int:
    """K3.7: once rescued Jenny eats 1 food at Night."""
    return int(rescued(s))


def last_rescue_round(s: RobinsonState) -> int:
    """K3.4, K3.5: the last round whose Action phase still finds Jenny alive (2 wounds each Night
    from her current count: with none yet, round 6 — she dies in its Night at her 11th wound)."""
    wounds = track(s).wounds
    nights = -(-(DEATH - wounds) // NIGHT_WOUNDS)  # Nights she still lives through, this one included
    return s.round + nights - 1


def _done(s: RobinsonState, name: str) -> bool:
    return name in s.built or name in s.future_built


def goal_steps(s: RobinsonState) -> dict[str, float]:
    """K3.1, K3.6, K3.10, for the bot: the Rope (the Raft and the Lifeboat need it) and the Knife (the
    Lifeboat), the Raft while a later round can still rescue her, the rescue, then the Lifeboat; each
    Night before the rescue costs her 2 of the wounds she may take once in the camp (K3.5, K3.7), so
    the steps are worth their share from the first round on."""
    if rescued(s):
        left = {LIFEBOAT: 1.0, "Rope": 0.8, "Knife": 0.8}
        return {f"b.inv.{n}": v for n, v in left.items() if not _done(s, n)}
    last = last_rescue_round(s)
    out: dict[str, float] = {}
    if can_rescue(s):
        out[RESCUE] = 0.95
    elif not _done(s, RAFT) and last > s.round:  # K3.6: built now, she is rescued in a later round
        out[f"b.inv.{RAFT}"] = 0.75
    if not _done(s, "Rope"):
        out["b.inv.Rope"] = 0.6
    if not _done(s, "Knife"):
        out["b.inv.Knife"] = 0.45
    return out


def goal_stock(s: RobinsonState) -> dict[str, int]:
    """K3.10: the wood and fur the Raft and the Lifeboat not built yet will cost."""
    out = {"W": 0, "Fur": 0}
    for name in (RAFT, LIFEBOAT):
        if not _done(s, name):
            for k, v in INVENTIONS[name].cost.items():
                out[k] = out.get(k, 0) + v
    return out


def ward(s: RobinsonState) -> int | None:
    """K3.7: rescued, Jenny shares the camp's wounds; her death loses the game (K3.1)."""
    return DEATH - track(s).wounds if rescued(s) else None


def mouths(s: RobinsonState) -> int:
    """K3.7: rescued Jenny eats at Night, from the round her rescue is planned (it may succeed)."""
    return int(rescued(s) or any(st.target == RESCUE for st in s.plan))


JENNY = replace(_BLOCK, goal=Goal(steps=goal_steps, stock=goal_stock, ward=ward, mouths=mouths))

"""The tallies every rule moves (sheet order of implementation, step 2):
wounds with morale arrows and death (R75-R78, E8, E9), healing, Morale (R77),
D with the R24 shortfall, resources with unfulfilled demand (R79-R81), gains
to Future or Available (R26, R45), lose half (E5), end of game (R96)."""
from __future__ import annotations

from typing import Literal

from ..text import Msg
from .data import CHARACTERS, end_keys
from .state import Char, RobinsonState
from .texts import char, m, res, sub


def living(s: RobinsonState, friday: bool = False) -> list[str]:
    """Player characters in seat order (FP first), Friday last when asked for."""
    n = len(s.seats)
    out = [s.seat_char[s.seats[(s.fp + i) % n]] for i in range(n)]
    if friday and "Friday" in s.chars and not s.chars["Friday"].dead:
        out.append("Friday")
    return out


def fp_char(s: RobinsonState) -> str:
    return s.seat_char[s.seats[s.fp]]


def in_camp(s: RobinsonState) -> list[str]:
    return [c for c in living(s) if not s.chars[c].out]


def over(s: RobinsonState) -> bool:
    return s.result is not None


# What killed a character (the final post names it): a wound's cause when its caller
# does not name one, by the phase it happens in; otherwise wounds (events, adventures, dangers).
PHASE_CAUSE = {"weather": "weather", "night": "cold", "morale": "despair"}
CAUSES = ("hunger", "beast", "weather", "cold", "despair", "wounds")


def end(s: RobinsonState, result: Literal["won", "lost"], reason: str) -> None:
    """R96: the game ends at once; nothing after this moment is resolved."""
    if s.result is None:
        s.result = result
        s.end_reason = reason
        s.phase = "over"
        s.queue = []
        s.events.append(end_account(s))  # the same words as the outcome's summary: a post shows them once


def end_account(s: RobinsonState) -> Msg:
    """R96: how the game ended, in one line: who is rescued or loses, in which round, and why, in the
    scenario's own words (its `ends`: the family settles, the curse is lifted)."""
    ends = end_keys(s.options.scenario)
    return m(ends["won"] if s.result == "won" else ends["lost"], round=s.round, why=end_why(s))


def end_why(s: RobinsonState) -> Msg:
    """Why the game ended, in words (R76, R96, S5): who died and of what, the rounds run out, or the goal."""
    if s.end_reason == "death" and s.end_cause:
        who, _, cause = s.end_cause.partition(":")
        return sub("death", cause, who=char(who))
    return sub("why", s.end_reason)


def set_morale(s: RobinsonState, delta: int) -> None:
    """R77: Morale runs -3..+3; moves past either end are ignored."""
    new = max(-3, min(3, s.morale + delta))
    if new != s.morale:
        s.events.append(m("ev.morale", n=new))
    s.morale = new


def wound(s: RobinsonState, who: str, n: int = 1, cause: str | None = None) -> None:
    """R75/E9: wounds one at a time, each arrow lowers Morale; R76/E8 death ends the game.
    `cause` (one of CAUSES; default: by the phase, PHASE_CAUSE) is kept when the wound kills."""
    c = s.chars[who]
    if n <= 0 or c.dead or over(s):
        return
    life = CHARACTERS[who].life
    for _ in range(n):
        c.wounds += 1
        left = life - c.wounds
        if left in CHARACTERS[who].arrows:
            set_morale(s, -1)
        if left <= 0:
            c.dead = True
            s.events.append(m("ev.dies", who=char(who)))
            if who != "Friday":  # R85: Friday's death only removes him
                s.end_cause = f"{who}:{cause or PHASE_CAUSE.get(s.phase, 'wounds')}"
                end(s, "lost", "death")
            return
    s.events.append(m("ev.wound", who=char(who), n=n, left=life - c.wounds))


def wound_all(s: RobinsonState, whom: list[str], n: int = 1, cause: str | None = None) -> None:
    for who in whom:
        wound(s, who, n, cause)
        if over(s):
            return


def heal(s: RobinsonState, who: str, n: int = 1) -> None:
    """R75: healing never exceeds full life and never raises Morale."""
    c = s.chars[who]
    k = min(n, c.wounds)
    if k > 0 and not c.dead:
        c.wounds -= k
        s.events.append(m("ev.heal", who=char(who), n=k))


def gain_det(s: RobinsonState, who: str, n: int, why: Msg | None = None, said: bool = True) -> None:
    """`why`: what gives it, told with it (a line of its own, never the same as another gain's);
    `said=False`: the caller's own line tells it."""
    if n > 0 and not s.chars[who].dead:
        s.chars[who].det += n
        if said:
            s.events.append(m("ev.det_gain_why", why=why, who=char(who), n=n) if why is not None
                            else m("ev.det_gain", who=char(who), n=n))


def lose_det(s: RobinsonState, who: str, n: int) -> None:
    """R24/R79: discard what is held, 1 wound per missing token."""
    c = s.chars[who]
    paid = min(c.det, n)
    c.det -= paid
    if paid:
        s.events.append(m("ev.det_lose", who=char(who), n=paid))
    wound(s, who, n - paid, "despair")


def demand_targets(s: RobinsonState) -> list[str]:
    """R80: who takes unfulfilled demand now."""
    if s.phase == "resolve" and s.actor and s.actor in s.chars:
        return [s.actor]
    if s.phase in ("weather", "night"):
        return in_camp(s)
    return living(s)


def gain(s: RobinsonState, code: str, n: int, why: Msg | None = None) -> None:
    """R26/R45: Action-phase gains go to Future (a night-outside resolver keeps them, R74); `why`: what
    gives it when that is not the line before (Sack, Pit)."""
    if n <= 0:
        return
    if s.phase == "resolve":
        actor = s.chars.get(s.actor or "")
        if actor is not None and actor.out:
            actor.supply[code] += n
        else:
            s.future[code] += n
            if actor is not None:
                actor.gained[code] = actor.gained.get(code, 0) + n
    else:
        s.avail[code] += n
    s.events.append(m("ev.gain_why", why=why, n=n, res=res(code)) if why is not None
                    else m("ev.gain", n=n, res=res(code)))


def pay(s: RobinsonState, code: str, n: int, if_possible: bool = False, why: Msg | None = None,
        said: bool = True) -> int:
    """Lose n of a resource from Available (food: perishable first, E22); the
    shortfall is unfulfilled demand (R79) unless `if_possible`.  Returns the shortfall.
    `why`: the cause, told in both lines (two payments of one move never read the same);
    `said=False`: the caller's own line tells the loss."""
    if n <= 0:
        return 0
    kinds = ("F", "NF") if code == "F" else (code,)
    left = n
    for k in kinds:
        take = min(s.avail[k], left)
        s.avail[k] -= take
        left -= take
    if n - left and said:
        s.events.append(m("ev.lose_why", why=why, n=n - left, res=res(code)) if why is not None
                        else m("ev.lose", n=n - left, res=res(code)))
    if left and not if_possible:
        s.events.append(m("ev.demand_why", why=why, n=left, res=res(code)) if why is not None
                        else m("ev.demand", n=left, res=res(code)))
        cause = "hunger" if code == "F" and s.phase != "weather" else None  # food owed and not there
        for who in demand_targets(s):
            wound(s, who, left, cause)
            if over(s):
                break
    return left


def half_loss(value: int) -> int:
    """How much "lose half" takes: half rounded down (E5), so 1 loses 0, 3 loses 1, 4 loses 2."""
    return value // 2


def players(s: RobinsonState) -> int:
    return len(s.seats)


def found_token(s: RobinsonState, tok: str) -> None:
    """R45/R74: a discovery token found in the Action phase goes to Future, or to the personal supply
    of a resolver spending the night outside."""
    actor = s.chars.get(s.actor or "")
    if actor is not None and actor.out:
        actor.kept.append(tok)
        return
    s.future_tokens.append(tok)
    if actor is not None:
        actor.found.append(tok)


def outside_actor(s: RobinsonState) -> Char | None:
    """R74: the resolver of the action under way if it spends this night outside (what it gains
    waits in its personal supply), else None."""
    actor = s.chars.get(s.actor or "") if s.phase == "resolve" else None
    return actor if actor is not None and actor.out else None


def keep_outside(s: RobinsonState, who: str) -> None:
    """R74: a character sent outside keeps what it gained in its actions this round (resources,
    discovery tokens and kept treasures found earlier) in its personal supply until the next round
    starts (R94)."""
    c = s.chars[who]
    for name in c.found_items:
        if name in s.items:
            c.treasures[name] = s.items.pop(name)
    c.found_items = []
    for code, n in c.gained.items():
        take = min(n, s.future[code])
        s.future[code] -= take
        c.supply[code] += take
    for tok in c.found:
        if tok in s.future_tokens:
            s.future_tokens.remove(tok)
            c.kept.append(tok)
    c.gained, c.found = {}, []

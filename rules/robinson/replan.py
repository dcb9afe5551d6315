"""What a change to the plan does and says (R30): the change itself (plan.py, stacks.py) and one line
of narration.  Any change cancels the other seats' confirmations (`plan.changed`); the line then
names them and asks them to check the plan and confirm again; the host posts it with the board that
mentions them, since they decide again (cogs/board_posts.py), with a button that confirms the plan
as it stands in one click (`RobinsonEngine.shared_moves`)."""
from __future__ import annotations

from typing import Any

from ..text import Msg, join
from . import plan as P, stacks
from .moves import target_msg
from .state import RobinsonState
from .texts import char, m, seat as seat_msg


def plan_change(s: RobinsonState, seat: str, kind: str, arg: Any, label: Msg) -> None:
    """Play a `place`, `support`, `lead` or `unplace` option of `seat` (`label`: its words, read
    before the change) and narrate it."""
    if kind == "place":
        P.place(s, seat, *arg)
        what = m("ev.replan.place", what=label)
        hit = P.changed(s, seat)
    elif kind == "support":
        i, letter = arg
        target = target_msg(s, s.plan[i].target)
        what = m("ev.replan.support", pawn=char(P.letter_name(s, seat, letter)), target=target)
        hit = stacks.support(s, seat, i, letter)
    elif kind == "lead":
        i, who = arg
        target = target_msg(s, s.plan[i].target)
        what = m("ev.replan.lead", target=target, who=char(who))
        hit = stacks.lead(s, seat, i, who)
    else:
        st = s.plan[arg]
        mine = [p for p, o in zip(st.pawns, st.owners) if o == seat]
        what = m("ev.replan.unplace", pawns=join([char(p) for p in mine]), target=target_msg(s, st.target))
        hit = stacks.unplace(s, seat, arg)
    if hit:
        s.events.append(m("ev.replan.unconfirmed", who=seat_msg(seat), what=what,
                          whom=join([seat_msg(x) for x in hit]), n=len(hit)))
    else:
        s.events.append(m("ev.planned", who=seat_msg(seat), what=label))


def rest_change(s: RobinsonState, seat: str) -> None:
    """`ok:rest` (R30): the seat's unfinished stacks undone and its pawns to Rest; when that changed
    the plan, the seats whose confirmations it cancelled are told."""
    hit = stacks.rest_all(s, seat)
    if hit:
        s.events.append(m("ev.replan.unconfirmed", who=seat_msg(seat), what=m("ev.replan.rest"),
                          whom=join([seat_msg(x) for x in hit]), n=len(hit)))

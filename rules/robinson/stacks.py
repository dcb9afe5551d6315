"""Who is on a stack (R30, R31, R38, R50, R84): stacks open to every player, their sizes, the lead,
and R30's completion.

The rulebook: the pawns of an action "pueden provenir de más de un jugador, o pueden provenir de
peones adicionales", and the second pawn "puede ser el peón de un jugador o un peón adicional"
(R38, R50).  So any seat adds one of its own pawns to any stack (`s:<i>:<pawn>`: its character, and
for the FP's seat Friday, the Dog and the neutral pawns on the actions they may join, R32, R86) up
to the action's size; a stack that needs more than one pawn may be started by its resolver alone
(`p:<target>:c`) and stays *short* until enough pawns join.  The players name the resolver: the
pawn on top resolves, and the seat whose pawn is on top hands the lead to another character on the
stack (`t:<i>:<character>`) [PROPOSED: the top seat gives it, so nobody takes a lead unasked].
Friday resolves only alone or with neutral pawns: a character joining his stack goes on top (R84).
Neutral pawns never lead (R31).  A personal invention keeps its owner on top (R58).

A seat confirms once its own pawns are placed and no stack it is on is short (R30); `ok:rest`
(R30's completion, also the timeout default) puts its unplaced character pawns on Rest and undoes
the short stacks it is on (every pawn on them goes back to its seat), then confirms."""
from __future__ import annotations

from .data import CHARACTERS, EVENTS
from .extra_pawns import extras_of
from .plan import EDITS, NEUTRAL_ACTION, allowed, changed, free_pawns, letter_name
from .state import RobinsonState, Stack


def threat_pawns(s: RobinsonState, st: Stack) -> int:
    """The printed pawns of a threat card (R47), or the Wreckage choice fixed at planning (E21)."""
    parts = st.target.split(".")
    if len(parts) > 2 and parts[2].isdigit():
        return int(parts[2])
    card = s.threat[int(parts[1])] or ""
    return EVENTS[card[6:]].pawns if card.startswith("event:") else len(st.pawns)


def size_range(s: RobinsonState, st: Stack) -> tuple[int, int]:
    """Fewest and most pawns the stack takes (R33, R34): Build, Gather, Explore 1 (+extras) to roll or
    2 (+extras) for a sure success; Hunt exactly 2, Arrange camp 1, each +1 with the action's
    time-consuming token it carries (R88); a threat its printed number; Rest 1."""
    if st.action in ("build", "gather", "explore"):
        x = extras_of(s, st)
        return 1 + x, 2 + x
    if st.action in ("hunt", "camp"):
        n = (2 if st.action == "hunt" else 1) + int(f"{st.action}.TC" in st.tok)
        return n, n
    if st.action == "threat":
        n = threat_pawns(s, st)
        return n, n
    if st.action == "reclaim":  # K6.5: exactly 2
        return 2, 2
    return 1, 1


def short(s: RobinsonState, st: Stack) -> bool:
    return len(st.pawns) < size_range(s, st)[0]


def characters(s: RobinsonState) -> set[str]:
    return set(s.seat_char.values())


def support_options(s: RobinsonState, seat: str) -> list[tuple[str, int, str]]:
    """One more of the seat's pawns on any stack with room (R38, R50)."""
    free = free_pawns(s, seat)
    out = []
    for i, st in enumerate(s.plan):
        if len(st.pawns) >= size_range(s, st)[1]:
            continue
        for letter in ("c", "f", "d", "b", "e", "h"):
            if free.get(letter, 0) < 1:
                continue
            if letter == "h" and s.seat_char[seat] not in st.pawns:
                continue  # Handyman: the Carpenter takes part in that Build (§3.10)
            if letter in NEUTRAL_ACTION and st.action not in NEUTRAL_ACTION[letter]:
                continue  # R32, R86
            if letter == "c" and not allowed(s, s.seat_char[seat], st.action):
                continue  # E16
            out.append((f"s:{i}:{letter}", i, letter))
    return out


def lead_options(s: RobinsonState, seat: str) -> list[tuple[str, int, str]]:
    """R38: the seat on top of a stack may hand the lead to another character on it (not on a
    personal invention, R58); bounded by the seat's EDITS like take-backs (termination)."""
    if s.edits.get(seat, 0) >= EDITS:
        return []
    chars = characters(s)
    out = []
    for i, st in enumerate(s.plan):
        if st.owners[0] != seat:
            continue
        if st.action == "build" and st.target.startswith("b.inv.") and \
                CHARACTERS[st.pawns[0]].personal == st.target.split(".")[2]:
            continue
        for who in dict.fromkeys(st.pawns[1:]):
            if who in chars and who != st.pawns[0]:
                out.append((f"t:{i}:{who}", i, who))
    return out


def unplace_options(s: RobinsonState, seat: str) -> list[tuple[str, int]]:
    if s.edits.get(seat, 0) >= EDITS:
        return []
    out = []
    for i, st in enumerate(s.plan):
        if seat not in st.owners:
            continue
        if st.owners[0] == seat and any(o != seat for o in st.owners):
            continue  # supporters take theirs back first
        out.append((f"u:{i}", i))
    return out


def can_confirm(s: RobinsonState, seat: str) -> bool:
    """R30: the seat's character pawns are all placed and no stack it is on waits for pawns."""
    if free_pawns(s, seat).get("c", 0):
        return False
    return not any(seat in st.owners and short(s, st) for st in s.plan)


# ---------------------------------------------------------------- changes

def _rebase(s: RobinsonState, st: Stack) -> None:
    if st.action in ("build", "gather", "explore"):
        st.base = 2 if len(st.pawns) >= 2 + extras_of(s, st) else 1


def support(s: RobinsonState, seat: str, i: int, letter: str) -> list[str]:
    """One more pawn on stack i; returns the seats whose confirmation it cancelled (R30 ruling)."""
    st = s.plan[i]
    name = letter_name(s, seat, letter)
    if letter == "c" and st.pawns[0] == "Friday":  # R84: with a character, the character resolves
        st.pawns.insert(0, name)
        st.owners.insert(0, seat)
    else:
        st.pawns.append(name)
        st.owners.append(seat)
    _rebase(s, st)
    return changed(s, seat)


def lead(s: RobinsonState, seat: str, i: int, who: str) -> list[str]:
    st = s.plan[i]
    j = st.pawns.index(who)
    st.pawns.insert(0, st.pawns.pop(j))
    st.owners.insert(0, st.owners.pop(j))
    s.edits[seat] = s.edits.get(seat, 0) + 1
    return changed(s, seat)


def unplace(s: RobinsonState, seat: str, i: int) -> list[str]:
    st = s.plan[i]
    if st.owners[0] == seat:
        del s.plan[i]
    else:
        keep = [(p, o) for p, o in zip(st.pawns, st.owners) if o != seat]
        st.pawns = [p for p, _ in keep]
        st.owners = [o for _, o in keep]
        _rebase(s, st)
    s.edits[seat] = s.edits.get(seat, 0) + 1
    return changed(s, seat)


def rest_all(s: RobinsonState, seat: str) -> list[str]:
    """`ok:rest`: the short stacks the seat is on are undone (each pawn back to its seat), then the
    seat's unplaced character pawns go to Rest and it confirms (R30's completion, also offered to
    players).  Like any change to the plan, one that changes anything cancels the other seats'
    confirmations (R30); returns those seats."""
    before = len(s.plan)
    s.plan = [st for st in s.plan if not (seat in st.owners and short(s, st))]
    undone = len(s.plan) != before
    who = s.seat_char[seat]
    rest = free_pawns(s, seat).get("c", 0)
    for _ in range(rest):
        s.plan.append(Stack(action="rest", target="rest", pawns=[who], owners=[seat]))
    return changed(s, seat) if undone or rest else []


def drop_short(s: RobinsonState) -> None:
    """R30: when planning ends, a stack still short is removed and its character pawns rest."""
    for st in [st for st in s.plan if short(s, st)]:
        s.plan.remove(st)
        chars = characters(s)
        s.plan += [Stack(action="rest", target="rest", pawns=[p], owners=[o])
                   for p, o in zip(st.pawns, st.owners) if p in chars]

"""Why a move id is refused, in words a player understands (Engine.explain): the planning ids of
plan.py's grammar (`p:`, `s:`, `t:`, `u:`, `ok`, `ok:rest`) and the ids of other phases played at the
wrong time (`go`, `rr:`, `draw`, ...).  Called only for a seat that must decide now and an id that is
not one of its options; None leaves the host's generic refusal."""
from __future__ import annotations

from ..text import Msg, join
from . import plan as P, stacks
from .data import ADJ, CHARACTERS, EVENTS, INVENTIONS, TILES
from .island import distances, explored_terrains, has_shelter, sources
from .moves import cost_msg, target_msg
from .scenarios import cannibal, cursed, of as scenario_of
from .state import RobinsonState
from .texts import card as card_msg, char, m, sub
from .view import prompt

PLANNING = ("p", "s", "t", "u", "ok")
OTHER_PHASE = {"go": "resolve", "draw": "event", "m": "morale", "wood": "wood", "roll": "weather",
               "stay": "night", "camp": "night", "ch": "setup"}
LETTERS = "cfdbehk"


def why_illegal(s: RobinsonState, seat: str, move_id: str) -> Msg | None:
    head, _, rest = move_id.partition(":")
    now = prompt(s, seat)
    if head in PLANNING:
        if s.phase == "plan" and s.pending is not None:
            return m("why.answer_first", now=now)  # R97: the question asked in the planning window
        if s.phase != "plan":
            return m("why.not_planning", now=now)  # R30
        return _planning(s, seat, head, rest)
    if head == "rr":
        return m("why.no_reroll", now=now)  # R42
    if head in ("adv", "my", "ask", "pk", "hg", "nt", "wx") and s.pending is None:
        return m("why.no_question", now=now)  # R97
    if head in OTHER_PHASE and (s.phase != OTHER_PHASE[head] or s.pending is not None):
        return m("why.other_phase", phase=sub("why.phase", OTHER_PHASE[head]), now=now)
    return None


def _stack(s: RobinsonState, text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) < len(s.plan) else None


def _planning(s: RobinsonState, seat: str, head: str, rest: str) -> Msg | None:
    if head == "ok":
        return _confirm(s, seat, rest)
    if head == "p":
        key, _, pawns = rest.rpartition(":")
        return _place(s, seat, key, pawns)
    first, _, second = rest.partition(":")
    i = _stack(s, first)
    if i is None:
        return m("why.no_stack", n=len(s.plan))  # R30: the plan's actions are numbered from 1
    st = s.plan[i]
    target = target_msg(s, st.target)
    if head in ("t", "u") and s.edits.get(seat, 0) >= P.EDITS:
        return m("why.edits", n=P.EDITS)  # R30: bounded, so planning ends
    if head == "u":
        if seat not in st.owners:
            return m("why.not_on_stack", target=target)
        return m("why.supporters_first", target=target)  # R38: the top seat's pawns go last
    if head == "t":
        if st.owners[0] != seat:
            return m("why.not_on_top", target=target, who=char(st.pawns[0]))  # R38
        if st.target.startswith("b.inv.") and CHARACTERS[st.pawns[0]].personal == st.target.split(".")[2]:
            return m("why.personal_lead", target=target)  # R58
        if second not in st.pawns or second not in stacks.characters(s):
            return m("why.not_a_character_on", target=target)  # R38
        return None
    # s:<i>:<letter>
    if len(st.pawns) >= stacks.size_range(s, st)[1]:
        return m("why.stack_full", target=target)  # R33
    return _pawn(s, seat, second, st.action) or None


def _pawn(s: RobinsonState, seat: str, letter: str, action: str, need: int = 1) -> Msg | None:
    """Why `need` of the seat's pawns `letter` cannot go on an action, if they cannot (R30-R32, E16)."""
    supply = P.pawn_supply(s, seat)
    if len(letter) != 1 or letter not in LETTERS:
        return m("why.pawn_letters")
    if letter not in supply:
        return m("why.not_your_pawn")  # R30: the FP's seat places Friday, the Dog, neutral pawns
    name = char(P.letter_name(s, seat, letter))
    if letter in P.NEUTRAL_ACTION and action not in P.NEUTRAL_ACTION[letter]:
        return m("why.neutral_action", pawn=name, actions=_acts(P.NEUTRAL_ACTION[letter]))  # R32
    if letter == "c" and not P.allowed(s, s.seat_char[seat], action):
        return m("why.limited", pawn=name)  # E16
    free = P.free_pawns(s, seat).get(letter, 0)
    if free < need:
        return m("why.pawns_free", pawn=name, n=free, need=need)  # R31: each pawn on one action
    return None


def _acts(actions: tuple[str, ...]) -> Msg:
    return join([sub("act", a) for a in actions], ", ")


def _confirm(s: RobinsonState, seat: str, rest: str) -> Msg | None:
    if rest == "rest":
        return m("why.confirm_plain")  # R30: all placed and nothing short: plain `ok`
    left = P.free_pawns(s, seat).get("c", 0)
    if left:
        return m("why.pawns_left", n=left)  # R31
    short = [st for st in s.plan if seat in st.owners and stacks.short(s, st)]
    if short:
        st = short[0]
        return m("why.waiting", target=target_msg(s, st.target),
                 n=stacks.size_range(s, st)[0] - len(st.pawns))  # R38
    return None


def _place(s: RobinsonState, seat: str, key: str, pawns: str) -> Msg | None:
    """A new stack `p:<key>:<pawns>` refused: the target first (R33-R37), then the pawns and the cost."""
    if not key or not pawns:
        return m("why.place_form")
    if any(x not in LETTERS for x in pawns) or pawns[0] not in "cf":
        return m("why.resolver_first")  # R31: a character or Friday leads; neutral pawns never act alone
    if pawns[0] == "f" and "c" in pawns:
        return m("why.friday_second")  # R84: with a character on it, the character leads
    found = next((t for t in P.targets(s) if t.key == key), None)
    if found is None:
        return _target(s, key)
    for letter in dict.fromkeys(pawns):
        why = _pawn(s, seat, letter, found.action, pawns.count(letter))
        if why is not None:
            return why
    if not P.can_pay(s, found.cost):
        return m("why.cost", target=target_msg(s, key), cost=cost_msg(found.cost), left=_left(s))  # R36
    if found.owner and not (pawns[0] == "c" and s.seat_char[seat] == found.owner):
        return m("why.personal", target=target_msg(s, key), who=char(found.owner))  # R58
    lo, hi = P.sizes(found)[0], P.sizes(found)[-1]
    if len(pawns) > hi or (len(pawns) < lo and len(pawns) != 1):  # one pawn: a stack others join (R38)
        return m("why.size" if hi > lo else "why.size_exact", target=target_msg(s, key), lo=lo, hi=hi)  # R33, R34
    return None


def _left(s: RobinsonState) -> Msg:
    tied = P.tied(s)
    free = {"F": s.avail["F"] + s.avail["NF"] - tied["F"] - tied["NF"], "W": s.avail["W"] - tied["W"],
            "Fur": s.avail["Fur"] - tied["Fur"]}
    return cost_msg({k: max(0, v) for k, v in free.items() if v > 0})


def _target(s: RobinsonState, key: str) -> Msg:
    """Why `key` is not a target a new stack may take now (R33-R37, R47, R50, R55-R58, R61-R63)."""
    parts = key.split(".")
    planned = {st.target for st in s.plan}
    head = parts[0]
    if key == "x.raft":
        return _rescue(s, key, planned)
    if head == "r":  # K6.5: Reclamation
        if s.options.scenario != "family_robinson":
            return m("why.no_target")
        if key in planned:
            return m("why.once", target=target_msg(s, key))
        return m("why.reclaim_nothing")
    if key == "x.temple":  # K2.6: once, a round after it was revealed, its tile face up and reached
        return m("why.once", target=m("tgt.temple")) if key in planned else m("why.temple")
    if head in ("g", "x") and (len(parts) < 2 or not parts[1].isdigit() or int(parts[1]) not in ADJ):
        return m("why.no_space", space=parts[1] if len(parts) > 1 else "?")
    if head == "g":
        sp = int(parts[1])
        spot = s.island.get(sp)
        if len(parts) != 3:
            return m("why.no_source", space=sp)  # R61: one source of one tile
        src = parts[2]
        if spot is None or not spot.face_up:
            return m("why.unexplored", space=sp)  # R61
        if sp == s.camp:
            return m("why.camp_tile")  # R35
        if cannibal.closed(s, sp):
            return m("why.city_closed", space=sp)  # K5.6
        if "shortcut" in spot.tokens:
            return m("why.shortcut_tile", space=sp)  # R35
        if sp not in distances(s):
            return m("why.out_of_reach", space=sp)  # R34, E29
        if src not in TILES[spot.tile].sources and src != "flock":
            return m("why.no_source", space=sp)  # R61
        if src not in sources(s, sp):
            return m("why.exhausted", space=sp)  # R61
        if key in planned:
            return m("why.once", target=target_msg(s, key))  # R35
        return m("why.not_now", target=target_msg(s, key))
    if head == "x":
        sp = int(parts[1])
        if sp in s.island:
            return m("why.explored", space=sp)  # R62
        if sp not in distances(s):
            return m("why.out_of_reach", space=sp)  # R62
        if key in planned:
            return m("why.once", target=target_msg(s, key))  # R35
        if not s.island_stack or sum(st.action == "explore" for st in s.plan) >= len(s.island_stack):
            return m("why.no_tiles")  # R35
        return m("why.not_now", target=target_msg(s, key))
    if head == "hunt":
        return m("why.no_hunt", n=len(s.hunt_deck))  # R35, R50
    if head == "h":  # K5.5: a burning
        return m("why.once", target=target_msg(s, key)) if key in planned else m("why.burn")
    if head == "camp":
        return m("why.camp_blocked")  # E16: an event closed Arrange camp this round
    if head == "b":
        return _build(s, parts, planned)
    if head == "thr":
        return _threat(s, parts, planned)
    return m("why.no_target")


def _rescue(s: RobinsonState, key: str, planned: set[str]) -> Msg:
    """K3.6: Jenny's rescue needs her scenario, the Raft built in an earlier round, Jenny still waiting."""
    if s.jenny is None:
        return m("why.no_target")
    if s.jenny.rescued:
        return m("why.jenny_rescued")
    if key in planned:
        return m("why.once", target=m("tgt.rescue"))
    return m("why.no_raft")


def _build(s: RobinsonState, parts: list[str], planned: set[str]) -> Msg:
    what = parts[1] if len(parts) > 1 else ""
    if what in ("shelter", "roof", "pal") and (len(parts) < 3 or parts[2] not in ("w", "f")):
        return m("why.pay_choice")  # R36: wood or fur
    if what == "shelter":
        if s.shelter:
            return m("why.shelter_built")  # R35
        return m("why.once", target=sub("tgt.build", "shelter"))  # R35
    if what in ("roof", "pal"):
        if not has_shelter(s):
            return m("why.needs_shelter", target=sub("tgt.build", what))  # R37
        return m("why.not_now", target=sub("tgt.build", what))
    if what == "inv" and len(parts) > 2:
        name = parts[2]
        if name not in INVENTIONS:
            return m("why.no_invention")
        item = m("tgt.invention", item=m("card", deck=sub("deck", "invention"), name=sub("name.invention", name)))
        if name == cursed.CROSS and name in P.buildable(s) and P.invention_ready(s, name, explored_terrains(s)):
            key = ".".join(parts)  # K2.7: one Cross stack per tile, on a face-up tile without a cross
            return m("why.once", target=m("tgt.cross", space=int(parts[3]))) if key in planned else m("why.cross_tile")
        if name in s.built or name in s.future_built:
            return m("why.built", target=item)
        if name in scenario_of(s).gates and name not in P.buildable(s):
            return sub("why.gate", scenario_of(s).gates[name], target=item)  # K3.10 (M7)
        if name not in P.buildable(s):
            return m("why.not_on_board", target=item)  # R55
        if any(t.startswith(f"b.inv.{name}") for t in planned):
            return m("why.once", target=item)  # R35
        inv = INVENTIONS[name]
        if "W|Fur" in inv.cost and (len(parts) < 4 or parts[3] not in ("w", "f")):
            return m("why.pay_choice")  # R36
        if not P.invention_ready(s, name, explored_terrains(s)):
            return m("why.requirements", target=item)  # R37
        return m("why.not_now", target=item)
    return m("why.no_target")


def _threat(s: RobinsonState, parts: list[str], planned: set[str]) -> Msg:
    i = int(parts[1]) if len(parts) > 1 and parts[1] in ("0", "1") else None
    card = None if i is None or i >= len(s.threat) else s.threat[i]
    if not card:
        return m("why.no_threat")  # R47
    if any(st.action == "threat" and st.target.split(".")[1] == str(i) for st in s.plan):
        return m("why.once", target=m("tgt.threat", card=card_msg(card)))  # R35
    deck, _, name = card.partition(":")
    if deck == "event" and name in EVENTS and EVENTS[name].req and not P.requirement_met(s, EVENTS[name].req):
        return m("why.threat_requirement", card=card_msg(card))  # R37, E28
    return m("why.not_now", target=m("tgt.threat", card=card_msg(card)))


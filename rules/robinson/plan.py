"""Action planning (R30-R38): targets, pawn stacks, costs tied up, and the
simultaneous plan/confirm protocol.

Move ids (a seat's own part of the plan only):
  p:<target>:<pawns>  a new stack; pawns are letters, the first resolves (R38):
                      c = your character, f = Friday, d = the Dog (the FP's seat owns both, R30);
                      one letter for a target needing more pawns: a stack others may join
  s:<i>:<pawn>        one more of your pawns on stack i, whoever placed it (R38, R50; stacks.py)
  t:<i>:<character>   the seat on top hands the lead of stack i to another character on it (R38)
  u:<i>               take your pawns back from stack i (a stack goes when its resolver's
                      seat takes it back; only once no other seat supports it)
  ok                  confirm; planning ends when every seat has confirmed (R30)
  ok:rest             your unplaced pawns to Rest, your unfinished stacks undone, and confirm (R30)
Confirmations (R30): planning ends only when every seat has confirmed the plan as it stands, so
any change to the plan (a new stack, a pawn added, a lead handed over, pawns taken back, `ok:rest`
changing anything) cancels every other seat's confirmation (`changed`).
Termination: each seat may take pawns back or hand a lead over at most EDITS times per round, and
every other change uses up a pawn, so planning always ends.
"""
from __future__ import annotations

from typing import NamedTuple

from .combat import built
from .data import ABILITIES, CHARACTERS, EVENTS, INVENTIONS
from .extra_pawns import build_extras, cross_extras, far, marked, special_extras
from .island import distances, explored_terrains, has_shelter, sources
from .scenarios import cannibal, cursed, family, inventions as scenario_inventions, jenny
from .state import ACTIONS, RobinsonState, Stack
from .tallies import players

EDITS = 6
SHELTER_COST = {1: (2, 1), 2: (2, 1), 3: (3, 2), 4: (4, 3)}  # R56: (wood, fur)
BUILD_ORDER = ("shelter", "roof", "pal", "wpn")


class Target(NamedTuple):
    key: str
    action: str
    extras: int  # extra pawns needed (R34)
    fixed: int  # 0 = base 1 or 2 (+extras); else the exact pawn count
    cost: dict[str, int]
    owner: str | None = None  # personal invention (R58)
    tok: tuple[str, ...] = ()  # R88 action-space tokens a stack here carries (Stack.tok)


def tied(s: RobinsonState) -> dict[str, int]:
    out = {"F": 0, "NF": 0, "W": 0, "Fur": 0}
    for st in s.plan:
        for k, v in st.pay.items():
            out[k] += v
    return out


def can_pay(s: RobinsonState, cost: dict[str, int]) -> bool:
    t = tied(s)
    for k, v in cost.items():
        if k == "F":
            if s.avail["F"] + s.avail["NF"] - t["F"] - t["NF"] < v:
                return False
        elif s.avail[k] - t[k] < v:
            return False
    return True


def _choices(base: str, cost: dict[str, int], extra_wood: int) -> list[tuple[str, dict[str, int]]]:
    """Expand a "W|Fur" cost into the two payments (R36); +1W tokens add to wood (R88)."""
    out: list[tuple[str, dict[str, int]]] = []
    if "W|Fur" in cost:
        n = cost["W|Fur"]
        out = [(base + ".w", {"W": n + extra_wood}), (base + ".f", {"Fur": n})]
    else:
        c = dict(cost)
        if c.get("W") and extra_wood:
            c["W"] += extra_wood
        out = [(base, c)]
    return [(k, {r: v for r, v in c.items() if v}) for k, c in out]


def requirement_met(s: RobinsonState, req: str | None, bonus: int = 0) -> bool:
    if not req:
        return True
    if req.startswith("Wpn"):
        return s.weapon + bonus >= int(req[3:])  # E28 (`bonus`: an item committed to this check)
    return built(s, req)


CHECK_ITEMS = ("Pistol", "Old Rifle", "Surprising Discovery")  # +3 Weapon for one fight or check (§3.5)


def check_item(key: str) -> str | None:
    """The weapon item a threat stack committed to its requirement (`thr.<i>.x<Item>`), if any."""
    parts = key.split(".")
    return parts[2][1:].replace("_", " ") if len(parts) > 2 and parts[2].startswith("x") else None


def check_items(s: RobinsonState, req: str | None, plan: list[Stack]) -> list[str]:
    """E28: items whose +3 a threat stack may commit at planning to a weapon requirement not met
    yet; each use is tied up like a cost (one stack per use)."""
    if not req or not req.startswith("Wpn") or s.weapon + 3 < int(req[3:]):
        return []
    return [i for i in CHECK_ITEMS
            if s.items.get(i, 0) > sum(check_item(st.target) == i for st in plan)]


def invention_ready(s: RobinsonState, name: str, terr: set[str] | None = None) -> bool:
    """R37/E27: terrains explored, required items built (this round's are still in Future)."""
    terr = explored_terrains(s) if terr is None else terr
    for need in INVENTIONS[name].needs:
        if need in INVENTIONS:
            if not built(s, need):
                return False
        elif need not in terr:
            return False
    return True


def buildable(s: RobinsonState) -> list[str]:
    """Board inventions, the characters' personal ones and the scenario's (S4, K0.8; gated ones only
    once their gate is open, K3.10), not built."""
    personal = [p for ch in s.seat_char.values() if (p := CHARACTERS[ch].personal) is not None]
    names = list(s.inv_board) + personal + list(scenario_inventions(s))
    return [n for n in names if n not in s.built and n not in s.future_built]


def targets(s: RobinsonState, plan: list[Stack] | None = None) -> list[Target]:
    """Every target a new stack may take now (R33-R37), given the stacks already planned."""
    plan = s.plan if plan is None else plan
    out: list[Target] = []
    planned_keys = {st.target for st in plan}
    n = players(s)
    # Threat (R47-R49): each card once per round.
    for i, card in enumerate(s.threat):
        if not card or any(st.action == "threat" and st.target.split(".")[1] == str(i) for st in plan):
            continue
        deck, _, name = card.partition(":")
        if deck == "wreck":
            out += [Target(f"thr.{i}.{k}", "threat", 0, k, {}) for k in (1, 2)]
            continue
        e = EVENTS[name]
        bases = [f"thr.{i}"] if requirement_met(s, e.req) else \
            [f"thr.{i}.x{item.replace(' ', '_')}" for item in check_items(s, e.req, plan)]
        cost: dict[str, int] = {}
        if e.cost and not (e.free_with and built(s, e.free_with)):
            cost = {"W|Fur": 1} if e.cost == "W|Fur" else {"W": 2} if e.cost == "W2" else {e.cost: 1}
        for base in bases:
            for key, c in _choices(base, cost, 0):
                out.append(Target(key, "threat", 0, e.pawns, c))
    # R88: a time-consuming or +1 wood token on an action space acts on the next action there only:
    # the first stack placed there while no other stack carries it (taken back: the next one).
    carried = {x for st in plan for x in st.tok}

    def free(where: str, tok: str) -> tuple[str, ...]:
        key = f"{where}.{tok}"
        return (key,) if tok in s.action_tokens.get(where, []) and key not in carried else ()

    # Hunt (R50): exactly 2, never more hunts than cards (R35).
    hunts = sum(st.target == "hunt" for st in plan)
    if hunts < len(s.hunt_deck):
        ht = free("hunt", "TC")
        out.append(Target("hunt", "hunt", 0, 2 + len(ht), {}, None, ht))
    for sp in cannibal.burn_spaces(s):  # K5.5: exactly 2 pawns, one burning per village per round
        if f"{cannibal.BURN}{sp}" not in planned_keys:
            out.append(Target(f"{cannibal.BURN}{sp}", "hunt", 0, cannibal.BURN_PAWNS, {}))
    # Build (R55-R58): at the camp, so a time-consuming token on the camp tile counts too (R34).
    btc = free("build", "TC")
    bt = build_extras(s, bool(btc))
    bxw = free("build", "XW")

    def wood(part: str, n: int) -> tuple[dict[str, int], tuple[str, ...]]:
        """A wood cost and the +1 wood tokens it carries (R88: not a Shelter paid in fur)."""
        xw = bxw + free(part, "XW")
        return {"W": n + len(xw)}, btc + xw

    wood_n, fur = SHELTER_COST[n]
    parts = []
    if not s.shelter and "b.shelter" not in {t.rsplit(".", 1)[0] for t in planned_keys}:
        parts.append("shelter")
    if has_shelter(s):
        parts += ["roof", "pal"]
    for part in parts:
        c, tk = wood(part, wood_n)
        out += [Target(f"b.{part}.w", "build", bt, 0, c, None, tk),
                Target(f"b.{part}.f", "build", bt, 0, {"Fur": fur}, None, btc)]
    c, tk = wood("wpn", 1)
    out.append(Target("b.wpn", "build", bt, 0, c, None, tk))
    terr = explored_terrains(s)
    dist = distances(s)
    for name in buildable(s):
        if name == cursed.CROSS and invention_ready(s, name, terr):  # K2.7: one Cross stack per tile
            for sp in cursed.cross_spaces(s, dist):
                if f"b.inv.{name}.{sp}" not in planned_keys:
                    for key, c in _choices(f"b.inv.{name}.{sp}", INVENTIONS[name].cost, len(bxw)):
                        out.append(Target(key, "build", cross_extras(s, sp, bool(btc)), 0, c, None,
                                          btc + (bxw if c.get("W") else ())))
            continue
        if any(t.startswith(f"b.inv.{name}") for t in planned_keys) or not invention_ready(s, name, terr):
            continue
        inv = INVENTIONS[name]
        for key, c in _choices(f"b.inv.{name}", inv.cost, len(bxw)):
            out.append(Target(key, "build", bt, 0, c, inv.owner, btc + (bxw if c.get("W") else ())))
    # Gather (R61) and Explore (R62, R63).
    for sp in sorted(s.island):
        spot = s.island[sp]
        if sp == s.camp or sp not in dist or not spot.face_up or ("shortcut" in spot.tokens and not marked(s, sp)) \
                or cannibal.closed(s, sp):  # K5.6: the standing City's sources
            continue  # K2.3(d): a fogged Shortcut tile gives nothing to Production and may be gathered
        gt = free("gather", "TC")
        extra = far(s, "gather", dist[sp]) + len(gt) + int("TC" in spot.tokens) + marked(s, sp)
        for src in sorted(set(sources(s, sp)), key=lambda x: x == "wood"):
            key = f"g.{sp}.{src}"
            if key not in planned_keys:
                out.append(Target(key, "gather", extra, 0, {}, None, gt))
    explores = sum(st.action == "explore" and st.target.split(".")[1].isdigit() for st in plan)
    xt = free("explore", "TC")
    if jenny.can_rescue(s) and jenny.RESCUE not in planned_keys:  # K3.6: 1 pawn rolls, 2 succeed
        out.append(Target(jenny.RESCUE, "explore", 0, 0, {}))
    if cursed.can_search(s) and cursed.TEMPLE not in planned_keys and cursed.temple(s) in dist:  # K2.6
        out.append(Target(cursed.TEMPLE, "explore", special_extras(s, cursed.TEMPLE, bool(xt)), 0, {}, None, xt))
    if explores < len(s.island_stack):
        for sp in sorted(dist):
            if sp in s.island or f"x.{sp}" in planned_keys:
                continue
            out.append(Target(f"x.{sp}", "explore", far(s, "explore", dist[sp]) + len(xt) + marked(s, sp), 0, {},
                              None, xt))
    for key in family.reclaim_keys(s):  # K6.5: 2 pawns (Friday may be one), no dice, no neutral pawns
        if key not in planned_keys:
            out.append(Target(key, "reclaim", 0, family.RECLAIM_PAWNS, {}))
    if "camp_blocked" not in s.flags:
        ct = free("camp", "TC")
        out.append(Target("camp", "camp", 0, 1 + len(ct), {}, None, ct))
    out.append(Target("rest", "rest", 0, 1, {}))
    return out


# ---------------------------------------------------------------- pawns

def allowed(s: RobinsonState, who: str, action: str) -> bool:
    """E16/E34: this round's restrictions on a character's pawns."""
    for lim in s.limits.get(who, []):
        if lim.startswith("only.") and action not in lim[5:].split("."):
            if action != "rest":
                return False
    return True


def brown_sources(s: RobinsonState) -> tuple[int, list[str]]:
    """R32 brown (Build only) pawns: Lantern every round; one-use Hammer (per use) and Candles."""
    once = ["Hammer"] * s.items.get("Hammer", 0) + ["Candles"] * s.items.get("Candles", 0) + \
        ["tk:Candles"] * s.tokens.count("Candles")
    return int(built(s, "Lantern")), once


def pawn_supply(s: RobinsonState, seat: str) -> dict[str, int]:
    """Pawns a seat places: its character's 2 (1 with a limit, R81), and for the FP Friday, the Dog
    and the neutral pawns (R32: brown `b` for Build, green `e` for Explore from the Map; K2.8: the
    Cultist Candle `k`, for any action but Threat)."""
    who = s.seat_char[seat]
    out = {"c": 1 if "onepawn" in s.limits.get(who, []) else 2}
    if seat == s.seats[s.fp]:
        if "Friday" in s.chars and not s.chars["Friday"].dead:
            out["f"] = 1
        if s.dog:
            out["d"] = 1
        lasting, once = brown_sources(s)
        if lasting + len(once):
            out["b"] = lasting + len(once)
        if built(s, "Map"):
            out["e"] = 1
        if cursed.CANDLE in s.tokens:  # K2.8: the Cultist Candle, a one-use neutral pawn
            out["k"] = s.tokens.count(cursed.CANDLE)
    if "handyman" in s.chars[who].used:  # §3.10 Handyman: the Carpenter's own brown pawn this round
        out["h"] = 1
    return out


def letter_name(s: RobinsonState, seat: str, letter: str) -> str:
    return {"c": s.seat_char[seat], "f": "Friday", "d": "Dog", "b": "Brown", "e": "Green",
            "h": "Handyman", "k": "Candle"}[letter]


# R32, R86: the actions each neutral pawn may join (the Handyman's from the data, §3.10).
NEUTRAL_ACTION = {"d": ("hunt", "explore"), "b": ("build",), "e": ("explore",),
                  "h": (ABILITIES["handyman"].pawn or "build",),
                  "k": ("gather", "explore", "build", "hunt", "camp")}  # K2.8 Cultist Candle: all but Threat


def free_pawns(s: RobinsonState, seat: str) -> dict[str, int]:
    out = pawn_supply(s, seat)
    names = {letter_name(s, seat, k): k for k in out}
    for st in s.plan:
        for p, o in zip(st.pawns, st.owners):
            if o == seat and p in names:
                out[names[p]] -= 1
    return out


def combos(free: dict[str, int], n: int) -> list[str]:
    """Distinct pawn strings of length n: resolver c or f first, the rest in c, f, d order; Friday
    leads only alone or with neutral pawns (R84: with a character, the character resolves)."""
    out = []
    for first in ("c", "f"):
        if free.get(first, 0) < 1:
            continue
        rest = dict(free)
        rest[first] -= 1
        pool = "".join(x * rest.get(x, 0) for x in "cfdbehk" if not (first == "f" and x == "c"))
        seen = set()
        from itertools import combinations
        for tail in combinations(pool, n - 1):
            t = "".join(tail)
            if t not in seen:
                seen.add(t)
                out.append(first + t)
    return out


def stack_ok(s: RobinsonState, seat: str, t: Target, pawns: str) -> bool:
    if any(t.action not in NEUTRAL_ACTION[x] for x in pawns[1:] if x in NEUTRAL_ACTION):
        return False  # R32, R86: neutral pawns only on their action
    if t.owner and not (pawns[0] == "c" and s.seat_char[seat] == t.owner):
        return False  # R58
    if "h" in pawns and "c" not in pawns:
        return False  # Handyman: only on a Build the Carpenter takes part in (§3.10)
    if "c" in pawns and not allowed(s, s.seat_char[seat], t.action):
        return False
    return True


def sizes(t: Target) -> tuple[int, ...]:
    return (t.fixed,) if t.fixed else (1 + t.extras, 2 + t.extras)


def place_options(s: RobinsonState, seat: str) -> list[tuple[str, Target, str]]:
    """New stacks: whole ones from the seat's own pawns, and (R38, R50) a stack that needs more
    than one pawn started by its resolver alone, for other players' pawns or neutral pawns to join
    (`s:`, stacks.py); it is "short" until they do."""
    free = free_pawns(s, seat)
    if free.get("c", 0) + free.get("f", 0) == 0:
        return []
    out = []
    for t in targets(s):
        if not can_pay(s, t.cost):
            continue
        for n in sizes(t):
            if n > sum(free.values()):
                continue
            for pawns in combos(free, n):
                if stack_ok(s, seat, t, pawns):
                    out.append((f"p:{t.key}:{pawns}", t, pawns))
        if sizes(t)[0] > 1:
            out += [(f"p:{t.key}:{x}", t, x) for x in "cf" if free.get(x, 0) and stack_ok(s, seat, t, x)]
    return out


# ---------------------------------------------------------------- changes

def place(s: RobinsonState, seat: str, t: Target, pawns: str) -> None:
    names = [letter_name(s, seat, x) for x in pawns]
    base = 2 if (t.fixed == 0 and len(pawns) >= 2 + t.extras) else 1
    s.plan.append(Stack(action=t.action, target=t.key, pawns=names, owners=[seat] * len(names),
                        base=base, pay=dict(t.cost), tok=list(t.tok)))


def changed(s: RobinsonState, seat: str) -> list[str]:
    """R30: a change to the plan by `seat` cancels every other seat's confirmation, so the plan that
    is carried out is the one every player confirmed as it stands.  Returns those seats, in seat
    order, for the narration that tells them (and the post that offers them to confirm again)."""
    hit = [x for x in s.seats if x in s.confirmed and x != seat]
    if hit:
        s.confirmed = [x for x in s.confirmed if x not in hit]
    return hit


def resolution_order(s: RobinsonState) -> list[Stack]:
    """R39: by action, then resolver in seat order from the FP (Friday last), then target."""
    seats = [s.seats[(s.fp + i) % len(s.seats)] for i in range(len(s.seats))]
    chars = [s.seat_char[x] for x in seats] + ["Friday"]
    board = buildable(s) + list(s.built)

    def target_key(st: Stack) -> tuple[int, int]:
        parts = st.target.split(".")
        if st.action == "build":
            if parts[1] in BUILD_ORDER:
                return (BUILD_ORDER.index(parts[1]), 0)
            return (9, board.index(parts[2]) if parts[2] in board else 99)
        if st.action in ("gather", "explore", "threat"):
            if not parts[1].isdigit():  # a special Explore (K0.11): after the spaces
                return (99, 0)
            return (int(parts[1]), int(len(parts) > 2 and parts[2] == "wood"))
        return (0, 0)

    return sorted(s.plan, key=lambda st: (R39_STEP[st.action], chars.index(st.pawns[0]), target_key(st)))


# R39's order of the actions; K0.11: Reclamation (K6.5) resolves after Explore, before Arrange camp.
R39_STEP: dict[str, float] = {a: float(i) for i, a in enumerate(ACTIONS)} | {"reclaim": ACTIONS.index("explore") + 0.5}

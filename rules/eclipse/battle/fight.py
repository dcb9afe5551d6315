"""Battles inside the running game (E49-E60, E112, E113): the "fight" frame of one hex.

The frame holds the sides' participation for reputation (E61) and the battle being
fought: `b = {"d", "a", "stage": tie|volley|round, "order": [[side, ship]...], "i",
"round", "prefs", "ret": {"side:ship": hex}, "decl": [...], "log": [event dumps]}`.
The log keeps the battle's events across moves; `state.battles` lists the battles the
current move fought in (ended ones with their log, the one under way as a live mark),
for the summary image.  `advance` runs the
automatic parts (rolls, NPC hits, forced choices) until a seat must decide; the
pending question is `f.ask` (tie, act, hit, stal) for `f.seat`.
"""
from __future__ import annotations

from ...text import Msg, seat_ref
from ..board import enemies, m
from ..frames import Battle, Fight
from ..movement import shift, steps_from
from ..state import EclipseState, Hex
from .core import ShipType, cannon_dice, firing_order, missile_dice, roll_dice, stalemate
from .hits import (KILL_DRAWS, NPC, clear_damage, count, damages, groups, hit, remove_ships, ship_type,
                   side_ships, suggest)

def side_ref(side: str) -> Msg:
    return m("side_npc") if side == NPC else seat_ref(side)


def note(state: EclipseState, f: Fight, event: Msg) -> None:
    """An event of the battle being fought: in the move's events and in the battle's log."""
    state.events.append(event)
    f.battle["log"].append(event.model_dump())
    touch(state, f)


def touch(state: EclipseState, f: Fight) -> None:
    """The current move fights in this battle: `state.battles` gets a live mark (the view
    reads the log from the frame); `_end_battle` turns it into the ended battle's log."""
    if not any(x.get("live") for x in state.battles):
        state.battles.append({"hex": f.hex, "live": True})


def battle_sides(state: EclipseState, hid: str) -> list[str]:
    """E51: sides by entry: NPCs first, then the hex's controller, then arrival order (E43)."""
    h = state.hexes[hid]
    present = [s for s, v in h.ships.items() if any(v.values())]
    out = [NPC] if (h.ancients or h.gcds) else []
    if h.owner in present:
        out.append(h.owner)
    out += [s for s in h.arrival if s in present and s not in out]
    return out + [s for s in present if s not in out]


def _fight(state: EclipseState, h: Hex, a: str, b: str) -> bool:
    """E49/E85: Ancients and Draco never fight each other (the GCDS fights everyone)."""
    other = b if a == NPC else a if b == NPC else None
    return other is None or h.gcds or state.players[other].species != "draco"


def has_battle(state: EclipseState, hid: str) -> bool:
    """E49: ships of two opposing sides share the hex."""
    sides = battle_sides(state, hid)
    return len(sides) >= 2 and _fight(state, state.hexes[hid], sides[-2], sides[-1])


def new_fight(hid: str) -> Fight:
    return Fight.new(kind="fight", hex=hid, seat=None, ask=None, parts=[], stay={}, kills={}, b=None, dice=[],
                     fire=None)


def retreat_hexes(state: EclipseState, hid: str, seat: str) -> list[str]:
    """E58: adjacent connected hexes holding the seat's disc and no opponent ships."""
    return [n for n in steps_from(state, seat, hid)
            if state.hexes[n].owner == seat and not enemies(state, n, seat)]


def _other(b: Battle, side: str) -> str:
    return b["a"] if side == b["d"] else b["d"]


def _types(state: EclipseState, h: Hex, b: Battle, side: str) -> list[ShipType]:
    """A side's types, by initiative, equal ones in their owner's chosen order (E52, E112)."""
    prefs = b["prefs"].get(side, [])
    ts = [ship_type(state, side, s) for s in side_ships(h, side)]
    return sorted(ts, key=lambda t: (-t.initiative, prefs.index(t.ship) if t.ship in prefs else len(prefs)))


def tie_options(state: EclipseState, f: Fight) -> tuple[str, list[str]] | None:
    """E112 step 1: the next side with several types of equal initiative still unordered."""
    b = f.battle
    h = state.hexes[f.hex]
    for side in (b["d"], b["a"]):
        if side == NPC:
            continue
        chosen = b["prefs"].setdefault(side, [])
        ts = [ship_type(state, side, s) for s in side_ships(h, side)]
        for init in sorted({t.initiative for t in ts}, reverse=True):
            left = [t.ship for t in ts if t.initiative == init and t.ship not in chosen]
            if len(left) >= 2:
                return side, left
    return None


def advance(state: EclipseState, f: Fight) -> bool:
    """Run the hex's battles until a seat must decide (False) or they are over (True)."""
    hid = f.hex
    h = state.hexes[hid]
    f.seat = f.ask = None
    while True:
        b = f.b
        if b is None:
            sides = battle_sides(state, hid)
            if len(sides) < 2 or not _fight(state, h, sides[-2], sides[-1]):
                _stayed(state, f)
                return True
            b = f.b = {"d": sides[-2], "a": sides[-1], "stage": "tie", "order": [], "i": 0, "round": 0,
                          "prefs": {}, "ret": {}, "decl": [], "checked": False, "log": []}
            if f.entry is None:
                f.entry = sides
            entry = f.entry
            for s in (b["d"], b["a"]):
                if s != NPC and s not in f.parts:
                    f.parts.append(s)
            f.parts.sort(key=lambda x: entry.index(x) if x in entry else len(entry))  # E61: entry order
            note(state, f, m("ev.battle", hex=hid, attacker=side_ref(b["a"]), defender=side_ref(b["d"])))
            continue
        if f.dice:
            if not _assign(state, f):
                return False
            continue
        if not side_ships(h, b["d"]) or not side_ships(h, b["a"]):
            _end_battle(state, f)
            continue
        if b["stage"] == "tie":
            q = tie_options(state, f)
            if q is not None:
                f.seat, f.ask = q[0], "tie"
                return False
            order = firing_order(_types(state, h, b, b["d"]), _types(state, h, b, b["a"]))
            b["order"] = [[b["d"] if role == "defender" else b["a"], t.ship] for role, t in order]
            b["stage"] = "volley"
            continue
        if b["stage"] == "volley":  # E53: once per battle, before the first round
            if b["i"] >= len(b["order"]):
                b.update({"stage": "round", "i": 0, "round": 1, "checked": False})
                continue
            side, ship = b["order"][b["i"]]
            b["i"] += 1
            t = ship_type(state, side, ship)
            if t.missiles and count(h, side, ship):
                fire(state, f, side, ship, missile_dice(t, count(h, side, ship)), "missiles")
            continue
        if b["i"] == 0 and not b["checked"]:
            b["checked"] = True
            types = [ship_type(state, s, x) for s in (b["d"], b["a"]) for x in side_ships(h, s)]
            if stalemate(types):  # E59
                hexes = retreat_hexes(state, hid, b["a"])
                if len(hexes) > 1:
                    f.seat, f.ask = b["a"], "stal"
                    return False
                flee(state, f, hexes[0] if hexes else None)
            continue
        if b["i"] >= len(b["order"]):
            b.update({"i": 0, "round": b["round"] + 1, "checked": False})
            continue
        side, ship = b["order"][b["i"]]
        key = f"{side}:{ship}"
        if not count(h, side, ship):
            b["i"] += 1
        elif key in b["ret"]:  # E58: retreating ships leave at their next activation
            _leave(state, f, side, ship, b["ret"].pop(key))
            b["i"] += 1
        elif side != NPC and ship != "starbase" and retreat_hexes(state, hid, side):
            f.seat, f.ask = side, "act"
            return False
        else:
            attack(state, f)


def attack(state: EclipseState, f: Fight) -> None:
    """E54: the active type fires all its cannons."""
    b = f.battle
    side, ship = b["order"][b["i"]]
    b["i"] += 1
    h = state.hexes[f.hex]
    dice = cannon_dice(ship_type(state, side, ship), count(h, side, ship))
    if dice:  # a type without cannons has nothing to fire (it could only have retreated, E58)
        fire(state, f, side, ship, dice, "cannons")


def declare_retreat(state: EclipseState, f: Fight, dest: str) -> None:
    b = f.battle
    side, ship = b["order"][b["i"]]
    b["i"] += 1
    b["ret"][f"{side}:{ship}"] = dest
    b["decl"].append(f"{side}:{ship}")
    note(state, f, m("ev.retreat", seat=seat_ref(side), ship=m(f"ship.{ship}"), hex=dest))


def _leave(state: EclipseState, f: Fight, side: str, ship: str, dest: str) -> None:
    hid = f.hex
    clear_damage(state.hexes[hid], side, ship)
    for _ in range(count(state.hexes[hid], side, ship)):
        shift(state, side, ship, hid, dest)
    note(state, f, m("ev.retreated", seat=seat_ref(side), ship=m(f"ship.{ship}"), hex=dest))


def flee(state: EclipseState, f: Fight, dest: str | None) -> None:
    """E59: the attacker leaves at once for `dest` (destroyed without one; no draws)."""
    b = f.battle
    hid, side = f.hex, b["a"]
    h = state.hexes[hid]
    note(state, f, m("ev.stalemate", hex=hid, seat=seat_ref(side)))
    for ship in side_ships(h, side):
        b["decl"].append(f"{side}:{ship}")
        if dest is not None and ship != "starbase":
            _leave(state, f, side, ship, dest)
        else:
            n = count(h, side, ship)
            clear_damage(h, side, ship)
            state.players[side].built[ship] -= n
            remove_ships(state, hid, side, ship, n)


def dice_text(dice: list[list[int]]) -> str:
    return " ".join(str(r) if d == 1 else f"{r}({d})" for r, d in dice)


def fire(state: EclipseState, f: Fight, side: str, ship: str, damages: tuple[int, ...], what: str) -> None:
    """E53/E55: roll the dice; those that hit some live opponent ship wait for E113/E57."""
    h = state.hexes[f.hex]
    t = ship_type(state, side, ship)
    dice = [[d.roll, d.damage] for d in roll_dice(state.rng, damages)]
    opp = _other(f.battle, side)
    hitting = [d for d in dice if groups(state, f.hex, opp, side_ships(h, opp), d[0], t)]
    hitting.sort(key=lambda d: (-d[1], -d[0]))
    note(state, f, m(f"ev.fire_{what}", side=side_ref(side), n=count(h, side, ship), ship=m(f"ship.{ship}"),
                     dice=dice_text(dice), hits=len(hitting)))
    f.dice, f.fire = hitting, [side, ship]


def hit_options(state: EclipseState, f: Fight) -> list[tuple[str, int]]:
    side, ship = f.firing
    opp = _other(f.battle, side)
    h = state.hexes[f.hex]
    return groups(state, f.hex, opp, side_ships(h, opp), f.dice[0][0], ship_type(state, side, ship))


def _assign(state: EclipseState, f: Fight) -> bool:
    """E113: give the dice out; False while the firing player must choose."""
    side, ship = f.firing
    if side == NPC:  # E57: the engine's fixed priority
        auto_hits(state, f)
        return True
    while f.dice:
        opts = hit_options(state, f)
        if len(opts) > 1:
            f.seat, f.ask = side, "hit"
            return False
        die = f.dice.pop(0)
        if opts:
            give(state, f, opts[0][0], opts[0][1], die[1])
    return True


def auto_hits(state: EclipseState, f: Fight) -> None:
    side, ship = f.firing
    opp = _other(f.battle, side)
    h = state.hexes[f.hex]
    plan = suggest(state, f.hex, opp, side_ships(h, opp), f.dice, ship_type(state, side, ship))
    dice, f.dice = f.dice, []
    for j, target, before in plan:
        if count(h, opp, target) and before in damages(h, opp, target):
            give(state, f, target, before, dice[j][1])


def give(state: EclipseState, f: Fight, target: str, before: int, amount: int) -> None:
    """One die on one ship (E56); a destruction counts for the firer's draws (E61)."""
    side = f.firing[0]
    b = f.battle
    opp = _other(b, side)
    if hit(state, f.hex, opp, target, before, amount):
        note(state, f, m("ev.destroyed", side=side_ref(opp), ship=m(f"ship.{target}"), by=side_ref(side)))
        if side != NPC:
            f.kills[side] = f.kills.get(side, 0) + KILL_DRAWS[target]
        if opp != NPC and f"{opp}:{target}" not in b["decl"]:
            f.stay[opp] = True  # U7: destroyed before declaring a retreat


def _stayed(state: EclipseState, f: Fight) -> None:
    """U7, once all battles of the hex are over: a participant with ships still in the hex has
    ships that never declared a retreat in any of them (declared ones always leave), so it keeps
    the participation draw.  Ships that stayed to the end of an earlier battle and retreated in
    a later one have left: staying earlier earns nothing by itself (E61)."""
    h = state.hexes[f.hex]
    for side in f.parts:
        if side_ships(h, side):
            f.stay[side] = True


def _end_battle(state: EclipseState, f: Fight) -> None:
    """E54: one side is gone; the survivor's retreating ships complete their retreat."""
    b = f.battle
    h = state.hexes[f.hex]
    for side in (b["d"], b["a"]):
        if side == NPC:
            continue
        for ship in side_ships(h, side):
            key = f"{side}:{ship}"
            if key in b["ret"]:
                _leave(state, f, side, ship, b["ret"].pop(key))
    state.battles[:] = [x for x in state.battles if not x.get("live")]
    state.battles.append({"hex": f.hex, "log": b["log"], "over": True})
    f.b = None

"""Effect codes of the adventure and mystery cards (§3.11-§3.13), registered in effects.OPS.
"That tile" / "the source just gathered" come from s.ctx (E32: nothing when the action failed)."""
from __future__ import annotations

from .. import adventures
from ..combat import built
from ..data import MYSTERY
from ..island import kind, sources
from ..move_kinds import MARK_ITEM, RUINED_HUT
from ..state import RobinsonState
from ..tallies import fp_char, gain, keep_outside, lose_det, outside_actor, players, wound, wound_all
from ..texts import card as card_msg, char, m, sub
from .changes import exhaust, flip_back, who_list
from .interpreter import OPS

def _space(s: RobinsonState, card: str) -> int | None:
    mem = s.mem.get(card)
    ref = s.ctx.get("space") or (mem[0] if mem else None)
    return int(ref) if ref is not None else None


def _res_pp(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    k, _, n = arg.partition(":")
    gain(s, k, int(n) * players(s))


def _wnd_unless_med(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    n, _, who = arg.partition(":")
    if not built(s, "Medicine"):
        wound_all(s, who_list(s, who or "R", r), int(n))


def _wnd_med(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    n, k, who = arg.split(":")
    wound_all(s, who_list(s, who, r), int(k) if built(s, "Medicine") else int(n))


def _tile_tok(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    sp = _space(s, card)
    if sp is not None and sp in s.island and arg not in s.island[sp].tokens:
        s.island[sp].tokens.append(arg)
        s.events.append(m("ev.tile_token", tok=sub("tok", arg), space=sp))


def _new_flock(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    sp = _space(s, card)
    if sp is not None and "+F" not in s.island[sp].tokens:
        s.island[sp].tokens.append("+F")
        s.mem[card] = [str(sp)]
        s.events.append(m("ev.tile_token", tok=m("tok.+F"), space=sp))


def _exh_flock(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    sp = _space(s, card)
    if sp is not None and sp in s.island:
        for x in sources(s, sp):
            if kind(x) == "F":
                exhaust(s, card, [(sp, x)], 1)


def _exh_gathered(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    src = s.ctx.get("source")
    sp = _space(s, card)
    if src and sp is not None and src in sources(s, sp):
        exhaust(s, card, [(sp, src)], 1)


def _gain_more(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.ctx.get("source"):
        gain(s, kind(s.ctx["source"]), 1)


def _exh_other(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    sp = _space(s, card)
    src = s.ctx.get("source")
    if sp is None or not src:
        return
    live = sources(s, sp)
    other = [x for x in live if x != src] or [x for x in live if x == src]
    exhaust(s, card, [(sp, other[0])] if other else [], 1)


def _tile_down_it(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    sp = _space(s, card)
    if sp is not None and sp != s.camp and sp in s.island and s.island[sp].face_up:
        s.island[sp].face_up = False
        s.island[sp].tokens = []
        s.marks.pop(sp, None)  # K0.6, K2.9 (E29): its marks go with its tokens
        s.events.append(m("ev.tile_down", space=sp))


def _mystery(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    n, quotas = adventures.parse_quota(arg)
    adventures.mystery(s, n, quotas, r)


def _treasure(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    adventures.treasure(s, r or fp_char(s))


def _night_out(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.phase == "resolve" and r and r != "Friday" and not s.chars[r].out:
        s.chars[r].out = True
        keep_outside(s, r)  # R74: what it gained this round goes to its personal supply
        s.events.append(m("ev.night_out", who=char(r)))
        if s.ctx.get("space"):  # R74: the tile of this action (its natural shelter counts tonight)
            s.mem["out:" + r] = [str(s.ctx["space"])]


def _next_round(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.delayed.append(f"{r or fp_char(s)}|{arg}")


def _keep(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """A kept treasure is shared at once [ruling], except that a resolver spending the night outside
    keeps it in its personal supply until it is back (R74 "resources, tokens, cards"; R94)."""
    name, _, uses = arg.rpartition(":")
    away = outside_actor(s)
    if away is not None:
        away.treasures[name] = int(uses)
        s.events.append(m("ev.item_outside", who=char(away.name), item=card_msg("item:" + name)))
    else:
        s.items[name] = int(uses)
        s.events.append(m("ev.item", item=card_msg("item:" + name)))
        if s.phase == "resolve" and s.actor in s.chars:  # R74: it goes outside if its finder does
            s.chars[s.actor].found_items.append(name)
    if name == "Helmet":  # works from the next round (§3.13)
        s.mem["item:Helmet"] = [str(s.round + 1)]


HUT_ITEMS = ("Knife", "Rope", "Shovel", "Medicine")


def _ruined_hut(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """One of Knife, Rope, Shovel, Medicine not built yet, chosen by the resolver's seat (`rh:<item>`)."""
    left = [n for n in HUT_ITEMS if n not in s.built and n not in s.future_built]
    who = r or fp_char(s)
    if len(left) == 1:
        hut_pick(s, left[0], who)
    elif left:
        seat = s.chars[who].seat if who in s.chars else None
        s.pending = {"kind": "hut", "seat": seat or s.seats[s.fp], "who": who}


def hut_options(s: RobinsonState) -> list[tuple[str, str, str, bool]]:
    return [(f"rh:{n}", RUINED_HUT, n, True) for n in HUT_ITEMS if n not in s.built and n not in s.future_built]


def hut_pick(s: RobinsonState, name: str, who: str) -> None:
    s.future_built.append(name)
    s.events.append(m("ev.invented", who=char(who), item=card_msg("invention:" + name)))


def _signs_of_fire(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    sp = _space(s, card)
    if sp is None or sp not in s.island:
        return
    live = list(dict.fromkeys(sources(s, sp)))
    if len(live) > 1:  # the resolver's seat chooses the source (`sf:<source>`)
        who = r or fp_char(s)
        seat = s.chars[who].seat if who in s.chars else None
        s.pending = {"kind": "fire", "seat": seat or s.seats[s.fp], "card": card, "space": str(sp),
                     "sources": ";".join(live)}
    elif live:
        exhaust(s, card, [(sp, live[0])], 1)
    else:  # E32: the tile exists but has no source left: unfulfilled demand for the resolver
        wound(s, r or fp_char(s), 1)


def _mark_items(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """Tools Inspection: n built items are marked (flipped back when its event half comes); the
    resolver's seat picks them one at a time (`mk:<item>`) when there are more than n."""
    n = int(arg)
    s.mem[card] = [] if len(s.built) > n else list(s.built)
    if len(s.built) > n:
        who = r or fp_char(s)
        seat = s.chars[who].seat if who in s.chars else None
        s.pending = {"kind": "mark", "seat": seat or s.seats[s.fp], "card": card, "n": str(n)}


def mark_options(s: RobinsonState) -> list[tuple[str, str, str, bool]]:
    marked = s.mem.get((s.pending or {}).get("card", ""), [])
    return [(f"mk:{x}", MARK_ITEM, x, True) for x in dict.fromkeys(s.built) if x not in marked]


def mark_pick(s: RobinsonState, item: str) -> bool:
    """One more item marked; True once all n are (the Action phase may go on)."""
    p = s.pending
    assert p is not None
    s.mem.setdefault(p["card"], []).append(item)
    if len(s.mem[p["card"]]) < int(p["n"]):
        return False
    s.pending = None
    return True


def _flip_marked(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    for item in s.mem.pop(card, []):
        if item in s.built:
            flip_back(s, item)


def _wpn_zero(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.weapon:
        s.weapon = 0
        s.events.append(m("ev.weapon", n=0))


def _stop(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.ctx["stop"] = "1"


def _trap_door(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """Discard the treasures resolved earlier in this draw (gains taken back as far as possible)."""
    away = outside_actor(s)  # R74: a drawer outside lost them from its personal supply
    for t in [x for x in s.ctx.get("treasures", "").split(";") if x]:
        for code in MYSTERY[t].now:
            op, _, a = code.partition(":")
            if op == "keep":
                (away.treasures if away is not None else s.items).pop(a.rpartition(":")[0], None)
            elif op == "res":
                k, _, n = a.partition(":")
                pool = away.supply if away is not None else s.future if s.phase == "resolve" else s.avail
                pool[k] -= min(pool[k], int(n))
        s.mystery_discard.append(t)
        s.events.append(m("ev.trap_door", card=card_msg(t)))
    s.ctx["treasures"] = ""


def _poison_night(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if "poison" not in s.flags:
        s.flags.append("poison")


def _d_all(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    for who in who_list(s, arg, r):
        lose_det(s, who, s.chars[who].det)


OPS.update({
    "res_pp": _res_pp, "wnd_unless_med": _wnd_unless_med, "wnd_med": _wnd_med, "tile_tok": _tile_tok,
    "new_flock": _new_flock,
    "exh_flock": _exh_flock, "exh_gathered": _exh_gathered, "gain_more": _gain_more,
    "exh_other": _exh_other, "tile_down_it": _tile_down_it, "mystery": _mystery, "treasure": _treasure,
    "night_out": _night_out, "next_round": _next_round, "keep": _keep, "ruined_hut": _ruined_hut,
    "signs_of_fire": _signs_of_fire, "mark_items": _mark_items,
    "flip_marked": _flip_marked, "wpn_zero": _wpn_zero, "stop": _stop,
    "trap_door": _trap_door, "poison_night": _poison_night, "D_all": _d_all, "no_marker": lambda *a: None,
})

"""Prompts for Fast Work's extra Build (§3.11), the Shortcut's tile (§3.6) and the weapon bonuses
before a fight outside a Hunt (R51 step 1, E20, E31; Hunts offer theirs with `go`, moves.py).

  fw:<target>      Fast Work: one more Build target (plan.py target keys: b.wpn, b.roof.w, b.inv.Knife…)
  sc:<space>       the tile that gets the Shortcut token (the Explorer's seat)
  fb:go / fb:<item> / fb:frenzy
                   before a fight: fight now, or first use Pistol, Old Rifle or Surprising
                   Discovery (+3 each), or Frenzy (the Soldier in his own action); asked again
                   after each use while another bonus is left
"""
from __future__ import annotations

import json
from typing import Any

from .asks import ask, kind, seat_of
from .combat import fight, fight_beast
from .data import BEASTS
from .names import named
from .effects import OPS
from .prims import fp_char, pay
from .state import RobinsonState, Stack
from .texts import card as card_msg, char, m

# ---------------------------------------------------------------- Fast Work (§3.11)


def fast_targets(s: RobinsonState) -> list[Any]:
    """Build targets legal now under R35-R37 whose cost Available can pay: the round's stacks
    (resolved, resolving and waiting) count as planned (one Shelter attempt, one per invention);
    a personal invention only for its owner as the resolver (R58)."""
    from .island import natural_shelter
    from .plan import can_pay, targets
    round_plan = list(s.queue) + [Stack(action="build", target=t) for t in s.done if t.startswith("b.")]
    new_shelter = s.shelter and not natural_shelter(s) and any(t.startswith("b.shelter") for t in s.done)
    return [t for t in targets(s, plan=round_plan) if t.action == "build" and can_pay(s, t.cost)
            and (not t.owner or t.owner == s.actor)
            and not (new_shelter and t.key.split(".")[1] in ("roof", "pal"))]  # R37: not on this round's Shelter


def _fast_work(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """The resolver's seat names one more Build target and pays it from Available now; it succeeds
    with no dice and no adventure [sheet P].  None payable: nothing happens."""
    ts = fast_targets(s)
    if len(ts) > 1:
        ask(s, "fast", [t.key for t in ts], card, r)
    elif ts:
        fast_build(s, ts[0].key, r or fp_char(s))
    else:
        s.events.append(m("ev.fast_none", card=card_msg(card)))


def fast_build(s: RobinsonState, key: str, who: str) -> None:
    from .resolve import build_done
    t = next(t for t in fast_targets(s) if t.key == key)
    for res, n in t.cost.items():
        pay(s, res, n)
    s.done.append(key)
    build_done(s, who, key, t.tok)


def _fast_label(s: RobinsonState, p: dict, a: str) -> Any:
    from .moves import cost_msg, target_msg
    t = next((t for t in fast_targets(s) if t.key == a), None)
    return m("mv.fast_work", target=target_msg(s, a), cost=cost_msg(t.cost if t else {}))


@kind("fast", "fw", _fast_label, lambda s, p: m("prompt.fast_work", card=card_msg(p["card"])))
def _fast_answer(s: RobinsonState, p: dict, a: str) -> None:
    fast_build(s, a, p["r"] or fp_char(s))


# ---------------------------------------------------------------- the Shortcut (§3.6, R28)

def _shortcut(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """When the item takes effect the Explorer's seat picks a face-up explored tile other than the
    camp (E31 default on timeout: the lowest space); none: no token."""
    cands = [sp for sp in sorted(s.island) if sp != s.camp and s.island[sp].face_up]
    if len(cands) > 1:
        ask(s, "shortcut", [str(x) for x in cands], card, r, seat=seat_of(s, "Explorer"))
    elif cands:
        place_shortcut(s, cands[0])


def place_shortcut(s: RobinsonState, sp: int) -> None:
    s.island[sp].tokens.append("shortcut")
    s.placed["Shortcut"] = f"{sp}:shortcut"
    s.events.append(m("ev.shortcut", space=sp))


@kind("shortcut", "sc", lambda s, p, a: m("mv.shortcut", space=int(a)), lambda s, p: m("prompt.shortcut"))
def _shortcut_answer(s: RobinsonState, p: dict, a: str) -> None:
    place_shortcut(s, int(a))


# ---------------------------------------------------------------- weapon bonuses before a fight (R51)

BONUS_ITEMS = ("Pistol", "Old Rifle", "Surprising Discovery")  # +3 each; the Sabre is for Hunts only
FRENZY = 3  # determination


def bonuses(s: RobinsonState, who: str, used: list[str]) -> list[str]:
    """What may still raise the Weapon for this fight (each once): shared items with a use left,
    and Frenzy when the Soldier fights in his own action (§3.10)."""
    out = [i.replace(" ", "_") for i in BONUS_ITEMS if s.items.get(i, 0) > 0]
    c = s.chars.get(who)
    if who == "Soldier" and c is not None and s.phase == "resolve" and s.actor == who and c.det >= FRENZY \
            and "frenzy" not in c.used and "noabil" not in s.limits.get(who, []):
        out.append("frenzy")
    return [x for x in out if x not in used]


def fight_or_ask(s: RobinsonState, who: str, bonus: int = 0, used: str = "", **foe: str) -> None:
    """A fight outside a Hunt: `foe` is beast=<card> (a Beast-deck card, R54 applies) or
    stats="st:loss:food:fur", extra=<json codes>, title=<shown name>.  With a bonus at hand the
    fighter's seat is asked first (`fb:`); else the fight happens now."""
    opts = bonuses(s, who, used.split(";"))
    if not opts:
        _fight(s, who, bonus, foe)
        return
    ask(s, "fight", ["go"] + opts, seat=seat_of(s, who), who=who, bonus=str(bonus), used=used, **foe)


def _fight(s: RobinsonState, who: str, bonus: int, foe: dict) -> None:
    if foe.get("beast"):
        fight_beast(s, who, foe["beast"], bonus)
        return
    st, loss, food, fur = (int(x) for x in foe["stats"].split(":"))
    fight(s, who, st, loss, food, fur, tuple(json.loads(foe.get("extra") or "[]")), bonus, foe.get("title", ""))


def _foe(p: dict) -> dict:
    return {k: p[k] for k in ("beast", "stats", "extra", "title") if k in p}


def _foe_name(p: dict) -> tuple[Any, int]:
    if p.get("beast"):
        b = BEASTS[p["beast"].partition(":")[2]]
        return card_msg(p["beast"]), b.strength
    return named(p.get("title") or "?"), int(p["stats"].split(":")[0])


def _fight_label(s: RobinsonState, p: dict, a: str) -> Any:
    if a == "go":
        return m("mv.fight_go", beast=_foe_name(p)[0], wpn=s.weapon + int(p["bonus"]))
    bonus = m("ab.frenzy") if a == "frenzy" else card_msg("item:" + a.replace("_", " "))
    return m("mv.fight_bonus", bonus=bonus)


def _fight_prompt(s: RobinsonState, p: dict) -> Any:
    name, strength = _foe_name(p)
    return m("prompt.fight", who=char(p["who"]), beast=name, str=strength, wpn=s.weapon + int(p["bonus"]))


@kind("fight", "fb", _fight_label, _fight_prompt)
def _fight_answer(s: RobinsonState, p: dict, a: str) -> None:
    who, bonus = p["who"], int(p["bonus"])
    if a == "go":
        _fight(s, who, bonus, _foe(p))
        return
    if a == "frenzy":
        c = s.chars[who]
        c.det -= FRENZY
        c.used.append("frenzy")
        s.events.append(m("ev.ability", who=char(who), ab=m("ab.frenzy")))
    else:
        item = a.replace("_", " ")
        s.items[item] -= 1
        if s.items[item] <= 0:
            del s.items[item]
        s.events.append(m("ev.use_item", item=card_msg("item:" + item)))
    s.events.append(m("ev.fight_bonus", n=3))
    fight_or_ask(s, who, bonus + 3, p["used"] + a + ";", **_foe(p))


# ---------------------------------------------------------------- the fight codes (R52: R in the Action phase, else FP)

def fighter(s: RobinsonState, r: str | None) -> str:
    if s.phase == "resolve" and r and r in s.chars and not s.chars[r].dead:
        return r
    return fp_char(s)


def _fight_code(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    fight_or_ask(s, fighter(s, r), stats=arg, title=card.partition(":")[2])


def _fight_top(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """The top Beast-deck card is drawn, fought and discarded (E11: none left: strength 3, no loss,
    no loot)."""
    if not s.beast_deck:
        fight_or_ask(s, fighter(s, r), stats="3:0:0:0", title="?")
        return
    b = BEASTS[s.beast_deck.pop(0).partition(":")[2]]
    fight_or_ask(s, fighter(s, r), stats=f"{b.strength}:{b.loss}:{b.food}:{b.fur}", extra=json.dumps(list(b.extra)),
                 title=b.name)


def _fight_stats(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    b = BEASTS[arg]
    fight_or_ask(s, fighter(s, r), stats=f"{b.strength}:{b.loss}:{b.food}:{b.fur}", extra=json.dumps(list(b.extra)),
                 title=b.name)


OPS.update({"fast_work": _fast_work, "shortcut": _shortcut, "fight": _fight_code, "fight_top": _fight_top,
            "fight_stats": _fight_stats})

"""The weapon bonuses before a fight outside a Hunt (R51 step 1, E20, E31; Hunts offer theirs with
`go`, moves.py) and the fight codes of the cards (R52).

  fb:go / fb:<item> / fb:frenzy
                   before a fight: fight now, or first use Pistol, Old Rifle or Surprising
                   Discovery (+3 each), or Frenzy (the Soldier in his own action); asked again
                   after each use while another bonus is left
"""
from __future__ import annotations

import json

from ...text import Msg
from ..combat import fight, fight_beast
from ..data import BEASTS
from ..effects.interpreter import OPS
from ..names import named
from ..state import RobinsonState
from ..tallies import fp_char
from ..texts import card as card_msg, char, m
from .core import Prompt, ask, kind, seat_of

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


def _fight(s: RobinsonState, who: str, bonus: int, foe: dict[str, str]) -> None:
    if foe.get("beast"):
        fight_beast(s, who, foe["beast"], bonus)
        return
    st, loss, food, fur = (int(x) for x in foe["stats"].split(":"))
    fight(s, who, st, loss, food, fur, tuple(json.loads(foe.get("extra") or "[]")), bonus, foe.get("title", ""))


def _foe(p: Prompt) -> dict[str, str]:
    return {k: p[k] for k in ("beast", "stats", "extra", "title") if k in p}


def _foe_name(p: Prompt) -> tuple[Msg | str, int]:
    if p.get("beast"):
        b = BEASTS[p["beast"].partition(":")[2]]
        return card_msg(p["beast"]), b.strength
    return named(p.get("title") or "?"), int(p["stats"].split(":")[0])


def _fight_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    if a == "go":
        return m("mv.fight_go", beast=_foe_name(p)[0], wpn=s.weapon + int(p["bonus"]))
    bonus = m("ab.frenzy") if a == "frenzy" else card_msg("item:" + a.replace("_", " "))
    return m("mv.fight_bonus", bonus=bonus)


def _fight_prompt(s: RobinsonState, p: Prompt) -> Msg:
    name, strength = _foe_name(p)
    return m("prompt.fight", who=char(p["who"]), beast=name, str=strength, wpn=s.weapon + int(p["bonus"]))


@kind("fight", "fb", _fight_label, _fight_prompt)
def _fight_answer(s: RobinsonState, p: Prompt, a: str) -> None:
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


OPS.update({"fight": _fight_code, "fight_top": _fight_top, "fight_stats": _fight_stats})

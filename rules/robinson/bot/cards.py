"""What a card's effect codes (R91) cost or bring the co-operative bot, in wounds: an event's draw
and slide-off (§3.9), a threat action's reward (R48), an adventure option (§3.11).  A rough
price per code from the Worth of the moment; the sum of a list of codes is their price."""
from __future__ import annotations

from typing import Any, Iterable

from .. import plan
from ..data import ADVENTURES, EVENTS, MYSTERY, WRECKAGE, Effect
from ..island import kind, sources
from ..tallies import players
from .harm import fight_wounds, hurt, morale_cost
from .island_value import camp_food
from .odds import above, animals
from .worth import Worth

ADV_COST = 0.7  # an adventure card, on average (R41, §3.11)
SOURCE = 2.0  # a source exhausted (E30): what it would give in the rounds left, roughly
ITEM = 2.5  # an invention item flipped back (R59)


def _who(w: Worth, who: str) -> float:
    """One wound to `who` in a code: All = each character in camp, else one character."""
    costs = list(w.cost_of.values()) or [1.0]
    return w.hurt_all if who == "All" else sum(costs) / len(costs)


def _cloud(w: Worth, snow: bool) -> float:
    """One more cloud in the next Weather phase (R67): wood and food above the Roof, wood for snow."""
    r = w.rnd
    extra = above(r, w.pj.roof, 1, w.scen) - above(r, w.pj.roof, 0, w.scen) if r >= 4 else float(w.pj.roof < 1)
    return extra * (w.wood + 1.2) + (w.wood if snow else 0.0)


def _level(w: Worth, track: str) -> float:
    """One level of Roof, Palisade or Weapon: what it is worth now, at most what rebuilding it costs
    (R56: a Build and its wood)."""
    wood_c = plan.SHELTER_COST[players(w.s)][0] if track != "wpn" else 1
    value = {"pal": w.palisade(1), "wpn": w.weapon(1), "roof": w.roof()}[track]
    return min(value, wood_c * w.wood_later + 1.5)


def code_cost(w: Worth, code: Any) -> float:
    """The price of one effect code (negative: a gain)."""
    if not isinstance(code, str):  # "A or B": the chooser takes the cheaper
        opts = [sum(code_cost(w, c) for c in opt) for v in code.values() for opt in v]
        return min(opts) if opts else 0.0
    s = w.s
    head, _, arg = code.partition(":")
    a = arg.split(":")
    if head == "wnd":
        return int(a[0]) * _who(w, a[1] if len(a) > 1 else "R")
    if head == "wnd_unless_med":
        return 0.0 if "Medicine" in s.built else int(a[0]) * _who(w, a[-1])
    if head == "wnd_med":  # n wounds, m with Medicine
        return int(a[1] if "Medicine" in s.built else a[0]) * _who(w, a[-1])
    if head == "M":
        n = int(a[0])
        return -n * morale_cost(s, s.morale + 1) * 0.8 if n > 0 else -n * morale_cost(s)
    if head == "D":
        n = int(a[0]) * (players(s) if a[1] == "All" else 1)
        return -0.35 * n if n > 0 else -n * (0.6 if s.morale < 0 else 0.3)
    if head == "res":
        n = int(a[1])
        if a[0] in ("F", "NF"):  # food tonight at its price (R72); non-perishable food keeps
            return -w.food(n) - (0.6 * n if a[0] == "NF" else 0.0) if n > 0 else w.food(-n)
        return -n * (w.wood_later if a[0] == "W" else w.fur)
    if head == "res_pp":
        return -int(a[1]) * players(s) * 1.0
    if head in ("exh", "exh_gathered", "exh_other", "exh_flock"):
        return SOURCE * (int(a[1]) if head == "exh" and a[0] == "adj" else 1)
    if head in ("restore_it",):
        return -SOURCE * 0.8
    if head == "noprod":
        food = camp_food(s) * 1.2
        wood = sum(1 for x in sources(s, s.camp) if kind(x) == "W") * w.wood_later
        return {"F": food, "W": wood}.get(a[0], food + wood)
    if head in ("halfprod", "lessprod"):
        return 1.2
    if head == "trk":
        n = int(a[1])
        return -n * _level(w, a[0])  # a level lost costs what it is worth, at most its rebuilding
    if head == "rp":
        return -int(a[0]) * min(_level(w, "roof"), _level(w, "pal"))
    if head == "halfrp":
        return min(s.roof // 2 * _level(w, "roof"), s.palisade // 2 * _level(w, "pal"))
    if head == "half":
        return s.roof // 2 * _level(w, "roof")
    if head == "wx":
        if a[0] in ("rain", "snow"):
            return _cloud(w, a[0] == "snow")
        if a[0] == "storm":
            return w.hurt_all if w.pj.pal < 1 else w.palisade(1) * 0.5
        return 0.0 if animals(w.rnd, w.scen) else (w.hurt_all * max(0, 3 - w.pj.wpn) / 6 + w.hurt_all / 3 * (w.pj.pal < 1) + 0.2)
    if head == "tok":
        return {"ADV": ADV_COST * 0.8, "RR": 0.3, "TC": 0.7, "DNG": 0.8, "XW": 0.8}.get(a[0], 0.3)
    if head in ("flip", "flip_marked"):
        return ITEM * min(int(a[0]) if a and a[0].isdigit() else 1, len(s.built))
    if head in ("tile_down", "tile_down_it", "camp_adj", "cloudburst"):
        return 2.0
    if head == "unexpl":
        return 0.8
    if head == "lose_all_FW":
        return s.avail["W"] * w.wood_later + s.avail["F"] * 0.8
    if head == "extra_meal":
        return 0.8 * w.camp
    if head in ("onepawn", "only"):
        return 1.5 if a[0] != "All" else 1.5 * w.camp
    if head in ("noabil", "camp_blocked", "fp_pass", "inv_disc"):
        return 0.25
    if head in ("dangerous_night", "fight_top", "fight_stats"):
        who = min(w.cost_of, key=w.cost_of.__getitem__) if w.cost_of else None
        return w.hunt(who, w.pj.wpn)[0] if who else 2.0
    if head == "fight":  # strength / weapon loss / food / fur (R51)
        st, loss, food, fur = (int(x) for x in a[:4])
        wounds = max(0, st - int(w.pj.wpn)) + max(0, loss - int(w.pj.wpn))
        return wounds * _who(w, "R") * 1.2 - 1.2 * food - w.fur * fur
    if head == "dn_shuffle" and s.set_aside:  # §3.9: the set-aside beast is not fought (R94)
        nxt = s.seat_char[s.seats[(s.fp + (len(s.seats) > 1)) % len(s.seats)]]
        return -hurt(s, nxt, fight_wounds(s, s.set_aside.partition(":")[2], w.pj.wpn))
    if head == "night_out":
        return 2.2
    if head in ("disc", "treasure", "start_item", "keep", "mystery"):
        return -0.8
    if head == "heal":
        return -int(a[0]) * 0.7
    if head == "stroke_of_fate":
        return sum(slide_cost(w, c) for c in s.threat if c)
    return 0.2


def codes_cost(w: Worth, codes: Iterable[Effect]) -> float:
    return sum(code_cost(w, c) for c in codes)


def slide_cost(w: Worth, card: str) -> float:
    deck, _, name = card.partition(":")
    return 0.0 if deck != "event" else codes_cost(w, EVENTS[name].slide)


def event_cost(w: Worth, name: str) -> float:
    """An event drawn (R20): its draw effect now, its adventure token, and half its slide-off (a threat
    action may spare it)."""
    e = EVENTS[name]
    return codes_cost(w, e.draw) + (ADV_COST * 0.5 if e.icon != "book" else 0.0) + 0.5 * codes_cost(w, e.slide)


def drawn_cost(w: Worth, card: str, avg: float) -> float:
    """The top card of the event deck when drawn (R19): an event card's cost, or the event half of an
    adventure or Mystery card sent there (R90) and the card drawn after it."""
    if card.startswith("event:"):
        return event_cost(w, card.partition(":")[2])
    half = MYSTERY[card].event if card.startswith("mystery:") else ADVENTURES[card].event
    return codes_cost(w, half) + avg


def threat_value(w: Worth, i: int, card: str, pawns: int = 1) -> float:
    """A threat action (R47-R49) spares the card's slide-off (left space: at the next Event phase;
    right space: later, and it may be dealt with next round) and takes its reward (a Wreckage card:
    the small reward for 1 pawn, the large one for 2)."""
    deck, _, name = card.partition(":")
    if deck == "wreck":
        return max(0.2, -codes_cost(w, WRECKAGE[name]["small" if pawns < 2 else "large"]))
    e = EVENTS[name]
    harm = max(0.0, codes_cost(w, e.slide))
    reward = -codes_cost(w, e.reward)
    return (harm if i == 0 else 0.35 * harm) + max(0.2, reward)

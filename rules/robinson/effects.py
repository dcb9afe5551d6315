"""The effect interpreter for the codes of R91 used by the card tables (§3.4-§3.9).

`apply(s, codes, card, r)` runs a card half in order.  Choices that the rules
give to the FP's or the resolver's seat are asked (asks.py, E31); every code in
the data is known here (tests check that), so nothing is silently skipped.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .cont import later, step
from .island import has_shelter
from .prims import (demand_targets, found_token, fp_char, gain, gain_det, half_loss, heal, living, lose_det,
                    over, pay, set_morale, wound_all)
from .state import RobinsonState
from .texts import card as card_msg, char, m, sub

DECKS = {"B": "build", "G": "gather", "E": "explore", "Build": "build", "Gather": "gather",
         "Explore": "explore", "Hunt": "hunt", "Camp": "camp",
         "Weapon": "wpn", "Shelter": "shelter", "Roof": "roof", "Palisade": "pal"}  # +1W tokens (R88)
TRACKS = {"roof": "roof", "pal": "palisade", "wpn": "weapon"}
ARRIVAL = {"Fallen Tree": ("W", 1), "Nourishing Larvae": ("F", 2)}


def who_list(s: RobinsonState, who: str, r: str | None) -> list[str]:
    if who == "All":
        return living(s)
    if who == "R" and r and r in s.chars and not s.chars[r].dead:
        return [r]
    return [fp_char(s)]  # FP, or R90: the drawer is gone


def track(s: RobinsonState, name: str, delta: int, if_possible: bool = False) -> int:
    """Roof/Palisade/Weapon +-n (R60: raises of Roof/Palisade need a Shelter; E4: a loss
    below 0 is unfulfilled demand unless "if possible").  Returns the change made."""
    attr = TRACKS[name]
    now = getattr(s, attr)
    if delta > 0:
        if name != "wpn" and not has_shelter(s):
            s.events.append(m("ev.no_shelter_bonus"))
            return 0
        setattr(s, attr, now + delta)
    else:
        take = min(now, -delta)
        setattr(s, attr, now - take)
        if -delta - take and not if_possible:
            s.events.append(m("ev.demand_track", track=sub("track", name), n=-delta - take))
            wound_all(s, demand_targets(s), -delta - take)
        delta = -take
    if delta:
        s.events.append(m("ev.track", track=sub("track", name), n=getattr(s, attr)))
    return delta


def put_token(s: RobinsonState, where: str, tok: str) -> None:
    """R88: a space never holds two identical tokens."""
    lst = s.action_tokens.setdefault(where, [])
    if tok not in lst:
        lst.append(tok)
        s.events.append(m("ev.token", tok=sub("tok", tok), where=sub("act", where)))


def take_token(s: RobinsonState, action: str, tok: str) -> bool:
    lst = s.action_tokens.get(action, [])
    if tok in lst:
        lst.remove(tok)
        return True
    return False


def draw_discovery(s: RobinsonState, n: int) -> None:
    """R62(5)/R95: draw what is left; the tokens arrive in Future (Action phase) or Available."""
    for _ in range(n):
        if not s.disc_stack:
            return
        tok = s.disc_stack.pop(0)
        s.events.append(m("ev.disc", tok=sub("disc", tok)))
        if s.phase == "resolve":
            found_token(s, tok)  # R74: to the supply of a resolver outside
        else:
            arrive(s, [tok])


def arrive(s: RobinsonState, toks: list[str]) -> None:
    """R45: tokens marked "on arrival" convert when they reach Available."""
    for tok in toks:
        if tok in ARRIVAL:
            code, n = ARRIVAL[tok]
            s.avail[code] += n
            s.events.append(m("ev.gain", n=n, res=sub("res", code)))
        elif tok == "Tobacco":
            set_morale(s, 1)
        elif tok == "Thorny Bushes":
            track(s, "pal", 1)
        else:
            s.tokens.append(tok)


def exhaust(s: RobinsonState, card: str, spots: list[tuple[int, str]], n: int) -> None:
    """`exh`: exhaust n sources; too few = unfulfilled demand (§3.9, E4), 1 wound per missing source
    to whoever R80 names now (the resolver during the Action phase, every character in the Event
    phase: the cards' "else wnd 1(All)")."""
    done = spots[:n]
    for sp, src in done:
        s.island[sp].exhausted.append(src)
        s.mem.setdefault(card, []).append(f"{sp}.{src}")
        s.events.append(m("ev.exhaust", space=sp, src=sub("src", src)))
    if len(done) < n:
        s.events.append(m("ev.demand_source", n=n - len(done)))
        wound_all(s, demand_targets(s), n - len(done))


def restore_it(s: RobinsonState, card: str) -> None:
    for ref in s.mem.pop(card, []):
        sp, _, src = ref.partition(".")
        spot = s.island.get(int(sp))
        if spot is not None and src in spot.exhausted:
            spot.exhausted.remove(src)
            s.events.append(m("ev.restore", space=int(sp), src=sub("src", src)))


def flip_back(s: RobinsonState, item: str) -> None:
    """R59: the item stops working; its track bonus and tokens are reverted."""
    s.built.remove(item)
    for attr in ("weapon", "palisade"):
        key = f"{item}.{attr}"
        if key in s.bonus:
            setattr(s, attr, max(0, getattr(s, attr) - s.bonus.pop(key)))
    where = s.placed.pop(item, None)
    if where:
        sp, _, tok = where.partition(":")
        spot = s.island.get(int(sp))
        if spot is not None and tok in spot.tokens:
            spot.tokens.remove(tok)
    s.events.append(m("ev.flip", item=card_msg("invention:" + item)))


def move_camp(s: RobinsonState, to: int) -> None:
    """R73: Roof and Palisade lose half; a natural-only shelter is lost with both at 0;
    camp tokens move (duplicates discarded with their item flipped back); a Shortcut is lost."""
    from .island import natural_shelter
    natural_only = natural_shelter(s) and not s.shelter
    old = s.island[s.camp]
    s.camp = to
    if natural_only:
        s.roof = s.palisade = 0
    else:
        s.roof -= half_loss(s.roof) if s.roof else 0
        s.palisade -= half_loss(s.palisade) if s.palisade else 0
    new = s.island[to]
    for tok in [t for t in old.tokens if t in ("+F", "+W")]:
        old.tokens.remove(tok)
        owner = next((i for i, w in s.placed.items() if w.endswith(":" + tok)), None)
        if tok in new.tokens:
            if owner and owner in s.built:
                flip_back(s, owner)
        else:
            new.tokens.append(tok)
            if owner:
                s.placed[owner] = f"{to}:{tok}"
    if "Shortcut" in s.built:
        flip_back(s, "Shortcut")
    s.events.append(m("ev.camp_move", space=to, roof=s.roof, pal=s.palisade))


def choose_alternative(s: RobinsonState, options: list[list[Any]]) -> list[Any]:
    """A choice between codes (FP in the Event phase, E15): the first that can be met in full."""
    for opt in options:
        if all(_affordable(s, c) for c in opt):
            return opt
    return options[-1]


def _affordable(s: RobinsonState, code: Any) -> bool:
    if not isinstance(code, str):
        return True
    op, _, arg = code.partition(":")
    if op == "res":
        k, _, n = arg.partition(":")
        have = s.avail["F"] + s.avail["NF"] if k == "F" else s.avail[k]
        return int(n) >= 0 or have >= -int(n)
    if op == "trk":
        name, _, n = arg.partition(":")
        return int(n.split(":")[0]) >= 0 or getattr(s, TRACKS[name]) >= -int(n.split(":")[0])
    if op == "flip":
        return len(s.built) >= int(arg)
    if op == "wnd":
        return False
    return True


def apply(s: RobinsonState, codes: tuple[Any, ...] | list[Any], card: str, r: str | None = None) -> None:
    """Run the codes in order; a code that asks a player (asks.py) stops here and the codes after
    it wait in the continuation (cont.py) until the answer."""
    codes = list(codes)
    for i, code in enumerate(codes):
        if over(s):
            return
        if isinstance(code, dict):  # "A or B": the chooser's pick (R91, E15)
            from .asks import ask_or
            ask_or(s, code["or"], card, r)
        else:
            op, _, arg = code.partition(":")
            OPS[op](s, arg, card, r)
        if s.pending is not None:
            if i + 1 < len(codes):
                later(s, "codes", card, r or "", json.dumps(codes[i + 1:]))
            return


@step("codes")
def _codes_step(s: RobinsonState, args: list[str]) -> None:
    card, r, codes = args
    apply(s, json.loads(codes), card, r or None)


def _res(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    k, _, rest = arg.partition(":")
    n, _, ifp = rest.partition(":")
    if int(n) > 0:
        gain(s, k, int(n))
    else:
        pay(s, k, -int(n), if_possible=bool(ifp))


def _det(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    n, _, who = arg.partition(":")
    for c in who_list(s, who, r):
        (gain_det if int(n) > 0 else lose_det)(s, c, abs(int(n)))
        if over(s):
            return


def _wnd(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    n, _, who = arg.partition(":")
    wound_all(s, who_list(s, who, r), int(n))


def _trk(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    parts = arg.split(":")
    track(s, parts[0], int(parts[1]), if_possible=len(parts) > 2)


def _half(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    value = getattr(s, TRACKS[arg])
    if value:
        track(s, arg, -half_loss(value))


def _tok(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    tok, _, where = arg.partition(":")
    put_token(s, "hunt_deck" if (tok == "DNG" and where == "Hunt") else DECKS[where], tok)


def _wx(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if arg not in s.weather_tokens:  # E7
        s.weather_tokens.append(arg)
        s.events.append(m("ev.weather_token", tok=sub("wx", arg)))


def _restore(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    restore_it(s, card)


def _unexpl(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.unexplored_terrain.setdefault(arg, card)
    s.events.append(m("ev.unexplored", terrain=sub("terrain", arg)))


def _back(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.unexplored_terrain.get(arg) == card:
        del s.unexplored_terrain[arg]
        s.events.append(m("ev.explored_again", terrain=sub("terrain", arg)))


def _noprod(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.prod_mods.append("no" + arg)
    s.events.append(m("ev.noprod", what=sub("prod", arg)))


def _halfprod(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.prod_mods.append("half")
    s.events.append(m("ev.noprod", what=m("prod.half")))


def _lessprod(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.prod_mods.append("less" + arg)


def _items_off(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if "items_off" not in s.flags:
        s.flags.append("items_off")
        s.events.append(m("ev.items_off"))


def inv_refill(s: RobinsonState) -> bool:
    """E12: an empty invention deck is rebuilt by shuffling its discards; False when both are empty."""
    if not s.inv_deck and s.inv_discard:
        s.inv_deck, s.inv_discard = s.inv_discard, []
        s.rng.shuffle(s.inv_deck)
    return bool(s.inv_deck)


def _inv_disc(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    for _ in range(int(arg)):
        if not inv_refill(s):  # E12
            return
        s.inv_discard.append(s.inv_deck.pop(0))
    s.events.append(m("ev.inv_disc", n=int(arg)))


def _inv_board(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if inv_refill(s):  # E12
        top = s.inv_deck.pop(0)
        s.inv_board.append(top)
        s.events.append(m("ev.inv_board", item=card_msg("invention:" + top)))


def _disc(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    draw_discovery(s, int(arg))


def _book(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.events.append(m("ev.book"))  # S6: no effect in Castaways


def _limit(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    who, _, what = arg.partition(":")
    for c in who_list(s, who, r):
        s.limits.setdefault(c, []).append(what)
        s.events.append(sub("ev.limit", what.partition(".")[0], who=char(c)))


def _onepawn(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    _limit(s, arg + ":onepawn", card, r)


def _only(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    who, _, what = arg.partition(":")
    _limit(s, f"{who}:only.{what}", card, r)


def _noabil(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    _limit(s, arg + ":noabil", card, r)


def _flag(name: str) -> Callable:
    def run(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
        if name not in s.flags:
            s.flags.append(name)
            s.events.append(sub("ev.flag", name))
    return run


def _fp_pass(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if len(s.seats) > 1:
        s.fp = (s.fp + 1) % len(s.seats)
        s.events.append(m("ev.fp_pass", who=char(fp_char(s))))


def _extra_meal(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.extra_meal += 1
    s.events.append(m("ev.extra_meal"))


def _heal(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    n, _, who = arg.partition(":")
    for c in who_list(s, who, r):
        heal(s, c, int(n))


OPS: dict[str, Callable[[RobinsonState, str, str, str | None], None]] = {
    "res": _res, "D": _det, "M": lambda s, a, c, r: set_morale(s, int(a)), "wnd": _wnd, "heal": _heal,
    "trk": _trk, "half": _half, "tok": _tok, "wx": _wx,
    "restore_it": _restore, "unexpl": _unexpl, "back": _back, "noprod": _noprod, "halfprod": _halfprod,
    "lessprod": _lessprod, "items_off": _items_off, "inv_disc": _inv_disc,
    "inv_board": _inv_board, "disc": _disc, "book": _book, "onepawn": _onepawn, "only": _only,
    "noabil": _noabil, "camp_blocked": _flag("camp_blocked"), "fp_pass": _fp_pass,
    "extra_meal": _extra_meal,
}

from . import adv_effects, asks, specials  # noqa: E402,F401  (they register their codes in OPS)

"""What effect codes (R91) change on the board, also used by the phases, actions and asks: the
tracks (R60, E4), action tokens (R88), discovery tokens and their arrival (R45, R62, R95), exhausted
and restored sources (§3.9), items flipped back (R59), the camp's move (R73)."""
from __future__ import annotations

from ...text import Msg, join
from ..island import has_shelter, natural_shelter, stacks_on_camp
from ..state import RobinsonState
from ..tallies import demand_targets, found_token, fp_char, half_loss, living, set_morale, wound_all
from ..texts import card as card_msg, m, sub

TRACKS = {"roof": "roof", "pal": "palisade", "wpn": "weapon"}
ARRIVAL = {"Fallen Tree": ("W", 1), "Nourishing Larvae": ("F", 2),
           "Seeds": ("NF", 1), "Ruined Hut": ("W", 2)}  # Seeds: K6.10; Ruined Hut: K3.11


def who_list(s: RobinsonState, who: str, r: str | None) -> list[str]:
    if who == "All":
        return living(s)
    if who == "R" and r and r in s.chars and not s.chars[r].dead:
        return [r]
    return [fp_char(s)]  # FP, or R90: the drawer is gone


def track(s: RobinsonState, name: str, delta: int, if_possible: bool = False, why: Msg | None = None) -> int:
    """Roof/Palisade/Weapon +-n (R60: raises of Roof/Palisade need a Shelter; E4: a loss
    below 0 is unfulfilled demand unless "if possible").  Returns the change made.  `why`: the card or
    token or die that moves it, named when the raise is lost or the drop is unfulfilled demand (two
    such lines of one move never read the same)."""
    attr = TRACKS[name]
    now = getattr(s, attr)
    if delta > 0:
        if name != "wpn" and not has_shelter(s):
            s.events.append(m("ev.no_shelter_bonus_of", track=sub("track", name), why=why) if why is not None
                            else m("ev.no_shelter_bonus", track=sub("track", name)))
            return 0
        setattr(s, attr, now + delta)
    else:
        take = min(now, -delta)
        setattr(s, attr, now - take)
        if -delta - take and not if_possible:
            s.events.append(m("ev.demand_track_why", why=why, track=sub("track", name), n=-delta - take)
                            if why is not None else m("ev.demand_track", track=sub("track", name), n=-delta - take))
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
    drawn, s.disc_stack = s.disc_stack[:max(0, n)], s.disc_stack[max(0, n):]
    if drawn:  # one line for all of them (two alike never read as one told twice)
        s.events.append(m("ev.disc", tok=join([sub("disc", tok) for tok in drawn], ", "), n=len(drawn)))
    if s.phase != "resolve":
        arrive(s, drawn)
        return
    for tok in drawn:
        found_token(s, tok)  # R74: to the supply of a resolver outside


def arrive(s: RobinsonState, toks: list[str]) -> None:
    """R45: tokens marked "on arrival" convert when they reach Available; alike tokens arriving
    together are told in one line ("Nourishing Larvae (2): +4 food.")."""
    for tok in dict.fromkeys(toks):
        k = toks.count(tok)
        what = sub("disc", tok) if k == 1 else m("n_times", what=sub("disc", tok), n=k)
        if tok in ARRIVAL:
            code, n = ARRIVAL[tok]
            s.avail[code] += n * k
            s.events.append(m("ev.gain_why", why=what, n=n * k, res=sub("res", code)))
        elif tok == "Tobacco":
            for _ in range(k):
                set_morale(s, 1)
        elif tok == "Thorny Bushes":
            track(s, "pal", k, why=what)
        else:
            s.tokens += [tok] * k


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
        if tok in new.tokens and not stacks_on_camp(s, tok):  # K6.6: food tokens stack there
            if owner and owner in s.built:
                flip_back(s, owner)
        else:
            new.tokens.append(tok)
            if owner:
                s.placed[owner] = f"{to}:{tok}"
    if "Shortcut" in s.built:
        flip_back(s, "Shortcut")
    s.events.append(m("ev.camp_move", space=to, roof=s.roof, pal=s.palisade))

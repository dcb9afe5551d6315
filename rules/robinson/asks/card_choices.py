"""The choices inside card effects that the code table asks (asks/core.py, E31):

  ev:<i>           "A or B" (i = option), Roof or Palisade (0 Roof, 1 Palisade), on any event
                   card, slide-off, event half or threat reward
  ex:<space>.<src> a source to exhaust (adjacent tiles; ties for the nearest)
  td:<space>       the tile next to the camp that turns face down (tile↓, E29)
  cm:<space>       where the camp goes (camp→adj, R73)
  fl:<item>        an item flipped back (R59)
  hw:<beast>       Howling from the Woods: which of the strongest beasts goes on top (ties)
  cn:<invention>   Council's reward: the invention-deck card put on the board
  wd:pay / wd:no   Wild Dog's event half: pay 1 food for Weapon +1
  sc:<space>       the tile that gets the Shortcut token (the Explorer's seat, §3.6)
"""
from __future__ import annotations

import json

from ...text import Msg, join
from ..adventures import describe
from ..data import BEASTS
from ..effects.changes import exhaust, flip_back, move_camp, track
from ..effects.interpreter import OPS, apply
from ..island import adjacent_tiles, distances, has_shelter, nearest_sources
from ..state import RobinsonState
from ..tallies import half_loss, living, pay
from ..texts import card as card_msg, m, sub
from .core import Prompt, ask, ask_choice, kind, prompt_card, prompt_resolver, seat_of


# ---------------------------------------------------------------- "A or B" (R91), Roof or Palisade (E15)

def _or_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    return m("mv.event_choice", card=prompt_card(p), what=describe(json.loads(p["opts"])[int(a)], False))


@kind("or", "ev", _or_label, lambda s, p: m("prompt.choose_effect", card=prompt_card(p)))
def _or_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    apply(s, json.loads(p["opts"])[int(a)], p["card"], prompt_resolver(p))


def _rp(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """`Roof|Pal ±n`: asked unless both answers come to the same (no Shelter for a raise, R60;
    both at 0 for a loss: unfulfilled demand either way, E4)."""
    n = int(arg)
    if (n > 0 and not has_shelter(s)) or (n < 0 and s.roof == 0 and s.palisade == 0):
        track(s, "roof", n)
        return
    ask(s, "rp", ["0", "1"], card, r, n=arg)


def _rp_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    return m("mv.event_choice", card=prompt_card(p),
             what=m("mv.track_by", track=sub("track", ("roof", "pal")[int(a)]), n=f"{int(p['n']):+d}"))


@kind("rp", "ev", _rp_label, lambda s, p: m("prompt.roof_or_pal", card=prompt_card(p)))
def _rp_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    track(s, ("roof", "pal")[int(a)], int(p["n"]))


def _halfrp(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """½Roof or ½Pal: asked unless neither loses anything (E5: half of 1 is nothing)."""
    if half_loss(s.roof) or half_loss(s.palisade):
        ask(s, "halfrp", ["0", "1"], card, r)


def _half_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    name = ("roof", "pal")[int(a)]
    lost = half_loss(s.roof if name == "roof" else s.palisade)
    return m("mv.event_choice", card=prompt_card(p), what=m("mv.lose_half", track=sub("track", name), n=lost))


@kind("halfrp", "ev", _half_label, lambda s, p: m("prompt.roof_or_pal", card=prompt_card(p)))
def _halfrp_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    name = ("roof", "pal")[int(a)]
    track(s, name, -half_loss(s.roof if name == "roof" else s.palisade))


# ---------------------------------------------------------------- sources to exhaust (§3.9, E14)

def _exh(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    where, what, *ifp = arg.split(":")
    if where == "adj":
        exhaust_adjacent(s, card, r, int(what), bool(ifp))
    else:
        exhaust_nearest(s, card, r, what)


def exhaust_adjacent(s: RobinsonState, card: str, r: str | None, n: int, if_possible: bool = False) -> None:
    """`exh n adjacent`: n different sources on tiles next to the camp, picked one at a time; too
    few = all of them and unfulfilled demand for the rest (§3.9, E4), unless the card says "if
    possible" (`exh:adj:n:ifp`, R81, R91: Ravishing Hurricane)."""
    adj = set(adjacent_tiles(s, city=True))  # the City's sources may be exhausted (K5.9 keeps moves off it)
    cands = sorted((sp, src) for sp, src in nearest_sources(s, "any") if sp in adj)
    if len(cands) <= n:
        exhaust(s, card, cands, len(cands) if if_possible else n)
        return
    ask(s, "exh", [f"{sp}.{src}" for sp, src in cands], card, r, n=str(n), near="", ifp="1" if if_possible else "")


def exhaust_nearest(s: RobinsonState, card: str, r: str | None, want: str) -> None:
    """`exh nearest x`: the chooser breaks ties between sources at the same distance (E14)."""
    found = nearest_sources(s, want)
    if not found:
        exhaust(s, card, [], 1)  # "else wnd 1(All)": unfulfilled demand (§3.9)
        return
    dist = distances(s)
    tied = sorted(x for x in found if dist[x[0]] == dist[found[0][0]])
    if len(tied) == 1:
        exhaust(s, card, tied, 1)
        return
    ask(s, "exh", [f"{sp}.{src}" for sp, src in tied], card, r, n="1", near=want)


def _exh_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    sp, _, src = a.partition(".")
    return m("mv.exhaust", src=sub("src", src), space=int(sp))


@kind("exh", "ex", _exh_label, lambda s, p: m("prompt.exhaust", card=prompt_card(p), n=int(p["n"])))
def _exh_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    sp, _, src = a.partition(".")
    exhaust(s, p["card"], [(int(sp), src)], 1)
    left = int(p["n"]) - 1
    if left > 0:
        exhaust_adjacent(s, p["card"], prompt_resolver(p), left, bool(p.get("ifp")))


# ---------------------------------------------------------------- tile↓ (E29), camp→adj (R73)

def _tile_down(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """E29: a face-up tile next to the camp (never the camp) turns face down, losing its tokens."""
    ask_choice(s, "tile", [str(x) for x in adjacent_tiles(s)], card, r)


def tile_down(s: RobinsonState, card: str, sp: int) -> None:
    s.island[sp].face_up = False
    s.island[sp].tokens = []
    s.marks.pop(sp, None)  # K0.6, K2.9 (E29): its marks go with its tokens
    s.mem[card] = [str(sp)]
    s.events.append(m("ev.tile_down", space=sp))


@kind("tile", "td", lambda s, p, a: m("mv.tile_down", space=int(a)),
      lambda s, p: m("prompt.tile_down", card=prompt_card(p)))
def _tile_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    tile_down(s, p["card"], int(a))


def _camp_adj(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """camp→adj: the camp moves to a face-up explored tile next to it (none: it stays)."""
    ask_choice(s, "camp", [str(x) for x in adjacent_tiles(s)], card, r)


def camp_to(s: RobinsonState, card: str, sp: int) -> None:
    before = (s.roof, s.palisade)
    move_camp(s, sp)
    if "lookout_move" in s.flags:  # K5.8 Lookout (placeholder): Cannibal Island's forced move keeps both
        s.flags.remove("lookout_move")
        s.roof, s.palisade = before
    if card == "event:Cloudburst":  # its threat reward gives back what the move cost
        s.mem[card] = [str(before[0] - s.roof), str(before[1] - s.palisade)]


@kind("camp", "cm", lambda s, p, a: m("mv.camp_to", space=int(a)),
      lambda s, p: m("prompt.camp_to", card=prompt_card(p)))
def _camp_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    camp_to(s, p["card"], int(a))


# ---------------------------------------------------------------- flip n (R59, R91)

def _flip(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    flip_items(s, card, r, int(arg))


def flip_items(s: RobinsonState, card: str, r: str | None, n: int) -> None:
    """`flip n`: the chooser picks n built items one at a time; fewer built: all of them."""
    items = list(dict.fromkeys(s.built))
    if len(items) <= n:
        for item in items:
            flip_back(s, item)
        return
    ask(s, "flip", items, card, r, n=str(n))


@kind("flip", "fl", lambda s, p, a: m("mv.flip", item=card_msg("invention:" + a)),
      lambda s, p: m("prompt.flip", card=prompt_card(p), n=int(p["n"])))
def _flip_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    flip_back(s, a)
    if int(p["n"]) > 1:
        flip_items(s, p["card"], prompt_resolver(p), int(p["n"]) - 1)


# ---------------------------------------------------------------- Howling from the Woods (§3.9, R53)

def _strength(c: str) -> int:
    return BEASTS[c.partition(":")[2]].strength


def _howling(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """Draw 3 beasts (shown to all, R98); the strongest goes on top of the Hunting deck unshuffled
    (the FP breaks ties), the others are shuffled back into the Beast deck."""
    drawn = s.beast_deck[:3]
    if not drawn:
        return
    del s.beast_deck[:3]
    s.events.append(m("ev.beasts_drawn", beasts=join([card_msg(c) for c in drawn], ", ")))
    top = max(_strength(c) for c in drawn)
    tied = [c for c in drawn if _strength(c) == top]
    if len(tied) > 1:
        ask(s, "howl", [c.partition(":")[2].replace(" ", "_") for c in tied], card, r, drawn=";".join(drawn))
        return
    howl_top(s, drawn, tied[0])


def howl_top(s: RobinsonState, drawn: list[str], best: str) -> None:
    drawn.remove(best)
    s.hunt_deck.insert(0, best)
    s.beast_deck += drawn
    s.rng.shuffle(s.beast_deck)
    s.events.append(m("ev.hunt_top", beast=card_msg(best)))


@kind("howl", "hw", lambda s, p, a: m("mv.howl", beast=card_msg("beast:" + a.replace("_", " "))),
      lambda s, p: m("prompt.howl", card=prompt_card(p)))
def _howl_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    howl_top(s, p["drawn"].split(";"), "beast:" + a.replace("_", " "))


# ---------------------------------------------------------------- Council's reward (§3.9, E12)

def _council(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """The resolver's seat moves any one invention-deck card to the board (E12: an empty deck is
    rebuilt from its discards; none: nothing)."""
    if not s.inv_deck and s.inv_discard:
        s.inv_deck, s.inv_discard = s.inv_discard, []
        s.rng.shuffle(s.inv_deck)
    ask_choice(s, "council", list(dict.fromkeys(s.inv_deck)), card, r)


def council_pick(s: RobinsonState, name: str) -> None:
    s.inv_deck.remove(name)
    s.inv_board.append(name)
    s.events.append(m("ev.inv_board", item=card_msg("invention:" + name)))


@kind("council", "cn", lambda s, p, a: m("mv.council", item=card_msg("invention:" + a)),
      lambda s, p: m("prompt.council", card=prompt_card(p)))
def _council_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    council_pick(s, a)


# ---------------------------------------------------------------- Wild Dog's event half (§3.11)

def _wild_dog(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """The FP's seat may pay 1 food for Weapon +1 (E31 default on timeout: pay if food >= characters + 1)."""
    food = s.avail["F"] + s.avail["NF"]
    if food >= 1:
        ask(s, "dog", ["pay", "no"] if food >= len(living(s)) + 1 else ["no", "pay"], card, r)


@kind("dog", "wd", lambda s, p, a: m("mv.dog_pay" if a == "pay" else "mv.dog_no"),
      lambda s, p: m("prompt.dog", card=prompt_card(p)))
def _dog_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    if a == "pay":
        pay(s, "F", 1)
        track(s, "wpn", 1)


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
def _shortcut_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    place_shortcut(s, int(a))


OPS.update({"rp": _rp, "halfrp": _halfrp, "exh": _exh, "tile_down": _tile_down, "camp_adj": _camp_adj,
            "cloudburst": _camp_adj, "flip": _flip, "howling": _howling, "council": _council,
            "wild_dog": _wild_dog, "shortcut": _shortcut})

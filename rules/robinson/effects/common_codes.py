"""The codes of R91 that many cards share (resources, determination, wounds, tracks, tokens, weather,
production, limits, the invention deck, discovery tokens), registered in the interpreter's OPS."""
from __future__ import annotations

from typing import Callable

from ..data import SCENARIOS
from ..state import RobinsonState
from ..tallies import fp_char, gain, gain_det, half_loss, heal, lose_det, over, pay, set_morale, wound_all
from ..texts import card as card_msg, char, m, sub
from .changes import TRACKS, draw_discovery, put_token, restore_it, track, who_list
from .interpreter import OPS, apply

DECKS = {"B": "build", "G": "gather", "E": "explore", "Build": "build", "Gather": "gather",
         "Explore": "explore", "Hunt": "hunt", "Camp": "camp",
         "Weapon": "wpn", "Shelter": "shelter", "Roof": "roof", "Palisade": "pal"}  # +1W tokens (R88)


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
    track(s, parts[0], int(parts[1]), if_possible=len(parts) > 2, why=card_msg(card) if ":" in card else None)


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
    """K0.5 (M1): the scenario's Book effect again, inside a card (S6: none in Castaways)."""
    book = SCENARIOS[s.options.scenario].get("book", ())
    s.events.append(m("ev.book_effect" if not book else "ev.book_again", card=card_msg(card)))
    apply(s, book, card, r)


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


def _flag(name: str) -> Callable[[RobinsonState, str, str, str | None], None]:
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


OPS.update({
    "res": _res, "D": _det, "M": lambda s, a, c, r: set_morale(s, int(a)), "wnd": _wnd, "heal": _heal,
    "trk": _trk, "half": _half, "tok": _tok, "wx": _wx,
    "restore_it": _restore, "unexpl": _unexpl, "back": _back, "noprod": _noprod, "halfprod": _halfprod,
    "lessprod": _lessprod, "items_off": _items_off, "inv_disc": _inv_disc,
    "inv_board": _inv_board, "disc": _disc, "book": _book, "onepawn": _onepawn, "only": _only,
    "noabil": _noabil, "camp_blocked": _flag("camp_blocked"), "fp_pass": _fp_pass,
    "extra_meal": _extra_meal,
})

"""Card-specific effect codes (§3.9 one-offs, inventions' item effects), registered in effects.OPS."""
from __future__ import annotations

from ..cont import later, paused, step
from ..data import BEASTS
from ..events import slide_off
from ..frames import Stroke
from ..island import stacks_on_camp
from ..scenarios.castaways import add_wood
from ..state import RobinsonState
from ..tallies import gain, pay
from ..texts import card as card_msg, m
from .changes import put_token, track
from .interpreter import OPS


def _tile_up(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    for ref in s.mem.pop(card, []):
        s.island[int(ref)].face_up = True
        s.events.append(m("ev.tile_up", space=int(ref)))


def _cloudburst_reward(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    lost = s.mem.pop(card, ["0", "0"])
    if int(lost[0]):
        track(s, "roof", int(lost[0]))
    if int(lost[1]):
        track(s, "pal", int(lost[1]))


def _dangerous_night(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.beast_deck:
        s.set_aside = s.beast_deck.pop(0)
        s.events.append(m("ev.set_aside", beast=card_msg(s.set_aside)))


def _dn_shuffle(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.set_aside:
        s.hunt_deck.append(s.set_aside)
        s.set_aside = None
        s.rng.shuffle(s.hunt_deck)
        s.events.append(m("ev.hunt_add", n=len(s.hunt_deck)))


def _hunt_discard_top(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.hunt_deck:
        s.events.append(m("ev.hunt_discard", beast=card_msg(s.hunt_deck.pop(0))))


def _night_attack_reveal(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.hunt_deck:
        s.events.append(m("ev.hunt_reveal", beast=card_msg(s.hunt_deck[0])))


def _night_attack_reward(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if s.hunt_deck:
        b = BEASTS[s.hunt_deck.pop(0).partition(":")[2]]
        gain(s, "F", b.food)
        gain(s, "Fur", b.fur)


def _stroke_of_fate(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    stroke(s, 0)


@step("stroke")
def _stroke_step(s: RobinsonState, f: Stroke) -> None:
    stroke(s, int(f.first))


def stroke(s: RobinsonState, first: int) -> None:
    """Stroke of Fate: the cards in the threat spaces are discarded, left first [P], each applying
    its slide-off effect (which may ask the FP, then the right one waits)."""
    for i in range(first, 2):
        old = s.threat[i]
        if old:
            s.threat[i] = None
            slide_off(s, old)
            if paused(s):
                if i == 0:
                    later(s, "stroke", "1")
                return


def _dng_explore(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    put_token(s, "explore", "DNGS")  # stays until Predators in the Woods leaves play


def _remove_dng_explore(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    if "DNGS" in s.action_tokens.get("explore", []):
        s.action_tokens["explore"].remove("DNGS")


def _lose_all_fw(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    for k in ("F", "NF", "W"):
        if s.avail[k]:
            pay(s, k, s.avail[k])


def _start_item(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """E21: drawn from the unused starting items; it enters with 2 uses (R91)."""
    if s.unused_items:
        item = s.unused_items.pop(s.rng.below(len(s.unused_items)))
        s.items[item] = 2
        s.events.append(m("ev.item", item=card_msg("item:" + item)))


def _camp_token(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """Snare/Hatchet: an additional food/wood token on the camp tile (ignored if one is there, except
    the food tokens of Family Robinson, which stack: K6.6)."""
    tok = "+" + arg
    spot = s.island[s.camp]
    item = card.partition(":")[2]
    if tok not in spot.tokens or stacks_on_camp(s, tok):
        spot.tokens.append(tok)
        s.placed[item] = f"{s.camp}:{tok}"


def _pile(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    add_wood(s, int(arg), limited=False)


OPS.update({
    "tile_up": _tile_up, "cloudburst_reward": _cloudburst_reward, "dangerous_night": _dangerous_night,
    "dn_shuffle": _dn_shuffle, "hunt_discard_top": _hunt_discard_top,
    "night_attack_reveal": _night_attack_reveal, "night_attack_reward": _night_attack_reward,
    "stroke_of_fate": _stroke_of_fate, "dng_explore_stay": _dng_explore,
    "remove_dng_explore": _remove_dng_explore, "lose_all_FW": _lose_all_fw, "start_item": _start_item,
    "camp_token": _camp_token, "pile": _pile,
})

"""Card-specific effect codes (§3.9 one-offs, inventions' item effects), registered in effects.OPS."""
from __future__ import annotations

from .data import BEASTS
from .effects import OPS, move_camp, put_token, track
from .island import adjacent_tiles, sources
from .prims import gain, over, pay
from .state import RobinsonState
from .texts import card as card_msg, m


def _tile_down(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """E29: an adjacent face-up tile (not the camp) turns face down, losing its tokens."""
    adj = adjacent_tiles(s)
    if not adj:
        return
    sp = adj[0]
    s.island[sp].face_up = False
    s.island[sp].tokens = []
    s.mem[card] = [str(sp)]
    s.events.append(m("ev.tile_down", space=sp))


def _tile_up(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    for ref in s.mem.pop(card, []):
        s.island[int(ref)].face_up = True
        s.events.append(m("ev.tile_up", space=int(ref)))


def _camp_adj(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    adj = adjacent_tiles(s)
    if adj:
        before = (s.roof, s.palisade)
        move_camp(s, adj[0])
        if card == "event:Cloudburst":
            s.mem[card] = [str(before[0] - s.roof), str(before[1] - s.palisade)]


def _cloudburst_reward(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    lost = s.mem.pop(card, ["0", "0"])
    if int(lost[0]):
        track(s, "roof", int(lost[0]))
    if int(lost[1]):
        track(s, "pal", int(lost[1]))


def _howling(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """Draw 3 beasts, the strongest on top of the Hunting deck, the others back (shuffled)."""
    drawn = s.beast_deck[:3]
    if not drawn:
        return
    del s.beast_deck[:3]
    best = max(drawn, key=lambda c: BEASTS[c.partition(":")[2]].strength)  # first strongest (FP tie)
    drawn.remove(best)
    s.hunt_deck.insert(0, best)
    s.beast_deck += drawn
    s.rng.shuffle(s.beast_deck)
    s.events.append(m("ev.hunt_top", beast=card_msg(best)))


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
    from .events import slide_off
    for i in (0, 1):
        old = s.threat[i]
        if old:
            s.threat[i] = None
            slide_off(s, old)
            if over(s):
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
    """Snare/Hatchet: an additional food/wood token on the camp tile (ignored if one is there)."""
    tok = "+" + arg
    spot = s.island[s.camp]
    item = card.partition(":")[2]
    if tok not in spot.tokens:
        spot.tokens.append(tok)
        s.placed[item] = f"{s.camp}:{tok}"


def _shortcut(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """The Explorer's seat picks a face-up non-camp tile (default: most sources, then lowest)."""
    cands = [sp for sp in sorted(s.island) if sp != s.camp and s.island[sp].face_up]
    if cands:
        sp = max(cands, key=lambda x: (len(sources(s, x)), -x))
        s.island[sp].tokens.append("shortcut")
        s.placed["Shortcut"] = f"{sp}:shortcut"
        s.events.append(m("ev.shortcut", space=sp))


def _pile(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    from .scenario import add_wood
    add_wood(s, int(arg), limited=False)


def _treasure(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    s.events.append(m("ev.not_yet", what=m("nyi.treasure")))



OPS.update({
    "tile_down": _tile_down, "tile_up": _tile_up, "camp_adj": _camp_adj, "cloudburst": _camp_adj,
    "cloudburst_reward": _cloudburst_reward, "howling": _howling, "dangerous_night": _dangerous_night,
    "dn_shuffle": _dn_shuffle, "hunt_discard_top": _hunt_discard_top,
    "night_attack_reveal": _night_attack_reveal, "night_attack_reward": _night_attack_reward,
    "stroke_of_fate": _stroke_of_fate, "dng_explore_stay": _dng_explore,
    "remove_dng_explore": _remove_dng_explore, "lose_all_FW": _lose_all_fw, "start_item": _start_item,
    "camp_token": _camp_token, "shortcut": _shortcut, "pile": _pile, "treasure": _treasure,
})

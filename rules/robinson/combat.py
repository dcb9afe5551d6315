"""Combat (R51, R52, R54) and the Hunting deck (R53); index 0 is the top card."""
from __future__ import annotations

from .data import BEASTS
from .prims import gain, over, wound
from .state import RobinsonState
from .texts import char, m


def built(s: RobinsonState, item: str) -> bool:
    """An invention item is built and working (`items off` switches them off, R91)."""
    return item in s.built and "items_off" not in s.flags


def fight(s: RobinsonState, who: str, strength: int, loss: int, food: int, fur: int,
          extra: tuple[str, ...] = (), bonus: int = 0, name: str = "") -> None:
    """R51: wounds for the missing weapon, weapon loss (shortfall = wounds), loot, extra text."""
    weapon = s.weapon + bonus
    s.events.append(m("ev.fight", who=char(who), beast=name or "?", str=strength, wpn=weapon))
    if weapon < strength:
        wound(s, who, strength - weapon)
        if over(s):
            return
    lost = min(s.weapon, loss)
    s.weapon -= lost
    if lost:
        s.events.append(m("ev.weapon", n=s.weapon))
    if loss - lost:
        wound(s, who, loss - lost)  # R51(3): unfulfilled demand
        if over(s):
            return
    gain(s, "F", food)
    gain(s, "Fur", fur)
    for code in extra:
        op, _, arg = code.partition(":")
        if op == "wnd_unless_med" and not built(s, "Medicine"):
            wound(s, who, int(arg))
        elif op == "wnd":
            wound(s, who, int(arg.partition(":")[0]))
        elif op == "disc":
            from .effects import draw_discovery
            draw_discovery(s, int(arg))
        if over(s):
            return


def fight_beast(s: RobinsonState, who: str, card: str, bonus: int = 0) -> None:
    b = BEASTS[card.partition(":")[2]]
    strength = b.strength
    if "DNG" in s.action_tokens.get("hunt_deck", []):  # R54: +1 strength, then remove
        s.action_tokens["hunt_deck"].remove("DNG")
        strength += 1
    fight(s, who, strength, b.loss, b.food, b.fur, b.extra, bonus, b.name)


def add_to_hunt(s: RobinsonState, n: int = 1, on_top: bool = False) -> None:
    """R53: move random Beast-deck cards into the Hunting deck, then shuffle it (E11 when empty)."""
    for _ in range(n):
        if not s.beast_deck:
            return
        card = s.beast_deck.pop(s.rng.below(len(s.beast_deck)))
        if on_top:  # "on top", unshuffled (Howling from the Woods, The hunt)
            s.hunt_deck.insert(0, card)
        else:
            s.hunt_deck.append(card)
            s.rng.shuffle(s.hunt_deck)
        s.events.append(m("ev.hunt_add", n=len(s.hunt_deck)))

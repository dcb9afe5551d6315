"""Combat (R51, R52, R54) and the Hunting deck (R53); index 0 is the top card."""
from __future__ import annotations

from .data import BEASTS
from .effects.changes import draw_discovery
from .names import named
from .state import RobinsonState
from .tallies import gain, over, wound
from .texts import char, m


def built(s: RobinsonState, item: str) -> bool:
    """An invention item is built and working (`items off` switches them off, R91)."""
    return item in s.built and "items_off" not in s.flags


def helmet(s: RobinsonState) -> int:
    """§3.13 Helmet (kept treasure): from the round after it is found, cancels 1 wound a round in a
    Hunt fight or from the Hungry Animals beast face; 1 when it is ready now (and marks it used)."""
    ready = "Helmet" in s.items and "helmet" not in s.flags and \
        s.round >= int((s.mem.get("item:Helmet") or ["0"])[0])
    if ready:
        s.flags.append("helmet")
    return int(ready)


def fight(s: RobinsonState, who: str, strength: int, loss: int, food: int, fur: int,
          extra: tuple[str, ...] = (), bonus: int = 0, name: str = "", hunt: bool = False) -> None:
    """R51: wounds for the missing weapon, weapon loss (shortfall = wounds), loot, extra text."""
    weapon = s.weapon + bonus
    s.events.append(m("ev.fight", who=char(who), beast=named(name or "?"), str=strength, wpn=weapon))
    shield = int(built(s, "Shield"))  # §3.6: cancels 1 wound in each combat
    if hunt and max(0, strength - weapon) + max(0, loss - s.weapon) > shield:
        shield += helmet(s)
    if weapon < strength:
        cut = min(shield, strength - weapon)
        shield -= cut
        wound(s, who, strength - weapon - cut, "beast")
        if over(s):
            return
    lost = min(s.weapon, loss)
    s.weapon -= lost
    if lost:
        s.events.append(m("ev.weapon", n=s.weapon))
    if loss - lost - shield > 0:
        wound(s, who, loss - lost - shield, "beast")  # R51(3): unfulfilled demand
        if over(s):
            return
    gain(s, "F", food)
    gain(s, "Fur", fur)
    for code in extra:
        op, _, arg = code.partition(":")
        if op == "wnd_unless_med" and not built(s, "Medicine"):
            wound(s, who, int(arg), "beast")
        elif op == "wnd":
            wound(s, who, int(arg.partition(":")[0]), "beast")
        elif op == "disc":
            draw_discovery(s, int(arg))
        if over(s):
            return


def fight_bonus(s: RobinsonState, fighter: str, choice: str) -> int:
    """E20: the bonus chosen before a fight (the `go:` move): the Soldier's Frenzy +3 (§3.10), the Sabre
    +3 once a round for 1 wound, a one-use weapon item +3."""
    bonus = 0
    if choice == "frenzy":  # Soldier's Frenzy: +3 for this fight (§3.10)
        s.chars[fighter].det -= 3
        s.chars[fighter].used.append("frenzy")
        bonus = 3
    elif choice == "it.Sabre":  # treasure: once per round, +3 and the user takes 1 wound
        s.flags.append("sabre")
        wound(s, fighter, 1)
        bonus = 3
    elif choice.startswith("it."):
        item = choice[3:]
        s.items[item] -= 1
        if s.items[item] <= 0:
            del s.items[item]
        bonus = 3
    if bonus:
        s.events.append(m("ev.fight_bonus", n=bonus))
    return bonus


def fight_beast(s: RobinsonState, who: str, card: str, bonus: int = 0, hunt: bool = False) -> None:
    b = BEASTS[card.partition(":")[2]]
    strength = b.strength
    if "DNG" in s.action_tokens.get("hunt_deck", []):  # R54: +1 strength, then remove
        s.action_tokens["hunt_deck"].remove("DNG")
        strength += 1
    fight(s, who, strength, b.loss, b.food, b.fur, b.extra, bonus, b.name, hunt)


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

"""What the kept one-shot discovery tokens and starting-item uses are worth, in wounds (bot/worth.py's
currency), for the searching bot's position value.

A token in Available or an item use left can be spent at any moment (R8, R87: "en cualquier momento"),
so keeping one is worth at least what spending it later brings: its effect priced by the greedy bot's
`Worth` of the position (a Weapon level, food, wood, fur, a Morale level, determination, a wound
healed), at most KEPT_CAP each, and only for the rounds still to play (a token left at the game's end
is worth nothing).  Without this the search spends a token for any gain of the round (the position
value ignored what the token would do later)."""
from __future__ import annotations

from ..scenarios import of as scenario_of
from ..state import RobinsonState
from .harm import morale_cost
from .worth import Worth

KEPT_CAP = 3.0  # no single use is counted above this many wounds
DET = 0.35  # one determination token (bot/cards.py's price of a D)
HEAL = 0.8  # a wound healed, later, on whoever needs it then (below a fresh wound's price)
OTHER = 0.5  # a scenario's own token or a use the bot does not price
MEDICINE = 1.0  # Healing Herbs: Medicine built (fewer wounds from some cards), once the Pot allows it
# the starting items used up one use at a time (R8); the others (the Hammer's build, a treasure kept for
# good) are not spent by a use and stay out of this sum
ONE_SHOT_ITEMS = ("Flask of Rum", "Pipe & Tobacco", "Biscuits", "Empty Bottle", "Bible", "Storm Glass")
HORIZON = 3  # rounds: a token kept with fewer rounds left is worth that share of its price


def _price(w: Worth, name: str) -> float:
    """One use of the token or item `name`, in wounds."""
    if name in ("Old Machete", "Pirate Sabre", "Empty Bottle"):
        return w.weapon(1)
    if name == "Poison":
        return w.weapon(2)
    if name in ("Herbs", "Bible"):
        return morale_cost(w.s) * 0.8
    if name == "Goat":
        return w.food(1) + w.fur
    if name == "Biscuits":
        return w.food(1) + 0.6  # non-perishable food keeps (bot/cards.py)
    if name == "Oil":
        return 2 * w.wood_later
    if name == "Medallion":
        return 3 * DET
    if name == "Pipe & Tobacco":
        return 2 * DET
    if name in ("Castaway Herbs", "Flask of Rum"):
        return HEAL
    if name == "Vegetables":
        return 2 * HEAL
    if name == "Healing Herbs":
        return MEDICINE
    return OTHER


def kept_worth(s: RobinsonState) -> float:
    """The kept tokens and item uses of `s`, in wounds (module docstring); 0 when none is kept."""
    if not s.tokens and not s.items:
        return 0.0
    w = Worth(s)
    total = sum(min(KEPT_CAP, max(0.0, _price(w, t))) for t in s.tokens)
    total += sum(n * min(KEPT_CAP, max(0.0, _price(w, i))) for i, n in s.items.items()
                 if n > 0 and i in ONE_SHOT_ITEMS)
    left = scenario_of(s).rounds - s.round  # rounds after this one
    return total * max(0.0, min(1.0, left / HORIZON))

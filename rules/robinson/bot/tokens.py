"""What a discovery token is worth to the co-operative bot (§3.8, S6), in wounds (worth.py's currency).

Four tokens do nothing until the Pot is built (§3.8's table: Herbs, Healing Herbs, Poison, Vegetables):
`token_value` prices each as it stands, and `pot_gain` is what building the Pot adds to the tokens the
camp already holds, which planning.py adds to the Pot's own worth (without it the greedy bot built the
Pot in about 1 game in 100 while holding a Poison token, Weapon +2 with the Pot, in about 1 in 3).
"""
from __future__ import annotations

from typing import Optional

from .worth import Worth

NEED_POT = ("Herbs", "Healing Herbs", "Poison", "Vegetables")  # §3.8: used only with the Pot built


def token_value(w: Worth, tok: str, pot: Optional[bool] = None) -> float:
    """A discovery token at the worth of what it gives; `pot`: priced as if the Pot were built or not
    (default: as it is)."""
    if pot is None:
        pot = "Pot" in w.s.built
    return {"Oil": 2 * w.wood_later, "Fallen Tree": w.wood_later, "Nourishing Larvae": 2.0,
            "Goat": 1.2 + w.fur, "Pirate Sabre": w.weapon(1), "Old Machete": w.weapon(1),
            "Poison": w.weapon(2) if pot else 0.3, "Medallion": 1.5, "Treasure": 1.0, "Candles": 1.0,
            "Large Leaves": 1.5, "Castaway Herbs": 0.8, "Vegetables": 1.6 if pot else 0.3,
            "Herbs": 0.8 if pot else 0.2, "Healing Herbs": 1.5 if pot else 0.3, "Tobacco": 0.8,
            "Thorny Bushes": w.palisade(1)}.get(tok, 0.5)


def pot_gain(w: Worth) -> float:
    """What the Pot adds to the tokens held in Available (Healing Herbs only while Medicine is not built)."""
    held = [t for t in w.s.tokens if t in NEED_POT and not (t == "Healing Herbs" and "Medicine" in w.s.built)]
    return sum(token_value(w, t, pot=True) - token_value(w, t, pot=False) for t in held)

"""What a discovery token is worth to the co-operative bot (§3.8, S6), in wounds (worth.py's currency).

Four tokens do nothing until the Pot is built (§3.8's table: `abilities.NEED_POT`): `token_value` prices
each as it stands, `with_pot` and `UNUSABLE` with and without the Pot, and `pot_gain` is what building the Pot
adds to the tokens the camp already holds, which planning.py adds to the Pot's own worth (without it the greedy bot built the
Pot in about 1 game in 100 while holding a Poison token, Weapon +2 with the Pot, in about 1 in 3).
"""
from __future__ import annotations

from ..abilities import NEED_POT
from .worth import Worth

UNUSABLE = {"Herbs": 0.2, "Healing Herbs": 0.3, "Poison": 0.3, "Vegetables": 0.3}  # NEED_POT's, no Pot yet


def with_pot(w: Worth, tok: str) -> float:
    """One of NEED_POT's tokens with the Pot built: Morale +1, Medicine built free, Weapon +2, heal 2 (§3.8)."""
    return w.weapon(2) if tok == "Poison" else {"Herbs": 0.8, "Healing Herbs": 1.5, "Vegetables": 1.6}[tok]


def token_value(w: Worth, tok: str) -> float:
    """A discovery token at the worth of what it gives (NEED_POT's at nearly nothing until the Pot is built)."""
    if tok in NEED_POT:
        return with_pot(w, tok) if "Pot" in w.s.built else UNUSABLE[tok]
    return {"Oil": 2 * w.wood_later, "Fallen Tree": w.wood_later, "Nourishing Larvae": 2.0,
            "Goat": 1.2 + w.fur, "Pirate Sabre": w.weapon(1), "Old Machete": w.weapon(1),
            "Medallion": 1.5, "Treasure": 1.0, "Candles": 1.0, "Large Leaves": 1.5, "Castaway Herbs": 0.8,
            "Tobacco": 0.8, "Thorny Bushes": w.palisade(1)}.get(tok, 0.5)


def pot_gain(w: Worth) -> float:
    """What the Pot adds to the tokens held in Available (Healing Herbs only while Medicine is not built)."""
    held = [t for t in w.s.tokens if t in NEED_POT and not (t == "Healing Herbs" and "Medicine" in w.s.built)]
    return sum(with_pot(w, t) - UNUSABLE[t] for t in held)

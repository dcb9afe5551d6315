"""A position value fitted on greedy games (Wayfinders' and Eclipse's `worth.py`): a logistic of two seats'
differences in features, each feature weighted early and late in the game and the two blended by how far the game
is; the weights are data (`{"early": {feature: w}, "late": {feature: w}}`), fitted by the games' fitters
(`tools/fit_wayfinders_eval.py` `report`)."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Sequence


def load_weights(path: Path, features: Sequence[str]) -> tuple[list[float], list[float]]:
    """The early and the late weights of `features`, in their order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    early, late = data["early"], data["late"]
    return [float(early[f]) for f in features], [float(late[f]) for f in features]


def weighted_margin(early: Sequence[float], late: Sequence[float], a: tuple[float, ...], b: tuple[float, ...],
                    prog: float) -> float:
    """The logistic's argument for a seat with features `a` against one with `b`, `prog` of the game played."""
    return sum(((1 - prog) * e + prog * w) * (x - y) for e, w, x, y in zip(early, late, a, b))


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


__all__ = ["load_weights", "logistic", "weighted_margin"]

"""A bench's bot level as written on its command line and in its figures: a level of rules.bots ("greedy",
"hard") or "hard@S", the hard level at S seconds of CPU a decision whatever the run's own budget."""
from __future__ import annotations

from typing import Optional


def split_level(level: str) -> tuple[str, Optional[float]]:
    """The level's name and the CPU seconds it names ("hard@2" -> ("hard", 2.0); "greedy" -> ("greedy", None));
    ValueError where the seconds are not a number."""
    name, at, cpu = level.partition("@")
    return name, (float(cpu) if at else None)


__all__ = ["split_level"]

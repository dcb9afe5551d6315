"""Choices inside effects asked as prompts (E31): `core` (the kinds' table, `ask`, and the options,
labels, prompts and answers the engine offers for a pending question), `card_choices` (the choices of
the effect codes), `fight` (weapon bonuses before a fight), `fast_work`, `meals` (extra meals).  The
package exports core's interface."""
from __future__ import annotations

from .core import KINDS, Prompt, answer, ask, ask_choice, chooser, kind, label, options, pending_prompt, prompt, seat_of

__all__ = ["KINDS", "Prompt", "answer", "ask", "ask_choice", "chooser", "kind", "label", "options", "pending_prompt", "prompt",
           "seat_of"]

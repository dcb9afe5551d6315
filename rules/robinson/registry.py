"""Every module that registers a name a game's state refers to: the effect codes of R91
(effects.interpreter.OPS), the kinds of question asked inside effects (asks.core.KINDS) and the
continuation steps (cont.STEPS).  The engine imports this module, so a game never meets a code, a
question or a step not registered yet; the registering modules import only what lies below them."""
from __future__ import annotations

from . import abilities, adventures, events, phases, resolve  # noqa: F401  (continuation steps)
from .asks import card_choices, fast_work, fight, fog, jenny_rest, meals  # noqa: F401  (question kinds, their codes)
from .cont import STEPS
from .effects import adventure_codes, common_codes, one_off_codes, scenario_codes  # noqa: F401  (effect codes)
from .frames import FRAMES

STEPS.covers(*FRAMES)  # every kind of continuation frame has its handler

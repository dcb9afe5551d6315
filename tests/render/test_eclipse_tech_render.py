"""`/eclipse tech`: the supply board image (render/eclipse_tech.py), E6, E19, E39, E88."""
from __future__ import annotations

from PIL import ImageChops

from render.eclipse_tech import draw_supply, render_supply
from rules.eclipse import ENGINE as E

from .test_eclipse_render import NAMES, decode, late_state


def test_supply_board_png_phone_sized_in_both_languages():
    s = late_state()
    for locale in ("en", "es"):
        data = render_supply(E.view(s, None), None, NAMES, locale)
        img = decode(data)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and img.width == 1200 and img.height < 600


def test_a_seated_viewer_sees_their_prices_a_spectator_does_not():
    """E39: the price after the category discount is the viewer's own; spectators see printed costs only."""
    s = late_state()
    spectator = draw_supply(E.view(s, None), None, NAMES)
    alice = draw_supply(E.view(s, "s1"), "s1", NAMES)
    assert alice.size == spectator.size
    assert ImageChops.difference(alice, spectator).getbbox() is not None


def test_an_empty_supply_slot_is_drawn_greyed():
    """E6/E74: a tech with no tile left in the supply is shown, greyed, until Cleanup draws one."""
    s = late_state()
    full = E.view(s, None)
    empty = full.model_copy(update={"supply": {t: 0 for t in full.supply}})
    a, b = draw_supply(full, None, NAMES), draw_supply(empty, None, NAMES)
    assert ImageChops.difference(a, b).getbbox() is not None

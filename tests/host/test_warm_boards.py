"""A board worker's warm-up draws a set-up board of every game, so the fonts are loaded before the first
board a player waits for; a game whose warm-up board fails does not stop the others."""
from __future__ import annotations

import host.drawing as drawing
from render.common import font


def test_the_warm_up_loads_the_fonts_of_every_game(monkeypatch):
    font.cache_clear()
    drawn: list[str] = []
    real = drawing.render_board

    def spy(view, names, caption, locale="en"):
        drawn.append(f"{view.game}:{locale}")
        return real(view, names, caption, locale=locale)

    monkeypatch.setattr(drawing, "render_board", spy)
    drawing.warm_boards()
    assert font.cache_info().currsize > 0
    assert sorted(drawn) == sorted(f"{key}:{loc}" for key in drawing.GAMES for loc in drawing.WARM_LOCALES)


def test_a_failing_warm_up_board_leaves_the_others(monkeypatch, caplog):
    drawn: list[str] = []

    def flaky(view, names, caption, locale="en"):
        if view.game == "flotilla":
            raise RuntimeError("no font")
        drawn.append(view.game)
        return b""

    monkeypatch.setattr(drawing, "render_board", flaky)
    drawing.warm_boards()
    assert "flotilla" not in drawn and set(drawn) == set(drawing.GAMES) - {"flotilla"}
    assert "warm-up board of flotilla failed" in caplog.text

"""Eclipse player board image: `/eclipse board player:` and the acting seat.

Influence track with upkeep, population tracks with production, storage, tech
tracks, blueprints with their parts and derived stats, colony ships and the
reputation slots.  Reputation values and kept Discovery faces are drawn only
when the view belongs to that player (the view already hides them otherwise).
"""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, fit_font, font, paste_marker, to_png
from .eclipse import MUTED, PAGE, PLANET, side_name
from .names import board_names

W = 1200
UPKEEP = [30, 25, 21, 17, 13, 10, 7, 5, 3, 2, 1, 0, 0]
PROD = [28, 24, 21, 18, 15, 12, 10, 8, 6, 4, 3, 2]
CAT_RGB = {"military": (200, 90, 120), "grid": (80, 160, 110), "nano": (200, 170, 80)}
WORDS = {
    "en": {"influence": "Influence track (upkeep {u})", "pop": "Population tracks (production)",
           "storage": "Storage", "techs": "Techs", "colony": "Colony ships {up}/{n} face up",
           "rep": "Reputation", "hidden": "{n} tile(s), values hidden", "disco": "Discovery tiles kept: {n}",
           "parts": "Ancient parts beside the board: {p}", "stats": "init {initiative} · move {move} · "
           "cannons {cannons} · missiles {missiles} · comp +{computer} · shield {shield} · hull {hull} · "
           "energy {used}/{produced}", "res": ("Money", "Science", "Materials"), "built": "{ship} ({n} built)"},
    "es": {"influence": "Pista de influencia (mantenimiento {u})", "pop": "Pistas de población (producción)",
           "storage": "Almacén", "techs": "Tecnologías", "colony": "Naves colonia {up}/{n} boca arriba",
           "rep": "Reputación", "hidden": "{n} ficha(s), valores ocultos",
           "disco": "Losetas de descubrimiento guardadas: {n}", "parts": "Piezas antiguas junto al tablero: {p}",
           "stats": "inic. {initiative} · mov. {move} · cañones {cannons} · misiles {missiles} · "
           "ord. +{computer} · escudo {shield} · casco {hull} · energía {used}/{produced}",
           "res": ("Dinero", "Ciencia", "Materiales"), "built": "{ship} ({n} en juego)"},
}


def _name(group: str, name: str, locale: str) -> str:
    """A tech, part or ship name in the reader's language (`eclipse.tech.neutron-bombs`…)."""
    return tr(msg(f"eclipse.{group}." + name.replace(" ", "-")), locale)


def draw_board(view: Any, seat: str, names: Mapping[str, str], locale: str = "en") -> Image.Image:
    words = WORDS.get(locale, WORDS["en"])
    p = next(x for x in view.players if x.seat == seat)
    idx = view.order.index(seat)
    img = Image.new("RGB", (W, 860), PAGE)
    d = ImageDraw.Draw(img)
    title, body, small = font(24, True), font(16), font(14)
    paste_marker(img, (26, 26), 26, idx)
    d.text((48, 12), f"{names.get(seat, seat)} — {side_name(p, locale)}", font=title, fill=WHITE)
    y = 56
    d.text((14, y), words["influence"].format(u=p.upkeep), font=body, fill=MUTED)
    for i, v in enumerate(UPKEEP):
        x = 20 + i * 60
        filled = i < p.track
        d.ellipse([x, y + 24, x + 40, y + 64], fill=(200, 200, 210) if filled else (50, 56, 80), outline=WHITE)
        d.text((x + 20, y + 44), f"-{v}" if v else "0", font=small, fill=INK if filled else WHITE, anchor="mm")
    if p.track > 13:
        d.text((20 + 13 * 60, y + 44), f"+{p.track - 13}", font=body, fill=WHITE, anchor="lm")
    y += 80
    d.text((14, y), words["pop"], font=body, fill=MUTED)
    for t in range(3):
        ty = y + 26 + t * 34
        colour = PLANET[("money", "science", "materials")[t]]
        for i, v in enumerate(PROD):
            x = 20 + i * 54
            covered = i < p.pop[t]  # E18: cubes cover the track from the 28 end
            d.rectangle([x, ty, x + 44, ty + 26], fill=colour if covered else (50, 56, 80), outline=WHITE)
            d.text((x + 22, ty + 13), str(v), font=small, fill=INK if covered else WHITE, anchor="mm")
        d.text((20 + 12 * 54 + 6, ty + 13), f"{words['res'][t]}: +{p.production[t]}", font=body,
               fill=WHITE, anchor="lm")
    y += 134
    d.text((14, y), f"{words['storage']}: {words['res'][0]} {p.money} · {words['res'][1]} {p.science} · "
                    f"{words['res'][2]} {p.materials}", font=body, fill=WHITE)
    y += 28
    d.text((14, y), words["techs"], font=body, fill=MUTED)
    for r, (cat, techs) in enumerate(p.techs.items()):
        ty = y + 24 + r * 30
        for i in range(7):
            x = 20 + i * 166
            have = i < len(techs)
            d.rectangle([x, ty, x + 158, ty + 24], fill=CAT_RGB[cat] if have else (50, 56, 80), outline=WHITE)
            if have:
                d.text((x + 6, ty + 12), ellipsize(_name("tech", techs[i], locale), small, 148), font=small, fill=INK,
                       anchor="lm")
    y += 24 + 3 * 30 + 8
    for ship, slots in p.blueprints.items():
        st = p.stats[ship]
        d.text((14, y), words["built"].format(ship=_name("ship", ship, locale), n=p.built.get(ship, 0)),
               font=font(16, True), fill=WHITE)
        d.text((260, y + 2), words["stats"].format(**st), font=small, fill=MUTED)
        for i, part in enumerate(slots):
            x = 20 + i * 146
            d.rectangle([x, y + 24, x + 140, y + 50], fill=(64, 72, 100) if part else (40, 44, 60), outline=WHITE)
            if part:
                text = _name("part", part, locale)
                f = fit_font(text, 130, range(15, 13, -1))
                d.text((x + 6, y + 37), ellipsize(text, f, 130), font=f, fill=WHITE, anchor="lm")
        y += 60
    d.text((14, y), words["colony"].format(up=p.colony_up, n=p.colony), font=body, fill=WHITE)
    y += 26
    rep = (", ".join(str(v) for v in p.reputation_values) if p.reputation_values is not None
           else words["hidden"].format(n=p.reputation))
    d.text((14, y), f"{words['rep']}: {rep}", font=body, fill=WHITE)
    y += 26
    d.text((14, y), words["disco"].format(n=p.discoveries), font=body, fill=WHITE)
    if p.ancient_parts:
        d.text((420, y), words["parts"].format(p=", ".join(_name("part", a, locale) for a in p.ancient_parts)), font=body, fill=WHITE)
    return img.crop((0, 0, W, y + 36))


def render_board(view: Any, seat: str, names: Mapping[str, str], locale: str = "en") -> bytes:
    return to_png(draw_board(view, seat, board_names(names), locale))

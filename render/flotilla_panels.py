"""Flotilla side panels: the guild board (rings, dials, seals, crew stacks, artifacts),
the market track, the survivor and sonar tracks, objectives; and one row per player."""
from __future__ import annotations

import math
from typing import Any, Mapping

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, font, mix, paste_marker, rounded_box, text_center
from .flotilla_map import COLOUR_RGB, SINK_RGB, SKY_RGB

GUILDS = ("speakers", "traders", "founders", "delvers")
GUILD_COLOUR = {"speakers": "p", "traders": "y", "founders": "r", "delvers": "b"}
PANEL = (250, 251, 253)
MUTED = (90, 100, 112)
ROW_H = 74


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"flotilla.{key}", **args), locale)


def card_name(card_id: str | None, locale: str) -> str:
    if not card_id:
        return "–"
    from rules.flotilla.data import CARDS
    return tr(msg(f"flotilla.card.{CARDS[card_id].kind}"), locale)


def guild_static(img: Image.Image, box: tuple[int, int, int, int], locale: str, track: str) -> None:
    """The parts of the guild board that never change (cached by render/flotilla.py)."""
    from rules.flotilla.data import BOARD
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    rounded_box(d, box, 10, fill=PANEL, outline=(200, 208, 216))
    bold, small = font(17, True), font(13)
    y = y0 + 8
    d.text((x0 + 10, y), _t("img.market", locale), font=bold, fill=INK)
    y += 24
    step = (x1 - x0 - 40) / 10
    for v in range(1, 11):
        cx = x0 + 20 + step * (v - 0.5)
        d.rectangle([cx - step / 2 + 1, y, cx + step / 2 - 1, y + 40], fill=(226, 232, 238), outline=(190, 198, 206))
        d.text((cx - step / 2 + 4, y + 2), str(v), font=small, fill=MUTED)
    y += 50
    for g in GUILDS:
        c = COLOUR_RGB[GUILD_COLOUR[g]]
        rounded_box(d, (x0 + 6, y, x1 - 6, y + 112), 8, fill=mix(c, WHITE, 0.82), outline=c, width=2)
        d.text((x0 + 14, y + 4), tr(msg(f"flotilla.guild.{g}"), locale), font=bold, fill=INK)
        _ring_spaces(d, g, (x1 - 120, y + 57), 39, locale)
        y += 118
    _track(d, x0 + 10, y + 22, x1 - x0 - 20, [short(t, locale) for t in BOARD.survivor_tracks[track]], -1)
    _track(d, x0 + 10, y + 70, (x1 - x0 - 20) * 7 // 12, _sonar_cells(locale), -1)


def draw_guilds(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
                names: Mapping[str, str], locale: str) -> None:
    """What changes on the guild board: markers, dials, stacks, seals, discs, track discs, objectives."""
    from rules.flotilla.data import BOARD
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    reg, small = font(15), font(13)
    y = y0 + 32
    step = (x1 - x0 - 40) / 10
    for v in range(1, 11):
        cx = x0 + 20 + step * (v - 0.5)
        here = [c for c in ("p", "y", "r", "b") if view.market[c] == v]
        for i, c in enumerate(here):
            bx = cx - step / 2 + 8 + i * 12
            d.ellipse([bx, y + 20, bx + 11, y + 31], fill=COLOUR_RGB[c], outline=INK)
    y += 50
    for g in GUILDS:
        d.text((x0 + 14, y + 26), _t("img.dial", locale, n=view.dials[g]), font=reg, fill=INK)
        top = view.stack_tops[g]
        d.text((x0 + 14, y + 48), ellipsize(_t("img.stack", locale, card=card_name(top, locale),
                                                n=view.stack_sizes[g]), small, 230), font=small, fill=INK)
        d.text((x0 + 14, y + 68), _t("img.artifacts", locale, n=len(view.slotted[g])), font=small, fill=INK)
        seals = "  ".join(f"{names.get(p.seat, p.seat)[:6]} {p.seals[g]}" for p in view.players if p.seals[g])
        d.text((x0 + 14, y + 88), ellipsize(_t("img.seals", locale) + " " + (seals or "–"), small, 250),
               font=small, fill=INK)
        _ring(img, view, g, (x1 - 120, y + 57), 39, seat_index)
        y += 118
    d.text((x0 + 10, y + 2), _t("img.survivor", locale, space=view.survivor, track=view.survivor_track),
           font=reg, fill=INK)
    cells = [short(t, locale) for t in BOARD.survivor_tracks[view.survivor_track]]
    _track(d, x0 + 10, y + 22, x1 - x0 - 20, cells, view.survivor, only_mark=True)
    d.text((x0 + 10, y + 50), _t("img.sonar", locale, space=view.sonar), font=reg, fill=INK)
    _track(d, x0 + 10, y + 70, (x1 - x0 - 20) * 7 // 12, _sonar_cells(locale), view.sonar, only_mark=True)
    d.text((x0 + 10, y + 98), _t("img.bags", locale, tiles=view.bag, artifacts=view.artifact_bag), font=reg,
           fill=INK)
    y += 122
    for side, rgb in (("sink", SINK_RGB), ("sky", SKY_RGB)):
        stacks = view.objectives[side]
        line = "  ".join(f"{tr(msg(f'flotilla.obj.{name}'), locale)} {'/'.join(map(str, left)) or '–'}"
                         for name, left in stacks.items())
        d.rectangle([x0 + 10, y + 3, x0 + 22, y + 15], fill=rgb)
        lines = _wrap(line, small, x1 - x0 - 50)
        if len(lines) > 2:
            lines = [lines[0], ellipsize("  ".join(lines[1:]), small, x1 - x0 - 50)]
        for i, part in enumerate(lines):
            d.text((x0 + 28, y + i * 16), part, font=small, fill=INK)
        y += 36


SHORT = ("coin", "vp", "survivor", "tile", "seal", "recruit", "resource", "infl")  # flotilla.img.short.<name>


def short(terms, locale: str = "en") -> str:
    """A ring or track space's bonus in a few characters (2¢, 1¢1V, Ti, Se, Rc, Rs, Sv; in Spanish
    2¢, 1¢1PV, Lo, Se, Rl, Rc, Sp), from the catalog (`flotilla.img.short.*`, with `{a}` the amount)."""
    return "".join(_t(f"img.short.{t.name}", locale, a=t.a) if t.name in SHORT else t.name[:2] for t in terms)


def _sonar_cells(locale: str) -> list[str]:
    from rules.flotilla.data import BOARD
    return ["–"] + [_t("img.short.vp", locale, a=v) for v in BOARD.sonar_vp[1:]]


def _track(d: ImageDraw.ImageDraw, x: int, y: int, width: int, cells: list[str], at: int,
           only_mark: bool = False) -> None:
    step = width / len(cells)
    f = font(11, True)
    for i, text in enumerate(cells):
        if only_mark and i != at:
            continue
        bx = x + i * step
        here = i == at
        d.rectangle([bx + 1, y, bx + step - 1, y + 22], fill=(255, 214, 120) if here else (226, 232, 238),
                    outline=INK if here else (190, 198, 206), width=2 if here else 1)
        text_center(d, (bx + step / 2, y + 11), text, f, fill=INK)


def _wrap(text: str, fnt, width: float) -> list[str]:
    out, cur = [], ""
    for word in text.split("  "):
        trial = f"{cur}  {word}" if cur else word
        if fnt.getlength(trial) > width and cur:
            out.append(cur)
            cur = word
        else:
            cur = trial
    return out + ([cur] if cur else [])


def _ring_pos(c: tuple[float, float], r: float) -> dict[int, tuple[float, float]]:
    """Six ring spaces clockwise from the top (space 6 = start and Recruit at the top)."""
    return {k: (c[0] + r * math.cos(math.radians(-90 + 60 * (k % 6))), c[1] + r * math.sin(math.radians(-90 + 60 * (k % 6))))
            for k in range(1, 7)}


def _ring_spaces(d: ImageDraw.ImageDraw, g: str, c: tuple[float, float], r: float, locale: str) -> None:
    from rules.flotilla.data import BOARD
    small = font(10, True)
    for k, (x, y) in _ring_pos(c, r).items():
        d.ellipse([x - 15, y - 15, x + 15, y + 15], fill=WHITE, outline=INK)
        text_center(d, (x, y - 11), short(BOARD.rings[g][k - 1], locale), small, fill=MUTED)


def _ring(img: Image.Image, view: Any, g: str, c: tuple[float, float], r: float, seat_index: dict[str, int]) -> None:
    pos = _ring_pos(c, r)
    at: dict[int, list[str]] = {}
    for p in view.players:
        at.setdefault(p.ring[g], []).append(p.seat)
    for k, seats in at.items():
        for i, seat in enumerate(seats):
            paste_marker(img, (pos[k][0] - 8 + (i % 3) * 8, pos[k][1] + 3 + (i // 3) * 7), 10, seat_index[seat])


def player_rows_height(n: int) -> int:
    return n * ROW_H + 8


def draw_players(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
                 names: Mapping[str, str], locale: str) -> None:
    x0, y0, x1, _ = box
    d = ImageDraw.Draw(img)
    bold, reg = font(18, True), font(16)
    for i, p in enumerate(view.players):
        y = y0 + i * ROW_H
        acting = p.seat in view.to_act
        side_rgb = SINK_RGB if p.side == "sink" else SKY_RGB
        rounded_box(d, (x0, y, x1, y + ROW_H - 6), 8, fill=(255, 248, 220) if acting else PANEL,
                    outline=side_rgb, width=3)
        paste_marker(img, (x0 + 22, y + 22), 26, seat_index[p.seat])
        name = names.get(p.seat, p.seat)
        d.text((x0 + 42, y + 8), ellipsize(f"{p.position}. {name}", bold, 190), font=bold, fill=INK)
        d.rounded_rectangle([x0 + 42, y + 34, x0 + 150, y + 58], 6, fill=side_rgb)
        text_center(d, (x0 + 96, y + 46), _t("img.sinkside" if p.side == "sink" else "img.skyside", locale),
                    font(14, True), fill=WHITE)
        stats = _t("img.stats", locale, coins=p.coins, vp=p.vp, tox=p.tox, pen=p.penalty_space,
                   hand=p.hand_size, top=card_name(p.discard_top, locale), disc=p.discard_size)
        d.text((x0 + 250, y + 8), ellipsize(stats, reg, x1 - x0 - 260 - TOX_W), font=reg, fill=INK)
        _tox_track(d, x1 - TOX_W, y + 6, p.tox, p.penalty_space)
        bx = x0 + 250
        for c in ("p", "y", "r", "b"):
            d.rectangle([bx, y + 36, bx + 16, y + 52], fill=COLOUR_RGB[c], outline=INK)
            d.text((bx + 20, y + 35), str(p.barrels[c]), font=reg, fill=INK)
            bx += 46
        extra = (_t("img.skiffs", locale, n=len(p.skiffs), reserve=p.skiff_reserve,
                    cargo=sum(len(s.cargo) for s in p.skiffs)) if p.side == "sink"
                 else _t("img.tiles", locale, n=len(p.tiles)))
        extra += "  ·  " + _t("img.outposts", locale, n=p.outposts, floating=p.floating, obj=len(p.objectives))
        d.text((bx + 10, y + 35), ellipsize(extra, reg, x1 - bx - 20 - TOX_W), font=reg, fill=INK)


TOX_W = 200


def _tox_track(d: ImageDraw.ImageDraw, x: int, y: int, tox: int, space: int) -> None:
    """F60 / D5: the top tracker (T mod 5 drops) and the scoring penalty marker's track."""
    from rules.flotilla.data import BOARD
    f = font(11, True)
    for k in range(5):
        fill = (120, 170, 60) if k < tox % 5 else (226, 232, 238)
        d.ellipse([x + k * 16, y + 2, x + k * 16 + 11, y + 13], fill=fill, outline=(150, 160, 170))
    d.text((x + 86, y), f"T {tox}", font=f, fill=INK)
    for k, value in enumerate(BOARD.tox_penalty):
        bx = x + k * 23
        here = k == space
        d.rectangle([bx, y + 22, bx + 21, y + 44], fill=(255, 214, 120) if here else (236, 238, 242),
                    outline=INK if here else (190, 198, 206), width=2 if here else 1)
        text_center(d, (bx + 11, y + 33), f"{value:+d}" if value else "0", f, fill=INK)

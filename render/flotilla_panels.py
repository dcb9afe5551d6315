"""Flotilla side panels: the guild board (market, each guild's dial, crew, seals and ring of six
spaces, the survivor and sonar tracks, objectives, a key to the space abbreviations); and one
row per player (after the end: in final-score order, with the final score and its parts).

Every text is at least TEXT_PX (14 px) high, legible on a phone."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from rules.flotilla.data import BOARD, CARDS
from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, font, mix, paste_marker, rounded_box, text_center, wrap_text
from .flotilla_map import COLOUR_RGB, SINK_RGB, SKY_RGB, TEXT_PX
from .kept import PanelCache

GUILDS = ("speakers", "traders", "founders", "delvers")
GUILD_COLOUR = {"speakers": "p", "traders": "y", "founders": "r", "delvers": "b"}
PANEL = (250, 251, 253)
PAGE_BG = (236, 240, 244)  # the board's page around the panels (render/flotilla.py: PAGE)
MUTED = (80, 90, 102)
GOLD = (255, 214, 120)
ROW_H = 74
MARKET_Y, GUILD_Y, GUILD_H, GUILD_STEP = 6, 76, 118, 124
TRACKS_Y = GUILD_Y + 4 * GUILD_STEP
KEY_LINES = 4
DIAL_LINES = 3  # what a guild's dial does, above the key of the spaces
LINE = 19  # one line of TEXT_PX text


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"flotilla.{key}", **args), locale)


def card_name(card_id: str | None, locale: str) -> str:
    if not card_id:
        return "–"
    return tr(msg(f"flotilla.card.{CARDS[card_id].kind}"), locale)


def guild_height() -> int:
    return TRACKS_Y + 128 + 2 * 2 * LINE + 12 + (DIAL_LINES + KEY_LINES + 1) * LINE + 18


def _ring_box(x0: int, x1: int, y: int, k: int) -> tuple[float, float, float, float]:
    w = (x1 - x0 - 16) / 6
    bx = x0 + 8 + w * (k - 1)
    return bx, y + 64, bx + w - 4, y + GUILD_H - 4


def guild_static(img: Image.Image, box: tuple[int, int, int, int], locale: str, track: str) -> None:
    """The parts of the guild board that never change (cached by render/flotilla.py)."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    rounded_box(d, box, 10, fill=PANEL, outline=(200, 208, 216))
    bold, small = font(17, True), font(TEXT_PX)
    y = y0 + MARKET_Y
    d.text((x0 + 10, y), _t("img.market", locale), font=bold, fill=INK)
    step = (x1 - x0 - 20) / 10
    for v in range(1, 11):
        bx = x0 + 10 + step * (v - 1)
        d.rectangle([bx + 1, y + 24, bx + step - 1, y + 64], fill=(226, 232, 238), outline=(190, 198, 206))
        d.text((bx + 4, y + 25), str(v), font=small, fill=MUTED)
    y = y0 + GUILD_Y
    for g in GUILDS:
        c = COLOUR_RGB[GUILD_COLOUR[g]]
        rounded_box(d, (x0 + 6, y, x1 - 6, y + GUILD_H), 8, fill=mix(c, WHITE, 0.82), outline=c, width=2)
        d.text((x0 + 14, y + 4), tr(msg(f"flotilla.guild.{g}"), locale), font=bold, fill=INK)
        for k in range(1, 7):
            bx0, by0, bx1, by1 = _ring_box(x0 + 6, x1 - 6, y, k)
            d.rectangle([bx0, by0, bx1, by1], fill=WHITE, outline=mix(c, INK, 0.3))
            text = f"{k}: {short(BOARD.rings[g][k - 1], locale)}"
            text_center(d, ((bx0 + bx1) / 2, by0 + 11), ellipsize(text, small, bx1 - bx0 - 4), small, fill=INK)
        y += GUILD_STEP
    y = y0 + TRACKS_Y
    _track(d, x0 + 10, y + 22, x1 - x0 - 20, [short(t, locale) for t in BOARD.survivor_tracks[track]], -1)
    _track(d, x0 + 10, y + 74, (x1 - x0 - 20) * 7 // 12, _sonar_cells(locale), -1)
    y = y1 - (DIAL_LINES + KEY_LINES + 1) * LINE - 16
    for i, line in enumerate(wrap_text(_t("img.dial_key", locale), small, x1 - x0 - 20)[:DIAL_LINES]):
        d.text((x0 + 10, y + LINE * i), line, font=small, fill=INK)
    y += DIAL_LINES * LINE + 6
    d.text((x0 + 10, y), _t("img.key_title", locale), font=font(TEXT_PX, True), fill=INK)
    for i, line in enumerate(wrap_text(space_key(locale), small, x1 - x0 - 20)[:KEY_LINES]):
        d.text((x0 + 10, y + LINE * (i + 1)), line, font=small, fill=INK)


def space_key(locale: str, names: Sequence[str] = ()) -> str:
    """"2¢ coins · 1V victory points · Ti draw and place an ocean tile …" in the reader's language: every code of
    SHORT, or those `names` (render/flotilla_key.py: the codes a decision image shows)."""
    parts = []
    for name in names or SHORT:
        code = _t(f"img.short.{name}", locale, a="1" if name in ("coin", "vp", "infl") else "")
        parts.append(f"{code} {_t(f'img.key.{name}', locale)}")
    return "  ·  ".join(parts)


def draw_guilds(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
                names: Mapping[str, str], locale: str) -> None:
    """What changes on the guild board: markers, dials, stacks, seals, discs, track discs, objectives."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    reg, small = font(15), font(TEXT_PX)
    y = y0 + MARKET_Y
    step = (x1 - x0 - 20) / 10
    for v in range(1, 11):
        bx = x0 + 10 + step * (v - 1)
        here = [c for c in ("p", "y", "r", "b") if view.market[c] == v]
        for i, c in enumerate(here):
            cx = bx + 8 + i * 13
            d.ellipse([cx, y + 46, cx + 12, y + 58], fill=COLOUR_RGB[c], outline=INK)
    y = y0 + GUILD_Y
    for g in GUILDS:
        head = _t("img.dial", locale, n=view.dials[g]) + "  ·  " + _t("img.artifacts", locale, n=len(view.slotted[g]))
        d.text((x1 - 14, y + 6), head, font=small, fill=INK, anchor="ra")
        crew = _t("img.stack", locale, card=card_name(view.stack_tops[g], locale), n=view.stack_sizes[g])
        d.text((x0 + 14, y + 26), ellipsize(crew, small, x1 - x0 - 28), font=small, fill=INK)
        seals = "  ".join(f"{names.get(p.seat, p.seat)} {p.seals[g]}" for p in view.players if p.seals[g])
        d.text((x0 + 14, y + 44), ellipsize(_t("img.seals", locale) + " " + (seals or "–"), small, x1 - x0 - 28),
               font=small, fill=INK)
        _ring(img, view, g, (x0 + 6, x1 - 6, y), seat_index)
        y += GUILD_STEP
    y = y0 + TRACKS_Y
    d.text((x0 + 10, y), _t("img.survivor", locale, space=view.survivor, track=view.survivor_track), font=reg, fill=INK)
    cells = [short(t, locale) for t in BOARD.survivor_tracks[view.survivor_track]]
    _track(d, x0 + 10, y + 22, x1 - x0 - 20, cells, view.survivor, only_mark=True)
    d.text((x0 + 10, y + 52), _t("img.sonar", locale, space=view.sonar), font=reg, fill=INK)
    _track(d, x0 + 10, y + 74, (x1 - x0 - 20) * 7 // 12, _sonar_cells(locale), view.sonar, only_mark=True)
    d.text((x0 + 10, y + 104), _t("img.bags", locale, tiles=view.bag, artifacts=view.artifact_bag), font=reg, fill=INK)
    y += 132
    for side, rgb in (("sink", SINK_RGB), ("sky", SKY_RGB)):
        stacks = view.objectives[side]
        line = "  ".join(f"{tr(msg(f'flotilla.obj.{name}'), locale)} {'/'.join(map(str, left)) or '–'}"
                         for name, left in stacks.items())
        d.rectangle([x0 + 10, y + 3, x0 + 22, y + 15], fill=rgb)
        lines = _wrap(line, small, x1 - x0 - 50)
        if len(lines) > 2:
            lines = [lines[0], ellipsize("  ".join(lines[1:]), small, x1 - x0 - 50)]
        for i, part in enumerate(lines):
            d.text((x0 + 28, y + i * LINE), part, font=small, fill=INK)
        y += 2 * LINE + 4


SHORT = ("coin", "vp", "survivor", "tile", "seal", "recruit", "resource", "infl")  # flotilla.img.short.<name>


def short(terms, locale: str = "en") -> str:
    """A ring or track space's bonus in a few characters (2¢, 1¢1V, Ti, Se, Rc, Rs, Sv; in Spanish
    2¢, 1¢1PV, Lo, Se, Rl, Rc, Sp), from the catalog (`flotilla.img.short.*`, with `{a}` the amount);
    `space_key` explains them under the board."""
    return "".join(_t(f"img.short.{t.name}", locale, a=t.a) if t.name in SHORT else t.name[:2] for t in terms)


def _sonar_cells(locale: str) -> list[str]:
    return ["–"] + [_t("img.short.vp", locale, a=v) for v in BOARD.sonar_vp[1:]]


def _track(d: ImageDraw.ImageDraw, x: int, y: int, width: int, cells: list[str], at: int,
           only_mark: bool = False) -> None:
    step = width / len(cells)
    f = font(TEXT_PX)
    for i, text in enumerate(cells):
        if only_mark and i != at:
            continue
        bx = x + i * step
        here = i == at
        d.rectangle([bx + 1, y, bx + step - 1, y + 24], fill=GOLD if here else (226, 232, 238),
                    outline=INK if here else (190, 198, 206), width=2 if here else 1)
        text_center(d, (bx + step / 2, y + 12), text, f, fill=INK)


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


def _ring(img: Image.Image, view: Any, g: str, span: tuple[int, int, int], seat_index: dict[str, int]) -> None:
    """Each player's disc on the guild's ring, in the box of its space."""
    x0, x1, y = span
    at: dict[int, list[str]] = {}
    for p in view.players:
        at.setdefault(p.ring[g], []).append(p.seat)
    for k, seats in at.items():
        bx0, by0, bx1, by1 = _ring_box(x0, x1, y, k)
        w = (bx1 - bx0 - 4) / max(3, len(seats))
        for i, seat in enumerate(seats):
            paste_marker(img, (bx0 + 2 + w * (i + 0.5), by0 + 36), 13, seat_index[seat])


def player_rows_height(n: int) -> int:
    return n * ROW_H + 8


ROWS_KEPT = 16  # player rows kept between boards (1,381 x 74 px, 0.4 MB each): 6.5 MB; a board asks for one per player
KEPT_ROWS: PanelCache[Image.Image] = PanelCache(ROWS_KEPT)


def draw_players(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
                 names: Mapping[str, str], locale: str) -> None:
    """One row per player; after the end the rows follow the final ranks and show the final score.  A move
    changes one or two players' rows, so each row is drawn on its own image and kept (`KEPT_ROWS`) and pasted
    where it goes; the rows' box holds only the page's background (`PAGE_BG`) under them, so the pixels and
    the texts are those of drawing the row in place."""
    x0, y0, x1, _ = box
    players = list(view.players)
    final = bool(view.final_ranks)
    if final:
        players.sort(key=lambda p: (view.final_ranks[p.seat], p.position))
    for i, p in enumerate(players):
        y = y0 + i * ROW_H
        acting = p.seat in view.to_act
        name = names.get(p.seat, p.seat)
        ends = (view.final_ranks[p.seat], view.final_scores[p.seat], view.final_breakdown[p.seat]) if final else None
        if not KEPT_ROWS.size:  # none kept (a test following each text where it is drawn): drawn in place
            _draw_row(img, view, p, acting, name, (x0, y, x1), seat_index, locale)
            continue
        key = (x1 - x0, p.model_dump_json(), acting, repr(ends), name, seat_index[p.seat], locale)

        def make(p: Any = p, acting: bool = acting, name: str = name) -> Image.Image:
            row = Image.new("RGB", (x1 - x0 + 1, ROW_H), PAGE_BG)
            _draw_row(row, view, p, acting, name, (0, 0, x1 - x0), seat_index, locale)
            return row

        img.paste(KEPT_ROWS.get(key, make), (x0, y))


def _draw_row(img: Image.Image, view: Any, p: Any, acting: bool, name: str, box: tuple[int, int, int],
              seat_index: dict[str, int], locale: str) -> None:
    """Player `p`'s row, its box's left, top and right at `box`."""
    x0, y, x1 = box
    d = ImageDraw.Draw(img)
    bold, reg = font(18, True), font(16)
    final = bool(view.final_ranks)
    side_rgb = SINK_RGB if p.side == "sink" else SKY_RGB
    won = final and view.final_ranks[p.seat] == 1
    rounded_box(d, (x0, y, x1, y + ROW_H - 6), 8, fill=(255, 248, 220) if acting or won else PANEL,
                outline=side_rgb, width=3)
    paste_marker(img, (x0 + 22, y + 22), 26, seat_index[p.seat])
    if final:
        name = _t("img.rank", locale, rank=view.final_ranks[p.seat], name=name)
    d.text((x0 + 42, y + 8), ellipsize(name, bold, 196), font=bold, fill=INK)
    d.rounded_rectangle([x0 + 42, y + 34, x0 + 150, y + 58], 6, fill=side_rgb)
    text_center(d, (x0 + 96, y + 46), _t("img.sinkside" if p.side == "sink" else "img.skyside", locale),
                font(TEXT_PX, True), fill=WHITE)
    if final:
        b = view.final_breakdown[p.seat]
        stats = _t("img.final_score", locale, total=view.final_scores[p.seat], play=b["play"])
        f = bold
    else:
        stats = _t("img.stats", locale, coins=p.coins, vp=p.vp, tox=p.tox, pen=p.penalty_space,
                   hand=p.hand_size, top=card_name(p.discard_top, locale), disc=p.discard_size)
        f = reg
    d.text((x0 + 250, y + 8), ellipsize(stats, f, x1 - x0 - 270 - TOX_W), font=f, fill=INK)
    _tox_track(d, x1 - TOX_W, y + 4, p.tox, p.penalty_space, locale)
    bx = x0 + 250
    label = _t("img.barrels", locale)  # what the coloured squares count
    d.text((bx, y + 37), label, font=reg, fill=INK)
    bx += int(reg.getlength(label)) + 10
    for c in ("p", "y", "r", "b"):
        d.rectangle([bx, y + 38, bx + 16, y + 54], fill=COLOUR_RGB[c], outline=INK)
        d.text((bx + 20, y + 37), str(p.barrels[c]), font=reg, fill=INK)
        bx += 46
    extra = (_t("img.skiffs", locale, n=len(p.skiffs), reserve=p.skiff_reserve,
                cargo=sum(len(s.cargo) for s in p.skiffs)) if p.side == "sink"
             else _t("img.tiles", locale, n=len(p.tiles)))
    extra += "  ·  " + _t("img.outposts", locale, n=p.outposts, floating=p.floating, obj=len(p.objectives))
    if final:
        extra = _t("img.final_parts", locale, currency=b["currency"], barrels=b["barrels"], seals=b["seals"],
                   tox=b["toxicity"])
    d.text((bx + 10, y + 37), ellipsize(extra, reg, x1 - bx - 30 - TOX_W), font=reg, fill=INK)


TOX_W = 240


def _tox_track(d: ImageDraw.ImageDraw, x: int, y: int, tox: int, space: int, locale: str) -> None:
    """F60 / D5: the top tracker (T mod 5 drops) and the scoring penalty marker's track."""
    f = font(TEXT_PX, True)
    for k in range(5):
        fill = (120, 170, 60) if k < tox % 5 else (226, 232, 238)
        d.ellipse([x + k * 18, y + 4, x + k * 18 + 13, y + 17], fill=fill, outline=(150, 160, 170))
    d.text((x + 96, y + 2), _t("img.tox", locale, n=tox), font=f, fill=INK)
    for k, value in enumerate(BOARD.tox_penalty):
        bx = x + k * 29
        here = k == space
        d.rectangle([bx, y + 26, bx + 27, y + 52], fill=GOLD if here else (236, 238, 242),
                    outline=INK if here else (190, 198, 206), width=2 if here else 1)
        text_center(d, (bx + 14, y + 39), f"{value:+d}" if value else "0", f, fill=INK)

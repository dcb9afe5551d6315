"""Wayfinders hangar board and player panels.

A player's panel changes only when that player's state does (most moves change one or two of them), so each
panel is drawn on its own image and kept (`PanelCache`, bounded by count) and pasted onto the board; a move
that leaves a panel as it was pastes the kept one.  The pixels and the texts (render/measure) are those of
drawing it in place.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from PIL import Image, ImageDraw

from .common import INK, WHITE, ellipsize, font, paste_marker, paste_sprite, player_style
from .kept import PanelCache
from .wayfinders_islands import token_sprite
from .wayfinders_layout import (
    ACT_BG,
    COLOURS,
    HANGAR_SLOTS,
    HANGAR_TITLE,
    HTOKEN,
    HWORKER,
    M,
    MUTED,
    PANEL_BG,
    W,
    Ctx,
    Layout,
    hangar_token_centre,
    hangar_worker_centre,
    ordinal,
)

if TYPE_CHECKING:
    from rules.wayfinders.state import PlayerView


def draw_hangars(img: Image.Image, d: ImageDraw.ImageDraw, ctx: Ctx, lay: Layout) -> None:
    v, L = ctx.view, ctx.L
    for k, tokens in enumerate(v.hangars[:HANGAR_SLOTS]):
        box = lay.hangar_box(k)
        for t, colour in enumerate(tokens[:3]):
            paste_sprite(img, token_sprite(colour, HTOKEN, True), hangar_token_centre(box, t))
        seats = v.workers[k] if k < len(v.workers) else []
        for w, seat in enumerate(seats[:15]):
            paste_marker(img, hangar_worker_centre(box, w), HWORKER, ctx.idx(seat))
    # bag, right of the title
    y = lay.hangar_y + HANGAR_TITLE / 2 - 2
    fb = font(20, True)
    f = font(20)
    items = [(c, f"×{v.bag.get(c, 0)}") for c in COLOURS]
    label = L["bag"].format(n=v.bag_total)
    width = fb.getlength(label) + 10 + sum(26 + 4 + f.getlength(t) + 14 for _, t in items)
    x = W - M - width
    d.text((x, y), label, font=fb, fill=INK, anchor="lm")
    x += fb.getlength(label) + 10
    for c, t in items:
        paste_sprite(img, token_sprite(c, 26), (x + 13, y))
        x += 30
        d.text((x, y), t, font=f, fill=INK, anchor="lm")
        x += f.getlength(t) + 14


def _effect_chips(effects: Sequence[str]) -> list[tuple[str, Optional[str]]]:
    """(label key, colour) per ability; keep_extra stacked into one chip."""
    chips: list[tuple[str, Optional[str]]] = []
    keep = 0
    for e in effects:
        kind, _, colour = e.partition(":")
        if kind == "keep_extra":
            keep += 1
        elif kind == "free_passage":
            chips.append(("free", colour or None))
        elif kind == "wildcard":
            chips.append(("wild", colour or None))
        else:
            chips.append((e, None))
    if keep:
        chips.append((f"keep:{keep}", None))
    return chips


def draw_panel(img: Image.Image, d: ImageDraw.ImageDraw, ctx: Ctx, p: "PlayerView", box: tuple[int, int, int, int]) -> None:
    v, L = ctx.view, ctx.L
    x0, y0, x1, y1 = box
    acting = p.seat in v.to_act
    idx = ctx.idx(p.seat)
    style = player_style(idx)
    d.rounded_rectangle(box, radius=12, fill=ACT_BG if acting else PANEL_BG,
                        outline=INK if acting else (170, 168, 160), width=4 if acting else 2)
    d.rounded_rectangle([x0 + 4, y0 + 4, x0 + 14, y1 - 4], radius=4, fill=style.rgb)
    left = x0 + 24
    right = x1 - 14
    h = y1 - y0
    compact = h < 190
    # row 1: marker, name, score
    ry = y0 + 26
    paste_marker(img, (left + 16, ry), 32, idx)
    score = str(p.score)
    fs = font(32, True)
    fp = font(18)
    sw = fs.getlength(score) + 6 + fp.getlength(L["pts"])
    d.text((right, ry + 2), L["pts"], font=fp, fill=MUTED, anchor="rm")
    d.text((right - fp.getlength(L["pts"]) - 6, ry), score, font=fs, fill=INK, anchor="rm")
    fn = font(24, True)
    room = right - sw - 16 - (left + 40)
    you = f" {L['you']}" if v.viewer and p.seat == v.viewer else ""
    nm = ellipsize(ctx.name(p.seat), fn, room - fn.getlength(you)) + you
    d.text((left + 40, ry), nm, font=fn, fill=INK, anchor="lm")
    # row 2: turn position, plane, to-act tag
    ry += 32
    f18 = font(18)
    info = f"{L['turn'].format(pos=ordinal(p.position, ctx.locale))} · {L['plane'].format(cell=p.plane)}"
    d.text((left, ry), info, font=f18, fill=MUTED, anchor="lm")
    if acting:
        ft = font(18, True)
        tw = ft.getlength(L["tag"]) + 16
        d.rounded_rectangle([right - tw, ry - 13, right, ry + 13], radius=6, fill=INK)
        d.text((right - tw / 2, ry + 1), L["tag"], font=ft, fill=WHITE, anchor="mm")
    # row 3: hand by colour, then "hand n/limit" (just "n/limit" where a big hand leaves no room)
    ry += 36
    fcount = font(20, True)
    total = sum(p.hand.values())
    over = total > p.hand_limit
    fh = font(18, over)
    counts = [(c, p.hand.get(c, 0)) for c in COLOURS]
    chips = sum(32 + fcount.getlength(str(n)) for _, n in counts)
    hand = L["hand"].format(n=total, limit=p.hand_limit)
    gap = 14
    if left + chips + 4 * gap + 12 + fh.getlength(hand) > right:
        gap = 8
        if left + chips + 4 * gap + 12 + fh.getlength(hand) > right:
            hand = f"{total}/{p.hand_limit}"
    x = left
    for c, n in counts:
        paste_sprite(img, token_sprite(c, 28, faded=n == 0), (x + 14, ry))
        d.text((x + 32, ry), str(n), font=fcount, fill=INK if n else (170, 170, 170), anchor="lm")
        x += 32 + fcount.getlength(str(n)) + gap
    d.text((right, ry), hand, font=fh, fill=(180, 30, 30) if over else MUTED, anchor="rm")
    # row 4: workers left, cubes right
    ry += 31
    d.text((left, ry), ellipsize(L["workers"].format(ready=p.workers_supply, out=p.workers_on_board), f18, right - left - 90),
           font=f18, fill=INK, anchor="lm")
    d.text((right, ry), L["cubes"].format(n=p.cubes), font=f18, fill=INK, anchor="rm")
    # row 5: islands held
    ry += 28
    cells = " ".join(p.islands) if p.islands else "—"
    d.text((left, ry), ellipsize(L["islands_at"].format(n=len(p.islands), cells=cells), f18, right - left),
           font=f18, fill=INK, anchor="lm")
    # row 5: abilities
    ry += 31 if not compact else 29
    chips = _effect_chips(p.effects)
    x = left
    fc = font(18)
    if not chips:
        d.text((x, ry), L["none"], font=fc, fill=(150, 150, 150), anchor="lm")
    for key, colour in chips:
        if key.startswith("keep:"):
            label = L["keep"].format(n=key.split(":")[1])
        else:
            label = L.get(key, key.replace("_", " "))
        w = fc.getlength(label) + 16 + (30 if colour else 0)
        if x + w > right:
            d.text((x, ry), "…", font=fc, fill=INK, anchor="lm")
            break
        d.rounded_rectangle([x, ry - 14, x + w, ry + 14], radius=7, fill=(236, 236, 240), outline=(150, 150, 160), width=1)
        d.text((x + 8, ry), label, font=fc, fill=INK, anchor="lm")
        if colour:
            paste_sprite(img, token_sprite(colour, 22), (x + w - 19, ry))
        x += w + 8


PANELS_KEPT = 16  # 550 x 224 px, 0.5 MB each: 8 MB; a board asks for one per player


KEPT_PANELS: PanelCache[Image.Image] = PanelCache(PANELS_KEPT)


def paste_panel(img: Image.Image, static: Image.Image, layer: tuple, ctx: Ctx, p: "PlayerView",
                box: tuple[int, int, int, int]) -> None:
    """Player `p`'s panel on `img` at `box`, as `draw_panel` draws it there; `static`: the layer `img` was
    copied from (its pixels under the panel's rounded corners; nothing else is drawn in a panel's box),
    `layer` its key."""
    v = ctx.view
    x0, y0, x1, y1 = box
    key = (layer, box, p.model_dump_json(), p.seat in v.to_act, bool(v.viewer) and p.seat == v.viewer,
           ctx.idx(p.seat), ctx.name(p.seat), ctx.locale)

    def make() -> Image.Image:
        under = static.crop((x0, y0, x1 + 1, y1 + 1))  # the box's last row and column are drawn on too
        part = Image.frombytes(under.mode, under.size, under.tobytes())  # the pixels, without the layer's texts
        draw_panel(part, ImageDraw.Draw(part), ctx, p, (0, 0, x1 - x0, y1 - y0))
        return part

    img.paste(KEPT_PANELS.get(key, make), (x0, y0))

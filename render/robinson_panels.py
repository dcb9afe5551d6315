"""Side panel (tracks, resources, woodpile, weather, threat, hunting) and the bottom
band (inventions, characters with wounds and determination, the shared plan)."""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image, ImageDraw

from rules.robinson.texts import card
from rules.text import msg, tr

from .common import INK, WHITE, dashed_rect, ellipsize, font, paste_marker, text_width, wrap_text

PAGE = (238, 234, 222)
PANEL = (250, 247, 238)
GOOD = (46, 125, 50)
BAD = (190, 50, 40)
MUTED = (130, 130, 130)
AMBER = (240, 180, 60)


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"robinson.{key}", **args), locale)


def _card(card_id: str, locale: str) -> str:
    """A card's name in `locale` ("invention:Shovel" -> "Pala"); the id stays English."""
    return tr(card(card_id), locale)


def _box(d: ImageDraw.ImageDraw, box, title: str) -> tuple[int, int]:
    d.rounded_rectangle(list(box), 10, fill=PANEL, outline=(180, 170, 150), width=2)
    d.text((box[0] + 10, box[1] + 6), title, font=font(18, True), fill=INK)
    return box[0] + 10, box[1] + 32


def draw_side(img: Image.Image, view: Any, box, locale: str) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    f, fb = font(18), font(18, True)
    # tracks
    x, y = _box(d, (x0, y0, x1, y0 + 150), _t("img.tracks", locale))
    d.text((x, y), _t("img.morale", locale), font=fb, fill=INK)
    for i, level in enumerate(range(-3, 4)):
        cx = x + 120 + i * 44
        on = level == view.morale
        d.rounded_rectangle([cx, y - 2, cx + 38, y + 24], 6, fill=AMBER if on else WHITE, outline=INK)
        d.text((cx + 8, y + 1), f"{level:+d}" if level else "0", font=fb if on else f, fill=INK)
    shelter = _t("img.yes" if view.shelter else ("img.natural_short" if view.natural_shelter else "img.no"), locale)
    line2 = _t("img.levels", locale, wpn=view.weapon, roof=view.roof, pal=view.palisade, shelter=shelter)
    d.text((x, y + 36), line2, font=fb, fill=INK)
    d.text((x, y + 66), _t("img.decks", locale, event=view.event_deck, beasts=view.beast_deck,
                           left=view.island_left), font=f, fill=INK)
    # resources
    y0 += 158
    x, y = _box(d, (x0, y0, x1, y0 + 100), _t("img.resources", locale))
    for row, (key, pool) in enumerate((("img.available", view.avail), ("img.future", view.future))):
        text = _t(key, locale, F=pool["F"], NF=pool["NF"], W=pool["W"], Fur=pool["Fur"])
        d.text((x, y + row * 28), ellipsize(text, fb if row == 0 else f, x1 - x0 - 20), font=fb if row == 0 else f,
               fill=INK)
    # woodpile and goal
    y0 += 108
    x, y = _box(d, (x0, y0, x1, y0 + 96), _t("img.woodpile", locale))
    fire = any(i["name"] == "Fire" and i["built"] for i in view.inventions)
    cx = x
    for have, need in zip(view.pile, view.pile_needs):
        w = 26 * need
        d.rectangle([cx, y, cx + w, y + 26], outline=INK, fill=WHITE)
        if have:
            d.rectangle([cx, y, cx + 26 * have, y + 26], fill=(150, 100, 50))
        d.text((cx + 4, y + 3), f"{have}/{need}", font=font(15, True), fill=INK if have < 2 else WHITE)
        cx += w + 8
    goal = _t("img.goal", locale, fire=_t("img.yes" if fire else "img.no", locale))
    d.text((x, y + 32), ellipsize(goal, f, x1 - x0 - 20), font=f, fill=INK)
    # weather
    y0 += 104
    x, y = _box(d, (x0, y0, x1, y0 + 64), _t("img.weather", locale))
    dice = ", ".join(_t("img.die." + k, locale) for k in view.weather_dice) or _t("img.none", locale)
    toks = ", ".join(_t("wx." + k, locale) for k in view.weather_tokens)
    lines = wrap_text(dice + (f"  +  {toks}" if toks else ""), f, x1 - x - 120)
    if len(lines) > 2:  # two lines fit in the box; the rest is cut with an ellipsis
        lines = [lines[0], ellipsize(" ".join(lines[1:]), f, x1 - x - 120)]
    for i, line in enumerate(lines):
        d.text((x + 110, y0 + 8 + 26 * i), line, font=f, fill=INK)
    # threat and hunting
    y0 += 72
    x, y = _box(d, (x0, y0, x1, y1), _t("img.threat", locale))
    for i, card_id in enumerate(view.threat):
        name = _card(card_id, locale) if card_id else "—"
        side = _t("img.left" if i == 0 else "img.right", locale)
        d.text((x, y + i * 26), ellipsize(f"{side}: {name}", fb, x1 - x0 - 20), font=fb, fill=INK)
    d.text((x, y + 56), _t("img.hunting", locale, n=view.hunt_deck), font=f, fill=INK)
    toks = [f"{_t('act.' + a, locale)}: {' '.join(_t('img.tok.' + t, locale) for t in ts)}"
            for a, ts in view.action_tokens.items()]
    if toks:
        d.text((x, y + 82), ellipsize(" · ".join(toks), font(16), x1 - x0 - 20), font=font(16), fill=INK)


def target_text(view: Any, key: str, locale: str) -> str:
    """A stack's target in a few words: "Build Roof", "Gather wood 11", "Explore 5"."""
    parts = key.split(".")
    head = parts[0]
    if head == "thr":
        card_id = view.threat[int(parts[1])] if len(view.threat) > int(parts[1]) else None
        return _t("act.threat", locale) + ((" " + _card(card_id, locale)) if card_id else "")
    if head == "b":
        what = _card("invention:" + parts[2], locale) if parts[1] == "inv" else _t("img.build." + parts[1], locale)
        return f"{_t('act.build', locale)} {what}"
    if head == "g":
        return f"{_t('act.gather', locale)} {_t('img.src.' + parts[2], locale)} {parts[1]}"
    if head == "x":
        return f"{_t('act.explore', locale)} {parts[1]}"
    return _t("act." + head, locale)


def bottom_height(view: Any) -> int:
    inv_rows = (len(view.inventions) + 4) // 5
    plan = min(len(view.plan), 12)
    return 40 + inv_rows * 26 + 20 + 40 + 34 * len(view.characters) + 20 + (40 + 24 * ((plan + 1) // 2) if plan else 0)


def draw_bottom(img: Image.Image, view: Any, box, names: Mapping[str, str], seat_index: dict, locale: str) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = box
    f, fb = font(17), font(17, True)
    inv_rows = (len(view.inventions) + 4) // 5
    x, y = _box(d, (x0, y0, x1, y0 + 40 + inv_rows * 26), _t("img.inventions", locale))
    col = (x1 - x0 - 20) / 5
    for i, inv in enumerate(view.inventions):
        cx, cy = x + (i % 5) * col, y + (i // 5) * 26
        colour = GOOD if inv["built"] else (AMBER if inv["future"] else (INK if inv["ready"] else MUTED))
        mark = "■ " if inv["built"] else ("□ " if inv["ready"] else "· ")
        style = fb if inv["built"] else f
        d.text((cx, cy), ellipsize(mark + _card("invention:" + inv["name"], locale), style, col - 8), font=style,
               fill=colour)
    y0 += 48 + inv_rows * 26
    chars = view.characters
    x, y = _box(d, (x0, y0, x1, y0 + 40 + 34 * len(chars)), _t("img.characters", locale))
    for i, c in enumerate(chars):
        cy = y + i * 34
        if c["name"] == "Dog":
            d.text((x + 30, cy), _t("cname.Dog", locale), font=fb, fill=INK)
            continue
        seat = c.get("seat")
        if seat is not None:
            paste_marker(img, (x + 12, cy + 11), 20, seat_index.get(seat, 0))
        who = _t("cname." + c["name"], locale) + (f" ({names.get(seat, seat)})" if seat else "")
        d.text((x + 30, cy), ellipsize(who, fb, 300), font=fb, fill=BAD if c["dead"] else INK)
        life, wounds = c["life"], c["wounds"]
        bx = x + 340
        for k in range(life):
            left = life - k  # remaining life at this box
            fill = BAD if k < wounds else WHITE
            d.rectangle([bx + k * 24, cy, bx + k * 24 + 20, cy + 22], fill=fill,
                        outline=AMBER if left in c["arrows"] else INK, width=3 if left in c["arrows"] else 1)
        extra = [_t("img.det", locale, n=c["det"])]
        if c["out"]:
            extra.append(_t("img.outside", locale))
        if c["special"]:
            extra.append(_t("img.special", locale, n=len(c["special"])))
        if c["limits"]:
            extra.append(_t("img.limited", locale))
        d.text((bx + life * 24 + 14, cy), ellipsize("  ".join(extra), f, x1 - bx - life * 24 - 30), font=f, fill=INK)
    if not view.plan:
        return
    y0 += 48 + 34 * len(chars)
    plan = view.plan[:12]
    x, y = _box(d, (x0, y0, x1, y0 + 40 + 24 * ((len(plan) + 1) // 2)), _t("img.plan", locale))
    half = (x1 - x0 - 20) / 2
    for i, st in enumerate(plan):
        cx, cy = x + (i % 2) * half, y + (i // 2) * 24
        pawns = ", ".join(_t("cname." + p, locale) for p in st["pawns"])
        sure = " ✓" if st["auto"] or st["action"] not in ("build", "gather", "explore") else " 🎲"
        text = f"{target_text(view, st['target'], locale)}: {pawns}" + sure.replace(" 🎲", " ⚀")
        waiting = st.get("waiting", 0)
        if not waiting:
            d.text((cx, cy), ellipsize(text, f, half - 10), font=f, fill=INK)
            continue
        # R38: a stack started for others to join, not carried out as it is: dashed, with what it lacks
        dashed_rect(d, (int(cx) - 5, cy - 2, int(cx + half) - 12, cy + 21), BAD, width=2, dash=7, gap=4)
        note = "  " + _t("img.waiting_one" if waiting == 1 else "img.waiting_many", locale, n=waiting)
        room = half - 22 - text_width(note, fb)
        text = ellipsize(text, f, room)
        d.text((cx, cy), text, font=f, fill=MUTED)
        d.text((cx + text_width(text, f), cy), note, font=fb, fill=BAD)

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
CROSS_BLUE = (40, 80, 170)  # the blue goal markers (robinson-scenarios.md K0.13)


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"robinson.{key}", **args), locale)


def _card(card_id: str, locale: str) -> str:
    """A card's name in `locale` ("invention:Shovel" -> "Pala"); the id stays English."""
    return tr(card(card_id), locale)


def _box(d: ImageDraw.ImageDraw, box, title: str) -> tuple[int, int]:
    d.rounded_rectangle(list(box), 10, fill=PANEL, outline=(180, 170, 150), width=2)
    d.text((box[0] + 10, box[1] + 6), title, font=font(18, True), fill=INK)
    return box[0] + 10, box[1] + 32


def _flow(d: ImageDraw.ImageDraw, x: float, y: float, text: str, fnt, width: float, fill=INK) -> float:
    """`text` wrapped to `width` from (x, y), one line every LINE px; the y below it."""
    for line in wrap_text(text, fnt, width):
        d.text((x, y), line, font=fnt, fill=fill)
        y += LINE
    return y


LINE = 26  # line pitch of the side panel
GAP = 8  # between two boxes of the side panel


def draw_side(img: Image.Image, view: Any, box, locale: str) -> int:
    """The side panel flowed from the top of `box` (each box as tall as its wrapped lines);
    returns the y below the last box.  Drawn on `img` only down to box[3]: callers measure first
    (`side_height`) and make the page tall enough."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = box
    f, fb = font(18), font(18, True)
    inner = x1 - x0 - 20

    def panel(top: float, title: str, paint) -> float:
        """A titled box whose content `paint(draw, x, y) -> bottom` draws, measured on a scratch page
        first; the y of the next box."""
        scratch = ImageDraw.Draw(Image.new("RGB", (x1 + 10, 10)))
        bottom = paint(scratch, x0 + 10, top + 32)
        d.rounded_rectangle([x0, top, x1, bottom + 6], 10, fill=PANEL, outline=(180, 170, 150), width=2)
        d.text((x0 + 10, top + 6), title, font=fb, fill=INK)
        paint(d, x0 + 10, top + 32)
        return bottom + 6 + GAP

    def tracks(dd, x, y):
        dd.text((x, y), _t("img.morale", locale), font=fb, fill=INK)
        for i, level in enumerate(range(-3, 4)):
            cx = x + 120 + i * 44
            on = level == view.morale
            dd.rounded_rectangle([cx, y - 2, cx + 38, y + 24], 6, fill=AMBER if on else WHITE, outline=INK)
            dd.text((cx + 19, y + 11), f"{level:+d}" if level else "0", font=fb if on else f, fill=INK, anchor="mm")
        y += 34
        shelter = _t("img.yes" if view.shelter else ("img.natural_short" if view.natural_shelter else "img.no"), locale)
        y = _flow(dd, x, y, _t("img.levels", locale, wpn=view.weapon, roof=view.roof, pal=view.palisade,
                                 shelter=shelter), fb, inner)
        return _flow(dd, x, y, _t("img.decks", locale, event=view.event_deck, beasts=view.beast_deck,
                                    left=view.island_left), f, inner)

    def resources(dd, x, y):
        for row, (key, pool) in enumerate((("img.available", view.avail), ("img.future", view.future))):
            text = _t(key, locale, F=pool["F"], NF=pool["NF"], W=pool["W"], Fur=pool["Fur"])
            y = _flow(dd, x, y, text, fb if row == 0 else f, inner)
        return y

    def woodpile(dd, x, y):
        fire = any(i["name"] == "Fire" and i["built"] for i in view.inventions)
        cx = x
        unit = min(30, (inner - 8 * (len(view.pile_needs) - 1)) // max(1, sum(view.pile_needs)))
        for have, need in zip(view.pile, view.pile_needs):
            w = unit * need
            dd.rectangle([cx, y, cx + w, y + 26], outline=INK, fill=WHITE)
            if have:
                dd.rectangle([cx, y, cx + unit * have, y + 26], fill=(150, 100, 50))
            dd.text((cx + w / 2, y + 13), f"{have}/{need}", font=font(15, True), fill=WHITE if have * 2 > need else INK,
                    anchor="mm")
            cx += w + 8
        goal = _t("img.goal", locale, fire=_t("img.yes" if fire else "img.no", locale))
        return _flow(dd, x, y + 34, goal, f, inner)

    def jenny(dd, x, y):
        """Jenny's track (robinson-scenarios.md K3.4): a box per wound she can take, filled as she takes
        them, the last one her death; then where she is and the goal."""
        j = view.jenny
        unit = min(30, (inner - 4 * (j["life"] - 1)) // j["life"])
        for i in range(j["life"]):
            cx = x + i * (unit + 4)
            hit = i < j["wounds"]
            dd.rectangle([cx, y, cx + unit, y + 26], outline=INK, fill=(178, 34, 34) if hit else WHITE)
            if i == j["life"] - 1:
                dd.text((cx + unit / 2, y + 13), "✝", font=font(15, True), fill=WHITE if hit else INK, anchor="mm")
        where = _t("img.jenny_rescued", locale, n=j["rescued"]) if j["rescued"] else _t("img.jenny_waiting", locale)
        y = _flow(dd, x, y + 34, where, fb, inner)
        if j["rescued"]:  # K3.10: the Lifeboat from the round after her rescue
            return _flow(dd, x, y, _t("img.goal_lifeboat", locale, n=j["rescued"] + 1), f, inner)
        raft = any(i["name"] == "JennyRaft" and i["built"] for i in view.inventions)
        return _flow(dd, x, y, _t("img.goal_jenny", locale, raft=_t("img.yes" if raft else "img.no", locale)), f, inner)

    def family(dd, x, y):
        """Family Robinson's goal (robinson-scenarios.md K6.1): a box per dealt invention, filled once
        built, then the camp's parts and the children's food tonight (K6.4), while the game goes on."""
        g = view.family
        n = len(g["dealt"])
        unit = min(30, (inner - 4 * (n - 1)) // max(1, n))
        for i in range(n):
            cx = x + i * (unit + 4)
            dd.rectangle([cx, y, cx + unit, y + 26], outline=INK, fill=GOOD if i < g["built"] else WHITE)
        yes = lambda ok: "✓" if ok else "✗"  # noqa: E731
        line = _t("img.goal_family", locale, n=g["built"], of=n, shelter=yes(g["shelter"]), roof=yes(view.roof >= 1),
                  pal=yes(view.palisade >= 1), wpn=yes(view.weapon >= 1))
        y = _flow(dd, x, y + 34, line, fb, inner)
        if g.get("over"):  # the game has ended: no Night is to come, the children eat no more
            return y
        kids = _t("img.children", locale, n=g["children"]) if g["children"] else _t("img.children_later", locale,
                                                                                    n=g["children_from"])
        return _flow(dd, x, y, kids, f, inner)

    def cursed(dd, x, y):
        """Cursed Island (robinson-scenarios.md K2.1, K2.6): a box per cross the goal takes, filled blue as
        they stand on tiles; the fog count; the temple; the goal line."""
        c = view.temple
        unit = min(40, (inner - 6 * (c["to_win"] - 1)) // c["to_win"])
        for i in range(c["to_win"]):
            cx = x + i * (unit + 6)
            hit = i < c["crosses"]
            dd.rectangle([cx, y, cx + unit, y + 26], outline=INK, fill=CROSS_BLUE if hit else WHITE)
            dd.text((cx + unit / 2, y + 13), "✝", font=font(15, True), fill=WHITE if hit else MUTED, anchor="mm")
        y = _flow(dd, x, y + 34, _t("img.goal_cursed", locale, n=c["crosses"], of=c["to_win"]), fb, inner)
        y = _flow(dd, x, y, _t("img.fog_count", locale, n=c["fog"]), f, inner)
        if c["searched"]:
            temple = _t("img.temple_done", locale, n=c["searched"])
        elif c["space"] is not None:
            temple = _t("img.temple_open", locale, space=c["space"], n=c["from"])
        else:
            temple = _t("img.temple_none", locale)
        return _flow(dd, x, y, temple, f, inner)

    def cannibal(dd, x, y):
        """Cannibal Island (robinson-scenarios.md K5.1, K5.4-K5.6): a box per village revealed, black once
        burned; the villages line with the burning's strength; the City; the goal line."""
        c = view.cannibal
        boxes = ["black"] * c["burned"] + ["village"] * len(c["villages"])
        unit = min(40, (inner - 6 * 5) // 6)
        for i, kind in enumerate(boxes[:6]):
            cx = x + i * (unit + 6)
            dd.rectangle([cx, y, cx + unit, y + 26], outline=INK, fill=INK if kind == "black" else (150, 90, 40))
        y = _flow(dd, x, y + 34 if boxes else y, _t("img.goal_cannibal", locale), fb, inner)
        y = _flow(dd, x, y, _t("img.villages", locale, n=len(c["villages"]), b=c["burned"], str=c["strength"]), f, inner)
        if c["city_burned"]:
            city = _t("img.city_burned", locale)
        elif c["city_up"]:
            city = _t("img.city_up", locale, space=c["city_space"])
        else:
            city = _t("img.city_waiting", locale, space=c["city_space"], n=c["city_round"])
        return _flow(dd, x, y, city, f, inner)

    def weather(dd, x, y):
        dice = ", ".join(_t("img.die." + k, locale) for k in view.weather_dice) or _t("img.none", locale)
        toks = ", ".join(_t("wx." + k, locale) for k in view.weather_tokens)
        return _flow(dd, x, y, dice + (f"  +  {toks}" if toks else ""), f, inner)

    def threat(dd, x, y):
        for i, card_id in enumerate(view.threat):
            name = _card(card_id, locale) if card_id else "—"
            side = _t("img.left" if i == 0 else "img.right", locale)
            y = _flow(dd, x, y, f"{side}: {name}", fb, inner)
        y = _flow(dd, x, y + 4, _t("img.hunting", locale, n=view.hunt_deck), f, inner)
        toks = [f"{_t('act.' + a, locale)}: {' '.join(_t('img.tok.' + t, locale) for t in ts)}"
                for a, ts in view.action_tokens.items()]
        return _flow(dd, x, y, " · ".join(toks), f, inner) if toks else y

    y = y0
    goal = [("img.woodpile", woodpile)] if view.pile_needs else [("img.jenny", jenny)] if view.jenny else \
        [("scenario.family_robinson", family)] if view.family else [("img.cursed", cursed)] if view.temple else \
        [("img.cannibal", cannibal)] if view.cannibal else []
    for title, paint in [("img.tracks", tracks), ("img.resources", resources), *goal,
                         ("img.weather", weather), ("img.threat", threat)]:
        y = panel(y, _t(title, locale), paint)
    return int(y - GAP)


def side_height(view: Any, width: int, locale: str) -> int:
    """How tall the side panel is at `width` px (drawn on a scratch page)."""
    scratch = Image.new("RGB", (width + 20, 1))
    return draw_side(scratch, view, (0, 0, width, 0), locale)


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
    if key == "x.raft":  # K3.6
        return _t("tgt.rescue", locale)
    if head == "h" and len(parts) == 3:  # K5.5: a burning
        return _t("tgt.burn", locale, space=int(parts[2]))
    if head == "x":
        return f"{_t('act.explore', locale)} {parts[1]}"
    if head == "r" and len(parts) == 3:  # K6.5
        return f"{_t('act.reclaim', locale)} {parts[1]}"
    return _t("act." + head, locale)


PLAN_ROW = 32  # pitch of a plan row (its stack-number badge is 26 px high)


def bottom_height(view: Any, width: int = 1380, locale: str = "en") -> int:
    inv_rows = (len(view.inventions) + 4) // 5
    plan = len(view.plan)
    return 40 + inv_rows * 26 + 20 + 40 + 34 * len(view.characters) + 20 + (40 + PLAN_ROW * ((plan + 1) // 2) if plan else 0)


def stack_badge(d: ImageDraw.ImageDraw, x: float, y: float, number: int) -> float:
    """The stack's number as `/robinson support stack:` takes it (1 = first), in a dark badge whose
    top left is (x, y); returns its width."""
    fnt = font(17, True)
    w = max(26, fnt.getlength(str(number)) + 12)
    d.rounded_rectangle([x, y, x + w, y + 26], 6, fill=INK)
    d.text((x + w / 2, y + 13), str(number), font=fnt, fill=WHITE, anchor="mm")
    return w


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
        made = inv["built"] or inv["future"]  # built this Action phase (R46): built, in amber until it works
        mark = ("■ " if made else ("□ " if inv["ready"] else "· ")) + ("★ " if inv.get("goal") else "")
        style = fb if made else f
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
    plan = view.plan
    x, y = _box(d, (x0, y0, x1, y0 + 40 + PLAN_ROW * ((len(plan) + 1) // 2)), _t("img.plan", locale))
    half = (x1 - x0 - 20) / 2
    for i, st in enumerate(plan):
        cx, cy = x + (i % 2) * half, y + (i // 2) * PLAN_ROW
        bw = stack_badge(d, cx, cy - 2, i + 1)
        tx, ty = cx + bw + 10, cy + 1
        pawns = ", ".join(_t("cname." + p, locale) for p in st["pawns"])
        sure = " ✓" if st["auto"] or st["action"] not in ("build", "gather", "explore") else " ⚀"
        text = f"{target_text(view, st['target'], locale)}: {pawns}" + sure
        room = cx + half - 14 - tx
        waiting = st.get("waiting", 0)
        if not waiting:
            d.text((tx, ty), ellipsize(text, f, room), font=f, fill=INK)
            continue
        # R38: a stack started for others to join, not carried out as it is: dashed, with what it lacks
        dashed_rect(d, (int(tx) - 5, cy - 3, int(cx + half) - 12, cy + 25), BAD, width=2, dash=7, gap=4)
        note = "  " + _t("img.waiting_one" if waiting == 1 else "img.waiting_many", locale, n=waiting)
        text = ellipsize(text, f, room - text_width(note, fb) - 2)
        d.text((tx, ty), text, font=f, fill=MUTED)
        d.text((tx + text_width(text, f) + 2, ty), note, font=fb, fill=BAD)

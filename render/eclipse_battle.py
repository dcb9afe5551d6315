"""Eclipse battle summary: both fleets, the dice of each volley, results.

Drawn from the public view alone: each battle the move just made fought in, whole from
its start (`view.battles`: the logs of `ev.battle`, `ev.fire_missiles`/`ev.fire_cannons`
with their dice, `ev.destroyed`, `ev.retreat(ed)`, `ev.stalemate`; a battle spread over
several decisions is summed up again after each, marked "under way" until it ends) and
the ships and damage in the hex.  The galaxy image (`render.eclipse`) appends this panel
below itself whenever a move fought one.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from PIL import Image, ImageDraw

from .common import WHITE, ellipsize, font, paste_marker

W = 1200
PANEL = (20, 24, 40)
MUTED = (170, 178, 196)
DIE = {1: (236, 206, 60), 2: (236, 140, 40), 4: (214, 60, 60)}  # yellow, orange, red (E55)
SHIP = {"en": {"interceptor": "Interceptor", "cruiser": "Cruiser", "dreadnought": "Dreadnought",
               "starbase": "Starbase", "ancient": "Ancient", "gcds": "GCDS"},
        "es": {"interceptor": "Interceptor", "cruiser": "Crucero", "dreadnought": "Acorazado",
               "starbase": "Base estelar", "ancient": "Antigua", "gcds": "SDCG"}}
WORDS = {"en": {"battle": "Battle in hex", "vs": "attacks", "missiles": "missiles", "cannons": "cannons",
                "hits": "hit(s)", "lost": "destroyed", "left": "retreat to", "stalemate": "no cannons: the attacker leaves",
                "now": "in the hex now", "npc": "Ancients/GCDS", "none": "nobody", "running": "(under way)",
                "gcds": "GCDS", "ancients": "Ancients",
                "more": "more rows not shown", "declared": "retreats to"},
         "es": {"battle": "Batalla en el hexágono", "vs": "ataca a", "missiles": "misiles", "cannons": "cañones",
                "hits": "impacto(s)", "lost": "destruido", "left": "retirada a", "stalemate": "sin cañones: el atacante se va",
                "now": "en el hexágono ahora", "npc": "Antiguos/SDCG", "none": "nadie", "running": "(en curso)",
                "gcds": "SDCG", "ancients": "Antiguos",
                "more": "filas más sin mostrar", "declared": "se retira a"}}
LINE = 30
MOST = 40  # rows drawn per battle: the first and the last ones, the middle elided


def _key(e: Any) -> str:
    return (e.get("key") if isinstance(e, dict) else getattr(e, "key", "")) or ""


def _args(e: Any) -> dict:
    return (e.get("args") if isinstance(e, dict) else getattr(e, "args", {})) or {}


def _side(arg: Any) -> Optional[str]:
    """The seat of a side argument (None for the NPCs)."""
    return _args(arg).get("id")


def _ship(arg: Any) -> str:
    return _key(arg).rsplit(".", 1)[-1]


def battle_rows(log: list) -> list[tuple[str, dict]]:
    """The battle events of a log, in order."""
    keep = ("battle", "fire_missiles", "fire_cannons", "destroyed", "retreat", "retreated", "stalemate")
    return [(_key(e).rsplit(".", 1)[-1], _args(e)) for e in log
            if _key(e).startswith("eclipse.ev.") and _key(e).rsplit(".", 1)[-1] in keep]


def _dice(text: str) -> list[tuple[int, int]]:
    out = []
    for tok in text.split():
        roll, _, dmg = tok.partition("(")
        if roll.isdigit():
            out.append((int(roll), int(dmg.rstrip(")")) if dmg else 1))
    return out


def _shown(rows: list) -> list:
    """At most MOST rows: the first and last ones around a count of the rows left out."""
    if len(rows) <= MOST:
        return rows
    head = MOST // 2
    tail = MOST - head - 1
    return rows[:head] + [("more", {"n": len(rows) - head - tail})] + rows[-tail:]


def battle_panel(view: Any, names: Mapping[str, str], locale: str = "en") -> Optional[Image.Image]:
    """The summary of the battles the last move fought in, or None when there was none."""
    fought = [(b["hex"], _shown(battle_rows(b["log"])), b["over"]) for b in getattr(view, "battles", []) or []]
    fought = [x for x in fought if x[1]]
    if not fought:
        return None
    words = WORDS.get(locale, WORDS["en"])
    ships = SHIP.get(locale, SHIP["en"])
    index = {s: i for i, s in enumerate(view.order)}
    hexes = {h.id: h for h in view.hexes}
    height = 16 + LINE * sum(len(rows) + 2 for _, rows, _ in fought)
    img = Image.new("RGB", (W, height), PANEL)
    d = ImageDraw.Draw(img)
    f, fb = font(17), font(18, True)

    npc = words["npc"]

    def who(arg: Any) -> str:
        seat = _side(arg)
        return npc if seat is None else names.get(seat, seat)

    def mark(x: float, y: float, arg: Any) -> float:
        seat = _side(arg)
        if seat is None:
            return x
        paste_marker(img, (x + 10, y), 18, index.get(seat, 0))
        return x + 24

    y = 8 + LINE / 2
    for hid, rows, over in fought:
        npc = words["gcds" if hid == "001" else "ancients"]  # the GCDS only ever sits on 001 (E8, E78)
        for kind, a in rows:
            if kind == "battle":
                txt = f"{words['battle']} {a['hex']}: {who(a['attacker'])} {words['vs']} {who(a['defender'])}"
                if not over:
                    txt += f" {words['running']}"
                d.text((14, y), ellipsize(txt, fb, W - 28), font=fb, fill=WHITE, anchor="lm")
            elif kind.startswith("fire"):
                x = mark(24, y, a["side"])
                what = words["missiles" if kind == "fire_missiles" else "cannons"]
                txt = f"{who(a['side'])}: {a['n']}× {ships.get(_ship(a['ship']), _ship(a['ship']))} — {what}"
                d.text((x, y), txt, font=f, fill=WHITE, anchor="lm")
                x += d.textlength(txt, font=f) + 12
                for roll, dmg in _dice(str(a["dice"]))[:24]:
                    d.rounded_rectangle([x, y - 11, x + 22, y + 11], 4, fill=DIE.get(dmg, DIE[4]))
                    d.text((x + 11, y), str(roll), font=font(15, True), fill=(20, 20, 20), anchor="mm")
                    x += 26
                d.text((x + 6, y), f"{a['hits']} {words['hits']}", font=f, fill=MUTED, anchor="lm")
            elif kind == "destroyed":
                x = mark(48, y, a["side"])
                d.text((x, y), f"× {ships.get(_ship(a['ship']), '')} ({who(a['side'])}) {words['lost']}",
                       font=f, fill=(240, 120, 120), anchor="lm")
            elif kind in ("retreat", "retreated"):
                verb = words["declared" if kind == "retreat" else "left"]
                d.text((48, y), f"{names.get(_side(a['seat']) or '', '')} {ships.get(_ship(a['ship']), '')}: "
                                f"{verb} {a['hex']}", font=f, fill=MUTED, anchor="lm")
            elif kind == "more":
                d.text((48, y), f"… {a['n']} {words['more']} …", font=f, fill=MUTED, anchor="lm")
            else:
                d.text((48, y), words["stalemate"], font=f, fill=MUTED, anchor="lm")
            y += LINE
        y = _fleets(img, d, hexes.get(hid), names, index, ships, words, y)
    return img


def _fleets(img: Image.Image, d: ImageDraw.ImageDraw, h: Any, names: Mapping[str, str], index: dict,
            ships: dict, words: dict, y: float) -> float:
    """What is left in the hex, with damage markers (E60)."""
    if h is None:
        return y
    f = font(16)
    parts = []
    if h.gcds or h.ancients:
        hurt = (h.damage or {}).get("npc", {})
        kind = "ancient" if h.ancients else "gcds"
        txt = f"{h.ancients}× {ships['ancient']}" if h.ancients else ships["gcds"]
        parts.append((None, txt + (f" [{','.join(map(str, hurt[kind]))}]" if hurt.get(kind) else "")))
    for seat, mine in h.ships.items():
        hurt = (h.damage or {}).get(seat, {})
        txt = ", ".join(f"{n}× {ships.get(t, t)}" + (f" [{','.join(map(str, hurt[t]))}]" if hurt.get(t) else "")
                        for t, n in mine.items() if n)
        parts.append((seat, f"{names.get(seat, seat)}: {txt}"))
    x = 24.0
    d.text((x, y), f"{words['now']}:", font=f, fill=MUTED, anchor="lm")
    x += d.textlength(f"{words['now']}:", font=f) + 10
    for seat, txt in parts or [(None, words["none"])]:
        if seat is not None:
            paste_marker(img, (x + 9, y), 16, index.get(seat, 0))
            x += 22
        d.text((x, y), txt, font=f, fill=WHITE, anchor="lm")
        x += d.textlength(txt, font=f) + 18
    return y + 2 * LINE

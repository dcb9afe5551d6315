"""Flotilla board image: the public (or own) view in, PNG bytes out.

Layout (1400 px wide):

    header   title, round / limit, VP supply, who acts; caption lines
    map      the Hub and every player's area (flotilla_map)  |  guild board, market, tracks
    players  one row per player: side, currency, VP, toxicity, barrels, skiffs, hand size,
             top discard card, reserve tiles, outposts, seals and ring positions
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from rules.flotilla.texts import tile as tile_name
from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, font, paste_marker, to_png
from .flotilla_map import COLOUR_RGB, SINK_RGB, SKY_RGB, draw_map
from .flotilla_panels import draw_guilds, draw_players, guild_static, player_rows_height

W = 1400
MAP_W = 820
HEADER_BG = (16, 34, 52)
PAGE = (236, 240, 244)
MAX_CAPTION = 3


def _label(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"flotilla.{key}", **args), locale)


def render(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    return to_png(draw(view, names, caption, locale))


def draw(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> Image.Image:
    caption = list(caption or [])[:MAX_CAPTION]
    seat_index = {p.seat: i for i, p in enumerate(view.players)}
    head_h = 56 + 24 * len(caption)
    map_h = 760
    rows_h = player_rows_height(len(view.players))
    own = next((p for p in view.players if p.hand is not None), None)
    hand_h = hand_height(own)
    img = _static(len(caption), len(view.players), locale, view.survivor_track, hand_h).copy()
    d = ImageDraw.Draw(img)
    status = _label("img.status", locale, round=view.round, limit=view.round_limit + 1, supply=view.supply)
    if view.end_round is not None:
        status += "  ·  " + _label("img.final", locale, round=view.end_round)
    if view.over:
        status += "  ·  " + _label("img.over", locale)
    d.text((150, 18), status, font=font(18, True), fill=(255, 214, 120))
    if view.to_act:
        who = names.get(view.to_act[0], view.to_act[0])
        paste_marker(img, (W - 250, 28), 22, seat_index[view.to_act[0]])
        d.text((W - 232, 17), ellipsize(_label("img.to_act", locale, name=who), font(18, True), 225),
               font=font(18, True), fill=WHITE)
    small = font(16)
    for i, line in enumerate(caption):
        d.text((16, 52 + 24 * i), ellipsize(line, small, W - 32), font=small, fill=(220, 230, 240))
    top = head_h
    draw_map(img, view, (0, top, MAP_W, top + map_h), seat_index, locale)
    _current(d, view, top, locale)
    _legend(d, top + map_h - 46, locale)
    draw_guilds(img, view, (MAP_W + 10, top + 6, W - 10, top + map_h - 6), seat_index, names, locale)
    draw_players(img, view, (10, top + map_h + 6, W - 10, top + map_h + rows_h), seat_index, names, locale)
    if own is not None:
        draw_hand(img, own, (10, top + map_h + rows_h + 4, W - 10, top + map_h + rows_h + hand_h), locale)
    return img


def hand_height(own: Any) -> int:
    """The private hand band of `/game me` (F17: only in the owner's own view)."""
    if own is None:
        return 0
    return 40 + 24 * ((len(own.hand) + 1) // 2)


def draw_hand(img: Image.Image, own: Any, box: tuple[int, int, int, int], locale: str) -> None:
    from rules.flotilla.labels import card_text
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 8, fill=(255, 250, 235), outline=(200, 170, 90), width=2)
    d.text((x0 + 12, y0 + 8), _label("img.your_hand", locale, n=len(own.hand)), font=font(16, True), fill=INK)
    col_w = (x1 - x0 - 24) // 2
    f = font(15)
    for i, card in enumerate(own.hand):
        from rules.flotilla.data import CARDS
        name = tr(msg(f"flotilla.card.{CARDS[card].kind}"), locale)
        text = f"{name}: {tr(card_text(card, own.side), locale)}"
        x = x0 + 12 + (i % 2) * col_w
        y = y0 + 34 + (i // 2) * 24
        d.text((x, y), ellipsize(text, f, col_w - 12), font=f, fill=INK)


def _current(d: ImageDraw.ImageDraw, view: Any, top: int, locale: str) -> None:
    """Top left of the map: the card being resolved and the tiles drawn but not yet placed or kept."""
    from rules.flotilla.data import CARDS
    f = font(15, True)
    y = top + 8
    if view.playing:
        card = tr(msg(f"flotilla.card.{CARDS[view.playing].kind}"), locale)
        if view.copying:
            card += " → " + tr(msg(f"flotilla.card.{CARDS[view.copying].kind}"), locale)
        d.text((10, y), _label("img.playing", locale, card=card), font=f, fill=(255, 214, 120))
        y += 22
    if view.drawn:
        d.text((10, y), ellipsize(_label("img.drawn", locale, tiles=", ".join(tr(tile_name(t), locale) for t in view.drawn)), f, MAP_W - 20),
               font=f, fill=(255, 214, 120))


@lru_cache(maxsize=64)
def _static(caption_lines: int, players: int, locale: str, track: str, hand_h: int) -> Image.Image:
    """Background, header band, title and the unchanging guild board for this layout."""
    head_h = 56 + 24 * caption_lines
    map_h = 760
    img = Image.new("RGB", (W, head_h + map_h + player_rows_height(players) + hand_h + 10), PAGE)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, head_h], fill=HEADER_BG)
    d.text((16, 12), "Flotilla", font=font(26, True), fill=WHITE)
    guild_static(img, (MAP_W + 10, head_h + 6, W - 10, head_h + map_h - 6), locale, track)
    return img


def _legend(d: ImageDraw.ImageDraw, y: int, locale: str) -> None:
    f = font(13, True)
    x = 10
    for c in ("p", "y", "r", "b"):
        d.rectangle([x, y + 4, x + 14, y + 18], fill=COLOUR_RGB[c], outline=WHITE)
        text = tr(msg(f"flotilla.col.{c}"), locale)
        d.text((x + 18, y + 4), text, font=f, fill=WHITE)
        x += 26 + int(f.getlength(text)) + 8
    for rgb, key in ((SINK_RGB, "img.sinkside"), (SKY_RGB, "img.skyside")):
        d.rectangle([x, y + 4, x + 14, y + 18], fill=rgb, outline=WHITE)
        text = _label(key, locale)
        d.text((x + 18, y + 4), text, font=f, fill=WHITE)
        x += 26 + int(f.getlength(text)) + 8
    key = font(12)
    d.text((10, y + 26), ellipsize(_label("img.map_key", locale), key, MAP_W - 20), font=key, fill=(200, 215, 230))


__all__ = ["render", "draw", "INK"]

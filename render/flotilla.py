"""Flotilla board image: the public (or own) view in, PNG bytes out.

Layout (1400 px wide, every text at least 14 px high at this size, legible on a phone):

    header   title, round / limit, VP supply (after the end: the winner), who acts; caption lines
    map      the hex grid with every cell's coordinate, the Hub and every player's area, the cells
             the pending decision can choose in yellow (flotilla_map); under it the map's key
             | the turn panel (card, drawn tiles, the tile to place in each rotation: flotilla_turn)
             | guild board, market, tracks, objectives and the key to the space abbreviations
    players  one row per player (after the end: by final rank with the final score)
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from rules.flotilla.data import CARDS
from rules.flotilla.labels import card_text
from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, font, paste_marker, to_png, whole_lines, wrap_text
from .flotilla_map import COLOUR_RGB, SINK_RGB, SKY_RGB, TARGET_EDGE, TARGET_RGB, TEXT_PX, draw_map, steady_map
from .flotilla_panels import PAGE_BG, draw_guilds, draw_players, guild_height, guild_static, player_rows_height
from .flotilla_turn import HEIGHT as TURN_H, draw_turn

W = 1400
MAP_W = 840
HEADER_BG = (16, 34, 52)
PAGE = PAGE_BG
MAX_CAPTION = 5  # header lines; a caption entry that does not fit whole is left to the post
KEY_H = 106  # the map's key under the hexes
BODY_H = TURN_H + 8 + guild_height()


def _label(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"flotilla.{key}", **args), locale)


def render(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    return to_png(draw(view, names, caption, locale))


def draw(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> Image.Image:
    caption = whole_lines(caption or [], font(16), W - 32, MAX_CAPTION)
    seat_index = {p.seat: i for i, p in enumerate(view.players)}
    head_h = 56 + 24 * len(caption)
    rows_h = player_rows_height(len(view.players))
    own = next((p for p in view.players if p.hand is not None), None)
    hand_h = hand_height(own)
    img = _static(len(caption), len(view.players), locale, view.survivor_track, hand_h).copy()
    d = ImageDraw.Draw(img)
    status = _label("img.status", locale, round=view.round, limit=view.round_limit + 1, supply=view.supply)
    if view.end_round is not None and not view.over:
        status += "  ·  " + _label("img.final", locale, round=view.end_round)
    if view.over:
        status += "  ·  " + _label("img.over", locale)
    d.text((150, 18), status, font=font(18, True), fill=(255, 214, 120))
    room = W - 16 - (150 + font(18, True).getlength(status) + 64)  # right-aligned in the room the status leaves
    if view.to_act:
        who = names.get(view.to_act[0], view.to_act[0])
        text = ellipsize(_label("img.to_act", locale, name=who), font(18, True), room)
        x = W - 16 - font(18, True).getlength(text)
        paste_marker(img, (x - 18, 28), 22, seat_index[view.to_act[0]])
        d.text((x, 17), text, font=font(18, True), fill=WHITE)
    elif view.final_ranks:
        first = [p for p in view.players if view.final_ranks[p.seat] == 1]
        text = _label("img.winner", locale, name=", ".join(names.get(p.seat, p.seat) for p in first),
                      points=view.final_scores[first[0].seat])
        text = ellipsize(text, font(18, True), room)
        x = W - 16 - font(18, True).getlength(text)
        paste_marker(img, (x - 18, 28), 22, seat_index[first[0].seat])
        d.text((x, 17), text, font=font(18, True), fill=WHITE)
    small = font(16)
    for i, line in enumerate(caption):
        d.text((16, 52 + 24 * i), line, font=small, fill=(220, 230, 240))
    top = head_h
    draw_map(img, view, (0, top, MAP_W, top + BODY_H - KEY_H), seat_index, locale)
    draw_turn(img, view, (MAP_W + 10, top + 6, W - 10, top + 6 + TURN_H), seat_index, locale)
    draw_guilds(img, view, (MAP_W + 10, top + 14 + TURN_H, W - 10, top + BODY_H), seat_index, names, locale)
    draw_players(img, view, (10, top + BODY_H + 6, W - 10, top + BODY_H + rows_h), seat_index, names, locale)
    if own is not None:
        draw_hand(img, own, (10, top + BODY_H + rows_h + 4, W - 10, top + BODY_H + rows_h + hand_h), locale)
    return img


def hand_height(own: Any) -> int:
    """The private hand band of `/game me` (F17: only in the owner's own view)."""
    if own is None:
        return 0
    return 40 + 24 * ((len(_kinds(own.hand)) + 1) // 2)


def _kinds(hand: list[str]) -> list[tuple[str, int]]:
    """The hand as (a card of each kind, how many of that kind), in hand order: identical cards are one line."""
    count: dict[str, int] = {}
    first: dict[str, str] = {}
    for card in hand:
        kind = CARDS[card].kind
        count[kind] = count.get(kind, 0) + 1
        first.setdefault(kind, card)
    return [(first[k], count[k]) for k in first]


def draw_hand(img: Image.Image, own: Any, box: tuple[int, int, int, int], locale: str) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 8, fill=(255, 250, 235), outline=(200, 170, 90), width=2)
    d.text((x0 + 12, y0 + 8), _label("img.your_hand", locale, n=len(own.hand)), font=font(16, True), fill=INK)
    col_w = (x1 - x0 - 24) // 2
    f = font(15)
    for i, (card, n) in enumerate(_kinds(own.hand)):
        name = tr(msg(f"flotilla.card.{CARDS[card].kind}"), locale) + (f" ×{n}" if n > 1 else "")
        text = f"{name}: {tr(card_text(card, own.side), locale)}"
        x = x0 + 12 + (i % 2) * col_w
        y = y0 + 34 + (i // 2) * 24
        d.text((x, y), ellipsize(text, f, col_w - 12), font=f, fill=INK)


@lru_cache(maxsize=4)  # 8.5 MB each (1400 x 1522 px, 4 bytes a pixel in Pillow): 34 MB at most per drawing process
def _static(caption_lines: int, players: int, locale: str, track: str, hand_h: int) -> Image.Image:
    """Background, header band, title, the map's key and the unchanging guild board for this layout (a running
    game's posts use one: the decision in view draws its board without a caption)."""
    head_h = 56 + 24 * caption_lines
    img = Image.new("RGB", (W, head_h + BODY_H + player_rows_height(players) + hand_h + 10), PAGE)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, head_h], fill=HEADER_BG)
    d.text((16, 12), "Flotilla", font=font(26, True), fill=WHITE)
    guild_static(img, (MAP_W + 10, head_h + 14 + TURN_H, W - 10, head_h + BODY_H), locale, track)
    _legend(d, head_h + BODY_H - KEY_H, locale)
    return img


def _legend(d: ImageDraw.ImageDraw, y: int, locale: str) -> None:
    """Under the map: the tile colours, the sides, the highlight, then what the marks on a cell mean."""
    d.rectangle([0, y, MAP_W, y + KEY_H], fill=(16, 34, 52))
    f = font(TEXT_PX, True)
    x = 10
    swatches = [(COLOUR_RGB[c], tr(msg(f"flotilla.col.{c}"), locale)) for c in ("p", "y", "r", "b")]
    swatches += [(SINK_RGB, _label("img.sinkside", locale)), (SKY_RGB, _label("img.skyside", locale)),
                 (TARGET_RGB, _label("img.target", locale))]
    for rgb, text in swatches:
        d.rectangle([x, y + 6, x + 14, y + 20], fill=rgb, outline=TARGET_EDGE if rgb == TARGET_RGB else WHITE)
        d.text((x + 19, y + 5), text, font=f, fill=WHITE)
        x += 30 + int(f.getlength(text))
    key = font(TEXT_PX)
    for i, line in enumerate(wrap_text(_label("img.map_key", locale), key, MAP_W - 20)[:4]):
        d.text((10, y + 26 + 19 * i), line, font=key, fill=(200, 215, 230))


__all__ = ["render", "draw", "steady_map", "INK"]

"""Wayfinders board geometry, colours and the board's own labels (en/es)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Optional

from .common import RGB, WHITE
from .wayfinders_islands import CELL, TILE, slot_boxes, token_width

if TYPE_CHECKING:
    from rules.wayfinders.state import WayfindersView

COLUMNS = "ABCDE"
ROWS = "12345"
COLOURS = "BGRYV"

W = 1360
M = 16
LABEL = 30  # room for column letters / row numbers
GRID = 5 * CELL
BOARD_X = M + LABEL
PANEL_X = BOARD_X + GRID + 16
PANEL_W = W - M - PANEL_X
HANGAR_SLOTS = 8
HANGAR_GAP = 8
HANGAR_TITLE = 34
HANGAR_BOX_H = 176
HTOKEN = 38  # hangar token height (with glyph)
HWORKER = 24
FOOTER_ROW = 46
FOOTER_H = 2 * FOOTER_ROW - 6  # tokens, then island types
MAX_CAPTION_LINES = 6

PAGE: RGB = (233, 231, 224)
SEA: RGB = (64, 118, 148)
HEADER_BG: RGB = (28, 38, 52)
CAPTION_BG: RGB = (44, 56, 72)
MUTED: RGB = (92, 96, 104)
PANEL_BG: RGB = WHITE
ACT_BG: RGB = (255, 241, 196)
AMBER: RGB = (255, 194, 10)

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "WAYFINDERS",
        "round": "Round {n}",
        "phase.action": "place or return",
        "phase.flybuild": "fly & build",
        "phase.discard": "discard",
        "phase.over": "game over",
        "to_act": "To act:",
        "nobody": "nobody",
        "final": "⚑ FINAL ROUND — the game ends after this round",
        "over": "GAME OVER — the scores are final",
        "hangars": "Hangars — tokens are taken from the top",
        "unused": "not in use",
        "top": "top",
        "bag": "Bag {n}:",
        "hand": "hand {n}/{limit}",
        "workers": "Workers {ready} ready · {out} out",
        "cubes": "Cubes {n}",
        "islands": "Islands {n}",
        "islands_at": "Islands {n}: {cells}",
        "plane": "plane at {cell}",
        "turn": "{pos} to play",
        "tag": "▶ TO ACT",
        "you": "(you)",
        "pts": "pts",
        "free": "free",
        "wild": "wild",
        "keep": "+{n} hand",
        "none": "no abilities yet",
        "tokens": "Tokens:",
        "types": "Island type = its colour:",
    },
    "es": {
        "title": "WAYFINDERS",
        "round": "Ronda {n}",
        "phase.action": "colocar o volver",
        "phase.flybuild": "volar y construir",
        "phase.discard": "descartar",
        "phase.over": "fin de la partida",
        "to_act": "Decide:",
        "nobody": "nadie",
        "final": "⚑ ÚLTIMA RONDA — la partida acaba al final de esta ronda",
        "over": "FIN DE LA PARTIDA — puntuación definitiva",
        "hangars": "Hangares — las fichas se toman desde arriba",
        "unused": "sin uso",
        "top": "arriba",
        "bag": "Bolsa {n}:",
        "hand": "mano {n}/{limit}",
        "workers": "Trabajadores {ready} libres · {out} fuera",
        "cubes": "Cubos {n}",
        "islands": "Islas {n}",
        "islands_at": "Islas {n}: {cells}",
        "plane": "avión en {cell}",
        "turn": "juega {pos}",
        "tag": "▶ DECIDE",
        "you": "(tú)",
        "pts": "pts",
        "free": "libre",
        "wild": "comodín",
        "keep": "+{n} mano",
        "none": "sin habilidades",
        "tokens": "Fichas:",
        "types": "Tipo de isla = su color:",
    },
}
RESOURCE_NAMES_ES = {"B": "hélice", "G": "paracaídas", "R": "neumático", "Y": "auriculares", "V": "bidón"}


def labels(locale: str) -> dict[str, str]:
    return LABELS.get((locale or "en").split("-")[0].lower(), LABELS["en"])


def ordinal(n: int, locale: str) -> str:
    if locale.startswith("es"):
        return f"{n}.º"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def cell_index(name: str) -> Optional[int]:
    """Grid index (row-major) of a cell name like "C3"; None if malformed."""
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in ROWS:
        return None
    return ROWS.index(name[1]) * 5 + COLUMNS.index(name[0])


# -------------------------------------------------------------------- layout


class Layout:
    """Vertical positions for one header height and player count."""

    def __init__(self, caption_lines: int, banner: bool, n_players: int):
        self.title_h = 52
        self.caption_h = (caption_lines * 28 + 14) if caption_lines else 0
        self.banner_h = 40 if banner else 0
        self.header_h = self.title_h + self.caption_h + self.banner_h
        self.board_y = self.header_h + 12
        self.grid_y = self.board_y + LABEL
        self.board_bottom = self.grid_y + GRID
        self.n_players = max(1, n_players)
        span = self.board_bottom - self.board_y
        self.panel_gap = 10
        self.panel_h = min(224, (span - (self.n_players - 1) * self.panel_gap) // self.n_players)
        self.hangar_y = self.board_bottom + 16
        self.hangar_box_y = self.hangar_y + HANGAR_TITLE
        self.footer_y = self.hangar_box_y + HANGAR_BOX_H + 10
        self.height = self.footer_y + FOOTER_H

    def cell_origin(self, index: int) -> tuple[int, int]:
        col, row = index % 5, index // 5
        pad = (CELL - TILE) // 2
        return BOARD_X + col * CELL + pad, self.grid_y + row * CELL + pad

    def cell_box(self, cell: str) -> tuple[int, int, int, int]:
        """Pixel box of the tile drawn at `cell` ("C3")."""
        i = cell_index(cell)
        if i is None:
            raise ValueError(cell)
        x, y = self.cell_origin(i)
        return x, y, x + TILE, y + TILE

    def slot_center(self, cell: str, slot: int) -> tuple[float, float]:
        """Pixel centre of airstrip slot `slot` (1-4) on `cell`."""
        x, y, _, _ = self.cell_box(cell)
        x0, y0, x1, y1 = slot_boxes()[slot - 1]
        return x + (x0 + x1) / 2, y + (y0 + y1) / 2

    def hangar_token_center(self, hangar: int, position: int) -> tuple[float, float]:
        """Centre of token `position` (0 = top) of hangar `hangar` (1-8)."""
        return hangar_token_centre(self.hangar_box(hangar - 1), position)

    def hangar_box(self, k: int) -> tuple[int, int, int, int]:
        bw = (W - 2 * M - (HANGAR_SLOTS - 1) * HANGAR_GAP) // HANGAR_SLOTS
        x0 = M + k * (bw + HANGAR_GAP)
        return x0, self.hangar_box_y, x0 + bw, self.hangar_box_y + HANGAR_BOX_H

    def panel_box(self, k: int) -> tuple[int, int, int, int]:
        y0 = self.board_y + k * (self.panel_h + self.panel_gap)
        return PANEL_X, y0, PANEL_X + PANEL_W, y0 + self.panel_h


def hangar_token_centre(box: tuple[int, int, int, int], k: int) -> tuple[float, float]:
    x0, y0, _, _ = box
    return x0 + 8 + token_width(HTOKEN, True) / 2, y0 + 34 + HTOKEN / 2 + k * (HTOKEN + 7)


def hangar_worker_centre(box: tuple[int, int, int, int], k: int) -> tuple[float, float]:
    x0, y0, x1, _ = box
    left = x0 + 8 + token_width(HTOKEN, True) + 8
    cols = max(1, (x1 - 6 - left) // (HWORKER + 3))
    col, row = k % cols, k // cols
    return left + HWORKER / 2 + col * (HWORKER + 3), y0 + 34 + HWORKER / 2 + row * (HWORKER + 3)


class Ctx:
    """One render's view, names and labels; seat -> colour index."""

    def __init__(self, view: "WayfindersView", names: Mapping[str, str], locale: str):
        self.view = view
        self.names = names
        self.locale = locale
        self.L = labels(locale)
        self.index = {seat: i for i, seat in enumerate(view.seats)}

    def idx(self, seat: str) -> int:
        return self.index.get(seat, len(self.index))

    def name(self, seat: str) -> str:
        return str(self.names.get(seat) or seat)



"""Views (F17: hands private, hand sizes and discard piles public) and the prompt."""
from __future__ import annotations

from typing import Any, TypedDict

from ..text import Msg
from . import texts
from .data import BOARD, CARDS, GUILDS, TILES
from .chain import current_options
from .frames import CHAIN, BuildCell, BuildRot, Cell, Count, Place, Rot
from .hexes import rotated
from .place import legal_cells
from .scoring import breakdown, final_ranks, penalty_space
from .state import FlotillaState, FlotillaView, PlayerView, Side, Skiff, TileView


def _tile_view(cell: str, e: list[Any]) -> TileView:
    tid, rot, owner, depleted, outpost, face = e
    if tid == "start":
        return TileView(cell=cell, tile=tid, owner=owner, face=face, rot=rot, site=True, depth="S" if face == "sink"
                        else None, craft=list(range(6)) if face == "sky" else [], outpost=bool(outpost))
    t = TILES[tid]
    if face == "sink":
        return TileView(cell=cell, tile=tid, owner=owner, face=face, rot=rot, colour=t.colour, depth=t.depth,
                        tox=t.tox, island=t.island, wedge=t.wedge, depleted=bool(depleted), outpost=bool(outpost))
    return TileView(cell=cell, tile=tid, owner=owner, face=face, rot=rot, colour=t.colour,
                    craft=sorted(rotated(k, rot) for k in t.craft), building=t.building, site=t.site,
                    sonar=t.sonar, outpost=bool(outpost))


def tile_view(tile_id: str, rot: int, face: str, cell: str = "0,0", owner: str = "") -> TileView:
    """One tile as the board would show it (the pictures of a drawn tile and its rotations)."""
    return _tile_view(cell, [tile_id, rot, owner, 0, 0, face])


def _player_view(state: FlotillaState, seat: str, viewer: str | None) -> PlayerView:
    p = state.players[seat]
    return PlayerView(
        seat=seat, position=state.order.index(seat) + 1, side=p.side, coins=p.coins, vp=p.vp, tox=p.tox,
        penalty_space=penalty_space(p.tox), barrels=dict(p.barrels),
        skiffs=[Skiff(cell=s.cell, cargo=list(s.cargo)) for s in p.skiffs], skiff_reserve=p.skiff_reserve,
        seals=dict(p.seals), ring=dict(p.ring), outposts=p.outposts, floating=p.floating,
        objectives=list(p.objectives), hand_size=len(p.hand),
        hand=sorted(p.hand) if viewer == seat else None,
        discard_top=p.discard[-1] if p.discard else None, discard_size=len(p.discard), tiles=list(p.tiles))


def objectives_left(state: FlotillaState) -> dict[str, dict[str, list[int]]]:
    """Side -> set -> the VP of the objectives still in its stack, top first (F9, D16)."""
    return {side: {name: list(BOARD.objectives[name][side][taken:]) for name, taken in sets.items()}
            for side, sets in state.objectives.items()}


def build_view(state: FlotillaState, viewer: str | None, to_act: list[str]) -> FlotillaView:
    objectives = objectives_left(state)
    return FlotillaView(
        viewer=viewer, players=[_player_view(state, s, viewer) for s in state.order],
        tiles=[_tile_view(c, e) for c, e in sorted(state.board.items())], market=dict(state.market),
        dials=dict(state.dials), slotted={g: list(v) for g, v in state.slotted.items()},
        stack_tops={g: (state.stacks[g][0] if state.stacks[g] else None) for g in GUILDS},
        stack_sizes={g: len(state.stacks[g]) for g in GUILDS}, objectives=objectives,
        survivor=state.survivor, survivor_track=state.survivor_track, sonar=state.sonar, supply=state.supply,
        bag=len(state.bag), artifact_bag=len(state.artifact_bag), round=state.round,
        round_limit=BOARD.round_limit, end_round=state.end_round, to_act=list(to_act), playing=state.playing,
        copying=state.copying, drawn=list(state.drawn), over=state.over, **pending(state), **final(state))


class Final(TypedDict, total=False):
    """The view's fields after the end (FlotillaView.final_*)."""
    final_scores: dict[str, int]
    final_ranks: dict[str, int]
    final_breakdown: dict[str, dict[str, int]]


class Pending(TypedDict, total=False):
    """The view's fields for the decision waiting now (FlotillaView.targets ... chosen)."""
    targets: list[str]
    pending_tile: str
    pending_face: Side
    rotations: list[int]
    chosen: str


def final(state: FlotillaState) -> Final:
    """F63-F65 after the end: the scores and ranks of the outcome (the board shows these, not in-game VP)."""
    if not state.over:
        return {}
    parts = breakdown(state)
    scores = {s: sum(b.values()) for s, b in parts.items()}
    return {"final_scores": scores, "final_ranks": final_ranks(state, scores), "final_breakdown": parts}


# decision frame -> the option kind whose argument is a cell
CELL_CHOICE = {"cell": "cell", "bcell": "bcell", "site": "site", "deplete": "deplete",
               "remove_depletion": "undeplete"}


def pending(state: FlotillaState) -> Pending:
    """What the map highlights for the decision waiting now (public: every option is public here)."""
    if state.over or state.abandoned or not state.todo:
        return {}
    frame = state.todo[CHAIN.at]
    kind = frame.kind
    opts = current_options(state)
    out: Pending = {}
    if kind in CELL_CHOICE:
        out["targets"] = [o[2] for o in opts if o[1] == CELL_CHOICE[kind]]
    elif kind == "sail":
        out["targets"] = sorted({o[2][1] for o in opts if o[2] is not None})
    elif kind == "place":
        seat = state.order[state.turn]
        out["targets"] = sorted({c for o in opts if o[2] is not None for c in legal_cells(state, seat, o[2])})
    if isinstance(frame, (Cell, Rot, BuildCell, BuildRot)):
        out["pending_tile"] = frame.tile
        out["pending_face"] = "sky" if kind in ("bcell", "brot") else "sink"
        if isinstance(frame, (Rot, BuildRot)):
            out["chosen"] = frame.cell
            out["rotations"] = [o[2] for o in opts]
            out["targets"] = [frame.cell]
    return out


PROMPTS = {"sail": "prompt.sail", "turn": "prompt.turn", "infl": "prompt.infl", "infl_each": "prompt.infl",
           "res": "prompt.res", "trans": "prompt.trans", "site": "prompt.site", "nudge": "prompt.nudge",
           "place": "prompt.place", "cell": "prompt.cell", "rot": "prompt.rot",
           "remove_depletion": "prompt.undeplete", "dive_depth": "prompt.depth", "load": "prompt.load",
           "deplete": "prompt.deplete", "keep": "prompt.keep", "build": "prompt.build", "bcell": "prompt.cell",
           "brot": "prompt.brot", "sonar": "prompt.sonar", "reroll": "prompt.reroll", "set_die": "prompt.set",
           "set_face": "prompt.face", "wild": "prompt.wild", "dial": "prompt.dial", "bounty": "prompt.bounty"}


def prompt(state: FlotillaState, seat: str, to_act: list[str]) -> Msg:
    if state.abandoned:
        return texts.plain("prompt.abandoned")
    if state.over:
        return texts.plain("prompt.over")
    if seat not in to_act:
        return texts.m("prompt.wait", seat=texts.seat(to_act[0]))
    if not state.todo:
        return texts.m("prompt.card", n=len(state.players[seat].hand))
    f = state.todo[CHAIN.at]
    left = 0
    if isinstance(f, Place):
        left = f.left
    elif isinstance(f, Count) and f.kind in ("sail", "infl", "res", "trans", "load", "deplete", "keep", "build",
                                             "wild", "dial", "sonar"):
        left = f.n
    card = state.copying or state.playing
    return texts.m(PROMPTS[f.kind], n=left, card=texts.card(card) if card else texts.plain("none"))


def card_name(card_id: str) -> str:
    return CARDS[card_id].name

"""What a game hides, and every public text the bot writes about a move.

For each game, `SPECS` declares

- the fields of `view(state, seat)` that are private (they may differ from the public view
  and must be None in `view(state, None)`); any other difference fails the check, so a game
  that starts hiding something must declare it here;
- `hidden(state, locale, public)`: the hidden items of a state (hand cards, face-down
  Discovery tiles, reputation values), each as the text it would read as, minus whatever the
  public view shows anyway (a card on top of a discard pile, a tile someone used).

`public_texts` builds the public strings of one move with the bot's own functions: the turn post
(content, embed, buttons and selects with their custom ids and values), the board caption, the
`/game log` line and the replay frame caption.  `leaks` says which hidden item shows in which.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import discord

from host.history import _caption
from host.i18n import t
from cogs.info import log_line
from cogs.posts import build_turn_post
from host.boards import event_lines, headline
from host.tables import Table, log_summary
from rules import Engine, GameState, Move
from rules.text import CATALOG, msg, tr
from storage import GameRow, MoveRow, SeatRow

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


@dataclass(frozen=True)
class Hidden:
    kind: str  # "hand card", "Discovery tile", "reputation value"
    text: str  # what it reads as
    pattern: re.Pattern[str]
    masks: tuple[str, ...] = ()  # fixed catalog phrases that contain `text` but do not reveal it

    def found_in(self, text: str) -> bool:
        for phrase in self.masks:
            text = text.replace(phrase, " ")
        return bool(self.pattern.search(text))


def _leaves(data: Any) -> set[str]:
    """Every string of a dumped view (values, Msg keys): what the public may know by name."""
    out: set[str] = set()
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


@functools.lru_cache(maxsize=None)
def _named(kind: str, key: str, locale: str) -> Hidden:
    """A hidden item read by its catalog name, as a whole word; fixed phrases of the catalogs that
    merely contain the name (the guild "Speakers" for the card "Speaker", the card "Deep Delver"
    for "Delver", the prompt "Ancient Technology: choose the tech.") are masked first."""
    name = tr(msg(key), locale)
    masks = tuple(sorted({v for v in CATALOG.table[locale].values()
                          if name in v and v != name and "{" not in v}, key=len, reverse=True))
    return Hidden(kind, name, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)"), masks)


def _flotilla(state: Any, locale: str, public: set[str]) -> list[Hidden]:
    from rules.flotilla.data import CARDS
    kinds = {c.kind for c in CARDS.values()}
    shown = {CARDS[x].kind if x in CARDS else x for x in public if x in CARDS or x in kinds}
    kinds = {CARDS[c].kind for p in state.players.values() for c in p.hand} - shown
    return [_named("hand card", f"flotilla.card.{k}", locale) for k in sorted(kinds)]


# A reputation value read in a sentence about reputation tiles ("worth 4", "ficha de 4").
_REP_WORDS = {"en": r"(?:reputation|worth)", "es": r"(?:reputación|valor|ficha de|una de)"}


def _eclipse(state: Any, locale: str, public: set[str]) -> list[Hidden]:
    from rules.eclipse.moves import dash
    tiles = {t for p in state.players.values() for t in p.kept_discoveries}
    tiles |= {f.tile for f in state.stack if f.kind == "disco"}
    out = [_named("Discovery tile", key, locale) for key in sorted(f"eclipse.disc.{dash(t)}" for t in tiles)
           if key not in public]
    values = set(state.rep_bag) | {v for p in state.players.values() for v in p.reputation}
    values |= {v for f in state.stack if f.kind == "rep" for v in f.drawn or []}
    words = _REP_WORDS[locale]
    out += [Hidden("reputation value", str(v), re.compile(rf"{words}\b[^.\n]*?(?<![\d+]){v}(?!\d)", re.I))
            for v in sorted(values)]
    return out


def _flotilla_played(move: Move) -> set[str]:
    """F13/F17: the card a seat plays goes face up to its discard pile: public, even when a Captain's
    Rally takes it back to hand in the same move."""
    parts = move.id.split(":")
    return {parts[1]} if parts[0] == "play" else set()


@dataclass(frozen=True)
class Spec:
    player_fields: tuple[str, ...] = ()  # fields of each player in a view dump that are private
    hidden: Callable[[Any, str, set[str]], list[Hidden]] = lambda state, locale, public: []
    # ids that a move makes public by the rules although no view shows them afterwards
    revealed: Callable[[Move], set[str]] = lambda move: set()
    # fields a seat's view may add to its OWN player entry only (another player's entry never differs there);
    # the public view may show them once the rules reveal them ("vp.reputation": a key of the dict field vp)
    own_fields: tuple[str, ...] = ()


# Wayfinders (W42) and Robinson (R98) hide nothing from any seat that another seat could see.
SPECS: dict[str, Spec] = {
    "flotilla": Spec(("hand",), _flotilla, _flotilla_played),  # F17, E29
    # a seat's own victory points count its face-down reputation tiles (Eclipse E22), shown to all at the end
    "eclipse": Spec(("reputation_values", "discovery_tiles"), _eclipse, own_fields=("vp.reputation",)),  # Eclipse E22, E45, E61
}


def _diff(a: Any, b: Any, path: str = "") -> Iterable[tuple[str, Any]]:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() | b.keys():
            yield from _diff(a.get(k), b.get(k), f"{path}.{k}" if path else k)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from _diff(x, y, f"{path}[{i}]")
    elif a != b:
        yield path, b


def _blanked(dump: dict, fields: tuple[str, ...]) -> dict:
    """The dump with `viewer` and every player's declared private fields set to None."""
    out = dict(dump, viewer=None) if "viewer" in dump else dict(dump)
    if fields and isinstance(dump.get("players"), list):
        out["players"] = [_blank_player(p, fields) for p in dump["players"]]
    return out


def _blank_player(player: dict, fields: tuple[str, ...]) -> dict:
    """A player's dump with its private fields set to None; a dotted field ("vp.reputation") is a key of a
    dict field, left out (a public view leaves it out rather than showing None)."""
    out = dict(player, **{f: None for f in fields if "." not in f and f in player})
    for f in fields:
        outer, _, inner = f.partition(".")
        if inner and isinstance(out.get(outer), dict):
            out[outer] = {k: v for k, v in out[outer].items() if k != inner}
    return out


def check_views(engine: Engine, state: GameState, seats: bool = True) -> tuple[dict, list[str]]:
    """(the public view dumped, problems): the declared private fields are hidden (None) in the
    public view, and (with `seats`) a seat's view differs from the public one only in them."""
    spec = SPECS.get(engine.key, Spec())
    public = engine.view(state, None).model_dump(mode="json")
    problems = []
    if _blanked(public, spec.player_fields) != public:
        problems.append("the public view shows a private field: "
                        + ", ".join(p for p, _ in _diff(public, _blanked(public, spec.player_fields))))
    for seat in state.seats if seats else []:
        mine = engine.view(state, seat).model_dump(mode="json")
        hidden = spec.player_fields + spec.own_fields
        if _blanked(mine, hidden) == _blanked(public, hidden):
            continue  # the usual case, checked fast
        own = re.compile(rf"players\[(\d+)\]\.({'|'.join(map(re.escape, spec.own_fields)) or '-'})")
        for path, pub in _diff(mine, public):
            if path == "viewer":
                continue
            found = own.fullmatch(path)
            if found and (mine.get("players") or [])[int(found.group(1))].get("seat") == seat:
                continue  # the seat's own entry
            if not re.fullmatch(rf"players\[\d+\]\.({'|'.join(map(re.escape, spec.player_fields)) or '-'})", path):
                problems.append(f"view({seat}) differs from the public view at {path}, not declared private")
            elif pub is not None:
                problems.append(f"the public view shows the private field {path}: {pub!r}")
    return public, problems


def hidden_items(engine: Engine, states: Iterable[GameState], public_view: dict, locale: str,
                 move: Move | None = None) -> list[Hidden]:
    """The hidden items of `states` that neither the public view nor the rules (`move` made public) show."""
    spec = SPECS.get(engine.key, Spec())
    public = _leaves(public_view) | (spec.revealed(move) if move is not None else set())
    seen: dict[str, Hidden] = {}
    for state in states:
        for h in spec.hidden(state, locale, public):
            seen.setdefault(h.kind + h.text, h)
    return list(seen.values())


def make_table(engine: Engine, state: GameState, version: int, seed: int = 0) -> Table:
    finished = engine.outcome(state) is not None
    game = GameRow(id=1, game_key=engine.key, channel_id=1, thread_id=2, creator_id=101,
                   status="finished" if finished else "active", seed=seed, version=version,
                   to_act=engine.to_act(state), created_at=0.0, updated_at=0.0)
    seats = [SeatRow(game_id=1, position=int(s[1:]), user_id=100 + int(s[1:]), name=NAMES[int(s[1:]) - 1],
                     joined_at=0.0) for s in state.seats]
    return Table(game=game, seats=seats, engine=engine, state=state)


def component_texts(view: discord.ui.View | None) -> list[str]:
    out: list[str] = []
    for child in view.children if view is not None else []:
        item = getattr(child, "item", child)
        out += [getattr(item, "label", None) or "", getattr(item, "custom_id", None) or "",
                getattr(item, "placeholder", None) or ""]
        for option in getattr(item, "options", None) or []:
            out += [option.label, option.value, option.description or ""]
    return [x for x in out if x]


def public_texts(engine: Engine, before: GameState | None, seat: str, move: Move | None, after: GameState,
                 k: int, locale: str) -> list[tuple[str, str]]:
    """(where, text) for every public string the bot writes after `seat` played `move` (the k-th);
    with no move (k = 0), the start post."""
    table = make_table(engine, after, version=k)
    events = list(after.events)
    post = build_turn_post(table, locale, events, b"")
    out = [("post content", post.content), ("embed title", post.embed.title or ""),
           ("embed description", post.embed.description or ""), ("embed footer", post.embed.footer.text or "")]
    final_scores = t("host.post.final_scores", locale)
    for f in post.embed.fields:
        if f.name != final_scores:  # final scoring reveals the totals by the rules (Flotilla F63, Eclipse E76)
            out += [("embed field", f"{f.name}: {f.value}")]
    out += [("component", x) for x in component_texts(post.view)]
    out += [("board caption", x) for x in event_lines(table, events, locale, limit=3) + headline(table, locale)]
    if before is None or move is None:
        return out
    entry = MoveRow(game_id=1, seq=k, seat=seat, move_id=move.id, at=0.0,
                    summary=[e.model_dump(mode="json") for e in log_summary(make_table(engine, before, k - 1),
                                                                            seat, after, move)])
    out += [("/game log", log_line(entry, locale, table.names))]
    out += [("replay caption", x) for x in _caption(engine, after, k, k + 1, table.names, locale)]
    return out


def leaks(hidden: list[Hidden], texts: list[tuple[str, str]]) -> list[str]:
    return [f"{h.kind} {h.text!r} in {where}: {text!r}" for h in hidden for where, text in texts if h.found_in(text)]


__all__ = ["Hidden", "SPECS", "check_views", "hidden_items", "leaks", "make_table", "public_texts"]

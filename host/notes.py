"""A game's explanations of what is in play (the engine's optional `notes` hook) as embed fields
within Discord's limits: a section's heading is a field name (256), its lines packed into values of at most
1,024 characters without splitting a line (`pack_lines`), and the fields stop before `budget` characters."""
from __future__ import annotations

import hashlib
import json
from typing import Optional

from .i18n import tm
from .limits import EMBED_FIELD_NAME, EMBED_FIELDS, clip, pack_lines
from .names import shown_names
from .tables import Table


def notes_digest(table: Table) -> str:
    """A fingerprint of the public notes now, the same in every language ("" when there are none): a turn post
    repeats them only when it differs from the one its game's previous post was made with."""
    if table.state is None or not table.engine.offers("notes"):
        return ""
    sections = table.engine.notes(table.state, None)
    if not sections:
        return ""
    data = [[h.model_dump(mode="json"), [x.model_dump(mode="json") for x in lines]] for h, lines in sections]
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:32]


def note_fields(table: Table, seat: Optional[str], locale: str, budget: int, room: int = EMBED_FIELDS
                ) -> list[tuple[str, str]]:
    """(name, value) fields of the notes of `seat` (None: the public ones) that fit in `budget` characters and
    `room` fields; a section that does not fit whole is left out with everything after it."""
    if table.state is None or not table.engine.offers("notes"):
        return []
    names = shown_names(table.names)
    out: list[tuple[str, str]] = []
    for heading, lines in table.engine.notes(table.state, seat):
        name = clip(tm(heading, locale, names), EMBED_FIELD_NAME)
        fields = [(name, value) for value in pack_lines([tm(x, locale, names) for x in lines])]
        size = sum(len(n) + len(v) for n, v in fields)
        if size > budget or len(out) + len(fields) > room:
            break
        out += fields
        budget -= size
    return out

"""Hostile text for property tests, and a check of what every bot message may ping."""
from __future__ import annotations

from typing import Any, Iterable

from hypothesis import strategies as st

NASTY = [
    "", " ", "\t", "\n\n", "\x00", "\x1b[2J", "\u200b", "\u202e", "ｒｅｔｕｒｎ", "🎲" * 50,
    "@everyone", "@here", "<@&123456789012345678>", "<@123456789012345678>", "<@!1>", "<#1>", "@everyone return",
    "'; DROP TABLE games; --", "\" OR 1=1 --", "1; DELETE FROM moves", "%s %d {0} {id}", "${HOME}", "../../etc/passwd",
    "game:2", "game:1 move:return", "/game abandon", "mv:1:0:return", "lb:start:2", "fly:", ":", "::::",
    "x" * 3000, "fly:" + "A" * 500, "return" * 300, "null", "None", "-1", "999999999999999999999",
    "①/8/6", "٣", "１２/8/4", "1_000", "²", "mix=١٠/8/6", "٣ interceptor", "x" * 6000, "k" * 5990 + "=1",
]

hostile_text = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=80),  # any unicode, control characters included
    st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=2500),
    st.builds(lambda a, b: a + b, st.sampled_from(NASTY), st.text(max_size=20)),
)

hostile_int = st.one_of(st.integers(min_value=-(2**63), max_value=2**63 - 1), st.sampled_from([0, 1, 2, 3, -1, 2**53]))


def unsafe_mentions(bodies: Iterable[dict[str, Any]], allowed_users: set[int]) -> list[str]:
    """Messages whose text could ping @everyone, @here, a role, or anyone but the game's players."""
    bad = []
    for body in bodies:
        content = body.get("content") or ""
        if not content:
            continue  # nothing in the message can ping (embeds never do)
        am = body.get("allowed_mentions")
        if am is None:
            bad.append(f"no allowed_mentions (Discord would parse every mention): {content[:80]!r}")
            continue
        parse = set(am.get("parse") or [])
        if parse & {"everyone", "roles", "users"}:
            bad.append(f"allowed_mentions parse={sorted(parse)}: {content[:80]!r}")
        if am.get("roles"):
            bad.append(f"allowed_mentions roles={am['roles']}: {content[:80]!r}")
        users = {int(u) for u in am.get("users") or []}
        if users - allowed_users:
            bad.append(f"allowed_mentions users {sorted(users - allowed_users)} are not players: {content[:80]!r}")
    return bad

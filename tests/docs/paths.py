"""Paths that leave the repository: what a fresh clone would not have.

A clone holds the code, the tests and `docs/` (design and rules sheets); nothing in it may point
at the folders the project was first written beside (the shared sheets and rulebooks, helper
scripts) or at anyone's machine.  Flagged, in every text file of the repository:

* a relative path (`../x/y`) that climbs above the repository root from the file's own folder;
* the old homes of the sheets and rulebooks by name: a folder `shared` holding `rules/`, `seeds/`
  or `design.md`, or a rulebook file numbered under `seeds/`, with or without `../` in front;
* an absolute path under a place that holds users' or machines' files (/work, /home, /Users,
  /root, /mnt, /tmp, /opt, /srv, /var, /private, C:\\…).  System paths such as `/usr/bin/env`
  in a shebang, or a URL's path, are not files of ours and are allowed.
"""
from __future__ import annotations

import posixpath
import re

from .citations import ROOT, repo_files

RELATIVE = re.compile(r"(?<![\w.])(?:\.\./)+[\w.\-]+")
OLD_HOMES = re.compile(r"(?<![\w\-])(?:shared/(?:rules|seeds|design\.md)|seeds/\d{3})[\w.\-/]*")
ABSOLUTE = re.compile(
    r"(?<![\w.:/~\-])/(?:work|home|Users|root|mnt|tmp|opt|srv|var|private)/[\w.\-][\w.\-/]*"
    r"|(?<![\w])[A-Za-z]:\\(?:Users|work)\\"
)


def outside_paths(path: str, text: str) -> list[str]:
    """`path:line: what` for each mention of a place outside the repository in one file."""
    found = []
    folder = posixpath.dirname(path)
    for n, line in enumerate(text.splitlines(), 1):
        for m in RELATIVE.finditer(line):
            target = posixpath.normpath(posixpath.join(folder, m.group(0)))
            if target == ".." or target.startswith("../"):
                found.append(f"{path}:{n}: {m.group(0)!r} leaves the repository")
        for rx in (OLD_HOMES, ABSOLUTE):
            for m in rx.finditer(line):
                found.append(f"{path}:{n}: {m.group(0)!r} is outside the repository")
    return found


def text_files(root=ROOT) -> dict[str, str]:
    """Every text file of the repository (tracked or new and not ignored), by relative path."""
    out = {}
    for path in repo_files(root):
        data = (root / path).read_bytes()
        if b"\0" in data:
            continue
        try:
            out[path] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return out

"""Rule citations in the repository and the sheets they point to (docs/rules/<game>.md).

A citation is a rule id (`W12`, `F30`, `E41`, `R7`, `T6`, `U7`, `S3`, `D9`, `X2`), a sheet
section (`§3.9`, `section 12`, `Part 3`), or either with the game in front (`Flotilla E41`,
`Eclipse E41`, `Robinson §3.9`).  Which game a bare citation belongs to:

* in a file of one game (its path names exactly one game: rules/<game>/, tests/rules/test_<game>_*,
  render/<game>*.py, cogs/<game>_cog.py, host/locale/<game>_commands.*.json ...), the citation is
  that game's, for the letters that game's sheet uses; other letters are not citations there
  (Robinson's `D` is a determination token, its `W2` a wood cost);
* elsewhere, a letter only one sheet uses (W T F D U R S) names that game; a letter several
  sheets use (E, X) must carry the game (`Eclipse E98`), or it is reported as ambiguous.

Python files are read through `tokenize`: only comments, strings and the names of test functions
(`def test_w14_...`, `def test_r2_r30_...`: ids joined by `_`) are text, so a variable
`T0` or a keyword argument `E5="per02"` is not a citation; neither is a string that is exactly
an id (`"E5"`: a board cell or a cost), nor a linter code after `noqa:`.  In Wayfinders files
E1-E5 on a line that also names a cell A1-D5 are board cells, not rulings.
"""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import tokenize
from dataclasses import dataclass
from pathlib import Path

from rules import GAMES as ENGINES

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "docs" / "rules"
# Every registered game (rules.GAMES), and the letters its sheet numbers its entries with (its own
# "Tests cite ..." line), as its Engine declares them (`rule_letters`).
GAMES = tuple(ENGINES)
NAMES = {g.capitalize(): g for g in GAMES}
LETTERS = {g: set(e.rule_letters) for g, e in ENGINES.items()}
SHARED_LETTERS = {c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if sum(c in s for s in LETTERS.values()) > 1}
UNIQUE_LETTER = {c: g for g, s in LETTERS.items() for c in s if c not in SHARED_LETTERS}

_GAME = r"(?:(?P<game>" + "|".join(NAMES) + r")(?:'s)?\s+(?:sheet\s+)?)?"
TOKEN = re.compile(
    _GAME
    + r"(?:(?<![\w])(?P<letter>[A-Z])(?P<num>[1-9]\d*)(?P<sub>\.\d+|[a-z])?(?![\w])"
    + r"|§\s?(?P<sec>\d+(?:\.\d+)*)"
    + r"|\b(?P<word>section|Part)\s(?P<wnum>\d+)\b)"
)
# What may stand between two citations of one list, so that a game named before the first one
# carries on to the next ones (`Flotilla E3, E15`, `Eclipse E1–E120`, `Robinson R30/R97`).
LIST_GAP = re.compile(r"\s*(?:[,;/&+]|[-–—]|\.\.|\band\b|\bor\b)?\s*$")
RANGE_GAP = re.compile(r"\s*(?:[-–—]|\.\.)\s*$")
EXACT_ID = re.compile(r"[A-Z]\d+[a-z]?")
WAYFINDERS_CELL = re.compile(r"(?<![\w])[A-D][1-5](?![\w])")
NOQA = re.compile(r"noqa\s*:?\s*[A-Z0-9, ]*|type:\s*ignore\[[^\]]*\]")


@dataclass(frozen=True)
class Citation:
    path: str     # relative to the repository root
    line: int
    game: str | None   # None: a shared letter without its game
    ref: str      # "E41", "§3.9", "section 12", "Part 3"
    text: str     # as written
    start: int | None = None  # the first number when this id ends a range (`E9–E11`)

    def covers(self) -> list[str]:
        """The ids this citation names: itself, and the ones before it when it ends a range."""
        if self.start is None or self.ref.startswith(("§", "section", "Part")):
            return [self.ref]
        return [f"{self.ref[0]}{n}" for n in range(self.start, int(self.ref[1:]) + 1)]


@dataclass(frozen=True)
class Sheet:
    game: str
    ids: frozenset[str]
    sections: frozenset[str]   # "3.9", "12", "Part 3"

    def has(self, ref: str) -> bool:
        if ref.startswith("§"):
            return ref[1:] in self.sections
        if ref.startswith("section "):
            return ref.split()[1] in self.sections
        if ref.startswith("Part "):
            return ref in self.sections
        return ref in self.ids


_ENTRY = re.compile(
    r"^\s*(?:[-*]\s+)?\*\*(?P<a>[A-Z]\d+)\b"      # - **W12** / * **F30** / **E41. Name** / - **T6 Name**
    r"|^#+\s+(?P<b>[A-Z]\d+)\b"                   # ### D1 Geometry
    r"|^\|\s*(?P<c>[A-Z]\d+)\s*\|",               # | U7 | ... (a ruling table)
    re.M,
)
_SECTION = re.compile(r"^#+\s+(?:(?P<part>Part \d+)\b|(?P<num>\d+(?:\.\d+)*)\.?\s)", re.M)


def sheet_path(game: str) -> str:
    """A game's rules sheet, relative to the repository root (docs/rules/<game>.md unless its Engine
    names another)."""
    return ENGINES[game].sheet_path() if game in ENGINES else f"docs/rules/{game}.md"


def load_sheet(game: str, root: Path = ROOT) -> Sheet:
    text = (root / sheet_path(game)).read_text(encoding="utf-8")
    ids = {next(g for g in m.groups() if g) for m in _ENTRY.finditer(text)}
    ids = {i for i in ids if i[0] in LETTERS[game]}
    sections = {m.group("part") or m.group("num") for m in _SECTION.finditer(text)}
    return Sheet(game, frozenset(ids), frozenset(sections))


def game_of_path(path: str) -> str | None:
    """The one game a file belongs to by its path, or None (shared code, several games)."""
    low = path.lower()
    found = [g for g in GAMES if g in low]
    return found[0] if len(found) == 1 else None


def repo_files(root: Path = ROOT) -> list[str]:
    """Tracked files plus new ones not ignored (relative paths); the tree itself without git."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=root, capture_output=True, check=True,
        ).stdout.decode("utf-8")
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
        for d, dirs, files in os.walk(root):
            top = os.path.samefile(d, root)
            dirs[:] = [x for x in dirs if not x.startswith(".") and x != "__pycache__"
                       and not (top and x in ("data", "out"))]  # git-ignored: databases, images
            names += [os.path.relpath(os.path.join(d, f), root) for f in files]
    keep = []
    for n in sorted(set(names)):
        p = root / n
        if any(part.startswith(".") for part in Path(n).parts[:-1]) or n.startswith(".venv"):
            continue
        if p.is_file() and not p.is_symlink():
            keep.append(n.replace(os.sep, "/"))
    return keep


def _test_name_text(name: str) -> str:
    """The ids a test function's name cites, as text: `test_r2_r30_x` -> "R2 R30",
    `test_greedy_F41_F42` -> "F41 F42", `test_s3_10_x` -> "§3.10" (a sheet section)."""
    parts, out = name.split("_"), []
    for k, part in enumerate(parts):
        if re.fullmatch(r"[sS]\d+", part) and k + 1 < len(parts) and parts[k + 1].isdigit():
            out.append(f"§{part[1:]}.{parts[k + 1]}")
        elif re.fullmatch(r"[A-Za-z][1-9]\d*", part):
            out.append(part.upper())
    return " ".join(out)


def _python_text(src: str) -> list[tuple[int, str]]:
    """(first line, text) of every comment and string of a Python source, and the ids in the
    names of its test functions (`def test_w14_...`)."""
    out, last = [], None
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.NAME and last == "def" and tok.string.startswith("test_"):
            out.append((tok.start[0], _test_name_text(tok.string)))
        if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            last = tok.string
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], NOQA.sub("", tok.string)))
        elif tok.type == tokenize.STRING:
            body = re.sub(r"^[rbuRBUfF]*('''|\"\"\"|'|\")", "", tok.string)
            body = re.sub(r"('''|\"\"\"|'|\")$", "", body)
            if not EXACT_ID.fullmatch(body.strip()):
                out.append((tok.start[0], body))
    return out


def _json_text(src: str) -> list[tuple[int, str]]:
    """Every key and string value of a JSON document that is more than a bare id, with its line."""
    lines = src.splitlines()
    out, seen = [], set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and not EXACT_ID.fullmatch(x.strip()) and x not in seen:
            seen.add(x)
            enc = json.dumps(x, ensure_ascii=False)[1:-1]
            line = next((i + 1 for i, text in enumerate(lines) if enc in text), 1)
            out.append((line, x))

    walk(json.loads(src))
    return out


def text_segments(path: str, src: str) -> list[tuple[int, str]]:
    """(line, text) pieces of a file where citations are looked for."""
    if path.endswith(".py"):
        return _python_text(src)
    if path.endswith(".json"):
        return _json_text(src)
    return [(1, src)]


def citations_in(path: str, src: str) -> list[Citation]:
    """Every citation in one file, with the game it resolves to (None when ambiguous)."""
    home = game_of_path(path)
    found: list[Citation] = []
    for first, seg in text_segments(path, src):
        for k, line in enumerate(seg.splitlines() or [seg]):
            cells = home == "wayfinders" and WAYFINDERS_CELL.search(line)
            carried, last_end, last = None, 0, None
            for m in TOKEN.finditer(line):
                named = NAMES.get(m.group("game") or "")
                letter = m.group("letter")
                if (not named and carried and (letter is None or letter in LETTERS[carried])
                        and LIST_GAP.match(line[last_end:m.start()])):
                    named = carried
                if letter:
                    ref = letter + m.group("num")
                    game = named or (home if home and letter in LETTERS[home] else None)
                    if game is None and not home:
                        game = UNIQUE_LETTER.get(letter)
                        if game is None and letter not in SHARED_LETTERS:
                            continue  # not a letter any sheet numbers with
                    elif game is None:
                        continue  # a letter this game's sheet does not use: not a rule id here
                    if game and letter not in LETTERS[game]:
                        continue
                    if game == "wayfinders" and cells and letter == "E" and int(ref[1:]) <= 5 and not m.group("game"):
                        continue  # a board cell (A1..E5) on a line about cells
                elif m.group("sec"):
                    ref = "§" + m.group("sec")
                    game = named or home
                    if game is None:
                        continue
                else:
                    word = m.group("word")
                    game = named or home
                    if game is None:
                        continue
                    ref = f"{word} {m.group('wnum')}"
                start = None
                if (last and last.game == game and last.ref[0] == ref[0] and ref[0] != "§"
                        and RANGE_GAP.match(line[last_end:m.start()]) and last.ref[1:].isdigit()
                        and int(last.ref[1:]) < int(ref[1:] or 0)):
                    start = int(last.ref[1:])
                last = Citation(path, first + k, game, ref, m.group(0), start)
                found.append(last)
                carried, last_end = game, m.end()
    return found


def scan(root: Path = ROOT) -> list[Citation]:
    """Every citation in the code, tests and documents; not in the sheets themselves, nor in
    tests/docs, whose examples of wrong citations are wrong on purpose."""
    out = []
    for path in repo_files(root):
        if not path.endswith((".py", ".md", ".json")) or path.startswith(("docs/rules/", "tests/docs/")):
            continue
        src = (root / path).read_text(encoding="utf-8")
        out += citations_in(path, src)
    return out


def unresolved(cites: list[Citation], sheets: dict[str, Sheet]) -> list[str]:
    """Human-readable problems: ambiguous letters and numbers without an entry in their sheet."""
    bad = []
    for c in cites:
        if c.game is None:
            which = " or ".join(f"'{g.capitalize()} {c.ref}'" for g in GAMES if sheets[g].has(c.ref)) or "its game"
            bad.append(f"{c.path}:{c.line}: {c.text!r} is ambiguous here: write {which}")
        elif not sheets[c.game].has(c.ref):
            bad.append(f"{c.path}:{c.line}: {c.text!r} has no entry in {sheet_path(c.game)}")
    return bad


def uncited(cites: list[Citation], sheet: Sheet, where: str = "tests/") -> list[str]:
    """The sheet's numbered entries that no file under `where` cites, in sheet order."""
    cited = {i for c in cites if c.game == sheet.game and c.path.startswith(where) for i in c.covers()}
    key = lambda i: (i[0], int(i[1:]))  # noqa: E731
    return sorted((i for i in sheet.ids if i not in cited), key=key)


def main() -> int:
    """`python -m tests.docs.citations`: citations per game, the unresolved ones, and the sheet
    entries no test cites."""
    sheets = {g: load_sheet(g) for g in GAMES}
    cites = scan()
    for g in GAMES:
        mine = [c for c in cites if c.game == g]
        ok = sum(sheets[g].has(c.ref) for c in mine)
        left = uncited(cites, sheets[g])
        print(f"{g}: {ok} of {len(mine)} citations resolve; {len(sheets[g].ids)} entries, "
              f"{len(left)} cited by no test{': ' + ' '.join(left) if left else ''}")
    bad = unresolved(cites, sheets)
    print("\n".join(bad) or "every citation resolves")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Eclipse's "Done when", battles included: a complete 4-player Eclipse game on the local table, in process,
with battles.

Four local users open the game with `/eclipse new`, join (command and Join
button), start it, pick three alien species and one Terran side (E11), then
play all nine rounds to final scoring (E25, E75).  The greedy bot level
(`rules.bots`) stands in for the humans' choices, steered here only so that
every action type is used at least once (explore, influence, research,
upgrade, build, move, pass, reaction, trade, colony ships).  Each decision is
sent the way a player would: `/play move:…`, a button or select of the board
post, or an `/eclipse …` shortcut.  Every accepted move must post a fresh
galaxy PNG in the game's thread; the last post carries the final scores.
Twice during the game a player and a watcher ask for `/eclipse tech` and
`/eclipse board` (private images).

Battles: from round 3 the stand-in also steers seats to fight (`eclipse_warlord`:
build warships, explore towards the Galactic Center, move warships to Ancients,
to the GCDS and to other players' ships and cubes), so that the game includes
battles against the Ancients, the GCDS and another player, population attacks
that destroy cubes and reputation tiles drawn and kept (E49-E63).  A mover asks
`/eclipse odds` for the battle its next step would cause; each post after a move
that fought shows the dice of the volleys and ends with the battle summary image.

Runtime: about 500 moves; ~45 s of CPU (the wall time grows with the load of
the machine: 2-4 min on a shared, busy one).
"""
from __future__ import annotations

import asyncio
import re

from pathlib import Path

from rules.bots import bot_rng
from rules.eclipse.battle.game_odds import move_odds
from rules.eclipse.board import production, upkeep
from rules.eclipse.data import SIDES
from rules.eclipse.moves import influence_targets

from .eclipse_warlord import Warlord, fight_kinds
from .test_commands import Session, texts

USERS = ("alice", "bob", "carol", "dave")
THREAD = "eclipse-1"
SEED = 5  # seeds 3 and 4 end without a population attack since forced steps and one-option builds
PNG = b"\x89PNG\r\n\x1a\n"
# action type -> the move-id heads that show it was really used (not only chosen then stopped)
USED_BY = {"explore": ("pl",), "influence": ("to",), "research": ("res",), "upgrade": ("put",),
           "build": ("bld",), "move": ("go",), "pass": ("pass",), "reaction": ("react",),
           "trade": ("tr",), "colony ships": ("col",)}


class StandIn:
    """The humans' choices: the greedy bot, steered towards action types not used yet."""

    def __init__(self, engine):
        self.engine = engine
        self.used: set[str] = set()
        self.aliens = 0
        self.left_empty = False
        self.warlord = Warlord()

    def note(self, move_id: str) -> None:
        head = move_id.partition(":")[0]
        for kind, heads in USED_BY.items():
            if head in heads and move_id != "to:track":  # influence counts once a disc reaches a hex
                self.used.add(kind)

    def choose(self, state, seat: str) -> str:
        moves = self.engine.legal_moves(state, seat)
        ids = [mv.id for mv in moves]
        species = [i for i in ids if i.startswith("sp:")]
        if species:  # E11: three alien species, then a Terran side
            want_alien = self.aliens < 3
            pick = next(i for i in species if (SIDES[i[3:].replace("-", " ")].species != "terran") == want_alien)
            self.aliens += want_alien
            return pick
        steer = self._steer(state, seat, ids)
        if steer is None:
            steer = self.warlord.steer(state, seat, ids)
        if steer is not None:
            return steer
        return self.engine.greedy_move(state, seat, bot_rng(SEED, state.moves_made, seat)).id

    def _steer(self, state, seat: str, ids: list[str]):
        p = state.players[seat]
        if "trade" not in self.used and state.round >= 2:
            trade = [i for i in ids if i.startswith("tr:") and not i.endswith(":science")]
            if trade and p.storage[2] > 8:
                return trade[0]
        spare = p.storage[0] + production(p, 0) - upkeep(p) - 3 if p.species is not None else -1
        for kind in ("build", "upgrade", "move"):
            if kind not in self.used and f"act:{kind}" in ids and spare >= 0 and state.round >= 3:
                return f"act:{kind}"
        if "influence" not in self.used:  # E35 leave a hex without a disc, then E37 take it
            if "disc:no" in ids and not self.left_empty:
                self.left_empty = True
                return "disc:no"
            if "act:influence" in ids and any(t != "track" for t in influence_targets(state, seat, "track")):
                return "act:influence"
            if "from:track" in ids:
                return "from:track"
            onto = [i for i in ids if i.startswith("to:") and i != "to:track"]
            if onto:
                return onto[0]
        if "reaction" not in self.used:
            react = [i for i in ids if i.startswith("react:")]
            if react:
                return react[0]
        return None


def board_post(out):
    """The new board post of the thread (the first post with an image there)."""
    posts = [m for m in out if m.channel == THREAD and not m.ephemeral and m.files]
    assert posts, "no galaxy image after the move: " + texts(out)
    png = Path(posts[0].files[0])
    assert png.suffix == ".png" and png.read_bytes()[:8] == PNG
    return posts[0]


def check_battle_post(post, table) -> bool:
    """After a move that fought: the whole galaxy image (the final post's, or the "Full board" button's while
    the game runs, when the post shows the decision in view) ends with the battle summary drawn from the same
    public view; the dice of the move's volleys are in the thread post.  True when the post shows dice."""
    import io

    from PIL import Image, ImageChops, ImageStat

    from host.boards import board_png
    from render.eclipse_battle import battle_panel
    from render.focus import WIDTH
    panel = battle_panel(table.engine.view(table.state, None), table.names)
    posted = Image.open(Path(post.files[0])).convert("RGB")
    if table.game.status == "active":
        assert posted.width == WIDTH  # the decision in view
        posted = Image.open(io.BytesIO(board_png(table, "en", []))).convert("RGB")
    bottom = posted.crop((0, posted.height - panel.height, panel.width, posted.height))
    # the post is a palette PNG (smaller to post): the same picture, each pixel the nearest of its 256 colours
    assert bottom.size == panel.size
    diff = ImageChops.difference(bottom, panel.convert("RGB"))
    assert max(ImageStat.Stat(diff).mean) < 1.5 and max(hi for _, hi in diff.getextrema()) <= 64
    text = post.embeds[0].get("description", "")
    fired = [e for e in table.state.events if e.key.startswith("eclipse.ev.fire_")]
    if fired and len(table.state.events) <= 11:  # the post lists up to 12 event lines, this move's last
        # (a sub-step of the same player's turn edits the board and adds its lines: cogs/board_posts.py)
        mine = "\n".join(text.split("\n")[-len(table.state.events):])
        assert len(re.findall(r" fires? (?:cannons|missiles) — dice ", mine)) == len(fired), text
    return bool(fired) and " — dice " in text


async def ask_move_odds(s, user: str, table) -> bool:
    """The mover asks `/eclipse odds` for the battle its next step would cause (E98, E108)."""
    seat = table.to_act[0]
    steps = move_odds(table.state, seat)
    if not steps:
        return False
    o = steps[0]
    out = await s.cmd(user, f"/eclipse odds hex:{o.hex}", THREAD)
    assert not out.refused and all(m.ephemeral for m in out), texts(out)
    assert f"moves into hex {o.hex}" in texts(out) and f"**{100 * o.win:.2f}%**" in texts(out), texts(out)
    return True


async def private_images(s, user: str) -> None:
    """`/eclipse tech` (the supply board) and `/eclipse board`: private PNGs, for players and watchers."""
    for who in (user, "erin"):
        for line in ("/eclipse tech", "/eclipse board"):
            out = await s.cmd(who, line, THREAD)
            assert not out.refused, (who, line, texts(out))
            assert [m.ephemeral for m in out if m.files] == [True], (who, line)
            assert Path(next(m for m in out if m.files).files[0]).read_bytes()[:8] == PNG


def shortcut(move_id: str):
    """The `/eclipse …` command that composes this move id, if any."""
    head, _, arg = move_id.partition(":")
    if head == "act":
        return f"/eclipse action action:{arg}"
    if move_id == "pass":
        return "/eclipse action action:pass"
    if head == "react":
        return f"/eclipse react action:{arg}"
    if head == "res":
        return f'/eclipse research tech:"{arg.replace("-", " ")}"'
    if head == "tr":
        pay, get = arg.split(":")
        return f"/eclipse trade pay:{pay} get:{get}"
    if head == "exp":
        return f"/eclipse explore position:{arg}"
    if head == "go":
        return f"/eclipse go hex:{arg}"
    if move_id == "stop":
        return "/eclipse stop"
    return None


def press_index(board, move_id: str):
    for n, item in enumerate(board.pressables, 1):
        if item.value == move_id or (item.value is None and item.custom_id.split(":", 3)[-1] == move_id):
            return n
    return None


def test_four_players_three_alien_species_nine_rounds_with_battles_on_the_local_table(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", str(SEED))  # the same galaxy every run (the stand-in copes with others)

    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/eclipse new")
            assert not out.refused, texts(out)
            assert not (await s.press("bob", 1, THREAD)).refused  # the lobby's Join button
            for user in USERS[2:]:
                assert not (await s.cmd(user, "/game join game:1")).refused
            out = await s.cmd("alice", "/game start", THREAD)
            assert not out.refused, texts(out)
            board = board_post(out)
            service = s.table.bot.actions.service
            table = service.table(1)
            policy = StandIn(table.engine)
            ways = {"play": 0, "press": 0, "shortcut": 0}
            shortcuts: set[str] = set()  # the /eclipse subcommands used
            moves = 0
            fights: dict[str, int] = {}  # kind of fight (eclipse_warlord.fight_kinds) -> first move
            battle_posts = dice_posts = 0
            asked_odds = False
            while table.game.status == "active":
                seat = table.to_act[0]
                user = table.user_of(seat).name
                move_id = policy.choose(table.state, seat)
                if not asked_odds and move_id.startswith("go:"):
                    asked_odds = await ask_move_odds(s, user, table)
                line = shortcut(move_id)
                n = press_index(board, move_id)
                if line is not None and (moves % 2 == 0 or line.split()[1] not in shortcuts):
                    way, out = "shortcut", await s.cmd(user, line, THREAD)
                    shortcuts.add(line.split()[1])
                elif n is not None and moves % 3 != 1:
                    way, out = "press", await s.table.press_message(user, board.message_id, n, THREAD)
                else:
                    way, out = "play", await s.cmd(user, f"/play move:{move_id}", THREAD)
                assert not out.refused, (move_id, way, texts(out), out.errors, out.details)
                ways[way] += 1
                moves += 1
                policy.note(move_id)
                board = board_post(out)
                table = service.table(1)
                assert table.state.moves_made == moves, (move_id, way)
                for kind in fight_kinds(table.state.events):
                    fights.setdefault(kind, moves)
                policy.warlord.seen = set(fights)
                if table.engine.view(table.state, None).battles:
                    dice_posts += check_battle_post(board, table)
                    battle_posts += 1
                assert moves < 3000, "the game does not end"
                if moves in (40, 200):
                    await private_images(s, user)
            assert table.game.status == "finished"
            assert table.state.round == 9 and table.state.phase == "over"  # E25
            species = sorted(table.state.players[x].species for x in table.state.order)
            assert sum(1 for sp in species if sp != "terran") == 3, species  # and one Terran side
            assert policy.used == set(USED_BY), set(USED_BY) - policy.used
            assert all(ways.values()), ways
            assert set(fights) == {"ancient", "gcds", "player", "pop", "rep"}, fights  # the battles' "Done when"
            assert battle_posts and dice_posts and asked_odds, (battle_posts, dice_posts, asked_odds)
            assert shortcuts == {"action", "react", "research", "trade", "explore", "go", "stop"}, shortcuts
            final = board.embeds[0]
            scores = next(f for f in final.get("fields", []) if f["name"] == "Final scores")
            outcome = table.outcome()
            for x in table.state.order:
                assert f"{table.user_of(x).name}" in scores["value"]
            results = {r.seat: r.score for r in service.games.results(1)}
            assert results == outcome.scores
            print(f"eclipse local game: {moves} moves, ways {ways}, species {species}, scores {outcome.scores}, "
                  f"first fights {fights}, {battle_posts} posts with battles ({dice_posts} with dice)")
    asyncio.run(go())

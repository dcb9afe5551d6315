"""Robinson's timeout options through the real bot on the local table (R30, R97, E31):
with `prompt_timeout` and `plan_timeout` an expired decision takes the rules' own
default instead of the host's expiry policy (a greedy bot); without them the policy applies."""
from __future__ import annotations

from tests.cogs.test_deadlines import Clock, Table, contents, run

OPTIONS = 'options:"choose_characters plan_timeout prompt_timeout"'


async def robinson_two(s: Table, options: str = OPTIONS) -> None:
    out = await s.cmd("alice", f"/game new game:robinson {options}")
    assert not out.refused, out.errors
    assert not (await s.cmd("bob", "/game join game:1")).refused
    assert not (await s.cmd("alice", "/game start game:1")).refused


def moves(s: Table) -> list[tuple[str, str, object]]:
    table = s.game()
    return [(table.user_of(m.seat).name, m.move_id, m.user_id) for m in s.service.games.moves(1)]


def test_e31_an_expired_character_choice_takes_a_random_pick_and_the_game_keeps_counting(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await robinson_two(s)
            table = s.game()
            assert table.state.phase == "setup" and s.waiting_name() == "alice"
            posted = await s.fire(48.01)
            assert "its rules took their default answer" in contents(posted)
            assert "A bot played" not in contents(posted)
            assert moves(s) == [("alice", "ch:random", None)]
            table = s.game()
            assert table.game.rated and s.waiting_name() == "bob"  # bob's own deadline starts now
            await s.fire(48.01)
            assert [mv[:2] for mv in moves(s)] == [("alice", "ch:random"), ("bob", "ch:random")]
            assert s.game().state.phase in ("wood", "plan")
    run(go())


def test_r30_an_expired_plan_rests_the_unplaced_pawns_and_confirms(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await robinson_two(s)
            for who in ("alice", "bob"):
                assert not (await s.cmd(who, "/play move:ch:random", "robinson-1")).refused
            s.drain()
            texts = ""
            for _ in range(4):  # the woodpile prompt (S3) may come first; the chain goes on into planning
                if s.game().state.phase not in ("wood", "plan"):
                    break
                texts += contents(await s.fire(48.01))
            assert texts.count("its rules took their default answer") >= 1 and "A bot played" not in texts
            planned = [mv for mv in moves(s) if mv[1].startswith(("ok", "p:"))]
            # the second player's pawns to Rest changed the plan: the first confirms it again at its next deadline
            first = planned[0][0]
            assert sorted(planned) == sorted([("alice", "ok:rest", None), ("bob", "ok:rest", None), (first, "ok", None)])
            table = s.game()
            assert table.state.phase != "plan" and table.game.rated  # R30: everyone confirmed
            resolved = [mv for mv in moves(s) if mv[1] == "go"]  # the later deadlines may resolve some already
            assert [st.action for st in table.state.queue] == ["rest"] * (4 - len(resolved))  # both characters' two pawns
    run(go())


def test_r97_without_the_options_the_hosts_bot_plays_the_expired_choice(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await robinson_two(s, 'options:"choose_characters"')
            posted = await s.fire(48.01)
            assert "A bot played in their place" in contents(posted)
            assert moves(s)[0][0] == "alice"
    run(go())


def test_r2_r30_r97_robinson_new_takes_the_options(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            out = await s.cmd("alice", "/robinson new choose_characters:true plan_timeout:true prompt_timeout:true")
            assert not out.refused, out.errors
            assert not (await s.cmd("alice", "/game start game:1")).refused
            opts = s.game().state.options
            assert opts.choose_characters and opts.plan_timeout and opts.prompt_timeout
            assert s.game().state.phase == "setup"
            listed = await s.cmd("alice", "/game moves game:1")
            assert "ch:random" in contents(listed) + str([m.embeds for m in listed])
    run(go())

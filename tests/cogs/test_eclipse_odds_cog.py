"""`/eclipse odds` through the real command tree (local table): E96-E98, private replies in English
and Spanish, bad notation refused privately with the problem named."""
from __future__ import annotations

import asyncio

from rules.eclipse.battle.odds import odds

from .test_commands import Session, texts


def test_odds_reply_is_private_with_both_chances(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", '/eclipse odds attacker:"1 interceptor" defender:"interceptor"')
            assert not out.refused, texts(out)
            assert [m.ephemeral for m in out] == [True]
            text = texts(out)
            assert "45.45%" in text and "54.55%" in text and "Attacker wins" in text  # 5/11 (E52, E55)
            out = await s.cmd("alice", '/eclipse odds attacker:"3 interceptor" defender:"1 dreadnought"')
            assert not out.refused and "Defender wins" in texts(out)
    asyncio.run(go())


def test_bad_notation_is_refused_privately(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", '/eclipse odds attacker:"ancient" defender:"cruiser"')
            assert out.refused and all(m.ephemeral for m in out), texts(out)
            assert "always defend" in texts(out)  # E97 rejection 8
            out = await s.cmd("alice", '/eclipse odds attacker:"1 interceptor(ion cannon, nuclear source)" '
                                       'defender:"cruiser"')
            assert out.refused and "needs a drive" in texts(out)  # E97 rejection 6
    asyncio.run(go())


def test_spanish_reply_and_refusal(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            out = await s.cmd("ana", '/eclipse odds attacker:"1 interceptor" defender:"interceptor"')
            assert not out.refused and "Gana el atacante: **45,45%**" in texts(out), texts(out)
            out = await s.cmd("ana", '/eclipse odds attacker:"2 frigate" defender:"cruiser"')
            assert out.refused and "Tipo de nave desconocido" in texts(out), texts(out)
    asyncio.run(go())


# ---- the odds of the asker's own battles in a running game ------------------------------

THREAD = "eclipse-1"


async def _game_with_a_battle_waiting(s):
    """Alice and Bob (Terran sides) after their species picks; the hand-made board: the seat
    to act (the mover) holds 2 Interceptors at home where 1 of the other's waits, and an
    Ancient hex and an empty one join that home by full wormholes (E36, E43)."""
    from tests.rules.test_eclipse_combat_kit import home, next_to, ships

    await s.cmd("alice", "/eclipse new terrans_only:true")
    await s.cmd("bob", "/game join game:1")
    await s.cmd("alice", "/game start", THREAD)
    service = s.table.bot.actions.service
    for _ in range(2):  # E11: each picks the first Terran side offered
        table = service.table(1)
        user = table.user_of(table.to_act[0]).name
        first = next(mv.id for mv in table.engine.legal_moves(table.state, table.to_act[0]))
        assert not (await s.cmd(user, f"/play move:{first}", THREAD)).refused
    table = service.table(1)
    state, mover = table.state, table.to_act[0]
    other = next(x for x in state.order if x != mover)
    hid = home(state, mover)
    for h in state.hexes.values():
        h.ships, h.arrival = {}, []
    for p in state.players.values():
        p.built = {k: 0 for k in p.built}
    ships(state, hid, mover, interceptor=2)
    ships(state, hid, other, interceptor=1)
    anc = next_to(state, hid, "105")
    state.hexes[anc].ancients = 1
    next_to(state, hid, "106")  # a second way on, so the first step of a move is a choice (E99, E108)
    service.store.conn.execute("UPDATE games SET state = ? WHERE id = 1", [table.engine.dump(state)])
    return table.user_of(mover).name, table.user_of(other).name, hid, anc


def test_game_odds_of_the_battle_waiting_and_of_each_step_of_a_move(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path) as s:
            mover, other, hid, anc = await _game_with_a_battle_waiting(s)
            home_pct = f"{100 * odds('interceptor', '2 interceptor'):.2f}%"  # E51: the arrival attacks
            out = await s.cmd(mover, "/eclipse odds", THREAD)
            assert not out.refused and [m.ephemeral for m in out] == [True], texts(out)
            text = texts(out)
            assert f"Hex {hid}, next battle: {other} attacks {mover}. Attacker wins **{home_pct}**" in text, text
            assert anc not in text  # no move under way yet
            assert [v for _, v in await s.table.complete(mover, "/eclipse odds hex:")] == [hid]
            for line in ("/eclipse action action:move", f"/play move:ship:{hid}:interceptor"):
                assert not (await s.cmd(mover, line, THREAD)).refused, line
            # the hexes where a battle waits, then every step the move may take (E108)
            table = s.table.bot.actions.service.table(1)
            steps = [mv.id[3:] for mv in table.engine.legal_moves(table.state, table.to_act[0])
                     if mv.id.startswith("go:")]
            got = [v for _, v in await s.table.complete(mover, "/eclipse odds hex:")]
            assert got == [hid] + steps and anc in got, got
            out = await s.cmd(mover, f"/eclipse odds hex:{anc}", THREAD)  # E108 step 2: the step it may take
            step_pct = f"{100 * odds('interceptor', 'ancient'):.2f}%"  # the Ancient defends (E51, E77)
            text = texts(out)
            assert not out.refused and out[0].ephemeral, text
            assert (f"If your Interceptor moves into hex {anc}: {mover} attacks the Ancients. "
                    f"Attacker wins **{step_pct}**") in text, text
            assert f"Hex {hid}," not in text  # only the hex asked for
            out = await s.cmd(other, "/eclipse odds", THREAD)  # the other side of the waiting battle
            assert not out.refused and f"Hex {hid}, next battle" in texts(out) and anc not in texts(out)
    asyncio.run(go())


def test_game_odds_refusals_are_private_and_clear(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/eclipse odds", THREAD)
            assert out.refused and "no open game here" in texts(out), texts(out)
            out = await s.cmd("alice", '/eclipse odds attacker:"2 interceptor"', THREAD)  # one fleet only
            assert out.refused and "Give both fleets" in texts(out), texts(out)
            mover, other, hid, anc = await _game_with_a_battle_waiting(s)
            out = await s.cmd(other, f"/eclipse odds hex:{anc}", THREAD)
            assert out.refused and f"No battle of yours is waiting in hex {anc}" in texts(out), texts(out)
            table = s.table.bot.actions.service.table(1)
            for h in table.state.hexes.values():  # the fleets gone: nobody is about to fight
                h.ships, h.arrival = {}, []
            s.table.bot.actions.service.store.conn.execute("UPDATE games SET state = ? WHERE id = 1",
                                                            [table.engine.dump(table.state)])
            out = await s.cmd(mover, "/eclipse odds", THREAD)  # no hex given: no battle anywhere
            assert out.refused and out[0].ephemeral and "not about to fight" in texts(out), texts(out)
            out = await s.cmd("erin", "/eclipse odds", THREAD)  # a watcher
            assert out.refused and out[0].ephemeral and "not a player" in texts(out), texts(out)
            out = await s.cmd(mover, f"/eclipse odds hex:{anc}", THREAD)  # no move under way
            assert out.refused and f"No battle of yours is waiting in hex {anc}" in texts(out), texts(out)
            await s.cmd("carol", "/game new game:wayfinders")
            out = await s.cmd("carol", "/eclipse odds game:2")
            assert out.refused and "not an Eclipse game" in texts(out), texts(out)
    asyncio.run(go())


def test_game_odds_in_spanish(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            mover, other, hid, anc = await _game_with_a_battle_waiting(s)
            pct = f"{100 * odds('interceptor', '2 interceptor'):.2f}".replace(".", ",")
            out = await s.cmd(mover, "/eclipse odds", THREAD)
            text = texts(out)
            assert not out.refused and f"Hexágono {hid}, próxima batalla: ataque de {other} contra {mover}" in text, text
            assert f"Gana el atacante: **{pct}%**" in text, text
            out = await s.cmd(mover, f"/eclipse odds hex:{anc}", THREAD)
            assert out.refused and f"No te espera ninguna batalla en el hexágono {anc}" in texts(out), texts(out)
    asyncio.run(go())

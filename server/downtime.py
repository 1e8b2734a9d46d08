"""Time does not run while no server runs: every server process marks its store alive every
``clocks.ALIVE_SECONDS`` (``keep_alive``), and one that starts after a gap resumes every
running clock without the time the server was down (``resume_clocks``; docs/api-contract.md,
"Clocks"). On its own SQLite file any start follows a gap; on a shared store, only a start
after no process marked it for ``clocks.DOWN_AFTER`` seconds (the others enforce the clocks
while one process is down)."""

from __future__ import annotations

import asyncio
import time

import structlog

from . import clocks, errors
from .events import clocks_event, now, stored_event
from .snapshots import Snapshot
from .store import GameStore, Live

log = structlog.get_logger("boardbot.server")


async def resume_clocks(master) -> None:
    """Mark ``master``'s store (``boardbot.server.master.GameMaster``) alive; after a gap, every
    running clock goes on from where it stopped at the last mark (an EVENT_KIND_CLOCKS_RESUMED
    version per game)."""
    store = master.store
    when = time.time()
    down_since = await store.mark_alive(when)
    if down_since is None or (store.shared and when - down_since <= clocks.DOWN_AFTER):
        return
    resumed = 0
    for game_id in await store.bot_turn_games():  # a running clock puts its game there
        while (live := await _readable(store, game_id)) is not None:
            record = live.record
            if clocks.deadline(record.clock) is None:
                break
            at = now()
            snap = Snapshot(clocks.resume(record, down_since, at), live.state, live.version + 1,
                            [s.resigned for s in record.seats])
            event = clocks_event(snap.version, record.clock["running"], len(record.seats), at - down_since, at)
            if await master.commit(live, snap, event, stored_event(event)) is not None:
                resumed += 1
                break
    if resumed:
        log.info("clocks_resumed", games=resumed, down_s=round(when - down_since, 3))


async def _readable(store: GameStore, game_id: str) -> Live | None:
    """The game, or None if gone or of rules this server cannot deal (``store.initial_state``)."""
    try:
        return await store.get_live(game_id)
    except errors.ServiceError:
        return None


async def keep_alive(store: GameStore, closing: asyncio.Event) -> None:
    """Mark the store alive every ``clocks.ALIVE_SECONDS`` until ``closing`` is set."""
    while not closing.is_set():
        try:
            async with asyncio.timeout(clocks.ALIVE_SECONDS):
                await closing.wait()
                return
        except TimeoutError:
            pass
        try:
            await store.mark_alive(time.time())
        except Exception as exc:  # noqa: BLE001 - a store that fails now may answer next time
            log.error("mark_alive_failed", error=repr(exc))

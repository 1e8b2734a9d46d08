"""Leases: on a store several server processes share, one process at a time plays a
game's slow bot seats, so no search runs twice for one decision.

A lease is the store's (``GameStore.lease``: a key with an expiry, renewed while
the search runs); a process that dies lets its leases lapse, and another takes the
game over (``GameMaster`` looks for unplayed bot seats every few seconds).
"""

from __future__ import annotations

import asyncio
import uuid

from .store import GameStore

LEASE_SECONDS = 10.0  # a process's claim on playing a game's bot seats, renewed while it searches


class Leases:
    """This process's leases on one store; ``holder`` names it in them."""

    def __init__(self, store: GameStore):
        self.store = store
        self.holder = uuid.uuid4().hex

    async def take(self, game_id: str) -> bool:
        """Take the game's lease (or renew this process's); False while another process has it."""
        return await self.store.lease(game_id, self.holder, LEASE_SECONDS)

    def keep(self, game_id: str) -> asyncio.Task:
        """Renew the lease until the task returned is cancelled (a search may wait in the queue first)."""
        return asyncio.get_running_loop().create_task(self._renew(game_id))

    async def _renew(self, game_id: str) -> None:
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            await self.store.lease(game_id, self.holder, LEASE_SECONDS)

    async def release(self, game_id: str) -> None:
        await self.store.release(game_id, self.holder)

"""Making a new game, whoever makes it (CreateGame, a Rematch, a matchmaking queue): the
caller's rate of creating (``take_creation``), and storing its first version with its clocks
started, counted against the store's and its creator's limits, its bots set going
(``store_new_game``). ``master``: the ``boardbot.server.master.GameMaster``."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from boardbot.engine import registry

from . import errors
from .calls import Call
from .records import GameRecord
from .snapshots import Snapshot, bot_to_move
from .store import ClientFull, Live, StoreFull

if TYPE_CHECKING:
    from boardbot.engine.core import State


def fresh_seed() -> int:
    """A new game's seed when the caller gives none."""
    return secrets.randbits(63)


# what each call that stores something new is charged for (take_creation): words, reason, subject
CHARGED = {"CreateGame": ("creates games", "CREATE_RATE", "create_game/peer"),
           "CreateQueue": ("creates queues", "CREATE_RATE", "create_game/peer"),
           "JoinGame": ("joins games", "JOIN_RATE", "join_game/peer"),
           "JoinQueue": ("joins queues", "JOIN_RATE", "join_queue/peer"),
           "CreateBotAccount": ("creates bot accounts", "CREATE_RATE", "create_bot_account/peer")}


def take_creation(master, call: Call, method: str = "CreateGame") -> str | None:
    """The calling client (``master.client``), charged one creation of ``method``'s
    (``CHARGED``: games, queues, seats joined and queue tickets share the client's one
    bucket, ``Limits.creates_per_second_per_client``); RESOURCE_EXHAUSTED with retry
    information when it makes them faster than its limit."""
    client = master.client(call)
    if client is not None:
        wait = master.creations.take(client)
        if wait:
            what, reason, subject = CHARGED[method]
            raise errors.quota_exceeded(
                f"client {client} {what} faster than {master.limits.creates_per_second_per_client} a second "
                "(games, queues, seats joined and queue tickets together)", reason, subject, retry_after=wait)
    return client


async def store_new_game(master, record: GameRecord, state: "State | None" = None) -> Live:
    """Store a new game for ``master``: ``record`` with ``initial`` None (its state at version 0 is
    the deal of its config and seed, which no store keeps: ``store.initial_state``); ``state``:
    that deal, made by the caller already (None: dealt here). RESOURCE_EXHAUSTED when the store or
    the creator's quota is full; KeyError when a game of that id exists."""
    if state is None:
        state = registry.get(record.game).new_state(record.config, record.seed, record.rules_version)
    snap = Snapshot(record, state, 0, [False] * len(record.seats))
    snap.settle(None, False, record.created)
    first = Live(snap.record, state, 0, record.created, None, bot_to_move(snap))
    try:
        if record.rated:
            async with master.ratings.creating(record.id, record.rated):  # a rated game's entrants, pending
                live = await master.store.create_live(first, master.limits.max_games_per_client)
        else:  # (no context manager's two coroutines a game: a tenth of an unrated CreateGame's Python)
            live = await master.store.create_live(first, master.limits.max_games_per_client)
    except StoreFull as full:
        raise errors.store_full(full.limit) from None
    except ClientFull as full:
        raise errors.client_full(full.limit, full.creator) from None
    master.driver.kick(record.id, Snapshot.of(live))
    return live

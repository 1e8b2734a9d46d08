"""Watch streams: every later version of a game, as one observer sees it.

A WatchGame stream (``GameMaster.watch_game`` checks the call and finds where it
starts) yields one message per version. Every stream of one game at one version
waits on one shared wait on the store (a *hub*), so a new version wakes thousands
of streams for the price of one future each, and the message of the store's
current version is built once per observer and shared (it is cached on the
``Live``). Streams are counted per game and per client (``Limits``); when the
server shuts down every stream ends UNAVAILABLE with the version to resume from.
"""

from __future__ import annotations

import asyncio
import collections
from typing import AsyncIterator

from boardbot.engine.core import TERMINAL
from boardbot.v1 import common_pb2, game_service_pb2

from . import errors
from .calls import Call
from .events import bot_stats, event_message
from .limits import Limits
from .snapshots import Snapshot
from .store import GameStore, Live

NEXT_DECISION_MAX_WAIT = 30.0  # SubmitMove with RESPONSE_VIEW_NEXT_DECISION waits at most this ...
# ... and answers this long before the call's deadline: a fifth of the time left, at least 50 ms and
# at most 0.5 s, so the answer (a view to make and send) still reaches a loaded server's or a distant
# client's end in time (50 ms flat ran out at a load average of 18: DEADLINE_EXCEEDED, no view)
NEXT_DECISION_MARGIN_SHARE = 0.2
NEXT_DECISION_MARGIN_MIN = 0.05
NEXT_DECISION_MARGIN_MAX = 0.5


def next_decision_margin(remaining: float) -> float:
    """How long before the call's deadline (``remaining`` seconds away) the wait ends."""
    return min(NEXT_DECISION_MARGIN_MAX, max(NEXT_DECISION_MARGIN_MIN, NEXT_DECISION_MARGIN_SHARE * remaining))

WATCH_POLL_SECONDS = 30.0


def _resume_elsewhere(version: int) -> errors.ServiceError:
    """How a watch stream ends when the server shuts down: UNAVAILABLE, so the client
    knows to reconnect (its game goes on), with the version to resume from."""
    return errors.unavailable(f"the server is shutting down; resume with from_version={version}",
                              "SHUTTING_DOWN", {"resume_from_version": str(version)})


class WatchHubs:
    """The watch streams of one master's store; ``closing``: set when the master shuts down."""

    def __init__(self, store: GameStore, limits: Limits, closing: asyncio.Event):
        self.store = store
        self.limits = limits
        self._closing = closing
        self._hubs: dict[tuple[str, int], asyncio.Event] = {}  # watchers' shared waits (_past)
        self._watchers: collections.Counter = collections.Counter()  # open streams by game id and by peer
        self._hub_tasks: set[asyncio.Task] = set()

    async def stream(self, snap: Snapshot, seat: int | None,
                     client: str | None) -> AsyncIterator[game_service_pb2.WatchGameResponse]:
        """``seat``'s (None: the spectator's) view at ``snap``, then one message per later
        version, until the game ends (or the master closes). ``client``: whose streams it
        counts among (None: nobody's, an in-process caller)."""
        game_id = snap.record.id
        # spectators share the game's slots; each seat has slots of its own, which no crowd of
        # spectators can take (the seat holder is never locked out of its own game)
        slots = [("game", game_id) if seat is None else ("seat", game_id, seat)]
        if client:
            slots.append(("peer", client))
        self._take_slots(slots, game_id, client)
        try:
            async for item in self._watch_from(game_id, snap.game_name, seat, snap):
                yield item
        finally:
            for slot in slots:
                self._watchers[slot] -= 1
                if not self._watchers[slot]:
                    del self._watchers[slot]

    def _take_slots(self, slots: list, game_id: str, peer: str | None) -> None:
        limits = {"game": self.limits.max_watchers_per_game, "seat": self.limits.max_watchers_per_seat,
                  "peer": self.limits.max_watchers_per_client}
        for slot in slots:
            if not self.limits.allows(limits[slot[0]], self._watchers[slot]):
                what = {"game": f"game {game_id}", "seat": f"seat {slot[-1]} of game {game_id}",
                        "peer": f"client {peer}"}[slot[0]]
                raise errors.quota_exceeded(
                    f"{self._watchers[slot]} WatchGame streams are open on {what} (at most {limits[slot[0]]})",
                    "TOO_MANY_WATCHERS", f"watch_streams/{slot[0]}", retry_after=5.0)
        for slot in slots:
            self._watchers[slot] += 1

    async def _watch_from(self, game_id: str, name: str, seat: int | None,
                          snap: Snapshot) -> AsyncIterator[game_service_pb2.WatchGameResponse]:
        yield game_service_pb2.WatchGameResponse(view=snap.seat_view(seat))
        while True:
            if self._closing.is_set():
                raise _resume_elsewhere(snap.version)
            latest, events = await self.store.live_and_events(game_id, snap.version)
            if events is None:
                raise errors.not_found(game_id)
            if events:
                over = latest is not None and latest.finished is not None  # the bots' reasons may be shown
                for stored in events:
                    described = None
                    shared = latest is not None and stored["version"] == latest.version
                    if shared:
                        message = latest.cache.get(("watch", seat))
                        if message is not None:  # every watcher with this observer gets the one message
                            snap = Snapshot.of(latest)
                            yield message
                            continue
                        described = latest.cache.get("event")
                    if described is None:
                        snap, described = snap.advance(stored)
                    if shared:
                        # the store's own: its views (and the event's texts) are shared by every watcher,
                        # and the message too (built once; the transport serializes it once)
                        latest.cache["event"] = described
                        snap = Snapshot.of(latest)
                        message = latest.cache[("watch", seat)] = game_service_pb2.WatchGameResponse(
                            game_event=event_message(described, seat, name), view=snap.seat_view(seat),
                            bot_stats=bot_stats(described, over))
                        yield message
                        continue
                    event = described
                    yield game_service_pb2.WatchGameResponse(game_event=event_message(event, seat, name),
                                                             view=snap.seat_view(seat), bot_stats=bot_stats(event, over))
            if snap.finished():
                return
            if self._closing.is_set():
                raise _resume_elsewhere(snap.version)
            await self._past(game_id, snap.version)

    async def _past(self, game_id: str, version: int) -> None:
        """Return once the game is past ``version`` (or gone, or the poll time passed, or the
        master closes). Every watcher of one game at one version shares one wait on the
        store: a new version wakes thousands of streams for the price of one future each."""
        key = (game_id, version)
        hub = self._hubs.get(key)
        if hub is None:
            hub = self._hubs[key] = asyncio.Event()

            async def wait_store():
                try:
                    await self.store.wait(game_id, version, WATCH_POLL_SECONDS)
                finally:
                    hub.set()
                    if self._hubs.get(key) is hub:
                        del self._hubs[key]
            self._hub_tasks.add(task := asyncio.ensure_future(wait_store()))
            task.add_done_callback(self._hub_tasks.discard)
        await hub.wait()

    def close(self) -> None:
        """Wake every stream (it ends UNAVAILABLE) and stop the shared waits."""
        for hub in list(self._hubs.values()):
            hub.set()
        for task in list(self._hub_tasks):
            task.cancel()


async def next_decision_view(store: GameStore, closing: asyncio.Event, game_id: str, seat: int, call: Call,
                         live: Live | None = None) -> common_pb2.SeatView:
    """The seat's view once it holds the decision again, the game is over, the seat
    resigned, or the wait is over (the call's deadline less a margin, ``next_decision_margin``; at most
    NEXT_DECISION_MAX_WAIT); the view at the latest version then. ``live``: the game
    as this call last committed it (a state within the call: no need to read it). SubmitMove's
    RESPONSE_VIEW_NEXT_DECISION (``boardbot.server.master``); ``closing``: the master's."""
    remaining = call.time_remaining()
    wait = NEXT_DECISION_MAX_WAIT if remaining is None else min(NEXT_DECISION_MAX_WAIT,
                                                                 remaining - next_decision_margin(remaining))
    loop = asyncio.get_running_loop()
    until = loop.time() + wait
    last = None
    while True:
        if live is None:
            live = await store.get_live(game_id)
        if live is None:
            if last is None:
                raise errors.not_found(game_id)
            return last  # deleted meanwhile: the last view we saw
        snap = Snapshot.of(live)
        last = snap.seat_view(seat)
        decider = live.state.decider()
        left = until - loop.time()
        if (decider == seat or decider == TERMINAL or snap.resigned[seat] or left <= 0
                or closing.is_set()):
            return last
        await store.wait(game_id, live.version, left)
        live = None

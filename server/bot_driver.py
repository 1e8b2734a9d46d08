"""The bot driver: the master plays the bot seats of hosted games, and resigned seats.

A per-game driver task samples a world for the seat to move (``State.sample_for``),
runs the seat's bot in an executor (``boardbot.server.bots.BotRunner``) and commits
the move with the same compare-and-set as a client's move (a lost race is read
again and retried). A bot the runner answers at once (the random bot) may also be
played right inside the call that made it the bot's turn (``inline_steps``). On a
store several processes share, a slow bot is played under a lease
(``boardbot.server.leases``). A resigned seat is played by the random bot.
A game of other rules than the server's (``boardbot.server.snapshots.same_rules``)
is not played: its bots wait for a server of its rules.

The driver also enforces the clocks (``boardbot.server.clocks``): while a client's
clock runs it waits for the deadline (or a new version), and when the clock runs out
it applies the game's timeout policy: the seat forfeits (an EVENT_KIND_TIMEOUT event,
after which the random bot plays it, as a resigned seat), or the stand-in bot
(``boardbot.server.seats``) makes that decision for it. A seat whose player left plays
by the stand-in bot too, unless the game waits for them; a game waiting for players
is not played at all.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

import structlog

from boardbot.ai.bot_specs import BotSpec, BotSpecError, parse_bot_spec
from boardbot.engine.core import TERMINAL, EngineError

from . import clocks, errors, failures
from .bots import BotRunner
from .events import now, stored_event, timeout_event
from .leases import Leases
from .ratings import reopened
from .records import BOT, RESERVED, GameRecord, SeatRecord
from .seats import lapsed, lobby, stands_in, waiting
from .snapshots import Snapshot, bot_to_move, same_rules
from .store import GameStore, Live

log = structlog.get_logger("boardbot.server")

RESIGNED_BOT = BotSpec("random")  # plays a resigned seat
CLOCK_POLL = 30.0  # seconds a driver waiting for a deadline reads the game again at the latest


def seat_bot(seat: SeatRecord) -> BotSpec:
    """The bot that plays a seat: its own, or the random bot once it resigned (a stored spec
    string is read once: ``parse_bot_spec`` caches). A stored spec that names no bot today (a
    game stored under older limits) is played by the random bot, as a bot that fails is."""
    return RESIGNED_BOT if seat.resigned else _spec(seat.bot)


def _spec(text: str) -> BotSpec:
    """A stored bot spec, read (``parse_bot_spec`` caches); the random bot if it names none today."""
    try:
        return parse_bot_spec(text)
    except BotSpecError as err:
        log.error("bot_spec_unreadable", bot=errors.clip(text), error=errors.clip(str(err)))
        return RESIGNED_BOT


def server_bot(record: GameRecord, seat: int, timed_out: bool = False) -> BotSpec | None:
    """The bot the master plays ``seat`` with at its decision now: the seat's own (a bot
    seat), the random bot (a resigned seat), the stand-in bot (its player left, or its clock
    ran out under TIMEOUT_POLICY_STAND_IN: ``timed_out``); None: a client plays it, or the
    game waits for players."""
    if waiting(record):
        return None
    info = record.seats[seat]
    if info.kind == BOT or info.resigned:
        return seat_bot(info)
    if timed_out or stands_in(record, seat):
        return _spec(lobby(record)["stand_in"])
    return None


class BotDriver:
    """Plays the bot seats of one store's games for one master; ``closing``: set when the
    master shuts down (no driver starts, running ones stop)."""

    def __init__(self, store: GameStore, bots: BotRunner, closing: asyncio.Event):
        self.store = store
        self.bots = bots
        self.leases = Leases(store)
        self._closing = closing
        self._drivers: dict[str, asyncio.Task] = {}
        self._wake: set[str] = set()
        self.on_finished = None  # async (Live) -> None: a bot's move ended the game (the master rates it)
        self.on_search = None  # (GameRecord, seconds) -> None: a searching bot ran (charged to the creator's quota)

    async def resume(self) -> None:
        """Drive every game whose record says a bot (or a resigned seat) is to move."""
        for game_id in await self.store.bot_turn_games():
            self.kick(game_id)

    def cancel(self, game_id: str) -> None:
        """Stop the game's driver (a deleted game: nobody will use its moves)."""
        driver = self._drivers.get(game_id)
        if driver is not None:
            driver.cancel()

    def tasks(self) -> list[asyncio.Task]:
        """The drivers running now (the master cancels them when it closes)."""
        return list(self._drivers.values())

    def kick(self, game_id: str, at: Snapshot | None = None) -> None:
        """Make sure a driver plays this game's bot seats (if any is to move). ``at``: the
        game at the version the caller committed or read; if a human seat (or nobody) is to
        move there, no driver is needed (no task per call): whoever commits a later version
        kicks again."""
        if self._closing.is_set():
            return
        if at is not None and game_id not in self._drivers:
            if not bot_to_move(at) or not same_rules(at.record):
                return
        self._wake.add(game_id)
        if game_id not in self._drivers:
            self._drivers[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        try:
            while not self._closing.is_set():
                self._wake.discard(game_id)
                acted, _ = await self._bot_step(game_id)
                if not acted:
                    acted = await self._clock_step(game_id)
                if not acted and game_id not in self._wake:
                    return
        except asyncio.CancelledError:
            raise
        except errors.ServiceError:  # of rules this server cannot deal (store.initial_state): nothing to play
            pass
        except Exception as exc:  # noqa: BLE001 - a broken store or bot must not kill the server
            log.error("bot_driver_failed", game_id=game_id, error=repr(exc), exc_info=sys.exc_info())
        finally:
            self._drivers.pop(game_id, None)

    async def inline_steps(self, game_id: str, live: Live | None = None) -> Live | None:
        """Play, right here, the bot seats to move whose bot the runner answers at once
        (``BotRunner.answers_at_once``: the random bot); any other bot is left to the driver.
        ``live``: the game as the caller committed it. Returns the game as last read or
        committed (None: not known)."""
        while not self._closing.is_set():
            if live is None:  # a commit lost a race: read the game again
                live = await self.store.get_live(game_id)
            if live is None:
                return None
            seat = live.state.decider()
            if seat == TERMINAL or not same_rules(live.record):
                return live
            spec = server_bot(live.record, seat)
            if spec is None or not self.bots.answers_at_once(spec):
                return live
            acted, live = await self._bot_step(game_id, live)
            if not acted:
                return None
        return None

    async def _clock_step(self, game_id: str) -> bool:
        """Enforce the running clock, if one runs: wait for its deadline (or a new version, at
        most CLOCK_POLL), then apply the timeout policy; in a game waiting for players, open
        a seat whose reservation lapsed again. Whether there was a deadline to watch."""
        live = await self.store.get_live(game_id)
        if live is None or live.finished is not None or not same_rules(live.record):
            return False
        record = live.record
        end = clocks.deadline(record.clock)
        reserved = [(s.until, q) for q, s in enumerate(record.seats) if s.state == RESERVED]
        if reserved:  # the game waits for players: no clock runs, a reservation may lapse
            end, seat = min(reserved)
        if end is None:
            return False
        left = end - time.time()
        if left > 0:
            await self.store.wait(game_id, live.version, min(left, CLOCK_POLL))
            return True
        if reserved:
            seats = list(record.seats)
            seats[seat] = lapsed(seats[seat])
            snap, event = Snapshot.seat_change(live, seats, seat, "opened", "", now(), reopened(record.rated, seat))
            await self._commit(live, snap.next_live(live, event), event)
            return True
        seat = record.clock["running"]
        log.info("clock_ran_out", game_id=game_id, seat=seat, policy=record.clock["on_timeout"])
        if record.clock["on_timeout"] == clocks.STAND_IN:
            _, committed = await self._bot_step(game_id, live, timed_out=True)
            if committed is not None:  # a timeout is a failure of the seat's player (boardbot.server.failures)
                await failures.failed(self.store, committed, seat, failures.TIMEOUT)
            return True
        when = now()
        snap = Snapshot(record, live.state, live.version + 1, [s.resigned for s in record.seats])
        snap.resigned[seat] = True
        event = timeout_event(snap.version, seat, len(snap.resigned), snap.finished(), when)
        snap.settle(seat, False, when, timed_out=seat)
        committed = await self._commit(live, snap.next_live(live, event), event)  # a forfeit may end a rated game
        if committed is not None:
            await failures.count(self.store, committed, seat, failures.TIMEOUT)
        return True  # a lost race: the next step reads the game again

    async def _commit(self, live: Live, nxt: Live, event: dict) -> Live | None:
        """Commit ``nxt`` (with ``event``) as the version after ``live``: the new version, or None
        after a lost race. Every commit of the driver's (a bot's move, a forfeit on time, a
        lapsed reservation) comes here, so a game it ends is rated (``on_finished``) as a
        client's last move is."""
        if not await self.store.commit_live(live.game_id, live.version, nxt, [stored_event(event)]):
            return None
        if nxt.finished is not None and self.on_finished is not None:
            await self.on_finished(nxt)
        return nxt

    async def _bot_step(self, game_id: str, live: Live | None = None,
                        timed_out: bool = False) -> tuple[bool, Live | None]:
        """Play the bot seat to move, if a bot is to move in ``live`` (default: the game as
        stored): whether it did (a lost race counts: the caller reads again and retries),
        and the version it committed (None: none). ``timed_out``: the seat to move ran out
        of time, and the stand-in bot decides for it."""
        if live is None:
            live = await self.store.get_live(game_id)
        if live is None:
            return False, None
        record, state = live.record, live.state
        seat = state.decider()
        if seat == TERMINAL or not same_rules(record):
            return False, None
        spec = server_bot(record, seat, timed_out)
        if spec is None:
            return False, None
        at_once = self.bots.answers_at_once(spec)
        # on a shared store one process plays a game's slow bots (no search twice); an instant
        # bot needs no lease: the compare-and-set commit settles a race
        leased = self.store.shared and not at_once
        if leased and not await self.leases.take(game_id):
            return False, None  # another process plays it
        renewer = self.leases.keep(game_id) if leased else None
        # deterministic per game seed and version: a seeded game replays the same
        rng = random.Random(hash((record.seed, live.version, seat)))  # ints: the same in every process
        # a sample is a copy (the live state is not touched); a bot that answers at once needs
        # none: it only reads the live state
        world = state if at_once else state.sample_for(seat, rng)
        notes: dict = {}  # a searching bot's reasons, kept with its move (shown once the game is over)
        try:
            started = time.monotonic()
            move = await self.bots.choose(record.game, spec, world, rng.getrandbits(63), notes)
            if spec.kind == "ismcts" and self.on_search is not None:
                self.on_search(record, time.monotonic() - started)
            if move not in state.legal_moves():
                raise EngineError(f"bot {spec.text!r} chose an illegal move {move!r}")
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - fall back to a random legal move
            log.error("bot_failed", game_id=game_id, game=record.game, seat=seat, bot=spec.text, error=repr(exc))
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            notes = {}
        finally:
            if renewer is not None:
                renewer.cancel()
        snap = Snapshot.next_of(live)
        when = now()
        event = snap.apply_move(seat, move, True, when, notes.get("search"))
        snap.settle(seat, True, when, timed_out=seat if timed_out else None)
        committed = await self._commit(live, snap.next_live(live, event), event)
        if leased:
            await self.leases.release(game_id)
        return True, committed  # committed None: a lost race

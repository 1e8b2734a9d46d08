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
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

import structlog

from boardbot.ai.bot_specs import BotSpec, BotSpecError, parse_bot_spec
from boardbot.engine.core import TERMINAL, EngineError

from . import errors
from .bots import BotRunner
from .events import now, stored_event
from .leases import Leases
from .records import BOT, SeatRecord
from .snapshots import Snapshot, same_rules
from .store import GameStore, Live

log = structlog.get_logger("boardbot.server")

RESIGNED_BOT = BotSpec("random")  # plays a resigned seat


def seat_bot(seat: SeatRecord) -> BotSpec:
    """The bot that plays a seat: its own, or the random bot once it resigned (a stored spec
    string is read once: ``parse_bot_spec`` caches). A stored spec that names no bot today (a
    game stored under older limits) is played by the random bot, as a bot that fails is."""
    if seat.resigned:
        return RESIGNED_BOT
    try:
        return parse_bot_spec(seat.bot)
    except BotSpecError as err:
        log.error("bot_spec_unreadable", bot=errors.clip(seat.bot), error=errors.clip(str(err)))
        return RESIGNED_BOT


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
            seat = at.state.decider()
            if seat == TERMINAL or (at.record.seats[seat].kind != BOT and not at.resigned[seat]) or (
                    not same_rules(at.record)):
                return
        self._wake.add(game_id)
        if game_id not in self._drivers:
            self._drivers[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        try:
            while not self._closing.is_set():
                self._wake.discard(game_id)
                acted, _ = await self._bot_step(game_id)
                if not acted and game_id not in self._wake:
                    return
        except asyncio.CancelledError:
            raise
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
            info = live.record.seats[seat]
            if info.kind != BOT and not info.resigned:
                return live
            if not self.bots.answers_at_once(seat_bot(info)):
                return live
            acted, live = await self._bot_step(game_id, live)
            if not acted:
                return None
        return None

    async def _bot_step(self, game_id: str, live: Live | None = None) -> tuple[bool, Live | None]:
        """Play the bot seat to move, if a bot is to move in ``live`` (default: the game as
        stored): whether it did (a lost race counts: the caller reads again and retries),
        and the version it committed (None: none)."""
        if live is None:
            live = await self.store.get_live(game_id)
        if live is None:
            return False, None
        record, state = live.record, live.state
        seat = state.decider()
        if seat == TERMINAL or not same_rules(record):
            return False, None
        info = record.seats[seat]
        if info.kind != BOT and not info.resigned:
            return False, None
        spec = seat_bot(info)
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
        event = snap.apply_move(seat, move, True, now(), notes.get("search"))
        nxt = snap.next_live(live, event)
        committed = nxt if await self.store.commit_live(game_id, live.version, nxt, [stored_event(event)]) else None
        if committed is not None and committed.finished is not None and self.on_finished is not None:
            await self.on_finished(committed)
        if leased:
            await self.leases.release(game_id)
        return True, committed  # committed None: a lost race

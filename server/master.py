"""The game master: the one authority over hosted games, with no transport in it.

Everything that decides about a hosted game goes through here and nowhere else:
creating games, seat tokens, the views each seat may see, moves with their
version compare-and-set and request-id idempotency, resignation, deletion,
the event log and watching it, and the bot seats the server plays itself.
Every way in is a thin adapter over one ``GameMaster``: the gRPC services
(``boardbot.server.service``, ``boardbot.server.bot_service``) and in-process
callers such as ``boardbot loadtest --in-process``. Requests and responses are the
``boardbot.v1`` messages; what a transport carries besides them (the
``authorization`` value, the deadline) comes in a ``Call``; errors are
``boardbot.server.errors.ServiceError`` (a ``google.rpc.Status``), which each
adapter turns into its own form. Nothing here names a game: configs, views
and moves go through ``boardbot.server.convert`` and the engine interface
(``boardbot.engine.core``).

The master holds the calls and their checks; each other job has a module of
its own: ``calls`` (what a call brings), ``access`` (tokens), ``game_types``
(ListGameTypes), ``records`` and ``store`` (what is kept), ``snapshots`` (a
game at one version, its views), ``events`` (what observers see of a move),
``watching`` (watch streams and their shared waits), ``bot_driver`` (the bot
seats, and the clocks' deadlines), ``leases`` (one process per game's bots on a
shared store), ``seats`` and ``lobby`` (open seats, JoinGame, LeaveGame, Rematch,
ListOpenGames), ``clocks`` and ``matchmaking`` (queues with bot backfill).

Design (see also README.md, API):

* Tokens: CreateGame makes a random secret per human seat and one owner
  secret; the store keeps only their SHA-256 (``boardbot.server.access``).
* Versions: 0 at creation, +1 per event (a move or a resignation). The
  event numbered n is the one that brought the game to version n.
* Resignation: the seat is out. Its decisions are made by the random bot
  from then on (so the engine's state stays a legal game and the other
  seats play on), and the outcome ranks every resigned seat behind every
  seat that did not resign; scores stay the engine's.
* Bot seats (and resigned seats) are played by the master's bot driver
  (``boardbot.server.bot_driver``): it samples a world for the seat, runs the
  bot in an executor and commits the move through the same checked path as a
  client's move.
* Every change is a compare-and-set commit on the store; a lost race is
  retried (bots) or reported as ABORTED (clients). A rejected call changes
  nothing.
* Rules versions: a game is created under its game type's ``rules_version``
  and played under it to its end. A game of other rules (the engine changed a
  rule since) is read only here: GetGame, ListGames, GetView and a watch from
  its current version answer from the stored state; a move, a resignation, a
  suggestion, a retried request and a watch from an earlier version are
  FAILED_PRECONDITION, reason RULES_VERSION_CHANGED, and its bot seats wait
  (``boardbot.server.snapshots.check_rules``): no event is replayed under
  rules it was not played under.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import sys
import time
from typing import AsyncIterator, Callable

import structlog

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.v1 import common_pb2, game_service_pb2

from . import (answers, bot_accounts, clocks, downtime, errors, game_records, lobby, matchmaking, moving, playing,
               ratings, seats as seat_rules, take_back as take_backs)
from .access import authorize_observer, authorize_owner, authorize_seat, new_token, token_digest
from .bot_driver import BotDriver
from .bot_plans import requested_bot
from .bots import BotRunner, check_spec
from .calls import Call
from .creation import fresh_seed, store_new_game, take_creation
from .deals import new_salt
from .events import now, stored_event
from .game_types import game_named, game_type, requested_config, validated_config
from .limits import Limits, RateLimiter, real_client
from .pages import page_position, page_size, page_token
from .quotas import Quotas
from .records import BOT, HUMAN, OPEN, GameRecord, SeatRecord
from .snapshots import Snapshot, check_rules
from .store import GameStore, Live
from .watching import WatchHubs

log = structlog.get_logger("boardbot.server")

MAX_ID_LENGTH = 128  # a game id or request id longer than this is INVALID_ARGUMENT (ours are 32 characters)
DEFAULT_RETENTION = 86400.0  # seconds a finished game is kept (boardbot serve --retention)
EXPIRY_SWEEP_SECONDS = 60.0  # how often finished games past their retention are deleted ...
ORPHAN_SWEEP_SECONDS = 5.0  # ... and, on a shared store, how often unplayed bot seats are looked for


# --- the master ---------------------------------------------------------------------
class GameMaster:
    """The authority over the hosted games of one store (see the module docstring).

    ``new_game_id``: makes a new game's id (default: 32 random hex digits);
    ``retention``: seconds a finished game is kept (None: for ever; see ``start``)."""

    def __init__(self, store: GameStore, bots: BotRunner | None = None,
                 new_game_id: Callable[[], str] | None = None, retention: float | None = DEFAULT_RETENTION,
                 limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self._seed_secret = secrets.token_bytes(32)  # see _game_seed
        self.creations = RateLimiter(self.limits.create_burst_per_client, self.limits.creates_per_second_per_client)
        self.bots = bots or BotRunner()
        # 32 random hex digits, as uuid4().hex was (128 random bits; a third of its CPU)
        self.new_game_id = new_game_id or (lambda: secrets.token_hex(16))
        self.retention = retention
        self._closing = asyncio.Event()
        self.driver = BotDriver(store, self.bots, self._closing)
        self.ratings = ratings.Ratings(store)
        self.driver.on_finished = self.ratings.live_ended
        self.quotas = Quotas(dict(self.limits.quotas), store, self.limits.trusted_proxies)
        self.driver.on_search = lambda record, seconds: self.quotas.charge_ai(seconds, client=record.creator)
        self.watches = WatchHubs(store, self.limits, self._closing)
        self._searching: dict[tuple[str, int], set[asyncio.Event]] = {}  # SuggestMoves running (track_search)
        self._housekeeping: asyncio.Task | None = None
        self._alive: asyncio.Task | None = None

    # --- lifecycle ---------------------------------------------------------------
    async def start(self) -> None:
        """Take up what the store holds (after a restart: the bot seats whose turn it is,
        and so the searches that were running, start again) and keep house: delete
        finished games older than ``retention``; on a shared store, also play the bot
        seats of games no process plays any more (one that died let its leases lapse).
        Clocks: after a gap, they go on without the time no server ran (``downtime``)."""
        await self.ratings.open()
        await self.quotas.start()
        await downtime.resume_clocks(self)
        await self.driver.resume()
        loop = asyncio.get_running_loop()
        self._housekeeping = loop.create_task(self._keep_house())
        self._alive = loop.create_task(downtime.keep_alive(self.store, self._closing))

    def housekeeping_seconds(self) -> float:
        every = ORPHAN_SWEEP_SECONDS if self.store.shared else EXPIRY_SWEEP_SECONDS
        if self.retention is not None:
            every = min(every, max(self.retention / 4, 0.05))
        return every

    async def _keep_house(self) -> None:
        every = self.housekeeping_seconds()
        while True:
            try:
                async with asyncio.timeout(every):
                    await self._closing.wait()
                    return
            except TimeoutError:
                pass
            try:
                if self.retention is not None:
                    expired = await self.store.expire_finished(time.time() - self.retention)
                    if expired:
                        log.info("games_expired", count=len(expired), retention_s=self.retention)
                if self.store.shared:
                    await self.driver.resume()
                await self.ratings.sweep()  # rated games whose end no process rated
                await self.store.expire_docs(time.time())  # matchmaking queues idle too long
            except Exception as exc:  # noqa: BLE001 - a store that fails now may answer next time
                log.error("housekeeping_failed", error=repr(exc), exc_info=sys.exc_info())

    async def close(self) -> None:
        """End watch streams, bot drivers and housekeeping (server shutdown)."""
        self._closing.set()
        self.watches.close()  # every watch stream ends UNAVAILABLE
        tasks = self.driver.tasks()
        tasks += [task for task in (self._housekeeping, self._alive) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.quotas.close()  # what was counted since the last flush

    # --- reading games -------------------------------------------------------------
    async def live(self, game_id: str, call: Call) -> Live:
        """The game at its current version (read-only), or NOT_FOUND."""
        return (await self.live_and_request(game_id, call, ""))[0]

    async def live_and_request(self, game_id: str, call: Call, request_id: str) -> tuple[Live, dict | None]:
        """``live``, and the stored event a request with ``request_id`` committed (if any)."""
        if len(game_id) > MAX_ID_LENGTH:
            call.log["game_id"] = errors.clip(game_id, 40)
            raise errors.invalid("game_id", f"game_id is longer than {MAX_ID_LENGTH} characters", "ID_TOO_LONG")
        if len(request_id) > MAX_ID_LENGTH:
            raise errors.invalid("request_id", f"request_id is longer than {MAX_ID_LENGTH} characters",
                                 "ID_TOO_LONG")
        call.log["game_id"] = game_id
        if not game_id:
            raise errors.invalid("game_id", "game_id is required")
        if request_id:
            live, done = await self.store.get_live_and_request(game_id, request_id)
        else:
            live, done = await self.store.get_live(game_id), None
        if live is None:
            raise errors.not_found(game_id)
        call.log["game"] = live.record.game
        return live, done

    def client(self, call: Call) -> str | None:
        """The client a call counts for in the per-client limits: its address, or behind a
        proxy of ``limits.trusted_proxies`` the address the proxy forwarded (``real_client``)."""
        return real_client(call.address, call.forwarded_for, self.limits.trusted_proxies)

    async def deciding_seat(self, game_id: str, seat: int, call: Call) -> Snapshot:
        """The game, for a call acting as ``seat`` at its own decision (SuggestMove):
        authorized, running, the seat not resigned and to decide."""
        live = await self.live(game_id, call)
        authorize_seat(live.record, seat, call)
        snap = Snapshot.of(live)
        decider = snap.state.decider()
        if decider == TERMINAL:
            raise errors.precondition("GAME_OVER", f"games/{game_id}", "the game is over")
        check_rules(live.record, "search for its moves")
        if snap.resigned[seat]:
            raise errors.precondition("SEAT_RESIGNED", f"seats/{seat}", f"seat {seat} has resigned")
        if decider != seat:
            raise errors.precondition("NOT_YOUR_DECISION", f"seats/{seat}",
                                      f"it is seat {decider}'s decision, not seat {seat}'s")
        return snap

    # --- the calls -------------------------------------------------------------------
    async def list_game_types(self, request: game_service_pb2.ListGameTypesRequest,
                              call: Call) -> game_service_pb2.ListGameTypesResponse:
        return game_service_pb2.ListGameTypesResponse(game_types=[game_type(name) for name in registry.names()])

    def _game_seed(self, request: game_service_pb2.CreateGameRequest) -> int:
        """The engine's seed. A caller's seed is mixed with this server's secret and a fresh
        secret of the game's own (a keyed, salted BLAKE2b), so choosing it does not let anyone
        rebuild the hidden cards, nor deal two games alike, unless the game is asked to be
        reproducible, which every player then sees (Game.reproducible)."""
        if request.reproducible:
            if not request.HasField("seed"):
                raise errors.invalid("seed", "a reproducible game needs a seed", "SEED_REQUIRED")
            return request.seed
        if not request.HasField("seed"):
            return fresh_seed()
        digest = hashlib.blake2b(request.seed.to_bytes(8, "little"), key=self._seed_secret,
                                 salt=secrets.token_bytes(16), digest_size=8)
        return int.from_bytes(digest.digest(), "little") >> 1

    async def create_game(self, request: game_service_pb2.CreateGameRequest,
                          call: Call) -> game_service_pb2.CreateGameResponse:
        live, tokens, owner = await self._create(request, call)
        return game_service_pb2.CreateGameResponse(game=Snapshot.of(live).game_message(),
                                                   seat_tokens=tokens, owner_token=owner)

    create_game_answer, get_view_answer = answers.create_game_answer, answers.get_view_answer  # (gRPC's, as bytes)

    async def _create(self, request: game_service_pb2.CreateGameRequest,
                      call: Call) -> tuple[Live, list[game_service_pb2.SeatToken], str]:
        client = take_creation(self, call)
        name = request.game
        game = game_named(name, call)
        cfg = requested_config(request.config if request.HasField("config") else None, name)
        seats = []
        for i, spec in enumerate(request.seats):
            if spec.kind == common_pb2.SEAT_KIND_HUMAN:
                if spec.bot or spec.HasField("bot_spec"):
                    which = "bot" if spec.bot else "bot_spec"
                    raise errors.invalid(f"seats[{i}].{which}", "a human seat takes no bot spec", "BAD_SEAT")
                seats.append(SeatRecord(HUMAN, state=OPEN if spec.open else "", name=seat_rules.created_name(spec, i)))
            elif spec.open:
                raise errors.invalid(f"seats[{i}].open", "only a human seat can be open", "BAD_SEAT")
            elif spec.kind == common_pb2.SEAT_KIND_BOT:
                # the string or the typed spec, read once; the record keeps its string
                bot = requested_bot(spec.bot, spec.bot_spec if spec.HasField("bot_spec") else None,
                                    f"seats[{i}].", reason="BAD_SEAT")
                try:
                    check_spec(bot, self.limits.max_bot_seconds)
                except ValueError as err:
                    which = "bot" if spec.bot else "bot_spec.ismcts.time"
                    raise errors.invalid(f"seats[{i}].{which}", str(err), "BAD_SEAT") from None
                if bot.kind == "ismcts":
                    self.quotas.check_ai(client=client)  # a searching bot: the creator's AI seconds
                seats.append(SeatRecord(BOT, bot.text))
            else:
                raise errors.invalid(f"seats[{i}].kind", "a seat is SEAT_KIND_HUMAN or SEAT_KIND_BOT", "BAD_SEAT")
        if seats and "players" not in cfg:
            cfg["players"] = len(seats)
        cfg = validated_config(game, name, cfg)
        n = cfg["players"]
        if not seats:
            seats = [SeatRecord(HUMAN) for _ in range(n)]
        elif len(seats) != n:
            raise errors.invalid("seats", f"{len(seats)} seats for {n} players", "BAD_SEAT")
        lobby_options, options = seat_rules.options_of(request, any(s.state == OPEN for s in seats), self.limits)
        rated = ratings.entrants(request.seats, seats, request.rated)
        seed = self._game_seed(request)
        state = game.new_validated_state(cfg, seed)  # (cfg validated above)
        tokens, owner = [], new_token()
        for q, seat in enumerate(seats):
            if seat.kind == HUMAN and seat.state != OPEN:
                token = new_token()
                seats[q] = SeatRecord(HUMAN, token=token_digest(token), name=seat.name)
                tokens.append(game_service_pb2.SeatToken(seat=q, token=token))
        created = now()
        game_id = self.new_game_id()
        call.log["game_id"] = game_id
        # creator: whose quota of stored games it takes (limits.max_games_per_client)
        # initial None: the state is the deal of (cfg, seed), which every store rebuilds (store.initial_state)
        record = GameRecord(game_id, name, cfg, seed, tuple(seats), token_digest(owner), None, created,
                            request.reproducible, client, game.rules_version, new_salt(), rated, lobby=lobby_options,
                            clock=None if options is None else clocks.new_clock(options, n, created))
        return await store_new_game(self, record, state), tokens, owner

    async def get_game(self, request: game_service_pb2.GetGameRequest,
                       call: Call) -> game_service_pb2.GetGameResponse:
        live = await self.live(request.game_id, call)
        snap = Snapshot.of(live)
        self.driver.kick(live.game_id, snap)
        return game_service_pb2.GetGameResponse(game=snap.game_message())

    async def list_games(self, request: game_service_pb2.ListGamesRequest,
                         call: Call | None = None) -> game_service_pb2.ListGamesResponse:
        """A page of this store's games in creation order."""
        size = page_size(request)
        after = page_position(request.page_token, "after", "ListGames")
        games = await self.store.list_live(after, size + 1, request.game)
        out = game_service_pb2.ListGamesResponse(games=[Snapshot.of(g).game_message() for g in games[:size]])
        if len(games) > size:
            out.next_page_token = page_token("after", games[size - 1].seq)
        return out

    async def get_view(self, request: game_service_pb2.GetViewRequest,
                       call: Call) -> game_service_pb2.GetViewResponse:
        snap, seat = await self._viewed(request, call)
        return game_service_pb2.GetViewResponse(view=snap.seat_view(seat))

    async def _viewed(self, request: game_service_pb2.GetViewRequest, call: Call) -> tuple[Snapshot, int | None]:
        live = await self.live(request.game_id, call)
        seat = authorize_observer(live.record, request, call)
        if seat is not None:
            live = await lobby.take_up(self, live, seat, call)
        snap = Snapshot.of(live)
        self.driver.kick(live.game_id, snap)
        return snap, seat

    submit_move = moving.submit_move  # (boardbot.server.moving)

    async def replay(self, game_id: str, version: int) -> tuple[Snapshot, dict]:
        """The game at ``version`` (>= 1) and the event that brought it there, as observers
        see it: the store's game when it is at that version and knows the event, else
        replayed from the start."""
        live = await self.store.get_live(game_id)
        if live is None:
            raise errors.not_found(game_id)
        check_rules(live.record)
        if live.version == version and "event" in live.cache:
            return Snapshot.of(live), live.cache["event"]
        snap, event = Snapshot.initial(live.record), None
        for stored in await self.store.events(game_id, 0) or []:
            if stored["version"] > version:
                break
            snap, event = snap.advance(stored, describe=stored["version"] == version)
        if event is None:
            raise errors.not_found(game_id)  # deleted meanwhile
        return snap, event

    async def resign(self, request: game_service_pb2.ResignRequest, call: Call) -> game_service_pb2.ResignResponse:
        live = await self.live(request.game_id, call)
        record = live.record
        seat = request.seat
        authorize_seat(record, seat, call)
        snap = Snapshot.of(live)
        if snap.finished():
            raise errors.precondition("GAME_OVER", f"games/{record.id}", "the game is over")
        check_rules(record, "play on")
        if snap.resigned[seat]:
            raise errors.precondition("SEAT_RESIGNED", f"seats/{seat}", f"seat {seat} has already resigned")
        if seat_rules.waiting(record):
            raise errors.precondition("WAITING_FOR_PLAYERS", f"games/{record.id}",
                                      "the game has not started: leave it instead (LeaveGame)")
        snap = Snapshot(record, live.state, live.version + 1, list(snap.resigned))  # the state is unchanged
        snap.resigned[seat] = True
        when = now()
        event = snap.resign_event(seat, when)
        snap.settle(seat, False, when)
        if not await self._commit(live, snap, event, stored_event(event)):
            raise errors.aborted("the game changed during the call; try again", live.version)
        self._cancel_searches(record.id, seat)
        self.driver.kick(record.id)
        live = await self.store.get_live(record.id) or live
        return game_service_pb2.ResignResponse(game=Snapshot.of(live).game_message())

    async def get_game_record(self, request: game_service_pb2.GetGameRecordRequest,
                              call: Call) -> game_service_pb2.GetGameRecordResponse:
        """The game's record (``boardbot.server.game_records``): complete once it is over,
        else as the seat (token checked) or a spectator may see it."""
        live = await self.live(request.game_id, call)
        seat = authorize_observer(live.record, request, call)
        return game_service_pb2.GetGameRecordResponse(game_record=await game_records.of_live(live, self.store, seat))

    # --- searches that belong to a game ------------------------------------------------
    def track_search(self, game_id: str, seat: int) -> asyncio.Event:
        """A SuggestMove searches for ``seat`` of ``game_id``: the event is set when a Resign
        of that seat or a DeleteGame makes the answer useless (``_cancel_searches``).
        Call ``untrack_search`` when done."""
        abandoned = asyncio.Event()
        self._searching.setdefault((game_id, seat), set()).add(abandoned)
        return abandoned

    def untrack_search(self, game_id: str, seat: int, abandoned: asyncio.Event) -> None:
        waiting = self._searching.get((game_id, seat))
        if waiting is not None:
            waiting.discard(abandoned)
            if not waiting:
                del self._searching[(game_id, seat)]

    def _cancel_searches(self, game_id: str, seat: int | None = None) -> None:
        """Stop what was being computed for this game (``seat`` None: every seat, and its
        bot driver): nobody will use the answer."""
        for (gid, s), waiting in list(self._searching.items()):
            if gid == game_id and (seat is None or s == seat):
                for abandoned in waiting:
                    abandoned.set()
                del self._searching[(gid, s)]
        if seat is None:
            self.driver.cancel(game_id)

    async def delete_game(self, request: game_service_pb2.DeleteGameRequest,
                          call: Call) -> game_service_pb2.DeleteGameResponse:
        live = await self.live(request.game_id, call)
        record = live.record
        authorize_owner(record, call)
        await self.store.delete(record.id)
        self._cancel_searches(record.id)
        return game_service_pb2.DeleteGameResponse()

    async def watch_game(self, request: game_service_pb2.WatchGameRequest,
                         call: Call) -> AsyncIterator[game_service_pb2.WatchGameResponse]:
        """The observer's view at ``from_version`` (default: now), then one message per
        later version, until the game ends (or the master closes)."""
        live = await self.live(request.game_id, call)
        seat = authorize_observer(live.record, request, call)
        async for item in self.watch(live, seat, request, call):
            yield item

    async def watch(self, live: Live, seat: int | None, request,
                    call: Call) -> AsyncIterator[game_service_pb2.WatchGameResponse]:
        """``watch_game`` for an authorized observer (``seat`` None: a spectator); a seat's
        first call takes its reservation up. ``request``: its ``from_version``."""
        record = live.record
        if seat is not None:
            live = await lobby.take_up(self, live, seat, call)
        game_id = record.id
        current = live.version
        start = request.from_version if request.HasField("from_version") else current
        if not 0 <= start <= current:
            raise errors.invalid("from_version", f"from_version must be between 0 and {current}")
        if start == current:
            snap = Snapshot.of(live)
        else:
            check_rules(record)
            snap = Snapshot.initial(record)
            for event in await self.store.events(game_id, 0) or []:
                if event["version"] > start:
                    break
                snap, _ = snap.advance(event, describe=False)
        self.driver.kick(game_id)
        async for item in self.watches.stream(snap, seat, self.client(call)):
            yield item

    # --- seats (lobby), matchmaking, external bots (playing), taking a move back (take_back) ----
    # each call is a function of the master's, in the module that has the job
    join_game, leave_game, rematch, list_open_games = (lobby.join_game, lobby.leave_game, lobby.rematch,
                                                       lobby.list_open_games)
    play_game = playing.play_game  # an external bot's stream of its decisions
    create_bot_account, invite_bot, connect_bot = (bot_accounts.create_bot_account, bot_accounts.invite_bot,
                                                   bot_accounts.connect_bot)  # one stream per bot
    create_queue, join_queue, wait_for_match, leave_queue = (matchmaking.create_queue, matchmaking.join_queue,
                                                             matchmaking.wait_for_match, matchmaking.leave_queue)
    take_back = take_backs.take_back

    def closing(self) -> bool:
        """The master is shutting down (waiting calls answer now)."""
        return self._closing.is_set()

    def cancel_searches(self, game_id: str, seat: int | None = None) -> None:
        """Stop the searches for ``seat`` (it left or resigned: nobody will use their answer); None:
        every seat's and the bots' (a take-back: the position is gone)."""
        self._cancel_searches(game_id, seat)

    # --- committing --------------------------------------------------------------------
    async def _commit(self, live: Live, snap: Snapshot, event: dict, stored: dict,
                      views: dict | None = None) -> Live | None:
        """Commit ``snap`` (a private snapshot one event past ``live``) as the next version
        (``Snapshot.next_live``); ``stored``: what the store keeps of ``event``
        (``stored_event``). The new version, or None if the game had moved on (or gone)."""
        nxt = snap.next_live(live, event, views)
        if not await self.store.commit_live(live.game_id, live.version, nxt, [stored]):
            return None
        if nxt.finished is not None:
            await self.ratings.live_ended(nxt)  # a rated game's ratings
        return nxt

    commit = _commit  # for the calls of boardbot.server.lobby

    async def get_leaderboard(self, request: game_service_pb2.GetLeaderboardRequest,
                              call: Call) -> game_service_pb2.GetLeaderboardResponse:
        """One configuration's ratings, best first (``boardbot.server.ratings``)."""
        return await self.ratings.get_leaderboard(request, call)

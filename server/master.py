"""The game master: the one authority over hosted games, with no transport in it.

Everything that decides about a hosted game lives here and nowhere else:
creating games, seat tokens, the views each seat may see, moves with their
version compare-and-set and request-id idempotency, resignation, deletion,
the event log and watching it, and the bot seats the server plays itself.
Every way in is a thin adapter over one ``GameMaster``: the gRPC services
(``boardbot.server.service``, ``boardbot.server.bot_service``) and in-process
callers such as
``boardbot loadtest --in-process``. Requests and responses are the
``boardbot.v1`` messages; what a transport carries besides them (the
``authorization`` value, the deadline) comes in a ``Call``; errors are
``boardbot.server.errors.ServiceError`` (a ``google.rpc.Status``), which each
adapter turns into its own form. Nothing here names a game: configs, views
and moves go through ``boardbot.server.convert`` and the engine interface
(``boardbot.engine.core``).

Design (see also README.md, API):

* Tokens: CreateGame makes a random secret per human seat and one owner
  secret; the store keeps only their SHA-256. A call acting as a seat
  carries ``Bearer <token>`` (gRPC metadata ``authorization``, or an HTTP
  ``Authorization`` header). No token: UNAUTHENTICATED; a token this game
  does not know: UNAUTHENTICATED; a token of this game that is not the
  seat's (another seat's, the owner's): PERMISSION_DENIED.
* Versions: 0 at creation, +1 per event (a move or a resignation). The
  event numbered n is the one that brought the game to version n.
* Resignation: the seat is out. Its decisions are made by the random bot
  from then on (so the engine's state stays a legal game and the other
  seats play on), and the outcome ranks every resigned seat behind every
  seat that did not resign; scores stay the engine's.
* Bot seats (and resigned seats) are played by the master: a per-game
  driver task samples a world for the seat (``State.sample_for``), runs the
  bot in an executor (``boardbot.server.bots.BotRunner``) and commits the
  move through the same checked path as a client's move.
* Every change is a compare-and-set commit on the store; a lost race is
  retried (bots) or reported as ABORTED (clients). A rejected call changes
  nothing.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import functools
import hashlib
import hmac
import random
import secrets
import sys
import time
import uuid
from typing import Any, AsyncIterator, Callable

import structlog
from google.protobuf import descriptor, json_format, struct_pb2, timestamp_pb2

from boardbot.engine import registry
from boardbot.engine.core import NO_DEFAULT, TERMINAL, ConfigError, EngineError, Game, State, rank_by
from boardbot.v1 import common_pb2, game_service_pb2

from . import convert, errors
from .bots import BotRunner, check_spec
from .limits import Limits, RateLimiter, real_client
from .store import ClientFull, GameStore, Live, Record, StoreFull

log = structlog.get_logger("boardbot.server")

HUMAN, BOT = "human", "bot"
RESIGNED_BOT = "random"  # plays a resigned seat
MAX_ID_LENGTH = 128  # a game id or request id longer than this is INVALID_ARGUMENT (ours are 32 characters)
DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE = 50, 1000
WATCH_POLL_SECONDS = 30.0
DEFAULT_RETENTION = 86400.0  # seconds a finished game is kept (boardbot serve --retention)
EXPIRY_SWEEP_SECONDS = 60.0  # how often finished games past their retention are deleted ...
ORPHAN_SWEEP_SECONDS = 5.0  # ... and, on a shared store, how often unplayed bot seats are looked for
LEASE_SECONDS = 10.0  # a process's claim on playing a game's bot seats, renewed while it searches
NEXT_DECISION_MAX_WAIT = 30.0  # SubmitMove with RESPONSE_VIEW_NEXT_DECISION waits at most this ...
NEXT_DECISION_MARGIN = 0.05  # ... and answers this long before the call's deadline
FINGERPRINT_CHARS = 16  # of a request's SHA-256 (hex) kept with its event: tells a retry from a reused id
RUNNING, FINISHED = common_pb2.GAME_STATUS_RUNNING, common_pb2.GAME_STATUS_FINISHED
KIND = {HUMAN: common_pb2.SEAT_KIND_HUMAN, BOT: common_pb2.SEAT_KIND_BOT}
EVENT_KIND = {"move": common_pb2.EVENT_KIND_MOVE, "resign": common_pb2.EVENT_KIND_RESIGN}


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    ts = timestamp_pb2.Timestamp()
    ts.FromNanoseconds(int(seconds * 1e9))
    return ts


def _game(name: str) -> Game:
    return registry.get(name)


def _seat_or_none(seat: int) -> int | None:
    """A seat for an optional field: None (unset) for the engine's TERMINAL."""
    return None if seat == TERMINAL else seat


def game_named(name: str, call: "Call") -> Game:
    """The hosted game type ``name`` (a request's ``game`` field), or INVALID_ARGUMENT."""
    call.log["game"] = name
    if not name:
        raise errors.invalid("game", "game is required", "UNKNOWN_GAME")
    if name not in registry.names():
        raise errors.invalid("game", f"unknown game {name!r} (known: {', '.join(registry.names())})",
                             "UNKNOWN_GAME")
    return registry.get(name)


# --- game types: parameters, their types and the rules between them -------------------
_FD = descriptor.FieldDescriptor
_PARAM_TYPE = {_FD.TYPE_BOOL: common_pb2.PARAM_TYPE_BOOL, _FD.TYPE_ENUM: common_pb2.PARAM_TYPE_ENUM,
               _FD.TYPE_STRING: common_pb2.PARAM_TYPE_STRING}


def _wire_value(game: Game, param: str, value: Any) -> struct_pb2.Value:
    """``value`` of ``param`` as the game's config message carries it in JSON (an enum's
    value name where the engine has a string), through the same converter as a config."""
    message = getattr(convert.to_proto(common_pb2.GameConfig, game.name, {param: value}), convert.oneof_field(game.name))
    out = struct_pb2.Value()
    json_format.ParseDict(json_format.MessageToDict(message, preserving_proto_field_name=True)[param], out)
    return out


@functools.lru_cache(maxsize=None)
def game_type(name: str) -> common_pb2.GameType:
    """The GameType of ListGameTypes: parameters typed by their config fields, with
    defaults and choices in wire form, and the rules between them (made once)."""
    game = _game(name)
    config_fields = getattr(common_pb2.GameConfig(), convert.oneof_field(name)).DESCRIPTOR.fields_by_name
    out = common_pb2.GameType(name=game.name, title=game.title, blurb=game.blurb,
                              components=convert.components(game.components()))
    if game.solo is not None:
        out.solo.CopyFrom(common_pb2.SoloMode(title=game.solo.title, blurb=game.solo.blurb,
                                              opponent=game.solo.opponent, note=game.solo.note))
    for p in game.params:
        kind = config_fields[p.name].type
        param = out.parameters.add(name=p.name, doc=p.doc, value_type=_PARAM_TYPE.get(kind, common_pb2.PARAM_TYPE_INTEGER),
                               minimum=p.minimum, maximum=p.maximum)
        param.default_value.CopyFrom(_wire_value(game, p.name, p.default))
        param.choices.extend(_wire_value(game, p.name, c) for c in p.choices or ())
    for rule in game.param_rules:
        message = out.param_rules.add(param=rule.param, doc=rule.doc, minimum=rule.minimum, maximum=rule.maximum)
        for name, values in rule.when:
            message.when.add(param=name, values=[_wire_value(game, name, v) for v in values])
        message.allowed.extend(_wire_value(game, rule.param, v) for v in rule.allowed or ())
        if rule.default is not NO_DEFAULT:
            message.default_value.CopyFrom(_wire_value(game, rule.param, rule.default))
    for cfg in game.configurations():
        out.configurations.append(convert.to_proto(common_pb2.GameConfig, game.name, game.validate(cfg)))
    for kind, fields in game.move_fields.items():
        out.move_kinds.add(name=kind, fields=list(fields))
    return out


# --- what a call brings besides its request --------------------------------------
class Call:
    """One call as the master sees it, whatever transport brought it.

    ``authorization``: the raw credentials value (``Bearer <token>``) or None;
    ``deadline``: the call's deadline on ``time.monotonic()``'s clock, or None;
    ``log``: the fields the master learns for the call's log line (game,
    game_id, seat); ``address``: the peer's host as the transport reports it (None for an
    in-process caller or a Unix socket) and ``forwarded_for``: its X-Forwarded-For header,
    from which the master tells the client for per-client limits (``GameMaster.client``)."""

    __slots__ = ("authorization", "deadline", "log", "address", "forwarded_for")

    def __init__(self, authorization: str | None = None, deadline: float | None = None, address: str | None = None,
                 forwarded_for: str | None = None):
        self.authorization = authorization
        self.deadline = deadline
        self.log: dict[str, Any] = {}
        self.address = address
        self.forwarded_for = forwarded_for

    @classmethod
    def with_token(cls, token: str | None, deadline: float | None = None) -> "Call":
        """A call from an in-process caller that holds the token itself."""
        return cls(None if token is None else f"Bearer {token}", deadline)

    def token(self) -> str | None:
        """The bearer token, or None without credentials (a malformed value is UNAUTHENTICATED)."""
        value = self.authorization
        if value is None:
            return None
        scheme, _, token = value.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise errors.unauthenticated("authorization must be 'Bearer <token>'")
        return token.strip()

    def time_remaining(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())


# --- a game at one version: the store's live game, or replayed from events -----
class Snapshot:
    """A game's engine state and seat flags at one version.

    Shared (``Snapshot.of`` a store's ``Live``: read-only, and its converted
    views are cached on the ``Live``, i.e. per game, version and seat) or
    private (``Snapshot.initial``, ``Snapshot.current``: replayed with
    ``advance``, never cached)."""

    __slots__ = ("record", "state", "version", "resigned", "cache")

    def __init__(self, record: Record, state: State, version: int, resigned: list[bool], cache: dict | None = None):
        self.record = record
        self.state = state
        self.version = version
        self.resigned = resigned
        self.cache = cache  # None: private (may be advanced)

    @classmethod
    def of(cls, live: Live) -> "Snapshot":
        return cls(live.record, live.state, live.version, [s["resigned"] for s in live.record["seats"]], live.cache)

    @classmethod
    def current(cls, record: Record) -> "Snapshot":
        """A private snapshot of a stored record (with its ``state``)."""
        state = _game(record["game"]).from_dict(record["state"])
        return cls(record, state, record["version"], [s["resigned"] for s in record["seats"]])

    @classmethod
    def initial(cls, record: Record) -> "Snapshot":
        state = _game(record["game"]).from_dict(record["initial"])
        return cls(record, state, 0, [False] * len(record["seats"]))

    def advance(self, event: dict, describe: bool = True) -> tuple["Snapshot", dict | None]:
        """The snapshot after one stored event (the engine is deterministic: the same state
        results), and, with ``describe``, the event as observers see it (``describe_event``:
        its texts and log, derived by applying it). A private snapshot is advanced in
        place, a shared one copied first."""
        assert event["version"] == self.version + 1, (event["version"], self.version)
        out = self
        if self.cache is not None:
            out = Snapshot(self.record, self.state.copy(), self.version, list(self.resigned))
        if event["kind"] == "move":
            state = out.state
            move = state.game.move_from_dict(event["move"])
            if describe:
                full = apply_move(out, event["seat"], move, event["by_bot"], event["time"])
                return out, full
            state.apply(move)
        else:
            out.resigned[event["seat"]] = True
        out.version = event["version"]
        return out, (resign_event(out, event["seat"], event["time"]) if describe else None)

    @property
    def game_name(self) -> str:
        return self.record["game"]

    def finished(self) -> bool:
        return self.state.decider() == TERMINAL

    def status(self) -> int:
        return FINISHED if self.finished() else RUNNING

    def outcome(self) -> common_pb2.Outcome | None:
        result = self.state.result()
        if result is None:
            return None
        ranks, winners = list(result.ranks), list(result.winners)
        if any(self.resigned) and not all(self.resigned):
            ranks, winners = rank_by([(0 if self.resigned[q] else 1, -result.ranks[q]) for q in range(len(ranks))])
        breakdown = []
        for part in result.breakdown:
            box = struct_pb2.Struct()
            box.update(part)
            breakdown.append(box)
        return common_pb2.Outcome(scores=[float(s) for s in result.scores], winners=winners, ranks=ranks,
                                  breakdown=breakdown)

    def seat_view(self, seat: int | None) -> common_pb2.SeatView:
        """The seat's (None: the spectator's) view and legal moves. Shared snapshots
        cache it: the caller must not change the message (copy it into a response)."""
        cache = self.cache
        if cache is not None:
            hit = cache.get(seat)
            if hit is not None:
                return hit
        state, name = self.state, self.game_name
        decider = state.decider()
        moves = ()
        if seat is not None and decider == seat and not self.resigned[seat]:
            moves = state.legal_moves()
        status = FINISHED if decider == TERMINAL else RUNNING
        out = None
        try:
            # the whole message in one constructor call (C): the converter's plan gives the
            # constructor's arguments (enums as numbers, sentinels dropped); boardbot.server.convert
            game, text = state.game, state.move_text
            out = common_pb2.SeatView(
                game_id=self.record["id"], version=self.version, seat=seat,
                view=convert.constructor_arg(common_pb2.View, name, state.view(seat)),
                decider=_seat_or_none(decider), status=status,
                legal_moves=[{"id": i, "text": text(m),
                              "move": convert.constructor_arg(common_pb2.Move, name, game.move_to_dict(m))}
                             for i, m in enumerate(moves)])
        except (TypeError, ValueError, AttributeError, KeyError, convert.ProtoMismatch):
            out = None  # the reference path below converts it, or says what does not fit
        if out is None:
            out = common_pb2.SeatView(
                game_id=self.record["id"], version=self.version, seat=seat,
                view=convert.to_proto(common_pb2.View, name, state.view(seat)),
                decider=_seat_or_none(decider), status=status)
            game = state.game
            for i, move in enumerate(moves):
                out.legal_moves.add(id=i, text=state.move_text(move),
                                    move=convert.to_proto(common_pb2.Move, name, game.move_to_dict(move)))
        if status == FINISHED:
            outcome = self.outcome()
            if outcome is not None:
                out.outcome.CopyFrom(outcome)
        if cache is not None:
            cache[seat] = out
        return out

    def game_message(self) -> common_pb2.Game:
        """The public summary (cached like ``seat_view``)."""
        cache = self.cache
        if cache is not None:
            hit = cache.get("game")
            if hit is not None:
                return hit
        rec = self.record
        out = common_pb2.Game(
            game_id=rec["id"], game_name=rec["game"],
            config=convert.to_proto(common_pb2.GameConfig, rec["game"], rec["config"]),
            version=self.version, status=self.status(), decider=_seat_or_none(self.state.decider()),
            create_time=_timestamp(rec["created"]), update_time=_timestamp(rec["updated"]),
            reproducible=rec.get("reproducible", False))
        for q, seat in enumerate(rec["seats"]):
            out.seats.add(index=q, kind=KIND[seat["kind"]], bot=seat["bot"], resigned=self.resigned[q])
        outcome = self.outcome()
        if outcome is not None:
            out.outcome.CopyFrom(outcome)
        if cache is not None:
            cache["game"] = out
        return out


def event_message(event: dict, observer: int | None, game_name: str) -> common_pb2.Event:
    """One stored event as ``observer`` (None: a spectator) may see it."""
    out = common_pb2.Event(
        version=event["version"], kind=EVENT_KIND[event["kind"]], seat=event["seat"], by_bot=event["by_bot"],
        move_text=event["texts"][0 if observer is None else observer + 1],
        log=[text for visible_to, text in event["log"] if visible_to is None or visible_to == observer],
        status=FINISHED if event["finished"] else RUNNING, time=_timestamp(event["time"]))
    if event["move"] is not None and observer == event["seat"]:
        out.move.CopyFrom(convert.to_proto(common_pb2.Move, game_name, event["move"]))
    return out


def apply_move(snap: Snapshot, seat: int, move: tuple, by_bot: bool, when: float) -> dict:
    """Apply ``move`` for ``seat`` to ``snap`` (private); the event as observers see it:
    a move text for each (the spectator first, then each seat), the log entries with
    who may read them, whether the game is over. The caller has checked the move
    against the engine's legal moves of this very state, so ``apply`` needs no second
    generation of them. A replay (``Snapshot.advance``) derives the same event."""
    state = snap.state
    n = state.num_seats
    texts = [state.public_move_text(move, None)] + [state.public_move_text(move, q) for q in range(n)]
    texts[seat + 1] = state.move_text(move)
    move_dict = state.game.move_to_dict(move)
    state.log = []
    try:
        state.apply(move)
        entries = state.log
    finally:
        state.log = None
    snap.version += 1
    return {"version": snap.version, "kind": "move", "seat": seat, "by_bot": by_bot, "move": move_dict,
            "texts": texts, "log": [[v, t] for v, t in entries], "finished": snap.finished(), "time": when}


def resign_event(snap: Snapshot, seat: int, when: float) -> dict:
    """The resignation of ``seat`` (already marked in ``snap``) as observers see it."""
    text = f"seat {seat} resigns; the random bot plays it from now on"
    return {"version": snap.version, "kind": "resign", "seat": seat, "by_bot": False, "move": None,
            "texts": [text] * (len(snap.resigned) + 1), "log": [], "finished": snap.finished(), "time": when}


STORED_KEYS = ("version", "kind", "seat", "by_bot", "move", "time")


def stored_event(event: dict, request_id: str = "", fingerprint: str = "") -> dict:
    """What the store keeps of an event (``boardbot.server.store``): what happened, not
    its texts (a replay derives them), and the request that made it, if it had an id."""
    out = {key: event[key] for key in STORED_KEYS}
    if request_id:
        out["request"] = {"id": request_id, "fp": fingerprint}
    return out


def bot_to_move(snap: Snapshot) -> bool:
    """Whether the master plays the next decision (a bot seat, or a resigned one)."""
    seat = snap.state.decider()
    return seat != TERMINAL and (snap.record["seats"][seat]["kind"] == BOT or snap.resigned[seat])


def now() -> float:
    """An event's time: seconds, to the millisecond (what a stored event keeps)."""
    return round(time.time(), 3)


# --- the master ---------------------------------------------------------------------
def _resume_elsewhere(version: int) -> errors.ServiceError:
    """How a watch stream ends when the server shuts down: UNAVAILABLE, so the client
    knows to reconnect (its game goes on), with the version to resume from."""
    return errors.unavailable(f"the server is shutting down; resume with from_version={version}",
                              "SHUTTING_DOWN", {"resume_from_version": str(version)})


class GameMaster:
    """The authority over the hosted games of one store (see the module docstring).

    ``new_game_id``: makes a new game's id (default: a random hex uuid);
    ``retention``: seconds a finished game is kept (None: for ever; see ``start``)."""

    def __init__(self, store: GameStore, bots: BotRunner | None = None,
                 new_game_id: Callable[[], str] | None = None, retention: float | None = DEFAULT_RETENTION,
                 limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self._seed_secret = secrets.token_bytes(32)  # see _game_seed
        self._creations = RateLimiter(self.limits.create_burst_per_client, self.limits.creates_per_second_per_client)
        self.bots = bots or BotRunner()
        self.new_game_id = new_game_id or (lambda: uuid.uuid4().hex)
        self.retention = retention
        self.holder = uuid.uuid4().hex  # names this master in the store's leases
        self._drivers: dict[str, asyncio.Task] = {}
        self._wake: set[str] = set()
        self._closing = asyncio.Event()
        self._hubs: dict[tuple[str, int], asyncio.Event] = {}  # watchers' shared waits (_past)
        self._watchers: collections.Counter = collections.Counter()  # open streams by game id and by peer
        self._hub_tasks: set[asyncio.Task] = set()
        self._searching: dict[tuple[str, int], set[asyncio.Event]] = {}  # SuggestMoves running (track_search)
        self._housekeeping: asyncio.Task | None = None

    # --- lifecycle ---------------------------------------------------------------
    async def start(self) -> None:
        """Take up what the store holds (after a restart: the bot seats whose turn it is,
        and so the searches that were running, start again) and keep house: delete
        finished games older than ``retention``; on a shared store, also play the bot
        seats of games no process plays any more (one that died let its leases lapse)."""
        await self._resume_bots()
        self._housekeeping = asyncio.get_running_loop().create_task(self._keep_house())

    async def _resume_bots(self) -> None:
        for game_id in await self.store.bot_turn_games():
            self._kick(game_id)

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
                    await self._resume_bots()
            except Exception as exc:  # noqa: BLE001 - a store that fails now may answer next time
                log.error("housekeeping_failed", error=repr(exc), exc_info=sys.exc_info())

    async def close(self) -> None:
        """End watch streams, bot drivers and housekeeping (server shutdown)."""
        self._closing.set()
        for hub in list(self._hubs.values()):  # wake every watcher: it ends UNAVAILABLE
            hub.set()
        for task in list(self._hub_tasks):
            task.cancel()
        tasks = list(self._drivers.values())
        if self._housekeeping is not None:
            tasks.append(self._housekeeping)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

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
        call.log["game"] = live.record["game"]
        return live, done

    def client(self, call: Call) -> str | None:
        """The client a call counts for in the per-client limits: its address, or behind a
        proxy of ``limits.trusted_proxies`` the address the proxy forwarded (``real_client``)."""
        return real_client(call.address, call.forwarded_for, self.limits.trusted_proxies)

    def authorize_seat(self, record: Record, seat: int, call: Call) -> None:
        """The call acts as ``seat`` of this game: it must hold the seat's token."""
        call.log["seat"] = seat
        seats = record["seats"]
        if not 0 <= seat < len(seats):
            raise errors.invalid("seat", f"seat {seat} does not exist (seats 0-{len(seats) - 1})")
        token = call.token()
        if token is None:
            raise errors.unauthenticated(f"acting as seat {seat} needs its token in the metadata "
                                         "('authorization: Bearer <token>')")
        digest = _digest(token)
        if seats[seat]["token"] and hmac.compare_digest(digest, seats[seat]["token"]):
            return
        known = [s["token"] for s in seats if s["token"]] + [record["owner"]]
        if any(hmac.compare_digest(digest, k) for k in known):
            if seats[seat]["kind"] == BOT:
                raise errors.permission_denied(f"seat {seat} is played by a bot")
            raise errors.permission_denied(f"this token is not seat {seat}'s")
        raise errors.unauthenticated("unknown token for this game")

    async def deciding_seat(self, game_id: str, seat: int, call: Call) -> "Snapshot":
        """The game, for a call acting as ``seat`` at its own decision (SuggestMove):
        authorized, running, the seat not resigned and to decide."""
        live = await self.live(game_id, call)
        self.authorize_seat(live.record, seat, call)
        snap = Snapshot.of(live)
        decider = snap.state.decider()
        if decider == TERMINAL:
            raise errors.precondition("GAME_OVER", f"games/{game_id}", "the game is over")
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
        """The engine's seed. A caller's seed is mixed with this server's secret (a keyed
        BLAKE2b), so choosing it does not let anyone rebuild the hidden cards, unless the
        game is asked to be reproducible, which every player then sees (Game.reproducible)."""
        if request.reproducible:
            if not request.HasField("seed"):
                raise errors.invalid("seed", "a reproducible game needs a seed", "SEED_REQUIRED")
            return request.seed
        if not request.HasField("seed"):
            return secrets.randbits(63)
        digest = hashlib.blake2b(request.seed.to_bytes(8, "little"), key=self._seed_secret, digest_size=8)
        return int.from_bytes(digest.digest(), "little") >> 1

    async def create_game(self, request: game_service_pb2.CreateGameRequest,
                          call: Call) -> game_service_pb2.CreateGameResponse:
        client = self.client(call)
        if client is not None:
            wait = self._creations.take(client)
            if wait:
                raise errors.quota_exceeded(
                    f"client {client} creates games faster than {self.limits.creates_per_second_per_client} "
                    f"a second", "CREATE_RATE", "create_game/peer", retry_after=wait)
        name = request.game
        game = game_named(name, call)
        field = convert.oneof_field(name)
        cfg: dict[str, Any] = {}
        if request.HasField("config"):
            which = convert.game_of(request.config)
            if which is not None and which != field:
                raise errors.invalid("config", f"config is for {which!r}, not {name!r}", "BAD_CONFIG")
            if which is not None:
                cfg = convert.to_dict(request.config, name)
                # unset optional fields are absent: the engine fills the defaults
        seats = []
        for i, spec in enumerate(request.seats):
            if spec.kind == common_pb2.SEAT_KIND_HUMAN:
                if spec.bot:
                    raise errors.invalid(f"seats[{i}].bot", "a human seat takes no bot spec", "BAD_SEAT")
                seats.append({"kind": HUMAN, "bot": ""})
            elif spec.kind == common_pb2.SEAT_KIND_BOT:
                try:
                    check_spec(spec.bot, name, self.limits.max_bot_seconds)
                except ValueError as err:
                    raise errors.invalid(f"seats[{i}].bot", str(err) or "a bot seat needs a bot spec",
                                         "BAD_SEAT") from None
                seats.append({"kind": BOT, "bot": spec.bot})
            else:
                raise errors.invalid(f"seats[{i}].kind", "a seat is SEAT_KIND_HUMAN or SEAT_KIND_BOT", "BAD_SEAT")
        if seats and "players" not in cfg:
            cfg["players"] = len(seats)
        try:
            cfg = game.validate(cfg)
        except ConfigError as err:
            raise errors.invalid(f"config.{field}.{err.field}", str(err), "BAD_CONFIG") from None
        n = cfg["players"]
        if not seats:
            seats = [{"kind": HUMAN, "bot": ""} for _ in range(n)]
        elif len(seats) != n:
            raise errors.invalid("seats", f"{len(seats)} seats for {n} players", "BAD_SEAT")
        seed = self._game_seed(request)
        state = game.new_state(cfg, seed)
        tokens, owner = [], secrets.token_urlsafe(24)
        for q, seat in enumerate(seats):
            seat["resigned"] = False
            seat["token"] = ""
            if seat["kind"] == HUMAN:
                token = secrets.token_urlsafe(24)
                seat["token"] = _digest(token)
                tokens.append(game_service_pb2.SeatToken(seat=q, token=token))
        created = now()
        game_id = self.new_game_id()
        call.log["game_id"] = game_id
        record = {"id": game_id, "game": name, "config": cfg, "seed": seed, "seats": seats, "owner": _digest(owner),
                  "initial": state.to_dict(), "version": 0, "created": created, "updated": created,
                  "finished": None, "bot_to_move": False, "reproducible": request.reproducible}
        if client is not None:
            record["creator"] = client  # whose quota of stored games it takes (limits.max_games_per_client)
        record["bot_to_move"] = bot_to_move(Snapshot(record, state, 0, [False] * len(seats)))
        try:
            live = await self.store.create_live(Live(record, state), self.limits.max_games_per_client)
        except StoreFull as full:
            raise errors.store_full(full.limit) from None
        except ClientFull as full:
            raise errors.client_full(full.limit, full.creator) from None
        snap = Snapshot.of(live)
        self._kick(game_id, snap)
        return game_service_pb2.CreateGameResponse(game=snap.game_message(),
                                                   seat_tokens=tokens, owner_token=owner)

    async def get_game(self, request: game_service_pb2.GetGameRequest,
                       call: Call) -> game_service_pb2.GetGameResponse:
        live = await self.live(request.game_id, call)
        snap = Snapshot.of(live)
        self._kick(live.game_id, snap)
        return game_service_pb2.GetGameResponse(game=snap.game_message())

    @staticmethod
    def page_size(request: game_service_pb2.ListGamesRequest) -> int:
        if request.page_size < 0:
            raise errors.invalid("page_size", "page_size must not be negative")
        return min(request.page_size or DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

    async def list_games(self, request: game_service_pb2.ListGamesRequest,
                         call: Call | None = None) -> game_service_pb2.ListGamesResponse:
        """A page of this store's games in creation order."""
        size = self.page_size(request)
        after = 0
        if request.page_token:
            try:
                kind, _, value = base64.urlsafe_b64decode(request.page_token.encode()).decode().partition(":")
                after = int(value)
                if kind != "after" or after < 0:
                    raise ValueError
            except ValueError:
                raise errors.invalid("page_token", "not a page token from ListGames") from None
        games = await self.store.list_live(after, size + 1, request.game)
        out = game_service_pb2.ListGamesResponse(games=[Snapshot.of(g).game_message() for g in games[:size]])
        if len(games) > size:
            out.next_page_token = base64.urlsafe_b64encode(f"after:{games[size - 1].record['seq']}".encode()).decode()
        return out

    async def get_view(self, request: game_service_pb2.GetViewRequest,
                       call: Call) -> game_service_pb2.GetViewResponse:
        live = await self.live(request.game_id, call)
        seat = None
        if request.HasField("seat"):
            seat = request.seat
            self.authorize_seat(live.record, seat, call)
        snap = Snapshot.of(live)
        self._kick(live.game_id, snap)
        return game_service_pb2.GetViewResponse(view=snap.seat_view(seat))

    async def submit_move(self, request: game_service_pb2.SubmitMoveRequest,
                          call: Call) -> game_service_pb2.SubmitMoveResponse:
        live, done = await self.live_and_request(request.game_id, call, request.request_id)
        record = live.record
        seat = request.seat
        self.authorize_seat(record, seat, call)
        fingerprint = ""
        if request.request_id:
            bare = game_service_pb2.SubmitMoveRequest()
            bare.CopyFrom(request)
            bare.ClearField("request_id")
            fingerprint = hashlib.sha256(bare.SerializeToString(deterministic=True)).hexdigest()[:FINGERPRINT_CHARS]
            if done is not None:
                if done["request"]["fp"] != fingerprint:
                    raise errors.invalid("request_id", "this request_id was used for a different request",
                                         "REQUEST_ID_REUSED")
                return await self._answer_again(record["id"], done, request)
        version = live.version
        if request.HasField("expected_version") and request.expected_version != version:
            raise errors.aborted(f"the game is at version {version}, not {request.expected_version}", version)
        state = live.state  # read-only: the move is applied to a copy (self._next)
        game = state.game
        decider = state.decider()
        if decider == TERMINAL:
            raise errors.precondition("GAME_OVER", f"games/{record['id']}", "the game is over")
        if record["seats"][seat]["resigned"]:
            raise errors.precondition("SEAT_RESIGNED", f"seats/{seat}", f"seat {seat} has resigned")
        if decider != seat:
            raise errors.precondition("NOT_YOUR_DECISION", f"seats/{seat}",
                                      f"it is seat {decider}'s decision, not seat {seat}'s")
        moves = state.legal_moves()
        choice = request.WhichOneof("choice")
        if choice == "move_id":
            if not 0 <= request.move_id < len(moves):
                raise errors.invalid("move_id", f"move_id {request.move_id} is not one of 0-{len(moves) - 1}",
                                     "ILLEGAL_MOVE")
            move = moves[request.move_id]
        elif choice == "move_text":
            matches = [m for m in moves if state.move_text(m) == request.move_text]
            if not matches:
                raise errors.invalid("move_text", f"no legal move reads {request.move_text!r}", "ILLEGAL_MOVE")
            move = matches[0]
        elif choice == "move":
            which = convert.game_of(request.move)
            if which != convert.oneof_field(record["game"]):
                raise errors.invalid("move", f"the move must set the {convert.oneof_field(record['game'])!r} field",
                                     "ILLEGAL_MOVE")
            try:
                move = game.move_from_dict(convert.to_dict(request.move, record["game"]))
            except (EngineError, convert.ProtoMismatch) as err:
                raise errors.invalid(f"move.{which}", str(err), "ILLEGAL_MOVE") from None
            if move not in moves:
                raise errors.invalid(f"move.{which}", f"illegal move {move!r}: not among the "
                                     f"{len(moves)} legal moves", "ILLEGAL_MOVE")
        else:
            raise errors.invalid("choice", "give move_id, move or move_text", "ILLEGAL_MOVE")
        snap = self._next(live)
        event = apply_move(snap, seat, move, False, now())  # move is one of the engine's legal moves
        response, view = self._move_response(snap, event, request.response_view)
        views = None if view is None else {seat: view}  # of the version this move commits
        committed = await self._commit(live, snap, event, stored_event(event, request.request_id, fingerprint), views)
        if committed is None:
            # a concurrent retry of this very request may have won the race
            done = await self.store.find_request(record["id"], request.request_id) if request.request_id else None
            if done is not None and done["request"]["fp"] == fingerprint:
                return await self._answer_again(record["id"], done, request)
            latest = await self.store.get_live(record["id"])
            raise errors.aborted("the game changed during the call; read it again",
                                 (latest or live).version)
        wanted = request.response_view
        if wanted == game_service_pb2.RESPONSE_VIEW_NEXT_DECISION and not response.HasField("view"):
            # instant bots reply within this call (no driver task, no extra loop turns); the
            # driver plays any other bot while we wait
            latest = await self._inline_bot_steps(record["id"], committed)
            self._kick(record["id"], None if latest is None else Snapshot.of(latest))
            response.view.CopyFrom(await self._next_decision_view(record["id"], seat, call, latest))
            return response
        self._kick(record["id"], snap)
        return response

    @staticmethod
    def _move_response(snap: Snapshot, event: dict,
                       wanted: int) -> tuple[game_service_pb2.SubmitMoveResponse, common_pb2.SeatView | None]:
        """SubmitMove's answer for the move ``event`` that brought ``snap`` to its version: the
        view of that version with RESPONSE_VIEW_AFTER_MOVE, and with NEXT_DECISION when the
        move ended the game (otherwise the caller adds the next decision's view); and that
        view's message (for the version's cache), or None."""
        seat = event["seat"]
        response = game_service_pb2.SubmitMoveResponse(
            version=snap.version, move=convert.to_proto(common_pb2.Move, snap.game_name, event["move"]),
            move_text=event["texts"][seat + 1], status=snap.status())
        view = None
        if wanted == game_service_pb2.RESPONSE_VIEW_AFTER_MOVE or (
                wanted == game_service_pb2.RESPONSE_VIEW_NEXT_DECISION and event["finished"]):
            view = snap.seat_view(seat)
            response.view.CopyFrom(view)
        return response, view

    async def _answer_again(self, game_id: str, done: dict, request) -> game_service_pb2.SubmitMoveResponse:
        """The answer to a retried request: the same as the first (made again from the
        event it committed, at that event's version)."""
        snap, event = await self.replay(game_id, done["version"])
        return self._move_response(snap, event, request.response_view)[0]

    async def replay(self, game_id: str, version: int) -> tuple[Snapshot, dict]:
        """The game at ``version`` (>= 1) and the event that brought it there, as observers
        see it: the store's game when it is at that version and knows the event, else
        replayed from the start."""
        live = await self.store.get_live(game_id)
        if live is None:
            raise errors.not_found(game_id)
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

    async def _next_decision_view(self, game_id: str, seat: int, call: Call,
                                  live: Live | None = None) -> common_pb2.SeatView:
        """The seat's view once it holds the decision again, the game is over, the seat
        resigned, or the wait is over (the call's deadline less a margin, at most
        NEXT_DECISION_MAX_WAIT); the view at the latest version then. ``live``: the game
        as this call last committed it (a state within the call: no need to read it)."""
        remaining = call.time_remaining()
        wait = NEXT_DECISION_MAX_WAIT if remaining is None else min(NEXT_DECISION_MAX_WAIT,
                                                                     remaining - NEXT_DECISION_MARGIN)
        loop = asyncio.get_running_loop()
        until = loop.time() + wait
        last = None
        while True:
            if live is None:
                live = await self.store.get_live(game_id)
            if live is None:
                if last is None:
                    raise errors.not_found(game_id)
                return last  # deleted meanwhile: the last view we saw
            snap = Snapshot.of(live)
            last = snap.seat_view(seat)
            decider = live.state.decider()
            left = until - loop.time()
            if (decider == seat or decider == TERMINAL or snap.resigned[seat] or left <= 0
                    or self._closing.is_set()):
                return last
            await self.store.wait(game_id, live.version, left)
            live = None

    async def resign(self, request: game_service_pb2.ResignRequest, call: Call) -> game_service_pb2.ResignResponse:
        live = await self.live(request.game_id, call)
        record = live.record
        seat = request.seat
        self.authorize_seat(record, seat, call)
        snap = Snapshot.of(live)
        if snap.finished():
            raise errors.precondition("GAME_OVER", f"games/{record['id']}", "the game is over")
        if snap.resigned[seat]:
            raise errors.precondition("SEAT_RESIGNED", f"seats/{seat}", f"seat {seat} has already resigned")
        snap = Snapshot(record, live.state, live.version + 1, list(snap.resigned))  # the state is unchanged
        snap.resigned[seat] = True
        event = resign_event(snap, seat, now())
        if not await self._commit(live, snap, event, stored_event(event)):
            raise errors.aborted("the game changed during the call; try again", live.version)
        self._cancel_searches(record["id"], seat)
        self._kick(record["id"])
        live = await self.store.get_live(record["id"]) or live
        return game_service_pb2.ResignResponse(game=Snapshot.of(live).game_message())

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
            driver = self._drivers.get(game_id)
            if driver is not None:
                driver.cancel()

    async def delete_game(self, request: game_service_pb2.DeleteGameRequest,
                          call: Call) -> game_service_pb2.DeleteGameResponse:
        live = await self.live(request.game_id, call)
        record = live.record
        token = call.token()
        if token is None:
            raise errors.unauthenticated("deleting a game needs its owner token in the metadata")
        digest = _digest(token)
        if not hmac.compare_digest(digest, record["owner"]):
            if any(s["token"] and hmac.compare_digest(digest, s["token"]) for s in record["seats"]):
                raise errors.permission_denied("only the owner token can delete a game")
            raise errors.unauthenticated("unknown token for this game")
        await self.store.delete(record["id"])
        self._cancel_searches(record["id"])
        return game_service_pb2.DeleteGameResponse()

    async def watch_game(self, request: game_service_pb2.WatchGameRequest,
                         call: Call) -> AsyncIterator[game_service_pb2.WatchGameResponse]:
        """The observer's view at ``from_version`` (default: now), then one message per
        later version, until the game ends (or the master closes)."""
        live = await self.live(request.game_id, call)
        record = live.record
        seat = None
        if request.HasField("seat"):
            seat = request.seat
            self.authorize_seat(record, seat, call)
        game_id, name = record["id"], record["game"]
        current = live.version
        start = request.from_version if request.HasField("from_version") else current
        if not 0 <= start <= current:
            raise errors.invalid("from_version", f"from_version must be between 0 and {current}")
        if start == current:
            snap = Snapshot.of(live)
        else:
            snap = Snapshot.initial(record)
            for event in await self.store.events(game_id, 0) or []:
                if event["version"] > start:
                    break
                snap, _ = snap.advance(event, describe=False)
        self._kick(game_id)
        client = self.client(call)
        slots = [("game", game_id)] + ([("peer", client)] if client else [])
        self._take_watch_slots(slots, game_id, client)
        try:
            async for item in self._watch_from(game_id, name, seat, snap):
                yield item
        finally:
            for slot in slots:
                self._watchers[slot] -= 1
                if not self._watchers[slot]:
                    del self._watchers[slot]

    def _take_watch_slots(self, slots: list, game_id: str, peer: str | None) -> None:
        limits = {"game": self.limits.max_watchers_per_game, "peer": self.limits.max_watchers_per_client}
        for slot in slots:
            if not self.limits.allows(limits[slot[0]], self._watchers[slot]):
                what = f"game {game_id}" if slot[0] == "game" else f"client {peer}"
                raise errors.quota_exceeded(
                    f"{self._watchers[slot]} WatchGame streams are open on {what} (at most {limits[slot[0]]})",
                    "TOO_MANY_WATCHERS", f"watch_streams/{slot[0]}", retry_after=5.0)
        for slot in slots:
            self._watchers[slot] += 1

    async def _watch_from(self, game_id: str, name: str, seat: int | None,
                          snap: "Snapshot") -> AsyncIterator[game_service_pb2.WatchGameResponse]:
        yield game_service_pb2.WatchGameResponse(view=snap.seat_view(seat))
        while True:
            if self._closing.is_set():
                raise _resume_elsewhere(snap.version)
            events = await self.store.events(game_id, snap.version)
            if events is None:
                raise errors.not_found(game_id)
            if events:
                latest = await self.store.get_live(game_id)
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
                            game_event=event_message(described, seat, name), view=snap.seat_view(seat))
                        yield message
                        continue
                    event = described
                    yield game_service_pb2.WatchGameResponse(game_event=event_message(event, seat, name),
                                                             view=snap.seat_view(seat))
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

    # --- committing --------------------------------------------------------------------
    async def _commit(self, live: Live, snap: "Snapshot", event: dict, stored: dict,
                      views: dict | None = None) -> Live | None:
        """Commit ``snap`` (a private snapshot one event past ``live``) as the next version:
        ``event`` as observers see it (kept in the new version's cache), ``stored`` what the
        store keeps of it (``stored_event``); ``views``: seat -> SeatView of ``snap`` already
        made (they go to the new version's cache too). The new version, or None if the
        game had moved on (or gone)."""
        record = live.record
        new = dict(record, version=snap.version, updated=event["time"])
        if event["kind"] == "resign":
            new["seats"] = [dict(s, resigned=r) for s, r in zip(record["seats"], snap.resigned)]
        snap.record = new
        new["finished"] = event["time"] if event["finished"] else None
        new["bot_to_move"] = bot_to_move(snap)
        nxt = Live(new, snap.state)
        nxt.cache["event"] = event
        if views:
            nxt.cache.update(views)
        return nxt if await self.store.commit_live(record["id"], live.version, nxt, [stored]) else None

    @staticmethod
    def _next(live: Live) -> "Snapshot":
        """A private snapshot to apply the next event to (copy on write: ``live`` stays as it is)."""
        return Snapshot(live.record, live.state.copy(), live.version,
                        [s["resigned"] for s in live.record["seats"]])

    # --- bot seats -----------------------------------------------------------------------
    def _kick(self, game_id: str, at: "Snapshot | None" = None) -> None:
        """Make sure a driver plays this game's bot seats (if any is to move). ``at``: the
        game at the version the caller committed or read; if a human seat (or nobody) is to
        move there, no driver is needed (no task per call): whoever commits a later version
        kicks again."""
        if self._closing.is_set():
            return
        if at is not None and game_id not in self._drivers:
            seat = at.state.decider()
            if seat == TERMINAL or (at.record["seats"][seat]["kind"] != BOT and not at.resigned[seat]):
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

    async def _inline_bot_steps(self, game_id: str, live: Live | None = None) -> Live | None:
        """Play, right here, the bot seats to move whose bot the runner answers at once
        (``BotRunner.is_inline``: the random bot); any other bot is left to the driver.
        ``live``: the game as the caller committed it. Returns the game as last read or
        committed (None: not known)."""
        is_inline = getattr(self.bots, "is_inline", None)
        if is_inline is None:
            return None
        while not self._closing.is_set():
            if live is None:  # a commit lost a race: read the game again
                live = await self.store.get_live(game_id)
            if live is None:
                return None
            seat = live.state.decider()
            if seat == TERMINAL:
                return live
            info = live.record["seats"][seat]
            if info["kind"] != BOT and not info["resigned"]:
                return live
            if not is_inline(RESIGNED_BOT if info["resigned"] else info["bot"]):
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
        if seat == TERMINAL:
            return False, None
        info = record["seats"][seat]
        if info["kind"] != BOT and not info["resigned"]:
            return False, None
        spec = RESIGNED_BOT if info["resigned"] else info["bot"]
        # on a shared store one process plays a game's slow bots (no search twice); an instant
        # bot needs no lease: the compare-and-set commit settles a race
        is_inline = getattr(self.bots, "is_inline", None)
        leased = self.store.shared and not (is_inline is not None and is_inline(spec))
        if leased and not await self.store.lease(game_id, self.holder, LEASE_SECONDS):
            return False, None  # another process plays it
        renewer = asyncio.get_running_loop().create_task(self._renew_lease(game_id)) if leased else None
        # deterministic per game seed and version: a seeded game replays the same
        rng = random.Random(hash((record["seed"], record["version"], seat)))  # ints: the same in every process
        needs_world = getattr(self.bots, "needs_world", None)
        # a sample is a copy (the live state is not touched); a bot that needs none only reads it
        world = state.sample_for(seat, rng) if needs_world is None or needs_world(spec) else state
        try:
            move = await self.bots.choose(record["game"], spec, world, rng.getrandbits(63))
            if move not in state.legal_moves():
                raise EngineError(f"bot {spec!r} chose an illegal move {move!r}")
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - fall back to a random legal move
            log.error("bot_failed", game_id=game_id, game=record["game"], seat=seat, bot=spec, error=repr(exc))
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        finally:
            if renewer is not None:
                renewer.cancel()
        snap = self._next(live)
        event = apply_move(snap, seat, move, True, now())
        committed = await self._commit(live, snap, event, stored_event(event))  # None: a lost race
        if leased:
            await self.store.release(game_id, self.holder)
        return True, committed

    async def _renew_lease(self, game_id: str) -> None:
        """Keep the lease while a search runs (it may wait in the queue first)."""
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            await self.store.lease(game_id, self.holder, LEASE_SECONDS)

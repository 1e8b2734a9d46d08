"""Ratings per game configuration: who a rated game rates, the rating update, and where
ratings are kept (docs/api-contract.md, "Ratings and leaderboards").

The model is openskill's Plackett-Luce (Weng and Lin's Bayesian approximation, the
``openskill`` package): a rating is a skill estimate ``mu`` and its uncertainty ``sigma``
(a newcomer: 25 and 25/3), updated from a game's full ranking of any number of seats,
ties included. Why it and not the other maintained libraries: Glicko-2 rates pairs (a
3-to-7-seat game would have to be cut into pairwise results, which counts one game as
many), TrueSkill handles many seats but its Python package has had no release since
2018 and its method is patented; openskill is MIT-licensed, released in 2026, rates a
whole multiplayer ranking in one update, and is the fastest of the three.

A rated game names its *entrants* when it is created (``entrants``): a human seat by its
player's name (``player:<name>``), a bot seat by its spec (``preset:<spec>``), an open seat
by the name its player gives JoinGame (``joined``; "" until then, and again if the seat opens
again: ``reopened``). When it
ends, ``Ratings.game_ended`` updates every entrant's rating for the game's configuration
from the outcome's ranks (a resigned seat ranks behind the others), once: the update and
the mark that the game is rated are one transaction of the store. A game is marked
*pending* before it is stored, so that a game whose end no process rated (the process died
between the two writes) is rated by the next sweep (``sweep``, from the master's
housekeeping).
"""

from __future__ import annotations

import abc
import contextlib
import json
import sys
from dataclasses import dataclass

import structlog
from openskill.models import PlackettLuce

from boardbot.engine.core import ConfigError
from boardbot.engine.testing import config_id
from boardbot.v1 import common_pb2, game_service_pb2, ratings_pb2

from . import convert, errors
from .calls import Call
from .events import timestamp
from .game_types import game_named, requested_config
from .pages import page_position, page_size, page_token
from .records import BOT, OPEN, GameRecord
from .snapshots import Snapshot
from .store import GameStore, Live

log = structlog.get_logger("boardbot.server")

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6
PLAYER, PRESET = "player", "preset"
RATED_KIND = {PLAYER: ratings_pb2.RATED_KIND_PLAYER, PRESET: ratings_pb2.RATED_KIND_PRESET}
RATED_MARK_SECONDS = 90 * 86400  # Redis: how long a game's "rated" mark is kept (longer than any retention)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int
    updated: float

    @property
    def rating(self) -> float:
        """The conservative rating the leaderboard orders by."""
        return self.mu - 3 * self.sigma


def config_key(game: str, cfg: dict) -> str:
    """The configuration a rating belongs to: the game and its full config."""
    return f"{game}/{config_id(cfg)}"


def split_entrant(entrant: str) -> tuple[str, str]:
    kind, _, name = entrant.partition(":")
    return kind, name


def entrants(specs, seats, rated: bool) -> tuple[str, ...]:
    """Who a game rates, seat by seat (CreateGame: ``specs`` its SeatSpecs, ``seats`` the
    SeatRecords made of them); () for a game that is not rated. INVALID_ARGUMENT for a
    player name that is not one, a rated game of one seat, a human seat without a name, or
    an entrant twice."""
    for i, spec in enumerate(specs):
        # a human seat's name was read by seats.name_of (the record's ``name``: trimmed as
        # JoinGame trims it, at most MAX_NAME printable characters)
        if spec.player_name and seats[i].kind == BOT:
            raise errors.invalid(f"seats[{i}].player_name", "a bot seat is rated by its bot spec, not a name",
                                 "BAD_SEAT")
    if not rated:
        return ()
    if len(seats) < 2:
        raise errors.invalid("rated", "a rated game has two seats or more", "BAD_SEAT")
    out = []
    for i, seat in enumerate(seats):
        if seat.kind == BOT:
            out.append(f"{PRESET}:{seat.bot}")
        elif seat.state == OPEN:  # named by the player who joins it (``joined``)
            if specs[i].player_name:
                raise errors.invalid(f"seats[{i}].player_name", "an open seat is rated under the name its player "
                                     "joins with (JoinGame.player_name)", "BAD_SEAT")
            out.append("")
        elif seat.name:
            out.append(f"{PLAYER}:{seat.name}")
        else:
            raise errors.invalid(f"seats[{i}].player_name", "every human seat of a rated game names its player",
                                 "BAD_SEAT")
    for i, entrant in enumerate(out):
        if entrant and entrant in out[:i]:
            raise errors.invalid(f"seats[{i}]", f"{split_entrant(entrant)[1]!r} plays two seats: a rated game "
                                 "rates each player or bot once", "BAD_SEAT")
    return tuple(out)


def joined(rated: tuple[str, ...], seat: int, name: str) -> tuple[str, ...]:
    """A game's entrants once the player ``name`` joined ``seat`` (JoinGame; unchanged for a
    game that is not rated). INVALID_ARGUMENT ``player_name`` in a rated game: no name, or
    the name another seat is rated under."""
    if not rated:
        return rated
    if not name:
        raise errors.invalid("player_name", "a rated game rates its players by name: give player_name", "BAD_NAME")
    entrant = f"{PLAYER}:{name}"
    if any(other == entrant for q, other in enumerate(rated) if q != seat):
        raise errors.invalid("player_name", f"{name!r} plays another seat of this rated game: a rated game rates "
                             "each player once", "NAME_TAKEN")
    return rated[:seat] + (entrant,) + rated[seat + 1:]


def reopened(rated: tuple[str, ...], seat: int) -> tuple[str, ...]:
    """A game's entrants once ``seat`` is open again (its reservation lapsed, or its player left
    before the game started): the next player to join names it."""
    return rated[:seat] + ("",) + rated[seat + 1:] if rated else rated


def updated(current: dict[str, Rating | None], who: tuple[str, ...], ranks: list[int],
            when: float) -> dict[str, Rating]:
    """The entrants' ratings after a game they finished in ``ranks`` (0 the best; equal: a tie)."""
    teams = [[MODEL.rating() if current.get(e) is None else MODEL.rating(current[e].mu, current[e].sigma)]
             for e in who]
    after = MODEL.rate(teams, ranks=list(ranks))
    return {e: Rating(team[0].mu, team[0].sigma, (current[e].games if current.get(e) else 0) + 1, when)
            for e, team in zip(who, after)}


# --- where ratings are kept ------------------------------------------------------------------
class RatingBook(abc.ABC):
    """One store's ratings, the games waiting to be rated and the games rated."""

    async def open(self) -> None:
        """Create what it needs (after the store is open)."""

    @abc.abstractmethod
    async def mark_pending(self, game_id: str) -> None: ...

    @abc.abstractmethod
    async def unmark(self, game_id: str) -> None: ...

    @abc.abstractmethod
    async def pending(self, limit: int) -> list[str]: ...

    @abc.abstractmethod
    async def apply(self, game_id: str, key: str, who: tuple[str, ...], ranks: list[int], when: float) -> bool:
        """Update the ratings of ``who`` once for the game (False: it was rated already)."""

    @abc.abstractmethod
    async def board(self, key: str, offset: int, limit: int) -> list[tuple[str, Rating]]:
        """Entries of one configuration, best first."""

    @abc.abstractmethod
    async def count_above(self, key: str, rating: float) -> int:
        """How many entries of ``key`` rate strictly above ``rating``."""


class MemoryBook(RatingBook):
    def __init__(self) -> None:
        self._ratings: dict[str, dict[str, Rating]] = {}
        self._pending: dict[str, None] = {}
        self._rated: set[str] = set()

    async def mark_pending(self, game_id: str) -> None:
        self._pending[game_id] = None

    async def unmark(self, game_id: str) -> None:
        self._pending.pop(game_id, None)

    async def pending(self, limit: int) -> list[str]:
        return list(self._pending)[:limit]

    async def apply(self, game_id, key, who, ranks, when) -> bool:
        if game_id in self._rated:
            return False
        table = self._ratings.setdefault(key, {})
        table.update(updated({e: table.get(e) for e in who}, who, ranks, when))
        self._rated.add(game_id)
        self._pending.pop(game_id, None)
        return True

    async def board(self, key, offset, limit):
        table = self._ratings.get(key, {})
        return sorted(table.items(), key=lambda item: (-item[1].rating, item[0]))[offset:offset + limit]

    async def count_above(self, key, rating):
        return sum(r.rating > rating for r in self._ratings.get(key, {}).values())


SQLITE_TABLES = """
CREATE TABLE IF NOT EXISTS ratings (
    config TEXT NOT NULL,                   -- ratings.config_key: the game and its full config
    entrant TEXT NOT NULL,                  -- player:<name> or preset:<bot spec>
    mu REAL NOT NULL, sigma REAL NOT NULL, rating REAL NOT NULL, games INTEGER NOT NULL, updated REAL NOT NULL,
    PRIMARY KEY (config, entrant)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_by_rating ON ratings (config, rating DESC);
CREATE TABLE IF NOT EXISTS rated_games (game_id TEXT PRIMARY KEY, rated INTEGER NOT NULL) WITHOUT ROWID;
"""


class SqliteBook(RatingBook):
    """Tables beside the games' in the store's file, written in the store's transactions
    (new tables, created if missing: no change to the games' tables, no schema version)."""

    def __init__(self, store) -> None:
        self.store = store

    async def open(self) -> None:
        self.store._db.executescript(SQLITE_TABLES)

    def _db(self):
        return self.store._db

    async def mark_pending(self, game_id: str) -> None:
        await self.store._grouped(lambda db: db.execute(
            "INSERT OR IGNORE INTO rated_games VALUES (?, 0)", (game_id,)) and True, lambda _: None)

    async def unmark(self, game_id: str) -> None:
        await self.store._grouped(lambda db: db.execute(
            "DELETE FROM rated_games WHERE game_id = ? AND rated = 0", (game_id,)) and True, lambda _: None)

    async def pending(self, limit: int) -> list[str]:
        return [row[0] for row in self._db().execute(
            "SELECT game_id FROM rated_games WHERE rated = 0 LIMIT ?", (limit,))]

    async def apply(self, game_id, key, who, ranks, when) -> bool:
        def body(db) -> bool:
            row = db.execute("SELECT rated FROM rated_games WHERE game_id = ?", (game_id,)).fetchone()
            if row is not None and row[0]:
                return False
            current = {}
            for entrant in who:
                found = db.execute("SELECT mu, sigma, games, updated FROM ratings WHERE config = ? AND entrant = ?",
                                   (key, entrant)).fetchone()
                current[entrant] = None if found is None else Rating(*found)
            for entrant, r in updated(current, who, ranks, when).items():
                db.execute("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (key, entrant, r.mu, r.sigma, r.rating, r.games, r.updated))
            db.execute("INSERT OR REPLACE INTO rated_games VALUES (?, 1)", (game_id,))
            return True

        return await self.store._grouped(body, lambda _: None)

    async def board(self, key, offset, limit):
        rows = self._db().execute(
            "SELECT entrant, mu, sigma, games, updated FROM ratings WHERE config = ? "
            "ORDER BY rating DESC, entrant LIMIT ? OFFSET ?", (key, limit, offset))
        return [(row[0], Rating(*row[1:])) for row in rows]

    async def count_above(self, key, rating):
        return self._db().execute("SELECT count(*) FROM ratings WHERE config = ? AND rating > ?",
                                  (key, rating)).fetchone()[0]


class RedisBook(RatingBook):
    """Keys beside the games' (``boardbot:rating:*``): per configuration a hash of entrants'
    ratings and a sorted set by rating; the pending set; a mark per rated game. An update
    is an optimistic transaction (WATCH the configuration's hash and the game's mark), so
    two processes rating at once never lose an update nor rate a game twice."""

    def __init__(self, store) -> None:
        self.store = store

    def _key(self, kind: str, name: str = "") -> str:
        return self.store._key(f"rating:{kind}", name)

    @property
    def _redis(self):
        return self.store._redis

    async def mark_pending(self, game_id: str) -> None:
        await self._redis.sadd(self._key("pending"), game_id)

    async def unmark(self, game_id: str) -> None:
        await self._redis.srem(self._key("pending"), game_id)

    async def pending(self, limit: int) -> list[str]:
        return [m.decode() for m in await self._redis.srandmember(self._key("pending"), limit)]

    async def apply(self, game_id, key, who, ranks, when) -> bool:
        import redis.exceptions

        table, board, mark = self._key("table", key), self._key("board", key), self._key("rated", game_id)
        async with self._redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(table, mark)
                    if await pipe.exists(mark):
                        await pipe.reset()
                        await self.unmark(game_id)
                        return False
                    found = await pipe.hmget(table, list(who))
                    current = {e: None if raw is None else Rating(*json.loads(raw)) for e, raw in zip(who, found)}
                    new = updated(current, who, ranks, when)
                    pipe.multi()
                    pipe.hset(table, mapping={e: json.dumps([r.mu, r.sigma, r.games, r.updated]) for e, r in new.items()})
                    pipe.zadd(board, {e: r.rating for e, r in new.items()})
                    pipe.set(mark, 1, ex=RATED_MARK_SECONDS)
                    pipe.srem(self._key("pending"), game_id)
                    await pipe.execute()
                    return True
                except redis.exceptions.WatchError:
                    continue

    async def board(self, key, offset, limit):
        entrants = [m.decode() for m in await self._redis.zrevrange(self._key("board", key), offset,
                                                                    offset + limit - 1)]
        if not entrants:
            return []
        found = await self._redis.hmget(self._key("table", key), entrants)
        return [(e, Rating(*json.loads(raw))) for e, raw in zip(entrants, found) if raw is not None]

    async def count_above(self, key, rating):
        return await self._redis.zcount(self._key("board", key), f"({rating!r}", "+inf")


def book_for(store: GameStore) -> RatingBook:
    """The rating book that lives in ``store`` (the same file or server as its games)."""
    from .redis_store import RedisStore
    from .sqlite_store import SqliteStore

    if isinstance(store, SqliteStore):
        return SqliteBook(store)
    if isinstance(store, RedisStore):
        return RedisBook(store)
    return MemoryBook()


class Ratings:
    """The master's ratings: entrants checked at creation, updates when rated games end."""

    def __init__(self, store: GameStore):
        self.store = store
        self.book = book_for(store)
        self._opened = False

    async def open(self) -> None:
        if not self._opened:
            await self.book.open()
            self._opened = True

    async def game_ended(self, record: GameRecord, outcome_ranks: list[int], when: float) -> None:
        """Rate a rated game that ended (once, whichever process calls it, however often)."""
        if not record.rated:
            return
        await self.open()
        if "" in record.rated:  # cannot happen (a game waiting for a player does not end); never rate "nobody"
            log.error("rating_skipped", game_id=record.id, reason="a seat nobody joined")
            await self.book.unmark(record.id)
            return
        done = await self.book.apply(record.id, config_key(record.game, record.config), record.rated,
                                     outcome_ranks, when)
        if done:
            log.info("game_rated", game_id=record.id, game=record.game, entrants=list(record.rated))

    @contextlib.asynccontextmanager
    async def creating(self, game_id: str, rated: tuple[str, ...]):
        """Around storing a new game: a rated one is pending before it exists (should its end go
        unrated, the sweep rates it), and not if storing it failed."""
        if rated:
            await self.book.mark_pending(game_id)
        try:
            yield
        except BaseException:
            if rated:
                await self.book.unmark(game_id)
            raise

    async def live_ended(self, live: Live) -> None:
        """A commit (a client's, a bot's) ended this game: rate it if it is rated. A failure is
        logged, and the housekeeping's sweep rates it later."""
        if not live.record.rated:
            return
        try:
            await self.game_ended(live.record, list(Snapshot.of(live).outcome().ranks), live.finished)
        except Exception as exc:  # noqa: BLE001 - the game's end stands; the sweep tries again
            log.error("rating_failed", game_id=live.game_id, error=repr(exc), exc_info=sys.exc_info())

    async def sweep(self, limit: int = 100) -> None:
        """Rate the pending games that ended; forget those that are gone."""
        await self.open()
        for game_id in await self.book.pending(limit):
            try:
                live = await self.store.get_live(game_id)
            except errors.ServiceError:  # of rules this server cannot deal (store.initial_state): not over
                continue
            if live is None:
                await self.book.unmark(game_id)
            elif live.finished is not None:
                await self.game_ended(live.record, list(Snapshot.of(live).outcome().ranks), live.finished)

    async def get_leaderboard(self, request: game_service_pb2.GetLeaderboardRequest,
                              call: Call) -> game_service_pb2.GetLeaderboardResponse:
        """GetLeaderboard (the master's): a page of one configuration's entries, best first."""
        name = request.game
        game = game_named(name, call)
        try:
            cfg = game.validate(requested_config(request.config if request.HasField("config") else None, name))
        except ConfigError as err:
            raise errors.invalid(f"config.{convert.oneof_field(name)}.{err.field}", str(err), "BAD_CONFIG") from None
        size = page_size(request)
        offset = page_position(request.page_token, "offset", "GetLeaderboard")
        page = await self.leaderboard(config_key(name, cfg), offset, size + 1)
        out = game_service_pb2.GetLeaderboardResponse(config=convert.to_proto(common_pb2.GameConfig, name, cfg))
        for rank, kind, who, rating in page[:size]:
            entry = out.entries.add(rank=rank, kind=RATED_KIND[kind], name=who, rating=rating.rating, mu=rating.mu,
                                    sigma=rating.sigma, games=rating.games)
            entry.update_time.CopyFrom(timestamp(rating.updated))
        if len(page) > size:
            out.next_page_token = page_token("offset", offset + size)
        return out

    async def leaderboard(self, key: str, offset: int, limit: int) -> list[tuple[int, str, str, Rating]]:
        """(rank, kind, name, rating) of a page of one configuration's entries, best first."""
        await self.open()
        page = await self.book.board(key, offset, limit)
        out: list[tuple[int, str, str, Rating]] = []
        for i, (entrant, rating) in enumerate(page):
            if i == 0:
                rank = await self.book.count_above(key, rating.rating) + 1
            elif rating.rating < page[i - 1][1].rating:
                rank = offset + i + 1
            kind, name = split_entrant(entrant)
            out.append((rank, kind, name, rating))
        return out

"""The calls that change who holds a game's seats: JoinGame (reserve an open seat, or come
back to a seat one left), LeaveGame, Rematch, and ListOpenGames; and taking up a reserved
seat (``take_up``), which the first call acting with its token does.

They are the game master's calls (``boardbot.server.master.GameMaster`` has them as its
methods: ``master`` below is the master) and use its reads, checks and commits; each change of a seat is a version of its own
(EVENT_KIND_SEAT). What the seat states mean: ``boardbot.server.seats``. Nothing here
names a game.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time

from boardbot.engine import registry
from boardbot.v1 import common_pb2, game_service_pb2

from . import clocks, errors, ratings
from .access import authorize_seat, new_token, token_digest
from .calls import Call
from .creation import fresh_seed, store_new_game, take_creation
from .deals import new_salt
from .events import now, stored_event
from .records import BOT, HUMAN, LEFT, REPLACED, RESERVED, TAKEN, GameRecord, SeatRecord
from .seats import is_free, lapsed, lobby, name_of, waiting
from .pages import page_position, page_size, page_token
from .snapshots import Snapshot
from .store import Live

REMATCH_RESERVATION = 300.0  # seconds at least a rematch's seats are kept for the game's players
OPEN_SCAN = 2000  # games ListOpenGames looks at per call at most


async def commit_seat(master, live: Live, seats: list[SeatRecord], seat: int, change: str,
                      name: str, when: float, rated: tuple[str, ...] | None = None) -> Live:
    """Commit the game's seats as ``seats`` (one seat's ``change``; ``rated``: the entrants
    that come with it, if they change) as the next version, or ABORTED when the game moved
    on meanwhile."""
    snap, event = Snapshot.seat_change(live, seats, seat, change, name, when, rated)
    committed = await master.commit(live, snap, event, stored_event(event))
    if committed is None:
        raise errors.aborted("the game changed during the call; try again", live.version)
    master.driver.kick(live.game_id)
    return committed


async def take_up(master, live: Live, seat: int, call: Call) -> Live:
    """The seat's first call with its token (after ``authorize_seat``) takes a reserved seat up;
    a lapsed reservation is FAILED_PRECONDITION RESERVATION_EXPIRED. The game as it is then."""
    info = live.record.seats[seat]
    if info.state != RESERVED:
        return live
    when = now()
    if when >= info.until:
        raise errors.precondition("RESERVATION_EXPIRED", f"seats/{seat}",
                                  f"the reservation of seat {seat} lapsed; join the game again")
    seats = list(live.record.seats)
    seats[seat] = dataclasses.replace(info, state=TAKEN, until=0.0)
    return await commit_seat(master, live, seats, seat, "taken", info.name, when)


async def join_game(master, request: game_service_pb2.JoinGameRequest,
                    call: Call) -> game_service_pb2.JoinGameResponse:
    take_creation(master, call, "JoinGame")  # a commit of the client's: within its rate of creations
    live = await master.live(request.game_id, call)
    record = live.record
    name = name_of(request.player_name)
    n = len(record.seats)
    if request.HasField("seat") and not 0 <= request.seat < n:
        raise errors.invalid("seat", f"seat {request.seat} does not exist (seats 0-{n - 1})")
    if Snapshot.of(live).finished():
        raise errors.precondition("GAME_OVER", f"games/{record.id}", "the game is over")
    when = now()
    if request.HasField("seat") and call.token() is not None:  # a player comes back to their seat
        seat = request.seat
        authorize_seat(record, seat, call)
        info = record.seats[seat]
        if info.state not in (LEFT, REPLACED):
            raise errors.precondition("SEAT_NOT_LEFT", f"seats/{seat}", f"seat {seat} was not left: play on")
        seats = list(record.seats)
        seats[seat] = dataclasses.replace(info, state=TAKEN, name=name or info.name)
        committed = await commit_seat(master, live, seats, seat, "reclaimed", name or info.name, when)
        return game_service_pb2.JoinGameResponse(game=Snapshot.of(committed).game_message(),
                                                 seat_token=game_service_pb2.SeatToken(seat=seat,
                                                                                       token=call.token()))
    free = [q for q, s in enumerate(record.seats) if s.kind == HUMAN and is_free(s, when)]
    if request.HasField("seat"):
        if request.seat not in free:
            raise errors.precondition("SEAT_TAKEN", f"seats/{request.seat}", f"seat {request.seat} is not open")
        seat = request.seat
    elif not free:
        raise errors.precondition("NO_OPEN_SEAT", f"games/{record.id}", "the game has no open seat")
    else:
        seat = free[0]
    rated = ratings.joined(record.rated, seat, name)  # a rated game rates the seat under this name
    token = new_token()
    until = round(when + lobby(record)["reservation"], 3)
    seats = list(record.seats)
    seats[seat] = dataclasses.replace(seats[seat], token=token_digest(token), state=RESERVED, name=name, until=until)
    committed = await commit_seat(master, live, seats, seat, "joined", name, when, rated)
    out = game_service_pb2.JoinGameResponse(game=Snapshot.of(committed).game_message(),
                                            seat_token=game_service_pb2.SeatToken(seat=seat, token=token))
    out.reservation_expire_time.FromNanoseconds(int(until * 1e9))
    return out


async def leave_game(master, request: game_service_pb2.LeaveGameRequest,
                     call: Call) -> game_service_pb2.LeaveGameResponse:
    live = await master.live(request.game_id, call)
    record = live.record
    seat = request.seat
    authorize_seat(record, seat, call)
    info = record.seats[seat]
    if Snapshot.of(live).finished():
        raise errors.precondition("GAME_OVER", f"games/{record.id}", "the game is over")
    if info.resigned:
        raise errors.precondition("SEAT_RESIGNED", f"seats/{seat}", f"seat {seat} has resigned")
    if info.state in (LEFT, REPLACED):
        raise errors.precondition("SEAT_LEFT", f"seats/{seat}", f"seat {seat} was left already")
    seats = list(record.seats)
    rated = None
    if waiting(record):  # the game has not started: the seat is simply open again
        seats[seat] = lapsed(info)
        change, rated = "opened", ratings.reopened(record.rated, seat)
    else:
        seats[seat] = dataclasses.replace(info, state=LEFT)
        change = "left_" + lobby(record)["on_leave"]
    committed = await commit_seat(master, live, seats, seat, change, info.name, now(), rated)
    master.cancel_searches(record.id, seat)
    return game_service_pb2.LeaveGameResponse(game=Snapshot.of(committed).game_message())


def rematch_id(game_id: str) -> str:
    """A game's rematch's id: one per game, so every seat asking gets the same new game."""
    return hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:32]


async def rematch(master, request: game_service_pb2.RematchRequest,
                  call: Call) -> game_service_pb2.RematchResponse:
    live = await master.live(request.game_id, call)
    record = live.record
    seat = request.seat
    authorize_seat(record, seat, call)
    if not Snapshot.of(live).finished():
        raise errors.precondition("GAME_NOT_OVER", f"games/{record.id}", "a rematch follows a finished game")
    token = call.token()
    answer = game_service_pb2.SeatToken(seat=seat, token=token)
    new_id = rematch_id(record.id)
    existing = await master.store.get_live(new_id)
    if existing is None:
        when = now()
        seats = [SeatRecord(BOT, s.bot) if s.kind == BOT else
                 SeatRecord(HUMAN, token=s.token, state=RESERVED, name=s.name,
                            until=round(when + max(REMATCH_RESERVATION, lobby(record)["reservation"]), 3))
                 for s in record.seats]
        seed = record.seed + 1 if record.reproducible else fresh_seed()
        clock = None if record.clock is None else clocks.new_clock(record.clock, len(seats), when)
        fresh = GameRecord(new_id, record.game, record.config, seed, tuple(seats), record.owner, None, when,
                           record.reproducible, master.client(call), registry.get(record.game).rules_version,
                           deal_salt=new_salt(), rated=record.rated, lobby=record.lobby, clock=clock)
        try:
            existing = await store_new_game(master, fresh)
        except KeyError:  # another seat asked at the same time and made it
            existing = await master.store.get_live(new_id)
        if existing is None:
            raise errors.aborted("the rematch changed during the call; try again", live.version)
    return game_service_pb2.RematchResponse(game=Snapshot.of(existing).game_message(), seat_token=answer)


async def list_open_games(master, request: game_service_pb2.ListOpenGamesRequest,
                          call: Call) -> game_service_pb2.ListOpenGamesResponse:
    """Games with a free seat in creation order; each call looks at OPEN_SCAN games at most."""
    size = page_size(request)
    after = page_position(request.page_token, "open", "ListOpenGames")
    if request.HasField("players") and request.players < 1:
        raise errors.invalid("players", "players must be 1 or more")
    want_clock = None
    if request.HasField("clock"):
        if request.clock != common_pb2.CLOCK_KIND_UNSPECIFIED and request.clock not in clocks.KINDS:
            raise errors.invalid("clock", f"unknown clock kind {request.clock}")
        want_clock = clocks.KINDS.get(request.clock, "")
    out = game_service_pb2.ListOpenGamesResponse()
    looked, when = 0, time.time()
    while looked < OPEN_SCAN:
        batch = await master.store.list_live(after, min(500, OPEN_SCAN - looked), request.game)
        if not batch:
            return out
        for live in batch:
            looked += 1
            after = live.seq
            record = live.record
            if live.finished is not None or not any(s.kind == HUMAN and is_free(s, when) for s in record.seats):
                continue
            if request.HasField("players") and len(record.seats) != request.players:
                continue
            if want_clock is not None and (record.clock or {}).get("kind", "") != want_clock:
                continue
            out.games.append(Snapshot.of(live).game_message())
            if len(out.games) == size:
                out.next_page_token = page_token("open", after)
                return out
    out.next_page_token = page_token("open", after)
    return out


def check_seat_plays(master, live: Live, seat: int) -> None:
    """FAILED_PRECONDITION unless the seat's player may act now: the game waits for
    players (WAITING_FOR_PLAYERS), the seat was left (SEAT_LEFT), its clock ran out
    (OUT_OF_TIME: the driver applies the timeout policy)."""
    record = live.record
    if waiting(record):
        raise errors.precondition("WAITING_FOR_PLAYERS", f"games/{record.id}",
                                  "the game waits for players to take its open seats")
    if record.seats[seat].state == LEFT:
        raise errors.precondition("SEAT_LEFT", f"seats/{seat}", f"seat {seat} was left; come back with JoinGame first")
    if record.seats[seat].state == REPLACED:
        raise errors.precondition("SEAT_REPLACED", f"seats/{seat}", f"seat {seat} failed too often in a row and a "
                                  "bot plays it; come back with JoinGame first")
    if clocks.out_of_time(record.clock, time.time()):
        master.driver.kick(record.id)
        raise errors.precondition("OUT_OF_TIME", f"seats/{seat}", f"seat {seat}'s clock ran out")

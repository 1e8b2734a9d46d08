"""Matchmaking: a queue per game configuration, where players ask to play, are matched
with others waiting, and after the queue's wait the empty seats are filled with bots.

A queue is one small document in the store (``GameStore.get_doc``/``put_doc``: a
compare-and-set on its version, so any number of server processes on one Redis
store share it): the game and its validated config, how long the first player waits
before bots fill the empty seats (``backfill_after``) and with which bot, the games'
clock and lobby options, the tickets waiting (id, the SHA-256 of the ticket token, the
player's name, when it joined and when its holder last waited on it), and the tickets
matched lately (their game and seat). Every call reads the queue, changes it, makes
the games that are due, and commits the queue; a lost race deletes the games it made
and tries again, so a ticket is matched once.

Matching happens in whichever call comes first: JoinQueue fills a game as soon as
enough tickets wait; WaitForMatch (each ticket's holder waits on it, at most 20
seconds a call) makes the backfilled game once the first ticket has waited
``backfill_after``. A ticket nobody waited on for ``TICKET_TTL`` leaves the queue, so
no game is made for a player who is gone; a queue nobody waits in is deleted after
``Limits.queue_idle_seconds`` (``idle_ttl``: the store's expiry of the document). The ticket's token is its seat's token in
the game (the store keeps only its hash), so a matched player plays at once.

There is no maintained Python library for a matchmaking queue over our own stores
(Open Match and Nakama's matchmaker are servers of their own); this is the compare-
and-set loop every store already offers, on one document per queue. The calls are the game
master's (``boardbot.server.master.GameMaster`` has them as methods: ``master`` below).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
import uuid
from typing import Any

from boardbot.engine import registry
from boardbot.v1 import common_pb2, game_service_pb2

from . import clocks, convert, errors
from .access import new_token, token_digest
from .bot_plans import requested_bot
from .bots import check_spec
from .calls import Call
from .events import now
from .creation import fresh_seed, store_new_game, take_creation
from .deals import new_salt
from .game_types import game_named, requested_config, validated_config
from .records import BOT, HUMAN, GameRecord, SeatRecord
from .seats import DEFAULT_LOBBY, lobby_of, name_of

PREFIX = "queue:"
DEFAULT_BACKFILL, MAX_BACKFILL = 20.0, 600.0  # seconds the first ticket waits before bots fill a game
DEFAULT_BACKFILL_BOT = "ismcts:easy"
TICKET_TTL = 30.0  # a ticket nobody waited on this long leaves the queue
SEEN_EVERY = 5.0  # how often a waiting call notes that its ticket's holder is still there
MAX_WAIT = 20.0  # seconds one WaitForMatch waits at most
# It answers this share of the call's time before the deadline (at least 50 ms, at most 1 s):
# one slow store read near the end must not turn "not matched yet" into DEADLINE_EXCEEDED.
WAIT_MARGIN_SHARE, WAIT_MARGIN_MIN, WAIT_MARGIN_MAX = 0.2, 0.05, 1.0
POLL = 0.1  # seconds between two reads of the queue while waiting
MAX_WAITING = 500  # tickets one queue holds at most
MATCH_KEEP = 600.0  # seconds a matched ticket's game and seat are kept for its holder
MAX_ID_LENGTH = 128
CAS_ATTEMPTS = 50


def _seconds(duration) -> float:
    return duration.seconds + duration.nanos / 1e9


def message(queue_id: str, doc: dict[str, Any]) -> game_service_pb2.MatchQueue:
    out = game_service_pb2.MatchQueue(queue_id=queue_id, game_name=doc["game"], players=doc["config"]["players"],
                                      backfill_bot=doc["bot"], waiting=len(doc["tickets"]))
    out.config.CopyFrom(convert.to_proto(common_pb2.GameConfig, doc["game"], doc["config"]))
    out.backfill_after.FromNanoseconds(round(doc["backfill_after"] * 1e9))
    if doc["clock"] is not None:
        out.clock.CopyFrom(clocks.options_message(doc["clock"]))
    return out


def idle_ttl(master, doc: dict[str, Any]) -> float:
    """How long the queue ``doc`` is kept from this write on if nobody changes it again
    (``GameStore.put_doc``'s ttl): ``Limits.queue_idle_seconds`` once nobody waits, which
    is ``TICKET_TTL`` from now at the latest (a ticket is seen only through a write); 0:
    kept for ever."""
    idle = master.limits.queue_idle_seconds
    if idle <= 0:
        return 0.0
    return idle + (TICKET_TTL if doc["tickets"] else 0.0)


async def create_queue(master, request: game_service_pb2.CreateQueueRequest,
                       call: Call) -> game_service_pb2.CreateQueueResponse:
    take_creation(master, call, "CreateQueue")
    game = game_named(request.game, call)
    given = requested_config(request.config if request.HasField("config") else None, request.game)
    cfg = validated_config(game, request.game, given)
    clock = clocks.options_of(request.clock) if request.HasField("clock") else None
    lobby = None
    if request.HasField("lobby") or clock is not None:
        lobby = lobby_of(request.lobby, master.limits.max_bot_seconds)
    wait = DEFAULT_BACKFILL
    if request.HasField("backfill_after"):
        d = request.backfill_after
        wait = _seconds(d)
        if d.seconds < 0 or d.nanos < 0 or wait > MAX_BACKFILL:
            raise errors.invalid("backfill_after", f"backfill_after must be 0 to {MAX_BACKFILL:g} seconds",
                                 "BAD_QUEUE")
    bot_spec = request.backfill_bot_spec if request.HasField("backfill_bot_spec") else None
    bot = requested_bot(request.backfill_bot or ("" if bot_spec else DEFAULT_BACKFILL_BOT), bot_spec, "backfill_",
                        reason="BAD_QUEUE")
    try:
        check_spec(bot, master.limits.max_bot_seconds)
    except ValueError as err:
        raise errors.invalid("backfill_bot" if request.backfill_bot else "backfill_bot_spec", str(err),
                             "BAD_QUEUE") from None
    doc = {"game": request.game, "config": cfg, "backfill_after": wait, "bot": bot.text, "clock": clock,
           "lobby": lobby, "tickets": [], "matched": {}}
    queue_id = uuid.uuid4().hex
    await master.store.put_doc(PREFIX + queue_id, 0, doc, idle_ttl(master, doc))
    call.log["queue_id"] = queue_id
    return game_service_pb2.CreateQueueResponse(queue=message(queue_id, doc))


def _check_id(value: str, field: str) -> None:
    if not value:
        raise errors.invalid(field, f"{field} is required")
    if len(value) > MAX_ID_LENGTH:
        raise errors.invalid(field, f"{field} is longer than {MAX_ID_LENGTH} characters", "ID_TOO_LONG")


def _due(doc: dict[str, Any], when: float) -> list[list[dict]]:
    """Take the games that are due out of the queue: full tables of waiting tickets in the
    order they came, then, once the first has waited ``backfill_after``, one table of the
    rest (bots fill it). Tickets nobody waited on lately leave first."""
    tickets = [t for t in doc["tickets"] if when - t["seen"] < TICKET_TTL]
    players = doc["config"]["players"]
    tables = []
    while len(tickets) >= players:
        tables.append(tickets[:players])
        tickets = tickets[players:]
    if tickets and when - tickets[0]["joined"] >= doc["backfill_after"]:
        tables.append(tickets)
        tickets = []
    doc["tickets"] = tickets
    doc["matched"] = {k: v for k, v in doc["matched"].items() if when - v["at"] < MATCH_KEEP}
    return tables


async def _make_game(master, doc: dict[str, Any], table: list[dict], when: float) -> tuple[str, list]:
    """A game for the table's tickets, bots in the other seats (in a random order): its id,
    and each ticket's seat."""
    players = doc["config"]["players"]
    seats = [SeatRecord(HUMAN, token=t["token"], name=t["name"]) for t in table]
    seats += [SeatRecord(BOT, doc["bot"]) for _ in range(players - len(table))]
    order = list(range(players))
    secrets.SystemRandom().shuffle(order)
    seats = [seats[i] for i in order]
    game_id = master.new_game_id()
    clock = None if doc["clock"] is None else clocks.new_clock(doc["clock"], players, when)
    record = GameRecord(game_id, doc["game"], doc["config"], fresh_seed(), tuple(seats), token_digest(new_token()),
                        None, when, False, None, registry.get(doc["game"]).rules_version, deal_salt=new_salt(),
                        lobby=doc["lobby"] or dict(DEFAULT_LOBBY), clock=clock)  # a lobby: its seats show their players
    await store_new_game(master, record)
    return game_id, [order.index(i) for i in range(len(table))]


async def _change(master, queue_id: str, change=None) -> dict[str, Any]:
    """Read the queue, apply ``change(doc, when)`` (it may raise), make the games that are due
    and commit; again after a lost race. The queue as committed."""
    key = PREFIX + queue_id
    for _ in range(CAS_ATTEMPTS):
        found = await master.store.get_doc(key)
        if found is None:
            raise errors.ServiceError(errors.Code.NOT_FOUND, f"no queue {errors.clip(queue_id, 40)}",
                                      "QUEUE_NOT_FOUND", metadata={"queue_id": queue_id})
        version, doc = found
        when = now()
        if change is not None:
            change(doc, when)
        made = []
        try:
            for table in _due(doc, when):
                game_id, places = await _make_game(master, doc, table, when)
                made.append(game_id)
                for ticket, seat in zip(table, places):
                    doc["matched"][ticket["id"]] = {"game": game_id, "seat": seat, "token": ticket["token"],
                                                    "at": when}
            if await master.store.put_doc(key, version, doc, idle_ttl(master, doc)):
                return doc
        except BaseException:
            await _forget(master, made)
            raise
        await _forget(master, made)  # another call changed the queue first: its tickets are not ours
    raise errors.aborted("the queue is too busy; try again", 0)


async def _forget(master, game_ids: list[str]) -> None:
    for game_id in game_ids:
        await master.store.delete(game_id)
        master.driver.cancel(game_id)


async def join_queue(master, request: game_service_pb2.JoinQueueRequest,
                     call: Call) -> game_service_pb2.JoinQueueResponse:
    _check_id(request.queue_id, "queue_id")
    call.log["queue_id"] = request.queue_id
    name = name_of(request.player_name)
    take_creation(master, call, "JoinQueue")  # a ticket stored: within the client's rate of creations
    token, ticket_id = new_token(), uuid.uuid4().hex

    def join(doc: dict[str, Any], when: float) -> None:
        if len(doc["tickets"]) >= MAX_WAITING:
            raise errors.exhausted(f"the queue holds its maximum of {MAX_WAITING} waiting players",
                                   "QUEUE_FULL", {"queue_id": request.queue_id}, "queue")
        doc["tickets"].append({"id": ticket_id, "token": token_digest(token), "name": name, "joined": when,
                               "seen": when})

    doc = await _change(master, request.queue_id, join)
    return game_service_pb2.JoinQueueResponse(ticket_id=ticket_id, ticket_token=token,
                                              queue=message(request.queue_id, doc))


def _ticket(doc: dict[str, Any], ticket_id: str, call: Call) -> tuple[dict | None, dict | None]:
    """The ticket (waiting, or matched), its token checked: (waiting, matched)."""
    token = call.token()
    if token is None:
        raise errors.unauthenticated("a ticket's calls need its token in the metadata ('authorization: Bearer <token>')")
    waiting = next((t for t in doc["tickets"] if t["id"] == ticket_id), None)
    matched = doc["matched"].get(ticket_id)
    held = waiting or matched
    if held is None:
        raise errors.ServiceError(errors.Code.NOT_FOUND, "no such ticket in the queue (matched long ago, left, or "
                                  f"not waited on for {TICKET_TTL:g} s): join again", "TICKET_NOT_FOUND")
    if not hmac.compare_digest(token_digest(token), held["token"]):
        raise errors.unauthenticated("this token is not the ticket's")
    return waiting, matched


async def wait_for_match(master, request: game_service_pb2.WaitForMatchRequest,
                         call: Call) -> game_service_pb2.WaitForMatchResponse:
    _check_id(request.queue_id, "queue_id")
    _check_id(request.ticket_id, "ticket_id")
    call.log["queue_id"] = request.queue_id
    remaining = call.time_remaining()
    wait = MAX_WAIT if remaining is None else min(MAX_WAIT, remaining - _margin(remaining))
    until = time.monotonic() + wait
    noted = 0.0

    def seen(doc: dict[str, Any], when: float) -> None:
        for ticket in doc["tickets"]:
            if ticket["id"] == request.ticket_id:
                ticket["seen"] = when

    while True:
        found = await master.store.get_doc(PREFIX + request.queue_id)
        if found is None:
            raise errors.ServiceError(errors.Code.NOT_FOUND, "no such queue", "QUEUE_NOT_FOUND")
        doc = found[1]
        waiting, matched = _ticket(doc, request.ticket_id, call)
        if matched is None and (time.monotonic() - noted >= SEEN_EVERY or _due_soon(doc)):
            doc = await _change(master, request.queue_id, seen)  # makes the backfilled game when due
            noted = time.monotonic()
            waiting, matched = _ticket(doc, request.ticket_id, call)
        out = game_service_pb2.WaitForMatchResponse(queue=message(request.queue_id, doc))
        if matched is not None:
            out.game_id, out.seat = matched["game"], matched["seat"]
            return out
        left = until - time.monotonic()
        if left <= 0 or master.closing():
            return out
        await asyncio.sleep(min(POLL, left))


def _margin(remaining: float) -> float:
    return min(WAIT_MARGIN_MAX, max(WAIT_MARGIN_MIN, WAIT_MARGIN_SHARE * remaining))


def _due_soon(doc: dict[str, Any]) -> bool:
    """The first ticket has waited out the queue's wait: its backfilled game is due."""
    tickets = doc["tickets"]
    return bool(tickets) and time.time() - tickets[0]["joined"] >= doc["backfill_after"]


async def leave_queue(master, request: game_service_pb2.LeaveQueueRequest,
                      call: Call) -> game_service_pb2.LeaveQueueResponse:
    _check_id(request.queue_id, "queue_id")
    _check_id(request.ticket_id, "ticket_id")

    def leave(doc: dict[str, Any], when: float) -> None:
        waiting, _ = _ticket(doc, request.ticket_id, call)
        if waiting is None:
            raise errors.precondition("TICKET_MATCHED", f"tickets/{request.ticket_id}",
                                      "the ticket was matched already: leave the game instead")
        doc["tickets"].remove(waiting)

    await _change(master, request.queue_id, leave)
    return game_service_pb2.LeaveQueueResponse()

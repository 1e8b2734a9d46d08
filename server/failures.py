"""Failures of the players who play seats from elsewhere (external bots): counted, shown,
and a seat whose player keeps failing handed to the stand-in bot.

A failure is a SubmitMove refused because the move it names is not legal (INVALID_ARGUMENT
from ``boardbot.server.chosen_moves.requested_move``), or a clock timeout (the bot driver's
``_clock_step``, under either timeout policy). Each is counted

* per game and seat, in the store's document ``failures/<game id>`` (kept ``GAME_DOC_TTL``
  after its last write): illegal moves, timeouts, and the failures since the seat's player
  last moved itself (``consecutive``: worked out when a failure comes, from the game's
  events since the previous one, so a good move costs nothing here);
* per player name (JoinGame's ``player_name``), in ``player-failures/<name>``, for every
  game that player sat in; a seat without a name counts in its game only;
* in the metrics: ``boardbot_seat_failures_total{kind}``, ``boardbot_seats_replaced_total``
  (no name in a label: names are the callers', unbounded).

When a seat's ``consecutive`` reaches the game's ``replace_after_failures`` (LobbyOptions;
``seats.DEFAULT_REPLACE_AFTER`` unset, 0 never), and a client still plays it, the seat becomes
REPLACED (``boardbot.server.seats``): the stand-in bot plays it from then on (the bot
driver's own machinery, as for a seat whose player left), until its player reclaims it with
JoinGame and its token; an EVENT_KIND_SEAT event ("replaced") says so, and the seat's
PlayGame stream ends PLAY_EVENT_KIND_SEAT_REPLACED. Only games with a lobby (open seats,
clocks or lobby options: how an external bot comes to sit in one) replace a seat. The
counts reach the bot in its PlayGame messages (``fill``). Nothing here names a game.
"""

from __future__ import annotations

import dataclasses

import structlog
from prometheus_client import Counter

from boardbot.v1 import game_service_pb2

from . import errors
from .events import now, stored_event
from .records import REPLACED
from .seats import client_plays, replace_after
from .snapshots import Snapshot
from .store import GameStore, Live

log = structlog.get_logger("boardbot.server")

GAME_DOC_TTL = 30 * 86400.0  # seconds a game's failure counts are kept after the last one
ILLEGAL, TIMEOUT = "illegal_moves", "timeouts"
CAS_ATTEMPTS = 5  # a document's compare-and-set, retried after a lost race

FAILURES = Counter("boardbot_seat_failures", "Failures of seats' players (external bots): illegal moves refused "
                   "and clock timeouts", ["kind"])
REPLACEMENTS = Counter("boardbot_seats_replaced", "Seats handed to the stand-in bot after failures in a row")


def _game_key(game_id: str) -> str:
    return f"failures/{game_id}"


def _name_key(name: str) -> str:
    return f"player-failures/{name}"


async def _update(store: GameStore, key: str, change, ttl: float = 0.0):
    """Apply ``change`` (dict -> dict, a new one) to the document at ``key`` by compare-and-set;
    the new value, or None after ``CAS_ATTEMPTS`` lost races (the count is lost, not the call)."""
    for _ in range(CAS_ATTEMPTS):
        found = await store.get_doc(key)
        version, value = found if found is not None else (0, {})
        new = change(value)
        if await store.put_doc(key, version, new, ttl):
            return new
    return None


async def _consecutive_from(store: GameStore, game_id: str, seat: int, entry: dict) -> int:
    """The seat's failures in a row before this one: none when its player moved itself (or
    reclaimed the seat) since the last failure counted."""
    if not entry.get("consecutive"):
        return 0
    for event in await store.events(game_id, entry.get("version", 0)) or []:
        if event["seat"] != seat:
            continue
        if (event["kind"] == "move" and not event["by_bot"]) or (
                event["kind"] == "seat" and (event.get("move") or {}).get("change") == "reclaimed"):
            return 0
    return entry["consecutive"]


async def count(store: GameStore, live: Live, seat: int, kind: str) -> int:
    """Count a failure (``kind`` ILLEGAL or TIMEOUT) of ``seat``'s player in the game ``live``
    (as it was when the failure happened); the seat's failures in a row now (0: not counted)."""
    record = live.record
    FAILURES.labels(kind).inc()
    found = await store.get_doc(_game_key(record.id))
    before = await _consecutive_from(store, record.id, seat, (found[1] if found else {}).get(str(seat), {}))

    def add(value: dict) -> dict:
        entry = dict(value.get(str(seat), {}))
        entry[kind] = entry.get(kind, 0) + 1
        entry["consecutive"] = before + 1
        entry["version"] = live.version
        return dict(value, **{str(seat): entry})

    counted = await _update(store, _game_key(record.id), add, GAME_DOC_TTL)
    name = record.seats[seat].name
    if name:
        await _update(store, _name_key(name), lambda value: dict(value, **{kind: value.get(kind, 0) + 1}))
    if counted is None:
        return 0
    log.info("seat_failed", game_id=record.id, seat=seat, kind=kind, consecutive=before + 1)
    return before + 1


async def replace_if_failing(store: GameStore, live: Live, seat: int, consecutive: int) -> Live | None:
    """Hand ``seat`` to the stand-in bot if its player failed ``consecutive`` times in a row,
    reaching the game's ``replace_after``, and a client still plays it: the committed version,
    or None (not replaced, or the game moved on meanwhile: the next failure tries again)."""
    limit = replace_after(live.record)
    if not limit or consecutive < limit or not client_plays(live.record, seat):
        return None
    info = live.record.seats[seat]
    seats = list(live.record.seats)
    seats[seat] = dataclasses.replace(info, state=REPLACED)
    snap, event = Snapshot.seat_change(live, seats, seat, "replaced", info.name, now())
    nxt = snap.next_live(live, event)
    if not await store.commit_live(live.game_id, live.version, nxt, [stored_event(event)]):
        return None
    REPLACEMENTS.inc()
    log.info("seat_replaced", game_id=live.game_id, seat=seat, failures=consecutive)
    return nxt


async def failed(store: GameStore, live: Live, seat: int, kind: str) -> Live | None:
    """``count`` the failure, then ``replace_if_failing``: the version that replaced the seat, or None."""
    return await replace_if_failing(store, live, seat, await count(store, live, seat, kind))


async def illegal_move(master, live: Live, seat: int) -> None:
    """SubmitMove refused the seat's move as not legal (``master``: the game master)."""
    if await failed(master.store, live, seat, ILLEGAL) is not None:
        master.cancel_searches(live.game_id, seat)
        master.driver.kick(live.game_id)  # the stand-in bot's decision, if it is the seat's


async def fill(store: GameStore, record, seat: int, out: game_service_pb2.PlayGameResponse) -> None:
    """A PlayGame message's failure counts: the seat's in this game, its player's in every game."""
    out.replace_after_failures = replace_after(record)
    found = await store.get_doc(_game_key(record.id))
    entry = (found[1] if found else {}).get(str(seat), {})
    if entry:
        consecutive = await _consecutive_from(store, record.id, seat, entry)
        out.failures.CopyFrom(game_service_pb2.SeatFailures(
            illegal_moves=entry.get(ILLEGAL, 0), timeouts=entry.get(TIMEOUT, 0), consecutive=consecutive))
    name = record.seats[seat].name
    if name:
        found = await store.get_doc(_name_key(name))
        totals = found[1] if found else {}
        out.player_failures.CopyFrom(game_service_pb2.SeatFailures(
            illegal_moves=totals.get(ILLEGAL, 0), timeouts=totals.get(TIMEOUT, 0)))

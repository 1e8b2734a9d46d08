"""Events as observers see them: what a move or a resignation shows each seat and the
spectator (``move_event``, ``resign_event``: a move text for each, the log entries with
who may read them), what the store keeps of an event (``stored_event``: what happened,
not its texts, which a replay derives again), and an event as a seat's message
(``event_message``).

A searching bot's move keeps what its search found (``search_notes``: its figures and its
most visited moves), so that a player can ask why it played so. The notes show what the bot
knew (the moves it had, its hidden cards among them), so every observer gets them once the
game is over, and nobody before.
"""

from __future__ import annotations

import re
import time
from typing import Iterator

from google.protobuf import timestamp_pb2

from google.protobuf import duration_pb2

from boardbot.engine.core import TERMINAL, State
from boardbot.v1 import bot_service_pb2, common_pb2

from . import convert

# how many of a bot's most visited moves its event keeps: enough to see what it weighed
SEARCH_NOTES_MOVES = 6
# a search's figures as SearchStats says them (the advisor's answers and the bots' events)
MODE = {"so": bot_service_pb2.SEARCH_MODE_SINGLE_OBSERVER, "mo": bot_service_pb2.SEARCH_MODE_MULTIPLE_OBSERVER}
STOP = {
    "iterations": bot_service_pb2.SEARCH_STOP_ITERATIONS,
    "time": bot_service_pb2.SEARCH_STOP_TIME,
    "deadline": bot_service_pb2.SEARCH_STOP_DEADLINE,
    "single_move": bot_service_pb2.SEARCH_STOP_SINGLE_MOVE,
    "settled": bot_service_pb2.SEARCH_STOP_SETTLED,
}

RUNNING, FINISHED = common_pb2.GAME_STATUS_RUNNING, common_pb2.GAME_STATUS_FINISHED
WAITING = common_pb2.GAME_STATUS_WAITING
EVENT_KIND = {"move": common_pb2.EVENT_KIND_MOVE, "resign": common_pb2.EVENT_KIND_RESIGN,
              "seat": common_pb2.EVENT_KIND_SEAT, "timeout": common_pb2.EVENT_KIND_TIMEOUT,
              "clocks": common_pb2.EVENT_KIND_CLOCKS_RESUMED, "take_back": common_pb2.EVENT_KIND_TAKE_BACK}


def duration(seconds: float) -> duration_pb2.Duration:
    out = duration_pb2.Duration()
    out.FromNanoseconds(int(seconds * 1e9))
    return out


# the range Timestamp.FromNanoseconds accepts (0001-01-01 to 9999-12-31), checked as it checks it
_FIRST_SECOND, _LAST_SECOND = -62135596800, 253402300799


def timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    """``seconds`` since the epoch as a Timestamp: what ``FromNanoseconds(int(seconds * 1e9))``
    makes, by the constructor (FromNanoseconds is Python of protobuf's, a third dearer)."""
    whole, nanos = divmod(int(seconds * 1e9), 1_000_000_000)
    if not _FIRST_SECOND <= whole <= _LAST_SECOND:
        raise ValueError(f"timestamp {seconds!r} is out of Timestamp's range")
    return timestamp_pb2.Timestamp(seconds=whole, nanos=nanos)


def event_message(event: dict, observer: int | None, game_name: str) -> common_pb2.Event:
    """One stored event as ``observer`` (None: a spectator) may see it."""
    out = common_pb2.Event(
        version=event["version"], kind=EVENT_KIND[event["kind"]], seat=event["seat"], by_bot=event["by_bot"],
        move_text=event["texts"][0 if observer is None else observer + 1],
        log=[text for visible_to, text in event["log"] if visible_to is None or visible_to == observer],
        status=FINISHED if event["finished"] else RUNNING, time=timestamp(event["time"]))
    if event["kind"] == "move" and observer == event["seat"]:
        out.move.CopyFrom(convert.to_proto(common_pb2.Move, game_name, event["move"]))
    elif event["kind"] == "take_back":
        out.back_to_version = event["move"]["to"]
    return out


def bot_stats(event: dict, game_over: bool) -> bot_service_pb2.SearchStats | None:
    """The search statistics of the bot that made ``event``'s move, if it searched, for every
    observer once the game is over (``game_over``: it is now); None while it runs."""
    stats = event.get("bot_stats")
    return stats if stats is not None and (game_over or event["finished"]) else None


def search_notes(game, spec: str, result, stop: str) -> dict:
    """What a bot's event keeps of its search (``result``: ``boardbot.ai.service_api.SearchResult``,
    ``stop``: why it stopped): the figures, and its most visited moves with their visits and values."""
    top = sorted(result.candidates, key=lambda c: (-c["visits"], -(c["value"] or 0.0)))[:SEARCH_NOTES_MOVES]
    return {"bot": spec, "iterations": result.iterations, "seconds": round(result.seconds, 3), "workers": result.workers,
            "mode": result.mode, "stop": stop,
            "top": [[game.move_to_json(tuple(c["move"])), c["visits"], round(c["value"] or 0.0, 6)] for c in top]}


def _bot_stats(state: State, notes: dict) -> bot_service_pb2.SearchStats:
    """A bot's search notes as ``SearchStats``, its moves' texts and ids from ``state``, the state
    it decided in (as the bot saw its moves: the message goes out only once the game is over)."""
    game = state.game
    moves = state.legal_moves()
    ids = {m: i for i, m in enumerate(moves)}
    out = bot_service_pb2.SearchStats(
        iterations=notes.get("iterations", 0), workers=notes.get("workers", 0), bot=notes.get("bot", ""),
        duration=duration(notes.get("seconds", 0.0)),
        mode=MODE.get(notes.get("mode"), bot_service_pb2.SEARCH_MODE_UNSPECIFIED),
        stop=STOP.get(notes.get("stop"), bot_service_pb2.SEARCH_STOP_UNSPECIFIED))
    for data, visits, value in notes.get("top", []):
        move = game.move_from_json(data)
        out.candidates.add(move_id=ids.get(move), text=state.move_text(move), visits=visits, value=value)
    return out


def move_event(state: State, seat: int, move: tuple, by_bot: bool, when: float, version: int,
               search: dict | None = None) -> dict:
    """Apply ``move`` for ``seat`` to ``state`` (a private one: ``Snapshot.apply_move``), which
    brings the game to ``version``; the event as observers see it: a move text for each (the
    spectator first, then each seat), the log entries with who may read them, whether the
    game is over, and the bot's search (``search``: its notes) as ``SearchStats``. The caller
    has checked the move against the engine's legal moves of this very state, so ``apply``
    needs no second generation of them. A replay (``Snapshot.advance``) derives the same event."""
    n = state.num_seats
    texts = [state.public_move_text(move, None)] + [state.public_move_text(move, q) for q in range(n)]
    texts[seat + 1] = state.move_text(move)
    move_dict = state.game.move_to_dict(move)
    stats = _bot_stats(state, search) if search else None
    state.log = []
    try:
        state.apply(move)
        entries = state.log
    finally:
        state.log = None
    out = {"version": version, "kind": "move", "seat": seat, "by_bot": by_bot, "move": move_dict,
           "texts": texts, "log": [[v, t] for v, t in entries], "finished": state.decider() == TERMINAL,
           "time": when}
    if search:
        out["search"], out["bot_stats"] = search, stats
    return out


def resign_event(version: int, seat: int, seats: int, finished: bool, when: float) -> dict:
    """The resignation of ``seat``, which brought the game of ``seats`` seats to ``version``,
    as observers see it."""
    text = f"seat {seat} resigns; the random bot plays it from now on"
    return {"version": version, "kind": "resign", "seat": seat, "by_bot": False, "move": None,
            "texts": [text] * (seats + 1), "log": [], "finished": finished, "time": when}


SEAT_CHANGES = {  # a seat event's change (boardbot.server.seats), in plain words
    "joined": "{who} joined seat {seat}; it is reserved until taken up",
    "taken": "{who} took seat {seat}",
    "opened": "seat {seat} is open again",
    "left_stand_in": "{who} left seat {seat}; a bot plays it until they come back",
    "left_wait": "{who} left seat {seat}; the game waits for them at their turn",
    "reclaimed": "{who} came back to seat {seat}",
    "offered": "seat {seat} is offered to the bot {who}",
    "withdrawn": "the offer of seat {seat} to the bot {who} is withdrawn; the seat is open again",
    "replaced": "{who} failed too often in a row at seat {seat} (illegal moves or time-outs); "
                "a bot plays it until they come back",
}


def seat_event(version: int, seat: int, seats: int, change: str, name: str, when: float) -> dict:
    """A seat's ``change`` (a key of ``SEAT_CHANGES``) by the player named ``name``, which
    brought the game of ``seats`` seats to ``version``; the game itself did not change. The
    store keeps the change in the event's ``move`` slot (``{"change", "name"}``)."""
    text = SEAT_CHANGES[change].format(who=name or "a player", seat=seat)
    return {"version": version, "kind": "seat", "seat": seat, "by_bot": False,
            "move": {"change": change, "name": name}, "texts": [text] * (seats + 1), "log": [],
            "finished": False, "time": when}


def seat_change_of(text: str, seat: int) -> tuple[str, str] | None:
    """The change and the player's name a seat event's text says (``seat_event``'s words read
    back: a record keeps the words, not the stored details); None if it says none."""
    for change, words in SEAT_CHANGES.items():
        pattern = re.escape(words).replace(re.escape("{who}"), "(?P<who>.*)").replace(re.escape("{seat}"), str(seat))
        found = re.fullmatch(pattern, text)
        if found is not None:
            who = found.groupdict().get("who", "")
            return change, "" if who == "a player" else who
    return None


DOWN_TEXT = re.compile(r"the server was down for ([0-9]+) s; the clocks go on from where they stopped")


def timeout_event(version: int, seat: int, seats: int, finished: bool, when: float) -> dict:
    """``seat`` ran out of time and forfeits (TIMEOUT_POLICY_FORFEIT): it is out, as if it resigned."""
    text = f"seat {seat} ran out of time and is out; the random bot plays it from now on"
    return {"version": version, "kind": "timeout", "seat": seat, "by_bot": False, "move": None,
            "texts": [text] * (seats + 1), "log": [], "finished": finished, "time": when}


def clocks_event(version: int, seat: int, seats: int, down: float, when: float) -> dict:
    """The clocks started again after the server was down for ``down`` seconds (not counted);
    ``seat``: the seat whose clock runs. The store keeps ``down`` in the ``move`` slot."""
    text = f"the server was down for {down:.0f} s; the clocks go on from where they stopped"
    return {"version": version, "kind": "clocks", "seat": seat, "by_bot": False, "move": {"down": down},
            "texts": [text] * (seats + 1), "log": [], "finished": False, "time": when}


def take_back_event(version: int, seat: int, seats: int, to: int, state: dict, when: float) -> dict:
    """``seat`` took its last move back (``boardbot.server.take_back``): the game is back at
    version ``to``, whose state (``state``, its dict) the store keeps with it in the event's
    ``move`` slot (``{"to", "state"}``)."""
    text = f"seat {seat} takes their last move back: the game is back where it was at version {to}"
    return {"version": version, "kind": "take_back", "seat": seat, "by_bot": False,
            "move": {"to": to, "state": state}, "texts": [text] * (seats + 1), "log": [], "finished": False,
            "time": when}


def line_of_play(back_to: list[int | None]) -> Iterator[int]:
    """The versions of a game's line of play as it stands, last first: ``back_to[v - 1]`` is the
    version event ``v`` took the game back to (a take-back), else None. What a take-back undid,
    and the take-back itself, are off the line."""
    version = len(back_to)
    while version > 0:
        to = back_to[version - 1]
        if to is None:
            yield version
            version -= 1
        else:
            version = to


STORED_KEYS = ("version", "kind", "seat", "by_bot", "move", "time")


def stored_event(event: dict, request_id: str = "", fingerprint: str = "") -> dict:
    """What the store keeps of an event (``boardbot.server.store``): what happened, not
    its texts (a replay derives them), and the request that made it, if it had an id."""
    out = {key: event[key] for key in STORED_KEYS}
    if event.get("search"):
        out["search"] = event["search"]
    if request_id:
        out["request"] = {"id": request_id, "fp": fingerprint}
    return out


def now() -> float:
    """An event's time: seconds, to the millisecond (what a stored event keeps)."""
    return round(time.time(), 3)

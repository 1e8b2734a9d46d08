"""Finished games on SQLite, kept small (``boardbot.server.sqlite_store``).

A game is *archived* by the commit that ends it, in that commit's
transaction: its initial state, final state and events become one row of
``archives`` (``pack_game``: the events as columns of kinds, seats, moves,
times in milliseconds apart, requests and a searching bot's notes; compressed
with zlib), and its rows in ``events``, ``states`` and ``initials`` go. What stays in ``games`` is
the record and the columns, whose row keeps its size (a row that shrank
would leave its page mostly empty: SQLite merges pages only under a third
full). A finished game keeps a fraction of the bytes (docs/storage.md), and
reads the same.
"""

from __future__ import annotations

import zlib

from .store import EventRecord, Live, json_dumps, loads, unpack_events


def pack_game(initial: dict, state: dict, events: list[EventRecord]) -> bytes:
    """A finished game's initial and final states and its events (versions 1 to n) as one
    compressed blob, the events as columns (times as milliseconds since the one before, when
    they are whole milliseconds, as the master's are)."""
    times = [e["time"] for e in events]
    millis = [round(t * 1000) for t in times]
    whole = all(m / 1000 == t for m, t in zip(millis, times))
    columns = {"kind": [e["kind"] for e in events], "seat": [e["seat"] for e in events],
               "bot": [int(e["by_bot"]) for e in events], "move": [e["move"] for e in events],
               "request": {e["version"]: [e["request"]["id"], e["request"]["fp"]] for e in events if "request" in e},
               # a searching bot's reasons (store.pack_event's notes), shown once the game is over
               "search": {e["version"]: e["search"] for e in events if e.get("search")}}
    if whole:
        columns["ms"] = [b - a for a, b in zip([0] + millis, millis)]
    else:
        columns["time"] = times
    # (json_dumps: a searching bot's notes hold floats, which orjson would write as null were one NaN)
    return zlib.compress(json_dumps({"initial": initial, "state": state, "events": columns}), 9)


def unpack_game(blob: bytes) -> tuple[dict, dict, list[EventRecord]]:
    """``pack_game``'s inverse: (initial state, final state, events)."""
    game = loads(zlib.decompress(blob))
    columns = game["events"]
    if "ms" in columns:
        total, times = 0, []
        for step in columns["ms"]:
            total += step
            times.append(total / 1000)
    else:
        times = columns["time"]
    requests = columns["request"]
    out = []
    for i, (kind, seat, bot, move, when) in enumerate(zip(columns["kind"], columns["seat"], columns["bot"],
                                                          columns["move"], times)):
        event = {"version": i + 1, "kind": kind, "seat": seat, "by_bot": bool(bot), "move": move, "time": when}
        search = columns.get("search", {}).get(str(i + 1))  # absent in archives of schema 5 and older
        if search is not None:
            event["search"] = search
        request = requests.get(str(i + 1))
        if request is not None:
            event["request"] = {"id": request[0], "fp": request[1]}
        out.append(event)
    return game["initial"], game["state"], out


def archive(db, live: Live) -> None:
    """Archive the game ``live`` ends (in the transaction of the commit that ends it)."""
    seq = live.seq
    events = unpack_events(db.execute("SELECT version, request_id, event FROM events WHERE seq = ? ORDER BY version",
                                      (seq,)))
    if [e["version"] for e in events] != list(range(1, live.version + 1)):  # not whole in rows (can't be)
        return
    db.execute("INSERT INTO archives (seq, game) VALUES (?, ?)",
               (seq, pack_game(live.record.initial, live.state.to_dict(), events)))
    for table in ("events", "states", "initials"):
        db.execute(f"DELETE FROM {table} WHERE seq = ?", (seq,))
    db.execute("UPDATE games SET state = x'' WHERE seq = ? AND state != x''", (seq,))  # schema 3's


def archived_events(db, seq: int) -> list[EventRecord] | None:
    """A finished game's events from its archive; None if it has none (still running, or
    finished before archives: its events are rows)."""
    row = db.execute("SELECT game FROM archives WHERE seq = ?", (seq,)).fetchone()
    return None if row is None else unpack_game(row[0])[2]

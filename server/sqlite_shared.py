"""The SQLite store shared by the processes of one machine (``boardbot serve --processes N``).

One server process (``shared=False``, the default) holds the file alone (an
exclusive ``flock`` on ``PATH.lock``, released by the kernel however the
process ends): its cache of live games is then always current.
``boardbot serve --processes N`` opens it ``shared``: the N processes of one
machine hold a shared ``flock`` (a server of one process cannot open the file
meanwhile, nor they while it runs) and any of them serves any game, as on
Redis. SQLite serializes their write transactions (WAL: readers never wait),
the commits stay compare-and-set on the event's key (and on the game being in
the file and running), and each process checks a cached game against the file
(its last event's version, one indexed read) before it reads it, applying the
events another process added; a SubmitMove is tried on the cached game
without that read (``speculative_live``), its commit refused if the copy was
behind, and the copy then catches up (``_catch_up``). The
game counts and caps are read in the create's own transaction (``meta``
keeps the number of games), a slow bot seat is played under a lease
(``leases``: one row per game, with an expiry), and a process wakes its
waiters for games another process changed by polling ``PRAGMA data_version``
every ``POLL_SECONDS``.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time

import structlog

from .store import Live, unpack_events

log = structlog.get_logger("boardbot.server")

POLL_SECONDS = 0.02  # how often a process looks for changes other processes made to games it waits on


class SharedFile:
    """``SqliteStore``'s part that only ``shared`` stores use (and ``lease``, which is always
    granted to a store of one process)."""

    _LAST = ("SELECT g.version, (SELECT max(e.version) FROM events e WHERE e.seq = g.seq), g.bot_to_move, g.finished "
             "FROM games g WHERE g.seq = ?")

    def _fresh(self, live: Live) -> Live | None:
        """Shared: the cached ``live`` as the file has it now: itself, advanced by the moves
        other processes appended, or None (deleted, or resigned: read it again). No other
        process committed since it was last checked (``PRAGMA data_version``, which this
        process's own commits leave as it is): itself, without reading it."""
        game_id = live.game_id
        seen = self._db.execute("PRAGMA data_version").fetchone()[0]
        if self._checked.get(game_id) == seen:
            return live
        row = self._db.execute(self._LAST, (live.seq,)).fetchone()
        last = None if row is None else (row[1] if row[1] is not None else row[0])
        if last == live.version:
            self._checked[game_id] = seen
            return live
        if row is None or last < live.version or row[0] > live.version:  # gone, or a snapshot we lack
            self._drop(game_id)
            return None
        state, index = live.state.copy(), self._requests.get(game_id)
        event = None
        rows = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? "
                                "ORDER BY version", (live.seq, live.version)).fetchall()
        for stored, event in zip(rows, unpack_events(rows)):  # (one parse for them all)
            if event["kind"] != "move":  # a resignation changed the record: read it whole
                self._drop(game_id)
                return None
            state.apply(state.game.move_from_dict(event["move"]))
            if index is not None and stored[1] is not None:
                index[stored[1]] = event["version"]
        self._checked[game_id] = seen
        return self._remember(live.replace(state=state, version=event["version"], updated=event["time"],
                                           bot_to_move=bool(row[2]), finished=row[3]))

    def _catch_up(self, game_id: str) -> None:
        """A commit on the cached game was refused: bring the copy up to the file (as a read
        would), so that the call made again, or tried again on the copy, starts from it."""
        self._checked.pop(game_id, None)
        live = self._live.get(game_id)
        if live is not None:
            try:
                self._fresh(live)
            except sqlite3.Error:  # (the transaction itself may have failed): read it whole next time
                self._drop(game_id)

    def _drop(self, game_id: str) -> None:
        """Forget what this process holds of a game (the file is the authority)."""
        self._live.pop(game_id, None)
        self._requests.pop(game_id, None)
        self._snapshots.pop(game_id, None)
        self._checked.pop(game_id, None)

    async def _poll(self) -> None:
        """Shared: wake this process's waiters for games another process changed."""
        seen = None
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                version = self._db.execute("PRAGMA data_version").fetchone()[0]
                if version == seen:
                    continue
                seen = version
                self._wake_changed()
            except sqlite3.Error as err:  # busy or gone for a moment: the next round looks again
                log.warning("sqlite_poll_failed", error=repr(err))

    def _wake_changed(self) -> None:
        """Notify the waiters of every game whose last version in the file is not the one
        cached here (or that is not cached: they read it again)."""
        known = {}
        for game_id in self._waiters.games():
            live = self._live.get(game_id)
            if live is None:
                self._waiters.notify(game_id)
            else:
                known[live.seq] = (game_id, live.version)
        seqs = list(known)
        for at in range(0, len(seqs), 500):
            chunk = seqs[at:at + 500]
            rows = self._db.execute(
                "SELECT g.seq, coalesce((SELECT max(e.version) FROM events e WHERE e.seq = g.seq), g.version) "
                f"FROM games g WHERE g.seq IN ({', '.join('?' * len(chunk))})", chunk).fetchall()
            last = dict(rows)
            for seq in chunk:
                game_id, version = known[seq]
                if last.get(seq) != version:
                    self._waiters.notify(game_id)

    async def lease(self, game_id: str, holder: str, seconds: float) -> bool:
        if not self.shared:
            return True
        seq = self._seq(game_id)
        if seq is None:
            return False
        now = time.time()
        taken = []
        self._transaction(lambda db: taken.append(db.execute(
            "INSERT INTO leases (seq, holder, expires) VALUES (?, ?, ?) ON CONFLICT (seq) DO UPDATE SET "
            "holder = excluded.holder, expires = excluded.expires WHERE holder = excluded.holder OR expires < ?",
            (seq, holder, now + seconds, now)).rowcount == 1) or True)
        return taken[0]

    async def release(self, game_id: str, holder: str) -> None:
        seq = self._seq(game_id) if self.shared else None
        if seq is not None:
            self._transaction(lambda db: db.execute("DELETE FROM leases WHERE seq = ? AND holder = ?",
                                                    (seq, holder)) is not None)

"""Fair shares of the search slots: the callers waiting for a running search, by client
(``boardbot.server.search_queue``'s module docstring says how the queue uses it)."""

from __future__ import annotations

import asyncio
import collections
import itertools
from collections import deque


def admitted(turn: asyncio.Future) -> bool:
    """Whether a waiter's turn came (not cancelled, not pushed out)."""
    return turn.done() and not turn.cancelled() and turn.exception() is None


class FairQueue:
    """The callers waiting for a running search, by client (the module docstring's fair
    shares): first come first served within a client; across clients, the next slot goes to
    the client with the fewest searches running, the longest waiting first among equals.
    ``running`` counts each client's searches admitted and not yet released."""

    def __init__(self):
        self._by_client: dict = {}  # client -> deque of (arrival number, future), oldest first
        self.running: collections.Counter = collections.Counter()
        self._arrivals = itertools.count()
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def append(self, client, turn: asyncio.Future) -> None:
        self._by_client.setdefault(client, deque()).append((next(self._arrivals), turn))
        self._size += 1

    def remove(self, turn: asyncio.Future) -> None:
        for client, waiting in self._by_client.items():
            for entry in waiting:
                if entry[1] is turn:
                    waiting.remove(entry)
                    self._taken(client)
                    return

    def _taken(self, client) -> None:
        self._size -= 1
        if not self._by_client[client]:
            del self._by_client[client]

    def pop_fair(self) -> tuple[object, asyncio.Future]:
        """The next waiter to admit and its client (then counted as running)."""
        client = min(self._by_client, key=lambda c: (self.running[c], self._by_client[c][0][0]))
        _, turn = self._by_client[client].popleft()
        self._taken(client)
        self.running[client] += 1
        return client, turn

    def held(self, client) -> int:
        """The searches ``client`` has running and waiting."""
        return self.running[client] + len(self._by_client.get(client, ()))

    def _pushable(self, client):
        """The client whose newest waiter would make room for a newcomer of ``client``: the one
        holding the most searches, if it holds at least two more than ``client`` (so the two
        come closer to equal shares); else None."""
        most = max(self._by_client, key=self.held, default=None)
        if most is None or most == client or self.held(most) <= self.held(client) + 1:
            return None
        return most

    def has_room_for(self, client) -> bool:
        """Whether a full queue would take a newcomer of ``client`` (``push_out_for``)."""
        return self._pushable(client) is not None

    def push_out_for(self, client) -> asyncio.Future | None:
        """Room for a newcomer of ``client`` in a full queue: the ``_pushable`` client's newest
        waiter, taken out; None if ``client`` holds its share already."""
        most = self._pushable(client)
        if most is None:
            return None
        _, turn = self._by_client[most].pop()
        self._taken(most)
        return turn

    def started(self, client) -> None:
        self.running[client] += 1

    def finished(self, client) -> None:
        self.running[client] -= 1
        if self.running[client] <= 0:
            del self.running[client]

    def cancel_all(self) -> None:
        for waiting in self._by_client.values():
            for _, turn in waiting:
                turn.cancel()
        self._by_client.clear()
        self._size = 0

"""Stubs that call the game master in this process, shaped like the gRPC ones.

``MasterStubs(master, advisor).GetView(request, metadata=..., timeout=...)``
answers as ``GameServiceStub.GetView`` would, through the very code a gRPC
call reaches after its transport (``GameMaster.get_view``), with a ``Call``
made from the metadata and timeout; a streaming method gives an async
iterator with ``cancel()`` and ``done()``, as a grpc.aio call does. Errors
are the master's ``ServiceError``s.
"""

from __future__ import annotations

import asyncio
import re
import time

from boardbot.server.calls import Call
from boardbot.v1 import bot_service_pb2, game_service_pb2


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _call(metadata, timeout: float | None) -> Call:
    authorization = next((value for key, value in metadata or () if key == "authorization"), None)
    return Call(authorization, None if timeout is None else time.monotonic() + timeout)


class _Stream:
    """A streaming call in progress: iterate it; ``cancel()`` ends it."""

    def __init__(self, items):
        self._items = items
        self._done = False
        self._task: asyncio.Task | None = None

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self._done:
            raise StopAsyncIteration
        try:
            self._task = asyncio.ensure_future(self._items.__anext__())
            return await self._task
        except (StopAsyncIteration, asyncio.CancelledError, Exception):
            self._done = True
            raise
        finally:
            self._task = None

    def cancel(self) -> None:
        self._done = True
        if self._task is not None:
            self._task.cancel()

    def done(self) -> bool:
        return self._done


class MasterStubs:
    """GameService and BotService methods of ``master`` and ``advisor``, as stubs."""

    def __init__(self, master, advisor):
        for module, service, target in ((game_service_pb2, "GameService", master),
                                        (bot_service_pb2, "BotService", advisor)):
            for method in module.DESCRIPTOR.services_by_name[service].methods:
                handler = getattr(target, _snake(method.name))
                setattr(self, method.name, self._stream(handler) if method.server_streaming else self._unary(handler))

    @staticmethod
    def _unary(handler):
        async def call(request, metadata=(), timeout=None):
            return await handler(request, _call(metadata, timeout))
        return call

    @staticmethod
    def _stream(handler):
        def call(request, metadata=(), timeout=None):
            return _Stream(handler(request, _call(metadata, timeout)))
        return call

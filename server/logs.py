"""Structured JSON logs (structlog): one line per event, to stderr.

The per-RPC line (``rpc``) is the hot one: one per call, thousands a
second under load. It has its own writer with the same output as
structlog's chain (the same keys in the same order: the fields, ``event``,
``level``, an ISO UTC ``timestamp``), without the processor chain, the
bound-logger proxy and the locked ``print``: about a quarter of the CPU. It
writes the line itself, as ``json.dumps`` would: strings through the json
module's own C escaper, the timestamp's date and time formatted once a
second (the line costs about a third of what the JSON encoder and
``datetime.isoformat`` cost).
``rpc_every`` samples it: 1 (the default) logs every call, N one successful
call in N (every failed call is still logged), 0 no successful call. The
lines of one event-loop turn are written together (one write instead of one
per call).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import sys
import time

import structlog

from .errors import MAX_ECHO, clip

_quoted = json.encoder.encode_basestring_ascii  # what json.dumps(ensure_ascii=True) writes for a str (C)
_encode = json.JSONEncoder(ensure_ascii=True, separators=(", ", ": ")).encode


def _json(value) -> str:
    """``value`` as the JSON encoder writes it (the common types without it)."""
    kind = value.__class__
    if kind is str:
        return _quoted(value)
    if value is None:
        return "null"
    if kind is int:
        return int.__repr__(value)
    if kind is float and math.isfinite(value):
        return float.__repr__(value)
    return _encode(value)


class _Clock:
    """An ISO UTC timestamp as ``datetime.now(timezone.utc).isoformat()`` writes it, with Z for
    +00:00: the date and time formatted once a second."""

    __slots__ = ("second", "prefix")

    def __init__(self) -> None:
        self.second, self.prefix = -1, ""

    def __call__(self) -> str:
        second, ns = divmod(time.time_ns(), 1_000_000_000)
        if second != self.second:
            self.second, self.prefix = second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        micro = ns // 1000
        return f"{self.prefix}.{micro:06d}Z" if micro else f"{self.prefix}Z"


class RpcLog:
    """The per-call line. Until ``configure`` runs, lines go through structlog."""

    def __init__(self) -> None:
        self.stream = None  # None: structlog (unconfigured, or a caller's own structlog config)
        self.enabled = True
        self.every = 1
        self.process = None  # which of several server processes (boardbot serve --processes)
        self._count = 0
        self._pending: list[str] = []
        self._now = _Clock()
        self._methods: dict[str, str] = {}  # method -> the line's start, '{"method": "SubmitMove", "game": '
        self._fallback = structlog.get_logger("boardbot.server")

    def configure(self, stream, enabled: bool = True, every: int = 1, process: int | None = None) -> None:
        if every < 0:
            raise ValueError("rpc_every must be 0 (only failed calls), 1 (every call) or more (1 in N)")
        self.flush()
        self.stream, self.enabled, self.every, self._count = stream, enabled, every, 0
        self.process = process

    def __call__(self, method: str, game, game_id, seat, code: str, duration_ms: float) -> None:
        if self.every != 1 and code == "OK":
            if self.every == 0:
                return
            self._count += 1
            if self._count % self.every:
                return
        # what the caller sent (a game's name, an id) is clipped as in an error's text: five
        # CreateGame(game="x" * 4_000_000) once wrote 20 MB of log
        if game.__class__ is str and len(game) > MAX_ECHO:
            game = clip(game)
        if game_id.__class__ is str and len(game_id) > MAX_ECHO:
            game_id = clip(game_id)
        stream = self.stream
        if stream is None:
            self._fallback.info("rpc", method=method, game=game, game_id=game_id, seat=seat, code=code,
                                duration_ms=duration_ms)
            return
        if not self.enabled:
            return
        start = self._methods.get(method)
        if start is None:
            start = f'{{"method": {_json(method)}, "game": '
            if len(self._methods) < 256:
                self._methods[method] = start
        process = "" if self.process is None else f', "process": {_json(self.process)}'
        # the common cases inline (a game's name, an id, a seat number), the rest as _json says
        game = _quoted(game) if game.__class__ is str else _json(game)
        game_id = _quoted(game_id) if game_id.__class__ is str else _json(game_id)
        seat = int.__repr__(seat) if seat.__class__ is int else _json(seat)
        pending = self._pending
        pending.append(f'{start}{game}, "game_id": {game_id}, "seat": {seat}, "code": {_quoted(code)}, '
                       f'"duration_ms": {_json(duration_ms)}{process}, "event": "rpc", "level": "info", '
                       f'"timestamp": "{self._now()}"}}')
        if len(pending) == 1:
            try:  # the lines of one event-loop turn go out in one write
                asyncio.get_running_loop().call_soon(self.flush)
            except RuntimeError:  # no loop: at once
                self.flush()

    def flush(self) -> None:
        lines, self._pending = self._pending, []
        if not lines or self.stream is None:
            return
        try:
            self.stream.write("\n".join(lines) + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass  # a closed or broken stderr must not fail a call


rpc = RpcLog()


def configure(enabled: bool = True, stream=None, rpc_every: int = 1, process: int | None = None) -> None:
    """JSON lines to ``stream`` (stderr); ``enabled=False`` drops everything below CRITICAL;
    ``rpc_every``: the per-RPC line's sampling (see the module docstring)."""
    stream = stream or sys.stderr
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO if enabled else logging.CRITICAL),
        logger_factory=structlog.PrintLoggerFactory(file=stream),
        cache_logger_on_first_use=False,
    )
    rpc.configure(stream, enabled, rpc_every, process)

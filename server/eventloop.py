"""The event loop for ``boardbot serve`` and ``boardbot loadtest``: uvloop when installed.

With grpc.aio, uvloop takes about 30-40 µs of CPU off every unary call on
each side on the 2-core development machine (bench/grpc_floor.py: 269-276
instead of 308-313 µs on the server, 185-188 instead of 214-218 on the
client, 1,500 calls/s). It is a dependency on Linux and macOS; where it is
missing, or with ``BOARDBOT_EVENT_LOOP=asyncio``, the standard loop runs.
"""

from __future__ import annotations

import asyncio
import os

ENV = "BOARDBOT_EVENT_LOOP"


def choice() -> str:
    """'uvloop' or 'asyncio': what ``run`` uses."""
    wanted = os.environ.get(ENV, "").strip().lower() or "uvloop"
    if wanted not in ("uvloop", "asyncio"):
        raise SystemExit(f"${ENV} must be 'uvloop' or 'asyncio', not {wanted!r}")
    if wanted == "uvloop":
        try:
            import uvloop  # noqa: F401
        except ImportError:
            return "asyncio"
    return wanted


def run(coro):
    """``asyncio.run(coro)`` on the chosen loop."""
    if choice() == "uvloop":
        import uvloop

        return uvloop.run(coro)
    return asyncio.run(coro)

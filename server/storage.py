"""Which store ``boardbot serve`` keeps its games in (``--store``, ``--data-dir``).

* ``sqlite`` (the default) or ``sqlite:PATH``: one SQLite file
  (``boardbot.server.sqlite_store``), shared by the processes of ``--processes N``; without a path ``games.sqlite3`` in the
  data directory: ``--data-dir``, else ``$BOARDBOT_DATA``, else the user's data
  directory (``platformdirs``: ``~/.local/share/boardbot`` on Linux), created
  on first run. ``?synchronous=full`` flushes every commit to the disk.
* ``redis://HOST:PORT[/DB]``: a Redis server shared by any number of server
  processes on any number of machines (``boardbot.server.redis_store``).
* ``memory``: games in the process's memory, gone when it ends (tests, benches).
"""

from __future__ import annotations

import os
import urllib.parse

from .memory_store import InMemoryStore
from .store import GameStore

STORE_ENV = "BOARDBOT_STORE"
DATA_ENV = "BOARDBOT_DATA"
DEFAULT_STORE = "sqlite"
SQLITE_FILE = "games.sqlite3"


def data_dir(given: str | None = None) -> str:
    """Where the SQLite store's file goes: ``given``, else ``$BOARDBOT_DATA``, else the user's data directory."""
    if given:
        return given
    if os.environ.get(DATA_ENV):
        return os.environ[DATA_ENV]
    import platformdirs

    return platformdirs.user_data_dir("boardbot", appauthor=False)


def store_spec(given: str | None = None) -> str:
    """``--store``, else ``$BOARDBOT_STORE``, else ``sqlite``."""
    return given or os.environ.get(STORE_ENV) or DEFAULT_STORE


def make_store(spec: str, data: str | None = None, max_games: int | None = None,
               processes: int = 1) -> GameStore:
    """The store ``spec`` names (see the module docstring); ValueError if it names none.
    Not opened yet (``GameStore.open``). ``processes``: how many server processes share it
    (a SQLite file opened by more than one is opened ``shared``)."""
    if spec == "memory":
        return InMemoryStore(max_games=max_games)
    if spec == "sqlite" or spec.startswith("sqlite:"):
        from .sqlite_store import SqliteStore

        path, _, query = spec[len("sqlite:"):].partition("?")
        options = dict(urllib.parse.parse_qsl(query, strict_parsing=True)) if query else {}
        unknown = set(options) - {"synchronous"}
        if unknown:
            raise ValueError(f"unknown SQLite store option(s): {', '.join(sorted(unknown))} (known: synchronous)")
        path = path or os.path.join(data_dir(data), SQLITE_FILE)
        return SqliteStore(os.path.expanduser(path), options.get("synchronous", "normal").lower(),
                           max_games=max_games, shared=processes > 1)
    if spec.startswith(("redis://", "rediss://", "unix://")):
        from .redis_store import RedisStore

        return RedisStore(spec, max_games=max_games)
    raise ValueError(f"unknown store {spec!r}: use memory, sqlite[:PATH] or redis://HOST:PORT")


def is_shared(spec: str) -> bool:
    """Whether several server processes can serve the games of this store: Redis, from any
    machine; a SQLite file, on its machine (``boardbot serve --processes N``)."""
    return spec.startswith(("redis://", "rediss://", "unix://")) or is_sqlite(spec)


def is_sqlite(spec: str) -> bool:
    return spec == "sqlite" or spec.startswith("sqlite:")

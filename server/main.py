"""Entry points of ``boardbot serve`` and ``boardbot play``."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os


def serve_main(args) -> int:
    from . import logs
    from .app import default_address

    args.address = args.address or default_address()
    http_options(args)
    from .storage import is_shared, is_sqlite, store_spec

    processes = args.processes if args.processes is not None else _env_int("BOARDBOT_PROCESSES", None)
    if processes is None:  # the default: every core on the embedded default store (a fixed port needed)
        processes = cpu_count() if is_sqlite(store_spec(args.store)) and args.address.rsplit(":", 1)[-1] != "0" else 1
    if processes < 1:
        raise SystemExit("boardbot serve: --processes must be >= 1")
    args.processes = processes
    if processes == 1:
        return run_server(args)
    if args.address.rsplit(":", 1)[-1] == "0":
        raise SystemExit("boardbot serve: --processes > 1 needs a fixed port, not 0")

    if not is_shared(store_spec(args.store)):
        raise SystemExit("boardbot serve: --processes > 1 needs a store the processes share: "
                         "--store sqlite[:PATH] or redis://HOST:PORT (docs/storage.md)")
    from .processes import supervise

    logs.configure(rpc_every=args.rpc_log_every)
    return supervise(run_server, args, processes)


def run_server(args, slot=None, ready=None) -> int:
    """One server process: the whole server, or one of ``--processes`` (``slot``:
    ``boardbot.server.processes.Slot``)."""
    from boardbot.server import eventloop

    from . import logs
    from .app import serve
    from .store import StoreUnavailable

    logs.configure(rpc_every=args.rpc_log_every, process=slot.index if slot is not None else None)
    config = server_config(args, slot)
    try:
        return eventloop.run(serve(config, ready=ready))
    except StoreUnavailable as err:
        raise SystemExit(f"boardbot serve: {err}") from None
    finally:
        if config.pool is not None:
            config.pool.close()


def server_config(args, slot=None):
    """The ``ServerConfig`` of ``boardbot serve``'s flags (else the environment, else the
    defaults) for this process (``slot``: one of ``--processes``: its own metrics and
    browser ports). Starts the search pool's workers, last: every flag is checked first."""
    from .config import ServerConfig

    executor = None
    if args.bot_processes > 0:
        executor = concurrent.futures.ProcessPoolExecutor(
            args.bot_processes, mp_context=multiprocessing.get_context("spawn"))
    search = search_options(args)
    store, retention = store_options(args)
    limits = limits_of(args)
    check_open_files(limits, http=args.http_address is not None)
    tls = tls_of(args)
    metrics_address = args.metrics_address or os.environ.get("BOARDBOT_METRICS_ADDRESS") or None
    if metrics_address and slot is not None:  # each process its own port
        host, _, port = metrics_address.rpartition(":")
        metrics_address = f"{host}:{int(port) + slot.index}"
    http_address = args.http_address
    if http_address is not None and slot is not None:  # any process serves any game: each its own port
        host, _, port = http_address.rpartition(":")
        http_address = f"{host}:{int(port) + slot.index if int(port) else 0}"
    pool = None
    if search["ai_workers"] > 0:  # before the server and its threads: forkserver workers
        from boardbot.ai.pool import SearchPool

        pool = SearchPool(search["ai_workers"], nice=search["ai_nice"],
                          max_memory=search["ai_worker_memory"] * (1 << 20) or None)
    return ServerConfig(
        address=args.address, store=store, retention=retention, limits=limits, bot_executor=executor, pool=pool,
        max_searches=search["max_searches"], search_queue_limit=search["search_queue_limit"],
        connections=connection_options(args), slot=slot, metrics_address=metrics_address,
        http_address=http_address, cors_origins=tuple(args.cors_origin), tls=tls,
        reflection_on=not getattr(args, "no_reflection", False))


def tls_of(args):
    """The TLS files from the flags or $BOARDBOT_TLS_*, checked; None for plaintext."""
    from .tls import TlsFiles

    cert = getattr(args, "tls_cert", None) or os.environ.get("BOARDBOT_TLS_CERT")
    key = getattr(args, "tls_key", None) or os.environ.get("BOARDBOT_TLS_KEY")
    client_ca = getattr(args, "tls_client_ca", None) or os.environ.get("BOARDBOT_TLS_CLIENT_CA")
    if not cert and not key and not client_ca:
        return None
    if not cert or not key:
        raise SystemExit("boardbot serve: TLS needs both --tls-cert and --tls-key")
    files = TlsFiles(cert, key, client_ca or None)
    files.check()
    return files


def check_open_files(limits, http: bool) -> None:
    """Lift the open-files limit to its hard limit, and say so in the log if it is still
    below what --max-connections on each port needs (boardbot.server.connections)."""
    import structlog

    from .connections import FILES_RESERVED, raise_open_files_limit

    soft, hard = raise_open_files_limit()
    needed = limits.max_connections * (2 if http else 1) + FILES_RESERVED
    if limits.max_connections and soft < needed:
        structlog.get_logger("boardbot").warning(
            "open_files_limit_low", open_files=soft, hard_limit=hard, needed=needed,
            advice="raise the limit (ulimit -n, LimitNOFILE=) or lower --max-connections")


def limits_of(args):
    """The ``Limits`` from ``boardbot serve``'s flags."""
    import dataclasses

    from .limits import Limits, trusted_networks
    from .quotas import parse_quota

    values = {f.name: getattr(args, f.name) for f in dataclasses.fields(Limits) if hasattr(args, f.name)}
    for name, value in values.items():
        if value < 0:
            raise SystemExit(f"boardbot serve: --{name.replace('_', '-')} must be >= 0")
    values.pop("quotas", None)
    quotas = []
    for text in getattr(args, "quota", None) or os.environ.get("BOARDBOT_QUOTAS", "").split(";"):
        if text.strip():
            try:
                quotas.append(parse_quota(text))
            except ValueError as err:
                raise SystemExit(f"boardbot serve: --quota {text!r}: {err}") from None
    values["quotas"] = tuple(quotas)
    proxies = getattr(args, "trusted_proxy", None) or [os.environ.get("BOARDBOT_TRUSTED_PROXIES", "")]
    try:
        values["trusted_proxies"] = trusted_networks(proxies)
    except ValueError as err:
        raise SystemExit(f"boardbot serve: --trusted-proxy {err}") from None
    return Limits(**values)


def http_options(args) -> None:
    """``--http-address`` and ``--cors-origin``: flags, else environment, else defaults
    (``args.http_address`` None when the browser port is off)."""
    from .http_port import CORS_ENV, DEFAULT_HTTP_ADDRESS, HTTP_ADDRESS_ENV, split_address

    address = getattr(args, "http_address", None) or os.environ.get(HTTP_ADDRESS_ENV) or DEFAULT_HTTP_ADDRESS
    if address.strip().lower() in ("off", "none", ""):
        address = None
    else:
        try:
            split_address(address)
        except ValueError as err:
            raise SystemExit(f"boardbot serve: --http-address: {err}") from None
    args.http_address = address
    origins = getattr(args, "cors_origin", None)
    if origins is None:
        origins = [o.strip() for o in os.environ.get(CORS_ENV, "").split(",") if o.strip()]
    for origin in origins:
        if origin != "*" and not origin.startswith(("http://", "https://")):
            raise SystemExit(f"boardbot serve: --cors-origin takes an origin such as https://example.com, "
                             f"not {origin!r}")
    args.cors_origin = list(origins)


def connection_options(args):
    from .config import ConnectionOptions

    return ConnectionOptions(
        keepalive_time=args.keepalive_time, keepalive_timeout=args.keepalive_timeout,
        max_connection_age=args.max_connection_age, max_connection_age_grace=args.max_connection_age_grace)


DEFAULT_MAX_GAMES = 100_000


def store_options(args) -> tuple:
    """The store (not opened yet) and the retention of finished games (None: for ever):
    flags, else environment, else defaults."""
    from .master import DEFAULT_RETENTION
    from .storage import make_store, store_spec

    retention = args.retention if args.retention is not None else _env_float("BOARDBOT_RETENTION", DEFAULT_RETENTION)
    max_games = args.max_games if args.max_games is not None else _env_int("BOARDBOT_MAX_GAMES", DEFAULT_MAX_GAMES)
    if retention < 0 or max_games < 0:
        raise SystemExit("boardbot serve: --retention and --max-games must be >= 0")
    try:
        store = make_store(store_spec(args.store), args.data_dir, max_games=max_games or None,
                           processes=getattr(args, "processes", None) or 1)
    except ValueError as err:
        raise SystemExit(f"boardbot serve: --store: {err}") from None
    return store, retention or None


def _env_float(name: str, default):
    return _env_int(name, default, float, "a number")


def _env_int(name: str, default, kind=int, what: str = "an integer"):
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return kind(raw)
    except ValueError:
        raise SystemExit(f"boardbot serve: ${name} must be {what}, not {raw!r}") from None


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def search_options(args) -> dict:
    """The search pool and queue settings: flags, else environment, else defaults."""
    # the CPUs are shared out between the server processes (--processes)
    per_process = max(1, cpu_count() // max(1, getattr(args, "processes", None) or 1))
    workers = args.ai_workers if args.ai_workers is not None else _env_int("BOARDBOT_AI_WORKERS", per_process)
    args.ai_workers = workers
    out = {
        "ai_workers": workers,
        "ai_nice": args.ai_nice if args.ai_nice is not None else _env_int("BOARDBOT_AI_NICE", 5),
        "ai_worker_memory": (getattr(args, "ai_worker_memory", None) if getattr(args, "ai_worker_memory", None)
                             is not None else _env_int("BOARDBOT_AI_WORKER_MEMORY", 4096)),
        "max_searches": (args.max_searches if args.max_searches is not None
                         else _env_int("BOARDBOT_MAX_SEARCHES", None)),
        "search_queue_limit": (args.search_queue_limit if args.search_queue_limit is not None
                               else _env_int("BOARDBOT_SEARCH_QUEUE_LIMIT", None)),
    }
    if workers < 0:
        raise SystemExit("boardbot serve: --ai-workers must be >= 0")
    if out["ai_worker_memory"] < 0:
        raise SystemExit("boardbot serve: --ai-worker-memory must be >= 0")
    if out["max_searches"] is not None and out["max_searches"] < 1:
        raise SystemExit("boardbot serve: --max-searches must be >= 1")
    if out["search_queue_limit"] is not None and out["search_queue_limit"] < 0:
        raise SystemExit("boardbot serve: --search-queue-limit must be >= 0")
    return out

"""CPU time of process trees, and the server behind a port, through psutil.

``find_listeners(port)`` is every process listening on a TCP port (top-most
only: a child sharing its parent's socket counts with the parent);
``server_roots`` goes up from them to the ``boardbot serve`` that started
them. ``ProcessCPU`` sums user and system time of processes and their live
descendants (``boardbot serve --bot-processes N`` plays bots in child
processes), plus the time of children they have already reaped.
"""

from __future__ import annotations

import ipaddress
import socket
import time

import psutil

_GONE = (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess)


def _cpu_seconds(process: psutil.Process, reaped_children: bool) -> float | None:
    try:
        t = process.cpu_times()
    except _GONE:
        return None
    return t.user + t.system + (t.children_user + t.children_system if reaped_children else 0.0)


def _descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except _GONE:
        return []


def _ancestors(pid: int) -> list[psutil.Process]:
    """Parent first, up to (not including) init."""
    try:
        return [p for p in psutil.Process(pid).parents() if p.pid > 1]
    except _GONE:
        return []


class ProcessCPU:
    """CPU seconds of one or more process trees.

    The descendants are looked up at most every ``rescan_seconds`` (a child
    started in between is counted from the next look on; one that exits is in
    its parent's reaped-children time once reaped)."""

    def __init__(self, pids: list[int], rescan_seconds: float = 2.0):
        self.roots = [psutil.Process(pid) for pid in pids if psutil.pid_exists(pid)]
        self.rescan_seconds = rescan_seconds
        self._children: list[psutil.Process] = []
        self._scanned = float("-inf")

    def read(self) -> float | None:
        now = time.monotonic()
        if now - self._scanned >= self.rescan_seconds:
            self._children = [child for root in self.roots for child in _descendants(root.pid)]
            self._scanned = now
        own = [cpu for cpu in (_cpu_seconds(root, True) for root in self.roots) if cpu is not None]
        if not own:
            return None
        return sum(own) + sum(_cpu_seconds(child, False) or 0.0 for child in self._children)


def self_cpu_seconds() -> float:
    """This process's user + system time."""
    return _cpu_seconds(psutil.Process(), False)


def split_target(target: str) -> tuple[str, int]:
    host, _, port = target.rpartition(":")
    return host.strip("[]"), int(port)


def is_local(host: str) -> bool:
    """True when ``host`` is this machine (loopback, unspecified, or one of its addresses)."""
    if host in ("", socket.gethostname()):
        return True
    try:
        addresses = {ipaddress.ip_address(info[4][0].split("%")[0]) for info in socket.getaddrinfo(host, None)}
    except (OSError, ValueError):
        return False
    local = {a.address.split("%")[0] for addrs in psutil.net_if_addrs().values() for a in addrs}
    return all(a.is_loopback or a.is_unspecified or str(a) in local for a in addresses)


def find_listeners(port: int) -> list[int]:
    """The processes listening on TCP ``port`` (visible to this user), top-most only."""
    pids = {c.pid for c in psutil.net_connections("tcp")
            if c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port and c.pid}
    return sorted(pid for pid in pids if not any(p.pid in pids for p in _ancestors(pid)))


def _is_boardbot_serve(process: psutil.Process) -> bool:
    try:
        args = process.cmdline()
    except _GONE:
        return False
    names = " ".join(args[:3])
    return "serve" in args and ("boardbot" in names or "boardbot.tools.cli" in names)


def server_roots(pids: list[int]) -> list[int]:
    """For each listener, the top-most ``boardbot serve`` process above it (itself
    when none): with ``--processes N`` the process on the port is one of N, and
    the whole server is the tree of the ``boardbot serve`` that started them."""
    roots = []
    for pid in pids:
        serving = [p.pid for p in _ancestors(pid) if _is_boardbot_serve(p)]
        root = serving[-1] if serving else pid
        if root not in roots:
            roots.append(root)
    return [r for r in roots if not any(other != r and r in {p.pid for p in _descendants(other)} for other in roots)]

"""CPU time of processes, from /proc (Linux); no dependency.

``find_listener(port)`` finds the process listening on a TCP port through
/proc/net/tcp{,6} (the socket's inode) and /proc/<pid>/fd (who holds it):
only processes of the same user are visible, which is the usual case for a
server started on this machine for a load test. ``ProcessCPU`` sums user and
system time of a process and its live descendants (``boardbot serve
--bot-processes N`` plays bots in child processes), plus the time of
children it has already reaped.
"""

from __future__ import annotations

import ipaddress
import os
import resource
import socket
import time

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
LISTEN = "0A"


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read().decode("ascii", "replace")
    except OSError:
        return None
    # the command name is in parentheses and may contain spaces: split after the last ')'
    return data[data.rfind(")") + 2:].split()


def process_cpu_seconds(pid: int, reaped_children: bool = True) -> float | None:
    """utime + stime (+ cutime + cstime) of one process, in seconds."""
    fields = _stat_fields(pid)
    if fields is None:
        return None
    # fields[0] is field 3 (state): utime = field 14, stime 15, cutime 16, cstime 17
    ticks = int(fields[11]) + int(fields[12])
    if reaped_children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / CLOCK_TICKS


def descendants(pid: int) -> list[int]:
    """Live descendants of ``pid`` (children, grandchildren, ...)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for name in entries:
        if not name.isdigit():
            continue
        fields = _stat_fields(int(name))
        if fields is None:
            continue
        children.setdefault(int(fields[1]), []).append(int(name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), ()):
            out.append(child)
            todo.append(child)
    return out


class ProcessCPU:
    """CPU seconds of one or more process trees, sampled over time.

    Finding the descendants reads every process's stat in /proc, so it is done
    at most every ``rescan_seconds`` (a child started in between is counted
    from the next scan on; one that exits is in its parent's reaped-children
    time once reaped)."""

    def __init__(self, pids: list[int], rescan_seconds: float = 2.0):
        self.pids = list(pids)
        self.samples: list[tuple[float, float]] = []  # (monotonic time, cpu seconds)
        self.rescan_seconds = rescan_seconds
        self._children: list[int] = []
        self._scanned = float("-inf")

    def read(self) -> float | None:
        now = time.monotonic()
        if now - self._scanned >= self.rescan_seconds:
            self._children = [child for pid in self.pids for child in descendants(pid)]
            self._scanned = now
        total, seen = 0.0, False
        for pid in self.pids:
            own = process_cpu_seconds(pid)
            if own is None:
                continue
            seen = True
            total += own
        if not seen:
            return None
        for child in self._children:
            cpu = process_cpu_seconds(child, reaped_children=False)
            if cpu is not None:
                total += cpu
        return total

    def sample(self, now: float) -> float | None:
        cpu = self.read()
        if cpu is not None:
            self.samples.append((now, cpu))
        return cpu


def self_cpu_seconds() -> float:
    """This process's user + system time."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def split_target(target: str) -> tuple[str, int]:
    host, _, port = target.rpartition(":")
    host = host.strip("[]")
    return host, int(port)


def is_local(host: str) -> bool:
    """True when ``host`` is this machine (loopback, unspecified, or one of its names)."""
    if host in ("", "localhost", socket.gethostname()):
        return True
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        try:
            addr = ipaddress.ip_address(socket.gethostbyname(host))
        except (OSError, ValueError):
            return False
    if addr.is_loopback or addr.is_unspecified:
        return True
    try:
        local = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)}
    except OSError:
        local = set()
    return str(addr) in local


def _listening_inodes(port: int) -> set[str]:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    parts = line.split()
                    if len(parts) < 10 or parts[3] != LISTEN:
                        continue
                    if int(parts[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(parts[9])
        except (OSError, StopIteration):
            continue
    return inodes


def find_listeners(port: int) -> list[int]:
    """The processes listening on TCP ``port`` (visible to this user), top-most
    only: a child sharing its parent's socket is counted with the parent."""
    inodes = _listening_inodes(port)
    if not inodes:
        return []
    wanted = {f"socket:[{i}]" for i in inodes}
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        fd_dir = f"/proc/{name}/fd"
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"{fd_dir}/{fd}") in wanted:
                    found.append(int(name))
                    break
            except OSError:
                continue
    pids = set(found)
    top = []
    for pid in sorted(pids):
        ancestor, is_top = pid, True
        for _ in range(64):  # walk up: is any ancestor also a listener?
            fields = _stat_fields(ancestor)
            if fields is None:
                break
            ancestor = int(fields[1])
            if ancestor in pids:
                is_top = False
                break
            if ancestor <= 1:
                break
        if is_top:
            top.append(pid)
    return top


def _cmdline(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [part.decode(errors="replace") for part in f.read().split(b"\0") if part]
    except OSError:
        return []


def _is_boardbot_serve(pid: int) -> bool:
    args = _cmdline(pid)
    names = " ".join(args[:3])
    return "serve" in args and ("boardbot" in names or "boardbot.tools.cli" in names)


def server_roots(pids: list[int]) -> list[int]:
    """For each listener, the top-most ``boardbot serve`` process above it (itself
    when none): with ``--processes N`` the process on the port is one of N, and
    the whole server is the tree of the ``boardbot serve`` that started them."""
    roots = []
    for pid in pids:
        root, ancestor = pid, pid
        for _ in range(64):
            fields = _stat_fields(ancestor)
            if fields is None:
                break
            ancestor = int(fields[1])
            if ancestor <= 1:
                break
            if _is_boardbot_serve(ancestor):
                root = ancestor
        if root not in roots:
            roots.append(root)
    return [r for r in roots if not any(other != r and r in descendants(other) for other in roots)]

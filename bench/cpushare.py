"""A fixed CPU share per process tree, for benchmarks on a small, shared machine.

``CpuShares(share)`` makes one cgroup per name, each with a CPU quota of ``share`` CPUs, under a
parent cgroup of its own; it removes them all on ``close()`` (processes still in them are moved
back where this process lives first). Whichever the machine has, in this order:

- cgroup v2 with the ``cpu`` controller: ``cpu.max`` = ``"<quota> <period>"``, ``cpu.weight``;
- cgroup v1's ``cpu`` controller: ``cpu.cfs_quota_us`` / ``cpu.cfs_period_us``, ``cpu.shares``;
- neither writable: ``taskset``, one CPU per name in turn (a whole CPU, not ``share``: the table
  says so).

Why a weight as well as a quota: a quota is a ceiling, not a promise. A cgroup competes with the
other runnable tasks of its parent as one entity of weight ``cpu.shares`` (1024 by default,
the weight of one task), so on a machine where twenty other processes run, a confined replica
would get a twentieth of a CPU, not its share. The parent group gets the weight of ``weight``
tasks, so each replica reaches its quota and never more; an uncapped group (the load: clients
and the balancer) weighs ``weight`` times a capped one inside it, so it is not starved either.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from pathlib import Path

PERIOD_US = 100_000
V1_CPU = Path("/sys/fs/cgroup/cpu")


def _v2_root() -> Path | None:
    """The cgroup2 mount whose controllers include ``cpu`` (and where this process lives in it)."""
    for line in Path("/proc/self/mounts").read_text().splitlines():
        _, where, kind, *_ = line.split()
        controllers = Path(where) / "cgroup.controllers"
        if kind == "cgroup2" and controllers.exists() and "cpu" in controllers.read_text().split():
            lines = Path("/proc/self/cgroup").read_text().splitlines()
            own = next((line.split(":", 2)[2] for line in lines if line.startswith("0::")), "/")
            return Path(where) / own.lstrip("/")
    return None


def _v1_root() -> Path | None:
    if not (V1_CPU / "cpu.cfs_quota_us").exists():
        return None
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpu" in controllers.split(","):
            return V1_CPU / path.lstrip("/")
    return V1_CPU


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (an upstream runs in a session of its own)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children.get(current, [])
    return found


class CpuShares:
    def __init__(self, share: float, *, weight: int = 32) -> None:
        self.share, self.weight = share, weight
        self.groups: dict[str, Path] = {}
        self.tag = f"compile-ui-bench-{os.getpid()}"
        self.mode, self.home = self._choose()
        self.base = self.home / self.tag if self.mode != "taskset" else self.home
        if self.mode == "v2":
            self.base.mkdir()
            (self.home / "cgroup.subtree_control").write_text("+cpu")
            (self.base / "cgroup.subtree_control").write_text("+cpu")
            (self.base / "cpu.weight").write_text(str(100 * weight))
        elif self.mode == "v1":
            self.base.mkdir()
            (self.base / "cpu.shares").write_text(str(1024 * weight))
        self._next_cpu = 0

    def _choose(self) -> tuple[str, Path]:
        for mode, root in (("v2", _v2_root()), ("v1", _v1_root())):
            if root is not None and os.access(root, os.W_OK):
                return mode, root
        if shutil.which("taskset") is None:
            raise SystemExit("cpushare: no writable cgroup CPU controller and no taskset")
        return "taskset", Path("/")

    def describe(self) -> str:
        if self.mode == "taskset":
            return "each replica pinned to one CPU with taskset (no writable cgroup): a whole CPU each, not a share"
        knob = "cpu.max" if self.mode == "v2" else "cpu.cfs_quota_us"
        return f"each replica and its upstream capped at {self.share:g} CPU (cgroup {self.mode}, {knob})"

    def group(self, name: str, *, quota: bool = True) -> Path:
        """A child cgroup ``name``: with ``quota``, capped at ``share`` CPUs; else weighted only."""
        path = self.base / name
        if self.mode == "taskset" or name in self.groups:
            return path
        path.mkdir()
        limit = int(self.share * PERIOD_US)
        scale = 1 if quota else self.weight
        if self.mode == "v2":
            (path / "cpu.max").write_text(f"{limit if quota else 'max'} {PERIOD_US}")
            (path / "cpu.weight").write_text(str(100 * scale))
        else:
            (path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (path / "cpu.cfs_quota_us").write_text(str(limit if quota else -1))
            (path / "cpu.shares").write_text(str(1024 * scale))
        self.groups[name] = path
        return path

    def confine(self, name: str, pid: int, *, quota: bool = True) -> None:
        """``pid`` and its descendants into group ``name`` (children started later follow them)."""
        if self.mode == "taskset":
            cpu = self._next_cpu % (os.cpu_count() or 1)
            self._next_cpu += 1
            for each in descendants(pid):
                subprocess.run(["taskset", "-a", "-p", "-c", str(cpu), str(each)], capture_output=True, check=False)
            return
        procs = self.group(name, quota=quota) / "cgroup.procs"
        for each in descendants(pid):
            with contextlib.suppress(ProcessLookupError, OSError):
                procs.write_text(str(each))


    def periods(self, name: str) -> tuple[int, int]:
        """Group ``name``'s scheduler periods so far and how many of them hit its quota
        (``cpu.stat``; the same two counters in v1 and v2); (0, 0) with ``taskset``."""
        path = self.groups.get(name)
        if path is None:
            return 0, 0
        stat = dict(line.split() for line in (path / "cpu.stat").read_text().splitlines() if len(line.split()) == 2)
        return int(stat.get("nr_periods", 0)), int(stat.get("nr_throttled", 0))

    def close(self) -> None:
        """Every process left in our groups back home, then the groups removed (children first)."""
        if self.mode == "taskset":
            return
        for path in [*self.groups.values(), self.base]:
            with contextlib.suppress(OSError):
                for pid in (path / "cgroup.procs").read_text().split():
                    with contextlib.suppress(OSError):
                        (self.home / "cgroup.procs").write_text(pid)
            with contextlib.suppress(OSError):
                path.rmdir()
        self.groups.clear()

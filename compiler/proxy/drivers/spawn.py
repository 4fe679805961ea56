"""The stdio upstream's command line, wrapped so that the upstream dies with the proxy.

Linux sends a process its parent-death signal (``prctl(PR_SET_PDEATHSIG)``) when its parent
dies, even by SIGKILL; it has to be set by the child itself, between ``fork`` and ``exec``. The
proxy used to set it with ``preexec_fn``, which runs Python in the forked child: Python documents
that as unsafe in a process with threads (the child has only the forking thread, and a lock
another thread held at the fork — an import's module lock, a C library's lock — is never
released there), and the proxy has threads (the store's worker, the model SDK's import).
Instead, the child ``exec``s a small program that sets the signal and then ``exec``s the upstream,
so nothing but ``exec`` happens in the forked copy of the proxy:

    setpriv --pdeathsig KILL -- /bin/sh -c '[ "$PPID" = "$1" ] || exit 1; shift; exec "$@"' sh <proxy pid> COMMAND…

- ``setpriv`` (util-linux; ``/usr/bin/setpriv`` on Debian and most distributions) sets the signal
  and ``exec``s the shell; the shell checks that its parent is still the proxy — had the proxy
  died between the fork and the ``prctl``, the signal would never come (the child then has a new
  parent), so it exits instead — and ``exec``s the upstream. Each ``exec`` keeps the process:
  the pid the proxy reports and signals (and the process group it leads, ``start_new_session``)
  is the upstream's own, and so is the exit status the proxy reads. The signal survives
  ``exec`` (not of a set-user-ID program). It costs two small ``exec``s, about 1–2 ms a start.
- Where ``setpriv`` or ``/bin/sh`` is missing (a distroless image), the same steps run in a Python
  of the proxy's own (``-I -S``: no site, nothing of the environment), a fresh single-threaded
  process where ``ctypes`` is safe; it costs an interpreter's start (about 20 ms).
- Elsewhere than Linux there is no parent-death signal: the command runs as given, and the
  process group's signals of an orderly stop are what ends it.

The signal is sent when the thread that forked the child ends, not the process: the upstream is
forked by the event loop's thread, which lives as long as the proxy. It reaches the upstream
itself, not its own children (those of an ``npx`` wrapper are reached by the group's signals of
an orderly stop).
"""

from __future__ import annotations

import errno
import functools
import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from typing import Literal

SHELL_CHECK = '[ "$PPID" = "$1" ] || exit 1; shift; exec "$@"'
"""Run by ``/bin/sh`` after ``setpriv`` set the signal: ``$1`` is the proxy's pid."""
PYTHON_WRAPPER = (
    "import ctypes, os, sys\n"
    "ctypes.CDLL(None, use_errno=True).prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL\n"
    "if os.getppid() != int(sys.argv[1]): sys.exit(1)\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)
"""The same steps where ``setpriv`` or a shell is missing."""


@functools.cache
def _tools() -> tuple[str, str] | None:
    setpriv, shell = shutil.which("setpriv"), "/bin/sh"
    if setpriv is None or not os.access(shell, os.X_OK):
        return None
    return setpriv, shell


def wrapped(command: Sequence[str], *, via: Literal["setpriv", "python"] | None = None, parent: int | None = None,
            platform: str = sys.platform) -> list[str]:
    """``command`` as the upstream's process runs it: it gets SIGKILL when ``parent`` (this
    process: the one that starts it) dies. ``via`` one wrapper, or the best this machine has."""
    if not platform.startswith("linux"):
        return list(command)
    expected = str(os.getpid() if parent is None else parent)
    tools = _tools() if via != "python" else None
    if tools is None:
        return [sys.executable, "-I", "-S", "-c", PYTHON_WRAPPER, expected, *command]
    setpriv, shell = tools
    return [setpriv, "--pdeathsig", "KILL", "--", shell, "-c", SHELL_CHECK, "sh", expected, *command]


def check_program(command: Sequence[str], env: Mapping[str, str] | None, cwd: str | None) -> None:
    """Raise ``FileNotFoundError`` (as starting it would, without a wrapper) when the program is
    not there: a wrapper would start, fail to ``exec`` it and exit, and the proxy would log an
    upstream that started and exited instead of the missing program."""
    program = command[0] if command else ""
    if os.sep in program:
        found = shutil.which(os.path.join(cwd or os.getcwd(), program))
    else:
        found = shutil.which(program, path=(os.environ if env is None else env).get("PATH", os.defpath))
    if not found:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)

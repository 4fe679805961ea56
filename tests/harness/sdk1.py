"""The ``mcp`` 1.x Python SDK (handshake era only) in a venv of its own, for upstreams built on it.

The test venv has ``mcp`` 2.x, whose servers answer both eras; most servers in the wild are on the
1.x line (``initialize`` only), and that is the upstream a 2026-07-28 host meets through the proxy.
``python()`` returns a Python with ``mcp==SDK1`` installed from PyPI (pip, the ordinary client),
built once per machine under the system temp directory (a lock keeps two pytest workers from
building it twice) and reused by later runs.
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SDK1 = "1.30.0"
HOME = Path(tempfile.gettempdir()) / f"compile-ui-tests-mcp-{SDK1}"


def python() -> str:
    """A Python interpreter that imports ``mcp`` ``SDK1``."""
    venv = HOME / "venv"
    interpreter = venv / "bin" / "python"
    HOME.mkdir(exist_ok=True)
    with open(HOME / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (HOME / "ready").exists():
            shutil.rmtree(venv, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(interpreter), "-m", "pip", "install", "-q", f"mcp=={SDK1}"], check=True)
            (HOME / "ready").write_text(SDK1)
    return str(interpreter)

"""What a bench needs beyond the demo's ``pip install .``, checked before it imports anything.

    from needs import require
    require(__file__, "browser", "npm")

A bench that lacks something exits with status 2 and one line naming what to install, instead of
a traceback from deep inside (``FileNotFoundError`` from esbuild, ``ImportError`` for Playwright).
``bash scripts/test.sh`` (the README's test command) installs all of it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "tests" / "js" / "node_modules"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def _missing(need: str) -> list[str]:
    """What is missing for ``need`` (``browser``: Chromium driven by Playwright through the
    official AppBridge host; ``npm``: the tests' npm packages, real MCP servers and hosts)."""
    if need == "browser":
        out = [] if os.access(CHROMIUM, os.X_OK) else [f"Chromium at {CHROMIUM} (apt-get install -y chromium)"]
        if importlib.util.find_spec("playwright") is None:
            out.append("Playwright for Python (pip install -e '.[test]')")
        return out + _missing("npm")
    if need == "npm":
        out = [] if shutil.which("node") else ["Node.js (apt-get install -y nodejs npm)"]
        if not (NODE_MODULES / "@modelcontextprotocol").is_dir():
            out.append("the tests' npm packages (cd tests/js && npm ci)")
        return out
    raise ValueError(f"unknown need {need!r}")


def require(script: str, *needs: str) -> None:
    missing = list(dict.fromkeys(m for need in needs for m in _missing(need)))
    if missing:
        print(f"{Path(script).name} needs {'; '.join(missing)}; `bash scripts/test.sh` installs all of it",
              file=sys.stderr)
        raise SystemExit(2)

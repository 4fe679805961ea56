"""Plan an export — every page and the manifest, made whole in memory — then write only what
changed. Re-running with unchanged tools rewrites nothing (no file is touched); a page whose
tool is gone is removed, but only a file the previous manifest listed (never anything else).

manifest.json (keys sorted, no timestamps, so it is stable byte for byte)::

    {"generator": "compile-ui 0.1.0", "runtimeVersion": "…", "mimeType": "text/html;profile=mcp-app",
     "tools": {"forecast": {"uri": "ui://compile-ui/forecast", "file": "forecast.html", "sha256": "…",
                            "toolSha256": "…", "layout": "heuristic"}}}
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..apps import APP_MIME_TYPE, app_of, ui_uri
from ..compile.leads import index
from ..compile_cli import write_atomic
from ..pipeline import build_page, page_file_name
from ..tools import Tool

MANIFEST = "manifest.json"


@dataclass
class Plan:
    pages: dict[str, bytes] = field(default_factory=dict)  # file name → bytes
    manifest: dict[str, Any] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # tool → its own app's uri


def plan(tools: list[Tool], generator: str, runtime_version: str, listed: list[Tool] | None = None) -> Plan:
    """Each tool's page, compiled with the whole list (``listed``, else ``tools``: issue 41's links
    and paging), read once."""
    result = Plan()
    entries: dict[str, Any] = {}
    whole = index(tools if listed is None else listed)
    for tool in tools:
        own = app_of(tool)
        if own is not None:
            result.skipped[tool["name"]] = own
            continue
        page = build_page(tool, asks=False, tools=whole).encode()  # no proxy serves it: no questions asked in it
        name = _unique(page_file_name(tool["name"]), result.pages)
        result.pages[name] = page
        entries[tool["name"]] = {"uri": ui_uri(tool["name"]), "file": name, "sha256": _sha(page),
                                 "toolSha256": _sha(json.dumps(tool, sort_keys=True).encode()), "layout": "heuristic"}
    result.manifest = {"generator": generator, "runtimeVersion": runtime_version, "mimeType": APP_MIME_TYPE,
                       "tools": entries}
    return result


@dataclass
class Outcome:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    manifest: str = "unchanged"


def write(directory: Path, plan: Plan) -> Outcome:
    outcome = Outcome()
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in plan.pages.items():
        (outcome.unchanged if _same(directory / name, data) else outcome.written).append(name)
        if name in outcome.written:
            _write(directory / name, data)
    for stale in sorted(_previous_files(directory) - set(plan.pages)):
        (directory / stale).unlink(missing_ok=True)
        outcome.removed.append(stale)
    manifest = (json.dumps(plan.manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
    if not _same(directory / MANIFEST, manifest):
        _write(directory / MANIFEST, manifest)
        outcome.manifest = "written"
    return outcome


def _write(path: Path, data: bytes) -> None:
    """Atomically, and readable as any new file is here (the temporary file is private)."""
    write_atomic(path, data)
    umask = os.umask(0)
    os.umask(umask)
    path.chmod(0o666 & ~umask)


def _previous_files(directory: Path) -> set[str]:
    try:
        tools = json.loads((directory / MANIFEST).read_text()).get("tools") or {}
    except (OSError, ValueError, AttributeError):
        return set()
    files = {entry.get("file") for entry in tools.values() if isinstance(entry, dict)}
    # only plain page names this command could have written: never a path out of the folder
    return {f for f in files if isinstance(f, str) and f == page_file_name(f[:-5]) and f.endswith(".html")}


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


def _unique(name: str, taken: dict[str, bytes]) -> str:
    stem, n = name[:-5], 2
    while name in taken:
        name, n = f"{stem}-{n}.html", n + 1
    return name


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()

"""One host config file: read it strictly, merge or remove one server entry, write it back safely.

Writing: nothing when the result equals what is there (so running twice changes nothing); else a
timestamped copy of the old file first, then the new text through a temporary file in the same
folder renamed over the old one (atomic: a reader sees the old file or the new, never half).
Formatting is kept where JSON allows it: key order, the file's indent, its final newline.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import messages
from ..errors import fail
from ..jsonread import json_kind, parse_json


@dataclass
class ConfigFile:
    path: Path
    text: str | None  # None: the file does not exist yet
    data: dict[str, Any]

    @property
    def indent(self) -> str:
        found = re.search(r"^[ \t]*[{\[][ \t]*\r?\n([ \t]+)\S", self.text or "", re.MULTILINE)
        return found.group(1) if found else "  "

    def render(self, data: dict[str, Any]) -> str:
        text = json.dumps(data, indent=self.indent, ensure_ascii=False)
        ending = "\n" if self.text is None or self.text.endswith("\n") else ""
        return text + ending


def read(path: Path, servers_key: str) -> ConfigFile:
    """The file's JSON; a ``CompileUIError`` (file and JSON Pointer) if it is not a usable config."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ConfigFile(path, None, {})
    except (OSError, UnicodeDecodeError) as error:
        fail(messages.CANNOT_READ, source=str(path), detail=getattr(error, "strerror", None) or str(error))
    data = parse_json(text, str(path)) if text.strip() else {}
    if not isinstance(data, dict):
        fail(messages.INSTALL_NOT_OBJECT, source=str(path), what="the file", kind=json_kind(data))
    servers = data.get(servers_key, {})
    if not isinstance(servers, dict):
        fail(messages.INSTALL_NOT_OBJECT, source=str(path), pointer=f"/{servers_key}", what=servers_key, kind=json_kind(servers))
    return ConfigFile(path, text, data)


def with_entry(config: ConfigFile, servers_key: str, name: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of the file's data with ``name`` set to ``entry`` (in place if it was there)."""
    data = copy.deepcopy(config.data)
    data.setdefault(servers_key, {})[name] = entry
    return data


def without_entry(config: ConfigFile, servers_key: str, name: str) -> dict[str, Any]:
    servers = config.data.get(servers_key, {})
    if name not in servers:
        fail(messages.INSTALL_NOT_INSTALLED, source=str(config.path), pointer=f"/{servers_key}",
             name=name, names=", ".join(servers) or "none")
    data = copy.deepcopy(config.data)
    del data[servers_key][name]
    return data


def write(config: ConfigFile, text: str) -> Path | None:
    """Back up the old file (its copy's path is returned; None for a new file), then replace it."""
    backup = _backup(config.path) if config.text is not None else None
    config.path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=config.path.parent, prefix=f".{config.path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        if config.text is not None:
            shutil.copymode(config.path, tmp)
        os.replace(tmp, config.path)
    except OSError as error:
        Path(tmp).unlink(missing_ok=True)
        fail(messages.CANNOT_WRITE, source=str(config.path), detail=error.strerror or str(error))
    return backup


def _backup(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        backup = path.with_name(f"{path.name}.{stamp}{'-' + str(n) if n else ''}.bak")
        if not backup.exists():
            try:
                shutil.copy2(path, backup)
            except OSError as error:
                fail(messages.CANNOT_WRITE, source=str(backup), detail=error.strerror or str(error))
            return backup
    fail(messages.CANNOT_WRITE, source=str(path), detail="too many backups this second")

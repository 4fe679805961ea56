"""The field corpus itself (scripts/record_field.py): every recording, in ``fixtures/field/`` and
in ``fixtures/field-pending/`` (the ones today's views show wrongly), says what it ran — server,
package and version, the tool's definition, the arguments — and holds the result; together they
come from at least 30 real servers (issue 26). No browser: this only reads the files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES

FOLDERS = (FIXTURES / "field", FIXTURES / "field-pending")
RECORDINGS = sorted(p for folder in FOLDERS for p in folder.glob("*.json"))
KEYS = {"server", "package", "version", "tool", "arguments", "result"}


def load(path: Path) -> dict[str, Any]:
    entry: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return entry


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_recording_says_what_it_ran_and_holds_the_result(path):
    entry = load(path)
    assert KEYS <= entry.keys(), KEYS - entry.keys()
    for key in ("server", "package", "version"):
        assert isinstance(entry[key], str) and entry[key].strip(), key
    assert path.name.startswith(entry["server"] + "__")
    tool = entry["tool"]
    assert isinstance(tool, dict) and isinstance(tool.get("name"), str) and tool["name"]
    assert isinstance(tool.get("inputSchema"), dict)
    assert path.name.startswith(f"{entry['server']}__{tool['name']}")
    assert isinstance(entry["arguments"], dict)
    result = entry["result"]
    assert isinstance(result, dict) and result
    assert "content" in result or "structuredContent" in result or "jsonrpcError" in result


def test_the_corpus_holds_at_least_30_servers():
    servers = {load(p)["server"] for p in RECORDINGS}
    assert len(servers) >= 30, sorted(servers)


def test_no_recording_is_in_both_folders():
    field, pending = ({p.name for p in folder.glob("*.json")} for folder in FOLDERS)
    assert not field & pending


def test_the_pending_readme_lists_exactly_the_pending_recordings():
    """Its list is the work list for the shape rules: one line per recording, no stale line."""
    readme = (FIXTURES / "field-pending" / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^- `([^`]+\.json)`", readme, flags=re.M))
    assert listed == {p.name for p in FOLDERS[1].glob("*.json")}

"""``compile-ui install`` / ``uninstall`` against temporary config files: other servers and keys
kept, a backup made, bad JSON refused with nothing touched, idempotent, dry run, the path of every
host on every operating system, and an entry that really runs (the proxy it names starts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from compiler.install.targets import config_path, default_name, proxy_command
from conftest import ROOT

EVERYTHING = ["npx", "-y", "@modelcontextprotocol/server-everything"]


def run(*args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compiler", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=60, env={**os.environ, **(env or {})})


def install(config: Path, *extra: str, target: str = "claude-desktop") -> subprocess.CompletedProcess:
    return run("install", target, "--config", str(config), *extra, "--", *EVERYTHING)


def backups(config: Path) -> list[Path]:
    return sorted(config.parent.glob(config.name + ".*.bak"))


EXISTING = """{
    "globalShortcut": "Ctrl+Space",
    "mcpServers": {
        "files": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
        }
    }
}
"""


def test_install_merges_keeping_other_servers_and_keys_and_backs_up(tmp_path):
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(EXISTING)
    result = install(config, "--env", "API_KEY=sk-secret")
    assert result.returncode == 0, result.stderr
    data = json.loads(config.read_text())
    assert list(data) == ["globalShortcut", "mcpServers"] and data["globalShortcut"] == "Ctrl+Space"
    assert data["mcpServers"]["files"] == json.loads(EXISTING)["mcpServers"]["files"]
    entry = data["mcpServers"]["server-everything"]
    assert entry["command"] == proxy_command()[0] and Path(entry["command"]).is_absolute()
    assert entry["args"][-5:] == ["proxy", "--", *EVERYTHING]
    assert entry["env"] == {"API_KEY": "sk-secret"}
    assert config.read_text().startswith('{\n    "globalShortcut"')  # the file's 4-space indent kept
    [backup] = backups(config)
    assert backup.read_text() == EXISTING
    assert "sk-secret" not in result.stderr + result.stdout


def test_installing_twice_changes_nothing(tmp_path):
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(EXISTING)
    assert install(config, "--name", "everything").returncode == 0
    after_first, mtime = config.read_text(), config.stat().st_mtime_ns
    second = install(config, "--name", "everything")
    assert second.returncode == 0 and "nothing written" in second.stderr
    assert config.read_text() == after_first and config.stat().st_mtime_ns == mtime
    assert len(backups(config)) == 1


def test_a_missing_file_is_created_with_its_folder(tmp_path):
    config = tmp_path / "Claude" / "claude_desktop_config.json"
    assert install(config, "--name", "e").returncode == 0
    assert list(json.loads(config.read_text())["mcpServers"]) == ["e"]
    assert backups(config) == []


@pytest.mark.parametrize("text, where", [
    ('{"mcpServers": {"a": 1,}}', "not valid JSON"),
    ("[1, 2]", "the file must be a JSON object, not an array"),
    ('{"mcpServers": []}', "#/mcpServers: mcpServers must be a JSON object, not an array"),
    ('{"mcpServers": {"x": NaN}}', "not valid JSON"),
])
def test_bad_json_is_refused_naming_file_and_pointer_and_nothing_is_touched(tmp_path, text, where):
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(text)
    before = sorted(p.name for p in tmp_path.iterdir())
    result = install(config)
    assert result.returncode == 2
    assert str(config) in result.stderr and where in result.stderr, result.stderr
    assert config.read_text() == text and sorted(p.name for p in tmp_path.iterdir()) == before


def test_dry_run_shows_the_diff_masks_env_and_writes_nothing(tmp_path):
    config = tmp_path / "mcp.json"
    config.write_text(EXISTING)
    result = install(config, "--dry-run", "--env", "TOKEN=hunter2", target="cursor")
    assert result.returncode == 0, result.stderr
    assert '+        "server-everything": {' in result.stdout and '"TOKEN": "…"' in result.stdout
    assert "hunter2" not in result.stdout + result.stderr
    assert config.read_text() == EXISTING and backups(config) == []


def test_uninstall_removes_only_that_server(tmp_path):
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(EXISTING)
    assert install(config, "--name", "everything").returncode == 0
    result = run("uninstall", "claude-desktop", "--config", str(config), "--name", "everything")
    assert result.returncode == 0, result.stderr
    assert json.loads(config.read_text()) == json.loads(EXISTING)
    assert len(backups(config)) >= 1
    again = run("uninstall", "claude-desktop", "--config", str(config), "--name", "everything")
    assert again.returncode == 2 and "no server named 'everything' (servers: files)" in again.stderr


def test_vscode_uses_its_servers_key_and_stdio_type(tmp_path):
    result = run("install", "vscode", "--name", "ev", "--", *EVERYTHING, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    entry = json.loads((tmp_path / ".vscode" / "mcp.json").read_text())["servers"]["ev"]
    assert entry["type"] == "stdio" and entry["args"][-5:] == ["proxy", "--", *EVERYTHING]


def test_mcp_json_prints_the_entry():
    result = run("install", "mcp-json", "--env", "A=1", "--", "uvx", "mcp-server-time")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)["mcpServers"]["mcp-server-time"]
    assert entry["args"][-3:] == ["proxy", "--", "uvx", "mcp-server-time"][-3:] and entry["env"] == {"A": "1"}


@pytest.mark.parametrize("args, message", [
    (["install", "cursor"], "give the server to wrap after --"),
    (["install", "cursor", "--env", "NOEQUALS", "--", "x"], "--env needs KEY=VALUE"),
    (["install", "nowhere", "--", "x"], "invalid choice"),
    (["uninstall", "cursor"], "--name"),
])
def test_unusable_arguments_exit_2(args, message):
    result = run(*args)
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_the_written_entry_runs_the_proxy(tmp_path):
    """The command in the file is a real, runnable compile-ui: it answers --help as the proxy."""
    config = tmp_path / "claude_desktop_config.json"
    assert install(config, "--name", "e").returncode == 0
    entry = json.loads(config.read_text())["mcpServers"]["e"]
    proxy_args = entry["args"][: entry["args"].index("--")]
    result = subprocess.run([entry["command"], *proxy_args, "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "--upstream-url" in result.stdout


HOME_POSIX, HOME_WIN = PurePosixPath("/home/ada"), PureWindowsPath(r"C:\Users\Ada")


@pytest.mark.parametrize("target, platform, env, home, expected", [
    ("claude-desktop", "darwin", {}, PurePosixPath("/Users/ada"),
     PurePosixPath("/Users/ada/Library/Application Support/Claude/claude_desktop_config.json")),
    ("claude-desktop", "win32", {"APPDATA": r"C:\Users\Ada\AppData\Roaming"}, HOME_WIN,
     PureWindowsPath(r"C:\Users\Ada\AppData\Roaming\Claude\claude_desktop_config.json")),
    ("claude-desktop", "linux", {}, HOME_POSIX, PurePosixPath("/home/ada/.config/Claude/claude_desktop_config.json")),
    ("claude-desktop", "linux", {"XDG_CONFIG_HOME": "/cfg"}, HOME_POSIX, PurePosixPath("/cfg/Claude/claude_desktop_config.json")),
    ("cursor", "win32", {}, HOME_WIN, PureWindowsPath(r"C:\Users\Ada\.cursor\mcp.json")),
    ("cursor", "darwin", {}, PurePosixPath("/Users/ada"), PurePosixPath("/Users/ada/.cursor/mcp.json")),
    ("vscode", "win32", {}, HOME_WIN, PureWindowsPath(r"D:\proj\.vscode\mcp.json")),
])
def test_config_paths_per_operating_system(target, platform, env, home, expected):
    cwd = PureWindowsPath(r"D:\proj") if platform == "win32" else PurePosixPath("/proj")
    path = config_path(target, platform=platform, env=env, home=home, cwd=cwd)
    assert path == expected and type(path) is type(expected)


def test_windows_without_appdata_asks_for_config():
    from compiler.errors import CompileUIError

    with pytest.raises(CompileUIError, match="%APPDATA%.*--config"):
        config_path("claude-desktop", platform="win32", env={}, home=HOME_WIN, cwd=HOME_WIN)


@pytest.mark.parametrize("command, name", [
    (["npx", "-y", "@modelcontextprotocol/server-filesystem", "/Users/x"], "server-filesystem"),
    (["uvx", "mcp-server-time@2026.10.19"], "mcp-server-time"),
    (["node", "/opt/srv/dist/index.js", "--stdio"], "index"),
    (["python", "-m", "weather_server"], "weather_server"),
    (["/usr/local/bin/my-server"], "my-server"),
])
def test_default_names(command, name):
    assert default_name(command) == name

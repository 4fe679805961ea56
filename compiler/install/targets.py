"""Where each MCP host keeps its servers, and what one server entry looks like there.

Pure functions of (platform, environment, home, working directory), so the path logic for every
operating system is tested on any one of them.
"""

from __future__ import annotations

import re
import sys
import sysconfig
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath
from typing import Any

from .. import messages
from ..errors import fail

CLAUDE_FILE = "claude_desktop_config.json"


@dataclass(frozen=True)
class Target:
    name: str
    host: str  # what to restart
    servers_key: str  # the object in the file that maps names to entries
    stdio_type: bool  # entries carry "type": "stdio" (VS Code)


TARGETS = {
    "claude-desktop": Target("claude-desktop", "Claude Desktop", "mcpServers", False),
    "cursor": Target("cursor", "Cursor", "mcpServers", False),
    "vscode": Target("vscode", "VS Code", "servers", True),
    "mcp-json": Target("mcp-json", "your MCP host", "mcpServers", False),
}


def config_path(target: str, *, platform: str, env: Mapping[str, str], home: PurePath, cwd: PurePath) -> PurePath:
    """The file ``target`` reads its servers from on ``platform`` (a ``sys.platform`` value)."""
    windows = platform.startswith("win")
    join = PureWindowsPath if windows else PurePosixPath
    if target == "claude-desktop":
        return _claude_dir(platform, env, join(home)) / CLAUDE_FILE
    if target == "cursor":
        return join(home) / ".cursor" / "mcp.json"
    if target == "vscode":
        return join(cwd) / ".vscode" / "mcp.json"
    raise ValueError(target)  # mcp-json prints unless given --config


def _claude_dir(platform: str, env: Mapping[str, str], home: PurePath) -> PurePath:
    if platform.startswith("win"):
        appdata = env.get("APPDATA")
        if not appdata:
            fail(messages.INSTALL_NO_HOME, variable="%APPDATA%", target="Claude Desktop", platform="Windows")
        return PureWindowsPath(appdata) / "Claude"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Claude"
    config = env.get("XDG_CONFIG_HOME") or str(home / ".config")
    return PurePosixPath(config) / "Claude"


def proxy_command(platform: str = sys.platform) -> list[str]:
    """This interpreter's ``compile-ui``, by absolute path (works from a venv, pipx or uv).

    The console script beside the interpreter when it exists, else ``python -m compiler``."""
    scripts = Path(sysconfig.get_path("scripts"))
    script = scripts / ("compile-ui.exe" if platform.startswith("win") else "compile-ui")
    if script.is_file():
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "compiler"]


def server_entry(target: Target, upstream: list[str], env: Mapping[str, str], proxy: list[str]) -> dict[str, Any]:
    """The entry that runs ``compile-ui proxy -- upstream…`` for ``target``."""
    entry: dict[str, Any] = {"type": "stdio"} if target.stdio_type else {}
    entry["command"] = proxy[0]
    entry["args"] = [*proxy[1:], "proxy", "--", *upstream]
    if env:
        entry["env"] = dict(env)
    return entry


RUNNERS = {"npx", "uvx", "pipx", "bunx", "node", "deno", "uv", "python", "python3", "docker", "run", "-m"}


def default_name(upstream: list[str]) -> str:
    """A server name from the command: the package or script it runs, without scope or version.

    ``npx -y @modelcontextprotocol/server-filesystem /x`` → ``server-filesystem``."""
    words = [w for w in upstream if not w.startswith("-") or w == "-m"]
    while words and (Path(words[0]).name.split(".")[0] in RUNNERS or words[0] == "-m"):
        words = words[1:]
    if not words:
        fail(messages.INSTALL_NO_NAME)
    word = re.sub(r"(?<=.)@[^/@]*$", "", words[0])  # a version pin: pkg@1.2
    stem = re.split(r"[/\\]", word.rstrip("/\\"))[-1]
    stem = re.sub(r"\.(js|mjs|cjs|py|ts)$", "", stem)
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.")
    if not name:
        fail(messages.INSTALL_NO_NAME)
    return name

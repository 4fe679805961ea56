"""``compile-ui proxy``: wrap an MCP server and serve an app for each of its tools.

    compile-ui proxy [OPTIONS] -- COMMAND [ARGS…]

Configuration precedence: command line > environment (``COMPILE_UI_*``, ``ANTHROPIC_*``) >
``--config`` file > defaults. Logs go to stderr; stdout carries only the protocol.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from collections.abc import Callable, Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from compiler.errors import CompileUIError, fail
from compiler.httpguard import BODY_TIMEOUT_S, MAX_BODY_BYTES, GuardSettings, check_bind
from compiler.layout import LLMSettings

from ..services.cache import PageCache
from ..services.pages import PageStore
from ..store.base import Store, check_url
from ..store.engines import open_store
from ..store.sqlite import SqliteStore
from .known import KnownUpstream
from .logs import configure
from .runtime import Options, Proxy
from .supervisor import Upstream
from .transports import HostStdio, UpstreamSDK, UpstreamStdio

log = logging.getLogger("compile_ui.proxy")
EXIT_USAGE = 2

EPILOG = """\
examples:
  compile-ui proxy -- npx -y @modelcontextprotocol/server-filesystem ~/Documents
  compile-ui proxy --force-ui --no-cache -- python -m my_server
  compile-ui proxy --config proxy.json

environment: ANTHROPIC_API_KEY (enables the LLM layout), ANTHROPIC_BASE_URL, COMPILE_UI_MODEL,
COMPILE_UI_FORCE_UI=1, COMPILE_UI_CACHE_DIR, COMPILE_UI_NO_CACHE=1, COMPILE_UI_LOG_FORMAT,
COMPILE_UI_LOG_LEVEL, COMPILE_UI_ENABLED_TOOLS (comma-separated), COMPILE_UI_TOKEN (with --serve http),
COMPILE_UI_STORE (the --store URL; prefer it to the flag for a DSN with a password).
Upstream HTTP headers (e.g. Authorization) go in "headers" in the config file or --header.
"""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="compile-ui proxy", description=__doc__.splitlines()[0], epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", nargs=argparse.REMAINDER, help="the upstream server command, after --")
    p.add_argument("--upstream-url", metavar="URL", help="wrap a server reached over HTTP instead of a command")
    p.add_argument("--upstream-transport", choices=["streamable-http", "sse"], help="with --upstream-url (default streamable-http)")
    p.add_argument("--header", action="append", metavar="'NAME: VALUE'", help="with --upstream-url: an HTTP header for the upstream (repeatable)")
    p.add_argument("--serve", choices=["stdio", "http"], help="how the host connects (default stdio)")
    p.add_argument("--port", type=int, help="with --serve http: the port (default 8766)")
    p.add_argument("--host", metavar="ADDRESS", help="with --serve http: the address to listen on (default 127.0.0.1; "
                   "any other needs a token)")
    p.add_argument("--token", help="with --serve http: every request needs 'Authorization: Bearer TOKEN' "
                   "(prefer COMPILE_UI_TOKEN: arguments are visible to other local users)")
    p.add_argument("--allow-origin", action="append", metavar="ORIGIN", help="with --serve http: also accept "
                   "requests from this browser origin (e.g. https://app.example); repeatable")
    p.add_argument("--allow-host", action="append", metavar="HOST:PORT", help="with --serve http: also accept this "
                   "Host header (e.g. the machine's name when listening on 0.0.0.0); repeatable")
    p.add_argument("--config", metavar="FILE", help="JSON configuration file (schema: compiler/proxy/config.schema.json)")
    p.add_argument("--force-ui", action="store_true", default=None, help="serve pages even if the host does not declare MCP Apps")
    p.add_argument("--enabled-tools", metavar="A,B", help="only these tools get pages")
    p.add_argument("--prewarm", action="store_true", default=None, help="generate every page in the background at start-up")
    p.add_argument("--refresh-seconds", type=float, metavar="S", help="re-list the upstream's tools every S seconds")
    p.add_argument("--cache-dir", metavar="DIR", help="where the layout cache file lives")
    p.add_argument("--store", metavar="URL", help="where layouts, refinements and renders are kept: sqlite:///PATH "
                   "(default: the cache file) or postgresql://USER@HOST/DB, shared by replicas (needs "
                   "'compile-ui[postgres]')")
    p.add_argument("--grace-seconds", type=float, metavar="S", help="with --serve http: on SIGTERM, stop accepting "
                   "and give in-flight calls this long to finish, then answer the rest with an error (default 10)")
    p.add_argument("--no-cache", action="store_true", default=None, help="no cache at all")
    p.add_argument("--model", help="the Anthropic model for layouts (default claude-haiku-4-5)")
    p.add_argument("--llm-budget", type=float, metavar="S", help="total seconds per layout generation (default 15)")
    p.add_argument("--log-format", choices=["text", "json"])
    p.add_argument("--log-level", choices=["debug", "info", "warning", "error"])
    p.add_argument("--debug", action="store_true", default=None, help="verbose logs; with --export-dir, write pages and specs")
    p.add_argument("--export-dir", metavar="DIR")
    p.add_argument("--version", action="version", version=f"compile-ui {version()}")
    return p


def version() -> str:
    from compiler import __version__

    return __version__


def main(argv: list[str]) -> int:
    # Until the event loop takes the signals over (``serve``), SIGTERM ends the proxy quietly: a
    # host may dispose of a probe copy of us while we are still starting (host-lifecycle.md).
    signal.signal(signal.SIGTERM, _exit_quietly)
    args = parser().parse_args(argv)
    try:
        config = resolve(args, os.environ)
    except CompileUIError as error:
        print(f"compile-ui proxy: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    configure(config["logFormat"], "debug" if config["debug"] else config["logLevel"])
    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(serve(config))
    except KeyboardInterrupt:  # SIGINT before the loop took it over
        pass
    finally:  # stopped: a late signal changes nothing, and a host that closed our stdout is no error
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _quiet_stdout()
    return 0


def _quiet_stdout() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _exit_quietly(signum: int, frame: Any) -> None:
    raise SystemExit(0)


DEFAULTS: dict[str, Any] = {
    "serve": "stdio", "port": 8766, "host": "127.0.0.1", "token": None, "allowOrigins": [], "allowHosts": [],
    "maxBodyBytes": MAX_BODY_BYTES, "bodyTimeoutSeconds": BODY_TIMEOUT_S, "sessionIdleSeconds": 3600,
    "command": None, "upstreamUrl": None, "upstreamTransport": "streamable-http", "headers": {}, "env": {}, "cwd": None, "enabledTools": None, "forceUi": False, "prewarm": False, "refreshSeconds": 0,
    "cacheDir": None, "noCache": False, "store": None, "graceSeconds": 10.0, "logFormat": "text", "logLevel": "info", "exportDir": None, "debug": False,
    "llm": {},
}


def resolve(args: argparse.Namespace, env: Mapping[str, str]) -> dict[str, Any]:
    """Defaults < file < environment < command line."""
    config = dict(DEFAULTS)
    if args.config:
        config.update(load_config(Path(args.config)))
    env_values = {
        "forceUi": _flag(env.get("COMPILE_UI_FORCE_UI")),
        "noCache": _flag(env.get("COMPILE_UI_NO_CACHE")),
        "cacheDir": env.get("COMPILE_UI_CACHE_DIR"),
        "logFormat": env.get("COMPILE_UI_LOG_FORMAT"),
        "logLevel": env.get("COMPILE_UI_LOG_LEVEL"),
        "enabledTools": _names(env.get("COMPILE_UI_ENABLED_TOOLS")),
        "token": env.get("COMPILE_UI_TOKEN") or None,
        "store": env.get("COMPILE_UI_STORE") or None,
    }
    config.update({k: v for k, v in env_values.items() if v is not None})
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    cli_values = {
        "command": command or None, "upstreamUrl": args.upstream_url, "upstreamTransport": args.upstream_transport,
        "serve": args.serve, "port": args.port, "forceUi": args.force_ui, "enabledTools": _names(args.enabled_tools),
        "prewarm": args.prewarm, "refreshSeconds": args.refresh_seconds, "cacheDir": args.cache_dir,
        "noCache": args.no_cache, "logFormat": args.log_format, "logLevel": args.log_level, "debug": args.debug,
        "exportDir": args.export_dir, "host": args.host, "token": args.token,
        "allowOrigins": args.allow_origin, "allowHosts": args.allow_host, "store": args.store,
        "graceSeconds": args.grace_seconds,
    }
    config.update({k: v for k, v in cli_values.items() if v is not None})
    if args.header:
        config["headers"] = {**config.get("headers", {}), **_headers(args.header)}
    llm = dict(config.get("llm") or {})
    llm.update({k: v for k, v in {"model": args.model, "budgetSeconds": args.llm_budget}.items() if v is not None})
    config["llm"] = llm
    if config["serve"] == "http":
        check_bind(guard_settings(config))
    if config["store"]:
        check_url(config["store"])
    if not config["graceSeconds"] >= 0:
        fail("--grace-seconds must be 0 or more, got {value}", value=config["graceSeconds"])
    if not config["command"] and not config["upstreamUrl"]:
        fail("no upstream: give its command after -- , or --upstream-url (or \"command\"/\"upstreamUrl\" in the config file)")
    return config


def load_config(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except OSError as error:
        fail("cannot read: {detail}", source=str(path), detail=error.strerror or str(error))
    except ValueError as error:
        fail("not valid JSON: {detail}", source=str(path), detail=str(error))
    import jsonschema  # here, not at the top: only a config file needs it, and it is a fifth of the stdio start-up

    schema = json.loads(files("compiler.proxy").joinpath("config.schema.json").read_text())
    problem = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(data))
    if problem is not None:
        pointer = "".join(f"/{p}" for p in problem.absolute_path)
        fail("{message}", pointer=pointer, source=str(path), message=problem.message)
    if not isinstance(data, dict):  # the schema says object; this tells the type checker
        fail("the configuration must be a JSON object", source=str(path))
    return data


def _flag(value: str | None) -> bool | None:
    return None if value is None else value.lower() in ("1", "true", "yes", "on")


SECRET_NAMES = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL")
"""An environment variable given to the upstream whose name has one of these holds a secret."""


def secrets(config: dict[str, Any]) -> list[str]:
    """The values no report of the upstream's stderr may show (``_ui_status``'s tail): the
    proxy's token, the store's password, the model's key, the upstream's header values and the
    secret-named variables of its environment."""
    found = [config["token"], os.environ.get("ANTHROPIC_API_KEY"), *config["headers"].values(),
             *(value for name, value in config["env"].items() if any(word in name.upper() for word in SECRET_NAMES))]
    if config["store"]:
        try:
            found.append(urlsplit(config["store"]).password)
        except ValueError:
            pass
    return [value for value in found if isinstance(value, str) and value]


def _headers(values: list[str]) -> dict[str, str]:
    headers = {}
    for value in values:
        name, colon, rest = value.partition(":")
        if not colon or not name.strip() or any(c in name for c in " \t\r\n") or any(c in rest for c in "\r\n"):
            fail("--header must look like 'Name: value', got {value!r}", value=value)
        headers[name.strip()] = rest.strip()
    return headers


def _names(value: str | None) -> list[str] | None:
    return [n.strip() for n in value.split(",") if n.strip()] if value else None


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop (a dependency), for both doors: over ``--serve http`` it takes about a
    third off what a forwarded call costs the proxy; over stdio, where a forwarded call is a few
    turns of the loop around two pipe reads and two writes, a tenth to a sixth of the proxy's CPU
    per call (bench/bench_proxy.py prints it)."""
    try:
        import uvloop
    except ImportError:  # a platform without its wheel (Windows): asyncio's loop serves too
        return None
    return uvloop.new_event_loop


def llm_settings(config: dict[str, Any]) -> LLMSettings:
    llm = config["llm"]
    return LLMSettings.from_env(
        api_key=llm.get("apiKey"), base_url=llm.get("baseUrl"), model=llm.get("model"),
        budget_s=llm.get("budgetSeconds"), concurrency=llm.get("concurrency"), max_tokens=llm.get("maxTokens"),
    )


def guard_settings(config: dict[str, Any]) -> GuardSettings:
    return GuardSettings(
        port=config["port"], bind=config["host"], token=config["token"],
        allowed_origins=tuple(config["allowOrigins"]), allowed_hosts=tuple(config["allowHosts"]),
        max_body=config["maxBodyBytes"], body_timeout_s=config["bodyTimeoutSeconds"],
    )


def cache_path(config: dict[str, Any]) -> Path:
    base = config["cacheDir"] or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / ("compile-ui" if not config["cacheDir"] else "") / "layouts.sqlite3"


def make_store(config: dict[str, Any]) -> Store:
    """The ``--store``; without one, the cache file (nothing at all with ``--no-cache``)."""
    if config["store"]:
        return open_store(config["store"])
    return SqliteStore(":memory:" if config["noCache"] else cache_path(config))


async def serve(config: dict[str, Any]) -> None:
    store = make_store(config)
    log.info("store: %s", store.url)
    pages = PageStore(
        llm_settings(config),
        cache=None if config["noCache"] else PageCache(),
        store=store,
        export_dir=Path(config["exportDir"]) if config["exportDir"] and config["debug"] else None,
        keep_generations=not config["noCache"],
    )
    await pages.load()
    env = {**os.environ, **config["env"]} if config["env"] else None
    options = Options(
        enabled_tools=frozenset(config["enabledTools"]) if config["enabledTools"] is not None else None,
        force_ui=config["forceUi"], prewarm=config["prewarm"], refresh_s=config["refreshSeconds"],
        many_hosts=config["serve"] == "http",
    )
    def upstream() -> Upstream:
        if config["upstreamUrl"]:
            return UpstreamSDK(config["upstreamUrl"], config["upstreamTransport"], config["headers"])
        return UpstreamStdio(config["command"], env, config["cwd"])

    target = config["upstreamUrl"] or " ".join(config["command"])
    log.info("compile-ui %s proxy ready: upstream %s", version(), target)
    # the same command started elsewhere may be another server (``python server.py``): cwd is in the key
    where = f"{target}\n{config['cwd'] or os.getcwd()}"
    known = None if config["noCache"] else KnownUpstream(cache_path(config).parent / "upstreams", where)
    proxy = Proxy(upstream, pages, options, store, known)
    proxy.describe = {"version": version(), "upstream": target, "model": pages.settings.enabled}
    proxy.supervisor.secrets = secrets(config)
    stop = _on_signals(proxy)
    proxy.start()
    host = asyncio.ensure_future(_serve_host(config, proxy, stop))
    try:
        # over HTTP a signal drains the server first (in-flight calls finish: serve_http)
        await asyncio.wait({host} if config["serve"] == "http" else {host, stop}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        # the host went (stdin ended) or a signal came: the upstream is stopped as hosts stop a
        # server, and nothing of this shutdown can be interrupted by another signal (a second one
        # only hurries it: _on_signals)
        for task in (host, stop):
            task.cancel()
        await asyncio.gather(host, stop, return_exceptions=True)
        await proxy.close()
        await store.close()


def _on_signals(proxy: Proxy) -> asyncio.Future[Any]:
    """SIGTERM and SIGINT end the proxy in order; a second one kills the upstream at once."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[Any] = loop.create_future()

    def on_signal(sig: signal.Signals) -> None:
        if stop.done():
            log.info("%s while stopping: killing the upstream now", sig.name)
            proxy.supervisor.kill()
            return
        log.info("stopping on %s", sig.name)
        proxy.supervisor.hurry = True
        stop.set_result(sig)

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)
    return stop


async def _serve_host(config: dict[str, Any], proxy: Proxy, stop: asyncio.Future[Any]) -> None:
    if config["serve"] == "http":
        from .http_host import serve_http

        await serve_http(guard_settings(config), proxy, session_idle_s=config["sessionIdleSeconds"],
                         stop=stop, grace_s=config["graceSeconds"])
    else:
        await proxy.serve_pushed(HostStdio())
        log.info("the host closed stdin: stopping")

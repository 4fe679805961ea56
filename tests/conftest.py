"""Shared test set-up: hypothesis profiles, paths to the shared corpus and fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The shared modules (tests/harness/) get pytest's assertion messages like the tests, and are
# rewritten before any test module imports one (a module's pytest_plugins would come too late).
pytest.register_assert_rewrite("harness")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = FIXTURES / "corpus"  # a copy of ../shared/corpus: CI checks out this repository alone

# "ci": quick and bounded, the default in scripts/test.sh. "fuzz": long local runs.
settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "fuzz", max_examples=20_000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# --------------------------------------------------------------------------- browser (issue 3)
# A real host for page tests: headless Chromium + the official AppBridge (tests/harness/apphost.py).

@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium through Playwright (sync API); see tests/harness/apphost.py."""
    from harness.apphost import Browser

    b = Browser()
    yield b
    b.close()


@pytest.fixture
def apphost(browser):
    """``apphost.load(html, host_context=..., on_call_tool=fn)`` → an ``AppHost``."""
    from harness.apphost import Loader

    loader = Loader(browser)
    yield loader
    loader.close()


# --------------------------------------------------------------------------- the shared store (issue 28)


@pytest.fixture(scope="session")
def postgres():
    """Debian's PostgreSQL on a free port under a temporary directory (``tests/harness/cluster.py``);
    a missing binary fails the test with what to install, it is never skipped."""
    from harness.cluster import Postgres, missing

    why = missing()
    if why is not None:
        pytest.fail(why)
    server = Postgres()
    yield server
    server.close()


# --------------------------------------------------------------------------- the order of the files
# scripts/test.sh runs two workers, a file each at a time (--dist loadfile). xdist hands out files
# in collection order (--no-loadscope-reorder in pyproject: its own order is by number of tests,
# which put the long few-test files — a cluster, an era matrix — last, one worker running them
# alone at the end). Longest first instead: the files below, slowest first (seconds measured on
# two shared cores, issue 34), then every other file in its usual order. A file's tests keep
# their order and stay together.
SLOWEST_FIRST = [
    "proxy/test_proxy_eras.py",  # twenty HTTP hosts under load; every mode against every upstream
    "proxy/test_proxy.py",  # a 20 MB result through the proxy
    "field/test_views_field.py",
    "views/test_views_e2e.py",
    "runtime/test_selfcontained.py",
    "field/test_hosts_field.py",
    "proxy/test_http_security.py",
    "proxy/test_ask.py",
    "field/test_views_reach.py",
    "proxy/test_rounds_e2e.py",
    "unit/test_readme.py",  # a clone and a fresh virtual environment
    "unit/test_packaging.py",  # python -m build, and the wheel in a fresh virtual environment
    "cluster/test_scale.py",
    "proxy/test_proxy_lifecycle.py",
    "hosts/test_hosts_demo.py",
    "runtime/test_ask_page.py",
    "hosts/test_preview_debugger.py",
    "proxy/test_questions_browser.py",
    "unit/test_export.py",
    "runtime/test_page_e2e.py",
    "cluster/test_store.py",
    "hosts/test_inspector_web.py",
    "runtime/test_hostile_page.py",
    "hosts/test_host_features.py",
]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    position = {}  # a file's first place in the collection: the others keep their order
    for i, item in enumerate(items):
        position.setdefault(item.path, i)
    tests = ROOT / "tests"

    def key(item):
        where = item.path.relative_to(tests).as_posix() if item.path.is_relative_to(tests) else str(item.path)
        return (rank.get(where, len(rank)), position[item.path])

    items.sort(key=key)  # stable: within a file, the collected order

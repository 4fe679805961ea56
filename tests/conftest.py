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

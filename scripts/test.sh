#!/usr/bin/env bash
# Install everything the test suite needs on a fresh machine, then run it.
#   bash scripts/test.sh            # the whole suite (what .ci/run runs)
#   bash scripts/test.sh -k proxy   # extra arguments go to pytest
# Hypothesis runs its quick "ci" profile unless HYPOTHESIS_PROFILE says otherwise ("fuzz" is long).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's Chromium drives the browser tests (never `playwright install`: no browser downloads).
if [ ! -x /usr/bin/chromium ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# Debian's PostgreSQL and HAProxy: the shared store's tests and the replicas' end-to-end test
# (tests/cluster/test_store.py, tests/cluster/test_scale.py) start real ones; they fail, never skip, without them.
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && ! command -v initdb >/dev/null; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
fi

# The npm side: the official MCP Apps host (AppBridge), esbuild, real MCP servers. Lockfile pinned.
(cd tests/js && npm ci --no-audit --no-fund --loglevel=error)

python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
# PyPI's mcp-server-sqlite runs only on the mcp 1.x SDK: its own venv beside ours, a real server
# of the handshake era whose table list leads to describe_table (tests/field/test_leads_field.py).
if [ ! -x .venv-mcp1/bin/mcp-server-sqlite ]; then
  python3 -m venv .venv-mcp1
  .venv-mcp1/bin/pip install -q --disable-pip-version-check 'mcp-server-sqlite==2025.4.25' 'mcp[cli]==1.30.0'
fi

# Lint and type-check first: a regression fails the run before any test starts. Python: ruff and
# mypy (configured in pyproject.toml). The runtime's JavaScript: tsc --checkJs strict
# (tests/js/tsconfig.json), ESLint with the runtime's promises as rules (runtime_js/eslint.config.mjs),
# and node's test runner over the runtime's logic (tests/js/unit: seconds, no browser).
.venv/bin/ruff check .
.venv/bin/mypy
tests/js/node_modules/.bin/tsc -p tests/js/tsconfig.json
(cd runtime_js && ../tests/js/node_modules/.bin/eslint .)
ls tests/js/unit/*.test.mjs >/dev/null  # no test file fails the run, as pytest collecting none does
node --test --test-reporter=dot tests/js/unit/

export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"
# pytest exits 5 when it collects no test (on xdist's workers too): with `set -e` that fails the
# run, as it must. Three workers on two cores — the tests wait more than they compute (browsers,
# servers, subprocesses: two workers kept about one core busy) — a test file each at a time (its
# module fixtures — a browser, an Inspector, a server — stay in one worker), the longest files
# first (tests/conftest.py, SLOWEST_FIRST) so all end together. The 20 slowest are listed at the
# end, for whoever makes it faster next. PYTEST_WORKERS=0 runs it in one process.
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-3}" --dist loadfile --durations=20 "$@"

"""Every bench runs on a fresh clone after the README's set-up, or says in one line what it needs.

A copy of ``bench/`` in a checkout without the tests' npm packages and with no Chromium stands
for a machine where only the demo's ``pip install .`` ran."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

BENCH = ROOT / "bench"
BENCHES = sorted(p.name for p in BENCH.glob("bench_*.py"))
NEEDS_SOMETHING = re.compile(r"node_modules|apphost|chromium|from test_", re.I)


def calls_require(name: str) -> bool:
    return re.search(r"^require\(__file__, ", (BENCH / name).read_text(encoding="utf-8"), re.M) is not None


@pytest.mark.parametrize("name", BENCHES)
def test_a_bench_that_needs_the_test_setup_checks_for_it_first(name):
    source = (BENCH / name).read_text(encoding="utf-8")
    if NEEDS_SOMETHING.search(source):
        assert calls_require(name), f"{name} uses the tests' set-up but does not check for it (bench/needs.py)"
        head = source.split("require(__file__", 1)[0]
        assert "import apphost" not in head and "from apphost" not in head, "the check must come before the imports"


@pytest.mark.parametrize("name", [n for n in BENCHES if calls_require(n)])
def test_without_the_test_setup_a_bench_names_what_to_install(tmp_path, name):
    shutil.copytree(BENCH, tmp_path / "bench")  # a checkout with no tests/js/node_modules
    done = subprocess.run([sys.executable, str(tmp_path / "bench" / name), "--help"], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, env={**os.environ, "CHROMIUM": str(tmp_path / "no-chromium")})
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"{name} needs ") and "npm ci" in lines[0] and "bash scripts/test.sh" in lines[0]
    if "browser" in (BENCH / name).read_text(encoding="utf-8").split("require(__file__", 1)[1].split(")", 1)[0]:
        assert "Chromium" in lines[0], lines[0]

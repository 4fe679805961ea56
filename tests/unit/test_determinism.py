"""Same inputs, same bytes — across processes: hash randomization (PYTHONHASHSEED) must not reach
a tree, a spec, a page or a key. One process could not tell (every set iterates alike in it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = r"""
import hashlib, json, sys
import msgspec
sys.path.insert(0, "tests")
from conftest import CORPUS, FIXTURES
from compiler.layout import LLMSettings, spec_json, spec_schema
from compiler.pipeline import compile, make_page, page_key
from compiler.tools import load_tools
from components.validate import encode
files = sorted((CORPUS / "tools").glob("*.json")) + sorted((FIXTURES / "tools").glob("*.json"))
out = {}
for path in files:
    for pointer, tool in load_tools(path.read_bytes(), path.name):
        compiled = compile(tool)
        page = make_page(compiled)
        parts = [encode(compiled.tree), encode(page.tree), msgspec.json.encode(spec_json(page.spec)), page.html.encode(),
                 json.dumps(spec_schema(compiled.tree)).encode(), page_key(tool, ["x"], LLMSettings(api_key=None)).encode()]
        out[path.name + pointer] = [hashlib.sha256(p).hexdigest() for p in parts]
print(json.dumps(out))
"""


def _run(seed: str) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=ROOT, env=env, check=True, timeout=300)
    return json.loads(done.stdout)


@pytest.mark.slow
def test_two_hash_seeds_in_two_processes_give_the_same_bytes():
    first, second = _run("1"), _run("4242")
    assert len(first) > 100
    differ = {name: [i for i, (a, b) in enumerate(zip(first[name], second[name], strict=True)) if a != b] for name in first if first[name] != second[name]}
    assert differ == {}, differ  # index: 0 tree, 1 laid-out tree, 2 spec, 3 page, 4 spec schema, 5 page key

"""Hardening fuzz: many random schemas through the whole pipeline, 0 crashes, each bounded.

CI runs ``FUZZ_COUNT`` (default 1 500) schemas; the full run is
``FUZZ_COUNT=100000 python -m pytest tests/unit/test_fuzz.py`` (figures in the issue notes).
Each schema is both the input and the output schema of a tool, compiled, validated against the
catalog, and rendered into a page. The per-schema bound is generous: it catches a hang or an
explosion, not a slow machine.
"""

from __future__ import annotations

import json
import os
import time

from compiler.pipeline import compile_tool
from compiler.render import render_page
from components.validate import encode, validate
from harness.fuzzgen import schemas

COUNT = int(os.environ.get("FUZZ_COUNT", "1500"))
SEED = int(os.environ.get("FUZZ_SEED", "20261122"))
BOUND_S = 2.0


def test_random_schemas_compile_validate_and_stay_bounded():
    worst, crashed = 0.0, []
    for i, schema in enumerate(schemas(SEED, COUNT)):
        tool = {"name": f"t{i}", "description": "d", "inputSchema": schema, "outputSchema": schema}
        start = time.perf_counter()
        try:
            tree = compile_tool(tool)
            page = render_page(tree, input_schema=schema)
        except Exception as error:  # the property under test: nothing escapes
            crashed.append((i, repr(error), json.dumps(schema)[:300]))
            continue
        worst = max(worst, time.perf_counter() - start)
        problems = validate(json.loads(encode(tree)))
        assert problems == [], (i, problems[:3], json.dumps(schema)[:300])
        assert page[:15].lower() == "<!doctype html>"
    assert crashed == []
    assert worst < BOUND_S, worst
    print(f"\nfuzz: {COUNT} schemas (seed {SEED}) through normalize → compile → layout → render → validate; "
          f"0 crashes; slowest {worst * 1000:.1f} ms")

"""Reviewed golden trees: fixtures/tools/X.json compiles to exactly fixtures/golden/X.tree.json.

After an intended change, regenerate with ``python scripts/update_goldens.py`` and review the diff.
"""

from __future__ import annotations

import sys

import pytest

from conftest import FIXTURES, ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from update_goldens import PAGES, golden, page_golden  # noqa: E402

TOOLS = sorted((FIXTURES / "tools").glob("*.json"))


def test_there_are_goldens_for_every_fixture():
    assert TOOLS and {p.stem for p in TOOLS} == {p.name.removesuffix(".tree.json") for p in (FIXTURES / "golden").glob("*.tree.json")}


@pytest.mark.parametrize("path", TOOLS, ids=lambda p: p.stem)
def test_golden(path):
    assert golden(path) == (FIXTURES / "golden" / f"{path.stem}.tree.json").read_bytes()


@pytest.mark.parametrize("name", PAGES)
def test_page_golden(name):
    expected = (FIXTURES / "golden" / f"{name}.page.html").read_bytes()
    assert page_golden(FIXTURES / "tools" / f"{name}.json") == expected, (
        f"the page of {name} changed: if intended (a runtime build, a render change), run "
        "`python scripts/update_goldens.py` and review the diff"
    )

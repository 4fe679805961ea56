"""A stale runtime bundle fails loudly: pages never silently ship other code than the sources."""

from __future__ import annotations

import pytest

import runtime_js
from compiler.pipeline import build_page


@pytest.fixture
def edited_source(monkeypatch):
    """views.js as if edited after the last build (the committed .min files unchanged)."""
    real = runtime_js._file
    monkeypatch.setattr(runtime_js, "_file", lambda name: real(name) + "\n// edited" if name == "views.js" else real(name))
    for cached in (runtime_js.bundle_is_fresh, runtime_js.runtime_js, runtime_js.runtime_css):
        cached.cache_clear()
    yield
    monkeypatch.undo()
    for cached in (runtime_js.bundle_is_fresh, runtime_js.runtime_js, runtime_js.runtime_css):
        cached.cache_clear()


def test_a_page_from_a_stale_bundle_is_an_error_naming_the_fix(edited_source):
    assert not runtime_js.bundle_is_fresh()
    with pytest.raises(runtime_js.StaleBundle, match="python -m runtime_js.build"):
        build_page({"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}})


def test_the_sources_ship_only_when_asked(edited_source, monkeypatch):
    monkeypatch.setenv("COMPILE_UI_RUNTIME", "sources")
    js = runtime_js.runtime_js()
    assert "// edited" not in js and "function hydrate(tree)" in js  # compact sources: comments dropped, names kept


def test_the_committed_bundle_is_fresh_and_shipped():
    assert runtime_js.bundle_is_fresh()
    assert runtime_js.runtime_js().startswith(runtime_js.MODULES[0].minified("js").strip("\n")[:200])

"""One door: ``compile`` normalizes once, ``make_page`` lays out from any source and renders; the
CLI and the proxy's pages go through it and nothing else."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import compiler.compile as compile_phase
import compiler.compile.outputs as outputs
from compiler.compile_cli import main
from compiler.layout import LLMLayout, LLMSettings, check_spec, spec_json
from compiler.pipeline import (
    Given,
    Heuristic,
    Model,
    Stored,
    build_page,
    compile,
    laid_out,
    make_page,
    page_file_name,
)
from compiler.proxy.services.pages import PageStore
from conftest import FIXTURES, ROOT
from harness.asyncutil import run_async

TOOL = json.loads((FIXTURES / "tools" / "with_output.json").read_text())


@pytest.fixture
def normalized(monkeypatch):
    """Counts of normalize calls, per schema side."""
    counts = {"input": 0, "output": 0}

    def counting(side, real):
        def wrapper(schema):
            counts[side] += 1
            return real(schema)

        return wrapper

    monkeypatch.setattr(compile_phase, "normalize", counting("input", compile_phase.normalize))
    monkeypatch.setattr(outputs, "normalize", counting("output", outputs.normalize))
    return counts


def test_the_cli_normalizes_each_schema_once_for_tree_and_page(tmp_path, normalized, capsys):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps(TOOL))
    assert main([str(path), "--html", str(tmp_path / "page.html"), "--out", str(tmp_path / "tree.json")]) == 0
    assert normalized == {"input": 1, "output": 1}
    tree = json.loads((tmp_path / "tree.json").read_text())
    assert tree == json.loads(json.dumps(__import__("msgspec").to_builtins(laid_out(compile(TOOL)).tree)))


def test_a_proxy_page_and_its_inspection_normalize_once_each(normalized):
    store = PageStore(LLMSettings(api_key=None))
    made = run_async(store.page(TOOL))
    assert normalized == {"input": 1, "output": 1}
    report = store.inspect(TOOL, made)
    assert normalized == {"input": 2, "output": 2}
    assert report["tree"]["type"] == "App" and made.page == build_page(TOOL).encode()
    # the inspected tree is the page's own: laid out by the heuristic, as the page was
    assert json.loads(json.dumps(report["tree"])) == json.loads(json.dumps(__import__("msgspec").to_builtins(laid_out(compile(TOOL)).tree)))


def test_every_source_gives_the_same_page_for_the_same_spec():
    compiled = compile(TOOL)
    heuristic = make_page(compiled, Heuristic())
    generation = run_async(LLMLayout(LLMSettings(api_key=None)).generate(TOOL, compiled.tree))
    by_model = make_page(compiled, Model(generation))
    stored = make_page(compiled, Stored(generation.to_json()))
    spec, problems = check_spec(compiled.tree, spec_json(heuristic.spec))
    given = make_page(compiled, Given(spec))
    assert problems == [] and heuristic.html == by_model.html == stored.html == given.html
    assert heuristic.record is None and given.record is None
    assert by_model.record["layout"] == "heuristic" and stored.record == generation.to_json()


def test_a_stored_spec_that_no_longer_fits_is_refused():
    compiled = compile(TOOL)
    assert make_page(compiled, Stored({"spec": {"input": {"order": ["/nope"]}}})) is None
    with pytest.raises(TypeError):
        make_page(compiled, "heuristic")


@pytest.mark.parametrize("name, file", [("search", "search.html"), ("../etc/passwd", "_etc_passwd.html"), ("...", "tool.html")])
def test_page_file_names_are_safe(name, file):
    assert page_file_name(name) == file


def test_the_proxy_does_not_import_the_cli():
    code = "import sys, compiler.proxy.services.pages; print('compiler.compile_cli' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"


HEAVY = ("pydantic", "jsonschema", "importlib.metadata", "anthropic", "asyncio", "dominate", "typing_extensions")


@pytest.mark.parametrize("args, allowed", [([], ()), (["--html", "PAGE"], ("asyncio", "dominate"))])
def test_the_default_path_imports_no_validator_nor_model_client(tmp_path, args, allowed):
    """``compile-ui tool.json`` (and ``--html``) builds the heuristic spec as plain values: no
    pydantic, no jsonschema, no LLM client, no package metadata (issue 17, fast start); dominate
    (and the asyncio it imports) only when a page is written. msgspec is imported without the
    typing_extensions it would take (issue 42, ~15 ms), which a later import still gets whole."""
    argv = [str(FIXTURES / "tools" / "pydantic_optional.json"), *(str(tmp_path / "p.html") if a == "PAGE" else a for a in args)]
    code = ("import json, sys; from compiler.cli import main; main(sys.argv[1:]); "
            f"print(json.dumps([m for m in {list(HEAVY)!r} if m in sys.modules]), file=sys.stderr); "
            "import typing_extensions; print(typing_extensions.get_type_hints.__module__, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=ROOT, check=True)
    *_, loaded, later = done.stderr.strip().splitlines()
    assert [m for m in json.loads(loaded) if m not in allowed] == []
    assert later == "typing_extensions"

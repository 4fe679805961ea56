"""The runtime's promises are checked by its linter, not remembered: ``runtime_js/eslint.config.mjs``
fails on markup or code built from strings. Each case lints a real runtime module with one
offending line added (ESLint reads it from stdin as that module, with the project's config) and
asserts the rule that catches it; the module as committed lints clean. ``scripts/test.sh`` runs
the same linter over every module before the tests.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT

RUNTIME = ROOT / "runtime_js"
LINT_TEXTS = ROOT / "tests" / "js" / "lint_texts.mjs"

pytestmark = pytest.mark.npm


def lint(*texts: tuple[str, str]) -> list[list[dict]]:
    """ESLint's messages for each ``(module, source)``, linted as ``runtime_js/<module>``."""
    done = subprocess.run(["node", str(LINT_TEXTS)], input=json.dumps(texts), capture_output=True, text=True,
                          cwd=RUNTIME, timeout=120)
    assert done.returncode == 0, done.stderr
    messages: list[list[dict]] = json.loads(done.stdout)
    return messages


def source(module: str) -> str:
    return (RUNTIME / module).read_text(encoding="utf-8")


OFFENCES = {
    "markup from data": ("CU.views.render.probe = (node, data) => { node.innerHTML = data; };", "no-restricted-properties"),
    "markup beside a node": ("CU.views.render.probe = (node, data) => node.insertAdjacentHTML('beforeend', data);", "no-restricted-properties"),
    "document.write": ("CU.views.render.probe = (data) => document.write(data);", "no-restricted-properties"),
    "eval": ("CU.views.render.probe = (data) => eval(data);", "no-eval"),
    "Function": ("CU.views.render.probe = (data) => new Function(data);", "no-new-func"),
    "a string timer": ("CU.views.render.probe = (data) => setTimeout('run(' + data + ')', 0);", "no-restricted-syntax"),
    "an inline handler": ("CU.views.render.probe = (node, data) => node.setAttribute('onclick', data);", "no-restricted-syntax"),
    "a parsed document": ("CU.views.render.probe = (data) => new DOMParser().parseFromString(data, 'text/html');", "no-restricted-syntax"),
}


PROMISES = {"no-restricted-properties", "no-restricted-syntax", "no-restricted-globals", "no-eval", "no-implied-eval", "no-new-func"}
MODULES = sorted(p.name for p in RUNTIME.glob("*.js") if not p.name.endswith(".min.js"))


def test_the_linter_refuses_what_the_runtime_promises_never_to_do():
    results = lint(*(("views.js", source("views.js") + "\n" + line + "\n") for line, _ in OFFENCES.values()))
    for (offence, (_, rule)), messages in zip(OFFENCES.items(), results, strict=True):
        rules = {m["ruleId"] for m in messages}
        assert rule in rules and rules <= PROMISES, (offence, messages)  # caught, and for that reason only


def test_every_runtime_module_lints_clean():
    results = lint(*((module, source(module)) for module in MODULES))
    assert dict(zip(MODULES, results, strict=True)) == dict.fromkeys(MODULES, [])

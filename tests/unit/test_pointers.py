"""JSON Pointer (RFC 6901): one escape and one unescape per language, and they agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from components import pointers
from runtime_js import MODULES

ROOT = Path(__file__).resolve().parents[2]


def test_tokens_escape_and_parse_as_rfc_6901_says():
    assert pointers.escape("a/b~c") == "a~1b~0c" and pointers.unescape("a~1b~0c") == "a/b~c"
    assert pointers.unescape("~01") == "~1"  # ~0 is undone last: "~01" is the name "~1"
    assert pointers.join(["a/b", 0, ""]) == "/a~1b/0/" and pointers.join([]) == ""
    assert pointers.child("/x", "~") == "/x/~0"
    assert pointers.tokens("") == [] and pointers.tokens("/") == [""] and pointers.tokens("/a~1b/0") == ["a/b", "0"]
    with pytest.raises(ValueError, match="JSON Pointer"):
        pointers.tokens("a/b")


@given(st.lists(st.text(alphabet=st.sampled_from("a~/01 "), max_size=6), max_size=4))
def test_tokens_undo_join(names):
    assert pointers.tokens(pointers.join(names)) == names


# What escaping or unescaping a token looks like, in either language.
_PY = re.compile(r"""replace\(\s*["']~["']|["']~[01]["']""")
_JS = re.compile(r"/~[01]?/g|\"~[01]\"")


def test_python_escapes_pointers_in_one_module():
    found = sorted(
        str(path.relative_to(ROOT))
        for folder in ("compiler", "components", "runtime_js", "compile_ui")
        for path in (ROOT / folder).rglob("*.py")
        if _PY.search(path.read_text(encoding="utf-8"))
    )
    assert found == ["components/pointers.py"]


def test_the_runtime_escapes_pointers_in_one_place():
    found = {m.name: len(_JS.findall(m.source("js"))) for m in MODULES}
    assert found == {**{name: 0 for name in found}, "runtime": 5}  # unescapeToken: /~1/g, /~0/g; pointerTo: /~/g, "~0", "~1"


def test_the_runtime_and_python_agree_on_every_token():
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    source = next(m for m in MODULES if m.name == "runtime").source("js")
    pair = "\n".join(re.findall(r"(?m)^\s*(var (?:unescapeToken|pointerTo) = .*;)$", source))
    names = ["a", "a/b", "~", "~1", "~01", "/~/", "", "ü/~0"]
    script = pair + "\nconst names = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" + (
        "process.stdout.write(JSON.stringify(names.map((n) => [pointerTo(n), unescapeToken(pointerTo(n).slice(1))])));"
    )
    done = subprocess.run([node, "-e", script], input=json.dumps(names), capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [["/" + pointers.escape(n), n] for n in names]

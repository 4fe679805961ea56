"""The runtime's words come from one catalog (compiler.messages.RUNTIME), written into its bytes."""

from __future__ import annotations

import re

import pytest

import runtime_js
from compiler import messages
from components.nodes import NODE_TYPES
from runtime_js import MODULES, words

SOURCES = {m.name: m.source("js") for m in MODULES}
NOT_FOR_A_PERSON = {
    "Method not found: ",  # the JSON-RPC error a host's code reads
    "None", "True", "False", "Decimal", "Matrix",  # Python's literals and reprs (sympy's Matrix too), read by views.js's literal reader (issue 50)
    "Min", "Max",  # a camelCase key's last word (tempMin beside tempMax), read by views.js's lookOf
}


def test_the_runtime_names_every_word_of_the_catalog_and_no_other():
    named = set().union(*(words.used(source) for source in SOURCES.values()))
    assert named == set(messages.RUNTIME), (sorted(named - set(messages.RUNTIME)), sorted(set(messages.RUNTIME) - named))


def test_no_sentence_is_left_inline_in_the_runtime():
    # A string literal that starts with a capitalized word is a word or sentence a person reads:
    # it belongs in the catalog. (Kind names are the tree's, not words; comments are not code.)
    sentence = re.compile(r"""(?<![\w.])(["'])([A-Z][a-z]+(?:[ ,.:;!?…][^"']*)?)\1""")
    for name, source in SOURCES.items():
        code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("//", "/*", "*")))
        found = [m.group(2) for m in sentence.finditer(code)]
        assert [f for f in found if f not in NOT_FOR_A_PERSON | set(NODE_TYPES)] == [], (name, found)


def test_words_are_written_in_as_literals_with_their_places_filled():
    catalog = {"hi": "Hello.", "n": "{0} s", "of": "{0}–{1} of {2}", "two": "{0}{1}", "pair": ("row", "rows"), "q": 'say "{0}"'}
    assert words.fill("f(M.hi, M.pair)", catalog) == 'f("Hello.", ["row", "rows"])'
    assert words.fill("t = M.n(Math.round(x / 1e3));", catalog) == 't = ((Math.round(x / 1e3)) + " s");'
    assert words.fill('M.of(a + 1, g(b, ")"), [c, d].length)', catalog) == '((a + 1) + "–" + (g(b, ")")) + " of " + ([c, d].length))'
    assert words.fill("M.two(1, 2)", catalog) == '("" + (1) + (2))'  # text, never a sum
    assert words.fill("M.q(M.hi)", catalog) == '("say \\"" + ("Hello.") + "\\"")'  # a value names a word
    for bad, why in (("M.nope", "lacks"), ("M.hi()", "no places"), ("M.n", "call it"), ("M.of(1, 2)", "takes 3"), ("M.n(f(1)", "never closes")):
        with pytest.raises(ValueError, match=why):
            words.fill(bad, catalog)


def test_every_word_reaches_the_page_that_ships_its_module():
    every = runtime_js.runtime_js(runtime_js.ALL + (runtime_js.ASK,))
    for word in messages.RUNTIME.values():
        for text in (word if isinstance(word, tuple) else (word,)):
            for part in filter(None, re.split(r"\{\d+\}", text)):
                assert ascii_js(part) in every, part


def test_the_shipped_runtime_is_ascii():
    # One "…" would make every page and the runtime's text two bytes a character in the proxy.
    everything = runtime_js.ALL + (runtime_js.ASK,)
    assert runtime_js.runtime_js(everything).isascii() and runtime_js.runtime_css(everything).isascii()


def ascii_js(text: str) -> str:
    """``text`` as the minified runtime writes it in a string: ASCII, others as \\uXXXX (or a pair)."""
    return "".join(c if c.isascii() else "".join(f"\\u{u:04x}" for u in _utf16(c)) for c in text)


def _utf16(char: str) -> list[int]:
    data = char.encode("utf-16-be")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def test_a_word_edited_in_the_catalog_makes_the_bundle_stale(monkeypatch):
    edited = {**messages.RUNTIME, "running": "Working…"}
    monkeypatch.setattr(words, "catalog", lambda: edited)
    runtime_js.bundle_is_fresh.cache_clear()
    try:
        assert not runtime_js.bundle_is_fresh()
        monkeypatch.setenv("COMPILE_UI_RUNTIME", "sources")  # the compact sources get the new word
        runtime_js.runtime_js.cache_clear()
        js = runtime_js.runtime_js(("runtime",))
        assert '"Working…"' in js and "Running…" not in js and "M.running" not in js
    finally:
        monkeypatch.undo()
        for cached in (runtime_js.bundle_is_fresh, runtime_js.runtime_js):
            cached.cache_clear()
    assert runtime_js.bundle_is_fresh()

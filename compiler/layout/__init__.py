"""Phase 3, layout: a LayoutSpec (heuristic, or from a model) checked and applied to the tree.

    spec.py       LayoutSpec: plain typed values (msgspec), what the heuristic builds and apply reads;
                  spec_json(spec): a spec as JSON
    check.py      check_spec(tree, value): a spec from outside, checked (pydantic, on first use)
    schema.py     spec_schema(tree): the per-tool JSON Schema sent to the model
    validation.py the pydantic models, derived from spec.py's types (imported only to check)
    choices.py    what a tree offers a spec (fields, widgets, data views) — nothing else is nameable;
                  which fields are fields of their own, it reads from compile's facts
    heuristic.py  heuristic_spec(tree, tool): the default, no model needed
    apply.py      apply(tree, spec): pure, deterministic

Each step takes compile's facts about the tree's fields (``Compiled.facts``) as an optional last
argument, and builds them from the tree when it is not given.
    llm.py        LLMLayout(settings).generate(tool, tree, refinements) under a hard budget
    refine.py     per-tool feedback, newest five kept
"""

from typing import Any

from .apply import apply
from .check import check_spec
from .heuristic import heuristic_spec
from .refine import Refinements, needs_model
from .schema import spec_schema
from .spec import LayoutSpec, spec_json

_LLM = ("Generation", "LLMLayout", "LLMSettings", "request_key")


def __getattr__(name: str) -> Any:
    """The model's side (asyncio, and the SDK on first call) and the prompts are imported when
    first named: a heuristic layout never loads them."""
    if name in _LLM:
        from . import llm

        return getattr(llm, name)
    if name == "PROMPT_VERSION":
        from prompts import PROMPT_VERSION

        return PROMPT_VERSION
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PROMPT_VERSION",
    "Generation",
    "LLMLayout",
    "LLMSettings",
    "LayoutSpec",
    "Refinements",
    "apply",
    "check_spec",
    "heuristic_spec",
    "needs_model",
    "request_key",
    "spec_json",
    "spec_schema",
]

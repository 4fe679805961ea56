"""Phase 3, layout: a LayoutSpec (heuristic, or from a model) checked and applied to the tree.

    spec.py       LayoutSpec (pydantic), spec_schema(tree) for the model, check_spec(tree, value)
    choices.py    what a tree offers a spec (fields, widgets, data views) — nothing else is nameable
    heuristic.py  heuristic_spec(tree, tool): the default, no model needed
    apply.py      apply(tree, spec): pure, deterministic
    llm.py        LLMLayout(settings).generate(tool, tree, refinements) under a hard budget
    refine.py     per-tool feedback, newest five kept
"""

from prompts import PROMPT_VERSION

from .apply import apply
from .heuristic import heuristic_spec
from .refine import Refinements, needs_model
from .spec import LayoutSpec, check_spec, spec_schema

_LLM = ("Generation", "LLMLayout", "LLMSettings", "request_key")


def __getattr__(name: str):
    """The model's side (asyncio, and the SDK on first call) is imported when first named: a
    heuristic layout never loads it."""
    if name in _LLM:
        from . import llm

        return getattr(llm, name)
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
    "spec_schema",
]

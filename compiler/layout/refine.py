"""Refinement: natural-language feedback per tool, cumulative, the newest five kept.

Feedback reaches the model with the tool definition (``llm.user_prompt``) and enters the layout
cache key. Without a model, feedback is still recorded, and ``needs_model`` says it is waiting.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

MAX_KEPT = 5
MAX_LENGTH = 500


class Refinements:
    def __init__(self, history: Mapping[str, Iterable[str]] | None = None) -> None:
        self._by_tool: dict[str, list[str]] = {k: list(v)[-MAX_KEPT:] for k, v in (history or {}).items()}

    def add(self, tool: str, feedback: str) -> tuple[str, ...]:
        text = " ".join(feedback.split())[:MAX_LENGTH]
        if text:
            kept = self._by_tool.setdefault(tool, [])
            kept.append(text)
            del kept[:-MAX_KEPT]
        return self.get(tool)

    def get(self, tool: str) -> tuple[str, ...]:
        return tuple(self._by_tool.get(tool, ()))

    def clear(self, tool: str) -> None:
        self._by_tool.pop(tool, None)

    def as_dict(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in self._by_tool.items() if v}


def needs_model(refinements: tuple[str, ...], model_enabled: bool) -> bool:
    """Feedback is recorded but cannot change anything until a model is configured."""
    return bool(refinements) and not model_enabled

"""The LLM prompt templates, versioned. The version enters every layout cache key.

``layout_system.md`` and ``layout_user.md`` are plain text; ``{placeholders}`` in the user template
are filled with ``str.format``. Bump ``PROMPT_VERSION`` whenever either file changes meaning.
"""

from __future__ import annotations

from importlib.resources import files

PROMPT_VERSION = "layout-2026-11-28.3"


def load(name: str) -> str:
    """The text of ``prompts/<name>`` as shipped in the package."""
    return files(__package__).joinpath(name).read_text(encoding="utf-8")

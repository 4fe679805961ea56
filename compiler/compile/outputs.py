"""Compile outputs: a tool's normalized ``outputSchema`` → the ``ResultView`` subtree.

Placeholder until output compilation lands (issue 4): every tool gets an ``AutoView``, which the
runtime fills from the data's shape at run time.
"""

from __future__ import annotations

from typing import Any

from components.nodes import AutoView, ResultView, ResultViewProps, ViewProps


def compile_result_view(output_schema: Any | None) -> ResultView:
    """The result subtree for a tool; ``output_schema`` is the *normalized* output schema or None."""
    source = "content" if output_schema is None else "structured"
    return ResultView(
        id="result",
        props=ResultViewProps(source=source),
        children=(AutoView(id="result:auto", props=ViewProps()),),
    )

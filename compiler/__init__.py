"""compile-ui: MCP tool definitions → component trees → self-contained MCP App pages.

Phases, one module (or package) each, imports pointing one way only::

    normalize/   any JSON value as a schema → a narrow, resolved schema model
    compile/     normalized schemas → Form subtree (inputs) and ResultView subtree (outputs)
    layout/      LayoutSpec: heuristic or LLM; apply(tree, spec) → tree
    render       tree → one self-contained HTML page (runtime_js inlined, CSP by hash)
    proxy/       serve the pages to an MCP host in front of any MCP server

``pipeline`` strings them together; ``cli`` is a thin layer over plain functions.
"""


def __getattr__(name: str) -> str:
    """``__version__``, read when first asked for: ``importlib.metadata`` costs more than compiling
    a tool does, and ``compile-ui FILE`` never needs it (PEP 562)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:  # the one source of the version: pyproject.toml's, as installed
        value = version("compile-ui")
    except PackageNotFoundError:  # a source tree that was never installed
        value = "0+unknown"
    globals()["__version__"] = value
    return value

"""Phase 5, serve: the MCP proxy (see ``core`` for the routing, ``pages`` for generation)."""

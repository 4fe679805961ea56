"""The demo upstream: an ordinary, tools-only MCP server that ``compile-ui demo`` wraps."""

"""``compile-ui preview`` / ``compile-ui demo``: a small MCP Apps host in the browser, beside the
component tree, the layout spec and a log of every message — for seeing the pages work."""

"""Every user-facing message, in one catalog (Vega-Lite's log/message.ts, Jinja's fail()).

Code never writes a user-facing sentence inline: it names an entry here and fills it in, so
tests can compare against the catalog and the wording stays consistent. Group by phase.
"""

from __future__ import annotations

# --- CLI / loading tool definitions
NOT_JSON = "not valid JSON: {detail}"
NO_TOOL = "no tool definition found (expected a tool object, an array of tools, or an object with a 'tools' array)"
TOOL_NOT_OBJECT = "a tool definition must be an object"
TOOL_WITHOUT_NAME = "a tool needs a non-empty string 'name'"
BAD_INPUT_SCHEMA = "inputSchema must be an object or a boolean, not {kind}"
TOOL_NOT_FOUND = "no tool named {name!r} (tools: {names})"

"""Every user-facing message, in one catalog (Vega-Lite's log/message.ts, Jinja's fail()).

Code never writes a user-facing sentence inline: it names an entry here and fills it in, so
tests can compare against the catalog and the wording stays consistent. Group by phase. The
runtime's words too (``RUNTIME``, at the end): its sources name them by key and the build writes
them into the shipped bytes (``runtime_js.words``).
"""

from __future__ import annotations

# --- CLI / loading tool definitions
NOT_JSON = "not valid JSON: {detail}"
NO_TOOL = "no tool definition found (expected a tool object, an array of tools, or an object with a 'tools' array)"
TOOL_NOT_OBJECT = "a tool definition must be an object"
TOOL_WITHOUT_NAME = "a tool needs a non-empty string 'name'"
BAD_SCHEMA = "{key} must be an object or a boolean, not {kind}"
NOT_JSON_CONSTANT = "{name} is not JSON"
NOT_UTF8 = "not valid JSON: this string is not Unicode text (bytes that are not UTF-8, or a lone surrogate)"
JSON_TOO_DEEP = "nested deeper than {limit} levels (arrays and objects); no tool definition needs that"
JSON_DUPLICATE_KEY = "the key {key!r} appears twice in this object (which one is meant?)"
CANNOT_READ = "cannot read: {detail}"
CANNOT_WRITE = "cannot write: {detail}"
TOOL_NOT_FOUND = "no tool named {name!r} (tools: {names})"
LAYOUT_NEEDS_ONE_TOOL = "a layout spec is for one tool; the input has {count} (choose one with --tool)"
BAD_LAYOUT = "not a valid layout for this tool: {problems}"

# --- normalize: reasons a shape falls back, and what was not used
NOT_A_SCHEMA = "a schema must be an object or a boolean, not {kind}"
SCHEMA_TOO_LARGE = "the schema is too large to show as a form (more than {limit} parts)"
SCHEMA_TOO_DEEP = "nested deeper than {limit} levels"
REF_UNRESOLVABLE = "$ref {ref!r} does not resolve inside this schema (nothing is fetched)"
REF_BUDGET = "more than {limit} parts reached through $ref: edited as JSON from here"
REF_RECURSIVE = "recursive $ref {ref!r}: expanded {times} levels deep, edited as JSON below that"
IGNORED_KEYWORD = "{keyword}: ignored ({why})"
ALLOF_CONFLICT = "allOf: {keyword} {dropped} conflicts with {kept}; kept {kept}"
ALLOF_UNSATISFIABLE = "allOf: the parts' {keyword} cannot all hold, so no value is valid"
ALLOF_PART_DROPPED = "allOf: a part was not used ({reason})"
EMPTY_ENUM = "enum lists no values, so no value is valid"
NO_BRANCH = "oneOf/anyOf has no usable branch"
BRANCH_LABEL = "Option {n}"
BRANCH_WITH = "With {names}"
TYPE_LABELS = {
    "object": "Object",
    "array": "List",
    "string": "Text",
    "number": "Number",
    "integer": "Integer",
    "boolean": "Yes/no",
    "null": "Nothing",
}
SHAPE_LABELS = {
    "String": "Text",
    "Number": "Number",
    "Boolean": "Yes/no",
    "Object": "Object",
    "Array": "List",
    "Tuple": "List",
    "Enum": "Choice",
    "Const": "Fixed value",
    "Null": "Nothing",
    "Any": "JSON",
}

# --- compile: inputs
FREE_FORM_OBJECT = "a free-form object: any keys and values"
NO_FIELD_FITS = "no field fits this schema"
FOLDED = "folded into JSON: the form would have more than {limit} fields"
ITEM_LABEL = "Item"
POSITION_LABEL = "Item {n}"
VALUE_LABEL = "Value"
ARGUMENTS_LABEL = "Arguments"
SUBMIT_LABEL = "Run"
TRI_STATE = ((True, "Yes"), (False, "No"), (None, "Not set"))  # a nullable boolean's choices

# --- layout
ADVANCED_SECTION = "Advanced"
CHART_TAB = "Chart"
TABLE_TAB = "Table"
# a spec's ``present`` (check_spec): the problem goes back to the model with its pointer
PRESENT_EMPTY_POINTER = "a pointer into the result data, not '' (the whole result)"
PRESENT_BAD_POINTER = "{pointer!r} is not a JSON Pointer (it starts with '/')"
PRESENT_NO_LEAF = "the result has no value at {pointer!r}; choose among {leaves}"
PRESENT_TWICE = "{pointer!r} is already given at {where}"
PRESENT_CURRENCY_NOT_MONEY = "a currency is given with format 'money' only, not {format!r}"
PRESENT_BAD_UNIT = "unit {unit!r} does not go with format {format!r}; {allowed}"
PRESENT_SECTION_TWICE = "{section!r} is already listed at {where}"
MAY_WRITE = "the tool may write: it never runs without a click (only a read-only tool refreshes or re-runs)"

# --- render: words on the static page (compiler/render.py); the runtime's are RUNTIME, below
PAGE_NO_ARGUMENTS = "This tool takes no arguments."
PAGE_CHOOSE = "Choose…"
PAGE_NONE = "—"
PAGE_NOT_SET = "Not set"  # the choice that clears an optional radio group
PAGE_REQUIRED = "required"
PAGE_DEPRECATED = "deprecated"
PAGE_NULL = "null"
PAGE_JSON_HINT = "JSON ({reason})"
PAGE_REMOVE = "Remove"
PAGE_ADD = "Add {what}"
PAGE_ADD_ENTRY = "Add entry"
PAGE_MORE_PROPERTIES = "More properties"
PAGE_KEY = "Key"
PAGE_BRANCH = "Kind"
PAGE_RESULT = "Result"
PAGE_ASK_TITLE = "Question"  # the ask page (_ui_render) before its tree arrives
PAGE_ASK_WAITING = "Waiting for the question…"
PAGE_LIMITS = {"both": "{low} to {high} {nouns}", "low": "at least {low} {noun}", "high": "at most {high} {noun}"}
PAGE_NOUNS = {"item": ("item", "items"), "entry": ("entry", "entries")}

# --- the runtime (runtime_js/*.js): every word it shows a person, by key. A source names one as
# M.<key>, called with the values of its places ({0}, {1}, …); a pair is a noun's singular and
# plural. The build writes them into the shipped bytes (runtime_js.words): edit a word here, then
# run `python -m runtime_js.build`. A test checks that the runtime names every key, and only these.
RUNTIME: dict[str, str | tuple[str, str]] = {
    # runtime.js: the protocol and the run
    "noHost": "Not inside an MCP host: open this page from one (or compile-ui preview) to run the tool.",
    "hostRefused": "The host refused the connection: {0}",
    "waiting": "Waiting for the result…",
    "running": "Running…",
    "seconds": "{0} s",
    "cancel": "Cancel",
    "cancelled": "Cancelled.",
    "cancelledBecause": "Cancelled: {0}",
    "cancelledByUser": "Cancelled by the user",
    "callFailed": "The call failed: {0}",
    "toolError": "The tool reported an error.",
    "rawJson": "Raw JSON",
    "edit": "Edit",
    "defaultInputs": "Default inputs",
    "runAgain": "Run again",
    "checkField": "Check the highlighted field.",
    "checkFields": "Check the {0} highlighted fields.",
    # runtime.js: the model hears of the run, the user may send it to the chat
    "ranLine": "I ran {0} {1}: {2}",
    "ranOk": "it worked.",
    "ranFailed": "it failed: {0}",
    "sendToChat": "Send to chat",
    "sentToChat": "Sent to chat.",
    "notSent": "Not sent: {0}",
    "hostRefusedIt": "the host refused it",
    # runtime.js, fields.js: a field's value
    "required": "Required.",
    "atLeastChars": "At least {0} characters.",
    "atMostChars": "At most {0} characters.",
    "mustMatchPattern": "Must match the pattern {0}",
    "notValid": "Not a valid {0}.",
    "enterWhole": "Enter a whole number.",
    "enterNumber": "Enter a number.",
    "atLeast": "At least {0}.",
    "atMost": "At most {0}.",
    "moreThan": "More than {0}.",
    "lessThan": "Less than {0}.",
    "multipleOf": "A multiple of {0}.",
    "notJson": "Not valid JSON: {0}",
    "chooseAtLeast": "Choose at least {0}.",
    "chooseAtMost": "Choose at most {0}.",
    "fileInfo": "{0} ({1} bytes)",
    "prefilled": "Prefilled ({0} bytes)",
    "fillPosition": "Fill position {0}.",
    "addAtLeast": "Add at least {0}.",
    "atMostItems": "At most {0} items.",
    "atMostEntries": "At most {0} entries.",
    "unique": "Items must be unique.",
    "enterKey": "Enter a key.",
    "duplicateKey": "Duplicate key.",
    "mustMatch": "Must match {0}",
    # views.js: a result (and its own heading: a key of that name at its top level adds none)
    "result": PAGE_RESULT,
    "error": "Error",
    "errorUntold": "The tool reported an error without a message.",
    "yes": "✓ Yes",
    "yesWarning": "⚠ Yes",  # a yes that is bad news: truncated, failed, timed out
    "no": "No",
    "none": "none",
    "more": "+{0} more",
    "alsoSent": "also sent as {0}",
    "items": ("item", "items"),
    "fields": ("field", "fields"),
    "rows": ("row", "rows"),
    "showAll": "Show all ({0} KB)",
    "showMore": "Show more ({0})",
    "prev": "‹ Prev",
    "next": "Next ›",
    "rowsOf": "{0}–{1} of {2}",
    "filter": "Filter",
    "filterRows": "Filter rows",
    "zoned": "{0} (UTC{1})",
    "file": "file",
    "download": "Download {0} ({1} bytes)",
    "json": "JSON",
    "serversText": "Server's text",
    "toModel": "Server's note to the model",
    # views.js (issue 50): a grid's column with no name; a series' time column
    "column": "Column {0}",
    # views.js: a notebook's result output, by its execution count (Jupyter's "Out [4]")
    "out": "Out [{0}]",
    "time": "Time",
    # views.js: a position in a text, its line and column as one ("3:14–20"); a span of time, its start and end
    "location": "Location",
    "when": "When",
    "value": "Value",
    "series": ("series", "series"),
    # chart.js: a chart that would say nothing the table does not
    "chartFlat": "No chart: its values barely vary. The table shows them.",
    # chart.js: a series found in a table's data (its chart's name: measures by key), and its tabs
    "seriesBy": "{0} by {1}",
    "chartTab": CHART_TAB,
    "tableTab": TABLE_TAB,
    # matrix.js: a matrix's colour scale
    "colourScale": "Colour scale from {0} to {1}",
    "exactValues": "Exact values",
    # matrix.js: long-format cells pivoted into a matrix, and the records they came from
    "matrixTab": "Matrix",
    "recordsTab": "Records",
    # matrix.js: rows that each hold a series, a line each, one measure at a time
    "measure": "Measure",
    # host.js: what the host offers (downloads, fullscreen)
    "downloadCsv": "Download these rows as CSV",
    "downloadJson": "Download the whole result as JSON",
    "notDownloaded": "Not downloaded.",
    "fullscreen": "Fullscreen",
    "exitFullscreen": "Exit fullscreen",
    # leads.js: where a result leads (links to other tools, the next page)
    "back": "‹ Back",
    "calling": "Calling {0}…",
    "loadMore": "More",
    "theEnd": "The end.",
    "pageOf": "Page {0} of {1}",
    "pageN": "Page {0}",
    "confirmCall": "{0} may change or delete data. Call it with these arguments?",
    "confirmYes": "Call {0}",
    # live.js: a read-only tool's result that stays live (issue 51)
    "updatedAgo": "Updated {0} ago",
    "minutes": "{0} min",
    "refresh": "Refresh",
    "refreshOff": "Refresh: off",
    "refreshEvery": "Refresh: {0}",
    "refreshFailed": "Refresh failed ({0} in a row): next try in {1}.",
    "refreshStopped": "Refresh stopped.",
    "changed": "Changed since the last run",
    "history": "{0}, the last {1} runs",
    "pick": "Pick",
    "pickFrom": "Values from {0}",
    "pickSearch": "Search",
    "pickNone": "No values.",
    "pickFailed": "{0} failed: {1}",
    # ask.js: the question the model asks
    "questionUnshown": "The question could not be shown.",
    "questionUnshownBecause": "The question could not be shown: {0}",
    "questionFailed": "The question failed.",
    "questionTimedOut": "The question timed out.",
    "answered": "Answered.",
    "sending": "Sending…",
    "answerRefused": "The answer was not taken.",
    "sent": "Sent.",
    # question.js: the upstream's question, asked in the tool's page
    # (compiler/proxy/services/questions.py)
    "askedHere": "The server asks:",
    "openLink": "Open the link",
    "done": "Done",
    "answerNotSent": "The answer was not sent: {0}",
    "questionNotHere": "This page cannot show one of the fields asked for: decline, or cancel.",
}

# --- the upstream's questions asked in the tool's page (compiler/proxy/services/questions.py)
QUESTION_ACCEPT = "Accept"
QUESTION_DECLINE = "Decline"
QUESTION_CANCEL = "Cancel"
QUESTION_NOT_PICKED = "no page of this call fetched the question within {seconds} s (it was closed)"
QUESTION_NOT_ANSWERED = "the person did not answer within {seconds} s"
QUESTION_BAD_TOKEN = "token must be the page's token (16 to 64 letters, digits, - or _) and tool a string"
QUESTION_BAD_TIMEOUT = "timeoutSeconds must be a number from 0 to {most}"
QUESTION_NONE = "No question yet."
QUESTION_BAD_ENDED = "ended must be true or false"
QUESTION_GONE = "This question is no longer open (answered, cancelled, or not this page's)."
QUESTION_BAD_ACTION = "action must be accept, decline or cancel"
QUESTION_BAD_CONTENT = "content must be an object of the question's fields"
QUESTION_SENT = "Sent."
QUESTION_NO_MESSAGE = "elicitation/create needs a message (a string)"
QUESTION_BAD_URL = "a URL-mode elicitation needs an http(s) url"
QUESTION_BAD_MODE = "elicitation mode {mode!r} is not one compile-ui can show (form, url)"
QUESTION_BAD_SCHEMA = "requestedSchema is not the spec's flat object of primitive fields: {why}"
NO_ONE_TO_ASK = ("Elicitation not supported: the host that made this call declares no elicitation, and the call "
                 "was not started from a compile-ui page that could ask")

# --- local HTTP servers (compiler.httpguard): the reasons a request is refused
BIND_NEEDS_TOKEN = (
    "refusing to listen on {address}: a non-loopback address needs a token "
    "(--token, COMPILE_UI_TOKEN or \"token\" in the config file)"
)
HTTP_BAD_TOKEN = "Missing or invalid bearer token"
HTTP_NOT_JSON = "Content-Type must be application/json"
HTTP_NO_OWN_HEADER = "Missing {header} header"
HTTP_TOO_LARGE = "Request body too large"
HTTP_TOO_SLOW = "Request body not received in time"

# --- install / uninstall into MCP hosts (compiler.install)
INSTALL_NOT_OBJECT = "{what} must be a JSON object, not {kind}"
INSTALL_NO_COMMAND = "give the server to wrap after --, e.g. -- npx -y @modelcontextprotocol/server-everything"
INSTALL_BAD_ENV = "--env needs KEY=VALUE, got {value!r}"
INSTALL_NO_NAME = "cannot derive a server name from the command: give --name"
INSTALL_NO_HOME = "cannot find the {variable} folder for {target} on {platform}: give --config FILE"
INSTALL_NOT_INSTALLED = "no server named {name!r} (servers: {names})"
INSTALL_WROTE = "{action} {name!r} in {path} (backup: {backup})"
INSTALL_CREATED = "added {name!r} to {path} (a new file)"
INSTALL_UNCHANGED = "{path} already has this entry for {name!r}: nothing written"
INSTALL_DRY_RUN = "dry run: {path} would change as follows (nothing written)"
INSTALL_RESTART = "restart {host} to load the change"

# --- export (compiler.export)
EXPORT_ONE_SOURCE = "give exactly one source of tools: FILE, --upstream-url URL, or -- COMMAND [ARGS…]"
EXPORT_UPSTREAM_FAILED = "cannot list the upstream's tools: {detail}"
EXPORT_NO_TOOLS = "no tool to export (tools that bring their own app are left out: {skipped})"
EXPORT_SUMMARY = "{written} written, {unchanged} unchanged, {removed} removed; manifest {manifest}"
EXPORT_SKIPPED = "{name}: brings its own app ({uri}), not exported"

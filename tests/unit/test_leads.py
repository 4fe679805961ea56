"""Where a result leads (issue 41, the compiler's side): ``compiler.compile.leads`` over small tool
sets and the real lists of the corpus and the field fixtures, the tree ``pipeline.compile`` makes
of them, and what a LayoutSpec may choose. The property test (generated tool sets) is in
test_leads_properties.py."""

from __future__ import annotations

import json

import msgspec
import pytest

import compile_ui
from compiler.compile.leads import MAX_LINKS, MAX_PER_KEY, describe, index, leads
from compiler.layout import apply, check_spec, heuristic_spec, spec_schema
from compiler.pipeline import build_page, compile, compile_tool, laid_out
from components.nodes import Leads, LinkedView, LinkFill, ResultView
from components.validate import validate
from conftest import CORPUS, FIXTURES


def tool(name, inputs=None, required=(), output=None, **extra):
    definition = {"name": name, "inputSchema": {"type": "object", "properties": inputs or {}, "required": list(required)}}
    if output is not None:
        definition["outputSchema"] = output
    return {**definition, **extra}


S = {"type": "string"}
INT = {"type": "integer"}
READ = {"readOnlyHint": True}

# issue 41's typed server: a paged list of orders, details by id, a destructive cancel, files by path
LIST_ORDERS = tool(
    "list_orders", {"cursor": S, "status": S}, (),
    {"type": "object", "properties": {
        "orders": {"type": "array", "items": {"type": "object", "properties": {
            "order_id": S, "customer": S, "amount": {"type": "number"}, "status": S}}},
        "next_cursor": {"type": ["string", "null"]}, "total": INT}},
    annotations=READ,
)
GET_ORDER = tool("get_order", {"order_id": S}, ["order_id"], annotations=READ)
CANCEL_ORDER = tool("cancel_order", {"order_id": S}, ["order_id"])
LIST_FILES = tool(
    "list_files", {"directory": S}, ["directory"],
    {"type": "object", "properties": {"files": {"type": "array", "items": {"type": "object", "properties": {"path": S, "size": INT}}}}},
)
READ_FILE = tool("read_file", {"path": S}, ["path"], annotations=READ)
SHOP = [LIST_ORDERS, GET_ORDER, CANCEL_ORDER, LIST_FILES, READ_FILE]


def corpus(server):
    return json.loads((CORPUS / "tools" / f"{server}.json").read_text())["tools"]


def field(*names):
    return [json.loads((FIXTURES / "field" / f"{n}.json").read_text())["tool"] for n in names]


def by_tool(props):
    return {link.tool: link for link in props.links}


# --------------------------------------------------------------------------- links


def test_the_issues_typed_server():
    props = leads(LIST_ORDERS, SHOP)
    links = by_tool(props)
    assert list(links) == ["get_order", "cancel_order"]  # offered first
    get = links["get_order"]
    assert get.id == "link:get_order:order_id" and get.offered and get.readOnly and not get.destructive
    assert get.keys == ("order_id",) and get.at == ("/orders/*/order_id",) and get.valueType == "string"
    assert get.fills == (LinkFill(argument="order_id", source="value"),)
    assert get.label == get.title == "Get order"
    cancel = links["cancel_order"]
    assert cancel.destructive and not cancel.offered  # never one click from harm
    assert props.paging is not None and props.paging.style == "cursor" and props.paging.argument == "cursor"
    assert props.paging.next == ("/next_cursor",) and props.paging.rows == "/orders" and props.paging.mode == "more"
    files = by_tool(leads(LIST_FILES, SHOP))
    assert list(files) == ["read_file"] and files["read_file"].at == ("/files/*/path",)
    assert not files["read_file"].fills[0].join  # list_files takes no "path": nothing to join to


def test_a_tool_alone_or_with_nothing_to_take_leads_nowhere():
    assert leads(GET_ORDER, [GET_ORDER]) is None
    assert leads(GET_ORDER, []) is None
    assert leads(READ_FILE, SHOP) is None  # no result value anyone takes


def test_an_entitys_id_and_name():
    listing = tool("list_orders", {}, (), {"type": "array", "items": {"type": "object", "properties": {"id": INT, "name": S}}})
    by_id = tool("get_order", {"id": INT}, ["id"])
    other = tool("get_customer", {"id": INT}, ["id"])  # another entity's id: no
    props = leads(listing, [listing, by_id, other])
    assert [(lk.tool, lk.keys, lk.at, lk.valueType) for lk in props.links] == [("get_order", ("id",), ("/*/id",), "integer")]
    tables = tool("list_tables", {}, (), {"type": "object", "properties": {"tables": {"type": "array", "items": {
        "type": "object", "properties": {"name": S}}}}})
    describe_table = tool("describe_table", {"table_name": S}, ["table_name"])
    assert by_tool(leads(tables, [tables, describe_table]))["describe_table"].at == ("/tables/*/name",)


def test_every_required_input_is_filled_or_there_is_no_link():
    listing = tool("list_items", {"project": S}, ["project"],
                   {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"item_id": S}}}}})
    carried = tool("get_item", {"project": S, "item_id": S}, ["project", "item_id"])
    missing = tool("show_item", {"workspace": S, "item_id": S}, ["workspace", "item_id"])  # nothing gives "workspace"
    wrong_type = tool("view_item", {"project": INT, "item_id": S}, ["project", "item_id"])  # project is a string here
    array_key = tool("read_items", {"item_id": {"type": "array", "items": S}}, ["item_id"])
    links = by_tool(leads(listing, [listing, carried, missing, wrong_type, array_key]))
    assert list(links) == ["get_item"]
    assert links["get_item"].fills == (LinkFill(argument="project", source="argument"), LinkFill(argument="item_id", source="value"))


def test_a_carried_argument_may_be_spelled_otherwise():
    listing = tool("list_rows", {"tableName": S}, ["tableName"],
                   {"type": "object", "properties": {"rows": {"type": "array", "items": {"type": "object", "properties": {"row_id": INT}}}}})
    get = tool("get_row", {"table_name": S, "row_id": INT}, ["table_name", "row_id"])
    [link] = leads(listing, [listing, get]).links
    assert link.fills[0] == LinkFill(argument="table_name", source="argument", name="tableName")


def test_classes_of_names_and_formats():
    log = tool("list_changes", {}, (), {"type": "object", "properties": {"changes": {"type": "array", "items": {
        "type": "object", "properties": {"sha": S, "homepage": {"type": "string", "format": "uri"}}}}}})
    show = tool("show_revision", {"revision": S}, ["revision"])
    fetch = tool("fetch_page", {"url": S}, ["url"])
    links = by_tool(leads(log, [log, show, fetch]))
    assert links["show_revision"].test == "^[0-9a-f]{7,40}$" and links["show_revision"].at == ("/changes/*/sha",)
    assert links["fetch_page"].at == ("/changes/*/homepage",) and links["fetch_page"].test is None


@pytest.mark.parametrize(
    ("target", "offered", "destructive"),
    [
        (tool("get_thing", {"thing_id": S}, ["thing_id"]), True, False),  # the name reads as a read
        (tool("get_thing", {"thing_id": S}, ["thing_id"], annotations={"readOnlyHint": False}), False, False),
        (tool("archive_thing", {"thing_id": S}, ["thing_id"]), False, False),  # not a read: kept, unoffered
        (tool("archive_thing", {"thing_id": S}, ["thing_id"], annotations=READ), True, False),
        (tool("purge_thing", {"thing_id": S}, ["thing_id"]), False, True),
        (tool("get_thing", {"thing_id": S}, ["thing_id"], description="Gets it, then deletes it."), False, True),
        (tool("get_thing", {"thing_id": S}, ["thing_id"], annotations={"destructiveHint": True, "readOnlyHint": True}), False, True),
        (tool("drop_thing", {"thing_id": S}, ["thing_id"], annotations=READ), True, False),  # the hint is believed over the name
    ],
)
def test_read_only_and_destructive(target, offered, destructive):
    listing = tool("list_things", {}, (), {"type": "object", "properties": {"things": {"type": "array", "items": {
        "type": "object", "properties": {"thing_id": S}}}}})
    [link] = leads(listing, [listing, target]).links
    assert (link.offered, link.destructive) == (offered, destructive)


def test_caps_per_key_and_per_tool_in_list_order():
    listing = tool("list_things", {}, (), {"type": "object", "properties": {"things": {"type": "array", "items": {
        "type": "object", "properties": {f"k{i}": S for i in range(5)}}}}})
    targets = [tool(f"get_{i}_{k}", {f"k{k}": S}, [f"k{k}"], annotations=READ) for k in range(5) for i in range(4)]
    props = leads(listing, [listing, *targets])
    assert len(props.links) == MAX_LINKS
    per_key: dict = {}
    for link in props.links:
        per_key[link.keys] = per_key.get(link.keys, 0) + 1
    assert max(per_key.values()) == MAX_PER_KEY
    assert [lk.tool for lk in props.links] == [f"get_{i}_{k}" for k in range(3) for i in range(3)][:MAX_LINKS]


def test_odd_definitions_never_raise():
    odd = [None, 3, "x", [], {}, {"name": 5}, {"name": ""}, {"name": "a", "inputSchema": "no"},
           {"name": "b", "inputSchema": {"type": "object", "properties": {"id": True}, "required": "id"}},
           {"name": "c", "annotations": [1], "description": 7, "inputSchema": {"properties": []}},
           {"name": "d", "inputSchema": {"$ref": "#"}, "outputSchema": {"$ref": "#/properties/x", "properties": {"x": {"$ref": "#"}}}}]
    for definition in odd:
        if isinstance(definition, dict) and isinstance(definition.get("name"), str) and definition["name"]:
            leads(definition, odd + SHOP)
    assert leads(LIST_ORDERS, odd + SHOP) == leads(LIST_ORDERS, SHOP)


# --------------------------------------------------------------------------- real lists


def test_filesystem_a_listing_leads_to_the_files_text():
    tools = corpus("filesystem")
    listing = next(t for t in tools if t["name"] == "list_directory")
    text = by_tool(leads(listing, tools))["read_text_file"]
    assert text.offered and text.lines and "path" in text.keys
    assert text.fills == (LinkFill(argument="path", source="value", join=True),)  # [FILE] a.txt under path=/x → /x/a.txt
    search = by_tool(leads(next(t for t in tools if t["name"] == "search_files"), tools))["read_text_file"]
    assert search.lines and search.offered
    assert not any(lk.destructive and lk.offered for t in tools if (p := leads(t, tools)) for lk in p.links)
    for name in ("read_text_file", "read_multiple_files", "write_file", "move_file"):  # a file's text lists nothing
        assert leads(next(t for t in tools if t["name"] == name), tools) is None


def test_git_a_log_leads_to_a_commit_with_its_repository():
    tools = corpus("git")
    log = next(t for t in tools if t["name"] == "git_log")
    [show] = leads(log, tools).links
    assert show.tool == "git_show" and show.offered and show.lines and show.test == "^[0-9a-f]{7,40}$"
    assert show.fills == (LinkFill(argument="repo_path", source="argument"), LinkFill(argument="revision", source="value"))
    assert "commit" in show.keys  # git_log's text reads "Commit: <hash>"


def test_field_fixtures_sqlite_and_filesystem():
    tables, described, query = field("sqlite__list_tables", "sqlite__describe_table", "sqlite__read_query")
    [link] = leads(tables, [tables, described, query]).links
    assert (link.tool, link.keys, link.fills) == ("describe_table", ("table_name", "name"), (LinkFill(argument="table_name", source="value"),))
    node_tables, schema = field("sqlite-node__list_tables", "sqlite-node__get_table_schema")
    assert "name" in leads(node_tables, [node_tables, schema]).links[0].keys  # tableName ← an entry's name
    listing, text = field("filesystem__list_directory", "filesystem__read_text_file__csv")
    [link] = leads(listing, [listing, text]).links
    assert link.lines and link.fills[0].join


def test_the_corpus_is_deterministic_and_valid():
    for path in sorted((CORPUS / "tools").glob("*.json")):
        tools = json.loads(path.read_text())["tools"]
        listed = index(tools)
        for definition in tools:
            compiled = compile(definition, listed)
            assert validate(compiled.tree) == [], (path.name, definition["name"])
            again = compile(json.loads(json.dumps(definition)), json.loads(json.dumps(tools)))
            assert msgspec.json.encode(compiled.tree) == msgspec.json.encode(again.tree)
            spec = heuristic_spec(compiled.tree, definition, compiled.facts)
            assert check_spec(compiled.tree, msgspec.to_builtins(spec), compiled.facts)[1] == []


# --------------------------------------------------------------------------- paging


def paged(inputs, output=None):
    return tool("list_things", inputs, (), output)


def test_paging_styles():
    cursor_alone = leads(paged({"pageToken": S}), [])
    assert cursor_alone is None  # alone: no list, no leads
    assert leads(paged({"pageToken": S}), [GET_ORDER]).paging.next[:2] == ("/next_cursor", "/nextCursor")
    assert leads(paged({"cursor": S}, {"type": "object", "properties": {"items": {"type": "array"}}}), [GET_ORDER]) is None
    graph = leads(paged({"after": S}, {"type": "object", "properties": {
        "nodes": {"type": "array"}, "pageInfo": {"type": "object", "properties": {"endCursor": S, "hasNextPage": {"type": "boolean"}}}}}), [GET_ORDER]).paging
    assert (graph.next, graph.more, graph.rows) == (("/pageInfo/endCursor",), "/pageInfo/hasNextPage", "/nodes")
    page = leads(paged({"page": INT}, {"type": "object", "properties": {"results": {"type": "array"}, "total_pages": INT}}), [GET_ORDER]).paging
    assert (page.style, page.argument, page.total, page.rows, page.mode) == ("page", "page", "/total_pages", "/results", "pages")
    offset = leads(paged({"offset": INT, "limit": INT}, {"type": "object", "properties": {"rows": {"type": "array"}, "has_more": {"type": "boolean"}, "total_count": INT}}), [GET_ORDER]).paging
    assert (offset.style, offset.limit, offset.more, offset.total) == ("offset", "limit", "/has_more", "/total_count")
    assert leads(paged({"offset": INT}, {"type": "object", "properties": {"total": INT}}), [GET_ORDER]) is None  # no page size
    assert leads(paged({"page": INT}), [GET_ORDER]) is None  # nothing says there is a next page


# --------------------------------------------------------------------------- the tree and the page


def test_the_tree_holds_the_linked_views_and_alone_nothing_changes():
    compiled = compile(LIST_ORDERS, SHOP)
    result = compiled.tree.children[-1]
    assert isinstance(result, ResultView)
    node = result.children[-1]
    assert isinstance(node, Leads) and node.id == "result:leads"
    assert [(v.id, v.props.tool) for v in node.children] == [("linked:get_order", "get_order"), ("linked:cancel_order", "cancel_order")]
    assert node.children[0].children[0].id == "linked:get_order:result:auto"
    assert validate(compiled.tree) == []
    assert msgspec.json.encode(compile(LIST_ORDERS).tree) == msgspec.json.encode(compile(LIST_ORDERS, ()).tree)
    assert not any(isinstance(c, Leads) for c in compile(LIST_ORDERS).tree.children[-1].children)
    # the page: the destructive link is not offered, its view not inlined; the heuristic keeps the rest
    laid = compile_tool(LIST_ORDERS, tools=SHOP)
    leads_node = laid.children[-1].children[-1]
    assert [lk.tool for lk in leads_node.props.links] == ["get_order"] and len(leads_node.children) == 1
    assert build_page(LIST_ORDERS, tools=SHOP) != build_page(LIST_ORDERS)
    assert "link:get_order:order_id" in build_page(LIST_ORDERS, tools=SHOP)


def test_a_linked_view_holds_no_leads_of_its_own():
    compiled = compile(LIST_FILES, [LIST_FILES, {**READ_FILE, "outputSchema": LIST_ORDERS["outputSchema"]}, LIST_ORDERS, GET_ORDER])
    node = compiled.tree.children[-1].children[-1]
    assert all(not isinstance(d, Leads) for v in node.children for d in v.children)
    assert [v.id for v in node.children] == ["linked:read_file"]
    assert node.children[0].children[0].id == "linked:read_file:v:"


# --------------------------------------------------------------------------- LayoutSpec


def test_a_spec_chooses_among_the_links_never_adds_one():
    compiled = compile(LIST_ORDERS, SHOP)
    tree, facts = compiled.tree, compiled.facts
    schema = spec_schema(tree, facts)
    ids = schema["properties"]["links"]["anyOf"][0]["items"]["properties"]["id"]["enum"]
    assert ids == ["link:get_order:order_id", "link:cancel_order:order_id"]
    assert "paging" in schema["properties"]
    bad = {"links": [{"id": "link:get_order:order_id"}, {"id": "link:drop_db:name"}, {"id": "link:get_order:order_id"}]}
    spec, problems = check_spec(tree, bad, facts)
    assert spec is None and [p.pointer for p in problems] == ["/links/1/id", "/links/2/id"]
    spec, problems = check_spec(tree, {"links": [{"id": "link:cancel_order:order_id", "label": "Cancel"}, {"id": "link:get_order:order_id"}],
                                       "paging": {"show": True, "label": "Next orders"}}, facts)
    assert problems == []
    laid = apply(tree, spec, facts).children[-1].children[-1]
    assert [(lk.tool, lk.label, lk.offered, lk.destructive) for lk in laid.props.links] == [
        ("cancel_order", "Cancel", True, True), ("get_order", "Get order", True, False)]  # the runtime confirms the first
    assert laid.props.paging.label == "Next orders"
    spec, _ = check_spec(tree, {"links": [], "paging": {"show": False}}, facts)
    result = apply(tree, spec, facts).children[-1]
    assert not any(isinstance(c, Leads) for c in result.children)  # nothing left: no Leads, no linked views
    spec, _ = check_spec(tree, {"links": [{"id": "link:get_order:order_id"}]}, facts)
    kept = apply(tree, spec, facts).children[-1].children[-1]
    assert [v.props.tool for v in kept.children if isinstance(v, LinkedView)] == ["get_order"]


def test_paging_is_refused_where_there_is_none_and_a_tool_alone_keeps_its_schema():
    compiled = compile(GET_ORDER, SHOP)
    assert check_spec(compiled.tree, {"paging": {"show": False}}, compiled.facts)[1][0].pointer == "/paging"
    alone = compile(LIST_ORDERS)
    # read-only alone: it may stay live (issue 51), nothing of leads
    assert set(spec_schema(alone.tree, alone.facts)["properties"]) == {"version", "title", "summary", "input", "output", "present", "live"}
    assert laid_out(compile(LIST_ORDERS, SHOP)).spec.links is None  # the heuristic keeps the default


def test_the_library_takes_the_list():
    tree = compile_ui.tree(LIST_ORDERS, tools=SHOP)
    assert tree["children"][-1]["children"][-1]["type"] == "Leads"
    assert compile_ui.page(LIST_ORDERS, tools=SHOP) == build_page(LIST_ORDERS, tools=SHOP, asks=False)
    assert compile_ui.check_layout(LIST_ORDERS, {"links": [{"id": "link:get_order:order_id"}]}, tools=SHOP) == []
    assert compile_ui.check_layout(LIST_ORDERS, {"links": [{"id": "link:get_order:order_id"}]})[0].pointer == "/links/0/id"
    assert "links" in compile_ui.spec_schema(LIST_ORDERS, tools=SHOP)["properties"]


def test_describe_reads_as_text():
    text = describe("list_orders", leads(LIST_ORDERS, SHOP))
    assert "link link:get_order:order_id -> get_order \"Get order\", offered" in text
    assert "not offered (destructive)" in text and "paging: More (rows appended) by cursor input cursor" in text
    assert describe("get_order", None) == "get_order: leads nowhere\n"


def test_export_compiles_each_page_with_the_whole_list():
    from compiler.export.files import plan

    tools = corpus("filesystem")
    listing = [t for t in tools if t["name"] == "list_directory"]
    alone = plan(listing, "test", "r").pages["list_directory.html"]
    chosen = plan(listing, "test", "r", tools).pages["list_directory.html"]
    assert chosen == build_page(listing[0], tools=tools, asks=False).encode() != alone
    assert b"linked:read_text_file" in chosen and b"linked:read_text_file" not in alone


def test_the_model_is_told_the_links_and_its_unknown_ones_are_dropped():
    from compiler.layout.llm import _merge, user_prompt

    compiled = compile(LIST_ORDERS, SHOP)
    prompt = user_prompt(LIST_ORDERS, compiled.tree, [], compiled.facts)
    assert '"id": "link:cancel_order:order_id"' in prompt and '"confirms": true' in prompt and "`cursor` input" in prompt
    alone = compile(LIST_ORDERS)
    assert "Links from the result" not in user_prompt(LIST_ORDERS, alone.tree, [], alone.facts)
    fallback = heuristic_spec(compiled.tree, LIST_ORDERS, compiled.facts)
    raw = {"links": [{"id": "link:rm_rf:path"}, {"id": "link:get_order:order_id", "label": "Details"}]}
    spec, sources, _ = _merge(compiled.tree, compiled.facts, raw, fallback)
    assert sources["links"] == "llm" and [(c.id, c.label) for c in spec.links] == [("link:get_order:order_id", "Details")]

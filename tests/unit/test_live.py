"""Issue 51's rules (``compiler.compile.live``) and the layout's side of them: which tools may run
without a click, which suggest a timer, which inputs re-run the tool, which tools feed a picker;
the spec's ``live`` and ``input.live`` applied, refused for a tool that may write, and offered to
the model only where they mean something; its ``input.pickers`` choosing a source or none. The
property: over generated tool sets, no picker (on any tool's form) and no timer ever calls a tool
that may write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given

from compiler.compile.leads import index
from compiler.compile.leads.tools import read_tool
from compiler.compile.live import (
    input_shape_of,
    live_inputs,
    live_node,
    may_run_unasked,
    pickers,
    says_current,
)
from compiler.layout import check_spec, spec_schema
from compiler.pipeline import Given, build_page, compile, laid_out
from compiler.tools import load_tools
from components.nodes import Form, Live, NumberField, Picker, ResultView
from components.validate import validate

from .test_leads_properties import tool_sets

CORPUS = Path(__file__).parents[1].parent / "fixtures" / "corpus" / "tools"
S = {"type": "string"}
READ = {"readOnlyHint": True}


def tool(name: str, properties: dict[str, Any] | None = None, required: tuple[str, ...] = (), **more: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": {"type": "object", "properties": properties or {}, "required": list(required)}, **more}


def result_of(tree) -> ResultView:
    return next(c for c in tree.children if isinstance(c, ResultView))


def live_of(tree) -> Live | None:
    return next((c for c in result_of(tree).children if isinstance(c, Live)), None)


def corpus(name: str) -> list[dict[str, Any]]:
    path = CORPUS / f"{name}.json"
    return [t for _, t in load_tools(path.read_text(), str(path))]


def test_only_a_tool_that_only_reads_may_run_unasked():
    assert may_run_unasked(tool("get_status"))  # a read verb
    assert may_run_unasked(tool("anything", annotations=READ))
    assert not may_run_unasked(tool("anything"))  # says nothing: may write
    assert not may_run_unasked(tool("get_status", annotations={"readOnlyHint": False}))
    assert not may_run_unasked(tool("list_files", annotations={"readOnlyHint": True, "destructiveHint": True}))
    assert not may_run_unasked(tool("show_and_delete"))  # a destructive word
    assert not may_run_unasked(tool("update_status"))  # issue 41 reads a status; a name that writes never runs unasked
    assert may_run_unasked(tool("update_status", annotations=READ))  # unless the server says it only reads
    assert not may_run_unasked(tool("list_cache", description="Lists it, then deletes the old entries."))
    assert not may_run_unasked({"name": 3}) and not may_run_unasked(None)


def test_a_timer_is_suggested_for_current_state_by_name_or_a_plain_description():
    assert says_current(tool("poll-system-stats"))
    assert says_current(tool("git_status", {"repo_path": S}, ("repo_path",)))
    assert says_current(tool("get_current_time"))
    assert says_current(tool("machine", description="Health of the machine. Cheap."))
    assert not says_current(tool("machine", {"x": S}, ("x",), description="Health of the machine."))  # asks for inputs
    assert not says_current(tool("browser_snapshot", description="Snapshot of the current page."))  # where, not when
    assert not says_current(tool("get_order", description="Get one order."))


def test_live_inputs_are_every_input_bounded():
    bounded = {"n": {"type": "integer", "minimum": 0, "maximum": 9}, "on": {"type": "boolean"}, "mode": {"enum": ["a", "b"]},
               "rate": {"type": "number", "exclusiveMinimum": 0, "maximum": 1}}
    assert live_inputs(input_shape_of(tool("t", bounded)))
    assert not live_inputs(input_shape_of(tool("t", {**bounded, "q": S})))
    assert not live_inputs(input_shape_of(tool("t", {"n": {"type": "integer", "minimum": 0}})))
    assert not live_inputs(input_shape_of(tool("t")))  # nothing to move


def test_pickers_invert_the_lead_index_on_real_servers():
    fs = corpus("filesystem")
    listed = index(fs)
    read = next(t for t in fs if t["name"] == "read_text_file")
    found = [p.props for p in pickers(read, listed)]
    assert [(p.argument, p.tool) for p in found] == [("path", "list_directory"), ("path", "list_directory_with_sizes")]
    # the listing takes the form's own path: its entries are relative to it
    assert [(f.argument, f.source, f.name) for f in found[0].fills] == [("path", "argument", None)]
    assert found[0].lines
    git = corpus("git")
    show = next(t for t in git if t["name"] == "git_show")
    (log,) = (p.props for p in pickers(show, index(git)))
    assert (log.argument, log.tool, [f.argument for f in log.fills]) == ("revision", "git_log", ["repo_path"])
    assert log.test == "^[0-9a-f]{7,40}$"


def test_a_source_that_needs_an_input_the_form_lacks_feeds_no_picker():
    listing = tool("list_tables", {"database": S}, ("database",), annotations=READ)
    describe = tool("describe_table", {"table_name": S}, ("table_name",), annotations=READ)
    assert pickers(describe, index([listing, describe])) == ()
    with_db = tool("describe_table", {"table_name": S, "database": S}, ("table_name", "database"), annotations=READ)
    (picker,) = (p.props for p in pickers(with_db, index([listing, with_db])))
    assert (picker.tool, picker.argument, [f.argument for f in picker.fills]) == ("list_tables", "table_name", ["database"])


def test_the_heuristic_turns_on_what_fits_and_a_write_tool_gets_nothing():
    monitor = corpus("apps-system-monitor")
    stats = next(t for t in monitor if t["name"] == "poll-system-stats")
    page = laid_out(compile(stats, monitor))
    assert page.spec.live is not None and page.spec.live.every == 15
    assert live_of(page.tree).props.every == 15 and validate(page.tree) == []
    everything = corpus("everything")
    message = next(t for t in everything if t["name"] == "get-annotated-message")
    page = laid_out(compile(message, everything))
    assert page.spec.input.live and live_of(page.tree).props.inputs
    writes = next(t for t in everything if t["name"] == "toggle-simulated-logging")
    page = laid_out(compile(writes, everything))
    assert live_of(page.tree) is None and page.spec.live is None and not page.spec.input.live
    schema = spec_schema(page.tree)
    assert "live" not in schema["properties"] and "live" not in schema["properties"]["input"]["properties"]


def test_bounded_numbers_become_sliders_when_inputs_re_run():
    scenario = tool("get_projection", {"growth": {"type": "number", "minimum": 0, "maximum": 500},
                                       "months": {"type": "integer", "minimum": 1, "maximum": 360}}, annotations=READ)
    page = laid_out(compile(scenario))
    form = next(c for c in page.tree.children if isinstance(c, Form))
    numbers = [c for c in form.children if isinstance(c, NumberField)]
    assert [n.props.widget for n in numbers] == ["slider", "slider"]


def test_a_spec_sets_the_timer_and_live_inputs_and_is_refused_for_a_tool_that_may_write():
    reads = tool("list_regions", annotations=READ)
    compiled = compile(reads)
    spec, problems = check_spec(compiled.tree, {"live": {"every": 60}, "input": {"live": True}}, compiled.facts)
    assert problems == []
    live = live_of(laid_out(compiled, Given(spec)).tree)
    assert (live.props.every, live.props.inputs) == (60, True)
    # a spec that says nothing of it keeps the heuristic's timer; one that says 0 turns it off
    monitor = compile(tool("poll_stats", annotations=READ))
    quiet, _ = check_spec(monitor.tree, {"title": "Stats"}, monitor.facts)
    assert live_of(laid_out(monitor, Given(quiet)).tree).props.every == 15
    off, _ = check_spec(monitor.tree, {"live": {"every": 0}}, monitor.facts)
    assert live_of(laid_out(monitor, Given(off)).tree).props.every == 0
    _, problems = check_spec(compiled.tree, {"live": {"every": 7}}, compiled.facts)
    assert [p.pointer for p in problems] == ["/live/every"]  # 5, 15 or 60 only
    writes = compile(tool("reset_counters"))
    _, problems = check_spec(writes.tree, {"live": {"every": 5}, "input": {"live": True}}, writes.facts)
    assert sorted(p.pointer for p in problems) == ["/input/live", "/live/every"]
    assert "never runs without a click" in problems[0].message


def test_the_live_node_travels_to_the_page_only_for_a_tool_that_may_run_unasked():
    reads = tool("get_status", annotations=READ)
    assert live_node(reads) is not None and live_node(tool("reset_counters")) is None
    assert '"type":"Live"' in build_page(reads) and '"type":"Live"' not in build_page(tool("reset_counters"))


def writes(tools: list[dict[str, Any]], name: str) -> bool:
    info = read_tool(-1, next(t for t in tools if t["name"] == name))
    return info is None or not may_run_unasked(info)


@given(tool_sets)
def test_no_picker_and_no_timer_ever_calls_a_tool_that_may_write(tools):
    listed = index(tools)
    for current in tools:
        node = live_node(current)
        if may_run_unasked(current):
            assert node is not None
        else:
            assert node is None  # no timer, no live inputs on its page
            assert laid_out(compile(current, listed)).spec.live is None
        # any tool's form may have pickers, one that writes too: their sources only read
        for picker in (p.props for p in pickers(current, listed)):
            assert picker.tool != current["name"] and not writes(tools, picker.tool)


def test_a_write_tools_form_gets_pickers_and_no_live_module():
    fs = corpus("filesystem")
    listed = index(fs)
    by_name = {t["name"]: t for t in fs}
    for name in ("write_file", "edit_file"):
        assert not may_run_unasked(by_name[name])
        assert [(p.props.argument, p.props.tool) for p in pickers(by_name[name], listed)] == [
            ("path", "list_directory"), ("path", "list_directory_with_sizes")]
    # uncapped: a read tool past the links' three per key gets them too
    assert [p.props.tool for p in pickers(by_name["get_file_info"], listed)] == ["list_directory", "list_directory_with_sizes"]
    page = build_page(by_name["write_file"], tools=listed)
    assert '"type":"Picker"' in page and "CU.pick" in page
    assert '"type":"Live"' not in page and "CU.live" not in page
    # a tool no other result provides an input of gets none; nor the name of a thing a tool makes
    assert pickers(by_name["move_file"], listed) == ()
    assert pickers(by_name["create_directory"], listed) == ()
    listing = tool("list_tasks", annotations=READ, outputSchema={"type": "object", "properties": {"tasks": {
        "type": "array", "items": {"type": "object", "properties": {"task_id": S, "title": S, "repo": S}}}}})
    tasks = [listing, tool("create_task", {"title": S, "repo": S}, ("title", "repo")),
             tool("add_task_note", {"task_id": S, "note": S}, ("task_id", "note")),
             tool("create_table", {"table_name": S}, ("table_name",))]
    listed = index([*tasks, tool("list_tables", annotations=READ)])
    assert [p.props.argument for p in pickers(tasks[1], listed)] == ["repo"]  # its title is the person's to give
    assert [p.props.argument for p in pickers(tasks[2], listed)] == ["task_id"]  # a note added to a task picked
    assert pickers(tasks[3], listed) == ()


def test_a_spec_chooses_an_inputs_picker_or_none_and_only_among_its_sources():
    fs = corpus("filesystem")
    write = compile(next(t for t in fs if t["name"] == "write_file"), fs)
    shown = lambda spec: [p.props.tool for p in result_of(laid_out(write, Given(spec)).tree).children if isinstance(p, Picker)]  # noqa: E731
    assert shown(laid_out(write).spec) == ["list_directory", "list_directory_with_sizes"]  # the page offers the first
    spec, problems = check_spec(write.tree, {"input": {"pickers": [{"field": "/path", "tool": "list_directory_with_sizes"}]}}, write.facts)
    assert problems == [] and shown(spec) == ["list_directory_with_sizes"]
    spec, problems = check_spec(write.tree, {"input": {"pickers": [{"field": "/path", "tool": None}]}}, write.facts)
    assert problems == [] and shown(spec) == []
    _, problems = check_spec(write.tree, {"input": {"pickers": [
        {"field": "/path", "tool": "write_file"}, {"field": "/content", "tool": None}, {"field": "/path", "tool": None}]}}, write.facts)
    assert [p.pointer for p in problems] == ["/input/pickers/0/tool", "/input/pickers/1/field", "/input/pickers/2/field"]
    _, problems = check_spec(write.tree, {"input": {"pickers": [{"field": "/path"}]}}, write.facts)
    assert [p.pointer for p in problems] == ["/input/pickers/0/tool"]  # null says none: never left out
    schema = spec_schema(write.tree, write.facts)["properties"]["input"]["properties"]["pickers"]
    (item,) = schema["items"]["anyOf"]
    assert item["properties"]["field"] == {"enum": ["/path"]}
    assert item["properties"]["tool"] == {"enum": ["list_directory", "list_directory_with_sizes", None]}
    alone = compile(tool("get_status", annotations=READ))
    assert spec_schema(alone.tree)["properties"]["input"]["properties"]["pickers"]["items"] == {"not": {}}


def test_a_models_picker_and_timer_choices_survive_a_part_it_got_wrong():
    from compiler.layout.llm import _merge

    fs = corpus("filesystem")
    listing = compile(next(t for t in fs if t["name"] == "list_directory"), fs)
    raw = {"title": "x" * 500, "live": {"every": 60}, "input": {"pickers": [{"field": "/path", "tool": "directory_tree"}]}}
    spec, sources, reasons = _merge(listing.tree, listing.facts, raw, laid_out(listing).spec)
    assert (sources["title"], sources["live"], sources["input.pickers"]) == ("heuristic", "llm", "llm") and "title" in reasons
    assert spec.live is not None and spec.live.every == 60
    assert [p.props.tool for p in result_of(laid_out(listing, Given(spec)).tree).children if isinstance(p, Picker)] == ["directory_tree"]

"""The static page (compiler.render): structure, CSP, allow-list, escaping, determinism, size."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from msgspec.structs import replace

from compiler import render as render_module
from compiler.compile import compile_tree
from compiler.pipeline import build_page
from compiler.render import node_types, render_ask_page, render_body, render_page, script_json
from compiler.tools import load_tools
from components.nodes import (
    FIELD_TYPES,
    LAYOUT_TYPES,
    NODE_TYPES,
    VIEW_TYPES,
    Action,
    Alert,
    AlertProps,
    App,
    AppProps,
    BooleanField,
    BooleanFieldProps,
    Card,
    CardProps,
    Chart,
    ChartEncoding,
    ChartProps,
    Column,
    FieldNode,
    Form,
    FormProps,
    Heading,
    HeadingProps,
    JsonView,
    KeyValue,
    KeyValueProps,
    Metric,
    MetricProps,
    MultiSelectField,
    MultiSelectFieldProps,
    Node,
    NumberField,
    NumberFieldProps,
    Option,
    ResultView,
    ResultViewProps,
    Section,
    SectionProps,
    SelectField,
    SelectFieldProps,
    Stack,
    StackProps,
    Struct,
    Table,
    TableProps,
    Tabs,
    TabsProps,
    Text,
    TextField,
    TextFieldProps,
    TextProps,
    ViewProps,
)
from runtime_js import (
    ALL,
    ASK,
    MODULES,
    RECORD_VIEWS,
    RUNTIME_VERSION,
    bundle_is_fresh,
    compact,
    modules_for,
    runtime_css,
    runtime_js,
)
from runtime_js import catalog as runtime_catalog

ROOT = Path(__file__).resolve().parents[2]
CORPUS_TOOLS = ROOT / "fixtures" / "corpus" / "tools"  # the committed copy: CI checks out this repository alone
EVERY_FIELD = json.loads((ROOT / "fixtures" / "page" / "every_field.json").read_text())

ALLOWED_DATA = {"data-id", "data-action", "data-view", "data-csp"}  # data-view: a view's place in a result's template; data-csp: the page's policy, on the runtime's script
ALLOWED_ACTIONS = {"submit", "add", "remove"}
URL_ATTRS = {"src", "href", "action", "formaction", "srcset", "poster", "background", "xlink:href", "ping"}


class Page(HTMLParser):
    """Every element with its attributes, and the text of <script>/<style> elements."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.styles: list[str] = []
        self.text: list[str] = []
        self._open: tuple[str, dict[str, str | None]] | None = None
        self._buf: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs_d = dict(attrs)
        self.elements.append((tag, attrs_d))
        if tag in ("script", "style"):
            self._open, self._buf = (tag, attrs_d), []

    def handle_endtag(self, tag):
        if self._open and tag == self._open[0]:
            text = "".join(self._buf)
            if tag == "script":
                self.scripts.append((self._open[1], text))
            else:
                self.styles.append(text)
            self._open = None

    def handle_data(self, data):
        if self._open:
            self._buf.append(data)
        else:
            self.text.append(data)

    def find(self, tag: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.elements if t == tag]


def csp_of(page: Page) -> dict[str, str]:
    """The page's policy: on its one runtime script, which puts it in a <meta> in <head> itself
    (compiler.render.csp_policy); the page has no CSP <meta> of its own."""
    assert not [a for a in page.find("meta") if a.get("http-equiv")]
    (policy,) = [a["data-csp"] for a, _ in page.scripts if "data-csp" in a]
    assert policy is not None
    return {d.split(" ", 1)[0]: d.split(" ", 1)[1] for d in (x.strip() for x in policy.split(";"))}


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def every_field_page() -> str:
    return render_page(compile_tree(EVERY_FIELD), input_schema=EVERY_FIELD["inputSchema"])


def corpus_tools() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(CORPUS_TOOLS.glob("*.json")):
        out += [(f"{path.stem}:{tool['name']}", tool) for _, tool in load_tools(path.read_text(), str(path))]
    return out


def layout_tree(title: str = "Layouts") -> App:
    """A hand-built tree with every layout node and the widgets the compiler only picks via a
    LayoutSpec (slider, select-multiple, select)."""
    fields = (
        NumberField(
            id="f:/level",
            props=NumberFieldProps(bind="/level", label="Level", integer=True, widget="slider", minimum=0, maximum=10, default=3),
        ),
        MultiSelectField(
            id="f:/colors",
            props=MultiSelectFieldProps(
                bind="/colors", label="Colors", widget="select", options=(Option(value="r", label="Red"), Option(value="g", label="Green"))
            ),
        ),
        SelectField(
            id="f:/size",
            props=SelectFieldProps(bind="/size", label="Size", options=(Option(value=1, label="Small"), Option(value=2, label="Big")), default=2),
        ),
    )
    tabs = Tabs(
        id="tabs",
        props=TabsProps(),
        children=(
            Section(id="s1", props=SectionProps(title="Basics"), children=(fields[0],)),
            Section(id="s2", props=SectionProps(title="More", description="Extra knobs"), children=(fields[1],)),
        ),
    )
    form = Form(
        id="form",
        props=FormProps(toolName="layouts"),
        children=(
            Heading(id="h", props=HeadingProps(text="Options", level=2)),
            Text(id="t", props=TextProps(text="Pick some.", tone="muted")),
            Alert(id="a", props=AlertProps(text="Careful", tone="warning", title="Note")),
            tabs,
            Card(id="c", props=CardProps(title="Card"), children=(Stack(id="st", props=StackProps(direction="horizontal"), children=(fields[2],)),)),
            Section(id="adv", props=SectionProps(title="Advanced", collapsible=True, collapsed=True), children=(
                TextField(id="f:/note", props=TextFieldProps(bind="/note", label="Note", widget="password")),
            )),
        ),
    )
    return App(
        id="app",
        props=AppProps(toolName="layouts", title=title),
        children=(form, ResultView(id="result", props=ResultViewProps())),
    )


# --------------------------------------------------------------------------- structure


def test_document_head_and_title():
    html = every_field_page()
    assert html.startswith("<!doctype html>\n<html lang=\"en\">")
    page = Page(html)
    assert page.find("meta")[0] == {"charset": "utf-8"}
    assert any(a.get("name") == "viewport" for a in page.find("meta"))
    assert "<title>Every field kind</title>" in html
    assert "<h1>Every field kind</h1>" in html
    assert render_page(compile_tree(EVERY_FIELD), lang="de").startswith('<!doctype html>\n<html lang="de">')


def folded(description: str) -> tuple[str, str]:
    """A tool page's description as shown: (the <summary>, the text when opened)."""
    body = render_body(compile_tree({"name": "t", "description": description, "inputSchema": {"type": "object"}}))
    m = re.search(r'<details class="desc"><summary>(.*?)</summary><p>(.*?)</p></details>', body, re.S)
    assert m, body[:300]
    return unescape(m[1]), unescape(m[2])


def test_a_long_description_folds_to_its_first_sentence_and_says_nothing_twice():
    first = "Fetches a URL from the internet and optionally extracts its contents as markdown."
    rest = "Although originally you did not have internet access, you now can. " * 5
    # seen in the gallery: the fold showed 280 characters across two paragraphs, then all of them again
    assert folded(first + "\n\n" + rest) == (first, rest.strip())
    assert folded(first + " " + rest) == (first, rest.strip())
    assert folded("Use e.g. this, or that. " + rest) == ("Use e.g. this, or that.", rest.strip())
    words = "word " * 80  # no sentence ends within the first 280 characters: cut at a word
    summary, opened = folded(words)
    assert summary.endswith(" …") and opened.startswith("… ")
    assert (summary.removesuffix(" …") + " " + opened.removeprefix("… ")).split() == words.split()
    short = render_body(compile_tree({"name": "t", "description": first, "inputSchema": {"type": "object"}}))
    assert f'<p class="desc">{first}</p>' in short


def test_every_field_node_has_an_element_and_every_control_a_label():
    tree = compile_tree(EVERY_FIELD)
    page = Page(render_page(tree))
    ids = {a["data-id"] for _, a in page.elements if "data-id" in a}

    def walk(n):
        yield n
        for c in n.children:
            yield from walk(c)

    field_ids = {n.id for n in walk(tree) if isinstance(n, FieldNode)}
    assert field_ids <= ids
    labelled = {a["for"] for a in page.find("label") if a.get("for")}
    for tag in ("input", "select", "textarea"):
        for a in page.find(tag):
            if a.get("type") in ("checkbox", "radio") and not a.get("id"):
                continue  # inside a <label class="choice"> / <label class="nul">: labelled by nesting
            if a.get("id") in labelled:
                continue
            assert a.get("type") in ("checkbox", "radio"), a


def test_required_markers_and_constraints_are_attributes():
    html = every_field_page()
    page = Page(html)
    query = next(a for a in page.find("input") if a.get("minlength") == "1")
    assert query.get("maxlength") == "50" and "required" in query
    count = next(a for a in page.find("input") if a.get("min") == "1" and a.get("max") == "100")
    assert count["type"] == "number" and count["step"] == "1"
    ratio = next(a for a in page.find("input") if a.get("step") == "any" and a.get("max") == "1")
    assert ratio["min"] == "0"
    assert page.find("textarea")  # notes (textarea widget) and extra (JSON)
    assert any(a.get("type") == "date" for a in page.find("input"))
    assert any(a.get("type") == "email" for a in page.find("input"))
    assert any(a.get("type") == "file" and a.get("accept") == "text/plain" for a in page.find("input"))
    assert html.count('class="req"') >= 3


def test_templates_for_arrays_maps_and_union_branches():
    html = every_field_page()
    # keywords, points, headers: one template each; shape: one per branch
    form = html[html.index("<form") : html.index("</form>")]
    assert form.count("<template>") == 5
    assert re.search(r'<template><li class="item"><div class="field field-text" data-id="f:/keywords/\*"', html)
    assert 'data-id="f:/shape#0"' in html and 'data-id="f:/shape#1"' in html
    assert "<option value=\"0\">Circle</option>" in html


def test_layout_nodes_render():
    html = render_page(layout_tree())
    page = Page(html)
    assert [a["role"] for a in page.find("button") if a.get("role")] == ["tab", "tab"]
    panels = [a for a in page.find("div") if a.get("role") == "tabpanel"]
    assert len(panels) == 2 and "hidden" not in panels[0] and "hidden" in panels[1]
    assert '<details class="section"><summary>Advanced</summary>' in html  # collapsed: no open
    assert any(a.get("type") == "range" for a in page.find("input"))
    assert any("multiple" in a for a in page.find("select"))
    assert '<option selected="selected" value="1">Big</option>' in html
    assert 'class="alert alert-warning"' in html and "<h3>Options</h3>" in html
    assert any(a.get("type") == "password" for a in page.find("input"))


def result_layout_tree() -> App:
    """A tree whose ResultView lays its views out: a section, a KeyValue holding a view, tabs."""
    tree = compile_tree(EVERY_FIELD)
    table = Table(id="v:/rows", props=TableProps(bind="/rows", label="Rows", columns=(Column(pointer="/k", label="K"),)))
    views = (
        Heading(id="rh", props=HeadingProps(text="Summary", level=3)),
        KeyValue(id="v:", props=KeyValueProps(fields=(Column(pointer="/total", label="Total"),)), children=(
            Section(id="rs", props=SectionProps(title="Detail", description="<b>not markup</b>"), children=(
                Metric(id="v:/n", props=MetricProps(bind="/n", label="N")),
            )),
        )),
        Tabs(id="rt", props=TabsProps(selected=1), children=(
            Section(id="rt1", props=SectionProps(title="Chart"), children=(JsonView(id="v:/rows:json", props=ViewProps(bind="/rows")),)),
            Section(id="rt2", props=SectionProps(title="Table"), children=(table,)),
        )),
    )
    return replace(tree, children=(tree.children[0], ResultView(id="result", props=ResultViewProps(source="structured"), children=views)))


def test_a_results_layout_is_the_servers_and_each_view_an_empty_place():
    html = render_page(result_layout_tree())
    start = html.index("<template>", html.index('<section aria-label="Result"'))
    template = html[start : html.index("</template>", start) + len("</template>")]
    # the layout kinds rendered by the same visitors as in a form; views left to the runtime
    assert template.startswith(
        '<template><h4>Summary</h4><div class="view" data-view="v:"><section class="section"><h2>Detail</h2>'
        '<p class="help">&lt;b&gt;not markup&lt;/b&gt;</p><div class="view" data-view="v:/n"></div></section></div>'
        '<div class="tabs"><div role="tablist">'
    )
    assert template.endswith('<div class="view" data-view="v:/rows"></div></div></div></template>')
    assert '<div class="view" data-view="v:/rows"></div>' in template and '<div class="view" data-view="v:/rows:json"></div>' in template
    panels = re.findall(r'<div aria-labelledby="u\d+" (hidden="hidden" )?id="u\d+" role="tabpanel">', template)
    assert panels == ["hidden=\"hidden\" ", ""]  # the selected tab (1) shown, as in a form
    check_allow_list(html)
    # without an output schema the runtime decides the view from the data: no template
    plain = render_body(compile_tree({"name": "t", "inputSchema": {"type": "object"}}))
    assert "<template>" not in plain and "data-view" not in plain
    # a view anywhere but in a result has no place to be built in
    tree = result_layout_tree()
    form = replace(tree.children[0], children=(Section(id="x", props=SectionProps(title="X"), children=(Metric(id="m", props=MetricProps()),)),))
    with pytest.raises(TypeError, match="Metric"):
        render_page(replace(tree, children=(form, tree.children[1])))


def test_every_kind_has_one_renderer():
    """The server renders a kind (a ``visit_<Kind>`` in compiler/render.py) or the runtime builds
    it (a builder in its NODES table), never both, as components/catalog.json records."""
    kinds = json.loads((ROOT / "components" / "catalog.json").read_text())["kinds"]
    server = {kind for kind, entry in kinds.items() if entry["renderer"] == "server"}
    assert server and server == set(NODE_TYPES) - VIEW_TYPES
    assert {cls.__struct_config__.tag for cls in render_module._VISITORS} == server
    built = set().union(*(got for (table, _), got in runtime_catalog.registered({m.name: m.source("js") for m in MODULES}).items() if table == "NODES"))
    assert built == set(kinds) - server
    assert runtime_catalog.problems() == []
    # a runtime builder for a kind the server renders is named, wherever a module registers it
    src = {m.name: m.source("js") for m in MODULES}
    src["layout"] += "\nCU.views.NODES.Section = (n) => el(\"section\");"
    src["views"] = src["views"].replace("var NODES = {", "var NODES = {\n    Heading: (n) => el(\"h2\", null, n.props.text),")
    found = runtime_catalog.problems(src)
    assert any("layout.js" in p and "'Section'" in p and "server renders" in p for p in found), found
    assert any("views.js" in p and "'Heading'" in p and "server renders" in p for p in found), found


def test_unknown_node_type_is_an_error():
    class Bogus(Node, tag="Bogus"):
        props: Struct

    tree = App(id="app", props=AppProps(toolName="x", title="x"), children=(Bogus(id="b", props=Struct()),))
    with pytest.raises(TypeError, match="Bogus"):
        render_page(tree)


# --------------------------------------------------------------------------- CSP and allow-list


def test_csp_hashes_exactly_the_inline_blocks():
    page = Page(every_field_page())
    csp = csp_of(page)
    executable = [text for attrs, text in page.scripts if attrs.get("type") != "application/json"]
    assert len(executable) == 1 and len(page.styles) == 1
    assert csp["script-src"] == sha(executable[0]) and csp["style-src"] == sha(page.styles[0])
    # the every-field form needs the choices and the composite fields, its result the views,
    # typed views and host features: all inline, in one script and one style
    modules = ("runtime", "choices", "fields", "dates", "present", "views", "matrix", "plot", "typed", "host", "question")
    assert executable[0] == runtime_js(modules) and page.styles[0] == runtime_css(modules)
    assert 'id="ui-mods"' not in every_field_page()
    assert csp["default-src"] == "'none'"
    assert csp["img-src"] == "data:" and csp["media-src"] == "data:"
    assert csp["form-action"] == "'none'" and csp["base-uri"] == "'none'"
    assert set(csp) == {"default-src", "script-src", "style-src", "img-src", "media-src", "form-action", "base-uri"}


def check_allow_list(html: str, *, actions: set[str] = ALLOWED_ACTIONS, data: set[str] = ALLOWED_DATA, tree: bool = True) -> None:
    """``actions``: the data-action values allowed (a tree's own actions add theirs); ``tree``:
    the page carries its tree as JSON (the ask page fetches it instead)."""
    page = Page(html)
    scripts = [attrs for attrs, _ in page.scripts]
    assert [a.get("type") for a in scripts] == ([None, "application/json"] if tree else [None])
    assert len(page.styles) == 1
    # the policy rides on the first script, the runtime, which installs it before the <style>
    # and anything else after it is parsed
    assert "data-csp" in scripts[0] and html.index("<script data-csp=") < html.index("<style>")
    for tag, attrs in page.elements:
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name)
            assert name != "style", (tag, name)
            assert name not in URL_ATTRS, (tag, name, value)
            if name.startswith("data-"):
                assert name in data, name
            if name == "data-action":
                assert value in actions, value
        assert tag not in {"iframe", "object", "embed", "link", "base", "img", "a", "frame", "svg", "math"}, tag
    for css in page.styles:
        assert "url(" not in css and "@import" not in css


def test_allow_list_every_field_and_layouts():
    check_allow_list(every_field_page())
    check_allow_list(render_page(layout_tree()))


@pytest.mark.parametrize("name, tool", corpus_tools(), ids=lambda x: x if isinstance(x, str) else "")
def test_corpus_pages_render_and_pass_the_allow_list(name, tool):
    html = render_page(compile_tree(tool), input_schema=tool.get("inputSchema"))
    check_allow_list(html)
    assert len(html.encode()) < 200_000


def test_runtime_uses_no_dynamic_code_or_html_sinks():
    js = runtime_js()
    for banned in ("eval(", "Function(", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "setTimeout(\"", "import("):
        assert banned not in js, banned
    assert "</script" not in js.lower() and "<!--" not in js


# --------------------------------------------------------------------------- escaping


HOSTILE = [
    "</script><script>alert(1)</script>",
    "<!--<script>",
    "</SCRIPT >",
    "a\u2028b\u2029c",
    "<img src=x onerror=alert(1)>",
    "&lt;&amp;\"'`",
    "]]></style><style>*{display:none}</style>",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_json_payload_cannot_break_out(text):
    tool = {
        "name": "t" + str(len(text)),
        "title": text,
        "description": text,
        "inputSchema": {"type": "object", "properties": {text: {"type": "string", "description": text, "default": text, "enum": [text, "b"]}}},
    }
    html = render_page(compile_tree(tool))
    page = Page(html)
    payload = next(t for a, t in page.scripts if a.get("id") == "ui-tree")
    for ch in ("<", ">", "&", "\u2028", "\u2029"):
        assert ch not in payload
    assert json.loads(payload)["props"]["title"] == text.strip()[:200] or text.strip() in json.dumps(json.loads(payload))
    check_allow_list(html)
    assert "<script>alert" not in html and "<img" not in html and "<style><style>" not in html


def test_script_json_escapes():
    assert script_json({"a": "</script>&\u2028"}) == '{"a":"\\u003c/script\\u003e\\u0026\\u2028"}'
    assert json.loads(script_json({"a": "</script>&\u2028"})) == {"a": "</script>&\u2028"}


# --------------------------------------------------------------------------- actions, render_body, the ask page


def ask_tree(text: str = "Pick a plan") -> App:
    """A tree as the model sends it to _ui_render: actions on the App and beside the submit."""
    form = Form(
        id="form",
        props=FormProps(toolName="_ui_render"),
        children=(BooleanField(id="f:/agree", props=BooleanFieldProps(bind="/agree", label=text)),),
        actions=(Action(id="submit", label="Go", primary=True), Action(id="later", label="Later")),
    )
    return App(
        id="app",
        props=AppProps(toolName="_ui_render", title=text, description=text),
        children=(Text(id="t", props=TextProps(text=text)), form),
        actions=(
            Action(id="cancel", label="Cancel", destructive=True, alignment="end"),
            Action(id="ok", label="OK", primary=True),
        ),
    )


def test_actions_render_as_buttons_the_runtime_answers():
    html = render_page(ask_tree())
    # the Form's own: submit first, then the others beside it, before the form's status
    assert (
        '<div class="actions"><button class="btn primary" data-action="submit" type="submit">Go</button>'
        '<button class="btn" data-action="later" type="button">Later</button><p aria-live="polite" class="status" role="status"></p></div>'
    ) in html
    # the App's: a row at the end of the main, aligned by the first action that asks
    assert (
        '<div class="actions align-end"><button class="btn danger" data-action="cancel" type="button">Cancel</button>'
        '<button class="btn primary" data-action="ok" type="button">OK</button></div></main>'
    ) in html
    check_allow_list(html, actions=ALLOWED_ACTIONS | {"later", "cancel", "ok"})
    # a compiled tool's tree has only the submit action: no extra markup (the goldens pin the bytes)
    plain = render_page(compile_tree(EVERY_FIELD))
    assert plain.count("data-action=\"submit\"") == 1 and "actions align-" not in plain


def test_render_body_is_the_pages_main():
    for tree in (ask_tree(), layout_tree(), compile_tree(EVERY_FIELD)):
        body = render_body(tree)
        assert body.startswith('<main class="app" id="app">') and body.endswith("</main>")
        assert body in render_page(tree) and body == render_body(tree)
        assert "<script" not in body and "<style" not in body


@pytest.mark.parametrize("text", HOSTILE)
def test_render_body_keeps_hostile_text_as_text(text):
    body = render_body(ask_tree(text))
    page = Page(body)
    assert not [t for t, _ in page.elements if t in ("script", "img", "style")]
    assert "<script" not in body.lower() and "<img" not in body and "<!--" not in body


def test_the_ask_page_ships_every_module_and_waits():
    html = render_ask_page()
    page = Page(html)
    check_allow_list(html, data=ALLOWED_DATA | {"data-ask"}, tree=False)
    csp = csp_of(page)
    [(_, js)] = page.scripts
    assert js == runtime_js(ALL + (ASK,)) and page.styles == [runtime_css(ALL + (ASK,))]
    assert csp["script-src"] == sha(js) and csp["style-src"] == sha(page.styles[0])
    assert '<main class="app" data-ask="data-ask" id="app"><p aria-live="polite" class="status" role="status">Waiting for the question…</p></main>' in html
    assert render_ask_page() == html
    # ask.js travels in this page only
    ask_js = next(m for m in MODULES if m.name == ASK).shipped("js")
    assert ask_js in js and ask_js not in every_field_page() and ask_js not in render_page(layout_tree())


# --------------------------------------------------------------------------- determinism, size


def test_deterministic_bytes():
    assert every_field_page() == every_field_page()
    assert render_page(layout_tree()) == render_page(layout_tree())
    assert re.fullmatch(r"[0-9a-f]{16}", RUNTIME_VERSION)


def test_compact_drops_comments_and_indentation_only():
    src = '/* head\n   more */\nfunction f() {\n  // note\n  return "a // b"; /* keep */\n}\n'
    assert compact(src) == 'function f() {\nreturn "a // b"; /* keep */\n}'
    assert compact("a {\n  color: red;\n}\n", line_comments=False) == "a {\ncolor: red;\n}"


TYPICAL = ("everything.json", "get-sum")
PAGE_BUDGET_RAW = 79 * 1024 + 512 + 5076 + 3863 + 1816 + 1270 + 325 + 525 + 161 + 232 + 597 + 54 + 2 + 241 + 424 + 32 + 57 + 469 + 115 + 63 + 465 + 480 + 96 + 322 + 42 + 93 + 95 + 453 + 865 + 167 + 546 + 60 + 158 + 2905 + 1799 + 231 + 32 + 497 + 856 + 373 + 601 + 545 + 1475 + 1068 + 338 + 326 + 265 + 17 + 61 + 2661 + 561 + 275 + 307 + 69 + 94 + 94 + 154 + 215 + 131 + 24 + 218 + 346 + 237 + 758  # issue 49: 80 966 (present.js, plot.js, the headline, grouped columns, the folded form); issue 50: 86 042; issue 51 (live.js): 89 905, its history: 92 048; series as lines: 93 318; issue 50's lines of one text (nbformat): 93 643; the same data in two fields once, the headline not again: 94 168; a tile's compiled label: 94 444; the same text in three forms once: 94 676; a chart's axis in its values' look: 95 273; matrix.js's row series too: 95 327; no empty class: 95 329; a group's columns in one look: 95 570; times of one day, the day once under the heading (and the timer's words): 95 994; a form without inputs folds after the person's run too: 96 026; a top-level 'result' under no second 'Result', a column's day that wraps: 96 083; instants in epoch seconds drawn as times: 96 552; a column of them on one day, the day once: 96 667; a text that is one number drawn as that number: 96 730; git hashes short, a column no row fills not drawn: 97 195; Decimal reprs and key: value lines holding lists read as data, a span in several units as counts, short phrases unbroken: 97 675; a matrix's cells with one count of decimals: 97 771; a PDF's date as a time, an empty text and list said so: 98 093; MRR and its kin in capitals, a column's day in words: 98 135; a long column heading wrapping as words: 98 228; a small record folded in place open, 'C8' one word: 98 323; acronyms as the compiler's, a long series' rows folded: 98 776; a conversion's units: 99 641; texts each a record one list: 99 808; HTML's headings and lists, a sheet's names: 100 354; a measure in its unit: 100 414; a record's currency read once: 100 572; numbers sent as text, records' columns in reading order, a tree's leaves as lines, prose columns wide, a column grouped alike, a currency's code, a JS stack's thrown error, a record of lists a table: 103 477; a notebook's outputs, a list's size no tile: 105 276; a one-line error as a warning, a matrix's unnamed measure named: 105 507; a record's list lengths read once: 105 539; a review's mends (versions and phone numbers as sent, the rows downloaded as sent, a warning only for an error, HTML only for its tables, lists as rows only when named or five): 106 036; a twelfth session's round: 106 892; Matrix(X), a rule, paths: 107 265; 0/1 flags, a record of one value a fact: 107 866; a review's mends: 108 411; a line's axis over its values, clock steps, ids' names and colours: 109 886; ranges, phrases a line or two: 110 954; a chart's measures within ×10, a note to the model folded: 111 292; slanted labels, a tree's facts two a line: 111 618; a node's name by its kind, minutes in minutes: 111 883; an error's text as sent one click away (its fold's contrast): 111 961; a fourteenth session's round (a text's titled sections, a markdown paragraph's CSV, times written out, a place's line and column and a span's start and end as one column): 114 619; a query's select list naming its tuples: 115 180; a commit's message no pair, an empty record none, a list of records in the folded arguments by their text: 115 455; a review's mends (records between rules, a place's one end, joined columns sorted and downloaded field by field, a span's days, keywords no alias): 115 762; times written out sorted as instants: 115 831; a last reading's mends (sort keys read once, a query's names only at the top, a span's hours only where its time is found): 115 925; a small result shown whole, one wide record nested a key-value list: 116 019; a table of short values as wide as they are: 116 173; a column of source lines in monospace: 116 388; a grid's header over numbers' texts, a std dev: 116 519; a tree's top nodes spaced as its children: 116 543; a typed view's empty parts facts, its nested parts set in: 116 761; a yes that is bad news a warning: 117 107; a column of UUIDs short: 117 344; a review's mends (code columns only of code, pairs no header, a yes turned round no warning, nested by layout, a result's size counted, not written out): 118 102
# Issue 16 taught every page to tell the host's model about the user's runs and to send a run to
# the chat, and the typical page grew to 14 648 bytes gzipped (the budget was 14 KiB + 512 for a
# while). Issue 15 brought it back under 14 KiB, measured as this test does (gzip level 9): the
# choices (checkboxes, selects, radios, constants) moved to their own module, shipped only with
# one of them (14 648 -> 14 337), CSS no longer ships twice or where it is not needed (-> 14 301),
# markdown learned quotes (+86), canon/same went with the choices, ask.js calls tools/call
# itself and the form's format checks share their regexes' text with the views (-> 14 283), and
# the gallery's table and diff mends added 10: 14 648 before, 14 293 after, 14 266 once main
# (its runtime words catalog) was merged in. Issue 26 moved the views compiled from an
# outputSchema (KeyValue, Table, List, CardGrid, Metric, Image, JsonView) to typed.js, which an
# AutoView page does not ship: 14 308 -> 14 090, room for the shape rules. Then the shape rules
# and the host features grew the views past it (the typical page 14 270): issues 26 and 27
# deferred every module that shows a result (views, typed, chart, host: read through the host when
# a result needs them, runtime_js.split): the typical page 9 020, the corpus median 9 287; with
# the safe area, touch and a live locale (issue 27) 9 663 and 9 929. Issue 32 made every page
# self-contained again (a host without serverResources showed every result as text): the corpus
# median 18 742, the typical page 18 308 — everything a result can need is inline again; the
# runtime's JS minified by terser instead of esbuild (runtime_js/build.py): 18 253 and 17 790.
# Issue 32's target is 16 KiB for both; not met (2.2 KB over at the median): the guard below holds
# what is reached, and the target is a strict xfail that fails once it is met (then make it the
# budget). Then the pivot of long-format cells into a matrix (matrix.min.js 1 350 -> 2 891 gzipped),
# the text rules (terminal colours, trees, key: value blocks) and the questions asked in the page
# (question.js with choices.js, on every page with a form) added to every page: the corpus median
# 22 285, the typical page 21 971 (the guard below: what is reached, and a little room). Then the
# readable contract between the runtime's modules (issue 34; property names are not mangled):
# 22 380 and 22 060; then initialized sent first and an idle Intl formatter (issue 32's time to a
# drawn result): 22 430 and 22 115 (bench/bench_page.py, 2026-11-25); then the views' third round
# (issue 40: markdown sections, columns-and-rows tables, HTML tables read inertly, images):
# 23 320 and 22 995 (bench/report.py, 2026-11-26). A page whose result leads on (issue 41) also
# carries the leads module and its linked tools' views (about +3.7 KB: filesystem's list_directory
# 23 479 -> 27 280); a page without leads is unchanged by them. Issue 42 item 2 (2026-11-27): one tab
# strip's CSS for a pivot and the layout's Tabs, 23 308 and 22 987. Where the typical page's bytes
# are (gzipped alone): the runtime module's JS 6 215 and CSS 1 968, views 8 672 + 1 076, matrix
# 2 774 + 461, host 1 415 + 229, question 1 267 + 276, choices 651 + 236 (the page compresses them
# together to 22 987). No module of it can be left out by the tree: a tool without an outputSchema
# may return any table (views, matrix, host) and any upstream may ask a question while it runs
# (question, whose fields are choices'); the proxy knows when the host declares elicitation (then
# question.js is not needed), the tree does not. Reaching 16 KiB means dropping about 6.6 KB of
# what shows results, not sharing code: the modules were read for repeats and unused rules and
# hold few (a function's body emptied, what only it uses dropped by terser, the script's gzip
# falls by: views.js's table 805, textView and the text kinds behind it 796, markdown 484).
# Then English numbers written by the views themselves (the first Intl formatter costs a fresh
# frame 20-25 ms before a result's numbers can be drawn) and a text's kind looked for only when it
# is not data: a 20-row result drawn / the drawing floor 1.72 -> 1.38 (bench/bench_page.py's
# stamps, one run), for 23 456 and 23 131 gzipped, the typical page 61 689 raw (the raw guard was
# 60 KiB, met by 6 bytes: now 60 KiB + 512). Then the runtime minified to ASCII (terser's
# ascii_only, esbuild's default charset: a dozen "…", "▲" written as escapes), so Python holds a
# page and the runtime's text in one byte a character instead of two: 23 425 and 23 100. Then
# question.js tells the proxy when a run ends with its poll still waiting (the poll is answered at
# once, not 25 s later): 23 471 and 23 145, the typical page 61 899 raw. Issue 49 (a chart you
# can see, from the data's shape): every page carries the chart engine and the series it finds in
# any table of data (plot.js, 6 602 + 541 bytes minified, 3 210 + 309 gzipped alone; a Chart
# node's aggregates and arcs stay in chart.js, only with one), and matrices read as a person reads
# them (matrix.js +350 gzipped): 26 760 and 26 444, the typical page 69 997 raw. Then the rest
# of issue 49: present.js on every page (how values look: a column's decimals, money, percentages,
# bytes, durations, short headline figures; 4 956 + 1 001 bytes minified, 2 476 + 502 gzipped
# alone), the headline's tiles, grouped columns, the restating text folded (views.js +~1 100
# gzipped) and the form folded into its arguments' line (runtime.js +~400): 30 767 and 30 453,
# the typical page 80 966 raw. Issue 49's own target for it and the live apps and views filed
# beside it, 27 KiB, is not met (TARGET_49, a strict xfail below). Issue 50 (views, fourth round:
# a strict Python-literal reader, series of points as a chart and a time × series table, errors
# classified, a CSV among a shell's lines, HTML tables read by a strict reader instead of a parsed
# document, an image block's facts; views.js 10 289 -> 12 305 gzipped alone): 32 955 and 32 633,
# the typical page 86 042 raw (the guards raised by exactly that: +2 188 gzipped, +5 076 raw).
# Issue 51 (live apps) adds its Live node in the pipeline (compiler/pipeline.py), not in the
# tree, so from then on the pages measured are the pages served (``build_page``): a read-only
# tool's page carries live.js (Run again, the timer, inputs that re-run; 1 714 + 173 gzipped
# alone), a page with a picker pick.js too (1 741 + 271). The typical tool is read-only: 34 170
# and 34 043, the typical page 89 905 raw; a page of a tool that may write is unchanged (+91).
# Issue 51's forms that read well (descriptions' inline markdown, their links opened by the
# host: runtime.js +79 gzipped; the date-time picker in dates.js, only in pages with a date
# field, 596 + 69 alone): 34 259 and 34 133, the typical page 90 232 raw, within the guards.
# Issue 51's history across runs (each number that changes from run to run drawn as a line by
# plot.js's engine, below the headline's tiles) and one throttle for the runs a person starts, in
# live.js (3 444 -> 5 114 minified, 1 726 -> 2 506 gzipped alone): the typical page 34 803
# gzipped, 92 048 raw (the guards raised by exactly that: +673, +1 816). Issue 49's series seen
# where they hid: rows that each hold a whole series (a scenario's templates, a 12-month
# projection each) a line a row, a measure at a time, instead of a heatmap of one measure
# (matrix.js 3 107 -> 3 493 gzipped alone), and a typed table's rows charted as a guessed table's
# are where the page has no Chart node: 35 140 gzipped, 93 318 raw (+337, +1 270), the corpus
# median 35 266. Issue 50's lists of strings read as one text (nbformat's source and stream
# lines, a kernel's coloured traceback: views.js +91 gzipped alone): 35 233 gzipped, 93 643 raw,
# the median 35 360, within the guards. Two fields of a record holding the same data shown once,
# and a typed record's fields that the headline shows not listed again (views.js +215 gzipped
# alone): 35 436 gzipped, 94 168 raw (+525 to the raw guard), the median 35 562. Run again and
# the timer send the shown result's arguments, not an edit of the form not sent (runtime.js,
# leads.js, live.js): 35 451 gzipped, 94 245 raw, the median 35 579, within the guards. A
# headline tile of a typed result labelled as its field is ("Temperature (°C)", not the key's
# "Temperature": views.js's labelsOf): 35 516 gzipped, 94 444 raw (+161 to the raw guard), the
# median 35 641. The same text sent as a string, a list of that one string and its lines shown
# once (a kernel's traceback in text_outputs, formatted_output and error_message: views.js's
# textOf): 35 595 gzipped, 94 676 raw, the median 35 721 (+232 raw, +9 gzipped to the guards).
# A chart's axis written in its values' look — "$800K", "60%", "512 KiB" in binary steps, its
# margin as wide as its longest tick — where it wrote 800K, 60 and 500K (plot.js, live.js's
# history, views.js's look and keyOf for them): 35 863 gzipped, 95 273 raw, the median 35 988
# (+597 raw, +267 gzipped to the guards). matrix.js's row series (a line a row) ticks in its
# measure's look too: 35 883 gzipped, 95 327 raw, the median 36 008 (+54, +20). A text cell's
# span without an empty class attribute (null, not ""): 35 880 gzipped, 95 329 raw (+2). A
# group's columns, one measure split by key, plain numbers where most are (the budget
# allocator's "sales" share was drawn as money): 35 975 gzipped, 95 570 raw, the median 36 101
# (+241, +93). A history line's key read as written (live.js: no unescaping of a key it never
# escaped): 35 976 gzipped, 95 552 raw, the median 36 103 (+2). A column
# of times of one day writes the day once under its heading, each row its time (views.js dayOf;
# the timer's select says "Refresh: off"): 36 176 gzipped, 95 994 raw, the median 36 303 (+200, +424).
# A form without inputs folds after the person's own run too (runtime.js run): 36 193 gzipped,
# 96 026 raw, the median 36 320 (+17, +32). A top-level key "result" adds no second "Result"
# heading under the section's (views.js kv), a column's day under its heading wraps: 36 216
# gzipped, 96 083 raw, the median 36 346 (+26, +57). A number that is an instant in epoch seconds
# or ms (by its key's words and its values: present.js instant) drawn as the time it is, the
# spec's date format on one too: 36 412 gzipped, 96 552 raw, the median 36 538 (+192, +469). A
# column of them on one day writes the day once under its heading, as one of ISO times does:
# 36 434 gzipped, 96 667 raw, the median 36 560 (+22, +115). A text that is one number (a
# calculator's "341.3333333333333") drawn as that number (views.js textView): 36 464 gzipped,
# 96 730 raw, the median 36 590 (+30, +63). Git hashes drawn short in a table, whole in their
# title, and a column no row has a value in not drawn (views.js table): 36 599 gzipped, 97 195
# raw, the median 36 726 (+136, the median's rise; +465). Decimal('62.0') read as its number, a
# "key: value" line's list or record read as data (mcp-alchemy's NUMERIC[] rows: a retention
# heatmap), a span told in several units drawn as counts, short phrases kept on one line and
# wrapping text a readable measure in a table: 36 785 gzipped, 97 675 raw, the median 36 910
# (+184, +480). A matrix's cells with the same decimals in every cell ("62.0" beside "63.9",
# matrix.js readable): 36 820 gzipped, 97 771 raw, the median 36 945 (+35, +96). A PDF's date
# ("D:20261120091500+01'00'") drawn as the time it is, an empty text as "—" and an empty list as
# "none": 36 945 gzipped, 98 093 raw, the median 37 070 (+125, +322). MRR, ARR, ROI, KPI, SKU,
# GPU, PDF in capitals in a heading, a column's day under its heading wrapping as words: 36 960
# gzipped, 98 135 raw, the median 37 085 (+15, +42). A long column heading (a series' labels)
# wrapping as words (views.js .wr): 36 997 gzipped, 98 228 raw, the median 37 122 (+37, +93). One
# record of eight scalars at most open where it folds in place, a key of a few letters and a
# number one word ("C8", "p95"): 37 027 gzipped, 98 323 raw, the median 37 153 (+31, +95). The
# compiler's acronyms in the views too, plurals as "IDs", codes as "CPU0"; a long series' rows
# folded under its chart (plot.js); a fold a person opened kept open across refreshes (live.js):
# 37 166 gzipped, 98 776 raw, the median 37 291 (+138, +453). A conversion's amount and result
# each in its unit ("42.195 km", "€92.40"), tiles as wide as their longest value: 37 479 gzipped,
# 99 641 raw, the median 37 604 (+313, +865). Texts each a record read as the list of them, a
# folded table's every row drawn: 37 554 gzipped, 99 808 raw, the median 37 678 (+74, +167).
# HTML's headings, lists and paragraphs as markdown's, a sheet's first row of names heading its
# columns, an empty cell of a text's table no value ("—", not null): 37 752 gzipped, 100 354 raw,
# the median 37 878 (+200, +546). A measure's value in its unit ({value, unit: "kg"}), a
# conversion's from-unit named "unit": 37 783 gzipped, 100 414 raw, the median 37 909 (+31, +60).
# A record's currency read once for all its fields (a 5 000-key record drew in 30 s, now 0.1 s),
# a table's unit only where every row is in it, money too: 37 866 gzipped, 100 572 raw, the
# median 37 991 (+82, +158). Eleventh session's round from the gallery: a driver's numbers sent
# as text read as numbers (and pivoted, a row's own number beside its name), records' columns in
# the order a row is read by, a tree's leaves as lines, prose columns wide enough to read, a
# column's numbers grouped alike, a key's currency code, months on a chart's axis, a JS stack's
# thrown error as its title, a record of equal lists as a table, one cell as its value: 38 859
# gzipped, 103 477 raw, the median 38 978 (+987, +2 905). A notebook's outputs (nbformat) drawn as
# what each is, before the run's facts; a list's size beside it no headline tile: 39 473 gzipped,
# 105 276 raw, the median 39 592 (+614, +1 799). A one-line error in a result not marked one drawn
# as a warning, a matrix's unnamed measure named as its column: 39 542 gzipped, 105 507 raw, the
# median 39 661 (+69, +231). A record's list lengths read once (a set), not per count-like key:
# 39 555 gzipped, 105 539 raw, the median 39 673 (+12, +32). A review's mends (a version's "3.10",
# a phone number and ids stay text; the rows downloaded as sent; a warning only for an error's
# words; HTML outputs only for their tables; equal lists as rows only when named or five long):
# 39 754 gzipped, 106 036 raw, the median 39 872 (+199, +497).
# Twelfth session's round: a matrix's and a chart's extremes by a loop (a 250 000-cell matrix
# overflowed the stack), a column group's header over its own columns, an error without the
# SDK's wrapper or a second status line, a label without the unit its value writes, a list sent
# an item a block as one list, no count under five rows, a wrapper's success and a list's count
# after the data, a diff whole: 40 096 gzipped, 106 891 raw, the median 40 214 (+342, +856).
# sympy's Matrix(X) of numbers read as X, markdown's "---" a rule, a short list of paths one
# a line: 40 226 gzipped, 107 264 raw, the median 40 344 (+130, +373).
# A 0/1 column named as a yes or no (pk, notnull, is_active) read as one, a record of one short
# value a fact under its parent's name: 40 435 gzipped, 107 865 raw, the median 40 546 (+202, +601).
# A review's mends (a label's connector, never min; numbers a block only as written; tuples of
# one length; paths as paths; the pager kept over pages; Matrix of number rows only; a failed
# view's error in the status): 40 610 gzipped, 108 410 raw, the median 40 722 (+176, +545).
# Reading it all again (a count's rule in one place, paths read only for a short list): 40 612
# gzipped, 108 379 raw, the median 40 723 (+1).
# A line far from zero over its own values, a duration's axis in clock steps, a tick past a step
# by a hair no step more, a minimum beside its maximum no minutes, a group of columns named and
# coloured as the result's own list names its ids: 41 268 gzipped, 109 886 raw, the median 41 381
# (+658, +1475).
# A range ({p25, p50, p75}, {min, max}) as "20 (15–25)", in a group of columns too (benchmarks a
# stage), a column of phrases a line or two wide: 41 703 gzipped, 110 954 raw, the median 41 815
# (+434, +1068).
# A chart's measures each within ×10 of every other, a short text to the model about the user
# folded under the server's note to the model: 41 813 gzipped, 111 292 raw, the median 41 925
# (+110, +338).
# Categories in narrow bands each labelled, slanted; a tree's node's facts two to a line; the
# timer's choices shorter ("Refresh: 5 s"): 41 937 gzipped, 111 618 raw, the median 42 051
# (+126, +326).
# A tree's node of many fields named beside its kind ("Seq Scan · people"), minutes and hours
# under a hundred in their unit ("60.2 min"): 42 040 gzipped, 111 883 raw, the median 42 154
# (+103, +265).
# An error's text as sent (the Python SDK's wrapper and all) one click away under the cause:
# 42 050 gzipped, 111 900 raw, the median 42 165 (+11, +17); a fold's summary in an alert in the
# alert's colour (the accent failed contrast on its tint): 42 066, 111 961, 42 180 (+15, +61).
# A text in titled sections (banners, lines over a rule) read section by section, a markdown
# paragraph that is a CSV its table, a time written out (JavaScript's Date, e-mail's, ctime's)
# drawn as the time it is, a place's line and column and a span's start and end one column each
# ("3:14–20", "2 Nov 2026, 09:15–09:30"): 43 173 gzipped, 114 619 raw, the median 43 285
# (+1106, +2661).
# A Python driver's tuples named by the select list of the query the run sent ("select region,
# sum(revenue) as revenue from …"): 43 438 gzipped, 115 180 raw, the median 43 551 (+265, +561).
# A line set in by four past the pairs after a blank line text (git's commit message), an empty
# record a fact "none", a list of records in the folded arguments by their first text: 43 525
# gzipped, 115 455 raw, the median 43 636 (+87, +275).
# A review's mends: records between rules stay records (a pair over a rule no title), a place
# with one end its line and column, a joined column sorted field by field and downloaded as its
# fields, a span across days no one day, a trailing keyword no alias: 43 671 gzipped, 115 762 raw,
# the median 43 782 (+146, +307).
# A column of times written out sorted by the instants they are: 43 692 gzipped, 115 831 raw, the
# median 43 799 (+21, +69).
# A last reading's mends: a sort's keys read once per sort (not per comparison), a time written
# out read by the first pattern that fits, a query's names only for rows at the result's top, a
# span's hours only where the locale writes its time as alone: 43 735 gzipped, 115 925 raw, the
# median 43 845 (+43, +94).
# A small result (3 000 characters of JSON at most) shown whole, no fold closed, and one record
# of five fields or more nested in a result a key-value list: 43 783 gzipped, 116 019 raw, the
# median 43 895 (+48, +94).
# A table of short values alone (numbers, ids, dates) as wide as they are: 43 836 gzipped,
# 116 173 raw, the median 43 949 (+53, +154).
# A column of source lines (one indented, or named code, source, snippet) in monospace, its
# spaces kept: 43 894 gzipped, 116 388 raw, the median 44 007 (+58, +215).
# A grid headed by its first row of names over numbers' texts (a Word table's preview), and a
# standard deviation's one word two: 43 952 gzipped, 116 519 raw, the median 44 065 (+58, +131).
# A list of trees' top nodes spaced as their children: 43 961 gzipped, 116 543 raw, the median
# 44 075 (+9, +24; the budget +10, the median's).
# A typed view's record or list that came empty a fact "none", a view nested in a record's set
# in: 44 010 gzipped, 116 761 raw, the median 44 124 (+49, +218).
# A yes that is bad news (truncated, failed, timed out, has errors) a warning, not a green tick:
# 44 150 gzipped, 117 107 raw, the median 44 263 (+140, +346).
# A table's column of UUIDs (with or without dashes) short, as git's hashes: 44 207 gzipped,
# 117 344 raw, the median 44 320 (+57, +237).
# A review's mends: a column of code only of lines of code (not a link, a snippet of prose, an
# option), a grid's header only over a column of numbers, a yes turned round (noErrors) no
# warning, a view set in only under a heading, a result's size counted until past the limit (not
# written out): 44 485 gzipped, 118 102 raw, the median 44 599 (+278, +758).
PAGE_BUDGET_GZIP = 30 * 1024 + 256 + 2188 + 1538 + 673 + 337 + 9 + 267 + 20 + 93 + 2 + 200 + 17 + 26 + 192 + 22 + 30 + 136 + 184 + 35 + 125 + 15 + 37 + 31 + 138 + 313 + 74 + 200 + 31 + 82 + 987 + 614 + 69 + 12 + 199 + 342 + 130 + 202 + 176 + 1 + 658 + 434 + 110 + 126 + 103 + 11 + 15 + 1106 + 265 + 87 + 146 + 21 + 43 + 48 + 53 + 58 + 58 + 10 + 49 + 140 + 57 + 278
TARGET_GZIP = 16 * 1024
"""Issue 32's target, for the typical page and the corpus median, self-contained."""
TARGET_49 = 27 * 1024
"""Issue 49's target for the typical page, with issues 50 and 51 beside it."""


def typical_page_bytes() -> bytes:
    path = CORPUS_TOOLS / TYPICAL[0]
    tool = next(t for _, t in load_tools(path.read_text(), str(path)) if t["name"] == TYPICAL[1])
    return build_page(tool).encode()


def median_corpus_gzip() -> int:
    sizes = sorted(len(gzip.compress(build_page(tool).encode(), 9)) for _, tool in corpus_tools())
    return sizes[len(sizes) // 2]


def test_size_budget_for_a_typical_tool():
    html = typical_page_bytes()
    assert len(html) <= PAGE_BUDGET_RAW, len(html)
    assert len(gzip.compress(html, 9)) <= PAGE_BUDGET_GZIP, len(gzip.compress(html, 9))


def test_the_median_corpus_page_is_within_the_budget():
    assert median_corpus_gzip() <= PAGE_BUDGET_GZIP, median_corpus_gzip()


@pytest.mark.xfail(strict=True, reason="issue 49's 27 KiB: the typical page is 44 485 (issues 50 and 51)")
def test_the_typical_page_is_within_issue_49s_target():
    assert len(gzip.compress(typical_page_bytes(), 9)) <= TARGET_49


@pytest.mark.xfail(strict=True, reason="issue 42's 16 KiB: the median is 23 471, the typical page 23 145")
def test_the_median_and_typical_pages_are_within_the_target():
    assert median_corpus_gzip() <= TARGET_GZIP and len(gzip.compress(typical_page_bytes(), 9)) <= TARGET_GZIP


def test_a_page_ships_only_the_runtime_modules_its_tree_needs():
    path = CORPUS_TOOLS / TYPICAL[0]
    tool = next(t for _, t in load_tools(path.read_text(), str(path)) if t["name"] == TYPICAL[1])
    plain = Page(render_page(compile_tree(tool)))
    # the form's runtime, what shows any result of the tool (the views, matrices, the chart engine,
    # host features), and the questions asked in the page with the choices their fields are
    shipped = ("runtime", "choices", "present", "views", "matrix", "plot", "host", "question")
    assert [text for attrs, text in plain.scripts if "data-csp" in attrs] == [runtime_js(shipped)]
    assert plain.styles == [runtime_css(shipped)]
    assert len(plain.scripts) == 2 and plain.scripts[1][0].get("id") == "ui-tree"
    tree = layout_tree()
    chart = Chart(
        id="v:chart",
        props=ChartProps(mark="bar", x=ChartEncoding(pointer="/k", label="K", type="nominal"), y=(ChartEncoding(pointer="/v", label="V", type="quantitative"),)),
    )
    charted = replace(tree, children=(tree.children[0], ResultView(id="result", props=ResultViewProps(), children=(chart,))))
    assert "Chart" in node_types(charted) and "MultiSelectField" in node_types(charted)
    assert Page(render_page(charted)).styles == [runtime_css(("runtime", "choices", "fields", "layout", "present", "views", "matrix", "plot", "chart", "host", "question"))]
    # the views, matrices and the chart engine show any result (any table of data may be a series: issue 49)
    assert modules_for(set()) == ("runtime", "present", "views", "matrix", "plot")
    # the choices ship with a choice; the composite fields bring them (their multi-selects use them)
    assert modules_for({"TextField", "BooleanField"}) == ("runtime", "choices", "present", "views", "matrix", "plot")
    assert modules_for({"TextField", "ArrayField"}) == ("runtime", "choices", "fields", "present", "views", "matrix", "plot")
    # layout.js hydrates tabs and carries the layout CSS: it ships only with a layout node
    assert modules_for({"KeyValue", "Table"}) == ("runtime", "present", "views", "matrix", "plot", "typed", "host")
    assert modules_for({"Tabs", "Table"}) == ("runtime", "layout", "present", "views", "matrix", "plot", "typed", "host")
    # host.js (downloads, fullscreen) with every view (any can hold a table); typed.js (the views
    # compiled from an outputSchema) not with an AutoView
    assert modules_for({"AutoView", "KeyValue"}) == ("runtime", "present", "views", "matrix", "plot", "typed", "host")
    assert modules_for({"ResultView", "AutoView"}) == ("runtime", "present", "views", "matrix", "plot", "host")
    assert all("host" in modules_for({kind}) for kind in RECORD_VIEWS)
    with pytest.raises(ValueError, match="unknown runtime modules"):
        runtime_js(("runtime", "nope"))
    # ask.js is the ask page's alone: no tree ever picks it, not even one with every kind
    assert ASK not in modules_for(NODE_TYPES) and modules_for(NODE_TYPES) == ALL
    assert MODULES[-1].name == ASK and ASK not in ALL


def _registered(source: str, opening: str, key: str = r"(?m)^\s+(\w+):") -> set[str]:
    """The keys of the JS object literal that follows ``opening`` in a runtime source (it ends
    at the first line holding only ``};`` or ``});``)."""
    body = re.split(r"(?m)^\s*\}\)?;$", source[source.index(opening) + len(opening) :], maxsplit=1)[0]
    return set(re.findall(key, body))


def test_module_conditions_match_what_each_module_registers():
    src = {m.name: m.source("js") for m in MODULES}
    needed = {m.name: m.needed_by for m in MODULES}
    assert set().union(*needed.values()) <= set(NODE_TYPES)
    core_fields = _registered(src["runtime"], "var FIELDS = {", r"(\w+Field): ")
    choices = _registered(src["choices"], "Object.assign(U.FIELDS, {", r"(\w+Field): ")
    composite = _registered(src["fields"], "Object.assign(U.FIELDS, {", r"(\w+Field): ")
    dates = _registered(src["dates"], "Object.assign(U.FIELDS, {", r"(\w+Field): ")
    # every field kind is handled by exactly one module; choices and composites ship with their module
    assert core_fields | choices | composite | dates == FIELD_TYPES
    assert not core_fields & choices and not core_fields & composite and not choices & composite and not core_fields & dates
    assert needed["choices"] == choices and needed["fields"] == composite and needed["dates"] == dates == {"DateTimeField"}
    assert needed["chart"] == set(re.findall(r"\bviews\.NODES\.(\w+) =", src["chart"])) == {"Chart"}
    typed = _registered(src["typed"], "Object.assign(views.NODES, {")
    assert needed["typed"] == typed and not typed & _registered(src["views"], "var NODES = {")
    leads = _registered(src["leads"], "Object.assign(views.NODES, {")
    assert needed["leads"] == leads == {"Leads", "LinkedView"}
    live = _registered(src["live"], "Object.assign(views.NODES, {")
    pick = _registered(src["pick"], "Object.assign(views.NODES, {")
    assert needed["live"] == live == {"Live"} and needed["pick"] == pick == {"Picker"}
    assert VIEW_TYPES - _registered(src["views"], "var NODES = {") - typed - leads - live - pick == {"Chart"}
    # layout nodes are the server's everywhere: layout.js builds none (it hydrates tabs)
    assert needed["layout"] == LAYOUT_TYPES and not runtime_catalog.keyed({"layout": src["layout"]})["layout.js"] & set(NODE_TYPES)


def test_modules_come_with_and_after_what_they_build_on():
    order = [m.name for m in MODULES]
    for m in MODULES:
        assert all(order.index(r) < order.index(m.name) for r in m.requires), m.name
        if not m.named_only:
            # and the other modules the same kinds need (a Chart brings chart.js and host.js)
            alongside = {o.name for o in MODULES if o.needed_by & m.needed_by and not o.named_only}
            assert modules_for(m.needed_by) == tuple(n for n in order if n in {"runtime", "present", "views", "matrix", "plot", m.name, *m.requires, *alongside})
    with pytest.raises(ValueError, match="'chart' needs"):
        runtime_js(("runtime", "chart"))


def test_nodes_nest_only_through_children():
    # render.node_types, which picks a page's runtime modules, walks `children` alone: no props
    # may hold a node, or a field kind reached only through props could miss its module.
    import msgspec.inspect as mi

    def holds_node(t: mi.Type, seen: set) -> bool:
        if isinstance(t, mi.StructType):
            if issubclass(t.cls, Node):
                return True
            if t.cls in seen:
                return False
            seen.add(t.cls)
            return any(holds_node(f.type, seen) for f in t.fields)
        parts = [getattr(t, name) for name in t.__struct_fields__]  # item, key, value and member types
        inner = [x for part in parts for x in (part if isinstance(part, tuple) else (part,)) if isinstance(x, mi.Type)]
        return any(holds_node(x, seen) for x in inner)

    for name, cls in NODE_TYPES.items():
        props = next(f for f in mi.type_info(cls).fields if f.name == "props")
        assert not holds_node(props.type, set()), name


def test_runtime_never_sizes_by_the_viewport():
    # 100vh inside an auto-sized frame grows forever (the host resizes to the reported height)
    assert not re.search(r"\d+(vh|dvh|svh|lvh)\b", runtime_css())
    assert "innerHeight" not in runtime_js()


def test_the_minified_bundle_is_built_from_the_current_sources():
    # Like components/schema.json: the committed bundle must match the sources it came from.
    # (A stale bundle is never shipped — runtime_js falls back to the compact sources — but then
    # the page is larger than it should be.)
    assert bundle_is_fresh(), "runtime_js/*.min.* are stale: run `python -m runtime_js.build` and commit them"


def test_a_leads_node_has_no_place_and_each_linked_view_its_own_template():
    """Issue 41: leads.js draws the links into the views and the pager under them (no place for the
    Leads node in the result's template); a followed link fills a copy of its LinkedView's template."""
    from components.nodes import (
        Leads,
        LeadsProps,
        Link,
        LinkedView,
        LinkedViewProps,
        LinkFill,
        ResultView,
        Text,
        TextProps,
    )

    orders = {"name": "list_orders", "inputSchema": {"type": "object", "properties": {"cursor": {"type": "string"}}},
              "outputSchema": {"type": "object", "properties": {"orders": {"type": "array", "items": {"type": "object", "properties": {"order_id": {"type": "string"}}}}}}}
    app = compile_tree(orders)
    link = Link(id="link:get_order:order_id", tool="get_order", label="Show", title="Get Order", keys=("order_id",), fills=(LinkFill(argument="order_id", source="value"),))
    linked = LinkedView(id="linked:get_order", props=LinkedViewProps(tool="get_order", title="Get Order"), children=(
        Text(id="linked:get_order:t", props=TextProps(text="An order")),))
    untyped = LinkedView(id="linked:read_file", props=LinkedViewProps(tool="read_file", title="Read File", source="content"))
    leads = Leads(id="result:leads", props=LeadsProps(links=(link,)), children=(linked, untyped))
    tree = replace(app, children=tuple(replace(c, children=(*c.children, leads)) if isinstance(c, ResultView) else c for c in app.children))
    html = render_page(tree)
    assert 'data-view="result:leads"' not in html
    assert re.search(r'<div (hidden="hidden" id="linked:get_order"|id="linked:get_order" hidden="hidden")><template>.*An order.*</template></div>', html, re.S)
    assert 'id="linked:read_file"' not in html  # no output schema: its views decide from the data
    assert "leads" in html and ".btn.lead" in html  # the module ships with the tree's Leads

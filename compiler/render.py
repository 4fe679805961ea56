"""Phase 4, render: a component tree → one self-contained MCP App page.

    head   charset, viewport, title, the runtime <script> (it installs the page's CSP — sha256 of
           the one <script> and the one <style>, in its data-csp — starts the handshake at once,
           hydrates on DOMContentLoaded): the runtime modules the tree's node types and any
           result of the tool need (``runtime_js.modules_for``), style
    body   <main id="app">: header (title, description), the Form rendered server-side (every
           field with its label, help, required marker and constraints as HTML attributes;
           ``<template>``s for array items, map values and union branches), the ResultView
           container with the ``<template>`` each result fills, the App's actions; then the tree
           as ``<script type="application/json" id="ui-tree">``.

One renderer per node kind: this module writes every kind whose markup is known before a result
exists — App, Form, every field, every layout kind (in the form, and around the views of a
result) — and the runtime only hydrates it (field behaviour, tabs' keys). The runtime builds every
view kind (``ViewNode``: its markup depends on the result's data) into the empty ``<div
class="view" data-view="<id>">`` this module leaves for it in the ResultView's template
(``visit_view``). ``components/catalog.json`` records each kind's renderer, and a test checks that
no kind has one on both sides.

``render_body`` is that ``<main>`` alone (for a tree the proxy sends to the ask page), and
``render_ask_page`` the one generic page that shows such a tree: every runtime module plus
``ask.js`` (``runtime_js.ASK``), an empty ``<main>`` that waits for the question.

Only ``dominate`` tags write markup. ``raw()`` is used for exactly two things: the fixed runtime
bytes (from ``runtime_js``) and the tree's JSON, escaped by ``script_json`` so no data can close
the element. One ``visit_<Type>`` function per node type the server renders, ``visit_view`` for a
view's place in a result; any other node is an error.

DOM ids are short and sequential (``u1``, ``u2``, …) so the page is deterministic; the runtime
finds a node's element by ``data-id`` (the node id) and renames ids inside cloned templates.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

import msgspec
from dominate import tags as t
from dominate.util import raw
from dominate.util import text as dom_text

from components.nodes import (
    NODE_TYPES,
    UNSET,
    Action,
    App,
    FieldNode,
    Leads,
    LinkedView,
    Live,
    Node,
    Picker,
    ResultView,
    Section,
    ViewNode,
)
from runtime_js import ALL, ASK, modules_for, runtime_css, runtime_js

from . import messages as m
from .markdown import Span, spans

__all__ = ["render_page", "render_body", "render_ask_page", "script_json", "csp_policy", "sha256_source", "node_types"]

MAX_SHORT_DESCRIPTION = 280
"""A longer tool description is folded into a <details> (its first sentence shown) so the form
stays in view."""

DATE_EXAMPLES = {"time": "09:30:00Z", "date-time": "2026-01-31T09:30:00Z"}
TEXT_INPUT_TYPES = {"email": "email", "uri": "url", "url": "url"}
SHORT_OPTION = 16
"""Radios whose labels are all at most this long (and at most four) sit on one line."""


# --------------------------------------------------------------------------- page


class template(t.html_tag):  # type: ignore[misc]  # noqa: N801 — dominate ships no types; it names elements after their class
    """``<template>``: inert markup the runtime clones (array items, map values, union branches)."""


def render_page(tree: App, *, input_schema: Any = None, lang: str = "en", asks: bool = True) -> str:
    """The page for ``tree``: a complete HTML5 document, byte-identical for identical inputs.

    Self-contained: it inlines every runtime module its tree and any result of its tool can need
    (``runtime_js.modules_for``), so it shows its results in any host, whatever that host offers.
    ``input_schema`` is accepted for the pipeline's contract; the runtime validates from the
    tree's props, so the schema itself is not shipped. ``asks=False`` for a page no compile-ui
    proxy serves: it leaves out the questions asked in the page (``question.js``).
    """
    del input_schema
    page, body = _document(modules_for(node_types(tree), asks=asks), tree.props.title, lang)
    with body:
        visit(tree, _Ctx())
        t.script(raw(script_json(msgspec.to_builtins(tree))), type="application/json", id="ui-tree")
    return "<!doctype html>\n" + _markup(page) + "\n"


def render_body(tree: App, *, uid_prefix: str = "u") -> str:
    """The ``<main>`` of ``tree``'s page, exactly as ``render_page`` writes it (no scripts, no
    head): what the ask page inserts before it hydrates with the tree. Deterministic.
    ``uid_prefix``: its DOM ids' (a question shown inside a tool's page keeps apart from its ids)."""
    holder = t.div()
    with holder:
        visit(tree, _Ctx(uid_prefix))
    return "".join(_markup(child) for child in holder.children)


def _markup(element: Any) -> str:
    """dominate's compact markup of ``element`` (dominate ships no types; ``render`` gives a str)."""
    markup: str = element.render(pretty=False)
    return markup


def render_ask_page(*, lang: str = "en") -> str:
    """The ask page (``_ui_render``): one generic page for every tree the model sends. It ships
    every runtime module (any tree renders) and ``ask.js``; its ``<main>`` waits for the question,
    which ask.js fetches (``_ui_view``), inserts and hydrates."""
    page, body = _document(ALL + (ASK,), m.PAGE_ASK_TITLE, lang)
    with body:
        with t.main(id="app", cls="app", **{"data-ask": "data-ask"}):
            t.p(m.PAGE_ASK_WAITING, cls="status", role="status", **{"aria-live": "polite"})
    return "<!doctype html>\n" + _markup(page) + "\n"


def _document(modules: tuple[str, ...], title: str, lang: str) -> tuple[t.html, t.body]:
    """The page's <html> with its head (the runtime modules' script, carrying the page's CSP, and
    style), and its body, empty."""
    js, css = runtime_js(modules), runtime_css(modules)
    page = t.html(lang=lang)
    with page:
        with t.head():
            t.meta(charset="utf-8")
            t.meta(name="viewport", content="width=device-width, initial-scale=1")
            t.title(title)
            # In <head>, before the stylesheet: the handshake leaves before anything else is
            # parsed (measured: about 1 ms sooner to `initialized`); the runtime hydrates the
            # form on DOMContentLoaded. Its first statement puts the policy in data-csp into a
            # <meta> in <head> — only when this script is in the page's own <head> (``csp_policy``).
            t.script(raw(js), **{"data-csp": csp_policy(js, css)})
            t.style(raw(css))
        body = t.body()
    return page, body


def node_types(tree: Node) -> set[str]:
    """Every node type in ``tree`` (which runtime modules the page needs follows from them)."""
    types: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        types.add(type(node).__name__)
        stack.extend(node.children)
    return types


def csp_policy(js: str, css: str) -> str:
    """The page's Content-Security-Policy: only the runtime's script and style, by hash.

    The runtime installs it (a ``<meta http-equiv>`` it puts first in ``<head>``, before anything
    after its script is parsed), and only when its script is in the document's own ``<head>``. A
    host that wraps the page in a document of its own (MCP Inspector 2.12 writes it into its
    ``<body>``, under a policy built from ``_meta.ui.csp``) gets no ``<meta>`` from the page:
    outside ``<head>`` the browser ignores one and logs an error for it. A host that builds no
    policy still gets this one enforced."""
    return (
        f"default-src 'none'; script-src '{sha256_source(js)}'; style-src '{sha256_source(css)}'; "
        "img-src data:; media-src data:; form-action 'none'; base-uri 'none'"
    )


def sha256_source(text: str) -> str:
    """A CSP hash source for an inline block's exact text."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def script_json(value: Any) -> str:
    """JSON safe inside a <script> element: ``<``, ``>``, ``&``, U+2028/9 become \\u escapes
    (they can only occur inside JSON strings, where the escape means the same character)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return "".join(_JSON_ESCAPES.get(ch, ch) for ch in text)


# --------------------------------------------------------------------------- dispatch


class _Ctx:
    """Per-render state: the DOM id counter; whether the nodes visited are a result's layout."""

    def __init__(self, prefix: str = "u") -> None:
        self.n = 0
        self.prefix = prefix
        self.in_result = False

    def uid(self) -> str:
        self.n += 1
        return f"{self.prefix}{self.n}"


def visit(node: Node, ctx: _Ctx) -> None:
    """Render ``node`` into the current dominate context."""
    visitor = _VISITORS.get(type(node))
    if visitor is None and isinstance(node, ViewNode) and ctx.in_result:
        visitor = visit_view
    if visitor is None:
        raise TypeError(f"render: no visitor for node type {type(node).__name__} (id {node.id!r})")
    visitor(node, ctx)


def visit_children(node: Node, ctx: _Ctx) -> None:
    for child in node.children:
        visit(child, ctx)


# --------------------------------------------------------------------------- layout nodes


def visit_App(node: Any, ctx: _Ctx) -> None:
    p = node.props
    with t.main(id=node.id, cls="app"):
        with t.header(cls="app-head"):
            t.h1(p.title)
            if p.description:
                _description(p.description)
        visit_children(node, ctx)
        if node.actions:
            _action_row(node.actions)


def _description(words: str) -> None:
    if len(words) <= MAX_SHORT_DESCRIPTION:
        _prose(t.p, words, cls="desc")
        return
    lead, rest = _lead(words)
    with t.details(cls="desc"):
        _prose(t.summary, lead)
        _prose(t.p, rest)


def _prose(tag: Callable[..., Any], words: str, **attrs: str) -> None:
    """``tag`` holding a description: its inline markdown (``compiler.markdown``) drawn as
    elements, every piece of text escaped. Plain text stays one text node."""
    with tag(**attrs):
        for span in spans(words):
            _span(span)


_SPAN_TAGS: dict[str, Callable[..., Any]] = {"code": t.code, "strong": t.strong, "em": t.em}


def _span(span: Span) -> None:
    if span.kind == "text":
        dom_text(span.text)
    elif span.kind == "link":
        # opened by the host (runtime.js: ui/open-link), never by the frame itself
        t.a(span.text, href=span.href, cls="ext", title=span.href)
    else:
        _SPAN_TAGS[span.kind](span.text)


_SENTENCE_END = re.compile(r"([.!?])(?=\s+[A-Z])|\s*\n\s*\n")


def _lead(text: str) -> tuple[str, str]:
    """A long description folded: its first sentence (or paragraph), and the rest, shown when
    opened — no text twice. A first sentence longer than ``MAX_SHORT_DESCRIPTION`` is cut at a
    word, with "…" where it was cut."""
    end = _SENTENCE_END.search(text[: MAX_SHORT_DESCRIPTION + 2])
    if end:
        return text[: end.end() if end.group(1) else end.start()], text[end.end() :].strip()
    lead = text[:MAX_SHORT_DESCRIPTION].rsplit(" ", 1)[0]
    return lead + " …", "… " + text[len(lead) :].strip()


def visit_Card(node: Any, ctx: _Ctx) -> None:
    with t.section(cls="card"):
        if node.props.title:
            t.h2(node.props.title)
        visit_children(node, ctx)


def visit_Stack(node: Any, ctx: _Ctx) -> None:
    with t.div(cls=f"stack stack-{node.props.direction}"):
        visit_children(node, ctx)


def visit_Tabs(node: Any, ctx: _Ctx) -> None:
    selected = node.props.selected if 0 <= node.props.selected < len(node.children) else 0
    ids = [(ctx.uid(), ctx.uid()) for _ in node.children]
    with t.div(cls="tabs"):
        with t.div(role="tablist"):
            for i, (child, (tab, panel)) in enumerate(zip(node.children, ids, strict=True)):
                label = getattr(child.props, "title", None) or str(i + 1)
                attrs = {"aria-selected": "true" if i == selected else "false", "aria-controls": panel}
                t.button(label, type="button", role="tab", id=tab, tabindex="0" if i == selected else "-1", **attrs)
        for i, (child, (tab, panel)) in enumerate(zip(node.children, ids, strict=True)):
            with t.div(role="tabpanel", id=panel, **{"aria-labelledby": tab}) as div:
                if i != selected:
                    div["hidden"] = "hidden"
                if not isinstance(child, Section):
                    visit(child, ctx)
                    continue
                if child.props.description:  # the section's title is the tab's label
                    _prose(t.p, child.props.description, cls="help")
                visit_children(child, ctx)


def visit_Section(node: Any, ctx: _Ctx) -> None:
    p = node.props
    if p.collapsible:
        with t.details(cls="section") as box:
            if not p.collapsed:
                box["open"] = "open"
            t.summary(p.title)
            if p.description:
                _prose(t.p, p.description, cls="help")
            visit_children(node, ctx)
        return
    with t.section(cls="section"):
        t.h2(p.title)
        if p.description:
            _prose(t.p, p.description, cls="help")
        visit_children(node, ctx)


def visit_Heading(node: Any, ctx: _Ctx) -> None:
    getattr(t, f"h{node.props.level + 1}")(node.props.text)


def visit_Text(node: Any, ctx: _Ctx) -> None:
    t.p(node.props.text, cls="text" + (" muted" if node.props.tone == "muted" else ""))


def visit_Alert(node: Any, ctx: _Ctx) -> None:
    p = node.props
    with t.div(cls=f"alert alert-{p.tone}", role="alert" if p.tone == "error" else "note"):
        if p.title:
            t.strong(p.title)
        t.p(p.text)


# --------------------------------------------------------------------------- form


def visit_Form(node: Any, ctx: _Ctx) -> None:
    submit = next((a for a in node.actions if a.id == "submit"), None)
    with t.form(id=node.id, cls="form", novalidate="novalidate", **{"aria-label": node.props.toolName}):
        if not any(isinstance(c, FieldNode) or c.children for c in node.children):
            t.p(m.PAGE_NO_ARGUMENTS, cls="help")
        visit_children(node, ctx)
        with t.div(cls="actions"):
            label = submit.label if submit else node.props.submitLabel
            t.button(label, type="submit", cls="btn primary", **{"data-action": "submit"})
            for action in node.actions:
                if action is not submit:
                    _action_button(action)
            t.p(cls="status", role="status", **{"aria-live": "polite"})


def _action_row(actions: tuple[Action, ...]) -> None:
    """The App's actions: a row of buttons at the end of the page, aligned by the first action
    that asks for an alignment (start when none does)."""
    align = next((a.alignment for a in actions if a.alignment), "start")
    with t.div(cls=f"actions align-{align}"):
        for action in actions:
            _action_button(action)


def _action_button(action: Action) -> None:
    """A button the runtime answers (the ask page sends its id); a compiled tool page has none."""
    cls = "btn" + (" primary" if action.primary else "") + (" danger" if action.destructive else "")
    t.button(action.label, type="button", cls=cls, **{"data-action": action.id})


class _Field:
    """The ids and parts every field has: control id, help id, error id."""

    def __init__(self, node: Any, ctx: _Ctx) -> None:
        self.node, self.p = node, node.props
        self.cid = ctx.uid()
        self.hid = self.cid + "h"
        self.eid = self.cid + "e"

    @property
    def described(self) -> str:
        return (self.hid + " " if self.p.help else "") + self.eid

    def control_attrs(self) -> dict[str, str]:
        attrs = {"id": self.cid, "cls": "ctl", "aria-describedby": self.described}
        if self.p.required:
            attrs["required"] = "required"
        if self.p.readOnly:
            attrs["readonly"] = "readonly"
        if self.p.placeholder:
            attrs["placeholder"] = self.p.placeholder
        return attrs

    def wrapper(self, kind: str) -> t.html_tag:
        cls = f"field field-{kind}" + (" deprecated" if self.p.deprecated else "")
        return t.div(cls=cls, **{"data-id": self.node.id})

    def group(self, kind: str) -> t.html_tag:
        cls = f"field field-{kind}" + (" deprecated" if self.p.deprecated else "")
        return t.fieldset(cls=cls, **{"data-id": self.node.id, "aria-describedby": self.described})

    def label(self) -> None:
        with t.label(self.p.label, fr=self.cid):
            self.marker()

    def legend(self) -> None:
        with t.legend(self.p.label):
            self.marker()

    def marker(self) -> None:
        if self.p.required:
            t.span("*", cls="req", title=m.PAGE_REQUIRED, **{"aria-hidden": "true"})
        if self.p.deprecated:
            t.span(m.PAGE_DEPRECATED, cls="badge")

    def help(self) -> None:
        if self.p.help:
            _prose(t.p, self.p.help, cls="help", id=self.hid)

    def error(self) -> None:
        t.p(cls="err", id=self.eid, **{"aria-live": "polite"})

    def null_toggle(self) -> None:
        if self.p.nullable:
            with t.label(cls="nul"):
                t.input_(type="checkbox")
                t.span(m.PAGE_NULL)


def _default(p: Any) -> Any:
    return UNSET if p.default is UNSET or p.default is None else p.default


def _text_value(value: Any) -> str | None:
    if value is UNSET or value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _number_text(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)


def visit_TextField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    attrs = f.control_attrs()
    if p.minLength is not None:
        attrs["minlength"] = str(p.minLength)
    if p.maxLength is not None:
        attrs["maxlength"] = str(p.maxLength)
    value = _text_value(_default(p)) if isinstance(_default(p), str) else None
    with f.wrapper("text"):
        f.label()
        if p.widget == "textarea":
            t.textarea(value or "", rows="4", **attrs)
        else:
            kind = "password" if p.widget == "password" else TEXT_INPUT_TYPES.get(p.format or "", "text")
            if value is not None:
                attrs["value"] = value
            t.input_(type=kind, **attrs)
        f.help()
        f.error()


def visit_NumberField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    attrs = f.control_attrs()
    low = p.minimum if p.minimum is not None else p.exclusiveMinimum
    high = p.maximum if p.maximum is not None else p.exclusiveMaximum
    if low is not None:
        attrs["min"] = _number_text(low) or ""
    if high is not None:
        attrs["max"] = _number_text(high) or ""
    step = _number_text(p.multipleOf) if p.multipleOf else None
    attrs["step"] = step or ("1" if p.integer else "any")
    value = _number_text(_default(p))
    with f.wrapper("number"):
        f.label()
        if p.widget == "slider" and low is not None and high is not None:
            with t.div(cls="slider"):
                t.input_(type="range", value=value or _number_text(low), **attrs)
                t.output(value or "", fr=f.cid)
        else:
            if value is not None:
                attrs["value"] = value
            t.input_(type="number", inputmode="numeric" if p.integer else "decimal", **attrs)
        f.help()
        f.error()


def visit_BooleanField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    attrs = f.control_attrs()
    attrs.pop("placeholder", None)
    if p.widget == "switch":
        attrs["role"] = "switch"
    if _default(p) is True:
        attrs["checked"] = "checked"
    with f.wrapper("bool"):
        with t.div(cls="check"):
            t.input_(type="checkbox", **attrs)
            f.label()
            f.null_toggle()
        f.help()
        f.error()


def visit_SelectField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    chosen = _option_index(p.options, p.default)
    holds_null = _option_index(p.options, None)
    if chosen is None:
        # a nullable boolean's "Not set": shown before anything is chosen (an optional field
        # untouched sends nothing, as the runtime knows)
        chosen = holds_null
    if p.widget == "radio":
        with f.group("radio"):
            f.legend()
            f.help()
            with t.div(cls="choices inline" if _short(p.options) else "choices"):
                for i, opt in enumerate(p.options):
                    _choice("radio", f, i, opt, i == chosen)
                # an optional choice can be taken back (the runtime reads "" as unset); where null
                # is a choice (a nullable boolean's "Not set"), that choice is the way back
                if not p.required and holds_null is None:
                    _clear_choice(f, chosen is None)
            f.error()
        return
    attrs = f.control_attrs()
    attrs.pop("placeholder", None)
    with f.wrapper("select"):
        f.label()
        with t.select(**attrs):
            t.option(m.PAGE_CHOOSE if p.required else m.PAGE_NONE, value="")
            for i, opt in enumerate(p.options):
                o = t.option(opt.label, value=str(i))
                if i == chosen:
                    o["selected"] = "selected"
        f.help()
        f.error()


def _short(options: tuple[Any, ...]) -> bool:
    """Options that fit side by side on one line: a few short words, no descriptions."""
    return len(options) <= 4 and all(len(o.label) <= SHORT_OPTION and not o.description for o in options)


def _option_index(options: tuple[Any, ...], value: Any) -> int | None:
    if value is UNSET:
        return None
    return next((i for i, opt in enumerate(options) if _same(opt.value, value)), None)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b or (isinstance(a, (int, float)) and not isinstance(a, bool) and a == b)


def _choice(kind: str, f: _Field, i: int, opt: Any, checked: bool) -> None:
    attrs = {"type": kind, "name": f.cid, "value": str(i), "cls": "opt"}
    if checked:
        attrs["checked"] = "checked"
    if i == 0:
        attrs["id"] = f.cid
    with t.label(cls="choice"):
        t.input_(**attrs)
        label = t.span(opt.label)
        if opt.value is None:  # a nullable boolean's "Not set" reads like the choice that unsets a field
            label["class"] = "muted"
        if opt.description:
            _prose(t.small, opt.description, cls="muted")


def _clear_choice(f: _Field, checked: bool) -> None:
    attrs = {"type": "radio", "name": f.cid, "value": "", "cls": "opt"}
    if checked:
        attrs["checked"] = "checked"
    with t.label(cls="choice"):
        t.input_(**attrs)
        t.span(m.PAGE_NOT_SET, cls="muted")


def visit_MultiSelectField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    defaults = _default(p) if isinstance(_default(p), list) else []
    chosen = {_option_index(p.options, v) for v in defaults}
    if p.widget == "select":
        attrs = f.control_attrs()
        attrs.pop("placeholder", None)
        with f.wrapper("multi"):
            f.label()
            f.null_toggle()
            with t.select(multiple="multiple", **attrs):
                for i, opt in enumerate(p.options):
                    o = t.option(opt.label, value=str(i))
                    if i in chosen:
                        o["selected"] = "selected"
            f.help()
            f.error()
        return
    with f.group("checks"):
        f.legend()
        f.null_toggle()
        f.help()
        with t.div(cls="choices body"):
            for i, opt in enumerate(p.options):
                _choice("checkbox", f, i, opt, i in chosen)
        f.error()


def visit_DateTimeField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    attrs = f.control_attrs()
    # A date and a date-time get native pickers (runtime.js sends a date-time with its offset); a
    # time keeps its zone as text: a time picker has no zone and no date to take an offset from.
    kind = {"date": "date", "date-time": "datetime-local"}.get(p.format, "text")
    if kind == "datetime-local":
        attrs["step"] = "1"  # seconds shown: the value sent has them
    if kind == "text" and not p.placeholder:
        attrs["placeholder"] = DATE_EXAMPLES[p.format]
    value = _default(p)
    if isinstance(value, str):
        attrs["value"] = value
    with f.wrapper("date"):
        f.label()
        t.input_(type=kind, **attrs)
        f.help()
        f.error()


def visit_ConstField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    with f.wrapper("const"):
        t.span(p.label, cls="label", id=f.cid)
        t.output(_text_value(p.value) or "null", cls="const", **{"aria-labelledby": f.cid})
        f.help()
        f.error()


def visit_FileField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    attrs = f.control_attrs()
    attrs.pop("placeholder", None)
    if p.accept:
        attrs["accept"] = p.accept
    with f.wrapper("file"):
        f.label()
        f.null_toggle()
        t.input_(type="file", **attrs)
        t.p(cls="file-info muted")
        f.help()
        f.error()


def visit_JsonField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    attrs = f.control_attrs()
    value = _default(p)
    text = json.dumps(value, ensure_ascii=False, indent=2) if value is not UNSET else ""
    with f.wrapper("json"):
        f.label()
        t.textarea(text, rows="4", spellcheck="false", **attrs)
        t.p(m.PAGE_JSON_HINT.format(reason=p.reason), cls="help muted")
        f.help()
        f.error()


def visit_ObjectField(node: Any, ctx: _Ctx) -> None:
    f = _Field(node, ctx)
    with f.group("object"):
        f.legend()
        f.null_toggle()
        f.help()
        with t.div(cls="body"):
            visit_children(node, ctx)
        f.error()


def visit_TupleField(node: Any, ctx: _Ctx) -> None:
    f = _Field(node, ctx)
    with f.group("tuple"):
        f.legend()
        f.null_toggle()
        f.help()
        with t.div(cls="body"):
            visit_children(node, ctx)
        f.error()


def visit_ArrayField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    item = node.children[0] if node.children else None
    with f.group("array"):
        f.legend()
        f.null_toggle()
        f.help()
        t.ol(cls="body items")
        with template():
            with t.li(cls="item"):
                if item is not None:
                    visit(item, ctx)
                t.button(m.PAGE_REMOVE, type="button", cls="btn small", **{"data-action": "remove"})
        label = item.props.label if item is not None else "item"
        what = label.lower() if label == m.ITEM_LABEL else label
        t.button(m.PAGE_ADD.format(what=what), type="button", cls="btn", **{"data-action": "add"})
        _limits(p.minItems, p.maxItems, "item")
        f.error()


def visit_MapField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    value = node.children[0] if node.children else None
    with f.group("map"):
        f.legend() if not p.rest else t.legend(m.PAGE_MORE_PROPERTIES)
        f.null_toggle()
        f.help()
        t.ul(cls="body entries")
        with template():
            with t.li(cls="entry"):
                _map_key(f, p, ctx)
                if value is not None:
                    visit(value, ctx)
                t.button(m.PAGE_REMOVE, type="button", cls="btn small", **{"data-action": "remove"})
        t.button(m.PAGE_ADD_ENTRY, type="button", cls="btn", **{"data-action": "add"})
        _limits(p.minProperties, p.maxProperties, "entry")
        f.error()


def _map_key(f: _Field, p: Any, ctx: _Ctx) -> None:
    kid = ctx.uid()
    with t.div(cls="field field-key"):
        t.label(m.PAGE_KEY, fr=kid)
        if p.keyOptions:
            with t.select(id=kid, cls="key", required="required"):
                t.option(m.PAGE_CHOOSE, value="")
                for opt in p.keyOptions:
                    t.option(opt.label, value=str(opt.value))
        else:
            t.input_(type="text", id=kid, cls="key", required="required")
        t.p(cls="err", **{"aria-live": "polite"})


def _limits(low: int | None, high: int | None, noun: str) -> None:
    if low is None and high is None:
        return
    one, many = m.PAGE_NOUNS[noun]
    if low is not None and high is not None:
        text = m.PAGE_LIMITS["both"].format(low=low, high=high, nouns=many)
    elif low is not None:
        text = m.PAGE_LIMITS["low"].format(low=low, noun=one if low == 1 else many)
    else:
        text = m.PAGE_LIMITS["high"].format(high=high, noun=one if high == 1 else many)
    t.p(text, cls="help muted")


def visit_UnionField(node: Any, ctx: _Ctx) -> None:
    f, p = _Field(node, ctx), node.props
    with f.group("union"):
        f.legend()
        f.null_toggle()
        f.help()
        with t.div(cls="choose"):
            t.label(m.PAGE_BRANCH, fr=f.cid, cls="muted")
            with t.select(id=f.cid, cls="branch"):
                if not p.required:
                    t.option("—", value="")
                for i, label in enumerate(p.branches):
                    t.option(label, value=str(i))
        t.div(cls="body")
        for child in node.children:
            with template():
                visit(child, ctx)
        f.error()


# --------------------------------------------------------------------------- results


def visit_ResultView(node: ResultView, ctx: _Ctx) -> None:
    """The place results appear. With an output schema, a ``<template>`` of its children: the
    layout nodes rendered, each view an empty place the runtime fills from the result. Without
    one (``source="content"``) the runtime decides the view from the data alone: no template.
    Its ``Leads`` (issue 41) has no place in the layout (leads.js draws the links into the views
    and the pager under them), nor its ``Live`` and ``Picker``s (issue 51: live.js and pick.js
    draw their controls); each of its ``LinkedView``s gets a template of its own."""
    leads = [child for child in node.children if isinstance(child, Leads)]
    with t.section(id=node.id, cls="result", hidden="hidden", **{"aria-label": m.PAGE_RESULT}):
        t.h2(m.PAGE_RESULT, cls="result-head")
        t.p(cls="status", role="status", **{"aria-live": "polite"})
        t.div(cls="result-body")
        if node.props.source == "structured":
            _result_template([child for child in node.children if not isinstance(child, (Leads, Live, Picker))], ctx)
        for linked in (view for lead in leads for view in lead.children if isinstance(view, LinkedView)):
            _linked_template(linked, ctx)


def _result_template(children: list[Node], ctx: _Ctx) -> None:
    """A result's layout, each view an empty place: the ``<template>`` a result fills a copy of."""
    ctx.in_result = True
    with template():
        for child in children:
            visit(child, ctx)
    ctx.in_result = False


def _linked_template(node: LinkedView, ctx: _Ctx) -> None:
    """A linked tool's own result layout, as its ResultView's (leads.js fills a copy in place of
    the main result when a link to it is followed); its views decide from the data alone when it
    has no output schema."""
    if node.props.source == "structured":
        with t.div(id=node.id, hidden="hidden"):
            _result_template(list(node.children), ctx)


def visit_view(node: ViewNode, ctx: _Ctx) -> None:
    """A view's place in a result's template: the runtime builds the view (label, content) into
    it, before the views nested in it, or removes it when the result has no data there."""
    with t.div(cls="view", **{"data-view": node.id}):
        visit_children(node, ctx)


_VISITORS: dict[type[Node], Callable[[Any, _Ctx], None]] = {
    NODE_TYPES[name[len("visit_") :]]: fn for name, fn in globals().items() if name[len("visit_") :] in NODE_TYPES and name.startswith("visit_")
}
"""The kinds this module renders, each by its ``visit_<Kind>``."""

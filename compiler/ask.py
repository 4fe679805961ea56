"""``_ui_render``'s trees: a component tree written by a model, checked, made into a page body.

    check(arguments)   → Question, or every problem with its JSON Pointer into the arguments
    body(question)     → the question's markup, from the same renderer as every page

A model writes the tree (the catalog in ``components/schema.json``); it never writes markup.
The tree is checked twice: against the catalog's JSON Schema (what a standard validator says)
and against the tree rules of ``components/validate.py`` (ids, children, pointers); problems of
both are reported together, once per place, so the model can repair the whole tree in one turn.
Bounds come first (bytes, depth, nodes), so a hostile tree costs little to refuse.

A tree whose root is not an ``App`` is put into one; a tree the user could not answer (no form,
no action) gets an "OK" action.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgspec

from components import pointers
from components.nodes import Action, App, AppProps, Form
from components.schema import SCHEMA_PATH
from components.validate import Problem, decode, validate

__all__ = ["Question", "check", "body", "RENDER_TOOL", "MAX_TREE_BYTES", "MAX_DEPTH", "MAX_NODES"]

RENDER_TOOL = "_ui_render"
MAX_TREE_BYTES = 256 * 1024
MAX_DEPTH = 48
MAX_NODES = 2000
MAX_TITLE = 200
DEFAULT_TITLE = "A question from the assistant"


@dataclass(frozen=True)
class Question:
    """A checked tree, ready to show: the App to render and the arguments it came from."""

    app: App
    wait: bool
    timeout_s: float


def check(arguments: Any) -> tuple[Question | None, list[Problem]]:
    """The question ``arguments`` (``_ui_render``'s) ask, or every problem found, each with its
    JSON Pointer from the arguments' root (``/tree/children/0/props/label``)."""
    if not isinstance(arguments, dict):
        return None, [Problem("", "arguments must be an object")]
    problems: list[Problem] = []
    title = arguments.get("title")
    if title is not None and not (isinstance(title, str) and 0 < len(title) <= MAX_TITLE):
        problems.append(Problem("/title", f"title must be a string of 1 to {MAX_TITLE} characters"))
    wait = arguments.get("wait", True)
    if not isinstance(wait, bool):
        problems.append(Problem("/wait", "wait must be true or false"))
    timeout = arguments.get("timeoutSeconds", 30)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 1 <= timeout <= 300:
        problems.append(Problem("/timeoutSeconds", "timeoutSeconds must be a number from 1 to 300"))
    for key in sorted(set(arguments) - {"tree", "title", "wait", "timeoutSeconds"}):
        problems.append(Problem(pointers.child("", key), f"unknown argument {key!r}"))
    if "tree" not in arguments:
        return None, [*problems, Problem("/tree", "missing the component tree (tree)")]
    tree = arguments["tree"]
    bounded = _bounds(tree)
    if bounded:
        return None, [*problems, bounded]
    tree = _filled(tree)
    problems += _tree_problems(tree)
    if problems:
        return None, problems
    root = decode(tree)
    app = _as_app(root, title)
    return Question(app, wait, float(timeout)), []


def body(question: Question) -> str:
    """The question's markup (its ``<main>``), from the page renderer."""
    from .render import render_body

    return render_body(question.app)


def tree_json(question: Question) -> Any:
    return msgspec.to_builtins(question.app)


# --------------------------------------------------------------------------- checks


def _bounds(tree: Any) -> Problem | None:
    size = len(json.dumps(tree, ensure_ascii=False, default=str))
    if size > MAX_TREE_BYTES:
        return Problem("/tree", f"the tree is {size} bytes; at most {MAX_TREE_BYTES} are accepted")
    nodes, stack = 0, [(tree, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return Problem("/tree", f"the tree nests deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            nodes += 1
            stack += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]
    if nodes > MAX_NODES:
        return Problem("/tree", f"the tree has {nodes} objects; at most {MAX_NODES} are accepted")
    return None


def _filled(tree: Any) -> Any:
    """The tree with the one prop a question's author cannot know filled in: ``toolName`` of the
    App and Form nodes (their answers go to ``_ui_respond``, whatever they name)."""
    if not isinstance(tree, dict):
        return tree
    out = dict(tree)
    props = out.get("props")
    if out.get("type") in ("App", "Form") and isinstance(props, dict) and "toolName" not in props:
        out["props"] = {**props, "toolName": RENDER_TOOL}
    if isinstance(out.get("children"), list):
        out["children"] = [_filled(child) for child in out["children"]]
    return out


def _tree_problems(tree: Any) -> list[Problem]:
    found: dict[str, str] = {}
    for problem in validate(tree):
        found.setdefault("/tree" + problem.pointer, problem.message)
    for error in _validator().iter_errors(tree):
        if error.validator in ("if", "then", "allOf"):  # the dispatch's wrappers; their causes are listed
            continue
        pointer = "/tree" + pointers.join(error.absolute_path)
        if not any(p == pointer or p.startswith(pointer + "/") for p in found):
            found[pointer] = error.message
    return [Problem(pointer, message) for pointer, message in sorted(found.items())]


@cache
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text()))


def _as_app(root: Any, title: str | None) -> App:
    if isinstance(root, App):
        app = root if title is None else msgspec.structs.replace(root, props=msgspec.structs.replace(root.props, title=title))
    else:
        ids = _ids(root)
        app_id = next(i for i in ("question", "question-1", "question-2", *(f"q{n}" for n in range(len(ids) + 1))) if i not in ids)
        app = App(id=app_id, props=AppProps(toolName=RENDER_TOOL, title=title or DEFAULT_TITLE), children=(root,))
    if not _answerable(app):
        app = msgspec.structs.replace(app, actions=(Action(id="ok", label="OK", primary=True),))
    return app


def _answerable(node: Any) -> bool:
    return isinstance(node, Form) or bool(node.actions) or any(_answerable(child) for child in node.children)


def _ids(node: Any) -> set[str]:
    out = {node.id}
    for child in node.children:
        out |= _ids(child)
    return out

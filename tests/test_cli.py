"""``compile-ui FILE``: outputs, tool selection, and clear exit-2 errors naming file and pointer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from compiler.compile_cli import main
from compiler.pipeline import compile_tool
from components.validate import encode
from conftest import CORPUS, FIXTURES, ROOT

TIME = CORPUS / "tools" / "time.json"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_one_tool_prints_its_tree(capsysbinary):
    assert main([str(FIXTURES / "tools" / "with_output.json")]) == 0
    tree = json.loads(capsysbinary.readouterr().out)
    tool = json.loads((FIXTURES / "tools" / "with_output.json").read_text())
    assert tree == json.loads(encode(compile_tool(tool)))


def test_several_tools_print_an_array_in_input_order(capsysbinary):
    assert main([str(TIME)]) == 0
    trees = json.loads(capsysbinary.readouterr().out)
    names = [t["name"] for t in json.loads(TIME.read_text())["tools"]]
    assert [t["props"]["toolName"] for t in trees] == names


def test_tool_option_picks_one(capsysbinary):
    assert main([str(TIME), "--tool", "convert_time"]) == 0
    assert json.loads(capsysbinary.readouterr().out)["props"]["toolName"] == "convert_time"


def test_stdin_and_a_bare_array(tmp_path):
    result = run("-", stdin=json.dumps([{"name": "a"}, {"name": "b", "inputSchema": True}]))
    assert result.returncode == 0, result.stderr
    assert [t["props"]["toolName"] for t in json.loads(result.stdout)] == ["a", "b"]


def test_out_writes_the_file(tmp_path):
    out = tmp_path / "tree.json"
    result = run(str(TIME), "--out", str(out))
    assert result.returncode == 0 and result.stdout == ""
    assert len(json.loads(out.read_text())) == 2


@pytest.mark.parametrize(
    "text, where, what",
    [
        ("{not json", "<stdin>:", "not valid JSON"),
        ("NaN", "<stdin>:", "not valid JSON"),
        ("42", "<stdin>:", "no tool definition found"),
        ('{"tools": []}', "<stdin>#/tools:", "no tool definition found"),
        ('{"tools": [{"name": "a"}, 7]}', "<stdin>#/tools/1:", "must be an object"),
        ('{"tools": [{"name": "a"}, {"description": "x"}]}', "<stdin>#/tools/1/name:", "needs a non-empty string 'name'"),
        ('[{"name": "a", "inputSchema": "object"}]', "<stdin>#/0/inputSchema:", "inputSchema must be an object or a boolean, not a string"),
        ('{"name": "a", "outputSchema": []}', "<stdin>#/outputSchema:", "outputSchema must be an object"),
        ('{"result": {"tools": [{"name": ""}]}}', "<stdin>#/result/tools/0/name:", "needs a non-empty string"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(text, where, what):
    result = run("-", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"compile-ui: error: {where}") and what in line


def test_unknown_tool_names_the_choices():
    result = run(str(TIME), "--tool", "nope")
    assert result.returncode == 2 and "no tool named 'nope'" in result.stderr and "get_current_time" in result.stderr


def test_missing_file_is_exit_2():
    result = run("does-not-exist.json")
    assert result.returncode == 2 and "does-not-exist.json: cannot read" in result.stderr


def test_nothing_half_written_on_error(tmp_path):
    out = tmp_path / "tree.json"
    out.write_text("previous")
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "a"}, {"name": 5}]')
    assert run(str(bad), "--out", str(out)).returncode == 2
    assert out.read_text() == "previous"
    assert {p.name for p in tmp_path.iterdir()} == {"tree.json", "bad.json"}  # no temporary left behind


def test_help_shows_examples():
    result = run("--help")
    assert result.returncode == 0 and "examples:" in result.stdout and "--tool" in result.stdout

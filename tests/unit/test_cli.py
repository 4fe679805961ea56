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


def test_a_page_written_to_a_fifo_goes_through_it_and_the_fifo_stays(tmp_path):
    """A target that is not a regular file is written into, never renamed over (as root,
    ``--html /dev/null`` once replaced the device with a file)."""
    import os
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_bytes()))
    reader.start()
    result = run(str(WITH_OUTPUT), "--html", str(fifo))
    reader.join(30)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode) and read[0].startswith(b"<!doctype html>")


def test_the_program_ends_at_once_with_its_output_whole(tmp_path, capsysbinary):
    """As a program, ``compile-ui FILE`` ends without the interpreter's teardown (cli._end_now):
    what it printed is flushed first, however much (the trees of three corpus files are far more
    than a pipe holds), and so is an error, with its exit status."""
    tools = [t for name in ("github", "playwright", "everything") for t in json.loads((CORPUS / "tools" / f"{name}.json").read_text())["tools"]]
    biggest = tmp_path / "tools.json"
    biggest.write_text(json.dumps(tools))
    result = subprocess.run([sys.executable, "-m", "compiler", str(biggest)], capture_output=True, cwd=ROOT, timeout=60)
    assert main([str(biggest)]) == 0
    assert result.returncode == 0 and len(result.stdout) > 2 * 65536
    assert result.stdout == capsysbinary.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"tools": [{"name": "a"}, 7]}')
    failed = run(str(bad))
    assert failed.returncode == 2 and failed.stderr.startswith("compile-ui: error:") and failed.stderr.endswith("\n")
    # No teardown: an exit handler never runs after the program (it does after a subcommand's
    # end, and after main() called with arguments, as a test or an embedding program calls it).
    probe = ("import atexit, sys; atexit.register(lambda: print('teardown', file=sys.stderr)); "
             "from compiler.cli import main; how, sys.argv[1:] = sys.argv[1], sys.argv[2:]; main(None if how == 'program' else sys.argv[1:])")
    ended = {how: subprocess.run([sys.executable, "-c", probe, how, str(FIXTURES / "tools" / "with_output.json")],
                                 capture_output=True, text=True, cwd=ROOT, timeout=60) for how in ("program", "call")}
    assert [(r.returncode, "teardown" in r.stderr, r.stdout.startswith("{")) for r in ended.values()] == [(0, False, True), (0, True, True)]


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


WITH_OUTPUT = FIXTURES / "tools" / "with_output.json"


def test_print_spec_prints_the_heuristic_spec(capsysbinary):
    assert main([str(WITH_OUTPUT), "--print-spec"]) == 0
    assert json.loads(capsysbinary.readouterr().out) == {
        "input": {"widgets": [{"field": "/days", "widget": "slider"}]},
        "output": {"path": "/days", "view": "table", "chart": {"mark": "line", "x": "/date", "y": ["/high", "/low"]}},
        "present": {"headline": [], "chart": "first"},
    }


def test_layout_applies_a_given_spec(tmp_path, capsysbinary):
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"title": "My forecast", "input": {"order": ["/days", "/city"]}}))
    assert main([str(WITH_OUTPUT), "--layout", str(spec)]) == 0
    tree = json.loads(capsysbinary.readouterr().out)
    assert tree["props"]["title"] == "My forecast"
    assert [c["props"]["bind"] for c in tree["children"][0]["children"]] == ["/days", "/city"]


def test_an_invalid_layout_is_exit_2_with_every_problem(tmp_path):
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"input": {"order": ["/nope"]}, "output": {"path": "/x", "view": "table"}}))
    result = run(str(WITH_OUTPUT), "--layout", str(spec))
    assert result.returncode == 2 and result.stdout == ""
    assert f"{spec}#/input/order/0:" in result.stderr and "/output/path" in result.stderr


def test_llm_without_a_key_prints_the_heuristic_spec_beside_the_tree_and_says_why():
    result = subprocess.run(
        [sys.executable, "-m", "compiler", str(WITH_OUTPUT), "--llm"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
        env={k: v for k, v in __import__("os").environ.items() if k != "ANTHROPIC_API_KEY"},
    )
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["spec"]["layout"] == "heuristic" and out["tree"]["type"] == "App"
    assert "ANTHROPIC_API_KEY" in result.stderr


def test_html_writes_one_page_or_a_directory(tmp_path):
    page = tmp_path / "page.html"
    assert run(str(WITH_OUTPUT), "--html", str(page)).returncode == 0
    assert page.read_text().lower().startswith("<!doctype html>") and "get_forecast" in page.read_text()
    pages = tmp_path / "pages"
    assert run(str(TIME), "--html", str(pages) + "/").returncode == 0
    assert sorted(p.name for p in pages.iterdir()) == ["convert_time.html", "get_current_time.html"]


def test_print_leads_prints_each_tools_links_and_paging(capsysbinary):
    assert main([str(CORPUS / "tools" / "git.json"), "--print-leads"]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert "git_status: leads nowhere\n" in out
    log = out.split("git_log:\n", 1)[1].split("\ngit_", 1)[0]
    assert 'link link:git_show:revision -> git_show "Git show", offered' in log
    assert "repo_path <- this run's repo_path" in log and "revision <- the clicked value matching ^[0-9a-f]{7,40}$" in log
    # --tool: one tool's leads, still among the whole file's tools
    assert main([str(CORPUS / "tools" / "git.json"), "--tool", "git_log", "--print-leads"]) == 0
    assert capsysbinary.readouterr().out.decode() == "git_log:\n" + log + "\n"


def test_the_trees_of_a_list_hold_their_leads_and_bad_input_is_exit_2(capsysbinary):
    assert main([str(CORPUS / "tools" / "filesystem.json"), "--tool", "list_directory"]) == 0
    tree = json.loads(capsysbinary.readouterr().out)
    leads = tree["children"][-1]["children"][-1]
    assert leads["type"] == "Leads" and leads["children"][0]["id"] == "linked:read_text_file"
    result = run("-", "--print-leads", stdin='{"tools": [{"name": "a"}, {"name": 3}]}')
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("compile-ui: error: <stdin>#/tools/1/name:")

"""The README's two commands do what it says, on a clean clone in a fresh virtual environment.

The first (install, then ``compile-ui demo``) is run exactly as written, in a clone of this
repository; the test waits for the URL it prints and asks the running preview for its tools.
The second (``bash scripts/test.sh``) is what ``.ci/run`` runs, so CI itself is its proof.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import urllib.request

import pytest

from conftest import ROOT

README = (ROOT / "README.md").read_text()


def commands() -> list[str]:
    section = README.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_the_readme_gives_exactly_two_commands_and_ci_runs_the_second():
    install_and_demo, tests = commands()
    assert "compile-ui demo" in install_and_demo and "pip install ." in install_and_demo
    assert tests == "bash scripts/test.sh"
    assert "bash scripts/test.sh" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.slow
def test_the_first_command_installs_and_serves_the_demo(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["BROWSER"] = "true"  # webbrowser.open runs `true`: no browser on a CI machine
    command = commands()[0]
    process = subprocess.Popen(["bash", "-c", command], cwd=clone, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # a fresh venv installs every dependency
        url = ""
        while time.monotonic() < deadline and not url.startswith("http://127.0.0.1:"):
            line = process.stdout.readline()
            if not line and process.poll() is not None:
                break
            url = line.strip() if line.strip().startswith("http") else url
        assert url.startswith("http://127.0.0.1:"), f"no URL printed (exit {process.poll()})"
        with urllib.request.urlopen(url + "api/tools", timeout=60) as response:
            tools = [t["name"] for t in json.load(response)["tools"]]
        assert "forecast" in tools and "failing_tool" in tools
        with urllib.request.urlopen(url + "app/forecast", timeout=60) as response:
            assert response.read().lower().startswith(b"<!doctype html>")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)

"""The distribution as users get it: ``python -m build`` makes an sdist and a wheel that carry the
runtime bundle, the prompts, the schemas and the preview's static files; the wheel, installed into
a fresh virtual environment without network, runs ``compile-ui --version`` and serves the demo.

Offline install: the fresh venv has no packages of its own; a ``.pth`` file puts this test
environment's site-packages (the dependencies, already installed) on its path, and the wheel goes
in with ``pip install --no-index --no-deps`` (then ``pip check`` confirms every requirement is met).
The editable install of this checkout sits in that site-packages too, but only as ``.pth`` hooks,
which a path added by another ``.pth`` file does not run: the venv imports the wheel's copy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
SHIPPED = [  # files a plain install needs at run time
    "runtime_js/runtime.min.js", "runtime_js/runtime.min.css", "runtime_js/views.min.js", "runtime_js/choices.min.js", "runtime_js/fields.min.js",
    "runtime_js/chart.min.js", "runtime_js/plot.min.js", "runtime_js/bundle.sources.txt", "prompts/layout_system.md", "prompts/layout_user.md",
    "components/schema.json", "compiler/proxy/config.schema.json", "compiler/preview/static/index.html",
    "compiler/preview/static/host.js", "compiler/preview/static/host.css", "compile_ui/__init__.py", "compile_ui/py.typed",
    "compiler/preview/static/agent.js", "compiler/preview/static/context.js", "compiler/preview/static/debug.js",
    # the proxy's folders are packages of their own: each must reach the wheel
    "compiler/proxy/core/router.py", "compiler/proxy/codecs/codec.py", "compiler/proxy/drivers/cli.py",
    "compiler/proxy/services/pages.py", "compiler/proxy/store/base.py",
]
IGNORE = shutil.ignore_patterns(".git", ".venv", "node_modules", "build", "dist", "*.egg-info", "__pycache__",
                                ".pytest_cache", ".hypothesis", ".cache", "out")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """sdist and wheel built from a copy of the checkout (the build writes beside the sources)."""
    work = tmp_path_factory.mktemp("build")
    shutil.copytree(ROOT, work / "src", ignore=IGNORE)
    out = work / "dist"
    result = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(work / "src")],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return out


def test_the_wheel_and_the_sdist_carry_every_data_file(dist):
    [wheel] = dist.glob("compile_ui-*.whl")
    [sdist] = dist.glob("compile_ui-*.tar.gz")
    assert wheel.name == f"compile_ui-{VERSION}-py3-none-any.whl"
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    in_sdist = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
    for name in SHIPPED:
        assert name in in_wheel, f"{name} missing from the wheel"
        assert name in in_sdist, f"{name} missing from the sdist"
    assert not any(name.startswith(("tests/", "fixtures/")) for name in in_wheel)


def test_the_wheel_installs_offline_and_runs(dist, tmp_path):
    [wheel] = dist.glob("compile_ui-*.whl")
    env_dir = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = Path(subprocess.check_output([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                           text=True).strip())
    (purelib / "test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    install = subprocess.run([*pip, "install", "--no-index", "--no-deps", str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr
    check = subprocess.run([*pip, "check"], capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout  # every requirement of the wheel is met

    fresh = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the wheel's code, not a checkout's
    where = subprocess.check_output([python, "-c", "import compiler, compile_ui; print(compiler.__file__, compile_ui.__file__)"],
                                    text=True, cwd=tmp_path, env=fresh)
    assert all(path.startswith(str(env_dir)) for path in where.split()), where
    script = env_dir / "bin" / "compile-ui"
    version = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60, cwd=tmp_path, env=fresh)
    assert version.stdout == f"compile-ui {VERSION}\n", version.stderr

    demo = subprocess.Popen([script, "demo", "--no-browser", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=tmp_path, env=fresh)
    try:
        url = demo.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        with urllib.request.urlopen(url + "api/tools", timeout=60) as response:
            assert "forecast" in [t["name"] for t in json.load(response)["tools"]]
        with urllib.request.urlopen(url + "app/forecast", timeout=60) as response:
            page = response.read()
        assert page.lower().startswith(b"<!doctype html>") and b"Content-Security-Policy" in page
    finally:
        demo.terminate()
        demo.wait(30)

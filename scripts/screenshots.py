"""Screenshots of real pages for the README, made in headless Chromium (Debian's, via Playwright).

    python scripts/screenshots.py           writes docs/preview-light.png, docs/preview-dark.png,
                                            docs/forecast-light.png, docs/forecast-dark.png,
                                            docs/inspector-light.png, docs/inspector-dark.png

It starts ``compile-ui demo --no-browser`` on a free port, runs the forecast tool through the
preview host, and captures the whole preview and the app alone, in both themes. Then the same
tool in MCP Inspector's web UI (tests/harness/inspector.py: npm, in tests/js), in front of
``compile-ui proxy`` and the demo server, light and then dark by the Inspector's own switch.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_demo() -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-m", "compiler", "demo", "--no-browser", "--port", str(free_port())],
                               cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        raise SystemExit(f"demo did not start (got {url!r})")
    return process, url


def run_forecast(page, city: str) -> None:
    page.click('[data-tool="forecast"]')
    app = page.frame_locator("#app")
    app.locator('[data-id="f:/city"] input').fill(city)
    app.locator("[data-action=submit]").click()
    app.get_by_text("2026-11-23").first.wait_for(timeout=15000) if False else page.wait_for_timeout(1500)


def inspector_shots(browser) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from harness.inspector import DEMO, Inspector, InspectorPage, proxy_command

    with Inspector(proxy_command(DEMO), era="legacy") as inspector:
        ui = InspectorPage(inspector, browser, width=1360, height=900)
        try:
            ui.connect()
            ui.open_apps_tab()
            ui.pick_tool("forecast")
            ui.fill_form({"City": "Oslo", "Days": 4})
            app = ui.open_app()
            ui.wait_app_message("ui/notifications/tool-result", "host→app")
            ui.app_locator.get_by_role("tab", name="Table").click()
            ui.app_locator.locator("table").wait_for()
            ui.screenshot(DOCS / "inspector-light.png")
            ui.page.get_by_role("button", name="Toggle color scheme").click()
            app.wait_for_function("() => document.documentElement.getAttribute('data-theme') === 'dark'")
            ui.page.mouse.move(0, 0)  # no tooltip over the header
            ui.page.wait_for_timeout(300)
            ui.screenshot(DOCS / "inspector-dark.png")
        finally:
            ui.close()


def main() -> int:
    DOCS.mkdir(exist_ok=True)
    process, url = start_demo()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for theme in ("light", "dark"):
                page = browser.new_page(viewport={"width": 1360, "height": 900}, color_scheme=theme)
                page.goto(url)
                page.wait_for_selector('[data-tool="forecast"]', timeout=30000)
                page.select_option("#theme", theme)
                run_forecast(page, "Oslo")
                page.screenshot(path=str(DOCS / f"preview-{theme}.png"))
                # The app whole within the viewport: a capture beyond it clips the iframe's bottom.
                page.set_viewport_size({"width": 1360, "height": 1500})
                page.wait_for_timeout(300)
                page.locator(".frame-wrap").screenshot(path=str(DOCS / f"forecast-{theme}.png"))
                page.close()
            inspector_shots(browser)
            browser.close()
    finally:
        process.terminate()
        process.wait(10)
    for png in sorted(DOCS.glob("*.png")):
        print(f"{png.relative_to(ROOT)}: {png.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

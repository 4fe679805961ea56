"""The preview host as an MCP Apps debugger, in Chromium: host-context controls (locale and time
zone change what a date shows), display modes requested by an app and answered, CSP violations
and console errors from inside an app in the Problems panel, a switcher for a tool with several
widgets, deep links, and a saved session replayed in FILE mode."""

from __future__ import annotations

import contextlib
import json
import sys
import urllib.parse
import urllib.request

import pytest

from conftest import FIXTURES
from hosts.test_preview import start

WIDGETS = [sys.executable, str(FIXTURES / "servers" / "widgets.py")]
WHEN = {
    "name": "when",
    "description": "When the next train leaves.",
    "inputSchema": {"type": "object", "properties": {}},
    "outputSchema": {"type": "object", "properties": {"leaves": {"type": "string", "format": "date-time"}},
                     "required": ["leaves"]},
}  # FILE mode answers with an example value: 2026-11-22T09:30:00Z


@contextlib.contextmanager
def preview(args: list[str]):
    process, url = start(args)
    try:
        yield url
    finally:
        process.terminate()
        process.wait(15)


@contextlib.contextmanager
def opened(browser, url: str):
    page = browser.context.new_page()
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        page.goto(url)
        page.wait_for_selector("#tools button", timeout=30000)
        yield page
    finally:
        page.close()


def wait_log(page, text: str, timeout: int = 20000) -> None:
    page.wait_for_function("t => document.getElementById('log').textContent.includes(t)", arg=text, timeout=timeout)


def post(url: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(url + path, json.dumps(body).encode(), {"content-type": "application/json", "x-compile-ui": "1"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def get(url: str, path: str) -> str:
    with urllib.request.urlopen(url + path, timeout=60) as response:
        return response.read().decode()


@pytest.mark.browser
def test_the_locale_changes_how_a_date_reads_and_the_time_zone_reaches_the_app_without_converting_it(browser, tmp_path):
    tools = tmp_path / "when.json"
    tools.write_text(json.dumps(WHEN))
    with preview(["preview", str(tools)]) as url, opened(browser, url + "?locale=en-US&timeZone=UTC") as page:
        app = page.frame_locator("#app")
        wait_log(page, "ui/notifications/initialized")
        app.locator("[data-action=submit]").click()
        app.get_by_text("Nov 22, 2026, 9:30 AM (UTC)").wait_for(timeout=20000)
        page.select_option("#locale", "de-DE")
        page.select_option("#timeZone", "Asia/Tokyo")
        wait_log(page, "host-context-changed")
        wait_log(page, "Asia/Tokyo")
        app.get_by_role("button", name="Run again").click()  # (a tool without inputs: its form folded after the run)
        # the locale decides how it reads; the viewer's zone never changes the data (issue 15)
        app.get_by_text("22.11.2026, 09:30 (UTC)").wait_for(timeout=20000)
        assert "locale=de-DE" in page.url and "timeZone=Asia%2FTokyo" in page.url  # the deep link follows


@pytest.mark.browser
def test_the_widget_switcher_loads_each_widget_and_problems_are_listed(browser):
    with preview(["preview", "--", *WIDGETS]) as url, opened(browser, url) as page:
        assert "2 widgets" in page.inner_text("#tools")
        options = page.eval_on_selector_all("#widget option", "os => os.map(o => o.value)")
        assert options == ["ui://gallery/main", "ui://gallery/alt"] and page.is_visible("#widget")
        app = page.frame_locator("#app")
        app.get_by_role("heading", name="Main widget").wait_for(timeout=20000)
        page.wait_for_selector('#problems li[data-kind="csp"]', timeout=20000)
        page.wait_for_selector('#problems li[data-kind="console.error"]', timeout=20000)
        problems = page.inner_text("#problems")
        assert "img-src blocked https://blocked.example/pixel.png" in problems
        assert "main widget: something went wrong" in problems
        assert int(page.inner_text("#problem-count")) >= 2
        page.select_option("#widget", "ui://gallery/alt")
        app.get_by_role("heading", name="Alt widget").wait_for(timeout=20000)
        wait_log(page, "ui/notifications/initialized")
        assert page.locator('#problems li[data-kind="csp"]').count() == 0  # a fresh app, a fresh panel
        assert "widget=ui%3A%2F%2Fgallery%2Falt" in page.url


@pytest.mark.browser
def test_a_display_mode_request_is_answered_and_applied(browser, tmp_path):
    link = "?tool=gallery&widget=" + urllib.parse.quote("ui://gallery/alt", safe="")
    with preview(["preview", "--", *WIDGETS]) as url, opened(browser, url + link) as page:
        app = page.frame_locator("#app")
        app.locator("#mode").get_by_text("inline").wait_for(timeout=20000)  # hostContext at initialize
        app.locator("#full").click()
        app.locator("#answer").get_by_text('{"mode":"fullscreen"}').wait_for(timeout=10000)
        app.locator("#mode").get_by_text("fullscreen").wait_for(timeout=10000)  # host-context-changed
        assert page.get_attribute("#frame-wrap", "data-mode") == "fullscreen"
        assert page.input_value("#displayMode") == "fullscreen"
        box = page.locator("#app").bounding_box()
        assert box["width"] >= 1390 and box["height"] >= 890  # the whole window
        app.locator("#pip").click()
        app.locator("#answer").get_by_text('{"mode":"pip"}').wait_for(timeout=10000)
        assert page.get_attribute("#frame-wrap", "data-mode") == "pip"
        page.screenshot(path=str(tmp_path / "pip.png"))
        page.click("#exit-mode")
        app.locator("#mode").get_by_text("inline").wait_for(timeout=10000)
        assert page.get_attribute("#frame-wrap", "data-mode") == "inline"


@pytest.mark.browser
def test_a_deep_link_opens_a_tool_with_arguments_and_runs_it_when_asked(browser):
    args = urllib.parse.quote(json.dumps({"city": "Bergen", "days": 3}))
    with preview(["demo"]) as url:
        with opened(browser, url + f"?tool=forecast&args={args}&theme=dark") as page:
            app = page.frame_locator("#app")
            page.wait_for_selector("#link-run", state="visible", timeout=20000)  # after tool-input went out
            assert "ui/notifications/tool-input" in page.inner_text("#log")
            assert app.locator('[data-id="f:/city"] input').input_value() == "Bergen"
            # opening a link ran nothing: no call reached the server (its recording is empty)
            assert post(url, "api/session", {"messages": []})["calls"] == []
            assert 'forecast {"city":"Bergen","days":3}' in page.inner_text("#link-args")
            assert "args=" in page.url  # the address bar still links to it
            page.click("#link-run-button")
            app.get_by_text("Bergen", exact=True).last.wait_for(timeout=20000)  # the result
            assert "ui/notifications/tool-result" in page.inner_text("#log") and not page.is_visible("#link-run")
            assert page.get_attribute("html", "data-theme") == "dark"
            assert page.get_attribute('#tools [aria-current="true"]', "data-tool") == "forecast"
        with opened(browser, url + "?tool=nope&args=%7Bbroken") as page:
            page.wait_for_selector('#problems li[data-kind="link"]', timeout=10000)
            problems = page.inner_text("#problems")
            assert "no tool named \"nope\"" in problems and "args are not JSON" in problems


@pytest.mark.browser
def test_a_saved_session_replays_in_file_mode(browser, tmp_path):
    args = urllib.parse.quote(json.dumps({"city": "Bergen"}))
    with preview(["demo"]) as url, opened(browser, url + f"?tool=forecast&args={args}") as page:
        page.click("#link-run-button")
        page.frame_locator("#app").get_by_text("Bergen", exact=True).last.wait_for(timeout=20000)
        with page.expect_download() as download:
            page.click("#save")
        saved = tmp_path / "session.json"
        download.value.save_as(saved)
    session = json.loads(saved.read_text())
    assert session["compile-ui-session"] == 1 and session["server"]["name"] == "compile-ui-demo"
    [call] = [c for c in session["calls"] if c["name"] == "forecast"]
    assert call["arguments"] == {"city": "Bergen"} and call["result"]["structuredContent"]["city"] == "Bergen"
    forecast = next(t for t in session["tools"] if t["name"] == "forecast")
    assert "ui" not in (forecast.get("_meta") or {})  # compile-ui's own page is made again on replay
    assert any(m["message"].get("method") == "ui/notifications/tool-result" for m in session["messages"])

    with preview(["preview", str(saved)]) as url:
        assert post(url, "api/call", {"name": "forecast", "arguments": {"city": "Bergen"}})["result"] == call["result"]
        with opened(browser, url + f"?tool=forecast&args={args}") as page:
            assert page.inner_text("#server").startswith("replay:compile-ui-demo")
            page.click("#link-run-button")
            page.frame_locator("#app").get_by_text("Bergen", exact=True).last.wait_for(timeout=20000)


def test_a_saved_session_keeps_the_apps_a_server_brings(tmp_path):
    with preview(["preview", "--", *WIDGETS]) as url:
        assert "Main widget" in get(url, "app/gallery")
        assert "Alt widget" in get(url, "app/gallery?uri=" + urllib.parse.quote("ui://gallery/alt", safe=""))
        session = post(url, "api/session", {"messages": []})
    assert {r["uri"] for r in session["resources"]} == {"ui://gallery/main", "ui://gallery/alt"}
    saved = tmp_path / "widgets-session.json"
    saved.write_text(json.dumps(session))
    with preview(["preview", str(saved)]) as url:
        alt = get(url, "app/gallery?uri=" + urllib.parse.quote("ui://gallery/alt", safe=""))
        # the agent comes first in <head>, before the page's own CSP takes effect
        assert "Alt widget" in alt and alt.index("<head><script>// The preview's debug agent") < alt.index('http-equiv="Content-Security')
        with pytest.raises(urllib.error.HTTPError) as refused:  # only the tool's own widgets
            get(url, "app/gallery?uri=" + urllib.parse.quote("ui://elsewhere", safe=""))
        assert refused.value.code == 404


@pytest.mark.browser
def test_the_preview_emulates_a_host_with_and_without_downloads_links_and_fullscreen(browser, tmp_path):
    """Issue 27: "Host offers" switches what the preview declares at ui/initialize; the app reloads
    and shows exactly the controls the host offers. A download is saved by the browser."""
    with preview(["demo"]) as url, opened(browser, url + "?tool=forecast") as page:
        app = page.frame_locator("#app")
        wait_log(page, "ui/notifications/initialized")
        app.get_by_label("City").fill("Oslo")
        app.locator("[data-action=submit]").click()
        app.locator(".result[aria-busy=false] .result-body tbody tr").first.wait_for()  # drawn, the run over
        csv_button = app.get_by_role("button", name="Download these rows as CSV").last  # the table's (its chart above has its own)
        with page.expect_download() as got:
            csv_button.click()
        assert got.value.suggested_filename == "forecast.csv"
        lines = open(got.value.path(), encoding="utf-8").read().splitlines()
        assert lines[0] == "date,high,low,precipitation,sky" and len(lines) == 1 + 5  # the default 5 days
        assert app.get_by_role("button", name="Fullscreen").count() >= 1
        page.screenshot(path=str(tmp_path / "offers-all.png"))

        page.uncheck("#downloads")
        page.uncheck("#fullscreen")
        wait_log(page, "ui/notifications/initialized")  # a fresh app: capabilities are read at initialize
        assert "downloads=0" in page.url and "fullscreen=0" in page.url
        assert page.locator('#displayMode option[value="fullscreen"]').is_disabled()
        app.get_by_label("City").fill("Oslo")
        app.locator("[data-action=submit]").click()
        app.locator(".result-body tbody tr").first.wait_for()
        assert app.get_by_role("button", name="Download these rows as CSV").count() == 0
        assert app.get_by_role("button", name="Fullscreen").count() == 0
        page.screenshot(path=str(tmp_path / "offers-none.png"))


@pytest.mark.browser
def test_the_preview_emulates_a_container_height_none_fixed_or_at_most(browser, tmp_path):
    """Issue 27: the Height switch sends containerDimensions (none: the width only; fixed: height;
    at most: maxHeight) and sizes the frame like a host would: a server author sees the page fit,
    and what is longer scroll inside the frame."""
    with preview(["demo"]) as url, opened(browser, url + "?tool=forecast") as page:
        app = page.frame_locator("#app")
        wait_log(page, "ui/notifications/initialized")
        app.get_by_label("City").fill("Oslo")
        app.locator("[data-action=submit]").click()
        app.locator(".result-body tbody tr").first.wait_for()
        page.wait_for_function("() => document.getElementById('app').getBoundingClientRect().height > 500")
        tall = page.locator("#app").bounding_box()["height"]

        def context_sent() -> dict:
            last = page.evaluate("""() => [...document.querySelectorAll('#log li')].find((li) =>
              li.textContent.includes('host-context-changed')).querySelector('pre').textContent""")
            return json.loads(last)["params"]["containerDimensions"]

        def scroll() -> list[int]:
            return app.locator("html").evaluate("(h) => [h.scrollHeight, h.clientHeight]")

        page.select_option("#container", "maxHeight")
        page.fill("#height", "300")
        page.press("#height", "Enter")
        page.wait_for_function("() => document.getElementById('app').getBoundingClientRect().height === 300")
        assert context_sent() == {"width": 640, "maxHeight": 300}
        assert "container=maxHeight" in page.url and "height=300" in page.url
        assert app.locator("html").evaluate("(h) => h.style.maxHeight") == "300px"  # the page capped itself
        assert scroll()[1] <= 300 < scroll()[0]  # the page fits the frame and scrolls inside it
        page.screenshot(path=str(tmp_path / "container-max-300.png"))
        # The form is reachable: scrolled to inside the frame, Run is in it, and runs again.
        app.locator("html").evaluate("(h) => h.scrollTo(0, 0)")
        app.locator("[data-action=submit]").scroll_into_view_if_needed()
        run = app.locator("[data-action=submit]").bounding_box()
        frame_box = page.locator("#app").bounding_box()
        assert frame_box["y"] <= run["y"] and run["y"] + run["height"] <= frame_box["y"] + 300
        calls = "() => [...document.querySelectorAll('#log > li')].filter((li) => li.firstChild.nextSibling.textContent.startsWith('tools/call')).length"
        before = page.evaluate(calls)
        assert before >= 1  # the first run
        app.locator("[data-action=submit]").click()
        page.wait_for_function(f"() => ({calls})() > {before}")

        page.select_option("#container", "height")
        page.fill("#height", "420")
        page.press("#height", "Enter")
        page.wait_for_function("() => document.getElementById('app').getBoundingClientRect().height === 420")
        assert context_sent() == {"width": 640, "height": 420}
        assert scroll()[1] == 420 < scroll()[0]

        page.select_option("#container", "")
        page.wait_for_function(f"() => document.getElementById('app').getBoundingClientRect().height >= {tall}")
        assert context_sent() == {"width": 640}
        assert "container=" not in page.url
        assert scroll()[0] <= scroll()[1] + 1  # as tall as the page asks: nothing to scroll

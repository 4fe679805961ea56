"""Page figures: size of every corpus tool's page, and time to ``initialized`` in Chromium.

    python bench/bench_page.py            # full run
    python bench/bench_page.py --quick    # few repetitions

Sizes: raw and gzip (level 9) bytes of the page of every tool in fixtures/corpus/tools (every
tool of every file), as the proxy serves it, with the runtime modules it inlines and the deferred
ones its first result reads through the host (gzip of those, host.js included: "reads"), beside
the official vanilla-JS example app; and each runtime module's shipped bytes (JS + CSS) on its own.
Time: from handing the page to the iframe (``srcdoc``) to the host's ``oninitialized``, through
the official AppBridge in headless Chromium, interleaved in one run for three pages: ours (a
typical tool), a hand-written page that only does the handshake (the floor), and the official
``server-basic-vanillajs`` example app. Prints medians and the ratio to the floor (target
≤ 1.3), and the time to the first ``size-changed`` (when a host can show the frame at its size)
for ours and the example. Then, for the typical page as served (views read through the host)
and self-contained (everything inline), the time from srcdoc to a result's table drawn.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "browser")
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from apphost import VANILLA_APP, Browser  # noqa: E402
from compiler.pipeline import build_page  # noqa: E402
from compiler.tools import load_tools  # noqa: E402
from runtime_js import MODULES, deferred_uri  # noqa: E402

CORPUS_TOOLS = ROOT / "fixtures" / "corpus" / "tools"  # the committed copy: CI checks out this repository alone
TYPICAL = ("everything.json", "get-sum")

FLOOR_PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><script>
addEventListener("message", (e) => {
  const m = e.data;
  if (e.source === parent && m && m.id === 1 && "result" in m)
    parent.postMessage({jsonrpc: "2.0", method: "ui/notifications/initialized"}, "*");
});
parent.postMessage({jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {protocolVersion: "2026-01-26",
  appInfo: {name: "floor", version: "1"}, appCapabilities: {}}}, "*");
</script></body></html>"""


def sizes() -> dict[str, dict]:
    """Each page as the proxy serves it (the views deferred), the modules it inlines and the
    deferred ones it names, and what its first result reads: gzip of the deferred modules, without
    and with host.js (read only when the host offers downloads or fullscreen)."""
    out = {}
    for path in sorted(CORPUS_TOOLS.glob("*.json")):
        for _, tool in load_tools(path.read_text(), str(path)):
            html = build_page(tool)
            page = html.encode()
            inline = "+".join(m.name for m in MODULES if m.shipped("js") and m.shipped("js") in html)
            later = [m for m in MODULES if deferred_uri(m.name) in html]
            read = {m.name: len(gzip.compress((m.shipped("js") + m.shipped("css")).encode(), 9)) for m in later}
            out[f"{path.stem}/{tool['name']}"] = {
                "raw": len(page), "gzip": len(gzip.compress(page, 9)), "modules": inline, "deferred": "+".join(read),
                "reads_gzip": sum(v for k, v in read.items() if k != "host"), "reads_gzip_with_host": sum(read.values()),
            }
    return out


def module_sizes() -> dict[str, dict[str, int]]:
    """Each runtime module's shipped JS + CSS, raw and gzipped on its own."""
    out = {}
    for m in MODULES:
        code = (m.shipped("js") + m.shipped("css")).encode()
        out[m.name] = {"raw": len(code), "gzip": len(gzip.compress(code, 9))}
    return out


def typical_page(*, self_contained: bool = False) -> str:
    path = CORPUS_TOOLS / TYPICAL[0]
    tool = next(t for _, t in load_tools(path.read_text(), str(path)) if t["name"] == TYPICAL[1])
    return build_page(tool, self_contained=self_contained)


TYPICAL_RESULT = {"content": [{"type": "text", "text": json.dumps([{"id": i, "name": f"row {i}", "value": i * 1.5} for i in range(20)])}]}


def timings(repeat: int) -> tuple[dict[str, list[float]], dict[str, list[float]], dict[str, list[float]]]:
    """ms from srcdoc to ``initialized`` per page, to the first size report (not the floor: it
    reports none), and — ours, as served (views read through the host) and self-contained — from
    srcdoc to a result's table drawn (sent as soon as the page is initialized; wall-clock from
    here, so it includes the driver's round trips, alike for both)."""
    pages = {"ours": typical_page(), "floor": FLOOR_PAGE, "vanilla example": VANILLA_APP.read_text()}
    results = {"ours, views read": typical_page(), "ours, self-contained": typical_page(self_contained=True)}
    browser = Browser()
    try:
        host = browser.new_host("<!doctype html><title>blank</title>")
        init: dict[str, list[float]] = {name: [] for name in pages}
        sized: dict[str, list[float]] = {name: [] for name in pages if name != "floor"}
        shown: dict[str, list[float]] = {name: [] for name in results}
        for html in [*pages.values(), *results.values()]:  # warm-up, not counted
            host.reload(html)
            host.wait_initialized()
        for _ in range(repeat):
            for name, html in pages.items():  # interleaved: drift hits all three alike
                host.reload(html)
                init[name].append(host.wait_initialized())
                if name in sized:
                    sized[name].append(host.wait_first_size())
            for name, html in results.items():
                start = time.perf_counter()
                host.reload(html)
                host.wait_initialized()
                host.send_tool_result(TYPICAL_RESULT)
                host.frame.wait_for_selector("#result table tbody tr", state="attached")
                shown[name].append((time.perf_counter() - start) * 1000)
        return init, sized, shown
    finally:
        browser.close()


def measure(quick: bool = False) -> dict:
    size = sizes()
    times, sized, shown = timings(5 if quick else 40)
    shown_medians = {name: round(statistics.median(v), 1) for name, v in shown.items()}
    medians = {name: round(statistics.median(v), 1) for name, v in times.items()}
    sized_medians = {name: round(statistics.median(v), 1) for name, v in sized.items()}
    vanilla = VANILLA_APP.read_bytes()
    raw = sorted(s["raw"] for s in size.values())
    gz = sorted(s["gzip"] for s in size.values())
    typical = size[f"{TYPICAL[0].removesuffix('.json')}/{TYPICAL[1]}"]
    return {
        "sizes": size,
        "modules": module_sizes(),
        "vanilla_example": {"raw": len(vanilla), "gzip": len(gzip.compress(vanilla, 9))},
        "init_ms": {name: [round(x, 1) for x in v] for name, v in times.items()},
        "init_median_ms": medians,
        "first_size_ms": {name: [round(x, 1) for x in v] for name, v in sized.items()},
        "first_size_median_ms": sized_medians,
        "summary": {
            "pages measured (corpus tools)": len(size),
            "typical page (get-sum), raw / gzip bytes": f"{typical['raw']} / {typical['gzip']}",
            "page raw bytes, median / max": f"{raw[len(raw) // 2]} / {raw[-1]}",
            "page gzip bytes, median / max": f"{gz[len(gz) // 2]} / {gz[-1]}",
            "typical first result reads, gzip (views / with host.js)": f"{typical['reads_gzip']} / {typical['reads_gzip_with_host']}",
            "typical page + its reads with host.js, gzip": typical["gzip"] + typical["reads_gzip_with_host"],
            "pages carrying fields / reading chart module": f"{sum('fields' in s['modules'] for s in size.values())} / "
            f"{sum('chart' in s['deferred'] for s in size.values())}",
            "official vanilla example, raw / gzip bytes": f"{len(vanilla)} / {len(gzip.compress(vanilla, 9))}",
            "to initialized, ours (median ms)": medians["ours"],
            "to initialized, handshake-only floor (median ms)": medians["floor"],
            "to initialized, official vanilla example (median ms)": medians["vanilla example"],
            "ours / floor (target ≤ 1.3)": round(medians["ours"] / medians["floor"], 2),
            "vanilla example / floor": round(medians["vanilla example"] / medians["floor"], 2),
            "to first size report, ours (median ms)": sized_medians["ours"],
            "to first size report, official vanilla example (median ms)": sized_medians["vanilla example"],
            "srcdoc to a result's table, views read (median ms)": shown_medians["ours, views read"],
            "srcdoc to a result's table, self-contained (median ms)": shown_medians["ours, self-contained"],
        },
        "result_ms": {name: [round(x, 1) for x in v] for name, v in shown.items()},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args()
    result = measure(args.quick)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{'tool':60} {'raw':>8} {'gzip':>7} {'reads':>6}  runtime modules inline (deferred)")
    for name, s in result["sizes"].items():
        print(f"{name:60} {s['raw']:>8} {s['gzip']:>7} {s['reads_gzip_with_host']:>6}  {s['modules']} ({s['deferred']})")
    v = result["vanilla_example"]
    print(f"{'(official server-basic-vanillajs example app)':60} {v['raw']:>8} {v['gzip']:>7}")
    print()
    for name, s in result["modules"].items():
        print(f"{'runtime module ' + name + ' (JS + CSS)':60} {s['raw']:>8} {s['gzip']:>7}")
    print()
    for label, value in result["summary"].items():
        print(f"{label:55} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

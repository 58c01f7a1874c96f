#!/usr/bin/env python3
"""`navctl lint --format html` through a real browser: headless Chromium, driven over its DevTools pipe.

Lints PATHS into one HTML page (and the same run as JSON, for what the page must hold), loads the page in headless
Chromium and checks, through the page's DOM:

- the page loads with no console message of level error, no exception, and no request for anything but the page;
- there is one article per finding, in the JSON report's order, with its code;
- every finding on a screen has its bar drawn: an inline <svg> with a non-zero box, its touch areas drawn with a
  non-zero box, and the finding's region outlined with a non-zero box when the finding has a rect;
- every label of every bar lies within its frame (the browser's box of its text, within a pixel), and a label
  whose last cluster ends the text ends there.

A screenshot of the whole page is written to OUT/report.png (with the page, OUT/report.html), as the test's
artefact. Only the standard library: the DevTools protocol is JSON messages ended by a NUL byte on file
descriptors 3 (to the browser) and 4 (from it), as --remote-debugging-pipe sets up.

    scripts/check_html_report.py --navctl .build/debug/navctl --out .build/html-report examples
"""

import argparse
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TIMEOUT = 120
# Chromium's box of a text is its glyphs' ink rounded out to whole pixels (the page is drawn at 1 pixel a point):
# a glyph whose ink overhangs its advance by a few hundredths of a point (DejaVu Sans' T, its bold r) measures a
# pixel past it.
SLACK = 1.0

CHECKS = r"""
(() => {
  const out = {articles: [], labels: [], problems: []};
  for (const a of document.querySelectorAll('article.finding')) {
    const svg = a.querySelector('figure.picture svg');
    const item = {id: a.id, code: a.dataset.code, picture: null};
    if (svg) {
      const box = svg.getBoundingClientRect();
      const touch = svg.querySelectorAll('rect.touch');
      let touchArea = 0;
      for (const t of touch) { const b = t.getBoundingClientRect(); touchArea += b.width * b.height; }
      const marking = svg.querySelector('rect[id$="-marking"]');
      const m = marking ? marking.getBoundingClientRect() : null;
      item.picture = {width: box.width, height: box.height, touch: touch.length, touchArea: touchArea,
                      hidden: svg.textContent.includes('bar hidden: it takes no taps'),
                      marking: m ? {width: m.width, height: m.height} : null};
      for (const label of svg.querySelectorAll('svg.label')) {
        const text = label.querySelector('text');
        const b = text.getBBox();
        const spans = text.querySelectorAll('tspan');
        const last = spans.length ? spans[spans.length - 1] : null;
        const end = last && last.getAttribute('text-anchor') === 'end' ? parseFloat(last.getAttribute('x')) : null;
        out.labels.push({finding: a.id, text: text.textContent, frame: parseFloat(label.getAttribute('width')),
                         height: parseFloat(label.getAttribute('height')),
                         x: b.x, right: b.x + b.width, width: b.width, end: end});
      }
    }
    out.articles.push(item);
  }
  return JSON.stringify(out);
})()
"""


class Browser:
    """Headless Chromium over --remote-debugging-pipe."""

    def __init__(self, chromium, profile):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def fds():
            # Above every descriptor first, so neither end is overwritten by the other's move.
            high_r, high_w = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [chromium, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                "--disable-background-networking", "--disable-component-update", "--mute-audio",
                f"--user-data-dir={profile}", "about:blank"]
        # Descriptors 3 and 4 are kept open in the browser (the parent has both: the pipes take them at least).
        self.process = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=fds,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def read(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_browser], [], [], left)[0]:
                raise TimeoutError("the browser did not answer in time")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        wanted = self.send(method, params, session)
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self.read(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method, deadline):
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        while True:
            message = self.read(deadline)
            if message.get("method") == method:
                return message
            self.events.append(message)

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)


def find_chromium(given):
    for name in ([given] if given else []) + ["chromium", "chromium-browser", "google-chrome"]:
        path = shutil.which(name)
        if path:
            return path
    sys.exit("check_html_report: no Chromium found (Debian: apt-get install chromium)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navctl", required=True)
    parser.add_argument("--out", required=True, help="the folder the page and its screenshot are written to")
    parser.add_argument("--chromium")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    chromium = find_chromium(args.chromium)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    page = out / "report.html"
    lint = [args.navctl, "lint", "--profile", "all", "--fail-on", "never"]
    subprocess.run(lint + ["--format", "html", "-o", str(page)] + args.paths, check=True)
    report = json.loads(subprocess.run(lint + ["--format", "json"] + args.paths, check=True,
                                       capture_output=True, text=True).stdout)
    findings = report["diagnostics"]

    problems = []
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(chromium, profile)
        try:
            target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Runtime", "Log", "Network"):
                browser.call(f"{domain}.enable", session=session)
            browser.call("Emulation.setDeviceMetricsOverride",
                         {"width": 1000, "height": 800, "deviceScaleFactor": 1, "mobile": False}, session=session)
            browser.call("Page.navigate", {"url": page.as_uri()}, session=session)
            browser.wait_for("Page.loadEventFired", time.monotonic() + TIMEOUT)
            result = browser.call("Runtime.evaluate", {"expression": CHECKS, "returnByValue": True}, session=session)
            if "exceptionDetails" in result:
                problems.append(f"the checks threw: {result['exceptionDetails']}")
                dom = {"articles": [], "labels": []}
            else:
                dom = json.loads(result["result"]["value"])
            size = browser.call("Page.getLayoutMetrics", session=session)["cssContentSize"]
            shot = browser.call("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}},
                session=session)
            (out / "report.png").write_bytes(base64.b64decode(shot["data"]))
            # Whatever arrived while the page loaded and was measured.
            browser.call("Runtime.evaluate", {"expression": "0"}, session=session)
        finally:
            browser.close()

    for event in browser.events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            problems.append(f"console {params['type']}: {params.get('args')}")
        elif method == "Runtime.exceptionThrown":
            problems.append(f"exception: {params.get('exceptionDetails', {}).get('text')}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            problems.append(f"console error: {params['entry'].get('text')} ({params['entry'].get('url', '')})")
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            if url != page.as_uri():
                problems.append(f"the page asked for {url}")

    articles = dom["articles"]
    if len(articles) != len(findings):
        problems.append(f"{len(articles)} articles for {len(findings)} findings")
    pictures = 0
    for article, finding in zip(articles, findings):
        where = f"{article['id']} ({finding['code']} at {finding['file']}:{finding['line']})"
        if article["code"] != finding["code"]:
            problems.append(f"{where}: the page says {article['code']}")
        picture = article["picture"]
        # Every finding about a screen was found on a stack, so it has a bar; one about a file has none.
        if not finding["screenId"]:
            if picture:
                problems.append(f"{where}: a picture for a finding about a file")
            continue
        if not picture:
            problems.append(f"{where}: no picture")
            continue
        pictures += 1
        if not (picture["width"] > 0 and picture["height"] > 0):
            problems.append(f"{where}: the picture's box is {picture['width']} x {picture['height']}")
        # A hidden bar takes no taps: its picture says so instead.
        if not picture["hidden"] and (picture["touch"] == 0 or picture["touchArea"] <= 0):
            problems.append(f"{where}: no touch area drawn")
        if "rect" in finding:
            m = picture["marking"]
            if not m or m["width"] <= 0 or m["height"] <= 0:
                problems.append(f"{where}: the finding's region is not outlined ({m})")
        elif picture["marking"]:
            problems.append(f"{where}: a region outlined for a finding without one")
    for label in dom["labels"]:
        where = f"{label['finding']} label {label['text']!r}"
        if label["width"] <= 0:
            problems.append(f"{where}: nothing drawn")
        if label["x"] < -SLACK or label["right"] > label["frame"] + SLACK:
            problems.append(f"{where}: drawn from {label['x']:.2f} to {label['right']:.2f}, its frame is 0 to {label['frame']}")
        if label["end"] is not None and abs(label["right"] - label["end"]) > SLACK:
            problems.append(f"{where}: ends at {label['right']:.2f}, its text at {label['end']}")

    for problem in problems:
        print(f"check_html_report: {problem}", file=sys.stderr)
    print(f"check_html_report: {len(articles)} findings, {pictures} pictures, {len(dom['labels'])} labels checked "
          f"in {Path(chromium).name}; screenshot {out / 'report.png'}")
    print(f"{1 if not problems else 0} passed, {1 if problems else 0} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How navd's costs grow as the work grows: the scale curves of docs/performance.md.

Each curve is a cost per unit of work against the size of the work, so a flat curve is a cost that grows
linearly and a rising one grows faster. Costs that are CPU are counted in instructions under callgrind,
which do not depend on how busy the machine is, so two runs agree; memory is the daemon's resident size.

- depth: a request's instructions against the stack depth (1 to 1,000 screens): `title/back`, `bar/hitTest`
  at a new point each time, and a `stack/push` with the `stack/pop` that undoes it (one pair);
- tree: `tree/hitTest`'s instructions against the tree's size (10 to 10,000 views, the tree sent with each
  request, ten children to a view);
- fan-out: the instructions navd spends per notification delivered against the subscribers (1 to 10,000
  connections subscribed to one session, a `bar/update` of its tint sending each of them one);
- memory: resident bytes per idle 5-screen session against the sessions (1 to 100,000);
- lint: `navctl lint`'s instructions per file against the files (10 to 1,000, the app scripts/gen_lint_app.py
  writes), without the cache;
- file-size: `navctl lint`'s instructions per kilobyte of one macro-heavy Objective-C file against its size
  (64 KB to 1 MB), less those of a file with no screen.

A request's own instructions are the difference between two runs that differ only in how many requests
they send, divided by that difference, so starting the daemon, building the session and stopping cancel
out. The figures are merged into --results under "scale", the tables written into --doc between this
script's markers, and the chart to --chart.

    scripts/bench_scale.py --navd .build/release/navd --navctl .build/release/navctl \\
        --results bench/results.json --doc docs/performance.md --chart docs/performance-scale.svg

--quick measures fewer and smaller points (for the harness test).
"""

import argparse
import datetime
import json
import math
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_lint_app  # noqa: E402
from request_instructions import Reader, frame  # noqa: E402

BEGIN, END = "<!-- bench_scale.py: tables -->", "<!-- bench_scale.py: end of tables -->"


class Conn:
    """One client connection with Content-Length framing."""

    def __init__(self, path: str):
        for _ in range(1200):
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                time.sleep(0.1)
        else:
            raise SystemExit("the server never listened on " + path)
        self.reader = Reader(self.sock)
        self.next_id = 0

    def send(self, method: str, params: str) -> None:
        self.next_id += 1
        self.sock.sendall(frame('{"jsonrpc":"2.0","id":%d,"method":"%s","params":%s}' % (self.next_id, method, params)))

    def reply(self) -> bytes:
        """The next reply (notifications before it are skipped); an error reply stops the benchmark."""
        while True:
            body = self.reader.frame()
            if b'"id"' in body[:40] or b'"result"' in body or b'"error"' in body:
                if b'"error"' in body and b'"result"' not in body:
                    raise SystemExit("navd answered with an error: " + body.decode(errors="replace")[:300])
                return body

    def call(self, method: str, params: str) -> bytes:
        self.send(method, params)
        return self.reply()

    def create(self, screens_json: str) -> str:
        """A new session of these screens; its id."""
        return json.loads(self.call("session/create", '{"screens":%s}' % screens_json))["result"]["sessionId"]


def screens(depth: int) -> str:
    return "[" + ",".join('{"id":"s%d","title":"Screen %d"}' % (i, i) for i in range(depth)) + "]"


def tree(views: int) -> tuple[str, float, float]:
    """A view tree of `views` views, ten children to a view, breadth first; and a point in its last view."""
    frames = [(0.0, 0.0, 1000.0, 1000.0)]
    children: list[list[int]] = [[]]
    parent = 0
    while len(frames) < views:
        if len(children[parent]) == 10:
            parent += 1
            continue
        x, y, w, h = frames[parent]
        k = len(children[parent])
        # Ten columns across the parent, each the parent's full height less a margin: nested, all hit-testable.
        child = (w / 10 * k, 1.0, w / 10, max(h - 2, 1.0))
        children[parent].append(len(frames))
        frames.append(child)
        children.append([])

    def node(i: int) -> str:
        x, y, w, h = frames[i]
        sub = ",".join(node(c) for c in children[i])
        return '{"id":"v%d","class":"UIView","frame":{"x":%.4g,"y":%.4g,"width":%.4g,"height":%.4g},"subviews":[%s]}' % (
            i, x, y, w, h, sub)

    # The point: inside the last view, in window coordinates.
    i, ox, oy = len(frames) - 1, 0.0, 0.0
    path = []
    while True:
        path.append(i)
        parents = [p for p, cs in enumerate(children) if i in cs]
        if not parents:
            break
        i = parents[0]
    for v in reversed(path):
        ox, oy = ox + frames[v][0], oy + frames[v][1]
    last = frames[path[0]]
    return node(0), ox + last[2] / 2, oy + last[3] / 2


def callgrind_total(out: str) -> int:
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("no totals in " + out)


class Daemon:
    """A navd on a scratch socket, under callgrind or not."""

    def __init__(self, navd: str, scratch: str, args: list[str], callgrind: bool):
        self.sock = os.path.join(scratch, "navd-%d.sock" % time.monotonic_ns())
        self.out = self.sock + ".callgrind"
        command = [navd, "--socket", self.sock, "--log-level", "error", *args]
        if callgrind:
            binary = os.path.join(scratch, "navd-stripped")
            if not os.path.exists(binary):
                # Valgrind 3.19 cannot read the toolchain's DWARF 5 debug information; the symbols are enough.
                subprocess.run(["objcopy", "--strip-debug", navd, binary], check=True)
            command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + self.out, binary] + command[1:]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=600)

    def instructions(self) -> int:
        return callgrind_total(self.out)


def per_unit(navd: str, scratch: str, args: list[str], run, small: int, large: int) -> float:
    """The instructions of one unit of work: `run(conn_path, units)` done twice, the difference divided."""
    totals = []
    for units in (small, large):
        d = Daemon(navd, scratch, args, callgrind=True)
        try:
            run(d.sock, units)
        finally:
            d.stop()
        totals.append(d.instructions())
    return (totals[1] - totals[0]) / (large - small)


# MARK: The curves


def depth_curve(navd, scratch, depths, requests):
    rows = []
    for depth in depths:
        args = ["--max-stack-depth", str(max(depth + 1, 256))]

        def run_query(method):
            def run(path, units):
                c = Conn(path)
                sid = c.create(screens(depth))
                for i in range(units):
                    if method == "title/back":
                        c.call("title/back", '{"sessionId":"%s"}' % sid)
                    else:
                        point = (sid, 1 + (i * 7) % 389, 48 + (i * 3) % 40)
                        c.call("bar/hitTest", '{"sessionId":"%s","point":{"x":%d,"y":%d}}' % point)
                c.sock.close()
            return run

        def push_pop(path, units):
            c = Conn(path)
            sid = c.create(screens(depth))
            for i in range(units):
                c.call("stack/push", '{"sessionId":"%s","screen":{"id":"extra","title":"Extra"}}' % sid)
                c.call("stack/pop", '{"sessionId":"%s"}' % sid)
            c.sock.close()

        row = {"depth": depth}
        for key, run in (("titleBack", run_query("title/back")), ("hitTest", run_query("bar/hitTest")), ("pushPop", push_pop)):
            row[key] = round(per_unit(navd, scratch, args, run, requests // 5, requests))
        print(f"  depth {depth:>5}: title/back {row['titleBack']:>8,} · bar/hitTest {row['hitTest']:>8,} · push+pop {row['pushPop']:>8,} instructions", flush=True)
        rows.append(row)
    return rows


def tree_curve(navd, scratch, sizes, requests):
    rows = []
    for views in sizes:
        body, x, y = tree(views)
        depth = math.ceil(math.log(max(views, 2), 10)) + 2
        args = ["--max-tree-nodes", str(max(views, 10_000)), "--max-message-bytes", str(64 << 20),
                "--max-json-depth", str(max(64, 3 * depth + 16))]
        params = '{"tree":%s,"point":{"x":%.4g,"y":%.4g}}' % (body, x, y)
        count = max(4, requests * 10 // views) if views > 100 else requests

        def run(path, units):
            c = Conn(path)
            for _ in range(units):
                c.call("tree/hitTest", params)
            c.sock.close()

        cost = per_unit(navd, scratch, args, run, max(1, count // 5), count)
        rows.append({"views": views, "requestBytes": len(params), "perRequest": round(cost), "perView": round(cost / views, 1)})
        print(f"  tree {views:>6} views: {cost:>12,.0f} instructions a request, {cost / views:,.1f} a view", flush=True)
    return rows


def fan_out_curve(navd, scratch, counts, mutations):
    rows = []
    for subscribers in counts:
        args = ["--max-connections", str(subscribers + 16), "--max-outbound-bytes", str(1 << 20)]

        def run(path, units):
            mutator = Conn(path)
            sid = mutator.create('[{"id":"a","title":"A"},{"id":"b","title":"B"}]')
            subs = []
            for _ in range(subscribers):
                c = Conn(path)
                c.call("session/subscribe", '{"sessionId":"%s","topics":["tint"]}' % sid)
                subs.append(c)
            selector = selectors.DefaultSelector()
            for c in subs:
                c.sock.setblocking(False)
                selector.register(c.sock, selectors.EVENT_READ, c)
            expected = subscribers * units
            received = 0
            for i in range(units):
                colour = "#%02X3060" % (40 + i % 200)
                mutator.call("bar/update", '{"sessionId":"%s","appearance":{"barTintColor":"%s"}}' % (sid, colour))
                # Drain what has arrived, so no subscriber falls behind and is sent a resync instead.
                while received < subscribers * (i + 1):
                    for key, _ in selector.select(timeout=600):
                        try:
                            chunk = key.data.sock.recv(1 << 20)
                        except BlockingIOError:
                            continue
                        received += chunk.count(b"session/didChange")
            if received < expected:
                raise SystemExit(f"fan-out: {received} of {expected} notifications arrived")
            for c in subs:
                c.sock.close()
            mutator.sock.close()

        cost = per_unit(navd, scratch, args, run, max(1, mutations // 5), mutations) / subscribers
        rows.append({"subscribers": subscribers, "perNotification": round(cost)})
        print(f"  fan-out {subscribers:>6} subscribers: {cost:>10,.0f} instructions a notification", flush=True)
    return rows


def rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise SystemExit("no VmRSS for navd")


def memory_curve(navd, scratch, counts):
    rows = []
    five = '[{"id":"a","title":"Settings"},{"id":"b","title":"General"},{"id":"c","title":"About","item":{"rightItems":[{"id":"e","system":"edit"}]}},{"id":"d","title":"Legal"},{"id":"e","title":"Licenses"}]'
    for sessions in counts:
        d = Daemon(navd, scratch, ["--max-sessions", str(sessions + 1)], callgrind=False)
        try:
            c = Conn(d.sock)
            c.call("daemon/status", "{}")
            time.sleep(0.2)
            before = rss(d.process.pid)
            window = 256
            sent = 0
            answered = 0
            while answered < sessions:
                while sent < sessions and sent - answered < window:
                    c.send("session/create", '{"screens":%s}' % five)
                    sent += 1
                c.reply()
                answered += 1
            time.sleep(0.2)
            after = rss(d.process.pid)
            c.sock.close()
        finally:
            d.stop()
        per = (after - before) / sessions
        rows.append({"sessions": sessions, "residentBytes": after, "perSession": round(per)})
        print(f"  memory {sessions:>7} sessions: {per:>10,.0f} bytes a session ({after / 2**20:,.1f} MiB resident)", flush=True)
    return rows


def lint_curve(navctl, scratch, counts):
    rows = []
    binary = os.path.join(scratch, "navctl-stripped")
    subprocess.run(["objcopy", "--strip-debug", navctl, binary], check=True)
    for files in counts:
        app = os.path.join(scratch, "app-%d" % files)
        gen_lint_app.generate(app, files, seed=1)
        totals = []
        for target in (None, app):
            out = os.path.join(scratch, "lint-%d-%s.callgrind" % (files, "app" if target else "none"))
            # The first run lints one file without navigation code: what starting navctl costs, taken off.
            folder = target or os.path.join(scratch, "one")
            if target is None:
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, "One.swift"), "w") as f:
                    f.write("let one = 1\n")
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary, "lint", "--no-cache", "--fail-on", "never",
                 "--format", "json", folder],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            totals.append(callgrind_total(out))
        per = (totals[1] - totals[0]) / (files - 1)
        rows.append({"files": files, "perFile": round(per)})
        print(f"  lint {files:>5} files: {per:>12,.0f} instructions a file", flush=True)
    return rows


def objc_screen(n):
    """One screen of macro-heavy Objective-C, about 2 KB, as Tests/NavObjCTests/PerformanceTests.swift writes it."""
    return f"""#pragma mark - Screen {n}
#define kTitle{n} @"Screen {n}"
#if 0
self.navigationItem.hidesBackButton = YES;
#endif

@interface Generated{n}ViewController () <UIGestureRecognizerDelegate>
@property (nonatomic, strong) UIButton *backButton;
@end

@implementation Generated{n}ViewController

- (void)viewDidLoad {{
    [super viewDidLoad];
    WEAKSELF
    @weakify(self);
    self.title = kTitle{n};
    kWeakSelf(weakSelf)
    self.navigationController.navigationBar.barTintColor = RGB(0x33, 0x66, {n % 256});
    self.navigationController.navigationBar.tintColor = [UIColor colorWithRed:{n % 256} / 255.0 green:0.5 blue:0.5 alpha:1];
    [self.navigationController.navigationBar setTitleTextAttributes:@{{NSForegroundColorAttributeName: kColorMain, NSFontAttributeName: FONT(17)}}];
    UIBarButtonItem *space = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFixedSpace target:nil action:nil];
    space.width = -{n % 20};
    self.navigationItem.leftBarButtonItems = @[space, [[UIBarButtonItem alloc] initWithCustomView:self.backButton]];
    self.navigationController.interactivePopGestureRecognizer.delegate = (id<UIGestureRecognizerDelegate>)self;
    [self.service load:^(NSDictionary *json) {{
        @strongify(self);
        weakSelf.navigationItem.rightBarButtonItem = [UIBarButtonItem itemWithImageName:@"more" target:self action:@selector(more)];
        DLog(@"loaded %@", json)
    }}];
}}

- (void)next {{
    Generated{n + 1}ViewController *vc = [[Generated{n + 1}ViewController alloc] init];
    [self.navigationController pushViewController:vc animated:YES];
}}

@end

"""


def file_size_curve(navctl, scratch, sizes):
    """`navctl lint` on one generated Objective-C file against its size: instructions a kilobyte."""
    rows = []
    binary = os.path.join(scratch, "navctl-stripped")
    if not os.path.exists(binary):
        subprocess.run(["objcopy", "--strip-debug", navctl, binary], check=True)
    totals = {}
    for size in [0] + sizes:
        folder = os.path.join(scratch, "objc-%d" % size)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, ".navd.yml"), "w") as f:
            f.write("limits:\n  max-file-bytes: 67108864\n  max-seconds-per-file: 3600\n")
        text = '#import "Generated.h"\n#define RGB(r, g, b) [UIColor colorWithRed:(r) / 255.0 green:(g) / 255.0 blue:(b) / 255.0 alpha:1]\n'
        n = 0
        while len(text.encode()) < size:
            text += objc_screen(n)
            n += 1
        with open(os.path.join(folder, "Generated.m"), "w") as f:
            f.write(text)
        out = os.path.join(scratch, "objc-%d.callgrind" % size)
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary, "lint", "--no-cache", "--fail-on", "never",
             "--format", "json", folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        totals[size] = (len(text.encode()), callgrind_total(out))
    base_bytes, base = totals[0]
    for size in sizes:
        length, total = totals[size]
        per = (total - base) / ((length - base_bytes) / 1024)
        rows.append({"kilobytes": round(length / 1024), "perKilobyte": round(per)})
        print(f"  one Objective-C file of {length / 1024:>6,.0f} KB: {per:>12,.0f} instructions a kilobyte", flush=True)
    return rows


# MARK: Reporting


def table(scale) -> str:
    out = [
        "Instructions (callgrind) per unit of work, and resident bytes per session: flat along a row means the cost grows linearly with the work.",
        "",
        "| stack depth | `title/back` | `bar/hitTest` | `stack/push` + `stack/pop` |",
        "|---:|---:|---:|---:|",
    ]
    out += [f"| {r['depth']:,} | {r['titleBack']:,} | {r['hitTest']:,} | {r['pushPop']:,} |" for r in scale["depth"]]
    out += ["", "| views in the tree | request bytes | `tree/hitTest` per request | per view |", "|---:|---:|---:|---:|"]
    out += [f"| {r['views']:,} | {r['requestBytes']:,} | {r['perRequest']:,} | {r['perView']:,} |" for r in scale["tree"]]
    out += ["", "| subscribers | instructions per notification delivered |", "|---:|---:|"]
    out += [f"| {r['subscribers']:,} | {r['perNotification']:,} |" for r in scale["fanOut"]]
    out += ["", "| sessions | bytes per session | resident |", "|---:|---:|---:|"]
    out += [f"| {r['sessions']:,} | {r['perSession']:,} | {r['residentBytes'] / 2**20:,.1f} MiB |" for r in scale["memory"]]
    out += ["", "| files | `navctl lint` instructions per file |", "|---:|---:|"]
    out += [f"| {r['files']:,} | {r['perFile']:,} |" for r in scale["lint"]]
    if "fileSize" in scale:
        out += ["", "| one Objective-C file, KB | `navctl lint` instructions per KB |", "|---:|---:|"]
        out += [f"| {r['kilobytes']:,} | {r['perKilobyte']:,} |" for r in scale["fileSize"]]
    return "\n".join(out)


def write_doc(path: str, scale) -> None:
    with open(path) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{path} has no {BEGIN} ... {END} markers")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w") as f:
        f.write(head + BEGIN + "\n\n" + table(scale) + "\n\n" + END + tail)


def chart(path: str, scale) -> None:
    """Five log-log panels: cost per unit against the size of the work."""
    panels = [
        ("Request cost against stack depth", "screens", "instructions a request", scale["depth"], "depth",
         [("titleBack", "title/back", "#1f77b4"), ("hitTest", "bar/hitTest", "#d62728"), ("pushPop", "push + pop", "#2ca02c")]),
        ("tree/hitTest against tree size", "views", "instructions a view", scale["tree"], "views", [("perView", "per view", "#9467bd")]),
        ("Fan-out against subscribers", "subscribers", "instructions a notification", scale["fanOut"], "subscribers",
         [("perNotification", "per notification", "#ff7f0e")]),
        ("Memory against sessions", "sessions", "bytes a session", scale["memory"], "sessions", [("perSession", "per session", "#8c564b")]),
        ("Lint against files", "files", "instructions a file", scale["lint"], "files", [("perFile", "per file", "#17becf")]),
        ("Lint against one file's size", "KB", "instructions a KB", scale.get("fileSize", []), "kilobytes",
         [("perKilobyte", "per KB", "#bcbd22")]),
    ]
    pw, ph, gap = 300, 220, 30
    width = 3 * pw + 4 * gap
    height = 2 * ph + 3 * gap + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             'font-family="Helvetica, Arial, sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for n, (title, xlabel, ylabel, rows, xkey, series) in enumerate(panels):
        ox = gap + (n % 3) * (pw + gap)
        oy = gap + (n // 3) * (ph + gap)
        left, bottom, top, right = ox + 52, oy + ph - 30, oy + 22, ox + pw - 8
        xs = [r[xkey] for r in rows]
        ys = [r[k] for r in rows for k, _, _ in series if r[k] > 0]
        if not xs or not ys:
            continue
        x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
        y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)

        def px(v):
            return left + (math.log10(v) - x0) / (x1 - x0) * (right - left)

        def py(v):
            return bottom - (math.log10(v) - y0) / (y1 - y0) * (bottom - top)

        parts.append(f'<text x="{ox + 4}" y="{oy + 12}" font-weight="bold">{title}</text>')
        parts.append(f'<line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444"/>')
        parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}" stroke="#444"/>')
        for e in range(x0, x1 + 1):
            x = px(10 ** e)
            parts.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}" stroke="#444"/>')
            parts.append(f'<text x="{x:.1f}" y="{bottom + 15}" text-anchor="middle">{10 ** e:,}</text>')
        for e in range(y0, y1 + 1):
            y = py(10 ** e)
            parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#e5e5e5"/>')
            parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{10 ** e:,}</text>')
        parts.append(f'<text x="{(left + right) / 2:.1f}" y="{oy + ph - 2}" text-anchor="middle">{xlabel}</text>')
        parts.append(f'<text x="{ox - 6}" y="{(top + bottom) / 2:.1f}" text-anchor="middle" '
                     f'transform="rotate(-90 {ox - 6} {(top + bottom) / 2:.1f})">{ylabel}</text>')
        for s, (key, label, colour) in enumerate(series):
            points = [(px(r[xkey]), py(r[key])) for r in rows if r[key] > 0]
            line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
            parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
            if len(series) > 1:
                parts.append(f'<text x="{right - 4}" y="{top + 12 + 13 * s}" text-anchor="end" fill="{colour}">{label}</text>')
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navd", default=".build/release/navd")
    parser.add_argument("--navctl", default=".build/release/navctl")
    parser.add_argument("--results", help="merge the figures into this JSON file under \"scale\"")
    parser.add_argument("--doc", help="write the tables into this Markdown file between the markers")
    parser.add_argument("--chart", help="write the chart (SVG) here")
    parser.add_argument("--quick", action="store_true", help="fewer, smaller points")
    parser.add_argument("--only", help="measure only the curves whose names contain this (depth, tree, fan-out, memory, lint, file-size)")
    args = parser.parse_args()
    for tool in ("valgrind", "objcopy"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is needed (apt-get install valgrind binutils)")
    if not sys.platform.startswith("linux"):
        raise SystemExit("the memory curve reads /proc: run this on Linux")

    q = args.quick
    plan = {
        "depth": lambda s: depth_curve(args.navd, s, [1, 10] if q else [1, 10, 100, 1000], 50 if q else 500),
        "tree": lambda s: tree_curve(args.navd, s, [10, 100] if q else [10, 100, 1000, 10000], 20 if q else 200),
        "fan-out": lambda s: fan_out_curve(args.navd, s, [1, 10] if q else [1, 10, 100, 1000, 10000], 10 if q else 20),
        "memory": lambda s: memory_curve(args.navd, s, [1, 100] if q else [1, 10, 100, 1000, 10000, 100000]),
        "lint": lambda s: lint_curve(args.navctl, s, [10, 20] if q else [10, 100, 1000]),
        "file-size": lambda s: file_size_curve(args.navctl, s, [16 << 10, 64 << 10] if q else [64 << 10, 256 << 10, 1 << 20]),
    }
    keys = {"depth": "depth", "tree": "tree", "fan-out": "fanOut", "memory": "memory", "lint": "lint", "file-size": "fileSize"}
    scale = {}
    if args.results and os.path.exists(args.results):
        with open(args.results) as f:
            scale = json.load(f).get("scale", {})
    with tempfile.TemporaryDirectory() as scratch:
        for name, measure in plan.items():
            if args.only and args.only not in name:
                continue
            print(name + ":", flush=True)
            scale[keys[name]] = measure(scratch)
    scale["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    scale["method"] = "callgrind instructions (the difference of two runs), resident bytes from /proc"
    complete = all(k in scale for k in keys.values())
    if args.results:
        results = {}
        if os.path.exists(args.results):
            with open(args.results) as f:
                results = json.load(f)
        results["scale"] = scale
        with open(args.results, "w") as f:
            json.dump(results, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
    if complete and args.doc:
        write_doc(args.doc, scale)
    if complete and args.chart:
        chart(args.chart, scale)
    if complete:
        print(table(scale))
    return 0


if __name__ == "__main__":
    sys.exit(main())

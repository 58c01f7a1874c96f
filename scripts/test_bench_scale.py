#!/usr/bin/env python3
"""Checks the parts of scripts/bench_scale.py that do not run navd: the view trees it sends to tree/hitTest
(as many views as asked, ten children to a view, and a point inside the last view), and that its tables and
chart are written where they belong. No time is asserted. Standard library only.

    python3 scripts/test_bench_scale.py
"""

import json
import os
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_scale  # noqa: E402

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def views(node):
    return 1 + sum(views(child) for child in node["subviews"])


def deepest_last(node, ox=0.0, oy=0.0):
    """The window frame of the view listed last in a breadth-first walk, found by walking the tree itself."""
    queue = [(node, ox, oy)]
    last = None
    while queue:
        n, x, y = queue.pop(0)
        f = n["frame"]
        last = (n["id"], x + f["x"], y + f["y"], f["width"], f["height"])
        queue += [(child, x + f["x"], y + f["y"]) for child in n["subviews"]]
    return last


for size in (1, 10, 11, 100, 1234):
    text, px, py = bench_scale.tree(size)
    root = json.loads(text)
    check(views(root) == size, f"tree({size}) has {views(root)} views")
    fan = max(len(n["subviews"]) for n in [root] + root["subviews"])
    check(fan <= 10, f"tree({size}): a view with {fan} children")
    name, x, y, w, h = deepest_last(root)
    check(x < px < x + w and y < py < y + h, f"tree({size}): the point ({px}, {py}) is not inside {name}")

rows = {
    "depth": [{"depth": d, "titleBack": 30000, "hitTest": 40000, "pushPop": 60000 + d} for d in (1, 10, 100)],
    "tree": [{"views": v, "requestBytes": 100 * v, "perRequest": 30000 * v, "perView": 30000.0} for v in (10, 100)],
    "fanOut": [{"subscribers": s, "perNotification": 5000} for s in (1, 10)],
    "memory": [{"sessions": s, "residentBytes": 1 << 24, "perSession": 2500} for s in (10, 100)],
    "lint": [{"files": f, "perFile": 400000} for f in (10, 100)],
    "fileSize": [{"kilobytes": k, "perKilobyte": 150000} for k in (64, 256)],
}
with tempfile.TemporaryDirectory() as scratch:
    doc = os.path.join(scratch, "performance.md")
    with open(doc, "w") as f:
        f.write(f"# P\n\nbefore\n\n{bench_scale.BEGIN}\nold\n{bench_scale.END}\n\nafter\n")
    bench_scale.write_doc(doc, rows)
    text = open(doc).read()
    check("old" not in text and "before" in text and "after" in text, "write_doc replaces only what is between the markers")
    check("| 100 | 30,000 | 40,000 | 60,100 |" in text, "the depth table's row for 100 screens")
    check(text.count(bench_scale.BEGIN) == 1 and text.count(bench_scale.END) == 1, "the markers are kept once")
    svg = os.path.join(scratch, "scale.svg")
    bench_scale.chart(svg, rows)
    tree = ET.parse(svg)
    lines = tree.getroot().findall("{http://www.w3.org/2000/svg}polyline")
    check(len(lines) == 8, f"the chart draws 8 curves, not {len(lines)}")
    check("| 256 | 150,000 |" in text, "the file-size table's row for 256 KB")

if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
print("bench_scale: trees, tables and chart as expected")

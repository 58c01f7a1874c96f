#!/usr/bin/env python3
"""Draws docs/performance.svg from bench/results.json's "limit" section: for every workload, navd's
throughput as a share of the C echo server's (the physical limit), with its share of SwiftNIO's echo (the
framework's floor) as a thin bar under it, and navd's p99 latency as a multiple of the C echo's, with the
targets drawn as lines. With --table it prints the figures as Markdown tables instead; with --doc FILE it
also writes those tables into FILE between its "bench_chart.py: tables" markers. The fan-out, memory and
startup figures are compared with bench/limit-before.json (before the request path moved onto the event
loop). Standard library only.

    python3 scripts/bench_chart.py [--table] [--doc docs/performance.md] [bench/results.json] [docs/performance.svg]
"""
import contextlib
import io
import json
import sys
from xml.sax.saxutils import escape

THROUGHPUT_TARGETS = {1: 0.6, 16: 0.7}  # lock-step, 16 in flight; 16 and 64 clients: 0.5
P99_TARGET = 3.0


def target_for(row):
    if row["clients"] == 1:
        return THROUGHPUT_TARGETS[1] if row["inFlight"] == 1 else THROUGHPUT_TARGETS[16]
    return 0.5


def reads(limit):
    """The request path's read workloads: the mutation workload has a table of its own."""
    return [r for r in limit["workloads"] if "durableRatio" not in r]


def table(limit, before):
    rounds = min((len(r.get("rounds", [])) for r in limit["workloads"]), default=0)
    load = limit.get("workloadsLoadAverage")
    print(f"Requests a second and p99 latency: medians of {rounds} interleaved rounds; ratios: medians of the "
          "rounds' ratios." + (f" The machine's load average (1 minute) was {load[0]:.1f} before the rounds and "
                               f"{load[1]:.1f} after." if load else ""))
    print()
    print("| workload | navd/s | C echo/s | NIO echo/s | ratio to C echo | ratio to NIO echo | target "
          "| navd p99 | C echo p99 | NIO echo p99 | p99 multiple (C) | p99 multiple (NIO) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in reads(limit):
        print(f"| {r['workload']} | {r['navdPerSecond']:,.0f} | {r['echoPerSecond']:,.0f} | {r['nioEchoPerSecond']:,.0f} | "
              f"{r['ratio']:.2f} | {r['nioRatio']:.2f} | {target_for(r):.1f} | {r['navdP99Microseconds']:,.0f} µs | "
              f"{r['echoP99Microseconds']:,.0f} µs | {r['nioEchoP99Microseconds']:,.0f} µs | {r['p99Ratio']:.1f}x | "
              f"{r['nioP99Ratio']:.1f}x |")
    if "beforeRatio" in limit["workloads"][0]:
        print()
        print(f"An earlier build of navd ({limit.get('workloadsBefore', 'before')}) ran in the same rounds: its "
              "requests a second, its ratio to the C echo, and this build's throughput over its (medians of the rounds).")
        print()
        print("| workload | earlier build/s | its ratio to C echo | this build's ratio to C echo | this build / earlier |")
        print("|---|---:|---:|---:|---:|")
        for r in limit["workloads"]:
            print(f"| {r['workload']} | {r['beforePerSecond']:,.0f} | {r['beforeToEcho']:.2f} | {r['ratio']:.2f} | "
                  f"{r['beforeRatio']:.2f} |")
    print()
    print("The share of its core each side used over the measured time (medians of the rounds): the server, and the "
          "load generator driving it.")
    print()
    print("| workload | C echo | generator | NIO echo | generator | navd | generator |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in limit["workloads"]:
        cells = [f"{r[f'{k}ServerCpu']:.0%} | {r[f'{k}GeneratorCpu']:.0%}" for k in ("echo", "nioEcho", "navd")]
        print(f"| {r['workload']} | " + " | ".join(cells) + " |")
    mutations = [r for r in limit["workloads"] if "durableRatio" in r]
    if mutations:
        print()
        print("Mutations (`stack/push` and `stack/pop` in turn, each connection on a session of its own) against navd in "
              "memory and navd with `--state-dir`, whose every reply waits for the commit that holds its change, synced "
              "(medians of the rounds; the ratio is durable over in memory, round by round):")
        print()
        print("| workload | in memory/s | durable/s | durable / in memory | target | p99 in memory | p99 durable "
              "| durable's core |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in mutations:
            print(f"| {r['workload']} | {r['navdPerSecond']:,.0f} | {r['durablePerSecond']:,.0f} | "
                  f"{r['durableRatio']:.2f} | 0.5 | {r['navdP99Microseconds']:,.0f} µs | "
                  f"{r['durableP99Microseconds']:,.0f} µs | {r['durableServerCpu']:.0%} |")
    print()
    oldfan = {f["subscribers"]: f for f in before.get("fanOut", [])} if before else {}
    print("| subscribers | notifications/s | before | mutator p50 | mutator p99 | before p99 |")
    print("|---:|---:|---:|---:|---:|---:|")
    for f in limit["fanOut"]:
        o = oldfan.get(f["subscribers"], {})
        print(f"| {f['subscribers']:,} | {f['notificationsPerSecond']:,.0f} | {o.get('notificationsPerSecond', 0):,.0f} | "
              f"{f['mutatorP50Microseconds'] / 1000:.2f} ms | {f['mutatorP99Microseconds'] / 1000:.2f} ms | "
              f"{o.get('mutatorP99Microseconds', 0) / 1000:.2f} ms |")
    print()
    if limit.get("mutatorDelay"):
        realtime = all(d.get("realtimeMeasuringThread") for d in limit["mutatorDelay"])
        head = "| subscribers | mutator p50, paced | mutator p99, paced | added delay p50 | added delay p99 |"
        rule = "|---:|---:|---:|---:|---:|"
        if realtime:
            head += " added delay p50, real-time | added delay p99, real-time |"
            rule += "---:|---:|"
        print(head + " target |")
        print(rule + "---:|")
        for d in limit["mutatorDelay"]:
            cells = [f"{d['subscribers']:,}", f"{d['mutatorP50Microseconds'] / 1000:.2f} ms",
                     f"{d['mutatorP99Microseconds'] / 1000:.2f} ms"]
            keys = ["delayP50Microseconds", "delayP99Microseconds"]
            if realtime:
                keys += ["realtimeDelayP50Microseconds", "realtimeDelayP99Microseconds"]
            cells += [f"{d[k] / 1000:+.2f} ms" if d["subscribers"] else "" for k in keys]
            cells.append("2 ms" if d["subscribers"] else "")
            print("| " + " | ".join(cells) + " |")
        print()
    m, s = limit["memory"], limit["startup"]
    bm = before["memory"]["bytesPerSession"] if before else float("nan")
    bs = before["startup"]["execToFirstReplyMilliseconds"] if before else float("nan")
    print(f"Memory: {m['bytesPerSession']:,.0f} bytes per idle 5-screen session at {m['sessions']:,} sessions (before: {bm:,.0f}).")
    print(f"Startup: {s['execToFirstReplyMilliseconds']:.1f} ms from exec to the first reply (before: {bs:.1f}).")


def write_doc(path, limit, before):
    """Puts the tables into `path` between its markers."""
    begin, end = "<!-- bench_chart.py: tables -->", "<!-- bench_chart.py: end of tables -->"
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if begin not in text or end not in text:
        sys.exit(f"{path} has no {begin} ... {end} markers")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        table(limit, before)
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + begin + "\n\n" + out.getvalue().rstrip("\n") + "\n\n" + end + tail)
    print(f"wrote the tables into {path}")


def main():
    argv = sys.argv[1:]
    doc = None
    if "--doc" in argv:
        i = argv.index("--doc")
        doc = argv[i + 1]
        del argv[i:i + 2]
    args = [a for a in argv if a != "--table"]
    source = args[0] if len(args) > 0 else "bench/results.json"
    output = args[1] if len(args) > 1 else "docs/performance.svg"
    with open(source, encoding="utf-8") as f:
        results = json.load(f)
    limit = results.get("limit")
    if not limit:
        sys.exit(f"{source} has no 'limit' section; run make bench")
    before = None
    try:
        with open("bench/limit-before.json", encoding="utf-8") as f:
            before = json.load(f)["limit"]
    except OSError:
        pass
    if "--table" in argv:
        table(limit, before)
        return
    if doc:
        write_doc(doc, limit, before)
    rows = reads(limit)

    width, row_height, left, top = 980, 34, 330, 70
    bar_width = 260  # throughput panel: ratio 0..1
    p99_left = left + bar_width + 90
    p99_width = 220  # p99 panel: multiple 0..p99_max
    p99_max = 10.0
    height = top + row_height * len(rows) + 70
    out = []
    add = out.append
    add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="13">')
    add(f'<rect width="{width}" height="{height}" fill="#ffffff"/>')
    add(f'<text x="20" y="26" font-size="16" font-weight="bold">navd against the echo servers '
        f'({escape(limit.get("workloadsDate", results.get("date", "")))}, {results.get("cores", "?")} cores)</text>')
    add(f'<text x="{left}" y="52">throughput, navd / C echo (higher is better)</text>')
    add(f'<text x="{p99_left}" y="52">p99 latency, navd / C echo (lower is better)</text>')
    for i, row in enumerate(rows):
        y = top + i * row_height
        add(f'<text x="20" y="{y + 18}">{escape(row["workload"])}</text>')
        # Throughput ratio.
        ratio = row["ratio"]
        target = target_for(row)
        colour = "#2e7d32" if ratio >= target else "#c62828"
        add(f'<rect x="{left}" y="{y + 4}" width="{bar_width}" height="20" fill="#eeeeee"/>')
        add(f'<rect x="{left}" y="{y + 4}" width="{min(ratio, 1.0) * bar_width:.1f}" height="20" fill="{colour}"/>')
        tx = left + target * bar_width
        add(f'<line x1="{tx:.1f}" y1="{y + 1}" x2="{tx:.1f}" y2="{y + 27}" stroke="#000000" stroke-width="2" stroke-dasharray="3,2"/>')
        nio = row["nioRatio"]
        add(f'<rect x="{left}" y="{y + 25}" width="{min(nio, 1.0) * bar_width:.1f}" height="4" fill="#9e9e9e"/>')
        add(f'<text x="{left + bar_width + 8}" y="{y + 19}">{ratio:.2f}</text>')
        # p99 multiple.
        p99 = row["p99Ratio"]
        if row["clients"] == 1:
            p99_colour = "#546e7a"  # no target for one client
        else:
            p99_colour = "#2e7d32" if p99 <= P99_TARGET else "#c62828"
        add(f'<rect x="{p99_left}" y="{y + 4}" width="{p99_width}" height="20" fill="#eeeeee"/>')
        add(f'<rect x="{p99_left}" y="{y + 4}" width="{min(p99 / p99_max, 1.0) * p99_width:.1f}" height="20" fill="{p99_colour}"/>')
        if row["clients"] > 1:
            px = p99_left + P99_TARGET / p99_max * p99_width
            add(f'<line x1="{px:.1f}" y1="{y + 1}" x2="{px:.1f}" y2="{y + 27}" stroke="#000000" stroke-width="2" stroke-dasharray="3,2"/>')
        nio_p99 = row["nioP99Ratio"]
        add(f'<rect x="{p99_left}" y="{y + 25}" width="{min(nio_p99 / p99_max, 1.0) * p99_width:.1f}" height="4" fill="#9e9e9e"/>')
        add(f'<text x="{p99_left + p99_width + 8}" y="{y + 19}">{p99:.1f}x</text>')
    y = top + len(rows) * row_height + 24
    add(f'<text x="20" y="{y}">Dashed line: the target; green: at or past it, red: short of it; blue-grey: no target.</text>')
    add(f'<text x="20" y="{y + 18}">Thin grey bar: the same figure against SwiftNIO\'s echo (the framework\'s floor). '
        f'Medians of interleaved rounds; p99 scale 0 to {p99_max:.0f}x (longer bars are cut).</text>')
    add('</svg>')
    with open(output, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {output}")


if __name__ == "__main__":
    main()

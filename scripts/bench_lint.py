#!/usr/bin/env python3
"""Benchmark of `navctl lint` on an app's source: time on one core, the second run through the cache,
swift-format on the same files for scale, and the resident size of a larger app's lint.

Two apps are generated in a temporary folder by scripts/gen_lint_app.py (fixed seed, so every run lints
the same source): 1,000 Swift files of about 100 lines, and 1,500 files of Swift, Objective-C (.h and .m)
and storyboards. Every run is pinned to one core (`taskset -c CPU`) and reads the same files the same way:

- cold: `navctl lint --fail-on never APP` with an empty cache folder (or, in a navctl without the cache,
  as it is);
- warm: the same again with the cache the cold run left, nothing changed in between;
- swift-format: `swift-format lint --recursive APP` (single-threaded without --parallel), the same 1,000
  Swift files;
- memory: the 1,500-file app, cold; the child's maximum resident size from wait4(2).

Each is timed over several rounds; the median is the figure, and every round is kept. Where navctl has
`--cache-dir`, every run names a folder under the temporary one, so nothing is read from or written to
the user's cache. The figures are merged into the JSON file --output names (its other keys are kept)
under "source", and a table is printed.

    scripts/bench_lint.py --navctl .build/release/navctl --output bench/lint.json
"""

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_lint_app  # noqa: E402

TARGETS = {"coldSeconds": 3.0, "warmSeconds": 0.3, "maxResidentMiB": 500, "ratioToSwiftFormat": 1.0}


def run(argv, cpu):
    """One pinned run: wall seconds, user and system CPU seconds, maximum resident KiB, exit status."""
    pinned = ["taskset", "-c", str(cpu)] + argv if cpu is not None else argv
    start = time.perf_counter()
    child = subprocess.Popen(pinned, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # wait4 gives this child's own usage (taskset execs the program in the same process).
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    stderr = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    return {
        "seconds": round(seconds, 4),
        "userSeconds": round(usage.ru_utime, 4),
        "systemSeconds": round(usage.ru_stime, 4),
        "maxResidentKiB": usage.ru_maxrss,
        "status": child.returncode,
    }, stderr


def checked(argv, cpu, allowed=(0,)):
    result, stderr = run(argv, cpu)
    if result["status"] not in allowed:
        sys.exit(f"bench_lint.py: {' '.join(argv)} exited with {result['status']}:\n{stderr[-2000:]}")
    return result


def series(rounds):
    """The rounds with their medians."""
    return {
        "medianSeconds": round(statistics.median(r["seconds"] for r in rounds), 4),
        "medianCPUSeconds": round(statistics.median(r["userSeconds"] + r["systemSeconds"] for r in rounds), 4),
        "maxResidentKiB": max(r["maxResidentKiB"] for r in rounds),
        "rounds": rounds,
    }


def has_option(navctl, option):
    out = subprocess.run([navctl, "lint", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return option in out.stdout


def count_findings(navctl, app, cache_args):
    out = subprocess.run([navctl, "lint", "--fail-on", "never", "--format", "json"] + cache_args + [app],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit(f"bench_lint.py: navctl lint {app} exited with {out.returncode}:\n{out.stderr[-2000:]}")
    report = json.loads(out.stdout)
    codes = {}
    for d in report.get("diagnostics", []):
        code = d.get("code", "?")
        codes[code] = codes.get(code, 0) + 1
    return dict(sorted(codes.items()))


def app_summary(root, findings):
    return {**gen_lint_app.summary(root), "findings": findings}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--navctl", required=True, help="the navctl to measure (a release build)")
    parser.add_argument("--output", required=True, help="JSON file to merge the figures into")
    parser.add_argument("--swift-format", default=None,
                        help="swift-format to compare with (default: swift-format beside swift on PATH, else on PATH)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each navctl measure (default 5)")
    parser.add_argument("--swift-format-rounds", type=int, default=3, help="rounds of swift-format (default 3)")
    parser.add_argument("--cpu", type=int, default=0, help="the core every run is pinned to (default 0)")
    parser.add_argument("--files", type=int, default=1000, help="files of the Swift app (default 1000)")
    parser.add_argument("--memory-files", type=int, default=1500, help="files of the mixed app (default 1500)")
    parser.add_argument("--keep", metavar="DIR", help="generate the apps into DIR and keep them (for profiling)")
    args = parser.parse_args()

    navctl = os.path.abspath(args.navctl)
    if not os.access(navctl, os.X_OK):
        sys.exit(f"bench_lint.py: {navctl} is not an executable; build it first (make bench does)")
    swift_format = args.swift_format or find_swift_format()
    if shutil.which("taskset") is None:
        sys.exit("bench_lint.py: taskset (util-linux) is needed to pin the runs to one core")

    work = args.keep or tempfile.mkdtemp(prefix="navd-bench-lint-")
    os.makedirs(work, exist_ok=True)
    try:
        result = measure(navctl, swift_format, work, args)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    merged = {}
    if os.path.exists(args.output):
        with open(args.output, encoding="utf-8") as f:
            merged = json.load(f)
    merged["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    merged["cores"] = os.cpu_count()
    merged["source"] = result
    os.makedirs(os.path.dirname(args.output) or ".", exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(merged, f, indent=2)
        f.write("\n")
    print_table(result)


def find_swift_format():
    swift = shutil.which("swift")
    if swift:
        beside = os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-format")
        if os.access(beside, os.X_OK):
            return beside
    found = shutil.which("swift-format")
    if not found:
        sys.exit("bench_lint.py: swift-format not found; name it with --swift-format")
    return found


def measure(navctl, swift_format, work, args):
    swift_app = os.path.join(work, "swift-app")
    mixed_app = os.path.join(work, "mixed-app")
    caches = os.path.join(work, "caches")
    for folder in (swift_app, mixed_app, caches):
        shutil.rmtree(folder, ignore_errors=True)
    gen_lint_app.generate(swift_app, args.files, seed=1)
    pairs = args.memory_files * 8 // 100  # 16% Objective-C files, 1% storyboards, the rest Swift
    gen_lint_app.generate(mixed_app, args.memory_files, objc_pairs=pairs, storyboards=args.memory_files // 125, seed=2)

    cache = has_option(navctl, "--cache-dir")
    serial = iter(range(1_000_000))

    def fresh_cache():
        """Arguments naming an empty cache folder (none for a navctl without the cache)."""
        if not cache:
            return []
        folder = os.path.join(caches, f"cache-{next(serial)}")
        os.makedirs(folder)
        return ["--cache-dir", folder]

    lint = [navctl, "lint", "--fail-on", "never"]
    print(f"linting with {navctl} on CPU {args.cpu}; cache: {'--cache-dir' if cache else 'not in this navctl'}",
          file=sys.stderr)

    # One run of each app untimed, as JSON, for the findings (and to bring the files into the page cache).
    swift_summary = app_summary(swift_app, count_findings(navctl, swift_app, fresh_cache()))
    mixed_summary = app_summary(mixed_app, count_findings(navctl, mixed_app, fresh_cache()))

    cold = [checked(lint + fresh_cache() + [swift_app], args.cpu) for _ in range(args.rounds)]
    warm_cache = fresh_cache()
    primed = checked(lint + warm_cache + [swift_app], args.cpu)
    warm = [checked(lint + warm_cache + [swift_app], args.cpu) for _ in range(args.rounds)]
    no_cache = None
    if has_option(navctl, "--no-cache"):
        no_cache = [checked(lint + ["--no-cache", swift_app], args.cpu) for _ in range(args.rounds)]
    memory = [checked(lint + fresh_cache() + [mixed_app], args.cpu) for _ in range(max(3, args.rounds // 2 + 1))]
    memory_warm_cache = fresh_cache()
    checked(lint + memory_warm_cache + [mixed_app], args.cpu)
    memory_warm = [checked(lint + memory_warm_cache + [mixed_app], args.cpu) for _ in range(max(3, args.rounds // 2 + 1))]

    print(f"swift-format: {swift_format}", file=sys.stderr)
    version = subprocess.run([swift_format, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True).stdout.strip()
    # swift-format exits 1 when it warns; the generated app is formatted, so it warns about nothing.
    formatted = [checked([swift_format, "lint", "--recursive", swift_app], args.cpu, allowed=(0, 1))
                 for _ in range(args.swift_format_rounds)]

    cold_s, warm_s, format_s = series(cold), series(warm), series(formatted)
    files = swift_summary["files"]
    out = {
        "navctl": navctl,
        "cpu": args.cpu,
        "cache": cache,
        "generator": "scripts/gen_lint_app.py",
        "apps": {"swift": swift_summary, "mixed": mixed_summary},
        "cold": dict(cold_s, filesPerSecond=round(files / cold_s["medianSeconds"]),
                     linesPerSecond=round(swift_summary["lines"] / cold_s["medianSeconds"])),
        "warm": dict(warm_s, primingRound=primed),
        "noCache": series(no_cache) if no_cache else None,
        "swiftFormat": dict(format_s, path=swift_format, version=version,
                            filesPerSecond=round(files / format_s["medianSeconds"])),
        "ratioToSwiftFormat": round(cold_s["medianSeconds"] / format_s["medianSeconds"], 4),
        "memory": dict(series(memory), files=mixed_summary["files"]),
        "memoryWarm": dict(series(memory_warm), files=mixed_summary["files"]),
        "targets": TARGETS,
    }
    return out


def print_table(r):
    swift, mixed = r["apps"]["swift"], r["apps"]["mixed"]

    def rounds(s):
        return " ".join(f"{x['seconds']:.2f}" for x in s["rounds"])

    def cpu(s):
        return f"{s['medianCPUSeconds']:.2f} s"

    def mib(kib):
        return f"{kib / 1024:.0f} MiB"

    rows = [
        (f"cold, {swift['files']:,} Swift files ({swift['lines']:,} lines)", f"{r['cold']['medianSeconds']:.2f} s",
         cpu(r["cold"]), rounds(r["cold"]), f"< {TARGETS['coldSeconds']:g} s"),
        ("warm, nothing changed" + ("" if r["cache"] else " (no cache in this navctl)"),
         f"{r['warm']['medianSeconds']:.3f} s", cpu(r["warm"]), rounds(r["warm"]), f"< {TARGETS['warmSeconds']:g} s"),
    ]
    if r["noCache"]:
        rows.append(("--no-cache", f"{r['noCache']['medianSeconds']:.2f} s", cpu(r["noCache"]), rounds(r["noCache"]), ""))
    rows += [
        ("swift-format lint, same files", f"{r['swiftFormat']['medianSeconds']:.2f} s", cpu(r["swiftFormat"]),
         rounds(r["swiftFormat"]), ""),
        ("navctl / swift-format (cold)", f"{r['ratioToSwiftFormat']:.3f}", "", "", "< 1"),
        (f"cold, {mixed['files']:,} files ({', '.join(f'{n} .{e}' for e, n in mixed['byExtension'].items())})",
         f"{r['memory']['medianSeconds']:.2f} s", cpu(r["memory"]), rounds(r["memory"]), ""),
        (f"max RSS, {mixed['files']:,} files", mib(r["memory"]["maxResidentKiB"]), "",
         " ".join(mib(x["maxResidentKiB"]) for x in r["memory"]["rounds"]), f"< {TARGETS['maxResidentMiB']} MiB"),
        (f"warm, {mixed['files']:,} files", f"{r['memoryWarm']['medianSeconds']:.3f} s", cpu(r["memoryWarm"]),
         rounds(r["memoryWarm"]), ""),
    ]
    head = ("measure", "median", "CPU", "rounds", "target")
    widths = [max(len(row[i]) for row in rows + [head]) for i in range(len(head))]
    for row in [head] + rows:
        print("  ".join(c.rjust(widths[i]) if i in (1, 2) else c.ljust(widths[i]) for i, c in enumerate(row)).rstrip())
    print(f"cold: {r['cold']['filesPerSecond']:,} files/s, {r['cold']['linesPerSecond']:,} lines/s on one core; "
          f"findings: {sum(swift['findings'].values())} in the Swift app, {sum(mixed['findings'].values())} in the mixed one")


if __name__ == "__main__":
    main()

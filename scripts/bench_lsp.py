#!/usr/bin/env python3
"""Benchmark of `navctl lsp`: the time from an edit to its diagnostics in a large file of a large workspace,
and the server's resident size with that workspace indexed.

The workspace is generated in a temporary folder (fixed seed, so every run reads the same source): 999 files
from scripts/gen_lint_app.py, the same kind of UIKit app that scripts/bench_lint.py lints, and one Swift file
of 2,000 lines, `Fieldnote/Features/Journal/Controllers/JournalScreens.swift`, written with the generator's
own view controller: eighteen screens of a Journal feature that set their titles, large-title modes and bar
items and push each other (and a few screens of the app). One of the pushed screens puts a Cancel item on
the left, which stops the swipe back (`pop-gesture-disabled`); on the right it does not. That is the edit.

One `navctl lsp` is started, pinned to one core (`os.sched_setaffinity`, where the system has it), with
its standard error in a file. The script is its client, on standard input and output:

- `initialize` with the workspace as `rootUri` and `window.workDoneProgress`, then `initialized`; the
  server's `window/workDoneProgress/create` is answered, and the indexing time is from `initialized` to
  the `$/progress` end;
- `didOpen` of the large file, and its diagnostics awaited;
- warm-up rounds, then the measured rounds: one incremental `didChange` that turns the item's
  `leftBarButtonItem` into `rightBarButtonItem`, or back, and the time until the `publishDiagnostics` of
  that file arrives (a monotonic clock; the reply is timed when its last byte has been read, before it is
  decoded). Every round changes the file's diagnostics, and each round's are checked: the finding is there
  after one edit and gone after the other. The server's 10 ms debounce is in every figure;
- the server's resident size (`VmRSS` on Linux, `ps -o rss=` elsewhere) after indexing, after opening the
  file and after the rounds, its peak (`VmHWM`, Linux only), and its CPU time over the rounds;
- `shutdown` and `exit`, and the exit status checked for 0. The server is killed if it is still there.

The figures are merged into the JSON file --output names (its other keys are kept) under "lsp", and a
summary is printed.

    scripts/bench_lsp.py --navctl .build/release/navctl --output bench/lsp.json
"""

import argparse
import datetime
import json
import math
import os
import queue
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_lint_app  # noqa: E402

TARGETS = {"medianMs": 50, "maxResidentMiB": 300}

BIG_FEATURE = "Journal"
BIG_FOLDER = f"{gen_lint_app.APP}/Features/{BIG_FEATURE}/Controllers"
BIG_NAME = "JournalScreens"
RULE = "pop-gesture-disabled"
LEFT, RIGHT = "leftBarButtonItem", "rightBarButtonItem"
HEADER_LINES = 10  # the generator's comment header, a blank line, `import UIKit` and a blank line


class BenchError(Exception):
    """What stops the benchmark, said plainly."""


# MARK: The workspace


def journal_file(plan, rng, lines):
    """The large file: screens of one feature, written by the generator's view controller, one after the other
    under one header, to exactly `lines` lines. Returns its text and the screen whose left item is the edit."""
    app_screens = [n for n, info in plan.controller_info.items() if not info["root"]]
    screens = ["List"] + rng.sample([s for s in gen_lint_app.SCREENS if s != "List"], 17)
    names = []
    for i, screen in enumerate(screens):
        name = plan.unique(f"{BIG_FEATURE}{screen}ViewController")
        plan.controller_info[name] = {
            "feature": BIG_FEATURE, "table": i == 0 or rng.random() < 0.4, "identified": i > 0 and rng.random() < 0.5,
            "root": i == 0, "pushes": [], "pitfall": None, "base": "UIViewController", "screen": screen,
        }
        names.append(name)
    pushed = names[1:]
    for name in names:
        info = plan.controller_info[name]
        for _ in range(rng.choice((1, 2, 2, 3))):
            pool = [n for n in pushed if n != name] if rng.random() < 0.9 else app_screens
            target = rng.choice(pool)
            if target not in info["pushes"]:
                info["pushes"].append(target)
    # The root pushes the edited screen first, which has a plain view and nothing on the right.
    edited = names[1]
    info = plan.controller_info[edited]
    info.update(pitfall="cancel", table=False, identified=False)
    root = plan.controller_info[names[0]]
    root["pushes"] = [edited] + [n for n in root["pushes"] if n != edited]

    def body(name, target, screen_rng):
        text = gen_lint_app.view_controller(plan, name, plan.controller_info[name], screen_rng, target)
        out = text.split("\n")[:-1]
        if out[HEADER_LINES - 2] != "import UIKit" or not out[HEADER_LINES].startswith("final class"):
            raise BenchError("bench_lsp.py: gen_lint_app.view_controller no longer starts with the header this expects")
        return out[HEADER_LINES:]

    w = gen_lint_app.Writer()
    gen_lint_app.header(w, BIG_NAME, rng)
    w("import UIKit")
    w()
    out = list(w.lines)
    for i, name in enumerate(names):
        remaining = lines - len(out) - (1 if i else 0)
        if i < len(names) - 1:
            # What is left, shared among the screens still to write (each at least about 90 lines).
            share = remaining // (len(names) - i)
            target = HEADER_LINES + max(90, share + rng.randint(-12, 12))
            part = body(name, target, rng)
            # The edited screen is drawn until it has no item of its own on the right.
            while name == edited and any("navigationItem.right" in row for row in part):
                part = body(name, target, random.Random(rng.randrange(1 << 30)))
        else:
            # The last screen fills the file to the line: its helpers are drawn until one draw lands on it.
            part = None
            for attempt in range(400):
                candidate = body(name, HEADER_LINES + remaining + attempt % 25,
                                 random.Random(rng.randrange(1 << 30) + attempt))
                if len(candidate) == remaining:
                    part = candidate
                    break
            if part is None:
                raise BenchError(f"bench_lsp.py: could not write {BIG_NAME}.swift to {lines} lines")
        if i:
            out.append("")
        out += part
    text = "\n".join(out) + "\n"
    if text.count("\n") != lines:
        raise BenchError(f"bench_lsp.py: {BIG_NAME}.swift has {text.count(chr(10))} lines, not {lines}")
    return text, edited


def edit_position(text, edited):
    """The 0-based line and UTF-16 column of `leftBarButtonItem` in the edited screen's Cancel item."""
    rows = text.split("\n")
    start = rows.index(next(r for r in rows if r.startswith(f"final class {edited}:")))
    for i in range(start, len(rows)):
        if f"navigationItem.{LEFT} = " in rows[i] and '"Cancel"' in rows[i]:
            return i, rows[i].index(LEFT)
    raise BenchError(f"bench_lsp.py: no Cancel item on the left in {edited}")


def generate(workspace, files, lines, seed):
    """The app's files and the large one. Returns the large file's path, text, edited screen and edit position."""
    gen_lint_app.generate(workspace, files - 1, seed=seed)
    # The plan the generator followed, made again from the same seed: the large file's screens join it.
    plan = gen_lint_app.Plan(random.Random(seed), files - 1, 0, 0)
    text, edited = journal_file(plan, random.Random(seed + 1000), lines)
    path = os.path.join(workspace, BIG_FOLDER, f"{BIG_NAME}.swift")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path, text, edited, edit_position(text, edited)


def lint_codes(navctl, workspace, path):
    """`navctl lint`'s findings in one file of the workspace, as (code, line) pairs."""
    argv = [navctl, "lint", "--fail-on", "never", "--format", "json"]
    help_text = subprocess.run([navctl, "lint", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    if "--no-cache" in help_text:
        argv.append("--no-cache")
    out = subprocess.run(argv + [workspace], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        raise BenchError(f"bench_lsp.py: navctl lint {workspace} exited with {out.returncode}:\n{out.stderr[-2000:]}")
    try:
        report = json.loads(out.stdout)
    except ValueError:
        raise BenchError(f"bench_lsp.py: navctl lint --format json wrote no JSON report:\n{out.stdout[:500]}")
    found = []
    for d in report.get("diagnostics", []):
        if os.path.realpath(d.get("file", "")) == path:
            found.append((d.get("code"), d.get("line")))
    return sorted(found, key=lambda x: (x[1] or 0, x[0] or ""))


def check_edit(navctl, workspace, path, text, position):
    """Lints the workspace with the large file as written and as edited: the rule must be reported on the edited
    line in the one and not in the other. Returns the number of the rule's findings in each."""
    line, column = position
    edited = flip(text, line, column, LEFT, RIGHT)
    found = {}
    for state, content in (("left", text), ("right", edited)):
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
        found[state] = lint_codes(navctl, workspace, path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    on = [c for c in found["left"] if c == (RULE, line + 1)]
    off = [c for c in found["right"] if c == (RULE, line + 1)]
    if not on or off:
        raise BenchError(
            f"bench_lsp.py: the edit at line {line + 1} does not turn {RULE} on and off under navctl lint "
            f"(with {LEFT}: {found['left']}; with {RIGHT}: {found['right']})")
    return found


def flip(text, line, column, old, new):
    rows = text.split("\n")
    row = rows[line]
    if row[column:column + len(old)] != old:
        raise BenchError(f"bench_lsp.py: expected {old} at {line + 1}:{column + 1}")
    rows[line] = row[:column] + new + row[column + len(old):]
    return "\n".join(rows)


# MARK: The client


class Server:
    """`navctl lsp` as a child process, framed with Content-Length. A thread reads its output and stamps each
    message with the monotonic clock when its last byte is read."""

    def __init__(self, navctl, cpu, log_path):
        self.log_path = log_path
        self.log = open(log_path, "wb")
        preexec = None
        if cpu is not None and hasattr(os, "sched_setaffinity"):
            preexec = lambda: os.sched_setaffinity(0, {cpu})  # noqa: E731 (runs in the child before exec)
        self.process = subprocess.Popen([navctl, "lsp", "--no-sessions"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.log, preexec_fn=preexec, bufsize=0)
        self.pinned = sorted(os.sched_getaffinity(self.process.pid)) if hasattr(os, "sched_getaffinity") else None
        self.inbox = queue.Queue()
        self.next_id = 1
        self.reader = threading.Thread(target=self._read, name="lsp-reader", daemon=True)
        self.reader.start()

    def _read(self):
        stream = self.process.stdout
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        self.inbox.put((time.monotonic(), None))
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip())
                if length is None:
                    self.inbox.put((time.monotonic(), BenchError("bench_lsp.py: a message without Content-Length")))
                    return
                body = b""
                while len(body) < length:
                    chunk = stream.read(length - len(body))
                    if not chunk:
                        self.inbox.put((time.monotonic(), None))
                        return
                    body += chunk
                self.inbox.put((time.monotonic(), body))
        except (OSError, ValueError) as error:
            self.inbox.put((time.monotonic(), BenchError(f"bench_lsp.py: reading the server: {error}")))

    def send(self, message):
        body = json.dumps(message, separators=(",", ":")).encode()
        try:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise BenchError(f"bench_lsp.py: the server stopped reading ({error}){self.log_tail()}")

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request(self, method, params=None):
        id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def receive(self, deadline, what):
        """The next message and when it arrived. Requests from the server are answered here (null); a message
        that is not JSON, the end of the output or the deadline is a BenchError naming `what`."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BenchError(f"bench_lsp.py: timed out waiting for {what}{self.log_tail()}")
            try:
                at, body = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if body is None:
                self.process.wait(timeout=5)
                raise BenchError(f"bench_lsp.py: the server ended (status {self.process.returncode}) while waiting for "
                                 f"{what}{self.log_tail()}")
            if isinstance(body, BenchError):
                raise body
            try:
                message = json.loads(body)
            except ValueError:
                raise BenchError(f"bench_lsp.py: the server wrote a message that is not JSON: {body[:200]!r}")
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            return at, message

    def wait_for(self, predicate, timeout, what):
        """Messages until one satisfies `predicate`; returns it with when it arrived, and the others seen."""
        deadline = time.monotonic() + timeout
        others = []
        while True:
            at, message = self.receive(deadline, what)
            if predicate(message):
                return at, message, others
            others.append(message)

    def answer(self, id, timeout, what):
        _, message, _ = self.wait_for(lambda m: m.get("id") == id and "method" not in m, timeout, what)
        if "error" in message:
            raise BenchError(f"bench_lsp.py: {what} failed: {message['error']}")
        return message.get("result")

    def log_tail(self):
        try:
            self.log.flush()
            with open(self.log_path, "rb") as f:
                tail = f.read()[-2000:].decode(errors="replace").strip()
        except OSError:
            return ""
        return f"\nthe server's log ends:\n{tail}" if tail else ""

    def memory_kib(self):
        """Resident and peak resident KiB (the peak is None where /proc does not say)."""
        status = f"/proc/{self.process.pid}/status"
        if os.path.exists(status):
            fields = {}
            with open(status) as f:
                for line in f:
                    name, _, value = line.partition(":")
                    if name in ("VmRSS", "VmHWM"):
                        fields[name] = int(value.split()[0])
            return fields.get("VmRSS"), fields.get("VmHWM")
        out = subprocess.run(["ps", "-o", "rss=", "-p", str(self.process.pid)], stdout=subprocess.PIPE, text=True)
        return (int(out.stdout.strip()) if out.stdout.strip() else None), None

    def cpu_seconds(self):
        """User and system CPU seconds of the server so far (None where /proc does not say)."""
        stat = f"/proc/{self.process.pid}/stat"
        if not os.path.exists(stat):
            return None
        with open(stat) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self, timeout):
        """`shutdown`, then `exit`; the exit status must be 0."""
        self.answer(self.request("shutdown"), timeout, "the answer to shutdown")
        self.notify("exit")
        try:
            status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise BenchError(f"bench_lsp.py: the server did not exit within {timeout} s of exit{self.log_tail()}")
        if status != 0:
            raise BenchError(f"bench_lsp.py: the server exited with {status} after shutdown and exit{self.log_tail()}")

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()


def uri_of(path):
    return "file://" + urllib.parse.quote(path)


def rule_count(message):
    return sum(1 for d in message["params"]["diagnostics"] if d.get("code") == RULE)


def measure(navctl, workspace, args):
    path, text, edited, (line, column) = generate(workspace, args.files, args.lines, args.seed)
    summary = gen_lint_app.summary(workspace)
    lint = check_edit(navctl, workspace, path, text, (line, column))
    uri = uri_of(path)
    print(f"{summary['files']:,} files, {summary['lines']:,} lines; editing {BIG_NAME}.swift line {line + 1} "
          f"({edited}): {LEFT} <-> {RIGHT}", file=sys.stderr)

    server = Server(navctl, args.cpu, os.path.join(os.path.dirname(workspace), "navctl-lsp.log"))
    try:
        result = session(server, workspace, uri, text, line, column, args)
        server.stop(args.timeout)
    finally:
        server.kill()
    result.update(
        navctl=navctl, cpu=args.cpu, pinnedTo=server.pinned, generator="scripts/gen_lint_app.py",
        workspace=dict(summary, largeFile=os.path.relpath(path, workspace), largeFileLines=text.count("\n"),
                       editedScreen=edited, editedLine=line + 1, rule=RULE,
                       lintFindingsInLargeFile={"left": len(lint["left"]), "right": len(lint["right"])}),
        targets=TARGETS)
    return result


def session(server, workspace, uri, text, line, column, args):
    timeout = args.timeout
    initialize = server.request("initialize", {
        "processId": os.getpid(),
        "rootUri": uri_of(workspace),
        "capabilities": {"window": {"workDoneProgress": True},
                         "textDocument": {"publishDiagnostics": {"relatedInformation": True}}},
        "clientInfo": {"name": "bench_lsp.py"},
    })
    capabilities = server.answer(initialize, timeout, "the answer to initialize")["capabilities"]
    sync = capabilities.get("textDocumentSync")
    if not isinstance(sync, dict) or sync.get("change") != 2:
        raise BenchError(f"bench_lsp.py: the server does not take incremental changes (textDocumentSync: {sync})")
    started = time.monotonic()
    server.notify("initialized", {})

    def progress(kind):
        return lambda m: (m.get("method") == "$/progress" and isinstance(m.get("params", {}).get("value"), dict)
                          and m["params"]["value"].get("kind") == kind)

    _, created, _ = server.wait_for(lambda m: m.get("method") == "window/workDoneProgress/create", timeout,
                                    "window/workDoneProgress/create")
    token = created["params"]["token"]
    _, _, _ = server.wait_for(progress("begin"), args.index_timeout, "the indexing's $/progress begin")
    ended, end, seen = server.wait_for(progress("end"), args.index_timeout, "the indexing's $/progress end")
    if end["params"]["token"] != token:
        raise BenchError(f"bench_lsp.py: $/progress end for {end['params']['token']!r}, not {token!r}")
    index_seconds = ended - started
    published_files = len({m["params"]["uri"] for m in seen if m.get("method") == "textDocument/publishDiagnostics"})
    after_index = server.memory_kib()

    version = 1
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": version,
                                                            "text": text}})
    _, opened, _ = server.wait_for(is_published(uri), timeout, f"the diagnostics of {uri} after didOpen")
    on = rule_count(opened)
    if on == 0:
        raise BenchError(f"bench_lsp.py: no {RULE} in {uri} after didOpen: {opened['params']['diagnostics']}")
    after_open = server.memory_kib()

    recorder = None
    if args.perf:
        # Samples of the measured rounds alone (not the indexing), for `perf report -i FILE`.
        recorder = subprocess.Popen(["perf", "record", "-F", "4000", "-g", "-o", args.perf, "-p", str(server.process.pid)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)

    state = LEFT
    expected = {LEFT: on, RIGHT: None}
    latencies, others = [], 0
    cpu_before = None
    total = args.warmup + args.rounds
    for round_number in range(total):
        if round_number == args.warmup:
            cpu_before = server.cpu_seconds()
        new = RIGHT if state == LEFT else LEFT
        version += 1
        change = {"range": {"start": {"line": line, "character": column},
                            "end": {"line": line, "character": column + len(state)}},
                  "text": new}
        time.sleep(args.pause)
        sent = time.monotonic()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [change]})
        arrived, message, seen = server.wait_for(is_published(uri), args.round_timeout,
                                                 f"the diagnostics of {uri} after didChange (round {round_number + 1})")
        others += sum(1 for m in seen if m.get("method") == "textDocument/publishDiagnostics")
        count = rule_count(message)
        if new == RIGHT:
            if count >= on:
                raise BenchError(f"bench_lsp.py: round {round_number + 1}: {RULE} still reported {count} times with "
                                 f"{RIGHT} (with {LEFT}: {on})")
            if expected[RIGHT] is None:
                expected[RIGHT] = count
        if count != expected[new]:
            raise BenchError(f"bench_lsp.py: round {round_number + 1}: {RULE} reported {count} times with {new}, "
                             f"expected {expected[new]}")
        state = new
        if round_number >= args.warmup:
            latencies.append((arrived - sent) * 1000)
    cpu_after = server.cpu_seconds()
    after_rounds = server.memory_kib()
    if recorder:
        recorder.send_signal(signal.SIGINT)
        recorder.wait(timeout=60)

    ordered = sorted(latencies)
    p90 = ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]
    mib = lambda kib: round(kib / 1024, 1) if kib is not None else None  # noqa: E731
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "cores": os.cpu_count(),
        "indexSeconds": round(index_seconds, 3),
        "filesPublishedWhileIndexing": published_files,
        "latency": {
            "medianMs": round(statistics.median(latencies), 2),
            "p90Ms": round(p90, 2),
            "minMs": round(ordered[0], 2),
            "maxMs": round(ordered[-1], 2),
            "meanMs": round(statistics.fmean(latencies), 2),
            "debounceMs": 10,
            "rounds": len(latencies),
            "warmupRounds": args.warmup,
            "pauseSeconds": args.pause,
            "serverCPUMsPerRound": (round((cpu_after - cpu_before) * 1000 / len(latencies), 2)
                                    if cpu_before is not None and cpu_after is not None else None),
            "otherFilesPublished": others,
            "roundsMs": [round(x, 2) for x in latencies],
        },
        "memory": {
            "afterIndexMiB": mib(after_index[0]),
            "afterOpenMiB": mib(after_open[0]),
            "afterRoundsMiB": mib(after_rounds[0]),
            "peakMiB": mib(after_rounds[1]),
        },
        "diagnosticsInLargeFile": {"left": on, "right": expected[RIGHT], "opened": len(opened["params"]["diagnostics"])},
    }


def is_published(uri):
    return lambda m: m.get("method") == "textDocument/publishDiagnostics" and m.get("params", {}).get("uri") == uri


# MARK: Output


def print_summary(r):
    w, lat, mem = r["workspace"], r["latency"], r["memory"]
    print(f"navctl lsp, {w['files']:,} files ({w['lines']:,} lines), editing a {w['largeFileLines']:,}-line file; "
          f"the server on CPU {','.join(map(str, r['pinnedTo'])) if r['pinnedTo'] else '(any)'}")
    rows = [
        ("indexing (initialized to $/progress end)", f"{r['indexSeconds']:.2f} s", ""),
        (f"didChange to publishDiagnostics, {lat['rounds']} rounds", f"{lat['medianMs']:.1f} ms",
         f"< {TARGETS['medianMs']} ms"),
        ("  p90 / min / max", f"{lat['p90Ms']:.1f} / {lat['minMs']:.1f} / {lat['maxMs']:.1f} ms", ""),
        ("  server CPU per round", f"{lat['serverCPUMsPerRound']:.1f} ms" if lat["serverCPUMsPerRound"] is not None else "?", ""),
        ("resident after indexing", f"{mem['afterIndexMiB']} MiB", f"< {TARGETS['maxResidentMiB']} MiB"),
        ("resident after the rounds", f"{mem['afterRoundsMiB']} MiB", ""),
        ("peak resident", f"{mem['peakMiB']} MiB" if mem["peakMiB"] is not None else "?", f"< {TARGETS['maxResidentMiB']} MiB"),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join((c.rjust if i == 1 else c.ljust)(widths[i]) for i, c in enumerate(row)).rstrip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--navctl", required=True, help="the navctl to measure (a release build)")
    parser.add_argument("--output", required=True, help="JSON file to merge the figures into")
    parser.add_argument("--rounds", type=int, default=40, help="measured edits (default 40)")
    parser.add_argument("--warmup", type=int, default=4, help="edits before them, not measured (default 4)")
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between an answer and the next edit (default 0.1)")
    parser.add_argument("--cpu", type=int, default=0, help="the core the server is pinned to (default 0; -1: not pinned)")
    parser.add_argument("--files", type=int, default=1000, help="files of the workspace, the large one included (default 1000)")
    parser.add_argument("--perf", metavar="FILE", help="record the server's measured rounds with perf into FILE")
    parser.add_argument("--lines", type=int, default=2000, help="lines of the large file (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed (default 1)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds to wait for an answer (default 30)")
    parser.add_argument("--index-timeout", type=float, default=300, help="seconds to wait for the indexing (default 300)")
    parser.add_argument("--round-timeout", type=float, default=10, help="seconds to wait for a round's diagnostics (default 10)")
    parser.add_argument("--keep", metavar="DIR", help="generate the workspace into DIR and keep it (for profiling)")
    args = parser.parse_args()
    if args.rounds < 1 or args.warmup < 0:
        parser.error("--rounds must be at least 1 and --warmup at least 0")
    args.cpu = None if args.cpu < 0 else args.cpu
    if args.cpu is not None and hasattr(os, "sched_getaffinity") and args.cpu not in os.sched_getaffinity(0):
        parser.error(f"--cpu {args.cpu}: this process may run only on CPUs {sorted(os.sched_getaffinity(0))}")

    navctl = os.path.abspath(args.navctl)
    if not os.access(navctl, os.X_OK):
        sys.exit(f"bench_lsp.py: {navctl} is not an executable; build it first (make bench does)")
    work = os.path.realpath(args.keep) if args.keep else tempfile.mkdtemp(prefix="navd-bench-lsp-")
    workspace = os.path.join(work, "workspace")
    if os.path.isdir(workspace):
        shutil.rmtree(workspace)
    os.makedirs(workspace)
    try:
        result = measure(navctl, os.path.realpath(workspace), args)
    except BenchError as error:
        sys.exit(str(error))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    merged = {}
    if os.path.exists(args.output):
        with open(args.output, encoding="utf-8") as f:
            merged = json.load(f)
    merged["date"] = result["date"]
    merged["cores"] = result["cores"]
    merged["lsp"] = result
    os.makedirs(os.path.dirname(args.output) or ".", exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(merged, f, indent=2)
        f.write("\n")
    print_summary(result)


if __name__ == "__main__":
    main()

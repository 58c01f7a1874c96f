#!/usr/bin/env python3
"""Soak: many clients doing mixed operations against one daemon, with slow readers and never-readers mixed
in. It passes when every operation got its answer (zero errors) within the time bound, and the daemon's
resident memory, once the clients have left, is back within 10% of its baseline. The figures go to a JSON
file next to the benchmark results.

The baseline is taken after a warm-up round of the same shape (every client and never-reader, 10 operations
each): the first use of each code path and of each connection slot allocates once for good (runtime
metadata, buffer pools, table capacity, thread arenas), which is not growth; work done must not add to it.
"""

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients", "python", "src"))
from navd_client import Client, NavdError, point  # noqa: E402


def rss_kib(pid: int) -> int:
    out = subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], stdout=subprocess.PIPE, text=True, check=True)
    return int(out.stdout.strip())


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.operations = 0
        self.errors = []

    def ok(self, n=1):
        with self.lock:
            self.operations += n

    def error(self, text):
        with self.lock:
            self.errors.append(text)


def worker(index, socket_path, operations, tally, shared_session, slow, deadline):
    """One client: its own session, `operations` mixed requests, then closes the session and leaves."""
    rng = random.Random(index)
    try:
        # One reply may wait as long as the whole round may take: the bound is the round's, not a request's.
        with Client.connect(socket_path, autostart=False, timeout=max(1.0, deadline - time.monotonic())) as client:
            sid = client.session_create(name=f"soak-{index}",
                                        screens=[{"id": "home", "title": "Home"}])["sessionId"]
            tally.ok()
            mixed = operations - 2
            if rng.random() < 0.05:
                client.session_subscribe(shared_session)
                tally.ok()
                mixed -= 1
            depth = 1
            for n in range(mixed):
                if time.monotonic() > deadline:
                    tally.error(f"client {index}: out of time after {n} operations")
                    return
                choice = rng.random()
                if choice < 0.25 and depth < 8:
                    client.stack_push(sid, {"title": f"Screen {n}", "item": {"rightItems": [
                        {"id": "share", "system": "action"}]}})
                    depth += 1
                elif choice < 0.4 and depth > 1:
                    client.stack_pop(sid)
                    depth -= 1
                elif choice < 0.6:
                    client.bar_hit_test(sid, point(rng.uniform(0, 390), rng.uniform(40, 110)))
                elif choice < 0.7:
                    client.bar_layout(sid)
                elif choice < 0.8:
                    client.tint_resolve(color=f"#{rng.randrange(1 << 24):06X}")
                elif choice < 0.9:
                    client.title_back(sid)
                else:
                    # A change every subscriber (never-readers included) is told about.
                    client.bar_update(shared_session, {"tintColor": f"#{rng.randrange(1 << 24):06X}"})
                tally.ok()
                if slow:
                    time.sleep(rng.uniform(0.001, 0.005))
                # Notifications of the shared session pile up in the inbox; a subscriber drains them.
                for _ in client.notifications(timeout=0):
                    pass
            client.session_close(sid)
            tally.ok()
    except (NavdError, OSError, TimeoutError, ValueError) as error:
        tally.error(f"client {index}: {type(error).__name__}: {error}")


def never_reader(socket_path, shared_session, stop):
    """Subscribes to the busy shared session and then never reads a byte until told to leave."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(socket_path)
    request = {"jsonrpc": "2.0", "id": 1, "method": "session/subscribe", "params": {"sessionId": shared_session}}
    sock.sendall(json.dumps(request).encode() + b"\n")
    stop.wait()
    sock.close()


def round_of(socket_path, clients, operations, shared_session, time_bound, never_readers):
    tally = Tally()
    deadline = time.monotonic() + time_bound
    stop = threading.Event()
    quiet = [threading.Thread(target=never_reader, args=(socket_path, shared_session, stop)) for _ in range(never_readers)]
    for t in quiet:
        t.start()
    threads = [threading.Thread(target=worker, args=(i, socket_path, operations, tally, shared_session, i % 10 == 0, deadline))
               for i in range(clients)]
    started = time.monotonic()
    # Connect in waves, so the listen backlog is never the limit being tested.
    for i, t in enumerate(threads):
        t.start()
        if i % 100 == 99:
            time.sleep(0.05)
    for t in threads:
        t.join()
    stop.set()
    for t in quiet:
        t.join()
    return tally, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--navd", required=True)
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--operations", type=int, default=100)
    parser.add_argument("--never-readers", type=int, default=20)
    parser.add_argument("--time-bound", type=float, default=600)
    parser.add_argument("--output", default="bench/soak.json")
    args = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="navd-soak-")
    socket_path = os.path.join(directory, "navd.sock")
    daemon = subprocess.Popen([args.navd, "--socket", socket_path, "--max-connections", str(args.clients + args.never_readers + 64),
                               "--max-sessions", str(args.clients + 64), "--log-level", "warning"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(400):
            if os.path.exists(socket_path):
                try:
                    Client.connect(socket_path, autostart=False).close()
                    break
                except OSError:
                    pass
            time.sleep(0.025)
        with Client.connect(socket_path, autostart=False) as admin:
            shared = admin.session_create(name="shared", screens=[{"id": "root", "title": "Root"}])["sessionId"]
            cold = rss_kib(daemon.pid)
            # The warm-up has the main round's shape (every client, every never-reader) with 10 operations each:
            # what a daemon allocates once for a thousand connections (buffer pools, table capacity, arenas of
            # the threads that served them) belongs to the baseline; what grows with work done does not.
            warm_tally, _ = round_of(socket_path, args.clients, 10, shared, args.time_bound, args.never_readers)
            time.sleep(2.5)
            baseline = rss_kib(daemon.pid)
            peak = [baseline]
            sampling = threading.Event()

            def sample():
                while not sampling.wait(0.25):
                    peak.append(rss_kib(daemon.pid))
            sampler = threading.Thread(target=sample)
            sampler.start()
            tally, seconds = round_of(socket_path, args.clients, args.operations, shared, args.time_bound, args.never_readers)
            sampling.set()
            sampler.join()
            # navd hands freed heap pages back a second after connections close (HeapTrimmer).
            time.sleep(2.5)
            after = rss_kib(daemon.pid)
            sessions = admin.daemon_status()["sessions"]
        errors = warm_tally.errors + tally.errors
        result = {
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "clients": args.clients, "operationsPerClient": args.operations, "neverReaders": args.never_readers,
            "slowReaders": (args.clients + 9) // 10, "operations": tally.operations, "errors": len(errors),
            "seconds": round(seconds, 2), "operationsPerSecond": round(tally.operations / seconds),
            "rssKiB": {"cold": cold, "baseline": baseline, "peak": max(peak), "after": after},
            "rssAfterOverBaseline": round(after / baseline, 3), "sessionsLeft": sessions,
        }
        os.makedirs(os.path.dirname(args.output) or ".", exist_ok=True)
        with open(args.output, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
            f.write("\n")
        print(json.dumps(result, indent=2))
        for line in errors[:20]:
            print("error:", line, file=sys.stderr)
        failed = []
        if errors:
            failed.append(f"{len(errors)} errors")
        if tally.operations != args.clients * args.operations:
            failed.append(f"{tally.operations} of {args.clients * args.operations} operations answered")
        if after > baseline * 1.10:
            failed.append(f"RSS after the clients left is {after} KiB, more than 10% over the baseline {baseline} KiB")
        if sessions != 1:
            failed.append(f"{sessions} sessions left; only the shared one should remain")
        if failed:
            print("soak failed: " + "; ".join(failed), file=sys.stderr)
            sys.exit(1)
        print(f"soak: {tally.operations} operations from {args.clients} clients in {seconds:.1f} s, no error; "
              f"RSS {baseline} KiB before, {max(peak)} KiB at peak, {after} KiB after")
    finally:
        daemon.terminate()
        try:
            daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()


if __name__ == "__main__":
    main()

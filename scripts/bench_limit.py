#!/usr/bin/env python3
"""navd's request path against the physical limit: the C load generator (bench/c/loadgen.c) drives three
servers with the same request bytes, in interleaved rounds, and the figures go into the "limit" section of
bench/results.json (as "workloads"). Standard library only.

The servers, each started once and pinned to one core (`taskset`), the generator pinned to another:
  - the C echo server (bench/c/echo.c): one thread, epoll, each Content-Length frame written back; the
    physical limit of the socket;
  - SwiftNIO's echo (`navd-bench --echo-server`): the same frames through the framework navd is built on;
  - navd, with the benchmark's 5-screen session (s1) and 16 one-screen sessions (s2 to s17) that the mutation
    workload (`stack/push-pop`: each connection pushes and pops on a session of its own) changes;
  - for the mutation workload, navd with `--state-dir` too (every reply after the commit that holds its change,
    synced): `durableRatio` is its throughput over navd's in memory, round by round;
  - with `--before NAVD`, an earlier build of navd too, run the same way in every round, so that a change is
    judged by ratios from one run on one machine (navd's throughput over the earlier build's is `beforeRatio`).

Every workload runs `--rounds` rounds (default 5); a round runs the C echo, the NIO echo and navd in turn, so a
burst of load from elsewhere on the machine falls on all three or on one round. The figures are medians over
the rounds: requests a second and p99 for each server, and navd's ratios to each echo taken round by round.
Every round is kept in the file.

    scripts/bench_limit.py --navd .build/release/navd --nio-echo .build/release/navd-bench \\
        --c-echo .build/bench-c/echo --loadgen .build/bench-c/loadgen --results bench/results.json
"""

import argparse
import datetime
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

FIVE_SCREENS = (
    '[{"id":"a","title":"Settings"},{"id":"b","title":"General"},{"id":"c","title":"About",'
    '"item":{"rightItems":[{"id":"e","system":"edit"}]}},{"id":"d","title":"Legal"},'
    '{"id":"e","title":"Licenses"}]'
)

# (method, clients, requests in flight per client)
WORKLOADS = [(method, clients, in_flight)
             for method in ("title/back", "bar/hitTest")
             for clients, in_flight in ((1, 1), (1, 16), (16, 1), (64, 1))] + [("stack/push-pop", 16, 1)]
MUTATION = "stack/push-pop"
# The sessions the mutation workload changes, s2 to s17 (the load generator's --sessions).
MUTATED_SESSIONS = 16

SERVERS = ("cEcho", "nioEcho", "navd")


def workload_name(method, clients, in_flight):
    return (f"{method}, {clients} client{'' if clients == 1 else 's'}, "
            f"{'lock-step' if in_flight == 1 else f'{in_flight} in flight'}")


def log(line):
    print(line, file=sys.stderr, flush=True)


def frame(body):
    data = body.encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def read_frame(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            raise RuntimeError("the server closed the connection")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(head.split(b":", 1)[1])
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            raise RuntimeError("the server closed the connection")
        body += chunk
    return json.loads(body[:length])


def wait_for_socket(path, process, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args} exited with {process.returncode}")
        try:
            conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            conn.connect(path)
            return conn
        except OSError:
            conn.close()
            time.sleep(0.01)
    raise RuntimeError(f"{path} never answered")


def pinned(cpu, argv):
    return (["taskset", "-c", cpu] if cpu is not None else []) + argv


def median(values):
    return statistics.median(values) if values else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navd", required=True)
    parser.add_argument("--nio-echo", required=True, help="navd-bench (serves the echo with --echo-server)")
    parser.add_argument("--c-echo", required=True)
    parser.add_argument("--loadgen", required=True)
    parser.add_argument("--results", default="bench/results.json", help="merged into its 'limit' section")
    parser.add_argument("--output", help="write here instead of --results (default: --results)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="each run's measured time")
    parser.add_argument("--warmup", type=float, default=0.2)
    parser.add_argument("--server-cpu", default="0", help="the core the servers run on ('' for no pinning)")
    parser.add_argument("--client-cpu", default="1", help="the core the load generator runs on")
    parser.add_argument("--only", help="only the workloads whose name contains this text")
    parser.add_argument("--before", help="an earlier navd build to run in every round beside this one")
    parser.add_argument("--before-label", help="what the earlier build is, for the tables (default: its path)")
    args = parser.parse_args()
    servers = SERVERS + (("before",) if args.before else ()) + ("durable",)
    navds = ("navd", "before", "durable")
    server_cpu = args.server_cpu or None
    client_cpu = args.client_cpu or None
    if (server_cpu or client_cpu) and not shutil.which("taskset"):
        log("taskset not found: nothing is pinned")
        server_cpu = client_cpu = None

    directory = tempfile.mkdtemp(prefix="navd-limit-")
    sockets = {name: os.path.join(directory, f"{name}.sock") for name in servers}
    commands = {
        "cEcho": [args.c_echo, sockets["cEcho"]],
        "nioEcho": [args.nio_echo, "--echo-server", sockets["nioEcho"]],
        "navd": [args.navd, "--socket", sockets["navd"], "--log-level", "error", "--max-connections", "2000"],
    }
    if args.before:
        commands["before"] = [args.before, "--socket", sockets["before"], "--log-level", "error",
                              "--max-connections", "2000"]
    state_directory = os.path.join(directory, "state")
    commands["durable"] = commands["navd"][:2] + [sockets["durable"]] + commands["navd"][3:] + [
        "--state-dir", state_directory]
    processes = {}
    load_before = os.getloadavg()
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        for name in servers:
            processes[name] = subprocess.Popen(pinned(server_cpu, commands[name]), stdin=subprocess.DEVNULL,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for name in servers:
            conn = wait_for_socket(sockets[name], processes[name])
            if name in navds:
                conn.sendall(frame('{"jsonrpc":"2.0","id":1,"method":"session/create","params":{"screens":%s}}'
                                   % FIVE_SCREENS))
                reply = read_frame(conn)
                session = reply.get("result", {}).get("sessionId")
                if session != "s1":
                    raise RuntimeError(f"the benchmark's session is s1, navd made {reply}")
                for k in range(MUTATED_SESSIONS):
                    conn.sendall(frame('{"jsonrpc":"2.0","id":%d,"method":"session/create",'
                                       '"params":{"screens":[{"title":"Root"}]}}' % (k + 2)))
                    reply = read_frame(conn)
                    if reply.get("result", {}).get("sessionId") != f"s{k + 2}":
                        raise RuntimeError(f"the mutation workload's session is s{k + 2}, navd made {reply}")
            conn.close()

        rows = []
        for method, clients, in_flight in WORKLOADS:
            name = workload_name(method, clients, in_flight)
            if args.only and args.only not in name:
                continue
            rounds = []
            for r in range(args.rounds):
                figures = {}
                for server in servers:
                    if server == "durable" and method != MUTATION:
                        continue
                    argv = [args.loadgen, "--socket", sockets[server], "--method", method, "--clients", str(clients),
                            "--in-flight", str(in_flight), "--seconds", str(args.seconds),
                            "--warmup", str(args.warmup), "--server-pid", str(processes[server].pid)]
                    if method == MUTATION:
                        argv += ["--sessions", str(MUTATED_SESSIONS)]
                    done = subprocess.run(pinned(client_cpu, argv), capture_output=True, text=True)
                    if done.returncode != 0:
                        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stdout}{done.stderr}")
                    figures[server] = json.loads(done.stdout)
                n, c, e = figures["navd"], figures["cEcho"], figures["nioEcho"]
                figures["ratio"] = round(n["perSecond"] / c["perSecond"], 3)
                figures["nioRatio"] = round(n["perSecond"] / e["perSecond"], 3)
                figures["p99Ratio"] = round(n["p99Microseconds"] / max(c["p99Microseconds"], 0.001), 2)
                figures["nioP99Ratio"] = round(n["p99Microseconds"] / max(e["p99Microseconds"], 0.001), 2)
                if method == MUTATION:
                    figures["durableRatio"] = round(figures["durable"]["perSecond"] / n["perSecond"], 3)
                if args.before:
                    b = figures["before"]
                    figures["beforeRatio"] = round(n["perSecond"] / b["perSecond"], 3)
                    figures["beforeToEcho"] = round(b["perSecond"] / c["perSecond"], 3)
                rounds.append(figures)
                log(f"limit {name}, round {r + 1}: navd {n['perSecond']:,.0f}/s p99 {n['p99Microseconds']:.0f} µs; "
                    f"C echo {c['perSecond']:,.0f}/s p99 {c['p99Microseconds']:.0f} µs; "
                    f"NIO echo {e['perSecond']:,.0f}/s p99 {e['p99Microseconds']:.0f} µs; "
                    f"ratio {figures['ratio']:.2f} (NIO {figures['nioRatio']:.2f})"
                    + (f"; before {figures['before']['perSecond']:,.0f}/s, ratio {figures['beforeToEcho']:.2f}"
                       if args.before else "")
                    + (f"; durable {figures['durable']['perSecond']:,.0f}/s, {figures['durableRatio']:.2f} of navd's"
                       if method == MUTATION else ""))
            row = {"workload": name, "method": method, "clients": clients, "inFlight": in_flight}
            for server, key in (("navd", "navd"), ("cEcho", "echo"), ("nioEcho", "nioEcho"), ("before", "before"),
                                ("durable", "durable")):
                if server not in rounds[0]:
                    continue
                row[f"{key}PerSecond"] = round(median([r[server]["perSecond"] for r in rounds]))
                row[f"{key}P50Microseconds"] = round(median([r[server]["p50Microseconds"] for r in rounds]), 2)
                row[f"{key}P99Microseconds"] = round(median([r[server]["p99Microseconds"] for r in rounds]), 2)
                # The share of its core the server used, and the generator's of its own, over the measured time.
                row[f"{key}ServerCpu"] = round(median([r[server].get("serverCpuSeconds", 0) / r[server]["seconds"]
                                                       for r in rounds]), 2)
                row[f"{key}GeneratorCpu"] = round(median([
                    (r[server]["generatorUserSeconds"] + r[server]["generatorSystemSeconds"]) / r[server]["seconds"]
                    for r in rounds]), 2)
            for key in ("ratio", "nioRatio", "p99Ratio", "nioP99Ratio") + (
                    ("beforeRatio", "beforeToEcho") if args.before else ()) + (
                    ("durableRatio",) if method == MUTATION else ()):
                row[key] = round(median([r[key] for r in rounds]), 2)
            row["rounds"] = rounds
            rows.append(row)
            log(f"limit {name}: median of {len(rounds)} rounds: ratio {row['ratio']:.2f} to C echo, "
                f"{row['nioRatio']:.2f} to NIO echo; p99 {row['p99Ratio']:.1f}x C echo's, {row['nioP99Ratio']:.1f}x NIO's"
                + (f"; the earlier build {row['beforeToEcho']:.2f} to C echo, this one {row['beforeRatio']:.2f}x it"
                   if args.before else "")
                + (f"; durable {row['durableRatio']:.2f} of in memory" if method == MUTATION else ""))
    finally:
        for process in processes.values():
            process.send_signal(signal.SIGTERM)
        for process in processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        for path in sockets.values():
            if os.path.exists(path):
                os.unlink(path)
        shutil.rmtree(directory, ignore_errors=True)

    try:
        with open(args.results, encoding="utf-8") as f:
            results = json.load(f)
    except FileNotFoundError:
        results = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "cores": os.cpu_count()}
    limit = results.setdefault("limit", {})
    limit["workloads"] = rows
    limit["workloadsDate"] = started
    # How busy the machine was besides: the 1-minute load average before and after the rounds.
    limit["workloadsLoadAverage"] = [round(load_before[0], 2), round(os.getloadavg()[0], 2)]
    if args.before:
        limit["workloadsBefore"] = args.before_label or args.before
    else:
        limit.pop("workloadsBefore", None)
    limit["workloadsNote"] = (
        f"bench/c/loadgen.c against the C echo (bench/c/echo.c), SwiftNIO's echo (navd-bench --echo-server) and navd, "
        f"the same request bytes; servers pinned to CPU {server_cpu}, the generator to CPU {client_cpu}; "
        f"{args.rounds} interleaved rounds of {args.seconds} s (after {args.warmup} s of warm-up) each; per second and "
        f"p99: medians over the rounds; ratio (to the C echo) and nioRatio (to the NIO echo): medians of the rounds' "
        f"ratios; ServerCpu and GeneratorCpu: the share of a core each side used over the measured time")
    output = args.output or args.results
    with open(output, "w", encoding="utf-8") as f:
        json.dump(results, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    log(f"wrote {output}")


if __name__ == "__main__":
    main()

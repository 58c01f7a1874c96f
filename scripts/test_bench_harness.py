#!/usr/bin/env python3
"""Checks the C benchmark programs (bench/c): each load generator (epoll and poll builds) against each echo
server reads exactly the replies it asked for, sends navd-bench's request bytes, and fails on a reply that is
not the one it waits for. No time is asserted. Standard library only.

    python3 scripts/test_bench_harness.py --dir .build/bench-c
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def frames(conn):
    """Yields each Content-Length frame's body a connection sends."""
    data = b""
    while True:
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = int(head.split(b":", 1)[1])
        while len(rest) < length:
            chunk = conn.recv(65536)
            if not chunk:
                return
            rest += chunk
        yield rest[:length]
        data = rest[length:]


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FakeServer:
    """A server on a Unix socket that answers each request as `answer(request)` says (None: close), and keeps the
    first requests it read."""

    def __init__(self, path, answer):
        self.path, self.answer, self.seen = path, answer, []
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(64)
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        with conn:
            for body in frames(conn):
                request = json.loads(body)
                if len(self.seen) < 4:
                    self.seen.append(body)
                reply = self.answer(request)
                if reply is None:
                    return
                conn.sendall(frame(json.dumps(reply, separators=(",", ":")).encode()))

    def close(self):
        self.listener.close()
        os.unlink(self.path)


def loadgen(binary, socket_path, *arguments):
    done = subprocess.run([binary, "--socket", socket_path, *arguments], capture_output=True, text=True, timeout=60)
    try:
        figures = json.loads(done.stdout)
    except json.JSONDecodeError:
        figures = {}
    return done.returncode, figures, done.stderr


def wait_for(path):
    for _ in range(500):
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(path)
                return
        except OSError:
            time.sleep(0.01)
    raise RuntimeError(f"{path} never answered")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True, help="where loadgen, echo, loadgen-poll and echo-poll are")
    directory = parser.parse_args().dir
    scratch = tempfile.mkdtemp(prefix="navd-harness-")

    # Each generator against each echo: exactly the replies asked for, every one checked, none wrong.
    for echo in ("echo", "echo-poll"):
        path = os.path.join(scratch, f"{echo}.sock")
        server = subprocess.Popen([os.path.join(directory, echo), path], stderr=subprocess.DEVNULL)
        try:
            wait_for(path)
            for generator in ("loadgen", "loadgen-poll"):
                binary = os.path.join(directory, generator)
                for method, clients, in_flight, threads, requests in (("title/back", 1, 1, 1, 500),
                                                                       ("bar/hitTest", 5, 3, 2, 3001),
                                                                       ("bar/hitTest", 64, 1, 2, 2000)):
                    code, figures, stderr = loadgen(binary, path, "--method", method, "--clients", str(clients),
                                                    "--in-flight", str(in_flight), "--threads", str(threads),
                                                    "--requests", str(requests))
                    what = f"{generator} against {echo}, {method}, {clients} clients, {in_flight} in flight"
                    check(code == 0, f"{what}: exit status {code} ({figures.get('firstError', stderr)})")
                    check(figures.get("requests") == requests, f"{what}: {figures.get('requests')} replies counted, not {requests}")
                    check(figures.get("replies") == requests and figures.get("sent") == requests,
                          f"{what}: sent {figures.get('sent')} and read {figures.get('replies')}, not {requests}")
                    check(figures.get("errors") == 0, f"{what}: {figures.get('errors')} errors")
                    check(figures.get("threads") == min(threads, clients), f"{what}: {figures.get('threads')} threads")
                # A timed run counts what came back inside its window, and reads every reply it is due.
                code, figures, stderr = loadgen(binary, path, "--clients", "4", "--in-flight", "2", "--seconds", "0.2",
                                                "--warmup", "0.05", "--server-pid", str(server.pid))
                what = f"{generator} against {echo}, timed"
                check(code == 0, f"{what}: exit status {code} ({figures.get('firstError', stderr)})")
                check(figures.get("requests", 0) > 0, f"{what}: no replies counted")
                check(figures.get("sent") == figures.get("replies"), f"{what}: sent {figures.get('sent')}, read {figures.get('replies')}")
                check(figures.get("requests", 0) <= figures.get("replies", 0), f"{what}: counted more than it read")
                check(figures.get("p50Microseconds", 0) > 0 and figures.get("p99Microseconds", 0) >= figures.get("p50Microseconds", 0),
                      f"{what}: percentiles {figures.get('p50Microseconds')} and {figures.get('p99Microseconds')}")
                if sys.platform.startswith("linux"):
                    check("serverCpuSeconds" in figures, f"{what}: no server CPU time")
        finally:
            server.terminate()
            server.wait()

    binary = os.path.join(directory, "loadgen")
    path = os.path.join(scratch, "fake.sock")

    # navd's reply shape passes, and the requests are navd-bench's bytes (LimitBench.request).
    server = FakeServer(path, lambda r: {"jsonrpc": "2.0", "id": r["id"], "result": {"title": "General", "source": "previousTitle"}})
    code, figures, _ = loadgen(binary, path, "--method", "bar/hitTest", "--requests", "3")
    check(code == 0 and figures.get("requests") == 3, f"navd's reply shape: exit status {code}, {figures}")
    check(server.seen[:2] == [
        b'{"jsonrpc":"2.0","id":0,"method":"bar/hitTest","params":{"sessionId":"s1","point":{"x":1,"y":45}}}',
        b'{"jsonrpc":"2.0","id":1,"method":"bar/hitTest","params":{"sessionId":"s1","point":{"x":8,"y":48}}}',
    ], f"bar/hitTest bytes: {server.seen[:2]}")
    server.close()
    # Members in another order are found by a search; a result that holds an "error" member is still a result.
    for shape, answer in (("id first", lambda r: {"id": r["id"], "jsonrpc": "2.0", "result": {}}),
                          ("a result with an error member", lambda r: {"jsonrpc": "2.0", "id": r["id"], "result": {"error": 1}})):
        server = FakeServer(path, answer)
        code, figures, _ = loadgen(binary, path, "--requests", "6", "--in-flight", "3")
        check(code == 0 and figures.get("requests") == 6, f"{shape}: exit status {code}, {figures}")
        server.close()
    server = FakeServer(path, lambda r: {"jsonrpc": "2.0", "id": r["id"], "result": None})
    code, figures, _ = loadgen(binary, path, "--requests", "1")
    check(code == 0, f"title/back: exit status {code}")
    check(server.seen[:1] == [b'{"jsonrpc":"2.0","id":0,"method":"title/back","params":{"sessionId":"s1"}}'],
          f"title/back bytes: {server.seen[:1]}")
    server.close()

    # The mutation workload: each connection pushes and pops in turn on a session of its own, s2 on.
    server = FakeServer(path, lambda r: {"jsonrpc": "2.0", "id": r["id"], "result": {"version": 2}})
    code, figures, _ = loadgen(binary, path, "--method", "stack/push-pop", "--clients", "2", "--sessions", "2",
                               "--threads", "1", "--requests", "4")
    check(code == 0 and figures.get("requests") == 4 and figures.get("method") == "stack/push-pop",
          f"stack/push-pop: exit status {code}, {figures}")
    # Which connection sends the third and fourth request is whichever reply comes back first; on each session
    # the requests go push, pop, push, ...
    seen = sorted((json.loads(body) for body in server.seen), key=lambda r: r["id"])
    by_session = {}
    for r in seen:
        by_session.setdefault(r["params"]["sessionId"], []).append(r["method"])
    check(len(seen) == 4 and sorted(by_session) == ["s2", "s3"] and all(
        methods == ["stack/push", "stack/pop"] * (len(methods) // 2) + ["stack/push"] * (len(methods) % 2)
        for methods in by_session.values()), f"stack/push-pop requests: {server.seen}")
    pushes = [body for body in server.seen if b"stack/push" in body]
    check(all(body == b'{"jsonrpc":"2.0","id":%d,"method":"stack/push","params":{"sessionId":"%s",'
              b'"screen":{"title":"Pushed"}}}' % (json.loads(body)["id"], json.loads(body)["params"]["sessionId"].encode())
              for body in pushes), f"stack/push bytes: {pushes}")
    server.close()

    # Replies that are not the awaited one fail the run and say why.
    wrong = (
        ("the wrong id", lambda r: {"jsonrpc": "2.0", "id": r["id"] + 1, "result": {}}, "expected the reply to 0, read one with id 1"),
        ("no id", lambda r: {"jsonrpc": "2.0", "result": {}}, "a reply without an id"),
        ("an error", lambda r: {"jsonrpc": "2.0", "id": r["id"], "error": {"code": -32602, "message": "no such session"}},
         "the reply to 0 is an error"),
        ("an error, id first", lambda r: {"id": r["id"], "error": {"code": -32602, "message": "no such session"}},
         "the reply to 0 is an error"),
        ("a closed connection", lambda r: None, "the server closed a connection"),
    )
    for what, answer, message in wrong:
        server = FakeServer(path, answer)
        code, figures, _ = loadgen(binary, path, "--requests", "5", "--in-flight", "2")
        check(code == 1, f"{what}: exit status {code}")
        check(message in figures.get("firstError", ""), f"{what}: firstError {figures.get('firstError')!r}")
        server.close()

    shutil.rmtree(scratch)
    if failures:
        print(f"{len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("bench harness: ok")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Counts the instructions navd's event loop spends per request, by part, under callgrind.

Instruction counts do not depend on how busy the machine is, so two builds compare run after run, where
the timed benchmark (`make bench`) moves by tens of percent. This starts a release navd under
`valgrind --tool=callgrind` on a scratch socket, creates the benchmark's 5-screen session, sends
`--requests` requests lock-step (the `make bench` request bytes: `title/back`, `bar/hitTest` at a new
point each time, or `stack/push-pop`, a push and a pop in turn), stops navd, and prints the inclusive instructions per request of each part below.

    scripts/request_instructions.py --navd .build/release/navd --method bar/hitTest

`--state-dir` gives navd a scratch state directory, so every mutation is encoded and committed (lock-step,
one commit a request). `--echo` measures `navd-bench --echo-server` instead (pass navd-bench as `--navd`): the limit navd is
measured against, on the same bytes.
"""

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

FIVE_SCREENS = (
    '[{"id":"a","title":"Settings"},{"id":"b","title":"General"},{"id":"c","title":"About",'
    '"item":{"rightItems":[{"id":"e","system":"edit"}]}},{"id":"d","title":"Legal"},'
    '{"id":"e","title":"Licenses"}]'
)

# (label, substring of the mangled name[, substrings of parts inside it that do not count]). The first is
# everything a readable socket costs the event loop.
PARTS = [
    ("whole request on the event loop", "BaseSocketChannelC9readable0"),
    # A read of one message answers it as it is read; a read of several queues them for channelReadComplete.
    ("  read, decoded and (one message alone) answered: channelRead", "RPCChannelHandlerC11channelRead7context"),
    # The decoder hands each message to the handler's callback, so its count holds the message's handling.
    ("    framing in", "FrameDecoderV7consume", "InboundActionO9interpret", "RPCChannelHandlerC7enqueue"),
    ("    JSON parse (json-c's tree, checked)", "JSONCore12JSONDocumentC5parse_6limits"),
    ("      lexical check", "LexicalCheckV5check"),
    ("      json-c tokener", "json_tokener_parse_ex"),
    ("    envelope read off the tree", "NavTransport8EnvelopeO8classifyyAC8JSONCore8JSONViewVFZ"),
    ("    the service: dispatch, params, handler, model", "ServiceC6handle6method6params10connection"),
    ("      the session encoded for the state directory (--state-dir)", "SessionC7persist"),
    ("    the reply framed into the connection's outbox", "NavTransport6OutboxV11appendReply"),
    ("    json-c tree freed", "JSONCore12JSONDocumentCfD"),
    ("  read complete: written out", "RPCChannelHandlerC19channelReadComplete"),
    ("a reply that waited for its commit, written (--state-dir)", "RPCChannelHandlerC17laterReplyArrived"),
    ("the store's thread: commits, one a request lock-step (--state-dir)", "StateStoreC5drain"),
    ("echo: one frame written back", "EchoHandler"),
]


def frame(body: str) -> bytes:
    data = body.encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def request(method: str, i: int) -> str:
    if method == "stack/push-pop":
        # A push and a pop in turn on the 5-screen session, as make bench's mutation workload sends them.
        if i % 2 == 0:
            return ('{"jsonrpc":"2.0","id":%d,"method":"stack/push","params":{"sessionId":"s1",'
                    '"screen":{"title":"Pushed"}}}' % i)
        return '{"jsonrpc":"2.0","id":%d,"method":"stack/pop","params":{"sessionId":"s1"}}' % i
    if method == "bar/hitTest":
        x, y = 1 + (i * 7) % 389, 45 + (i * 3) % 50
        return (
            '{"jsonrpc":"2.0","id":%d,"method":"bar/hitTest","params":{"sessionId":"s1","point":{"x":%d,"y":%d}}}'
            % (i, x, y)
        )
    return '{"jsonrpc":"2.0","id":%d,"method":"title/back","params":{"sessionId":"s1"}}' % i


class Reader:
    def __init__(self, conn: socket.socket):
        self.conn, self.buffer = conn, b""

    def frame(self) -> bytes:
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(self.buffer[:end].split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4 : end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length :]
                    return body
            chunk = self.conn.recv(65536)
            if not chunk:
                raise SystemExit("the server closed the connection")
            self.buffer += chunk


def connect(path: str) -> socket.socket:
    for _ in range(600):
        try:
            conn = socket.socket(socket.AF_UNIX)
            conn.connect(path)
            return conn
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server never listened on " + path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--navd", default=".build/release/navd")
    parser.add_argument("--method", default="bar/hitTest", choices=["bar/hitTest", "title/back", "stack/push-pop"])
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--echo", action="store_true", help="measure navd-bench --echo-server (pass it as --navd)")
    parser.add_argument(
        "--state-dir", action="store_true", help="run navd with a scratch --state-dir (every mutation committed)"
    )
    parser.add_argument("--keep", metavar="FILE", help="also copy callgrind's output to FILE, for callgrind_annotate")
    args = parser.parse_args()
    for tool in ("valgrind", "callgrind_annotate", "objcopy"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is needed (apt-get install valgrind binutils)")

    with tempfile.TemporaryDirectory() as scratch:
        # Valgrind 3.19 cannot read the toolchain's DWARF 5 debug information; the symbols are enough.
        binary = os.path.join(scratch, "server")
        subprocess.run(["objcopy", "--strip-debug", args.navd, binary], check=True)
        sock, out = os.path.join(scratch, "s.sock"), os.path.join(scratch, "callgrind.out")
        server_args = ["--echo-server", sock] if args.echo else ["--socket", sock]
        if args.state_dir and not args.echo:
            server_args += ["--state-dir", os.path.join(scratch, "state")]
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, *server_args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            conn = connect(sock)
            reader = Reader(conn)
            if not args.echo:
                create = '{"jsonrpc":"2.0","id":0,"method":"session/create","params":{"screens":%s}}' % FIVE_SCREENS
                conn.sendall(frame(create))
                reader.frame()
            for i in range(1, args.requests + 1):
                conn.sendall(frame(request(args.method, i)))
                reply = reader.frame()
                if not args.echo and b'"result"' not in reply:
                    raise SystemExit("navd answered with an error: " + reply.decode(errors="replace"))
            conn.close()
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=60)
        if args.keep:
            shutil.copyfile(out, args.keep)
        annotated = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", out], check=True, capture_output=True, text=True
        ).stdout

    # Each function's inclusive count; a name seen twice (a recursive copy, "'2") keeps its largest.
    counts: dict[str, int] = {}
    for line in annotated.splitlines():
        match = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*?:(\S+)", line)
        if match:
            name, value = match.group(2), int(match.group(1).replace(",", ""))
            counts[name] = max(counts.get(name, 0), value)
    requests = args.requests + (0 if args.echo else 1)
    print(f"{'echo' if args.echo else args.method}: instructions per request, {args.requests} requests lock-step")
    def inclusive(needle: str) -> int | None:
        matching = [value for name, value in counts.items() if needle in name and not name.endswith("'2")]
        return max(matching) if matching else None

    for label, needle, *less in PARTS:
        value = inclusive(needle)
        if value is not None:
            value -= sum(inclusive(other) or 0 for other in less)
            print(f"{value / requests:>9,.0f}  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

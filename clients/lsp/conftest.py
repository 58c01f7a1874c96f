"""Fixtures for `navctl lsp`: the binary, a workspace on disk, an LSP client, and a raw pipe to the server."""

from __future__ import annotations

import json
import os
import pathlib
import queue
import subprocess
import sys
import tempfile
import threading
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[2]
NAVCTL = os.environ.get("NAVCTL") or str(REPO / ".build" / "debug" / "navctl")


# The servers under test keep no sessions in a daemon the person running the tests may have: the default socket
# is one where nothing answers (test_sessions.py names a daemon of its own).
os.environ["NAVD_SOCKET"] = os.path.join(tempfile.mkdtemp(prefix="navd-lsp-"), "none.sock")


def pytest_configure(config):
    if not os.access(NAVCTL, os.X_OK):
        raise pytest.UsageError(f"no navctl at {NAVCTL}: build it, or set NAVCTL")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[NAVCTL, "lsp"]))
async def client(lsp_client: LanguageClient):
    """A client connected to a fresh `navctl lsp`; each test initializes it with its own workspace."""
    yield
    # Tests that exit the server themselves leave nothing to shut down.
    if lsp_client._server is not None and lsp_client._server.returncode is None:
        await lsp_client.shutdown_session()


def capabilities(progress: bool = True) -> types.ClientCapabilities:
    """What an editor says it handles: diagnostics with related information, work-done progress."""
    return types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                related_information=True, code_description_support=True, data_support=True
            ),
        ),
        window=types.WindowClientCapabilities(work_done_progress=progress),
        workspace=types.WorkspaceClientCapabilities(
            workspace_folders=True,
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=False),
        ),
    )


class RawServer:
    """`navctl lsp` on pipes, for what a well-behaved client never sends: malformed messages, exit orders."""

    def __init__(self, args: tuple[str, ...] | list[str] = ()):
        self.process = subprocess.Popen(
            [NAVCTL, "lsp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _read(self):
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            self.messages.put(json.loads(out.read(length)))

    def _drain_stderr(self):
        for line in self.process.stderr:
            sys.stderr.write(line.decode("utf-8", "replace"))

    def write(self, body: bytes):
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send(self, message: dict):
        self.write(json.dumps({"jsonrpc": "2.0", **message}).encode())

    def send_many(self, messages: list[dict]):
        """Several messages in one write, so that the server reads them together."""
        data = b""
        for message in messages:
            body = json.dumps({"jsonrpc": "2.0", **message}).encode()
            data += b"Content-Length: %d\r\n\r\n" % len(body) + body
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def receive(self, timeout: float = 30) -> dict | None:
        """The next message the server writes (None once its output ends)."""
        return self.messages.get(timeout=timeout)

    def reply_to(self, id_, timeout: float = 30) -> dict:
        """The response to request `id_`, skipping notifications and the server's own requests."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.1, deadline - time.monotonic()))
            assert message is not None, "the server closed its output"
            if "method" not in message and message.get("id") == id_:
                return message

    def wait(self, timeout: float = 30) -> int:
        return self.process.wait(timeout=timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def raw():
    server = RawServer()
    yield server
    server.close()

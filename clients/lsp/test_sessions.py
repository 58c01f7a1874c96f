"""The open files as live sessions: `navctl lsp --socket` keeps one navd session per flow of the workspace.

A real navd runs on a socket of its own; the daemon is watched through the Python client (clients/python) and
`navctl`, as any other client of it would: the sessions' origins in `session/list`, `session/didChange` to a
subscriber as the buffer changes, `navctl render` of the screen being edited, and the sessions gone after
`shutdown`.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from xml.etree import ElementTree

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import NAVCTL, RawServer
from test_lsp import TIMEOUT, change_document, open_document, start

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python" / "src"))
from navd_client import Client  # noqa: E402

NAVD = os.environ.get("NAVD") or str(pathlib.Path(NAVCTL).parent / "navd")
SOCKET_DIR = tempfile.mkdtemp(prefix="navd-live-")
SOCKET = os.path.join(SOCKET_DIR, "navd.sock")

INBOX = textwrap.dedent(
    """\
    import UIKit

    final class LiveInboxViewController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Inbox"
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            navigationController?.pushViewController(LiveMessageViewController(), animated: true)
        }
    }
    """
)

MESSAGE = textwrap.dedent(
    """\
    import UIKit

    final class LiveMessageViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Message"
        }
    }
    """
)
TITLE_LINE = 5  # 0-based, in INBOX
FLOW = "LiveInboxViewController > LiveMessageViewController"


@pytest.fixture(scope="module")
def daemon():
    """navd on a socket of its own, for the whole module."""
    process = subprocess.Popen([NAVD, "--socket", SOCKET], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while not os.path.exists(SOCKET):
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "navd did not make its socket"
        time.sleep(0.02)
    yield process
    process.terminate()
    process.wait(timeout=20)
    shutil.rmtree(SOCKET_DIR, ignore_errors=True)


@pytest.fixture
def navd(daemon):
    """A client of the daemon; the sessions a test leaves are closed after it."""
    client = Client.connect(SOCKET)
    yield client
    for session in client.session_list()["sessions"]:
        client.session_close(session["sessionId"])
    client.close()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[NAVCTL, "lsp", "--socket", SOCKET]))
async def live(lsp_client: LanguageClient, daemon):
    yield
    if lsp_client._server is not None and lsp_client._server.returncode is None:
        await lsp_client.shutdown_session()


def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    root = tmp_path / "LiveApp"
    root.mkdir()
    (root / "Inbox.swift").write_text(INBOX)
    (root / "Message.swift").write_text(MESSAGE)
    return root


def wait_for(condition, what: str, timeout: float = TIMEOUT):
    """Polls `condition` (a function returning a value or None) until it gives a value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def flow_sessions(navd: Client, root: pathlib.Path) -> list[dict]:
    return [
        s
        for s in navd.session_list()["sessions"]
        if s.get("origin", {}).get("workspace") == str(root) and s["origin"].get("flow") == FLOW
    ]


async def wait_session(navd: Client, root: pathlib.Path) -> dict:
    """The flow's session, once the server has made it (polled off the event loop the LSP client runs on)."""
    import asyncio

    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = flow_sessions(navd, root)
        if found:
            return found[0]
        await asyncio.sleep(0.05)
    raise AssertionError(f"no session for {FLOW}: {navd.session_list()}")


def retitle(client: LanguageClient, path: pathlib.Path, version: int, old: str, new: str):
    line = INBOX.splitlines()[TITLE_LINE]
    start_col = line.index(old)
    change_document(
        client,
        path,
        version,
        [
            types.TextDocumentContentChangePartial(
                range=types.Range(
                    start=types.Position(line=TITLE_LINE, character=start_col),
                    end=types.Position(line=TITLE_LINE, character=start_col + len(old)),
                ),
                text=new,
            )
        ],
    )


@pytest.mark.asyncio
async def test_each_flow_is_a_session_named_with_its_origin(live: LanguageClient, navd: Client, tmp_path):
    root = workspace(tmp_path)
    await start(live, root)
    session = await wait_session(navd, root)
    assert session["name"] == f"LiveApp: {FLOW}"
    assert session["origin"] == {
        "workspace": str(root),
        "files": [str(root / "Inbox.swift"), str(root / "Message.swift")],
        "flow": FLOW,
        "client": "navctl lsp",
    }
    assert session["depth"] == 2
    # The session answers as the source reads: the back button on the message says the inbox's title.
    assert navd.title_back(session["sessionId"])["title"] == "Inbox"
    # navctl shows where it comes from.
    listed = subprocess.run(
        [NAVCTL, "session", "list", "--socket", SOCKET], capture_output=True, text=True, check=True
    ).stdout
    assert "Message.swift (+1) in " + str(root) + " by navctl lsp" in listed, listed


@pytest.mark.asyncio
async def test_an_edit_updates_the_session_and_notifies_its_subscribers(live: LanguageClient, navd: Client, tmp_path):
    root = workspace(tmp_path)
    inbox = root / "Inbox.swift"
    await start(live, root)
    session = await wait_session(navd, root)
    sid = session["sessionId"]
    navd.session_subscribe(sid)

    open_document(live, inbox, "swift")
    retitle(live, inbox, 2, "Inbox", "Mail")
    note = navd.next_notification(timeout=TIMEOUT)
    assert note.method == "session/didChange", note
    assert note.params["sessionId"] == sid
    titles = [c for c in note.params["changes"] if c["kind"] == "title"]
    assert titles and titles[0]["backTitle"]["title"] == "Mail", note.params
    assert navd.title_back(sid)["title"] == "Mail"
    # The same session, not a new one: watchers keep watching.
    assert [s["sessionId"] for s in flow_sessions(navd, root)] == [sid]

    # A bar colour typed in the buffer reaches the session's tint.
    change_document(
        live,
        inbox,
        3,
        [
            types.TextDocumentContentChangePartial(
                range=types.Range(
                    start=types.Position(line=TITLE_LINE + 1, character=0),
                    end=types.Position(line=TITLE_LINE + 1, character=0),
                ),
                text="        navigationController?.navigationBar.barTintColor = .black\n",
            )
        ],
    )
    deadline = time.monotonic() + TIMEOUT
    kinds: set[str] = set()
    while "tint" not in kinds:
        note = navd.next_notification(timeout=max(0.1, deadline - time.monotonic()))
        assert note.method == "session/didChange", note
        kinds.update(c["kind"] for c in note.params["changes"])
    tint = navd.tint_resolve(session_id=sid)
    assert tint["background"] == "#000000", tint

    # navctl render draws the screen being edited.
    svg = tmp_path / "bar.svg"
    subprocess.run([NAVCTL, "render", "--socket", SOCKET, sid, "-o", str(svg)], check=True, capture_output=True)
    # A label's clusters are placed one by one (docs/protocol.md, bar/render): its text is read without the tags.
    texts = ["".join(t.itertext()) for t in ElementTree.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert "Mail" in texts, texts


@pytest.mark.asyncio
async def test_shutdown_closes_the_sessions(live: LanguageClient, navd: Client, tmp_path):
    root = workspace(tmp_path)
    await start(live, root)
    session = await wait_session(navd, root)
    navd.session_subscribe(session["sessionId"])
    await live.shutdown_session()
    assert flow_sessions(navd, root) == []
    note = navd.next_notification(timeout=TIMEOUT)
    assert note.method == "session/didClose" and note.params["sessionId"] == session["sessionId"], note


def raw_lsp(root: pathlib.Path) -> RawServer:
    server = RawServer(["--socket", SOCKET])
    server.send(
        {
            "id": 1,
            "method": "initialize",
            "params": {"capabilities": {}, "rootUri": root.as_uri(), "workspaceFolders": [{"uri": root.as_uri(), "name": "w"}]},
        }
    )
    server.reply_to(1)
    server.send({"method": "initialized", "params": {}})
    return server


def test_a_new_server_takes_over_what_an_earlier_one_left(navd: Client, tmp_path):
    root = workspace(tmp_path)
    first = raw_lsp(root)
    try:
        session = wait_for(lambda: (flow_sessions(navd, root) or [None])[0], "the first server's session")
    finally:
        first.close()  # killed: no shutdown, its sessions stay
    # An orphan of an earlier server for a flow that no longer exists.
    orphan = navd.session_create(
        name="LiveApp: Gone > Away", origin={"workspace": str(root), "flow": "Gone > Away", "client": "navctl lsp"}
    )
    # Another program's session in the same workspace is not the server's to close.
    other = navd.session_create(name="LiveApp: Gone > Away", origin={"workspace": str(root), "client": "a test rig"})
    (root / "Inbox.swift").write_text(INBOX.replace('"Inbox"', '"Mailbox"'))

    second = raw_lsp(root)
    try:
        wait_for(lambda: navd.title_back(session["sessionId"])["title"] == "Mailbox", "the session to take the new title")
        assert [s["sessionId"] for s in flow_sessions(navd, root)] == [session["sessionId"]]
        wait_for(
            lambda: orphan["sessionId"] not in [s["sessionId"] for s in navd.session_list()["sessions"]],
            "the orphan to be closed",
        )
        assert other["sessionId"] in [s["sessionId"] for s in navd.session_list()["sessions"]]
        second.send({"id": 2, "method": "shutdown"})
        second.reply_to(2)
        second.send({"method": "exit"})
        assert second.wait() == 0
        assert flow_sessions(navd, root) == []
    finally:
        second.close()


@pytest.mark.asyncio
async def test_without_a_daemon_the_answers_are_the_same(tmp_path):
    """The same workspace, with no daemon on the socket: the diagnostics do not depend on one."""
    root = workspace(tmp_path)
    (root / "Inbox.swift").write_text(
        INBOX.replace(
            'title = "Inbox"',
            'title = "Inbox"\n        navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)',
        )
    )
    results = []
    for socket in (SOCKET_DIR + "/none.sock", None):
        args = ["--socket", socket] if socket else ["--no-sessions"]
        server = RawServer(args)
        try:
            server.send({"id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": root.as_uri()}})
            server.reply_to(1)
            server.send({"method": "initialized", "params": {}})
            while True:
                message = server.receive()
                assert message is not None
                if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["diagnostics"]:
                    results.append(sorted(d["code"] for d in message["params"]["diagnostics"]))
                    break
        finally:
            server.close()
    assert results[0] == results[1] == ["empty-back-title-trick"], results

"""Conformance of `navctl lsp` (LSP 3.17): lifecycle, documents, the workspace's cross-file facts, diagnostics.

Run with `make test-lsp`, or `NAVCTL=path/to/navctl .venv/bin/python -m pytest -q clients/lsp`.
"""

from __future__ import annotations

import asyncio
import pathlib
import random
import textwrap

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import capabilities

# Reading Swift with swift-syntax in a debug build on a busy machine takes a while: generous, never a sleep.
TIMEOUT = 120

# A screen that replaces its back button with a custom left item, pushed from another: swipe-back stops
# (pop-gesture-disabled). The comment before the assignment holds an emoji (two UTF-16 units, one character)
# and CJK text (one unit each), so the column in characters and in UTF-16 units differ.
PREFIX = "        /* 🎧 播客 */ "
EPISODE = textwrap.dedent(
    """\
    import UIKit

    final class LspEpisodeViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Episode"
            let back = UIBarButtonItem(title: "Close", style: .plain, target: self, action: #selector(close))
    {prefix}navigationItem.leftBarButtonItem = back
        }

        @objc private func close() {
            navigationController?.popViewController(animated: true)
        }
    }
    """
).replace("{prefix}", PREFIX)
EPISODE_LINE = 7  # 0-based line of the assignment

PODCASTS = textwrap.dedent(
    """\
    import UIKit

    final class LspPodcastsViewController: UITableViewController {
        static func makeRoot() -> UINavigationController {
            UINavigationController(rootViewController: LspPodcastsViewController(style: .plain))
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            navigationController?.pushViewController(LspEpisodeViewController(), animated: true)
        }
    }
    """
)

COMPOSE_M = textwrap.dedent(
    """\
    #import <UIKit/UIKit.h>

    @interface LspInboxViewController : UITableViewController
    @end

    @interface LspComposeViewController : UIViewController
    @end

    @implementation LspInboxViewController

    - (void)compose {
        LspComposeViewController *compose = [[LspComposeViewController alloc] init];
        [self.navigationController pushViewController:compose animated:YES];
    }

    @end

    @implementation LspComposeViewController

    - (void)viewDidLoad {
        [super viewDidLoad];
        self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Cancel" style:UIBarButtonItemStylePlain target:self action:@selector(cancel)];
    }

    @end
    """
)
COMPOSE_LINE = 21  # 0-based line of the assignment


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


async def wait_until(client: LanguageClient, predicate, what: str, timeout: float = TIMEOUT):
    """Waits for `predicate`; on a timeout, says what the client had received."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}; diagnostics received: {client.diagnostics}")
        await asyncio.sleep(0.02)


def codes(client: LanguageClient, uri: str) -> list[str]:
    return [d.code for d in client.diagnostics.get(uri, [])]


def cleared(client: LanguageClient, uri: str) -> bool:
    """Whether the last diagnostics published for `uri` are an empty list (not merely none published)."""
    return uri in client.diagnostics and len(client.diagnostics[uri]) == 0


async def start(client: LanguageClient, root: pathlib.Path | None, progress: bool = True) -> types.InitializeResult:
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(progress),
            root_uri=root.as_uri() if root else None,
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)] if root else None,
        )
    )


def open_document(client: LanguageClient, path: pathlib.Path, language: str, text: str | None = None):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id=language, version=1, text=path.read_text() if text is None else text
            )
        )
    )


def change_document(client: LanguageClient, path: pathlib.Path, version: int, changes: list):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=changes,
        )
    )


@pytest.fixture
def podcasts(tmp_path: pathlib.Path) -> pathlib.Path:
    """A folder app of two files: the push is in one, the custom left item in the other."""
    (tmp_path / "Podcasts.swift").write_text(PODCASTS)
    (tmp_path / "Episode.swift").write_text(EPISODE)
    return tmp_path


async def test_initialize_advertises_what_is_served(client: LanguageClient, tmp_path: pathlib.Path):
    result = await start(client, tmp_path)
    sync = result.capabilities.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert sync.save is not None and sync.save is not False
    assert result.capabilities.completion_provider is None
    assert result.capabilities.definition_provider is None
    assert result.capabilities.position_encoding in (None, types.PositionEncodingKind.Utf16)
    assert result.server_info.name == "navctl lsp"


async def test_workspace_indexing_reports_progress(client: LanguageClient, podcasts: pathlib.Path):
    await start(client, podcasts)

    def ended():
        reports = [r for values in client.progress_reports.values() for r in values]
        return any(isinstance(r, types.WorkDoneProgressEnd) for r in reports)

    await wait_until(client, ended, "the indexing's progress to end")
    (token, reports), = client.progress_reports.items()
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    # Files of the workspace are linted without being opened.
    episode = (podcasts / "Episode.swift").as_uri()
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, episode), "the workspace's diagnostics")


async def test_swift_finding_at_utf16_column_and_fixed_by_an_edit(client: LanguageClient, podcasts: pathlib.Path):
    await start(client, podcasts)
    episode = podcasts / "Episode.swift"
    uri = episode.as_uri()
    open_document(client, episode, "swift")
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "pop-gesture-disabled")

    (diagnostic,) = [d for d in client.diagnostics[uri] if d.code == "pop-gesture-disabled"]
    assert diagnostic.source == "navd"
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.range.start.line == EPISODE_LINE
    # The column counts UTF-16 code units: the emoji is two of them.
    assert diagnostic.range.start.character == utf16_length(PREFIX)
    assert utf16_length(PREFIX) == len(PREFIX) + 1
    assert diagnostic.range.end.line == EPISODE_LINE
    assert diagnostic.range.end.character == utf16_length(PREFIX + "navigationItem.leftBarButtonItem")
    assert diagnostic.code_description is not None
    assert diagnostic.code_description.href.endswith("semantics.md#pop-gesture-disabled")
    assert diagnostic.related_information, "the screen is named"
    assert "LspEpisodeViewController" in diagnostic.related_information[0].message

    # An incremental edit after the emoji, in UTF-16 units: left item -> right item, which keeps the swipe.
    start_at = utf16_length(PREFIX + "navigationItem.")
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(
            start=types.Position(line=EPISODE_LINE, character=start_at),
            end=types.Position(line=EPISODE_LINE, character=start_at + len("left")),
        ),
        text="right",
    )
    change_document(client, episode, 2, [edit])
    await wait_until(client, lambda: cleared(client, uri), "an empty list once the finding is fixed")

    # A full-text change brings it back.
    change_document(client, episode, 3, [types.TextDocumentContentChangeWholeDocument(text=EPISODE)])
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "the finding after a full change")


def lsp_position(text: str, index: int) -> types.Position:
    """The LSP position of `text[index]`: lines end at \\r\\n or \\n, characters count UTF-16 code units."""
    before = text[:index].replace("\r\n", "\n")
    line = before.count("\n")
    return types.Position(line=line, character=utf16_length(before[before.rfind("\n") + 1 :]))


async def test_many_incremental_edits_land_where_the_client_meant(client: LanguageClient, podcasts: pathlib.Path):
    """Random range edits (emoji, CJK, CRLF and LF line breaks, deletions, several changes in one notification)
    inside a comment: the finding must end up at the line and UTF-16 column the client's own copy puts it."""
    await start(client, podcasts, progress=False)
    episode = podcasts / "Episode.swift"
    uri = episode.as_uri()
    text = "/*\n*/\n" + EPISODE
    open_document(client, episode, "swift", text=text)
    rng = random.Random(20240917)
    # A combining accent and a zero-width joiner alone make edits that start inside a character.
    pieces = ["🎧", "播客", "\r\n", "\n", "x", "é", "\u0301", "\u200d", "👩‍👩‍👧", ""]
    version = 1
    for _ in range(40):
        changes = []
        for _ in range(rng.randint(1, 3)):
            low, high = 2, text.index("*/")
            a = rng.randint(low, high)
            b = rng.randint(a, min(high, a + 6))
            # Never between the two halves of a CRLF.
            if 0 < a < len(text) and text[a - 1] == "\r" and text[a] == "\n":
                a -= 1
            if 0 < b < len(text) and text[b - 1] == "\r" and text[b] == "\n":
                b += 1
            new = rng.choice(pieces) * rng.randint(0, 2)
            changes.append(
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=lsp_position(text, a), end=lsp_position(text, b)), text=new
                )
            )
            text = text[:a] + new + text[b:]
        version += 1
        change_document(client, episode, version, changes)
    expected = lsp_position(text, text.index("navigationItem.leftBarButtonItem"))

    def found():
        return any(
            d.code == "pop-gesture-disabled"
            and (d.range.start.line, d.range.start.character) == (expected.line, expected.character)
            for d in client.diagnostics.get(uri, [])
        )

    await wait_until(client, found, f"pop-gesture-disabled at {expected.line}:{expected.character}")


async def test_cross_file_fact_from_a_file_on_disk(client: LanguageClient, podcasts: pathlib.Path):
    await start(client, podcasts)
    episode = podcasts / "Episode.swift"
    uri = episode.as_uri()
    open_document(client, episode, "swift")
    # The push is only in Podcasts.swift, which is never opened: without it the screen could be a root, where a
    # custom left item stops nothing.
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "a finding from another file")

    # The push goes away on disk: the watched-file change re-reads it and the finding clears.
    podcasts_file = podcasts / "Podcasts.swift"
    presented = PODCASTS.replace("pushViewController", "present")
    podcasts_file.write_text(presented.replace(", animated: true)", ", animated: true, completion: nil)"))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=podcasts_file.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    await wait_until(client, lambda: cleared(client, uri), "the finding to clear once the push is gone")

    # The push comes back in an unsaved buffer of the other file: the finding returns on the file not edited.
    open_document(client, podcasts_file, "swift")
    change_document(client, podcasts_file, 2, [types.TextDocumentContentChangeWholeDocument(text=PODCASTS)])
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "a finding from another buffer")


async def test_objective_c_finding(client: LanguageClient, tmp_path: pathlib.Path):
    await start(client, tmp_path, progress=False)
    compose = tmp_path / "Compose.m"
    compose.write_text(COMPOSE_M)
    uri = compose.as_uri()
    open_document(client, compose, "objective-c")
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "the Objective-C finding")
    (diagnostic,) = [d for d in client.diagnostics[uri] if d.code == "pop-gesture-disabled"]
    assert diagnostic.range.start.line == COMPOSE_LINE
    assert diagnostic.range.start.character == 4
    assert diagnostic.severity == types.DiagnosticSeverity.Warning

    # The buffer overrides the file on disk: an unsaved edit that deletes the line clears the finding.
    line = COMPOSE_M.splitlines()[COMPOSE_LINE]
    change_document(
        client,
        compose,
        2,
        [
            types.TextDocumentContentChangePartial(
                range=types.Range(
                    start=types.Position(line=COMPOSE_LINE, character=0),
                    end=types.Position(line=COMPOSE_LINE, character=len(line)),
                ),
                text="",
            )
        ],
    )
    await wait_until(client, lambda: cleared(client, uri), "the Objective-C finding to clear")
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


SESSION_DOCUMENT = """{
  "format": "navd-session",
  "formatVersion": 1,
  "profile": "ios17",
  "screens": [
    {"id": "account", "title": "Account"},
    {"id": "verify", "title": "Verify", "item": {"hidesBackButton": true}}
  ]
}
"""


async def test_session_document(client: LanguageClient, tmp_path: pathlib.Path):
    """An open *.navd.json is linted as `navctl lint` lints it, under its own profile."""
    await start(client, tmp_path, progress=False)
    document = tmp_path / "verify.navd.json"
    uri = document.as_uri()
    open_document(client, document, "json", text=SESSION_DOCUMENT)
    await wait_until(client, lambda: "back-button-hidden" in codes(client, uri), "back-button-hidden in the document")
    by_code = {d.code: d for d in client.diagnostics[uri]}
    assert by_code["back-button-hidden"].severity == types.DiagnosticSeverity.Information
    assert by_code["pop-gesture-disabled"].severity == types.DiagnosticSeverity.Warning
    at = by_code["back-button-hidden"].range.start
    assert (at.line, at.character) == (6, SESSION_DOCUMENT.splitlines()[6].index('"hidesBackButton"'))

    # A document that no longer parses is one error where parsing stopped.
    change_document(client, document, 2, [types.TextDocumentContentChangeWholeDocument(text=SESSION_DOCUMENT[:-4])])
    await wait_until(
        client,
        lambda: [d.severity for d in client.diagnostics.get(uri, [])] == [types.DiagnosticSeverity.Error],
        "the load error",
    )
    fixed = SESSION_DOCUMENT.replace("true", "false")
    change_document(client, document, 3, [types.TextDocumentContentChangeWholeDocument(text=fixed)])
    await wait_until(client, lambda: cleared(client, uri), "the document's findings to clear")


async def test_file_outside_the_workspace(client: LanguageClient, tmp_path: pathlib.Path):
    """With no workspace, an open file is a project of its own, linted while it is open."""
    await start(client, None, progress=False)
    compose = tmp_path / "Compose.m"
    compose.write_text(COMPOSE_M)
    uri = compose.as_uri()
    open_document(client, compose, "objective-c")
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "a finding outside any workspace")
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await wait_until(client, lambda: cleared(client, uri), "its diagnostics cleared once it is closed")


# The wire itself, without a client library: what no well-behaved client sends.


def test_malformed_message_gets_parse_error_and_server_carries_on(raw):
    raw.write(b'{"jsonrpc": "2.0", "id": 1, "method": ')
    reply = raw.receive()
    assert reply["id"] is None
    assert reply["error"]["code"] == -32700
    raw.send({"id": 2, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    reply = raw.reply_to(2)
    assert reply["result"]["capabilities"]["textDocumentSync"]["change"] == 2


def test_request_before_initialize_and_unknown_methods(raw):
    raw.send({"id": 1, "method": "textDocument/hover", "params": {}})
    assert raw.reply_to(1)["error"]["code"] == -32002
    raw.send({"id": 2, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    assert "result" in raw.reply_to(2)
    raw.send({"method": "initialized", "params": {}})
    # Unknown notifications are ignored: no reply, and the next request is answered.
    raw.send({"method": "navd/somethingNew", "params": {}})
    raw.send({"method": "$/setTrace", "params": {"value": "verbose"}})
    raw.send({"method": "$/cancelRequest", "params": {"id": 99}})
    raw.send({"id": 3, "method": "navd/unknownRequest", "params": {}})
    reply = raw.receive()
    assert reply["id"] == 3
    assert reply["error"]["code"] == -32601
    raw.send({"id": "four", "method": "shutdown"})
    assert raw.reply_to("four")["result"] is None
    raw.send({"method": "exit"})
    assert raw.wait() == 0


def test_null_params_are_no_params(raw):
    """lsp-mode sends `exit` with `params: null`: after shutdown it ends the server with status 0."""
    raw.send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    raw.reply_to(1)
    raw.send({"method": "initialized", "params": None})
    raw.send({"id": 2, "method": "shutdown", "params": None})
    assert raw.reply_to(2)["result"] is None
    raw.send({"method": "exit", "params": None})
    assert raw.wait() == 0


def test_params_of_another_type_are_refused(raw):
    raw.send({"id": 1, "method": "initialize", "params": 7})
    reply = raw.reply_to(1)
    assert reply["error"]["code"] == -32600


def test_exit_without_shutdown_is_status_1(raw):
    raw.send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    raw.reply_to(1)
    raw.send({"method": "initialized", "params": {}})
    raw.send({"method": "exit"})
    assert raw.wait() == 1


async def test_shutdown_and_exit_through_the_client(client: LanguageClient, tmp_path: pathlib.Path):
    await start(client, tmp_path, progress=False)
    await client.shutdown_session()
    assert client._server.returncode == 0


async def test_a_reopened_file_gets_its_diagnostics_again(client: LanguageClient, podcasts: pathlib.Path):
    """A client drops a buffer's diagnostics when it closes it: opening the file again publishes them again,
    though the findings did not change."""
    await start(client, podcasts, progress=False)
    episode = podcasts / "Episode.swift"
    uri = episode.as_uri()
    open_document(client, episode, "swift")
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "pop-gesture-disabled")
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    # What the client holds is forgotten, as an editor forgets a closed buffer's.
    await asyncio.sleep(0.5)
    del client.diagnostics[uri]
    open_document(client, episode, "swift")
    await wait_until(client, lambda: "pop-gesture-disabled" in codes(client, uri), "the diagnostics of the reopened file")

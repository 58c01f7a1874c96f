"""Hover, code lens and quick fixes of `navctl lsp`, answered from the flow of the project a file belongs to.

Each fix is applied as an editor applies it (the WorkspaceEdit's text edits, then didChange), and the result is
checked twice: the server clears the diagnostic, and `navctl lint` on the edited file finds nothing.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import textwrap

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import NAVCTL
from test_lsp import TIMEOUT, change_document, cleared, codes, open_document, start, wait_until

INBOX = textwrap.dedent(
    """\
    import UIKit

    final class FxInboxViewController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Inbox"
            navigationItem.backBarButtonItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            navigationController?.pushViewController(FxMessageViewController(), animated: true)
        }
    }

    final class FxMessageViewController: UIViewController {
        var subject = ""

        override func viewDidLoad() {
            super.viewDidLoad()
            title = subject
        }
    }
    """
)
BACK_ITEM_LINE = 6  # 0-based
INBOX_CLASS_LINE = 2
MESSAGE_CLASS_LINE = 14
MESSAGE_TITLE_LINE = 19

COMPOSE_M = textwrap.dedent(
    """\
    #import <UIKit/UIKit.h>

    @interface FxDraftsViewController : UITableViewController
    @end

    @implementation FxDraftsViewController

    - (void)viewDidLoad {
        [super viewDidLoad];
        self.title = @"Drafts";
        self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"" style:UIBarButtonItemStylePlain target:nil action:nil];
    }

    - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
        [self.navigationController pushViewController:[[UIViewController alloc] init] animated:YES];
    }

    @end
    """
)
COMPOSE_LINE = 10


def project(tmp_path: pathlib.Path, profiles: str = "[ios17]") -> pathlib.Path:
    (tmp_path / ".navd.yml").write_text(f"profiles: {profiles}\n")
    return tmp_path


def uri_of(path: pathlib.Path) -> str:
    return path.as_uri()


async def hover(client: LanguageClient, path: pathlib.Path, line: int, character: int = 12):
    return await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=line, character=character),
        )
    )


async def code_actions(client: LanguageClient, path: pathlib.Path, line: int, diagnostics=None):
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)),
            context=types.CodeActionContext(diagnostics=diagnostics or []),
        )
    )


def utf16_offset(line: str, units: int) -> int:
    """The index in `line` (a Python str) of a UTF-16 offset."""
    count = 0
    for i, ch in enumerate(line):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Applies text edits as an editor does: positions in UTF-16 units, the last edit first."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def index(position: types.Position) -> int:
        if position.line >= len(lines):
            return len(text)
        return offsets[position.line] + utf16_offset(lines[position.line], position.character)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: index(edit.range.start)] + edit.new_text + text[index(edit.range.end) :]
    return text


def lint(path: pathlib.Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NAVCTL, "lint", "--no-cache", "--fail-on", "info", str(path.parent)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


async def apply_action(client: LanguageClient, path: pathlib.Path, action: types.CodeAction, text: str, version: int) -> str:
    """Applies the action's edit to the buffer and to the file, and tells the server."""
    (edits,) = action.edit.changes.values()
    assert list(action.edit.changes) == [path.as_uri()]
    edited = apply_edits(text, edits)
    change_document(client, path, version, [types.TextDocumentContentChangeWholeDocument(text=edited)])
    path.write_text(edited)
    return edited


async def test_initialize_advertises_hover_lens_and_quick_fixes(client: LanguageClient, tmp_path: pathlib.Path):
    result = await start(client, tmp_path, progress=False)
    capabilities = result.capabilities
    assert capabilities.hover_provider is True
    assert capabilities.code_lens_provider is not None and not capabilities.code_lens_provider.resolve_provider
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert list(capabilities.execute_command_provider.commands) == ["navd.showScreen"]
    assert capabilities.completion_provider is None


async def test_hover_on_a_setting_and_on_a_declaration(client: LanguageClient, tmp_path: pathlib.Path):
    inbox = project(tmp_path) / "Inbox.swift"
    inbox.write_text(INBOX)
    await start(client, tmp_path, progress=False)
    open_document(client, inbox, "swift")
    await wait_until(client, lambda: "empty-back-title-trick" in codes(client, inbox.as_uri()), "the finding")

    # The back item's line: the screen, what the line sets, and what the next screen's back button says.
    result = await hover(client, inbox, BACK_ITEM_LINE)
    assert result.contents.kind == types.MarkupKind.Markdown
    text = result.contents.value
    assert "`FxInboxViewController`" in text
    assert "`item.backItem`" in text
    assert "| iOS 17 |" in text
    assert "‹ (no text)" in text, text
    assert result.range.start.line == BACK_ITEM_LINE

    # The pushed screen: its back button goes back to the screen below, drawn narrower than it takes taps.
    result = await hover(client, inbox, MESSAGE_CLASS_LINE, 8)
    text = result.contents.value
    assert "**`FxMessageViewController`**, pushed from `FxInboxViewController`" in text
    assert "a tap pops to `FxInboxViewController`" in text
    assert "taps at x 0–" in text and "drawn at x " in text
    # Its title comes from a property at run time: the back title above it is not guessed.
    assert text.rstrip().endswith("unknown until run time |"), text

    # A line that sets nothing about a bar has no hover.
    assert await hover(client, inbox, 4) is None


async def test_code_lens_per_screen(client: LanguageClient, tmp_path: pathlib.Path):
    inbox = project(tmp_path) / "Inbox.swift"
    inbox.write_text(INBOX)
    await start(client, tmp_path, progress=False)
    open_document(client, inbox, "swift")
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=inbox.as_uri()))
    )
    by_line = {lens.range.start.line: lens.command for lens in lenses}
    assert sorted(by_line) == [INBOX_CLASS_LINE, MESSAGE_CLASS_LINE]
    assert by_line[INBOX_CLASS_LINE].title == "next screen's back: ‹ (no text) (iOS 17)"
    message = by_line[MESSAGE_CLASS_LINE].title
    assert message.startswith("next screen's back: unknown until run time · back button taps x 0–"), message
    assert by_line[MESSAGE_CLASS_LINE].command == "navd.showScreen"
    assert list(by_line[MESSAGE_CLASS_LINE].arguments) == ["FxMessageViewController"]
    # Running a lens's command is accepted; an unknown command is refused.
    assert (
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="navd.showScreen", arguments=["FxMessageViewController"])
        )
        is None
    )
    with pytest.raises(Exception, match="unknown command"):
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="navd.other"))


async def test_quick_fix_for_an_empty_back_title(client: LanguageClient, tmp_path: pathlib.Path):
    inbox = project(tmp_path) / "Inbox.swift"
    inbox.write_text(INBOX)
    await start(client, tmp_path, progress=False)
    uri = inbox.as_uri()
    open_document(client, inbox, "swift")
    await wait_until(client, lambda: "empty-back-title-trick" in codes(client, uri), "the finding")
    (diagnostic,) = client.diagnostics[uri]

    (action,) = await code_actions(client, inbox, BACK_ITEM_LINE, [diagnostic])
    assert action.title == "Use backButtonDisplayMode = .minimal"
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred is True
    assert [d.code for d in action.diagnostics] == ["empty-back-title-trick"]

    edited = await apply_action(client, inbox, action, INBOX, 2)
    assert edited.splitlines()[BACK_ITEM_LINE] == "        navigationItem.backButtonDisplayMode = .minimal"
    await wait_until(client, lambda: cleared(client, uri), "the diagnostic to clear")
    run = lint(inbox)
    assert run.returncode == 0 and run.stdout == "", run.stdout + run.stderr
    # Nothing left to fix on that line.
    assert not await code_actions(client, inbox, BACK_ITEM_LINE)


async def test_quick_fix_keeps_the_item_before_ios_14(client: LanguageClient, tmp_path: pathlib.Path):
    """backButtonDisplayMode is iOS 14's: under an older profile the fix checks availability and keeps the
    item, with the single-space title BB-8 recommends, for the versions before."""
    inbox = project(tmp_path, "[ios13, ios17]") / "Inbox.swift"
    inbox.write_text(INBOX)
    await start(client, tmp_path, progress=False)
    uri = inbox.as_uri()
    open_document(client, inbox, "swift")
    await wait_until(client, lambda: "empty-back-title-trick" in codes(client, uri), "the finding")
    (action,) = await code_actions(client, inbox, BACK_ITEM_LINE)
    edited = await apply_action(client, inbox, action, INBOX, 2)
    assert edited.splitlines()[BACK_ITEM_LINE : BACK_ITEM_LINE + 5] == [
        "        if #available(iOS 14.0, *) {",
        "            navigationItem.backButtonDisplayMode = .minimal",
        "        } else {",
        '            navigationItem.backBarButtonItem = UIBarButtonItem(title: " ", style: .plain, target: nil, action: nil)',
        "        }",
    ]
    await wait_until(client, lambda: cleared(client, uri), "the diagnostic to clear")
    run = lint(inbox)
    assert run.returncode == 0 and run.stdout == "", run.stdout + run.stderr


async def test_quick_fix_in_objective_c(client: LanguageClient, tmp_path: pathlib.Path):
    drafts = project(tmp_path) / "Drafts.m"
    drafts.write_text(COMPOSE_M)
    await start(client, tmp_path, progress=False)
    uri = drafts.as_uri()
    open_document(client, drafts, "objective-c")
    await wait_until(client, lambda: "empty-back-title-trick" in codes(client, uri), "the Objective-C finding")
    (action,) = await code_actions(client, drafts, COMPOSE_LINE)
    edited = await apply_action(client, drafts, action, COMPOSE_M, 2)
    assert (
        edited.splitlines()[COMPOSE_LINE]
        == "    self.navigationItem.backButtonDisplayMode = UINavigationItemBackButtonDisplayModeMinimal;"
    )
    await wait_until(client, lambda: cleared(client, uri), "the diagnostic to clear")
    run = lint(drafts)
    assert run.returncode == 0 and run.stdout == "", run.stdout + run.stderr


async def test_no_fix_for_a_shape_the_fix_does_not_know_whole(client: LanguageClient, tmp_path: pathlib.Path):
    """An item built over several lines is reported, but not rewritten: the edit would have to guess its end."""
    inbox = project(tmp_path) / "Inbox.swift"
    spread = INBOX.replace(
        'UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)',
        'UIBarButtonItem(\n            title: "", style: .plain, target: nil, action: nil)',
    )
    inbox.write_text(spread)
    await start(client, tmp_path, progress=False)
    open_document(client, inbox, "swift")
    await wait_until(client, lambda: "empty-back-title-trick" in codes(client, inbox.as_uri()), "the finding")
    assert not await code_actions(client, inbox, BACK_ITEM_LINE)


CANVAS = textwrap.dedent(
    """\
    import UIKit

    final class FxSketchesViewController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            navigationController?.pushViewController(FxCanvasViewController(), animated: true)
        }
    }

    final class FxCanvasViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Canvas"
            navigationController?.interactivePopGestureRecognizer?.isEnabled = false
        }
    }
    """
)


async def test_swipe_back_switched_off_on_a_pushed_screen_is_pointed_out(client: LanguageClient, tmp_path: pathlib.Path):
    canvas = project(tmp_path) / "Canvas.swift"
    canvas.write_text(CANVAS)
    await start(client, tmp_path, progress=False)
    open_document(client, canvas, "swift")
    # On the pushed screen: offered (not preferred: the app may mean it), and it removes the line.
    (action,) = await code_actions(client, canvas, 17)
    assert action.title == "Remove: keep the swipe back"
    assert action.is_preferred is False
    edited = apply_edits(CANVAS, list(action.edit.changes.values())[0])
    assert "isEnabled" not in edited.splitlines()[17] and len(edited.splitlines()) == len(CANVAS.splitlines()) - 1
    # On the screen nothing pushes, there is nothing to go back to: no action.
    assert not await code_actions(client, canvas, 5)


async def test_a_request_sees_the_change_before_it(client: LanguageClient, tmp_path: pathlib.Path):
    """A hover sent right after a change waits for that change to be read."""
    inbox = project(tmp_path) / "Inbox.swift"
    inbox.write_text(INBOX)
    await start(client, tmp_path, progress=False)
    open_document(client, inbox, "swift")
    await wait_until(client, lambda: "empty-back-title-trick" in codes(client, inbox.as_uri()), "the finding")
    lines = INBOX.splitlines()
    lines.insert(MESSAGE_TITLE_LINE + 1, "        navigationItem.hidesBackButton = true")
    change_document(client, inbox, 2, [types.TextDocumentContentChangeWholeDocument(text="\n".join(lines) + "\n")])
    result = await hover(client, inbox, MESSAGE_TITLE_LINE + 1)
    assert result is not None and "`item.hidesBackButton`" in result.contents.value


def test_a_held_request_can_be_cancelled(raw, tmp_path: pathlib.Path):
    inbox = project(tmp_path) / "Inbox.swift"
    inbox.write_text(INBOX)
    raw.send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    raw.reply_to(1)
    raw.send({"method": "initialized", "params": {}})
    position = {"textDocument": {"uri": inbox.as_uri()}, "position": {"line": BACK_ITEM_LINE, "character": 12}}
    # The hover arrives while the file just opened waits to be read: it is held, and the cancel answers it.
    raw.send_many(
        [
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": inbox.as_uri(), "languageId": "swift", "version": 1, "text": INBOX}},
            },
            {"id": 2, "method": "textDocument/hover", "params": position},
            {"method": "$/cancelRequest", "params": {"id": 2}},
            {"id": 3, "method": "textDocument/hover", "params": position},
        ]
    )
    assert raw.reply_to(2)["error"]["code"] == -32800
    # The request after it is answered once the file is read.
    assert "`FxInboxViewController`" in raw.reply_to(3, timeout=TIMEOUT)["result"]["contents"]["value"]
    raw.send({"id": 4, "method": "shutdown"})
    raw.reply_to(4)
    raw.send({"method": "exit"})
    assert raw.wait() == 0


SESSION = """{
  "format": "navd-session",
  "formatVersion": 1,
  "profile": "ios17",
  "screens": [
    {"id": "account", "title": "Account"},
    {"id": "security", "title": "Security and Privacy"},
    {"id": "verify", "title": "Verify"}
  ]
}
"""


async def test_hover_and_lenses_in_a_session_document(client: LanguageClient, tmp_path: pathlib.Path):
    """A session document's screens answer as the source's do, from the document's own model and profile."""
    document = tmp_path / "account.navd.json"
    document.write_text(SESSION)
    await start(client, tmp_path, progress=False)
    open_document(client, document, "json")
    uri = document.as_uri()
    await wait_until(client, lambda: uri in client.diagnostics, "the document's diagnostics")

    # The line of the second screen: pushed on the first, its back button says the first's title, and the back
    # title of the screen after it is its own.
    result = await hover(client, document, 6, 8)
    text = result.contents.value
    assert "**`security`**, pushed from `account`" in text
    assert "a tap pops to `account`" in text
    assert "| iOS 17 |" in text
    # What navctl's back-title says for the screen after it, on the same document, is what the hover says.
    back = json.loads(
        subprocess.run(
            [NAVCTL, "back-title", "--file", str(document), "--screen", "verify", "--json"],
            capture_output=True, text=True, timeout=TIMEOUT, check=True,
        ).stdout
    )
    expected = f"‹ {back['title']}" + (" (the title did not fit)" if back["truncated"] else "")
    assert text.rstrip().endswith(f"| {expected} |"), text
    # Above the screens there is none.
    assert await hover(client, document, 1, 2) is None

    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [lens.range.start.line for lens in lenses] == [5, 6, 7]
    assert [lens.command.arguments[0] for lens in lenses] == ["account", "security", "verify"]
    assert lenses[0].command.title.startswith("next screen's back: ‹ Account")


async def test_hover_colours_are_the_tint_engines(client: LanguageClient, tmp_path: pathlib.Path):
    """The bar colour a hover reports is the one tint/resolve gives (a gradient's first colour here), not a
    second rule of the server's own."""
    document = tmp_path / "gradient.navd.json"
    document.write_text(
        '{"format": "navd-session", "formatVersion": 1, "profile": "ios17",\n'
        ' "bar": {"gradient": ["#FF2D55", "#5856D6"]},\n'
        ' "screens": [\n  {"id": "feed", "title": "Feed"}\n ]}\n'
    )
    await start(client, tmp_path, progress=False)
    open_document(client, document, "json")
    await wait_until(client, lambda: document.as_uri() in client.diagnostics, "the document's diagnostics")
    tint = json.loads(
        subprocess.run(
            [NAVCTL, "tint", "--file", str(document), "--json"], capture_output=True, text=True, timeout=TIMEOUT, check=True
        ).stdout
    )
    assert tint["background"] == "#FF2D55"
    result = await hover(client, document, 3, 4)
    assert f"on {tint['background']}:" in result.contents.value, result.contents.value

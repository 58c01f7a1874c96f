"""navd_client.lint and assert_no_diagnostics against the real navctl (``navctl lint``)."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from navd_client import (Diagnostic, DocumentError, LintError, LintFailed, LoadError, Rect,
                         assert_no_diagnostics, find_navctl_binary, lint)


def document(*screens, profile="ios17", policies=None):
    doc = {"format": "navd-session", "formatVersion": 1, "profile": profile, "screens": list(screens)}
    if policies:
        doc["policies"] = policies
    return doc


CLEAN = document({"id": "a", "title": "Inbox"}, {"id": "b", "title": "B"})
CUSTOM_BACK = document({"id": "a", "title": "Inbox"}, {"id": "b", "title": "B", "backAction": "custom"})
LEFT_ITEM = document({"id": "a", "title": "Inbox"},
                     {"id": "b", "title": "B", "item": {"leftItems": [{"id": "close", "title": "Close"}]}})
# A mask over the back button is never installed after iOS 10: the custom action is never called.
MASKED = document({"id": "a", "title": "Inbox"}, {"id": "b", "title": "B", "backAction": "custom"},
                  policies={"backInterception": "mask"})
SMALL_ITEM = document({"id": "a", "title": "Inbox"},
                      {"id": "b", "title": "B",
                       "item": {"rightItems": [{"id": "dot", "customView": {"width": 10, "height": 10}}]}})

# Written by hand so that the lines are known: screen 'b' opens on line 6.
CUSTOM_BACK_TEXT = """{
  "format": "navd-session",
  "formatVersion": 1,
  "profile": "ios17",
  "screens": [{"id": "a", "title": "Inbox"},
    {"id": "b", "title": "B", "backAction": "custom"}]
}
"""


def line_of(text, needle):
    """1-based line and column (in characters) of the first ``needle`` in ``text``."""
    index = text.index(needle)
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def write(path: Path, value) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(value if isinstance(value, str) else json.dumps(value, indent=2) + "\n", encoding="utf-8")
    return path


def navctl_text(*args):
    """What ``navctl lint --format text`` prints, as (exit status, stdout lines, stderr lines)."""
    done = subprocess.run([find_navctl_binary(), "lint", "--format", "text", *args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return done.returncode, done.stdout.splitlines(), done.stderr.splitlines()


def test_a_clean_document_has_no_findings(tmp_path):
    assert lint(write(tmp_path / "clean.navd.json", CLEAN)) == []
    assert lint(CLEAN) == []


def test_a_custom_back_action_the_swipe_bypasses(tmp_path):
    path = write(tmp_path / "custom.navd.json", CUSTOM_BACK_TEXT)
    findings = lint(str(path))
    assert [(d.code, d.severity, d.screen_id, d.profile) for d in findings] == [
        ("custom-back-unreachable", "warning", "b", "ios17")]
    found = findings[0]
    assert isinstance(found, Diagnostic)
    assert found.file == str(path)
    assert (found.line, found.column) == (6, 5)
    assert found.path == "screens[1]"
    assert "custom back action" in found.message
    assert found.item_id is None


def test_a_custom_left_item_stops_the_swipe():
    findings = lint(LEFT_ITEM)
    assert [(d.code, d.screen_id) for d in findings] == [("pop-gesture-disabled", "b")]
    assert "swipe-back is stopped" in findings[0].message


def test_an_error_and_an_item_with_its_rect():
    masked = lint(MASKED)
    assert ("custom-back-unreachable", "error") in [(d.code, d.severity) for d in masked]
    small = [d for d in lint(SMALL_ITEM) if d.code == "touch-target-small"]
    assert len(small) == 1
    # Placed at the item's object, the line before its id.
    text = json.dumps(SMALL_ITEM, indent=2) + "\n"
    assert small[0].line == line_of(text, '"id": "dot"')[0] - 1
    assert small[0].path == "screens[1].item.rightItems[0]"
    assert small[0].item_id == "dot"
    assert small[0].rect is not None and isinstance(small[0].rect, Rect)
    assert (small[0].rect.width, small[0].rect.height) == (10, 10)


def test_a_document_is_linted_from_stdin_under_its_name():
    findings = lint(CUSTOM_BACK, stdin_name="Screens/Checkout.navd.json")
    assert [d.file for d in findings] == ["Screens/Checkout.navd.json"]
    # The document is sent as indented JSON; the finding points at screen 'b' in that text.
    text = json.dumps(CUSTOM_BACK, indent=2) + "\n"
    line, column = line_of(text, '"id": "b"')
    assert (findings[0].line, findings[0].column) == (line - 1, column - 2)
    assert text.splitlines()[line - 2].strip() == "{"
    assert findings[0].path == "screens[1]"
    assert lint(CUSTOM_BACK)[0].file == "document.navd.json"


def test_profiles_select_the_generations_linted():
    every = lint(CUSTOM_BACK, profiles="all")
    profiles = {d.profile for d in every}
    assert {"ios10", "ios17", "ios26"} <= profiles
    two = lint(CUSTOM_BACK, profiles=["ios10", "ios26"])
    assert {d.profile for d in two} == {"ios10", "ios26"}
    assert {d.profile for d in lint(CUSTOM_BACK, profiles="ios11")} == {"ios11"}


def test_a_folder_is_searched_for_navd_json_files(tmp_path):
    write(tmp_path / "clean.navd.json", CLEAN)
    write(tmp_path / "deep" / "er" / "custom.navd.json", CUSTOM_BACK)
    write(tmp_path / "left.navd.json", LEFT_ITEM)
    write(tmp_path / "ignored.json", LEFT_ITEM)
    findings = lint(tmp_path)
    by_file = {(Path(d.file).name, d.code) for d in findings}
    assert by_file == {("custom.navd.json", "custom-back-unreachable"),
                       ("left.navd.json", "pop-gesture-disabled")}


def test_invalid_json_raises_with_the_place(tmp_path):
    path = write(tmp_path / "broken.navd.json", '{\n  "format": "navd-session",\n  "screens": [\n}\n')
    with pytest.raises(DocumentError) as caught:
        lint(path)
    error = caught.value
    assert len(error.errors) == 1
    load = error.errors[0]
    assert isinstance(load, LoadError)
    assert load.file == str(path)
    assert load.line == 4
    assert load.path is None
    assert f"{path}:4:" in str(error)
    assert error.returncode == 2


def test_a_bad_member_raises_with_its_json_path(tmp_path):
    text = ('{"format": "navd-session", "formatVersion": 1, "profile": "ios17",\n'
            ' "screens": [{"id": "a", "title": "Inbox"},\n'
            '  {"id": "b", "title": "B", "bar": {"barTintColor": "not a colour"}}]}\n')
    path = write(tmp_path / "bad.navd.json", text)
    with pytest.raises(DocumentError) as caught:
        lint(path)
    load = caught.value.errors[0]
    assert load.path == "screens[1].bar.barTintColor"
    assert (load.line, load.column) == line_of(text, '"barTintColor"')
    assert load.text().startswith(f"{path}:3:{load.column}: error: ")


def test_columns_count_characters_not_bytes(tmp_path):
    text = ('{"format": "navd-session", "formatVersion": 1, "profile": "ios17", "screens": '
            '[{"id": "ä", "title": "Ünïcödé 🚀"}, {"id": "b", "title": "B", "bar": {"barTintColor": 7}}]}\n')
    path = write(tmp_path / "unicode.navd.json", text)
    with pytest.raises(DocumentError) as caught:
        lint(path)
    load = caught.value.errors[0]
    assert load.line == 1
    assert load.column == line_of(text, '"barTintColor"')[1]
    # In bytes it would be further right.
    assert load.column < len(text[:text.index('"barTintColor"')].encode("utf-8"))


def test_one_bad_document_in_a_folder_keeps_the_others_findings(tmp_path):
    write(tmp_path / "custom.navd.json", CUSTOM_BACK)
    write(tmp_path / "broken.navd.json", "{")
    with pytest.raises(DocumentError) as caught:
        lint(tmp_path)
    assert [Path(e.file).name for e in caught.value.errors] == ["broken.navd.json"]
    assert [d.code for d in caught.value.diagnostics] == ["custom-back-unreachable"]


def test_fail_on_raises_when_navctl_says_so():
    assert [d.code for d in lint(CUSTOM_BACK, fail_on="error")] == ["custom-back-unreachable"]
    assert lint(CUSTOM_BACK, fail_on="never")
    with pytest.raises(LintFailed) as caught:
        lint(CUSTOM_BACK, fail_on="warning")
    assert [d.code for d in caught.value.failing] == ["custom-back-unreachable"]
    assert caught.value.returncode == 1
    with pytest.raises(LintFailed):
        lint(CUSTOM_BACK, fail_on="info")
    with pytest.raises(ValueError):
        lint(CUSTOM_BACK, fail_on="sometimes")


def test_navctl_refusing_the_arguments_is_a_lint_error():
    with pytest.raises(LintError) as caught:
        lint(CUSTOM_BACK, profiles="ios3")
    assert not isinstance(caught.value, (DocumentError, LintFailed))
    assert caught.value.returncode == 2


def test_a_missing_file_is_not_silently_clean(tmp_path):
    with pytest.raises(DocumentError) as caught:
        lint(tmp_path / "nothing.navd.json")
    assert caught.value.returncode == 2
    assert [(e.file, e.line, e.column) for e in caught.value.errors] == [(str(tmp_path / "nothing.navd.json"), 1, 1)]
    with pytest.raises(DocumentError):
        assert_no_diagnostics(tmp_path / "nothing.navd.json")


def test_text_is_what_navctl_prints(tmp_path):
    write(tmp_path / "custom.navd.json", CUSTOM_BACK)
    write(tmp_path / "left.navd.json", LEFT_ITEM)
    write(tmp_path / "small.navd.json", SMALL_ITEM)
    status, printed, _ = navctl_text("--profile", "ios10,ios17", "--fail-on", "never", str(tmp_path))
    assert status == 0
    ours = [d.text() for d in lint(tmp_path, profiles="ios10,ios17")]
    assert ours and sorted(ours) == sorted(printed)


def test_load_error_text_is_what_navctl_prints(tmp_path):
    path = write(tmp_path / "broken.navd.json", '{"format": "navd-session",\n "screens": 7}\n')
    status, _, stderr = navctl_text(str(path))
    assert status == 2
    with pytest.raises(DocumentError) as caught:
        lint(path)
    assert [e.text() for e in caught.value.errors] == [line for line in stderr if line.startswith(str(path))]


def test_find_navctl_binary(tmp_path, monkeypatch):
    assert find_navctl_binary("/opt/navctl") == "/opt/navctl"
    monkeypatch.setenv("NAVCTL_BIN", "/from/env/navctl")
    assert find_navctl_binary() == "/from/env/navctl"
    monkeypatch.delenv("NAVCTL_BIN")
    built = tmp_path / "repo" / ".build" / "debug" / "navctl"
    built.parent.mkdir(parents=True)
    built.write_text("#!/bin/sh\n")
    built.chmod(0o755)
    inner = tmp_path / "repo" / "clients" / "python"
    inner.mkdir(parents=True)
    assert find_navctl_binary(start=inner) == str(built)
    on_path = tmp_path / "bin"
    on_path.mkdir()
    (on_path / "navctl").write_text("#!/bin/sh\n")
    (on_path / "navctl").chmod(0o755)
    monkeypatch.setenv("PATH", str(on_path))
    assert find_navctl_binary(start=tmp_path / "bin") == str(on_path / "navctl")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(FileNotFoundError):
        find_navctl_binary(start=tmp_path / "bin")


def test_no_navctl_anywhere_is_a_lint_error(tmp_path, monkeypatch):
    """lint() promises LintError when navctl cannot run, a missing navctl included."""
    monkeypatch.delenv("NAVCTL_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LintError) as caught:
        lint(CLEAN)
    assert "navctl not found" in str(caught.value)
    assert isinstance(caught.value, FileNotFoundError)


def test_an_explicit_navctl_is_used(tmp_path):
    with pytest.raises(LintError) as caught:
        lint(CLEAN, navctl=str(tmp_path / "no-navctl"))
    assert "no-navctl" in str(caught.value)
    assert lint(CUSTOM_BACK, navctl=find_navctl_binary())


def test_assert_no_diagnostics_passes_a_clean_document(tmp_path):
    assert_no_diagnostics(CLEAN)
    assert_no_diagnostics(write(tmp_path / "clean.navd.json", CLEAN), profiles="all")
    # Warnings only: the threshold decides.
    assert_no_diagnostics(CUSTOM_BACK, min_severity="error")


def test_assert_no_diagnostics_lists_the_findings_as_navctl_prints_them(tmp_path):
    path = write(tmp_path / "left.navd.json", LEFT_ITEM)
    with pytest.raises(AssertionError) as caught:
        assert_no_diagnostics(path, profiles=["ios10", "ios17"])
    message = str(caught.value)
    status, printed, _ = navctl_text("--profile", "ios10,ios17", str(path))
    assert status == 0
    assert len(printed) == 2
    for line in printed:
        assert line in message.splitlines()
    assert message.splitlines()[0] == "2 findings at or above warning:"
    with pytest.raises(AssertionError) as caught:
        assert_no_diagnostics(MASKED, min_severity="error")
    assert "[custom-back-unreachable]" in str(caught.value)
    assert "warning:" not in str(caught.value).split("\n", 1)[1]
    with pytest.raises(DocumentError):
        assert_no_diagnostics({"format": "navd-session", "screens": 7})
    with pytest.raises(ValueError):
        assert_no_diagnostics(CLEAN, min_severity="fatal")


def test_assert_no_diagnostics_in_a_test_run(pytester):
    write(pytester.path / "screens" / "left.navd.json", LEFT_ITEM)
    write(pytester.path / "screens" / "clean.navd.json", CLEAN)
    pytester.makepyfile("""
        from navd_client import assert_no_diagnostics

        def test_clean():
            assert_no_diagnostics("screens/clean.navd.json", profiles="all")

        def test_left():
            assert_no_diagnostics("screens/left.navd.json")
    """)
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.re_match_lines([
        r".*AssertionError: 1 finding at or above warning:$",
        r".*screens/left\.navd\.json:\d+:\d+: warning: .* " + re.escape("[pop-gesture-disabled] (screen 'b', ios17)") + "$",
    ])

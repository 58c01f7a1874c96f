"""Importing what a running app prints into a session document with ``navctl import``, in process.

>>> from navd_client import import_tree, assert_no_diagnostics
>>> document = import_tree(driver.page_source)      # an Appium session, at the screen under test
>>> assert_no_diagnostics(document)

The text may be an Appium page source (XML), WebDriverAgent's JSON source, an XCUITest element tree
(``po app``, ``XCUIApplication().debugDescription``) or an lldb ``recursiveDescription``: navctl tells
them apart by their content. What the text cannot show is guessed; each guess is a sentence of the
document's ``notes``.
"""

import json
import subprocess
from typing import Any, Dict, Optional

from .lint import LintError, find_navctl_binary


class ImportFailed(LintError):
    """navctl could not read the text: ``line`` (1-based; 0 when not on one line) and ``message``
    say where and why, as ``navctl import`` prints them (``<stdin>:LINE: error: MESSAGE``)."""

    def __init__(self, message: str, *, line: int = 0, returncode: Optional[int] = None, stderr: str = ""):
        super().__init__(message, returncode=returncode, stderr=stderr)
        self.line = line


def import_tree(text: str, *, profile: Optional[str] = None, navctl: Optional[str] = None,
                timeout: float = 60.0) -> Dict[str, Any]:
    """The session document ``navctl import -`` makes of ``text``.

    ``profile``: ``None`` (the one the text suggests), a profile (``"ios17"``) or an iOS version
    written as one (``"ios18"``). ``navctl``: the executable (default: :func:`find_navctl_binary`).

    Raises :class:`ImportFailed` when navctl refuses the text, and :class:`LintError` when it cannot
    run.
    """
    if not isinstance(text, str):
        raise TypeError(f"import_tree takes the text as str, not {type(text).__name__}")
    command = [find_navctl_binary(navctl), "import", "-"]
    if profile is not None:
        command += ["--profile", profile]
    try:
        done = subprocess.run(command, input=text.encode("utf-8"), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    except OSError as error:
        raise LintError(f"cannot run {command[0]}: {error}") from error
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode != 0:
        first = next((line for line in stderr.splitlines() if ": error: " in line), stderr.strip())
        where, _, message = first.partition(": error: ")
        line = where.rsplit(":", 1)[-1]
        raise ImportFailed(message or first, line=int(line) if line.isdigit() else 0,
                           returncode=done.returncode, stderr=stderr)
    try:
        document = json.loads(done.stdout.decode("utf-8"))
    except ValueError as error:
        raise LintError(f"navctl import printed something other than a document ({error})",
                        returncode=done.returncode, stderr=stderr) from error
    if not isinstance(document, dict):
        raise LintError(f"navctl import printed {type(document).__name__}, not a document",
                        returncode=done.returncode, stderr=stderr)
    return document


__all__ = ["ImportFailed", "import_tree"]

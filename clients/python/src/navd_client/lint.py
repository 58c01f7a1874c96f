"""Linting session documents (``*.navd.json``) with ``navctl lint``, in process: no daemon needed.

>>> from navd_client import lint
>>> for finding in lint("screens/checkout.navd.json", profiles="all"):
...     print(finding)        # checkout.navd.json:12:7: warning: ... [pop-gesture-disabled] (screen 'b', ios17)

A document may also be given as a dict; it is written to navctl's standard input as indented
JSON, so the lines and columns point into that text, under the name ``stdin_name``.
"""

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

SEVERITIES = ("info", "warning", "error")
"""Severities from the least to the most severe."""

FAIL_ON = ("error", "warning", "info", "never")

PathOrDocument = Union[str, "os.PathLike[str]", Mapping[str, Any]]
Profiles = Union[None, str, Iterable[str]]

DEFAULT_STDIN_NAME = "document.navd.json"


def find_navctl_binary(explicit: Optional[str] = None, start: Optional[Path] = None) -> str:
    """The navctl executable: ``explicit``, else ``$NAVCTL_BIN``, else ``.build/debug/navctl`` in
    this directory or a parent of it, else ``navctl`` on ``PATH``.
    """
    if explicit:
        return str(explicit)
    from_env = os.environ.get("NAVCTL_BIN")
    if from_env:
        return from_env
    here = (start or Path.cwd()).resolve()
    for directory in [here, *here.parents]:
        candidate = directory / ".build" / "debug" / "navctl"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    on_path = shutil.which("navctl")
    if on_path:
        return on_path
    raise NavctlNotFound("navctl not found: build it with `swift build`, or set NAVCTL_BIN")


@dataclass(frozen=True)
class Rect:
    """A rectangle in window points (origin top-left, y down)."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Diagnostic:
    """One finding of ``navctl lint``: where (1-based line, column in characters), under which
    profile, about which screen (and item), and what."""

    file: str
    line: int
    column: int
    profile: str
    screen_id: str
    code: str
    severity: str
    message: str
    item_id: Optional[str] = None
    rect: Optional[Rect] = None
    #: The JSON path of the member the finding is placed at (``screens[1]``), when navctl gives it.
    path: Optional[str] = None

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> "Diagnostic":
        rect = entry.get("rect")
        return cls(file=entry["file"], line=int(entry["line"]), column=int(entry["column"]),
                   profile=entry.get("profile", ""), screen_id=entry.get("screenId", ""),
                   code=entry["code"], severity=entry["severity"], message=entry["message"],
                   item_id=entry.get("itemId"),
                   rect=Rect(rect["x"], rect["y"], rect["width"], rect["height"]) if rect else None,
                   path=entry.get("path"))

    def text(self) -> str:
        """The finding as ``navctl lint --format text`` prints it."""
        return (f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message} "
                f"[{self.code}] (screen '{self.screen_id}', {self.profile})")

    def __str__(self) -> str:
        return self.text()

    def at_least(self, severity: str) -> bool:
        """True when this finding is ``severity`` or more severe."""
        return SEVERITIES.index(self.severity) >= SEVERITIES.index(_check_severity(severity))


@dataclass(frozen=True)
class LoadError:
    """A document that could not be loaded: invalid JSON, or a member the decoder refused
    (``path`` is its JSON path, such as ``screens[1].bar.barTintColor``)."""

    file: str
    line: int
    column: int
    message: str
    path: Optional[str] = None

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> "LoadError":
        return cls(file=entry["file"], line=int(entry["line"]), column=int(entry["column"]),
                   message=entry["message"], path=entry.get("path"))

    def text(self) -> str:
        """The error as ``navctl lint`` prints it on stderr."""
        return f"{self.file}:{self.line}:{self.column}: error: {self.message}"

    def __str__(self) -> str:
        return self.text()


class LintError(Exception):
    """navctl could not lint: it is missing, was misused, or answered something unreadable."""

    def __init__(self, message: str, *, returncode: Optional[int] = None, stderr: str = ""):
        super().__init__(message)
        self.returncode = returncode
        self.stderr = stderr


class NavctlNotFound(LintError, FileNotFoundError):
    """No navctl to run: neither given, nor in ``$NAVCTL_BIN``, ``.build/debug`` above, or ``PATH``. A
    :class:`LintError`, as every failure to lint is, and a ``FileNotFoundError``, as it was."""

    def __init__(self, message: str):
        LintError.__init__(self, message)


class DocumentError(LintError):
    """One or more documents could not be loaded. ``errors`` lists them (:class:`LoadError`);
    ``diagnostics`` holds the findings in the documents that did load."""

    def __init__(self, errors: Sequence[LoadError], diagnostics: Sequence[Diagnostic] = (),
                 *, returncode: Optional[int] = None, stderr: str = ""):
        lines = "\n".join(error.text() for error in errors)
        count = len(errors)
        super().__init__(f"{count} document{'s' if count != 1 else ''} could not be loaded:\n{lines}",
                         returncode=returncode, stderr=stderr)
        self.errors: List[LoadError] = list(errors)
        self.diagnostics: List[Diagnostic] = list(diagnostics)


class LintFailed(LintError):
    """navctl found something at or above ``fail_on`` (its exit status 1): ``diagnostics`` lists
    every finding, ``failing`` those at or above the threshold."""

    def __init__(self, diagnostics: Sequence[Diagnostic], fail_on: str):
        self.diagnostics: List[Diagnostic] = list(diagnostics)
        self.failing: List[Diagnostic] = [d for d in diagnostics
                                          if fail_on in SEVERITIES and d.at_least(fail_on)]
        self.fail_on = fail_on
        super().__init__(_summary(self.failing, fail_on), returncode=1)


def _check_severity(severity: str) -> str:
    if severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {', '.join(SEVERITIES)}, not {severity!r}")
    return severity


def _profile_argument(profiles: Profiles) -> Optional[str]:
    if profiles is None:
        return None
    if isinstance(profiles, str):
        return profiles
    joined = ",".join(profiles)
    if not joined:
        raise ValueError("profiles is empty")
    return joined


def _summary(findings: Sequence[Diagnostic], severity: str) -> str:
    count = len(findings)
    head = f"{count} finding{'s' if count != 1 else ''} at or above {severity}"
    return head + (":\n" + "\n".join(d.text() for d in findings) if findings else "")


def lint_command(targets: Sequence[str], *, profiles: Profiles = None, fail_on: Optional[str] = None,
                 stdin_name: Optional[str] = None, navctl: Optional[str] = None) -> List[str]:
    """The ``navctl lint --format json`` command line for ``targets`` (paths, or ``-``)."""
    command = [find_navctl_binary(navctl), "lint", "--format", "json"]
    profile = _profile_argument(profiles)
    if profile is not None:
        command += ["--profile", profile]
    command += ["--fail-on", fail_on or "never"]
    if stdin_name is not None:
        command += ["--stdin-name", stdin_name]
    command += list(targets)
    return command


def lint(path_or_document: PathOrDocument, profiles: Profiles = None, fail_on: Optional[str] = None,
         navctl: Optional[str] = None, *, stdin_name: str = DEFAULT_STDIN_NAME,
         timeout: float = 60.0) -> List[Diagnostic]:
    """Lints a session document and returns its findings, in navctl's order.

    ``path_or_document``: a ``*.navd.json`` file or a folder (searched recursively), as ``str``
    or :class:`~pathlib.Path`, or a document as a dict (linted under the name ``stdin_name``).
    ``profiles``: ``None`` (each document's own profile), ``"all"``, ``"ios10,ios17"`` or a list
    of profile names. ``fail_on``: ``None`` or ``"never"`` returns every finding; ``"error"``,
    ``"warning"`` or ``"info"`` raises :class:`LintFailed` when a finding is that severe or more.
    ``navctl``: the executable (default: :func:`find_navctl_binary`).

    Raises :class:`DocumentError` (with ``errors``) when a document cannot be loaded, and
    :class:`LintError` when navctl cannot run or refuses the arguments.
    """
    if fail_on is not None and fail_on not in FAIL_ON:
        raise ValueError(f"fail_on must be one of {', '.join(FAIL_ON)}, not {fail_on!r}")
    if isinstance(path_or_document, Mapping):
        text = json.dumps(path_or_document, indent=2, ensure_ascii=False) + "\n"
        command = lint_command(["-"], profiles=profiles, fail_on=fail_on, stdin_name=stdin_name,
                               navctl=navctl)
        stdin = text.encode("utf-8")
    elif isinstance(path_or_document, (str, os.PathLike)):
        command = lint_command([os.fspath(path_or_document)], profiles=profiles, fail_on=fail_on,
                               navctl=navctl)
        stdin = None
    else:
        raise TypeError(f"lint takes a path or a document (dict), not {type(path_or_document).__name__}")
    try:
        done = subprocess.run(command, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=None if stdin is not None else subprocess.DEVNULL, timeout=timeout)
    except OSError as error:
        raise LintError(f"cannot run {command[0]}: {error}") from error
    stderr = done.stderr.decode("utf-8", "replace")
    report = _parse_report(done.stdout, done.returncode, stderr)
    diagnostics = [Diagnostic.from_json(entry) for entry in report.get("diagnostics", [])]
    errors = [LoadError.from_json(entry) for entry in report.get("errors", [])]
    if errors:
        raise DocumentError(errors, diagnostics, returncode=done.returncode, stderr=stderr)
    if done.returncode == 2:
        raise LintError(f"navctl lint failed (exit 2): {stderr.strip()}", returncode=2, stderr=stderr)
    if done.returncode not in (0, 1):
        raise LintError(f"navctl lint exited with {done.returncode}: {stderr.strip()}",
                        returncode=done.returncode, stderr=stderr)
    if done.returncode == 1:
        raise LintFailed(diagnostics, fail_on or "never")
    return diagnostics


def _parse_report(stdout: bytes, returncode: int, stderr: str) -> Dict[str, Any]:
    text = stdout.decode("utf-8", "replace").strip()
    if not text:
        raise LintError(f"navctl lint printed no report (exit {returncode}): {stderr.strip()}",
                        returncode=returncode, stderr=stderr)
    try:
        report = json.loads(text)
    except ValueError as error:
        raise LintError(f"navctl lint printed something other than one JSON object ({error}): "
                        f"{text[:200]}", returncode=returncode, stderr=stderr) from error
    if not isinstance(report, dict):
        raise LintError(f"navctl lint printed {type(report).__name__}, not an object",
                        returncode=returncode, stderr=stderr)
    return report


def assert_no_diagnostics(path_or_document: PathOrDocument, profiles: Profiles = None,
                          min_severity: str = "warning", navctl: Optional[str] = None) -> None:
    """Fails (``AssertionError``) when the document has a finding of ``min_severity`` or worse.

    The message lists those findings one a line, as ``navctl lint --format text`` prints them.
    A document that cannot be loaded raises :class:`DocumentError`.
    """
    _check_severity(min_severity)
    findings = [d for d in lint(path_or_document, profiles=profiles, navctl=navctl)
                if d.at_least(min_severity)]
    if findings:
        raise AssertionError(_summary(findings, min_severity))


__all__ = [
    "DEFAULT_STDIN_NAME",
    "Diagnostic",
    "DocumentError",
    "LintError",
    "LintFailed",
    "LoadError",
    "Rect",
    "SEVERITIES",
    "assert_no_diagnostics",
    "find_navctl_binary",
    "lint",
    "lint_command",
]

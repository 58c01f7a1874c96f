#!/usr/bin/env python3
"""Runs the shell blocks of README.md and docs/*.md against the built binaries (make test-doc), as rustdoc runs
a crate's examples: a block that no longer works, or whose shown output no longer matches, fails.

What is run:
- every ```sh, ```bash and ```shell block, line by line: a line and its continuations (a trailing backslash, an
  open quote) make one command, run by bash in the block's shell;
- every ```console block: each `$ COMMAND` line is run, and the lines after it, up to the next `$`, are its output.

What is checked:
- every command exits 0, except the last one of a block marked `status N`, which exits N;
- `#→ TEXT`, on a line of its own or after a command, is text the command before it prints (stdout or stderr);
- an unlabelled block right after an sh block (blank lines between at most) is what the block's last command
  prints on stdout, line for line;
- a console command's output lines, line for line.
In expected text, `…` stands for any run of characters within a line. Other `#` comments are prose.

Each block runs in a fresh temporary folder that links every top-level entry of the checkout (so relative paths
such as examples/ and .build/debug/navctl work, and files a block writes stay there), with HOME, XDG_RUNTIME_DIR
and XDG_CACHE_HOME inside it, the binaries' folder first on PATH, stdin from /dev/null, and a navd of its own
serving on the default socket ($XDG_RUNTIME_DIR/navd/navd.sock), so session ids start at s1.

HTML comments on the lines right above a block's fence direct it:
- `<!-- doctest: skip (REASON) -->`: not run; the reason is required (Xcode, another editor, macOS, a daemon in
  the foreground, an install into system paths...);
- `<!-- doctest: continue -->`: runs in the shell, folder and daemon of the block before it, after it;
- `<!-- doctest: status N -->`: the block's last command exits N (e.g. 1 for navctl lint's error findings).
"""
import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_LANGS = {"sh", "bash", "shell"}
FENCE = re.compile(r"^(\s*)```\s*([\w+-]*)\s*$")
DIRECTIVE = re.compile(r"^\s*<!--\s*doctest:\s*(.*?)\s*-->\s*$")
GROUP_TIMEOUT = 180


class Block:
    def __init__(self, path, line, lang, lines):
        self.path, self.line, self.lang, self.lines = path, line, lang, lines
        self.skip = None
        self.cont = False
        self.status = 0
        self.output = None  # the shown output of the last command (an unlabelled block after this one)

    @property
    def where(self):
        return f"{self.path.relative_to(ROOT)}:{self.line}"


class Command:
    def __init__(self, block, line, text, expected_lines=None):
        self.block, self.line, self.text = block, line, text
        self.contains = []  # #→ texts
        self.expected_lines = expected_lines  # exact output lines (console), or None
        self.status = 0

    @property
    def where(self):
        return f"{self.block.path.relative_to(ROOT)}:{self.line}"


def parse_directives(lines, fence_index, where):
    """The doctest comments on the lines right above the fence at `fence_index`."""
    found = []
    i = fence_index - 1
    while i >= 0 and DIRECTIVE.match(lines[i]):
        found.append(DIRECTIVE.match(lines[i]).group(1))
        i -= 1
    skip, cont, status = None, False, 0
    for text in found:
        if text.startswith("skip"):
            reason = re.fullmatch(r"skip\s*\((.+)\)", text)
            if not reason:
                raise SystemExit(f"{where}: a skip needs its reason: <!-- doctest: skip (REASON) -->")
            skip = reason.group(1)
        elif text == "continue":
            cont = True
        elif re.fullmatch(r"status \d+", text):
            status = int(text.split()[1])
        else:
            raise SystemExit(f"{where}: unknown doctest directive '{text}' (skip (REASON), continue, status N)")
    return skip, cont, status


def blocks_of(path):
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks = []
    i = 0
    previous_runnable_end = None
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                previous_runnable_end = None if not DIRECTIVE.match(lines[i]) else previous_runnable_end
            i += 1
            continue
        indent, lang = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        body = [l[len(indent):] if l.startswith(indent) else l for l in lines[i + 1:j]]
        where = f"{path.relative_to(ROOT)}:{i + 1}"
        if lang in RUN_LANGS or lang == "console":
            block = Block(path, i + 1, lang, body)
            block.skip, block.cont, block.status = parse_directives(lines, i, where)
            blocks.append(block)
            previous_runnable_end = block if lang in RUN_LANGS else None
        elif lang == "" and previous_runnable_end is not None:
            previous_runnable_end.output = (i + 1, body)
            previous_runnable_end = None
        else:
            previous_runnable_end = None
        i = j + 1
    return blocks


def commands_of(block):
    """The commands of a block, each with what it must print."""
    commands = []
    if block.lang == "console":
        current = None
        for offset, line in enumerate(block.lines):
            if line.startswith("$ "):
                text, contains = split_expectation(line[2:])
                current = Command(block, block.line + 1 + offset, text, expected_lines=[])
                if contains:
                    current.contains.append(contains)
                commands.append(current)
            elif current is not None:
                current.expected_lines.append(line)
            elif line.strip():
                raise SystemExit(f"{block.where}: a console block starts with a `$ ` command line")
    else:
        pending = []
        start = None
        for offset, line in enumerate(block.lines):
            number = block.line + 1 + offset
            stripped = line.strip()
            if not pending and stripped.startswith("#→"):
                if not commands:
                    raise SystemExit(f"{block.where}: '#→' before any command")
                commands[-1].contains.append(stripped[2:].strip())
                continue
            if not pending and (not stripped or stripped.startswith("#")):
                continue
            if not pending:
                start = number
            pending.append(line)
            text = "\n".join(pending)
            if text.endswith("\\") or not complete(text):
                continue
            command_text, contains = split_expectation(text)
            command = Command(block, start, command_text)
            if contains:
                command.contains.append(contains)
            commands.append(command)
            pending = []
        if pending:
            raise SystemExit(f"{block.where}: the command from line {start} does not end (an open quote?)")
    if commands:
        commands[-1].status = block.status
    return commands


def complete(text):
    try:
        shlex.split(text, comments=True)
        return True
    except ValueError:
        return False


def split_expectation(text):
    """`COMMAND  #→ TEXT` → (COMMAND, TEXT); a `#→` inside quotes is part of the command."""
    index = text.find("#→")
    while index != -1:
        head = text[:index]
        if complete(head) and (index == 0 or head[-1].isspace()):
            return head.rstrip(), text[index + 2:].strip()
        index = text.find("#→", index + 1)
    return text, None


def pattern(expected):
    """A line of expected text as a regular expression: `…` is any run of characters."""
    return re.compile("^" + ".*".join(re.escape(part) for part in expected.split("…")) + "$", re.DOTALL)


def contains(expected, text):
    return re.search(".*".join(re.escape(part) for part in expected.split("…")), text, re.DOTALL) is not None


def same_lines(expected, actual_text):
    actual = actual_text.rstrip("\n").split("\n") if actual_text.strip() else []
    expected = list(expected)
    while expected and not expected[-1].strip():
        expected.pop()
    if len(expected) != len(actual):
        return False
    return all(pattern(e.rstrip()).match(a.rstrip()) for e, a in zip(expected, actual))


class Group:
    """Blocks run one after another in one shell, folder and daemon."""

    def __init__(self, bin_dir, keep):
        self.bin_dir = bin_dir
        self.keep = keep
        self.tmp = Path(tempfile.mkdtemp(prefix="navd-doctest-"))
        self.work = self.tmp / "work"
        self.work.mkdir()
        for entry in ROOT.iterdir():
            if entry.name != ".git":
                (self.work / entry.name).symlink_to(entry)
        for name in ("home", "run", "cache"):
            (self.tmp / name).mkdir(mode=0o700)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("NAVD_") and k not in ("NAVCTL_AUTOSTART",)}
        self.env.update(
            HOME=str(self.tmp / "home"), XDG_RUNTIME_DIR=str(self.tmp / "run"), XDG_CACHE_HOME=str(self.tmp / "cache"),
            PATH=f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}", NO_COLOR="1")
        if (bin_dir / "navd-mcp").exists():
            self.env["NAVD_MCP_BIN"] = str(bin_dir / "navd-mcp")
        self.daemon = None

    def start_daemon(self):
        log = open(self.tmp / "navd.log", "w")
        self.daemon = subprocess.Popen(
            [str(self.bin_dir / "navd")], env=self.env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.daemon.poll() is not None:
                raise SystemExit(f"doctest: navd exited with {self.daemon.returncode}: {(self.tmp / 'navd.log').read_text()}")
            probe = subprocess.run(
                [str(self.bin_dir / "navctl"), "status"], env=self.env, stdin=subprocess.DEVNULL, capture_output=True)
            if probe.returncode == 0:
                return
            time.sleep(0.1)
        raise SystemExit("doctest: navd did not answer within a minute")

    def run(self, commands):
        """Runs the commands in one bash; returns (stdout, stderr, status or None) per command."""
        script = ["shopt -s expand_aliases", f"cd {shlex.quote(str(self.work))}", "exec </dev/null"]
        for k, command in enumerate(commands):
            out, err, status = (self.tmp / f"{k}.{name}" for name in ("out", "err", "status"))
            script.append(f"{{ {command.text}\n}} >{shlex.quote(str(out))} 2>{shlex.quote(str(err))}")
            script.append(f"echo $? >{shlex.quote(str(status))}")
        shell = subprocess.Popen(
            ["bash", "--norc", "--noprofile", "-c", "\n".join(script)], env=self.env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        try:
            _, shell_err = shell.communicate(timeout=GROUP_TIMEOUT)
        except subprocess.TimeoutExpired:
            shell_err = b"(timed out)"
        finally:
            # Background jobs a block left running (navctl watch ... &) end with the shell's process group.
            try:
                os.killpg(shell.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            shell.wait()
        results = []
        for k in range(len(commands)):
            def read(name):
                path = self.tmp / f"{k}.{name}"
                return path.read_text(encoding="utf-8", errors="replace") if path.exists() else None
            status = read("status")
            results.append((read("out") or "", read("err") or "", int(status) if status else None))
        return results, shell_err.decode(errors="replace")

    def close(self):
        if self.daemon and self.daemon.poll() is None:
            try:
                os.killpg(self.daemon.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.daemon.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.daemon.pid, signal.SIGKILL)
                self.daemon.wait()
        if self.keep:
            print(f"doctest: kept {self.tmp}")
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)


def check(blocks, commands, results, shell_err):
    failures = []
    for command, (out, err, status) in zip(commands, results):
        where = command.where
        fail = lambda text, block=command.block: failures.append((block, text))  # noqa: E731
        if status is None:
            fail(f"{where}: `{command.text}` did not finish (it waits? mark its block skip with the reason)"
                            + (f"\n  bash: {shell_err.strip()}" if shell_err.strip() else ""))
            break
        if status != command.status:
            fail(
                f"{where}: `{command.text}` exited {status}, expected {command.status}\n  stderr: {err.strip()[:2000]}")
        for text in command.contains:
            if not contains(text, out + err):
                fail(f"{where}: `{command.text}` does not print '{text}'; it printed:\n{indent(out + err)}")
        if command.expected_lines is not None and not same_lines(command.expected_lines, out):
            fail(f"{where}: `{command.text}` prints\n{indent(out)}\n  where the doc shows\n"
                            + indent("\n".join(command.expected_lines)))
    for block in blocks:
        if block.output is None:
            continue
        last = [i for i, c in enumerate(commands) if c.block is block]
        if not last:
            continue
        out = results[last[-1]][0]
        line, shown = block.output
        if not same_lines(shown, out):
            failures.append((block, f"{block.path.relative_to(ROOT)}:{line}: the output shown differs from what "
                            f"`{commands[last[-1]].text}` prints:\n{indent(out)}"))
    return failures


def indent(text):
    return "\n".join("    " + l for l in text.rstrip("\n").split("\n"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="Markdown files (default: README.md and docs/*.md)")
    parser.add_argument("--bin", type=Path, default=ROOT / ".build/debug", help="where navd and navctl are")
    parser.add_argument("--list", action="store_true", help="list the blocks and what is done with each, run nothing")
    parser.add_argument("--keep", action="store_true", help="keep each block's temporary folder")
    args = parser.parse_args()
    files = [f.resolve() for f in args.files] or [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    bin_dir = args.bin.resolve()
    for tool in ("navd", "navctl"):
        if not (bin_dir / tool).exists() and not args.list:
            raise SystemExit(f"doctest: {bin_dir / tool} is not built")

    groups = []
    skipped = 0
    for path in files:
        for block in blocks_of(path):
            if block.skip:
                skipped += 1
                if args.list:
                    print(f"{block.where}: skipped ({block.skip})")
                continue
            if block.cont and groups and groups[-1][-1].path == path:
                groups[-1].append(block)
            else:
                groups.append([block])
    failures = []
    ran = 0
    for blocks in groups:
        commands = [c for b in blocks for c in commands_of(b)]
        if args.list:
            for b in blocks:
                print(f"{b.where}: {len([c for c in commands if c.block is b])} command(s)"
                      + (" (continues)" if b.cont else "") + (", shown output" if b.output else ""))
            continue
        group = Group(bin_dir, args.keep)
        try:
            group.start_daemon()
            results, shell_err = group.run(commands)
            found = check(blocks, commands, results, shell_err)
        finally:
            group.close()
        ran += len(blocks)
        for b in blocks:
            print(f"doctest: {b.where}: {'FAILED' if any(block is b for block, _ in found) else 'ok'}")
        failures += [text for _, text in found]
    if args.list:
        return 0
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"doctest: {ran} block(s) run, {skipped} skipped, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Starting a private navd for tests and scripts."""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import List, Optional


def find_navd_binary(explicit: Optional[str] = None, start: Optional[Path] = None) -> str:
    """The navd executable: ``explicit``, else ``$NAVD_BIN``, else ``.build/debug/navd`` in this
    directory or a parent of it, else ``navd`` on ``PATH``.
    """
    if explicit:
        return explicit
    from_env = os.environ.get("NAVD_BIN")
    if from_env:
        return from_env
    here = (start or Path.cwd()).resolve()
    for directory in [here, *here.parents]:
        candidate = directory / ".build" / "debug" / "navd"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    on_path = shutil.which("navd")
    if on_path:
        return on_path
    raise FileNotFoundError("navd not found: build it with `swift build`, or set NAVD_BIN or --navd-bin")


class Daemon:
    """A navd process on a socket in a fresh temporary directory; stopped with SIGTERM."""

    def __init__(self, binary: Optional[str] = None, extra_args: Optional[List[str]] = None):
        self.binary = find_navd_binary(binary)
        self.extra_args = list(extra_args or [])
        self._directory: Optional[str] = None
        self.socket_path = ""
        self.process: Optional[subprocess.Popen] = None
        self.stderr_path = ""

    def start(self, ready_timeout: float = 20.0) -> "Daemon":
        """Starts the daemon and returns once its socket accepts connections."""
        self._directory = tempfile.mkdtemp(prefix="navd-test-")
        self.socket_path = os.path.join(self._directory, "navd.sock")
        self.stderr_path = os.path.join(self._directory, "navd.stderr")
        with open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(
                [self.binary, "--socket", self.socket_path, *self.extra_args],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = time.monotonic() + ready_timeout
        while True:
            if self.process.poll() is not None:
                message = f"navd exited with {self.process.returncode}: {self.stderr()}"
                self.stop()
                raise RuntimeError(message)
            if self._accepts():
                return self
            if time.monotonic() > deadline:
                message = f"navd did not listen on {self.socket_path}: {self.stderr()}"
                self.stop()
                raise TimeoutError(message)
            time.sleep(0.02)

    def _accepts(self) -> bool:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(self.socket_path)
            return True
        except OSError:
            return False
        finally:
            probe.close()

    def stderr(self) -> str:
        """What the daemon wrote to stderr so far."""
        try:
            with open(self.stderr_path, "rb") as handle:
                return handle.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self, timeout: float = 10.0) -> Optional[int]:
        """Sends SIGTERM, waits, and returns the exit status (SIGKILL after ``timeout``)."""
        status = None
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                status = self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                status = self.process.wait()
        elif self.process is not None:
            status = self.process.returncode
        if self._directory:
            shutil.rmtree(self._directory, ignore_errors=True)
            self._directory = None
        return status

    def __enter__(self) -> "Daemon":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

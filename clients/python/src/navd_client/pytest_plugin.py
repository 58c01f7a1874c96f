"""pytest fixtures for testing against navd (registered through the ``pytest11`` entry point).

Fixtures:

- ``navd_daemon`` (session scope): a daemon on a temporary socket for the whole run, or the
  daemon at ``--navd-socket PATH``. Has ``socket_path``.
- ``navd_client``: a :class:`navd_client.Client` connected to it, closed after the test.
- ``navd_session``: the id of a fresh session (``session/create`` with defaults), closed after.

Options: ``--navd-socket PATH`` (use a running daemon), ``--navd-bin PATH`` (the executable to
start; default ``$NAVD_BIN``, else ``.build/debug/navd`` above the working directory, else ``navd``).
"""

from typing import Iterator, Optional

import pytest

from .client import Client
from .daemon import Daemon
from .errors import NavdError


class ExistingDaemon:
    """A daemon someone else started."""

    def __init__(self, socket_path: str):
        self.socket_path = socket_path
        self.process = None


def pytest_addoption(parser: "pytest.Parser") -> None:
    group = parser.getgroup("navd")
    group.addoption("--navd-socket", action="store", default=None, metavar="PATH",
                    help="test against the navd already listening on PATH")
    group.addoption("--navd-bin", action="store", default=None, metavar="PATH",
                    help="the navd executable to start (default: $NAVD_BIN, .build/debug/navd, PATH)")


@pytest.fixture(scope="session")
def navd_daemon(request: "pytest.FixtureRequest") -> Iterator[object]:
    """The daemon the tests talk to (started on a temporary socket unless ``--navd-socket``)."""
    existing: Optional[str] = request.config.getoption("--navd-socket")
    if existing:
        yield ExistingDaemon(existing)
        return
    daemon = Daemon(request.config.getoption("--navd-bin")).start()
    try:
        yield daemon
    finally:
        daemon.stop()


@pytest.fixture
def navd_client(navd_daemon: object) -> Iterator[Client]:
    """A client connected to ``navd_daemon``; closed after the test."""
    client = Client.connect(navd_daemon.socket_path)  # type: ignore[attr-defined]
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def navd_session(navd_client: Client) -> Iterator[str]:
    """The id of a fresh session with the default configuration; closed after the test."""
    session_id = navd_client.session_create()["sessionId"]
    try:
        yield session_id
    finally:
        try:
            navd_client.session_close(session_id)
        except (NavdError, OSError):
            pass

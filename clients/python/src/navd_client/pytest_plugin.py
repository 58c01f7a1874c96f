"""pytest fixtures for testing against navd (registered through the ``pytest11`` entry point).

Fixtures:

- ``navd_daemon`` (session scope): a daemon on a temporary socket for the whole run, or the
  daemon at ``--navd-socket PATH``. Has ``socket_path``.
- ``navd_client``: a :class:`navd_client.Client` connected to it, closed after the test.
- ``navd_session``: the id of a fresh session (``session/create`` with defaults), closed after.

Marker: ``@pytest.mark.navd_method("title/back", ...)`` skips the test, saying why, when the
daemon under test answers one of the methods with -32601 (method not found).

Options: ``--navd-socket PATH`` (use a running daemon), ``--navd-bin PATH`` (the executable to
start; default ``$NAVD_BIN``, else ``.build/debug/navd`` above the working directory, else ``navd``).
"""

from typing import Dict, Iterator, Optional, Tuple

import pytest

from .client import Client
from .daemon import Daemon
from .errors import ErrorCode, NavdError

_answered: Dict[Tuple[str, str], bool] = {}


def daemon_answers(socket_path: str, method: str) -> bool:
    """True unless the daemon at ``socket_path`` replies -32601 to ``method`` (cached per run)."""
    key = (socket_path, method)
    if key not in _answered:
        with Client.connect(socket_path) as probe:
            try:
                probe.request(method, {})
                _answered[key] = True
            except NavdError as error:
                _answered[key] = error.code != ErrorCode.METHOD_NOT_FOUND
    return _answered[key]


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
    group.addoption("--navd-require-methods", action="store_true", default=False,
                    help="fail, instead of skipping, a navd_method test whose method the daemon lacks")


def pytest_configure(config: "pytest.Config") -> None:
    config.addinivalue_line(
        "markers", "navd_method(*methods): skip unless the daemon under test answers these methods")


@pytest.fixture(autouse=True)
def _navd_method_marker(request: "pytest.FixtureRequest") -> None:
    marker = request.node.get_closest_marker("navd_method")
    if marker is None:
        return
    daemon = request.getfixturevalue("navd_daemon")
    missing = [m for m in marker.args if not daemon_answers(daemon.socket_path, m)]
    if missing:
        message = "the daemon does not answer " + ", ".join(missing)
        if request.config.getoption("--navd-require-methods"):
            pytest.fail(message)
        pytest.skip(message)


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

"""Client for navd: live models of iOS navigation bars over JSON-RPC on a Unix socket.

>>> from navd_client import Client
>>> with Client.connect() as navd:
...     session = navd.session_create(screens=[{"id": "home", "title": "Home"},
...                                            {"id": "detail", "title": "Detail"}])["sessionId"]
...     navd.title_back(session)["title"]
'Home'
"""

from .client import Client, Notification, default_socket_path
from .daemon import Daemon, find_navd_binary
from .errors import ConnectionClosed, ErrorCode, ForeignSocket, NavdError
from .importing import ImportFailed, import_tree
from .lint import (Diagnostic, DocumentError, LintError, LintFailed, LoadError, NavctlNotFound, Rect,
                   assert_no_diagnostics, find_navctl_binary, lint)
from .methods import CLEAR, METHOD_HELPERS, METHOD_PARAMS, point

__version__ = "0.1.0"

__all__ = [
    "CLEAR",
    "Client",
    "ConnectionClosed",
    "Daemon",
    "Diagnostic",
    "DocumentError",
    "ErrorCode",
    "ForeignSocket",
    "ImportFailed",
    "LintError",
    "LintFailed",
    "LoadError",
    "METHOD_HELPERS",
    "METHOD_PARAMS",
    "NavctlNotFound",
    "NavdError",
    "Notification",
    "Rect",
    "assert_no_diagnostics",
    "default_socket_path",
    "find_navctl_binary",
    "find_navd_binary",
    "import_tree",
    "lint",
    "point",
]

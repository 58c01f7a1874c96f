"""Errors raised by the navd client."""

from typing import Any, Optional


class ErrorCode:
    """The error codes of the navd protocol (PROTOCOL.md section 2)."""

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    CANCELLED = -32800
    UNKNOWN_SESSION = 1001
    UNKNOWN_SCREEN = 1002
    VERSION_CONFLICT = 1004
    LIMIT_EXCEEDED = 1005
    NOT_ALLOWED = 1006


class NavdError(Exception):
    """An error reply from the daemon: ``code``, ``message`` and optional ``data``."""

    def __init__(self, code: int, message: str, data: Optional[Any] = None):
        super().__init__(f"{message} (code {code})")
        self.code = code
        self.message = message
        self.data = data

    @classmethod
    def from_json(cls, error: Any) -> "NavdError":
        """Builds the exception from a JSON-RPC ``error`` object."""
        if not isinstance(error, dict):
            return cls(ErrorCode.INTERNAL_ERROR, f"malformed error object: {error!r}")
        return cls(int(error.get("code", ErrorCode.INTERNAL_ERROR)),
                   str(error.get("message", "")), error.get("data"))

    def __repr__(self) -> str:
        return f"NavdError(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class ConnectionClosed(ConnectionError):
    """The daemon closed the connection."""


class ForeignSocket(PermissionError):
    """The socket, or its directory, belongs to another user: it is refused before connecting, since
    another user's program could be posing as navd."""

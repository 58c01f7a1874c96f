"""A synchronous navd client: newline-delimited JSON-RPC 2.0 over a Unix socket."""

import json
import os
import socket
import subprocess
import time
from collections import deque
from typing import Any, Deque, Dict, Iterator, List, Optional, Union

from .errors import ConnectionClosed, ForeignSocket, NavdError
from .methods import MethodsMixin

Id = Union[int, str]


def default_socket_path() -> str:
    """The socket the daemon listens on by default.

    ``$NAVD_SOCKET``, else ``$XDG_RUNTIME_DIR/navd/navd.sock``, else ``/tmp/navd-<uid>/navd.sock``.
    """
    explicit = os.environ.get("NAVD_SOCKET")
    if explicit:
        return explicit
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "navd", "navd.sock")
    return f"/tmp/navd-{os.getuid()}/navd.sock"


class Notification:
    """A message from the daemon without an id: ``method`` and ``params``."""

    __slots__ = ("method", "params")

    def __init__(self, method: str, params: Any):
        self.method = method
        self.params = params

    def __repr__(self) -> str:
        return f"Notification({self.method!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Notification) and other.method == self.method
                and other.params == self.params)


def _is_notification(message: Any) -> bool:
    return isinstance(message, dict) and "method" in message and "id" not in message


def refuse_foreign_socket(path: str) -> None:
    """Raises :class:`ForeignSocket` when ``path``, or its directory, belongs to another user (a sticky
    directory such as /tmp excepted): that user could be posing as navd, or could replace the socket.
    A path that does not exist is left to ``connect`` to report."""
    me = os.getuid()
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if info.st_uid != me:
        raise ForeignSocket(f"refusing {path}: the socket belongs to uid {info.st_uid}, not to you (uid {me})")
    directory = os.path.dirname(path) or "."
    try:
        dir_info = os.stat(directory)
    except OSError:
        return
    if dir_info.st_uid != me and not dir_info.st_mode & 0o1000:
        raise ForeignSocket(
            f"refusing {path}: its directory {directory} belongs to uid {dir_info.st_uid}, not to you (uid {me})")


def _open(path: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except OSError:
        sock.close()
        raise
    return sock


def start_detached_daemon(path: str, navd_binary: Optional[str] = None) -> None:
    """Starts ``navd --socket PATH`` in its own session, not a child of this process: it keeps serving
    after this process exits (as ``navctl --start`` and ``emacsclient -a ''`` do). Two starts that race
    are safe: navd lets one daemon serve a socket, and the other exits."""
    from .daemon import find_navd_binary

    try:
        binary = find_navd_binary(navd_binary)
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            raise FileNotFoundError(binary)
    except FileNotFoundError:
        raise FileNotFoundError(
            f"nothing answers on {path}, and navd was not found to start it: install navd, set NAVD_BIN, "
            "or pass autostart=False (NAVD_AUTOSTART=0)") from None
    # The shell puts navd in the background and exits at once, so navd is adopted by init.
    subprocess.run(["/bin/sh", "-c", '"$0" --socket "$1" </dev/null >/dev/null 2>&1 &', binary, path],
                   start_new_session=True, check=True, stdin=subprocess.DEVNULL)


class Client(MethodsMixin):
    """One connection to navd.

    Requests are synchronous: :meth:`request` sends and waits for the reply. Notifications
    that arrive meanwhile are queued, in arrival order, and read with :meth:`next_notification`
    or :meth:`notifications`. A client is meant for one thread at a time.
    """

    def __init__(self, sock: socket.socket, *, timeout: float = 10.0):
        self._sock = sock
        self._buffer = bytearray()
        self._inbox: Deque[Any] = deque()
        self._next_id = 1
        self._closed = False
        #: Seconds a request waits for its reply before :class:`TimeoutError`.
        self.timeout = timeout

    # -- connecting -----------------------------------------------------------------------

    @classmethod
    def connect(cls, path: Optional[str] = None, *, timeout: float = 10.0, autostart: Optional[bool] = None,
                navd_binary: Optional[str] = None, start_timeout: float = 10.0) -> "Client":
        """Connects to the daemon at ``path`` (default: :func:`default_socket_path`).

        When nothing answers there (no socket, or a stale one) the daemon is started on that path,
        detached so that it outlives this process, and the connection is made once it serves (within
        ``start_timeout`` seconds). ``autostart=False``, or ``NAVD_AUTOSTART=0`` in the environment,
        turns that off. navd is ``navd_binary``, else ``$NAVD_BIN``, else ``.build/debug/navd`` above the
        working directory, else ``navd`` on ``PATH``. A socket that belongs to another user is refused
        (:class:`ForeignSocket`), never replaced.
        """
        target = path or default_socket_path()
        refuse_foreign_socket(target)
        if autostart is None:
            autostart = os.environ.get("NAVD_AUTOSTART", "1").lower() not in ("0", "false", "no", "off")
        try:
            return cls(_open(target), timeout=timeout)
        except (FileNotFoundError, ConnectionRefusedError):
            if not autostart:
                raise
        start_detached_daemon(target, navd_binary)
        deadline = time.monotonic() + start_timeout
        while True:
            refuse_foreign_socket(target)
            try:
                return cls(_open(target), timeout=timeout)
            except (FileNotFoundError, ConnectionRefusedError):
                if time.monotonic() > deadline:
                    raise ConnectionError(
                        f"navd was started on {target} but did not answer within {start_timeout:g} s; "
                        f"run `navd --socket {target}` to see why") from None
                time.sleep(0.025)

    def close(self) -> None:
        """Closes the connection (idempotent)."""
        if not self._closed:
            self._closed = True
            try:
                self._sock.close()
            except OSError:
                pass

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- messages -------------------------------------------------------------------------

    def send_message(self, message: Any) -> None:
        """Writes one JSON value (request, notification or batch) as one line."""
        data = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        self._sock.sendall(data + b"\n")

    def read_message(self, timeout: Optional[float] = None) -> Any:
        """The next message from the daemon, reply or notification, in arrival order.

        Raises :class:`TimeoutError` when nothing arrives within ``timeout`` seconds.
        """
        if self._inbox:
            return self._inbox.popleft()
        return self._receive(self._deadline(timeout))

    def _deadline(self, timeout: Optional[float]) -> float:
        return time.monotonic() + (self.timeout if timeout is None else timeout)

    def _receive(self, deadline: float) -> Any:
        """Reads one message off the socket (not from the inbox)."""
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[:newline + 1]
                if line.strip():
                    return json.loads(line.decode("utf-8"))
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no message from navd in time")
            self._sock.settimeout(remaining)
            try:
                chunk = self._sock.recv(65536)
            except socket.timeout:
                raise TimeoutError("no message from navd in time") from None
            if not chunk:
                raise ConnectionClosed("navd closed the connection")
            self._buffer += chunk

    # -- requests -------------------------------------------------------------------------

    def send_request(self, method: str, params: Any = None) -> Id:
        """Sends a request without waiting; returns its id (see :meth:`wait_reply`)."""
        request_id = self._next_id
        self._next_id += 1
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_message(message)
        return request_id

    def wait_reply(self, request_id: Id, timeout: Optional[float] = None) -> Any:
        """Waits for the reply to ``request_id``: its result, or raises :class:`NavdError`.

        Messages that arrive first stay queued, notifications included.
        """
        reply = self._take_reply(request_id, self._deadline(timeout))
        if "error" in reply:
            raise NavdError.from_json(reply["error"])
        return reply.get("result")

    def _take_reply(self, request_id: Id, deadline: float) -> Dict[str, Any]:
        for index, message in enumerate(self._inbox):
            if isinstance(message, dict) and message.get("id") == request_id and "method" not in message:
                del self._inbox[index]
                return message
        while True:
            message = self._receive(deadline)
            if isinstance(message, dict) and message.get("id") == request_id and "method" not in message:
                return message
            self._inbox.append(message)

    def request(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its result; an error reply raises :class:`NavdError`."""
        return self.wait_reply(self.send_request(method, params), timeout)

    def notify(self, method: str, params: Any = None) -> None:
        """Sends a notification (no reply is due)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send_message(message)

    # -- notifications --------------------------------------------------------------------

    def next_notification(self, timeout: Optional[float] = None,
                          method: Optional[str] = None) -> Notification:
        """The oldest queued notification (of ``method``, when given), waiting up to ``timeout``.

        Raises :class:`TimeoutError` when none arrives in time. Replies read while waiting
        stay queued for :meth:`wait_reply`.
        """
        for index, message in enumerate(self._inbox):
            if _is_notification(message) and (method is None or message["method"] == method):
                del self._inbox[index]
                return Notification(message["method"], message.get("params"))
        deadline = self._deadline(timeout)
        while True:
            message = self._receive(deadline)
            if _is_notification(message) and (method is None or message["method"] == method):
                return Notification(message["method"], message.get("params"))
            self._inbox.append(message)

    def notifications(self, timeout: float = 1.0) -> Iterator[Notification]:
        """Yields notifications as they arrive; stops after ``timeout`` seconds without one."""
        while True:
            try:
                yield self.next_notification(timeout)
            except TimeoutError:
                return

    def pending_notifications(self) -> List[Notification]:
        """Takes every notification already queued, without waiting."""
        taken = [Notification(m["method"], m.get("params")) for m in self._inbox if _is_notification(m)]
        self._inbox = deque(m for m in self._inbox if not _is_notification(m))
        return taken

    def assert_no_notification(self, timeout: float = 0.2) -> None:
        """Raises :class:`AssertionError` when a notification arrives within ``timeout``."""
        try:
            notification = self.next_notification(timeout)
        except TimeoutError:
            return
        raise AssertionError(f"unexpected notification {notification!r}")

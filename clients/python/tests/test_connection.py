"""Connecting, framing, requests, errors and the helper table."""

import os
import signal
import socket

import pytest

from navd_client import (METHOD_HELPERS, Client, ConnectionClosed, ErrorCode, NavdError,
                         default_socket_path)


def test_socket_path_chain(monkeypatch):
    monkeypatch.setenv("NAVD_SOCKET", "/run/x/navd.sock")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/7")
    assert default_socket_path() == "/run/x/navd.sock"
    monkeypatch.delenv("NAVD_SOCKET")
    assert default_socket_path() == "/run/user/7/navd/navd.sock"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert default_socket_path() == f"/tmp/navd-{os.getuid()}/navd.sock"


def test_connect_uses_navd_socket_when_no_path_given(navd_daemon, monkeypatch):
    monkeypatch.setenv("NAVD_SOCKET", navd_daemon.socket_path)
    with Client.connect() as client:
        assert client.daemon_status()["connections"] >= 1


def test_connect_to_missing_socket_fails_without_autostart(tmp_path, monkeypatch):
    with pytest.raises(FileNotFoundError):
        Client.connect(str(tmp_path / "nothing.sock"), autostart=False)
    monkeypatch.setenv("NAVD_AUTOSTART", "0")
    with pytest.raises(FileNotFoundError):
        Client.connect(str(tmp_path / "nothing.sock"))
    assert not (tmp_path / "nothing.sock").exists(), "nothing was started"


def test_connect_starts_a_daemon_that_outlives_the_client(tmp_path):
    path = str(tmp_path / "navd.sock")
    with Client.connect(path) as client:
        pid = client.daemon_status()["pid"]
    try:
        assert pid != os.getpid()
        # The client is gone; the daemon serves on, for a client that would not start one.
        with Client.connect(path, autostart=False) as again:
            assert again.daemon_status()["pid"] == pid
    finally:
        os.kill(pid, signal.SIGTERM)


def test_autostart_over_a_stale_socket_and_a_missing_binary(tmp_path):
    stale = str(tmp_path / "stale.sock")
    leftover = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    leftover.bind(stale)
    leftover.close()  # a socket file nobody listens on: what a crashed daemon leaves
    with Client.connect(stale) as client:
        pid = client.daemon_status()["pid"]
    os.kill(pid, signal.SIGTERM)
    with pytest.raises(FileNotFoundError, match="navd was not found to start it"):
        Client.connect(str(tmp_path / "other.sock"), navd_binary=str(tmp_path / "no-such-navd"))


def test_initialize_lists_every_method_and_framing(navd_client):
    result = navd_client.initialize({"name": "navd-client-tests", "version": "0"})
    assert result["protocolVersion"] == 1
    assert result["serverInfo"]["name"] == "navd"
    capabilities = result["capabilities"]
    assert set(capabilities["framings"]) == {"content-length", "ndjson"}
    assert "session/didChange" in capabilities["notifications"]
    assert "ios17" in capabilities["profiles"]
    # The client has a helper for every method the daemon answers.
    missing = [m for m in capabilities["methods"] if m not in METHOD_HELPERS]
    assert missing == []
    for method, helper in METHOD_HELPERS.items():
        assert callable(getattr(navd_client, helper)), method


def test_daemon_status_counts_connections(navd_client, other_client):
    other_client.daemon_status()  # the daemon has taken this connection in
    status = navd_client.daemon_status()
    assert status["pid"] > 0
    assert status["uptimeMs"] >= 0
    assert status["connections"] >= 2
    assert isinstance(status["version"], str)
    assert isinstance(status["sessions"], int)


def test_shutdown_returns_null_and_exit_closes_only_this_connection(navd_client, other_client):
    assert navd_client.shutdown() is None
    navd_client.exit()
    with pytest.raises((ConnectionClosed, ConnectionResetError)):
        navd_client.read_message(5.0)
    assert other_client.daemon_status()["pid"] > 0


def test_unknown_method_raises_navd_error(navd_client):
    with pytest.raises(NavdError) as caught:
        navd_client.request("no/such/method")
    assert caught.value.code == ErrorCode.METHOD_NOT_FOUND
    assert caught.value.message


def test_invalid_params_name_the_field(navd_client, navd_session):
    with pytest.raises(NavdError) as caught:
        navd_client.session_configure(navd_session, device={"width": "wide"})
    assert caught.value.code == ErrorCode.INVALID_PARAMS
    assert caught.value.data["path"] == "device.width"
    assert caught.value.data["expected"]


def test_unknown_session_is_1001(navd_client):
    with pytest.raises(NavdError) as caught:
        navd_client.stack_get("no-such-session")
    assert caught.value.code == ErrorCode.UNKNOWN_SESSION


def test_malformed_line_gets_parse_error_and_connection_stays_usable(navd_client):
    navd_client._sock.sendall(b"{not json\n")
    reply = navd_client.read_message(5.0)
    assert reply["id"] is None
    assert reply["error"]["code"] == ErrorCode.PARSE_ERROR
    assert navd_client.daemon_status()["pid"] > 0


def test_batch_is_answered_with_an_array(navd_client):
    navd_client.send_message([
        {"jsonrpc": "2.0", "id": "a", "method": "daemon/status"},
        {"jsonrpc": "2.0", "method": "daemon/status"},
        {"jsonrpc": "2.0", "id": "b", "method": "no/such"},
    ])
    replies = navd_client.read_message(5.0)
    assert sorted(r["id"] for r in replies) == ["a", "b"]
    by_id = {r["id"]: r for r in replies}
    assert by_id["a"]["result"]["pid"] > 0
    assert by_id["b"]["error"]["code"] == ErrorCode.METHOD_NOT_FOUND


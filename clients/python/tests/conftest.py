"""Shared helpers for the client's own tests (the fixtures come from the navd pytest plugin)."""

import pytest

from navd_client import Client

pytest_plugins = ["pytester"]

TWO_SCREENS = [
    {"id": "settings", "title": "Settings"},
    {"id": "general", "title": "General"},
]


@pytest.fixture
def two_screens(navd_client: Client):
    """A session holding [Settings, General] (SEMANTICS BT-02); closed after the test."""
    session_id = navd_client.session_create(screens=TWO_SCREENS)["sessionId"]
    yield session_id
    try:
        navd_client.session_close(session_id)
    except Exception:
        pass


@pytest.fixture
def other_client(navd_daemon):
    """A second connection to the same daemon."""
    client = Client.connect(navd_daemon.socket_path)
    yield client
    client.close()

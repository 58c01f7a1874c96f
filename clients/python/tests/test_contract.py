"""The client's method table against the contract, docs/openrpc.json (no daemon needed)."""

import json
from pathlib import Path

from navd_client import METHOD_HELPERS, Client

OPENRPC = Path(__file__).resolve().parents[3] / "docs" / "openrpc.json"


def contract():
    methods = json.loads(OPENRPC.read_text(encoding="utf-8"))["methods"]
    # What a client sends: the requests and the client's own notifications (not the daemon's).
    sent = {m["name"] for m in methods if m.get("x-sender") != "daemon"}
    notifications = {m["name"] for m in methods if m.get("x-notification") and m.get("x-sender") == "client"}
    return sent, notifications


def test_the_method_table_is_the_contracts():
    sent, _ = contract()
    assert sorted(set(METHOD_HELPERS) - sent) == [], "helpers for methods the contract does not have"
    assert sorted(sent - set(METHOD_HELPERS)) == [], "methods of docs/openrpc.json without a helper"


def test_every_helper_exists_and_notifications_are_sent_as_such():
    _, notifications = contract()
    for method, helper in METHOD_HELPERS.items():
        assert callable(getattr(Client, helper, None)), f"{method}: no Client.{helper}"
    assert notifications == {"exit", "$/cancelRequest"}

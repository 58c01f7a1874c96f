"""Notifications: queued while waiting for replies, ordered by version, iterator with timeout."""

import pytest

from navd_client import Notification


def test_notification_arrives_before_the_reply_and_is_queued(navd_client, navd_session):
    navd_client.session_subscribe(navd_session)
    pushed = navd_client.stack_push(navd_session, {"id": "home", "title": "Home"})
    # The reply has been read; the notification written before it was kept, not lost.
    change = navd_client.next_notification(0.0 + 1.0, method="session/didChange")
    assert change.params["version"] == pushed["version"]


def test_notifications_iterator_stops_after_the_timeout(navd_client, navd_session):
    navd_client.session_subscribe(navd_session, topics=["stack"])
    versions = [navd_client.stack_push(navd_session, {"id": f"s{i}", "title": f"S{i}"})["version"]
                for i in range(3)]
    seen = [n.params["version"] for n in navd_client.notifications(timeout=0.3)]
    assert seen == versions


def test_next_notification_times_out(navd_client):
    with pytest.raises(TimeoutError):
        navd_client.next_notification(0.1)


def test_top_bar_changes_carry_recomputed_values(navd_client, two_screens):
    navd_client.session_subscribe(two_screens)
    navd_client.screen_update(two_screens, "settings", {"title": "Preferences"})
    change = navd_client.next_notification(1.0, method="session/didChange")
    titles = [c for c in change.params["changes"] if c["kind"] == "title"]
    assert titles and titles[0]["screenId"] == "general"
    assert titles[0]["backTitle"]["title"] == "Preferences"
    navd_client.bar_update(two_screens, {"barTintColor": "#000000"})
    change = navd_client.next_notification(1.0, method="session/didChange")
    tints = [c for c in change.params["changes"] if c["kind"] == "tint"]
    assert tints and tints[0]["foreground"] == "#007AFF" and tints[0]["foregroundPolicy"] == "uikit"


def test_pending_notifications_takes_what_is_queued(navd_client, navd_session):
    navd_client.session_subscribe(navd_session, topics=["stack"])
    navd_client.stack_push(navd_session, {"id": "a"})
    navd_client.stack_push(navd_session, {"id": "b"})
    pending = navd_client.pending_notifications()
    assert [n.method for n in pending] == ["session/didChange", "session/didChange"]
    assert all(isinstance(n, Notification) for n in pending)
    assert navd_client.pending_notifications() == []


def test_cancel_request_of_a_finished_request_is_harmless(navd_client):
    request_id = navd_client.send_request("daemon/status")
    assert navd_client.wait_reply(request_id)["pid"] > 0
    navd_client.cancel_request(request_id)
    assert navd_client.daemon_status()["pid"] > 0

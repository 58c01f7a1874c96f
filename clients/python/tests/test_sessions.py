"""session/* helpers."""

import pytest

from navd_client import CLEAR, ErrorCode, NavdError


def test_session_create_with_config_and_screens(navd_client):
    created = navd_client.session_create(
        name="create-test", profile="ios14", locale="de", app_localizations=["en", "de"],
        device={"width": 375, "height": 667, "statusBarHeight": 20, "scale": 2},
        policies={"emptyBackTitles": False},
        screens=[{"id": "a", "title": "Inbox"}, {"id": "b", "title": "B"}])
    try:
        assert isinstance(created["sessionId"], str)
        assert isinstance(created["version"], int)
        stack = navd_client.stack_get(created["sessionId"])
        assert [s["id"] for s in stack["screens"]] == ["a", "b"]
    finally:
        navd_client.session_close(created["sessionId"])


def test_session_configure_raises_version_and_clear_resets(navd_client, navd_session):
    before = navd_client.stack_get(navd_session)["version"]
    after = navd_client.session_configure(navd_session, profile="ios13")["version"]
    assert after == before + 1
    cleared = navd_client.session_configure(navd_session, profile=CLEAR)["version"]
    assert cleared == after + 1


def test_session_configure_if_version_conflict(navd_client, navd_session):
    current = navd_client.stack_get(navd_session)["version"]
    with pytest.raises(NavdError) as caught:
        navd_client.session_configure(navd_session, locale="fr", if_version=current + 7)
    assert caught.value.code == ErrorCode.VERSION_CONFLICT
    assert caught.value.data["version"] == current


def test_session_list_shows_depth_and_subscribers(navd_client, two_screens):
    navd_client.session_subscribe(two_screens)
    listed = {s["sessionId"]: s for s in navd_client.session_list()["sessions"]}
    entry = listed[two_screens]
    assert entry["depth"] == 2
    assert entry["subscribers"] == 1
    assert "name" in entry and "version" in entry


def test_session_origin_is_listed_as_given(navd_client):
    origin = {"workspace": "/work/Mail", "files": ["/work/Mail/Inbox.swift"], "flow": "Inbox", "client": "a rig"}
    created = navd_client.session_create(name="with origin", origin=origin)
    plain = navd_client.session_create(name="without")
    document = navd_client.session_snapshot(plain["sessionId"])["document"]
    restored = navd_client.session_restore(document, name="restored", origin={"flow": "Inbox > Message"})
    try:
        listed = {s["sessionId"]: s for s in navd_client.session_list()["sessions"]}
        assert listed[created["sessionId"]]["origin"] == origin
        assert "origin" not in listed[plain["sessionId"]]
        assert listed[restored["sessionId"]]["origin"] == {"flow": "Inbox > Message"}
        with pytest.raises(NavdError) as refused:
            navd_client.session_create(origin={"files": ["/a", 7]})
        assert refused.value.code == -32602 and refused.value.data["path"] == "origin.files[1]"
    finally:
        for s in (created, plain, restored):
            navd_client.session_close(s["sessionId"])


@pytest.mark.navd_method("title/back")
def test_snapshot_restores_into_an_equal_session(navd_client, two_screens):
    document = navd_client.session_snapshot(two_screens)["document"]
    restored = navd_client.session_restore(document, name="copy")
    try:
        assert restored["sessionId"] != two_screens
        original = navd_client.stack_get(two_screens)["screens"]
        copy = navd_client.stack_get(restored["sessionId"])["screens"]
        assert copy == original
        assert navd_client.title_back(restored["sessionId"]) == navd_client.title_back(two_screens)
    finally:
        navd_client.session_close(restored["sessionId"])


def test_session_close_notifies_subscribers_and_forgets_the_session(navd_client, other_client):
    session_id = navd_client.session_create()["sessionId"]
    other_client.session_subscribe(session_id)
    assert navd_client.session_close(session_id) is None
    closed = other_client.next_notification(5.0, method="session/didClose")
    assert closed.params == {"sessionId": session_id}
    with pytest.raises(NavdError) as caught:
        navd_client.stack_get(session_id)
    assert caught.value.code == ErrorCode.UNKNOWN_SESSION


def test_subscribe_and_unsubscribe(navd_client, other_client, navd_session):
    subscription = other_client.session_subscribe(navd_session, topics=["stack"])
    assert "subscriptionId" in subscription
    pushed = navd_client.stack_push(navd_session, {"id": "one", "title": "One"})
    change = other_client.next_notification(5.0, method="session/didChange")
    assert change.params["sessionId"] == navd_session
    assert change.params["version"] == pushed["version"]
    assert {"kind": "stack", "op": "push", "screens": ["one"]} in change.params["changes"]
    # Only the topic asked for.
    assert {c["kind"] for c in change.params["changes"]} == {"stack"}
    assert other_client.session_unsubscribe(subscription["subscriptionId"]) is None
    navd_client.stack_push(navd_session, {"id": "two", "title": "Two"})
    other_client.assert_no_notification(0.3)

"""stack/*, screen/update and bar/update helpers."""

import pytest

from navd_client import ErrorCode, NavdError


def test_push_pop_and_get(navd_client, navd_session):
    first = navd_client.stack_push(navd_session, {"id": "home", "title": "Home"})
    assert first["screenId"] == "home"
    second = navd_client.stack_push(navd_session, {"id": "detail", "title": "Detail"})
    assert second["version"] == first["version"] + 1
    stack = navd_client.stack_get(navd_session)
    assert [s["id"] for s in stack["screens"]] == ["home", "detail"]
    assert stack["version"] == second["version"]
    popped = navd_client.stack_pop(navd_session)
    assert popped["popped"] == ["detail"]
    assert popped["version"] == second["version"] + 1


def test_push_without_id_generates_one(navd_client, navd_session):
    pushed = navd_client.stack_push(navd_session, {"title": "Anonymous"})
    assert isinstance(pushed["screenId"], str) and pushed["screenId"]


def test_pop_to_root_and_root_cannot_be_popped(navd_client, navd_session):
    navd_client.stack_set(navd_session, [{"id": s, "title": s.upper()} for s in ["a", "b", "c"]])
    popped = navd_client.stack_pop(navd_session, to="root")
    assert popped["popped"] == ["c", "b"]
    with pytest.raises(NavdError) as caught:
        navd_client.stack_pop(navd_session)
    assert caught.value.code == ErrorCode.NOT_ALLOWED


def test_stack_set_replaces_the_stack(navd_client, two_screens):
    result = navd_client.stack_set(two_screens, [{"id": "x", "title": "X"}])
    stack = navd_client.stack_get(two_screens)
    assert [s["id"] for s in stack["screens"]] == ["x"]
    assert stack["version"] == result["version"]


def test_if_version_mismatch_changes_nothing(navd_client, two_screens):
    version = navd_client.stack_get(two_screens)["version"]
    with pytest.raises(NavdError) as caught:
        navd_client.stack_push(two_screens, {"id": "late", "title": "Late"}, if_version=version - 1)
    assert caught.value.code == ErrorCode.VERSION_CONFLICT
    assert caught.value.data["version"] == version
    assert navd_client.stack_get(two_screens)["version"] == version
    assert navd_client.stack_push(two_screens, {"id": "ok"}, if_version=version)["version"] == version + 1


@pytest.mark.navd_method("title/back")
def test_screen_update_changes_the_back_title(navd_client, two_screens):
    navd_client.screen_update(two_screens, "settings", {"item": {"backButtonTitle": "Prefs"}})
    back = navd_client.title_back(two_screens)
    assert back["title"] == "Prefs"
    assert back["source"] == "backButtonTitle"


def test_screen_update_unknown_screen_is_1002(navd_client, two_screens):
    with pytest.raises(NavdError) as caught:
        navd_client.screen_update(two_screens, "nowhere", {"title": "X"})
    assert caught.value.code == ErrorCode.UNKNOWN_SCREEN


@pytest.mark.navd_method("tint/resolve")
def test_bar_update_session_wide_and_per_screen(navd_client, two_screens):
    version = navd_client.bar_update(two_screens, {"barTintColor": "#000000"})["version"]
    assert navd_client.tint_resolve(two_screens)["background"] == "#000000"
    assert navd_client.tint_resolve(two_screens)["automaticForeground"] == "#FFFFFF"
    per_screen = navd_client.bar_update(two_screens, {"barTintColor": "#FFFFFF"}, screen_id="general")
    assert per_screen["version"] == version + 1
    assert navd_client.tint_resolve(two_screens)["background"] == "#FFFFFF"
    assert navd_client.tint_resolve(two_screens)["automaticForeground"] == "#000000"

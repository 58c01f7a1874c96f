"""bar/layout, bar/hitTest, bar/hitRegions, bar/render, bar/tap, gesture/popTest, bar/diagnose
and tree/hitTest helpers."""

import pytest

from navd_client import point


def _bar_middle_y(client, session_id):
    bar = client.bar_layout(session_id)["bar"]
    return bar["y"] + bar["height"] / 2


@pytest.mark.navd_method("bar/layout")
def test_layout_places_the_back_button_and_title(navd_client, two_screens):
    layout = navd_client.bar_layout(two_screens)
    bar = layout["bar"]
    assert bar["y"] == 47 and bar["width"] == 390
    kinds = [element["kind"] for element in layout["elements"]]
    assert "backButton" in kinds and "title" in kinds
    for element in layout["elements"]:
        assert set(element["frame"]) == {"x", "y", "width", "height"}
        assert set(element["visibleFrame"]) == {"x", "y", "width", "height"}


@pytest.mark.navd_method("bar/layout", "bar/hitTest")
def test_hit_test_on_the_back_button_pops(navd_client, two_screens):
    y = _bar_middle_y(navd_client, two_screens)
    hit = navd_client.bar_hit_test(two_screens, point(15, y))
    assert hit["target"]["kind"] == "backButton"
    assert hit["action"] == {"kind": "pop", "to": "settings"}
    assert "trace" not in hit


@pytest.mark.navd_method("bar/hitTest")
def test_hit_test_below_the_bar_is_content_and_trace_on_request(navd_client, two_screens):
    hit = navd_client.bar_hit_test(two_screens, point(200, 400), trace=True)
    assert hit["target"]["kind"] == "content"
    assert hit["action"] == {"kind": "none"}
    assert isinstance(hit["trace"], list)


@pytest.mark.navd_method("bar/hitRegions")
def test_hit_regions_cover_the_back_button(navd_client, two_screens):
    regions = navd_client.bar_hit_regions(two_screens)["regions"]
    backs = [r for r in regions if r["target"]["kind"] == "backButton"]
    assert backs and backs[0]["action"]["kind"] == "pop"


@pytest.mark.navd_method("bar/render")
def test_render_returns_svg(navd_client, two_screens):
    svg = navd_client.bar_render(two_screens, format="svg")["svg"]
    assert svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml")
    assert "<rect" in svg


@pytest.mark.navd_method("bar/layout", "bar/tap")
def test_tap_on_the_back_button_pops_and_notifies(navd_client, other_client, two_screens):
    other_client.session_subscribe(two_screens, topics=["stack"])
    y = _bar_middle_y(navd_client, two_screens)
    tapped = navd_client.bar_tap(two_screens, point(15, y))
    assert tapped["performed"] is True
    assert tapped["hit"]["target"]["kind"] == "backButton"
    change = other_client.next_notification(5.0, method="session/didChange")
    assert {"kind": "stack", "op": "pop", "screens": ["general"]} in change.params["changes"]
    assert change.params["version"] == tapped["version"]


@pytest.mark.navd_method("bar/hitRegions", "bar/tap")
def test_tap_on_an_item_sends_item_tapped(navd_client, other_client, navd_session):
    navd_client.stack_set(navd_session, [{"id": "home", "title": "Home",
                                          "item": {"rightItems": [{"id": "add", "system": "add"}]}}])
    other_client.session_subscribe(navd_session)
    region = [r for r in navd_client.bar_hit_regions(navd_session)["regions"]
              if r["target"].get("itemId") == "add"][0]
    frame = region["frame"]
    tapped = navd_client.bar_tap(navd_session, point(frame["x"] + frame["width"] / 2,
                                                     frame["y"] + frame["height"] / 2))
    assert tapped["hit"]["action"] == {"kind": "itemAction", "itemId": "add"}
    event = other_client.next_notification(5.0, method="navigation/itemTapped")
    assert event.params["screenId"] == "home" and event.params["itemId"] == "add"


@pytest.mark.navd_method("bar/layout", "bar/tap")
def test_custom_back_sends_back_requested(navd_client, other_client, two_screens):
    navd_client.screen_update(two_screens, "general", {"backAction": "custom"})
    other_client.session_subscribe(two_screens)
    y = _bar_middle_y(navd_client, two_screens)
    tapped = navd_client.bar_tap(two_screens, point(15, y))
    assert tapped["hit"]["action"] == {"kind": "customBack"}
    event = other_client.next_notification(5.0, method="navigation/backRequested")
    assert event.params["screenId"] == "general"
    assert len(navd_client.stack_get(two_screens)["screens"]) == 2


@pytest.mark.navd_method("gesture/popTest")
def test_pop_gesture_begins_at_the_edge_only(navd_client, two_screens):
    assert navd_client.gesture_pop_test(two_screens, point(5, 400))["begins"] is True
    away = navd_client.gesture_pop_test(two_screens, point(200, 400))
    assert away["begins"] is False
    assert isinstance(away["reason"], str)


@pytest.mark.navd_method("bar/diagnose")
def test_diagnose_reports_small_touch_targets(navd_client, navd_session):
    navd_client.stack_set(navd_session, [
        {"id": "home", "title": "Home"},
        {"id": "tiny", "title": "Tiny",
         "item": {"rightItems": [{"id": "dot", "customView": {"width": 10, "height": 10}}]}}])
    diagnostics = navd_client.bar_diagnose(navd_session)["diagnostics"]
    codes = {d["code"] for d in diagnostics}
    assert "touch-target-small" in codes
    for diagnostic in diagnostics:
        assert diagnostic["severity"] in ("error", "warning", "info")
        assert diagnostic["message"]


TREE = {"class": "UIView", "id": "R", "frame": {"x": 0, "y": 0, "width": 320, "height": 480},
        "subviews": [{"class": "UIView", "id": "A", "frame": {"x": 0, "y": 0, "width": 100, "height": 100},
                      "subviews": [{"class": "UIButton", "id": "A1",
                                    "frame": {"x": 50, "y": 50, "width": 100, "height": 100},
                                    "subviews": []}]}]}


@pytest.mark.navd_method("tree/hitTest")
def test_tree_hit_test_HT_01_HT_03_HT_05(navd_client):
    assert navd_client.tree_hit_test(TREE, point(10, 10))["view"]["id"] == "A"
    assert navd_client.tree_hit_test(TREE, point(120, 120))["view"]["id"] == "R"
    assert navd_client.tree_hit_test(TREE, point(100, 100))["view"]["id"] == "R"
    inner = navd_client.tree_hit_test(TREE, point(60, 60), trace=True)
    assert inner["view"]["id"] == "A1"
    assert inner["view"]["path"] == [0, 0]
    assert isinstance(inner["trace"], list)


@pytest.mark.navd_method("tree/hitTest")
def test_tree_hit_test_reads_recursive_description(navd_client):
    text = ("<UIView: 0x1; frame = (0 0; 320 480); layer = <CALayer: 0x2>>\n"
            "   | <UIButton: 0x3; frame = (10 10; 100 44); opaque = NO; layer = <CALayer: 0x4>>\n")
    hit = navd_client.tree_hit_test(text, point(20, 20))
    assert hit["view"]["class"] == "UIButton"
    assert hit["view"]["path"] == [0]
    assert navd_client.tree_hit_test(text, point(300, 300))["view"]["path"] == []

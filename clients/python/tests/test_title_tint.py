"""title/back, title/previous and tint/resolve helpers (SEMANTICS BT-*, COL-*)."""

import pytest


@pytest.mark.navd_method("title/back")
def test_back_title_is_the_previous_title_BT_02(navd_client, two_screens):
    back = navd_client.title_back(two_screens)
    assert back["title"] == "Settings"
    assert back["display"] == "text"
    assert back["source"] == "previousTitle"
    assert back["truncated"] is False
    assert back["menu"] == ["Settings"]


@pytest.mark.navd_method("title/back")
def test_back_title_of_the_root_is_hidden_BT_01(navd_client, two_screens):
    back = navd_client.title_back(two_screens, screen_id="settings")
    assert back["title"] is None
    assert back["source"] == "none"


@pytest.mark.navd_method("title/back")
def test_back_item_wins_BT_05(navd_client, two_screens):
    navd_client.screen_update(two_screens, "settings", {
        "item": {"backButtonTitle": "Contacts", "backItem": {"title": "Cancel"}}})
    back = navd_client.title_back(two_screens)
    assert (back["title"], back["source"]) == ("Cancel", "backItem")


@pytest.mark.navd_method("title/previous")
def test_title_previous(navd_client, two_screens):
    previous = navd_client.title_previous(two_screens)
    assert previous["title"] == "Settings"
    assert previous["previousScreenId"] == "settings"
    assert isinstance(previous["reason"], str)


@pytest.mark.parametrize("color, foreground", [
    ("#FFFFFF", "#000000"),   # COL-V01
    ("#B9B9B9", "#FFFFFF"),   # COL-V13
    ("#BABABA", "#000000"),   # COL-V14
])
@pytest.mark.navd_method("tint/resolve")
def test_tint_for_a_colour_yiq(navd_client, color, foreground):
    tint = navd_client.tint_resolve(color=color, foreground="automatic")
    assert tint["foreground"] == foreground
    assert tint["foregroundPolicy"] == "automatic"
    assert tint["method"] == "yiq"
    assert tint["background"] == color
    # UIKit's own colours by default, with what the automatic rule would pick beside them (COL-1).
    default = navd_client.tint_resolve(color=color)
    assert default["foreground"] == "#007AFF" and default["titleColor"] == "#000000"
    assert default["foregroundPolicy"] == "uikit" and default["automaticForeground"] == foreground


@pytest.mark.navd_method("tint/resolve")
def test_tint_wcag_picks_the_higher_contrast_COL_V03(navd_client):
    yiq = navd_client.tint_resolve(color="#007AFF", foreground="automatic")
    wcag = navd_client.tint_resolve(color="#007AFF", method="wcag", foreground="automatic")
    assert yiq["foreground"] == "#FFFFFF"
    assert wcag["foreground"] == "#000000"
    assert wcag["contrast"]["black"] == pytest.approx(5.23, abs=0.01)
    assert wcag["contrast"]["white"] == pytest.approx(4.02, abs=0.01)


@pytest.mark.navd_method("tint/resolve")
def test_tint_blends_translucent_colours_over_the_backdrop_COL_A1(navd_client):
    tint = navd_client.tint_resolve(color="rgba(0,0,0,0.5)")
    assert tint["automaticForeground"] == "#FFFFFF"
    over_black = navd_client.tint_resolve(color="rgba(255,255,255,0.5)", backdrop="#000000")
    assert over_black["automaticForeground"] == "#FFFFFF"


@pytest.mark.navd_method("tint/resolve")
def test_tint_of_the_top_screens_bar(navd_client, two_screens):
    navd_client.bar_update(two_screens, {"barTintColor": "#101010"})
    tint = navd_client.tint_resolve(two_screens)
    assert tint["background"] == "#101010"
    assert tint["foreground"] == "#007AFF" and tint["titleColor"] == "#000000"
    assert tint["source"] == "automatic"
    navd_client.session_configure(two_screens, policies={"foreground": "automatic"})
    assert navd_client.tint_resolve(two_screens)["foreground"] == "#FFFFFF"
    forced = navd_client.screen_update(two_screens, "general", {"backStyle": {"title": "Up", "color": "#FF0000"}})
    assert forced["version"] > 0
    assert navd_client.tint_resolve(two_screens)["source"] == "forced"

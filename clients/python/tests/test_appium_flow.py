"""An Appium test's page source at each screen of a flow, checked by navd: ``import_tree`` turns the
page source into a session document and ``assert_no_diagnostics`` lints it.

The page sources in fixtures/appium/ are recorded ones, published in ldi-github/shirates-core's test
data (each file's header comment names it): Apple's Settings app at its root and at General >
Keyboards on an iPhone 12-class phone, and an app's form whose leading bar button is too small to
tap. In a live test, ``driver.page_source`` stands where ``recorded(...)`` does.
"""

from pathlib import Path

import pytest

from navd_client import ImportFailed, assert_no_diagnostics, import_tree, lint

FIXTURES = Path(__file__).parent / "fixtures" / "appium"

# Settings, then General > Keyboards: the screens the flow stops at, in order.
FLOW = ["settings-root-390x844.xml", "settings-keyboards-390x844.xml"]


def recorded(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("screen", FLOW)
def test_every_screen_of_the_flow_has_no_findings(screen):
    document = import_tree(recorded(screen))
    assert_no_diagnostics(document)


def test_the_flow_reads_as_the_app_showed_it():
    root, keyboards = (import_tree(recorded(name)) for name in FLOW)
    assert root["device"] == {"preset": "iphone-12"}
    assert [s["title"] for s in root["screens"]] == ["Settings"]
    assert any(note.startswith("large title 'Settings'") for note in root["notes"])
    # The back button says 'General': the screen below is General.
    assert [s["title"] for s in keyboards["screens"]] == ["General", "Keyboards"]
    # The profile follows the device unless the test says which iOS it ran.
    assert keyboards["profile"] == "ios14"
    # The widths the page source drew the title and the back title at, which the layout then uses.
    widths = {(w["text"], w["style"]): w["width"] for w in keyboards["policies"]["textWidths"]}
    assert widths == {("Keyboards", "title"): 86, ("General", "button"): 57}
    assert import_tree(recorded(FLOW[1]), profile="ios18")["profile"] == "ios17"


def test_a_leading_button_too_small_to_tap_is_caught():
    document = import_tree(recorded("app-skip-375x667.xml"))
    with pytest.raises(AssertionError, match=r"touch-target-small"):
        assert_no_diagnostics(document)
    (finding,) = [d for d in lint(document) if d.code == "touch-target-small"]
    assert finding.severity == "warning"
    # The page source rounds frames outward to whole points (39 wide); the import reads the button at the width
    # it was drawn at before that rounding, within the point the rounding adds.
    assert 38 <= finding.rect.width <= 39 and finding.rect.height == 44
    assert f"{finding.rect.width:g} x 44" in finding.message


def test_text_that_is_no_page_source_is_refused_with_its_line():
    with pytest.raises(ImportFailed) as failure:
        import_tree("<?xml version=\"1.0\"?>\n<XCUIElementTypeApplication x=\"0\" y=\"0\" width=\"390\" height=\"844\">\n")
    assert failure.value.line == 2
    assert "never closed" in str(failure.value)
    with pytest.raises(ImportFailed, match="is not a line navctl import reads"):
        import_tree("hello\n")

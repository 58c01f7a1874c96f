import Testing
@testable import SettingsKit

@Test func settingsHasTitle() {
    let settings = SettingsViewController()
    settings.loadViewIfNeeded()
    #expect(settings.title == "Settings")
}

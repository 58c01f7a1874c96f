@testable import NavModel

/// Builders shared by the back-title and tint tests.
enum Fixture {
    static func screen(
        _ id: String, _ title: String? = nil, _ edit: (inout Screen) -> Void = { _ in }
    ) -> Screen {
        var s = Screen(id: id, title: title)
        edit(&s)
        return s
    }

    static func model(
        _ screens: [Screen], profile: Profile = .ios17, device: Device = .standard, locale: String = "en",
        appLocalizations: [String] = ["en"], bar: BarAppearance = BarAppearance(),
        _ edit: (inout Policies) -> Void = { _ in }
    ) throws -> NavigationModel {
        var config = SessionConfig()
        config.profile = profile
        config.device = device
        config.locale = locale
        config.appLocalizations = appLocalizations
        config.bar = bar
        edit(&config.policies)
        return try NavigationModel(config: config, screens: screens)
    }

    /// A 320-pt phone (iPhone SE, first generation).
    static let narrowPhone = Device(width: 320, height: 568, statusBarHeight: 20, scale: 2)
    /// An iPad Pro 12.9" in landscape.
    static let widePad = Device(width: 1366, height: 1024, statusBarHeight: 24, scale: 2)
    /// Too narrow for any back text beside a title.
    static let tiny = Device(width: 160, height: 400, statusBarHeight: 20, scale: 2)

    static let longTitle = "A Very Long Previous Screen Title"

    static func leftItem(_ title: String) -> BarItem { BarItem(id: title.lowercased(), content: .title(title)) }
}

extension Color {
    /// An 8-bit grey.
    static func grey(_ level: Int) -> Color { Color(r8: level, g8: level, b8: level) }
}

import NavModel
import NavSource
import Testing

@testable import NavObjC

@Suite("App-wide settings")
struct AppWideTests {
    @Test("Appearance proxies of UINavigationBar and UIBarButtonItem, in messages, dot syntax and locals")
    func proxies() throws {
        let (facts, text) = try Source.fixture("AppWide.m")
        func at(_ needle: String) -> [SettingValue] {
            let line = Source.line(of: needle, in: text)
            return facts.appWide.filter { $0.location.line == line }.map(\.value)
        }
        let navy = Color(red: 0, green: 0.2, blue: 0.4)
        #expect(at("setBarTintColor:[UIColor colorWithRed") == [.bar(.barTintColor, .literal(navy))])
        #expect(at("[UINavigationBar appearance].tintColor") == [.bar(.tintColor, .system("white"))])
        #expect(at("UINavigationBar.appearance.translucent") == [.barTranslucent(.known(false))])
        #expect(at("setTitleTextAttributes") == [.bar(.titleColor, .system("white"))])
        #expect(at("contained.barTintColor") == [.bar(.barTintColor, .system("black"))])
        #expect(at("UIOffsetMake(-1000, 0)") == [.backTitleOffset(.known(Point(x: -1000, y: 0)))])
        #expect(at("NSIntegerMin") == [.backTitleOffset(.known(Point(x: Double(Int.min), y: Double(Int.min))))])
        #expect(at("appearance].standardAppearance") == [.appearance(.standard, background: .literal(navy))])
        #expect(at("appearance].scrollEdgeAppearance") == [.appearance(.scrollEdge, background: .literal(navy))])
        #expect(at("darkGrayColor") == [.bar(.barTintColor, .system("darkGray"))])
        #expect(facts.appWide.allSatisfy { !$0.conditional })
        #expect(facts.screens.isEmpty)
    }

    @Test("A screen's own bar is not app-wide")
    func screenBar() throws {
        let (facts, _) = try Source.fixture("Colors.m")
        #expect(facts.appWide.isEmpty)
    }
}

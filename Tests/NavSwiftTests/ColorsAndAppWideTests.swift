import NavModel
import NavSource
import Testing

@testable import NavSwift

@Suite("Colours and app-wide settings")
struct ColorsAndAppWideTests {
    /// The colour of `UINavigationBar.appearance().barTintColor = <expression>`.
    func color(_ expression: String) -> ColorValue? {
        let facts = read("func style() {\n    UINavigationBar.appearance().barTintColor = \(expression)\n}\n")
        guard case .bar(.barTintColor, let color)? = facts.appWide.first?.value else { return nil }
        return color
    }

    @Test func literalComponents() {
        #expect(color("UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1.0)") == .literal(Color(red: 0.2, green: 0.4, blue: 0.6)))
        let bytes = color("UIColor(red: 51 / 255, green: 102/255.0, blue: CGFloat(153) / 255, alpha: 0.5)").flatMap { value -> [Int]? in
            if case .literal(let c) = value { return c.bytes }
            return nil
        }
        #expect(bytes == [51, 102, 153, 128])
        #expect(color("UIColor(white: 0.5, alpha: 1)") == .literal(Color(red: 0.5, green: 0.5, blue: 0.5)))
        #expect(color("#colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)") == .literal(Color(red: 1, green: 0, blue: 0)))
        #expect(color("UIColor(displayP3Red: 0.1, green: 0.2, blue: 0.3, alpha: 1)") == .literal(Color(red: 0.1, green: 0.2, blue: 0.3)))
        #expect(color("UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)") == .literal(Color(red: 1, green: 0, blue: 0)))
        #expect(color("UIColor.white.withAlphaComponent(0.5)") == .literal(Color(red: 1, green: 1, blue: 1, alpha: 0.5)))
    }

    @Test func systemAndAssetColours() {
        #expect(color(".systemBlue") == .system("systemBlue"))
        #expect(color("UIColor.white") == .system("white"))
        #expect(color(".label") == .system("label"))
        #expect(color("UIColor.red") == .system("red"))
        #expect(color("UIColor(named: \"Brand\")") == .asset("Brand"))
        #expect(color("UIColor(named: \"Brand\", in: .main, compatibleWith: nil)!") == .asset("Brand"))
        #expect(color("UIColor(Color.red)") == .system("systemRed"))
        #expect(color("nil") == ColorValue.none)
    }

    @Test func coloursKnownOnlyAtRunTime() {
        #expect(color("UIColor(hex: 0x123456)") == .unknown)
        #expect(color("UIColor(hexString: \"#123456\")") == .unknown)
        #expect(color(".brandPrimary") == .unknown)
        #expect(color("Theme.current.barColor") == .unknown)
        #expect(color("UIColor { $0.userInterfaceStyle == .dark ? .black : .white }") == .unknown)
        #expect(color("UIColor.systemBlue.withAlphaComponent(0.5)") == .unknown)
        #expect(color("isDark ? .black : .white") == .unknown)
        #expect(color("UIColor(red: r, green: 0, blue: 0, alpha: 1)") == .unknown)
    }

    @Test func localColoursAndNumbers() {
        let facts = read(
            """
            func style() {
                let brand = UIColor(red: 0, green: 0.5, blue: 1, alpha: 1)
                let alpha: CGFloat = 0.8
                UINavigationBar.appearance().tintColor = brand
                UINavigationBar.appearance().barTintColor = UIColor(white: 1, alpha: alpha)
            }
            """)
        #expect(
            facts.appWide.map(\.value) == [
                .bar(.tintColor, .literal(Color(red: 0, green: 0.5, blue: 1))),
                .bar(.barTintColor, .literal(Color(red: 1, green: 1, blue: 1, alpha: 0.8))),
            ])
    }

    @Test func appearanceProxiesAnywhere() throws {
        let facts = read(
            """
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, didFinishLaunchingWithOptions options: LaunchOptions?) -> Bool {
                    UINavigationBar.appearance().barTintColor = .systemTeal
                    UINavigationBar.appearance().tintColor = UIColor.white
                    UINavigationBar.appearance().titleTextAttributes = [NSAttributedString.Key.foregroundColor: UIColor.white]
                    UINavigationBar.appearance().isTranslucent = false
                    UINavigationBar.appearance(whenContainedInInstancesOf: [MainNavigationController.self]).prefersLargeTitles = true
                    UIBarButtonItem.appearance().setBackButtonTitlePositionAdjustment(
                        UIOffset(horizontal: -1000, vertical: 0), for: .default)
                    UIBarButtonItem.appearance().tintColor = .systemPink
                    let navBar = UINavigationBar.appearance()
                    navBar.barTintColor = nil
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    appearance.backgroundColor = .systemGreen
                    UINavigationBar.appearance().standardAppearance = appearance
                    return true
                }
            }
            """)
        #expect(facts.screens.isEmpty)
        #expect(
            facts.appWide.map(\.value) == [
                .bar(.barTintColor, .system("systemTeal")), .bar(.tintColor, .system("white")), .bar(.titleColor, .system("white")),
                .barTranslucent(.known(false)), .prefersLargeTitles(.known(true)), .backTitleOffset(.known(Point(x: -1000, y: 0))),
                .bar(.tintColor, .system("systemPink")), .bar(.barTintColor, .none),
                .appearance(.standard, background: .system("systemGreen")),
            ])
        #expect(facts.appWide.map(\.location.line) == [4, 5, 6, 7, 8, 9, 11, 13, 17])
        #expect(facts.appWide.first?.location.column == 9)
    }

    @Test func titleAttributesWithoutAColourResetIt() {
        let facts = read(
            """
            func style() {
                UINavigationBar.appearance().titleTextAttributes = [.font: UIFont.systemFont(ofSize: 17)]
                UINavigationBar.appearance().titleTextAttributes = attributes
            }
            """)
        #expect(facts.appWide.map(\.value) == [.bar(.titleColor, .none), .bar(.titleColor, .unknown)])
    }
}

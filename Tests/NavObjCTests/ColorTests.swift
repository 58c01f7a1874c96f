import NavModel
import NavSource
import Testing

@testable import NavObjC

@Suite("Colours")
struct ColorTests {
    static func colors(_ needle: String) throws -> [SettingValue] {
        let (facts, text) = try Source.fixture("Colors.m")
        return facts.settings(of: "PaletteViewController", line: Source.line(of: needle, in: text))
    }

    @Test("Literal colours, with C's arithmetic on their components")
    func literals() throws {
        #expect(
            try Self.colors("colorWithRed:51 / 255.0 green:102") == [.bar(.barTintColor, .literal(Color(red: 0.2, green: 0.4, blue: 1)))])
        // 51 / 255 is an integer division: 0.
        #expect(
            try Self.colors("colorWithRed:51 / 255 green:0.4f")
                == [.bar(.barTintColor, .literal(Color(red: 0, green: 0.4, blue: 1, alpha: 0.5)))])
        #expect(try Self.colors("initWithRed:1 green:0") == [.bar(.barTintColor, .literal(Color(red: 1, green: 0, blue: 0)))])
        #expect(try Self.colors("colorWithHue:0") == [.bar(.barTintColor, .literal(Color(red: 1, green: 0, blue: 0)))])
    }

    @Test("System colours by UIKit's name, asset colours by theirs, nil as none")
    func named() throws {
        #expect(try Self.colors("tintColor = [UIColor whiteColor]") == [.bar(.tintColor, .system("white"))])
        #expect(try Self.colors("systemBlueColor") == [.bar(.tintColor, .system("systemBlue"))])
        #expect(try Self.colors("UIColor.redColor") == [.bar(.tintColor, .system("red"))])
        #expect(try Self.colors("colorNamed:@\"Brand\"") == [.bar(.tintColor, .asset("Brand"))])
        #expect(try Self.colors("tintColor = nil") == [.bar(.tintColor, .none)])
    }

    @Test("Macros and app helpers are unknown, never guessed")
    func unknown() throws {
        #expect(try Self.colors("RGB(0x33, 0x33, 0x33)") == [.bar(.barTintColor, .unknown)])
        #expect(try Self.colors("= kColorMain") == [.bar(.barTintColor, .unknown)])
        #expect(try Self.colors("colorWithHexString") == [.bar(.barTintColor, .unknown)])
        #expect(try Self.colors("ThemeManager.shared") == [.bar(.barTintColor, .unknown)])
    }

    @Test("Title colours from titleTextAttributes; a dictionary without a foreground colour sets none")
    func titleColors() throws {
        #expect(try Self.colors("NSForegroundColorAttributeName: [UIColor blackColor]") == [.bar(.titleColor, .system("black"))])
        #expect(try Self.colors("dictionaryWithObjectsAndKeys") == [.bar(.titleColor, .system("darkGray"))])
        #expect(try Self.colors("@{NSFontAttributeName: [UIFont systemFontOfSize:18]}").isEmpty)
    }

    @Test("Appearances with their background, given or not")
    func appearances() throws {
        #expect(try Self.colors("standardAppearance = appearance") == [.appearance(.standard, background: .system("systemBackground"))])
        #expect(try Self.colors("scrollEdgeAppearance = appearance") == [.appearance(.scrollEdge, background: .system("systemBackground"))])
        #expect(try Self.colors("compactAppearance = plain") == [.appearance(.compact, background: .unknown)])
    }

    @Test("A black bar style makes the title colour one the code does not give; the default style sets nothing")
    func barStyle() throws {
        let (facts, text) = try Source.fixture("Colors.m")
        let black = Source.line(of: "barStyle = UIBarStyleBlack", in: text)
        #expect(facts.settings(of: "NightModeViewController", line: black) == [.bar(.titleColor, .unknown)])
        #expect(facts.screen("NightModeViewController")?.settings.count == 1)
    }
}

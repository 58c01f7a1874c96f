import Foundation
import NavFont
import NavFontFiles
import NavModel
import Testing

/// The model measuring with a real font: back titles, the layout and the diagnostics use its widths, the
/// answers say so, and the calibrated tables stay for what the font lacks.
@Suite("The model with a font")
struct MeasuredModelTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func font() throws -> TextFont { try FontFiles.load(Policies.TextFontSetting(file: dejaVu)) }

    func model(previous: String, font: TextFont?) throws -> NavigationModel {
        var config = SessionConfig()
        config.textFont = font
        return try NavigationModel(config: config, screens: [Screen(id: "a", title: previous), Screen(id: "b", title: "Item")])
    }

    /// A previous title whose calibrated width fits the back title's room and whose DejaVu Sans width does not.
    func boundaryTitle(room: Double, font: TextFont) -> String? {
        let words = ["Notifications", "Settings", "Wireless", "Accounts", "Privacy", "General", "Mailboxes"]
        for a in words {
            for b in words where a != b {
                let title = "\(a) \(b)"
                if TextMetrics.width(title) <= room && TextMetrics.width(title, font: font) > room { return title }
            }
        }
        return nil
    }

    @Test("a back title that fits by the calibrated tables and not in the font falls back, and says which font")
    func backTitle() throws {
        let font = try Self.font()
        let plain = try model(previous: "x", font: nil)
        let room = BarMetrics.backTitleSpace(model: plain, screenIndex: 1)
        let title = try #require(boundaryTitle(room: room, font: font), "no boundary title for a room of \(room)")
        let calibrated = BackTitleEngine.backTitle(model: try model(previous: title, font: nil), screenIndex: 1)
        #expect(calibrated.title == title && !calibrated.truncated && calibrated.metrics == nil)
        let measured = BackTitleEngine.backTitle(model: try model(previous: title, font: font), screenIndex: 1)
        #expect(measured.display == .generic && measured.truncated)
        #expect(measured.metrics == MeasuredWith(file: Self.dejaVu, face: "DejaVu Sans", variable: false))
    }

    @Test("the layout measures the title in the font and carries it for drawing")
    func layout() throws {
        let font = try Self.font()
        let bar = BarLayoutEngine.layout(model: try model(previous: "Back", font: font), screenIndex: 1)
        #expect(bar.textFont == font)
        let title = try #require(bar.elements.first { $0.kind == .title })
        #expect(abs(title.frame.width - TextMetrics.width("Item", weight: .semibold, font: font)) < 0.5)
        let plain = BarLayoutEngine.layout(model: try model(previous: "Back", font: nil), screenIndex: 1)
        #expect(plain.textFont == nil)
        #expect(abs((plain.elements.first { $0.kind == .title }?.frame.width ?? 0) - title.frame.width) > 1)
    }

    @Test("relative font paths resolve against the document's folder")
    func relative() {
        #expect(FontFiles.resolve("fonts/A.ttf", relativeTo: "/work/app") == "/work/app/fonts/A.ttf")
        #expect(FontFiles.resolve("fonts/A.ttf", relativeTo: "/work/app/") == "/work/app/fonts/A.ttf")
        #expect(FontFiles.resolve("/abs/A.ttf", relativeTo: "/work/app") == "/abs/A.ttf")
        #expect(FontFiles.resolve("A.ttf", relativeTo: nil) == "A.ttf")
        #expect(FontFiles.setting(file: "/x.ttc", face: "2") == Policies.TextFontSetting(file: "/x.ttc", face: .index(2)))
        #expect(FontFiles.setting(file: "/x.ttc", face: "SF Pro") == Policies.TextFontSetting(file: "/x.ttc", face: .name("SF Pro")))
    }

    @Test("the font a configuration measures with: its own, else the fallback, else none on Linux")
    func precedence() throws {
        var config = SessionConfig()
        #if os(Linux)
            #expect(try FontFiles.font(for: config) == nil)
        #endif
        let fallback = Policies.TextFontSetting(file: Self.dejaVu)
        #expect(try FontFiles.font(for: config, fallback: fallback)?.face == "DejaVu Sans")
        config.policies.textFont = Policies.TextFontSetting(file: "wqy-microhei.ttc", face: .index(1))
        let own = try FontFiles.font(for: config, relativeTo: "/usr/share/fonts/truetype/wqy", fallback: fallback)
        #expect(own?.face == "WenQuanYi Micro Hei Mono")
        config.policies.textFont = Policies.TextFontSetting(file: "missing.ttf")
        #expect(throws: FontFiles.Failure(file: "/nowhere/missing.ttf", message: "no such font file")) {
            try FontFiles.font(for: config, relativeTo: "/nowhere")
        }
        config.policies.textFont = Policies.TextFontSetting(file: "/usr/share/fonts/truetype/dejavu")
        #expect(throws: FontFiles.Failure(file: "/usr/share/fonts/truetype/dejavu", message: "not a file")) {
            try FontFiles.font(for: config)
        }
    }
}

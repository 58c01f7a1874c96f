import Testing

@testable import NavModel

/// `policies.textWidths`: a text given a width in its style measures that width wherever the bar places it, and every
/// other text keeps the model's measure.
@Suite("Given text widths")
struct TextWidthsTests {
    static func given(_ entries: [TextWidths.Entry]) -> (inout Policies) -> Void {
        { $0.textWidths = TextWidths(entries) }
    }

    @Test("the title is laid out at its given width; a text without one keeps its measure")
    func title() throws {
        let screens = [Screen(id: "a", title: "General"), Screen(id: "b", title: "Keyboards")]
        let measured = try #require(Fx.bar(try Fx.model(screens)).element(.title))
        // 'Keyboards' at 17-pt semibold in the model's tables.
        #expect(abs(measured.frame.width - TextMetrics.width("Keyboards", weight: .semibold)) < 0.01)
        let m = try Fx.model(policies: Self.given([.init(text: "Keyboards", style: .title, width: 86)]), screens)
        let title = try #require(Fx.bar(m).element(.title))
        #expect(title.frame.width == 86)
        #expect(abs(title.frame.midX - 195) < 0.01, "still centred on the 390-pt bar")
        // The same text in another style, and another text in this one, are measured as before.
        let other = try Fx.model(
            policies: Self.given([.init(text: "Keyboards", style: .button, width: 10), .init(text: "General", style: .title, width: 10)]),
            screens)
        #expect(Fx.bar(other).element(.title)?.frame.width == measured.frame.width)
    }

    @Test("GEO-11: the back button holds its label at the given width, in every era")
    func backButton() throws {
        let screens = [Screen(id: "a", title: "General"), Screen(id: "b", title: "Keyboards")]
        let set = Self.given([.init(text: "General", style: .button, width: 57)])
        // era M from ios14: 8 + chevron 13 + gap 6 + label + 5 (backButtonEnd); ios11: no 5. Era G: the platter is
        // the chevron, the gap, the label and 12 of padding.
        let cases: [(profile: Profile, width: Double, expected: Double)] = [
            (.ios17, 390, 8 + 13 + 6 + 57 + 5), (.ios11, 375, 8 + 13 + 6 + 57), (.ios26, 402, 13 + 6 + 57 + 12),
        ]
        for (profile, width, expected) in cases {
            let m = try Fx.model(profile, width: width, policies: set, screens)
            // The back button's view (on iOS 26 its platter), not the element's touch area.
            let back = try #require(Self.view("backButton", in: Fx.bar(m).window), "\(profile)")
            #expect(abs(back.frame.width - expected) < 0.01, "\(profile): \(back.frame)")
            // The import's inverse: a button this wide holds a 57-pt label.
            let g = BarGeometry(model: m, screenIndex: 1)
            #expect(abs((g.backLabelWidth(buttonWidth: back.frame.width) ?? 0) - 57) < 0.01, "\(profile)")
        }
    }

    static func view(_ id: String, in root: View) -> View? {
        if root.id == id { return root }
        for child in root.subviews { if let v = view(id, in: child) { return v } }
        return nil
    }

    @Test("BB-6: whether the previous title fits beside the title uses its given width")
    func backTitleFit() throws {
        // A 375-pt phone: a long previous title falls back to "Back" by the model's measure.
        let previous = "Notifications and Sounds Settings"
        let screens = [Screen(id: "a", title: previous), Screen(id: "b", title: "Alerts")]
        let measured = try Fx.model(width: 375, height: 667, statusBar: 20, screens)
        #expect(Fx.backText(measured) == "Back")
        // Drawn narrower on a device (a condensed font), it fits, and the button says it.
        let narrow = try Fx.model(
            width: 375, height: 667, statusBar: 20, policies: Self.given([.init(text: previous, style: .button, width: 90)]), screens)
        #expect(Fx.backText(narrow) == previous)
        let t = BackTitleEngine.backTitle(model: narrow, screenIndex: 1)
        #expect(t.display == .text && !t.truncated)
        #expect(t.givenWidth == 90, "the answer says which width its fit was judged by")
        #expect(BackTitleEngine.backTitle(model: measured, screenIndex: 1).givenWidth == nil)
        // And a short title given a width wider than the room falls back.
        let wide = try Fx.model(
            width: 375, height: 667, statusBar: 20, policies: Self.given([.init(text: "Home", style: .button, width: 300)]),
            [Screen(id: "a", title: "Home"), Screen(id: "b", title: "Alerts")])
        #expect(Fx.backText(wide) == "Back")
    }

    @Test("GEO-13: the large title is laid out at its given width")
    func largeTitle() throws {
        let m = try Fx.model(
            bar: BarAppearance(prefersLargeTitles: true),
            policies: Self.given([.init(text: "Settings", style: .largeTitle, width: 135)]), [Screen(id: "s", title: "Settings")])
        #expect(Fx.bar(m).element(.largeTitle)?.frame == Rect(x: 16, y: 94, width: 135, height: 42))
    }

    @Test("a later width of the same text and style replaces the earlier one; equality is by the list")
    func table() {
        var w = TextWidths([.init(text: "A", style: .title, width: 1), .init(text: "B", style: .title, width: 2)])
        w.set(.init(text: "A", style: .title, width: 3))
        #expect(w.entries.map(\.text) == ["B", "A"] && w.width(of: "A", style: .title) == 3)
        #expect(w == TextWidths([.init(text: "B", style: .title, width: 2), .init(text: "A", style: .title, width: 3)]))
        #expect(w != TextWidths([.init(text: "A", style: .title, width: 3), .init(text: "B", style: .title, width: 2)]))
        #expect(TextWidths().width(of: "A", style: .title) == nil)
    }
}

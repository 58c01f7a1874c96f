import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import NavModel
import Testing

@testable import NavRender

/// What the SVG writer escapes, by the rules of XML 1.0: `&` and `<` always, `>` in text (so `]]>` never
/// appears), both quotes in text, the double quote in a double-quoted attribute; characters XML 1.0 does not
/// allow (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) become a space.
@Suite("NavRender: XML text and SVG elements")
struct SVGTextTests {
    @Test(
        "text is escaped, and what XML cannot hold becomes a space",
        arguments: [
            ("plain", "plain"),
            ("Fish & Chips", "Fish &amp; Chips"),
            ("<b>", "&lt;b&gt;"),
            (#"say "hi" it's"#, "say &quot;hi&quot; it&apos;s"),
            ("]]>", "]]&gt;"),
            ("a\u{0}b\u{1F}c", "a b c"),
            ("tab\tline\ncr\r", "tab\tline\ncr\r"),
            ("\u{FFFE}\u{FFFF}", "  "),
            ("é 漢字 🙂", "é 漢字 🙂"),
        ])
    func text(_ raw: String, _ escaped: String) {
        #expect(XMLText.escape(raw) == escaped)
    }

    @Test(
        "attribute values escape what a double-quoted value cannot hold",
        arguments: [("12.5", "12.5"), ("a&b", "a&amp;b"), ("<", "&lt;"), (#"x"y"#, "x&quot;y"), ("it's >", "it's >")])
    func attribute(_ raw: String, _ escaped: String) {
        #expect(SVGElement.escapeAttribute(raw) == escaped)
    }

    @Test("elements: attributes in the order given, empty ones closed at once, children and line breaks in order")
    func elements() {
        #expect(SVGElement("rect", [.init("x", "0"), .init("width", "80.34")]).xml == #"<rect x="0" width="80.34"/>"#)
        #expect(SVGElement("text", [.init("x", "8")], text: "A & B").xml == #"<text x="8">A &amp; B</text>"#)
        #expect(
            SVGElement("rect", [.init("class", "back")]).titled("pops to \"home\"").xml
                == #"<rect class="back"><title>pops to &quot;home&quot;</title></rect>"#)
        let group = SVGElement("g", children: .lines([SVGElement("a"), SVGElement("b", text: "<")]))
        #expect(group.xml == "<g>\n<a/>\n<b>&lt;</b>\n</g>")
    }

    @Test("a bar whose titles hold markup still renders as well-formed XML, the text escaped")
    func hostileTitles() throws {
        var config = SessionConfig()
        config.profile = .ios17
        let model = try NavigationModel(
            config: config,
            screens: [
                Screen(id: "home", title: "<script>&"), Screen(id: "detail", title: "]]> \"x\" \u{1}"),
            ])
        let svg = try #require(BarRenderer.render(model: model))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(!svg.contains("<script>"))
        // A label is drawn a character cluster at a time (docs/protocol.md, bar/render): each escaped on its own.
        for escaped in ["&lt;", "&gt;", "&amp;", "&quot;"] { #expect(svg.contains(escaped), "\(escaped) in the labels") }
    }

    @Test("an empty stack has no bar to draw")
    func emptyStack() throws {
        #expect(BarRenderer.render(model: try NavigationModel(config: SessionConfig(), screens: [])) == nil)
    }
}

import JSONCore
import NavModel
import NavRender
import NavSource
import Testing

@testable import NavLint

@Suite("HTML reporter")
struct HTMLReporterTests {
    /// A document whose screen id, title and item id hold every character HTML needs escaped.
    static let document = """
        {"screens": [
          {"id": "home", "title": "Home"},
          {"id": "a<b>&\\"c'", "title": "<Fish & Chips>", "item": {"rightItems": [{"id": "<tiny>", "customView": {"width": 17, "height": 44}}]}}]}
        """
    static let documentFile = "flows/<odd> & name.navd.json"

    /// A source project: ListViewController pushes DetailViewController, whose back item has an action UIKit ignores.
    static func sourceFindings() -> [Finding] {
        let at = { (line: Int) in SourceLocation(file: "App.swift", line: line, column: 5) }
        let item = ItemDraft(content: .title(.known("Back")), hasAction: .known(true), action: "back", location: at(4))
        let facts = SourceFacts(
            file: "App.swift", language: .swift,
            screens: [
                ScreenDraft(
                    name: "ListViewController", kind: .viewController, superclass: "UIViewController", location: at(1),
                    settings: [Setting(.backItem(item), at: at(4))]),
                ScreenDraft(name: "DetailViewController", kind: .viewController, superclass: "UIViewController", location: at(20)),
            ],
            edges: [Edge(kind: .push, from: "ListViewController", to: .className("DetailViewController"), location: at(8))])
        return SourceLinter.lint(SourceProject(name: "App", files: [facts], profiles: [.ios17])).map { f in
            var d = f.diagnostic
            d.screenId = f.screen
            return Finding(
                file: f.location.file, position: SourcePosition(line: f.location.line, column: f.location.column), path: "",
                profile: f.profile, diagnostic: d, stack: f.stack)
        }
    }

    static let files = [
        documentFile: document,
        "App.swift":
            "class ListViewController: UIViewController {\n  override func viewDidLoad() {\n\n    item.backBarButtonItem = x < y && \"z\"\n",
    ]

    func report() throws -> LintReport {
        let doc = try load(Self.document, file: Self.documentFile)
        let unread = Finding(
            file: "Gen<erated>.swift", position: SourcePosition(line: 1, column: 1), path: "", profile: .ios17,
            diagnostic: Diagnostic(code: LintRule.sourceNotRead, severity: .warning, message: "not read: <too large>"))
        let bad = LoadError(file: "flows/bad.navd.json", position: SourcePosition(line: 2, column: 3), message: "invalid JSON: <x>")
        return LintReport(findings: Linter.lint(doc) + Self.sourceFindings() + [unread], errors: [bad])
    }

    func html(_ report: LintReport) -> String {
        HTMLReporter(docsURL: "file:///doc/semantics.md", toolVersion: "9.9.9") { Self.files[$0] }.render(report)
    }

    /// The text between each `<article` and its `</article>`.
    static func articles(_ html: String) -> [Substring] {
        html.components(separatedBy: "<article ").dropFirst().map { $0.split(separator: "</article>", maxSplits: 1)[0] }
    }

    static func count(_ html: String, _ needle: String) -> Int { html.components(separatedBy: needle).count - 1 }

    @Test("one article per finding, one picture for each finding found on a stack, and no id twice")
    func onePicturePerFinding() throws {
        let report = try report()
        let html = html(report)
        let articles = Self.articles(html)
        #expect(articles.count == report.findings.count && report.findings.count >= 3)
        for (article, finding) in zip(articles, report.findings) {
            #expect(Self.count(String(article), "<svg xmlns=") == (finding.stack == nil ? 0 : 1), "\(finding.code)")
            #expect(Self.count(String(article), "class=\"touch ") > 0 || finding.stack == nil)
        }
        // The pictures' ids are prefixed with their finding's, so the page never repeats one.
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count && ids.contains("finding-1-touch-areas"))
        // The same report gives the same page.
        #expect(html == self.html(report))
    }

    @Test("findings are grouped by flow (a document, a source stack, files), then by screen, in the report's order")
    func grouping() throws {
        let html = html(try report())
        let flows = html.components(separatedBy: "<section class=\"flow\"").dropFirst().map { String($0) }
        #expect(flows.count == 3)
        #expect(flows[0].contains("<h2>Document <span class=\"flow-name\">flows/&lt;odd&gt; &amp; name.navd.json</span></h2>"))
        #expect(flows[0].contains("<h3>Screen <code>a&lt;b&gt;&amp;&quot;c&apos;</code></h3>"))
        #expect(flows[1].contains("<h2>Flow <span class=\"flow-name\">ListViewController &gt; DetailViewController</span></h2>"))
        #expect(flows[1].contains("<h3>Screen <code>DetailViewController</code></h3>"))
        #expect(flows[1].contains("data-code=\"custom-back-action-ignored\""))
        #expect(flows[2].contains("<h2>Files</h2>") && flows[2].contains("<h3>File <code>Gen&lt;erated&gt;.swift</code></h3>"))
        #expect(html.contains("<li><a href=\"#flow-2\">ListViewController &gt; DetailViewController</a> (1)</li>"))
        #expect(html.contains("<h2>Not loaded</h2>") && html.contains("invalid JSON: &lt;x&gt;"))
    }

    @Test("every finding shows its line's text, escaped, its rule with the docs link, and its region outlined")
    func lineRuleAndRegion() throws {
        let report = try report()
        let html = html(report)
        let articles = Self.articles(html)
        let tiny = try #require(report.findings.firstIndex { $0.code == "touch-target-small" })
        let article = String(articles[tiny])
        // The document's line 3, as it is in the file, escaped.
        let line3 = Self.document.split(separator: "\n")[2]
        #expect(article.contains("<span class=\"line-number\">3</span><code>\(XMLText.escape(String(line3)))</code>"))
        #expect(article.contains("<code class=\"location\">flows/&lt;odd&gt; &amp; name.navd.json:3:"))
        #expect(article.contains("<a class=\"rule\" href=\"file:///doc/semantics.md#touch-target-small\">touch-target-small</a>"))
        // The item's touch area, outlined where the diagnostic's rect is.
        let rect = try #require(report.findings[tiny].diagnostic.rect)
        #expect(article.contains("<rect id=\"finding-\(tiny + 1)-marking\" x=\"\(SVGNumber.format(rect.x))\""))
        #expect(article.contains("the dashed outline marks the finding&apos;s region"))
        // The source finding: its line with < && and quotes escaped.
        let source = String(try #require(articles.first { $0.contains("data-code=\"custom-back-action-ignored\"") }))
        #expect(source.contains("<code>    item.backBarButtonItem = x &lt; y &amp;&amp; &quot;z&quot;</code>"))
        // A file with no text to show says so; no raw markup of the inputs reaches the page.
        #expect(html.contains("line 1 of Gen&lt;erated&gt;.swift cannot be read"))
        for raw in ["<b>", "<tiny>", "<odd>", "<Fish", "<x>", "<too", "<erated>"] { #expect(!html.contains(raw), "\(raw)") }
        // Without a docs URL the code is shown without a link.
        let plain = HTMLReporter(docsURL: nil) { Self.files[$0] }.render(report)
        #expect(!plain.contains("<a class=\"rule\"") && plain.contains("<span class=\"rule\">touch-target-small</span>"))
    }

    @Test("the page is self-contained: no script, no link to a style sheet or font, nothing fetched")
    func selfContained() throws {
        let html = html(try report())
        #expect(html.hasPrefix("<!DOCTYPE html>\n") && html.hasSuffix("</html>\n"))
        for needle in ["<script", "<link", "@import", "url(", "src=", "@font-face", "http://", "https://"] {
            // The only URLs are the SVG namespace and the rule links.
            let hits = html.components(separatedBy: needle).count - 1
            let allowed = needle == "http://" ? Self.count(html, "xmlns=\"http://www.w3.org/2000/svg\"") : 0
            #expect(hits == allowed, "\(needle)")
        }
    }
}

import NavModel
import NavProtocol
import NavRender

/// One self-contained HTML page (inline CSS, inline SVG; no script, no font, nothing fetched) listing the findings
/// by flow, then by screen, each with its bar drawn as `bar/render` draws it (the touch areas over what is drawn)
/// and the finding's region outlined, the line it points at, and its rule with a link to the docs.
///
/// Flows: a session document is one flow (named by its file); a source finding's flow is the stack it was found on,
/// named by its screens from the bottom (`HomeViewController > DetailViewController`); findings about a file rather
/// than a screen are under "Files". Flows, screens and findings keep the report's order, so the same report always
/// gives the same page.
public struct HTMLReporter: LintReporter {
    /// Where docs/semantics.md can be read; each rule links to this plus `#CODE`, as SARIF's `helpUri` does.
    public var docsURL: String?
    public var toolVersion: String
    /// A file's text, for the lines findings point at; nil when it cannot be read.
    public var contents: (String) -> String?

    public init(docsURL: String?, toolVersion: String = NavdVersion.current, contents: @escaping (String) -> String?) {
        self.docsURL = docsURL
        self.toolVersion = toolVersion
        self.contents = contents
    }

    /// A flow of the page: its findings by screen, each finding with its place in the report (from 1).
    struct Flow {
        var title: String
        var kind: Kind
        var screens: [(name: String, findings: [(number: Int, finding: Finding)])] = []

        enum Kind { case document, stack, files }
    }

    /// The report's findings by flow and screen, in the order they first appear.
    static func flows(_ report: LintReport) -> [Flow] {
        var flows: [Flow] = []
        var flowIndex: [String: Int] = [:]
        for (offset, f) in report.findings.enumerated() {
            let key: String
            let title: String
            let kind: Flow.Kind
            let screen: String
            if !f.path.isEmpty {
                // A document's finding names its member; a source finding is at its line alone.
                (key, title, kind, screen) = ("document\u{1F}\(f.file)", f.file, .document, f.screenId)
            } else if let stack = f.stack {
                let names = stack.screenIds.joined(separator: " > ")
                (key, title, kind, screen) = ("stack\u{1F}\(names)", names, .stack, f.screenId)
            } else {
                (key, title, kind, screen) = ("files", "Files", .files, f.file)
            }
            let i: Int
            if let known = flowIndex[key] {
                i = known
            } else {
                i = flows.count
                flowIndex[key] = i
                flows.append(Flow(title: title, kind: kind))
            }
            if let j = flows[i].screens.firstIndex(where: { $0.name == screen }) {
                flows[i].screens[j].findings.append((offset + 1, f))
            } else {
                flows[i].screens.append((screen, [(offset + 1, f)]))
            }
        }
        return flows
    }

    public func render(_ report: LintReport) -> String {
        let flows = Self.flows(report)
        var lines = LineCache(contents: contents)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="navd \(e(toolVersion))">
            <title>navd lint: \(Self.count(report.findings.count, "finding"))</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <h1>navd lint</h1>

            """
        let counts = Diagnostic.Severity.allCases.map { s in (s, report.findings.filter { $0.severity == s }.count) }
        let tally = counts.filter { $0.1 > 0 }.map { $0.0 == .info ? "\($0.1) info" : Self.count($0.1, $0.0.rawValue) }
            .joined(separator: ", ")
        out += "<p class=\"summary\">\(Self.count(report.findings.count, "finding"))"
        out += tally.isEmpty ? "" : " (\(tally))"
        out += " in \(Self.count(flows.count, "flow"))"
        if !report.errors.isEmpty { out += "; \(Self.count(report.errors.count, "file")) not loaded" }
        out += ".</p>\n"
        if !flows.isEmpty {
            out += "<nav>\n<ol class=\"flows\">\n"
            for (i, flow) in flows.enumerated() {
                let n = flow.screens.reduce(0) { $0 + $1.findings.count }
                out += "<li><a href=\"#flow-\(i + 1)\">\(e(flow.title))</a> (\(n))</li>\n"
            }
            out += "</ol>\n</nav>\n"
        }
        for (i, flow) in flows.enumerated() {
            let heading: String
            switch flow.kind {
            case .document: heading = "Document <span class=\"flow-name\">\(e(flow.title))</span>"
            case .stack: heading = "Flow <span class=\"flow-name\">\(e(flow.title))</span>"
            case .files: heading = "Files"
            }
            out += "<section class=\"flow\" id=\"flow-\(i + 1)\">\n<h2>\(heading)</h2>\n"
            for (j, screen) in flow.screens.enumerated() {
                let name =
                    flow.kind == .files ? "File <code>\(e(screen.name))</code>" : "Screen <code>\(e(screen.name))</code>"
                out += "<section class=\"screen\" id=\"flow-\(i + 1)-screen-\(j + 1)\">\n<h3>\(name)</h3>\n"
                for (number, finding) in screen.findings { out += article(number, finding, lines: &lines) }
                out += "</section>\n"
            }
            out += "</section>\n"
        }
        if !report.errors.isEmpty {
            out += "<section class=\"errors\" id=\"not-loaded\">\n<h2>Not loaded</h2>\n<ul>\n"
            for error in report.errors {
                out += "<li><code class=\"location\">\(e(error.file)):\(error.position.line):\(error.position.column)</code> "
                out += "\(e(error.message))</li>\n"
            }
            out += "</ul>\n</section>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// One finding: what, where, the rule, and the bar.
    func article(_ number: Int, _ f: Finding, lines: inout LineCache) -> String {
        let id = "finding-\(number)"
        var out = "<article class=\"finding \(f.severity.rawValue)\" id=\"\(id)\" data-code=\"\(e(f.code))\">\n"
        out += "<p class=\"headline\"><span class=\"severity\">\(f.severity.rawValue)</span> "
        let rule = LintRule.all.first { $0.code == f.code }
        if let docsURL {
            out += "<a class=\"rule\" href=\"\(e("\(docsURL)#\(f.code)"))\">\(e(f.code))</a>"
        } else {
            out += "<span class=\"rule\">\(e(f.code))</span>"
        }
        if let rule { out += " <span class=\"rule-text\">\(e(rule.shortDescription))</span>" }
        out += "</p>\n<p class=\"message\">\(e(f.message))</p>\n"
        out += "<p class=\"where\"><code class=\"location\">\(e(f.file)):\(f.position.line):\(f.position.column)</code>"
        if !f.screenId.isEmpty { out += " · screen <code>\(e(f.screenId))</code>" }
        if let item = f.itemId { out += " · item <code>\(e(item))</code>" }
        if f.stack != nil { out += " · \(f.profile.rawValue)" }
        if let rule, !rule.rules.isEmpty { out += " · rules \(e(rule.rules.joined(separator: ", ")))" }
        out += "</p>\n"
        if let text = lines.line(f.position.line, of: f.file) {
            out += "<pre class=\"source\"><span class=\"line-number\">\(f.position.line)</span>"
            out += "<code>\(e(text))</code></pre>\n"
        } else {
            out += "<p class=\"source missing\">line \(f.position.line) of \(e(f.file)) cannot be read</p>\n"
        }
        if let stack = f.stack,
            var svg = BarRenderer.svg(model: stack.model, screenIndex: stack.top, marking: f.diagnostic.rect)
        {
            svg = Self.prefixingIds(svg, "\(id)-")
            svg.attributes.append(.init("class", "bar"))
            svg.attributes.append(.init("role", "img"))
            out += "<figure class=\"picture\">\n"
            svg.write(into: &out)
            let stackText = stack.screenIds.map { "'\($0)'" }.joined(separator: " > ")
            var caption = "The bar of '\(stack.screenIds.last ?? "")' on \(stack.model.config.profile.rawValue), on the stack "
            caption += "\(stackText); each touch area in its category's colour over what is drawn"
            caption +=
                f.diagnostic.rect == nil
                ? "; the finding has no region of its own." : "; the dashed outline marks the finding's region."
            out += "\n<figcaption>\(e(caption))</figcaption>\n</figure>\n"
        }
        out += "</article>\n"
        return out
    }

    /// The element with every `id` prefixed, so the pictures of one page never share an id.
    static func prefixingIds(_ element: SVGElement, _ prefix: String) -> SVGElement {
        var out = element
        out.attributes = element.attributes.map { $0.name == "id" ? .init("id", prefix + $0.value) : $0 }
        out.children = element.children.map { child in
            if case .element(let e) = child { return .element(prefixingIds(e, prefix)) }
            return child
        }
        return out
    }

    /// Text and attribute values, escaped.
    func e(_ text: String) -> String { XMLText.escape(text) }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Each file's lines, read once.
    struct LineCache {
        var contents: (String) -> String?
        var files: [String: [Substring]?] = [:]

        init(contents: @escaping (String) -> String?) { self.contents = contents }

        /// Line `number` (from 1) of `file`, without its line break; nil when the file or the line cannot be read.
        mutating func line(_ number: Int, of file: String) -> String? {
            if files[file] == nil {
                files[file] = .some(contents(file).map { $0.split(separator: "\n", omittingEmptySubsequences: false) })
            }
            guard let lines = files[file] ?? nil, number >= 1, number <= lines.count else { return nil }
            var line = lines[number - 1]
            if line.hasSuffix("\r") { line = line.dropLast() }
            return String(line)
        }
    }

    static let style = """
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #212121; margin: 2em auto; max-width: 60em; padding: 0 1em; }
        h1 { font-size: 1.6em; margin-bottom: 0.2em; }
        h2 { font-size: 1.3em; border-bottom: 1px solid #BDBDBD; padding-bottom: 0.2em; margin-top: 2em; }
        h3 { font-size: 1.1em; margin-top: 1.5em; }
        code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        .flow-name { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-weight: normal; }
        .finding { border: 1px solid #E0E0E0; border-left: 6px solid #757575; border-radius: 4px; padding: 0.5em 1em; margin: 1em 0; }
        .finding.error { border-left-color: #C62828; }
        .finding.warning { border-left-color: #EF6C00; }
        .finding.info { border-left-color: #1565C0; }
        .headline { margin: 0.3em 0; }
        .severity { font-weight: 600; text-transform: uppercase; font-size: 0.8em; letter-spacing: 0.05em; }
        .error .severity { color: #C62828; }
        .warning .severity { color: #EF6C00; }
        .info .severity { color: #1565C0; }
        .rule { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-weight: 600; }
        .rule-text, .where, figcaption { color: #616161; }
        .message { margin: 0.3em 0; }
        .where { margin: 0.3em 0; font-size: 0.9em; }
        pre.source { background: #F5F5F5; padding: 0.4em 0.6em; overflow-x: auto; margin: 0.5em 0; }
        .line-number { color: #9E9E9E; margin-right: 1em; user-select: none; }
        .missing { font-style: italic; color: #9E9E9E; }
        figure.picture { margin: 0.5em 0; }
        svg.bar { display: block; max-width: 100%; height: auto; border: 1px solid #EEEEEE; }
        figcaption { font-size: 0.85em; }
        """
}

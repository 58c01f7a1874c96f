import JSONCore

extension NavImport {
    /// What a text handed to `navctl import` is, told by its content alone (never by a file name).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// lldb's `po [[UIWindow keyWindow] recursiveDescription]`, optionally followed by `_printHierarchy`.
        case recursiveDescription
        /// XCUITest's element tree: `XCUIApplication().debugDescription`, `po app`, WebDriverAgent's
        /// `/source?format=description`, or the flat element list of an Appium error message.
        case xcuiTest
        /// Appium's (WebDriverAgent's) page source as XML: `<XCUIElementTypeNavigationBar x=… y=… …>`.
        case appiumXML
        /// WebDriverAgent's `/source?format=json`: `{"type", "label", "name", "rect", "children"}`.
        case wdaJSON

        /// WebDriverAgent writes a page source's frames through `CGRectIntegral`: whole points, the origin rounded
        /// down and the far edges up (appium/WebDriverAgent, `XCUIElement+FBWebDriverAttributes.m`, `wdFrame`).
        /// XCUITest's own description prints the frames as they are.
        public var roundsFramesOutward: Bool { self == .appiumXML || self == .wdaJSON }

        /// How the kind is named in notes and messages.
        public var title: String {
            switch self {
            case .recursiveDescription: return "an lldb recursiveDescription"
            case .xcuiTest: return "an XCUITest element tree"
            case .appiumXML: return "an Appium page source (XML)"
            case .wdaJSON: return "a WebDriverAgent page source (JSON)"
            }
        }

        /// Whether the input is an accessibility tree (elements and their accessibility frames) rather than views.
        public var isAccessibilityTree: Bool { self != .recursiveDescription }
    }

    /// What each kind looks like, for the message that refuses a text none of them reads.
    static let expectedKinds =
        "expected an lldb recursiveDescription line ('<UIWindow: 0x…; frame = (0 0; 390 844); …>'), an XCUITest element line "
        + "('NavigationBar, 0x…, {{0.0, 47.0}, {390.0, 44.0}}, identifier: …'), an Appium page source ('<?xml …?>' or "
        + "'<XCUIElementTypeApplication …>') or WebDriverAgent's JSON source ('{\"type\": …, \"rect\": …}')"

    /// The kind of `text`, from its first line that is not blank, a `#` comment or lldb's own prompt.
    public static func detect(_ text: String) throws(Failure) -> Kind {
        let lines = normalizedLines(text)
        var first: (Int, Substring)?
        for (i, raw) in lines.enumerated() {
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("(lldb)") { continue }
            if first == nil { first = (i + 1, line) }
            // XML and JSON announce themselves on their first line.
            if first?.0 == i + 1 {
                if line.hasPrefix("<?xml") || line.hasPrefix("<AppiumAUT") || line.hasPrefix("<XCUIElementType")
                    || line.hasPrefix("<!--")
                {
                    return .appiumXML
                }
                if line.hasPrefix("{") || line.hasPrefix("[") { return .wdaJSON }
            }
            let body = lldbBody(line)
            if isViewLine(body) || body.hasPrefix("\"<") && isViewLine(body.dropFirst()) { return .recursiveDescription }
            if XCUITestTree.isElementLine(line) || line.hasPrefix("Attributes:") || line.hasPrefix("Element subtree:") {
                return .xcuiTest
            }
        }
        guard let (number, line) = first else {
            throw Failure(line: 0, message: "the input is empty; \(expectedKinds)")
        }
        throw Failure(line: number, message: "'\(clip(line))' is not a line navctl import reads: \(expectedKinds)")
    }

    // MARK: Cleaning an lldb dump

    /// The text's lines, whatever their line ending (`\r\n`, `\r` or `\n`).
    static func normalizedLines(_ text: String) -> [Substring] {
        // `Character` joins "\r\n" into one grapheme; unicode scalars keep them apart.
        let scalars = text.unicodeScalars
        var out: [Substring] = []
        var start = scalars.startIndex
        var s = start
        while s < scalars.endIndex {
            let c = scalars[s]
            guard c == "\n" || c == "\r" else {
                s = scalars.index(after: s)
                continue
            }
            out.append(Substring(scalars[start..<s]))
            var next = scalars.index(after: s)
            if c == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
            start = next
            s = next
        }
        out.append(Substring(scalars[start...]))
        return out
    }

    /// A dump line without what can come before the view: spaces, a log prefix (NSLog's
    /// `2024-05-01 10:00:00.123 App[123:4567] `, with or without microseconds and a time zone), and Swift `po`'s
    /// `- some : ` wrapper. The `|` nesting marks are kept.
    static func lldbBody(_ line: Substring) -> Substring {
        var body = stripLogPrefix(line)
        let trimmedBody = trimmed(body)
        for wrapper in ["- some : ", "some : "] where trimmedBody.hasPrefix(wrapper) {
            body = trimmedBody.dropFirst(wrapper.count)
        }
        return body
    }

    /// The line after an NSLog / os_log prefix: a date `YYYY-MM-DD`, a time, a process `Name[pid:tid]` and a space.
    static func stripLogPrefix(_ line: Substring) -> Substring {
        let chars = Array(line.prefix(11).unicodeScalars)
        guard chars.count == 11, chars[0...3].allSatisfy(isDigit), chars[4] == "-", chars[5...6].allSatisfy(isDigit),
            chars[7] == "-", chars[8...9].allSatisfy(isDigit), chars[10] == " "
        else { return line }
        // The process part: the first `[digits:digits]` (or `[digits]`) followed by a space.
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == "[" {
                let close = line[i...].firstIndex(of: "]")
                if let close {
                    let inside = line[line.index(after: i)..<close]
                    if !inside.isEmpty, inside.unicodeScalars.allSatisfy({ isDigit($0) || $0 == ":" || $0 == "x" }) {
                        var after = line.index(after: close)
                        while after < line.endIndex, line[after] == " " { after = line.index(after: after) }
                        return line[after...]
                    }
                }
            }
            if line[i] == "<" { break }
            i = line.index(after: i)
        }
        return line
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    /// `<ClassName: 0x…` (the class may be mangled or module-qualified), after any nesting marks.
    static func isViewLine(_ body: Substring) -> Bool {
        let view = body.drop { $0 == " " || $0 == "|" || $0 == "\t" }
        guard view.hasPrefix("<") else { return false }
        let name = view.dropFirst().prefix { $0 != " " && $0 != ">" }
        return name.count > 1 && name.hasSuffix(":")
    }

    /// The dump with every line cleaned: line endings, log prefixes, `po`'s wrappers, and a Swift string that lldb
    /// printed quoted with `\n` escapes (`"<UIWindow: …>\n   | <UIView: …>"`) split back into lines. Line numbers
    /// stay those of the input except inside such a string.
    public static func cleanLLDB(_ text: String) -> String {
        var out: [Substring] = []
        for line in normalizedLines(text) {
            let body = lldbBody(line)
            let t = trimmed(body)
            if t.hasPrefix("\"<"), t.contains("\\n") {
                var inner = t.dropFirst()
                if inner.hasSuffix("\"") { inner = inner.dropLast() }
                out += unquoteSwift(inner).split(separator: "\n", omittingEmptySubsequences: false)
            } else {
                out.append(body)
            }
        }
        return out.joined(separator: "\n")
    }

    /// `\n`, `\t`, `\"`, `\'` and `\\` of a Swift string literal as lldb prints it.
    static func unquoteSwift(_ s: Substring) -> String {
        var out = ""
        var escape = false
        for c in s {
            if escape {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escape = false
            } else if c == "\\" {
                escape = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The recursiveDescription part of an lldb dump, cleaned, as `tree/hitTest` and the import read it; nil when the
    /// text is not an lldb dump (an accessibility tree, or nothing navctl reads), with the kind it is.
    public static func recursiveDescriptionText(_ text: String) throws(Failure) -> String {
        let kind = try detect(text)
        guard kind == .recursiveDescription else {
            throw Failure(
                line: 0,
                message:
                    "this is \(kind.title): accessibility frames of elements, not views, so there is nothing to hit-test; "
                    + "'navctl import' turns it into a document that 'navctl hit --file' answers for")
        }
        return split(cleanLLDB(text)).0
    }

    static func trimmed(_ s: Substring) -> Substring {
        var t = s
        while let f = t.first, f == " " || f == "\t" || f == "\u{feff}" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return t
    }

    /// A line shortened for a message.
    static func clip(_ s: Substring) -> String { s.count > 60 ? String(s.prefix(57)) + "…" : String(s) }
}

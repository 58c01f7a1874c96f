/// A small SVG (XML) element builder: the renderer describes elements and their attributes, and only
/// `write` turns them into text, escaping every attribute value and text node on the way.
///
/// Attributes keep the order they are given in, so the output is deterministic; `Node.newline` places the
/// line breaks of the document.
public struct SVGElement: Sendable, Hashable {
    public var name: String
    public var attributes: [Attribute]
    public var children: [Node]

    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public indirect enum Node: Sendable, Hashable {
        case element(SVGElement)
        /// Character data, escaped when written.
        case text(String)
        case newline
    }

    public init(_ name: String, _ attributes: [Attribute] = [], children: [Node] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// An element whose only child is `text`.
    public init(_ name: String, _ attributes: [Attribute] = [], text: String) {
        self.init(name, attributes, children: [.text(text)])
    }

    /// An element with `<title>` (a tooltip) as its only child.
    public func titled(_ tooltip: String) -> SVGElement {
        var e = self
        e.children = [.element(SVGElement("title", text: tooltip))]
        return e
    }

    /// The element as XML: `<name a="v"/>` when it has no children.
    public func write(into out: inout String) {
        out += "<"
        out += name
        for a in attributes {
            out += " \(a.name)=\""
            out += Self.escapeAttribute(a.value)
            out += "\""
        }
        guard !children.isEmpty else {
            out += "/>"
            return
        }
        out += ">"
        for child in children {
            switch child {
            case .element(let e): e.write(into: &out)
            case .text(let t): out += XMLText.escape(t)
            case .newline: out += "\n"
            }
        }
        out += "</\(name)>"
    }

    public var xml: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// Escapes what a double-quoted attribute value cannot hold as is.
    static func escapeAttribute(_ value: String) -> String {
        guard value.contains(where: { $0 == "&" || $0 == "<" || $0 == "\"" }) else { return value }
        var out = ""
        for ch in value {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}

extension Array where Element == SVGElement.Node {
    /// Children written one per line: a line break before the first and after each.
    public static func lines(_ elements: [SVGElement]) -> [SVGElement.Node] {
        [.newline] + elements.flatMap { [SVGElement.Node.element($0), .newline] }
    }
}

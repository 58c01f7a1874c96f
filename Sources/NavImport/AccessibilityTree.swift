import JSONCore
import NavModel

/// One element of an accessibility tree, as XCUITest and WebDriverAgent print it: its type without the
/// `XCUIElementType` prefix (`NavigationBar`, `Button`, `StaticText`), its accessibility frame in window
/// coordinates, and the attributes that say what it shows.
struct AXElement: Sendable {
    var type: String
    var frame: Rect?
    var identifier: String?
    var label: String?
    var value: String?
    var placeholder: String?
    var traits: String?
    var enabled = true
    /// 1-based line of the input it came from (0 when unknown).
    var line = 0
    /// Its place in document order (set by `numbered()`), which tells two elements apart.
    var ordinal = 0
    var children: [AXElement] = []

    /// The tree with every element's `ordinal` set, in document order.
    func numbered() -> AXElement {
        var next = 0
        func number(_ e: AXElement) -> AXElement {
            var copy = e
            copy.ordinal = next
            next += 1
            copy.children = e.children.map(number)
            return copy
        }
        return number(self)
    }

    /// Every element of the subtree, itself first, in document order.
    var all: [AXElement] {
        var out = [self]
        for child in children { out += child.all }
        return out
    }

    /// The text the element shows: its label, else its value, else its identifier.
    var text: String? {
        for t in [label, value] { if let t, !t.isEmpty { return t } }
        return nil
    }
}

/// `XCUIApplication().debugDescription`, `po app`, WebDriverAgent's `format=description` and the flat element lists
/// Appium prints in its errors: one element a line, `Type, 0xADDRESS, {{x, y}, {w, h}}, identifier: '…', label: '…'`,
/// nested by indentation, under an optional `Attributes:` / `Element subtree:` framing with `→` marking the element
/// described.
enum XCUITestTree {
    /// Whether a line is an element line: a type (letters, optionally `(Main)`), then `, 0x…` or `, {{`.
    static func isElementLine(_ line: Substring) -> Bool {
        let body = line.drop { $0 == " " || $0 == "→" || $0 == "↳" || $0 == "\t" }
        guard let first = body.first, first.isLetter, first.isUppercase else { return false }
        guard let comma = body.firstIndex(of: ",") else { return false }
        let type = body[..<comma]
        guard type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "(" || $0 == ")" }) else { return false }
        let rest = body[body.index(after: comma)...].drop { $0 == " " }
        return rest.hasPrefix("0x") || rest.hasPrefix("{{") || (type == "Application" && rest.hasPrefix("pid:"))
    }

    /// The tree: a synthetic root holding the top-level elements.
    static func parse(_ text: String) throws(NavImport.Failure) -> AXElement {
        var root = AXElement(type: "Root")
        // (indent, path of child indices from the root)
        var stack: [(indent: Int, element: AXElement)] = [(-1, root)]
        func closeTo(_ indent: Int) {
            while stack.count > 1, stack[stack.count - 1].indent >= indent {
                let done = stack.removeLast()
                stack[stack.count - 1].element.children.append(done.element)
            }
        }
        var inSubtree = true
        for (i, raw) in NavImport.normalizedLines(text).enumerated() {
            let line = NavImport.trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("(lldb)") || line.hasPrefix("Attributes:") { continue }
            if line.hasPrefix("Element subtree:") {
                inSubtree = true
                continue
            }
            if line.hasPrefix("Path to element:") || line.hasPrefix("Query chain:") {
                // What follows repeats the elements above as a path and the queries that found them.
                inSubtree = false
                continue
            }
            guard inSubtree, isElementLine(line) else { continue }
            let indent = raw.prefix { $0 == " " || $0 == "\t" }.count
            var element = try parseLine(line, number: i + 1)
            element.line = i + 1
            closeTo(indent)
            stack.append((indent, element))
        }
        closeTo(-1)
        root = stack[0].element
        guard !root.children.isEmpty else {
            throw NavImport.Failure(line: 0, message: "no element lines in the XCUITest tree; \(NavImport.expectedKinds)")
        }
        return root
    }

    /// One element line.
    static func parseLine(_ line: Substring, number: Int) throws(NavImport.Failure) -> AXElement {
        var body = line.drop { $0 == " " || $0 == "→" || $0 == "↳" || $0 == "\t" }
        let comma = body.firstIndex(of: ",")!
        var type = String(body[..<comma])
        if let paren = type.firstIndex(of: " ") { type = String(type[..<paren]) }
        var element = AXElement(type: type)
        body = body[body.index(after: comma)...]
        while true {
            body = body.drop { $0 == " " }
            if body.isEmpty { break }
            if body.hasPrefix("0x") {
                body = body.drop { $0 != "," }
            } else if body.hasPrefix("{{") {
                guard let end = NavImport.find("}}", in: body) else {
                    throw NavImport.Failure(line: number, message: "the frame '\(NavImport.clip(body))' has no closing '}}'")
                }
                let numbers = body[..<end].split(whereSeparator: { "{}, ".contains($0) }).map { Double($0) }
                guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3] else {
                    throw NavImport.Failure(
                        line: number, message: "the frame '\(body[..<end])' is not '{{x, y}, {width, height}}'")
                }
                element.frame = Rect(x: x, y: y, width: w, height: h)
                body = body[end...]
            } else if let after = NavImport.find(": ", in: body), !body[..<after].dropLast(2).contains(",") {
                let key = body[..<after].dropLast(2)
                var rest = body[after...]
                var value: String
                if rest.hasPrefix("'") {
                    // A quoted value ends at the quote that is followed by ',' or the end of the line.
                    rest = rest.dropFirst()
                    var end = rest.endIndex
                    var j = rest.startIndex
                    while j < rest.endIndex {
                        if rest[j] == "'" {
                            let next = rest.index(after: j)
                            if next == rest.endIndex || rest[next] == "," {
                                end = j
                                break
                            }
                        }
                        j = rest.index(after: j)
                    }
                    value = String(rest[..<end])
                    body = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
                } else {
                    let end = rest.firstIndex(of: ",") ?? rest.endIndex
                    value = String(rest[..<end])
                    body = rest[end...]
                }
                switch key {
                case "identifier": element.identifier = value
                case "label": element.label = value
                case "value": element.value = value
                case "placeholderValue": element.placeholder = value
                default: break
                }
                value = ""
            } else {
                let end = body.firstIndex(of: ",") ?? body.endIndex
                if body[..<end] == "Disabled" { element.enabled = false }
                body = body[end...]
            }
            if body.hasPrefix(",") { body = body.dropFirst() }
        }
        return element
    }
}

/// Appium's page source (`driver.page_source`, WebDriverAgent's `/source`): XML whose elements are
/// `XCUIElementType…` with `type name label value x y width height` attributes, under an optional `<AppiumAUT>`.
enum AppiumXMLTree {
    static func parse(_ text: String) throws(NavImport.Failure) -> AXElement {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        var line = 1
        var stack: [(name: String, element: AXElement)] = [("", AXElement(type: "Root"))]
        func advance(_ n: Int) {
            for k in i..<min(scalars.count, i + n) where scalars[k] == "\n" { line += 1 }
            i += n
        }
        func starts(_ s: String) -> Bool {
            let u = Array(s.unicodeScalars)
            return i + u.count <= scalars.count && Array(scalars[i..<(i + u.count)]) == u
        }
        func skip(past end: String, what: String) throws(NavImport.Failure) {
            let u = Array(end.unicodeScalars)
            let startLine = line
            while i < scalars.count {
                if starts(end) {
                    advance(u.count)
                    return
                }
                advance(1)
            }
            throw NavImport.Failure(line: startLine, message: "\(what) is not closed with '\(end)'")
        }
        while i < scalars.count {
            if scalars[i] != "<" {
                advance(1)
                continue
            }
            if starts("<?") {
                try skip(past: "?>", what: "the XML declaration")
                continue
            }
            if starts("<!--") {
                try skip(past: "-->", what: "a comment")
                continue
            }
            if starts("<!") {
                try skip(past: ">", what: "a declaration")
                continue
            }
            let tagLine = line
            if starts("</") {
                advance(2)
                var name = ""
                while i < scalars.count, scalars[i] != ">" {
                    if !Self.isSpace(scalars[i]) { name.unicodeScalars.append(scalars[i]) }
                    advance(1)
                }
                advance(1)
                guard stack.count > 1, stack[stack.count - 1].name == name else {
                    let open = stack.count > 1 ? "'<\(stack[stack.count - 1].name)>'" : "no open element"
                    throw NavImport.Failure(line: tagLine, message: "'</\(name)>' closes \(open)")
                }
                let done = stack.removeLast()
                Self.attach(done.element, to: &stack[stack.count - 1].element)
                continue
            }
            // A start tag: its name, then attributes, then '>' or '/>'.
            advance(1)
            var name = ""
            while i < scalars.count, !Self.isSpace(scalars[i]), scalars[i] != ">", scalars[i] != "/" {
                name.unicodeScalars.append(scalars[i])
                advance(1)
            }
            var attributes: [String: String] = [:]
            var selfClosing = false
            while true {
                while i < scalars.count, Self.isSpace(scalars[i]) { advance(1) }
                guard i < scalars.count else { throw NavImport.Failure(line: tagLine, message: "'<\(name)' is not closed with '>'") }
                if scalars[i] == ">" {
                    advance(1)
                    break
                }
                if starts("/>") {
                    advance(2)
                    selfClosing = true
                    break
                }
                var key = ""
                while i < scalars.count, scalars[i] != "=", !Self.isSpace(scalars[i]), scalars[i] != ">" {
                    key.unicodeScalars.append(scalars[i])
                    advance(1)
                }
                while i < scalars.count, Self.isSpace(scalars[i]) { advance(1) }
                guard i < scalars.count, scalars[i] == "=" else {
                    throw NavImport.Failure(line: line, message: "the attribute '\(key)' of '<\(name)>' has no '=\"value\"'")
                }
                advance(1)
                while i < scalars.count, Self.isSpace(scalars[i]) { advance(1) }
                guard i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" else {
                    throw NavImport.Failure(line: line, message: "the attribute '\(key)' of '<\(name)>' has no quoted value")
                }
                let quote = scalars[i]
                advance(1)
                var raw = ""
                while i < scalars.count, scalars[i] != quote {
                    raw.unicodeScalars.append(scalars[i])
                    advance(1)
                }
                guard i < scalars.count else {
                    throw NavImport.Failure(line: tagLine, message: "the attribute '\(key)' of '<\(name)>' is not closed")
                }
                advance(1)
                attributes[key] = Self.decodeEntities(raw)
            }
            let element = try Self.element(name: name, attributes: attributes, line: tagLine)
            if selfClosing {
                Self.attach(element, to: &stack[stack.count - 1].element)
            } else {
                stack.append((name, element))
            }
        }
        guard stack.count == 1 else {
            let open = stack[stack.count - 1]
            throw NavImport.Failure(line: open.element.line, message: "'<\(open.name)>' is never closed")
        }
        let root = stack[0].element
        guard !root.children.isEmpty else {
            throw NavImport.Failure(line: 0, message: "no XCUIElementType elements in the XML; \(NavImport.expectedKinds)")
        }
        return root
    }

    /// Elements without a frame (`<AppiumAUT>`) are transparent: their children take their place.
    static func attach(_ element: AXElement, to parent: inout AXElement) {
        if element.type == "AppiumAUT" || element.frame == nil && element.type == "Container" {
            parent.children += element.children
        } else {
            parent.children.append(element)
        }
    }

    static func element(name: String, attributes: [String: String], line: Int) throws(NavImport.Failure) -> AXElement {
        if name == "AppiumAUT" { return AXElement(type: "AppiumAUT", line: line) }
        let typeName = attributes["type"] ?? name
        var element = AXElement(type: AXElement.shortType(typeName), line: line)
        let numbers = ["x", "y", "width", "height"].map { attributes[$0].flatMap { Double($0) } }
        if numbers.allSatisfy({ $0 != nil }) {
            element.frame = Rect(x: numbers[0]!, y: numbers[1]!, width: numbers[2]!, height: numbers[3]!)
        } else if numbers.contains(where: { $0 != nil }) || ["x", "y", "width", "height"].contains(where: { attributes[$0] != nil }) {
            throw NavImport.Failure(line: line, message: "'<\(name)>' has a frame that is not four numbers (x, y, width, height)")
        }
        element.identifier = attributes["name"]
        element.label = attributes["label"]
        element.value = attributes["value"]
        element.placeholder = attributes["placeholderValue"]
        element.traits = attributes["traits"]
        element.enabled = attributes["enabled"] != "false"
        return element
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\r" || c == "\t" }

    /// `&quot; &amp; &lt; &gt; &apos;` and numeric references.
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semi) <= 10 else {
                out.append("&")
                rest = after
                continue
            }
            let entity = after[..<semi]
            switch entity {
            case "quot": out.append("\"")
            case "amp": out.append("&")
            case "lt": out.append("<")
            case "gt": out.append(">")
            case "apos": out.append("'")
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                if entity.hasPrefix("#"), let v = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(v) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "&" + entity + ";"
                }
            }
            rest = after[after.index(after: semi)...]
        }
        return out + rest
    }
}

/// WebDriverAgent's `/source?format=json`: nested objects with `type`, `label`, `name`, `value`, `rect` (`{x, y,
/// width, height}`, or `{origin, size}` in early versions) or `frame` (`"{{x, y}, {w, h}}"`), and `children`; the
/// whole may be wrapped in a response (`{"value": {…}, "sessionId": …}`).
enum WDAJSONTree {
    static func parse(_ text: String) throws(NavImport.Failure) -> AXElement {
        let json: JSON
        do {
            json = try JSON.parse(text)
        } catch {
            let line = text.utf8.prefix(error.offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw NavImport.Failure(line: line, message: "invalid JSON: \(error.message)")
        }
        var top = json
        if top["type"] == nil, let inner = top["value"], inner.objectValue != nil { top = inner }
        guard top.objectValue != nil, top["type"]?.stringValue != nil else {
            throw NavImport.Failure(
                line: 1, message: "the JSON is not a WebDriverAgent source: its top object has no \"type\" (nor a \"value\" that has one)")
        }
        var root = AXElement(type: "Root")
        root.children = [try element(top, path: "$")]
        return root
    }

    static func element(_ json: JSON, path: String) throws(NavImport.Failure) -> AXElement {
        guard let type = json["type"]?.stringValue else {
            throw NavImport.Failure(line: 0, message: "'\(path)' has no \"type\" string")
        }
        var element = AXElement(type: AXElement.shortType(type))
        element.frame = frame(json)
        element.identifier = (json["name"]?.stringValue ?? json["rawIdentifier"]?.stringValue).flatMap { $0.isEmpty ? nil : $0 }
        element.label = json["label"]?.stringValue
        element.value = json["value"]?.stringValue
        element.placeholder = json["placeholderValue"]?.stringValue
        if let enabled = json["isEnabled"] {
            element.enabled = !(enabled == false || enabled.stringValue == "0" || enabled.intValue == 0)
        }
        for (i, child) in (json["children"]?.arrayValue ?? []).enumerated() {
            element.children.append(try Self.element(child, path: "\(path).children[\(i)]"))
        }
        return element
    }

    static func frame(_ json: JSON) -> Rect? {
        if let rect = json["rect"] {
            if let x = rect["x"]?.doubleValue, let y = rect["y"]?.doubleValue, let w = rect["width"]?.doubleValue,
                let h = rect["height"]?.doubleValue
            {
                return Rect(x: x, y: y, width: w, height: h)
            }
            if let o = rect["origin"], let s = rect["size"], let x = o["x"]?.doubleValue, let y = o["y"]?.doubleValue,
                let w = s["width"]?.doubleValue, let h = s["height"]?.doubleValue
            {
                return Rect(x: x, y: y, width: w, height: h)
            }
        }
        if let f = json["frame"]?.stringValue {
            let n = f.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
            if n.count == 4 { return Rect(x: n[0], y: n[1], width: n[2], height: n[3]) }
        }
        return nil
    }
}

extension AXElement {
    /// `XCUIElementTypeNavigationBar` → `NavigationBar`.
    static func shortType(_ type: String) -> String {
        type.hasPrefix("XCUIElementType") ? String(type.dropFirst("XCUIElementType".count)) : type
    }
}

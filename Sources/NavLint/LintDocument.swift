import JSONCore
import NavModel
import NavProtocol

/// A session document (`*.navd.json`) read from a file, with where each of its members stands.
public struct LintDocument: Sendable {
    /// The name findings are reported under: the path as given on the command line.
    public var file: String
    public var name: String
    public var model: NavigationModel
    public var sourceMap: JSONSourceMap
    /// Members the document format does not have (a typo such as `backActon`), which the decoder passed over.
    public var unknownMembers: [Schema.UnknownMember] = []

    /// The position of a member, by the JSON path the decoders use (`screens[1].bar`), falling back
    /// to its nearest enclosing member.
    public func position(of path: String) -> SourcePosition {
        sourceMap.position(of: path) ?? SourcePosition(line: 1, column: 1)
    }
}

/// Why a document could not be loaded, placed at the offending member.
public struct LoadError: Error, Sendable, Hashable {
    public var file: String
    public var position: SourcePosition
    public var message: String
    /// The JSON path of the offending member, when the document parsed but a member is wrong.
    public var path: String?
    /// The other problems of the same file that the schema shows (a decoder stops at its first): each is
    /// reported too.
    public var more: [LoadError] = []

    /// This error and the others of the same file.
    public var all: [LoadError] {
        var first = self
        first.more = []
        return [first] + more
    }

    public init(file: String, position: SourcePosition, message: String, path: String? = nil) {
        self.file = file
        self.position = position
        self.message = message
        self.path = path
    }

    /// `FILE:LINE:COL: error: MESSAGE`, as compilers print.
    public var text: String { "\(file):\(position.line):\(position.column): error: \(message)" }
}

extension LintDocument {
    /// Reads a document from its bytes. Errors carry the line and column of the problem: the byte where
    /// parsing stopped, or the member the decoder refused (its path is in the message too).
    public static func load(_ bytes: [UInt8], file: String, limits: ModelLimits = ModelLimits()) throws(LoadError) -> LintDocument {
        let json: JSON
        let map: JSONSourceMap
        do {
            (json, map) = try JSON.parseWithSourceMap(bytes)
        } catch {
            throw LoadError(
                file: file, position: SourceText(bytes).position(ofOffset: error.offset), message: "invalid JSON: \(error.message)")
        }
        do {
            let (name, model) = try SessionDocument.decode(json, limits: limits)
            return LintDocument(
                file: file, name: name, model: model, sourceMap: map, unknownMembers: Self.schema.unknownMembers(in: json))
        } catch {
            let path = documentPath(error.data?["path"]?.stringValue)
            let message = documentMessage(error.message)
            var first = LoadError(
                file: file, position: map.position(of: path ?? "") ?? SourcePosition(line: 1, column: 1),
                message: path.map { $0.isEmpty || message.contains("'\($0)'") ? message : "'\($0)': \(message)" } ?? message,
                path: path)
            // The decoder stopped at its first problem; the schema shows the others, each once.
            var seen: Set<String> = [path ?? ""]
            for violation in Self.schema.violations(in: json) where seen.insert(violation.path).inserted {
                // A member inside the one already reported is that member's problem.
                if let path, !path.isEmpty, violation.path.hasPrefix(path + ".") || violation.path.hasPrefix(path + "[") { continue }
                first.more.append(
                    LoadError(
                        file: file, position: map.position(of: violation.path) ?? SourcePosition(line: 1, column: 1),
                        message: violation.message, path: violation.path))
            }
            throw first
        }
    }

    /// The members a document file may have: a session document's, with the session bar, the frozen back
    /// title, and the free text people and importers leave (`description`, `notes`); `x-` members are free.
    /// Made for each load rather than kept: a kept schema tree is memory LeakSanitizer cannot see reached
    /// (its enum payloads keep pointers in spare bits), and making it costs little beside the decoding.
    static var schema: Schema {
        Schema.object(
            SessionConfig.schemaProperties + [
                .optional("format", .string), .optional("formatVersion", .integer), .optional("name", .string),
                .optional("description", .string), .optional("notes", .array(.string)), .optional("bar", .ref(BarAppearance.self)),
                .optional("screens", .array(.ref(Screen.self))), .optional("version", .integer),
                .optional("nextGeneratedId", .integer), .optional("coveredSnapshots", .object([])),
                .optional("shownBackTitle", .any),
            ])
    }

    /// The decoder names members under `document.`; in a file the document is the root.
    static func documentPath(_ path: String?) -> String? {
        guard let path else { return nil }
        if path == "document" { return "" }
        if path.hasPrefix("document.") { return String(path.dropFirst("document.".count)) }
        return path
    }

    /// The decoder's message with its `'document.…'` quotes turned into file paths.
    static func documentMessage(_ message: String) -> String {
        message.replacingAll("'document.", with: "'").replacingAll("'document'", with: "the document")
    }
}

extension String {
    /// Every occurrence of `target` replaced (the model does without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        out += rest
        return out
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) {
                return start..<index(start, offsetBy: target.count)
            }
            start = index(after: start)
        }
        return nil
    }
}

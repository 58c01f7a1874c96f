import JSONCore
import NavModel
import NavSource

/// Quick fixes: findings whose fix is mechanical, as text edits of the line the finding points at. A fix is
/// offered only when the statement is written in a shape the edit knows whole, on that one line; anything else
/// gets no action rather than an edit that might change more than it says.
enum LSPQuickFix {
    /// One fix: its title and the replacement of the statement that starts at the finding's column.
    struct Fix: Sendable, Hashable {
        var title: String
        /// The UTF-16 range on the finding's line (0-based) that is replaced.
        var start: Int
        var end: Int
        var newText: String
        /// The fix deletes the whole line.
        var deletesLine = false
        /// The fix is the one to apply (an editor may apply it on its own); a removal that changes what the app
        /// chose to do is only offered.
        var isPreferred = true
    }

    /// What a fix is for: a finding's code, or a setting the line makes that a hover points out.
    enum Subject: Sendable, Hashable {
        case finding(String)
        /// `interactivePopGestureRecognizer` switched off on a pushed screen.
        case popGestureOff
    }

    static let minimalTitle = "Use backButtonDisplayMode = .minimal"
    static let removePopGestureTitle = "Remove: keep the swipe back"

    /// The fix of `subject` at 1-based `column` of `lineText`, for a file in `language`. `oldest` is the
    /// oldest profile the project is checked under: an API newer than it is wrapped in an availability check that
    /// keeps the old statement for the versions before.
    static func fix(_ subject: Subject, lineText: String, column: Int, language: SourceFacts.Language, oldest: Profile?) -> Fix? {
        let scalars = Array(lineText.unicodeScalars)
        let from = min(max(0, column - 1), scalars.count)
        let statement = String(String.UnicodeScalarView(scalars[from...]))
        let indent = String(String.UnicodeScalarView(scalars.prefix { $0 == " " || $0 == "\t" }))
        let startUnits = scalars[..<from].reduce(0) { $0 + $1.utf16.count }
        switch subject {
        case .finding("empty-back-title-trick"):
            guard let (receiver, length) = emptyBackItem(statement, language: language) else { return nil }
            let original = String(statement.utf16.prefix(length))!
            let minimal =
                language == .objectiveC
                ? "\(receiver).backButtonDisplayMode = UINavigationItemBackButtonDisplayModeMinimal;"
                : "\(receiver).backButtonDisplayMode = .minimal"
            var newText = minimal
            if let oldest, oldest.majorVersion < 14 {
                // Before iOS 14 there is no display mode: the item stays, with the single space BB-8 recommends.
                let original = spaced(original, language: language)
                let inner = indent + "    "
                newText =
                    language == .objectiveC
                    ? "if (@available(iOS 14.0, *)) {\n\(inner)\(minimal)\n\(indent)} else {\n\(inner)\(original)\n\(indent)}"
                    : "if #available(iOS 14.0, *) {\n\(inner)\(minimal)\n\(indent)} else {\n\(inner)\(original)\n\(indent)}"
            }
            return Fix(title: minimalTitle, start: startUnits, end: startUnits + length, newText: newText)
        case .popGestureOff:
            // Only the statement that switches the recognizer off, alone on its line, is removed.
            guard let length = popGestureOff(statement, language: language),
                statement.utf16.dropFirst(length).allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
                lineText.unicodeScalars.prefix(from).allSatisfy({ $0 == " " || $0 == "\t" })
            else { return nil }
            return Fix(title: removePopGestureTitle, start: 0, end: 0, newText: "", deletesLine: true, isPreferred: false)
        default:
            return nil
        }
    }

    /// `<receiver>.backBarButtonItem = <an item with an empty title and no target or action>` at the start of
    /// `statement`: the receiver as written and the statement's length in UTF-16 units (its `;` included).
    static func emptyBackItem(_ statement: String, language: SourceFacts.Language) -> (receiver: String, length: Int)? {
        let name = #"((?:[A-Za-z_][A-Za-z0-9_]*[?!]?\.)*navigationItem)"#
        let pattern: String
        switch language {
        case .swift:
            pattern =
                name
                + #"\.backBarButtonItem\s*=\s*UIBarButtonItem\(\s*title:\s*"\s*"\s*,\s*style:\s*(?:UIBarButtonItem\.Style)?\.[a-z]+\s*,\s*target:\s*nil\s*,\s*action:\s*nil\s*\)\s*;?"#
        case .objectiveC:
            pattern =
                name
                + #"\.backBarButtonItem\s*=\s*\[\s*\[\s*UIBarButtonItem\s+alloc\s*\]\s*initWithTitle:\s*@"\s*"\s*style:\s*UIBarButtonItemStyle[A-Za-z]+\s*target:\s*nil\s*action:\s*nil\s*\]\s*;"#
        default:
            return nil
        }
        guard let regex = try? Regex(pattern), let match = try? regex.prefixMatch(in: statement),
            let receiver = match.output[1].substring
        else { return nil }
        let rest = statement[match.range.upperBound...]
        // Nothing but a comment may follow on the line: a second statement would be cut in two.
        let tail = rest.drop { $0 == " " || $0 == "\t" }
        guard tail.isEmpty || tail.hasPrefix("//") else { return nil }
        return (String(receiver), statement[..<match.range.upperBound].utf16.count)
    }

    /// The empty-title item statement with its title a single space.
    static func spaced(_ statement: String, language: SourceFacts.Language) -> String {
        let pattern = language == .objectiveC ? #"initWithTitle:\s*@"\s*""# : #"title:\s*"\s*""#
        guard let regex = try? Regex(pattern) else { return statement }
        return statement.replacing(regex, with: language == .objectiveC ? #"initWithTitle:@" ""# : #"title: " ""#, maxReplacements: 1)
    }

    /// `…interactivePopGestureRecognizer?.isEnabled = false` (Swift) or `….interactivePopGestureRecognizer.enabled = NO;`
    /// at the start of `statement`: its length in UTF-16 units.
    static func popGestureOff(_ statement: String, language: SourceFacts.Language) -> Int? {
        let pattern: String
        switch language {
        case .swift:
            pattern = #"(?:[A-Za-z_][A-Za-z0-9_]*[?!]?\.)*interactivePopGestureRecognizer[?!]?\.isEnabled\s*=\s*false\s*;?"#
        case .objectiveC:
            pattern = #"(?:[A-Za-z_][A-Za-z0-9_]*\.)*interactivePopGestureRecognizer\.enabled\s*=\s*(?:NO|false)\s*;"#
        default:
            return nil
        }
        guard let regex = try? Regex(pattern), let match = try? regex.prefixMatch(in: statement) else { return nil }
        return statement[..<match.range.upperBound].utf16.count
    }

    /// The fix as an LSP code action on the document `uri`, for the diagnostics it resolves.
    static func action(_ fix: Fix, line: Int, uri: String, diagnostics: [JSON]) -> JSON {
        let range: JSON
        if fix.deletesLine {
            range = [
                "start": LSPPosition(line: line, character: 0).json, "end": LSPPosition(line: line + 1, character: 0).json,
            ]
        } else {
            range = [
                "start": LSPPosition(line: line, character: fix.start).json,
                "end": LSPPosition(line: line, character: fix.end).json,
            ]
        }
        let edit: JSON = ["range": range, "newText": .string(fix.newText)]
        return [
            "title": .string(fix.title), "kind": "quickfix", "isPreferred": .bool(fix.isPreferred), "diagnostics": .array(diagnostics),
            "edit": ["changes": [uri: [edit]]],
        ]
    }
}

/// A path or glob of `included` / `excluded`, matched against paths relative to the configuration's folder.
///
/// - A pattern with a `/` is anchored at the configuration's folder: `Sources/Legacy`, `**/Generated/**`.
/// - A pattern without one matches a file or folder name at any depth: `*.generated.swift`, `Generated`.
/// - `*` matches within one name, `?` one character, `[abc]` / `[a-z]` / `[!abc]` one of a set, `**` any
///   number of folders.
/// - A pattern that matches a folder matches everything under it.
struct PathPattern: Sendable, Hashable {
    let segments: [[Character]]
    let anchored: Bool

    /// Patterns longer than this are cut (the matcher's work is the product of pattern and path lengths).
    static let maxLength = 1024

    init(_ pattern: String, alwaysAnchored: Bool = false) {
        var text = Substring(pattern.prefix(Self.maxLength))
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        var anchored = alwaysAnchored
        if text.hasPrefix("/") {
            anchored = true
            text = text.drop(while: { $0 == "/" })
        }
        while text.hasSuffix("/") { text = text.dropLast() }
        if text.contains("/") { anchored = true }
        self.anchored = anchored
        self.segments = text.split(separator: "/").filter { $0 != "." }.map { Array($0) }
    }

    /// Whether the path (its components below the configuration's folder) or a folder holding it matches.
    func matches(_ components: [Substring]) -> Bool {
        guard !segments.isEmpty else { return false }
        let names = components.map { Array($0) }
        if !anchored {
            guard segments.count == 1 else { return false }
            return names.contains { Self.matchName(segments[0], $0) }
        }
        return matchesPrefix(names)
    }

    /// Dynamic programming over (pattern segment, path component): `reach[i][j]` is whether the first `i`
    /// segments can match the first `j` components. A match of any prefix of the path counts.
    private func matchesPrefix(_ names: [[Character]]) -> Bool {
        let p = segments.count
        let n = names.count
        var reach = [[Bool]](repeating: [Bool](repeating: false, count: n + 1), count: p + 1)
        reach[0][0] = true
        for i in 0..<p {
            let segment = segments[i]
            let isGlobstar = segment == ["*", "*"]
            for j in 0...n where reach[i][j] {
                if isGlobstar {
                    for k in j...n { reach[i + 1][k] = true }
                } else if j < n, Self.matchName(segment, names[j]) {
                    reach[i + 1][j + 1] = true
                }
            }
        }
        return reach[p].contains(true)
    }

    /// Glob match of one name, iteratively, with the usual backtrack to the last `*`.
    static func matchName(_ pattern: [Character], _ name: [Character]) -> Bool {
        var p = 0
        var n = 0
        var star: Int?
        var starName = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                starName = n
                p += 1
            } else if p < pattern.count, let step = matchOne(pattern, at: p, name[n]), step.matched {
                p = step.next
                n += 1
            } else if let s = star {
                p = s + 1
                starName += 1
                n = starName
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Whether the pattern element at `p` (a character, `?`, or a `[set]`) matches `c`, and where the next
    /// element starts. Nil for `*`.
    private static func matchOne(_ pattern: [Character], at p: Int, _ c: Character) -> (matched: Bool, next: Int)? {
        switch pattern[p] {
        case "*": return nil
        case "?": return (true, p + 1)
        case "[":
            guard let close = pattern[(p + 1)...].firstIndex(of: "]"), close > p + 1 else { return (c == "[", p + 1) }
            var members = Array(pattern[(p + 1)..<close])
            var negated = false
            if members.first == "!" || members.first == "^" {
                negated = true
                members.removeFirst()
            }
            var found = false
            var i = 0
            while i < members.count {
                if i + 2 < members.count, members[i + 1] == "-" {
                    if members[i] <= c && c <= members[i + 2] { found = true }
                    i += 3
                } else {
                    if members[i] == c { found = true }
                    i += 1
                }
            }
            return (found != negated, close + 1)
        default:
            return (pattern[p] == c, p + 1)
        }
    }
}

/// The `included` and `excluded` of one configuration, against absolute paths.
struct PathFilter: Sendable, Hashable {
    /// The configuration's folder, absolute and normalised.
    let folder: String
    let included: [PathPattern]
    let excluded: [PathPattern]

    init(folder: String, configuration: LintConfiguration) {
        self.folder = PathText.absolute(folder)
        self.included = configuration.included.map { PathPattern($0, alwaysAnchored: true) }
        self.excluded = configuration.excluded.map { PathPattern($0) }
    }

    /// Whether a file or folder is excluded (a folder's files are, then, too).
    func excludes(_ absolutePath: String) -> Bool {
        guard !excluded.isEmpty, let components = PathText.components(of: absolutePath, under: folder) else { return false }
        return excluded.contains { $0.matches(components) }
    }

    /// Whether a file is to be linted: not excluded, and under an `included` path when there are any.
    func accepts(_ absolutePath: String) -> Bool {
        if excludes(absolutePath) { return false }
        guard !included.isEmpty else { return true }
        guard let components = PathText.components(of: absolutePath, under: folder) else { return false }
        return included.contains { $0.matches(components) }
    }
}

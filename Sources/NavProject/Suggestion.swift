/// "Did you mean" for names a person typed: the closest known name by edit distance.
enum Suggestion {
    /// Names longer than this are not compared (the distance costs their product).
    static let maxLength = 64

    /// The known name closest to `input`, when it is close enough to be the one meant: at most two edits,
    /// or a third of the longer name, or `input` is the start of the name (`warn` for `warning`).
    static func closest(to input: String, among known: [String]) -> String? {
        let typed = Array(input.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= maxLength else { return nil }
        var best: (name: String, distance: Int)?
        for name in known {
            let candidate = Array(name.unicodeScalars)
            let distance = Self.distance(typed, candidate)
            let allowed = max(2, max(typed.count, candidate.count) / 3)
            let close = distance <= allowed || (typed.count >= 3 && name.hasPrefix(input.lowercased()))
            guard close else { continue }
            if best == nil || distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions, each costing one. `_` and `-` are one
    /// apart like any other pair, so `disabled_rules` is one edit from `disabled-rules`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// A version as written in project files and configurations: `13`, `13.0`, `15.4.1`.
struct Version: Comparable, Hashable, Sendable {
    var components: [Int]

    /// Nil unless the text is one to three numbers joined by dots.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 6, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return nil }
            components.append(value)
        }
        self.components = components
    }

    var major: Int { components.first ?? 0 }

    static func < (a: Version, b: Version) -> Bool {
        for index in 0..<max(a.components.count, b.components.count) {
            let x = index < a.components.count ? a.components[index] : 0
            let y = index < b.components.count ? b.components[index] : 0
            if x != y { return x < y }
        }
        return false
    }
}

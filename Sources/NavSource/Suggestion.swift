/// "Did you mean" for names a person typed: the closest known name by edit distance.
public enum Suggestion {
    /// Names longer than this are not compared (the distance costs their product).
    public static let maxLength = 64

    /// The known name closest to `input`, when it is close enough to be the one meant: at most two edits,
    /// or a third of the longer name, or `input` is the start of the name (`warn` for `warning`).
    public static func closest(to input: String, among known: [String]) -> String? {
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
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
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

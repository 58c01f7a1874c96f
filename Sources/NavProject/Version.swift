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

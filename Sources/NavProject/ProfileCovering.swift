import NavModel

extension Profile {
    /// The iOS major versions each profile stands for: ios10 = 7-10, ios11 = 11-12, ios13 = 13, ios14 = 14-16,
    /// ios17 = 17-25, ios26 = 26 and later.
    public var coveredMajorVersions: ClosedRange<Int> {
        switch self {
        case .ios10: return 7...10
        case .ios11: return 11...12
        case .ios13: return 13...13
        case .ios14: return 14...16
        case .ios17: return 17...25
        case .ios26: return 26...Int.max
        }
    }

    /// The profile that stands for an iOS version written as a profile name (`ios18`, `iOS18.2`): the one whose
    /// versions hold its major version; nil for a name that is not `ios` and a version, or a version before iOS 7.
    public static func standing(for name: String) -> Profile? {
        let lower = name.lowercased()
        guard lower.hasPrefix("ios"), let version = Version(String(lower.dropFirst(3)).trimmingSpaces) else { return nil }
        return allCases.first { $0.coveredMajorVersions.contains(version.major) }
    }

    /// The profiles an app with this deployment target runs under: every profile whose versions reach the
    /// target or later (`"12.0"` gives ios11, ios13, ios14, ios17, ios26).
    ///
    /// When the target is unknown (nil, or not a version), this assumes an app that supports iOS 13 and
    /// later (ios13, ios14, ios17, ios26): the default for apps whose project does not say.
    public static func covering(deploymentTarget: String?) -> [Profile] {
        let major = deploymentTarget.flatMap { Version($0.trimmingSpaces) }?.major ?? 13
        return allCases.filter { $0.coveredMajorVersions.upperBound >= major }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

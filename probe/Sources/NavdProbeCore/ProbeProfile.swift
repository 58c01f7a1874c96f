/// navd's layout profiles (docs/protocol.md, "The model") and the iOS versions each stands for: `ios10` for iOS 7 to
/// 10, `ios11` for 11 and 12, `ios13` for 13, `ios14` for 14 to 16, `ios17` for 17 to 25, `ios26` for 26 and later.
public enum ProbeProfile: String, Sendable, Hashable, CaseIterable {
    case ios10, ios11, ios13, ios14, ios17, ios26

    /// The iOS major versions the profile stands for.
    public var majorVersions: ClosedRange<Int> {
        switch self {
        case .ios10: return 7...10
        case .ios11: return 11...12
        case .ios13: return 13...13
        case .ios14: return 14...16
        case .ios17: return 17...25
        case .ios26: return 26...Int.max
        }
    }

    /// The profile whose versions hold the major version of `systemVersion` (`UIDevice.systemVersion`: "17.4",
    /// "18.2.1", "26.0"); nil for a text that does not start with a number, or a version before iOS 7.
    public init?(systemVersion: String) {
        let major = systemVersion.prefix { $0 != "." }
        guard !major.isEmpty, major.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(major) else { return nil }
        guard let profile = ProbeProfile.allCases.first(where: { $0.majorVersions.contains(number) }) else { return nil }
        self = profile
    }
}

import NavModel
import NavSource

/// Every file of one project as its readers saw it, and how to lint it: the flows of one app.
///
/// A project is an app target of an Xcode project, a Swift package or a folder; two projects never share a
/// screen, so two apps' `BaseViewController`s never meet.
public struct SourceProject: Sendable {
    public var name: String
    /// The facts of each file, in the order the files were read (sorted paths).
    public var files: [SourceFacts]
    /// The profiles every screen is checked under (from the deployment target, or the configuration).
    public var profiles: [Profile]
    /// The device, the policies and the settings of uncertain rules; its bar and screens are ignored.
    public var config: SessionConfig
    /// The lines each `navd:disable:next` directive covers, by file: resolved against the file's text by
    /// ``Suppressions/resolve(_:lines:)``, since a reader records only the comment's own line.
    public var suppressions: [String: Suppressions]
    /// `low-contrast` for UIKit's default item colour (systemBlue, where the app sets no tint) on a bar colour the
    /// app chose is reported only below this ratio (reasoned: WCAG 2.1's 3:1 for user-interface components, since
    /// systemBlue on white is 4.02:1 and 4.5 would report UIKit's own look). The setting `default-tint-contrast`,
    /// kept in the model's policies (`defaultTintContrast`), which hold the model's findings to it.
    public var defaultForegroundContrastFloor: Double {
        get { config.policies.defaultTintContrast }
        set { config.policies.defaultTintContrast = newValue }
    }

    public init(
        name: String, files: [SourceFacts], profiles: [Profile], config: SessionConfig = SessionConfig(),
        suppressions: [String: Suppressions] = [:], defaultForegroundContrastFloor: Double = 3
    ) {
        self.name = name
        self.files = files
        self.profiles = profiles
        self.config = config
        self.suppressions = suppressions
        self.config.policies.defaultTintContrast = defaultForegroundContrastFloor
    }
}

/// One finding of a source lint, before it becomes a report's `Finding`.
public struct SourceFinding: Sendable, Hashable {
    public var location: SourceLocation
    public var diagnostic: Diagnostic
    /// The first profile that found it; ``profiles`` lists them all.
    public var profile: Profile
    public var profiles: [Profile]
    /// The screen the finding concerns (a class name, or a storyboard scene's name).
    public var screen: String
    /// Where that screen is declared, when it is not where the finding points.
    public var screenLocation: SourceLocation?
    /// The other screens the line gives the same finding, none of which makes the setting itself (subclasses of
    /// the class that makes it, screens of the navigation controller that does), sorted; the message names them.
    public var otherScreens: [String] = []
    /// The stack the first profile found it on (the screen on top is the one checked). Not part of its identity.
    public var stack: FindingStack?

    public var code: String { diagnostic.code }

    /// How many other screens a message names before it counts the rest.
    static let otherScreensNamed = 5

    /// This finding with ``otherScreens`` sorted and its message naming them, at most ``otherScreensNamed``.
    func namingOtherScreens() -> SourceFinding {
        guard !otherScreens.isEmpty else { return self }
        var named = self
        let sorted = otherScreens.sorted()
        var names = sorted.prefix(Self.otherScreensNamed).map { "'\($0)'" }
        if sorted.count > Self.otherScreensNamed { names.append("\(sorted.count - Self.otherScreensNamed) more") }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        named.otherScreens = sorted
        named.diagnostic.message += "; this line does the same on \(list)"
        return named
    }

    public static func == (a: SourceFinding, b: SourceFinding) -> Bool {
        a.location == b.location && a.diagnostic == b.diagnostic && a.profile == b.profile && a.profiles == b.profiles
            && a.screen == b.screen && a.screenLocation == b.screenLocation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(diagnostic)
        hasher.combine(profile)
        hasher.combine(profiles)
        hasher.combine(screen)
        hasher.combine(screenLocation)
    }
}

/// Which lines of one file have which codes switched off by `navd:` comments.
public struct Suppressions: Sendable, Hashable {
    /// Lines covered by `disable:next` and `disable:this`, with their codes (empty: every code).
    var lines: [Int: [[String]]] = [:]
    /// `disable` … `enable` ranges: first line, last line (nil: to the end), codes.
    var ranges: [(from: Int, to: Int?, codes: [String])] = []

    public init() {}

    public static func == (a: Suppressions, b: Suppressions) -> Bool {
        a.lines == b.lines && a.ranges.count == b.ranges.count
            && zip(a.ranges, b.ranges).allSatisfy { $0.from == $1.from && $0.to == $1.to && $0.codes == $1.codes }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
        hasher.combine(ranges.count)
    }

    /// The suppressions of a file's directives. `disable:next` covers the next line that is neither blank nor only
    /// a comment; `text` gives a line's text (1-based).
    public static func resolve(_ directives: [Directive], lineCount: Int, line text: (Int) -> String) -> Suppressions {
        var out = Suppressions()
        var open: [(from: Int, codes: [String])] = []
        for d in directives.sorted(by: { $0.line < $1.line }) {
            switch d.kind {
            case .disableThis:
                out.lines[d.line, default: []].append(d.codes)
            case .disableNext:
                var target = d.line + 1
                while target <= lineCount, Self.isBlankOrComment(text(target)) { target += 1 }
                out.lines[target, default: []].append(d.codes)
            case .disable:
                open.append((d.line, d.codes))
            case .enable:
                // An enable without codes closes every open disable; with codes, it closes those codes. A disable of
                // every code stays open under an enable of some (the comment cannot say "all but these").
                var still: [(from: Int, codes: [String])] = []
                for o in open {
                    if d.codes.isEmpty {
                        out.ranges.append((o.from, d.line, o.codes))
                    } else if o.codes.isEmpty {
                        still.append(o)
                    } else {
                        let closed = o.codes.filter { d.codes.contains($0) }
                        let left = o.codes.filter { !d.codes.contains($0) }
                        if !closed.isEmpty { out.ranges.append((o.from, d.line, closed)) }
                        if !left.isEmpty { still.append((o.from, left)) }
                    }
                }
                open = still
            }
        }
        for o in open { out.ranges.append((o.from, nil, o.codes)) }
        return out
    }

    /// Whether `code` is switched off at `line`.
    public func suppresses(_ code: String, line: Int) -> Bool {
        if let lists = lines[line], lists.contains(where: { $0.isEmpty || $0.contains(code) }) { return true }
        return ranges.contains { $0.from <= line && ($0.to.map { line <= $0 } ?? true) && ($0.codes.isEmpty || $0.codes.contains(code)) }
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let t = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
        return t.isEmpty || t.hasPrefix("//") || t.hasPrefix("/*") || t.hasPrefix("*") || t.hasPrefix("<!--")
    }
}

extension SourceProject {
    /// The colour sets the project's settings name (`UIColor(named:)`, SwiftUI `Color("…")`, a storyboard's
    /// named colour): a colour set that cannot be read matters only when a bar colour names it.
    public var namedColorSets: Set<String> {
        var names: Set<String> = []
        func note(_ settings: [Setting]) {
            for setting in settings {
                switch setting.value {
                case .bar(_, .asset(let name)), .appearance(_, background: .asset(let name)): names.insert(name)
                default: break
                }
            }
        }
        for facts in files {
            note(facts.appWide)
            for screen in facts.screens { note(screen.settings) }
        }
        return names
    }
}

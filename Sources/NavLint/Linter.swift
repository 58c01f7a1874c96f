import JSONCore
import NavModel
import NavProtocol
import NavSource

/// One diagnostic of one screen of one document under one profile, placed in the file.
public struct Finding: Sendable, Hashable {
    public var file: String
    public var position: SourcePosition
    /// The JSON path of the member the finding points at (`screens[2].item.rightItems[0]`).
    public var path: String
    public var profile: Profile
    public var diagnostic: Diagnostic
    /// The stack the finding was found on, for drawing its bar; nil for a finding about a file, and for findings
    /// read back from the cache (which keeps the findings, not the stacks). Not part of a finding's identity.
    public var stack: FindingStack?

    public init(
        file: String, position: SourcePosition, path: String, profile: Profile, diagnostic: Diagnostic, stack: FindingStack? = nil
    ) {
        self.file = file
        self.position = position
        self.path = path
        self.profile = profile
        self.diagnostic = diagnostic
        self.stack = stack
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.file == b.file && a.position == b.position && a.path == b.path && a.profile == b.profile && a.diagnostic == b.diagnostic
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(position)
        hasher.combine(path)
        hasher.combine(profile)
        hasher.combine(diagnostic)
    }

    public var code: String { diagnostic.code }
    public var severity: Diagnostic.Severity { diagnostic.severity }
    public var message: String { diagnostic.message }
    public var screenId: String { diagnostic.screenId ?? "" }
    public var itemId: String? { diagnostic.itemId }
}

/// A stack as a finding's check saw it: the model under the finding's profile, with the screen the bar belongs to
/// on top at `top` (the screens above it are not part of what was checked).
public struct FindingStack: Sendable, Hashable {
    public var model: NavigationModel
    public var top: Int

    public init(model: NavigationModel, top: Int) {
        self.model = model
        self.top = top
    }

    /// The screen ids from the bottom of the stack to its top, as the model names them.
    public var screenIds: [String] { model.screens.prefix(top + 1).map(\.id) }
}

/// Which findings make a run fail (`--fail-on`).
public enum FailOn: String, Sendable, CaseIterable {
    case error, warning, info, never

    /// Whether a finding of `severity` is at or above this level.
    public func fails(_ severity: Diagnostic.Severity) -> Bool {
        switch self {
        case .never: return false
        case .info: return true
        case .warning: return severity != .info
        case .error: return severity == .error
        }
    }
}

/// Checks every screen of a document's stack, as its bar looks when that screen is on top.
public enum Linter {
    /// The findings for `document` under each of `profiles` (nil: the document's own profile), in
    /// profile order, then stack order, then the diagnostics engine's order.
    public static func lint(_ document: LintDocument, profiles: [Profile]? = nil) -> [Finding] {
        let model = document.model
        var out: [Finding] = []
        let indexById = Dictionary(model.screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Profiles of one era often lay a screen's bar out alike (ios11 to ios17 on a phone): its hit regions
        // are swept once.
        let memo = DiagnosticsEngine.RegionMemo()
        // A member is reported under every profile that finds something there: place it in the text once.
        var positions: [String: SourcePosition] = [:]
        func position(of path: String) -> SourcePosition {
            if let known = positions[path] { return known }
            let found = document.position(of: path)
            positions[path] = found
            return found
        }
        // Members the format does not have: once, under the first profile.
        for unknown in document.unknownMembers {
            var d = Diagnostic(
                code: LintRule.unknownMember, severity: .warning,
                message: "'\(unknown.path)' is not a member of the session document format"
                    + (Suggestion.closest(to: unknown.name, among: unknown.known).map { "; did you mean '\($0)'?" } ?? "")
                    + " (it is ignored)")
            d.screenId = nil
            out.append(
                Finding(
                    file: document.file, position: position(of: unknown.path), path: unknown.path,
                    profile: profiles?.first ?? model.config.profile, diagnostic: d))
        }
        for profile in profiles ?? [model.config.profile] {
            // The flow as the document declares it, re-laid out for that profile.
            let scoped = model.reprofiled(profile)
            for index in scoped.screens.indices {
                for diagnostic in DiagnosticsEngine.diagnose(model: scoped, screenIndex: index, memo: memo) {
                    let path = Self.path(of: diagnostic, screens: scoped.screens, index: index, indexById: indexById)
                    out.append(
                        Finding(
                            file: document.file, position: position(of: path), path: path, profile: profile,
                            diagnostic: diagnostic, stack: FindingStack(model: scoped, top: index)))
                }
            }
        }
        return out
    }

    /// The member a finding points at: the setting that causes it, else the item, else the screen.
    static func path(of d: Diagnostic, screens: [Screen], index: Int, indexById: [String: Int]) -> String {
        if let origin = d.origin, let i = indexById[origin.screenId] {
            return "screens[\(i)].\(origin.member)"
        }
        let screen = screens[index]
        if let itemId = d.itemId {
            if let j = screen.item.leftItems.firstIndex(where: { $0.id == itemId }) { return "screens[\(index)].item.leftItems[\(j)]" }
            if let j = screen.item.rightItems.firstIndex(where: { $0.id == itemId }) { return "screens[\(index)].item.rightItems[\(j)]" }
        }
        return "screens[\(index)]"
    }
}

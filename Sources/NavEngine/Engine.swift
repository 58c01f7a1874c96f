import JSONCore
import NavModel
import NavProtocol
import NavRender

/// navd's answers about one navigation model, as the wire types carry them: no session, connection, store
/// or clock. The daemon answers its sessions' requests with these functions over each session's model, and
/// navctl answers a document's (`--file`) and the language server its buffers' with the same ones in process,
/// so an answer never depends on where it was asked.
public enum Engine {
    /// The top screen's laid-out bar; `notAllowed` when the stack is empty.
    public static func topBar(_ model: NavigationModel) throws(RPCError) -> LaidOutBar {
        guard let bar = BarLayoutEngine.layout(model: model) else { throw emptyStack }
        return bar
    }

    /// The error of a bar question asked of an empty stack.
    public static var emptyStack: RPCError {
        RPCError(ModelError.notAllowed("the stack is empty, so there is no bar; push a screen first"))
    }

    /// The index of `screenId` (unknown: 1002 naming `screenId`), else the top screen's; nil on an empty stack.
    public static func screenIndex(_ model: NavigationModel, _ screenId: String?) throws(RPCError) -> Int? {
        guard let screenId else { return model.screens.isEmpty ? nil : model.screens.count - 1 }
        guard let i = model.index(of: screenId) else { throw RPCError(ModelError.unknownScreen(id: screenId, path: "screenId")) }
        return i
    }

    /// `bar/layout`.
    public static func layout(_ model: NavigationModel) throws(RPCError) -> BarLayout.Result {
        BarLayout.Result(try topBar(model))
    }

    /// `bar/hitTest` on a laid-out bar.
    public static func hitTest(_ bar: LaidOutBar, point: Point, trace: Bool) -> BarHitTest.Result {
        BarHitTest.Result(BarHitTesting.hitTest(bar, point: point, trace: trace), includeTrace: trace, bar: bar.barFrame)
    }

    /// `bar/hitRegions` of a laid-out bar.
    public static func hitRegions(_ bar: LaidOutBar) -> BarHitRegions.Result {
        BarHitRegions.Result(BarRegions.regions(bar))
    }

    /// `bar/render`.
    public static func render(_ model: NavigationModel) throws(RPCError) -> BarRender.Result {
        guard let svg = BarRenderer.render(model: model) else { throw emptyStack }
        return BarRender.Result(svg: svg)
    }

    /// `bar/diagnose`: the named screen's findings as its bar looks when it is on top, else the top screen's.
    public static func diagnose(_ model: NavigationModel, screenId: String?) throws(RPCError) -> BarDiagnose.Result {
        guard let index = try screenIndex(model, screenId) else { throw emptyStack }
        return BarDiagnose.Result(DiagnosticsEngine.diagnose(model: model, screenIndex: index))
    }

    /// `title/back`: nil `screenIndex` (an empty stack) is hidden, as the root's is.
    public static func backTitle(_ model: NavigationModel, screenIndex: Int?) -> BackTitle {
        guard let screenIndex else { return .hidden(.root) }
        return BackTitleEngine.backTitle(model: model, screenIndex: screenIndex)
    }

    /// `title/previous`.
    public static func previousTitle(_ model: NavigationModel, screenId: String?) throws(RPCError) -> PreviousTitle {
        BackTitleEngine.previousTitle(model: model, screenIndex: try screenIndex(model, screenId) ?? 0)
    }

    /// `tint/resolve`: a colour given is resolved under the session's policies (the defaults without a
    /// session; params guarantee a colour then); else the named or top screen's bar colour.
    public static func tint(_ p: TintResolve.Params, model: NavigationModel?) throws(RPCError) -> TintResult {
        // An unknown screen is an error even when a colour is given.
        let index = try model.flatMap { (m: NavigationModel) throws(RPCError) -> Int? in try screenIndex(m, p.screenId) }
        guard let model, p.color == nil else {
            let policies = model?.config.policies ?? Policies()
            return TintEngine.resolve(
                color: p.color ?? .white, backdrop: p.backdrop ?? .white, method: p.method ?? policies.tintMethod,
                threshold: p.threshold ?? policies.tintThreshold, source: .automatic, policy: p.foreground ?? policies.foreground)
        }
        return TintEngine.resolve(
            model: model, screenIndex: index, backdrop: p.backdrop, method: p.method, threshold: p.threshold, policy: p.foreground)
    }

    /// `gesture/popTest`.
    public static func popTest(_ model: NavigationModel, start: Point) -> GesturePopTest.Result {
        GesturePopTest.Result(PopGesture.test(model: model, start: start))
    }

    /// `stack/get`.
    public static func stack(_ model: NavigationModel) -> StackGet.Result {
        StackGet.Result(screens: model.screens, version: model.version)
    }

    /// `screen/get`: one screen (nil: the top) as the session document writes it; 1006 on an empty stack.
    public static func screen(_ model: NavigationModel, screenId: String?) throws(RPCError) -> ScreenGet.Result {
        guard let index = try screenIndex(model, screenId) else {
            throw RPCError(ModelError.notAllowed("the stack is empty, so there is no top screen; push one first"))
        }
        return ScreenGet.Result(model.screens[index])
    }
}

/// Runs a model operation, mapping its error to the protocol error.
public func rpc<T>(_ body: () throws(ModelError) -> T) throws(RPCError) -> T {
    do { return try body() } catch { throw RPCError(error) }
}

extension RPCError {
    /// The one place model errors become protocol errors.
    public init(_ error: ModelError) {
        switch error {
        case .unknownScreen(let id, let path):
            self.init(
                code: ErrorCode.unknownScreen, message: "no screen '\(id)' in this session; stack/get lists them",
                data: ["path": .string(path), "screenId": .string(id)])
        case .unknownItem(let id, let path):
            self.init(
                code: ErrorCode.unknownScreen, message: "no item '\(id)' on this screen",
                data: ["path": .string(path), "itemId": .string(id)])
        case .duplicateScreen(let id, let path):
            self = .invalidParams(
                path: path, expected: "a screen id not already on the stack",
                message: "screen id '\(id)' is already on the stack; ids must be unique")
        case .versionConflict(let current):
            self.init(
                code: ErrorCode.versionConflict, message: "ifVersion does not match; the session is at version \(current)",
                data: ["version": .int(Int64(current))])
        case .limitExceeded(let name, let limit):
            self = .limitExceeded(name: name, limit: limit)
        case .notAllowed(let why):
            self.init(code: ErrorCode.notAllowed, message: "not allowed: \(why)")
        }
    }
}

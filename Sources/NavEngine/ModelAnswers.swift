import JSONCore
import NavModel
import NavProtocol

/// The read-only methods of a session answered over one model held in process: what navctl's `--file`
/// commands and the language server ask of a document or a buffer. The `sessionId` a request names is not
/// looked up (there is one model); every other member is decoded and checked as the daemon does.
public struct ModelAnswers: Sendable {
    public let model: NavigationModel

    public init(model: NavigationModel) { self.model = model }

    /// The methods answered, by name.
    public static let methods: Set<String> = [
        BarLayout.name, BarHitTest.name, BarHitRegions.name, BarRender.name, BarDiagnose.name, TitleBack.name,
        TitlePrevious.name, TintResolve.name, GesturePopTest.name, StackGet.name, ScreenGet.name,
        TreeHitTest.name,
    ]

    /// The result of `method` with `params`, as the daemon's reply carries it; -32601 for a method not answered
    /// here, and the daemon's errors (with `data.path`) for bad params.
    public func answer(_ method: String, _ params: JSON?) throws(RPCError) -> JSON {
        let reader = try ParamReader(params)
        switch method {
        case BarLayout.name:
            _ = try BarLayout.Params(from: reader)
            return try Engine.layout(model).json
        case BarHitTest.name:
            let p = try BarHitTest.Params(from: reader)
            return Engine.hitTest(try Engine.topBar(model), point: p.point, trace: p.trace).json
        case BarHitRegions.name:
            _ = try BarHitRegions.Params(from: reader)
            return Engine.hitRegions(try Engine.topBar(model)).json
        case BarRender.name:
            _ = try BarRender.Params(from: reader)
            return try Engine.render(model).json
        case BarDiagnose.name:
            let p = try BarDiagnose.Params(from: reader)
            return try Engine.diagnose(model, screenId: p.screenId).json
        case TitleBack.name:
            let p = try TitleBack.Params(from: reader)
            return Engine.backTitle(model, screenIndex: try Engine.screenIndex(model, p.screenId)).json
        case TitlePrevious.name:
            let p = try TitlePrevious.Params(from: reader)
            return try Engine.previousTitle(model, screenId: p.screenId).json
        case TintResolve.name:
            let p = try TintResolve.Params(from: reader)
            return try Engine.tint(p, model: p.sessionId == nil ? nil : model).json
        case GesturePopTest.name:
            let p = try GesturePopTest.Params(from: reader)
            return Engine.popTest(model, start: p.start).json
        case StackGet.name:
            _ = try StackGet.Params(from: reader)
            return Engine.stack(model).json
        case ScreenGet.name:
            let p = try ScreenGet.Params(from: reader)
            return try Engine.screen(model, screenId: p.screenId).json
        case TreeHitTest.name:
            return TreeHitTest.evaluate(try TreeHitTest.Params(from: reader, limits: TreeLimits())).json
        default:
            throw RPCError.methodNotFound(method)
        }
    }
}

import JSONCore
import NavModel
import NavProtocol

extension DispatchTable {
    /// `tree/hitTest` (no session: the tree comes with the request) and `gesture/popTest` (read-only).
    mutating func registerHitMethods() {
        // Decoded here rather than by `register`, so the tree limits are the daemon's (`--max-tree-nodes`,
        // `--max-tree-depth`).
        registerRaw(TreeHitTest.name) { (json: JSON?, ctx: RequestContext) async throws -> JSON in
            let params = try TreeHitTest.Params(from: try ParamReader(json), limits: ctx.sessions.limits.tree)
            return TreeHitTest.evaluate(params).json
        }
        register(GesturePopTest.self) { (params: GesturePopTest.Params, ctx: RequestContext) async throws -> GesturePopTest.Result in
            let start = params.start
            return try await ctx.read(params.sessionId) { (model: NavigationModel) throws(RPCError) -> GesturePopTest.Result in
                GesturePopTest.Result(PopGesture.test(model: model, start: start))
            }
        }
    }
}

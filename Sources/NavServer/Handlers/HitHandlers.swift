import NavModel
import NavProtocol

extension DispatchTable {
    /// `tree/hitTest` (no session: the tree comes with the request) and `gesture/popTest` (read-only).
    mutating func registerHitMethods() {
        register(TreeHitTest.self) { (params: TreeHitTest.Params, _: RequestContext) async throws -> TreeHitTest.Result in
            TreeHitTest.evaluate(params)
        }
        register(GesturePopTest.self) { (params: GesturePopTest.Params, ctx: RequestContext) async throws -> GesturePopTest.Result in
            let start = params.start
            return try await ctx.read(params.sessionId) { (model: NavigationModel) throws(RPCError) -> GesturePopTest.Result in
                GesturePopTest.Result(PopGesture.test(model: model, start: start))
            }
        }
    }
}

import JSONCore
import NavEngine
import NavModel
import NavProtocol
import NavTransport
import NIOPosix

extension DispatchTable {
    /// `tree/hitTest` (no session: the tree comes with the request) and `gesture/popTest` (read-only).
    mutating func registerHitMethods() {
        // Decoded here rather than by `register`, so the tree limits are the daemon's (`--max-tree-nodes`,
        // `--max-tree-depth`).
        // A large tree is answered on the thread pool, so the connection's event loop keeps serving others; the
        // connection's later messages wait for it, so its replies keep their order.
        registerRaw(TreeHitTest.name) { (json: JSONView?, ctx: inout RequestContext) throws -> HandlerReply in
            let params = try TreeHitTest.Params(from: try ParamReader(json), limits: ctx.sessions.limits.tree)
            guard Self.nodeCount(params.tree, upTo: Self.offloadedTreeNodes) >= Self.offloadedTreeNodes else {
                return .now(TreeHitTest.evaluate(params).json)
            }
            let pending = PendingReply()
            NIOThreadPool.singleton.submit { _ in pending.complete(.success(TreeHitTest.evaluate(params).json)) }
            return .later(pending)
        }
        register(GesturePopTest.self) { (params: GesturePopTest.Params, ctx: inout RequestContext) throws -> GesturePopTest.Result in
            let start = params.start
            return try ctx.read(params.sessionId) { (model: NavigationModel) throws(RPCError) -> GesturePopTest.Result in
                Engine.popTest(model, start: start)
            }
        }
    }

    /// Trees with at least this many views are hit-tested on the thread pool.
    static let offloadedTreeNodes = 1_000

    /// The number of views in `tree`, counting no further than `limit`.
    static func nodeCount(_ tree: View, upTo limit: Int) -> Int {
        var count = 0
        var stack = [tree]
        while let view = stack.popLast(), count < limit {
            count += 1
            stack.append(contentsOf: view.subviews)
        }
        return count
    }
}

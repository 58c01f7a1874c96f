import JSONCore
import NavModel
import NavProtocol
import NavRender

extension DispatchTable {
    /// `bar/layout`, `bar/hitTest`, `bar/hitRegions`, `bar/render`, `bar/tap`, `bar/diagnose`.
    ///
    /// Every one of them reads the same `LaidOutBar` of the top screen, so their answers agree.
    mutating func registerLayoutAndHitTest() {
        register(BarLayout.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> BarLayout.Result in
                BarLayout.Result(try Self.topBar(model))
            }
        }
        registerSerialized(BarHitTest.self) { p, ctx in
            guard let kept = try ctx.topBar(p.sessionId) else { throw Self.emptyStack }
            return kept.hitTest(p.point, trace: p.trace)
        }
        register(BarHitRegions.self) { p, ctx in
            guard let kept = try ctx.topBar(p.sessionId) else { throw Self.emptyStack }
            return BarHitRegions.Result(BarRegions.regions(kept.bar))
        }
        register(BarRender.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> BarRender.Result in
                guard let svg = BarRenderer.render(model: model) else { throw Self.emptyStack }
                return BarRender.Result(svg: svg)
            }
        }
        register(BarDiagnose.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> BarDiagnose.Result in
                let index: Int
                if let id = p.screenId {
                    guard let i = model.index(of: id) else { throw RPCError(ModelError.unknownScreen(id: id, path: "screenId")) }
                    index = i
                } else {
                    guard !model.screens.isEmpty else { throw Self.emptyStack }
                    index = model.screens.count - 1
                }
                return BarDiagnose.Result(DiagnosticsEngine.diagnose(model: model, screenIndex: index))
            }
        }
        register(BarTap.self) { p, ctx in
            let sessionId = p.sessionId
            return try ctx.withSession(sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> BarTap.Result in
                try Self.tap(p, sessionId: sessionId, model: &model, effects: &effects)
            }
        }
    }

    /// The top screen's laid-out bar; 1006 when the stack is empty.
    static func topBar(_ model: NavigationModel) throws(RPCError) -> LaidOutBar {
        guard let bar = BarLayoutEngine.layout(model: model) else { throw emptyStack }
        return bar
    }

    static var emptyStack: RPCError { RPCError(ModelError.notAllowed("the stack is empty, so there is no bar; push a screen first")) }

    /// Performs a tap through the model; the pop's changes go to subscribers before the reply, then the
    /// `navigation/backRequested` or `navigation/itemTapped` notification.
    static func tap(
        _ p: BarTap.Params, sessionId: String, model: inout NavigationModel, effects: inout SessionEffects
    ) throws(RPCError) -> BarTap.Result {
        let outcome = try rpc { () throws(ModelError) -> BarTapOutcome in try BarTapping.tap(&model, at: p.point, ifVersion: p.ifVersion) }
        effects.changes = outcome.changes
        switch outcome.event {
        case .backRequested(let screenId)?:
            effects.events.append(
                (
                    method: "navigation/backRequested",
                    params: BarTap.backRequested(sessionId: sessionId, screenId: screenId, version: model.version)
                ))
        case .itemTapped(let screenId, let itemId)?:
            effects.events.append(
                (
                    method: "navigation/itemTapped",
                    params: BarTap.itemTapped(sessionId: sessionId, screenId: screenId, itemId: itemId, version: model.version)
                ))
        case nil:
            break
        }
        return BarTap.Result(hit: outcome.hit, performed: outcome.performed, version: model.version)
    }
}

import JSONCore
import NavEngine
import NavModel
import NavProtocol

extension DispatchTable {
    /// `bar/layout`, `bar/hitTest`, `bar/hitRegions`, `bar/render`, `bar/tap`, `bar/diagnose`.
    ///
    /// Every one of them reads the same `LaidOutBar` of the top screen, so their answers agree.
    mutating func registerLayoutAndHitTest() {
        register(BarLayout.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> BarLayout.Result in
                try Engine.layout(model)
            }
        }
        registerSerialized(BarHitTest.self) { p, ctx in
            guard let kept = try ctx.topBar(p.sessionId) else { throw Engine.emptyStack }
            return kept.hitTest(p.point, trace: p.trace)
        }
        register(BarHitRegions.self) { p, ctx in
            guard let kept = try ctx.topBar(p.sessionId) else { throw Engine.emptyStack }
            return Engine.hitRegions(kept.bar)
        }
        register(BarRender.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> BarRender.Result in
                try Engine.render(model)
            }
        }
        register(BarDiagnose.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> BarDiagnose.Result in
                try Engine.diagnose(model, screenId: p.screenId)
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

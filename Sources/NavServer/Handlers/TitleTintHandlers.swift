import NavEngine
import NavModel
import NavProtocol

extension DispatchTable {
    /// `title/back`, `title/previous`, `tint/resolve`.
    mutating func registerTitleAndTint() {
        registerSerialized(TitleBack.self) { p, ctx in
            try ctx.backTitle(p.sessionId) { (model: NavigationModel) throws(RPCError) -> Int? in
                try Engine.screenIndex(model, p.screenId)
            }
        }
        register(TitlePrevious.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> PreviousTitle in
                try Engine.previousTitle(model, screenId: p.screenId)
            }
        }
        register(TintResolve.self) { p, ctx in
            guard let sessionId = p.sessionId else { return try Engine.tint(p, model: nil) }
            return try ctx.read(sessionId) { (model: NavigationModel) throws(RPCError) -> TintResult in try Engine.tint(p, model: model) }
        }
    }
}

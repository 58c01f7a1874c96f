import NavModel
import NavProtocol

extension DispatchTable {
    /// `title/back`, `title/previous`, `tint/resolve`.
    mutating func registerTitleAndTint() {
        registerSerialized(TitleBack.self) { p, ctx in
            try ctx.backTitle(p.sessionId) { (model: NavigationModel) throws(RPCError) -> Int? in
                try Self.titleTintScreenIndex(model, p.screenId)
            }
        }
        register(TitlePrevious.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> PreviousTitle in
                let index = try Self.titleTintScreenIndex(model, p.screenId) ?? 0
                return BackTitleEngine.previousTitle(model: model, screenIndex: index)
            }
        }
        register(TintResolve.self) { p, ctx in
            guard let sessionId = p.sessionId else {
                // Params guarantee a colour when there is no session.
                let color = p.color ?? .white
                let policies = Policies()
                return TintEngine.resolve(
                    color: color, backdrop: p.backdrop ?? .white, method: p.method ?? policies.tintMethod,
                    threshold: p.threshold ?? policies.tintThreshold, source: .automatic)
            }
            return try ctx.read(sessionId) { (model: NavigationModel) throws(RPCError) -> TintResult in
                let index = try Self.titleTintScreenIndex(model, p.screenId)
                let policies = model.config.policies
                if let color = p.color {
                    return TintEngine.resolve(
                        color: color, backdrop: p.backdrop ?? .white, method: p.method ?? policies.tintMethod,
                        threshold: p.threshold ?? policies.tintThreshold, source: .automatic)
                }
                return TintEngine.resolve(
                    model: model, screenIndex: index, backdrop: p.backdrop, method: p.method, threshold: p.threshold)
            }
        }
    }

    /// The index of `screenId` (unknown: 1002 naming `screenId`), else the top screen's; nil on an empty stack.
    static func titleTintScreenIndex(_ model: NavigationModel, _ screenId: String?) throws(RPCError) -> Int? {
        guard let screenId else { return model.screens.isEmpty ? nil : model.screens.count - 1 }
        return try rpc { () throws(ModelError) -> Int in
            guard let i = model.index(of: screenId) else { throw .unknownScreen(id: screenId, path: "screenId") }
            return i
        }
    }
}

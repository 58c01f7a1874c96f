import JSONCore
import NavEngine
import NavModel
import NavProtocol
import NavTransport
import NIOPosix

extension DispatchTable {
    /// The lifecycle, session, stack, screen and bar-update methods.
    mutating func registerSpine() {
        registerLifecycle()
        registerSessions()
        registerStack()
        registerScreensAndBars()
    }

    /// `initialize`, `rpc.discover`, `shutdown`, `daemon/status`.
    mutating func registerLifecycle() {
        register(Initialize.self) { _, _ in
            Initialize.Result(
                serverName: "navd", serverVersion: ServerInfo.version, protocolVersion: 1,
                methods: Messages.requests.map { $0.name }.sorted(), notifications: Messages.notifications,
                profiles: Profile.allCases.map(\.rawValue), framings: ["content-length", "ndjson"],
                topics: Topic.allCases.map(\.rawValue))
        }
        register(RPCDiscover.self) { _, _ in RPCDiscover.Result(document: OpenRPC.document()) }
        register(Shutdown.self) { _, _ in NullResult() }
        register(DaemonStatus.self) { _, ctx in
            DaemonStatus.Result(
                version: ServerInfo.version, pid: ctx.server.pid, uptimeMs: ctx.server.uptimeMs,
                connections: ctx.server.connections.withLockedValue { $0 }, sessions: ctx.sessions.count)
        }
    }

    /// `session/*`.
    mutating func registerSessions() {
        register(SessionCreate.self) { p, ctx in
            let limits = ctx.sessions.limits.model
            let config = try ctx.sessions.fonts.measured(p.config, path: "policies.textFont.file")
            let model = try Self.makeModel(config: config, screens: p.screens, limits: limits)
            let (id, _, ticket) = try ctx.sessions.add(name: p.name, origin: p.origin, model: model)
            ctx.addWrite(ticket)
            return SessionCreate.Result(sessionId: id, version: model.version)
        }
        register(SessionConfigure.self) { p, ctx in
            let fonts = ctx.sessions.fonts
            return try ctx.withSession(p.sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> VersionResult in
                // The patch is applied to a copy first, so a bad member is reported as the decoder said it.
                var patched = model.config
                try p.apply(to: &patched)
                let config = try fonts.measured(patched, path: "policies.textFont.file")
                effects.changes = try rpc { () throws(ModelError) -> [Change] in
                    try model.configure(fields: p.fields, ifVersion: p.ifVersion) { (current: inout SessionConfig) throws(ModelError) in
                        current = config
                    }
                }
                return VersionResult(version: model.version)
            }
        }
        // Listing thousands of sessions takes each one's lock in turn: that goes to the thread pool, so the
        // connection's event loop keeps serving others.
        registerRaw(SessionList.name) { (json: JSONView?, ctx: inout RequestContext) throws -> HandlerReply in
            _ = try SessionList.Params(from: try ParamReader(json))
            let sessions = ctx.sessions.all()
            guard sessions.count >= Self.offloadedListings else {
                return .now(SessionList.Result(sessions: sessions.map { $0.listEntry() }).json)
            }
            let pending = PendingReply()
            NIOThreadPool.singleton.submit { _ in
                pending.complete(.success(SessionList.Result(sessions: sessions.map { $0.listEntry() }).json))
            }
            return .later(pending)
        }
        register(SessionSnapshot.self) { p, ctx in
            let s = try ctx.sessions.session(p.sessionId)
            return SessionSnapshot.Result(document: s.snapshot())
        }
        register(SessionRestore.self) { p, ctx in
            var (name, model) = try SessionDocument.decode(p.document, limits: ctx.sessions.limits.model)
            model.config = try ctx.sessions.fonts.measured(model.config, path: "document.policies.textFont.file")
            let (id, _, ticket) = try ctx.sessions.add(name: p.name ?? (name.isEmpty ? nil : name), origin: p.origin, model: model)
            ctx.addWrite(ticket)
            return SessionCreate.Result(sessionId: id, version: model.version)
        }
        register(SessionClose.self) { p, ctx in
            ctx.addWrite(try ctx.sessions.close(p.sessionId))
            return NullResult()
        }
        register(SessionSubscribe.self) { p, ctx in
            let (sub, version) = try ctx.sessions.subscribe(sessionId: p.sessionId, connection: ctx.connection, topics: p.topics)
            return SessionSubscribe.Result(subscriptionId: sub, version: version)
        }
        register(SessionUnsubscribe.self) { p, ctx in
            try ctx.sessions.unsubscribe(p.subscriptionId, connectionId: ctx.connectionID)
            return NullResult()
        }
    }

    /// `stack/*` and `screen/get`.
    mutating func registerStack() {
        register(StackPush.self) { p, ctx in
            try ctx.withSession(p.sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> StackPush.Result in
                var screen = p.screen
                if !p.hasId { screen.id = model.generateScreenId() }
                effects.changes = try rpc { () throws(ModelError) -> [Change] in try model.push(screen, ifVersion: p.ifVersion) }
                return StackPush.Result(screenId: screen.id, version: model.version)
            }
        }
        register(StackPop.self) { p, ctx in
            try ctx.withSession(p.sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> StackPop.Result in
                let (popped, changes) = try rpc { () throws(ModelError) -> ([String], [Change]) in
                    try model.pop(to: p.to, ifVersion: p.ifVersion)
                }
                effects.changes = changes
                return StackPop.Result(popped: popped, version: model.version)
            }
        }
        register(StackSet.self) { p, ctx in
            try ctx.withSession(p.sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> VersionResult in
                var screens: [Screen] = []
                for (i, json) in p.screens.enumerated() {
                    screens.append(try Screen.decode(json, path: "screens[\(i)]") { model.generateScreenId() })
                }
                let list = screens
                effects.changes = try rpc { () throws(ModelError) -> [Change] in try model.setStack(list, ifVersion: p.ifVersion) }
                return VersionResult(version: model.version)
            }
        }
        register(StackGet.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> StackGet.Result in
                Engine.stack(model)
            }
        }
        register(ScreenGet.self) { p, ctx in
            try ctx.read(p.sessionId) { (model: NavigationModel) throws(RPCError) -> ScreenGet.Result in
                try Engine.screen(model, screenId: p.screenId)
            }
        }
    }

    /// `screen/update`, `bar/update`. Each patch is applied to a copy first, so a bad member is reported exactly
    /// as the decoder said it; the model then only swaps the result in (checking the version, raising it, and
    /// computing the changes).
    mutating func registerScreensAndBars() {
        register(ScreenUpdate.self) { p, ctx in
            try ctx.withSession(p.sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> VersionResult in
                guard var patched = model.screens.first(where: { $0.id == p.screenId }) else {
                    throw RPCError(ModelError.unknownScreen(id: p.screenId, path: "screenId"))
                }
                try patched.apply(p.changes)
                let screen = patched
                effects.changes = try rpc { () throws(ModelError) -> [Change] in
                    try model.updateScreen(p.screenId, ifVersion: p.ifVersion) { (current: inout Screen) throws(ModelError) in
                        current = screen
                    }
                }
                return VersionResult(version: model.version)
            }
        }
        register(BarUpdate.self) { p, ctx in
            try ctx.withSession(p.sessionId) {
                (model: inout NavigationModel, effects: inout SessionEffects) throws(RPCError) -> VersionResult in
                if let screenId = p.screenId {
                    guard let screen = model.screens.first(where: { $0.id == screenId }) else {
                        throw RPCError(ModelError.unknownScreen(id: screenId, path: "screenId"))
                    }
                    var bar = screen.bar ?? BarAppearance()
                    try bar.apply(p.appearance)
                    let patched = bar
                    effects.changes = try rpc { () throws(ModelError) -> [Change] in
                        try model.updateScreen(screenId, ifVersion: p.ifVersion) { (current: inout Screen) throws(ModelError) in
                            current.bar = patched
                        }
                    }
                } else {
                    var bar = model.config.bar
                    try bar.apply(p.appearance)
                    let patched = bar
                    effects.changes = try rpc { () throws(ModelError) -> [Change] in
                        try model.configure(fields: ["bar"], ifVersion: p.ifVersion) { (config: inout SessionConfig) throws(ModelError) in
                            config.bar = patched
                        }
                    }
                }
                return VersionResult(version: model.version)
            }
        }
    }

    /// Listings of at least this many sessions are built on the thread pool.
    static let offloadedListings = 1_000

    /// A new session's model: its configuration and its initial screens (ids generated where omitted).
    static func makeModel(config: SessionConfig, screens: [JSON], limits: ModelLimits) throws(RPCError) -> NavigationModel {
        var next = 1
        var list: [Screen] = []
        for (i, json) in screens.enumerated() {
            list.append(
                try Screen.decode(json, path: "screens[\(i)]") {
                    defer { next += 1 }
                    return "screen-\(next)"
                })
        }
        let initial = list
        let counter = next
        return try rpc { () throws(ModelError) -> NavigationModel in
            try NavigationModel(config: config, screens: initial, limits: limits, nextGeneratedId: counter)
        }
    }
}

import JSONCore
import NavModel
import NavProtocol

/// What answers navd's methods with their wire types: the daemon through `NavClient`, or an engine in process
/// that answers the same params with the same results (navctl's `--file`). The typed calls below, one per
/// method, are written once over `call` and serve both.
public protocol NavCalls: Sendable {
    /// Sends `method` with `params` and decodes its result; a daemon's error reply is `NavClientError.rpc`, a
    /// result of the wrong shape `NavClientError.badReply` naming the method and the path.
    func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) async throws -> M.Result
}

extension NavClient: NavCalls {
    /// Sends `method` with `params` and decodes its result.
    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) async throws -> M.Result {
        try M.decodeResult(try await request(M.name, params.json))
    }

    /// Sends a client notification (`exit`, `$/cancelRequest`).
    public func notify<N: RPCNotification>(_ notification: N.Type, _ params: N.Params) async throws {
        try await notify(N.name, params.json)
    }

    /// `exit`: the daemon closes this connection.
    public func exit() async throws {
        try await notify(Exit.self, NoParams())
    }
}

/// Named calls, where a command reads better with one: each is one call of `call` (any method, its params in and
/// its result out), which is all a method needs to be called with its types.
///
/// Params built from JSON are checked here by the daemon's own decoders before anything is sent, so a bad value
/// fails with the -32602 error (`NavClientError.rpc`) the daemon would have answered.
extension NavCalls {
    /// Builds params with the daemon's checks; a bad value is the -32602 the daemon would answer.
    public static func params<P>(_ make: () throws(RPCError) -> P) throws -> P {
        do { return try make() } catch { throw NavClientError.rpc(error) }
    }

    /// Calls `method` with params as the wire carries them, decoded (and so checked) by the daemon's own decoder
    /// before they are sent.
    public func call<M: RPCMethod>(_ method: M.Type, wire params: JSONObject) async throws -> M.Result {
        try await call(method, try Self.params { () throws(RPCError) in try M.Params(from: ParamReader(object: params, path: "")) })
    }

    // MARK: Lifecycle

    /// `initialize`: the daemon's capabilities.
    public func initialize(clientName: String = "NavClient", clientVersion: String? = nil) async throws -> Initialize.Result {
        try await call(
            Initialize.self,
            Initialize.Params(clientInfo: .object(.given(["name": .string(clientName), "version": clientVersion.map(JSON.string)]))))
    }

    /// `rpc.discover`: the OpenRPC document of the protocol.
    public func discover() async throws -> JSON {
        try await call(RPCDiscover.self, NoParams()).document
    }

    /// `shutdown`.
    public func shutdown() async throws {
        _ = try await call(Shutdown.self, NoParams())
    }

    /// `daemon/status`.
    public func status() async throws -> DaemonStatus.Result {
        try await call(DaemonStatus.self, NoParams())
    }

    // MARK: Sessions

    /// `session/create`. `config` may hold `profile`, `device`, `locale`, `appLocalizations`, `policies`, `bar`,
    /// `screens`.
    public func createSession(
        name: String? = nil, origin: SessionOrigin? = nil, config: JSONObject = [:]
    ) async throws -> SessionCreate.Result {
        try await call(SessionCreate.self, wire: config.merging(["name": name.map(JSON.string), "origin": origin?.json]))
    }

    /// `session/configure`: `changes` holds the members to change (`profile`, `device`, `locale`,
    /// `appLocalizations`, `policies`, `bar`; null resets one). Returns the new version.
    public func configureSession(_ sessionId: String, _ changes: JSONObject, ifVersion: Int? = nil) async throws -> Int {
        try await call(
            SessionConfigure.self, wire: changes.merging(["sessionId": .string(sessionId), "ifVersion": ifVersion.map(JSON.number)])
        ).version
    }

    /// `session/list`, in creation order.
    public func listSessions() async throws -> [SessionList.Entry] {
        try await call(SessionList.self, NoParams()).sessions
    }

    /// `session/snapshot`: the restorable document.
    public func snapshot(_ sessionId: String) async throws -> JSON {
        try await call(SessionSnapshot.self, SessionIdParams(sessionId: sessionId)).document
    }

    /// `session/restore`: a new session from a snapshot document.
    public func restore(_ document: JSON, name: String? = nil, origin: SessionOrigin? = nil) async throws -> SessionCreate.Result {
        try await call(SessionRestore.self, SessionRestore.Params(document: document, name: name, origin: origin))
    }

    /// `session/close`.
    public func closeSession(_ sessionId: String) async throws {
        _ = try await call(SessionClose.self, SessionIdParams(sessionId: sessionId))
    }

    /// `session/subscribe`; `topics` nil means all.
    public func subscribe(_ sessionId: String, topics: [Topic]? = nil) async throws -> SessionSubscribe.Result {
        try await call(SessionSubscribe.self, SessionSubscribe.Params(sessionId: sessionId, topics: Set(topics ?? Topic.allCases)))
    }

    /// `session/unsubscribe`.
    public func unsubscribe(_ subscription: SessionSubscribe.Result) async throws {
        _ = try await call(SessionUnsubscribe.self, SessionUnsubscribe.Params(subscriptionId: subscription.subscriptionId))
    }

    // MARK: Stack, screens and bars

    /// `stack/push`.
    public func push(_ sessionId: String, screen: JSON, ifVersion: Int? = nil) async throws -> StackPush.Result {
        try await call(
            StackPush.self, wire: .given(["sessionId": .string(sessionId), "screen": screen, "ifVersion": ifVersion.map(JSON.number)]))
    }

    /// `stack/pop`: one screen, or down to `to` (a screen id or `"root"`).
    public func pop(_ sessionId: String, to: String? = nil, ifVersion: Int? = nil) async throws -> StackPop.Result {
        try await call(StackPop.self, StackPop.Params(sessionId: sessionId, to: to, ifVersion: ifVersion))
    }

    /// `stack/set`: returns the new version.
    public func setStack(_ sessionId: String, screens: [JSON], ifVersion: Int? = nil) async throws -> Int {
        try await call(
            StackSet.self,
            wire: .given(["sessionId": .string(sessionId), "screens": .array(screens), "ifVersion": ifVersion.map(JSON.number)])
        ).version
    }

    /// `stack/get`: the screens, root first, every member written out.
    public func stack(_ sessionId: String) async throws -> StackGet.Result {
        try await call(StackGet.self, SessionIdParams(sessionId: sessionId))
    }

    /// `screen/update`: `changes` is a partial Screen. Returns the new version.
    public func updateScreen(_ sessionId: String, screenId: String, changes: JSON, ifVersion: Int? = nil) async throws -> Int {
        try await call(
            ScreenUpdate.self,
            wire: .given([
                "sessionId": .string(sessionId), "screenId": .string(screenId), "changes": changes, "ifVersion": ifVersion.map(JSON.number),
            ])
        ).version
    }

    /// `bar/update`: the session-wide bar when `screenId` is nil. Returns the new version.
    public func updateBar(_ sessionId: String, screenId: String? = nil, appearance: JSON, ifVersion: Int? = nil) async throws -> Int {
        try await call(
            BarUpdate.self,
            wire: .given([
                "sessionId": .string(sessionId), "screenId": screenId.map(JSON.string), "appearance": appearance,
                "ifVersion": ifVersion.map(JSON.number),
            ])
        ).version
    }

    // MARK: Back titles and tint

    /// `title/back`: what the back button of a screen (default: the top) says.
    public func backTitle(_ sessionId: String, screenId: String? = nil) async throws -> BackTitle {
        try await call(TitleBack.self, ScreenQueryParams(sessionId: sessionId, screenId: screenId))
    }

    /// `title/previous`: the title of the screen below.
    public func previousTitle(_ sessionId: String, screenId: String? = nil) async throws -> PreviousTitle {
        try await call(TitlePrevious.self, ScreenQueryParams(sessionId: sessionId, screenId: screenId))
    }

    /// `tint/resolve`.
    public func resolveTint(_ params: TintResolve.Params) async throws -> TintResult {
        try await call(TintResolve.self, params)
    }

    /// `tint/resolve` with params as the wire carries them (a colour as a string or components).
    public func resolveTint(_ params: JSONObject) async throws -> TintResult { try await call(TintResolve.self, wire: params) }

    // MARK: The bar

    /// `bar/layout`.
    public func layout(_ sessionId: String) async throws -> BarLayout.Result {
        try await call(BarLayout.self, SessionIdParams(sessionId: sessionId))
    }

    /// `bar/hitTest` at a window point.
    public func hitTest(_ sessionId: String, point: Point, trace: Bool = false) async throws -> BarHitTest.Result {
        try await call(BarHitTest.self, BarHitTest.Params(sessionId: sessionId, point: point, trace: trace))
    }

    /// `bar/hitRegions`.
    public func hitRegions(_ sessionId: String) async throws -> [HitRegion] {
        try await call(BarHitRegions.self, SessionIdParams(sessionId: sessionId)).regions
    }

    /// `bar/tap` at a window point.
    public func tap(_ sessionId: String, point: Point, ifVersion: Int? = nil) async throws -> BarTap.Result {
        try await call(BarTap.self, BarTap.Params(sessionId: sessionId, point: point, ifVersion: ifVersion))
    }

    /// `bar/render`: the SVG document.
    public func render(_ sessionId: String) async throws -> String {
        try await call(BarRender.self, BarRender.Params(sessionId: sessionId)).svg
    }

    /// `bar/diagnose` for the top (or named) screen.
    public func diagnose(_ sessionId: String, screenId: String? = nil) async throws -> [Diagnostic] {
        try await call(BarDiagnose.self, ScreenQueryParams(sessionId: sessionId, screenId: screenId)).diagnostics
    }

    // MARK: View trees and the pop gesture

    /// `tree/hitTest`.
    public func treeHitTest(_ params: TreeHitTest.Params) async throws -> TreeHitTest.Result {
        try await call(TreeHitTest.self, params)
    }

    /// `tree/hitTest` with params as the wire carries them (`tree` a View object or `recursiveDescription` text),
    /// checked by the daemon's decoder first. The size of the tree is left to the daemon, whose limits
    /// (`--max-tree-nodes`, `--max-tree-depth`) may be wider than the defaults; text is sent as text.
    public func treeHitTest(_ params: JSONObject) async throws -> TreeHitTest.Result {
        try await call(
            TreeHitTest.self,
            try Self.params { () throws(RPCError) in
                try TreeHitTest.Params(
                    from: ParamReader(object: params, path: ""), limits: TreeLimits(maxTreeNodes: .max, maxTreeDepth: .max))
            })
    }

    /// `gesture/popTest` from a window point.
    public func popTest(_ sessionId: String, start: Point) async throws -> PopGesture.Verdict {
        try await call(GesturePopTest.self, GesturePopTest.Params(sessionId: sessionId, start: start)).verdict
    }
}

extension JSONObject {
    /// These members with `members` added, leaving out the nil ones (members not given).
    fileprivate func merging(_ members: KeyValuePairs<String, JSON?>) -> JSONObject {
        var o = self
        for (key, value) in members { if let value { o[key] = value } }
        return o
    }

    /// The members given (the nil ones left out).
    fileprivate static func given(_ members: KeyValuePairs<String, JSON?>) -> JSONObject { JSONObject().merging(members) }
}

extension NavClient.Notification {
    /// The params of this notification as `N`'s, when it is one (nil for another method, or params that are not
    /// `N`'s: the daemon sends none such).
    public func params<N: RPCNotification>(of notification: N.Type) -> N.Params? {
        guard method == N.name else { return nil }
        do {
            return try N.Params(from: try ParamReader(params))
        } catch {
            return nil
        }
    }
}

extension RPCMethod {
    /// Decodes a reply's `result` (as `NavClient.request` returned it), failing with `NavClientError.badReply`
    /// naming the method and the path of what is wrong.
    public static func decodeResult(_ json: JSON) throws -> Result {
        do { return try Result(json: json) } catch { throw NavClientError.badReply("\(name) result: \(error.message)") }
    }
}

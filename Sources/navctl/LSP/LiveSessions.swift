import Foundation
import JSONCore
import NavClient
import NavLint
import NavProtocol

/// The workspace's flows as live sessions in a running navd: one session per flow (`session/restore`, with an
/// `origin` naming the workspace, the files and the flow), brought up to date after every lint with
/// `session/configure` and `stack/set`, so that the daemon's subscribers (`navctl watch`, editors, test rigs)
/// get `session/didChange` as the engineer types. Sessions left by an earlier server of the same workspace are
/// taken over, and those that no longer match a flow are closed; this server's own are closed at `shutdown`.
///
/// Everything here is beside the language server's answers: diagnostics, hover and code actions come from the
/// engine in process and are the same with or without a daemon. A daemon that is not there, or goes away, is
/// tried again at most every `retryInterval`.
actor LiveSessions {
    /// Where the daemon is, and whether to start one.
    struct Settings: Sendable {
        var socket: String?
        var start: Bool
    }

    /// One flow as a session should show it.
    struct Flow: Sendable {
        var name: String
        var origin: SessionOrigin
        /// `session/configure`'s members (the configuration and the session bar).
        var config: JSONObject
        var screens: [JSON]
        var document: JSON
    }

    struct Kept {
        var sessionId: String
        var project: String
        var config: JSONObject
        var screens: [JSON]
    }

    static let client = "navctl lsp"
    static let retryInterval: Duration = .seconds(5)

    let settings: Settings
    var connection: NavClient?
    var lastAttempt: ContinuousClock.Instant?
    /// This server's sessions, by project and flow name.
    var kept: [String: Kept] = [:]
    /// Sessions an earlier server of the same workspace left, by name: taken over when a flow of that name
    /// comes, closed by `settle` otherwise.
    var leftOver: [String: String] = [:]
    /// A project as last linted: its flows are what its sessions should show.
    struct Input: Sendable {
        var source: SourceProject
        var name: String
        var root: String
        /// The lint round it comes from: an older one never replaces a newer.
        var round: Int
        /// The workspace folders at that round.
        var workspaces: [String]
    }

    /// Projects linted since they were last synced, in the order they came.
    var pending: [String: Input] = [:]
    var pendingOrder: [String] = []
    /// Every project as last linted, synced again in full when a connection is made.
    var latest: [String: Input] = [:]
    var syncing = false
    /// The projects to have synced before what an earlier server left is closed.
    var settleAfter: Set<String>?
    /// After `close`: nothing more is sent.
    var closed = false
    /// The workspace folders, for the origins and for finding what an earlier server left.
    var workspaces: [String] = []

    init(settings: Settings) {
        self.settings = settings
    }

    /// The sessions this server keeps, by name (for tests and logs).
    var sessionIds: [String: String] { kept.mapValues(\.sessionId) }

    /// A project as linted now: its flows are synced as soon as the daemon takes them, replacing any of it not
    /// yet sent.
    func update(project: String, _ input: Input) async {
        guard !closed else { return }
        if let known = latest[project], known.round > input.round { return }
        latest[project] = input
        workspaces = input.workspaces
        if pending[project] == nil { pendingOrder.append(project) }
        pending[project] = input
        guard !syncing else { return }
        syncing = true
        while let next = pendingOrder.first {
            pendingOrder.removeFirst()
            guard let input = pending.removeValue(forKey: next) else { continue }
            guard let client = await connected() else {
                pending = [:]
                pendingOrder = []
                break
            }
            let workspaces = self.workspaces
            let flows = SourceLinter.flows(input.source).map {
                Flow($0, projectName: input.name, projectRoot: input.root, workspaces: workspaces)
            }
            do {
                try await sync(project: next, flows: flows, client: client)
            } catch {
                LSPLog.log("live sessions: \(error); trying again with the next change")
                await drop()
            }
        }
        syncing = false
        await settleIfDone()
    }

    /// Closes the sessions of projects that are gone.
    func retain(projects: Set<String>) async {
        latest = latest.filter { projects.contains($0.key) }
        let gone = kept.filter { !projects.contains($0.value.project) }
        guard !gone.isEmpty else { return }
        for key in gone.keys { kept[key] = nil }
        guard let connection else { return }
        for session in gone.values { try? await connection.closeSession(session.sessionId) }
    }

    /// Closes what an earlier server of this workspace left and no flow took over, once every one of
    /// `projects` (the workspace as first indexed) has been synced.
    func settle(after projects: Set<String>) async {
        settleAfter = projects
        await settleIfDone()
    }

    func settleIfDone() async {
        guard let projects = settleAfter, projects.isSubset(of: latest.keys), pending.isEmpty, !syncing, let connection else {
            return
        }
        settleAfter = nil
        guard !leftOver.isEmpty else { return }
        let left = leftOver
        leftOver = [:]
        for id in left.values.sorted() { try? await connection.closeSession(id) }
    }

    /// Closes this server's sessions and the connection (at `shutdown`).
    func close() async {
        closed = true
        pending = [:]
        pendingOrder = []
        latest = [:]
        guard let connection else { return }
        for session in kept.values { try? await connection.closeSession(session.sessionId) }
        kept = [:]
        await drop()
    }

    // MARK: Syncing

    func sync(project: String, flows: [Flow], client: NavClient) async throws {
        var seen: Set<String> = []
        for flow in flows {
            let key = project + "\u{0}" + flow.name
            seen.insert(key)
            if var session = kept[key] {
                if session.config != flow.config {
                    _ = try await client.configureSession(session.sessionId, flow.config)
                    session.config = flow.config
                }
                if session.screens != flow.screens {
                    _ = try await client.setStack(session.sessionId, screens: flow.screens)
                    session.screens = flow.screens
                }
                kept[key] = session
            } else if let earlier = leftOver.removeValue(forKey: flow.name) {
                _ = try await client.configureSession(earlier, flow.config)
                _ = try await client.setStack(earlier, screens: flow.screens)
                kept[key] = Kept(sessionId: earlier, project: project, config: flow.config, screens: flow.screens)
            } else {
                let created = try await client.restore(flow.document, name: flow.name, origin: flow.origin)
                kept[key] = Kept(sessionId: created.sessionId, project: project, config: flow.config, screens: flow.screens)
            }
        }
        for (key, session) in kept where session.project == project && !seen.contains(key) {
            kept[key] = nil
            try await client.closeSession(session.sessionId)
        }
    }

    /// The connection, made (or the daemon started) when there is none and the last attempt is old enough.
    func connected() async -> NavClient? {
        if let connection { return connection }
        guard !closed else { return nil }
        let clock = ContinuousClock()
        if let lastAttempt, clock.now < lastAttempt.advanced(by: Self.retryInterval) { return nil }
        lastAttempt = clock.now
        let client: NavClient
        do {
            do {
                client = try await NavClient.connect(socket: settings.socket)
            } catch NavClientError.cannotConnect(let path, let reason) where settings.start && Autostart.startable(reason) {
                try Autostart.launch(socket: path)
                client = try await Autostart.waitForDaemon(socket: settings.socket, path: path)
            }
            _ = try await client.initialize(clientName: Self.client)
        } catch {
            if settings.socket != nil || settings.start { LSPLog.log("live sessions: no daemon: \(error)") }
            return nil
        }
        // Adopt what an earlier server of the same workspaces left, by name, rather than adding a second copy.
        kept = [:]
        leftOver = [:]
        if let listed = try? await client.listSessions() {
            for entry in listed {
                guard let origin = entry.origin, origin.client == Self.client, let workspace = origin.workspace,
                    workspaces.contains(workspace)
                else { continue }
                leftOver[entry.name] = entry.sessionId
            }
        }
        connection = client
        // Every project is shown again in full on a new connection.
        for (project, input) in latest.sorted(by: { $0.key < $1.key }) where pending[project] == nil {
            pending[project] = input
            pendingOrder.append(project)
        }
        LSPLog.log("live sessions: connected to navd")
        return client
    }

    func drop() async {
        if let connection { await connection.close() }
        connection = nil
        kept = [:]
    }
}

extension LiveSessions.Flow {
    /// A flow of `project` (named as `navctl flows` names it), with its origin under the workspace folder that
    /// holds the project.
    init(_ flow: SourceFlow, projectName: String, projectRoot: String, workspaces: [String]) {
        let workspace =
            workspaces.filter { projectRoot == $0 || projectRoot.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
            .max(by: { $0.count < $1.count }) ?? projectRoot
        let name = "\(projectName): \(flow.name)"
        let document = SessionDocument.encode(name: name, model: flow.model)
        var config = flow.model.config.json.objectValue ?? [:]
        config["bar"] = flow.model.config.bar.json
        self.init(
            name: name,
            origin: SessionOrigin(workspace: workspace, files: flow.files, flow: flow.name, client: LiveSessions.client),
            config: config, screens: flow.model.screens.map(\.json), document: document)
    }
}

import NavLocal
import Foundation
import JSONCore
import NavFraming
import NavLint
import NavModel
import NavProject
import NavProtocol
import NavSource

/// `navctl lsp`'s state: the lifecycle, the open documents, the workspace's projects with every file's facts, and
/// the diagnostics last published. One actor: messages are handled in the order they arrive, while reading and
/// linting run off it, so a change that arrives during a lint is taken at once and linted next.
actor LanguageServer {
    enum Phase {
        /// Before `initialize`: requests are answered with -32002, notifications dropped.
        case uninitialized
        case running
        /// After `shutdown`: requests are invalid, only `exit` is awaited.
        case shutDown
    }

    /// A project's identity across discoveries.
    struct ProjectKey: Hashable, Sendable, Comparable {
        var kind: Project.Kind
        var root: String

        init(kind: Project.Kind, root: String) {
            self.kind = kind
            self.root = root
        }

        init(_ project: Project) { self.init(kind: project.kind, root: project.root) }

        static func < (a: ProjectKey, b: ProjectKey) -> Bool { (a.root, "\(a.kind)") < (b.root, "\(b.kind)") }

        /// The key as one string (live sessions keep their flows by it).
        var id: String { "\(kind)\u{0}\(root)" }
    }

    /// A file to read: from the editor's buffer when it is open, else from disk.
    struct ReadInput: Sendable {
        var path: String
        var buffer: [UInt8]?
        var limits: ReaderLimits
        /// An open buffer's last parse, the edits made since, and the buffer's generation then.
        var reparse: SourceLint.Reparse?
        var edits: [ByteEdit] = []
        var generation = 0
    }

    /// What reading one file gave.
    struct ReadOutput: Sendable {
        var path: String
        var file: SourceLint.ReadFile?
        var reparse: SourceLint.Reparse?
        var editsTaken: Int
        var generation: Int
    }

    /// Requests the server sent and awaits the answer of.
    enum Awaiting {
        case progressCreate
        case registration
        case codeLensRefresh
    }

    /// A request answered from the flow, held while files are read and linted so that it sees the buffers as
    /// they are.
    struct Deferred: Sendable {
        var id: JSON
        var method: String
        var params: JSON
    }

    /// The requests answered from the flow.
    static let flowMethods: Set<String> = ["textDocument/hover", "textDocument/codeLens", "textDocument/codeAction"]
    /// The command code lenses carry: it does nothing but name the screen, so that a client that runs a lens has
    /// something to run.
    static let showScreenCommand = "navd.showScreen"

    /// How long after a change the lint starts: changes within it are linted together.
    static let debounce: Duration = .milliseconds(10)
    static let progressToken = "navd/indexing"

    let output: LSPOutput
    let docsURL: String?
    /// The workspace's flows as sessions in a running navd; nil with `--no-sessions`.
    let live: LiveSessions?
    /// Lint rounds so far: live sessions never take an older round's flows over a newer one's.
    var lintRound = 0

    var phase = Phase.uninitialized
    var framing = Framing.contentLength
    var trace = "off"
    var clientSupportsProgress = false
    var clientRegistersWatchers = false
    var clientRefreshesCodeLens = false
    /// The workspace folders, as paths.
    var roots: [String] = []
    /// Open documents by path.
    var documents: [String: TextDocument] = [:]
    /// The URI the client named each file by, kept after it closes so that what is published later reaches the
    /// same file.
    var uris: [String: String] = [:]

    /// The projects discovery found under the roots.
    var workspaceProjects: [ProjectKey: Project] = [:]
    /// A project of its own for each open file no project of the workspace holds.
    var adHocProjects: [ProjectKey: Project] = [:]
    /// The projects each file belongs to.
    var owners: [String: [ProjectKey]] = [:]
    /// What discovery could not read (a configuration, a project file).
    var discoveryFindings: [Reported] = []
    /// Every file's facts, as last read.
    var facts: [String: SourceLint.ReadFile] = [:]
    var projectFindings: [ProjectKey: [Reported]] = [:]
    /// Each project's source as last linted, and its inspector once a hover or lens asked for it.
    var sources: [ProjectKey: SourceProject] = [:]
    /// What each project's last lint checked, so that a lint after an edit diagnoses only the stacks it changed.
    var memos: [ProjectKey: LintMemo] = [:]
    var inspectors: [ProjectKey: SourceInspector] = [:]
    /// Requests waiting for the run in progress.
    var deferred: [Deferred] = []
    /// The findings of open session documents (`*.navd.json`).
    var documentFindings: [String: [Reported]] = [:]
    /// Open session documents as last loaded, for hover and code lens.
    var loadedDocuments: [String: LintDocument] = [:]
    /// The diagnostics last published, by path; a path with none is absent.
    var published: [String: [JSON]] = [:]
    /// Files opened since the last publication: their diagnostics are published even when unchanged, since a
    /// client may have dropped them with the buffer it closed.
    var reopened: Set<String> = []
    /// The lines of files on disk that have findings, for their UTF-16 columns.
    var diskLines: [String: LineTable] = [:]

    /// Files to read again, projects to lint again, and whether the roots are to be discovered again.
    var dirty: Set<String> = []
    var dirtyProjects: Set<ProjectKey> = []
    var needsDiscovery = false
    /// The configuration changed: every file is read again (its limits may have).
    var forgetFacts = false
    var running = false
    var scheduled: Task<Void, Never>?

    /// Documents opened so far.
    var opened = 0
    var nextRequestId = 1
    var awaiting: [Int: Awaiting] = [:]
    /// The first indexing of the workspace, reported as work-done progress when the client takes it.
    var indexing = false
    var progressBegun = false

    init(output: LSPOutput, docsURL: String?, live: LiveSessions? = nil) {
        self.output = output
        self.docsURL = docsURL
        self.live = live
    }

    /// How long `shutdown` waits for the live sessions to close before it answers anyway.
    static let sessionCloseTimeout: Duration = .seconds(2)

    // MARK: Messages

    /// Handles what standard input delivered.
    func receive(_ inbound: LSPInbound) {
        switch inbound {
        case .message(let bytes, let framing):
            self.framing = framing
            let json: JSON
            do {
                json = try JSON.parse(bytes)
            } catch {
                send(LSPWire.error(id: .null, .parseError("invalid JSON: \(error.description)")))
                return
            }
            switch LSPMessage.classify(json) {
            case .failure(let failure):
                send(LSPWire.error(id: failure.id, failure.error))
            case .success(.request(let id, let method, let params)):
                request(id: id, method: method, params: params)
            case .success(.notification(let method, let params)):
                notification(method, params: params)
            case .success(.response(let id, let result, let error)):
                response(id: id, result: result, error: error)
            }
        case .oversized(let limit):
            send(LSPWire.error(id: .null, .invalidRequest("a message larger than \(limit) bytes was skipped")))
        case .malformedHeader(let detail):
            // Content-Length framing cannot find the next message after a header it cannot read.
            send(LSPWire.error(id: .null, .parseError("malformed header: \(detail)")))
            LSPLog.log("malformed header, cannot go on: \(detail)")
            stop(status: 1)
        case .end:
            stop(status: phase == .shutDown ? 0 : 1)
        }
    }

    /// Writes everything sent so far and exits: 0 after `shutdown`, 1 without.
    func stop(status: Int32) -> Never {
        output.flush()
        exit(status)
    }

    func send(_ message: JSON) {
        output.send(message, framing: framing)
    }

    func sendRequest(_ method: String, _ params: JSON, awaiting kind: Awaiting) {
        let id = nextRequestId
        nextRequestId += 1
        awaiting[id] = kind
        send(LSPWire.request(id: id, method, params))
    }

    func request(id: JSON, method: String, params: JSON) {
        if phase == .uninitialized, method != "initialize" {
            send(LSPWire.error(id: id, .serverNotInitialized))
            return
        }
        if phase == .shutDown {
            send(LSPWire.error(id: id, .invalidRequest("the server is shut down: only exit is accepted")))
            return
        }
        if Self.flowMethods.contains(method), busy {
            deferred.append(Deferred(id: id, method: method, params: params))
            return
        }
        do throws(LSPError) {
            let result: JSON
            switch method {
            case "initialize": result = try initialize(params)
            case "shutdown":
                phase = .shutDown
                if let live {
                    // The sessions go with the server: closed before the answer, so a client that waits for it
                    // and exits leaves none behind.
                    Task {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { await live.close() }
                            group.addTask { try? await Task.sleep(for: Self.sessionCloseTimeout) }
                            await group.next()
                            group.cancelAll()
                        }
                        self.send(LSPWire.response(id: id, result: .null))
                    }
                    return
                }
                result = .null
            case "textDocument/hover": result = try hover(params)
            case "textDocument/codeLens": result = try codeLens(params)
            case "textDocument/codeAction": result = try codeAction(params)
            case "workspace/executeCommand": result = try executeCommand(params)
            default: throw LSPError.methodNotFound(method)
            }
            send(LSPWire.response(id: id, result: result))
        } catch {
            send(LSPWire.error(id: id, error))
        }
    }

    /// Files are waiting to be read or linted, or are being.
    var busy: Bool { running || scheduled != nil || needsDiscovery || !dirty.isEmpty || !dirtyProjects.isEmpty }

    /// Answers the requests held during a run.
    func answerDeferred() {
        let held = deferred
        deferred = []
        for d in held { request(id: d.id, method: d.method, params: d.params) }
    }

    /// `$/cancelRequest` of a held request: answered with RequestCancelled (-32800); one already answered is left.
    func cancel(_ params: JSON) {
        guard let id = params["id"], let i = deferred.firstIndex(where: { $0.id == id }) else { return }
        deferred.remove(at: i)
        send(LSPWire.error(id: id, LSPError(code: LSPError.requestCancelledCode, message: "cancelled")))
    }

    func notification(_ method: String, params: JSON) {
        if method == "exit" { stop(status: phase == .shutDown ? 0 : 1) }
        // Before initialize every notification but exit is dropped; after shutdown, ignored.
        guard phase == .running else { return }
        switch method {
        case "initialized": initialized()
        case "$/cancelRequest": cancel(params)
        case "$/setTrace": trace = params["value"]?.stringValue ?? trace
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
        default: break  // unknown notifications are ignored
        }
    }

    func response(id: JSON, result: JSON?, error: JSON?) {
        guard let number = id.intValue, let kind = awaiting.removeValue(forKey: Int(number)) else { return }
        if let error, !error.isNull {
            LSPLog.log("the client refused a request: \(error.serialized())")
            return
        }
        switch kind {
        case .progressCreate:
            send(progress(["kind": "begin", "title": "navd", "message": "reading the workspace", "cancellable": false]))
            progressBegun = true
            if !indexing { endProgress() }
        case .registration, .codeLensRefresh:
            break
        }
    }

    // MARK: Lifecycle

    func initialize(_ params: JSON) throws(LSPError) -> JSON {
        guard phase == .uninitialized else { throw LSPError.invalidRequest("initialize was already received") }
        guard params.objectValue != nil else { throw LSPError.invalidParams("initialize takes an object") }
        let capabilities = params["capabilities"]
        clientSupportsProgress = capabilities?["window"]?["workDoneProgress"]?.boolValue ?? false
        clientRegistersWatchers = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
        clientRefreshesCodeLens = capabilities?["workspace"]?["codeLens"]?["refreshSupport"]?.boolValue ?? false
        trace = params["trace"]?.stringValue ?? "off"
        if let folders = params["workspaceFolders"]?.arrayValue, !folders.isEmpty {
            roots = folders.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) }
        } else if let uri = params["rootUri"]?.stringValue, let path = FileURI.path(uri) {
            roots = [path]
        } else if let path = params["rootPath"]?.stringValue, path.hasPrefix("/") {
            roots = [FileURI.normalize(path)]
        }
        roots = Self.unique(roots)
        phase = .running
        LSPLog.log("navd \(NavdVersion.current), workspace: \(roots.isEmpty ? "none" : roots.joined(separator: ", "))")
        let capabilitiesServed: JSON = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
            "hoverProvider": true,
            "codeLensProvider": ["resolveProvider": false],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "executeCommandProvider": ["commands": [.string(Self.showScreenCommand)]],
        ]
        return ["capabilities": capabilitiesServed, "serverInfo": ["name": "navctl lsp", "version": .string(NavdVersion.current)]]
    }

    func initialized() {
        if clientRegistersWatchers {
            let globs = [
                "**/*.swift", "**/*.m", "**/*.mm", "**/*.h", "**/*.storyboard", "**/*.xib", "**/*.colorset/Contents.json",
                "**/\(LintConfiguration.fileName)", "**/project.pbxproj", "**/Package.swift",
            ]
            let watchers: [JSON] = globs.map { ["globPattern": .string($0)] }
            let registration: JSON = [
                "id": "navd/watched-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": .array(watchers)],
            ]
            sendRequest("client/registerCapability", ["registrations": [registration]], awaiting: .registration)
        }
        guard !roots.isEmpty else { return }
        indexing = true
        if clientSupportsProgress {
            sendRequest("window/workDoneProgress/create", ["token": .string(Self.progressToken)], awaiting: .progressCreate)
        }
        needsDiscovery = true
        schedule()
    }

    func progress(_ value: JSON) -> JSON {
        LSPWire.notification("$/progress", ["token": .string(Self.progressToken), "value": value])
    }

    func endProgress() {
        guard progressBegun else { return }
        progressBegun = false
        let files = Set(workspaceProjects.values.flatMap(\.files)).count
        let projects = workspaceProjects.count
        send(progress(["kind": "end", "message": .string("\(files) files in \(projects) project\(projects == 1 ? "" : "s")")]))
    }

    // MARK: Documents

    /// Whether a file is one the server lints: a source file a reader takes, or a session document.
    static func handles(_ path: String) -> Bool {
        SourceLint.isSource(path) || path.hasSuffix(DocumentSources.suffix)
    }

    func didOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            LSPLog.log("didOpen without a text document: ignored")
            return
        }
        guard let path = FileURI.path(uri), Self.handles(path) else { return }
        let version = Int(item["version"]?.intValue ?? 0)
        var document = TextDocument(
            uri: uri, path: path, languageId: item["languageId"]?.stringValue ?? "", version: version, text: text)
        // Generations of one opening never meet another's: a read of a buffer closed since keeps nothing.
        opened += 1
        document.generation = opened << 32
        documents[path] = document
        uris[path] = uri
        reopened.insert(path)
        markDirty(path)
    }

    func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(uri), var document = documents[path]
        else { return }
        do throws(LSPError) {
            try document.apply(params["contentChanges"]?.arrayValue ?? [])
        } catch {
            LSPLog.log("\(uri): \(error.message); the document is linted as it stands")
        }
        if let version = params["textDocument"]?["version"]?.intValue { document.version = Int(version) }
        documents[path] = document
        markDirty(path)
    }

    func didSave(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(uri) else { return }
        // The buffer is what was saved; a client that sends the text anyway has the last word.
        if let text = params["text"]?.stringValue, var document = documents[path], document.text != text {
            document.text = text
            documents[path] = document
            markDirty(path)
        }
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(uri),
            documents.removeValue(forKey: path) != nil
        else { return }
        loadedDocuments[path] = nil
        if documentFindings.removeValue(forKey: path) != nil {
            publish()
            return
        }
        let key = ProjectKey(kind: .file(path), root: FileURI.parent(path))
        if adHocProjects.removeValue(forKey: key) != nil {
            // A file outside the workspace is linted only while it is open.
            projectFindings[key] = nil
            sources[key] = nil
            memos[key] = nil
            inspectors[key] = nil
            facts[path] = nil
            rebuildOwners()
            publish()
            return
        }
        // The file on disk counts again.
        markDirty(path)
    }

    // MARK: Workspace

    func didChangeWatchedFiles(_ params: JSON) {
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = FileURI.path(uri) else { continue }
            let type = change["type"]?.intValue ?? 2
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name == LintConfiguration.fileName {
                needsDiscovery = true
                forgetFacts = true
            } else if name == "project.pbxproj" || name == "Package.swift" {
                needsDiscovery = true
            } else if SourceLint.isSource(path) {
                // A file created or deleted may change which files a project has.
                if type != 2 { needsDiscovery = true }
                // An open file's buffer overrides the file on disk.
                if documents[path] == nil { dirty.insert(path) }
            }
        }
        schedule()
    }

    func didChangeWorkspaceFolders(_ params: JSON) {
        let event = params["event"]
        let removed = Set((event?["removed"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) })
        let added = (event?["added"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path) }
        roots = Self.unique(roots.filter { !removed.contains($0) } + added)
        needsDiscovery = true
        schedule()
    }

    static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    func project(_ key: ProjectKey) -> Project? { workspaceProjects[key] ?? adHocProjects[key] }

    func rebuildOwners() {
        owners = [:]
        for (key, project) in workspaceProjects.sorted(by: { $0.key < $1.key }) {
            for file in project.files { owners[file, default: []].append(key) }
        }
        for (key, project) in adHocProjects where owners[project.files.first ?? ""] == nil {
            for file in project.files { owners[file, default: []].append(key) }
        }
    }

    // MARK: Reading and linting

    func markDirty(_ path: String) {
        dirty.insert(path)
        schedule()
    }

    /// Starts a run after the debounce, unless one is already due.
    func schedule() {
        guard scheduled == nil else { return }
        scheduled = Task {
            try? await Task.sleep(for: Self.debounce)
            await self.run()
        }
    }

    /// Discovers, reads and lints until nothing is left to do. One run at a time: what arrives during a run is
    /// taken by its next round.
    func run() async {
        scheduled = nil
        guard !running else { return }
        running = true
        while needsDiscovery || !dirty.isEmpty || !dirtyProjects.isEmpty {
            if needsDiscovery { await discover() }
            await lintDirty()
        }
        running = false
        if indexing {
            indexing = false
            endProgress()
            if let live {
                let keys = Set(workspaceProjects.keys.map(\.id))
                Task { await live.settle(after: keys) }
            }
        }
        answerDeferred()
        if clientRefreshesCodeLens { sendRequest("workspace/codeLens/refresh", .null, awaiting: .codeLensRefresh) }
    }

    /// Finds the workspace's projects again; every project is linted again, and files not read yet are read.
    func discover() async {
        needsDiscovery = false
        let roots = self.roots
        let (projects, problems) = await Task.detached { ProjectDiscovery.discover(roots, configuration: nil) }.value
        if forgetFacts {
            facts = [:]
            forgetFacts = false
        }
        workspaceProjects = [:]
        for project in projects { workspaceProjects[ProjectKey(project)] = project }
        discoveryFindings = problems.compactMap { problem in
            let at = problem.location
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: at.file, isDirectory: &isDirectory), !isDirectory.boolValue else {
                LSPLog.log("\(at.file): \(problem.message)")
                return nil
            }
            // A configuration that cannot be read is an error, as navctl lint stops on it.
            let isConfiguration = at.file.hasSuffix(LintConfiguration.fileName)
            return Reported(
                file: at.file, line: at.line, column: at.column, severity: isConfiguration ? .error : .warning,
                code: isConfiguration ? nil : LintRule.sourceNotRead, message: problem.message)
        }
        // An open file that a project of the workspace now holds needs no project of its own.
        let workspaceFiles = Set(projects.flatMap(\.files))
        for (key, project) in adHocProjects where project.files.contains(where: workspaceFiles.contains) {
            adHocProjects[key] = nil
        }
        rebuildOwners()
        if let live {
            let keys = Set(workspaceProjects.keys.map(\.id)).union(adHocProjects.keys.map(\.id))
            Task { await live.retain(projects: keys) }
        }
        facts = facts.filter { owners[$0.key] != nil }
        for path in owners.keys where facts[path] == nil { dirty.insert(path) }
        let keys = Set(workspaceProjects.keys).union(adHocProjects.keys)
        projectFindings = projectFindings.filter { keys.contains($0.key) }
        sources = sources.filter { keys.contains($0.key) }
        memos = memos.filter { keys.contains($0.key) }
        inspectors = [:]
        dirtyProjects.formUnion(keys)
        LSPLog.log("\(projects.count) project\(projects.count == 1 ? "" : "s"), \(workspaceFiles.count) files")
    }

    /// Reads the files changed since the last round, lints the projects they belong to, and publishes.
    func lintDirty() async {
        let paths = dirty.sorted()
        dirty = []
        var affected = dirtyProjects
        dirtyProjects = []
        for path in paths where path.hasSuffix(DocumentSources.suffix) { lintDocument(path) }
        // An open file that no project holds is a project of its own, with the configuration above it.
        for path in paths where documents[path] != nil && SourceLint.isSource(path) && owners[path] == nil {
            addAdHocProject(path)
        }
        var inputs: [ReadInput] = []
        for path in paths where SourceLint.isSource(path) {
            diskLines[path] = nil
            guard let keys = owners[path], let project = keys.first.flatMap(project) else {
                facts[path] = nil
                continue
            }
            let document = documents[path]
            inputs.append(
                ReadInput(
                    path: path, buffer: document?.bytes, limits: project.configuration.limits, reparse: document?.reparse,
                    edits: document?.edits ?? [], generation: document?.generation ?? 0))
            affected.formUnion(keys)
        }
        if !inputs.isEmpty {
            for read in await Self.read(inputs) where owners[read.path] != nil {
                facts[read.path] = read.file
                // The parse stands for the buffer as read: kept with the edits made since, unless the whole text
                // was replaced meanwhile.
                if var document = documents[read.path], document.generation == read.generation {
                    document.reparse = read.reparse
                    document.edits.removeFirst(min(read.editsTaken, document.edits.count))
                    documents[read.path] = document
                }
            }
        }
        var updates: [(String, LiveSessions.Input)] = []
        for key in affected.sorted() {
            guard let project = project(key) else { continue }
            let files = project.files.compactMap { facts[$0] }
            var buffers: [String: [UInt8]] = [:]
            for (path, document) in documents where path.hasSuffix(".storyboard") || path.hasSuffix(".xib") {
                buffers[path] = document.bytes
            }
            let buffered = buffers
            let previous = memos[key] ?? LintMemo()
            let (located, source, memo) = await Task.detached {
                let source = SourceLint.project(project, files: files)
                var memo = previous
                let located = SourceLint.findings(project, source: source, memo: &memo) { path in
                    buffered[path] ?? FileManager.default.contents(atPath: path).map { Array($0) }
                }
                return (located, source, memo)
            }.value
            // A project that went away during the lint (its file closed) publishes nothing.
            guard self.project(key) != nil else { continue }
            projectFindings[key] = located.map(Reported.init)
            sources[key] = source
            memos[key] = memo
            inspectors[key] = nil
            if live != nil {
                lintRound += 1
                let input = LiveSessions.Input(
                    source: source, name: project.name, root: project.root, round: lintRound, workspaces: roots)
                updates.append((key.id, input))
            }
        }
        publish()
        if let live, !updates.isEmpty {
            let sent = updates
            // After publishing: the sessions never delay the diagnostics.
            Task { for (id, input) in sent { await live.update(project: id, input) } }
        }
    }

    func addAdHocProject(_ path: String) {
        var project = Project(
            name: String(path.split(separator: "/").last ?? ""), kind: .file(path), root: FileURI.parent(path), files: [path])
        if FileManager.default.fileExists(atPath: path),
            let found = ProjectDiscovery.discover([path], configuration: nil).projects.first
        {
            project.configuration = found.configuration
            project.configurationFile = found.configurationFile
            project.deploymentTarget = found.deploymentTarget
        }
        let key = ProjectKey(project)
        adHocProjects[key] = project
        owners[path] = [key]
    }

    /// The facts of each file, read on as many threads as there are cores.
    static func read(_ inputs: [ReadInput]) async -> [ReadOutput] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, inputs.count))
        return await withTaskGroup(of: [ReadOutput].self) { group in
            for worker in 0..<workers {
                let share = stride(from: worker, to: inputs.count, by: workers).map { inputs[$0] }
                group.addTask {
                    share.map { input in
                        if let buffer = input.buffer {
                            // An open buffer: its last parse reused where the edits since leave it.
                            let (file, reparse) = SourceLint.read(
                                input.path, bytes: buffer, limits: input.limits, after: input.reparse, edits: input.edits)
                            return ReadOutput(
                                path: input.path, file: file, reparse: reparse, editsTaken: input.edits.count, generation: input.generation)
                        }
                        return ReadOutput(
                            path: input.path, file: SourceLint.read(input.path, limits: input.limits), reparse: nil, editsTaken: 0,
                            generation: input.generation)
                    }
                }
            }
            var out: [ReadOutput] = []
            for await part in group { out += part }
            return out
        }
    }

    /// An open session document, linted as `navctl lint` lints one under its own profile.
    func lintDocument(_ path: String) {
        guard let document = documents[path] else {
            documentFindings[path] = nil
            loadedDocuments[path] = nil
            return
        }
        switch DocumentSource.loadText(document.text, name: path) {
        case .success(let loaded):
            documentFindings[path] = Linter.lint(loaded).map(Reported.init(document:))
            loadedDocuments[path] = loaded
        case .failure(let error):
            loadedDocuments[path] = nil
            documentFindings[path] = error.all.map {
                Reported(
                    file: $0.file, line: $0.position.line, column: $0.position.column, severity: .error, code: nil, message: $0.message)
            }
        }
    }

    // MARK: Publishing

    /// Publishes the diagnostics of every file whose diagnostics changed, an empty list for a file that has none
    /// left.
    func publish() {
        var byFile: [String: [Reported]] = [:]
        var seen: [String: Set<[String]>] = [:]
        func add(_ r: Reported) {
            // A file two targets share is reported once.
            let key = ["\(r.line)", "\(r.column)", r.code ?? "", r.message]
            if seen[r.file, default: []].insert(key).inserted { byFile[r.file, default: []].append(r) }
        }
        for key in projectFindings.keys.sorted() { projectFindings[key]?.forEach(add) }
        discoveryFindings.forEach(add)
        for path in documentFindings.keys.sorted() { documentFindings[path]?.forEach(add) }
        // Each file's lines once: the open buffer, else the file on disk (kept while it has findings).
        var lines: [String: LineTable] = [:]
        for r in byFile.values.joined() {
            for path in [r.file, r.screenLocation?.file].compactMap({ $0 }) where lines[path] == nil {
                if let document = documents[path] {
                    lines[path] = LineTable(document.bytes, file: path)
                } else if let known = diskLines[path] {
                    lines[path] = known
                } else if let data = FileManager.default.contents(atPath: path) {
                    lines[path] = LineTable(Array(data), file: path)
                    diskLines[path] = lines[path]
                }
            }
        }
        let table = lines
        let uris = self.uris
        var next: [String: [JSON]] = [:]
        for (path, reports) in byFile {
            let sorted = reports.sorted {
                ($0.line, $0.column, $0.code ?? "", $0.message) < ($1.line, $1.column, $1.code ?? "", $1.message)
            }
            next[path] = sorted.map {
                LSPDiagnostics.json($0, lines: { table[$0] }, uri: { uris[$0] ?? FileURI.uri($0) }, docsURL: docsURL)
            }
        }
        for path in Set(next.keys).union(published.keys).union(reopened.filter { documents[$0] != nil }).sorted() {
            let diagnostics = next[path] ?? []
            guard (published[path] ?? []) != diagnostics || reopened.contains(path) else { continue }
            send(LSPWire.notification("textDocument/publishDiagnostics", ["uri": .string(uri(path)), "diagnostics": .array(diagnostics)]))
        }
        published = next
        reopened = []
        diskLines = diskLines.filter { next[$0.key] != nil }
    }

    /// The URI a file is published under: the client's own for a file it opened, else a `file:` URI of the path.
    func uri(_ path: String) -> String { uris[path] ?? FileURI.uri(path) }
}

import ArgumentParser
import Foundation
import JSONCore
import Logging
import NavClient
import NavLint
import NavModel
import NavProtocol
import NavServer
import NavTransport

/// Measures navd's hot paths and writes the numbers to a JSON file. A benchmark, not a test:
/// nothing here passes or fails on time.
@main
struct NavdBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navd-bench", abstract: "Benchmarks navd's JSON boundary, engines and request path.")

    @Option(help: "Where to write the results (JSON). Default: bench/results.json, or nowhere with --only.")
    var output: String?

    @Option(
        parsing: .upToNextOption,
        help: "Run only these groups (json, engine, model, lint, rpc, mutations, limit), for profiling one of them.")
    var only: [String] = []

    @Option(help: "Scales every benchmark's iteration count.")
    var scale: Double = 1

    @Option(help: "Serve the SwiftNIO echo server on this socket (the framework's floor navd is measured against) instead of benchmarking.")
    var echoServer: String?

    @Option(help: "The navd binary the limit group starts. Default: navd next to navd-bench.")
    var navd: String?

    @Option(help: "Seconds each fan-out round of the limit group runs (the paced mutator runs twice as long).")
    var limitSeconds: Double = 1.5

    @Option(help: "Run only the limit group's parts whose name contains this text (\"fan-out\", \"memory\", \"startup\").")
    var workload: String?

    func run() async throws {
        if let echoServer {
            try EchoServer.run(socket: echoServer)
            return
        }
        var results: [JSON] = []
        func record(_ name: String, _ iterations: Int, _ seconds: Double, _ note: String) {
            let perSecond = Double(iterations) / seconds
            let line = "\(name): \(Int(perSecond)) ops/s, \(Int(seconds * 1e9 / Double(iterations))) ns/op"
            FileHandle.standardError.write(Data((line + "\n").utf8))
            results.append([
                "name": .string(name), "iterations": .number(iterations), "seconds": .double(seconds),
                "opsPerSecond": .double(perSecond.rounded()), "nsPerOp": .double((seconds * 1e9 / Double(iterations)).rounded()),
                "note": .string(note),
            ])
        }
        func n(_ base: Int) -> Int { max(1, Int(Double(base) * scale)) }
        func wants(_ group: String) -> Bool { only.isEmpty || only.contains(group) }

        // First, while this process has started nothing else: the load generator then runs alone in it.
        var limit: JSON?
        if wants("limit") {
            // Fan-out, the mutator's delay, memory and startup, against a navd process. The request path against the
            // echo servers is scripts/bench_limit.py's, with the C load generator.
            let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "navd-limit-\(ProcessInfo.processInfo.processIdentifier)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            limit = try LimitBench(
                navd: navd ?? executable.deletingLastPathComponent().appendingPathComponent("navd").path, seconds: limitSeconds,
                directory: directory.path, workloadFilter: workload
            ).run()
        }

        var iterations = 0
        if wants("json") {
            // The JSON boundary.
            let message = try JSON.parse(Self.sampleRequest)
            let bytes = Array(Self.sampleRequest.utf8)
            iterations = n(20_000)
            record(
                "json.parse", iterations, try measure(iterations) { _ = try JSON.parse(bytes) }, "a \(bytes.count)-byte stack/set request")
            // The two request bodies of the limit group's workloads (LimitBench.request).
            for (name, method) in [("json.parse.titleBack", "title/back"), ("json.parse.barHitTest", "bar/hitTest")] {
                let frame = LimitBench.request(method, 12_345)
                let body = Array(frame[(frame.firstIndex(of: UInt8(ascii: "{")) ?? 0)...])
                record(
                    name, n(200_000), try measure(n(200_000)) { _ = try JSON.parse(body) },
                    "the \(body.count)-byte \(method) request of the limit group")
            }
            record("json.write", iterations, try measure(iterations) { _ = message.serializedBytes() }, "the same request written back")
        }

        if wants("engine") {
            // The engines on a realistic stack.
            let model = try Self.sampleModel()
            let top = model.screens.count - 1
            iterations = n(20_000)
            record(
                "engine.backTitle", iterations, try measure(iterations) { _ = BackTitleEngine.backTitle(model: model, screenIndex: top) },
                "BB rules with width fallback")
            record(
                "engine.tint", iterations, try measure(iterations) { _ = TintEngine.resolve(model: model, screenIndex: top) },
                "COL rules for the top bar")
            iterations = n(5_000)
            record(
                "engine.layout", iterations, try measure(iterations) { _ = BarLayoutEngine.layout(model: model, screenIndex: top) },
                "the top bar's view tree")
            let laidOut = BarLayoutEngine.layout(model: model, screenIndex: top)
            record(
                "engine.barHitTest", iterations,
                try measure(iterations) {
                    _ = BarHitTesting.hitTest(laidOut, point: Point(x: 20, y: model.config.device.statusBarHeight + 20), trace: true)
                }, "hit test with trace on a laid-out bar")
            var column = 0
            record(
                "engine.barHitTestAnswer", iterations,
                try measure(iterations) {
                    // A different point each time, across the bar, as the limit group's bar/hitTest workload asks.
                    column = (column + 7) % 389
                    let point = Point(x: Double(1 + column), y: model.config.device.statusBarHeight + 20)
                    _ = BarHitTest.Result(BarHitTesting.hitTest(laidOut, point: point), includeTrace: false, bar: laidOut.barFrame)
                        .serializedBytes()
                }, "hit test without trace and its answer's bytes, as bar/hitTest makes them")
            var mutable = model
            record(
                "model.pushPop", iterations,
                try measure(iterations) {
                    _ = try mutable.push(Screen(id: "bench", title: "Bench"))
                    _ = try mutable.pop()
                }, "push then pop, with the top-bar changes computed")
        }

        if wants("lint") {
            // The linter: documents read from bytes, every screen under all six profiles, one core.
            let documents = Self.lintDocuments(count: n(1_000))
            var findings = 0
            let lintStart = ContinuousClock.now
            for (index, bytes) in documents.enumerated() {
                let document = try LintDocument.load(bytes, file: "flow-\(index).navd.json")
                findings += Linter.lint(document, profiles: Profile.allCases).count
            }
            let lintSeconds = seconds(since: lintStart)
            record(
                "lint.document", documents.count, lintSeconds,
                "load and lint one 10-screen document under all 6 profiles (\(documents.count) documents in \(String(format: "%.2f", lintSeconds)) s on one core, \(findings) findings)"
            )
        }

        if wants("rpc") {
            // The request path, in process: framing, envelope, dispatch, session actor, reply.
            let service = NavService()
            let stream = InProcessStream(service: service)
            var inbound = stream.inbound().makeAsyncIterator()
            var buffer: [UInt8] = []
            func nextLine() async throws -> [UInt8] {
                while true {
                    if let nl = buffer.firstIndex(of: 0x0A) {
                        let line = Array(buffer[..<nl])
                        buffer.removeSubrange(...nl)
                        return line
                    }
                    guard let chunk = try await inbound.next() else { throw CancellationError() }
                    buffer += chunk
                }
            }
            try await stream.write(
                Array(
                    #"{"jsonrpc":"2.0","id":0,"method":"session/create","params":{"screens":[{"title":"Settings"},{"title":"General"}]}}"#
                        .utf8)
                    + [0x0A])
            _ = try await nextLine()
            let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"title/back","params":{"sessionId":"s1"}}"#.utf8) + [0x0A]
            iterations = n(5_000)
            let start = ContinuousClock.now
            for _ in 0..<iterations {
                try await stream.write(request)
                _ = try await nextLine()
            }
            record("rpc.inProcess.roundTrip", iterations, seconds(since: start), "title/back request and reply, one at a time")
            let pipelined = n(5_000)
            let startPipelined = ContinuousClock.now
            try await stream.write(Array(repeating: request, count: pipelined).flatMap { $0 })
            for _ in 0..<pipelined { _ = try await nextLine() }
            record("rpc.inProcess.pipelined", pipelined, seconds(since: startPipelined), "title/back requests written at once")
            await stream.close()
        }

        if wants("mutations") {
            // Mutations with and without durable state: 16 clients in process, each pushing and popping on its own
            // session; with a state directory every reply waits for its commit, and concurrent ones share it.
            for durable in [false, true] {
                let service = NavService()
                let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "navd-bench-state-\(ProcessInfo.processInfo.processIdentifier)")
                var store: StateStore?
                if durable {
                    try? FileManager.default.removeItem(at: stateDirectory)
                    store = try StateStore.open(directory: stateDirectory.path).0
                    service.sessions.attach(store!)
                }
                let writers = 16
                let perWriter = n(durable ? 200 : 2_000)
                var streams: [(InProcessStream, String)] = []
                for _ in 0..<writers {
                    let s = InProcessStream(service: service)
                    let c = await NavClient(stream: s)
                    let id = try await c.request("session/create", ["screens": [["title": "Root"]]])["sessionId"]?.stringValue ?? ""
                    await c.close()
                    streams.append((InProcessStream(service: service), id))
                }
                let startMutations = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (stream, id) in streams {
                        group.addTask {
                            let c = await NavClient(stream: stream)
                            for i in 0..<perWriter {
                                if i % 2 == 0 {
                                    _ = try await c.request("stack/push", ["sessionId": .string(id), "screen": ["title": "Pushed"]])
                                } else {
                                    _ = try await c.request("stack/pop", ["sessionId": .string(id)])
                                }
                            }
                            await c.close()
                        }
                    }
                    try await group.waitForAll()
                }
                record(
                    durable ? "mutations.durable" : "mutations.memory", writers * perWriter, seconds(since: startMutations),
                    durable
                        ? "push/pop from \(writers) clients, each reply after its change is synced to SQLite (WAL, synchronous=FULL, group commit)"
                        : "push/pop from \(writers) clients, sessions in memory only")
                if let store {
                    await store.close()
                    try? FileManager.default.removeItem(at: stateDirectory)
                }
            }
        }

        if wants("rpc") {
            // The request path over a real Unix socket: NavClient to the same server code navd runs.
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "navd-bench-\(ProcessInfo.processInfo.processIdentifier)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let socket = directory.appendingPathComponent("navd.sock").path
            let server = UnixSocketServer(path: socket, limits: ConnectionLimits(), logger: Logger(label: "navd-bench"))
            let socketService = NavService()
            let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
            let serving = Task { try await server.run(service: socketService) { readyContinuation.finish() } }
            for await _ in ready {}
            let client = try await NavClient.connect(socket: socket)
            let created = try await client.request("session/create", ["screens": [["title": "Settings"], ["title": "General"]]])
            let params: JSON = ["sessionId": created["sessionId"] ?? .null]
            iterations = n(5_000)
            let startSocket = ContinuousClock.now
            for _ in 0..<iterations { _ = try await client.request("title/back", params) }
            record("rpc.socket.roundTrip", iterations, seconds(since: startSocket), "title/back over a Unix socket, one at a time")
            let clients = 8
            let perClient = n(1_000)
            var others: [NavClient] = []
            for _ in 0..<clients { others.append(try await NavClient.connect(socket: socket)) }
            let startConcurrent = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for other in others {
                    group.addTask {
                        for _ in 0..<perClient {
                            _ = try await other.request("bar/hitTest", params.merging(["point": ["x": 20, "y": 60]]))
                        }
                    }
                }
                try await group.waitForAll()
            }
            record(
                "rpc.socket.concurrent", clients * perClient, seconds(since: startConcurrent),
                "bar/hitTest from \(clients) clients at once on one session")
            for other in others { await other.close() }
            await client.close()
            server.stop()
            try await serving.value
        }

        var document: JSONObject = [
            "date": .string(ISO8601DateFormatter().string(from: Date())),
            "cores": .number(ProcessInfo.processInfo.activeProcessorCount),
            "results": .array(results),
        ]
        if let limit { document["limit"] = limit }
        guard let output = output ?? (only.isEmpty ? "bench/results.json" : nil) else { return }
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(JSON.object(document).serializedBytes() + [0x0A]).write(to: url)
        FileHandle.standardError.write(Data("wrote \(output)\n".utf8))
    }

    func measure(_ iterations: Int, _ body: () throws -> Void) throws -> Double {
        for _ in 0..<max(1, iterations / 10) { try body() }
        let start = ContinuousClock.now
        for _ in 0..<iterations { try body() }
        return seconds(since: start)
    }

    func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static let sampleRequest =
        ##"{"jsonrpc":"2.0","id":42,"method":"stack/set","params":{"sessionId":"s1","screens":[{"id":"inbox","title":"Inbox","item":{"rightItems":[{"id":"compose","system":"compose"}]}},{"id":"thread","title":"A rather long thread subject","item":{"backButtonTitle":"Inbox","leftItemsSupplementBackButton":true,"leftItems":[{"id":"close","title":"Close"}],"rightItems":[{"id":"more","image":{"width":22,"height":22}},{"id":"share","customView":{"width":44,"height":44,"offset":{"x":-10,"y":0},"touchPolicy":"outside"}}]},"bar":{"barTintColor":"#1C1C1E","tintColor":"systemOrange"}},{"id":"message","title":"Message","backAction":"custom"}]}}"##

    /// `count` 10-screen documents that vary the way real flows do: long and short titles, text, image,
    /// system and custom-view items, left items, coloured bars, custom back actions. Deterministic.
    static func lintDocuments(count: Int) -> [[UInt8]] {
        let titles = ["Settings", "General", "A Very Long Previous Screen Title", "Inbox", "Détails", "Photos", "Account"]
        let colours = ["#777777", "#FFCC00", "#1C1C1E", "systemBlue", "#F2F2F7"]
        return (0..<count).map { n in
            let screens: [JSON] = (0..<10).map { i in
                var screen: JSONObject = ["id": .string("s\(i)"), "title": .string(titles[(n + i) % titles.count])]
                var item = JSONObject()
                switch (n + i) % 6 {
                case 1: item["rightItems"] = [["id": "add", "system": "add"], ["id": "share", "title": "Share"]]
                case 2: item["leftItems"] = [["id": "close", "title": "Close"]]
                case 3: item["rightItems"] = [["id": "cv", "customView": ["width": 44, "height": 44, "offset": ["x": -10, "y": 0]]]]
                case 4: item["rightItems"] = [["id": "more", "image": ["width": 22, "height": 22]]]
                case 5: item["backItem"] = ["title": ""]
                default: break
                }
                if !item.isEmpty { screen["item"] = .object(item) }
                if (n + i) % 5 == 3 { screen["bar"] = ["barTintColor": .string(colours[(n / 5 + i) % colours.count])] }
                if i == 7 { screen["backAction"] = "custom" }
                return .object(screen)
            }
            let document: JSON = ["format": "navd-session", "formatVersion": 1, "profile": "ios17", "screens": .array(screens)]
            return document.serializedBytes()
        }
    }

    static func sampleModel() throws -> NavigationModel {
        var config = SessionConfig()
        config.policies.emptyBackTitles = false
        config.bar.barTintColor = try Color.parse("#336699")
        let screens = (0..<8).map { i in
            Screen(
                id: "s\(i)", title: "Screen number \(i)",
                item: NavigationItem(rightItems: [BarItem(id: "r\(i)", content: .title("Edit"))]))
        }
        return try NavigationModel(config: config, screens: screens)
    }
}

extension JSON {
    /// This object with `other`'s members added (or replaced).
    func merging(_ other: JSONObject) -> JSON {
        guard case .object(var o) = self else { return self }
        for member in other { o[member.key] = member.value }
        return .object(o)
    }
}

import Foundation
import JSONCore
import Logging
import NavClient
import NavProtocol
import NavTransport
import Testing
@testable import NavServer

/// Where a scenario runs: a server in this process reached in memory, or the same server behind a
/// Unix socket in this process, reached through `UnixSocketStream`.
enum ClientRig: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inProcess
    case socket

    var testDescription: String { rawValue }

    /// Runs `body` with a way to open clients, tearing everything down afterwards.
    func run(_ body: (@Sendable (Framing) async throws -> NavClient) async throws -> Void) async throws {
        let service = NavService()
        switch self {
        case .inProcess:
            try await body { framing in await NavClient(stream: InProcessStream(service: service), framing: framing) }
        case .socket:
            var template = Array("/tmp/navd-rig-XXXXXX".utf8CString)
            guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) != nil else {
                throw NavClientError.badReply("mkdtemp failed")
            }
            let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/navd.sock"
            let server = UnixSocketServer(path: path, limits: ConnectionLimits(), logger: Logger(label: "rig"))
            let serving = Task { try await server.run(service: service) }
            defer { serving.cancel() }
            try await body { framing in
                try await NavClient(stream: Self.connect(path), framing: framing)
            }
            server.stop()
            _ = await serving.result
        }
    }

    /// Connects, retrying with a short backoff while the server is still binding (bounded).
    static func connect(_ path: String) async throws -> UnixSocketStream {
        var delay = Duration.milliseconds(2)
        for _ in 0..<40 {
            do { return try await UnixSocketStream.connect(path: path) } catch NavClientError.cannotConnect {}
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .milliseconds(100))
        }
        return try await UnixSocketStream.connect(path: path)
    }
}

/// The typed client against the real server code, the same scenarios in process and over a socket.
@Suite("NavClient in process and over a socket")
struct InProcessClientTests {
    @Test("typed calls, subscriptions and notifications", arguments: ClientRig.allCases)
    func typedCalls(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let capabilities = try await client.initialize(clientName: "tests")
            #expect(capabilities.protocolVersion == 1)
            let session = try await client.createSession(name: "rig", config: ["screens": [["id": "root", "title": "Root"]]])
            let subscription = try await client.subscribe(session.sessionId, topics: [.stack])
            #expect(subscription.version == 0)
            let pushed = try await client.push(session.sessionId, screen: ["id": "a", "title": "A"])
            #expect(pushed.version == 1)
            let note = try await client.nextNotification(timeout: .seconds(5))
            #expect(note.method == "session/didChange")
            #expect(note.params?["changes"] == [["kind": "stack", "op": "push", "screens": ["a"]]])
            try await client.unsubscribe(subscription)
            #expect(try await client.pop(session.sessionId).popped == ["a"])
            try await client.assertNoNotification(within: .milliseconds(100))
            #expect(try await client.listSessions().map(\.name) == ["rig"])
            await client.close()
        }
    }

    @Test("concurrent requests on one connection are each matched to their own reply", arguments: ClientRig.allCases)
    func concurrentRequests(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.contentLength)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<40 {
                    group.addTask {
                        let created = try await client.createSession(name: "c\(n)")
                        let listed = try await client.listSessions()
                        #expect(listed.first { $0.sessionId == created.sessionId }?.name == "c\(n)")
                    }
                }
                try await group.waitForAll()
            }
            try await client.assertNoUnmatchedReply(within: .milliseconds(50))
            await client.close()
        }
    }

    @Test("errors come back as NavClientError.rpc with code, message and data", arguments: ClientRig.allCases)
    func errors(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            do {
                _ = try await client.stack("missing")
                Issue.record("expected an error")
            } catch NavClientError.rpc(let error) {
                #expect(error.code == ErrorCode.unknownSession)
                #expect(error.message == "no session 'missing'; session/list shows the open ones")
                #expect(error.data?["sessionId"] == "missing")
            }
            do {
                _ = try await client.request("session/create", ["device": ["width": "wide"]])
                Issue.record("expected an error")
            } catch NavClientError.rpc(let error) {
                #expect(error.code == ErrorCode.invalidParams)
                #expect(error.data?["path"] == "device.width")
            }
            await client.close()
        }
    }

    @Test("a batch returns each request's outcome in order; notifications only return at once", arguments: ClientRig.allCases)
    func batch(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let results = try await client.batch([
                .request("session/create", ["name": "b"]),
                .notification("session/list", nil),
                .request("no/such", nil),
            ])
            #expect(results.count == 2)
            #expect((try? results[0].get())?["version"] == 0)
            if case .failure(let error) = results[1] {
                #expect(error.code == ErrorCode.methodNotFound)
            } else {
                Issue.record("expected -32601")
            }
            #expect(try await client.batch([.notification("session/list", nil)]).isEmpty)
            await client.close()
        }
    }

    @Test("waiting for a notification times out without losing a later one", arguments: ClientRig.allCases)
    func notificationTimeout(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let s = try await client.createSession(config: ["screens": [["id": "root"]]]).sessionId
            _ = try await client.subscribe(s)
            do {
                _ = try await client.nextNotification(timeout: .milliseconds(50))
                Issue.record("expected a timeout")
            } catch NavClientError.timeout {}
            _ = try await client.push(s, screen: ["id": "late"])
            #expect(try await client.nextNotification(timeout: .seconds(5)).params?["version"] == 1)
            _ = try await client.pop(s)
            do {
                try await client.assertNoNotification(within: .seconds(5))
                Issue.record("expected the pop's notification")
            } catch NavClientError.unexpectedNotification(let method, let params) {
                #expect(method == "session/didChange")
                #expect(params?["version"] == 2)
            }
            await client.close()
        }
    }

    @Test(
        "a cancelled request throws CancellationError; its late reply is dropped and the client carries on", arguments: ClientRig.allCases)
    func cancellation(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            let waiting = Task { try await client.request("session/create", ["name": "cancelled"]) }
            waiting.cancel()
            switch await waiting.result {
            case .success: break  // the reply won the race
            case .failure(let error): #expect(error is CancellationError, "\(error)")
            }
            #expect(try await client.status().pid > 0)
            try await client.assertNoUnmatchedReply(within: .milliseconds(50))
            await client.close()
        }
    }

    @Test("close() fails what is pending and every later call", arguments: ClientRig.allCases)
    func closing(_ rig: ClientRig) async throws {
        try await rig.run { open in
            let client = try await open(.ndjson)
            _ = try await client.status()
            await client.close()
            #expect(await client.isClosed)
            await #expect(throws: NavClientError.connectionClosed) { try await client.status() }
            await #expect(throws: NavClientError.connectionClosed) { try await client.nextNotification(timeout: .seconds(1)) }
        }
    }
}

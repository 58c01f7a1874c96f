import JSONCore
import NIOConcurrencyHelpers
import NavClient
import Testing

/// A client that sends requests and never reads its replies is pushed back on instead of growing the
/// daemon's memory: its requests stop being read until it takes its replies, none of which is lost.
@Suite("Backpressure on a client that does not read its replies")
struct BackpressureEndToEndTests {
    @Test("its requests stop being read, others carry on, and every reply arrives in order once it reads")
    func pipelinedWithoutReading() async throws {
        try await withDaemon(["--max-outbound-bytes", "8192"]) { daemon in
            let greedy = try daemon.raw(receiveBuffer: 4096, startReading: false)
            let count = 40_000
            var batch: [UInt8] = []
            for id in 1...count {
                batch += RPC.request(.int(Int64(id)), "session/list").serializedBytes() + [0x0A]
            }
            let bytes = batch
            // About 2 MB of requests: far more than the socket buffers hold once the daemon stops reading.
            let sent = NIOLockedValueBox(false)
            let sending = Task {
                try await greedy.send(bytes)
                sent.withLockedValue { $0 = true }
            }

            // Others are served while it waits. One of them, reading, sends the same requests: once it has
            // every reply, the daemon has had all the time it needed to read the greedy client's too.
            let other = try await daemon.connect()
            for _ in 0..<20 { _ = try await other.listSessions() }
            let reader = try daemon.raw()
            try await reader.send(bytes)
            for id in 1...count { #expect(try await reader.nextMessage()["id"] == .int(Int64(id))) }
            reader.close()
            let finishedEarly = sent.withLockedValue { $0 }
            #expect(!finishedEarly, "the daemon read every request although none of the replies was taken")

            greedy.startReading()
            for id in 1...count {
                let reply = try await greedy.nextMessage()
                #expect(reply["id"] == .int(Int64(id)))
                if reply["id"] != .int(Int64(id)) { break }
            }
            try await sending.value
            _ = try await other.listSessions()
            greedy.close()
            await other.close()
        }
    }
}

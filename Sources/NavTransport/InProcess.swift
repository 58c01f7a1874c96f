import Logging
import NIOConcurrencyHelpers

/// A connection to an `RPCService` in the same process, through the same framing, envelope and
/// ordering code as a socket connection. For test rigs that embed the server.
public final class InProcessStream: ByteStream {
    private let toServer: AsyncStream<[UInt8]>.Continuation
    private let fromServer: AsyncStream<[UInt8]>
    private let task: NIOLockedValueBox<Task<Void, Never>?>

    /// Opens a connection to `service`.
    public init(
        service: any RPCService, limits: ConnectionLimits = ConnectionLimits(), id: Int = 0,
        logger: Logger = Logger(label: "navd.inprocess")
    ) {
        let (clientIn, clientInContinuation) = AsyncStream<[UInt8]>.makeStream()
        let (serverIn, serverInContinuation) = AsyncStream<[UInt8]>.makeStream()
        self.toServer = serverInContinuation
        self.fromServer = clientIn
        let (outStream, outContinuation) = AsyncStream<[UInt8]>.makeStream()
        let handle = ConnectionHandle(id: id, maxOutboundBytes: limits.maxOutboundBytes, output: outContinuation) {
            serverInContinuation.finish()
        }
        self.task = NIOLockedValueBox(nil)
        let runner = ConnectionRunner(handle: handle, service: service, limits: limits, logger: logger)
        self.task.withLockedValue {
            $0 = Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await bytes in outStream {
                            clientInContinuation.yield(bytes)
                            handle.didWrite(bytes: bytes.count)
                        }
                        clientInContinuation.finish()
                    }
                    await runner.run(inbound: serverIn)
                }
            }
        }
    }

    public func write(_ bytes: [UInt8]) async throws {
        toServer.yield(bytes)
    }

    public func inbound() -> AsyncThrowingStream<[UInt8], any Error> {
        let source = fromServer
        return AsyncThrowingStream { continuation in
            let t = Task {
                for await chunk in source { continuation.yield(chunk) }
                continuation.finish()
            }
            continuation.onTermination = { _ in t.cancel() }
        }
    }

    public func close() async {
        toServer.finish()
        let t = task.withLockedValue { $0 }
        await t?.value
    }
}

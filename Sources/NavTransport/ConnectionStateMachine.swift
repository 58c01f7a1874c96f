/// The life of one connection as one explicit state machine: events in, actions out. The channel handler
/// only carries the actions out, so every rule here is tested without a socket.
///
/// A connection is **idle** (nothing in hand) or **busy** (messages decoded and not yet all answered,
/// or a reply that will be ready later). Independently of that it is **serving**, or **shut down** after a
/// successful `shutdown` request (from then on only `exit` is accepted). A graceful stop of the server, or the
/// peer closing its side, asks it to **close once idle**; `exit`, a malformed header block or a closed channel
/// close it at once (after what is already queued is written).
public struct ConnectionStateMachine: Sendable, Hashable {
    /// What the connection still accepts.
    public enum Mode: Sendable, Hashable {
        /// Every request.
        case serving
        /// After `shutdown`: every request but `exit` is refused with -32600.
        case shutDown
    }

    public enum State: Sendable, Hashable {
        /// Nothing in hand.
        case idle(Mode)
        /// Messages in hand.
        case busy(Mode)
        /// Messages in hand; the connection closes once they are answered.
        case busyThenClose(Mode)
        /// Closed: nothing more is handled or written.
        case closed
    }

    /// What the handler must do after an event.
    public enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Handle the messages in hand.
        case handle
        /// Write what is queued, then close the connection.
        case close
    }

    public private(set) var state: State = .idle(.serving)

    public init() {}

    /// Whether the connection is closed.
    public var isClosed: Bool { state == .closed }

    /// Whether a request other than `exit` is refused (after `shutdown`).
    public var isShutDown: Bool {
        switch state {
        case .idle(let mode), .busy(let mode), .busyThenClose(let mode): return mode == .shutDown
        case .closed: return false
        }
    }

    /// Messages were decoded: handle them. Illegal once closed: a closed connection decodes nothing.
    public mutating func messagesArrived() -> Action {
        switch state {
        case .idle(let mode):
            state = .busy(mode)
            return .handle
        case .busy, .busyThenClose:
            return .handle
        case .closed:
            Self.illegal("messagesArrived", in: state)
        }
    }

    /// Every message in hand is answered (and no reply is awaited). Only a busy connection has messages to answer.
    public mutating func allAnswered() -> Action {
        switch state {
        case .busy(let mode):
            state = .idle(mode)
            return .none
        case .busyThenClose:
            state = .closed
            return .close
        case .idle, .closed:
            Self.illegal("allAnswered", in: state)
        }
    }

    /// A `shutdown` request succeeded: a reply is sent only while its request is in hand.
    public mutating func shutdownAnswered() {
        switch state {
        case .busy: state = .busy(.shutDown)
        case .busyThenClose: state = .busyThenClose(.shutDown)
        case .idle, .closed: Self.illegal("shutdownAnswered", in: state)
        }
    }

    /// The server is stopping gracefully, or the peer finished sending: close now when idle, else once
    /// the messages in hand are answered. Both may happen, in either order, and a stop may reach a connection
    /// that already closed: those are no-ops.
    public mutating func closeWhenIdle() -> Action {
        switch state {
        case .idle:
            state = .closed
            return .close
        case .busy(let mode):
            state = .busyThenClose(mode)
            return .none
        case .busyThenClose, .closed:
            return .none
        }
    }

    /// `exit`, a malformed header block, or a refusal: close now (after what is queued). Illegal once closed:
    /// nothing is handled after closing.
    public mutating func closeNow() -> Action {
        guard state != .closed else { Self.illegal("closeNow", in: state) }
        state = .closed
        return .close
    }

    /// The channel went away under us (whatever the state).
    public mutating func channelClosed() {
        state = .closed
    }

    /// An event the handler never sends in `state`: a bug in the handler, not bad input.
    private static func illegal(_ event: String, in state: State) -> Never {
        preconditionFailure("connection state machine: '\(event)' is illegal in state \(state)")
    }
}

/// Whether a connection reads: it stops when the peer does not take its replies, and starts again once it has
/// taken them. Like NIO's own back-pressure handlers, a `read` asked for while paused is remembered and
/// passed on when reading resumes. Every event is legal in every state: the handler pauses wherever it finds
/// too much held (more than once in a burst) and tries to resume after every write.
public struct ReadGate: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        case reading
        case paused(readPending: Bool)
    }

    public private(set) var state: State = .reading

    public init() {}

    /// The pipeline asks for a read: true when it should go to the socket now.
    public mutating func readRequested() -> Bool {
        switch state {
        case .reading: return true
        case .paused: state = .paused(readPending: true)
        }
        return false
    }

    /// Stop reading (the outbound queue is past its bound).
    public mutating func pause() {
        if case .reading = state { state = .paused(readPending: false) }
    }

    /// Read again: true when a read was asked for while paused and should be issued now.
    public mutating func resume() -> Bool {
        guard case .paused(let pending) = state else { return false }
        state = .reading
        return pending
    }
}

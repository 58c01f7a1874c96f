import JSONCore
import NavFraming
import NavProtocol

/// What a connection does with one ``FrameEvent``: the step between framing and dispatch.
///
/// - A body that parses is classified (``Envelope/classify(_:)``) and dispatched; `[]`
///   is answered at once with one -32600.
/// - A body that is not JSON gets -32700 to id null; the connection stays usable.
/// - An oversized message gets -32600 with `data.limit` to id null; the connection stays usable.
/// - A malformed header block gets -32700 to id null, then the connection is closed.
public enum InboundAction: Sendable, Hashable {
    /// Dispatch these messages (never ``Envelope/emptyBatch``).
    case dispatch(Envelope)
    /// Write this error reply; the connection stays usable.
    case reply(JSON)
    /// Write this error reply, then close the connection.
    case replyAndClose(JSON)

    /// Decides what to do with `event`, parsing its body with `parseLimits`.
    public static func interpret(_ event: FrameEvent, parseLimits: JSONParseLimits = .default) -> InboundAction {
        switch event {
        case .message(let body): return body.withUnsafeBufferPointer { interpret(message: $0, parseLimits: parseLimits) }
        case .oversized(let limit): return interpret(BorrowedFrameEvent.oversized(limit: limit), parseLimits: parseLimits)
        case .malformedHeader(let detail): return interpret(BorrowedFrameEvent.malformedHeader(detail), parseLimits: parseLimits)
        }
    }

    /// Decides what to do with an event whose body is borrowed (nothing of it is kept).
    public static func interpret(_ event: BorrowedFrameEvent, parseLimits: JSONParseLimits = .default) -> InboundAction {
        switch event {
        case .message(let body):
            return interpret(message: body, parseLimits: parseLimits)
        case .oversized(let limit):
            return .reply(Envelope.reply(id: .null, error: TransportErrors.oversized(limit: limit)))
        case .malformedHeader(let detail):
            return .replyAndClose(Envelope.reply(id: .null, error: TransportErrors.malformedHeader(detail)))
        }
    }

    /// A message's body, parsed and classified (nothing of `body` is kept).
    private static func interpret(message body: UnsafeBufferPointer<UInt8>, parseLimits: JSONParseLimits) -> InboundAction {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(body, limits: parseLimits)
        } catch {
            var reply = TransportErrors.parseError(error.description)
            var data: JSONObject = ["offset": .number(error.offset)]
            if let limit = error.depthLimit {
                data["limit"] = .number(limit)
                data["name"] = "maxJSONDepth"
            }
            reply.data = .object(data)
            return .reply(Envelope.reply(id: .null, error: reply))
        }
        let envelope = Envelope.classify(document.value)
        if envelope == .emptyBatch {
            return .reply(Envelope.reply(id: .null, error: TransportErrors.emptyBatch))
        }
        return .dispatch(envelope)
    }
}

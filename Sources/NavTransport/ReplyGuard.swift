import JSONCore
import NavProtocol

/// Exactly-once reply bookkeeping for one connection, and `$/cancelRequest` marks.
///
/// Lifecycle of a request id:
/// 1. ``begin(_:)`` when the request is accepted for handling. If a request with the
///    same id is still in flight, `begin` refuses it: the duplicate is answered at once
///    with -32600 "duplicate id in flight" (``TransportErrors/duplicateID(_:)``), and the
///    first request still gets its own reply later. Ids are compared exactly: `1` and
///    `"1"` differ; null is an id like any other.
/// 2. ``cancel(_:)`` (from `$/cancelRequest`) marks an in-flight request; unknown or
///    finished ids are ignored.
/// 3. ``complete(_:)`` when the reply is about to be written: true only the first time,
///    and it frees the id for reuse. ``resolve(_:_:)`` combines this with the cancel rule.
///
/// - Important: a reply is written only when `complete` (or `resolve`) says so, which
///   makes "every request gets exactly one reply" a property of this type, not of the
///   handlers.
public struct ReplyGuard: Sendable {
    /// In-flight ids, with whether they were cancelled.
    private var inFlight = InFlight()

    public init() {}

    /// How many requests are in flight.
    public var inFlightCount: Int { inFlight.count }

    /// Whether `id` is in flight.
    public func isInFlight(_ id: RequestID) -> Bool { inFlight[id] != nil }

    /// Whether `id` is in flight and was cancelled.
    public func isCancelled(_ id: RequestID) -> Bool { inFlight[id] == true }

    /// The in-flight ids: a short list while few are in flight, which is the usual case and where comparing
    /// an id costs less than hashing it; a dictionary past ``smallLimit`` (a large batch).
    struct InFlight: Sendable {
        static let smallLimit = 32
        private var few: [(id: RequestID, cancelled: Bool)] = []
        private var many: [RequestID: Bool]?

        var count: Int { many?.count ?? few.count }

        subscript(id: RequestID) -> Bool? {
            get {
                if let many { return many[id] }
                return few.first(where: { $0.id == id })?.cancelled
            }
            set {
                if many != nil {
                    many![id] = newValue
                    if many!.isEmpty { many = nil }
                    return
                }
                let index = few.firstIndex(where: { $0.id == id })
                switch (index, newValue) {
                case (let i?, let value?): few[i].cancelled = value
                case (let i?, nil): few.remove(at: i)
                case (nil, let value?):
                    if few.count < Self.smallLimit {
                        few.append((id, value))
                    } else {
                        var all = Dictionary(few.map { ($0.id, $0.cancelled) }, uniquingKeysWith: { first, _ in first })
                        all[id] = value
                        many = all
                        few = []
                    }
                case (nil, nil): break
                }
            }
        }

        mutating func removeValue(forKey id: RequestID) -> Bool? {
            if many != nil {
                let value = many!.removeValue(forKey: id)
                if many!.isEmpty { many = nil }
                return value
            }
            // One pass over the few, not a look-up and then a removal.
            guard let index = few.firstIndex(where: { $0.id == id }) else { return nil }
            return few.remove(at: index).cancelled
        }

        /// Adds `id` as not cancelled; false, changing nothing, when it is already in flight.
        mutating func insert(_ id: RequestID) -> Bool {
            if many == nil, few.count < Self.smallLimit {
                if few.contains(where: { $0.id == id }) { return false }
                few.append((id, false))
                return true
            }
            if self[id] != nil { return false }
            self[id] = false
            return true
        }
    }

    /// Registers a request. Returns nil when accepted, or the error to reply with
    /// (to the same id, without touching the first request) when `id` is already in flight.
    public mutating func begin(_ id: RequestID) -> RPCError? {
        if inFlight.insert(id) { return nil }
        return TransportErrors.duplicateID(id)
    }

    /// Marks an in-flight request as cancelled; returns false (and does nothing)
    /// when `id` is unknown or already replied to.
    @discardableResult
    public mutating func cancel(_ id: RequestID) -> Bool {
        guard inFlight[id] != nil else { return false }
        inFlight[id] = true
        return true
    }

    /// Claims the right to reply to `id`: true only the first time after ``begin(_:)``.
    public mutating func complete(_ id: RequestID) -> Bool {
        inFlight.removeValue(forKey: id) != nil
    }

    /// The reply to write for a finished request, or nil when none is due (unknown id,
    /// or already replied). A cancelled request replies -32800 whatever its outcome.
    public mutating func resolve(_ id: RequestID, _ outcome: Result<JSON, RPCError>) -> JSON? {
        guard let answer = answer(id, outcome) else { return nil }
        switch answer {
        case .success(let result): return Envelope.reply(id: id, result: result)
        case .failure(let error): return Envelope.reply(id: id, error: error)
        }
    }

    /// What ``resolve(_:_:)`` replies with, before it is put in an envelope: nil when no reply is due, the
    /// cancellation error for a cancelled request, else `outcome`.
    public mutating func answer(_ id: RequestID, _ outcome: Result<JSON, RPCError>) -> Result<JSON, RPCError>? {
        guard let cancelled = inFlight.removeValue(forKey: id) else { return nil }
        return cancelled ? .failure(.cancelled) : outcome
    }

    /// The id named by `$/cancelRequest` params (`{"id": ...}`), or nil when absent or not an id.
    public static func cancelTarget(_ params: JSON?) -> RequestID? {
        guard let raw = params?["id"] else { return nil }
        return RequestID(json: raw)
    }
}

import JSONCore

/// `shutdown`: the client is done with this connection; replies `null`. Later requests get -32600.
public enum Shutdown: RPCMethod {
    public static let name = "shutdown"
    public static let summary = "The client is done with this connection: afterwards every request but exit gets -32600."
    public typealias Params = NoParams
    public typealias Result = NullResult
}

/// `exit` (notification): closes this connection only.
public enum Exit: RPCNotification {
    public static let name = "exit"
    public static let summary = "Closes this connection only; the daemon keeps running."
    public static let sender = NotificationSender.client
    public typealias Params = NoParams
}

/// `$/cancelRequest` (notification): `{id}` of a pending request, which then replies -32800.
public enum CancelRequest: RPCNotification {
    public static let name = "$/cancelRequest"
    public static let summary = "Cancels a request not yet answered: it then replies -32800."
    public static let sender = NotificationSender.client

    public struct Params: RPCParams, WireObject {
        /// The request's id, a string or an integer.
        public var id: JSON = .null
        public init() {}
        public init(id: JSON) { self.id = id }
        public static let fields: [WireField<Self>] = [
            .required("id", \.id, schema: { .anyOf([.string, .integer]) }, expected: "a request id")
        ]
    }
}

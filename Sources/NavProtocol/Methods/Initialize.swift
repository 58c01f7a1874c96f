import JSONCore

/// `initialize`: optional handshake; returns the server's capabilities.
public enum Initialize: RPCMethod {
    public static let name = "initialize"
    public static let summary = "Optional handshake: the server's name, version and capabilities."

    public struct Params: RPCParams, WireObject {
        public var clientInfo: JSON?
        public var capabilities: JSON?
        public init() {}
        public init(clientInfo: JSON? = nil, capabilities: JSON? = nil) {
            self.clientInfo = clientInfo
            self.capabilities = capabilities
        }
        public static let fields: [WireField<Self>] = [
            .optional("clientInfo", \.clientInfo, schema: { .object([.optional("name", .string), .optional("version", .string)]) }),
            .optional("capabilities", \.capabilities, schema: { .object([]) }),
        ]
        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            if let c = clientInfo, c.objectValue == nil { throw .invalidParams(path: "clientInfo", expected: "an object") }
        }
    }

    public struct Result: RPCResult, Hashable {
        public var serverName: String
        public var serverVersion: String
        public var protocolVersion: Int
        /// Request methods the daemon answers.
        public var methods: [String]
        /// Notifications it sends.
        public var notifications: [String]
        public var profiles: [String]
        public var framings: [String]
        /// Subscription topics (extension).
        public var topics: [String]

        public init(
            serverName: String, serverVersion: String, protocolVersion: Int, methods: [String], notifications: [String],
            profiles: [String], framings: [String], topics: [String]
        ) {
            self.serverName = serverName
            self.serverVersion = serverVersion
            self.protocolVersion = protocolVersion
            self.methods = methods
            self.notifications = notifications
            self.profiles = profiles
            self.framings = framings
            self.topics = topics
        }

        public init(json: JSON) throws(RPCError) {
            let r = try ParamReader.result(json)
            let info = try r.object("serverInfo")
            serverName = try info.string("name")
            serverVersion = try info.string("version")
            protocolVersion = try r.int("protocolVersion")
            let c = try r.object("capabilities")
            methods = try c.strings("methods")
            notifications = try c.strings("notifications")
            profiles = try c.strings("profiles")
            framings = try c.strings("framings")
            topics = try c.optionalStrings("topics") ?? []
        }

        public var json: JSON {
            [
                "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)],
                "protocolVersion": .number(protocolVersion),
                "capabilities": [
                    "methods": .array(methods.map(JSON.string)),
                    "notifications": .array(notifications.map(JSON.string)),
                    "profiles": .array(profiles.map(JSON.string)),
                    "framings": .array(framings.map(JSON.string)),
                    "topics": .array(topics.map(JSON.string)),
                ],
            ]
        }

        public static var schema: Schema {
            .object(
                [
                    .required("serverInfo", .object([.required("name", .string), .required("version", .string)], closed: true)),
                    .required("protocolVersion", .integer),
                    .required(
                        "capabilities",
                        .object(
                            [
                                .required("methods", .array(.string)), .required("notifications", .array(.string)),
                                .required("profiles", .array(.string)), .required("framings", .array(.string)),
                                .optional("topics", .array(.string)),
                            ], closed: true)),
                ], closed: true)
        }
    }
}

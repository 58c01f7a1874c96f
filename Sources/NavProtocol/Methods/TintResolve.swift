import JSONCore
import NavModel

/// `tint/resolve`: `{sessionId?, screenId?, color?, backdrop?, method?, threshold?, foreground?}` → TintResult.
///
/// With `color`, the foreground for that colour (no session needed; with one, its `tintMethod`,
/// `tintThreshold` and `foreground` are the defaults). Without `color`, the bar of the session's screen
/// (default: the top).
public enum TintResolve: RPCMethod {
    public static let name = "tint/resolve"
    public static let summary =
        "The items' and title's colours on a colour, or on the bar of a session's screen (UIKit's by default), with both contrast ratios."
    public static let errors = [ErrorCode.unknownSession, ErrorCode.unknownScreen]
    public struct Params: RPCParams, WireObject {
        /// The session whose bar (or whose policies, with `color`) to use.
        public var sessionId: String?
        /// The screen whose bar to resolve (default: the top); needs `sessionId`.
        public var screenId: String?
        /// An explicit colour to resolve instead of a bar's.
        public var color: Color?
        /// What a colour with alpha < 1 is blended over (default white).
        public var backdrop: Color?
        /// Overrides the session's `tintMethod`.
        public var method: Policies.TintMethod?
        /// Overrides the session's `tintThreshold` (yiq only), 0-1.
        public var threshold: Double?
        /// Overrides the session's `foreground` policy (extension).
        public var foreground: Policies.ForegroundPolicy?

        public init(
            sessionId: String? = nil, screenId: String? = nil, color: Color? = nil, backdrop: Color? = nil,
            method: Policies.TintMethod? = nil, threshold: Double? = nil, foreground: Policies.ForegroundPolicy? = nil
        ) {
            self.sessionId = sessionId
            self.screenId = screenId
            self.color = color
            self.backdrop = backdrop
            self.method = method
            self.threshold = threshold
            self.foreground = foreground
        }

        public init() {}

        public static let fields: [WireField<Self>] = [
            .optional("sessionId", \.sessionId, "the session whose bar (or whose policies, with color) to use"),
            .optional("screenId", \.screenId, "the screen whose bar to resolve (default: the top); needs sessionId"),
            .optional("color", \.color, "an explicit colour to resolve instead of a bar's", faithful: { $0.faithfulJSON }),
            .optional(
                "backdrop", \.backdrop, "what a colour with alpha < 1 is blended over (default white)", faithful: { $0.faithfulJSON }),
            .optional("method", \.method, "overrides the session's tintMethod"),
            .optional("threshold", \.threshold, "overrides the session's tintThreshold (yiq only)", schema: { .number(min: 0, max: 1) }),
            .optional(
                "foreground", \.foreground,
                "overrides the session's foreground policy: uikit (UIKit's default colours) or automatic (black or white)"),
        ]
        public static let wireDescription: String? = "color, or sessionId, or both"

        public mutating func wireCheck(_ r: ParamReader) throws(RPCError) {
            if let t = threshold, !(t >= 0 && t <= 1) {
                throw .invalidParams(
                    path: r.path("threshold"), expected: "a number from 0 to 1",
                    message: "'threshold' must be from 0 to 1 (the yiq luminance line, default 186/256 = 0.7265625)")
            }
            if sessionId == nil && color == nil {
                throw .invalidParams(
                    path: r.path("color"), expected: "a colour, or a sessionId",
                    message: "give 'color' (an explicit colour) or 'sessionId' (the bar of a session's screen)")
            }
            if sessionId == nil && screenId != nil {
                throw .invalidParams(
                    path: r.path("sessionId"), expected: "a string",
                    message: "'screenId' needs 'sessionId': name the session the screen belongs to")
            }
        }
    }
    public typealias Result = TintResult
}

extension TintResult: RPCResult {
    public init(json: JSON) throws(RPCError) { self = try TintResult.decode(try ParamReader.result(json)) }
}

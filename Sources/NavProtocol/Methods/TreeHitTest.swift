import JSONCore
import NavModel

/// `tree/hitTest`: which view UIKit's `hitTest` returns for a point in a given view tree. No session needed.
///
/// Params `{tree, point, trace?, alphaRule?}`: `tree` is a View object or the text of UIKit's
/// `recursiveDescription`; `point` is in the root view's own coordinates; `alphaRule` (`"lessThan"` default,
/// `"lessThanOrEqual"`) is the HT-4 setting. Result `{view: {id, class, path} | null, action?, trace?}`.
public enum TreeHitTest: RPCMethod {
    public static let name = "tree/hitTest"
    public static let summary = "Which view UIKit's hitTest returns for a point in a view tree the client sends; no session."
    public static let errors = [ErrorCode.limitExceeded]

    public struct Params: RPCParams, WireObject {
        public var tree = View(className: "UIView", frame: Rect(x: 0, y: 0, width: 0, height: 0))
        public var point = Point(x: 0, y: 0)
        public var trace = false
        public var alphaRule = Policies.AlphaRule.lessThan

        /// The tree as the text of `recursiveDescription`, when it was given so.
        public var text: String?

        public init() {}

        public init(tree: View, point: Point, trace: Bool = false, alphaRule: Policies.AlphaRule = .lessThan) {
            self.tree = tree
            self.point = point
            self.trace = trace
            self.alphaRule = alphaRule
        }

        public static let fields: [WireField<Self>] = [
            WireField(
                "tree", read: { (r: ParamReader, p: inout Params) throws(RPCError) in try p.readTree(r, limits: TreeLimits()) },
                write: { p, o in o["tree"] = p.text.map(JSON.string) ?? p.tree.json },
                property: {
                    .required("tree", .anyOf([.ref(View.self), Schema.string.described("the text -[UIView recursiveDescription] prints")]))
                }),
            .required("point", \.point, "in the root view's own (bounds) coordinates"),
            .defaulted("trace", \.trace, false, "default false: also return every step"),
            .defaulted("alphaRule", \.alphaRule, .lessThan, "default lessThan (HT-4)"),
        ]

        /// Decodes the params, refusing trees beyond `limits` (1005 with the limit's name).
        public init(from r: ParamReader, limits: TreeLimits) throws(RPCError) {
            try readTree(r, limits: limits)
            for field in Self.fields.dropFirst() { try field.read(r, &self) }
        }

        /// Reads `tree`: a View object, or the text of `recursiveDescription`.
        mutating func readTree(_ r: ParamReader, limits: TreeLimits) throws(RPCError) {
            // Read where it was parsed: a tree of thousands of views is never copied into `JSON` values first.
            guard let given = r.given("tree") else {
                throw .invalidParams(
                    path: r.path("tree"), expected: "\(View.expected) or the text of recursiveDescription",
                    message: "'tree' is required: a View object or the text UIKit's recursiveDescription prints")
            }
            switch given.kind {
            case .string:
                let text = given.stringValue ?? ""
                self.tree = try Self.parseText(text, path: r.path("tree"), limits: limits)
                self.text = text
            case .object:
                self.tree = try View.decode(view: given, path: r.path("tree"), limits: limits)
            default:
                throw .invalidParams(
                    path: r.path("tree"), expected: "\(View.expected) or the text of recursiveDescription",
                    message: "'tree' must be a View object or the text of recursiveDescription, not \(given.typeName)")
            }
        }

        /// Params with the tree as `recursiveDescription` text.
        public init(text: String, point: Point, trace: Bool = false, alphaRule: Policies.AlphaRule = .lessThan) throws(RPCError) {
            self.init(tree: try Self.parseText(text, path: "tree", limits: TreeLimits()), point: point, trace: trace, alphaRule: alphaRule)
            self.text = text
        }

        /// `recursiveDescription` text to a tree; a malformed line is -32602 with `data.line`.
        static func parseText(_ text: String, path: String, limits: TreeLimits) throws(RPCError) -> View {
            do {
                return try RecursiveDescription.parse(text, limits: limits)
            } catch {
                if let limit = error.limit {
                    var e = RPCError.limitExceeded(
                        name: limit.name, limit: limit.value, message: "'\(path)' line \(error.line): \(error.message)")
                    if case .object(var data)? = e.data {
                        data["line"] = .int(Int64(error.line))
                        e.data = .object(data)
                    }
                    throw e
                }
                throw RPCError(
                    code: ErrorCode.invalidParams,
                    message: "'\(path)' line \(error.line): \(error.message)",
                    data: [
                        "path": .string(path), "line": .int(Int64(error.line)),
                        "expected": "recursiveDescription lines like '   | <UIView: 0x7f8; frame = (0 0; 320 44); ...>'",
                    ])
            }
        }
    }

    /// The hit view, as `{id, class, path}`.
    public struct HitView: Sendable, Hashable, WireObject {
        public var id: String?
        public var className = ""
        /// Child indices from the root.
        public var path: [Int] = []
        public init() {}
        public init(id: String?, className: String, path: [Int]) {
            self.id = id
            self.className = className
            self.path = path
        }
        public init(from r: ParamReader) throws(RPCError) { try self.init(wire: r) }
        public var json: JSON { wireJSON }
        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .nullable("id", \.id), .required("class", \.className), .required("path", \.path, "child indices from the root"),
        ]
    }

    public struct Result: RPCResult, WireObject {
        /// The view UIKit's `hitTest` returns; nil when none.
        public var view: HitView?
        /// The nearest `action` on the hit view or an ancestor (HT-7); nil when none declares one.
        public var action: ResolvedAction?
        /// Present when the params asked for it.
        public var trace: [TraceStep]?

        public init() {}

        public init(view: HitView?, action: ResolvedAction?, trace: [TraceStep]?) {
            self.view = view
            self.action = action
            self.trace = trace
        }

        public static let wireClosed = true
        public static let fields: [WireField<Self>] = [
            .nullable("view", \.view, "the hit view, or null when the root does not take the point"),
            .optional("action", \.action, "the nearest action on the hit view or an ancestor (HT-7)"),
            .optional("trace", \.trace, "only when asked"),
        ]
    }

    /// Runs the hit test the params describe. Pure.
    public static func evaluate(_ params: Params) -> Result {
        let outcome = HitTester.hitTest(
            params.tree, point: params.point, options: HitTestOptions(alphaRule: params.alphaRule, recordTrace: params.trace))
        var view: HitView?
        var action: ResolvedAction?
        if let path = outcome.path, let hit = params.tree.descendant(at: path) {
            view = HitView(id: hit.id, className: hit.className, path: path)
            action = HitTester.nearestAction(in: params.tree, path: path)
        }
        return Result(view: view, action: action, trace: params.trace ? outcome.trace : nil)
    }
}

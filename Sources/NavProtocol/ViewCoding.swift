import JSONCore
import NavModel

// JSON <-> the hit-testing values: View (the `tree` of tree/hitTest) and TraceStep (every `trace`).

extension View {
    /// What a View must look like, for `data.expected`.
    public static let expected = "a View object {\"class\", \"frame\", \"subviews\"?, ...}"

    /// Decodes a View tree; errors name the field's full path (`tree.subviews[2].frame.width`), and a tree
    /// larger or deeper than `limits` is refused with 1005 naming the limit. The value is written and parsed
    /// once, to be read as a request's tree is (a cold path: requests come parsed, to `decode(view:)`).
    public static func decode(_ json: JSON, path: String, limits: TreeLimits = TreeLimits()) throws(RPCError) -> View {
        try decode(view: json.document().value, path: path, limits: limits)
    }

    /// A view tree read in place from a parsed request (no `JSON` values are built on the way).
    public static func decode(view: JSONView, path: String, limits: TreeLimits = TreeLimits()) throws(RPCError) -> View {
        var count = 0
        return try decode(view, path: path, depth: 1, count: &count, limits: limits)
    }

    private static func decode(
        _ node: JSONView, path: String, depth: Int, count: inout Int, limits: TreeLimits
    ) throws(RPCError)
        -> View
    {
        guard node.kind == .object else {
            throw .invalidParams(path: path, expected: expected, message: "'\(path)' must be a View object, not \(node.typeName)")
        }
        count += 1
        if count > limits.maxTreeNodes {
            throw .limitExceeded(
                name: "maxTreeNodes", limit: limits.maxTreeNodes,
                message: "the tree has more than maxTreeNodes (\(limits.maxTreeNodes)) views; send a smaller subtree")
        }
        if depth > limits.maxTreeDepth {
            throw .limitExceeded(
                name: "maxTreeDepth", limit: limits.maxTreeDepth,
                message: "the tree is nested deeper than maxTreeDepth (\(limits.maxTreeDepth)) at '\(path)'")
        }
        let r = ParamReader(objectView: node, path: path)
        let className = try r.string("class")
        let frame = try Rect.decode(try r.object("frame"))
        let bounds = try r.optionalObject("bounds").map { (b: ParamReader) throws(RPCError) -> Rect in try Rect.decode(b) }
        let insets = try r.optionalObject("hitInsets").map { (b: ParamReader) throws(RPCError) -> EdgeInsets in try EdgeInsets.decode(b) }
        var view = View(
            id: try r.optionalString("id"), className: className, frame: frame, bounds: bounds,
            hidden: try r.optionalBool("hidden") ?? false, alpha: try r.optionalDouble("alpha") ?? 1,
            userInteractionEnabled: try r.optionalBool("userInteractionEnabled") ?? true,
            touchPolicy: try r.optionalEnum("touchPolicy", View.TouchPolicy.self) ?? .bounds,
            hitInsets: insets ?? .zero, action: try r.optionalString("action"))
        if let list = r.given("subviews") {
            guard let subviews = list.elements else { throw r.wrong("subviews", "an array", typeName: list.typeName) }
            view.subviews.reserveCapacity(subviews.count)
            for (i, child) in subviews.enumerated() {
                view.subviews.append(
                    try decode(child, path: "\(r.path("subviews"))[\(i)]", depth: depth + 1, count: &count, limits: limits))
            }
        }
        return view
    }

    /// The View as JSON, in the shape `decode` reads (defaults left out).
    public var json: JSON {
        var o: JSONObject = ["class": .string(className)]
        if let id { o["id"] = .string(id) }
        o["frame"] = frame.json
        if let bounds { o["bounds"] = bounds.json }
        if hidden { o["hidden"] = true }
        if alpha != 1 { o["alpha"] = .number(alpha) }
        if !userInteractionEnabled { o["userInteractionEnabled"] = false }
        if touchPolicy != .bounds { o["touchPolicy"] = .string(touchPolicy.rawValue) }
        if hitInsets != .zero { o["hitInsets"] = hitInsets.json }
        if let action { o["action"] = .string(action) }
        if !subviews.isEmpty { o["subviews"] = .array(subviews.map(\.json)) }
        return .object(o)
    }
}

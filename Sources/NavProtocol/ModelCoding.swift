import JSONCore
import NavModel

// JSON <-> model values shared by many methods. Decoders throw -32602 naming the field.

extension Point {
    public static func decode(_ r: ParamReader) throws(RPCError) -> Point {
        Point(x: try r.double("x"), y: try r.double("y"))
    }
    public var json: JSON { ["x": .number(x), "y": .number(y)] }
}

extension Size {
    public static func decode(_ r: ParamReader) throws(RPCError) -> Size {
        guard let w = try r.optionalDouble("width", atLeast: 0) else { throw r.missing("width", "a number") }
        guard let h = try r.optionalDouble("height", atLeast: 0) else { throw r.missing("height", "a number") }
        return Size(width: w, height: h)
    }
    public var json: JSON { ["width": .number(width), "height": .number(height)] }
}

extension Rect {
    public static func decode(_ r: ParamReader) throws(RPCError) -> Rect {
        guard let w = try r.optionalDouble("width", atLeast: 0) else { throw r.missing("width", "a number") }
        guard let h = try r.optionalDouble("height", atLeast: 0) else { throw r.missing("height", "a number") }
        return Rect(x: try r.double("x"), y: try r.double("y"), width: w, height: h)
    }
    public var json: JSON {
        ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)]
    }
}

extension EdgeInsets {
    public static func decode(_ r: ParamReader) throws(RPCError) -> EdgeInsets {
        EdgeInsets(
            top: try r.optionalDouble("top") ?? 0, left: try r.optionalDouble("left") ?? 0,
            bottom: try r.optionalDouble("bottom") ?? 0, right: try r.optionalDouble("right") ?? 0)
    }
    public var json: JSON {
        ["top": .number(top), "left": .number(left), "bottom": .number(bottom), "right": .number(right)]
    }
}

extension Color {
    static let expected =
        "a colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", \"rgb(r,g,b)\", \"rgba(r,g,b,a)\", {\"r\",\"g\",\"b\",\"a\"} with 0-1 components, or a UIKit system colour name"

    /// Decodes any colour syntax of PROTOCOL.md section 3; `path` names the field in errors.
    public static func decode(_ json: JSON, path: String) throws(RPCError) -> Color {
        switch json {
        case .string(let s):
            do { return try Color.parse(s) } catch {
                throw .invalidParams(path: path, expected: expected, message: "'\(path)': \(error.message)")
            }
        case .object(let o):
            let r = ParamReader(object: o, path: path)
            func component(_ key: String, required: Bool) throws(RPCError) -> Double? {
                guard let v = try r.optionalDouble(key) else {
                    if required { throw r.missing(key, "a number from 0 to 1") }
                    return nil
                }
                guard v.isFinite else { throw .invalidParams(path: r.path(key), expected: "a finite number") }
                return v
            }
            let red = try component("r", required: true)!
            let green = try component("g", required: true)!
            let blue = try component("b", required: true)!
            let alpha = try component("a", required: false) ?? 1
            guard alpha >= 0, alpha <= 1 else {
                throw .invalidParams(path: r.path("a"), expected: "a number from 0 to 1", message: "'\(r.path("a"))' must be from 0 to 1")
            }
            return Color(red: red, green: green, blue: blue, alpha: alpha)
        default:
            throw .invalidParams(path: path, expected: expected, message: "'\(path)' must be \(expected), not \(json.typeName)")
        }
    }

    /// As returned on the wire: `#RRGGBB` or `#RRGGBBAA`.
    public var json: JSON { .string(hex) }
}

extension ParamReader {
    public func optionalColor(_ key: String) throws(RPCError) -> Color? {
        guard let v = value(key) else { return nil }
        return try Color.decode(v, path: path(key))
    }
    public func optionalPoint(_ key: String) throws(RPCError) -> Point? {
        guard let r = try optionalObject(key) else { return nil }
        return try Point.decode(r)
    }
    public func point(_ key: String) throws(RPCError) -> Point {
        guard let p = try optionalPoint(key) else { throw missing(key, "a point {\"x\",\"y\"}") }
        return p
    }
    public func optionalSize(_ key: String) throws(RPCError) -> Size? {
        guard let r = try optionalObject(key) else { return nil }
        return try Size.decode(r)
    }
}

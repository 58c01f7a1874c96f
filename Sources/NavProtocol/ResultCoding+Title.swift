import JSONCore
import NavModel

// The results of `title/back`, `title/previous` and `tint/resolve`, also embedded in `title` changes.

extension BackTitle {
    /// `{title, display, source, truncated, menu}`, plus `image` (extension) for an image back item.
    public var json: JSON {
        var o: JSONObject = [
            "title": title.map(JSON.string) ?? .null, "display": .string(display.rawValue),
            "source": .string(source.rawValue), "truncated": .bool(truncated), "menu": .array(menu.map(JSON.string)),
        ]
        if let image { o["image"] = image.json }
        if let hiddenBecause { o["hiddenBecause"] = .string(hiddenBecause.rawValue) }
        if let metrics { o["metrics"] = metrics.json }
        if let givenWidth { o["givenWidth"] = .number(givenWidth) }
        return .object(o)
    }
}

extension BackTitle {
    /// `json`'s bytes, written without building it: a session's stored document holds the last back title its
    /// top bar showed, written at every mutation.
    public func write(to out: inout JSONSink) {
        out.raw(#"{"title":"#)
        if let title { out.string(title) } else { out.raw("null") }
        out.member("display")
        out.string(display.rawValue)
        out.member("source")
        out.string(source.rawValue)
        out.member("truncated")
        out.raw(truncated ? "true" : "false")
        out.raw(#","menu":["#)
        for (index, entry) in menu.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(entry)
        }
        out.byte(UInt8(ascii: "]"))
        if let image {
            out.raw(#","image":{"width":"#)
            out.number(image.width)
            out.member("height")
            out.number(image.height)
            out.byte(UInt8(ascii: "}"))
        }
        if let hiddenBecause {
            out.member("hiddenBecause")
            out.string(hiddenBecause.rawValue)
        }
        if let metrics {
            out.member("metrics")
            metrics.json.write(to: &out)
        }
        if let givenWidth {
            out.member("givenWidth")
            out.number(givenWidth)
        }
        out.byte(UInt8(ascii: "}"))
    }
}

extension TintResult {
    /// `{background, foreground, method, luminance, contrast: {black, white}, source}`, plus the extensions
    /// `foregroundPolicy`, `automaticForeground` and `titleColor`, and `declared` when the colour had alpha < 1
    /// and `background` is its blend over the backdrop.
    public var json: JSON {
        var o: JSONObject = [
            "background": background.json, "foreground": foreground.json, "method": .string(method.rawValue),
            "luminance": .number(luminance), "contrast": ["black": .number(contrastBlack), "white": .number(contrastWhite)],
            "source": .string(source.rawValue), "foregroundPolicy": .string(foregroundPolicy.rawValue),
            "automaticForeground": automaticForeground.json, "titleColor": titleColor.json,
        ]
        if let declared { o["declared"] = declared.json }
        return .object(o)
    }
}

extension BackTitle {
    /// Reads a BackTitle as `json` writes it (snapshots keep the last one shown).
    public static func decode(_ r: ParamReader) throws(RPCError) -> BackTitle {
        var t = BackTitle(
            title: try r.optionalString("title"),
            display: try r.optionalEnum("display", Display.self) ?? .hidden,
            source: try r.optionalEnum("source", Source.self) ?? .none,
            truncated: try r.optionalBool("truncated") ?? false,
            menu: try r.optionalArray("menu") { (v: JSON, p: String) throws(RPCError) -> String in
                guard case .string(let s) = v else { throw .invalidParams(path: p, expected: "a string") }
                return s
            } ?? [])
        t.image = try r.optionalSize("image")
        t.hiddenBecause = try r.optionalEnum("hiddenBecause", HiddenReason.self)
        t.metrics = try r.optionalObject("metrics").map(MeasuredWith.decode)
        t.givenWidth = try r.optionalDouble("givenWidth")
        return t
    }
}

import JSONCore
import NavModel

// Screens, items and bar appearances on the wire.
//
// Decoding is always a patch applied onto a current value (PROTOCOL.md section 4, partial updates):
// an absent member keeps the current value, `null` resets it to its default, a nested object
// (`item`, `bar`, `backStyle`, `device`, `policies`) merges member by member. Creating a value is
// patching its default. Encoding writes every member, so what `stack/get` and snapshots return
// restores to an identical model.

extension ParamReader {
    /// Applies a tri-state member: absent keeps, null resets to `reset`, a value is decoded.
    func patch<T>(_ key: String, _ target: inout T, reset: T, _ decode: (JSON, String) throws(RPCError) -> T) throws(RPCError) {
        switch field(key) {
        case .absent: return
        case .null: target = reset
        case .value(let v): target = try decode(v, path(key))
        }
    }

    func patchString(_ key: String, _ target: inout String?) throws(RPCError) {
        try patch(key, &target, reset: nil) { (v: JSON, p: String) throws(RPCError) -> String? in
            guard case .string(let s) = v else {
                throw .invalidParams(path: p, expected: "a string or null", message: "'\(p)' must be a string or null, not \(v.typeName)")
            }
            return s
        }
    }

    func patchBool(_ key: String, _ target: inout Bool, reset: Bool) throws(RPCError) {
        try patch(key, &target, reset: reset) { (v: JSON, p: String) throws(RPCError) -> Bool in
            guard case .bool(let b) = v else {
                throw .invalidParams(path: p, expected: "true or false", message: "'\(p)' must be true or false, not \(v.typeName)")
            }
            return b
        }
    }

    func patchNumber(_ key: String, _ target: inout Double, reset: Double, min: Double? = nil, max: Double? = nil) throws(RPCError) {
        try patch(key, &target, reset: reset) { (v: JSON, p: String) throws(RPCError) -> Double in
            guard let d = v.doubleValue else {
                throw .invalidParams(path: p, expected: "a number", message: "'\(p)' must be a number, not \(v.typeName)")
            }
            if let min, d < min {
                throw .invalidParams(
                    path: p, expected: "a number >= \(JSON.number(min).serialized())",
                    message: "'\(p)' must be at least \(JSON.number(min).serialized())")
            }
            if let max, d > max {
                throw .invalidParams(
                    path: p, expected: "a number <= \(JSON.number(max).serialized())",
                    message: "'\(p)' must be at most \(JSON.number(max).serialized())")
            }
            return d
        }
    }

    func patchEnum<E: RawRepresentable & CaseIterable>(_ key: String, _ target: inout E, reset: E) throws(RPCError)
    where E.RawValue == String {
        switch field(key) {
        case .absent: return
        case .null: target = reset
        case .value: target = try optionalEnum(key, E.self)!
        }
    }

    func patchColor(_ key: String, _ target: inout Color?) throws(RPCError) {
        try patch(key, &target, reset: nil) { (v: JSON, p: String) throws(RPCError) -> Color? in try Color.decode(v, path: p) }
    }

    func patchSize(_ key: String, _ target: inout Size?) throws(RPCError) {
        try patch(key, &target, reset: nil) { (v: JSON, p: String) throws(RPCError) -> Size? in
            guard case .object(let o) = v else {
                throw .invalidParams(
                    path: p, expected: "a size {\"width\",\"height\"} or null",
                    message: "'\(p)' must be a size {\"width\",\"height\"} or null")
            }
            return try Size.decode(ParamReader(object: o, path: p))
        }
    }

    /// Applies a nested object member onto `target` (merging), or resets it on null.
    func patchObject<T>(
        _ key: String, _ target: inout T, reset: T, _ apply: (ParamReader, inout T) throws(RPCError) -> Void
    ) throws(RPCError) {
        switch field(key) {
        case .absent: return
        case .null: target = reset
        case .value(let v):
            guard case .object(let o) = v else {
                throw .invalidParams(
                    path: path(key), expected: "an object or null", message: "'\(path(key))' must be an object or null, not \(v.typeName)")
            }
            try apply(ParamReader(object: o, path: path(key)), &target)
        }
    }

    /// A nested optional object: null clears it, an object merges into the current value (or `fresh` when none).
    func patchOptionalObject<T>(
        _ key: String, _ target: inout T?, fresh: T, _ apply: (ParamReader, inout T) throws(RPCError) -> Void
    ) throws(RPCError) {
        switch field(key) {
        case .absent: return
        case .null: target = nil
        case .value(let v):
            guard case .object(let o) = v else {
                throw .invalidParams(
                    path: path(key), expected: "an object or null", message: "'\(path(key))' must be an object or null, not \(v.typeName)")
            }
            var current = target ?? fresh
            try apply(ParamReader(object: o, path: path(key)), &current)
            target = current
        }
    }
}

// MARK: Screen

extension Screen {
    /// Decodes a whole screen (a patch onto the defaults); `makeId` supplies an id when none is given.
    public static func decode(_ json: JSON, path: String, makeId: () -> String) throws(RPCError) -> Screen {
        guard case .object(let o) = json else {
            throw .invalidParams(
                path: path, expected: "a screen object", message: "'\(path)' must be a screen object, not \(json.typeName)")
        }
        let r = ParamReader(object: o, path: path)
        let id = try r.optionalString("id") ?? makeId()
        guard !id.isEmpty else { throw .invalidParams(path: r.path("id"), expected: "a non-empty string") }
        var screen = Screen(id: id)
        try screen.apply(r, allowId: true)
        return screen
    }

    /// Applies a partial screen. `id` may only be given when creating.
    public mutating func apply(_ r: ParamReader, allowId: Bool = false) throws(RPCError) {
        if !allowId, r.has("id") {
            throw .invalidParams(
                path: r.path("id"), expected: "no 'id' (a screen's id cannot change)",
                message: "'\(r.path("id"))': a screen's id cannot change")
        }
        try r.patchString("title", &title)
        try r.patchObject("item", &item, reset: NavigationItem()) { (ir: ParamReader, it: inout NavigationItem) throws(RPCError) in
            try it.apply(ir)
        }
        try r.patchEnum("backAction", &backAction, reset: .pop)
        try r.patchBool("showsPreviousTitle", &showsPreviousTitle, reset: false)
        try r.patchOptionalObject("backStyle", &backStyle, fresh: BackStyle()) { (br: ParamReader, bs: inout BackStyle) throws(RPCError) in
            try br.patchString("title", &bs.title)
            try br.patchColor("color", &bs.color)
        }
        try r.patchOptionalObject("bar", &bar, fresh: BarAppearance()) { (br: ParamReader, b: inout BarAppearance) throws(RPCError) in
            try b.apply(br)
        }
        try r.patchEnum("popGesture", &popGesture, reset: .inherit)
        try r.patchBool("scrolled", &scrolled, reset: false)
    }

    public var json: JSON {
        let o: JSONObject = [
            "id": .string(id),
            "title": title.map(JSON.string) ?? .null,
            "item": item.json,
            "backAction": .string(backAction.rawValue),
            "showsPreviousTitle": .bool(showsPreviousTitle),
            "backStyle":
                backStyle.map { bs in
                    ["title": bs.title.map(JSON.string) ?? .null, "color": bs.color?.faithfulJSON ?? .null] as JSON
                } ?? .null,
            "bar": bar?.json ?? .null,
            "popGesture": .string(popGesture.rawValue),
            "scrolled": .bool(scrolled),
        ]
        return .object(o)
    }
}

extension NavigationItem {
    public mutating func apply(_ r: ParamReader) throws(RPCError) {
        try r.patchString("title", &title)
        try r.patchSize("titleView", &titleView)
        try r.patch("leftItems", &leftItems, reset: []) { (v: JSON, p: String) throws(RPCError) -> [BarItem] in
            try BarItem.decodeList(v, path: p, side: "left")
        }
        try r.patch("rightItems", &rightItems, reset: []) { (v: JSON, p: String) throws(RPCError) -> [BarItem] in
            try BarItem.decodeList(v, path: p, side: "right")
        }
        try r.patchOptionalObject("backItem", &backItem, fresh: BackItem()) { (br: ParamReader, bi: inout BackItem) throws(RPCError) in
            try br.patchString("title", &bi.title)
            try br.patchSize("image", &bi.image)
            try br.patchEnum("action", &bi.action, reset: .none)
        }
        try r.patchString("backButtonTitle", &backButtonTitle)
        try r.patchEnum("backButtonDisplayMode", &backButtonDisplayMode, reset: .default)
        try r.patchBool("hidesBackButton", &hidesBackButton, reset: false)
        try r.patchBool("leftItemsSupplementBackButton", &leftItemsSupplementBackButton, reset: false)
        try r.patchEnum("largeTitleDisplayMode", &largeTitleDisplayMode, reset: .automatic)
        try r.patchOptionalObject("search", &search, fresh: SearchField()) { (sr: ParamReader, sf: inout SearchField) throws(RPCError) in
            try sr.patchBool("hidesWhenScrolling", &sf.hidesWhenScrolling, reset: true)
        }
    }

    public var json: JSON {
        let o: JSONObject = [
            "title": title.map(JSON.string) ?? .null,
            "titleView": titleView?.json ?? .null,
            "leftItems": .array(leftItems.map(\.json)),
            "rightItems": .array(rightItems.map(\.json)),
            "backItem":
                backItem.map { bi in
                    [
                        "title": bi.title.map(JSON.string) ?? .null, "image": bi.image?.json ?? .null,
                        "action": .string(bi.action.rawValue),
                    ] as JSON
                } ?? .null,
            "backButtonTitle": backButtonTitle.map(JSON.string) ?? .null,
            "backButtonDisplayMode": .string(backButtonDisplayMode.rawValue),
            "hidesBackButton": .bool(hidesBackButton),
            "leftItemsSupplementBackButton": .bool(leftItemsSupplementBackButton),
            "largeTitleDisplayMode": .string(largeTitleDisplayMode.rawValue),
            "search": search.map { ["hidesWhenScrolling": .bool($0.hidesWhenScrolling)] as JSON } ?? .null,
        ]
        return .object(o)
    }
}

extension BarItem {
    static let contentKeys = ["title", "image", "system", "customView"]

    static func decodeList(_ json: JSON, path: String, side: String) throws(RPCError) -> [BarItem] {
        guard case .array(let a) = json else {
            throw .invalidParams(
                path: path, expected: "an array of bar items", message: "'\(path)' must be an array of bar items, not \(json.typeName)")
        }
        var items: [BarItem] = []
        var seen = Set<String>()
        for (i, v) in a.enumerated() {
            let item = try BarItem.decode(v, path: "\(path)[\(i)]", defaultId: "\(side)-\(i)")
            guard seen.insert(item.id).inserted else {
                throw .invalidParams(
                    path: "\(path)[\(i)].id", expected: "an item id unique on this side",
                    message: "'\(path)[\(i)].id': item id '\(item.id)' is used twice")
            }
            items.append(item)
        }
        return items
    }

    /// Decodes one item: exactly one of `title`, `image`, `system`, `customView`.
    public static func decode(_ json: JSON, path: String, defaultId: String) throws(RPCError) -> BarItem {
        guard case .object(let o) = json else {
            throw .invalidParams(
                path: path, expected: "a bar item object", message: "'\(path)' must be a bar item object, not \(json.typeName)")
        }
        let r = ParamReader(object: o, path: path)
        let given = contentKeys.filter { r.value($0) != nil }
        guard given.count == 1, let key = given.first else {
            throw .invalidParams(
                path: path, expected: "exactly one of \"title\", \"image\", \"system\", \"customView\"",
                message: "'\(path)' must have exactly one of \"title\", \"image\", \"system\", \"customView\""
                    + (given.isEmpty ? "" : " (has \(given.joined(separator: ", ")))"))
        }
        let content: Content
        switch key {
        case "title": content = .title(try r.string("title"))
        case "image": content = .image(try Size.decode(try r.object("image")))
        case "system": content = .system(try r.string("system"))
        default: content = .customView(try CustomView.decode(try r.object("customView")))
        }
        let id = try r.optionalString("id") ?? defaultId
        return BarItem(
            id: id, content: content, enabled: try r.optionalBool("enabled") ?? true,
            hidden: try r.optionalBool("hidden") ?? false, width: try r.optionalDouble("width", atLeast: 0))
    }

    public var json: JSON {
        var o = JSONObject()
        o["id"] = .string(id)
        switch content {
        case .title(let t): o["title"] = .string(t)
        case .image(let s): o["image"] = s.json
        case .system(let s): o["system"] = .string(s)
        case .customView(let v): o["customView"] = v.json
        }
        o["enabled"] = .bool(enabled)
        o["hidden"] = .bool(hidden)
        o["width"] = width.map(JSON.number) ?? .null
        return .object(o)
    }
}

extension CustomView {
    public static func decode(_ r: ParamReader) throws(RPCError) -> CustomView {
        var v = CustomView()
        v.width = try r.optionalDouble("width", atLeast: 0) ?? v.width
        v.height = try r.optionalDouble("height", atLeast: 0) ?? v.height
        v.offset = try r.optionalPoint("offset") ?? .zero
        v.touchPolicy = try r.optionalEnum("touchPolicy", TouchPolicy.self) ?? .bounds
        if let ir = try r.optionalObject("hitInsets") { v.hitInsets = try EdgeInsets.decode(ir) }
        return v
    }

    public var json: JSON {
        [
            "width": .number(width), "height": .number(height), "offset": offset.json,
            "touchPolicy": .string(touchPolicy.rawValue), "hitInsets": hitInsets.json,
        ]
    }
}

extension BarAppearance {
    public mutating func apply(_ r: ParamReader) throws(RPCError) {
        try r.patchColor("barTintColor", &barTintColor)
        try r.patch("gradient", &gradient, reset: nil) { (v: JSON, p: String) throws(RPCError) -> [Color]? in
            guard case .array(let a) = v, !a.isEmpty else {
                throw .invalidParams(
                    path: p, expected: "a non-empty array of colours or null",
                    message: "'\(p)' must be a non-empty array of colours or null")
            }
            var colors: [Color] = []
            for (i, c) in a.enumerated() { colors.append(try Color.decode(c, path: "\(p)[\(i)]")) }
            return colors
        }
        try r.patchColor("tintColor", &tintColor)
        try r.patchColor("titleColor", &titleColor)
        try r.patchBool("translucent", &translucent, reset: true)
        try r.patchBool("hidden", &hidden, reset: false)
        try r.patchSize("backIndicator", &backIndicator)
        try r.patch("prefersLargeTitles", &prefersLargeTitles, reset: nil) { (v: JSON, p: String) throws(RPCError) -> Bool? in
            guard case .bool(let b) = v else {
                throw .invalidParams(path: p, expected: "true, false or null", message: "'\(p)' must be true, false or null")
            }
            return b
        }
        try r.patch("presentation", &presentation, reset: nil) { (v: JSON, p: String) throws(RPCError) -> Presentation? in
            guard case .string(let s) = v, let presentation = Presentation(rawValue: s) else {
                let names = Presentation.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw .invalidParams(path: p, expected: "one of \(names) or null", message: "'\(p)' must be one of \(names) or null")
            }
            return presentation
        }
    }

    public var json: JSON {
        let o: JSONObject = [
            "barTintColor": barTintColor?.faithfulJSON ?? .null,
            "gradient": gradient.map { .array($0.map(\.faithfulJSON)) } ?? .null,
            "tintColor": tintColor?.faithfulJSON ?? .null,
            "titleColor": titleColor?.faithfulJSON ?? .null,
            "translucent": .bool(translucent),
            "hidden": .bool(hidden),
            "backIndicator": backIndicator?.json ?? .null,
            "prefersLargeTitles": prefersLargeTitles.map(JSON.bool) ?? .null,
            "presentation": presentation.map { .string($0.rawValue) } ?? .null,
        ]
        return .object(o)
    }
}

extension Color {
    /// The colour as given, so that decoding it again yields an identical value: its system name,
    /// else hex when every component is 8-bit, else the `{"r","g","b","a"}` object.
    public var faithfulJSON: JSON {
        if let name { return .string(name) }
        let alphaExact = (alpha * 255 - (alpha * 255).rounded()).magnitude < 1e-9
        if isEightBit, alphaExact { return .string(hex) }
        return ["r": .number(red), "g": .number(green), "b": .number(blue), "a": .number(alpha)]
    }
}

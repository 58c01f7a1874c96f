import JSONCore
import NavModel

// Session configuration on the wire: the same patch rules as screens (see ScreenCoding.swift).

extension SessionConfig {
    /// The configuration members a request may carry, in wire order.
    public static let keys = ["profile", "device", "locale", "appLocalizations", "policies"]

    /// Applies the members of `keys` that `r` carries.
    public mutating func apply(_ r: ParamReader) throws(RPCError) {
        try r.patchEnum("profile", &profile, reset: .ios17)
        try r.patchObject("device", &device, reset: .standard) { (dr: ParamReader, d: inout Device) throws(RPCError) in
            let std = Device.standard
            // A preset sets every number; numbers given beside it override it, and then it no longer names them.
            switch dr.field("preset") {
            case .absent: break
            case .null: d.preset = nil
            case .value(let v):
                guard case .string(let name) = v, let known = DevicePreset.named(name) else {
                    let names = DevicePreset.all.map(\.name).joined(separator: ", ")
                    throw .invalidParams(
                        path: dr.path("preset"), expected: "one of \(names)",
                        message: "'\(dr.path("preset"))' must be a device preset: \(names)")
                }
                d = known.device
            }
            try dr.patchNumber("width", &d.width, reset: std.width, min: 1, max: 10_000)
            try dr.patchNumber("height", &d.height, reset: std.height, min: 1, max: 10_000)
            try dr.patchNumber("statusBarHeight", &d.statusBarHeight, reset: std.statusBarHeight, min: 0, max: 1_000)
            try dr.patchNumber("scale", &d.scale, reset: std.scale, min: 1, max: 4)
            if let named = d.preset.flatMap(DevicePreset.named), named.device != d { d.preset = nil }
        }
        try r.patch("locale", &locale, reset: "en") { (v: JSON, p: String) throws(RPCError) -> String in
            guard case .string(let s) = v, Self.isLanguageTag(s) else {
                throw .invalidParams(
                    path: p, expected: "a language tag such as \"en\" or \"de-DE\"",
                    message: "'\(p)' must be a language tag such as \"en\" or \"de-DE\"")
            }
            return s
        }
        try r.patch("appLocalizations", &appLocalizations, reset: ["en"]) { (v: JSON, p: String) throws(RPCError) -> [String] in
            guard case .array(let a) = v, !a.isEmpty else {
                throw .invalidParams(
                    path: p, expected: "a non-empty array of language tags", message: "'\(p)' must be a non-empty array of language tags")
            }
            var out: [String] = []
            for (i, e) in a.enumerated() {
                guard case .string(let s) = e, Self.isLanguageTag(s) else {
                    throw .invalidParams(path: "\(p)[\(i)]", expected: "a language tag such as \"en\" or \"zh-Hans\"")
                }
                out.append(s)
            }
            return out
        }
        try r.patchObject("policies", &policies, reset: Policies()) { (pr: ParamReader, p: inout Policies) throws(RPCError) in
            try p.apply(pr)
        }
    }

    static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetterOrDigitish) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigitish) }
    }

    public var json: JSON {
        [
            "profile": .string(profile.rawValue), "device": device.json, "locale": .string(locale),
            "appLocalizations": .array(appLocalizations.map(JSON.string)), "policies": policies.json,
        ]
    }
}

extension Character { fileprivate var isASCIILetterOrDigitish: Bool { isASCII && (isLetter || isNumber) } }

extension Device {
    public var json: JSON {
        var o: JSONObject = [
            "width": .number(width), "height": .number(height), "statusBarHeight": .number(statusBarHeight), "scale": .number(scale),
        ]
        if let preset { o["preset"] = .string(preset) }
        return .object(o)
    }
}

extension Policies {
    public mutating func apply(_ r: ParamReader) throws(RPCError) {
        let d = Policies()
        try r.patchBool("emptyBackTitles", &emptyBackTitles, reset: d.emptyBackTitles)
        try r.patchEnum("backInterception", &backInterception, reset: d.backInterception)
        try r.patchEnum("popGesture", &popGesture, reset: d.popGesture)
        try r.patchNumber("popEdgeWidth", &popEdgeWidth, reset: d.popEdgeWidth, min: 0, max: 10_000)
        try r.patchNumber("popMaxStartX", &popMaxStartX, reset: d.popMaxStartX, min: 0, max: 10_000)
        try r.patchBool("forwardOutsideTouches", &forwardOutsideTouches, reset: d.forwardOutsideTouches)
        switch r.field("touchSlop") {
        case .absent: break
        case .null: touchSlop = .automatic
        case .value(.bool(false)): touchSlop = .off
        case .value(.object(let o)):
            let sr = ParamReader(object: o, path: r.path("touchSlop"))
            let above = try sr.optionalDouble("above", atLeast: 0) ?? 20
            let below = try sr.optionalDouble("below", atLeast: 0) ?? 15
            touchSlop = .on(above: above, below: below)
        case .value(let v):
            throw .invalidParams(
                path: r.path("touchSlop"), expected: "{\"above\",\"below\"}, false or null",
                message:
                    "'\(r.path("touchSlop"))' must be {\"above\",\"below\"}, false (off) or null (the profile's default), not \(v.typeName)"
            )
        }
        try r.patchEnum("tintMethod", &tintMethod, reset: d.tintMethod)
        try r.patchNumber("tintThreshold", &tintThreshold, reset: d.tintThreshold, min: 0, max: 1)
        try r.patchBool("backTitleSnapshot", &backTitleSnapshot, reset: d.backTitleSnapshot)
        try r.patchEnum("foreground", &foreground, reset: d.foreground)
        try r.patchNumber("defaultTintContrast", &defaultTintContrast, reset: d.defaultTintContrast, min: 1, max: 21)
        try r.patchBool("stickyBackTitle", &stickyBackTitle, reset: d.stickyBackTitle)
        try r.patchEnum("emptyBackItemTitle", &emptyBackItemTitle, reset: d.emptyBackItemTitle)
        try r.patchEnum("emptyBackButtonTitle", &emptyBackButtonTitle, reset: d.emptyBackButtonTitle)
        try r.patchEnum("emptyScreenTitle", &emptyScreenTitle, reset: d.emptyScreenTitle)
        try r.patchBool("glassEmptyBackItemHides", &glassEmptyBackItemHides, reset: d.glassEmptyBackItemHides)
        try r.patchEnum("alphaRule", &alphaRule, reset: d.alphaRule)
        try r.patchEnum("maskOutside", &maskOutside, reset: d.maskOutside)
        try r.patchBool("supplementKeepsPopGesture", &supplementKeepsPopGesture, reset: d.supplementKeepsPopGesture)
        try r.patchNumber("minimalBackButtonWidth", &minimalBackButtonWidth, reset: d.minimalBackButtonWidth, min: 29, max: 44)
        try r.patchNumber("glassBarHeight", &glassBarHeight, reset: d.glassBarHeight, min: 44, max: 54)
        try r.patchNumber("glassItemSpacing", &glassItemSpacing, reset: d.glassItemSpacing, min: 6, max: 16)
        try r.patchNumber("largeTitleRowHeight", &largeTitleRowHeight, reset: d.largeTitleRowHeight, min: 44, max: 60)
        try r.patchNumber("searchRowHeight", &searchRowHeight, reset: d.searchRowHeight, min: 44, max: 60)
        try r.patchNumber("touchTargetTolerance", &touchTargetTolerance, reset: d.touchTargetTolerance, min: 0, max: 10)
        try r.patchNumber("compactBarHeight", &compactBarHeight, reset: d.compactBarHeight, min: 20, max: 44)
        try r.patchEnum("backTitleRoom", &backTitleRoom, reset: d.backTitleRoom)
        try r.patchEnum("backButtonEnd", &backButtonEnd, reset: d.backButtonEnd)
        try r.patchEnum("textMetrics", &textMetrics, reset: d.textMetrics)
        switch r.field("textFont") {
        case .absent: break
        case .null: textFont = nil
        case .value(.object(let o)):
            let fr = ParamReader(object: o, path: r.path("textFont"))
            let file = try fr.string("file")
            guard !file.isEmpty else {
                throw .invalidParams(
                    path: fr.path("file"), expected: "a font file's path", message: "'\(fr.path("file"))' is empty")
            }
            var face: TextFontSetting.Face?
            switch fr.field("face") {
            case .absent, .null: face = nil
            case .value(.string(let name)): face = .name(name)
            case .value(.int(let n)) where n >= 0 && n < 65536: face = .index(Int(n))
            case .value(let v):
                throw .invalidParams(
                    path: fr.path("face"), expected: "a face index (0 or more) or a face name",
                    message: "'\(fr.path("face"))' must be a face's index in the collection or its name, not \(v.typeName)")
            }
            textFont = TextFontSetting(file: file, face: face)
        case .value(let v):
            throw .invalidParams(
                path: r.path("textFont"), expected: "{\"file\", \"face\"?} or null",
                message: "'\(r.path("textFont"))' must be {\"file\", \"face\"?} or null (no font file), not \(v.typeName)")
        }
        try r.patch("textWidths", &textWidths, reset: TextWidths()) { (v: JSON, p: String) throws(RPCError) -> TextWidths in
            try TextWidths.decode(v, path: p)
        }
    }

    public var json: JSON {
        let touchSlopJSON: JSON =
            switch touchSlop {
            case .automatic: .null
            case .off: .bool(false)
            case .on(let above, let below): ["above": .number(above), "below": .number(below)]
            }
        var o: JSONObject = [
            "emptyBackTitles": .bool(emptyBackTitles),
            "backInterception": .string(backInterception.rawValue),
            "popGesture": .string(popGesture.rawValue),
            "popEdgeWidth": .number(popEdgeWidth),
            "popMaxStartX": .number(popMaxStartX),
            "forwardOutsideTouches": .bool(forwardOutsideTouches),
            "touchSlop": touchSlopJSON,
            "tintMethod": .string(tintMethod.rawValue),
            "tintThreshold": .number(tintThreshold),
            "backTitleSnapshot": .bool(backTitleSnapshot),
            "foreground": .string(foreground.rawValue),
            "defaultTintContrast": .number(defaultTintContrast),
            "stickyBackTitle": .bool(stickyBackTitle),
            "emptyBackItemTitle": .string(emptyBackItemTitle.rawValue),
            "emptyBackButtonTitle": .string(emptyBackButtonTitle.rawValue),
            "emptyScreenTitle": .string(emptyScreenTitle.rawValue),
            "glassEmptyBackItemHides": .bool(glassEmptyBackItemHides),
            "alphaRule": .string(alphaRule.rawValue),
            "maskOutside": .string(maskOutside.rawValue),
            "supplementKeepsPopGesture": .bool(supplementKeepsPopGesture),
            "minimalBackButtonWidth": .number(minimalBackButtonWidth),
            "glassBarHeight": .number(glassBarHeight),
            "glassItemSpacing": .number(glassItemSpacing),
            "largeTitleRowHeight": .number(largeTitleRowHeight),
            "searchRowHeight": .number(searchRowHeight),
            "touchTargetTolerance": .number(touchTargetTolerance),
            "compactBarHeight": .number(compactBarHeight),
            "backTitleRoom": .string(backTitleRoom.rawValue),
            "backButtonEnd": .string(backButtonEnd.rawValue),
            "textMetrics": .string(textMetrics.rawValue),
        ]
        // Written only when set, so documents and snapshots without a font file read as they always did.
        if let textFont { o["textFont"] = textFont.json }
        if !textWidths.isEmpty { o["textWidths"] = textWidths.json }
        return .object(o)
    }
}

// MARK: Snapshot documents

/// A whole session as one JSON document (`session/snapshot`, `session/restore`, persistence).
public enum SessionDocument {
    public static let format = "navd-session"
    public static let formatVersion: Int64 = 1

    public static func encode(name: String, model: NavigationModel) -> JSON {
        var members: [(String, JSON)] = [("format", .string(format)), ("formatVersion", .int(formatVersion)), ("name", .string(name))]
        members += configMembers(model.config)
        var covered = JSONObject()
        for screen in model.screens { if let s = model.coveredSnapshot(of: screen.id) { covered[screen.id] = s.json } }
        members += [
            ("screens", .array(model.screens.map(\.json))), ("version", .int(Int64(model.version))),
            ("nextGeneratedId", .int(Int64(model.nextGeneratedId))), ("coveredSnapshots", .object(covered)),
        ]
        if let shown = model.shownBackTitle {
            members.append(("shownBackTitle", ["screenId": .string(shown.screenId), "backTitle": shown.backTitle.json]))
        }
        return .object(JSONObject(distinctKeys: members))
    }

    /// A document's members that hold the configuration: its wire members, then the session's bar.
    static func configMembers(_ config: SessionConfig) -> [(String, JSON)] {
        (config.json.objectValue?.members.map { ($0.key, $0.value) } ?? []) + [("bar", config.bar.json)]
    }

    /// The document the state directory keeps: ``encode(name:model:)``'s, less every member whose value is the
    /// one ``decode(_:limits:)`` takes when the member is absent (``storedDefaults``). Decoding either gives the
    /// same model; this one is about a sixth of the bytes for a session of default screens, so a commit writes
    /// fewer pages. The bytes are those of `encode(name:model:).serializedBytes(leavingOut: storedDefaults)`,
    /// written without building that document.
    public static func encodeStored(name: String, model: NavigationModel) -> [UInt8] {
        var cache = StoredScreens()
        return encodeStored(name: name, model: model, reusing: &cache)
    }

    /// What a screen's reader takes for an absent member: a new screen's, less its id.
    static let storedScreenDefaults: JSONDefaults = {
        let newScreen = Screen(id: "")
        var screen = newScreen.json.objectValue ?? [:]
        screen["id"] = nil
        return .object(values: screen, nested: ["item": .object(newScreen.item.json.objectValue ?? [:])])
    }()

    /// ``encodeStored(name:model:)``'s bytes, written piece by piece: a screen or covered snapshot equal to
    /// one `cache` holds from the session's previous write is not encoded again, and a new session's
    /// configuration is not encoded at all. `cache` is left holding this write's screens. A mutation changes
    /// one screen or two, so a session of ten screens is written for a tenth of the encoding.
    public static func encodeStored(name: String, model: NavigationModel, reusing cache: inout StoredScreens) -> [UInt8] {
        var next = StoredScreens()
        next.screens.reserveCapacity(model.screens.count)
        for (index, screen) in model.screens.enumerated() {
            next.screens.append(.init(screen, cache.screens.bytes(of: screen, at: index)))
        }
        for screen in model.screens {
            if let snapshot = model.coveredSnapshot(of: screen.id) {
                next.covered.append(.init(snapshot, cache.covered.bytes(of: snapshot, at: next.covered.count)))
            }
        }
        let screens = next.screens.map(\.bytes)
        let covered = next.covered.map { ($0.screen.id, $0.bytes) }
        cache = next
        return JSONBytes.make(capacity: 256 + screens.reduce(0) { $0 + $1.count } + covered.reduce(0) { $0 + $1.1.count }) { out in
            out.raw(#"{"format":"#)
            out.string(format)
            out.raw(#","formatVersion":"#)
            out.integer(formatVersion)
            out.raw(#","name":"#)
            out.string(name)
            if model.config != newConfig {
                let config = JSON.object(JSONObject(distinctKeys: configMembers(model.config))).serializedBytes(
                    leavingOut: storedDefaults)
                // The members between the braces of a compact object, after a comma.
                if config.count > 2 {
                    out.byte(UInt8(ascii: ","))
                    config.withUnsafeBufferPointer { out.bytes(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
                }
            }
            out.raw(#","screens":["#)
            for index in screens.indices {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                out.bytes(screens[index])
            }
            out.raw(#"],"version":"#)
            out.integer(Int64(model.version))
            out.raw(#","nextGeneratedId":"#)
            out.integer(Int64(model.nextGeneratedId))
            out.raw(#","coveredSnapshots":{"#)
            for index in covered.indices {
                if index > 0 { out.byte(UInt8(ascii: ",")) }
                out.key(covered[index].0)
                out.byte(UInt8(ascii: ":"))
                out.bytes(covered[index].1)
            }
            out.byte(UInt8(ascii: "}"))
            if let shown = model.shownBackTitle {
                out.raw(#","shownBackTitle":{"screenId":"#)
                out.string(shown.screenId)
                out.raw(#","backTitle":"#)
                shown.backTitle.write(to: &out)
                out.byte(UInt8(ascii: "}"))
            }
            out.byte(UInt8(ascii: "}"))
        }
    }

    /// The stored encodings of a session's screens and covered snapshots, in stack order, from its last write.
    public struct StoredScreens: Sendable {
        var screens: [Kept] = []
        var covered: [Kept] = []

        public init() {}

        struct Kept: Sendable {
            var screen: Screen
            var bytes: [UInt8]
            init(_ screen: Screen, _ bytes: [UInt8]) {
                self.screen = screen
                self.bytes = bytes
            }
        }
    }

    /// A new session's configuration, whose every member ``storedDefaults`` leaves out.
    static let newConfig = SessionConfig()

    /// What a document's reader takes for an absent member. Decoding patches defaults, so these are the
    /// encodings of the default values: a new session's configuration and bar, a new screen less its id (a
    /// screen without one is given a new id), a new screen's navigation item. A member is left out whole, or,
    /// where `nested` names it, member by member: never a `device`'s numbers, which are read after its `preset`.
    public static let storedDefaults: JSONDefaults = {
        let config = newConfig
        let bar = BarAppearance()
        var values = config.json.objectValue ?? [:]
        values["bar"] = bar.json
        let screenDefaults = storedScreenDefaults
        return .object(
            values: values,
            nested: [
                "policies": .object(config.policies.json.objectValue ?? [:]),
                "bar": .object(bar.json.objectValue ?? [:]),
                "screens": .each(screenDefaults),
                "coveredSnapshots": .each(screenDefaults),
            ])
    }()

    /// Decodes a document; errors name the member under `document.`.
    public static func decode(_ json: JSON, limits: ModelLimits) throws(RPCError) -> (name: String, model: NavigationModel) {
        let r = try ParamReader(json, path: "document")
        guard r.has("format") || r.has("screens") else {
            // Most often an empty object, or another JSON file: say what a session document has.
            throw .invalidParams(
                path: "document.screens", expected: "a document from session/snapshot",
                message:
                    "'screens' is missing: this is not a session document, which has \"format\": \"navd-session\" and its \"screens\" (navctl session snapshot and navctl flows write them)"
            )
        }
        if let f = try r.optionalString("format"), f != format {
            throw .invalidParams(path: r.path("format"), expected: "\"\(format)\"")
        }
        if let v = try r.optionalInt("formatVersion"), v != formatVersion {
            throw .invalidParams(
                path: r.path("formatVersion"), expected: "\(formatVersion)",
                message: "'document.formatVersion' \(v) is not supported (expected \(formatVersion))")
        }
        var config = SessionConfig()
        try config.apply(r)
        var bar = BarAppearance()
        if let br = try r.optionalObject("bar") { try bar.apply(br) }
        config.bar = bar
        var counter = 0
        let screens =
            try r.optionalArray("screens") { (v: JSON, p: String) throws(RPCError) -> Screen in
                try Screen.decode(v, path: p) {
                    counter += 1
                    return "restored-\(counter)"
                }
            } ?? []
        var covered: [String: Screen] = [:]
        if let cr = try r.optionalObject("coveredSnapshots") {
            for member in cr.object {
                covered[member.key] = try Screen.decode(member.value, path: cr.path(member.key)) { member.key }
            }
        }
        var shown: ShownBackTitle?
        if let sr = try r.optionalObject("shownBackTitle") {
            shown = ShownBackTitle(screenId: try sr.string("screenId"), backTitle: try BackTitle.decode(try sr.object("backTitle")))
        }
        let version = try r.optionalInt("version") ?? 0
        let next = try r.optionalInt("nextGeneratedId") ?? 1
        guard version >= 0 else { throw .invalidParams(path: r.path("version"), expected: "an integer >= 0") }
        let name = try r.optionalString("name") ?? ""
        let model: NavigationModel
        do {
            model = try NavigationModel(
                restoring: config, screens: screens, version: version, coveredSnapshots: covered,
                nextGeneratedId: max(1, next), shownBackTitle: shown, limits: limits)
        } catch {
            throw RPCErrorMapping.map(error)
        }
        return (name, model)
    }
}

/// Model errors met while decoding documents (the server maps the rest).
enum RPCErrorMapping {
    static func map(_ error: ModelError) -> RPCError {
        switch error {
        case .duplicateScreen(let id, let path):
            return .invalidParams(path: path, expected: "a unique screen id", message: "'\(path)': screen id '\(id)' is used twice")
        case .limitExceeded(let name, let limit):
            return .limitExceeded(name: name, limit: limit)
        default:
            return .invalidParams(path: "document", expected: "a document from session/snapshot")
        }
    }
}

extension Policies.TextFontSetting {
    /// `{file, face?}`: `face` a collection's face index or a face's name.
    public var json: JSON {
        var o: JSONObject = ["file": .string(file)]
        switch face {
        case nil: break
        case .index(let i): o["face"] = .number(i)
        case .name(let n): o["face"] = .string(n)
        }
        return .object(o)
    }
}

// MARK: Given text widths

extension TextWidths {
    /// `[{"text", "style", "width"}]`; a text given twice in one style is refused at the second.
    static func decode(_ v: JSON, path p: String) throws(RPCError) -> TextWidths {
        guard case .array(let list) = v else {
            throw .invalidParams(
                path: p, expected: "an array of {\"text\", \"style\", \"width\"} or null",
                message: "'\(p)' must be an array of {\"text\", \"style\", \"width\"} or null (none given), not \(v.typeName)")
        }
        var widths = TextWidths()
        for (i, element) in list.enumerated() {
            let at = "\(p)[\(i)]"
            guard case .object(let o) = element else {
                throw .invalidParams(
                    path: at, expected: "{\"text\", \"style\", \"width\"}",
                    message: "'\(at)' must be {\"text\", \"style\", \"width\"}, not \(element.typeName)")
            }
            let r = ParamReader(object: o, path: at)
            let text = try r.string("text")
            guard let style = try r.optionalEnum("style", Style.self) else { throw r.missing("style", "a text style") }
            guard let width = try r.optionalDouble("width", atLeast: 0) else { throw r.missing("width", "a number") }
            guard width <= 10_000 else {
                throw .invalidParams(
                    path: r.path("width"), expected: "a number <= 10000", message: "'\(r.path("width"))' must be at most 10000")
            }
            if widths.width(of: text, style: style) != nil {
                throw .invalidParams(
                    path: at, expected: "one width per text and style",
                    message: "'\(at)' gives \"\(text)\" in style \"\(style.rawValue)\" a second width")
            }
            widths.set(Entry(text: text, style: style, width: width))
        }
        return widths
    }

    var json: JSON {
        .array(
            entries.map { e in
                ["text": .string(e.text), "style": .string(e.style.rawValue), "width": .number(e.width)]
            })
    }
}

extension [SessionDocument.StoredScreens.Kept] {
    /// The stored encoding of `screen`, unchanged at `index` or next to it (a push or a pop leaves the screens
    /// below it where they were; a screen inserted or removed shifts the rest by one); else encoded. Looking no
    /// further keeps a write of a deep stack linear in its depth.
    func bytes(of screen: Screen, at index: Int) -> [UInt8] {
        for place in [index, index - 1, index + 1] where indices.contains(place) && self[place].screen == screen {
            return self[place].bytes
        }
        return screen.json.serializedBytes(leavingOut: SessionDocument.storedScreenDefaults)
    }
}

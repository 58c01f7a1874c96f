import ArgumentParser
import JSONCore

/// The screen members people set most, as options: shared by `push` and `update screen`.
struct ScreenOptions: ParsableArguments {
    @Option(name: .customLong("back-action"), help: "What tapping back does on this screen: pop, custom or none.") var backAction: String?
    @Option(
        name: .customLong("back-item-title"),
        help: "The title of this screen's back item, used by the NEXT screen's back button; \"\" shows the arrow alone.")
    var backItemTitle: String?
    @Option(name: .customLong("back-item-action"), help: "custom: a target and action set on the back item (never called, BB-11).")
    var backItemAction: String?
    @Option(name: .customLong("back-button-title"), help: "This screen's backButtonTitle.") var backButtonTitle: String?
    @Option(name: .customLong("display-mode"), help: "backButtonDisplayMode: default, generic or minimal.") var displayMode: String?
    @Option(name: .customLong("hides-back-button"), help: "true or false.") var hidesBackButton: Bool?
    @Option(name: .customLong("supplement"), help: "leftItemsSupplementBackButton: true or false.") var supplement: Bool?
    @Option(name: .customLong("pop-gesture"), help: "inherit, edge, fullscreen or disabled.") var popGesture: String?
    @Option(
        name: .customLong("left-item"),
        help: ArgumentHelp("A text item on the left (repeatable); its id is ID=TEXT or the text.", valueName: "[id=]text"))
    var leftItems: [String] = []
    @Option(name: .customLong("right-item"), help: ArgumentHelp("A text item on the right (repeatable).", valueName: "[id=]text"))
    var rightItems: [String] = []
    @Option(
        name: .customLong("custom-item"),
        help: ArgumentHelp(
            "A custom-view item: SIDE:ID:WxH[:DX,DY][:outside], e.g. right:share:44x44:-10,0:outside (the button at DX,DY in its container; outside: the container searches beyond its bounds).",
            valueName: "spec"))
    var customItems: [String] = []
    @Option(name: .customLong("back-style-title"), help: "An explicit back button label for this screen (the unified back style).")
    var backStyleTitle: String?
    @Option(name: .customLong("back-style-color"), help: ArgumentHelp("Its colour.", valueName: "color")) var backStyleColor: String?
    @Option(name: .customLong("bar-tint"), help: ArgumentHelp("This screen's own bar colour.", valueName: "color")) var barTint: String?

    func validate() throws { _ = try members() }

    /// The members given, as a partial Screen.
    func members() throws -> JSONObject {
        for (name, value, allowed) in [
            ("--back-action", backAction, ["pop", "custom", "none"]), ("--display-mode", displayMode, ["default", "generic", "minimal"]),
            ("--pop-gesture", popGesture, ["inherit", "edge", "fullscreen", "disabled"]),
            ("--back-item-action", backItemAction, ["none", "custom"]),
        ] {
            if let value, !allowed.contains(value) { throw ValidationError("\(name) must be one of \(allowed.joined(separator: ", "))") }
        }
        var o = JSONObject()
        if let backAction { o["backAction"] = .string(backAction) }
        if let popGesture { o["popGesture"] = .string(popGesture) }
        var item = JSONObject()
        if backItemTitle != nil || backItemAction != nil {
            var backItem = JSONObject()
            if let backItemTitle { backItem["title"] = .string(backItemTitle) }
            if let backItemAction { backItem["action"] = .string(backItemAction) }
            item["backItem"] = .object(backItem)
        }
        if let backButtonTitle { item["backButtonTitle"] = .string(backButtonTitle) }
        if let displayMode { item["backButtonDisplayMode"] = .string(displayMode) }
        if let hidesBackButton { item["hidesBackButton"] = .bool(hidesBackButton) }
        if let supplement { item["leftItemsSupplementBackButton"] = .bool(supplement) }
        var left = leftItems.map(Self.textItem)
        var right = rightItems.map(Self.textItem)
        for spec in customItems {
            let (side, custom) = try Self.customItem(spec)
            if side == "left" { left.append(custom) } else { right.append(custom) }
        }
        if !left.isEmpty { item["leftItems"] = .array(left) }
        if !right.isEmpty { item["rightItems"] = .array(right) }
        if !item.isEmpty { o["item"] = .object(item) }
        if backStyleTitle != nil || backStyleColor != nil {
            var style = JSONObject()
            if let backStyleTitle { style["title"] = .string(backStyleTitle) }
            if let backStyleColor { style["color"] = .string(backStyleColor) }
            o["backStyle"] = .object(style)
        }
        if let barTint { o["bar"] = ["barTintColor": .string(barTint)] }
        return o
    }

    /// `save=Save` or `Save` (id `save`).
    static func textItem(_ spec: String) -> JSON {
        if let eq = spec.firstIndex(of: "="), eq != spec.startIndex {
            return ["id": .string(String(spec[..<eq])), "title": .string(String(spec[spec.index(after: eq)...]))]
        }
        let id = spec.lowercased().filter { $0.isLetter || $0.isNumber }
        return ["id": .string(id.isEmpty ? "item" : id), "title": .string(spec)]
    }

    /// `right:share:44x44:-10,0:outside`.
    static func customItem(_ spec: String) throws -> (String, JSON) {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let usage = "--custom-item takes SIDE:ID:WxH[:DX,DY][:outside], e.g. right:share:44x44:-10,0:outside (got '\(spec)')"
        guard parts.count >= 3, parts[0] == "left" || parts[0] == "right", !parts[1].isEmpty else { throw ValidationError(usage) }
        let size = parts[2].lowercased().split(separator: "x").compactMap { Double($0) }
        guard size.count == 2, size[0] > 0, size[1] > 0 else { throw ValidationError(usage) }
        var custom: JSONObject = ["width": .number(size[0]), "height": .number(size[1])]
        for extra in parts.dropFirst(3) {
            if extra == "outside" {
                custom["touchPolicy"] = "outside"
            } else {
                let offset = extra.split(separator: ",").compactMap { Double($0) }
                guard offset.count == 2 else { throw ValidationError(usage) }
                custom["offset"] = ["x": .number(offset[0]), "y": .number(offset[1])]
            }
        }
        return (parts[0], ["id": .string(parts[1]), "customView": .object(custom)])
    }
}

extension JSONObject {
    /// This object with `other`'s members merged in, nested objects member by member.
    func merged(with other: JSONObject) -> JSONObject {
        var out = self
        for member in other {
            if case .object(let mine)? = out[member.key], case .object(let theirs) = member.value {
                out[member.key] = .object(mine.merged(with: theirs))
            } else {
                out[member.key] = member.value
            }
        }
        return out
    }
}

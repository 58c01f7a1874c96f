import Foundation

/// A navd session document (`*.navd.json`, docs/documents.md): the members the probe can fill. Each optional member
/// left nil, and each flag at its default, is left out of the JSON, so navd takes its default for it.
public struct SessionDocument: Sendable, Hashable {
    public var name: String?
    public var description: String?
    /// What the probe could not read or had to decide, one sentence each.
    public var notes: [String]
    public var profile: ProbeProfile?
    public var device: Device?
    /// The session-wide bar: the navigation bar as it is now.
    public var bar: Bar?
    /// The stack, root first.
    public var screens: [Screen]

    public init(
        name: String? = nil, description: String? = nil, notes: [String] = [], profile: ProbeProfile? = nil,
        device: Device? = nil, bar: Bar? = nil, screens: [Screen] = []
    ) {
        self.name = name
        self.description = description
        self.notes = notes
        self.profile = profile
        self.device = device
        self.bar = bar
        self.screens = screens
    }

    /// The screen the document's `device` describes. A member left nil takes navd's default (390 x 844, status bar
    /// 47, @3x).
    public struct Device: Sendable, Hashable {
        public var width: Double?
        public var height: Double?
        public var statusBarHeight: Double?
        public var scale: Double?
        public init(width: Double? = nil, height: Double? = nil, statusBarHeight: Double? = nil, scale: Double? = nil) {
            self.width = width
            self.height = height
            self.statusBarHeight = statusBarHeight
            self.scale = scale
        }
    }

    /// A BarAppearance.
    public struct Bar: Sendable, Hashable {
        public var barTintColor: String?
        public var tintColor: String?
        public var titleColor: String?
        public var translucent: Bool
        public var hidden: Bool
        public var backIndicator: ProbeSize?
        public init(
            barTintColor: String? = nil, tintColor: String? = nil, titleColor: String? = nil, translucent: Bool = true,
            hidden: Bool = false, backIndicator: ProbeSize? = nil
        ) {
            self.barTintColor = barTintColor
            self.tintColor = tintColor
            self.titleColor = titleColor
            self.translucent = translucent
            self.hidden = hidden
            self.backIndicator = backIndicator
        }
    }

    /// A Screen: one view controller on the stack.
    public struct Screen: Sendable, Hashable {
        public enum PopGesture: String, Sendable, Hashable, CaseIterable {
            case inherit, edge, fullscreen, disabled
        }

        public var id: String
        public var title: String?
        public var item: Item
        /// This screen's own bar; nil inherits.
        public var bar: Bar?
        public var popGesture: PopGesture
        public init(id: String, title: String? = nil, item: Item = Item(), bar: Bar? = nil, popGesture: PopGesture = .inherit) {
            self.id = id
            self.title = title
            self.item = item
            self.bar = bar
            self.popGesture = popGesture
        }
    }

    /// A NavigationItem.
    public struct Item: Sendable, Hashable {
        public var title: String?
        public var titleView: ProbeSize?
        public var leftItems: [BarItem]
        public var rightItems: [BarItem]
        public var backItem: BackItem?
        public var backButtonTitle: String?
        public var backButtonDisplayMode: ProbeBackButtonDisplayMode
        public var hidesBackButton: Bool
        public var leftItemsSupplementBackButton: Bool
        public init(
            title: String? = nil, titleView: ProbeSize? = nil, leftItems: [BarItem] = [], rightItems: [BarItem] = [],
            backItem: BackItem? = nil, backButtonTitle: String? = nil, backButtonDisplayMode: ProbeBackButtonDisplayMode = .default,
            hidesBackButton: Bool = false, leftItemsSupplementBackButton: Bool = false
        ) {
            self.title = title
            self.titleView = titleView
            self.leftItems = leftItems
            self.rightItems = rightItems
            self.backItem = backItem
            self.backButtonTitle = backButtonTitle
            self.backButtonDisplayMode = backButtonDisplayMode
            self.hidesBackButton = hidesBackButton
            self.leftItemsSupplementBackButton = leftItemsSupplementBackButton
        }
    }

    /// `backBarButtonItem`.
    public struct BackItem: Sendable, Hashable {
        public var title: String?
        public var image: ProbeSize?
        /// A target or an action is set on it: UIKit never calls them (BB-11).
        public var customAction: Bool
        public init(title: String? = nil, image: ProbeSize? = nil, customAction: Bool = false) {
            self.title = title
            self.image = image
            self.customAction = customAction
        }
    }

    /// A BarItem: exactly one content.
    public struct BarItem: Sendable, Hashable {
        public enum Content: Sendable, Hashable {
            case title(String)
            case image(ProbeSize)
            /// A system item; UIKit does not say which, so the name is "unknown" and navd draws a glyph.
            case system(String)
            /// A custom view's size; nil takes navd's 44.
            case customView(width: Double?, height: Double?)
        }

        public var id: String?
        public var content: Content
        public var enabled: Bool
        public var hidden: Bool
        public var width: Double?
        public init(id: String? = nil, content: Content, enabled: Bool = true, hidden: Bool = false, width: Double? = nil) {
            self.id = id
            self.content = content
            self.enabled = enabled
            self.hidden = hidden
            self.width = width
        }
    }

    // MARK: The JSON

    /// The document as navd reads it: two-space indents, members in navd's order, a final newline.
    public var json: String { jsonValue.text() + "\n" }

    /// Writes `json` to `url` (UTF-8), replacing what is there.
    public func write(to url: URL) throws {
        try Data(json.utf8).write(to: url, options: .atomic)
    }

    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("format", .string("navd-session"))
        o.add("formatVersion", .number(1))
        o.add("name", name.map(JSONValue.string))
        o.add("description", description.map(JSONValue.string))
        o.add("notes", notes.isEmpty ? nil : .array(notes.map(JSONValue.string)))
        o.add("profile", profile.map { .string($0.rawValue) })
        o.add("device", device.map(\.jsonValue))
        o.add("bar", bar.map(\.jsonValue))
        o.add("screens", .array(screens.map(\.jsonValue)))
        return o.value
    }
}

extension ProbeSize {
    var jsonValue: JSONValue {
        .object([JSONMember(key: "width", value: .number(width)), JSONMember(key: "height", value: .number(height))])
    }
}

extension SessionDocument.Device {
    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("width", width.map(JSONValue.number))
        o.add("height", height.map(JSONValue.number))
        o.add("statusBarHeight", statusBarHeight.map(JSONValue.number))
        o.add("scale", scale.map(JSONValue.number))
        return o.value
    }
}

extension SessionDocument.Bar {
    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("barTintColor", barTintColor.map(JSONValue.string))
        o.add("tintColor", tintColor.map(JSONValue.string))
        o.add("titleColor", titleColor.map(JSONValue.string))
        o.add("translucent", translucent ? nil : .bool(false))
        o.add("hidden", hidden ? .bool(true) : nil)
        o.add("backIndicator", backIndicator.map(\.jsonValue))
        return o.value
    }
}

extension SessionDocument.Screen {
    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("id", .string(id))
        o.add("title", title.map(JSONValue.string))
        let item = item.jsonValue
        o.add("item", item == .object([]) ? nil : item)
        o.add("bar", bar.map(\.jsonValue))
        o.add("popGesture", popGesture == .inherit ? nil : .string(popGesture.rawValue))
        return o.value
    }
}

extension SessionDocument.Item {
    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("title", title.map(JSONValue.string))
        o.add("titleView", titleView.map(\.jsonValue))
        o.add("leftItems", leftItems.isEmpty ? nil : .array(leftItems.map(\.jsonValue)))
        o.add("rightItems", rightItems.isEmpty ? nil : .array(rightItems.map(\.jsonValue)))
        o.add("backItem", backItem.map(\.jsonValue))
        o.add("backButtonTitle", backButtonTitle.map(JSONValue.string))
        o.add("backButtonDisplayMode", backButtonDisplayMode == .default ? nil : .string(backButtonDisplayMode.rawValue))
        o.add("hidesBackButton", hidesBackButton ? .bool(true) : nil)
        o.add("leftItemsSupplementBackButton", leftItemsSupplementBackButton ? .bool(true) : nil)
        return o.value
    }
}

extension SessionDocument.BackItem {
    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("title", title.map(JSONValue.string))
        o.add("image", image.map(\.jsonValue))
        o.add("action", customAction ? .string("custom") : nil)
        return o.value
    }
}

extension SessionDocument.BarItem {
    var jsonValue: JSONValue {
        var o = JSONObjectBuilder()
        o.add("id", id.map(JSONValue.string))
        switch content {
        case .title(let title): o.add("title", .string(title))
        case .image(let size): o.add("image", size.jsonValue)
        case .system(let name): o.add("system", .string(name))
        case .customView(let width, let height):
            var view = JSONObjectBuilder()
            view.add("width", width.map(JSONValue.number))
            view.add("height", height.map(JSONValue.number))
            o.add("customView", view.value)
        }
        o.add("enabled", enabled ? nil : .bool(false))
        o.add("hidden", hidden ? .bool(true) : nil)
        o.add("width", width.map(JSONValue.number))
        return o.value
    }
}

import NavModel
import NavSource
import SwiftSyntax

/// The reader's location type (SwiftSyntax has one of the same name).
typealias SourceLocation = NavSource.SourceLocation

/// What the reader knows about an expression it follows through locals and stored properties.
///
/// Bar button items, views and appearances are objects: a later `item.width = -10` changes the item a
/// setting already holds. They live in tables and values point at them by index.
enum Value {
    /// A `UIBarButtonItem` the code builds (an index into the item table).
    case item(Int)
    /// An instance of a named class: a view with its frame, a view controller (the object table).
    case object(Int)
    /// A `UINavigationBarAppearance` (the appearance table).
    case appearance(Int)
    /// A view controller the code obtains without constructing it (a storyboard instantiation).
    case screen(ScreenRef)
    /// Another name for a member path (`let bar = navigationController?.navigationBar`); `[]` is `self`.
    case alias([String])
    case string(String)
    case number(Double)
    case color(ColorValue)
    /// A stored property of a type, resolved when the whole file has been read.
    case property(owner: String, name: String)
    /// A value known only at run time; it still hides members of the same name.
    case opaque
}

/// Whether part of an item's wiring (its target, action or primary action) is there.
enum Part {
    case absent, present, unknown
}

/// A bar button item as built so far.
struct ItemBuild {
    enum Content {
        case title(Known<String>)
        case image(String?)
        case system(String)
        case customView(Value)
        case fixedSpace(Known<Double>)
        case flexibleSpace
        case unknown
    }

    var content: Content
    var target: Part
    var action: Part
    var primaryAction: Part
    /// The action as written: a selector literal in UIKit, a method in SwiftUI. Read only for the items
    /// that end up in facts.
    var selector: ExprSyntax?
    /// Where the item is built, as a byte offset (made a location only for the items that are kept).
    var offset: Int

    /// The item's target and action, as `ItemDraft.hasAction` reads them.
    var hasAction: Known<Bool> {
        if primaryAction == .present { return .known(true) }
        if target == .absent || action == .absent { return primaryAction == .unknown ? .unknown : .known(false) }
        if target == .present && action == .present { return .known(true) }
        return .unknown
    }
}

/// An instance of a named class: the class, and the size its frame or constraints give it.
struct ObjectBuild {
    var typeName: String
    var frame: Known<Size>
    var constraintWidth: Double?
    var constraintHeight: Double?
    /// Sized by Auto Layout in a way the reader cannot follow (`sizeToFit`, constraints to other views).
    var sizedAtRunTime: Bool
    var offset: Int

    var size: Known<Size> {
        if let w = constraintWidth, let h = constraintHeight { return .known(Size(width: w, height: h)) }
        if sizedAtRunTime { return .unknown }
        guard let frame = frame.value else { return .unknown }
        return .known(Size(width: constraintWidth ?? frame.width, height: constraintHeight ?? frame.height))
    }
}

/// A `UINavigationBarAppearance` as configured so far.
struct AppearanceBuild {
    var background: ColorValue
    /// The title's colour, when the code sets the appearance's title text attributes.
    var titleColor: ColorValue?
}

/// A change to a stored property's object made in a method: applied when the file is read, in source order.
enum Mutation {
    case itemTitle(Known<String>)
    case itemImage(String?)
    case itemWidth(Known<Double>)
    case itemTarget(Part)
    case itemAction(Part, ExprSyntax?)
    case itemCustomView(Value)
    case frame(Known<Size>)
    case widthConstraint(Double?)
    case heightConstraint(Double?)
    case sizedAtRunTime
    case background(ColorValue)
    case titleColor(ColorValue)
}

/// A setting whose value may still depend on a stored property or on later changes to an object.
enum PendingSetting {
    case ready(SettingValue)
    case title(Value?, item: Bool)
    case backItem(ItemSource?)
    case items([ItemSource], left: Bool)
    case titleView(Value)
    case appearance(SettingValue.AppearanceSlot, Value)
    /// The title colour an appearance sets, if it sets one: the nearest the vocabulary has is the bar's.
    case appearanceTitle(Value)
}

/// An item expression and where it stands, for items the reader cannot see into.
struct ItemSource {
    var value: Value
    var offset: Int
}

/// The tables of objects one file builds, and the stored properties that hold them.
struct Objects {
    /// Locations of the file, for the items and objects that end up in facts.
    let table: LineTable
    var items: [ItemBuild] = []
    var objects: [ObjectBuild] = []
    var appearances: [AppearanceBuild] = []
    /// Stored properties by type name, then property name.
    var properties: [String: [String: Value]] = [:]
    /// Variables other files can set (`var` without `private` or `fileprivate`) that hold a string, a number or a
    /// colour, by type name: the value a screen is configured with (`detail.subject = …`) is the caller's, so
    /// neither their initial value nor an assignment in this file is taken for it.
    var openScalars: [String: Set<String>] = [:]

    /// Whether a value is a string, a number or a colour.
    static func isScalar(_ value: Value) -> Bool {
        switch value {
        case .string, .number, .color: return true
        default: return false
        }
    }
    /// Changes made to stored properties' objects, in source order.
    var propertyMutations: [(owner: String, name: String, mutation: Mutation)] = []

    mutating func addItem(_ item: ItemBuild) -> Value {
        items.append(item)
        return .item(items.count - 1)
    }

    mutating func addObject(_ object: ObjectBuild) -> Value {
        objects.append(object)
        return .object(objects.count - 1)
    }

    mutating func addAppearance(_ appearance: AppearanceBuild) -> Value {
        appearances.append(appearance)
        return .appearance(appearances.count - 1)
    }

    /// Follows stored properties to the value they were initialised with.
    func resolve(_ value: Value) -> Value {
        var current = value
        // A property initialised with another property: a short chain, never a cycle worth following.
        for _ in 0..<4 {
            guard case .property(let owner, let name) = current else { return current }
            guard let next = properties[owner]?[name] else { return .opaque }
            current = next
        }
        return .opaque
    }

    /// Applies a change to the object a value holds; changes that do not fit the object are ignored.
    mutating func apply(_ mutation: Mutation, to value: Value) {
        switch resolve(value) {
        case .item(let i): applyToItem(mutation, index: i)
        case .object(let i): applyToObject(mutation, index: i)
        case .appearance(let i):
            switch mutation {
            case .background(let color): appearances[i].background = color
            case .titleColor(let color): appearances[i].titleColor = color
            default: break
            }
        default: break
        }
    }

    private mutating func applyToItem(_ mutation: Mutation, index i: Int) {
        switch mutation {
        case .itemTitle(let title):
            switch items[i].content {
            case .title, .unknown: items[i].content = .title(title)
            default: break
            }
        case .itemImage(let name): items[i].content = .image(name)
        case .itemWidth(let width):
            if case .fixedSpace = items[i].content { items[i].content = .fixedSpace(width) }
        case .itemTarget(let part): items[i].target = part
        case .itemAction(let part, let selector):
            items[i].action = part
            items[i].selector = selector
        case .itemCustomView(let view): items[i].content = .customView(view)
        default: break
        }
    }

    private mutating func applyToObject(_ mutation: Mutation, index i: Int) {
        switch mutation {
        case .frame(let size):
            objects[i].frame = size
            objects[i].sizedAtRunTime = false
        case .widthConstraint(let w):
            if let w { objects[i].constraintWidth = w } else { objects[i].sizedAtRunTime = true }
        case .heightConstraint(let h):
            if let h { objects[i].constraintHeight = h } else { objects[i].sizedAtRunTime = true }
        case .sizedAtRunTime: objects[i].sizedAtRunTime = true
        default: break
        }
    }

    /// Applies the changes made to stored properties, once every property's initial value is known.
    mutating func applyPropertyMutations() {
        for change in propertyMutations {
            apply(change.mutation, to: .property(owner: change.owner, name: change.name))
        }
        propertyMutations = []
    }

    // MARK: Materialising

    func item(_ source: ItemSource) -> ItemDraft {
        switch resolve(source.value) {
        case .item(let i):
            let build = items[i]
            return ItemDraft(
                content: content(build.content), hasAction: build.hasAction,
                action: build.action == .present ? build.selector.flatMap(Self.actionName) : nil,
                location: table.location(ofByte: build.offset))
        case .object(let i):
            // A custom item subclass the app constructs: its class is known, its look is not.
            return ItemDraft(content: .unknown, hasAction: .unknown, location: table.location(ofByte: objects[i].offset))
        default:
            return ItemDraft(content: .unknown, hasAction: .unknown, location: table.location(ofByte: source.offset))
        }
    }

    /// `#selector(back(_:))` is `back(_:)`; a SwiftUI button's `action: save` is `save`.
    static func actionName(_ expr: ExprSyntax) -> String? {
        if let selector = Expressions.selector(expr) { return selector }
        if expr.is(DeclReferenceExprSyntax.self) || expr.is(MemberAccessExprSyntax.self) { return Expressions.path(expr)?.components.last }
        return nil
    }

    private func content(_ content: ItemBuild.Content) -> ItemDraft.Content {
        switch content {
        case .title(let title): return .title(title)
        case .image(let name): return .image(name)
        case .system(let name): return .system(name)
        case .fixedSpace(let width): return .fixedSpace(width)
        case .flexibleSpace: return .flexibleSpace
        case .unknown: return .unknown
        case .customView(let view):
            if case .object(let i) = resolve(view) {
                return .customView(CustomViewDraft(viewClass: objects[i].typeName, size: objects[i].size))
            }
            return .customView(CustomViewDraft())
        }
    }

    func size(of value: Value) -> Known<Size> {
        if case .object(let i) = resolve(value) { return objects[i].size }
        return .unknown
    }

    func background(of value: Value) -> ColorValue {
        switch resolve(value) {
        case .appearance(let i): return appearances[i].background
        case .color(let color): return color
        default: return .unknown
        }
    }

    func string(_ value: Value?) -> Known<String> {
        guard let value, case .string(let s) = resolve(value) else { return .unknown }
        return .known(s)
    }

    /// The setting a pending one comes to; nil for an appearance's title colour it never set.
    func setting(_ pending: PendingSetting) -> SettingValue? {
        switch pending {
        case .appearanceTitle(let value):
            guard case .appearance(let i) = resolve(value), let color = appearances[i].titleColor else { return nil }
            return .bar(.titleColor, color)
        case .ready(let value): return value
        case .title(let value, let isItem): return isItem ? .itemTitle(string(value)) : .title(string(value))
        case .backItem(let source): return .backItem(source.map(item))
        case .items(let sources, let left): return left ? .leftItems(sources.map(item)) : .rightItems(sources.map(item))
        case .titleView(let value): return .titleView(size(of: value))
        case .appearance(let slot, let value): return .appearance(slot, background: background(of: value))
        }
    }
}

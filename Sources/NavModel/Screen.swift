/// One view controller on the stack.
public struct Screen: Sendable, Hashable {
    public enum BackAction: String, Sendable, Hashable, CaseIterable {
        case pop, custom, none
    }

    public enum PopGesture: String, Sendable, Hashable, CaseIterable {
        case inherit, edge, fullscreen, disabled
    }

    /// Unique in the session.
    public var id: String
    /// The view controller's `title`.
    public var title: String?
    public var item: NavigationItem
    /// What tapping back does on this screen: pop, ask the client (`custom`), or nothing.
    public var backAction: BackAction
    /// The back button shows the previous screen's title even under `emptyBackTitles`.
    public var showsPreviousTitle: Bool
    /// An explicit back button look (title and colour) for this screen.
    public var backStyle: BackStyle? {
        get { storedBackStyle?.value }
        set { storedBackStyle = newValue.map(Boxed.init) }
    }
    /// This screen's own bar appearance; nil inherits.
    public var bar: BarAppearance? {
        get { storedBar?.value }
        set { storedBar = newValue.map(Boxed.init) }
    }
    public var popGesture: PopGesture
    /// The screen's content is scrolled away from its top: a large title collapses into the bar's top row, and a
    /// search field that hides when scrolling is hidden (GEO-13, GEO-16).
    public var scrolled: Bool
    /// How the app's source builds this screen's bar beyond UIKit's own properties (the SRC rules); nil when
    /// nothing of that is known, as for every screen of a session document.
    public var techniques: Techniques? {
        get { storedTechniques?.value }
        set { storedTechniques = newValue.map(Boxed.init) }
    }

    // The rarely set parts live out of line, so a screen (and every copy of it) stays small.
    private var storedBackStyle: Boxed<BackStyle>?
    private var storedBar: Boxed<BarAppearance>?
    private var storedTechniques: Boxed<Techniques>?

    public init(
        id: String, title: String? = nil, item: NavigationItem = NavigationItem(),
        backAction: BackAction = .pop, showsPreviousTitle: Bool = false, backStyle: BackStyle? = nil,
        bar: BarAppearance? = nil, popGesture: PopGesture = .inherit, techniques: Techniques? = nil, scrolled: Bool = false
    ) {
        self.id = id
        self.title = title
        self.item = item
        self.backAction = backAction
        self.showsPreviousTitle = showsPreviousTitle
        self.popGesture = popGesture
        self.scrolled = scrolled
        self.storedBackStyle = backStyle.map(Boxed.init)
        self.storedBar = bar.map(Boxed.init)
        self.storedTechniques = techniques.map(Boxed.init)
    }
}

/// What an app's source does to a screen's bar that UIKit's properties alone do not say (docs/semantics.md, the SRC
/// rules). Layout leaves these out: they change nothing the model draws, and the diagnostics judge them by profile.
public struct Techniques: Sendable, Hashable {
    /// How the app intercepts a tap on the back button.
    public enum BackHook: String, Sendable, Hashable, CaseIterable {
        /// The screen answers a back-button handler that a `navigationBar(_:shouldPop:)` category asks
        /// (`navigationShouldPopOnBackButton`).
        case handler
        /// The app exchanges the implementation of `navigationBar:shouldPopItem:`.
        case swizzledShouldPop
        /// The screen's navigation controller (a subclass, or a category of every one) answers
        /// `navigationBar(_:shouldPop:)` itself.
        case shouldPop
    }

    /// SRC-3: the widths of the `.fixedSpace` items among the screen's left and right items, in order.
    public var fixedSpaces: [Double]
    /// SRC-5: `setBackButtonTitlePositionAdjustment(_:for:)` on the back button.
    public var backTitleOffset: Point?
    /// SRC-4: a back interception that sees taps on the back button only.
    public var backHook: BackHook?
    /// SRC-2: the bar's colour comes from `barTintColor`, and no `UINavigationBarAppearance` is installed.
    public var barTintWithoutAppearance: Bool

    public init(
        fixedSpaces: [Double] = [], backTitleOffset: Point? = nil, backHook: BackHook? = nil, barTintWithoutAppearance: Bool = false
    ) {
        self.fixedSpaces = fixedSpaces
        self.backTitleOffset = backTitleOffset
        self.backHook = backHook
        self.barTintWithoutAppearance = barTintWithoutAppearance
    }
}

/// An immutable value kept out of line: copying its holder copies one reference. Compared and hashed by value.
final class Boxed<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (a: Boxed, b: Boxed) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// The explicit back button of the seed's "unified back style" technique.
public struct BackStyle: Sendable, Hashable {
    public var title: String?
    public var color: Color?
    public init(title: String? = nil, color: Color? = nil) {
        self.title = title
        self.color = color
    }
}

/// `UINavigationItem`.
public struct NavigationItem: Sendable, Hashable {
    public enum BackButtonDisplayMode: String, Sendable, Hashable, CaseIterable {
        case `default`, generic, minimal
    }

    /// `UINavigationItem.LargeTitleDisplayMode` (GEO-13).
    public enum LargeTitleDisplayMode: String, Sendable, Hashable, CaseIterable {
        /// The previous item's choice; the first item shows a large title when the bar prefers them.
        case automatic
        /// A large title whenever the bar prefers them.
        case always
        /// Never a large title.
        case never
    }

    /// Overrides the screen title in the bar.
    public var title: String?
    public var titleView: Size?
    public var leftItems: [BarItem]
    public var rightItems: [BarItem]
    /// `backBarButtonItem`: used by the NEXT screen's back button.
    public var backItem: BackItem?
    public var backButtonTitle: String?
    public var backButtonDisplayMode: BackButtonDisplayMode
    public var hidesBackButton: Bool
    public var leftItemsSupplementBackButton: Bool
    /// How this item's title is shown when the bar prefers large titles (GEO-13).
    public var largeTitleDisplayMode: LargeTitleDisplayMode
    /// `searchController`: the integrated search field in a row under the bar (GEO-16); nil: none.
    public var search: SearchField?

    public init(
        title: String? = nil, titleView: Size? = nil, leftItems: [BarItem] = [], rightItems: [BarItem] = [],
        backItem: BackItem? = nil, backButtonTitle: String? = nil,
        backButtonDisplayMode: BackButtonDisplayMode = .default, hidesBackButton: Bool = false,
        leftItemsSupplementBackButton: Bool = false, largeTitleDisplayMode: LargeTitleDisplayMode = .automatic,
        search: SearchField? = nil
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
        self.largeTitleDisplayMode = largeTitleDisplayMode
        self.search = search
    }
}

/// A navigation item's integrated search field (`searchController`, GEO-16).
public struct SearchField: Sendable, Hashable {
    /// `hidesSearchBarWhenScrolling` (UIKit's default: true): the row is shown only while the content is at its top.
    public var hidesWhenScrolling: Bool
    public init(hidesWhenScrolling: Bool = true) {
        self.hidesWhenScrolling = hidesWhenScrolling
    }
}

/// `backBarButtonItem`: only its title (or image) matters; its target/action never fire (BB-11).
public struct BackItem: Sendable, Hashable {
    /// What the app attached to the item besides its look.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// No target or action (the usual case).
        case none
        /// A target and action: UIKit never calls them, a back tap always pops (BB-11).
        case custom
    }

    public var title: String?
    public var image: Size?
    public var action: Action
    public init(title: String? = nil, image: Size? = nil, action: Action = .none) {
        self.title = title
        self.image = image
        self.action = action
    }
}

/// `UIBarButtonItem`.
public struct BarItem: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case title(String)
        case image(Size)
        case system(String)
        case customView(CustomView)
    }

    public var id: String
    public var content: Content
    public var enabled: Bool
    public var hidden: Bool
    /// A measured width that overrides the text-width model.
    public var width: Double?

    public init(id: String, content: Content, enabled: Bool = true, hidden: Bool = false, width: Double? = nil) {
        self.id = id
        self.content = content
        self.enabled = enabled
        self.hidden = hidden
        self.width = width
    }

    public var customView: CustomView? {
        if case .customView(let v) = content { return v }
        return nil
    }
}

/// A custom view item: a `width x height` container holding a button of the same size at `offset`.
public struct CustomView: Sendable, Hashable {
    public enum TouchPolicy: String, Sendable, Hashable, CaseIterable {
        /// The container's `hitTest` stops at its bounds (UIKit's default).
        case bounds
        /// The container's `hitTest` also searches its subviews beyond its bounds (the IXOutsideTouchView technique).
        case outside
    }

    public var width: Double
    public var height: Double
    public var offset: Point
    public var touchPolicy: TouchPolicy
    /// Enlarges (negative) or shrinks (positive) the button's `point(inside:)` area.
    public var hitInsets: EdgeInsets

    public init(
        width: Double = 44, height: Double = 44, offset: Point = .zero, touchPolicy: TouchPolicy = .bounds,
        hitInsets: EdgeInsets = .zero
    ) {
        self.width = width
        self.height = height
        self.offset = offset
        self.touchPolicy = touchPolicy
        self.hitInsets = hitInsets
    }
}

/// A bar's look: the session-wide bar, or a screen's own.
public struct BarAppearance: Sendable, Hashable {
    public var barTintColor: Color?
    public var gradient: [Color]?
    /// Item colour; nil = automatic (from the bar colour).
    public var tintColor: Color?
    public var titleColor: Color?
    public var translucent: Bool
    public var hidden: Bool
    public var backIndicator: Size?
    /// `prefersLargeTitles` (GEO-13); nil: as the session-wide bar says (false when it says nothing).
    public var prefersLargeTitles: Bool?
    /// How the navigation controller that owns the bar is presented (GEO-1, and GEO-9's sheet example); nil: as the session-wide bar says
    /// (`fullScreen` when it says nothing).
    public var presentation: Presentation?

    /// How the bar's navigation controller is shown: full screen (pushed in the window, or presented full screen) or
    /// as a page sheet, the card iOS 13 and later present modally by default (GEO-9's sheet example).
    public enum Presentation: String, Sendable, Hashable, CaseIterable {
        case fullScreen, pageSheet
    }

    public init(
        barTintColor: Color? = nil, gradient: [Color]? = nil, tintColor: Color? = nil, titleColor: Color? = nil,
        translucent: Bool = true, hidden: Bool = false, backIndicator: Size? = nil, prefersLargeTitles: Bool? = nil,
        presentation: Presentation? = nil
    ) {
        self.barTintColor = barTintColor
        self.gradient = gradient
        self.tintColor = tintColor
        self.titleColor = titleColor
        self.translucent = translucent
        self.hidden = hidden
        self.backIndicator = backIndicator
        self.prefersLargeTitles = prefersLargeTitles
        self.presentation = presentation
    }
}

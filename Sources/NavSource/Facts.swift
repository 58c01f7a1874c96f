import NavModel

/// What one reader recovered from one file: the screens it declares, the settings they make, the edges
/// between them, app-wide settings, and the hooks that change how the bar handles touches.
///
/// Readers stop here: they say what the code sets and where, never whether that is a bug. The linter
/// joins the files of a project into flows and asks the model.
public struct SourceFacts: Sendable, Hashable {
    public enum Language: String, Sendable, Hashable, CaseIterable {
        case swift, objectiveC = "objective-c", storyboard, xib, assetCatalog = "asset-catalog", document = "navd-document"
    }

    public var file: String
    public var language: Language
    /// View controllers (classes and their extensions or categories), storyboard scenes, SwiftUI views.
    public var screens: [ScreenDraft]
    /// Classes that are not screens but change touch handling: bar subclasses, custom views, categories.
    public var classes: [ClassDraft]
    /// Settings that reach every bar: appearance proxies (`UINavigationBar.appearance()`).
    public var appWide: [Setting]
    /// Pushes, shows, segues and roots.
    public var edges: [Edge]
    /// Named colours this file defines (an asset catalog's colour sets), by name.
    public var colors: [String: Color]
    /// `navd:disable` and `navd:enable` comments.
    public var directives: [Directive]
    /// What could not be read: the file is still linted for what could.
    public var problems: [ReadProblem]

    public init(
        file: String, language: Language, screens: [ScreenDraft] = [], classes: [ClassDraft] = [], appWide: [Setting] = [],
        edges: [Edge] = [], colors: [String: Color] = [:], directives: [Directive] = [], problems: [ReadProblem] = []
    ) {
        self.file = file
        self.language = language
        self.screens = screens
        self.classes = classes
        self.appWide = appWide
        self.edges = edges
        self.colors = colors
        self.directives = directives
        self.problems = problems
    }
}

/// A screen as the source declares it: a view controller class (or an extension of one), a storyboard
/// scene, or a SwiftUI view with navigation modifiers.
public struct ScreenDraft: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A class (Swift `class`, Objective-C `@implementation`) or an extension/category of one.
        case viewController
        /// A storyboard or xib scene; `name` is its custom class, else `storyboardScene(file:id:)`.
        case storyboardScene
        /// A SwiftUI view that uses navigation modifiers (`navigationTitle`, `toolbar`, ...).
        case swiftUIView
    }

    /// The class name (`DetailViewController`); for a scene without a custom class, a name made by
    /// ``ScreenDraft/sceneName(file:id:)``.
    public var name: String
    public var kind: Kind
    /// The superclass as written (`BaseViewController`, `UITableViewController`); nil when the declaration
    /// names none (an extension, a category) or the reader cannot tell.
    public var superclass: String?
    /// The declaration: `class X`, `@implementation X`, the scene's view controller element.
    public var location: SourceLocation
    /// Storyboard ids this screen can be instantiated by (`storyboardIdentifier`).
    public var storyboardIdentifiers: [String]
    /// A storyboard scene's view controller element id (`BYZ-38-t0r`), which segues name as their destination.
    public var elementId: String?
    /// Every navigation setting the declaration makes, in source order.
    public var settings: [Setting]
    /// Methods of the class that change touch handling or back handling (`hitTest`, back-button handlers).
    public var hooks: [Hook]
    /// Stack-wide settings made as the screen leaves the top (``LeavingCallbacks``): they are for the screen that
    /// shows next, not the screen's own, so they are not among `settings`.
    public var leaving: [Setting]

    public init(
        name: String, kind: Kind, superclass: String? = nil, location: SourceLocation, storyboardIdentifiers: [String] = [],
        elementId: String? = nil, settings: [Setting] = [], hooks: [Hook] = [], leaving: [Setting] = []
    ) {
        self.name = name
        self.kind = kind
        self.superclass = superclass
        self.location = location
        self.storyboardIdentifiers = storyboardIdentifiers
        self.elementId = elementId
        self.settings = settings
        self.hooks = hooks
        self.leaving = leaving
    }

    /// The name of a storyboard scene with no custom class: `Main.storyboard#vXZ-lx-hvc`.
    public static func sceneName(file: String, id: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return "\(base)#\(id)"
    }
}

/// A class that is not a screen but matters to the bar: a `UINavigationBar` subclass overriding
/// `hitTest`, a custom view forwarding touches, a category on `UINavigationController`.
public struct ClassDraft: Sendable, Hashable {
    public var name: String
    public var superclass: String?
    /// For an extension or category, the category's name (Objective-C) or nil.
    public var category: String?
    public var location: SourceLocation
    public var hooks: [Hook]

    public init(name: String, superclass: String? = nil, category: String? = nil, location: SourceLocation, hooks: [Hook] = []) {
        self.name = name
        self.superclass = superclass
        self.category = category
        self.location = location
        self.hooks = hooks
    }
}

/// A method that changes how a touch or a back tap is handled.
public struct Hook: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `hitTest(_:with:)` / `hitTest:withEvent:` overridden.
        case hitTest
        /// `point(inside:with:)` / `pointInside:withEvent:` overridden.
        case pointInside
        /// `navigationBar(_:shouldPop:)` / `navigationBar:shouldPopItem:` implemented (usually in a
        /// `UINavigationController` category or subclass).
        case shouldPop
        /// An exchange of implementations that involves a pop or back selector
        /// (`method_exchangeImplementations`, with `navigationBar:shouldPopItem:` or `popViewControllerAnimated:`).
        case swizzledPop
        /// A back-button handler a category asks view controllers for (`navigationShouldPopOnBackButton`,
        /// `currentViewControllerShouldPop`, ...): implemented by a screen, or declared by the category.
        case backButtonHandler
        /// `gestureRecognizerShouldBegin(_:)` implemented by a class that makes itself the pop gesture's
        /// delegate: the guard that keeps a restored swipe from beginning on a stack of one (POP-4).
        case gestureShouldBegin
    }

    public var kind: Kind
    /// The selector or method name as written.
    public var name: String
    public var location: SourceLocation

    public init(kind: Kind, name: String, location: SourceLocation) {
        self.kind = kind
        self.name = name
        self.location = location
    }
}

/// One setting, where it is made.
public struct Setting: Sendable, Hashable {
    public var value: SettingValue
    /// The assignment or message that makes it (its first token), or the storyboard element.
    public var location: SourceLocation
    /// Made inside a branch (`if`, `guard`, `switch`, a ternary, `&&`/`||`) or a closure that may never run, so the
    /// setting may not take effect. Availability checks (`if #available`, `@available`) do not count: they
    /// depend on the iOS version, which the profiles stand for.
    public var conditional: Bool

    public init(_ value: SettingValue, at location: SourceLocation, conditional: Bool = false) {
        self.value = value
        self.location = location
        self.conditional = conditional
    }
}

/// What a setting sets. Each case is one member of `UIViewController`, `UINavigationItem`,
/// `UINavigationBar` or the interactive pop gesture; the names follow UIKit's.
public enum SettingValue: Sendable, Hashable {
    /// `title` of the view controller (`self.title = …`, SwiftUI `navigationTitle`).
    case title(Known<String>)
    /// `navigationItem.title`.
    case itemTitle(Known<String>)
    /// `navigationItem.backBarButtonItem`; nil when set to nil.
    case backItem(ItemDraft?)
    /// `navigationItem.leftBarButtonItem(s)`: the whole list; empty when set to nil or `[]`.
    case leftItems([ItemDraft])
    /// `navigationItem.rightBarButtonItem(s)`.
    case rightItems([ItemDraft])
    /// `navigationItem.hidesBackButton` (also `setHidesBackButton(_:animated:)`, SwiftUI `navigationBarBackButtonHidden`).
    case hidesBackButton(Known<Bool>)
    case leftItemsSupplementBackButton(Known<Bool>)
    /// `navigationItem.backButtonTitle` (iOS 11+).
    case backButtonTitle(Known<String>)
    /// `navigationItem.backButtonDisplayMode` (iOS 14+).
    case backButtonDisplayMode(Known<NavigationItem.BackButtonDisplayMode>)
    /// `navigationItem.titleView`, with its size when the code gives it.
    case titleView(Known<Size>)
    /// `interactivePopGestureRecognizer.isEnabled` (`enabled` in Objective-C).
    case popGestureEnabled(Known<Bool>)
    /// `interactivePopGestureRecognizer.delegate`.
    case popGestureDelegate(Delegate)
    /// A bar property (`navigationController.navigationBar.X`, or the appearance proxy's in `appWide`).
    case bar(BarProperty, ColorValue)
    /// `navigationBar.isTranslucent`.
    case barTranslucent(Known<Bool>)
    /// `navigationBar.isHidden` / `setNavigationBarHidden(_:animated:)`.
    case barHidden(Known<Bool>)
    /// A `UINavigationBarAppearance` assigned to the bar or the item (`standardAppearance`,
    /// `scrollEdgeAppearance`, `compactAppearance`), with its background colour when the code gives it.
    case appearance(AppearanceSlot, background: ColorValue)
    /// `setBackButtonTitlePositionAdjustment(_:for:)`: the offset, when literal.
    case backTitleOffset(Known<Point>)
    /// `navigationBar.prefersLargeTitles`.
    case prefersLargeTitles(Known<Bool>)
    /// `navigationItem.largeTitleDisplayMode`.
    case largeTitleDisplayMode(Known<NavigationItem.LargeTitleDisplayMode>)
    /// `navigationItem.searchController`: true when one is assigned, false for nil.
    case searchController(Known<Bool>)
    /// `navigationItem.hidesSearchBarWhenScrolling`.
    case hidesSearchBarWhenScrolling(Known<Bool>)

    /// The bar's colour properties.
    public enum BarProperty: String, Sendable, Hashable {
        case barTintColor, tintColor, titleColor
    }

    /// Where a `UINavigationBarAppearance` is installed.
    public enum AppearanceSlot: String, Sendable, Hashable {
        case standard, scrollEdge, compact, compactScrollEdge
    }

    /// The value given to the pop gesture's delegate.
    public enum Delegate: Sendable, Hashable {
        /// `nil`
        case none
        /// `self`: the view controller or navigation controller that sets it.
        case this
        /// Anything else, or a value known only at run time.
        case other
    }
}

extension SettingValue {
    /// Whether the setting is made on what every screen of a stack shares, the navigation controller's bar and its
    /// pop gesture, rather than on the screen's own navigation item.
    public var isStackWide: Bool {
        switch self {
        case .bar, .barTranslucent, .barHidden, .prefersLargeTitles, .popGestureEnabled, .popGestureDelegate: return true
        default: return false
        }
    }
}

/// UIKit's view controller callbacks that run as a screen leaves the top of its stack. A stack-wide setting made in
/// one is for the screen that shows next (the one pushed, or the one below after a pop), not for the screen whose
/// code makes it, so readers leave it out of the screen's settings and give it as `ScreenDraft.leaving`. Its navigation item's settings stay the
/// screen's: the back item set there is the one the next screen shows.
public enum LeavingCallbacks {
    public static let objectiveC: Set<String> = ["viewWillDisappear:", "viewDidDisappear:"]
    public static let swift: Set<String> = ["viewWillDisappear", "viewDidDisappear"]
}

/// A colour as the source gives it.
public enum ColorValue: Sendable, Hashable {
    /// A literal (`UIColor(red:green:blue:alpha:)`, `#colorLiteral`, a storyboard's sRGB colour).
    case literal(Color)
    /// A system or class colour by UIKit's name (`systemBlue`, `label`, `white`), looked up in
    /// `SystemPalette`.
    case system(String)
    /// A colour set of an asset catalog (`UIColor(named:)`, SwiftUI `Color("…")`).
    case asset(String)
    /// Computed at run time.
    case unknown
    /// Set to nil: the default comes back.
    case none
}

/// A bar button item as the code builds it.
public struct ItemDraft: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case title(Known<String>)
        /// `UIImage(named:)` and friends; the name when literal.
        case image(String?)
        /// A system item (`.done`, `UIBarButtonSystemItemAdd`) other than the spaces.
        case system(String)
        /// `initWithCustomView:`: the view's class and size, when the code gives them.
        case customView(CustomViewDraft)
        /// `.fixedSpace` with its width (`item.width = -10`, `UIBarButtonItem.fixedSpace(-10)`).
        case fixedSpace(Known<Double>)
        case flexibleSpace
        /// An item the reader cannot see into (a variable, a factory method of the app).
        case unknown
    }

    public var content: Content
    /// Whether a target and action are attached: `.known(true)` for a non-nil target with an action,
    /// `.known(false)` for `target: nil`/`action: nil` or none, `.unknown` when it depends on run time.
    public var hasAction: Known<Bool>
    /// The action's selector as written (`back:`, `goBack`), when literal.
    public var action: String?
    public var location: SourceLocation

    public init(content: Content, hasAction: Known<Bool> = .known(false), action: String? = nil, location: SourceLocation) {
        self.content = content
        self.hasAction = hasAction
        self.action = action
        self.location = location
    }
}

/// The custom view of a bar button item.
public struct CustomViewDraft: Sendable, Hashable {
    /// The view's class (`UIButton`, `BackButtonView`), when the code says.
    public var viewClass: String?
    /// The view's size (its frame's), when literal.
    public var size: Known<Size>
    /// Whether a tap on the view reaches something that handles it: `.known(true)` for a control (a button, a
    /// switch) or a view with an action or gesture recognizers attached, `.known(false)` for a view the source
    /// lays out whole with none of these inside (a spinner in a plain view) or with user interaction off,
    /// `.unknown` otherwise (a custom class, a view built in code).
    public var takesTouches: Known<Bool>

    public init(viewClass: String? = nil, size: Known<Size> = .unknown, takesTouches: Known<Bool> = .unknown) {
        self.viewClass = viewClass
        self.size = size
        self.takesTouches = takesTouches
    }
}

/// An edge of the flow: one screen shows another.
public struct Edge: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `pushViewController`, a storyboard `push` segue.
        case push
        /// `show(_:sender:)`, a `show` segue: a push inside a navigation controller.
        case show
        /// The root of a navigation controller (`UINavigationController(rootViewController:)`, the
        /// storyboard's `rootViewController` relationship, `setViewControllers` first element).
        case root
        /// `present`, a modal segue: the shown screen is not pushed.
        case present
        /// SwiftUI `NavigationLink` or `navigationDestination`: a push in a `NavigationStack`.
        case navigationLink
        /// A child view controller: `addChild(_:)` (`addChildViewController:`), a storyboard embed segue, a tab of a
        /// tab bar controller. The child shows no bar of its own: the container's navigation item is the one on
        /// the stack, and the child's `navigationController` is the container's, so what it pushes goes on top of
        /// the container. `from` is the container, nil when the code does not say which.
        case child
    }

    public var kind: Kind
    /// The screen that shows (its name, as in `ScreenDraft.name`); nil when not inside a screen (app delegate).
    public var from: String?
    public var to: ScreenRef
    public var location: SourceLocation

    public init(kind: Kind, from: String?, to: ScreenRef, location: SourceLocation) {
        self.kind = kind
        self.from = from
        self.to = to
        self.location = location
    }
}

/// How an edge names the screen it shows.
public enum ScreenRef: Sendable, Hashable {
    /// By class: `DetailViewController()`, `[[DetailViewController alloc] init]`, a cast after instantiation.
    case className(String)
    /// A storyboard scene by its element id (segues), in the file that holds it.
    case scene(file: String, id: String)
    /// `instantiateViewController(withIdentifier:)` without a cast.
    case storyboardIdentifier(String)
    /// Computed at run time.
    case unknown
}

/// A `navd:disable` / `navd:enable` comment.
public struct Directive: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `navd:disable:next CODE…`: the next line that is not blank or a comment.
        case disableNext = "disable:next"
        /// `navd:disable:this CODE…`: the line of the comment.
        case disableThis = "disable:this"
        /// `navd:disable CODE…`: from here until a matching enable.
        case disable
        case enable
    }

    public var kind: Kind
    /// The codes; empty means every code.
    public var codes: [String]
    /// The comment's line.
    public var line: Int

    public init(kind: Kind, codes: [String], line: Int) {
        self.kind = kind
        self.codes = codes
        self.line = line
    }

    /// Reads the directive in one comment's text (without its `//`, `/*`, `<!--` delimiters), if any:
    /// `navd:disable:next back-item-action custom-back-action-ignored`.
    public static func parse(comment: String, line: Int) -> Directive? {
        let scalars = Array(comment.unicodeScalars)
        let marker = Array("navd:".unicodeScalars)
        guard scalars.count >= marker.count,
            let start = (0...(scalars.count - marker.count)).first(where: { Array(scalars[$0..<$0 + marker.count]) == marker })
        else { return nil }
        var restScalars = String.UnicodeScalarView()
        restScalars.append(contentsOf: scalars[(start + marker.count)...])
        let rest = String(restScalars)
        let separators: Set<Character> = [" ", "\t", ",", "\n", "\r"]
        let words = rest.split(whereSeparator: { separators.contains($0) })
        guard let head = words.first, let kind = Kind(rawValue: String(head)) else { return nil }
        var codes: [String] = []
        for word in words.dropFirst() {
            // Codes are lower-case words joined by hyphens; anything else ends the list (`*/`, `-->`, prose).
            guard word.first != "-", word.allSatisfy(Self.isCodeCharacter) else { break }
            codes.append(String(word))
        }
        return Directive(kind: kind, codes: codes, line: line)
    }

    private static func isCodeCharacter(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue else { return false }
        return (ascii >= UInt8(ascii: "a") && ascii <= UInt8(ascii: "z")) || (ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9"))
            || ascii == UInt8(ascii: "-")
    }
}

/// A part of a file that could not be read (a syntax error, a limit), placed where reading stopped.
public struct ReadProblem: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String
    /// The named limit hit, when a limit stopped the reading (`max-file-bytes`, `max-nesting`, `max-seconds-per-file`).
    public var limit: String?

    public init(location: SourceLocation, message: String, limit: String? = nil) {
        self.location = location
        self.message = message
        self.limit = limit
    }
}

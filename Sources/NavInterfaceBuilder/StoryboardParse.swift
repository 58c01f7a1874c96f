import Foundation
import NavModel
import NavSource

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One pass of Foundation's XML parser over a storyboard or xib, turning its elements into facts as they
/// stream by.
///
/// Each open element is a ``Frame`` on an explicit stack (no recursion on the input's structure); what an
/// element means depends on its name, its `key` and the meaning of its parent, so a `<navigationItem>` counts
/// only as the `navigationItem` of a view controller, never as one of the items of a bar placed inside a view.
/// Children report to their parent's frame (a custom view's size, a bar button item's action), and a frame
/// turns into settings when its element ends.
final class StoryboardParse: NSObject, XMLParserDelegate {
    /// A screen being built, with what edges need to name it.
    struct ScreenBuild {
        var draft: ScreenDraft
        var elementName: String
        var elementID: String?
        var customClass: String?
    }

    /// An edge whose ends are named once the whole file is read: a segue may lead to a scene further down.
    struct PendingEdge {
        enum Target {
            case element(String)
            case screen(Int)
        }
        var kind: Edge.Kind
        var fromScreen: Int?
        var fromScene: Int?
        var target: Target
        var location: SourceLocation
    }

    enum Side { case left, right }

    enum Slot { case back, left, right, member }

    /// What an open element means.
    enum Role {
        case other
        case scene
        case screen(Int)
        /// A navigation or tab bar controller's `<viewControllers>` (xibs nest their screens this way).
        case viewControllers(owner: Int)
        case navigationItem(Int)
        case itemCollection(Int, Side)
        case barItem(Int, Slot)
        case itemConnections
        case customView
        case titleView(Int)
        case navigationBar(Int)
        case titleTextAttributes(Int)
        case appearance(Int, SettingValue.AppearanceSlot)
        case runtimeAttributes(Int)
        case resources
        case systemColorResource(String)

        var isCustomView: Bool {
            if case .customView = self { return true }
            return false
        }
    }

    /// An open element and what its children have told it so far.
    struct Frame {
        var name: String
        var attributes: [String: String]
        var location: SourceLocation
        var role: Role
        /// The frame or rectangle of a custom view or title view.
        var size: Known<Size> = .unknown
        /// A bar button item's custom view.
        var customView: CustomViewDraft?
        /// A bar button item's action selector, and whether anything (an action, a segue) is attached.
        var action: String?
        var hasAction = false
        /// The bar button items of a `<leftBarButtonItems>` / `<rightBarButtonItems>` collection.
        var items: [ItemDraft] = []
        /// An appearance's background.
        var background: ColorValue = .none
        /// The colour of a `<systemColor>` resource.
        var resourceColor: Color?
        /// How many view controllers a `<viewControllers>` collection has held so far.
        var children = 0
        /// A custom view's touch evidence so far: a control, an action or gesture recognizers inside it, or an
        /// element whose effect on touches this reader does not know.
        var touches = Touches.none
    }

    /// What a custom view's subtree says about touches, from the weakest to the strongest evidence.
    enum Touches: Int, Comparable {
        /// Nothing inside handles a tap: plain views, labels, images, spinners and their layout.
        case none
        /// Something inside this reader cannot judge (a custom class, a scroll view, a web view).
        case unsure
        /// A control, an action or gesture recognizers.
        case handled

        static func < (a: Touches, b: Touches) -> Bool { a.rawValue < b.rawValue }
    }

    /// Views that handle no tap of their own (`userInteractionEnabled` is off for labels and images by default; a
    /// plain view, a stack view, a spinner and a progress bar have no touch handling).
    static let inertViews: Set<String> = ["view", "label", "imageView", "activityIndicatorView", "progressView", "stackView"]

    /// Controls: each handles taps.
    static let controlViews: Set<String> = [
        "button", "segmentedControl", "switch", "searchBar", "textField", "slider", "stepper", "pageControl", "datePicker",
    ]

    /// Elements inside a view that describe it rather than add views or handlers.
    static let viewDescriptionElements: Set<String> = [
        "rect", "autoresizingMask", "subviews", "color", "nil", "constraints", "constraint", "fontDescription", "font",
        "accessibility", "accessibilityConfiguration", "viewLayoutGuide", "string", "size", "point", "inset", "edgeInsets",
        "directionalEdgeInsets", "real", "integer", "bool", "attributedString", "fragment", "attributes", "paragraphStyle",
        "userDefinedRuntimeAttributes", "userDefinedRuntimeAttribute", "variation", "mask", "imageReference",
        "preferredSymbolConfiguration", "connections", "outlet", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer",
        "progressViewStyle", "backgroundConfiguration",
    ]

    /// What one element inside a custom view (or the custom view itself) says about touches.
    static func touches(_ name: String, _ attributes: [String: String]) -> Touches {
        if controlViews.contains(name) { return .handled }
        switch name {
        case "action": return .handled
        case "outletCollection": return attributes["property"] == "gestureRecognizers" ? .handled : .none
        default: break
        }
        // A subclass may handle touches its class does not.
        if attributes["customClass"] != nil { return .unsure }
        if inertViews.contains(name) || viewDescriptionElements.contains(name) { return .none }
        return .unsure
    }

    /// The elements Interface Builder writes for view controllers, and the UIKit class of each.
    static let screenClasses: [String: String] = [
        "viewController": "UIViewController",
        "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController",
        "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController",
        "pageViewController": "UIPageViewController",
        "splitViewController": "UISplitViewController",
        "hostingController": "UIHostingController",
        "avPlayerViewController": "AVPlayerViewController",
        "glkViewController": "GLKViewController",
    ]

    /// The UIKit class of the elements that can be a bar button item's custom view.
    static let viewClasses: [String: String] = [
        "view": "UIView", "button": "UIButton", "label": "UILabel", "imageView": "UIImageView",
        "segmentedControl": "UISegmentedControl", "switch": "UISwitch", "searchBar": "UISearchBar",
        "stackView": "UIStackView", "textField": "UITextField", "slider": "UISlider", "stepper": "UIStepper",
        "activityIndicatorView": "UIActivityIndicatorView", "progressView": "UIProgressView", "pageControl": "UIPageControl",
    ]

    /// How often (in elements and comments) the clock is read.
    static let clockInterval = 256

    private let input: [UInt8]
    private let table: LineTable
    private let file: String
    private let limits: ReaderLimits
    private let clock: @Sendable () -> Double
    private let started: Double
    private var scanner: MarkupScanner

    private var frames: [Frame] = []
    /// How many of `frames` are custom views (a custom view can hold a bar of its own).
    private var openCustomViews = 0
    private var screens: [ScreenBuild] = []
    private var pendingEdges: [PendingEdge] = []
    private var directives: [Directive] = []
    private var problem: ReadProblem?
    private var sawRoot = false
    /// Elements and comments seen, for reading the clock every so often.
    private var eventCount = 0
    /// The screen of each `<scene>` read so far, by scene number.
    private var sceneScreens: [Int?] = []
    private var currentScene: Int?
    private var systemColorResources: [String: Color] = [:]
    /// `<viewControllerPlaceholder>` ids: a scene that stands for one in another storyboard.
    private var placeholders: [String: ScreenRef] = [:]

    /// - Parameters:
    ///   - input: the bytes the parser reads (the file, or its well-formed UTF-8 prefix).
    ///   - table: locations in the whole file.
    init(input: [UInt8], table: LineTable, file: String, limits: ReaderLimits, clock: @escaping @Sendable () -> Double) {
        self.input = input
        self.table = table
        self.file = file
        self.limits = limits
        self.clock = clock
        self.started = clock()
        self.scanner = MarkupScanner(input)
    }

    /// Parses the input; ``outcome()`` then holds what was found.
    func run() {
        let parser = XMLParser(data: Data(input))
        // Entities: a DOCTYPE was refused before this point, so there are none to resolve; this is the second lock.
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = self
        _ = parser.parse()
        if problem == nil, let error = parser.parserError {
            problem = ReadProblem(location: parserLocation(parser), message: Self.describe(error))
        }
        parser.delegate = nil
    }

    /// What one parse found.
    struct Outcome {
        var screens: [ScreenDraft]
        var edges: [Edge]
        var directives: [Directive]
        var problem: ReadProblem?
        var sawRoot: Bool
    }

    /// The facts gathered: screens with their settings in source order, edges with both ends named, and
    /// where and why the parse stopped early, if it did.
    func outcome() -> Outcome {
        var byElementID: [String: Int] = [:]
        for (index, screen) in screens.enumerated() {
            if let id = screen.elementID, byElementID[id] == nil { byElementID[id] = index }
        }
        let edges = pendingEdges.map { pending -> Edge in
            let fromIndex = pending.fromScreen ?? pending.fromScene.flatMap { sceneScreens[$0] }
            let to: ScreenRef
            switch pending.target {
            case .screen(let index): to = reference(to: screens[index])
            case .element(let id):
                if let index = byElementID[id] {
                    to = reference(to: screens[index])
                } else {
                    to = placeholders[id] ?? .scene(file: file, id: id)
                }
            }
            return Edge(kind: pending.kind, from: fromIndex.map { screens[$0].draft.name }, to: to, location: pending.location)
        }
        let drafts = screens.map { build -> ScreenDraft in
            var draft = build.draft
            draft.settings = draft.settings.map(resolvingResources).enumerated()
                .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
            return draft
        }
        return Outcome(screens: drafts, edges: edges, directives: directives, problem: problem, sawRoot: sawRoot)
    }

    /// A screen as edges name it: by its custom class when it has one (the screen is named by it), else by
    /// its scene.
    private func reference(to screen: ScreenBuild) -> ScreenRef {
        if let customClass = screen.customClass { return .className(customClass) }
        return .scene(file: file, id: screen.elementID ?? "")
    }

    /// A system colour UIKit's palette does not know, resolved by the file's own `<resources>` copy of it.
    private func resolvingResources(_ setting: Setting) -> Setting {
        func resolve(_ value: ColorValue) -> ColorValue {
            guard case .system(let name) = value, SystemPalette.color(named: name, dark: false) == nil,
                let color = systemColorResources[name + "Color"] ?? systemColorResources[name]
            else { return value }
            return .literal(color)
        }
        switch setting.value {
        case .bar(let property, let color): return Setting(.bar(property, resolve(color)), at: setting.location)
        case .appearance(let slot, let background):
            return Setting(.appearance(slot, background: resolve(background)), at: setting.location)
        default: return setting
        }
    }

    // MARK: - Parser callbacks

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard problem == nil else { return }
        sawRoot = true
        let location = table.location(ofByte: startTagOffset(elementName, parser))
        guard frames.count < limits.maxNesting else {
            stop(
                parser,
                ReadProblem(
                    location: location, message: "elements nest deeper than \(ReaderLimits.nestingName) (\(limits.maxNesting))",
                    limit: ReaderLimits.nestingName))
            return
        }
        guard inTime(parser, at: location) else { return }
        var frame = Frame(
            name: elementName, attributes: attributeDict, location: location,
            role: role(of: elementName, attributeDict, parent: frames.last))
        begin(&frame)
        if openCustomViews > 0, let view = frames.lastIndex(where: \.role.isCustomView) {
            frames[view].touches = max(frames[view].touches, Self.touches(elementName, attributeDict))
        }
        if frame.role.isCustomView {
            openCustomViews += 1
            frame.touches = Self.touches(elementName, attributeDict)
        }
        frames.append(frame)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard problem == nil, let frame = frames.popLast() else { return }
        if frame.role.isCustomView { openCustomViews -= 1 }
        end(frame)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        guard problem == nil else { return }
        let start = scanner.next(.comment)
        // A directive belongs to the line its comment ends on: `disable:next` then means the line after the
        // comment, however many lines the comment spans.
        let line = start == nil ? max(1, parser.lineNumber) : table.line(ofByte: max(0, scanner.end - 1))
        guard inTime(parser, at: table.location(ofByte: start ?? 0)) else { return }
        if let text = Self.directiveText(comment), let directive = Directive.parse(comment: text, line: line) {
            directives.append(directive)
        }
    }

    /// The part of a comment a directive can be in: from its first `navd:` on, at most `limit` bytes (cut
    /// after a whole word), or nil when it has none. Comments can be as long as the file; a directive is a
    /// few words.
    static func directiveText(_ comment: String, limit: Int = 4096) -> String? {
        let bytes = Array(comment.utf8)
        let marker = Array("navd:".utf8)
        var matched = 0
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            matched = byte == marker[matched] ? matched + 1 : (byte == marker[0] ? 1 : 0)
            if matched == marker.count {
                start = index + 1 - marker.count
                break
            }
        }
        guard let start else { return nil }
        var end = min(bytes.count, start + limit)
        if end < bytes.count {
            // Drop the word the cut went through, so no code is read half.
            while end > start, !XMLInput.isSpace(bytes[end - 1]), bytes[end - 1] != UInt8(ascii: ",") { end -= 1 }
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Counts an element or comment and, every ``clockInterval`` of them, reads the clock: past the limit the
    /// parse stops here.
    private func inTime(_ parser: XMLParser, at location: SourceLocation) -> Bool {
        defer { eventCount += 1 }
        guard eventCount % Self.clockInterval == 0, clock() - started > limits.maxSecondsPerFile else { return true }
        stop(
            parser,
            ReadProblem(
                location: location, message: "reading took longer than \(ReaderLimits.secondsName) (\(limits.maxSecondsPerFile) s)",
                limit: ReaderLimits.secondsName))
        return false
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard problem == nil else { return }
        stop(parser, ReadProblem(location: parserLocation(parser), message: Self.describe(parseError)))
    }

    // MARK: - Elements

    private func role(of name: String, _ attributes: [String: String], parent: Frame?) -> Role {
        guard let parent else { return .other }
        let key = attributes["key"]
        switch parent.role {
        case .screen(let screen):
            switch (name, key) {
            case ("navigationItem", "navigationItem"): return .navigationItem(screen)
            case ("navigationBar", "navigationBar"): return .navigationBar(screen)
            case ("userDefinedRuntimeAttributes", _): return .runtimeAttributes(screen)
            case ("viewControllers", _): return .viewControllers(owner: screen)
            default: return .other
            }
        case .viewControllers:
            return Self.screenClasses[name] != nil ? newScreen(name, attributes) : .other
        case .navigationItem(let screen):
            switch (name, key) {
            case ("barButtonItem", "backBarButtonItem"): return .barItem(screen, .back)
            case ("barButtonItem", "leftBarButtonItem"): return .barItem(screen, .left)
            case ("barButtonItem", "rightBarButtonItem"): return .barItem(screen, .right)
            case ("leftBarButtonItems", _): return .itemCollection(screen, .left)
            case ("rightBarButtonItems", _): return .itemCollection(screen, .right)
            case (_, "titleView"): return .titleView(screen)
            case ("navigationBarAppearance", _): return appearanceSlot(key).map { .appearance(screen, $0) } ?? .other
            default: return .other
            }
        case .itemCollection(let screen, _):
            return name == "barButtonItem" ? .barItem(screen, .member) : .other
        case .barItem:
            if key == "customView" { return .customView }
            return name == "connections" ? .itemConnections : .other
        case .navigationBar(let screen):
            switch (name, key) {
            case ("textAttributes", "titleTextAttributes"): return .titleTextAttributes(screen)
            case ("navigationBarAppearance", _): return appearanceSlot(key).map { .appearance(screen, $0) } ?? .other
            default: return .other
            }
        case .resources:
            if name == "systemColor", let colorName = attributes["name"] { return .systemColorResource(colorName) }
            return .other
        default:
            if name == "scene" { return .scene }
            if name == "resources", frames.count == 1 { return .resources }
            // A storyboard reference (`viewControllerPlaceholder`) is a scene member too, but stands for a screen
            // of another file.
            let isScreen =
                Self.screenClasses[name] != nil
                || (attributes["sceneMemberID"] == "viewController" && name != "viewControllerPlaceholder")
            if parent.name == "objects", isScreen { return newScreen(name, attributes) }
            return .other
        }
    }

    private func appearanceSlot(_ key: String?) -> SettingValue.AppearanceSlot? {
        switch key {
        case "standardAppearance": return .standard
        case "scrollEdgeAppearance": return .scrollEdge
        case "compactAppearance": return .compact
        case "compactScrollEdgeAppearance": return .compactScrollEdge
        default: return nil
        }
    }

    /// Registers the screen a view controller element declares; its location is filled in by ``begin(_:)``.
    private func newScreen(_ name: String, _ attributes: [String: String]) -> Role {
        let id = attributes["id"]
        let customClass = attributes["customClass"].flatMap { $0.isEmpty ? nil : $0 }
        let draft = ScreenDraft(
            name: customClass ?? ScreenDraft.sceneName(file: file, id: id ?? ""), kind: .storyboardScene,
            superclass: customClass == nil ? nil : Self.screenClasses[name],
            location: SourceLocation(file: file, line: 1, column: 1),
            storyboardIdentifiers: attributes["storyboardIdentifier"].map { [$0] } ?? [], elementId: id)
        screens.append(ScreenBuild(draft: draft, elementName: name, elementID: id, customClass: customClass))
        return .screen(screens.count - 1)
    }

    /// What an element says as it starts: its own attributes, and what it tells its parent.
    private func begin(_ frame: inout Frame) {
        let a = frame.attributes
        let at = frame.location
        switch frame.role {
        case .scene:
            sceneScreens.append(nil)
            currentScene = sceneScreens.count - 1
        case .screen(let screen):
            screens[screen].draft.location = at
            if let scene = currentScene, sceneScreens[scene] == nil, frames.last?.name == "objects" {
                sceneScreens[scene] = screen
            }
            if let title = a["title"] { add(.title(.known(title)), at: at, to: screen) }
            if frame.name == "navigationController", let hidden = a["navigationBarHidden"].flatMap(Self.flag) {
                add(.barHidden(.known(hidden)), at: at, to: screen)
            }
            if let parent = frames.indices.last, case .viewControllers(let owner) = frames[parent].role {
                // A navigation controller's first view controller is its root; later ones sit pushed above it.
                if screens[owner].elementName == "navigationController" {
                    let kind: Edge.Kind = frames[parent].children == 0 ? .root : .push
                    pendingEdges.append(PendingEdge(kind: kind, fromScreen: owner, target: .screen(screen), location: at))
                }
                frames[parent].children += 1
            }
        case .navigationItem(let screen):
            if let title = a["title"] { add(.itemTitle(.known(title)), at: at, to: screen) }
            if let hides = a["hidesBackButton"].flatMap(Self.flag) { add(.hidesBackButton(.known(hides)), at: at, to: screen) }
            if let supplement = a["leftItemsSupplementBackButton"].flatMap(Self.flag) {
                add(.leftItemsSupplementBackButton(.known(supplement)), at: at, to: screen)
            }
            if let title = a["backButtonTitle"] { add(.backButtonTitle(.known(title)), at: at, to: screen) }
            if let mode = a["largeTitleDisplayMode"] {
                add(
                    .largeTitleDisplayMode(NavigationItem.LargeTitleDisplayMode(rawValue: mode).map(Known.known) ?? .unknown),
                    at: at, to: screen)
            }
            if let mode = a["backButtonDisplayMode"] {
                add(
                    .backButtonDisplayMode(NavigationItem.BackButtonDisplayMode(rawValue: mode).map(Known.known) ?? .unknown), at: at,
                    to: screen)
            }
        case .navigationBar(let screen):
            if let translucent = a["translucent"].flatMap(Self.flag) { add(.barTranslucent(.known(translucent)), at: at, to: screen) }
            if let large = (a["largeTitles"] ?? a["prefersLargeTitles"]).flatMap(Self.flag) {
                add(.prefersLargeTitles(.known(large)), at: at, to: screen)
            }
        case .runtimeAttributes:
            break
        default:
            beginOther(&frame)
        }
    }

    /// Elements that matter only through their parent: colours, frames, actions, segues, runtime attributes.
    private func beginOther(_ frame: inout Frame) {
        let a = frame.attributes
        let at = frame.location
        let parent = frames.indices.last
        switch frame.name {
        case "color", "nil":
            guard let parent else { return }
            let value = frame.name == "nil" ? ColorValue.none : StoryboardColor.value(a)
            switch (frames[parent].role, a["key"]) {
            case (.navigationBar(let screen), "barTintColor"): add(.bar(.barTintColor, value), at: at, to: screen)
            case (.navigationBar(let screen), "tintColor"): add(.bar(.tintColor, value), at: at, to: screen)
            case (.titleTextAttributes(let screen), "textColor"): add(.bar(.titleColor, value), at: at, to: screen)
            case (.appearance, "backgroundColor"): frames[parent].background = value
            case (.systemColorResource, _): frames[parent].resourceColor = StoryboardColor.literal(a)
            default: break
            }
        case "rect":
            guard let parent, a["key"] == "frame" else { return }
            switch frames[parent].role {
            case .customView, .titleView:
                if let width = a["width"].flatMap(StoryboardColor.number), let height = a["height"].flatMap(StoryboardColor.number) {
                    frames[parent].size = .known(Size(width: width, height: height))
                }
            default: break
            }
        case "action":
            guard let parent, case .itemConnections = frames[parent].role, parent >= 1 else { return }
            frames[parent - 1].hasAction = true
            frames[parent - 1].action = a["selector"]
        case "segue":
            segue(a, at: at)
        case "userDefinedRuntimeAttribute":
            guard let parent, case .runtimeAttributes(let screen) = frames[parent].role else { return }
            runtimeAttribute(a, at: at, screen: screen)
        case "viewControllerPlaceholder":
            guard let id = a["id"] else { return }
            placeholders[id] = a["referencedIdentifier"].map(ScreenRef.storyboardIdentifier) ?? .unknown
        default:
            break
        }
    }

    /// A segue: an edge from the screen (or scene) it is in; a bar button item that triggers one has an action.
    private func segue(_ a: [String: String], at location: SourceLocation) {
        if let parent = frames.indices.last, case .itemConnections = frames[parent].role, parent >= 1 {
            frames[parent - 1].hasAction = true
        }
        guard let destination = a["destination"], let kind = Self.edgeKind(a["kind"], relationship: a["relationship"]) else { return }
        let enclosing = frames.lastIndex { if case .screen = $0.role { return true } else { return false } }
        var fromScreen: Int?
        if let enclosing, case .screen(let screen) = frames[enclosing].role { fromScreen = screen }
        pendingEdges.append(
            PendingEdge(kind: kind, fromScreen: fromScreen, fromScene: currentScene, target: .element(destination), location: location))
    }

    /// The edge a segue makes: `show`/`push` push, modal kinds present, a navigation controller's root
    /// relationship is its root, an embed (a container view's) and a tab bar controller's tabs make children.
    /// Unwinds, custom segues and other relationships (split view columns) push nothing and make no edge.
    static func edgeKind(_ kind: String?, relationship: String?) -> Edge.Kind? {
        switch kind {
        case "show": return .show
        case "push": return .push
        case "presentation", "modal", "popoverPresentation", "showDetail": return .present
        case "embed": return .child
        case "relationship":
            switch relationship {
            case "rootViewController": return .root
            case "viewControllers": return .child
            default: return nil
            }
        default: return nil
        }
    }

    /// The runtime attributes of pop-gesture and bar libraries that Interface Builder sets on a view
    /// controller (`IBInspectable` properties or key paths typed into the identity inspector):
    /// - FDFullscreenPopGesture: `fd_interactivePopDisabled` (YES: no swipe back), `fd_prefersNavigationBarHidden`;
    /// - RTRootNavigationController: `rt_disableInteractivePop` (YES: no swipe back);
    /// - HBDNavigationBar: `hbd_swipeBackEnabled` (NO: no swipe back), `hbd_barHidden`;
    /// - GKNavigationBarViewController: `gk_interactivePopDisabled` (YES: no swipe back).
    /// For the swipe, only a value that turns it off is recorded: the opposite value is each library's default
    /// and says nothing about the system gesture. The bar's visibility is recorded either way.
    private func runtimeAttribute(_ a: [String: String], at location: SourceLocation, screen: Int) {
        guard a["type"] == "boolean", let keyPath = a["keyPath"], let value = a["value"].flatMap(Self.flag) else { return }
        switch keyPath {
        case "fd_interactivePopDisabled", "rt_disableInteractivePop", "gk_interactivePopDisabled":
            if value { add(.popGestureEnabled(.known(false)), at: location, to: screen) }
        case "hbd_swipeBackEnabled":
            if !value { add(.popGestureEnabled(.known(false)), at: location, to: screen) }
        case "fd_prefersNavigationBarHidden", "hbd_barHidden":
            add(.barHidden(.known(value)), at: location, to: screen)
        default:
            break
        }
    }

    /// What an element says when it ends: items, collections, title views and appearances are complete.
    private func end(_ frame: Frame) {
        let parent = frames.indices.last
        switch frame.role {
        case .scene:
            currentScene = nil
        case .barItem(let screen, let slot):
            let item = Self.item(frame)
            switch slot {
            case .back: add(.backItem(item), at: frame.location, to: screen)
            case .left: add(.leftItems([item]), at: frame.location, to: screen)
            case .right: add(.rightItems([item]), at: frame.location, to: screen)
            case .member: if let parent { frames[parent].items.append(item) }
            }
        case .itemCollection(let screen, let side):
            add(side == .left ? .leftItems(frame.items) : .rightItems(frame.items), at: frame.location, to: screen)
        case .customView:
            guard let parent else { return }
            let viewClass = frame.attributes["customClass"] ?? Self.viewClasses[frame.name]
            let takesTouches: Known<Bool>
            if frame.attributes["userInteractionEnabled"] == "NO" {
                // Hit testing skips the view and everything in it.
                takesTouches = .known(false)
            } else {
                switch frame.touches {
                case .none: takesTouches = .known(false)
                case .unsure: takesTouches = .unknown
                case .handled: takesTouches = .known(true)
                }
            }
            frames[parent].customView = CustomViewDraft(viewClass: viewClass, size: frame.size, takesTouches: takesTouches)
        case .titleView(let screen):
            add(.titleView(frame.size), at: frame.location, to: screen)
        case .appearance(let screen, let slot):
            add(.appearance(slot, background: frame.background), at: frame.location, to: screen)
        case .systemColorResource(let name):
            if let color = frame.resourceColor { systemColorResources[name] = color }
        default:
            break
        }
    }

    /// A bar button item: its custom view, else its system item, image or title.
    static func item(_ frame: Frame) -> ItemDraft {
        let a = frame.attributes
        let content: ItemDraft.Content
        if let customView = frame.customView {
            content = .customView(customView)
        } else if let system = a["systemItem"] {
            switch system {
            case "fixedSpace":
                // Interface Builder leaves out a width of zero.
                content = .fixedSpace(a["width"].map { StoryboardColor.number($0).map(Known.known) ?? .unknown } ?? .known(0))
            case "flexibleSpace": content = .flexibleSpace
            default: content = .system(system)
            }
        } else if let image = a["image"] {
            content = .image(image)
        } else if let title = a["title"] {
            content = .title(.known(title))
        } else {
            // No title at all (a nil title, which UIKit replaces by its default): not a literal the rules can use.
            content = .unknown
        }
        return ItemDraft(content: content, hasAction: .known(frame.hasAction), action: frame.action, location: frame.location)
    }

    private func add(_ value: SettingValue, at location: SourceLocation, to screen: Int) {
        screens[screen].draft.settings.append(Setting(value, at: location))
    }

    /// Interface Builder's booleans.
    static func flag(_ text: String) -> Bool? {
        switch text {
        case "YES": return true
        case "NO": return false
        default: return nil
        }
    }

    // MARK: - Locations and problems

    /// The offset of the `<` of the start tag the parser just reported: the next start tag of the forward
    /// pass, or, should the two disagree, the last `<name` before the end of the parser's line.
    private func startTagOffset(_ name: String, _ parser: XMLParser) -> Int {
        if let offset = scanner.next(.startTag), scanner.startTag(at: offset, isNamed: name) { return offset }
        let line = max(1, min(parser.lineNumber, table.lineCount))
        let lineEnd = line < table.lineCount ? lineStartOffset(line + 1) - 1 : input.count - 1
        return scanner.lastStartTag(named: name, endingBy: lineEnd) ?? lineStartOffset(line)
    }

    /// The offset of the first byte of 1-based `line`, by binary search over the table's lines.
    private func lineStartOffset(_ line: Int) -> Int {
        var lo = 0
        var hi = input.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if table.line(ofByte: mid) < line { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Where the parser is: its line, and its column counted in characters.
    private func parserLocation(_ parser: XMLParser) -> SourceLocation {
        let line = max(1, min(parser.lineNumber, table.lineCount))
        let text = table.text(ofLine: line)
        let column = max(1, parser.columnNumber)
        return table.location(line: line, byteColumn: text.prefix(column - 1).utf8.count + 1)
    }

    private func stop(_ parser: XMLParser, _ problem: ReadProblem) {
        self.problem = problem
        parser.abortParsing()
    }

    /// A parse error as a sentence, by libxml2's error numbers (which `NSXMLParser` shares).
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        let what: String
        switch code {
        case 4: what = "the document is empty"
        case 5: what = "the file ends inside the document"
        case 9: what = "a character XML does not allow"
        case 26: what = "an entity that is not declared"
        case 73: what = "a tag not closed by '>'"
        case 76: what = "an end tag that does not match its start tag"
        case 77: what = "an element not closed before the end"
        default: what = "malformed markup"
        }
        return "malformed XML: \(what) (XML parser error \(code))"
    }
}

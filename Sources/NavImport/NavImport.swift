import JSONCore
import NavModel
import NavProtocol

/// Turns what an engineer prints in the debugger of a running app into a session document:
/// `po [[UIWindow keyWindow] recursiveDescription]`, optionally followed by
/// `po [[[UIWindow keyWindow] rootViewController] _printHierarchy]`.
///
/// What the dump shows is recovered (the device and status bar from the window and the bar, the top title,
/// the back button's text, the items); what it cannot show gets the default, and each such guess is one
/// sentence of `notes`.
public enum NavImport {
    /// iOS 26's bar classes: its items sit in `PlatterView`s inside a `NavigationBarPlatterContainer`, under a
    /// `NavigationBarTransitionContainer` (the iOS 26.0.1 Photos bar, Tests/Fixtures/dumps/ios26-photos-402x874.txt).
    /// Swift classes print with their module (`UIKit.PlatterView`) or mangled (`_TtC5UIKit11PlatterView`), so the
    /// name is matched within the printed class.
    static func isGlassClass(_ className: String) -> Bool {
        ["NavigationBarPlatterContainer", "NavigationBarTransitionContainer", "PlatterView", "_UIBarPlatter", "Glass"]
            .contains { className.contains($0) }
    }

    /// The document, the profile chosen, what the input was and what had to be guessed.
    public struct Result: Sendable {
        public var document: JSON
        public var profile: Profile
        public var notes: [String]
        public var kind: Kind = .recursiveDescription
        /// An accessibility tree's frames of the bar's parts (window coordinates), by the id of the view the model lays
        /// out for each: `navigationBar`, `backButton`, `item.ID`, `title`. Empty for an lldb dump.
        public var inputFrames: [String: Rect] = [:]
        /// How an accessibility tree drawn scaled (a screen behind a sheet) was read at full size: the document describes
        /// the bar at full size, and `drawnScale.drawn` maps the model's frames to where the tree draws them, to compare
        /// with `inputFrames`. `nil` when the tree is drawn at full size.
        public var drawnScale: DrawnScale?
    }

    /// Why the text could not be imported; `line` is 1-based (0 when the problem is not on one line).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// A view of the dump with its frame in the root's coordinates.
    struct Placed {
        var view: View
        var window: Rect
        var depth: Int
    }

    /// Imports any input navctl reads, told by its content (`detect`): an lldb dump, an XCUITest element tree, an
    /// Appium page source (XML) or WebDriverAgent's JSON source. `profile` overrides the profile the input suggests.
    public static func importDump(_ text: String, profile: Profile? = nil) throws(Failure) -> Result {
        let kind = try detect(text)
        if kind.isAccessibilityTree { return try importAccessibilityTree(text, kind: kind, profile: profile) }
        return try importRecursiveDescription(cleanLLDB(text), profile: profile)
    }

    /// An lldb dump, already cleaned (`cleanLLDB`).
    static func importRecursiveDescription(_ text: String, profile forced: Profile?) throws(Failure) -> Result {
        let (dumpText, hierarchy) = split(text)
        guard !dumpText.isEmpty else {
            throw Failure(line: 0, message: "no view lines ('<UIView: 0x…; frame = (…)>') in the dump; \(expectedKinds)")
        }
        let root: View
        do {
            root = try RecursiveDescription.parse(dumpText)
        } catch {
            throw Failure(line: error.line, message: error.message)
        }
        let texts = labelTexts(dumpText)
        var placed: [Placed] = []
        flatten(root, origin: Point(x: 0, y: 0), depth: 0, into: &placed)
        var notes: [String] = []
        // A dump of the bar alone (`po [bar recursiveDescription]`) has no window: the bar keeps its own frame.
        let barIsRoot = isBar(root)
        if barIsRoot {
            placed = []
            flatten(root, origin: Point(x: 0, y: 0), depth: 0, keepRootFrame: true, into: &placed)
        }
        guard let barIndex = placed.firstIndex(where: { isBar($0.view) }) else {
            throw Failure(
                line: 0,
                message:
                    "no UINavigationBar in the dump; print the key window's recursiveDescription while a navigation controller is on screen"
            )
        }
        let bar = placed[barIndex]
        let inBar = subtree(of: barIndex, in: placed)
        if bar.view.className != "UINavigationBar" {
            notes.append("the bar is a \(bar.view.className), read as a UINavigationBar subclass with the stock layout")
        }

        // The device, from the window and the bar.
        var window = placed[0].view.frame
        if barIsRoot {
            let preset =
                DevicePreset.all.first { $0.width == bar.window.width && $0.statusBarHeight == bar.window.minY }
                ?? DevicePreset.all.first { $0.width == bar.window.width }
            let height = preset?.height ?? 568
            window = Rect(x: 0, y: 0, width: bar.window.width, height: height)
            notes.append(
                "the dump starts at the bar: the screen is taken as \(fmt(bar.window.width)) wide (the bar's width) and \(fmt(height)) high (a guess)"
            )
        }
        var clues: [Clue] = []
        let device = Self.device(width: window.width, height: window.height, statusBar: bar.window.minY, notes: &notes, clues: &clues)

        // The era, from the bar's own classes and the dump's colours.
        clues += classClues(inBar: Set(inBar.map(\.view.className)), dump: dumpText)
        // A page sheet: its bar is 56 high, and the sheet's card is a UIDropShadowView (both iOS 13 and later).
        let sheetBar = abs(bar.window.height - BarGeometry.sheetBarHeight) < 0.5
        let card = ancestors(of: barIndex, in: placed).first { isClass($0.view, "UIDropShadowView") }
        if sheetBar, card != nil {
            clues.append(Clue(seen: "a 56-pt bar in a UIDropShadowView (a page sheet's card, iOS 13 and later)", from: 13))
        }
        var (profile, profileNote) = chooseProfile(
            clues, fallback: (.ios17, "profile ios17: the bar's classes name no era; the default profile is used (pass --profile)"))
        if let forced {
            profileNote = "profile \(forced.rawValue): from --profile (the dump suggests \(profile.rawValue))"
            profile = forced
        }
        notes.append(profileNote)

        // The font era (`textMetrics`): only iOS 7 prints a label's layer as a plain CALayer.
        let fontEra = textMetrics(inBar, layers: layerClasses(dumpText), profile: profile)
        if let note = fontEra.note { notes.append(note) }
        // The bar's tint (below) and its presentation.
        var barJSON: JSONObject?
        let sheet = sheetBar && profile.era == .modern && profile.majorVersion >= 13
        if sheet {
            barJSON = ["presentation": "pageSheet"]
            notes.append(
                "presentation pageSheet: the bar is 56 pt high\(card.map { ", in a \($0.view.className) at \(rectText($0.window))" } ?? ""), a page sheet's bar; the sheet's top (the bar's y, \(fmt(bar.window.minY))) is taken as the status bar's height"
            )
        } else if bar.window.height != 44 {
            notes.append(
                "the bar is \(fmt(bar.window.height)) pt high in the dump; the model lays out a \(profile == .ios26 ? "glass" : "44-pt") bar"
            )
        }

        // The bar's tint: the bar's own, else the one its buttons print.
        let tintSources = [bar] + inBar.filter { isClass($0.view, "_UIButtonBarButton") || isClass($0.view, "UINavigationButton") }
        for source in tintSources {
            guard let line = viewLine(source.view.id, in: dumpText), let tint = tintColor(in: line) else { continue }
            barJSON = barJSON ?? [:]
            barJSON?["tintColor"] = .string(tint.value)
            notes.append(
                "tintColor \(tint.value): \(source.view.className == bar.view.className ? "the bar's" : "its \(source.view.className)'s") '\(tint.printed)'"
            )
            break
        }

        // Title, back button and items.
        let content = extract(inBar, bar: bar, texts: texts, profile: profile)
        if content.title == nil { notes.append("the top screen's title: none found in the dump") }
        var result = assemble(
            content: content, names: controllerNames(hierarchy), profile: profile, device: device.json, policies: fontEra.policies,
            bar: barJSON, notes: &notes, chevronOnlyTitle: nil)
        result.kind = .recursiveDescription
        return result
    }

    /// The profile clues of an lldb dump: the bar's classes, and the colour classes anywhere in it.
    static func classClues(inBar classes: Set<String>, dump: String) -> [Clue] {
        var clues: [Clue] = []
        if let legacy = ["UINavigationItemButtonView", "UINavigationItemView"].first(where: classes.contains) {
            clues.append(Clue(seen: "the bar has \(legacy) (the iOS 7 to 10 bar)", from: 7, through: 10))
        }
        if let modern = ["_UINavigationBarContentView", "_UIButtonBarButton", "_UIModernBarButton"].first(where: classes.contains) {
            clues.append(Clue(seen: "the bar has \(modern) (iOS 11 and later)", from: 11))
        }
        if let large = classes.first(where: { $0 == "_UINavigationBarLargeTitleView" }) {
            clues.append(Clue(seen: "the bar has \(large) (large titles, iOS 11 and later)", from: 11))
        }
        if let dynamic = ["UIDynamicSystemColor", "UIDynamicCatalogSystemColor", "UIDynamicProviderColor"].first(where: {
            dump.contains("<\($0):")
        }) {
            clues.append(Clue(seen: "the dump prints a \(dynamic) (dynamic colours, iOS 13 and later)", from: 13))
        }
        if classes.contains("_UINavigationBarTitleControl") {
            clues.append(Clue(seen: "the bar has _UINavigationBarTitleControl (the title control of iOS 16's title menus)", from: 16))
        }
        if let glass = classes.first(where: Self.isGlassClass) {
            clues.append(Clue(seen: "the bar draws its items on glass platters (\(glass))", from: 26))
        }
        return clues
    }

    /// The dump line of the view at `address`.
    static func viewLine(_ address: String?, in dump: String) -> Substring? {
        guard let address else { return nil }
        return dump.split(separator: "\n").first { $0.contains(": \(address);") || $0.contains(": \(address)>") }
    }

    /// A view's `tintColor = …` as a document colour, and as printed: `UIExtendedSRGBColorSpace r g b a`,
    /// `UIDeviceRGBColorSpace r g b a`, the gray spaces' `w a`, or a system colour (`<UIDynamicSystemColor: 0x…;
    /// name = systemBlueColor>`).
    static func tintColor(in line: Substring) -> (value: String, printed: String)? {
        guard let start = find("tintColor = ", in: line) else { return nil }
        let rest = line[start...]
        if rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let printed = rest[...close]
            guard let nameStart = find("name = ", in: printed) else { return nil }
            var name = String(printed[nameStart...].prefix { $0 != ">" && $0 != ";" && $0 != " " })
            if name.hasSuffix("Color") { name = String(name.dropLast(5)) }
            guard (try? Color.parse(name)) != nil else { return nil }
            return (name, String(printed))
        }
        let printed = rest.prefix { $0 != ";" && $0 != ">" }
        let words = printed.split(separator: " ")
        guard let space = words.first else { return nil }
        let numbers = words.dropFirst().compactMap { Double($0) }
        func byte(_ v: Double) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
        func hex(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
            let digits = [r, g, b].map { v -> String in
                let s = String(byte(v), radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }.joined()
            return a >= 1 ? "#\(digits)" : "rgba(\(byte(r)),\(byte(g)),\(byte(b)),\(fmt((a * 1000).rounded() / 1000)))"
        }
        switch (space, numbers.count) {
        case ("UIExtendedSRGBColorSpace", 4), ("UIDeviceRGBColorSpace", 4), ("UIExtendedLinearSRGBColorSpace", 4):
            return (hex(numbers[0], numbers[1], numbers[2], numbers[3]), String(printed))
        case ("UIExtendedGrayColorSpace", 2), ("UIDeviceWhiteColorSpace", 2), ("UICachedDeviceWhiteColor", 2):
            return (hex(numbers[0], numbers[0], numbers[0], numbers[1]), String(printed))
        default:
            return nil
        }
    }

    /// The screens and the document from what was read. `chevronOnlyTitle`: an accessibility tree's label of a back
    /// button that shows the chevron alone (often the previous screen's title).
    static func assemble(
        content: Content, names: [String], profile: Profile, device: JSON, policies: JSONObject, bar: JSONObject?,
        notes: inout [String], chevronOnlyTitle: String?
    ) -> Result {
        var top: JSONObject = ["id": "top"]
        if let title = content.title { top["title"] = .string(title) }
        var item = JSONObject()
        if !content.left.isEmpty { item["leftItems"] = .array(content.left) }
        if !content.right.isEmpty { item["rightItems"] = .array(content.right) }
        if content.search { item["search"] = ["hidesWhenScrolling": false] }
        if !item.isEmpty { top["item"] = .object(item) }

        var screens: [JSON] = []
        if let back = content.back {
            var previous: JSONObject = ["id": "previous"]
            if back.isEmpty {
                let known = chevronOnlyTitle.flatMap { $0.isEmpty || $0 == "Back" ? nil : $0 }
                previous["title"] = .string(known ?? (names.count >= 2 ? names[names.count - 2] : "Previous"))
                if profile.majorVersion >= 14 {
                    previous["item"] = ["backButtonDisplayMode": "minimal"]
                    notes.append(
                        "the back button shows the chevron alone: the previous screen's backButtonDisplayMode is taken as \"minimal\"\(known.map { "; its title \"\($0)\" is the button's accessibility label" } ?? "; its own title is not in the input")"
                    )
                } else {
                    previous["item"] = ["backItem": ["title": ""]]
                    notes.append(
                        "the back button shows the arrow alone: the previous screen's back item title is taken as \"\" (the empty-title technique); its own title is not in the dump"
                    )
                }
            } else {
                previous["title"] = .string(back)
                notes.append(
                    "the previous screen's title is taken from the back button's text \"\(back)\" (a backButtonTitle or back item would read the same)"
                )
            }
            screens.append(.object(previous))
        }
        if names.count > screens.count + 1 {
            let missing = names.count - screens.count - 1
            notes.append(
                "\(missing) more screen(s) below, from _printHierarchy (\(names.prefix(missing).joined(separator: ", "))), with their class names as titles"
            )
            for (i, name) in names.prefix(missing).enumerated().reversed() {
                screens.insert(["id": .string("screen-\(i + 1)"), "title": .string(name)], at: 0)
            }
        }
        screens.append(.object(top))

        var document: JSONObject = [
            "format": "navd-session", "formatVersion": 1, "name": "imported", "profile": .string(profile.rawValue), "device": device,
        ]
        var policies = policies
        let widths = givenWidths(content, screens: screens, document: document, policies: policies)
        if !widths.isEmpty {
            policies["textWidths"] = .array(widths)
            notes.append(
                "text widths: \(widths.count) kept as the input drew them (policies.textWidths), so the bar is laid out with the input's own widths for \(widths.compactMap { $0["text"]?.stringValue.map { "'\($0)'" } }.joined(separator: ", "))"
            )
        }
        notes.append(
            "locale, app languages and policies: not in the input; the defaults (en, [en], every \(policies.isEmpty ? "" : "other ")policy's default) are used"
        )
        if !policies.isEmpty { document["policies"] = .object(policies) }
        if let bar { document["bar"] = .object(bar) }
        document["notes"] = .array(notes.map(JSON.string))
        document["screens"] = .array(screens)
        return Result(document: .object(document), profile: profile, notes: notes)
    }

    /// The title's, the large title's and the back title's widths as the input drew them, for `policies.textWidths`.
    /// A back button whose label the input does not give (an accessibility tree) holds a label as wide as the
    /// model's back button of its width does (`BarGeometry.backLabelWidth`).
    static func givenWidths(_ content: Content, screens: [JSON], document: JSONObject, policies: JSONObject) -> [JSON] {
        func entry(_ text: String, _ style: TextWidths.Style, _ width: Double) -> JSON {
            ["text": .string(text), "style": .string(style.rawValue), "width": .number((width * 100).rounded() / 100)]
        }
        var out: [JSON] = []
        if let title = content.title, !title.isEmpty {
            if let w = content.titleWidth, w > 0 { out.append(entry(title, .title, w)) }
            if let w = content.largeTitleWidth, w > 0 { out.append(entry(title, .largeTitle, w)) }
        }
        guard let back = content.back, !back.isEmpty else { return out }
        if let w = content.backLabelWidth, w > 0 {
            out.append(entry(back, .button, w))
        } else if let button = content.backButtonWidth {
            var trial = document
            if !policies.isEmpty { trial["policies"] = .object(policies) }
            trial["screens"] = .array(screens)
            guard let (_, model) = try? SessionDocument.decode(.object(trial), limits: ModelLimits()) else { return out }
            let g = BarGeometry(model: model, screenIndex: model.screens.count - 1)
            if let w = g.backLabelWidth(buttonWidth: button), w > 0 { out.append(entry(back, .button, w)) }
        }
        return out
    }

    // MARK: The font era

    /// The `textMetrics` policy an era L bar's labels tell, and the note saying why.
    ///
    /// A UILabel's layer is a `_UILabelLayer` from iOS 8 on and a plain `CALayer` on iOS 7, so labels drawn
    /// in plain CALayers mean iOS 7 and Helvetica Neue. iOS 8 (Helvetica Neue) prints the same classes as
    /// iOS 9 (San Francisco), so such a bar keeps `automatic`; iOS 10's bar background is `_UIBarBackground`.
    static func textMetrics(_ inBar: [Placed], layers: [String: String], profile: Profile) -> (policies: JSONObject, note: String?) {
        guard profile == .ios10 else { return ([:], nil) }
        let labelLayers = inBar.filter { isLabel($0.view) }.compactMap { $0.view.id.flatMap { layers[$0] } }
        if !labelLayers.isEmpty, labelLayers.allSatisfy({ $0 == "CALayer" }) {
            return (
                ["textMetrics": "helveticaNeue"],
                "textMetrics helveticaNeue: the bar's labels draw in plain CALayers, as only iOS 7 prints them (iOS 8 and later print _UILabelLayer), and iOS 7 sets bar text in Helvetica Neue"
            )
        }
        if inBar.contains(where: { $0.view.className == "_UINavigationBarBackground" }) {
            let why =
                labelLayers.isEmpty
                ? "the bar's classes are those of iOS 7 to 9 and no label's layer tells which"
                : "the bar's classes and labels are those of iOS 8 and 9, which they cannot tell apart"
            return (
                [:], "textMetrics automatic (San Francisco): \(why); set policies.textMetrics to helveticaNeue if the app ran on iOS 7 or 8"
            )
        }
        return ([:], nil)
    }

    /// The class of each view's layer (`layer = <CALayer: 0x…>`), by the view's address.
    static func layerClasses(_ dump: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in dump.split(separator: "\n") {
            guard let open = line.firstIndex(of: "<"), let colon = line[open...].firstIndex(of: ":"),
                let start = findLast("layer = <", in: line)
            else { continue }
            let rest = line[colon...].dropFirst().drop { $0 == " " }
            let address = String(rest.prefix { $0 != ";" && $0 != ">" })
            out[address] = String(line[start...].prefix { $0 != ":" && $0 != ">" && $0 != " " })
        }
        return out
    }

    // MARK: The parts of the bar

    struct Content {
        var title: String?
        /// The back button's text; "" for the arrow alone; nil when there is none.
        var back: String?
        var left: [JSON] = []
        var right: [JSON] = []
        /// The top screen has an integrated search field (GEO-16).
        var search = false
        /// The widths the input drew the title, the large title and the back title at (`policies.textWidths`).
        var titleWidth: Double?
        var largeTitleWidth: Double?
        var backLabelWidth: Double?
        /// The back button's width, when the input gives the button and not its label (an accessibility tree): the
        /// label's width is what the model's back button of this width holds.
        var backButtonWidth: Double?
    }

    static func extract(_ inBar: [Placed], bar: Placed, texts: [String: String], profile: Profile) -> Content {
        var content = Content()
        // A view's text: its own label subviews' (by the tree, not by frame: a back title moved aside by a
        // title position adjustment is still the back button's), else any label drawn inside its frame.
        func label(below view: View) -> (text: String, width: Double)? {
            for child in view.subviews {
                if isLabel(child), let id = child.id, let t = texts[id] { return (t, child.frame.width) }
                if let found = label(below: child) { return found }
            }
            return nil
        }
        func label(in p: Placed) -> (text: String, width: Double)? {
            if let found = label(below: p.view) { return found }
            let labels = inBar.filter { isLabel($0.view) && $0.window.isInside(p.window) }
            for l in labels { if let id = l.view.id, let t = texts[id] { return (t, l.window.width) } }
            return nil
        }
        func text(in p: Placed) -> String? { label(in: p)?.text }
        let mid = bar.window.midX
        if profile == .ios10 {
            if let titleView = inBar.first(where: { isClass($0.view, "UINavigationItemView") }), let drawn = label(in: titleView) {
                content.title = drawn.text
                content.titleWidth = drawn.width
            }
            if let back = inBar.first(where: { isClass($0.view, "UINavigationItemButtonView") }) {
                let drawn = label(in: back)
                content.back = drawn?.text ?? ""
                content.backLabelWidth = drawn?.width
            }
            for button in inBar where isClass(button.view, "UINavigationButton") {
                let entry = barItem(
                    button, bar: bar, inBar: inBar, text: text(in: button),
                    index: button.window.minX < mid ? content.left.count : content.right.count
                )
                if button.window.midX < mid { content.left.append(entry) } else { content.right.append(entry) }
            }
            return content
        }
        // iOS 11 and later: the back button is the _UIButtonBarButton holding a _UIBackButtonContainerView (or
        // the chevron image); items are the other _UIButtonBarButtons and the custom views in the stacks.
        let buttons = inBar.filter { isClass($0.view, "_UIButtonBarButton") }
        for button in buttons {
            let inside = inBar.filter { $0.window.isInside(button.window) && $0.depth > button.depth }
            let isBack =
                inside.contains { isClass($0.view, "_UIBackButtonContainerView") }
                || (button.window.minX <= bar.window.minX + 0.5 && inside.contains { $0.view.className == "UIImageView" }
                    && !inside.contains { isClass($0.view, "_UIButtonBarStackView") })
            if isBack {
                let drawn = label(in: button)
                content.back = drawn?.text ?? ""
                content.backLabelWidth = drawn?.width
                continue
            }
            let side = button.window.midX < mid
            let entry = barItem(
                button, bar: bar, inBar: inBar, text: text(in: button), index: side ? content.left.count : content.right.count)
            if side { content.left.append(entry) } else { content.right.append(entry) }
        }
        // Custom views: direct children of a stack that are not bar buttons or spacers.
        for stack in inBar where isClass(stack.view, "_UIButtonBarStackView") {
            for child in inBar where child.depth == stack.depth + 1 && child.window.isInside(stack.window, slack: 0.5) {
                let cls = child.view.className
                if isClass(child.view, "_UIButtonBarButton") || cls == "UIView" && child.window.height == 0 { continue }
                if cls == "UIView" && (child.window.width <= 8 || child.window.height == 0) { continue }
                let side = child.window.midX < mid
                let custom: JSON = [
                    "id": .string("custom-\(side ? content.left.count : content.right.count)"),
                    "customView": ["width": .number(child.window.width), "height": .number(child.window.height)],
                ]
                if side { content.left.append(custom) } else { content.right.append(custom) }
            }
        }
        // The title: the label of the content view that is no button's.
        if let contentView = inBar.first(where: { isClass($0.view, "_UINavigationBarContentView") }) {
            let inButtons = Set(
                buttons.flatMap { b in inBar.filter { $0.window.isInside(b.window) && $0.depth > b.depth }.compactMap(\.view.id) })
            let titles = inBar.filter {
                isLabel($0.view) && $0.depth > contentView.depth && !inButtons.contains($0.view.id ?? "")
            }
            if let drawn = titles.first(where: { $0.view.id.flatMap { texts[$0] } != nil }) {
                content.title = drawn.view.id.flatMap { texts[$0] }
                content.titleWidth = drawn.window.width
            }
        }
        return content
    }

    /// A text item, or an image item with its glyph's size.
    static func barItem(_ button: Placed, bar: Placed, inBar: [Placed], text: String?, index: Int) -> JSON {
        if let text, !text.isEmpty {
            let id = text.lowercased().filter { $0.isLetter || $0.isNumber }
            var item: JSONObject = ["id": .string(id.isEmpty ? "item-\(index)" : id), "title": .string(text)]
            // The width the dump drew the item's content at, rather than the model's estimate of the font: the item
            // is then as wide as the running app drew it (a CJK title measures wider than the model's table). The
            // content is the button's _UIModernBarButton (GEO-9: the button is it plus 8), which is its label's
            // width but can be wider: the iOS 13 sheet's leading '取消' draws a 35-pt label in a 38-pt one.
            let inside = inBar.filter { $0.window.isInside(button.window, slack: 0.5) && $0.depth > button.depth && $0.window.width > 0 }
            if let label = inside.first(where: { isLabel($0.view) }) {
                let content = inside.first { isClass($0.view, "_UIModernBarButton") && label.window.isInside($0.window, slack: 0.5) }
                item["width"] = .number(((content ?? label).window.width * 100).rounded() / 100)
            }
            return .object(item)
        }
        let image = inBar.first { $0.view.className.hasSuffix("ImageView") && $0.window.isInside(button.window) && $0.depth > button.depth }
        let size = image.map { Size(width: $0.window.width, height: $0.window.height) } ?? Size(width: 24, height: 24)
        let side = button.window.midX < bar.window.midX ? "left" : "right"
        return ["id": .string("image-\(side)-\(index)"), "image": ["width": .number(size.width), "height": .number(size.height)]]
    }

    // MARK: Reading the text

    /// The recursiveDescription lines, and the `_printHierarchy` lines after them. Every other line of the dump part
    /// is kept blank, so a line number in it is the input's.
    static func split(_ text: String) -> (String, String) {
        var dump: [Substring] = []
        var hierarchy: [Substring] = []
        var seenView = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " || $0 == "|" || $0 == "\t" }
            if body.hasSuffix("(layer)") {
                // A layer that recursiveDescription lists under its view (`<_UILabelContentLayer: 0x…> (layer)`).
                dump.append("")
            } else if body.hasPrefix("<"), body.dropFirst().prefix(while: { $0 != " " && $0 != ">" }).hasSuffix(":") {
                dump.append(line)
                seenView = true
            } else if body.hasPrefix("<") {
                hierarchy.append(line)
                dump.append("")
            } else if seenView, hierarchy.isEmpty, !body.isEmpty, !body.hasPrefix("(lldb)") {
                // A label's text cut by a line break continues the view above.
                dump.append(line)
            } else {
                dump.append("")
            }
        }
        while let last = dump.last, last.isEmpty { dump.removeLast() }
        return (seenView ? dump.joined(separator: "\n") : "", hierarchy.joined(separator: "\n"))
    }

    /// The view controllers a navigation controller holds, root first, from `_printHierarchy`: the lines one
    /// level inside the first `UINavigationController`.
    static func controllerNames(_ hierarchy: String) -> [String] {
        var names: [String] = []
        var navigationDepth: Int?
        for line in hierarchy.split(separator: "\n") {
            let depth = line.filter { $0 == "|" }.count
            let body = line.drop { $0 == " " || $0 == "|" || $0 == "\t" }
            guard body.hasPrefix("<") else { continue }
            let name = String(body.dropFirst().prefix { $0 != " " && $0 != ">" && $0 != ":" })
            if let d = navigationDepth {
                if depth <= d { break }
                if depth == d + 1 { names.append(name) }
            } else if name.hasSuffix("NavigationController") {
                navigationDepth = depth
            }
        }
        return names
    }

    /// `text = '...'` of each view, by address, with `\uXXXX` and `\xNN` escapes decoded.
    static func labelTexts(_ dump: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in dump.split(separator: "\n") {
            guard let open = line.firstIndex(of: "<"), let colon = line[open...].firstIndex(of: ":") else { continue }
            let rest = line[colon...].dropFirst().drop { $0 == " " }
            let address = String(rest.prefix { $0 != ";" && $0 != ">" })
            guard let start = find("text = '", in: line) else { continue }
            var value = ""
            var i = start
            while i < line.endIndex {
                let c = line[i]
                if c == "'" {
                    let next = line.index(after: i)
                    if next == line.endIndex || line[next] == ";" || line[next] == ">" { break }
                }
                value.append(c)
                i = line.index(after: i)
            }
            out[address] = unescape(value)
        }
        return out
    }

    /// Where the text after the first `needle` in `line` starts.
    static func find(_ needle: String, in line: Substring) -> Substring.Index? {
        var i = line.startIndex
        while i < line.endIndex {
            if line[i...].hasPrefix(needle) { return line.index(i, offsetBy: needle.count) }
            i = line.index(after: i)
        }
        return nil
    }

    /// Where the text after the last `needle` in `line` starts (a view's `layer = <…>` ends its description,
    /// after any text of its own).
    static func findLast(_ needle: String, in line: Substring) -> Substring.Index? {
        var i = line.endIndex
        while i > line.startIndex {
            i = line.index(before: i)
            if line[i...].hasPrefix(needle) { return line.index(i, offsetBy: needle.count) }
        }
        return nil
    }

    static func unescape(_ s: String) -> String {
        var out = ""
        var chars = Array(s)
        var i = 0
        while i < chars.count {
            if chars[i] == "\\", i + 1 < chars.count {
                let kind = chars[i + 1]
                let width = kind == "u" ? 4 : kind == "x" ? 2 : 0
                if width > 0, i + 2 + width <= chars.count, let v = UInt32(String(chars[(i + 2)..<(i + 2 + width)]), radix: 16),
                    let scalar = Unicode.Scalar(v)
                {
                    out.unicodeScalars.append(scalar)
                    i += 2 + width
                    continue
                }
            }
            out.append(chars[i])
            i += 1
        }
        chars = []
        return out
    }

    // MARK: The tree

    static func flatten(_ v: View, origin: Point, depth: Int, keepRootFrame: Bool = false, into out: inout [Placed]) {
        let frame = Rect(x: origin.x + v.frame.x, y: origin.y + v.frame.y, width: v.frame.width, height: v.frame.height)
        let root = depth == 0 && !keepRootFrame
        out.append(Placed(view: v, window: root ? Rect(x: 0, y: 0, width: v.frame.width, height: v.frame.height) : frame, depth: depth))
        let base = root ? Point(x: 0, y: 0) : Point(x: frame.x, y: frame.y)
        let b = v.effectiveBounds
        for child in v.subviews { flatten(child, origin: Point(x: base.x - b.x, y: base.y - b.y), depth: depth + 1, into: &out) }
    }

    /// The views that hold `index`'s view, nearest first.
    static func ancestors(of index: Int, in placed: [Placed]) -> [Placed] {
        var out: [Placed] = []
        var depth = placed[index].depth
        for p in placed[..<index].reversed() where p.depth < depth {
            out.append(p)
            depth = p.depth
        }
        return out
    }

    /// The placed views of `index`'s subtree (itself included).
    static func subtree(of index: Int, in placed: [Placed]) -> [Placed] {
        var out = [placed[index]]
        var i = index + 1
        while i < placed.count, placed[i].depth > placed[index].depth {
            out.append(placed[i])
            i += 1
        }
        return out
    }

    static func isClass(_ v: View, _ name: String) -> Bool { v.className == name }

    /// A navigation bar: UINavigationBar, or an app's subclass of it (`RTCleanNavigationBar`, `CustomNavigationBar`).
    static func isBar(_ v: View) -> Bool {
        v.className == "UINavigationBar" || (!v.className.hasPrefix("_") && v.className.hasSuffix("NavigationBar"))
    }

    static func isLabel(_ v: View) -> Bool { v.className.hasSuffix("Label") }

    static func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

import JSONCore
import NavModel

/// Turns an accessibility tree (XCUITest, Appium XML, WebDriverAgent JSON) into a session document.
///
/// An accessibility frame is the frame of the view that takes the element's taps, in window coordinates: a bar
/// button's is its `_UIButtonBarButton` (on iOS 26 its platter), the title's is the title label, the bar's is the
/// `UINavigationBar`. The model's layout produces the same views, so each input frame is held against the laid-out
/// view of the same role (docs/import.md, "Accessibility frames").
extension NavImport {
    /// An element with its place among the bar's contents.
    struct BarElement {
        var element: AXElement
        var frame: Rect
    }

    static func importAccessibilityTree(_ text: String, kind: Kind, profile forced: Profile?) throws(Failure) -> Result {
        let root: AXElement
        switch kind {
        case .xcuiTest: root = try XCUITestTree.parse(text)
        case .appiumXML: root = try AppiumXMLTree.parse(text)
        case .wdaJSON: root = try WDAJSONTree.parse(text)
        case .recursiveDescription: throw Failure(line: 0, message: "not an accessibility tree")
        }
        let tree = root.numbered()
        var all = Array(tree.all.dropFirst())
        guard
            let barIndex = all.firstIndex(where: {
                $0.type == "NavigationBar" && ($0.frame.map { $0.width > 0 && $0.height > 0 } ?? false)
            }), var barFrame = all[barIndex].frame
        else {
            let line = all.first { $0.type == "NavigationBar" }?.line ?? 0
            throw Failure(
                line: line,
                message: line > 0
                    ? "the NavigationBar element has no frame on screen; print the tree while the bar is shown"
                    : "no NavigationBar element in \(kind.title); print it while a navigation controller's bar is on screen")
        }
        var bar = all[barIndex]
        var notes: [String] = ["read as \(kind.title): accessibility frames in window coordinates (docs/import.md)"]
        let windowFrame = all.first {
            ($0.type == "Window" || $0.type == "Application") && ($0.frame.map { $0.minX == 0 && $0.minY == 0 && $0.width > 0 } ?? false)
        }?.frame

        // A screen drawn scaled behind a sheet: its frames are read at full size, and the input's kept to compare with.
        var drawnScale: DrawnScale?
        let treeFrames = Dictionary(uniqueKeysWithValues: all.compactMap { e in e.frame.map { (e.ordinal, $0) } })
        // The frame the input gives an element, before any reading at full size.
        func input(_ e: AXElement, _ read: Rect) -> Rect { treeFrames[e.ordinal] ?? read }
        if let windowFrame, let (scale, container) = Self.drawnScale(bar: bar, in: tree, window: windowFrame, notes: &notes) {
            drawnScale = scale
            all = Array(fullSize(tree, container: container.ordinal, scale).all.dropFirst())
            bar = all[barIndex]
            barFrame = bar.frame ?? barFrame
            notes.append(
                "the tree is drawn at \(fmtScale(scale.scale)) of its size, centred: a screen behind a sheet; its frames are read at full size (the bar is \(fmt(input(bar, barFrame).width)) wide in a \(fmt(windowFrame.width))-pt window, inside a copy of the window drawn \(rectText(container.frame!)))"
            )
        }

        // The bar's elements: its descendants, or (a flat list) the elements listed after it inside its frame.
        var contents: [BarElement] = bar.all.dropFirst().compactMap { e in e.frame.map { BarElement(element: e, frame: $0) } }
        if bar.children.isEmpty {
            contents = all[(barIndex + 1)...].compactMap { e in
                guard let f = e.frame, f.width > 0, f.height > 0, f.isInside(barFrame, slack: 0.5), f != barFrame else { return nil }
                return BarElement(element: e, frame: f)
            }
            if !contents.isEmpty {
                notes.append("the list is flat: the elements inside the bar's frame are taken as the bar's")
            }
        }

        // The window, and the device.
        var clues: [Clue] = []
        let statusBar = barFrame.minY
        let width: Double
        let height: Double
        if let windowFrame {
            width = windowFrame.width
            height = windowFrame.height
        } else {
            width = barFrame.width
            let preset =
                DevicePreset.all.first { $0.width == width && $0.statusBarHeight == statusBar }
                ?? DevicePreset.all.first { $0.width == width }
            height = preset?.height ?? 844
            notes.append(
                "the tree starts at the bar: the screen is taken as \(fmt(width)) wide (the bar's width) and \(fmt(height)) high (\(preset.map { "the height of \($0.name)" } ?? "a guess"))"
            )
        }
        let device = Self.device(width: width, height: height, statusBar: statusBar, notes: &notes, clues: &clues)
        if drawnScale != nil {
            clues.append(Clue(seen: "a screen drawn scaled behind a sheet (the card sheets of iOS 13)", from: 13))
        }

        // The profile: the bar's geometry, then the device.
        let barHeights: [Double: (String, Int)] = [
            44: ("a 44-pt bar", 7), 96: ("a 96-pt bar (a large title)", 11), 50: ("a 50-pt bar (iPad)", 12),
            102: ("a 102-pt bar (iPad, a large title)", 12), 54: ("a 54-pt bar (iOS 26's glass bar)", 26),
            106: ("a 106-pt bar (iOS 26's glass bar with a large title)", 26),
        ]
        let buttons = contents.filter { $0.element.type == "Button" }
        if let (seen, from) = barHeights[barFrame.height], from > 7 { clues.append(Clue(seen: seen, from: from)) }
        if buttons.contains(where: { abs($0.frame.height - 44) < 0.5 && $0.frame.minY == barFrame.minY }) {
            clues.append(Clue(seen: "bar buttons as high as the bar's 44-pt row (iOS 7 to 10 draw them 30 high)", from: 11))
        }
        if buttons.contains(where: { abs($0.frame.height - BarGeometry.legacyButtonHeight) < 0.5 }) {
            clues.append(Clue(seen: "30-pt bar buttons (the iOS 7 to 10 bar)", from: 7, through: 10))
        }
        if contents.contains(where: { $0.element.type == "SearchField" }) {
            clues.append(Clue(seen: "a search field in the bar", from: 11))
        }
        var (profile, profileNote) = chooseProfile(
            clues,
            fallback: (.ios17, "profile ios17: nothing in the tree tells the iOS version; the default profile is used (pass --profile)"))
        if let forced {
            profileNote = "profile \(forced.rawValue): from --profile (the tree suggests \(profile.rawValue))"
            profile = forced
        }
        notes.append(profileNote)
        let era = profile.era

        // Rows: the bar's top row holds the items, the title and the back button; a large title's row (GEO-13) and a
        // search field's (GEO-16) sit below it.
        let searchField = contents.first(where: { $0.element.type == "SearchField" && $0.frame.minY >= barFrame.minY + 40 })
        let searchRow = searchField != nil ? Policies().searchRowHeight : 0
        let large = barFrame.height - searchRow >= 90
        let topRow = barFrame.height - searchRow - (large ? Policies().largeTitleRowHeight : 0)
        let rowHeight: Double = era == .glass ? BarGeometry.platterSize : min(barFrame.height, topRow)

        // The back button.
        let margin: Double = width >= BarGeometry.wideMarginWidth ? 20 : 16
        let back = buttons.first { b in
            b.element.identifier == "BackButton"
                || (b.frame.minX <= barFrame.minX + 0.5 && era != .glass)
                || (era == .glass && abs(b.frame.minX - margin) < 0.5 && b.element.label == "Back")
        }
        var content = Content()
        var backChevronOnly = false
        if let back {
            let minimal = era == .glass ? BarGeometry.platterSize : 44
            backChevronOnly = back.frame.width <= minimal + 0.5
            content.back = backChevronOnly ? "" : (back.element.text ?? "")
            if !backChevronOnly { content.backButtonWidth = back.frame.width }
        }

        // The items: the other buttons, by side; right items from the trailing edge inward.
        let others = buttons.filter { $0.element.ordinal != back?.element.ordinal }
        let mid = barFrame.midX
        let leftButtons = others.filter { $0.frame.midX < mid }.sorted { $0.frame.minX < $1.frame.minX }
        let rightButtons = others.filter { $0.frame.midX >= mid }.sorted { $0.frame.maxX > $1.frame.maxX }
        // WebDriverAgent's frames are whole points rounded outward: each item's width is read from its frame before
        // that rounding, as far as the frames and the spacing between items tell it.
        // A tree read at full size from a scaled drawing has no whole points left to undo the rounding by.
        let integral = kind.roundsFramesOutward && era == .modern && drawnScale == nil
        let leftFrames = integral ? unrounded(leftButtons.map(\.frame), spacing: 8, fromLeadingEdge: true) : leftButtons.map(\.frame)
        let rightFrames = integral ? unrounded(rightButtons.map(\.frame), spacing: 8, fromLeadingEdge: false) : rightButtons.map(\.frame)
        if integral, !(leftButtons + rightButtons).isEmpty {
            notes.append(
                "item widths: WebDriverAgent rounds every frame outward to whole points, so each item's button is taken as up to 1 pt narrower than the tree's, 8 pt from its neighbour"
            )
        }
        var usedIds: Set<String> = []
        var frames: [String: Rect] = ["navigationBar": input(bar, barFrame)]
        if let back { frames["backButton"] = input(back.element, back.frame) }
        for (i, b) in leftButtons.enumerated() {
            let read = BarElement(element: b.element, frame: leftFrames[i])
            let item = axItem(
                read, in: contents, era: era, edge: i == 0 && back == nil, side: "left", index: i, used: &usedIds, notes: &notes)
            content.left.append(item)
            if let id = item["id"]?.stringValue { frames["item.\(id)"] = input(b.element, b.frame) }
        }
        for (i, b) in rightButtons.enumerated() {
            let read = BarElement(element: b.element, frame: rightFrames[i])
            let item = axItem(read, in: contents, era: era, edge: i == 0, side: "right", index: i, used: &usedIds, notes: &notes)
            content.right.append(item)
            if let id = item["id"]?.stringValue { frames["item.\(id)"] = input(b.element, b.frame) }
        }

        // The title: a static text of the bar that is no button's (iOS 12 and 13 report it as Other, with the bar's
        // identifier as its label); a large title is the one below the top row.
        let inButtons = Set(buttons.flatMap { b in b.element.all.dropFirst().map(\.ordinal) })
        let texts = contents.filter {
            !inButtons.contains($0.element.ordinal) && $0.element.text != nil
                && ($0.element.type == "StaticText" || $0.element.type == "Other" && $0.element.label == bar.identifier)
        }
        let rowBottom = barFrame.minY + rowHeight
        let largeTitle = large ? texts.first { $0.frame.minY >= rowBottom - 0.5 } : nil
        let inlineTitle = texts.first { $0.frame.maxY <= rowBottom + 0.5 }
        var barJSON: JSONObject?
        if let largeTitle {
            content.title = largeTitle.element.text
            content.largeTitleWidth = largeTitle.frame.width
            frames["largeTitle"] = input(largeTitle.element, largeTitle.frame)
            barJSON = ["prefersLargeTitles": true]
            notes.append(
                "large title '\(largeTitle.element.text ?? "")' at \(rectText(largeTitle.frame)): the bar prefers large titles, and the screen's title is its text"
            )
        } else if large {
            barJSON = ["prefersLargeTitles": true]
            notes.append(
                "the bar's \(fmt(barFrame.height - topRow))-pt row under its top row is taken as a large-title row (no title text in it)")
        } else if let inlineTitle {
            content.title = inlineTitle.element.text
            content.titleWidth = inlineTitle.frame.width
            frames["title"] = input(inlineTitle.element, inlineTitle.frame)
        } else if let id = bar.identifier, !id.isEmpty {
            notes.append(
                "the top screen's title: no title element in the bar; its identifier '\(id)' is the title unless the app set one, so it is not used"
            )
        }
        if let search = searchField {
            let placeholder = search.element.placeholder ?? search.element.value ?? search.element.label
            content.search = true
            frames["searchField"] = input(search.element, search.frame)
            notes.append(
                "search field\(placeholder.map { " '\($0)'" } ?? "") at \(rectText(search.frame)): the screen has an integrated search field, shown while scrolled (hidesWhenScrolling false)"
            )
        }
        notes.append("bar colours: an accessibility tree has none; the default bar is used")

        var result = assemble(
            content: content, names: [], profile: profile, device: device.json, policies: [:], bar: barJSON, notes: &notes,
            chevronOnlyTitle: backChevronOnly ? back?.element.text : nil)
        result.kind = kind
        result.inputFrames = frames
        result.drawnScale = drawnScale
        return result
    }

    /// One bar button as an item: text with the label width the input measured, or an image with its glyph's size.
    static func axItem(
        _ b: BarElement, in contents: [BarElement], era: Era, edge: Bool, side: String, index: Int, used: inout Set<String>,
        notes: inout [String]
    ) -> JSON {
        let element = b.element
        let childText = element.all.dropFirst().first { $0.type == "StaticText" && $0.text != nil }
        let childImage = element.all.dropFirst().first { $0.type == "Image" && $0.frame != nil }
        let label = childText?.text ?? element.text
        let textPadding: Double = era == .modern ? 8 : era == .glass ? BarGeometry.platterPadding : 0
        var isText: Bool
        if childText != nil {
            isText = true
        } else if childImage != nil || label == nil {
            isText = false
        } else {
            let expected = TextMetrics.width(label!) + textPadding
            if abs(expected - b.frame.width) <= 4 {
                isText = true
            } else if label!.contains(".") && !label!.contains(" ") {
                isText = false  // an SF Symbol's name
            } else {
                isText = b.frame.width > 46.5
            }
        }
        var id = (label ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
        if id.isEmpty { id = "\(isText ? "item" : "image")-\(side)-\(index)" }
        var unique = id
        var n = 2
        while used.contains(unique) {
            unique = "\(id)-\(n)"
            n += 1
        }
        used.insert(unique)
        var item: JSONObject = ["id": .string(unique)]
        if isText, let label {
            item["title"] = .string(label)
            let labelWidth = b.frame.width - textPadding
            if era != .glass || b.frame.width > BarGeometry.platterSize + 0.5 {
                item["width"] = .number(round2(labelWidth))
            }
        } else {
            let padding: Double
            switch era {
            case .modern: padding = BarGeometry.imagePadding + (edge ? 8 : BarGeometry.imagePadding)
            case .legacy: padding = 2 * BarGeometry.legacyImagePadding
            case .glass: padding = BarGeometry.platterPadding
            }
            var glyph = childImage?.frame.map { Size(width: $0.width, height: $0.height) }
            if glyph == nil {
                let w = b.frame.width - padding
                if era == .glass && b.frame.width <= BarGeometry.platterSize + 0.5 || w <= 0 {
                    glyph = BarGeometry.systemGlyph
                } else {
                    glyph = Size(width: round2(w), height: min(round2(w), BarGeometry.systemGlyph.height))
                }
            }
            item["image"] = ["width": .number(glyph!.width), "height": .number(glyph!.height)]
            if let label, !label.isEmpty { notes.append("the \(side) item '\(label)' is read as an image (its label is not drawn text)") }
        }
        if !element.enabled { item["enabled"] = false }
        return .object(item)
    }

    static func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// The frames of a side's buttons before WebDriverAgent rounded them outward (`CGRectIntegral`: the origin down,
    /// the far edge up, so a frame is up to 1 pt wider on each side than the button). `frames` run from the screen
    /// edge inward. The outer edge of the edge button stays (the bar puts it on a whole point); each inner edge lies
    /// in the last point of the rounded frame, and where the button beside it is `spacing` away, also where that
    /// button's rounded edge allows: the middle of what is left. Where no such point exists the buttons are not
    /// `spacing` apart, and the tree's edge is kept.
    static func unrounded(_ frames: [Rect], spacing: Double, fromLeadingEdge leading: Bool) -> [Rect] {
        var out: [Rect] = []
        // Distance from the screen edge inward, so both sides read alike: `near` is the edge toward the screen edge.
        func span(_ r: Rect) -> (near: Double, far: Double) { leading ? (r.minX, r.maxX) : (-r.maxX, -r.minX) }
        var near = frames.first.map { span($0).near } ?? 0
        for (i, frame) in frames.enumerated() {
            let treeFar = span(frame).far
            // The inner edge is in (treeFar - 1, treeFar] before rounding.
            var low = treeFar - 1
            var high = treeFar
            var adjacent = false
            if i + 1 < frames.count {
                // The next button starts `spacing` further in, in [its rounded start, its rounded start + 1).
                let nextNear = span(frames[i + 1]).near
                let nextLow = max(low, nextNear - spacing)
                let nextHigh = min(high, nextNear + 1 - spacing)
                if nextLow <= nextHigh {
                    (low, high, adjacent) = (nextLow, nextHigh, true)
                }
            }
            let far = (low + high) / 2
            out.append(
                leading
                    ? Rect(x: near, y: frame.y, width: far - near, height: frame.height)
                    : Rect(x: -far, y: frame.y, width: far - near, height: frame.height))
            if i + 1 < frames.count { near = adjacent ? far + spacing : span(frames[i + 1]).near }
        }
        return out
    }

    static func rectText(_ r: Rect) -> String { "(\(fmt(r.x)), \(fmt(r.y)), \(fmt(r.width)) x \(fmt(r.height)))" }
}

extension Rect {
    /// Whether this rectangle lies within `other`, give or take `slack`.
    func isInside(_ other: Rect, slack: Double = 0.01) -> Bool {
        minX >= other.minX - slack && minY >= other.minY - slack && maxX <= other.maxX + slack && maxY <= other.maxY + slack
    }
}

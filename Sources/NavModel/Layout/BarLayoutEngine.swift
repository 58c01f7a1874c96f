/// Builds the one view tree of a screen's bar (SEMANTICS GEO, HT-10, HT-11, HT-13).
public enum BarLayoutEngine {
    /// The top screen's bar; nil when the stack is empty.
    public static func layout(model: NavigationModel) -> LaidOutBar? {
        guard !model.screens.isEmpty else { return nil }
        return layout(model: model, screenIndex: model.screens.count - 1)
    }

    /// The bar as it shows while `model.screens[screenIndex]` is the top screen.
    public static func layout(model: NavigationModel, screenIndex: Int) -> LaidOutBar {
        layout(model: model, screenIndex: screenIndex, backTitle: BackTitleEngine.backTitle(model: model, screenIndex: screenIndex))
    }

    /// The same, with the back title the back-title engine gave for that screen (callers that need it too
    /// compute it once).
    static func layout(model: NavigationModel, screenIndex: Int, backTitle: BackTitle) -> LaidOutBar {
        let plan = BarPlan(model: model, screenIndex: screenIndex, backTitle: backTitle)
        var builder = BarTreeBuilder(plan: plan, placement: BarPlacement(plan))
        return builder.build()
    }
}

/// Turns a placement into `View`s, roles, elements and drawings.
struct BarTreeBuilder {
    let plan: BarPlan
    let placement: BarPlacement
    var roles: [String: BarRole] = [:]
    var elements: [LayoutElement] = []
    var drawing: [BarDrawing] = []
    var usedIds: Set<String> = []

    init(plan: BarPlan, placement: BarPlacement) {
        self.plan = plan
        self.placement = placement
        // A bar has a few dozen views at most: sized once, the tables never grow and rehash.
        usedIds.reserveCapacity(48)
        roles.reserveCapacity(48)
    }

    private var g: BarGeometry { plan.geometry }
    /// Bar-local to window.
    private func window(_ r: Rect) -> Rect { r.offsetBy(dx: 0, dy: g.statusBarHeight) }

    /// A view id not used yet in this tree.
    private mutating func uniqueId(_ base: String) -> String {
        var id = base
        var n = 2
        while usedIds.contains(id) {
            id = "\(base)#\(n)"
            n += 1
        }
        usedIds.insert(id)
        return id
    }

    private mutating func view(
        _ base: String, _ className: String, _ frame: Rect, role: BarRole? = nil, interactive: Bool = true,
        touchPolicy: View.TouchPolicy = .bounds, hitInsets: EdgeInsets = .zero, action: String? = nil,
        subviews: [View] = []
    ) -> View {
        let id = uniqueId(base)
        if let role { roles[id] = role }
        return View(
            id: id, className: className, frame: frame, userInteractionEnabled: interactive, touchPolicy: touchPolicy,
            hitInsets: hitInsets, action: action, subviews: subviews)
    }

    mutating func build() -> LaidOutBar {
        let hidden = plan.appearance.hidden
        let bar = g.barFrame
        let backAction = plan.systemBackAction
        let mask = plan.maskInstalled

        var barChildren: [View] = []
        // The background reaches up behind the status bar, but a page sheet's stops at the bar: the card's top is
        // below the status bar (the iOS 13 sheet: `_UIBarBackground (0 0; 375 56)`).
        let backgroundTop = g.inSheet ? 0 : g.statusBarHeight
        barChildren.append(
            view(
                "background", g.era == .legacy ? "_UINavigationBarBackground" : "_UIBarBackground",
                Rect(x: 0, y: -backgroundTop, width: g.width, height: backgroundTop + g.totalHeight),
                role: .swallow, interactive: false))
        if !hidden {
            drawing.append(.background(bar, plan.appearance.barTintColor ?? plan.appearance.gradient?.first))
        }

        var columns: [LegacyColumn] = []
        switch g.era {
        case .legacy:
            barChildren += legacyChildren(backAction: backAction)
            columns = legacyColumns()
            if mask { barChildren.append(maskView()) }
        case .modern, .glass:
            barChildren.append(contentView(backAction: backAction))
            barChildren += lowerRows()
        }
        if hidden {
            elements = []
            drawing = []
        }

        let barView = view("navigationBar", "UINavigationBar", bar, role: .bar, subviews: barChildren)
        var barNode = barView
        barNode.hidden = hidden
        let windowView = view(
            "window", "UIWindow", Rect(x: 0, y: 0, width: g.width, height: max(g.height, bar.maxY)), role: .window,
            subviews: [barNode])

        let roleTable = NameTable(roles)
        var forwarding: [[Int]] = []
        if g.era != .legacy, plan.policies.forwardOutsideTouches, !hidden {
            forwarding = BarTreeBuilder.containerPaths(in: windowView, roles: roleTable, outsideOnly: true)
        }

        var laidOut = LaidOutBar(
            screenId: plan.screen.id, profile: plan.profile, barFrame: bar, hidden: hidden, window: windowView,
            roles: roleTable,
            elements: elements.sorted { $0.frame.minX < $1.frame.minX }.map {
                var e = $0
                e.frame = e.frame.snapped
                e.visibleFrame = e.visibleFrame.snapped
                return e
            },
            drawing: drawing,
            columns: hidden ? [] : columns, slop: hidden ? nil : plan.slop, forwardingPaths: forwarding,
            backAction: backAction, previousScreenId: plan.previousScreenId,
            titleFrame: hidden ? nil : (placement.title ?? largeTitleLabel).map(window), maskInstalled: mask && !hidden,
            maskOutside: plan.policies.maskOutside,
            disabledItems: Set((plan.screen.item.leftItems + plan.screen.item.rightItems).filter { !$0.enabled }.map(\.id)),
            alphaRule: plan.policies.alphaRule, textFamily: g.textFamily, textFont: g.textFont)
        laidOut.textWidths = g.textWidths
        return laidOut
    }

    // MARK: Era M and G

    private mutating func contentView(backAction: HitAction?) -> View {
        var children: [View] = []
        children += titleViews()
        if let back = placement.back {
            children.append(systemBackButton(back, action: backAction))
        }
        let glass = g.era == .glass
        let widen = glass ? glassWidening() : [:]
        for (side, group) in [(LayoutElement.Side.left, placement.leading), (.right, placement.trailing)] {
            guard !group.isEmpty else { continue }
            if glass {
                for (i, placed) in group.enumerated() {
                    children.append(itemView(placed, side: side, origin: .zero, insets: widen[key(side, i)] ?? .zero))
                }
            } else {
                let stack = group.map(\.frame).reduce(group[0].frame) { $0.union($1) }
                // The stack spans the buttons' row: the whole bar, or the 44-pt row of a page sheet's bar (y 6).
                let stackFrame = Rect(x: stack.minX, y: g.rowTop, width: stack.width, height: g.rowHeight)
                let items = group.map { itemView($0, side: side, origin: stackFrame.origin, insets: .zero) }
                let name = side == .left ? "leadingBar" : "trailingBar"
                children.append(view(name, "_UIButtonBarStackView", stackFrame, role: .swallow, subviews: items))
            }
        }
        return view(
            "contentView", "_UINavigationBarContentView", Rect(x: 0, y: 0, width: g.width, height: g.barHeight),
            role: .swallow, subviews: children)
    }

    private func key(_ side: LayoutElement.Side, _ i: Int) -> String { "\(side.rawValue).\(i)" }

    /// The large title's label, bar coordinates: on the margin, `largeTitleLabelTop` into its row, as wide as its
    /// text at 34 pt bold and no wider than the row's margins allow (GEO-13).
    private var largeTitleLabel: Rect? {
        guard let row = g.largeTitleRow, let text = plan.largeTitle else { return nil }
        let width = min(g.textWidth(text, style: .largeTitle), g.width - 2 * g.margin)
        return Rect(
            x: g.margin, y: row.y + BarGeometry.largeTitleLabelTop, width: width,
            height: min(BarGeometry.largeTitleLabelHeight, row.height - BarGeometry.largeTitleLabelTop))
    }

    /// The rows under the top row: the large title's (GEO-13), then the integrated search field's (GEO-16). Both
    /// belong to the bar, so a tap anywhere in them is the bar's and never reaches the content.
    private mutating func lowerRows() -> [View] {
        var rows: [View] = []
        if let row = g.largeTitleRow {
            var children: [View] = []
            if let label = largeTitleLabel, let text = plan.largeTitle {
                drawing.append(.largeTitle(text, window(label)))
                elements.append(
                    LayoutElement(kind: .largeTitle, side: .left, frame: window(label), visibleFrame: window(label), text: text))
                children.append(
                    view("largeTitle", "UILabel", label.offsetBy(dx: -row.x, dy: -row.y), interactive: false))
            }
            rows.append(view("largeTitleView", "_UINavigationBarLargeTitleView", row, role: .swallow, subviews: children))
        }
        if let row = g.searchRow {
            let field = Rect(
                x: g.margin, y: (row.height - BarGeometry.searchFieldHeight) / 2, width: g.width - 2 * g.margin,
                height: BarGeometry.searchFieldHeight)
            let inWindow = window(field.offsetBy(dx: row.x, dy: row.y))
            drawing.append(.searchField(inWindow))
            elements.append(LayoutElement(kind: .searchField, side: .center, frame: inWindow, visibleFrame: inWindow))
            let text = view("searchField", "UISearchTextField", field, role: .searchField, action: "search")
            rows.append(view("searchBar", "UISearchBar", row, role: .swallow, subviews: [text]))
        }
        return rows
    }

    /// Era G: each platter's hit rect reaches the midpoint of the gap to each neighbour, and 8 toward the
    /// screen edge when it is the outermost (GEO-14).
    private func glassWidening() -> [String: EdgeInsets] {
        struct Slot {
            var key: String?
            var rect: Rect
        }
        var row: [Slot] = []
        if let back = placement.back { row.append(Slot(key: "back", rect: back)) }
        for (i, p) in placement.leading.enumerated() {
            row.append(Slot(key: p.entry.content.isCustom ? nil : key(.left, i), rect: p.frame))
        }
        if let t = placement.title ?? placement.titleView { row.append(Slot(key: nil, rect: t)) }
        for (i, p) in placement.trailing.enumerated().reversed() {
            row.append(Slot(key: p.entry.content.isCustom ? nil : key(.right, i), rect: p.frame))
        }
        var out: [String: EdgeInsets] = [:]
        for (i, slot) in row.enumerated() {
            guard let k = slot.key else { continue }
            let leftRoom = i > 0 ? max(0, (slot.rect.minX - row[i - 1].rect.maxX) / 2) : min(g.edgeSpacing, slot.rect.minX)
            let rightRoom =
                i + 1 < row.count
                ? max(0, (row[i + 1].rect.minX - slot.rect.maxX) / 2) : min(g.edgeSpacing, g.width - slot.rect.maxX)
            out[k] = EdgeInsets(top: 0, left: -leftRoom, bottom: 0, right: -rightRoom)
        }
        return out
    }

    private mutating func systemBackButton(_ back: Rect, action: HitAction?) -> View {
        var children: [View] = []
        if g.era == .glass { drawing.append(.platter(window(back))) }
        if let chevron = placement.chevron {
            children.append(
                view("backIndicator", "_UIModernBarButton", chevron.offsetBy(dx: -back.x, dy: -back.y), interactive: false))
            drawing.append(.chevron(window(chevron)))
        }
        if let label = placement.backLabel, let text = plan.backText {
            children.append(
                view("backTitle", "_UIBackButtonContainerView", label.offsetBy(dx: -back.x, dy: -back.y), interactive: false))
            drawing.append(.text(text, window(label), bold: false, enabled: true))
        }
        let insets = g.era == .glass ? (glassWidening()["back"] ?? .zero) : .zero
        elements.append(
            LayoutElement(
                kind: .backButton, side: .left, frame: window(back.inset(by: insets)), visibleFrame: window(backVisible ?? back),
                text: plan.backText))
        return view(
            "backButton", "_UIButtonBarButton", back, role: .backButton, hitInsets: insets, action: action?.kindName,
            subviews: children)
    }

    /// An item's view: a system button, or a custom view's container holding its button.
    private mutating func itemView(_ placed: BarPlacement.Placed, side: LayoutElement.Side, origin: Point, insets: EdgeInsets) -> View {
        let frame = placed.frame.offsetBy(dx: -origin.x, dy: -origin.y)
        let content = placed.content
        switch placed.entry.source {
        case .syntheticBack(let text):
            return customItem(
                base: "syntheticBack", role: .syntheticBack, buttonRole: .syntheticBack, view: placed.entry.content,
                frame: frame, placed: placed, side: side, action: "customBack", enabled: true, text: text,
                element: .backButton, itemId: nil)
        case .item(let item):
            let enabled = item.enabled
            if case .custom = placed.entry.content {
                return customItem(
                    base: "item.\(item.id)", role: .itemContainer(item.id), buttonRole: .item(item.id),
                    view: placed.entry.content, frame: frame, placed: placed, side: side,
                    action: enabled ? "itemAction" : nil, enabled: enabled, text: nil, element: .barItem, itemId: item.id)
            }
            let className = g.era == .legacy ? "UINavigationButton" : "_UIButtonBarButton"
            let contentView = view(
                "item.\(item.id).content", g.era == .legacy ? "UILabel" : "_UIModernBarButton",
                content.offsetBy(dx: -placed.frame.x, dy: -placed.frame.y), interactive: false)
            if g.era == .glass { drawing.append(.platter(window(placed.frame))) }
            switch placed.entry.content {
            case .text(let t, _): drawing.append(.text(t, window(content), bold: false, enabled: enabled))
            default: drawing.append(.box(window(content), label: item.id))
            }
            let touch = g.era == .legacy ? placed.frame : placed.frame.inset(by: insets)
            elements.append(
                LayoutElement(
                    kind: .barItem, id: item.id, side: side, frame: window(touch), visibleFrame: window(content),
                    text: placed.entry.textLabel))
            return view(
                "item.\(item.id)", className, frame, role: .item(item.id), interactive: g.era != .legacy,
                hitInsets: insets, action: enabled && g.era != .legacy ? "itemAction" : nil, subviews: [contentView])
        }
    }

    private mutating func customItem(
        base: String, role: BarRole, buttonRole: BarRole, view custom: ItemContent, frame: Rect, placed: BarPlacement.Placed,
        side: LayoutElement.Side, action: String?, enabled: Bool, text: String?, element: LayoutElement.Kind,
        itemId: String?
    ) -> View {
        guard case .custom(let v) = custom else { return View(frame: frame) }
        let button = view(
            base, "UIButton", Rect(x: v.offset.x, y: v.offset.y, width: v.width, height: v.height), role: buttonRole,
            hitInsets: v.hitInsets, action: action)
        let policy: View.TouchPolicy
        if g.era == .legacy {
            policy = .passThrough  // HT-10: the bar pads custom views through its columns
        } else {
            policy = v.touchPolicy == .outside ? .outside : .bounds
        }
        let container = view("\(base).container", "UIView", frame, role: role, touchPolicy: policy, subviews: [button])
        let buttonRect = placed.content
        if role == .syntheticBack {
            let chevron = Rect(
                x: buttonRect.x, y: buttonRect.y + (buttonRect.height - g.chevron.height) / 2, width: g.chevron.width,
                height: g.chevron.height)
            drawing.append(.chevron(window(chevron)))
            if let text {
                let w = g.textWidth(text)
                drawing.append(
                    .text(
                        text,
                        window(
                            Rect(
                                x: chevron.maxX + g.chevronGap, y: g.rowTop + (g.rowHeight - g.textHeight) / 2, width: w,
                                height: g.textHeight)),
                        bold: false, enabled: true))
            }
        } else {
            drawing.append(.box(window(buttonRect), label: itemId ?? base))
        }
        elements.append(
            LayoutElement(
                kind: element, id: itemId, side: side, frame: window(placed.frame), visibleFrame: window(buttonRect), text: text))
        return container
    }

    /// The chevron and the back title together.
    private var backVisible: Rect? {
        [placement.chevron, placement.backLabel].compactMap { $0 }.reduce(nil as Rect?) { $0?.union($1) ?? $1 }
    }

    /// The title label (never touchable) or the custom title view.
    private mutating func titleViews() -> [View] {
        if let t = placement.title, let text = plan.title {
            drawing.append(.text(text, window(t), bold: true, enabled: true))
            elements.append(LayoutElement(kind: .title, side: .center, frame: window(t), visibleFrame: window(t), text: text))
            if g.era == .legacy {
                // Era L: a 27-high UINavigationItemView 8 down holds the label (four iOS 7 and 8 dumps).
                let h = BarGeometry.legacyTitleViewHeight
                let frame = Rect(x: t.x, y: max(0, (g.barHeight - h) / 2 - 0.5), width: t.width, height: h)
                let label = view(
                    "titleLabel", "UILabel", Rect(x: 0, y: t.y - frame.y, width: t.width, height: t.height), interactive: false)
                return [view("title", "UINavigationItemView", frame, interactive: false, subviews: [label])]
            }
            return [view("title", "UILabel", t, interactive: false)]
        }
        if let tv = placement.titleView {
            drawing.append(.box(window(tv), label: "titleView"))
            elements.append(LayoutElement(kind: .titleView, side: .center, frame: window(tv), visibleFrame: window(tv)))
            return [view("titleView", "UIView", tv, role: .titleView)]
        }
        return []
    }

    // MARK: Era L

    /// Era L: every system subview has interaction off; the bar decides by column (HT-10).
    private mutating func legacyChildren(backAction: HitAction?) -> [View] {
        var children: [View] = titleViews()
        if let back = placement.back {
            var label: [View] = []
            if let l = placement.backLabel, let text = plan.backText {
                label.append(view("backTitle", "UILabel", l.offsetBy(dx: -back.x, dy: -back.y), interactive: false))
                drawing.append(.text(text, window(l), bold: false, enabled: true))
            }
            children.append(
                view("backButton", "UINavigationItemButtonView", back, role: .backButton, interactive: false, subviews: label))
            if let chevron = placement.chevron {
                children.append(view("backIndicator", "_UINavigationBarBackIndicatorView", chevron, interactive: false))
                drawing.append(.chevron(window(chevron)))
            }
            elements.append(
                LayoutElement(
                    kind: .backButton, side: .left, frame: window(back), visibleFrame: window(backVisible ?? back),
                    text: plan.backText))
        }
        for (side, group) in [(LayoutElement.Side.left, placement.leading), (.right, placement.trailing)] {
            for placed in group {
                children.append(itemView(placed, side: side, origin: .zero, insets: .zero))
            }
        }
        return children
    }

    /// Era L columns: full bar height, from the bar's edge (or the previous column) to the item's inner edge (HT-10).
    private mutating func legacyColumns() -> [LegacyColumn] {
        var columns: [LegacyColumn] = []
        let top = g.statusBarHeight
        var start = 0.0
        var left: [(Rect, BarRole)] = []
        if let back = placement.back { left.append((back, .backButton)) }
        for p in placement.leading { left.append((p.frame, p.entry.role)) }
        for (frame, role) in left where frame.maxX > start {
            columns.append(LegacyColumn(frame: Rect(x: start, y: top, width: frame.maxX - start, height: g.barHeight), role: role))
            start = frame.maxX
        }
        var end = g.width
        for p in placement.trailing where p.frame.minX < end {
            columns.append(
                LegacyColumn(frame: Rect(x: p.frame.minX, y: top, width: end - p.frame.minX, height: g.barHeight), role: p.entry.role))
            end = p.frame.minX
        }
        // The elements report the columns as their touch containers.
        for i in elements.indices {
            let e = elements[i]
            let role: BarRole
            switch e.kind {
            case .backButton: role = placement.back != nil ? .backButton : .syntheticBack
            case .barItem: role = .item(e.id ?? "")
            case .title, .titleView, .largeTitle, .searchField: continue
            }
            if let c = columns.first(where: { $0.role == role }) { elements[i].frame = c.frame }
        }
        return columns
    }

    /// The seed's `QYMaskView`: bar-local (8,6,100,30) with a 20x30 button at its origin (PROTOCOL.md, HT-13).
    private mutating func maskView() -> View {
        let frame = Rect(x: 8, y: 6, width: 100, height: 30)
        drawing.append(.overlay(window(frame)))
        let button = view("maskButton", "UIButton", Rect(x: 0, y: 0, width: 20, height: 30), role: .maskButton, action: "customBack")
        return view("mask", "QYMaskView", frame, role: .mask, subviews: [button])
    }

    /// Paths of custom-view containers (whose policy is `outside`, when asked), in tree order.
    static func containerPaths(in root: View, roles: NameTable<BarRole>, outsideOnly: Bool) -> [[Int]] {
        var out: [[Int]] = []
        func walk(_ v: View, _ path: [Int]) {
            if let id = v.id, case .itemContainer? = roles[id], !outsideOnly || v.touchPolicy == .outside {
                out.append(path)
            }
            for (i, child) in v.subviews.enumerated() { walk(child, path + [i]) }
        }
        walk(root, [])
        return out
    }
}

extension BarPlan.Entry {
    /// The role the bar's column gives this entry (era L).
    var role: BarRole {
        switch source {
        case .syntheticBack: return .syntheticBack
        case .item(let item): return .item(item.id)
        }
    }

    var textLabel: String? {
        if case .text(let t, _) = content { return t }
        return nil
    }
}

extension View {
    /// The frame of the descendant at `path` in this view's coordinates (origins summed, bounds origins honoured).
    public func frameOfDescendant(at path: [Int]) -> Rect? {
        var v = self
        var origin = Point.zero
        var frame = Rect(origin: .zero, size: v.effectiveBounds.size)
        for i in path {
            guard i >= 0, i < v.subviews.count else { return nil }
            let b = v.effectiveBounds
            let child = v.subviews[i]
            origin = Point(x: origin.x + child.frame.x - b.x, y: origin.y + child.frame.y - b.y)
            frame = Rect(origin: origin, size: child.frame.size)
            v = child
        }
        return frame
    }
}

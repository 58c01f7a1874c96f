import NavModel
import NavSource
import SwiftSyntax

/// SwiftUI: navigation modifiers of a view, its toolbar, and the links, destinations and stacks that show
/// other views.
extension Collector {
    /// Whether the code is in a SwiftUI view (`struct V: View`) or in content another screen shows.
    var inSwiftUI: Bool {
        if currentTypeKind == .view { return true }
        guard let record = currentRecord else { return false }
        return records[record].kind == .content
    }

    func swiftUICall(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?) {
        switch name {
        case "NavigationLink" where base == nil:
            navigationLink(call)
        case "NavigationStack", "NavigationView", "NavigationSplitView":
            guard base == nil else { return }
            var closures: [ClosureExprSyntax] = []
            if let trailing = call.trailingClosure { closures.append(trailing) }
            closures += call.additionalTrailingClosures.map(\.closure)
            for argument in call.arguments {
                if let closure = argument.expression.as(ClosureExprSyntax.self) { closures.append(closure) }
            }
            for closure in closures { stackRoot(closure, at: location(call)) }
        default:
            let at: SourceLocation
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                guard member.base != nil else { return }
                at = location(member.period)
            } else {
                at = location(call)
            }
            modifier(call, name: name, base: base, at: at)
        }
    }

    // MARK: Modifiers

    /// SwiftUI's title display mode on a view: `.large` asks for a large title (SwiftUI's bar then prefers them),
    /// `.inline` for none; `.automatic` leaves UIKit's inheritance (GEO-13).
    private func titleDisplayMode(_ mode: String, at: SourceLocation) {
        switch mode {
        case "large":
            emit(.ready(.prefersLargeTitles(.known(true))), at: at)
            emit(.ready(.largeTitleDisplayMode(.known(.always))), at: at)
        case "inline", "inlineLarge":
            emit(.ready(.largeTitleDisplayMode(.known(.never))), at: at)
        default: break
        }
    }

    private func modifier(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, at: SourceLocation) {
        let first = Expressions.firstArgument(call)
        switch name {
        case "navigationTitle", "navigationBarTitle":
            guard let first, call.arguments.first?.label == nil else { return }
            emit(.ready(.title(swiftUIText(first))), at: at)
            if let mode = Expressions.argument(call, "displayMode").flatMap(Expressions.memberName) { titleDisplayMode(mode, at: at) }
        case "navigationBarTitleDisplayMode", "toolbarTitleDisplayMode":
            guard let mode = first.flatMap(Expressions.memberName) else { return }
            titleDisplayMode(mode, at: at)
        case "searchable":
            // In a navigation stack the search field sits in the bar's drawer; `.always` keeps it when scrolling.
            emit(.ready(.searchController(.known(true))), at: at)
            if let drawer = Expressions.argument(call, "placement")?.as(FunctionCallExprSyntax.self),
                drawer.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "navigationBarDrawer",
                Expressions.argument(drawer, "displayMode").flatMap(Expressions.memberName) == "always"
            {
                emit(.ready(.hidesSearchBarWhenScrolling(.known(false))), at: at)
            }
        case "navigationBarBackButtonHidden":
            emit(.ready(.hidesBackButton(first.map(bool) ?? .known(true))), at: at)
        case "navigationBarHidden":
            guard let first else { return }
            emit(.ready(.barHidden(bool(first))), at: at)
        case "toolbar", "toolbarVisibility":
            if let visibility = first.flatMap(Expressions.memberName), call.arguments.first?.label == nil {
                guard forNavigationBar(call) else { return }
                switch visibility {
                case "hidden": emit(.ready(.barHidden(.known(true))), at: at)
                case "visible": emit(.ready(.barHidden(.known(false))), at: at)
                default: break
                }
            } else if let content = call.trailingClosure ?? Expressions.argument(call, "content")?.as(ClosureExprSyntax.self) {
                toolbar(content.statements)
            }
        case "toolbarBackground":
            guard let first, forNavigationBar(call) else { return }
            switch Expressions.memberName(first) {
            case "visible":
                emit(.appearance(.scrollEdge, .opaque), at: at)
            case "hidden", "automatic":
                break
            default:
                emit(.appearance(.standard, .color(Colors.color(first, flavor: .swiftUI, lookup: lookup))), at: at)
            }
        case "navigationBarItems":
            if let leading = Expressions.argument(call, "leading") {
                emit(.items(swiftUIItems(leading), left: true), at: at)
                emit(.ready(.leftItemsSupplementBackButton(.known(true))), at: at)
            }
            if let trailing = Expressions.argument(call, "trailing") {
                emit(.items(swiftUIItems(trailing), left: false), at: at)
            }
        case "navigationDestination":
            guard let content = contentClosure(call, label: "destination") else { return }
            destination(content, kind: .navigationLink, at: at)
        case "sheet", "fullScreenCover", "popover":
            guard let content = contentClosure(call, label: "content") else { return }
            destination(content, kind: .present, at: at)
        case "tint", "accentColor":
            // A tint on the stack itself colours its bars' items.
            guard let first, let base = base?.as(FunctionCallExprSyntax.self), let type = Expressions.constructedType(base),
                type == "NavigationStack" || type == "NavigationView"
            else { return }
            emit(.ready(.bar(.tintColor, Colors.color(first, flavor: .swiftUI, lookup: lookup))), at: at)
        default:
            break
        }
    }

    /// Whether a `for:` list of bars names the navigation bar.
    private func forNavigationBar(_ call: FunctionCallExprSyntax) -> Bool {
        var inBars = false
        for argument in call.arguments {
            if argument.label?.text == "for" { inBars = true }
            if inBars, Expressions.memberName(argument.expression) == "navigationBar" { return true }
        }
        return false
    }

    private func contentClosure(_ call: FunctionCallExprSyntax, label: String) -> ClosureExprSyntax? {
        call.trailingClosure ?? Expressions.argument(call, label)?.as(ClosureExprSyntax.self)
    }

    // MARK: Toolbar

    /// The items of a `.toolbar { … }` by side. SwiftUI keeps the back button beside leading items, so
    /// they come with `leftItemsSupplementBackButton`.
    private func toolbar(_ statements: CodeBlockItemListSyntax) {
        var left: [ItemSource] = []
        var right: [ItemSource] = []
        var leftAt: SourceLocation?
        var rightAt: SourceLocation?
        var principalAt: SourceLocation?
        func collect(_ statements: CodeBlockItemListSyntax, depth: Int) {
            guard depth < 6 else { return }
            for statement in statements {
                guard let expr = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression else {
                    continue
                }
                if let ifExpr = expr.as(IfExprSyntax.self) {
                    collect(ifExpr.body.statements, depth: depth + 1)
                    if case .codeBlock(let block)? = ifExpr.elseBody { collect(block.statements, depth: depth + 1) }
                    continue
                }
                guard let call = Self.viewCall(expr), let type = Expressions.constructedType(call), type != "ToolbarSpacer" else {
                    continue
                }
                let placement: String
                let items: [ItemSource]
                if type == "ToolbarItem" || type == "ToolbarItemGroup" {
                    // No placement is `.automatic`: the trailing end of the bar on iOS (Apple's ToolbarItemPlacement
                    // documentation). A placement the reader cannot name places nothing it could guess.
                    if let given = Expressions.argument(call, "placement") {
                        guard let name = Expressions.memberName(given) else { continue }
                        placement = name
                    } else {
                        placement = "automatic"
                    }
                    let content = call.trailingClosure ?? Expressions.argument(call, "content")?.as(ClosureExprSyntax.self)
                    items = content.map { views($0.statements) } ?? []
                } else {
                    // A view straight in the toolbar is an item placed `.automatic`.
                    placement = "automatic"
                    items = swiftUIItems(expr)
                }
                if Vocabulary.leadingPlacements.contains(placement) {
                    left += items
                    leftAt = leftAt ?? location(call)
                } else if Vocabulary.trailingPlacements.contains(placement) {
                    right += items
                    rightAt = rightAt ?? location(call)
                } else if placement == "principal" {
                    principalAt = principalAt ?? location(call)
                }
            }
        }
        collect(statements, depth: 0)
        if let leftAt {
            emit(.items(left, left: true), at: leftAt)
            emit(.ready(.leftItemsSupplementBackButton(.known(true))), at: leftAt)
        }
        if let rightAt { emit(.items(right, left: false), at: rightAt) }
        if let principalAt { emit(.ready(.titleView(.unknown)), at: principalAt) }
    }

    private func views(_ statements: CodeBlockItemListSyntax) -> [ItemSource] {
        var out: [ItemSource] = []
        for statement in statements {
            guard let expr = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression else {
                continue
            }
            out += swiftUIItems(expr)
        }
        return out
    }

    /// The bar items a SwiftUI view expression makes: a `Button` is one, an `HStack` of buttons several.
    func swiftUIItems(_ expr: ExprSyntax, depth: Int = 0) -> [ItemSource] {
        guard depth < 6 else { return [] }
        guard let call = Self.viewCall(expr), let type = Expressions.constructedType(call) else {
            return [ItemSource(value: .opaque, offset: offset(expr))]
        }
        if type == "HStack" || type == "Group" {
            guard let closure = call.trailingClosure else { return [] }
            var out: [ItemSource] = []
            for statement in closure.statements {
                if let inner = statement.item.as(ExprSyntax.self) { out += swiftUIItems(inner, depth: depth + 1) }
            }
            return out
        }
        var build = ItemBuild(
            content: .unknown, target: .unknown, action: .unknown, primaryAction: .absent, selector: nil, offset: offset(call))
        switch type {
        case "Button", "NavigationLink":
            build.target = .present
            build.action = .present
            if let first = call.arguments.first, first.label == nil, !first.expression.is(ClosureExprSyntax.self) {
                build.content = .title(swiftUIText(first.expression))
            } else if let label = Self.labelClosure(call) {
                build.content = labelContent(label.statements)
            }
            build.selector = Expressions.argument(call, "action")
        case "EditButton":
            build.content = .system("edit")
            build.target = .present
            build.action = .present
        case "Menu":
            if let first = call.arguments.first, first.label == nil { build.content = .title(swiftUIText(first.expression)) }
        case "Text", "Image", "Label":
            build.content = labelContent(ExprSyntax(call))
            build.target = .absent
            build.action = .absent
        default:
            break
        }
        return [ItemSource(value: objects.addItem(build), offset: build.offset)]
    }

    /// The call a view expression makes, with modifiers after it stripped: `Button(…).bold()` is `Button(…)`.
    static func viewCall(_ expr: ExprSyntax) -> FunctionCallExprSyntax? {
        var current = expr
        for _ in 0..<Expressions.maxChain {
            guard let call = current.as(FunctionCallExprSyntax.self) else { return nil }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                member.declName.baseName.text != "init"
            else { return call }
            current = base
        }
        return nil
    }

    /// A button's label: the `label:` closure, or the trailing closure when the action is an argument.
    static func labelClosure(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let label = call.additionalTrailingClosures.first(where: { $0.label.text == "label" }) { return label.closure }
        if let label = Expressions.argument(call, "label")?.as(ClosureExprSyntax.self) { return label }
        if Expressions.argument(call, "action") != nil || Expressions.argument(call, "destination") != nil { return call.trailingClosure }
        return nil
    }

    /// What a label shows: `Text("Done")` a title, `Image(systemName: "xmark")` or `Label(…, systemImage:)`
    /// an image.
    private func labelContent(_ statements: CodeBlockItemListSyntax) -> ItemBuild.Content {
        guard let expr = statements.first?.item.as(ExprSyntax.self) else { return .unknown }
        return labelContent(expr)
    }

    private func labelContent(_ expr: ExprSyntax) -> ItemBuild.Content {
        guard let call = Self.viewCall(expr), let type = Expressions.constructedType(call) else { return .unknown }
        switch type {
        case "Text":
            return .title(swiftUIText(ExprSyntax(call)))
        case "Image":
            if let name = Expressions.argument(call, "systemName") ?? Expressions.firstArgument(call) {
                return .image(Expressions.string(name))
            }
            return .image(nil)
        case "Label":
            // In a bar, a label shows its icon.
            if let name = Expressions.argument(call, "systemImage") ?? Expressions.argument(call, "image") {
                return .image(Expressions.string(name))
            }
            return .unknown
        default:
            return .unknown
        }
    }

    // MARK: Links and stacks

    private func navigationLink(_ call: FunctionCallExprSyntax) {
        // A value link pushes what a `navigationDestination` registers: that modifier makes the edge.
        guard Expressions.argument(call, "value") == nil else { return }
        let at = location(call)
        if let argument = call.arguments.first(where: { $0.label?.text == "destination" }) {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                destination(closure, kind: .navigationLink, at: at)
            } else {
                let name = swiftUIViewName(argument.expression)
                addEdge(.navigationLink, to: name.map { .screen(.className($0)) } ?? .opaque, at: at)
                contentTargets[argument.id] = .some(name)
            }
            return
        }
        guard let trailing = call.trailingClosure else { return }
        let labelFollows = call.additionalTrailingClosures.contains { $0.label.text == "label" }
        let titled = call.arguments.first.map { $0.label == nil } ?? false
        guard labelFollows || titled else { return }
        destination(trailing, kind: .navigationLink, at: at)
    }

    /// The screens a destination closure shows, and the screen its settings belong to.
    private func destination(_ closure: ClosureExprSyntax, kind: Edge.Kind, at: SourceLocation? = nil) {
        let at = at ?? location(closure)
        for view in views(in: closure.statements) {
            addEdge(kind, to: view.name.map { .screen(.className($0)) } ?? .opaque, at: at)
        }
        contentTargets[closure.id] = .some(singleView(in: closure.statements))
    }

    /// A navigation stack's root: a view the app names, or this view's own content written in place.
    private func stackRoot(_ closure: ClosureExprSyntax, at: SourceLocation) {
        if let root = singleView(in: closure.statements) {
            addEdge(.root, to: .screen(.className(root)), at: at, fromScreen: false)
            contentTargets[closure.id] = .some(root)
        } else if let own = currentTypeName {
            addEdge(.root, to: .screen(.className(own)), at: at, fromScreen: false)
        }
    }
}

import NavModel
import NavSource
import SwiftSyntax

/// UIKit: assignments to the screen's navigation members and the messages that set them or show screens.
extension Collector {
    // MARK: Assignments

    func handle(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        markOperandBranches(node)
        var elements = node.elements.makeIterator()
        guard let lhs = elements.next(), let op = elements.next(), op.is(AssignmentExprSyntax.self), let first = elements.next() else {
            return .visitChildren
        }
        if elements.next() == nil {
            assign(lhs, first)
        } else {
            // `x = a ?? b`: the right-hand side is the rest of the sequence, as a sequence of its own (detached
            // from the tree, so its positions are shifted back to the source's).
            let rest = SequenceExprSyntax(elements: ExprListSyntax(node.elements.dropFirst(2)))
            let at = location(lhs)
            let saved = positionBase
            positionBase = saved + first.position.utf8Offset - rest.position.utf8Offset
            assign(lhs, ExprSyntax(rest), lhsLocation: at)
            positionBase = saved
        }
        return .visitChildren
    }

    func handlePost(_ node: SequenceExprSyntax) { leave() }

    /// One assignment `lhs = rhs`.
    func assign(_ lhs: ExprSyntax, _ rhs: ExprSyntax, lhsLocation: SourceLocation? = nil) {
        if let reference = lhs.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            // A local takes the new value; a stored property assigned in a method keeps it for the file.
            if lookup(name) != nil {
                _ = rebind(name, value(of: rhs))
                return
            }
            if !Vocabulary.selfMembers.contains(name) {
                assignProperty(name, rhs)
                return
            }
        }
        guard let path = Expressions.path(lhs) else { return }
        if path.explicitSelf, path.components.count == 1, !Vocabulary.selfMembers.contains(path.components[0]) {
            assignProperty(path.components[0], rhs)
            return
        }
        if let root = path.components.first, !path.explicitSelf, let local = lookup(root) {
            switch local {
            case .alias: break
            default:
                // A member of a local object: an item's width, a view's frame, an appearance's background.
                if let mutation = mutation(Array(path.components.dropFirst()), rhs) { objects.apply(mutation, to: local) }
                return
            }
        }
        guard let components = resolve(path), let root = components.first else { return }
        if root != ".", !Vocabulary.selfMembers.contains(root), root != "UINavigationBar", root != "UIBarButtonItem" {
            // A member of a stored property (`closeItem.width = -10`), applied once the file is read.
            if let owner = currentTypeName, components.count >= 2, let mutation = mutation(Array(components.dropFirst()), rhs) {
                objects.propertyMutations.append((owner, root, mutation))
            }
            return
        }
        selfAssignment(components, rhs, at: lhsLocation ?? location(lhs))
    }

    private func assignProperty(_ name: String, _ rhs: ExprSyntax) {
        guard let owner = currentTypeName else { return }
        switch value(of: rhs) {
        case .opaque, .property: return
        case let value where Objects.isScalar(value) && objects.openScalars[owner]?.contains(name) == true: return
        case let value: objects.properties[owner, default: [:]][name] = value
        }
    }

    /// The change an assignment to a member of an object makes.
    func mutation(_ members: [String], _ rhs: ExprSyntax) -> Mutation? {
        switch members {
        case ["title"]: return .itemTitle(string(rhs))
        case ["image"]: return .itemImage(imageName(rhs))
        case ["width"]: return .itemWidth(Expressions.number(rhs, lookup: number(named:)).map(Known.known) ?? .unknown)
        case ["target"]: return .itemTarget(part(rhs))
        case ["action"]: return .itemAction(actionPart(rhs), rhs)
        case ["customView"]: return .itemCustomView(value(of: rhs))
        case ["frame"], ["bounds"]:
            let size = Expressions.rectSize(rhs, lookup: number(named:))
            return .frame(size.map(Known.known) ?? .unknown)
        case ["frame", "size"], ["bounds", "size"]:
            return .frame(Expressions.sizeLiteral(rhs, lookup: number(named:)).map(Known.known) ?? .unknown)
        case ["translatesAutoresizingMaskIntoConstraints"]:
            return Expressions.bool(rhs) == true ? nil : .sizedAtRunTime
        case ["backgroundColor"]: return .background(Colors.color(rhs, flavor: .uiKit, lookup: lookup))
        case ["titleTextAttributes"]: return .titleColor(Colors.foreground(rhs, lookup: lookup))
        default: return nil
        }
    }

    /// An assignment to a member path of the screen (`navigationItem.…`, `navigationController?.…`) or to
    /// an appearance proxy.
    private func selfAssignment(_ components: [String], _ rhs: ExprSyntax, at: SourceLocation) {
        let rest = Array(components.dropFirst())
        emitRoot = components[0]
        defer { emitRoot = nil }
        switch components[0] {
        case "title" where rest.isEmpty:
            guard !Expressions.isNil(rhs) else { return }
            emit(.title(value(of: rhs), item: false), at: at, root: "title")
        case "navigationItem":
            navigationItemAssignment(rest, rhs, at: at)
        case "navigationController":
            navigationControllerAssignment(rest, rhs, at: at)
        case "navigationBar" where inNavigationController:
            barAssignment(rest, rhs, at: at, appWide: false)
        case "interactivePopGestureRecognizer":
            navigationControllerAssignment(components, rhs, at: at)
        case "viewControllers" where rest.isEmpty && inNavigationController:
            stackEdges(rhs, at: at)
        case "isNavigationBarHidden" where rest.isEmpty && inNavigationController:
            emit(.ready(.barHidden(bool(rhs))), at: at)
        case "UINavigationBar" where rest.first == "appearance()":
            barAssignment(Array(rest.dropFirst()), rhs, at: at, appWide: true)
        case "UIBarButtonItem" where rest == ["appearance()", "tintColor"]:
            // The nearest the vocabulary has to a tint on every bar button item.
            emitAppWide(.ready(.bar(.tintColor, Colors.color(rhs, flavor: .uiKit, lookup: lookup))), at: at)
        default:
            break
        }
    }

    /// Whether the code runs in a navigation controller (a subclass or an extension of one), where
    /// `navigationBar` and `viewControllers` are its own.
    var inNavigationController: Bool {
        guard let type = currentTypeRecordIndex else { return false }
        return Vocabulary.isNavigationControllerName(records[type].name)
            || records[type].superclass.map(Vocabulary.isNavigationControllerName) == true
    }

    func bool(_ expr: ExprSyntax) -> Known<Bool> {
        Expressions.bool(expr).map(Known.known) ?? .unknown
    }

    private func navigationItemAssignment(_ rest: [String], _ rhs: ExprSyntax, at: SourceLocation) {
        // `navigationItem.backBarButtonItem?.action = …` changes an item that may not exist: not a setting.
        guard rest.count == 1 else { return }
        let isNil = Expressions.isNil(rhs)
        switch rest[0] {
        case "title":
            guard !isNil else { return }
            emit(.title(value(of: rhs), item: true), at: at)
        case "backBarButtonItem":
            emit(.backItem(isNil ? nil : itemSource(rhs)), at: at)
        case "leftBarButtonItem", "rightBarButtonItem":
            emit(.items(isNil ? [] : [itemSource(rhs)], left: rest[0].hasPrefix("left")), at: at)
        case "leftBarButtonItems", "rightBarButtonItems":
            emit(.items(itemList(rhs), left: rest[0].hasPrefix("left")), at: at)
        case "hidesBackButton":
            emit(.ready(.hidesBackButton(bool(rhs))), at: at)
        case "leftItemsSupplementBackButton":
            emit(.ready(.leftItemsSupplementBackButton(bool(rhs))), at: at)
        case "backButtonTitle":
            guard !isNil else { return }
            emit(.ready(.backButtonTitle(string(rhs))), at: at)
        case "backButtonDisplayMode":
            let mode = Expressions.memberName(rhs).flatMap(NavigationItem.BackButtonDisplayMode.init(rawValue:))
            emit(.ready(.backButtonDisplayMode(mode.map(Known.known) ?? .unknown)), at: at)
        case "titleView":
            guard !isNil else { return }
            emit(.titleView(value(of: rhs)), at: at)
        case "largeTitleDisplayMode":
            let mode = Expressions.memberName(rhs).flatMap(NavigationItem.LargeTitleDisplayMode.init(rawValue:))
            emit(.ready(.largeTitleDisplayMode(mode.map(Known.known) ?? .unknown)), at: at)
        case "searchController":
            emit(.ready(.searchController(.known(!isNil))), at: at)
        case "hidesSearchBarWhenScrolling":
            emit(.ready(.hidesSearchBarWhenScrolling(bool(rhs))), at: at)
        case let slot:
            if let slot = Self.appearanceSlot(slot), !isNil {
                let appearance = value(of: rhs)
                emit(.appearance(slot, appearance), at: at)
                emit(.appearanceTitle(appearance), at: at)
            }
        }
    }

    /// The items of a list expression: an array literal's elements, `nil` or `[]` for none; a list
    /// known only at run time is one item the reader cannot see into.
    func itemList(_ rhs: ExprSyntax) -> [ItemSource] {
        if Expressions.isNil(rhs) { return [] }
        guard let array = rhs.as(ArrayExprSyntax.self) else { return [itemSource(rhs)] }
        return array.elements.map { itemSource($0.expression) }
    }

    static func appearanceSlot(_ member: String) -> SettingValue.AppearanceSlot? {
        switch member {
        case "standardAppearance": return .standard
        case "scrollEdgeAppearance": return .scrollEdge
        case "compactAppearance": return .compact
        case "compactScrollEdgeAppearance": return .compactScrollEdge
        default: return nil
        }
    }

    private func navigationControllerAssignment(_ rest: [String], _ rhs: ExprSyntax, at: SourceLocation) {
        switch rest {
        case ["interactivePopGestureRecognizer", "isEnabled"]:
            emit(.ready(.popGestureEnabled(bool(rhs))), at: at)
        case ["interactivePopGestureRecognizer", "delegate"]:
            let delegate: SettingValue.Delegate =
                Expressions.isNil(rhs) ? .none : (Expressions.isSelf(rhs) || isSelfAlias(rhs)) ? .this : .other
            emit(.ready(.popGestureDelegate(delegate)), at: at)
        case ["isNavigationBarHidden"]:
            emit(.ready(.barHidden(bool(rhs))), at: at)
        case ["viewControllers"]:
            stackEdges(rhs, at: at)
        default:
            if rest.first == "navigationBar" { barAssignment(Array(rest.dropFirst()), rhs, at: at, appWide: false) }
        }
    }

    private func isSelfAlias(_ expr: ExprSyntax) -> Bool {
        if case .alias(let path)? = expr.as(DeclReferenceExprSyntax.self).flatMap({ lookup($0.baseName.text) }) { return path.isEmpty }
        return false
    }

    /// A member of a navigation bar, of one screen's or of the appearance proxy.
    private func barAssignment(_ rest: [String], _ rhs: ExprSyntax, at: SourceLocation, appWide: Bool) {
        if rest == ["titleTextAttributes", "[foregroundColor]"] {
            let setting = PendingSetting.ready(.bar(.titleColor, Colors.color(rhs, flavor: .uiKit, lookup: lookup)))
            if appWide { emitAppWide(setting, at: at) } else { emit(setting, at: at) }
            return
        }
        guard rest.count == 1 else { return }
        let setting: PendingSetting
        switch rest[0] {
        case "barTintColor": setting = .ready(.bar(.barTintColor, Colors.color(rhs, flavor: .uiKit, lookup: lookup)))
        case "tintColor": setting = .ready(.bar(.tintColor, Colors.color(rhs, flavor: .uiKit, lookup: lookup)))
        case "titleTextAttributes": setting = .ready(.bar(.titleColor, Colors.foreground(rhs, lookup: lookup)))
        case "isTranslucent": setting = .ready(.barTranslucent(bool(rhs)))
        case "isHidden": setting = .ready(.barHidden(bool(rhs)))
        case "prefersLargeTitles": setting = .ready(.prefersLargeTitles(bool(rhs)))
        case let member:
            guard let slot = Self.appearanceSlot(member), !Expressions.isNil(rhs) else { return }
            let appearance = value(of: rhs)
            if appWide {
                emitAppWide(.appearance(slot, appearance), at: at)
                emitAppWide(.appearanceTitle(appearance), at: at)
            } else {
                emit(.appearance(slot, appearance), at: at)
                emit(.appearanceTitle(appearance), at: at)
            }
            return
        }
        if appWide {
            emitAppWide(setting, at: at)
        } else {
            emit(setting, at: at)
        }
    }

    /// A push that `nav.setViewControllers([x], …)` undoes: code that pushes `x` for the animation and then makes
    /// it the only screen ("so that there is no way back") leaves `x` the root, not on top of the screen that
    /// pushed it. Only the same receiver and screen, as written, in the same body and branch, with no push between.
    func undoPushReplacedByRoot(_ base: ExprSyntax?, _ stack: ExprSyntax) {
        guard let push = lastPush, push.edge == edges.count - 1, edges[push.edge].kind == .push,
            push.scope == scopes.last?.node, push.conditionalDepth == conditionalDepth,
            push.receiver == base?.trimmedDescription ?? "",
            let array = stack.as(ArrayExprSyntax.self), array.elements.count == 1,
            array.elements.first?.expression.trimmedDescription == push.screen
        else { return }
        let undone = edges.removeLast()
        if let from = undone.from { records[from].pushes -= 1 }
        lastPush = nil
    }

    /// `[A(), B()]` as a navigation stack: the first is the root, the others are pushed in order.
    func stackEdges(_ rhs: ExprSyntax, at: SourceLocation, fromScreen: Bool = true, fromName: String? = nil) {
        guard let array = rhs.as(ArrayExprSyntax.self) else { return }
        for (i, element) in array.elements.enumerated() {
            addEdge(i == 0 ? .root : .push, to: value(of: element.expression), at: at, fromScreen: fromScreen, fromName: fromName)
        }
    }

    /// Whether a message goes to the screen itself or to its own navigation controller (`present`,
    /// `navigationController?.pushViewController`): only then does the edge start at the screen.
    func isOwnReceiver(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        guard let path = Expressions.path(base), let components = resolve(path) else { return false }
        guard let root = components.first else { return true }
        return Vocabulary.selfMembers.contains(root)
    }

    // MARK: Messages

    func handle(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        guard let (name, base, _) = Expressions.callee(node) else { return .visitChildren }
        if message(node, name: name, base: base) { return .visitChildren }
        if inSwiftUI || (base == nil && Self.stackNames.contains(name)) { swiftUICall(node, name: name, base: base) }
        return .visitChildren
    }

    func handlePost(_ node: FunctionCallExprSyntax) { leave() }

    /// SwiftUI's navigation containers: read wherever they are written (an `App`'s scene too).
    static let stackNames: Set<String> = ["NavigationStack", "NavigationView", "NavigationSplitView"]

    /// The receiver's path with aliases resolved; `[]` for `self` or no receiver.
    private func receiver(_ base: ExprSyntax?) -> [String]? {
        guard let base else { return [] }
        guard let path = Expressions.path(base) else { return nil }
        return resolve(path)
    }

    /// The UIKit messages the reader knows, to pass over every other call at the cost of one lookup.
    static let messageNames: Set<String> = [
        "setHidesBackButton", "setLeftBarButton", "setRightBarButton", "setLeftBarButtonItems", "setRightBarButtonItems",
        "setNavigationBarHidden", "setBackButtonTitlePositionAdjustment", "pushViewController", "show", "present",
        "setViewControllers", "performSegue", "addChild", "addChildViewController", "method_exchangeImplementations",
        "method_setImplementation", "class_replaceMethod",
        "Selector", "NSSelectorFromString", "configureWithOpaqueBackground", "configureWithDefaultBackground",
        "configureWithTransparentBackground", "sizeToFit", "layoutIfNeeded", "systemLayoutSizeFitting", "constraint",
    ]

    /// A UIKit message; true when the call was one.
    private func message(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?) -> Bool {
        guard Self.messageNames.contains(name) else { return otherMessage(call, name: name) }
        let at = location(call)
        emitRoot = base.flatMap { Expressions.path($0)?.components.first }
        defer { emitRoot = nil }
        let first = Expressions.firstArgument(call)
        switch name {
        case "setHidesBackButton":
            guard receiver(base) == ["navigationItem"], let first else { return true }
            emit(.ready(.hidesBackButton(bool(first))), at: at)
        case "setLeftBarButton", "setRightBarButton":
            guard receiver(base) == ["navigationItem"], let first else { return true }
            emit(.items(Expressions.isNil(first) ? [] : [itemSource(first)], left: name.hasPrefix("setLeft")), at: at)
        case "setLeftBarButtonItems", "setRightBarButtonItems":
            guard receiver(base) == ["navigationItem"], let first else { return true }
            emit(.items(itemList(first), left: name.hasPrefix("setLeft")), at: at)
        case "setNavigationBarHidden":
            guard let path = receiver(base), let first else { return true }
            if path == ["navigationController"] || (path.isEmpty && inNavigationController) {
                emit(.ready(.barHidden(bool(first))), at: at)
            }
        case "setBackButtonTitlePositionAdjustment":
            guard let path = receiver(base), let first else { return true }
            let value: SettingValue = .backTitleOffset(offsetLiteral(first).map(Known.known) ?? .unknown)
            if path.starts(with: ["UIBarButtonItem", "appearance()"]) {
                emitAppWide(.ready(value), at: at)
            } else if path.first == "navigationItem" {
                emit(.ready(value), at: at)
            }
        case "pushViewController":
            guard let first, !isSuper(base) else { return true }
            addEdge(.push, to: value(of: first), at: at, fromScreen: isOwnReceiver(base))
            lastPush = (
                edges.count - 1, scopes.last?.node, conditionalDepth, base?.trimmedDescription ?? "", first.trimmedDescription
            )
        case "show":
            guard Expressions.labels(call) == ["", "sender"], let first, !isSuper(base) else { return false }
            addEdge(.show, to: value(of: first), at: at, fromScreen: isOwnReceiver(base))
        case "present":
            let labels = Expressions.labels(call)
            guard labels.first == "", labels.contains("animated"), let first, !isSuper(base) else { return false }
            addEdge(.present, to: value(of: first), at: at, fromScreen: isOwnReceiver(base))
        case "setViewControllers":
            guard let first else { return true }
            if Expressions.labels(call).contains("direction") {
                // A page view controller's pages are its children: on the screen itself, it is their container.
                guard let array = first.as(ArrayExprSyntax.self) else { return true }
                for element in array.elements {
                    addEdge(.child, to: value(of: element.expression), at: at, fromScreen: receiver(base) == [])
                }
                return true
            }
            undoPushReplacedByRoot(base, first)
            let path = receiver(base)
            if path == ["navigationController"] || (path == [] && inNavigationController) {
                stackEdges(first, at: at, fromScreen: isOwnReceiver(base))
            } else if let controller = navigationObjectType(base) {
                stackEdges(first, at: at, fromScreen: false, fromName: controller)
            }
        case "addChild", "addChildViewController":
            // `addChild(x)` on the screen itself makes it `x`'s container; on anything else the container is not named.
            guard let first, !isSuper(base), Expressions.labels(call) == [""] else { return false }
            addEdge(.child, to: value(of: first), at: at, fromScreen: receiver(base) == [])
        case "performSegue":
            guard Expressions.labels(call).first == "withIdentifier" else { return false }
            // The segue's destination is in a storyboard; the edge says that this screen shows something.
            addEdge(.show, to: .opaque, at: at, fromScreen: isOwnReceiver(base))
        case "method_exchangeImplementations", "method_setImplementation", "class_replaceMethod":
            markExchange(at)
        case "Selector", "NSSelectorFromString":
            if base == nil, scopes.count > 1 { scopes[scopes.count - 1].selectors.append(ExprSyntax(call)) }
            return false
        case "configureWithOpaqueBackground", "configureWithDefaultBackground", "configureWithTransparentBackground":
            let background: ColorValue = name == "configureWithTransparentBackground" ? .system("clear") : .unknown
            applyToReceiver(base, .background(background))
        case "sizeToFit", "layoutIfNeeded", "systemLayoutSizeFitting":
            applyToReceiver(base, .sizedAtRunTime)
        case "constraint":
            guard let base, let path = Expressions.path(base), path.components.count >= 2,
                let anchor = path.components.last, anchor == "widthAnchor" || anchor == "heightAnchor"
            else { return true }
            let constant = Expressions.argument(call, "equalToConstant").flatMap { Expressions.number($0, lookup: number(named:)) }
            let owner = Expressions.Path(components: Array(path.components.dropLast()), explicitSelf: path.explicitSelf)
            applyToPath(owner, anchor == "widthAnchor" ? .widthConstraint(constant) : .heightConstraint(constant))
        default:
            return false
        }
        return true
    }

    /// Calls known by their shape rather than their name: a navigation controller built with its root,
    /// and the app's own swizzling helpers.
    private func otherMessage(_ call: FunctionCallExprSyntax, name: String) -> Bool {
        if call.arguments.first?.label?.text == "rootViewController", let root = call.arguments.first?.expression,
            let controller = Expressions.constructedType(call)
        {
            // The navigation controller shows its root, whichever screen's code builds it.
            addEdge(.root, to: value(of: root), at: location(call), fromName: controller)
            return true
        }
        if Vocabulary.containsIgnoringCase(name, "swizzl") || Vocabulary.containsIgnoringCase(name, "exchange") {
            markExchange(location(call))
            return true
        }
        return false
    }

    private func isSuper(_ base: ExprSyntax?) -> Bool { base?.is(SuperExprSyntax.self) == true }

    /// The class of a local navigation controller the code builds (`let nav = MainNavigationController()`).
    private func navigationObjectType(_ base: ExprSyntax?) -> String? {
        guard let reference = base?.as(DeclReferenceExprSyntax.self), case .object(let i)? = lookup(reference.baseName.text) else {
            return nil
        }
        let type = objects.objects[i].typeName
        return Vocabulary.isNavigationControllerName(type) ? type : nil
    }

    private func markExchange(_ at: SourceLocation) {
        guard scopes.count > 1 else { return }
        if scopes[scopes.count - 1].exchange == nil { scopes[scopes.count - 1].exchange = at }
    }

    /// `UIOffset(horizontal: -1000, vertical: 0)`.
    private func offsetLiteral(_ expr: ExprSyntax) -> Point? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let (name, _, _) = Expressions.callee(call),
            name == "UIOffset" || name == "init",
            let h = Expressions.argument(call, "horizontal").flatMap({ Expressions.number($0, lookup: number(named:)) }),
            let v = Expressions.argument(call, "vertical").flatMap({ Expressions.number($0, lookup: number(named:)) })
        else { return nil }
        return Point(x: h, y: v)
    }

    private func applyToReceiver(_ base: ExprSyntax?, _ mutation: Mutation) {
        guard let base, let path = Expressions.path(base) else { return }
        applyToPath(path, mutation)
    }

    /// Applies a change to the object a local or a stored property holds.
    private func applyToPath(_ path: Expressions.Path, _ mutation: Mutation) {
        guard path.components.count == 1, let name = path.components.first else { return }
        if !path.explicitSelf, let local = lookup(name) {
            objects.apply(mutation, to: local)
        } else if let owner = currentTypeName, !Vocabulary.selfMembers.contains(name) {
            objects.propertyMutations.append((owner, name, mutation))
        }
    }

    func handle(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        // `#Preview { … }` at the top of a file: outside the app's navigation.
        if node.macroName.text == "Preview" { return .skipChildren }
        if node.macroName.text == "selector", scopes.count > 1 { scopes[scopes.count - 1].selectors.append(ExprSyntax(node)) }
        return .visitChildren
    }

    func handlePost(_ node: MacroExpansionExprSyntax) { leave() }
}

import NavModel
import NavSource
import SwiftSyntax

/// What an expression is worth to the reader: an item, a view, an appearance, a view controller, another
/// name for a member path, or a literal.
extension Collector {
    /// The value of an expression; `.opaque` when it is known only at run time.
    func value(of expr: ExprSyntax, depth: Int = 0) -> Value {
        guard depth < Expressions.maxDepth else { return .opaque }
        if Expressions.isSelf(expr) { return .alias([]) }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let local = lookup(name) { return local }
            if name == "editButtonItem" { return editButtonItem(expr) }
            if Vocabulary.selfMembers.contains(name) { return .alias([name]) }
            if let owner = currentTypeName, let first = name.unicodeScalars.first, first.properties.isLowercase {
                return .property(owner: owner, name: name)
            }
            return .opaque
        }
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            return Expressions.stringLiteral(literal).map(Value.string) ?? .opaque
        }
        if expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self) || expr.is(PrefixOperatorExprSyntax.self) {
            return Expressions.number(expr, lookup: number(named:)).map(Value.number) ?? .opaque
        }
        if let macro = expr.as(MacroExpansionExprSyntax.self), macro.macroName.text == "colorLiteral" {
            return .color(Colors.color(expr, flavor: .uiKit, lookup: lookup))
        }
        if let wrapped = expr.as(TryExprSyntax.self) { return value(of: wrapped.expression, depth: depth + 1) }
        if let wrapped = expr.as(AwaitExprSyntax.self) { return value(of: wrapped.expression, depth: depth + 1) }
        if let sequence = expr.as(SequenceExprSyntax.self) { return sequenceValue(sequence, depth: depth) }
        if let cast = expr.as(AsExprSyntax.self) { return castValue(cast.expression, type: cast.type, depth: depth) }
        if let call = expr.as(FunctionCallExprSyntax.self) { return callValue(call, depth: depth) }
        if let path = Expressions.path(expr) {
            return pathValue(path, expr: expr)
        }
        return .opaque
    }

    func number(named name: String) -> Double? {
        if case .number(let n)? = lookup(name) { return n }
        return nil
    }

    /// A member path: another name for a path of the screen's members, or a stored property.
    private func pathValue(_ path: Expressions.Path, expr: ExprSyntax) -> Value {
        guard let resolved = resolve(path) else { return .opaque }
        if resolved.isEmpty { return .alias([]) }
        let root = resolved[0]
        if Vocabulary.selfMembers.contains(root) || root == "UINavigationBar" || root == "UIBarButtonItem" {
            if resolved == ["editButtonItem"] { return editButtonItem(expr) }
            return .alias(resolved)
        }
        if path.explicitSelf, resolved.count == 1, let owner = currentTypeName {
            return .property(owner: owner, name: root)
        }
        if root == "." || root == "UIColor" || root == "Color" {
            let color = Colors.color(expr, flavor: root == "Color" ? .swiftUI : .uiKit, lookup: lookup)
            if case .unknown = color { return .opaque }
            return .color(color)
        }
        return .opaque
    }

    /// A path with its leading local aliases replaced: with `let bar = navigationController?.navigationBar`,
    /// `bar.tintColor` is `navigationController.navigationBar.tintColor`. Nil when the path starts at a
    /// local that is not an alias (its members are not the screen's).
    func resolve(_ path: Expressions.Path) -> [String]? {
        guard !path.explicitSelf, let root = path.components.first else { return path.components }
        guard let local = lookup(root) else { return path.components }
        if case .alias(let target) = local { return target + path.components.dropFirst() }
        return nil
    }

    private func editButtonItem(_ expr: ExprSyntax) -> Value {
        objects.addItem(
            ItemBuild(
                content: .system("edit"), target: .present, action: .present, primaryAction: .absent, selector: nil,
                offset: offset(expr)))
    }

    private func sequenceValue(_ sequence: SequenceExprSyntax, depth: Int) -> Value {
        guard let folded = Expressions.fold(sequence) else { return .opaque }
        let saved = positionBase
        positionBase = saved + sequence.position.utf8Offset - folded.position.utf8Offset
        defer { positionBase = saved }
        if let cast = folded.as(AsExprSyntax.self) { return castValue(cast.expression, type: cast.type, depth: depth) }
        if let number = Expressions.number(folded, lookup: number(named:)) { return .number(number) }
        if let string = Expressions.string(folded) { return .string(string) }
        return .opaque
    }

    /// `x as? DetailViewController`: a storyboard instantiation cast names the class; other casts keep
    /// the value.
    private func castValue(_ inner: ExprSyntax, type: TypeSyntax, depth: Int) -> Value {
        let value = self.value(of: inner, depth: depth + 1)
        if case .screen = value, let name = Self.typeName(type) { return .screen(.className(name)) }
        return value
    }

    private func callValue(_ call: FunctionCallExprSyntax, depth: Int) -> Value {
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            return immediateClosures[closure.id] ?? .opaque
        }
        guard let (name, base, implicit) = Expressions.callee(call) else { return .opaque }
        if let item = itemConstruction(call, name: name, base: base, implicit: implicit) { return item }
        if name == "instantiateViewController" || name == "instantiateInitialViewController" {
            let identifier = (Expressions.argument(call, "withIdentifier") ?? Expressions.argument(call, "identifier"))
                .flatMap { Expressions.string($0) }
            return .screen(identifier.map(ScreenRef.storyboardIdentifier) ?? .unknown)
        }
        if name == "appearance", let base, let path = Expressions.path(base), path.components.count == 1 {
            return .alias([path.components[0], "appearance()"])
        }
        if base != nil && !implicit && name != "init" {
            // A method's result: a colour helper the app defines, a factory. Colours of UIKit's own
            // methods (`withAlphaComponent`) are still read.
            let color = Colors.color(ExprSyntax(call), flavor: .uiKit, lookup: lookup)
            if case .unknown = color { return .opaque }
            return .color(color)
        }
        guard let type = Expressions.constructedType(call) else { return .opaque }
        switch type {
        case "UINavigationBarAppearance":
            // A new appearance has the default (blurred) background until it is configured.
            return objects.addAppearance(AppearanceBuild(background: .unknown))
        case "UIColor", "Color":
            return .color(Colors.color(ExprSyntax(call), flavor: type == "Color" ? .swiftUI : .uiKit, lookup: lookup))
        case "UIHostingController":
            if let root = Expressions.argument(call, "rootView"), let view = swiftUIViewName(root) {
                return .screen(.className(view))
            }
            return .screen(.className(type))
        default:
            var frame: Known<Size> = .unknown
            if let frameExpr = Expressions.argument(call, "frame"), let size = Expressions.rectSize(frameExpr, lookup: number(named:)) {
                // A zero frame leaves the size to Auto Layout.
                frame = size.width == 0 && size.height == 0 ? .unknown : .known(size)
            }
            return objects.addObject(
                ObjectBuild(
                    typeName: type, frame: frame, constraintWidth: nil, constraintHeight: nil, sizedAtRunTime: false,
                    offset: offset(call)))
        }
    }

    /// A bar button item built by UIKit's initialisers or its iOS 14 space factories; nil for other calls.
    func itemConstruction(_ call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, implicit: Bool) -> Value? {
        let baseName = base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        let onItemType = baseName == "UIBarButtonItem" || implicit
        if onItemType, name == "fixedSpace" {
            let width = Expressions.firstArgument(call).flatMap { Expressions.number($0, lookup: number(named:)) }
            return item(.fixedSpace(width.map(Known.known) ?? .unknown), call: call)
        }
        if onItemType, name == "flexibleSpace" { return item(.flexibleSpace, call: call) }
        let isInit = (name == "UIBarButtonItem" && base == nil) || (name == "init" && (baseName == "UIBarButtonItem" || implicit))
        guard isInit else { return nil }
        if implicit {
            // `.init(…)` is an item only where an item is expected: with an item initialiser's labels.
            let labels = Set(Expressions.labels(call))
            guard !labels.isDisjoint(with: ["barButtonSystemItem", "systemItem", "customView", "primaryAction", "style"]) else {
                return nil
            }
        }
        var custom: ExprSyntax?
        var system: ExprSyntax?
        var image: ExprSyntax?
        var title: ExprSyntax?
        var build = ItemBuild(
            content: .unknown, target: .absent, action: .absent, primaryAction: .absent, selector: nil, offset: offset(call))
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            let expression = argument.expression
            switch label {
            case "customView": custom = expression
            case "barButtonSystemItem", "systemItem": system = expression
            case "image": image = expression
            case "title": title = expression
            case "target": build.target = part(expression)
            case "action":
                build.action = actionPart(expression)
                build.selector = expression
            case "primaryAction": build.primaryAction = Expressions.isNil(expression) ? .absent : .present
            default: break
            }
        }
        if let custom {
            build.content = .customView(value(of: custom))
        } else if let system {
            switch Expressions.memberName(system) {
            case "fixedSpace": build.content = .fixedSpace(.unknown)
            case "flexibleSpace": build.content = .flexibleSpace
            case let name?: build.content = .system(name)
            case nil: build.content = .unknown
            }
        } else if let image, !Expressions.isNil(image) {
            build.content = .image(imageName(image))
        } else if let title {
            build.content = .title(string(title))
        }
        return objects.addItem(build)
    }

    private func item(_ content: ItemBuild.Content, call: FunctionCallExprSyntax) -> Value {
        objects.addItem(
            ItemBuild(content: content, target: .absent, action: .absent, primaryAction: .absent, selector: nil, offset: offset(call)))
    }

    /// `target:`: `self` is there, `nil` is not, anything else depends on run time.
    func part(_ expr: ExprSyntax) -> Part {
        if Expressions.isNil(expr) { return .absent }
        if Expressions.isSelf(expr) { return .present }
        return .unknown
    }

    func actionPart(_ expr: ExprSyntax) -> Part {
        if Expressions.isNil(expr) { return .absent }
        return Expressions.isSelectorLiteral(expr) ? .present : .unknown
    }

    /// The string an expression gives: a literal, `Text("…")`, or a local bound to a literal.
    func string(_ expr: ExprSyntax) -> Known<String> {
        if let literal = Expressions.string(expr) { return .known(literal) }
        if let reference = expr.as(DeclReferenceExprSyntax.self), case .string(let s)? = lookup(reference.baseName.text) {
            return .known(s)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let (name, base, _) = Expressions.callee(call), base == nil,
            name == "Text" || name == "LocalizedStringKey", call.arguments.count == 1, let only = call.arguments.first,
            only.label == nil
        {
            return string(only.expression)
        }
        return .unknown
    }

    /// The text a SwiftUI view shows for a title argument. A string literal there is a localisation key:
    /// it shows as written unless a strings table translates it, so a literal written as a key
    /// (`"settings.title"`, `"nav_title"`) is unknown, and one written as text is taken as the text.
    func swiftUIText(_ expr: ExprSyntax) -> Known<String> {
        if let call = expr.as(FunctionCallExprSyntax.self), let (name, base, _) = Expressions.callee(call), base == nil, name == "Text",
            let verbatim = Expressions.argument(call, "verbatim")
        {
            return Expressions.string(verbatim).map(Known.known) ?? .unknown
        }
        guard case .known(let text) = string(expr) else { return .unknown }
        return Self.looksLikeKey(text) ? .unknown : .known(text)
    }

    static func looksLikeKey(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(where: \.isWhitespace) && text.contains(where: { $0 == "." || $0 == "_" })
    }

    /// The asset name of an image expression: `UIImage(named: "back")`, `UIImage(systemName: "xmark")`,
    /// `#imageLiteral(resourceName: "back")`, with rendering-mode calls after it.
    func imageName(_ expr: ExprSyntax) -> String? {
        var current = expr
        for _ in 0..<Expressions.maxChain {
            if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let call = current.as(FunctionCallExprSyntax.self), let (name, base, _) = Expressions.callee(call) {
                if let base, name != "init" {
                    current = base
                    continue
                }
                let argument = Expressions.argument(call, "named") ?? Expressions.argument(call, "systemName")
                return argument.flatMap { Expressions.string($0) }
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else if let macro = current.as(MacroExpansionExprSyntax.self), macro.macroName.text == "imageLiteral" {
                return macro.arguments.first.flatMap { Expressions.string($0.expression) }
            } else {
                return nil
            }
        }
        return nil
    }

    /// The value an item expression stands for, with where it stands.
    func itemSource(_ expr: ExprSyntax) -> ItemSource {
        ItemSource(value: value(of: expr), offset: offset(expr))
    }

    /// The SwiftUI view an expression builds, when it is one the app names: `DetailView(item: item)`,
    /// `DetailView().navigationTitle(…)`, `AnyView(DetailView())`. Nil for the framework's own views.
    func swiftUIViewName(_ expr: ExprSyntax, depth: Int = 0) -> String? {
        guard depth < Expressions.maxDepth else { return nil }
        var current = expr
        for _ in 0..<Expressions.maxChain {
            guard let call = current.as(FunctionCallExprSyntax.self) else { break }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                member.declName.baseName.text != "init"
            {
                // A modifier: the view is its base.
                current = base
                continue
            }
            guard let type = Expressions.constructedType(call) else { return nil }
            if Vocabulary.swiftUIWrappers.contains(type) {
                if let inner = call.arguments.first?.expression { return swiftUIViewName(inner, depth: depth + 1) }
                if let closure = call.trailingClosure { return singleView(in: closure.statements, depth: depth + 1) }
                return nil
            }
            return Vocabulary.swiftUIBuiltins.contains(type) ? nil : type
        }
        return nil
    }

    /// The one view a closure body builds, if it builds exactly one the app names.
    func singleView(in statements: CodeBlockItemListSyntax, depth: Int = 0) -> String? {
        guard statements.count == 1, let only = statements.first?.item else { return nil }
        if let expr = only.as(ExprSyntax.self) { return swiftUIViewName(expr, depth: depth) }
        if let stmt = only.as(ReturnStmtSyntax.self), let expr = stmt.expression { return swiftUIViewName(expr, depth: depth) }
        return nil
    }

    /// Every view a closure body may build, through `if` and `switch`: one edge each.
    func views(in statements: CodeBlockItemListSyntax, depth: Int = 0) -> [(name: String?, location: SourceLocation)] {
        guard depth < 6 else { return [] }
        var out: [(String?, SourceLocation)] = []
        for statement in statements {
            if let expr = statement.item.as(ExprSyntax.self) {
                out += views(of: expr, depth: depth)
            } else if let stmt = statement.item.as(ReturnStmtSyntax.self), let expr = stmt.expression {
                out += views(of: expr, depth: depth)
            } else if let stmt = statement.item.as(ExpressionStmtSyntax.self) {
                out += views(of: stmt.expression, depth: depth)
            }
        }
        return out
    }

    private func views(of expr: ExprSyntax, depth: Int) -> [(name: String?, location: SourceLocation)] {
        guard depth < 6 else { return [] }
        if let ifExpr = expr.as(IfExprSyntax.self) {
            var out = views(in: ifExpr.body.statements, depth: depth + 1)
            switch ifExpr.elseBody {
            case .codeBlock(let block)?: out += views(in: block.statements, depth: depth + 1)
            case .ifExpr(let nested)?: out += views(of: ExprSyntax(nested), depth: depth + 1)
            case nil: break
            }
            return out
        }
        if let switchExpr = expr.as(SwitchExprSyntax.self) {
            var out: [(name: String?, location: SourceLocation)] = []
            for case .switchCase(let switchCase) in switchExpr.cases {
                out += views(in: switchCase.statements, depth: depth + 1)
            }
            return out
        }
        return [(swiftUIViewName(expr), location(expr))]
    }
}

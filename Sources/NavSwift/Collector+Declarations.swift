import NavModel
import NavSource
import SwiftSyntax

/// Types, functions, closures and bindings: the structure settings are made in.
extension Collector {
    // MARK: Types

    func handle(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        let superclass = Self.superclass(node.inheritanceClause)
        push(Record(kind: .classDecl, name: node.name.text, superclass: superclass, location: location(node.classKeyword)), node: node.id)
        return .visitChildren
    }

    func handlePost(_ node: ClassDeclSyntax) {
        leave()
        popContext(node.id)
    }

    func handle(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        let inherited = Self.inheritedNames(node.inheritanceClause)
        // Xcode previews show views outside the app's navigation: nothing there is a fact of the app.
        if inherited.contains("PreviewProvider") { return .skipChildren }
        let isView = inherited.contains("View")
        push(Record(kind: isView ? .view : .otherType, name: node.name.text, location: location(node.structKeyword)), node: node.id)
        return .visitChildren
    }

    func handlePost(_ node: StructDeclSyntax) {
        leave()
        popContext(node.id)
    }

    func handle(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        let name = Self.typeName(node.extendedType) ?? node.extendedType.trimmedDescription
        push(Record(kind: .extensionDecl, name: name, location: location(node.extensionKeyword)), node: node.id)
        return .visitChildren
    }

    func handlePost(_ node: ExtensionDeclSyntax) {
        leave()
        popContext(node.id)
    }

    func handle(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        push(Record(kind: .otherType, name: node.name.text, location: location(node.enumKeyword)), node: node.id)
        return .visitChildren
    }

    func handlePost(_ node: EnumDeclSyntax) {
        leave()
        popContext(node.id)
    }

    func handle(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        push(Record(kind: .otherType, name: node.name.text, location: location(node.actorKeyword)), node: node.id)
        return .visitChildren
    }

    func handlePost(_ node: ActorDeclSyntax) {
        leave()
        popContext(node.id)
    }

    func handle(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        push(Record(kind: .otherType, name: node.name.text, location: location(node.protocolKeyword)), node: node.id)
        return .visitChildren
    }

    func handlePost(_ node: ProtocolDeclSyntax) {
        leave()
        popContext(node.id)
    }

    /// The simple name of a type as written: `UIHostingController<V>` is `UIHostingController`,
    /// `UIKit.UIViewController` is `UIViewController`.
    static func typeName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.inheritedTypes.compactMap { typeName($0.type) }
    }

    /// The first inherited type, unless it is a protocol every reader knows.
    static func superclass(_ clause: InheritanceClauseSyntax?) -> String? {
        guard let first = clause?.inheritedTypes.first.flatMap({ typeName($0.type) }) else { return nil }
        if Vocabulary.commonProtocols.contains(first) || first.hasSuffix("Delegate") || first.hasSuffix("DataSource")
            || first.hasSuffix("Protocol")
        {
            return nil
        }
        return first
    }

    /// `#Preview { … }`: like a preview provider, outside the app's navigation.
    func handle(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        return node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    func handlePost(_ node: MacroExpansionDeclSyntax) { leave() }

    // MARK: Functions and hooks

    func handle(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        let name = node.name.text
        pushScope(node.id, isClosure: false, leaving: LeavingCallbacks.swift.contains(name))
        let parameters = node.signature.parameterClause.parameters
        for parameter in parameters {
            let local = (parameter.secondName ?? parameter.firstName).text
            bindParameter(local)
        }
        guard Vocabulary.hookNames.contains(name) || Vocabulary.isBackButtonHandler(name) else { return .visitChildren }
        let labels = parameters.map { $0.firstName.text }
        let at = location(node.funcKeyword)
        if name == "hitTest", labels == ["_", "with"] {
            addHook(Hook(kind: .hitTest, name: "hitTest(_:with:)", location: at))
        } else if name == "point", labels == ["inside", "with"] {
            addHook(Hook(kind: .pointInside, name: "point(inside:with:)", location: at))
        } else if name == "navigationBar", labels.count == 2, labels[1] == "shouldPop" {
            addHook(Hook(kind: .shouldPop, name: "navigationBar(_:shouldPop:)", location: at))
        } else if name == "gestureRecognizerShouldBegin" {
            addHook(Hook(kind: .gestureShouldBegin, name: "gestureRecognizerShouldBegin(_:)", location: at))
        } else if Vocabulary.isBackButtonHandler(name), name != "navigationBar", parameters.isEmpty {
            // The screen is asked with nothing to pass; a function that takes arguments is another object's callback.
            addHook(Hook(kind: .backButtonHandler, name: name, location: at))
        }
        return .visitChildren
    }

    func handlePost(_ node: FunctionDeclSyntax) {
        leave()
        popScope(node.id)
    }

    func handle(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        pushScope(node.id, isClosure: false)
        for parameter in node.signature.parameterClause.parameters {
            let local = (parameter.secondName ?? parameter.firstName).text
            bindParameter(local)
        }
        return .visitChildren
    }

    func handlePost(_ node: InitializerDeclSyntax) {
        leave()
        popScope(node.id)
    }

    func handle(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        pushScope(node.id, isClosure: false)
        return .visitChildren
    }

    func handlePost(_ node: DeinitializerDeclSyntax) {
        leave()
        popScope(node.id)
    }

    func handle(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        pushScope(node.id, isClosure: false)
        return .visitChildren
    }

    func handlePost(_ node: AccessorBlockSyntax) {
        leave()
        popScope(node.id)
    }

    func handle(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        if let target = contentTargets[node.id] { enterContent(target, node: node.id, at: location(node)) }
        if closureIsBranch(node) { enterBranch() }
        pushScope(node.id, isClosure: true)
        if let parameters = node.signature?.parameterClause {
            switch parameters {
            case .simpleInput(let names):
                for name in names { bindParameter(name.name.text) }
            case .parameterClause(let clause):
                for parameter in clause.parameters {
                    let local = (parameter.secondName ?? parameter.firstName).text
                    bindParameter(local)
                }
            }
        }
        return .visitChildren
    }

    func handlePost(_ node: ClosureExprSyntax) {
        leave()
        if scopes.last?.node == node.id {
            // A closure called where it is written gives its value to the binding that holds the call.
            if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id, call.arguments.isEmpty {
                var value = scopes[scopes.count - 1].returnValue
                if value == nil, node.statements.count == 1, let only = node.statements.first?.item.as(ExprSyntax.self) {
                    value = self.value(of: only)
                }
                if let value { immediateClosures[node.id] = value }
            }
        }
        popScope(node.id)
        if contentTargets[node.id] != nil { popContext(node.id) }
    }

    func handle(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        if scopes.count > 1, scopes[scopes.count - 1].isClosure, let expression = node.expression {
            scopes[scopes.count - 1].returnValue = value(of: expression)
        }
        noteExit(node)
        return .visitChildren
    }

    func handlePost(_ node: ReturnStmtSyntax) { leave() }

    /// Enters SwiftUI content that another screen shows: settings made there go to that screen, or
    /// nowhere when it has no name.
    func enterContent(_ target: String?, node: SyntaxIdentifier, at: SourceLocation) {
        if let target {
            records.append(Record(kind: .content, name: target, location: at))
            contexts.append(Context(record: records.count - 1, node: node, isType: false))
        } else {
            contexts.append(Context(record: nil, node: node, isType: false))
        }
    }

    func handle(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        if !contentTargets.isEmpty, let target = contentTargets[node.id] {
            enterContent(target, node: node.id, at: location(node.expression))
        }
        return .visitChildren
    }

    func handlePost(_ node: LabeledExprSyntax) {
        leave()
        if !contentTargets.isEmpty, contentTargets[node.id] != nil { popContext(node.id) }
    }

    // MARK: Bindings

    func handle(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        // A type with a `title` or a `navigationItem` of its own (not an override of UIViewController's):
        // settings through it are not a screen's.
        if node.parent?.is(MemberBlockItemSyntax.self) == true, let record = currentTypeRecordIndex,
            !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
        {
            for binding in node.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, Vocabulary.selfMembers.contains(name) {
                    records[record].ownMembers.insert(name)
                }
            }
        }
        return .visitChildren
    }

    func handlePost(_ node: VariableDeclSyntax) { leave() }

    func handlePost(_ node: PatternBindingSyntax) {
        leave()
        guard !stopped, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return }
        let isMember = node.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true
        guard let initializer = node.initializer?.value else {
            if !isMember, lookup(name) != nil || Vocabulary.selfMembers.contains(name) { bind(name, .opaque) }
            return
        }
        if isMember {
            guard let owner = currentTypeName else { return }
            let value = self.value(of: initializer)
            if case .opaque = value { return }
            if Objects.isScalar(value), let declaration = node.parent?.parent?.as(VariableDeclSyntax.self),
                declaration.bindingSpecifier.tokenKind == .keyword(.var),
                !declaration.modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) })
            {
                objects.openScalars[owner, default: []].insert(name)
                objects.properties[owner]?[name] = nil
                return
            }
            objects.properties[owner, default: [:]][name] = value
        } else if inBody {
            bindLocal(name, value(of: initializer))
        }
    }

    func handlePost(_ node: OptionalBindingConditionSyntax) {
        leave()
        guard !stopped, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return }
        if let initializer = node.initializer?.value {
            bindLocal(name, value(of: initializer))
        } else if name == "self" {
            bindLocal(name, .alias([]))
        } else {
            // `if let navigationController { … }` unwraps the member of the same name.
            bindLocal(name, Vocabulary.selfMembers.contains(name) ? .alias([name]) : lookup(name) ?? .opaque)
        }
    }

    /// A parameter hides the members and stored properties of its name; its value is the caller's.
    func bindParameter(_ name: String) {
        if name != "_" { bind(name, .opaque) }
    }

    /// A name a pattern introduces (`for item in items`, `case let .a(item)`) hides the stored property
    /// of its name; a binding with a value (`let item = …`) gives it that value afterwards.
    func handlePost(_ node: IdentifierPatternSyntax) {
        leave()
        if !stopped, inBody { bind(node.identifier.text, .opaque) }
    }

    /// Binds a local when its value is worth following or when it hides a member or another local.
    func bindLocal(_ name: String, _ value: Value) {
        if case .opaque = value, lookup(name) == nil, !Vocabulary.selfMembers.contains(name) { return }
        bind(name, value)
    }
}

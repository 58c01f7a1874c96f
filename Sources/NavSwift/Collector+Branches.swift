import NavSource
import SwiftSyntax

/// Branches: a setting made where it may not run is `conditional`, so that a rule that needs it to have run
/// stays silent. `if`, `guard` and `switch`, the operands after `&&`, `||`, `??` and `?`, early returns, and
/// closures that may never be called are branches; availability checks are not (the profiles stand for iOS
/// versions), and neither is unwrapping the screen's own navigation controller or item (a setting on them
/// matters only when they exist).
extension Collector {
    func handle(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        switch Self.kind(of: node.conditions) {
        case .availability:
            break
        case .existence:
            if let elseBody = node.elseBody { branchNodes.insert(elseBody.id) }
        case .other:
            branchNodes.insert(node.body.id)
            if let elseBody = node.elseBody { branchNodes.insert(elseBody.id) }
        }
        return .visitChildren
    }

    func handlePost(_ node: IfExprSyntax) { leave() }

    func handle(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        branchNodes.insert(node.body.id)
        return .visitChildren
    }

    func handlePost(_ node: GuardStmtSyntax) {
        leave()
        // What follows a guard runs only when its conditions hold.
        if Self.kind(of: node.conditions) == .other, scopes.count > 1 || currentTypeContext == -1 {
            scopes[scopes.count - 1].earlyExit = true
        }
    }

    func handle(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        enterBranch()
        return .visitChildren
    }

    func handlePost(_ node: SwitchCaseSyntax) { leave() }

    func handle(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        guard enter(node) else { return .skipChildren }
        noteExit(node)
        return .visitChildren
    }

    func handlePost(_ node: ThrowStmtSyntax) { leave() }

    /// A `return` or `throw` inside a branch of the current function: what follows it may not run. The exit
    /// of a `guard` that only unwraps the screen's members (or checks availability) does not count.
    func noteExit(_ node: some SyntaxProtocol) {
        guard let last = scopes.indices.last, conditionalDepth > scopes[last].conditionalBase else { return }
        var parent = node.parent
        for _ in 0..<4 {
            guard let current = parent else { break }
            if let guardStmt = current.as(GuardStmtSyntax.self) {
                if Self.kind(of: guardStmt.conditions) != .other { return }
                break
            }
            parent = current.parent
        }
        scopes[last].earlyExit = true
    }

    /// Marks the operands after a short-circuiting or choosing operator (`&&`, `||`, `??`, `? :`) as branches.
    func markOperandBranches(_ sequence: SequenceExprSyntax) {
        var after = false
        for element in sequence.elements {
            if after {
                branchNodes.insert(element.id)
                continue
            }
            if element.is(UnresolvedTernaryExprSyntax.self) {
                branchNodes.insert(element.id)
                after = true
            } else if let op = element.as(BinaryOperatorExprSyntax.self), ["&&", "||", "??"].contains(op.operator.text) {
                after = true
            }
        }
    }

    /// Whether a closure's body is a branch: in UIKit code a closure may never be called (a completion
    /// handler, an action), unless it is called where it is written or handed to an API that always calls it
    /// (`DispatchQueue.main.async`, `UIView.animate`). A SwiftUI view's closures build its content.
    func closureIsBranch(_ node: ClosureExprSyntax) -> Bool {
        if currentTypeKind == .view || (currentRecord.map { records[$0].kind == .content } ?? false) { return false }
        var parent = node.parent
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return false }
        // A trailing closure's parent is the call; an argument's is the labelled expression, then the list.
        for _ in 0..<3 {
            guard let current = parent else { break }
            if let call = current.as(FunctionCallExprSyntax.self) {
                guard let (name, _, _) = Expressions.callee(call) else { return true }
                return !Vocabulary.alwaysCalled.contains(name)
            }
            parent = current.parent
        }
        return true
    }

    enum ConditionKind {
        case availability, existence, other
    }

    /// `#available` alone; unwrapping only `self` or the screen's navigation members; anything else.
    static func kind(of conditions: ConditionElementListSyntax) -> ConditionKind {
        var availability = true
        var existence = true
        for element in conditions {
            switch element.condition {
            case .availability:
                existence = false
            case .optionalBinding(let binding):
                availability = false
                if !isExistence(binding) { existence = false }
            default:
                availability = false
                existence = false
            }
        }
        if availability { return .availability }
        return existence ? .existence : .other
    }

    private static func isExistence(_ binding: OptionalBindingConditionSyntax) -> Bool {
        guard let value = binding.initializer?.value else {
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
            return name == "self" || Vocabulary.selfMembers.contains(name)
        }
        if Expressions.isSelf(value) { return true }
        guard let path = Expressions.path(value), let root = path.components.first else { return false }
        return Vocabulary.selfMembers.contains(root) && root != "title"
    }
}

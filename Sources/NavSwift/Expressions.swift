import NavModel
import NavSource
import SwiftOperators
import SwiftSyntax

/// Reading expressions without a type checker: member paths, literals and the arithmetic apps do on them.
///
/// Every function here is bounded: chains are followed for at most `Expressions.maxChain` links and
/// nested expressions to at most `Expressions.maxDepth` levels, whatever the input.
enum Expressions {
    static let maxChain = 24
    static let maxDepth = 24
    /// Operator sequences longer than this are left unfolded: no real setting needs one.
    static let maxFoldedElements = 64

    /// A member path as written, with `self.`, `?` and `!` dropped: `self.navigationController?.navigationBar`
    /// is `["navigationController", "navigationBar"]`. A call in the chain is its name with `()`
    /// (`UINavigationBar.appearance()`); a leading `.member` starts with `"."`.
    struct Path {
        var components: [String]
        /// The path began with `self` (or `super`): its first component is certainly a member.
        var explicitSelf: Bool
    }

    static func path(_ expr: ExprSyntax) -> Path? {
        var reversed: [String] = []
        var current = expr
        for _ in 0..<maxChain {
            if let member = current.as(MemberAccessExprSyntax.self) {
                reversed.append(member.declName.baseName.text)
                guard let base = member.base else {
                    reversed.append(".")
                    return Path(components: reversed.reversed(), explicitSelf: false)
                }
                current = base
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if name == "self" { return Path(components: reversed.reversed(), explicitSelf: true) }
                reversed.append(name)
                return Path(components: reversed.reversed(), explicitSelf: false)
            } else if current.is(SuperExprSyntax.self) {
                return Path(components: reversed.reversed(), explicitSelf: true)
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                // Only argument-free accessors and `appearance(whenContainedInInstancesOf:)` make a path.
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
                reversed.append(member.declName.baseName.text + "()")
                current = base
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                // `titleTextAttributes?[.foregroundColor]` is `titleTextAttributes`, `[foregroundColor]`.
                guard let key = subscriptCall.arguments.first.flatMap({ memberName($0.expression) }) else { return nil }
                reversed.append("[" + key + "]")
                current = subscriptCall.calledExpression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
                only.label == nil
            {
                current = only.expression
            } else if let generic = current.as(GenericSpecializationExprSyntax.self) {
                current = generic.expression
            } else {
                return nil
            }
        }
        return nil
    }

    /// The name a call calls and the expression it is called on: `navigationItem.setHidesBackButton(…)` is
    /// (`setHidesBackButton`, `navigationItem`); `present(…)` is (`present`, nil); `.init(…)` is (`init`, nil).
    static func callee(_ call: FunctionCallExprSyntax) -> (name: String, base: ExprSyntax?, implicitMember: Bool)? {
        var called = call.calledExpression
        if let generic = called.as(GenericSpecializationExprSyntax.self) { called = generic.expression }
        if let reference = called.as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, nil, false) }
        if let member = called.as(MemberAccessExprSyntax.self) {
            return (member.declName.baseName.text, member.base, member.base == nil)
        }
        return nil
    }

    /// The type a call constructs, when it reads as a constructor: `DetailViewController(…)`,
    /// `DetailViewController.init(…)`, `Container<Item>(…)`, `Module.Screen(…)`.
    static func constructedType(_ call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
            called = base
        }
        if let generic = called.as(GenericSpecializationExprSyntax.self) { called = generic.expression }
        let name: String
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = called.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) == true {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return nil }
        return name
    }

    /// The labels of a call's arguments, in order; an unlabelled argument is "".
    static func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { ($0.label?.text ?? "") == label }?.expression
    }

    static func labels(_ call: FunctionCallExprSyntax) -> [String] {
        call.arguments.map { $0.label?.text ?? "" }
    }

    static func firstArgument(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first?.expression
    }

    // MARK: Folding

    /// Folds an operator sequence with the standard operators when folding can tell the reader something:
    /// a cast (`x as? DetailViewController`) or arithmetic on literals (`20 / 255.0`, `"a" + "b"`). Nil
    /// for any other sequence (its value is known only at run time), a long one, or one that does not fold.
    static func fold(_ sequence: SequenceExprSyntax) -> ExprSyntax? {
        guard sequence.elements.count <= maxFoldedElements, worthFolding(sequence) else { return nil }
        return try? OperatorTable.standardOperators.foldSingle(sequence)
    }

    private static func worthFolding(_ sequence: SequenceExprSyntax) -> Bool {
        var arithmetic = true
        for element in sequence.elements {
            if element.is(UnresolvedAsExprSyntax.self) { return true }
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                switch op.operator.text {
                case "+", "-", "*", "/": break
                default: arithmetic = false
                }
            } else if !isOperand(element) {
                arithmetic = false
            }
        }
        return arithmetic
    }

    /// A literal, a name, or one of those in parentheses, negated or converted (`CGFloat(8)`).
    private static func isOperand(_ expr: ExprSyntax) -> Bool {
        if expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self) || expr.is(StringLiteralExprSyntax.self)
            || expr.is(DeclReferenceExprSyntax.self)
        {
            return true
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self) { return isOperand(prefix.expression) }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return only.expression.is(SequenceExprSyntax.self) || isOperand(only.expression)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1 {
            return call.calledExpression.is(DeclReferenceExprSyntax.self)
        }
        return false
    }

    // MARK: Literals

    /// A string literal without interpolation, with its escapes applied.
    static func string(_ expr: ExprSyntax, depth: Int = 0) -> String? {
        guard depth < maxDepth else { return nil }
        if let literal = expr.as(StringLiteralExprSyntax.self) { return stringLiteral(literal) }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return string(only.expression, depth: depth + 1)
        }
        if let sequence = expr.as(SequenceExprSyntax.self), let folded = fold(sequence) {
            return string(folded, depth: depth + 1)
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            let left = string(infix.leftOperand, depth: depth + 1), let right = string(infix.rightOperand, depth: depth + 1)
        {
            return left + right
        }
        return nil
    }

    static func stringLiteral(_ literal: StringLiteralExprSyntax) -> String? {
        // Multi-line literals strip indentation by rules of their own; no title is written that way.
        guard literal.openingQuote.tokenKind == .stringQuote || literal.openingQuote.tokenKind == .singleQuote else { return nil }
        let raw = literal.openingPounds != nil
        var out = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self)?.content.text else { return nil }
            if raw {
                out += text
            } else {
                guard let unescaped = unescape(text) else { return nil }
                out += unescaped
            }
        }
        return out
    }

    /// Applies Swift's escapes; nil for one the reader does not know.
    static func unescape(_ text: String) -> String? {
        guard text.contains("\\") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            guard let e = scalars.next() else { return nil }
            switch e {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "0": out.append("\0")
            case "\\", "\"", "'": out.append(e)
            case "u":
                guard scalars.next() == "{" else { return nil }
                var hex = ""
                while let h = scalars.next(), h != "}" { hex.unicodeScalars.append(h) }
                guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
                out.append(scalar)
            default: return nil
            }
        }
        return String(out)
    }

    static func bool(_ expr: ExprSyntax) -> Bool? {
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!", let inner = bool(prefix.expression) {
            return !inner
        }
        return nil
    }

    /// A number the code writes as a literal or as arithmetic on literals (`20 / 255.0`, `-8`,
    /// `CGFloat(44)`); `lookup` supplies locals bound to numbers.
    static func number(_ expr: ExprSyntax, depth: Int = 0, lookup: (String) -> Double? = { _ in nil }) -> Double? {
        guard depth < maxDepth else { return nil }
        if let integer = expr.as(IntegerLiteralExprSyntax.self) { return integerValue(integer.literal.text) }
        if let float = expr.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.filter { $0 != "_" }) }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self) {
            guard let inner = number(prefix.expression, depth: depth + 1, lookup: lookup) else { return nil }
            switch prefix.operator.text {
            case "-": return -inner
            case "+": return inner
            default: return nil
            }
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return number(only.expression, depth: depth + 1, lookup: lookup)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let (name, base, _) = callee(call), base == nil,
            ["CGFloat", "Double", "Float", "Int"].contains(name), call.arguments.count == 1, let only = call.arguments.first,
            only.label == nil
        {
            return number(only.expression, depth: depth + 1, lookup: lookup)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return lookup(reference.baseName.text) }
        if let sequence = expr.as(SequenceExprSyntax.self), let folded = fold(sequence) {
            return number(folded, depth: depth + 1, lookup: lookup)
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            let a = number(infix.leftOperand, depth: depth + 1, lookup: lookup),
            let b = number(infix.rightOperand, depth: depth + 1, lookup: lookup)
        {
            switch op {
            case "+": return a + b
            case "-": return a - b
            case "*": return a * b
            case "/": return b == 0 ? nil : a / b
            default: return nil
            }
        }
        return nil
    }

    static func integerValue(_ text: String) -> Double? {
        let digits = text.filter { $0 != "_" }
        let value: Int?
        if digits.hasPrefix("0x") {
            value = Int(digits.dropFirst(2), radix: 16)
        } else if digits.hasPrefix("0b") {
            value = Int(digits.dropFirst(2), radix: 2)
        } else if digits.hasPrefix("0o") {
            value = Int(digits.dropFirst(2), radix: 8)
        } else {
            value = Int(digits)
        }
        return value.map(Double.init)
    }

    /// The size of a literal rectangle: `CGRect(x: 0, y: 0, width: 30, height: 30)`,
    /// `CGRect(origin: .zero, size: CGSize(width: 30, height: 30))`, `.init(…)`.
    static func rectSize(_ expr: ExprSyntax, lookup: (String) -> Double?) -> Size? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let (name, _, _) = callee(call), ["CGRect", "init"].contains(name)
        else { return nil }
        if let width = argument(call, "width"), let height = argument(call, "height"),
            let w = number(width, lookup: lookup), let h = number(height, lookup: lookup)
        {
            return Size(width: w, height: h)
        }
        if let size = argument(call, "size") { return sizeLiteral(size, lookup: lookup) }
        return nil
    }

    static func sizeLiteral(_ expr: ExprSyntax, lookup: (String) -> Double?) -> Size? {
        guard let call = expr.as(FunctionCallExprSyntax.self), let (name, _, _) = callee(call), ["CGSize", "init"].contains(name),
            let width = argument(call, "width"), let height = argument(call, "height"),
            let w = number(width, lookup: lookup), let h = number(height, lookup: lookup)
        else { return nil }
        return Size(width: w, height: h)
    }

    /// A selector as written: `#selector(back(_:))` is `back(_:)`, `Selector("back:")` is `back:`.
    static func selector(_ expr: ExprSyntax) -> String? {
        if let macro = expr.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let inner = macro.arguments.last?.expression
        {
            // The usual `#selector(close)` and `#selector(self.close)` without printing the expression.
            if let reference = inner.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
                return reference.baseName.text
            }
            // `#selector(self.close)`, `#selector(DetailViewController.close(_:))`: the method, without its owner.
            if let member = inner.as(MemberAccessExprSyntax.self), let base = member.base,
                isSelf(base) || base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
            {
                if member.declName.argumentNames == nil { return member.declName.baseName.text }
                return member.declName.trimmedDescription.filter { !$0.isWhitespace }
            }
            var text = inner.trimmedDescription
            for prefix in ["self.", "Self."] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
            return text.filter { !$0.isWhitespace }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let (name, base, _) = callee(call), name == "Selector", base == nil,
            let only = firstArgument(call)
        {
            return string(only)
        }
        return nil
    }

    /// Whether an expression is a selector literal: `#selector(…)` or `Selector("…")`.
    static func isSelectorLiteral(_ expr: ExprSyntax) -> Bool {
        if let macro = expr.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "selector" }
        if let call = expr.as(FunctionCallExprSyntax.self), let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "Selector"
                && call.arguments.first.map { $0.expression.is(StringLiteralExprSyntax.self) } == true
        }
        return false
    }

    /// Whether an expression is the `nil` literal.
    static func isNil(_ expr: ExprSyntax) -> Bool { expr.is(NilLiteralExprSyntax.self) }

    /// Whether an expression is `self`.
    static func isSelf(_ expr: ExprSyntax) -> Bool {
        expr.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }

    /// The name of an implicit member (`.minimal`, `.fixedSpace`) or of a qualified one's last part
    /// (`UIBarButtonItem.SystemItem.add`).
    static func memberName(_ expr: ExprSyntax) -> String? {
        expr.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}

import NavSource

/// Reads declarations and statements over the tokens: `@interface`, `@implementation`, `@protocol`, methods, C
/// functions, and within bodies statements and expressions.
///
/// The parser never guesses what it does not understand: an unknown construct becomes `Expr.unknown`, and a
/// statement it cannot finish is dropped and reading resumes at the next `;` or `}` (or at `@end` and a method
/// that starts a line), so that one odd macro costs one statement, not the file.
///
/// Recursion follows the input's nesting, and one depth counter bounds it and the depth of the trees it builds:
/// every bracket, block, branch, `?:`, assignment and every link of a chain (`a.b.c`, `a + b + c`, `!!x`) counts
/// as a level. Past the limit the reading stops with a problem naming `max-nesting`.
struct Parser {
    let tokens: [Token]
    let nestingLimit: Int
    let deadline: Double
    let clock: () -> Double

    private(set) var troubles: [Trouble] = []
    private(set) var units: [ClassUnit] = []
    /// The file's free functions.
    private(set) var fileUnit = ClassUnit(kind: .file, name: "", start: 0)
    /// File-level constants: `static const CGFloat kSize = 30;`, `static NSString *const kTitle = @"…";`.
    private(set) var constants: [String: Expr] = [:]
    private(set) var halted = false

    private var p = 0
    private var depth = 0
    private var steps = 0
    // The function being read.
    private var statements: [Statement] = []
    private var conditionalDepth = 0
    private var exitedEarly = false
    private var aborted = false
    private var nextBlockRunsNow = false

    init(tokens: [Token], nestingLimit: Int, deadline: Double, clock: @escaping () -> Double) {
        self.tokens = tokens
        self.nestingLimit = nestingLimit
        self.deadline = deadline
        self.clock = clock
    }

    // MARK: Tokens

    private var tok: Token { tokens[p] }

    private func peek(_ k: Int = 1) -> Token {
        let i = p + k
        return i < tokens.count ? tokens[i] : tokens[tokens.count - 1]
    }

    private var atEnd: Bool { tok.kind == .end || halted }

    private mutating func advance() {
        if p < tokens.count - 1 { p += 1 }
        steps += 1
        if steps & 4095 == 0 { checkClock() }
    }

    private mutating func checkClock() {
        guard !halted else { return }
        if clock() > deadline {
            halt(at: tok.start, "reading took longer than the time allowed per file", limit: ReaderLimits.secondsName)
        }
    }

    private mutating func halt(at offset: Int, _ message: String, limit: String) {
        guard !halted else { return }
        troubles.append(Trouble(offset: offset, message: message, limit: limit))
        halted = true
    }

    /// Goes one level deeper; false (and the reading stops) past the nesting limit.
    private mutating func enter() -> Bool {
        guard !halted else { return false }
        guard depth < nestingLimit else {
            halt(
                at: tok.start, "code nests deeper than \(nestingLimit) levels; the rest of the file is not read",
                limit: ReaderLimits.nestingName)
            return false
        }
        depth += 1
        return true
    }

    private mutating func leave() { depth -= 1 }

    /// Ends a body early: `@end`, `@implementation`, `@interface`, or a method signature starting a line means a
    /// closing brace is missing.
    private var isBoundary: Bool {
        let t = tok
        if t.kind == .atKeyword, t.text == "end" || t.text == "implementation" || t.text == "interface" || t.text == "protocol" {
            return true
        }
        return (t.isPunctuation("-") || t.isPunctuation("+")) && t.isAtColumnZero && peek().isPunctuation("(")
    }

    private static func isOpener(_ t: Token) -> Bool {
        t.kind == .punctuation && (t.text == "(" || t.text == "[" || t.text == "{" || t.text == "@[" || t.text == "@{" || t.text == "@(")
    }

    private static func isCloser(_ t: Token) -> Bool {
        t.kind == .punctuation && (t.text == ")" || t.text == "]" || t.text == "}")
    }

    /// Skips from an opener to just after its closer (any bracket kind counts); stops before `@end` and at the end.
    private mutating func skipBalanced() {
        guard Self.isOpener(tok) else { return }
        var level = 0
        while !atEnd {
            let t = tok
            if Self.isOpener(t) {
                level += 1
            } else if Self.isCloser(t) {
                level -= 1
                if level == 0 {
                    advance()
                    return
                }
            } else if t.isAt("end") || t.isAt("implementation") || t.isAt("interface") {
                return
            }
            advance()
        }
    }

    /// Skips to just after the closer `close` of the bracket being read. Stops without consuming at a closer of
    /// another kind, at a `;` where `close` is `)` or `]` (the closer is missing), and at `@end`.
    private mutating func skip(to close: String) {
        while !atEnd {
            let t = tok
            if Self.isOpener(t) {
                skipBalanced()
                continue
            }
            if t.isPunctuation(close) {
                advance()
                return
            }
            if Self.isCloser(t) || (close != "}" && t.isPunctuation(";")) || isBoundary { return }
            advance()
        }
    }

    /// Skips `<…>` (protocol lists, generics); `>>` closes two.
    private mutating func skipAngles() {
        guard tok.isPunctuation("<") else { return }
        var level = 0
        var count = 0
        while !atEnd, count < 4096 {
            let t = tok
            if t.isPunctuation("<") {
                level += 1
            } else if t.isPunctuation(">") {
                level -= 1
            } else if t.isPunctuation(">>") {
                level -= 2
            } else if t.isPunctuation("{") || t.isPunctuation(";") || t.kind == .atKeyword {
                return
            }
            advance()
            count += 1
            if level <= 0 { return }
        }
    }

    /// Skips to just after the next `;` of this level (brackets skipped whole); stops before `}` and boundaries.
    private mutating func skipStatement() {
        while !atEnd {
            let t = tok
            if Self.isOpener(t) {
                skipBalanced()
                continue
            }
            if t.isPunctuation(";") {
                advance()
                return
            }
            if t.isPunctuation("}") || Self.isCloser(t) || isBoundary { return }
            advance()
        }
    }

    // MARK: Declarations

    mutating func parseFile() {
        while !atEnd {
            checkClock()
            let before = p
            defer { if p == before, !atEnd { advance() } }
            let t = tok
            if t.kind == .atKeyword {
                switch t.text {
                case "interface": parseInterface(kind: .interface)
                case "implementation": parseImplementation()
                case "protocol":
                    if peek(2).isPunctuation(";") || peek(2).isPunctuation(",") {
                        advance()
                        skipStatement()
                    } else {
                        parseInterface(kind: .proto)
                    }
                default:
                    advance()
                    if t.text == "class" || t.text == "compatibility_alias" { skipStatement() }
                }
                continue
            }
            if Self.isCloser(t) || t.isPunctuation(";") || t.isPunctuation("-") || t.isPunctuation("+") {
                advance()
                continue
            }
            var unit = fileUnit
            parseExternal(into: &unit)
            fileUnit = unit
        }
    }

    /// `@interface X : Y <P>`, `@interface X (Category)`, `@protocol P <Q>`: the superclass and the methods declared.
    private mutating func parseInterface(kind: ClassUnit.Kind) {
        let start = tok.start
        advance()
        guard tok.kind == .identifier else { return }
        var unit = ClassUnit(kind: kind, name: tok.text, start: start)
        advance()
        skipAngles()
        if tok.isPunctuation("(") {
            advance()
            unit.category = tok.kind == .identifier ? tok.text : ""
            skip(to: ")")
        } else if tok.isPunctuation(":"), kind == .interface {
            advance()
            if tok.kind == .identifier {
                unit.superclass = tok.text
                advance()
            }
        }
        skipAngles()
        if tok.isPunctuation("{") { skipBalanced() }
        while !atEnd {
            let t = tok
            let before = p
            defer { if p == before, !atEnd, !isBoundary { advance() } }
            if t.isAt("end") {
                advance()
                break
            }
            if t.isAt("implementation") || t.isAt("interface") || t.isAt("protocol") { break }
            if (t.isPunctuation("-") || t.isPunctuation("+")) && peek().isPunctuation("(") {
                let signature = parseSignature()
                unit.declared.append((signature.selector, signature.start))
                if tok.isPunctuation("{") { skipBalanced() } else { skipStatement() }
                continue
            }
            if t.kind == .atKeyword {
                advance()
                continue
            }
            if Self.isOpener(t) {
                skipBalanced()
                continue
            }
            skipStatement()
        }
        units.append(unit)
    }

    private mutating func parseImplementation() {
        let start = tok.start
        advance()
        guard tok.kind == .identifier else { return }
        var unit = ClassUnit(kind: .implementation, name: tok.text, start: start)
        advance()
        if tok.isPunctuation("(") {
            advance()
            unit.category = tok.kind == .identifier ? tok.text : ""
            skip(to: ")")
        } else if tok.isPunctuation(":") {
            advance()
            if tok.kind == .identifier {
                unit.superclass = tok.text
                advance()
            }
        }
        if tok.isPunctuation("{") { skipBalanced() }
        while !atEnd {
            checkClock()
            let t = tok
            let before = p
            defer { if p == before, !atEnd, !t.isAt("implementation"), !t.isAt("interface"), !t.isAt("protocol") { advance() } }
            if t.isAt("end") {
                advance()
                break
            }
            if t.isAt("implementation") || t.isAt("interface") || t.isAt("protocol") { break }
            if t.isPunctuation("-") || t.isPunctuation("+") {
                parseMethod(into: &unit)
                continue
            }
            if t.kind == .atKeyword {
                // @synthesize, @dynamic, @property, and the like.
                skipStatement()
                if tok.start == t.start { advance() }
                continue
            }
            if t.isPunctuation(";") || Self.isCloser(t) {
                advance()
                continue
            }
            parseExternal(into: &unit)
        }
        units.append(unit)
    }

    /// A method's signature from its `-`/`+`: the selector, its parameters, and where it starts. Leaves the reader
    /// at the body's `{` or the declaration's `;`.
    private mutating func parseSignature() -> (selector: String, start: Int, isClass: Bool, parameters: [String: String]) {
        let start = tok.start
        let isClass = tok.isPunctuation("+")
        advance()
        if tok.isPunctuation("(") { skipBalanced() }
        var pieces: [String] = []
        var keyword = false
        var parameters: [String: String] = [:]
        while !atEnd {
            if tok.isWord, peek().isPunctuation(":") || (!keyword && pieces.isEmpty) {
                let name = tok.text
                advance()
                if tok.isPunctuation(":") {
                    keyword = true
                    advance()
                    pieces.append(name)
                    let type = tok.isPunctuation("(") ? typeName(inParensAt: p) : nil
                    if tok.isPunctuation("(") { skipBalanced() }
                    if tok.isWord {
                        parameters[tok.text] = type ?? "id"
                        advance()
                    }
                } else {
                    pieces.append(name)
                    break
                }
            } else if tok.isPunctuation(":") {
                keyword = true
                advance()
                pieces.append("")
                if tok.isPunctuation("(") { skipBalanced() }
                if tok.isWord { advance() }
            } else if tok.isPunctuation(","), keyword {
                advance()
                if tok.isPunctuation("...") { advance() }
            } else {
                break
            }
        }
        // Attributes between the signature and the body: NS_REQUIRES_SUPER, __attribute__((…)), API_AVAILABLE(…).
        var guardCount = 0
        while !atEnd, !tok.isPunctuation("{"), !tok.isPunctuation(";"), guardCount < 256 {
            if tok.isWord {
                advance()
                if tok.isPunctuation("(") { skipBalanced() }
            } else {
                break
            }
            guardCount += 1
        }
        let selector = keyword ? pieces.map { $0 + ":" }.joined() : (pieces.first ?? "")
        return (selector, start, isClass, parameters)
    }

    private mutating func parseMethod(into unit: inout ClassUnit) {
        let signature = parseSignature()
        guard tok.isPunctuation("{") else {
            if tok.isPunctuation(";") {
                unit.declared.append((signature.selector, signature.start))
                advance()
            } else if tok.start == signature.start {
                advance()
            }
            return
        }
        let statements = parseBody()
        unit.functions.append(
            Function(
                name: signature.selector, isMethod: true, isClassMethod: signature.isClass, start: signature.start,
                parameters: signature.parameters, statements: statements))
    }

    /// A body from its `{`, as a flat list of statements.
    private mutating func parseBody() -> [Statement] {
        statements = []
        conditionalDepth = 0
        exitedEarly = false
        aborted = false
        parseCompound()
        aborted = false
        let out = statements
        statements = []
        return out
    }

    /// Something outside `@interface`/`@implementation` members: a C function (its body is read), a declaration
    /// (a file-level constant is kept), or anything else (typedefs, structs, C++ classes, macros), skipped.
    private mutating func parseExternal(into unit: inout ClassUnit) {
        let begin = p
        if tryConstant() { return }
        p = begin
        var sawParens = false
        var lastParenName: String?
        var typeDeclaration = false
        var sawEquals = false
        var previousWord: String?
        while !atEnd {
            let t = tok
            if t.kind == .atKeyword {
                if p == begin {
                    advance()
                    skipStatement()
                }
                return
            }
            if p > begin, t.isFirstOnLine, (t.isPunctuation("-") || t.isPunctuation("+")), peek().isPunctuation("(") { return }
            if t.isPunctuation(";") {
                advance()
                return
            }
            if t.isPunctuation("=") { sawEquals = true }
            if t.kind == .keyword,
                ["typedef", "struct", "union", "enum", "namespace", "class", "template", "extern", "using"].contains(t.text)
            {
                typeDeclaration = true
            }
            if t.kind == .identifier,
                t.text.hasPrefix("NS_ENUM") || t.text.hasPrefix("NS_OPTIONS") || t.text.hasPrefix("NS_CLOSED_ENUM")
                    || t.text == "NS_ERROR_ENUM" || t.text == "NS_TYPED_ENUM" || t.text == "NS_STRING_ENUM"
            {
                typeDeclaration = true
            }
            if t.isPunctuation("(") {
                if !sawParens { lastParenName = previousWord }
                sawParens = true
                skipBalanced()
                continue
            }
            if t.isPunctuation("{") {
                if sawParens, !sawEquals, !typeDeclaration {
                    let start = tokens[begin].start
                    let statements = parseBody()
                    unit.functions.append(
                        Function(
                            name: lastParenName ?? "", isMethod: false, isClassMethod: false, start: start, parameters: [:],
                            statements: statements))
                    return
                }
                skipBalanced()
                // `struct {…} name;` and `= {…};` go on to their `;`; a namespace or C++ class body ends here.
                if tok.isPunctuation(";") || tok.kind == .identifier || tok.isPunctuation(",") || tok.isPunctuation("*") { continue }
                return
            }
            if Self.isCloser(t), p == begin {
                advance()
                return
            }
            if Self.isCloser(t) { return }
            previousWord = t.isWord ? t.text : previousWord
            advance()
        }
    }

    /// `static const CGFloat kSize = 30;` at file level: kept as a named constant. Only `const` declarations count,
    /// since anything else may change at run time.
    private mutating func tryConstant() -> Bool {
        let begin = p
        var sawConst = false
        var j = p
        while j < tokens.count, j - p < 64 {
            let t = tokens[j]
            if t.isPunctuation("=") || t.isPunctuation(";") || t.isPunctuation("{") || t.isPunctuation("(") { break }
            if t.isKeyword("const") || t.isIdentifier("constexpr") { sawConst = true }
            j += 1
        }
        guard sawConst, let declaration = matchDeclaration() else { return false }
        p = declaration.next
        var names: [(String, Expr?)] = []
        var current = declaration.name
        while !atEnd {
            if tok.isPunctuation("[") { skipBalanced() }
            var value: Expr?
            if tok.isPunctuation("=") {
                advance()
                value = parseExpression()
            }
            names.append((current, value))
            guard tok.isPunctuation(","), peek().kind == .identifier || peek().isPunctuation("*") else { break }
            advance()
            while tok.isPunctuation("*") || tok.isKeyword("const") { advance() }
            guard tok.kind == .identifier else { break }
            current = tok.text
            advance()
        }
        guard tok.isPunctuation(";") else {
            p = begin
            return false
        }
        advance()
        for (name, value) in names { if let value { constants[name] = value } }
        return true
    }

    // MARK: Statements

    private mutating func add(_ kind: Statement.Kind, at start: Int) {
        statements.append(Statement(kind: kind, start: start, conditional: conditionalDepth > 0 || exitedEarly))
    }

    private mutating func parseCompound() {
        guard tok.isPunctuation("{") else { return }
        guard enter() else { return }
        advance()
        while !atEnd, !aborted {
            if tok.isPunctuation("}") {
                advance()
                break
            }
            if isBoundary {
                aborted = true
                break
            }
            let before = p
            parseStatement()
            if p == before, !atEnd, !aborted { advance() }
        }
        leave()
    }

    /// A statement that runs only when its branch is taken.
    private mutating func parseBranch(conditional: Bool) {
        guard enter() else { return }
        if conditional { conditionalDepth += 1 }
        parseStatement()
        if conditional { conditionalDepth -= 1 }
        leave()
    }

    private mutating func parseStatement() {
        let t = tok
        if isBoundary {
            aborted = true
            return
        }
        switch t.kind {
        case .punctuation where t.text == ";":
            advance()
            return
        case .punctuation where t.text == "{":
            parseCompound()
            return
        case .punctuation where t.text == "}":
            return
        case .keyword:
            parseKeywordStatement()
            return
        case .atKeyword:
            if parseAtStatement() { return }
        case .identifier where peek().isPunctuation(":") && !peek(2).isPunctuation(":"):
            // A label.
            advance()
            advance()
            return
        default:
            break
        }
        if tryDeclarationStatement() { return }
        parseExpressionStatement()
    }

    private mutating func parseKeywordStatement() {
        let t = tok
        switch t.text {
        case "if":
            parseIf()
        case "for":
            parseFor()
        case "while":
            advance()
            _ = parseCondition()
            parseBranch(conditional: true)
        case "do":
            advance()
            parseBranch(conditional: false)
            if tok.isKeyword("while") {
                advance()
                _ = parseCondition()
            }
            if tok.isPunctuation(";") { advance() }
        case "switch":
            advance()
            _ = parseCondition()
            parseBranch(conditional: true)
        case "case":
            advance()
            var count = 0
            while !atEnd, !tok.isPunctuation(":"), !tok.isPunctuation(";"), !tok.isPunctuation("}"), count < 256 {
                if Self.isOpener(tok) { skipBalanced() } else { advance() }
                count += 1
            }
            if tok.isPunctuation(":") { advance() }
        case "default":
            advance()
            if tok.isPunctuation(":") { advance() }
        case "return":
            advance()
            if !tok.isPunctuation(";") {
                let e = parseExpression()
                add(.returns(e), at: t.start)
            }
            if tok.isPunctuation(";") { advance() } else { skipStatement() }
            if conditionalDepth > 0 { exitedEarly = true }
        case "static", "const", "volatile", "register", "extern", "struct", "union", "enum", "inline":
            if !tryDeclarationStatement() { skipStatement() }
        case "try":
            advance()
            parseBranch(conditional: false)
            while tok.isKeyword("catch") {
                advance()
                if tok.isPunctuation("(") { skipBalanced() }
                parseBranch(conditional: true)
            }
        default:
            // break, continue, goto, typedef, throw, delete, using, …
            advance()
            skipStatement()
        }
    }

    /// `@try`, `@catch`, `@finally`, `@synchronized`, `@autoreleasepool`, `@throw`; false when the `@`-keyword starts
    /// an expression (`@weakify(self)`, `@[…]`).
    private mutating func parseAtStatement() -> Bool {
        switch tok.text {
        case "try", "finally", "autoreleasepool":
            advance()
            parseBranch(conditional: false)
            return true
        case "catch":
            advance()
            if tok.isPunctuation("(") { skipBalanced() }
            parseBranch(conditional: true)
            return true
        case "synchronized":
            advance()
            if tok.isPunctuation("(") { skipBalanced() }
            parseBranch(conditional: false)
            return true
        case "throw":
            advance()
            skipStatement()
            return true
        default:
            return false
        }
    }

    /// `if … else if … else …`, read as a loop so that a long chain does not nest. Availability checks
    /// (`@available`, `systemVersion`) do not make their branches conditional.
    private mutating func parseIf() {
        var outer = false
        while !atEnd {
            advance()  // if
            let condition = parseCondition()
            let availability = condition.map { Self.isAvailabilityCheck($0) } ?? false
            parseBranch(conditional: outer || !availability)
            outer = outer || !availability
            guard tok.isKeyword("else") else { return }
            advance()
            if tok.isKeyword("if") { continue }
            parseBranch(conditional: outer)
            return
        }
    }

    /// Whether a condition only asks for the iOS version, which the profiles stand for.
    static func isAvailabilityCheck(_ e: Expr, depth: Int = 0) -> Bool {
        guard depth < 32 else { return false }
        var stack = [e]
        var found = false
        var count = 0
        while let next = stack.popLast(), count < 512 {
            count += 1
            switch next {
            case .name(let n, _):
                if isVersionName(n) { found = true }
            case .call(let callee, let args, _):
                stack.append(callee)
                stack.append(contentsOf: args)
            case .member(let base, let name, _):
                if name == "systemVersion" { found = true }
                stack.append(base)
            case .message(let m):
                let first = m.parts[0]
                if first == "systemVersion" || first == "isOperatingSystemAtLeastVersion" { found = true }
                // `[self.navigationController respondsToSelector:@selector(interactivePopGestureRecognizer)]` asks
                // whether UIKit has the API: a version check.
                if first == "respondsToSelector", case .member(_, let owner, _) = m.receiver.stripped,
                    ["navigationController", "navigationItem", "navigationBar", "interactivePopGestureRecognizer"].contains(owner)
                {
                    found = true
                }
                stack.append(m.receiver)
                stack.append(contentsOf: m.args)
            case .binary(let op, let a, let b, _):
                if op == "&&" || op == "||" {
                    // `@available(…) && flag` depends on more than the version.
                    return isAvailabilityCheck(a, depth: depth + 1) && isAvailabilityCheck(b, depth: depth + 1)
                }
                stack.append(a)
                stack.append(b)
            case .unary(_, let a, _), .cast(_, let a, _):
                stack.append(a)
            default:
                break
            }
        }
        return found
    }

    /// Names of version checks: `@available`, `NSFoundationVersionNumber`, and the macros apps define for them
    /// (`SYSTEM_VERSION_GREATER_THAN_OR_EQUAL_TO`, `IOS_11_OR_LATER`, `kiOS13Later`).
    static func isVersionName(_ n: String) -> Bool {
        if n == "@available" || n == "__builtin_available" || n == "NSFoundationVersionNumber" || n == "kCFCoreFoundationVersionNumber" {
            return true
        }
        let lower = n.lowercased()
        if lower.contains("system_version") || lower.contains("systemversion") || lower.contains("ios_version") { return true }
        // "ios" followed by a version number: `IOS_11_OR_LATER`, `kiOS13Later`.
        let characters = Array(lower)
        var i = 0
        while i + 3 < characters.count {
            if characters[i] == "i", characters[i + 1] == "o", characters[i + 2] == "s" {
                var j = i + 3
                while j < characters.count, characters[j] == "_" { j += 1 }
                if j < characters.count, characters[j].isNumber { return true }
            }
            i += 1
        }
        return false
    }

    /// `( expr )` after `if`, `while`, `switch`; the expression is kept as a statement of its own (it runs).
    private mutating func parseCondition() -> Expr? {
        guard tok.isPunctuation("(") else { return nil }
        guard enter() else { return nil }
        let start = tok.start
        advance()
        var e = parseExpression()
        while tok.isPunctuation(","), !atEnd {
            advance()
            e = parseExpression()
        }
        if tok.isPunctuation(")") { advance() } else { skip(to: ")") }
        leave()
        add(.expression(e), at: start)
        return e
    }

    private mutating func parseFor() {
        advance()
        guard tok.isPunctuation("(") else { return }
        guard enter() else { return }
        let open = p
        advance()
        if let d = matchDeclaration(), tokens[d.next].isIdentifier("in") || tokens[d.next].isPunctuation(":") {
            // for (UIView *view in self.view.subviews): the loop variable is a local of unknown value.
            let start = tok.start
            p = d.next
            advance()
            add(.declaration(Declaration(name: d.name, type: d.type, value: nil)), at: start)
            let collection = parseExpression()
            add(.expression(collection), at: collection.start)
        } else if tok.kind == .identifier, peek().isIdentifier("in") {
            advance()
            advance()
            let collection = parseExpression()
            add(.expression(collection), at: collection.start)
        }
        p = open
        leave()
        skipBalanced()
        parseBranch(conditional: true)
    }

    /// `Type *name = value, *other;` when the tokens have that shape.
    private mutating func tryDeclarationStatement() -> Bool {
        guard let d = matchDeclaration() else { return false }
        let start = tok.start
        p = d.next
        var name = d.name
        while !atEnd {
            if tok.isPunctuation("[") { skipBalanced() }
            var value: Expr?
            if tok.isPunctuation("=") {
                advance()
                value = parseExpression()
            }
            add(.declaration(Declaration(name: name, type: d.type, value: value)), at: start)
            guard tok.isPunctuation(",") else { break }
            advance()
            while tok.isPunctuation("*") || tok.isPunctuation("&") || Self.qualifiers.contains(tok.text) { advance() }
            guard tok.kind == .identifier else { break }
            name = tok.text
            advance()
        }
        if tok.isPunctuation(";") {
            advance()
        } else if !tok.isPunctuation("}") {
            skipStatement()
        }
        return true
    }

    static let qualifiers: Set<String> = [
        "static", "const", "volatile", "extern", "register", "inline", "__weak", "__strong", "__block", "__unsafe_unretained",
        "__autoreleasing", "_Nullable", "_Nonnull", "_Null_unspecified", "__nullable", "__nonnull", "nullable", "nonnull",
        "__kindof", "__unused", "unsigned", "signed", "long", "short", "mutable", "constexpr", "thread_local",
        "NS_VALID_UNTIL_END_OF_SCOPE", "__block_weak", "__typeof_weak",
    ]

    private static let typeofNames: Set<String> = ["typeof", "__typeof", "__typeof__", "decltype"]

    /// Matches `qualifiers Type<…> * qualifiers name` followed by `=`, `;`, `,`, `[`, `in` or `:` at the reader's
    /// position, without moving it: the declared name, its type's main name, and the index after the name. Also
    /// matches block variables `void (^name)(…)`.
    private func matchDeclaration() -> (name: String, type: String?, next: Int)? {
        func at(_ k: Int) -> Token { k < tokens.count ? tokens[k] : tokens[tokens.count - 1] }
        func isFollow(_ t: Token) -> Bool {
            t.isPunctuation("=") || t.isPunctuation(";") || t.isPunctuation(",") || t.isPunctuation("[")
        }
        var j = p
        var type: String?
        var hasType = false
        var implicitInt = false
        var typeIndex: Int?
        var count = 0
        while count < 64 {
            count += 1
            let t = at(j)
            if t.isWord, t.text == "__attribute__" || t.text == "__declspec", at(j + 1).isPunctuation("(") {
                j = closing(from: j + 1) + 1
            } else if t.isWord, Self.typeofNames.contains(t.text), at(j + 1).isPunctuation("(") {
                j = closing(from: j + 1) + 1
                hasType = true
                type = nil
            } else if t.isWord, ["struct", "union", "enum", "class"].contains(t.text), at(j + 1).kind == .identifier {
                type = at(j + 1).text
                hasType = true
                typeIndex = j + 1
                j += 2
            } else if t.isWord, Self.qualifiers.contains(t.text) {
                if ["unsigned", "signed", "long", "short"].contains(t.text) { implicitInt = true }
                j += 1
            } else {
                break
            }
        }
        if !hasType {
            let t = at(j)
            if t.kind == .identifier, !(implicitInt && isFollow(at(j + 1))) {
                type = t.text
                typeIndex = j
                j += 1
                while at(j).isPunctuation("::"), at(j + 1).kind == .identifier {
                    type = at(j + 1).text
                    j += 2
                }
                if at(j).isPunctuation("<") { j = closingAngle(from: j) }
            } else if implicitInt {
                type = "int"
            } else {
                return nil
            }
        }
        var pointer = false
        while count < 128 {
            count += 1
            let t = at(j)
            if t.isPunctuation("*") || t.isPunctuation("&") || t.isPunctuation("&&") {
                pointer = true
                j += 1
            } else if t.isWord, Self.qualifiers.contains(t.text) {
                j += 1
            } else {
                break
            }
        }
        let nameToken: Token
        if at(j).isPunctuation("("), at(j + 1).isPunctuation("^") || at(j + 1).isPunctuation("*"), at(j + 2).kind == .identifier,
            at(j + 3).isPunctuation(")")
        {
            // A block or function pointer variable: `void (^handler)(BOOL) = ^(BOOL done) { … };`.
            nameToken = at(j + 2)
            j += 4
            if at(j).isPunctuation("(") { j = closing(from: j) + 1 }
            type = nil
        } else {
            nameToken = at(j)
            guard nameToken.kind == .identifier, !Self.qualifiers.contains(nameToken.text) else { return nil }
            j += 1
        }
        let follow = at(j)
        guard isFollow(follow) || follow.isIdentifier("in") || (follow.isPunctuation(":") && pointer) else { return nil }
        // `MACRO` on one line and `name = …;` on the next is a statement-like macro, then an assignment.
        if !pointer, nameToken.isFirstOnLine, let typeIndex, Self.isMacroName(tokens[typeIndex].text) { return nil }
        if type == "auto" { type = nil }
        return (nameToken.text, type, j)
    }

    /// Upper case, digits and underscores, like a macro's name (and not a C type spelled that way).
    static func isMacroName(_ s: String) -> Bool {
        guard s != "BOOL", s.contains(where: { $0.isLetter }) else { return false }
        return s.allSatisfy { ($0.isLetter && $0.isUppercase) || $0.isNumber || $0 == "_" }
    }

    /// The index of the closer matching the opener at `i` (or the last token).
    private func closing(from i: Int) -> Int {
        var level = 0
        var j = i
        while j < tokens.count {
            let t = tokens[j]
            if Self.isOpener(t) {
                level += 1
            } else if Self.isCloser(t) {
                level -= 1
                if level == 0 { return j }
            } else if t.kind == .end {
                return j
            }
            j += 1
        }
        return tokens.count - 1
    }

    private func closingAngle(from i: Int) -> Int {
        var level = 0
        var j = i
        while j < tokens.count, j - i < 256 {
            let t = tokens[j]
            if t.isPunctuation("<") {
                level += 1
            } else if t.isPunctuation(">") {
                level -= 1
            } else if t.isPunctuation(">>") {
                level -= 2
            } else if t.isPunctuation(";") || t.isPunctuation("{") || t.isPunctuation("=") || t.kind == .end {
                return j
            }
            j += 1
            if level <= 0 { return j }
        }
        return j
    }

    /// The main name of the type in the parentheses at `i`: `(UIViewController *)` is `UIViewController`.
    private func typeName(inParensAt i: Int) -> String? {
        var j = i + 1
        while j < tokens.count, j - i < 32 {
            let t = tokens[j]
            if t.isPunctuation(")") { return nil }
            if t.kind == .identifier, !Self.qualifiers.contains(t.text) { return t.text }
            j += 1
        }
        return nil
    }

    private mutating func parseExpressionStatement() {
        let start = tok.start
        let begin = p
        var e = parseExpression()
        while tok.isPunctuation(","), !atEnd {
            add(.expression(e), at: start)
            advance()
            e = parseExpression()
        }
        if tok.isPunctuation(";") {
            advance()
            add(.expression(e), at: start)
            return
        }
        if p == begin {
            // Nothing an expression can start with: skip the token.
            advance()
            return
        }
        if tok.isPunctuation("}") || atEnd || isBoundary {
            add(.expression(e), at: start)
            return
        }
        if Self.isMacroShaped(e) {
            // A statement-like macro without a semicolon (`WEAKSELF`, `kWeakSelf(weakSelf)`): the next statement
            // starts here.
            add(.expression(e), at: start)
            return
        }
        // The statement went on in a way the reader does not understand: drop it rather than misread it.
        skipStatement()
    }

    /// A name, or a call of a name: what a statement-like macro looks like.
    static func isMacroShaped(_ e: Expr) -> Bool {
        switch e {
        case .name: return true
        case .call(.name, _, _): return true
        default: return false
        }
    }

    // MARK: Expressions

    /// An assignment expression (no comma operator).
    private mutating func parseExpression() -> Expr {
        guard !halted else { return .unknown(tok.start) }
        let lhs = parseTernary()
        let t = tok
        if t.kind == .punctuation, ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="].contains(t.text) {
            guard enter() else { return .unknown(t.start) }
            advance()
            let rhs = parseExpression()
            leave()
            return .assign(t.text, lhs, rhs, lhs.start)
        }
        return lhs
    }

    private mutating func parseTernary() -> Expr {
        let c = parseBinary(1)
        guard tok.isPunctuation("?") else { return c }
        guard enter() else { return .unknown(c.start) }
        advance()
        let a = tok.isPunctuation(":") ? c : parseExpression()
        var b: Expr = .unknown(tok.start)
        if tok.isPunctuation(":") {
            advance()
            b = parseExpression()
        }
        leave()
        return .conditional(c, a, b, c.start)
    }

    private static let precedence: [String: Int] = [
        "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8,
        "+": 9, "-": 9, "*": 10, "/": 10, "%": 10, "->*": 11,
    ]

    /// Precedence climbing: recursion is bounded by the number of levels, not by the input.
    private mutating func parseBinary(_ minimum: Int) -> Expr {
        var lhs = parseUnary()
        // Each link of a chain deepens the tree by one, so it counts as a level of nesting.
        var links = 0
        defer { depth -= links }
        while !halted {
            let t = tok
            guard t.kind == .punctuation, let level = Self.precedence[t.text], level >= minimum else { break }
            guard enter() else { return .unknown(lhs.start) }
            links += 1
            advance()
            let rhs = parseBinary(level + 1)
            lhs = .binary(t.text, lhs, rhs, lhs.start)
        }
        return lhs
    }

    private static let prefixOperators: Set<String> = ["!", "-", "+", "~", "*", "&", "++", "--"]

    private mutating func parseUnary() -> Expr {
        var prefixes: [(op: String, type: String?, start: Int)] = []
        var count = 0
        defer { depth -= prefixes.count }
        while !atEnd, count < 100_000 {
            count += 1
            let t = tok
            if Self.prefixOperators.contains(t.text) || t.isPunctuation("(") || t.isKeyword("sizeof") {
                // Each prefix deepens the tree by one.
                guard depth < nestingLimit else {
                    _ = enter()
                    return .unknown(t.start)
                }
            }
            if t.kind == .punctuation, Self.prefixOperators.contains(t.text) {
                prefixes.append((t.text, nil, t.start))
                depth += 1
                advance()
                continue
            }
            if t.isKeyword("sizeof") || t.isIdentifier("alignof") || t.isIdentifier("__alignof__") {
                prefixes.append(("sizeof", nil, t.start))
                depth += 1
                advance()
                if tok.isPunctuation("("), castType(at: p) != nil { skipBalanced() }
                continue
            }
            if t.isPunctuation("("), let cast = castType(at: p) {
                if tokens[cast.close + 1].isPunctuation("{") {
                    // A compound literal: `(CGRect){0, 0, 30, 30}`.
                    p = cast.close + 1
                    let list = parseInitList()
                    return apply(prefixes, to: parsePostfix(after: .cast(cast.name, list, t.start)))
                }
                prefixes.append(("cast", cast.name, t.start))
                depth += 1
                p = cast.close + 1
                continue
            }
            break
        }
        return apply(prefixes, to: parsePostfix(after: nil))
    }

    private func apply(_ prefixes: [(op: String, type: String?, start: Int)], to operand: Expr) -> Expr {
        var e = operand
        for prefix in prefixes.reversed() {
            switch prefix.op {
            case "cast": e = .cast(prefix.type ?? "", e, prefix.start)
            case "sizeof": e = .unknown(prefix.start)
            default: e = .unary(prefix.op, e, prefix.start)
            }
        }
        return e
    }

    private static let cTypes: Set<String> = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "bool", "_Bool", "BOOL", "id", "instancetype",
        "Class", "SEL", "IMP", "CGFloat", "NSInteger", "NSUInteger", "NSTimeInterval", "CGRect", "CGSize", "CGPoint", "UIOffset",
        "UIEdgeInsets", "CFTypeRef", "__bridge", "__bridge_transfer", "__bridge_retained", "auto",
    ]

    /// The type of a cast at the `(` at `i`: its main name and the index of its `)`; nil when the parentheses hold
    /// an expression.
    private func castType(at i: Int) -> (name: String, close: Int)? {
        var j = i + 1
        var name: String?
        var pointer = false
        var words = 0
        while j < tokens.count, j - i < 64 {
            let t = tokens[j]
            if t.isPunctuation(")") { break }
            if t.isWord {
                if t.text == "__bridge" || t.text == "__bridge_transfer" || t.text == "__bridge_retained" {
                    pointer = true
                } else if !Self.qualifiers.contains(t.text) && t.text != "struct" && t.text != "enum" {
                    if name == nil { name = t.text }
                    words += 1
                } else if ["unsigned", "signed", "long", "short"].contains(t.text) {
                    name = name ?? "int"
                }
                j += 1
            } else if t.isPunctuation("*") || t.isPunctuation("&") {
                pointer = true
                j += 1
            } else if t.isPunctuation("<") {
                j = closingAngle(from: j)
            } else if t.isPunctuation("::") {
                j += 1
            } else if t.isPunctuation("("), j + 1 < tokens.count, tokens[j + 1].isPunctuation("^") || tokens[j + 1].isPunctuation("*") {
                // A block or function pointer type: `(void (^)(void))`.
                j = closing(from: j) + 1
                if j < tokens.count, tokens[j].isPunctuation("(") { j = closing(from: j) + 1 }
                pointer = true
            } else {
                return nil
            }
        }
        guard j < tokens.count, tokens[j].isPunctuation(")"), let name, j + 1 < tokens.count else { return nil }
        let next = tokens[j + 1]
        let operandStart =
            next.kind == .identifier || next.kind == .number || next.kind == .string || next.kind == .objcString
            || next.kind == .character || next.kind == .atKeyword
            || (next.kind == .punctuation && ["(", "[", "@[", "@{", "@(", "^", "!", "~", "-", "+", "*", "&", "{"].contains(next.text))
        guard operandStart else { return nil }
        // `(UIBarButtonItemStylePlain) target:self`: a parenthesised argument before the next selector piece.
        if next.isWord, j + 2 < tokens.count, tokens[j + 2].isPunctuation(":") { return nil }
        if pointer || Self.cTypes.contains(name) || name.hasSuffix("_t") || name.hasSuffix("Ref") { return (name, j) }
        // One capitalised word: a type when what follows cannot be a binary operator's right side (`(UIOffset){…}`).
        guard words == 1, let first = name.first, first.isUppercase, name.uppercased() != name || next.isPunctuation("{") else {
            return nil
        }
        if next.kind == .punctuation, ["-", "+", "*", "&"].contains(next.text) { return nil }
        return (name, j)
    }

    private static let postfixOpeners: Set<String> = [".", "->", "(", "[", "::"]

    private mutating func parsePostfix(after head: Expr?) -> Expr {
        var e = head ?? parsePrimary()
        var links = 0
        defer { depth -= links }
        while !halted {
            let t = tok
            guard t.kind == .punctuation else { break }
            if Self.postfixOpeners.contains(t.text) {
                // Each link of a chain deepens the tree by one, so it counts as a level of nesting.
                guard enter() else { return .unknown(e.start) }
                links += 1
            }
            switch t.text {
            case ".", "->":
                let next = peek()
                guard next.isWord else { return e }
                advance()
                advance()
                e = .member(e, next.text, e.start)
            case "(":
                let callee = e.identifier ?? ""
                guard enter() else { return .unknown(e.start) }
                advance()
                var args: [Expr] = []
                let runsNow = callee.hasPrefix("dispatch_") || callee == "performWithoutAnimation"
                while !atEnd, !tok.isPunctuation(")") {
                    let before = p
                    nextBlockRunsNow = runsNow
                    args.append(parseExpression())
                    nextBlockRunsNow = false
                    if tok.isPunctuation(",") {
                        advance()
                    } else if p == before || !tok.isPunctuation(")") {
                        break
                    }
                }
                if tok.isPunctuation(")") { advance() } else { skip(to: ")") }
                leave()
                e = .call(e, args, e.start)
            case "[":
                // A `[` starting a line begins a message, not a subscript (after a statement-like macro).
                if t.isFirstOnLine { return e }
                guard enter() else { return .unknown(e.start) }
                advance()
                let index = parseExpression()
                if tok.isPunctuation("]") { advance() } else { skip(to: "]") }
                leave()
                e = .index(e, index, e.start)
            case "++", "--":
                advance()
            case "::":
                guard peek().isWord, let base = e.identifier else { return e }
                advance()
                e = .name(base + "::" + tok.text, e.start)
                advance()
            default:
                return e
            }
        }
        return e
    }

    private mutating func parsePrimary() -> Expr {
        let runsNow = nextBlockRunsNow
        nextBlockRunsNow = false
        let t = tok
        switch t.kind {
        case .identifier:
            return parseName()
        case .keyword:
            if t.text == "sizeof" {
                advance()
                if tok.isPunctuation("(") { skipBalanced() }
                return .unknown(t.start)
            }
            return .unknown(t.start)
        case .number:
            advance()
            return .number(t.number, isInteger: t.isInteger, t.start)
        case .string, .objcString:
            var value = ""
            while tok.kind == .string || tok.kind == .objcString {
                value += tok.text
                advance()
            }
            return .string(value, t.start)
        case .character:
            advance()
            return .character(t.start)
        case .atKeyword:
            return parseAtExpression()
        case .punctuation:
            switch t.text {
            case "[": return parseMessage()
            case "@[": return parseArrayLiteral()
            case "@{": return parseDictionaryLiteral()
            case "@(":
                guard enter() else { return .unknown(t.start) }
                advance()
                let inner = parseExpression()
                if tok.isPunctuation(")") { advance() } else { skip(to: ")") }
                leave()
                return .boxed(inner, t.start)
            case "(":
                return parseParenthesized()
            case "^":
                return parseBlock(runsNow: runsNow)
            case "{":
                return parseInitList()
            default:
                return .unknown(t.start)
            }
        case .end:
            return .unknown(t.start)
        }
    }

    private mutating func parseName() -> Expr {
        let t = tok
        switch t.text {
        case "typeof", "__typeof", "__typeof__", "decltype", "__builtin_offsetof", "offsetof", "alignof", "__alignof__":
            advance()
            if tok.isPunctuation("(") { skipBalanced() }
            return .unknown(t.start)
        case "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast":
            advance()
            let name: String? = tok.isPunctuation("<") && peek().kind == .identifier ? peek().text : nil
            skipAngles()
            guard tok.isPunctuation("(") else { return .unknown(t.start) }
            let inner = parseParenthesized()
            return .cast(name ?? "", inner, t.start)
        case "new" where peek().kind == .identifier && !peek().isFirstOnLine:
            // C++ `new T(args)`.
            advance()
            advance()
            while tok.isPunctuation("::"), peek().kind == .identifier {
                advance()
                advance()
            }
            skipAngles()
            if tok.isPunctuation("(") || tok.isPunctuation("{") { skipBalanced() }
            return .unknown(t.start)
        default:
            advance()
            return .name(t.text, t.start)
        }
    }

    private mutating func parseAtExpression() -> Expr {
        let t = tok
        advance()
        switch t.text {
        case "selector":
            guard tok.isPunctuation("(") else { return .unknown(t.start) }
            var name = ""
            let close = closing(from: p)
            var j = p + 1
            while j < close {
                let piece = tokens[j]
                if piece.isWord || piece.isPunctuation(":") { name += piece.text } else if piece.isPunctuation("::") { name += "::" }
                j += 1
            }
            skipBalanced()
            return .selector(name, t.start)
        case "protocol", "encode", "available":
            if tok.isPunctuation("(") { skipBalanced() }
            return t.text == "available" ? .name("@available", t.start) : .unknown(t.start)
        case "YES", "true":
            return .boolean(true, t.start)
        case "NO", "false":
            return .boolean(false, t.start)
        default:
            // @weakify, @strongify and other macros spelled with an @: a call when parentheses follow.
            return parsePostfix(after: .name("@" + t.text, t.start))
        }
    }

    private mutating func parseParenthesized() -> Expr {
        let t = tok
        guard enter() else { return .unknown(t.start) }
        advance()
        if tok.isPunctuation("{") {
            // A statement expression `({ … })`, as macros write them.
            parseCompound()
            if tok.isPunctuation(")") { advance() } else { skip(to: ")") }
            leave()
            return .unknown(t.start)
        }
        var e = parseExpression()
        while tok.isPunctuation(","), !atEnd {
            advance()
            e = parseExpression()
        }
        if tok.isPunctuation(")") { advance() } else { skip(to: ")") }
        leave()
        return e
    }

    private mutating func parseArrayLiteral() -> Expr {
        let t = tok
        guard enter() else { return .unknown(t.start) }
        advance()
        var elements: [Expr] = []
        while !atEnd, !tok.isPunctuation("]") {
            let before = p
            elements.append(parseExpression())
            if tok.isPunctuation(",") {
                advance()
            } else if p == before || !tok.isPunctuation("]") {
                break
            }
        }
        let closed = tok.isPunctuation("]")
        if closed { advance() } else { skip(to: "]") }
        leave()
        return closed ? .array(elements, t.start) : .unknown(t.start)
    }

    private mutating func parseDictionaryLiteral() -> Expr {
        let t = tok
        guard enter() else { return .unknown(t.start) }
        advance()
        var keys: [Expr] = []
        var values: [Expr] = []
        var broken = false
        while !atEnd, !tok.isPunctuation("}") {
            let key = parseExpression()
            guard tok.isPunctuation(":") else {
                broken = true
                break
            }
            advance()
            let value = parseExpression()
            keys.append(key)
            values.append(value)
            if tok.isPunctuation(",") {
                advance()
            } else if !tok.isPunctuation("}") {
                broken = true
                break
            }
        }
        let closed = tok.isPunctuation("}")
        if closed { advance() } else { skip(to: "}") }
        leave()
        return closed && !broken ? .dictionary(keys, values, t.start) : .unknown(t.start)
    }

    private mutating func parseInitList() -> Expr {
        let t = tok
        guard enter() else { return .unknown(t.start) }
        advance()
        var elements: [Expr] = []
        while !atEnd, !tok.isPunctuation("}") {
            let before = p
            if tok.isPunctuation("."), peek().isWord, peek(2).isPunctuation("=") {
                // A designator: `.size = {30, 30}`.
                advance()
                advance()
                advance()
            }
            elements.append(parseExpression())
            if tok.isPunctuation(",") {
                advance()
            } else if p == before || !tok.isPunctuation("}") {
                break
            }
        }
        if tok.isPunctuation("}") { advance() } else { skip(to: "}") }
        leave()
        return .initList(elements, t.start)
    }

    /// A block literal from its `^`; its statements join the enclosing function's, conditional unless the block is
    /// known to run at once (`dispatch_async`, an animations block).
    private mutating func parseBlock(runsNow: Bool) -> Expr {
        let t = tok
        advance()
        var count = 0
        while !atEnd, !tok.isPunctuation("{"), !tok.isPunctuation("("), count < 16, tok.isWord || tok.isPunctuation("*") {
            advance()
            count += 1
        }
        if tok.isPunctuation("(") { skipBalanced() }
        count = 0
        while tok.isWord, count < 16 {
            advance()
            if tok.isPunctuation("(") { skipBalanced() }
            count += 1
        }
        guard tok.isPunctuation("{") else { return .unknown(t.start) }
        return parseBlockBody(runsNow: runsNow, start: t.start)
    }

    /// The body of a block or lambda from its `{`.
    private mutating func parseBlockBody(runsNow: Bool, start: Int) -> Expr {
        let savedExit = exitedEarly
        if !runsNow { conditionalDepth += 1 }
        parseCompound()
        if !runsNow { conditionalDepth -= 1 }
        exitedEarly = savedExit
        return .block(start)
    }

    /// A message from its `[`, or a C++ lambda.
    private mutating func parseMessage() -> Expr {
        let t = tok
        let next = peek()
        // `[name]` and `[name, …]` are no messages (a message names a selector after its receiver): captures.
        if next.isPunctuation("]") || next.isPunctuation("&") || next.isPunctuation("=")
            || (next.kind == .identifier && (peek(2).isPunctuation("]") || peek(2).isPunctuation(",")))
        {
            // A lambda: captures, parameters, body.
            skipBalanced()
            if tok.isPunctuation("(") { skipBalanced() }
            var count = 0
            while !atEnd, !tok.isPunctuation("{"), count < 16 {
                if tok.isWord || tok.isPunctuation("->") || tok.isPunctuation("*") || tok.isPunctuation("::") { advance() } else { break }
                count += 1
            }
            if tok.isPunctuation("{") { return parseBlockBody(runsNow: false, start: t.start) }
            return .unknown(t.start)
        }
        guard enter() else { return .unknown(t.start) }
        advance()
        let receiver = parseExpression()
        var parts: [String] = []
        var args: [Expr] = []
        var extra: [Expr] = []
        if tok.isWord || tok.isPunctuation(":") {
            if tok.isWord, !peek().isPunctuation(":") {
                parts = [tok.text]
                advance()
            } else {
                while !atEnd {
                    if tok.isWord, peek().isPunctuation(":") {
                        parts.append(tok.text)
                        advance()
                        advance()
                    } else if tok.isPunctuation(":") {
                        parts.append("")
                        advance()
                    } else {
                        break
                    }
                    let piece = parts[parts.count - 1]
                    nextBlockRunsNow = ["animations", "performWithoutAnimation", "actionsWithoutAnimation"].contains(piece)
                    args.append(parseExpression())
                    nextBlockRunsNow = false
                }
                while tok.isPunctuation(","), !atEnd {
                    advance()
                    extra.append(parseExpression())
                }
            }
        }
        let closed = tok.isPunctuation("]")
        if closed { advance() } else { skip(to: "]") }
        leave()
        guard closed, !parts.isEmpty else { return .unknown(t.start) }
        return .message(Message(receiver: receiver, parts: parts, args: args, extra: extra, start: t.start))
    }
}

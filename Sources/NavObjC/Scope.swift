/// A variable of one `@implementation`: a function's local or parameter, or a property or instance variable of
/// the class (`self.backItem`, `_backItem`). It keeps everything the code does to it, so that a value can be
/// followed from where it is used back to where it was made.
struct Variable: Sendable {
    /// The declared type's main name (`UIButton`, `DetailViewController`).
    var type: String?
    /// Assignments to the variable, in order.
    var values: [Assigned] = []
    /// Assignments to its members (`button.frame = …`, `[button setFrame:…]`), by member name.
    var members: [String: [Assigned]] = [:]
    /// Messages sent to it (`[button addTarget:…]`, `[button sizeToFit]`), in order.
    var messages: [(message: Message, order: Int, function: Int)] = []
    /// Members read from it (`button.widthAnchor`).
    var reads: Set<String> = []
}

/// An assignment: the value and where it was made.
struct Assigned: Sendable {
    var expr: Expr
    var at: Place
    var conditional: Bool
}

/// A point of a unit's code: the function, and the statement's order in the unit (statements of all functions
/// are numbered in one sequence, so a property's assignments compare across methods).
struct Place: Sendable, Hashable {
    var function: Int
    var order: Int
}

/// Where a variable lives.
enum VariableKey: Hashable, Sendable {
    case local(function: Int, name: String)
    case property(String)
}

/// The variables of one unit, built from its functions' statements before any fact is read.
///
/// The units of one class in a file (the class and its categories) share one scope, so that a category's
/// `self.backButton` finds the class's lazy getter.
struct Scope: Sendable {
    /// The functions of every unit, one after the other.
    let functions: [Function]
    /// For each function, the names that stand for `self` (`weakSelf`, `strongSelf`, a macro's alias).
    private(set) var aliases: [Set<String>] = []
    private(set) var locals: [[String: Variable]] = []
    private(set) var properties: [String: Variable] = [:]
    /// The order of each function's first statement.
    private(set) var firstOrder: [Int] = []
    /// Function indices by name (selector or C name).
    private(set) var functionsByName: [String: Int] = [:]

    /// Names that are values of the language, never variables.
    static let literalNames: Set<String> = [
        "nil", "Nil", "NULL", "nullptr", "YES", "NO", "true", "false", "TRUE", "FALSE", "super", "self",
    ]

    /// Names apps give a weak or strong reference to `self` (often declared by a macro the reader cannot see).
    static let conventionalAliases: Set<String> = [
        "weakSelf", "strongSelf", "wself", "sself", "weakself", "strongself", "wSelf", "sSelf", "weak_self", "strong_self", "_weakSelf",
        "__weakSelf",
    ]

    init(units: [ClassUnit]) {
        functions = units.flatMap(\.functions)
        var order = 0
        for (f, function) in functions.enumerated() {
            firstOrder.append(order)
            functionsByName[function.name] = functionsByName[function.name] ?? f
            var locals: [String: Variable] = [:]
            for (name, type) in function.parameters { locals[name] = Variable(type: type) }
            let aliases = Self.aliases(of: function)
            self.aliases.append(aliases)
            for statement in function.statements {
                if case .declaration(let d) = statement.kind {
                    var v = Variable(type: d.type)
                    if let value = d.value {
                        v.values.append(Assigned(expr: value, at: Place(function: f, order: order), conditional: statement.conditional))
                    }
                    locals[d.name] = v
                }
                order += 1
            }
            self.locals.append(locals)
        }
        // Assignments, member assignments and messages, now that every local is known.
        for (f, function) in functions.enumerated() {
            for (i, statement) in function.statements.enumerated() {
                let place = Place(function: f, order: firstOrder[f] + i)
                for e in Self.expressions(of: statement) {
                    Self.visit(e) { node, inner in
                        self.record(node, place, conditional: statement.conditional || inner)
                    }
                }
            }
        }
    }

    /// The expressions a statement holds.
    static func expressions(of s: Statement) -> [Expr] {
        switch s.kind {
        case .expression(let e), .returns(let e): return [e]
        case .declaration(let d): return d.value.map { [$0] } ?? []
        }
    }

    /// Calls `body` with every node of `root` and whether it sits in a part that may not run (a branch of `?:`,
    /// the right side of `&&`/`||`). Iterative, whatever the tree's depth.
    static func visit(_ root: Expr, _ body: (Expr, Bool) -> Void) {
        var stack: [(Expr, Bool)] = [(root, false)]
        while let (e, inner) = stack.popLast() {
            body(e, inner)
            switch e {
            case .message(let m):
                stack.append((m.receiver, inner))
                for a in m.args { stack.append((a, inner)) }
                for a in m.extra { stack.append((a, inner)) }
            case .member(let base, _, _), .boxed(let base, _), .cast(_, let base, _), .unary(_, let base, _):
                stack.append((base, inner))
            case .call(let callee, let args, _):
                stack.append((callee, inner))
                for a in args { stack.append((a, inner)) }
            case .index(let a, let b, _), .assign(_, let a, let b, _):
                stack.append((a, inner))
                stack.append((b, inner))
            case .binary(let op, let a, let b, _):
                stack.append((a, inner))
                stack.append((b, inner || op == "&&" || op == "||"))
            case .conditional(let c, let a, let b, _):
                stack.append((c, inner))
                stack.append((a, true))
                stack.append((b, true))
            case .array(let items, _), .initList(let items, _):
                for a in items { stack.append((a, inner)) }
            case .dictionary(let keys, let values, _):
                for a in keys { stack.append((a, inner)) }
                for a in values { stack.append((a, inner)) }
            case .name, .number, .string, .character, .boolean, .selector, .block, .unknown:
                break
            }
        }
    }

    /// The names standing for `self` in a function: locals initialised from `self` (or an alias), names given to a
    /// `weak`/`strong` macro (`kWeakSelf(weakSelf)`), and the conventional names when not declared otherwise.
    private static func aliases(of function: Function) -> Set<String> {
        var aliases: Set<String> = ["self"]
        var declaredOther: Set<String> = []
        for statement in function.statements {
            switch statement.kind {
            case .declaration(let d):
                if let value = d.value, isAlias(value, aliases) {
                    aliases.insert(d.name)
                } else {
                    declaredOther.insert(d.name)
                }
            case .expression(let e):
                switch e {
                case .call(.name(let macro, _), let args, _):
                    let lower = macro.lowercased()
                    if lower.contains("weak") || lower.contains("strong") {
                        for case .name(let n, _) in args where n != "self" { aliases.insert(n) }
                    }
                case .assign("=", .name(let n, _), let value, _):
                    if isAlias(value, aliases) { aliases.insert(n) }
                default:
                    break
                }
            case .returns:
                break
            }
        }
        for name in conventionalAliases where !declaredOther.contains(name) { aliases.insert(name) }
        return aliases
    }

    private static func isAlias(_ e: Expr, _ aliases: Set<String>) -> Bool {
        if case .name(let n, _) = e.stripped { return aliases.contains(n) }
        return false
    }

    /// Whether `e` is `self` (or an alias of it) in function `f`.
    func isSelf(_ e: Expr, in f: Int) -> Bool {
        guard case .name(let n, _) = e.stripped else { return false }
        if n == "self" { return true }
        return f >= 0 && f < aliases.count && aliases[f].contains(n)
    }

    /// The variable an expression names in function `f`: a local, `_ivar`, `self.property`, or a lower-case name
    /// that is no local (an instance variable without an underscore).
    func key(of e: Expr, in f: Int) -> VariableKey? {
        switch e.stripped {
        case .name(let n, _):
            if f >= 0, f < locals.count, locals[f][n] != nil { return .local(function: f, name: n) }
            if isSelf(e, in: f) || Self.literalNames.contains(n) { return nil }
            if n.hasPrefix("_"), n.count > 1 { return .property(String(n.dropFirst())) }
            if let first = n.first, first.isLowercase { return .property(n) }
            return nil
        case .member(let base, let name, _):
            return isSelf(base, in: f) ? .property(name) : nil
        case .message(let m):
            return m.args.isEmpty && isSelf(m.receiver, in: f) ? .property(m.parts[0]) : nil
        default:
            return nil
        }
    }

    func variable(_ key: VariableKey) -> Variable? {
        switch key {
        case .local(let f, let n): return f >= 0 && f < locals.count ? locals[f][n] : nil
        case .property(let n): return properties[n]
        }
    }

    /// Changes a variable in place (a copy would copy its lists on every change).
    private mutating func update(_ key: VariableKey, _ change: (inout Variable) -> Void) {
        switch key {
        case .local(let f, let n):
            guard locals[f][n] != nil else { return }
            change(&locals[f][n, default: Variable()])
        case .property(let n):
            change(&properties[n, default: Variable()])
        }
    }

    /// The property a setter message names: `setFrame:` sets `frame`.
    static func setterProperty(_ m: Message) -> String? {
        guard let first = m.parts.first, first.count > 3, first.hasPrefix("set"), !m.args.isEmpty else { return nil }
        let rest = first.dropFirst(3)
        guard let head = rest.first, head.isUppercase else { return nil }
        return head.lowercased() + rest.dropFirst()
    }

    private mutating func record(_ node: Expr, _ place: Place, conditional: Bool) {
        let f = place.function
        switch node {
        case .assign("=", let lhs, let rhs, _):
            let value = Assigned(expr: rhs, at: place, conditional: conditional)
            switch lhs.stripped {
            case .name:
                if let key = key(of: lhs, in: f) { update(key) { $0.values.append(value) } }
            case .member(let base, let name, _):
                if isSelf(base, in: f) {
                    update(.property(name)) { $0.values.append(value) }
                } else if let key = key(of: base, in: f) {
                    update(key) { $0.members[name, default: []].append(value) }
                }
            default:
                break
            }
        case .message(let m):
            if let property = Self.setterProperty(m), isSelf(m.receiver, in: f) {
                update(.property(property)) { $0.values.append(Assigned(expr: m.args[0], at: place, conditional: conditional)) }
            }
            guard let key = key(of: m.receiver, in: f) else { return }
            update(key) { v in
                v.messages.append((m, place.order, f))
                if let property = Self.setterProperty(m) {
                    v.members[property, default: []].append(Assigned(expr: m.args[0], at: place, conditional: conditional))
                }
            }
        case .member(let base, let name, _):
            if let key = key(of: base, in: f), variable(key) != nil { update(key) { $0.reads.insert(name) } }
        default:
            break
        }
    }

    /// The value a variable holds at `place`: for a local, its last assignment before that point (none when the last
    /// one ran in a branch and others exist); for a property, its one assignment in the class (none when there are
    /// several).
    func value(of key: VariableKey, at place: Place) -> Assigned? {
        guard let v = variable(key) else { return nil }
        switch key {
        case .local:
            // Values are in order: find the last one made before `place` by bisection.
            var low = 0
            var high = v.values.count
            while low < high {
                let middle = (low + high) / 2
                if v.values[middle].at.order < place.order { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let last = v.values[low - 1]
            if last.conditional, low > 1 { return nil }
            return last
        case .property:
            return v.values.count == 1 ? v.values[0] : nil
        }
    }

    /// The one `return value;` of a function, with where it stands.
    func returned(by name: String) -> Assigned? {
        guard let f = functionsByName[name] else { return nil }
        var found: Assigned?
        for (i, statement) in functions[f].statements.enumerated() {
            guard case .returns(let e) = statement.kind else { continue }
            guard found == nil else { return nil }
            found = Assigned(expr: e, at: Place(function: f, order: firstOrder[f] + i), conditional: statement.conditional)
        }
        return found
    }

    func place(function f: Int, statement i: Int) -> Place { Place(function: f, order: firstOrder[f] + i) }
}

/// An expression as the parser read it. Every case keeps the byte offset of its first token.
///
/// Only what the facts need is kept: names, literals, messages, member accesses, calls, collection literals,
/// casts and operators. Anything the parser could not make sense of is `unknown`, which evaluates to nothing.
indirect enum Expr: Sendable {
    case name(String, Int)
    case number(Double, isInteger: Bool, Int)
    /// A string literal; adjacent literals are joined (`@"a" @"b"`).
    case string(String, Int)
    case character(Int)
    /// `@YES`, `@NO`, `@true`, `@false`.
    case boolean(Bool, Int)
    /// `@selector(back:)`.
    case selector(String, Int)
    case message(Message)
    /// `base.name` or `base->name`.
    case member(Expr, String, Int)
    case call(Expr, [Expr], Int)
    case index(Expr, Expr, Int)
    /// `@[a, b]`.
    case array([Expr], Int)
    /// `@{k: v}`: keys and values in order.
    case dictionary([Expr], [Expr], Int)
    /// `@(expr)`.
    case boxed(Expr, Int)
    /// `(Type *)expr`; the type's main name (`UINavigationController`, `id`, `CGFloat`).
    case cast(String, Expr, Int)
    case unary(String, Expr, Int)
    case binary(String, Expr, Expr, Int)
    /// `lhs op rhs` for `=`, `+=`, …
    case assign(String, Expr, Expr, Int)
    case conditional(Expr, Expr, Expr, Int)
    /// A block literal (`^{ … }`); its statements are in the enclosing function's list.
    case block(Int)
    /// `{a, b}` after a cast (a compound literal) or as an initializer.
    case initList([Expr], Int)
    case unknown(Int)

    var start: Int {
        switch self {
        case .name(_, let s), .number(_, _, let s), .string(_, let s), .character(let s), .boolean(_, let s), .selector(_, let s),
            .member(_, _, let s), .call(_, _, let s), .index(_, _, let s), .array(_, let s), .dictionary(_, _, let s),
            .boxed(_, let s), .cast(_, _, let s), .unary(_, _, let s), .binary(_, _, _, let s), .assign(_, _, _, let s),
            .conditional(_, _, _, let s), .block(let s), .initList(_, let s), .unknown(let s):
            return s
        case .message(let m):
            return m.start
        }
    }

    /// The expression without parentheses' effects and casts: `(id)self` is `self`.
    var stripped: Expr {
        var e = self
        var hops = 0
        while case .cast(_, let inner, _) = e, hops < 64 {
            e = inner
            hops += 1
        }
        return e
    }

    /// The identifier, when the expression is one.
    var identifier: String? {
        if case .name(let n, _) = self { return n }
        return nil
    }
}

/// `[receiver part:arg part:arg]`.
struct Message: Sendable {
    var receiver: Expr
    /// The selector's pieces without colons (`["initWithTitle", "style", "target", "action"]`); a unary selector has
    /// one piece and no arguments.
    var parts: [String]
    /// One argument per keyword piece.
    var args: [Expr]
    /// Arguments after a variadic comma (`arrayWithObjects:a, b, nil`).
    var extra: [Expr]
    /// The `[`.
    var start: Int

    /// `initWithTitle:style:target:action:`, or `alloc` for a unary selector.
    var selector: String { args.isEmpty && parts.count == 1 ? parts[0] : parts.map { $0 + ":" }.joined() }

    /// The argument of the piece named `name`.
    func argument(_ name: String) -> Expr? {
        guard let i = parts.firstIndex(of: name), i < args.count else { return nil }
        return args[i]
    }
}

/// A local variable's declaration: `UIBarButtonItem *item = …;`.
struct Declaration: Sendable {
    var name: String
    /// The declared type's main name; nil for `typeof(…)` and `auto`.
    var type: String?
    var value: Expr?
}

/// One statement of a function, flattened: the statements of nested blocks, branches and block literals follow
/// each other in source order (a block literal's statements come before the statement that holds it).
struct Statement: Sendable {
    enum Kind: Sendable {
        case expression(Expr)
        case declaration(Declaration)
        /// `return expr;`
        case returns(Expr)
    }

    var kind: Kind
    /// The offset of the statement's first token.
    var start: Int
    /// Inside a branch, a loop or a block that may never run (see `Setting.conditional`).
    var conditional: Bool
}

/// A method or a C function with a body.
struct Function: Sendable {
    /// The selector (`navigationBar:shouldPopItem:`) or the function's name.
    var name: String
    var isMethod: Bool
    var isClassMethod: Bool
    /// The `-`/`+` of a method, or the function's first token.
    var start: Int
    /// Parameter names and their types' main names.
    var parameters: [String: String]
    var statements: [Statement]
}

/// An `@interface`, `@implementation` or `@protocol`, or the file's free functions.
struct ClassUnit: Sendable {
    enum Kind: Sendable { case interface, implementation, proto, file }

    var kind: Kind
    var name: String
    /// A category's name; `""` for a class extension `@interface X ()`.
    var category: String?
    var superclass: String?
    /// The `@interface`/`@implementation` token.
    var start: Int
    var functions: [Function] = []
    /// Methods declared without a body (in an `@interface` or `@protocol`): selector and `-`/`+` offset.
    var declared: [(String, Int)] = []
}

import NavModel
import NavSource
import SwiftSyntax

/// One pass over a parsed file that gathers its navigation facts.
///
/// The walk keeps two stacks, declarations (classes, extensions, SwiftUI views, and the SwiftUI content
/// another screen shows) and function and closure scopes (their locals), and counts the branches it is in.
/// Settings whose values hang on stored properties or on later changes to an object are kept pending and
/// resolved once the whole file has been read, so the pass never looks back.
final class Collector: SyntaxAnyVisitor {
    /// A declaration, or SwiftUI content shown as another screen.
    struct Record {
        enum Kind {
            case classDecl, extensionDecl, view, otherType
            /// SwiftUI content a link, destination or sheet shows: its settings belong to that screen.
            case content
        }

        var kind: Kind
        var name: String
        var superclass: String?
        var location: SourceLocation
        var settings: [Made] = []
        /// Stack-wide settings made in a leaving callback (`ScreenDraft.leaving`).
        var leaving: [Made] = []
        var hooks: [Hook] = []
        /// Pushes, shows and links made from here (roots excluded).
        var pushes = 0
        /// Members the type declares for itself (`var title`, `var navigationItem` without `override`):
        /// settings made through them are not a view controller's.
        var ownMembers: Set<String> = []
    }

    /// A setting as made, with the member of `self` it goes through (`navigationItem`, `title`), if any.
    struct Made {
        var value: PendingSetting
        var location: SourceLocation
        var root: String?
        /// Made in a branch, after an early return, or in a closure that may never run.
        var conditional: Bool
    }

    /// An entry of the declaration stack. `record` is nil for content whose screen has no name the
    /// reader can give: settings made there are dropped rather than given to the wrong screen.
    struct Context {
        var record: Int?
        var node: SyntaxIdentifier
        var isType: Bool
    }

    /// A function, initialiser, accessor or closure body.
    struct Scope {
        var node: SyntaxIdentifier?
        var isClosure: Bool
        /// The index in `contexts` of the declaration the scope belongs to (-1 at file level).
        var owner: Int
        var locals: [String: Value] = [:]
        var returnValue: Value?
        /// The selectors written in the scope (`#selector(…)`, `Selector("…")`), read only if it exchanges
        /// implementations.
        var selectors: [ExprSyntax] = []
        var exchange: SourceLocation?
        /// `conditionalDepth` when the scope began: a `return` deeper than this is an early one.
        var conditionalBase = 0
        /// An early `return` or a `guard` came before: what follows may not run.
        var earlyExit = false
        /// The body is `viewWillDisappear` or `viewDidDisappear`, or a closure inside one (``LeavingCallbacks``).
        var leaving = false
    }

    struct PendingEdge {
        var kind: Edge.Kind
        var from: Int?
        /// The navigation controller class that roots a screen (`MainNavigationController(rootViewController:)`),
        /// which is the edge's origin wherever the code stands.
        var fromName: String?
        var to: Value
        var location: SourceLocation
    }

    let table: LineTable
    let file: String
    let limits: ReaderLimits
    let clock: @Sendable () -> Double
    let deadline: Double
    let scanComments: Bool
    let maxTreeDepth: Int

    var records: [Record] = []
    var contexts: [Context] = []
    var scopes: [Scope] = []
    var objects: Objects
    /// App-wide settings, in source order; those that hang on an object are resolved at the end.
    var appWide: [Made] = []
    var edges: [PendingEdge] = []
    /// The last push the code made (`nav.pushViewController(x, …)`), as written: a `nav.setViewControllers([x], …)`
    /// after it in the same body makes `x` the root instead.
    var lastPush: (edge: Int, scope: SyntaxIdentifier?, conditionalDepth: Int, receiver: String, screen: String)?
    var directives: [Directive] = []
    var problems: [ReadProblem] = []
    /// Set when a limit stops the reading: every later node is skipped.
    var stopped = false
    var nestingReported = false
    var depth = 0
    var brackets = 0
    var tokenCount = 0
    /// Values returned by closures called where they are written (`lazy var item = { … }()`).
    var immediateClosures: [SyntaxIdentifier: Value] = [:]
    /// Closures and arguments holding SwiftUI content another screen shows, with that screen's name.
    var contentTargets: [SyntaxIdentifier: String?] = [:]
    /// Added to positions of nodes of a folded (detached) tree, so that their locations are the source's.
    var positionBase = 0
    /// The member of `self` the assignment or message being read goes through, given to its settings.
    var emitRoot: String?
    /// How many branches (and closures that may never run) enclose the node being read.
    var conditionalDepth = 0
    /// Nodes that begin a branch (an `if`'s body, an operand after `&&`, `||`, `??` or `?`): entering one
    /// counts as entering a branch.
    var branchNodes: Set<SyntaxIdentifier> = []
    /// The tree depths of the branches entered, innermost last, so that leaving the node leaves the branch.
    var branchDepths: [Int] = []

    init(
        table: LineTable, file: String, limits: ReaderLimits, clock: @escaping @Sendable () -> Double, deadline: Double,
        scanComments: Bool
    ) {
        self.table = table
        self.file = file
        self.limits = limits
        self.clock = clock
        self.deadline = deadline
        self.scanComments = scanComments
        // The tree is deeper than the source's brackets (an expression statement is several nodes);
        // a chain without brackets (`a.b.c…`, `else if` after `else if`) is bounded here.
        self.maxTreeDepth = 512 + limits.maxNesting * 8
        self.objects = Objects(table: table)
        super.init(viewMode: .sourceAccurate)
        scopes.append(Scope(node: nil, isClosure: false, owner: -1))
    }

    // MARK: Locations

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        table.location(ofByte: positionBase + node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// The byte offset of a node's first token, in the source.
    func offset(_ node: some SyntaxProtocol) -> Int {
        positionBase + node.positionAfterSkippingLeadingTrivia.utf8Offset
    }

    // MARK: Depth, limits and tokens

    /// Counts one more level of the tree; false when the node must not be entered (a limit was hit).
    func enter(_ node: some SyntaxProtocol) -> Bool {
        depth += 1
        if stopped { return false }
        if !branchNodes.isEmpty, branchNodes.remove(node.id) != nil { enterBranch() }
        if depth > maxTreeDepth {
            stop(
                limit: ReaderLimits.nestingName,
                message: "the syntax tree is nested deeper than \(maxTreeDepth) levels; the rest of the file is not read",
                at: location(node))
            return false
        }
        return true
    }

    func leave() {
        while let last = branchDepths.last, last == depth {
            branchDepths.removeLast()
            conditionalDepth -= 1
        }
        depth -= 1
    }

    /// Counts the node being entered as a branch, until it is left.
    func enterBranch() {
        conditionalDepth += 1
        branchDepths.append(depth)
    }

    /// Whether a setting made here may not take effect: in a branch, or after an early return of the
    /// enclosing functions and closures.
    var isConditional: Bool {
        if conditionalDepth > 0 { return true }
        let owner = currentTypeContext
        var i = scopes.count - 1
        while i >= 0 && scopes[i].owner == owner {
            if scopes[i].earlyExit { return true }
            i -= 1
        }
        return false
    }

    func stop(limit: String, message: String, at location: SourceLocation) {
        guard !stopped else { return }
        stopped = true
        problems.append(ReadProblem(location: location, message: message, limit: limit))
        if limit == ReaderLimits.nestingName { nestingReported = true }
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        enter(node) ? .visitChildren : .skipChildren
    }

    override func visitAnyPost(_ node: Syntax) { leave() }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if stopped { return .skipChildren }
        tokenCount += 1
        if tokenCount & 1023 == 0, clock() > deadline {
            stop(
                limit: ReaderLimits.secondsName,
                message: "reading took longer than \(limits.maxSecondsPerFile) s; the rest of the file is not read",
                at: location(token))
            return .skipChildren
        }
        // Brackets are one byte long: most tokens are passed over without making their kind.
        if token.trimmedLength.utf8Length == 1 {
            switch token.tokenKind {
            case .leftParen, .leftSquare, .leftBrace:
                brackets += 1
                if brackets > limits.maxNesting {
                    stop(
                        limit: ReaderLimits.nestingName,
                        message: "brackets are nested deeper than \(limits.maxNesting); the rest of the file is not read",
                        at: location(token))
                    return .skipChildren
                }
            case .rightParen, .rightSquare, .rightBrace:
                brackets -= 1
            default:
                break
            }
        }
        if scanComments {
            if token.leadingTriviaLength.utf8Length > 0 {
                readDirectives(token.leadingTrivia, from: positionBase + token.position.utf8Offset)
            }
            if token.trailingTriviaLength.utf8Length > 0 {
                readDirectives(token.trailingTrivia, from: positionBase + token.endPositionBeforeTrailingTrivia.utf8Offset)
            }
        }
        return .skipChildren
    }

    override func visitPost(_ token: TokenSyntax) {}

    /// Reads `navd:` directives from the comments of a run of trivia starting at `offset`.
    func readDirectives(_ trivia: Trivia, from offset: Int) {
        var offset = offset
        for piece in trivia {
            let text: String?
            switch piece {
            case .lineComment(let t): text = String(t.dropFirst(2))
            case .docLineComment(let t): text = String(t.dropFirst(3))
            case .blockComment(let t): text = Self.blockBody(t, opener: 2)
            case .docBlockComment(let t): text = Self.blockBody(t, opener: 3)
            default: text = nil
            }
            if let text, text.contains("navd:"), let directive = Directive.parse(comment: text, line: table.line(ofByte: offset)) {
                directives.append(directive)
            }
            offset += piece.sourceLength.utf8Length
        }
    }

    private static func blockBody(_ text: String, opener: Int) -> String {
        var body = Substring(text).dropFirst(opener)
        if body.hasSuffix("*/") { body = body.dropLast(2) }
        return String(body)
    }

    // MARK: Declarations and scopes

    /// The record settings made here go to, if any.
    var currentRecord: Int? { contexts.last?.record }

    /// The index in `contexts` of the innermost type declaration, or -1.
    var currentTypeContext: Int {
        var i = contexts.count - 1
        while i >= 0 {
            if contexts[i].isType { return i }
            i -= 1
        }
        return -1
    }

    /// The innermost type declaration's name and kind (read in place: a record is large to copy).
    var currentTypeName: String? { currentTypeRecordIndex.map { records[$0].name } }

    var currentTypeKind: Record.Kind? { currentTypeRecordIndex.map { records[$0].kind } }

    func push(_ record: Record, node: SyntaxIdentifier, isType: Bool = true) {
        records.append(record)
        contexts.append(Context(record: records.count - 1, node: node, isType: isType))
    }

    func popContext(_ node: SyntaxIdentifier) {
        if contexts.last?.node == node { contexts.removeLast() }
    }

    func pushScope(_ node: SyntaxIdentifier, isClosure: Bool, leaving: Bool = false) {
        let inherited = isClosure && scopes.last.map { $0.leaving && $0.owner == currentTypeContext } == true
        scopes.append(
            Scope(
                node: node, isClosure: isClosure, owner: currentTypeContext, conditionalBase: conditionalDepth,
                leaving: leaving || inherited))
    }

    /// Ends a scope; an exchange of implementations with pop selectors becomes a hook, otherwise what the
    /// scope saw is handed to the enclosing one (a swizzle in a `dispatch_once`-style closure).
    func popScope(_ node: SyntaxIdentifier) {
        guard scopes.count > 1, scopes.last?.node == node else { return }
        let scope = scopes.removeLast()
        if let exchange = scope.exchange,
            let pop = scope.selectors.lazy.compactMap({ Self.selectorName($0) }).first(where: Self.isPopSelector)
        {
            addHook(Hook(kind: .swizzledPop, name: pop, location: exchange))
        } else if scope.exchange != nil || !scope.selectors.isEmpty, scopes.count > 1, scopes[scopes.count - 1].owner == scope.owner {
            scopes[scopes.count - 1].selectors += scope.selectors
            if scopes[scopes.count - 1].exchange == nil { scopes[scopes.count - 1].exchange = scope.exchange }
        }
    }

    /// `#selector(popViewController(animated:))` is `popViewController(animated:)`; `Selector("back:")` is `back:`.
    static func selectorName(_ expr: ExprSyntax) -> String? {
        if let call = expr.as(FunctionCallExprSyntax.self) { return Expressions.firstArgument(call).flatMap { Expressions.string($0) } }
        return Expressions.selector(expr)
    }

    static func isPopSelector(_ name: String) -> Bool {
        name.contains("popViewController") || name.contains("popToViewController") || name.contains("popToRootViewController")
            || name.contains("shouldPop")
    }

    /// The value of a local visible here: locals of the enclosing functions and closures of the same
    /// declaration.
    func lookup(_ name: String) -> Value? {
        let owner = currentTypeContext
        var i = scopes.count - 1
        while i >= 0 && scopes[i].owner == owner {
            if let value = scopes[i].locals[name] { return value }
            i -= 1
        }
        return nil
    }

    /// Whether code here runs in a function or closure of the current declaration (not at member level).
    var inBody: Bool { scopes.last?.owner == currentTypeContext && (scopes.count > 1 || currentTypeContext == -1) }

    func bind(_ name: String, _ value: Value) {
        guard inBody else { return }
        scopes[scopes.count - 1].locals[name] = value
    }

    /// Rebinds a local where it was declared; false when there is no such local.
    func rebind(_ name: String, _ value: Value) -> Bool {
        let owner = currentTypeContext
        var i = scopes.count - 1
        while i >= 0 && scopes[i].owner == owner {
            if scopes[i].locals[name] != nil {
                scopes[i].locals[name] = value
                return true
            }
            i -= 1
        }
        return false
    }

    func addHook(_ hook: Hook) {
        guard let record = currentTypeRecordIndex else { return }
        records[record].hooks.append(hook)
    }

    var currentTypeRecordIndex: Int? {
        let i = currentTypeContext
        return i >= 0 ? contexts[i].record : nil
    }

    func emit(_ setting: PendingSetting, at location: SourceLocation, root: String? = nil) {
        guard let record = currentRecord else { return }
        if scopes.last?.leaving == true, case .ready(let value) = setting, value.isStackWide {
            records[record].leaving.append(Made(value: setting, location: location, root: root ?? emitRoot, conditional: isConditional))
            return
        }
        records[record].settings.append(Made(value: setting, location: location, root: root ?? emitRoot, conditional: isConditional))
    }

    func emitAppWide(_ setting: PendingSetting, at location: SourceLocation) {
        appWide.append(Made(value: setting, location: location, root: nil, conditional: isConditional))
    }

    func addEdge(_ kind: Edge.Kind, to: Value, at location: SourceLocation, fromScreen: Bool = true, fromName: String? = nil) {
        let from = fromScreen && fromName == nil ? currentRecord : nil
        edges.append(PendingEdge(kind: kind, from: from, fromName: fromName, to: to, location: location))
        if let from, kind != .root { records[from].pushes += 1 }
    }

    // MARK: Dispatch

    // Overrides must be declared in the class itself; each hands the node to its handler.

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { handle(node) }
    override func visitPost(_ node: ClassDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: StructDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: ExtensionDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: EnumDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: ActorDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: ProtocolDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: MacroExpansionDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: IfExprSyntax) { handlePost(node) }
    override func visitPost(_ node: GuardStmtSyntax) { handlePost(node) }
    override func visitPost(_ node: SwitchCaseSyntax) { handlePost(node) }
    override func visitPost(_ node: ThrowStmtSyntax) { handlePost(node) }
    override func visitPost(_ node: FunctionDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: InitializerDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: DeinitializerDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: AccessorBlockSyntax) { handlePost(node) }
    override func visitPost(_ node: ClosureExprSyntax) { handlePost(node) }
    override func visitPost(_ node: ReturnStmtSyntax) { handlePost(node) }
    override func visitPost(_ node: LabeledExprSyntax) { handlePost(node) }
    override func visitPost(_ node: VariableDeclSyntax) { handlePost(node) }
    override func visitPost(_ node: PatternBindingSyntax) { handlePost(node) }
    override func visitPost(_ node: IdentifierPatternSyntax) { handlePost(node) }
    override func visitPost(_ node: OptionalBindingConditionSyntax) { handlePost(node) }
    override func visitPost(_ node: SequenceExprSyntax) { handlePost(node) }
    override func visitPost(_ node: FunctionCallExprSyntax) { handlePost(node) }
    override func visitPost(_ node: MacroExpansionExprSyntax) { handlePost(node) }
}

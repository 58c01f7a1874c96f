import NavModel
import NavSource
import SwiftSyntax

/// Turning what the pass gathered into facts, once the whole file has been read.
extension Collector {
    private static let screenHooks: Set<Hook.Kind> = [.shouldPop, .backButtonHandler, .swizzledPop]

    private enum Decision {
        case screen(ScreenDraft.Kind)
        case classDraft
        case none
    }

    func facts() -> SourceFacts {
        objects.applyPropertyMutations()
        var decisions = [Decision](repeating: .none, count: records.count)
        var settings = [[Made]](repeating: [], count: records.count)
        var classScreens: Set<String> = []
        // Classes first: an extension of a class of this file is a screen's when the class is one.
        for (i, record) in records.enumerated() where record.kind == .classDecl {
            (decisions[i], settings[i]) = decide(record, classScreens: [])
            if case .screen = decisions[i] { classScreens.insert(record.name) }
        }
        for (i, record) in records.enumerated() where record.kind != .classDecl {
            (decisions[i], settings[i]) = decide(record, classScreens: classScreens)
        }
        var out = SourceFacts(file: file, language: .swift)
        for (i, record) in records.enumerated() {
            switch decisions[i] {
            case .screen(let kind):
                out.screens.append(
                    ScreenDraft(
                        name: record.name, kind: kind, superclass: record.superclass, location: record.location,
                        settings: Self.sorted(settings[i].compactMap(setting)),
                        hooks: record.hooks, leaving: Self.sorted(record.leaving.compactMap(setting))))
            case .classDraft:
                out.classes.append(
                    ClassDraft(name: record.name, superclass: record.superclass, location: record.location, hooks: record.hooks))
            case .none:
                break
            }
        }
        out.appWide = appWide.compactMap(setting)
        out.edges = edges.map { edge in
            var from = edge.fromName
            if let i = edge.from, case .screen = decisions[i] { from = records[i].name }
            return Edge(kind: edge.kind, from: from, to: screenRef(edge.to), location: edge.location)
        }
        out.edges = Self.sorted(out.edges)
        out.directives = directives
        out.problems = problems
        return out
    }

    private func decide(
        _ record: Record, classScreens: Set<String>
    ) -> (Decision, [Made]) {
        // Settings through a member the type declares itself are its own business, not a screen's.
        let made = record.ownMembers.isEmpty ? record.settings : record.settings.filter { $0.root.map(record.ownMembers.contains) != true }
        let definite = made.contains { $0.root != "title" }
        let screenHook = record.hooks.contains { Self.screenHooks.contains($0.kind) }
        switch record.kind {
        case .classDecl:
            let superclass = record.superclass
            // A view, a bar or a cell: its `title` and its hooks are its own, never a screen's.
            if let superclass, Vocabulary.nonScreenClasses.contains(superclass) { return (.classDraft, []) }
            let controller =
                superclass != nil
                && (superclass.map(Vocabulary.isViewControllerName) == true || Vocabulary.isViewControllerName(record.name))
            // `title = …` is a screen's only in a view controller that does not declare a title of its own.
            let keepTitles = controller || definite
            let settings = made.filter { $0.root != "title" || keepTitles }
            if controller || !settings.isEmpty || screenHook { return (.screen(.viewController), settings) }
            if superclass != nil || !record.hooks.isEmpty { return (.classDraft, []) }
            return (.none, [])
        case .extensionDecl:
            if Vocabulary.nonScreenClasses.contains(record.name) { return (record.hooks.isEmpty ? .none : .classDraft, []) }
            let controller = Vocabulary.isViewControllerName(record.name) || classScreens.contains(record.name)
            let keepTitles = controller || definite
            let settings = made.filter { $0.root != "title" || keepTitles }
            if !settings.isEmpty || screenHook || (controller && (!record.hooks.isEmpty || record.pushes > 0)) {
                return (.screen(.viewController), settings)
            }
            if !record.hooks.isEmpty { return (.classDraft, []) }
            return (.none, [])
        case .view:
            let settings = made.filter { $0.root != "title" }
            if !settings.isEmpty || record.pushes > 0 { return (.screen(.swiftUIView), settings) }
            return (.none, [])
        case .content:
            let settings = made.filter { $0.root != "title" }
            return settings.isEmpty ? (.none, []) : (.screen(.swiftUIView), settings)
        case .otherType:
            return (.none, [])
        }
    }

    /// Settings in source order: a modifier chain nests the last modifier outermost, so the pass meets
    /// them backwards. Stable, so settings made at one place keep their order.
    static func sorted(_ settings: [Setting]) -> [Setting] {
        settings.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
    }

    static func sorted(_ edges: [Edge]) -> [Edge] {
        edges.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
    }

    private func setting(_ made: Made) -> Setting? {
        objects.setting(made.value).map { Setting($0, at: made.location, conditional: made.conditional) }
    }

    private func screenRef(_ value: Value) -> ScreenRef {
        switch objects.resolve(value) {
        case .screen(let ref): return ref
        case .object(let i): return .className(objects.objects[i].typeName)
        default: return .unknown
        }
    }
}

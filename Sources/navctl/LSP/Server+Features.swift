import NavLocal
import Foundation
import JSONCore
import NavLint
import NavSource

/// Hover, code lens and code actions: answers from the flow of the project a file belongs to, as last linted.
extension LanguageServer {
    /// The file and position of a `TextDocumentPositionParams`.
    func documentPosition(_ params: JSON) throws(LSPError) -> (path: String, position: LSPPosition) {
        let (path, _) = try documentPath(params)
        guard let position = LSPPosition(params["position"]) else {
            throw LSPError.invalidParams("position must be a line and a character")
        }
        return (path, position)
    }

    /// The file of a request's `textDocument`, and its URI as the client wrote it.
    func documentPath(_ params: JSON) throws(LSPError) -> (path: String, uri: String) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw LSPError.invalidParams("textDocument.uri is missing") }
        guard let path = FileURI.path(uri) else { throw LSPError.invalidParams("textDocument.uri is not a file URI: \(uri)") }
        return (path, uri)
    }

    /// The inspector of the project the file belongs to, made once per lint.
    func inspector(for path: String) -> SourceInspector? {
        guard let key = owners[path]?.first, let source = sources[key] else { return nil }
        if let known = inspectors[key] { return known }
        let made = SourceInspector(source)
        inspectors[key] = made
        return made
    }

    /// The lines of a file: the open buffer, else the file on disk.
    func lines(of path: String) -> LineTable? {
        if let document = documents[path] { return LineTable(document.bytes, file: path) }
        return FileManager.default.contents(atPath: path).map { LineTable(Array($0), file: path) }
    }

    /// The screen of an open session document whose object holds a 1-based line: the last that starts on or
    /// before it.
    func documentScreen(_ path: String, line: Int) -> (document: LintDocument, index: Int)? {
        guard let loaded = loadedDocuments[path] else { return nil }
        var found: Int?
        for i in loaded.model.screens.indices where loaded.position(of: "screens[\(i)]").line <= line { found = i }
        return found.map { (loaded, $0) }
    }

    func hover(_ params: JSON) throws(LSPError) -> JSON {
        let (path, position) = try documentPosition(params)
        if path.hasSuffix(DocumentSources.suffix) {
            guard let (loaded, index) = documentScreen(path, line: position.line + 1),
                let report = ScreenReport.document(loaded.model, screenIndex: index)
            else { return .null }
            return ["contents": ["kind": "markdown", "value": .string(LSPHover.markdown(report, members: []))]]
        }
        guard let inspector = inspector(for: path), let (screen, members) = inspector.screen(file: path, line: position.line + 1) else {
            return .null
        }
        let report = inspector.report(screen)
        let value = LSPHover.markdown(report, members: members.keys.sorted())
        var result: JSONObject = ["contents": ["kind": "markdown", "value": .string(value)]]
        if let lines = lines(of: path) {
            let at = members.values.min { ($0.line, $0.column) < ($1.line, $1.column) } ?? report.declaration
            if at.file == path, at.line == position.line + 1 {
                let range = lines.lspRange(line: at.line, column: at.column)
                result["range"] = ["start": range.start.json, "end": range.end.json]
            }
        }
        return .object(result)
    }

    func codeLens(_ params: JSON) throws(LSPError) -> JSON {
        let (path, _) = try documentPath(params)
        if path.hasSuffix(DocumentSources.suffix) { return documentLenses(path) }
        guard let inspector = inspector(for: path) else { return [] }
        let table = lines(of: path)
        var seen: Set<String> = []
        var lenses: [JSON] = []
        for declaration in inspector.declarations(in: path) where seen.insert(declaration.screen).inserted {
            let report = inspector.report(declaration.screen)
            let at = declaration.location
            let line = LSPPosition(line: max(0, at.line - 1), character: 0)
            let range = table?.lspRange(line: at.line, column: at.column) ?? (start: line, end: line)
            lenses.append([
                "range": ["start": range.start.json, "end": range.end.json],
                "command": [
                    "title": .string(LSPHover.lens(report)), "command": .string(Self.showScreenCommand),
                    "arguments": [.string(declaration.screen)],
                ],
            ])
        }
        return .array(lenses)
    }

    /// A lens on each screen of an open session document, where its object starts.
    func documentLenses(_ path: String) -> JSON {
        guard let loaded = loadedDocuments[path] else { return [] }
        let table = lines(of: path)
        var lenses: [JSON] = []
        for i in loaded.model.screens.indices {
            guard let report = ScreenReport.document(loaded.model, screenIndex: i) else { continue }
            let at = loaded.position(of: "screens[\(i)]")
            // The column counts characters; the client counts UTF-16 units.
            let start =
                table?.lspRange(line: at.line, column: at.column).start
                ?? LSPPosition(line: max(0, at.line - 1), character: max(0, at.column - 1))
            lenses.append([
                "range": ["start": start.json, "end": start.json],
                "command": [
                    "title": .string(LSPHover.lens(report)), "command": .string(Self.showScreenCommand),
                    "arguments": [.string(report.screen)],
                ],
            ])
        }
        return .array(lenses)
    }

    func executeCommand(_ params: JSON) throws(LSPError) -> JSON {
        guard let command = params["command"]?.stringValue else { throw LSPError.invalidParams("command is missing") }
        guard command == Self.showScreenCommand else { throw LSPError.invalidParams("unknown command: \(command)") }
        return .null
    }

    func codeAction(_ params: JSON) throws(LSPError) -> JSON {
        let (path, uri) = try documentPath(params)
        guard let start = LSPPosition(params["range"]?["start"]), let end = LSPPosition(params["range"]?["end"]) else {
            throw LSPError.invalidParams("range must have a start and an end")
        }
        let language: SourceFacts.Language
        if path.hasSuffix(".swift") {
            language = .swift
        } else if SourceLint.isSource(path), !path.hasSuffix(".storyboard"), !path.hasSuffix(".xib") {
            language = .objectiveC
        } else {
            return []
        }
        guard let table = lines(of: path) else { return [] }
        let firstLine = min(start.line, end.line) + 1
        let lastLine = max(start.line, end.line) + 1
        let given = params["context"]?["diagnostics"]?.arrayValue ?? []
        let inspector = inspector(for: path)
        let oldest = inspector?.oldestProfile
        var actions: [JSON] = []
        var offered: Set<[Int]> = []

        // Findings with a mechanical fix.
        let reports = (owners[path] ?? []).flatMap { projectFindings[$0] ?? [] }.filter { $0.file == path }
        for r in reports where (firstLine...lastLine).contains(r.line) {
            guard let code = r.code, offered.insert([r.line, r.column]).inserted else { continue }
            let text = table.text(ofLine: r.line)
            guard let fix = LSPQuickFix.fix(.finding(code), lineText: text, column: r.column, language: language, oldest: oldest)
            else { continue }
            var diagnostics = given.filter {
                $0["code"]?.stringValue == code && $0["range"]?["start"]?["line"]?.intValue == Int64(r.line - 1)
            }
            if diagnostics.isEmpty {
                diagnostics = [
                    LSPDiagnostics.json(r, lines: { $0 == path ? table : nil }, uri: { $0 == path ? uri : self.uri($0) }, docsURL: docsURL)
                ]
            }
            actions.append(LSPQuickFix.action(fix, line: r.line - 1, uri: uri, diagnostics: diagnostics))
        }

        // The swipe back switched off on a pushed screen: pointed out, with its removal.
        if let inspector {
            for line in firstLine...min(lastLine, table.lineCount) {
                guard let (screen, members) = inspector.screen(file: path, line: line), let at = members["popGesture"],
                    offered.insert([at.line, at.column]).inserted, !inspector.report(screen).pushedFrom.isEmpty,
                    let fix = LSPQuickFix.fix(
                        .popGestureOff, lineText: table.text(ofLine: line), column: at.column, language: language, oldest: oldest)
                else { continue }
                actions.append(LSPQuickFix.action(fix, line: line - 1, uri: uri, diagnostics: []))
            }
        }
        return .array(actions)
    }
}

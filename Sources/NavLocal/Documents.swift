import Foundation
import JSONCore
import NavFontFiles
import NavLint
import NavModel
import NavProject

/// One document to read: a file, or standard input.
public struct DocumentSource: Sendable {
    public var name: String
    public var isStdin: Bool
    /// A folder with no `*.navd.json` below it: reported instead of read.
    public var emptyFolder = false

    public init(name: String, isStdin: Bool, emptyFolder: Bool = false) {
        self.name = name
        self.isStdin = isStdin
        self.emptyFolder = emptyFolder
    }

    /// The document, or why it cannot be read or loaded, its text measured with the font it names (a relative
    /// path against its folder), else `font` (`--font-file`), else what `textMetrics` gives
    /// (`FontFiles.font(for:)`). `font`, when given, wins over the document's own.
    public func load(font: Policies.TextFontSetting? = nil) -> Result<LintDocument, LoadError> {
        do throws(LoadError) {
            return .success(try Self.measured(try LintDocument.load(try read(), file: name), font: font, isStdin: isStdin))
        } catch {
            return .failure(error)
        }
    }

    /// A document given as text (already read), loaded as `load()` does.
    public static func loadText(_ text: String, name: String, font: Policies.TextFontSetting? = nil) -> Result<LintDocument, LoadError> {
        do throws(LoadError) {
            return .success(try measured(try LintDocument.load(Array(text.utf8), file: name), font: font, isStdin: false))
        } catch {
            return .failure(error)
        }
    }

    /// `document` with its config's `textFont` read; a font that cannot be read is a load error at the member
    /// that names it (or at 1:1 for `--font-file`).
    static func measured(_ document: LintDocument, font: Policies.TextFontSetting?, isStdin: Bool) throws(LoadError) -> LintDocument {
        var document = document
        var config = document.model.config
        if font != nil { config.policies.textFont = nil }
        let folder =
            isStdin ? nil : String(document.file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        do throws(FontFiles.Failure) {
            document.model.config.textFont = try FontFiles.font(for: config, relativeTo: folder, fallback: font)
        } catch {
            let path = font == nil ? "policies.textFont.file" : nil
            throw LoadError(
                file: document.file, position: path.map(document.position) ?? SourcePosition(line: 1, column: 1),
                message: font == nil ? "policies.textFont: \(error)" : "--font-file \(error)", path: path)
        }
        return document
    }

    /// The bytes, or a load error at 1:1 saying why the file cannot be read.
    public func read() throws(LoadError) -> [UInt8] {
        if emptyFolder {
            throw LoadError(
                file: name, position: SourcePosition(line: 1, column: 1), message: "no *.navd.json documents or source files in this folder"
            )
        }
        if isStdin { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: name)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: name) ? "cannot read the file" : "no such file"
            throw LoadError(file: name, position: SourcePosition(line: 1, column: 1), message: reason)
        }
    }
}

/// Expands the command line's paths: files as given, folders into their `*.navd.json` (sorted), `-` into stdin.
public enum DocumentSources {
    public static let suffix = ".navd.json"

    /// The documents to load, and the folders and source files to read as projects.
    public static func expand(_ paths: [String], stdinName: String) -> (documents: [DocumentSource], sources: [String]) {
        var out: [DocumentSource] = []
        var sources: [String] = []
        for path in paths {
            if path == "-" {
                out.append(DocumentSource(name: stdinName, isStdin: true))
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let found = documents(in: path)
                out += found.map { DocumentSource(name: $0, isStdin: false) }
                // A folder is read for source too; one with neither documents nor source files is a mistake.
                if found.isEmpty, !holdsSource(path) { out.append(DocumentSource(name: path, isStdin: false, emptyFolder: true)) }
                if holdsSource(path) { sources.append(path) }
            } else if SourceLint.isSource(path) {
                sources.append(path)
            } else {
                out.append(DocumentSource(name: path, isStdin: false))
            }
        }
        return (out, sources)
    }

    /// Whether a folder holds a file a source reader takes, outside the folders a lint skips.
    public static func holdsSource(_ folder: String) -> Bool {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return false }
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if ProjectDiscovery.isSkipped(folderName: name) {
                walker.skipDescendants()
                continue
            }
            if SourceLint.isSource(relative) { return true }
        }
        return false
    }

    /// Every `*.navd.json` below `folder`, as `folder/relative/path`, sorted.
    public static func documents(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(suffix) { found.append(relative) }
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return found.sorted().map { base == "." ? $0 : "\(base)/\($0)" }
    }
}

import Foundation
import PackagePlugin

/// `navctl lint` over a target's folder as part of its build, with the findings in the build log as compilers
/// print them (`FILE:LINE:COL: warning: MESSAGE`), so SwiftPM and Xcode show them as the build's diagnostics.
///
/// - The target's folder is linted as one flow (a base class's settings reach the subclasses in other files).
/// - Warnings and infos never fail the build; an error-severity finding does, as navctl lint's default
///   `--fail-on error` says (`.navd.yml`'s `severity:` lowers a rule to a warning), and so does a `.navd.yml`
///   that cannot be read, whose rules would otherwise be silently ignored.
/// - The command's inputs are the target's files, the `.navd.yml` files navctl may read and (added by SwiftPM)
///   navctl itself. It has no output: SwiftPM compiles a build command's Swift outputs into the target and
///   bundles any other as a resource. The build runs it again when an input changed or it failed last time,
///   and not otherwise.
/// - navctl keeps its cache in the plugin's work folder, where the build lets a plugin's command write.
@main
struct NavdLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles.map(\.url)
        guard files.contains(where: Self.isLinted) else { return [] }
        let folder = module.folderURL
        let cache = context.pluginWorkDirectoryURL.appending(path: "cache")
        return [
            .buildCommand(
                displayName: "navctl lint \(module.name)", executable: try context.tool(named: "navctl").url,
                arguments: ["lint", "--fail-on", "error", "--cache-dir", cache.path, folder.path],
                inputFiles: files + Self.configurations(above: folder))
        ]
    }

    /// Whether navctl lint reads a file of this name.
    static func isLinted(_ url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        return [".swift", ".m", ".mm", ".h", ".storyboard", ".xib"].contains { name.hasSuffix($0) }
            || (name == "contents.json" && url.deletingLastPathComponent().pathExtension.lowercased() == "colorset")
    }

    /// The `.navd.yml` files navctl may read for this folder: in it or in any folder above.
    static func configurations(above folder: URL) -> [URL] {
        var out: [URL] = []
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appending(path: ".navd.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { out.append(candidate) }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return out }
            current = parent
        }
    }
}

extension SourceModuleTarget {
    /// The target's folder: `directoryURL` needs tools version 6.1, and in 6.0 `Path`'s accessors are deprecated
    /// but its description (the path) is not.
    var folderURL: URL { URL(fileURLWithPath: String(describing: directory)) }
}

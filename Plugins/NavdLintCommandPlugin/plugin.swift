import Foundation
import PackagePlugin

/// `swift package navd-lint [--target NAME]... [ARGUMENTS...]`: `navctl lint` over the package's folder (one
/// flow, with the deployment target of `platforms: [.iOS(...)]`), or over the folder of each target named.
/// Every other argument goes to navctl lint as it is, before the paths (`--format sarif`, `--fail-on warning`,
/// `-o navd.sarif`, or folders and files of its own, which then replace the package's folder). navctl runs in
/// the package's folder, so relative paths are taken from there. The plugin asks for no permission: `-o` writes
/// where SwiftPM's sandbox lets it, so name that folder with `swift package --allow-writing-to-directory DIR`
/// (navctl's cache is kept in the plugin's work folder unless `--cache-dir` or `--no-cache` is given).
@main
struct NavdLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        let package = context.package.directoryURL
        var paths: [String] = []
        if !targetNames.isEmpty {
            paths = try context.package.targets(named: targetNames).compactMap { $0.sourceModule?.folderURL.path }
            guard !paths.isEmpty else { throw NoSourceTarget(names: targetNames) }
        } else if !Self.namesPaths(passed) {
            paths = [package.path]
        }
        // navctl's cache goes to the plugin's work folder, which the sandbox lets the plugin write to.
        let cache = Self.setsCache(passed) ? [] : ["--cache-dir", context.pluginWorkDirectoryURL.appending(path: "cache").path]
        let process = Process()
        process.executableURL = try context.tool(named: "navctl").url
        process.arguments = ["lint"] + cache + passed + paths
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LintFailed(status: process.terminationStatus, uncaughtSignal: process.terminationReason == .uncaughtSignal)
        }
    }

    /// navctl lint's options that take a value (Sources/navctl/LintCommand.swift): what follows one of them is
    /// its value, not a path.
    static let valueOptions: Set<String> = [
        "--profile", "--config", "--format", "-o", "--output", "--fail-on", "--stdin-name", "--docs-url", "--cache-dir",
    ]

    /// Whether the arguments choose the cache themselves (`--cache-dir FOLDER` or `--no-cache`).
    static func setsCache(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--no-cache" || $0 == "--cache-dir" || $0.hasPrefix("--cache-dir=") }
    }

    /// Whether the arguments name a path of their own (an argument that is neither an option nor an option's value).
    static func namesPaths(_ arguments: [String]) -> Bool {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.endIndex }
            if !argument.hasPrefix("-") || argument == "-" { return true }
            index += valueOptions.contains(argument) ? 2 : 1
        }
        return false
    }
}

/// `--target` named no target with source files.
struct NoSourceTarget: Error, CustomStringConvertible {
    let names: [String]

    var description: String { "no target with source files among \(names.joined(separator: ", "))" }
}

/// navctl lint did not pass: its report and its reasons are above.
struct LintFailed: Error, CustomStringConvertible {
    let status: Int32
    let uncaughtSignal: Bool

    var description: String {
        if uncaughtSignal { return "navctl lint was stopped by signal \(status)" }
        switch status {
        case 1: return "navctl lint found something at or above --fail-on (default: error)"
        default: return "navctl lint could not lint (exit status \(status)): see its messages above"
        }
    }
}

extension SourceModuleTarget {
    /// The target's folder: `directoryURL` needs tools version 6.1, and in 6.0 `Path`'s accessors are deprecated
    /// but its description (the path) is not.
    var folderURL: URL { URL(fileURLWithPath: String(describing: directory)) }
}

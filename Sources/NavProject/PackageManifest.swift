/// What discovery needs from a `Package.swift`: the package's name and its iOS deployment target.
///
/// This is a text scan, not an evaluation of the manifest (which is Swift code, run by SwiftPM): it finds
/// `name: "…"` in `Package(` and `.iOS(.v15)` / `.iOS(.v15_4)` / `.iOS("15.4")` after `platforms:`, with
/// comments removed. A manifest that computes these values (a variable, a condition) gives nil.
enum PackageManifest {
    /// Manifests larger than this are not scanned.
    static let maxBytes = 1024 * 1024

    static func scan(_ text: String) -> (name: String?, iOS: String?) {
        let code = Array(stripComments(text).unicodeScalars)
        var name: String?
        if let package = find(Array("Package(".unicodeScalars), in: code, from: 0),
            let label = find(Array("name:".unicodeScalars), in: code, from: package)
        {
            name = stringLiteral(in: code, from: label + 5)
        }
        var version: String?
        if let label = find(Array("platforms:".unicodeScalars), in: code, from: 0) {
            let open = skipSpaces(code, label + 10)
            if open < code.count, code[open] == "[" {
                // Only inside the list's brackets: `.when(platforms: [.iOS])` in a target is another thing.
                var depth = 0
                var close = open
                while close < code.count {
                    if code[close] == "[" { depth += 1 }
                    if code[close] == "]" { depth -= 1 }
                    if depth == 0 { break }
                    close += 1
                }
                let list = Array(code[open..<min(close, code.count)])
                if let ios = find(Array(".iOS(".unicodeScalars), in: list, from: 0) {
                    version = iOSVersion(in: list, from: ios + 5)
                }
            }
        }
        return (name, version)
    }

    /// The names of the libraries the package vends: `.library(name: "DesignKit", …)`.
    static func libraries(_ text: String) -> [String] {
        let code = Array(stripComments(text).unicodeScalars)
        var names: [String] = []
        var start = 0
        while let call = find(Array(".library(".unicodeScalars), in: code, from: start) {
            start = call + 9
            let open = skipSpaces(code, start)
            guard let label = find(Array("name:".unicodeScalars), in: code, from: open), label == open else { continue }
            if let name = stringLiteral(in: code, from: label + 5) { names.append(name) }
        }
        return names
    }

    /// The paths of the local packages it depends on: `.package(path: "../Models")`,
    /// `.package(name: "Models", path: "../Models")`.
    static func localDependencies(_ text: String) -> [String] {
        let code = Array(stripComments(text).unicodeScalars)
        var paths: [String] = []
        var start = 0
        while let call = find(Array(".package(".unicodeScalars), in: code, from: start) {
            start = call + 9
            var depth = 1
            var end = start
            while end < code.count, depth > 0 {
                if code[end] == "(" { depth += 1 }
                if code[end] == ")" { depth -= 1 }
                end += 1
            }
            let arguments = Array(code[start..<end])
            if let label = find(Array("path:".unicodeScalars), in: arguments, from: 0),
                let path = stringLiteral(in: arguments, from: label + 5)
            {
                paths.append(path)
            }
        }
        return paths
    }

    /// `.v15` -> "15.0", `.v15_4` -> "15.4", `"15.4"` -> "15.4".
    private static func iOSVersion(in code: [Unicode.Scalar], from start: Int) -> String? {
        var i = skipSpaces(code, start)
        guard i < code.count else { return nil }
        if code[i] == "\"" { return stringLiteral(in: code, from: i).flatMap { Version($0) != nil ? $0 : nil } }
        guard code[i] == ".", i + 1 < code.count, code[i + 1] == "v" else { return nil }
        i += 2
        var digits = ""
        while i < code.count, code[i] == "_" || (code[i].isASCII && ("0"..."9").contains(code[i])) {
            digits.unicodeScalars.append(code[i] == "_" ? "." : code[i])
            i += 1
        }
        guard Version(digits) != nil else { return nil }
        return digits.contains(".") ? digits : digits + ".0"
    }

    /// The first string literal at or after `start` (spaces skipped), without escapes.
    private static func stringLiteral(in code: [Unicode.Scalar], from start: Int) -> String? {
        var i = skipSpaces(code, start)
        guard i < code.count, code[i] == "\"" else { return nil }
        i += 1
        var value = String.UnicodeScalarView()
        while i < code.count, code[i] != "\"", code[i] != "\n" {
            if code[i] == "\\" { return nil }
            value.append(code[i])
            i += 1
        }
        guard i < code.count, code[i] == "\"" else { return nil }
        return String(value)
    }

    private static func skipSpaces(_ code: [Unicode.Scalar], _ start: Int) -> Int {
        var i = start
        while i < code.count, code[i] == " " || code[i] == "\t" || code[i] == "\n" || code[i] == "\r" { i += 1 }
        return i
    }

    private static func find(_ needle: [Unicode.Scalar], in code: [Unicode.Scalar], from start: Int) -> Int? {
        guard !needle.isEmpty, code.count >= needle.count, start <= code.count - needle.count else { return nil }
        for i in start...(code.count - needle.count) where code[i] == needle[0] {
            if code[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// The text with `//` and `/* */` comments removed; string literals (`"https://…"`) are kept whole.
    static func stripComments(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        var inString = false
        while i < scalars.count {
            let scalar = scalars[i]
            if inString {
                output.append(scalar)
                if scalar == "\\", i + 1 < scalars.count {
                    output.append(scalars[i + 1])
                    i += 2
                    continue
                }
                if scalar == "\"" || scalar == "\n" { inString = false }
                i += 1
            } else if scalar == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                while i < scalars.count, scalars[i] != "\n" { i += 1 }
            } else if scalar == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                i += 2
                while i + 1 < scalars.count, !(scalars[i] == "*" && scalars[i + 1] == "/") { i += 1 }
                i += 2
                output.append(" ")
            } else {
                if scalar == "\"" { inString = true }
                output.append(scalar)
                i += 1
            }
        }
        return String(output)
    }
}

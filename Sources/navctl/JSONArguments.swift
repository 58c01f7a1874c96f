import ArgumentParser
import Foundation
import JSONCore

/// Reading JSON from arguments, files and stdin.
enum JSONArguments {
    /// Parses `text` as JSON. The error is bad usage (status 2) and says where the text goes wrong: for a file
    /// `FILE:LINE:COL: error: invalid JSON: ...`, as compilers print; for an option its line and column.
    static func parse(_ text: String, from option: String, isFile: Bool = false) throws -> JSON {
        do {
            return try JSON.parse(text)
        } catch {
            let at = SourceText(Array(text.utf8)).position(ofOffset: error.offset)
            if isFile {
                Output().errorText("\(option):\(at.line):\(at.column): error: invalid JSON: \(error.message)")
                throw ExitCode(ExitStatus.usage)
            }
            throw Failure.usage("\(option) is not valid JSON: \(error.message) at line \(at.line), column \(at.column)")
        }
    }

    /// For `validate()`: the same check, reported as a usage error with the command's usage line.
    static func check(_ text: String, from option: String, object: Bool = false) throws {
        do {
            if object { _ = try Self.object(text, from: option) } else { _ = try parse(text, from: option) }
        } catch let failure as Failure {
            throw ValidationError(failure.message)
        }
    }

    /// Parses `text` and requires an object.
    static func object(_ text: String, from option: String) throws -> JSONObject {
        let json = try parse(text, from: option)
        guard case .object(let object) = json else {
            throw Failure.usage("\(option) must be a JSON object, not \(json.typeName)")
        }
        return object
    }

    /// The text of `path`, or of stdin when `path` is `-`.
    static func read(_ path: String) throws -> String {
        if path == "-" {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure.usage("cannot read \(path): no such file or not readable")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

import ArgumentParser
import Foundation
import JSONCore

/// Reading JSON from arguments, files and stdin.
enum JSONArguments {
    /// Parses `text` as JSON; the error names the option it came from.
    static func parse(_ text: String, from option: String) throws -> JSON {
        do {
            return try JSON.parse(text)
        } catch {
            throw ValidationError("\(option) is not valid JSON: \(error)")
        }
    }

    /// Parses `text` and requires an object.
    static func object(_ text: String, from option: String) throws -> JSONObject {
        let json = try parse(text, from: option)
        guard case .object(let object) = json else {
            throw ValidationError("\(option) must be a JSON object, not \(json.typeName)")
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

import Foundation
import JSONCore

/// Where navctl writes: results to stdout, diagnostics to stderr, one write per line.
struct Output: Sendable {
    /// Print raw JSON results instead of the readable form.
    var json = false

    /// A result: its JSON (one line) with `--json`, else the readable text.
    func result(_ value: JSON, readable: () -> String) {
        line(json ? value.serialized() : readable())
    }

    /// One line to stdout.
    func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Text to stdout as is.
    func text(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// A whole report: to the file `path` when given (a failure to write is bad usage), else to stdout.
    func emit(_ text: String, to path: String?) throws {
        guard let path else { return self.text(text) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Failure(message: "cannot write \(path): \(error.localizedDescription)", status: ExitStatus.usage)
        }
    }

    /// `navctl: <message>` to stderr.
    func error(_ message: String) {
        errorText("navctl: \(message)\n")
    }

    /// A note for people (to stderr, so stdout stays machine-readable).
    func note(_ message: String) {
        errorText(message + "\n")
    }

    /// Text to stderr as is.
    func errorText(_ text: String) {
        let terminated = text.hasSuffix("\n") ? text : text + "\n"
        FileHandle.standardError.write(Data(terminated.utf8))
    }
}

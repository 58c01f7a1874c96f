import Foundation
import JSONCore
import NavProtocol

// navd-schema: writes docs/openrpc.json and the generated tables of docs/protocol.md from the wire types'
// descriptions (`make schema`). `--check` writes nothing and exits 1 when either file is out of date.

let arguments = Array(CommandLine.arguments.dropFirst())
let check = arguments.contains("--check")
let root = URL(fileURLWithPath: arguments.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath)

let openrpcURL = root.appendingPathComponent("docs/openrpc.json")
let protocolURL = root.appendingPathComponent("docs/protocol.md")

let document = OpenRPC.document().prettySerialized() + "\n"
guard let protocolText = try? String(contentsOf: protocolURL, encoding: .utf8) else {
    FileHandle.standardError.write(Data("navd-schema: cannot read \(protocolURL.path)\n".utf8))
    exit(2)
}
let tables = MethodTables.regenerate(protocolText)

var stale: [String] = []
if (try? String(contentsOf: openrpcURL, encoding: .utf8)) != document { stale.append(openrpcURL.path) }
if tables != protocolText { stale.append(protocolURL.path) }

if check {
    for path in stale { FileHandle.standardError.write(Data("navd-schema: \(path) is out of date; run make schema\n".utf8)) }
    exit(stale.isEmpty ? 0 : 1)
}
do {
    try Data(document.utf8).write(to: openrpcURL)
    try Data(tables.utf8).write(to: protocolURL)
} catch {
    FileHandle.standardError.write(Data("navd-schema: \(error)\n".utf8))
    exit(2)
}
print(stale.isEmpty ? "navd-schema: up to date" : "navd-schema: wrote \(stale.joined(separator: ", "))")

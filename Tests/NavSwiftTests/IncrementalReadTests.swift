import Foundation
import NavSource
import Testing

@testable import NavSwift

/// Reading after edits with the last parse gives exactly the facts a whole read of the same bytes gives.
@Suite struct IncrementalReadTests {
    /// Every example's Swift, one after another: a file of many screens, pushes, items and hooks.
    static func source() throws -> [UInt8] {
        let root = Fixture.examples
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        var bytes: [UInt8] = []
        for file in files { bytes += [UInt8](try Data(contentsOf: root.appendingPathComponent(file))) + Array("\n".utf8) }
        return bytes
    }

    /// A small deterministic generator, so every run makes the same edits.
    struct Steps {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func editAfterEditTheFactsAreThoseOfAWholeRead() throws {
        var bytes = try Self.source()
        #expect(bytes.count > 20_000)
        let reader = SwiftReader()
        let limits = ReaderLimits()
        var (_, parse) = reader.read(bytes, file: "All.swift", limits: limits, clock: { 0 }, after: nil, edits: [])
        #expect(parse != nil)
        let snippets = [
            "", "\n", "}", "{", "title = \"Inbox\"\n", "navigationItem.leftBarButtonItem = nil\n", "// navd: disable-next-line\n",
            "class Extra: UIViewController {}\n", "(", "\"", "/*", "#if DEBUG\n", "@objc ", "é🧭",
        ]
        var steps = Steps(state: 42)
        for round in 0..<30 {
            // One to three edits between reads, as keystrokes arrive between an editor's lints.
            var edits: [ByteEdit] = []
            for _ in 0..<(1 + steps.next(3)) {
                let offset = steps.next(bytes.count + 1)
                let length = min(steps.next(40), bytes.count - offset)
                let replacement: [UInt8]
                if steps.next(3) == 0 {
                    // Text moved from elsewhere in the file.
                    let from = steps.next(bytes.count)
                    replacement = Array(bytes[from..<min(bytes.count, from + steps.next(200))])
                } else {
                    replacement = Array(snippets[steps.next(snippets.count)].utf8)
                }
                bytes.replaceSubrange(offset..<(offset + length), with: replacement)
                edits.append(ByteEdit(offset: offset, length: length, replacement: replacement))
            }
            let (incremental, next) = reader.read(bytes, file: "All.swift", limits: limits, clock: { 0 }, after: parse, edits: edits)
            let whole = reader.read(bytes, file: "All.swift", limits: limits, clock: { 0 })
            #expect(incremental == whole, "round \(round): the facts differ from a whole read")
            parse = next
        }
    }

    @Test func aParseUnderOtherLimitsIsNotReused() throws {
        let bytes = Array("import UIKit\nfinal class A: UIViewController { override func viewDidLoad() { title = \"A\" } }\n".utf8)
        let reader = SwiftReader()
        let (_, parse) = reader.read(bytes, file: "A.swift", limits: ReaderLimits(), clock: { 0 }, after: nil, edits: [])
        var tight = ReaderLimits()
        tight.maxNesting = 3
        let (facts, next) = reader.read(bytes, file: "A.swift", limits: tight, clock: { 0 }, after: parse, edits: [])
        #expect(facts == reader.read(bytes, file: "A.swift", limits: tight, clock: { 0 }))
        #expect(next == nil || next?.maxNesting == 3)
    }
}

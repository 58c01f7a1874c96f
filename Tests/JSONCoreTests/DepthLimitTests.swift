import JSONCore
import Testing

@Suite("The nesting limit is reported as such")
struct DepthLimitTests {
    @Test("a document past maxDepth names the limit; other errors do not", arguments: [2, 8, 128])
    func depthLimit(limit: Int) {
        let deep = Array((String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)).utf8)
        #expect(throws: JSONParseError.self) { try JSON.parse(deep, limits: JSONParseLimits(maxDepth: limit)) }
        do {
            _ = try JSON.parse(deep, limits: JSONParseLimits(maxDepth: limit))
        } catch {
            #expect(error.depthLimit == limit)
        }
        do {
            _ = try JSON.parse("[1,]")
            Issue.record("a trailing comma was accepted")
        } catch {
            #expect(error.depthLimit == nil)
        }
    }
}

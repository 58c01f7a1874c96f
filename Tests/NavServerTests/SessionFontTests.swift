import JSONCore
import NavProtocol
import Testing

@testable import NavServer

/// A session's text measured with a real font: `policies.textFont`, navd's `--font-file`, and their errors, through
/// the daemon's dispatch (Debian's DejaVu Sans and WenQuanYi Micro Hei, installed by `make test-deps`).
@Suite("Sessions measured with a font file")
struct SessionFontTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let microHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

    func request(_ id: Int, _ method: String, _ params: JSON = [:]) -> JSON {
        ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params]
    }

    /// Sends each request and returns each reply, in order.
    func exchange(_ service: NavService, _ requests: [JSON]) async throws -> [JSON] {
        let client = RawClient(service: service)
        var replies = client.lines.makeAsyncIterator()
        var out: [JSON] = []
        for r in requests {
            try await client.send(r)
            out.append(try #require(try await replies.next()))
        }
        return out
    }

    static let screens: JSON = [["id": "a", "title": "Notifications Settings"], ["id": "b", "title": "Item"]]

    @Test("policies.textFont measures the back title and the layout, and both name the font in 'metrics'")
    func policy() async throws {
        let replies = try await exchange(
            NavService(),
            [
                request(1, "session/create", ["screens": Self.screens, "policies": ["textFont": ["file": .string(Self.dejaVu)]]]),
                request(2, "title/back", ["sessionId": "s1"]),
                request(3, "bar/layout", ["sessionId": "s1"]),
                request(4, "session/create", ["screens": Self.screens]),
                request(5, "title/back", ["sessionId": "s2"]),
                request(6, "session/snapshot", ["sessionId": "s1"]),
                request(7, "bar/layout", ["sessionId": "s2"]),
            ])
        let metrics: JSON = ["source": "font", "file": .string(Self.dejaVu), "face": "DejaVu Sans", "variable": false]
        #expect(replies[1]["result"]?["metrics"] == metrics)
        #expect(replies[2]["result"]?["metrics"] == metrics)
        // The title 'Item' as laid out: DejaVu Sans' advances (I 604, t 803, e 1260, m 1995 of 2048 per em) at 17 pt,
        // against the calibrated tables' semibold.
        func titleWidth(_ reply: JSON) -> Double? {
            reply["result"]?["elements"]?.arrayValue?.first { $0["kind"] == "title" }?["frame"]?["width"]?.doubleValue
        }
        let dejaVuWidth = Double(604 + 803 + 1260 + 1995) / 2048 * 17
        #expect(abs((titleWidth(replies[2]) ?? 0) - dejaVuWidth) < 0.5)
        #expect(abs((titleWidth(replies[6]) ?? 0) - dejaVuWidth) > 1)
        // Without a font: no 'metrics', the calibrated tables.
        #expect(replies[4]["result"]?["metrics"] == nil)
        #expect(replies[4]["result"]?["title"] != nil)
        #expect(replies[5]["result"]?["document"]?["policies"]?["textFont"] == ["file": .string(Self.dejaVu)])
    }

    @Test("a collection's face by name; null goes back to the calibrated tables")
    func configure() async throws {
        let replies = try await exchange(
            NavService(),
            [
                request(1, "session/create", ["screens": Self.screens]),
                request(
                    2, "session/configure",
                    ["sessionId": "s1", "policies": ["textFont": ["file": .string(Self.microHei), "face": "WenQuanYi Micro Hei Mono"]]]),
                request(3, "title/back", ["sessionId": "s1"]),
                request(4, "session/configure", ["sessionId": "s1", "policies": ["textFont": .null]]),
                request(5, "title/back", ["sessionId": "s1"]),
            ])
        #expect(replies[1]["result"]?["version"] == 1)
        #expect(replies[2]["result"]?["metrics"]?["face"] == "WenQuanYi Micro Hei Mono")
        #expect(replies[4]["result"]?["metrics"] == nil)
    }

    @Test("a font that cannot be read, or a bad face, is invalid params at the member")
    func errors() async throws {
        let replies = try await exchange(
            NavService(),
            [
                request(1, "session/create", ["screens": Self.screens, "policies": ["textFont": ["file": "/nonexistent/font.ttf"]]]),
                request(
                    2, "session/create", ["screens": Self.screens, "policies": ["textFont": ["file": .string(Self.microHei), "face": 7]]]),
                request(
                    3, "session/create", ["screens": Self.screens, "policies": ["textFont": ["file": .string(Self.dejaVu), "face": 1.5]]]),
                request(4, "session/create", ["screens": Self.screens, "policies": ["textFont": "DejaVuSans.ttf"]]),
            ])
        #expect(replies[0]["error"]?["code"] == -32602)
        #expect(replies[0]["error"]?["data"]?["path"] == "policies.textFont.file")
        #expect(replies[0]["error"]?["message"] == "'policies.textFont.file': /nonexistent/font.ttf: no such font file")
        #expect(
            replies[1]["error"]?["message"]
                == .string("'policies.textFont.file': \(Self.microHei): not a usable font: 'ttcf' at byte 8: no face 7: the file holds 2"))
        #expect(replies[2]["error"]?["data"]?["path"] == "policies.textFont.face")
        #expect(replies[3]["error"]?["data"]?["path"] == "policies.textFont")
    }

    @Test("navd's --font-file measures every session that names no font")
    func fallback() async throws {
        let fonts = SessionFonts(fallback: SessionFonts.setting(file: Self.dejaVu, face: nil))
        #expect(fonts.fallbackProblem() == nil)
        let replies = try await exchange(
            NavService(fonts: fonts),
            [request(1, "session/create", ["screens": Self.screens]), request(2, "title/back", ["sessionId": "s1"])])
        #expect(replies[1]["result"]?["metrics"]?["file"] == .string(Self.dejaVu))
        // A session on iOS 7 and 8's Helvetica Neue keeps its calibrated tables.
        let neue = try await exchange(
            NavService(fonts: fonts),
            [
                request(1, "session/create", ["screens": Self.screens, "policies": ["textMetrics": "helveticaNeue"]]),
                request(2, "title/back", ["sessionId": "s1"]),
            ])
        #expect(neue[1]["result"]?["metrics"] == nil)
        let broken = SessionFonts(fallback: SessionFonts.setting(file: "/nonexistent/font.ttf", face: nil))
        #expect(broken.fallbackProblem() == "/nonexistent/font.ttf: no such font file")
    }
}

import JSONCore
import Testing

@testable import NavProtocol

/// The daemon reads a request's params off the parsed document (``JSONView``); clients and tests build
/// them as ``JSON`` values. Every method must decode both the same way, and fail the same way with the same
/// `data.path`.
@Suite("params read in place decode as params copied into values do")
struct ParamsInPlaceTests {
    /// Params of every shape the methods read: right, wrong type at each depth, null, missing, extra.
    static let bodies = [
        #"{}"#,
        #"{"sessionId":"s1","point":{"x":20,"y":40.5},"trace":true}"#,
        #"{"sessionId":"s1","point":{"x":"20","y":40}}"#,
        #"{"sessionId":"s1","point":{"x":20}}"#,
        #"{"sessionId":"s1","point":[20,40]}"#,
        #"{"sessionId":null,"point":null,"trace":null}"#,
        #"{"sessionId":7}"#,
        #"{"sessionId":"s1","screens":[{"id":"a","title":"A"},{"id":"b","title":"B","backTitle":"Back"}]}"#,
        #"{"sessionId":"s1","screens":[{"id":"a","title":3}]}"#,
        #"{"sessionId":"s1","screen":{"id":"c","title":"C","item":{"rightItems":[{"id":"e","system":"edit"}]}}}"#,
        #"{"sessionId":"s1","screenId":"a","changes":{"title":"New","prompt":null}}"#,
        ##"{"sessionId":"s1","appearance":{"barTint":"#ff0000","tint":{"r":1,"g":0,"b":0}}}"##,
        #"{"sessionId":"s1","count":-1,"ifVersion":1.5}"#,
        #"{"sessionId":"s1","count":18446744073709551616,"ifVersion":-0}"#,
        #"{"sessionId":"s1","topics":["didChange","nope"]}"#,
        #"{"sessionId":"s1","tree":{"class":"UIView","frame":{"x":0,"y":0,"width":10,"height":10}},"point":{"x":1,"y":1}}"#,
        ##"{"color":"#336699","background":"#ffffff","limit":-0}"##,
        #"{"document":{"version":1,"screens":[]},"bar":{"style":"default"},"device":"iPhone 15"}"#,
        #"{"methods":[1,2],"clientInfo":{"name":"x"},"capabilities":null}"#,
    ]

    @Test("every request method, every body", arguments: bodies)
    func sameDecoding(_ text: String) throws {
        let document = try JSONDocument.parse(text)
        let value = try JSON.parse(text)
        for method in Messages.requests { check(method, document.value, value) }
    }

    func check<M: RPCMethod>(_ method: M.Type, _ view: JSONView, _ value: JSON) {
        let inPlace = failure { () throws(RPCError) in _ = try M.Params(from: ParamReader(view)) }
        let copied = failure { () throws(RPCError) in _ = try M.Params(from: ParamReader(value)) }
        #expect(inPlace == copied, "\(M.name)")
    }

    @Test("a wrong field read in place is named by its path")
    func paths() throws {
        let cases: [(String, String)] = [
            (#"{"sessionId":"s1","point":{"x":"20","y":40}}"#, "point.x"),
            (#"{"sessionId":"s1","point":{"x":20}}"#, "point.y"),
            (#"{"sessionId":"s1","point":[20,40]}"#, "point"),
            (#"{"point":{"x":1,"y":2}}"#, "sessionId"),
            (#"{"sessionId":"s1","point":{"x":1,"y":2},"trace":"yes"}"#, "trace"),
        ]
        for (text, path) in cases {
            let view = try JSONDocument.parse(text).value
            let error = failure { () throws(RPCError) in _ = try BarHitTest.Params(from: ParamReader(view)) }
            #expect(error?.code == -32602, "\(text)")
            #expect(error?.data?["path"] == .string(path), "\(text)")
        }
        let good = try BarHitTest.Params(from: ParamReader(try JSONDocument.parse(#"{"sessionId":"s1","point":{"x":20,"y":40.5}}"#).value))
        #expect(good.sessionId == "s1" && good.point.x == 20 && good.point.y == 40.5 && !good.trace)
        // Params that are not an object.
        let array = failure { () throws(RPCError) in _ = try ParamReader(try! JSONDocument.parse("[1]").value) }
        #expect(array?.code == -32602)
    }

    private func failure(_ body: () throws(RPCError) -> Void) -> RPCError? {
        do throws(RPCError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}

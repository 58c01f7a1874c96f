import Testing

@testable import JSONCore

/// A document read in place must say exactly what the same text parsed into Swift values says.
@Suite("JSONDocument: json-c's tree read in place")
struct DocumentTests {
    /// Documents whose numbers json-c holds differently from what the text means (it saturates integers past
    /// 64 bits and reads `-0` as the integer 0), at the top, in objects and in arrays, with their values.
    static let numberTexts: [(String, JSON)] = [
        ("-0", .double(-0.0)), ("18446744073709551616", .double(18446744073709551616)),
        ("9223372036854775808", .double(9223372036854775808)), ("-9223372036854775809", .double(-9223372036854775808)),
        ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)), ("1.5", 1.5), ("1e2", .double(100)),
        ("-0.0", .double(-0.0)), ("0", .int(0)),
        (
            #"{"a":-0,"b":[1,-0,123456789012345678901234567890,{"c":-0}],"d":9223372036854775808,"e":2}"#,
            [
                "a": .double(-0.0), "b": [1, .double(-0.0), .double(123456789012345677877719597056), ["c": .double(-0.0)]],
                "d": .double(9223372036854775808), "e": 2,
            ]
        ),
        // Plain integers (which json-c reads exactly and the check does not list) between the ones it may not.
        (
            #"[1,2.5,3,-0,4,1e2,18446744073709551616,-5,{"a":7,"b":-0.5,"c":[8,-0]},9223372036854775807,-9223372036854775808]"#,
            [
                1, 2.5, 3, .double(-0.0), 4, .double(100), .double(18446744073709551616), -5,
                ["a": 7, "b": -0.5, "c": [8, .double(-0.0)]], .int(.max), .int(.min),
            ]
        ),
        (
            #"[[-0],[18446744073709551615,-1],{"x":-0.0,"y":-0}]"#,
            [[.double(-0.0)], [.double(18446744073709551616), -1], ["x": .double(-0.0), "y": .double(-0.0)]]
        ),
    ]

    @Test("numbers hold the values the text means, wherever they are", arguments: numberTexts)
    func numbers(_ text: String, _ expected: JSON) throws {
        let document = try JSONDocument.parse(text)
        #expect(document.value.json == expected)
        // Bit for bit: -0 must stay negative.
        #expect(document.value.json.serialized() == expected.serialized())
        #expect(try JSON.parseByStrictScan(Array(text.utf8)).serialized() == expected.serialized())
    }

    @Test("the same errors as JSON.parse, at the same offsets")
    func errors() {
        for text in [#"{"a":1,"a":2}"#, "[1,]", "NaN", #"{"k":1e400}"#, #"{"a":[-01]}"#, "[1] x", #"{'a':1}"#, "[[[]]]"] {
            let viaJSON = Result { () throws(JSONParseError) -> JSON in try JSON.parse(text, limits: JSONParseLimits(maxDepth: 2)) }
            let viaDocument = Result { () throws(JSONParseError) -> JSONDocument in
                try JSONDocument.parse(text, limits: JSONParseLimits(maxDepth: 2))
            }
            guard case .failure(let expected) = viaJSON, case .failure(let got) = viaDocument else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(got == expected, "\(text)")
        }
    }

    @Test("members, kinds and scalars read in place")
    func reading() throws {
        let document = try JSONDocument.parse(
            #"{"s":"héllo","n":null,"t":true,"i":-3,"d":2.5,"o":{"x":1},"a":[1,"b",null],"e":""}"#)
        let root = document.value
        #expect(root.kind == .object)
        #expect(root["s"]?.stringValue == "héllo")
        #expect(root["e"]?.stringValue == "")
        // A member whose value is null is there; a missing one is not.
        #expect(root["n"]?.isNull == true)
        #expect(root["missing"] == nil)
        #expect(root["t"]?.boolValue == true)
        #expect(root["i"]?.intValue == -3)
        #expect(root["d"]?.doubleValue == 2.5)
        #expect(root["d"]?.intValue == nil)
        #expect(root["o"]?["x"]?.number == .int(1))
        #expect(root["a"]?.elements?.map(\.json) == [1, "b", nil])
        // Asking a value for another type answers nil and leaves it as it was.
        #expect(root["i"]?.stringValue == nil)
        #expect(root["s"]?.number == nil)
        #expect(root["s"]?.boolValue == nil)
        #expect(root["a"]?["x"] == nil)
        #expect(root["i"]?.json == .int(-3))
        var keys: [String] = []
        #expect(root.forEachMember { key, _ in keys.append(String(decoding: key, as: UTF8.self)) })
        #expect(keys == ["s", "n", "t", "i", "d", "o", "a", "e"])
        #expect(!root["a"]!.forEachMember { _, _ in Issue.record("an array has no members") })
        // A Swift value written and parsed again reads the same.
        let value = root.json.document().value
        #expect(value == root)
        #expect(value["o"]?["x"]?.number == .int(1))
        var valueKeys: [String] = []
        #expect(value.forEachMember { key, _ in valueKeys.append(String(decoding: key, as: UTF8.self)) })
        #expect(valueKeys == keys)
    }

    @Test("a member read as a scalar: the same answer from a document, a Swift value's document, and the value")
    func scalars() throws {
        let document = try JSONDocument.parse(
            #"{"s":"héllo","n":null,"t":false,"i":-3,"d":2.5,"o":{"x":1},"a":[1],"e":"","big":12345678901234}"#)
        let expected: [(String, JSONView.Scalar)] = [
            ("s", .string("héllo")), ("n", .null), ("t", .bool(false)), ("i", .int(-3)), ("d", .double(2.5)),
            ("o", .object), ("a", .array), ("e", .string("")), ("big", .int(12_345_678_901_234)), ("missing", .absent),
        ]
        for view in [document.value, document.value.json.document().value] {
            for (key, scalar) in expected {
                #expect(view.scalar(key) == scalar, "\(key)")
                // A member's own scalar is the one read through its object.
                if let member = view[key] { #expect(member.scalar == scalar, "\(key)") }
            }
            // Not an object: nothing is a member of it.
            #expect(view["a"]?.scalar("x") == .absent)
            #expect(view["s"]?.scalar("x") == .absent)
        }
        // A Swift value's member read as a scalar, as a reader of a value already in Swift reads it.
        let object = try #require(document.value.json.objectValue)
        for (key, scalar) in expected { #expect(object[key].map(JSONView.Scalar.init) ?? .absent == scalar, "\(key)") }
        #expect(JSONView.Scalar.absent.typeName == "absent")
        #expect(JSONView.Scalar.int(1).typeName == JSON.int(1).typeName)
        #expect(JSONView.Scalar.object.typeName == document.value.typeName)
    }

    /// A small object's members are found by comparing keys in order, a larger one's by json-c's hashed
    /// look-up: both find the same members, whether keys are prefixes of each other, empty or not ASCII.
    @Test(
        "a member is found the same way in small and large objects",
        arguments: [1, JSONView.scannedMembers, JSONView.scannedMembers + 1, 40])
    func lookUp(size: Int) throws {
        let keys = ["", "a", "ab", "abc", "é", "b"] + (0..<max(0, size - 6)).map { "k\($0)" }
        let members = keys.prefix(size).enumerated().map { "\(JSON.string($1).serialized()):\($0)" }
        let document = try JSONDocument.parse("{" + members.joined(separator: ",") + "}")
        for (index, key) in keys.prefix(size).enumerated() {
            #expect(document.value[key]?.intValue == Int64(index), "\(key)")
        }
        for absent in ["abcd", "A", "k", "e", "\u{0}", "ab\u{0}"] where !keys.prefix(size).contains(absent) {
            #expect(document.value[absent] == nil, "\(absent)")
        }
    }
    @Test("a view keeps its document, and the document outlives the bytes it was parsed from")
    func lifetime() throws {
        var view: JSONView?
        do {
            let bytes = Array(#"{"point":{"x":12,"y":34}}"#.utf8)
            view = try JSONDocument.parse(bytes).value["point"]
        }
        #expect(view?["x"]?.doubleValue == 12)
        #expect(view?.json == ["x": 12, "y": 34])
    }

    @Test("one document read from many threads at once")
    func concurrentReads() async throws {
        let document = try JSONDocument.parse(#"{"items":[{"id":"a","n":1},{"id":"b","n":2},{"id":"c","n":3}],"name":"x"}"#)
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var sum = 0
                    for _ in 0..<200 {
                        for item in document.value["items"]?.elements ?? [] {
                            sum += Int(item["n"]?.intValue ?? 0)
                            _ = item["id"]?.stringValue
                        }
                        _ = document.value.json
                    }
                    return sum
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 1200, count: 8))
    }
}
